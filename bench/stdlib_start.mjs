// Pyodide's start and the page's standard-library imports, Pyodide's own python_stdlib.zip
// (sources) against build.py's slim one (byte code), under Node.
//   node bench/stdlib_start.mjs SLIM.zip [ROUNDS]
// Each round starts a fresh Pyodide on each zip (alternating) and imports the standard-
// library modules the slim zip holds (what the page imports), timing loadPyodide and the
// imports; prints each round and the medians as JSON.
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const [, , slim, rounds = "3"] = process.argv;
const full = join(dirname(createRequire(import.meta.url).resolve("pyodide")), "python_stdlib.zip");
const py0 = await loadPyodide({ stdLibURL: slim });
const names = py0.runPython(`
import zipfile
sorted({n[:-4].removesuffix("/__init__").replace("/", ".") for n in zipfile.ZipFile("/lib/python314.zip").namelist()})
`).toJs();
const out = { full: { load: [], imports: [] }, slim: { load: [], imports: [] } };
for (let r = 0; r < Number(rounds); r++) {
  for (const [kind, url] of [["full", full], ["slim", slim]]) {
    const t0 = performance.now();
    const py = await loadPyodide({ stdLibURL: url });
    const t1 = performance.now();
    py.globals.set("names", py.toPy(names));
    py.runPython(`
import importlib
for n in names:
    try:
        importlib.import_module(n)
    except Exception:
        pass  # a module that needs what Node lacks: the same on both zips
`);
    const t2 = performance.now();
    out[kind].load.push(Math.round(t1 - t0));
    out[kind].imports.push(Math.round(t2 - t1));
    console.log(`round ${r + 1} ${kind}: loadPyodide ${Math.round(t1 - t0)} ms, ${names.length} imports ${Math.round(t2 - t1)} ms`);
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(JSON.stringify({ full: { load: median(out.full.load), imports: median(out.full.imports) },
                             slim: { load: median(out.slim.load), imports: median(out.slim.imports) } }));
