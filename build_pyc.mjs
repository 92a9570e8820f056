// build.py's helper: byte code for the page's own Python (the pinned Pyodide, under Node).
//   node build_pyc.mjs OUT.zip ROOT module [module ...]
// Each module's source (ROOT/a/b.py or ROOT/a/b/__init__.py) is compiled by Pyodide's
// py_compile into the zip as a/__pycache__/b.cpython-3XX.pyc, "unchecked-hash" (the page
// unpacks it next to the wheel's sources and imports it without checking them: the two
// come from the same build). Fixed zip timestamps: same sources, same bytes. Entries are
// stored: the site serves the zip compressed as a whole (build.py's .br/.gz copies).
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const [, , outZip, root, ...modules] = process.argv;
const py = await loadPyodide();
const sources = [];
for (const name of modules) {
  const base = name.replaceAll(".", "/");
  const path = existsSync(join(root, base + ".py")) ? base + ".py" : base + "/__init__.py";
  py.FS.mkdirTree("/src/" + path.split("/").slice(0, -1).join("/"));
  py.FS.writeFile("/src/" + path, readFileSync(join(root, path)));
  sources.push(path);
}
py.globals.set("sources", py.toPy(sources));
await py.runPythonAsync(`
import importlib.util, py_compile, zipfile
with zipfile.ZipFile("/out.zip", "w") as z:
    for path in sources:
        py_compile.compile("/src/" + path, cfile="/tmp/out.pyc", dfile=path, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        info = zipfile.ZipInfo(importlib.util.cache_from_source(path), (2020, 1, 1, 0, 0, 0))
        with open("/tmp/out.pyc", "rb") as f:
            z.writestr(info, f.read())
`);
writeFileSync(outZip, py.FS.readFile("/out.zip"));
