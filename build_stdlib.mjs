// build.py's helper: the slim standard library for the page (docs/WEB.md
// "Bytes before Python").
//   node build_stdlib.mjs OUT.zip FULL.zip module [module ...]
// Loads the pinned Pyodide under Node, and for each named module (a package brings its
// __init__; a dotted name brings its parents) finds its file in FULL.zip (Pyodide's
// python_stdlib.zip, the copy the site would otherwise ship) and writes to OUT.zip its byte
// code, compiled by this very Python, "unchecked-hash" as build_pyc.mjs does: zipimport
// takes a .pyc with no .py beside it as is, so the page compiles none of the standard
// library it imports. Entries are STORED: the zip is served compressed as a whole (.br/.gz
// beside it), which compresses better than deflating each entry, and nothing is inflated
// at import. Compiled as `python -OO` compiles (optimize=2: no docstrings, no asserts), a mode
// CPython tests its standard library under: the docstrings were 15 % of the zip's compressed
// bytes (1.18 MB br -> 1.00 MB). Fixed timestamps: same inputs, same bytes. A name not in FULL.zip (a built-in
// or frozen module, or a typo) is reported on stdout as "absent: NAME", not an error here:
// build.py decides.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";

const [, , outZip, fullZip, ...modules] = process.argv;
// Compiled as `python -X no_debug_ranges` too (build_pyc.mjs says why).
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/full.zip", readFileSync(fullZip));
py.globals.set("modules", py.toPy(modules));
const absent = await py.runPythonAsync(`
import importlib._bootstrap_external as ext, importlib.util, zipfile
full = zipfile.ZipFile("/full.zip")
names = set(full.namelist())
wanted, absent = {}, []
for module in modules:
    parts = module.split(".")
    for i in range(1, len(parts) + 1):
        base = "/".join(parts[:i])
        for path in (base + "/__init__.py", base + ".py"):
            if path in names:
                wanted[path] = True
                break
        else:
            if i == len(parts):
                absent.append(module)
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_STORED) as z:
    for path in sorted(wanted):
        source = full.read(path)
        code = compile(source, path, "exec", dont_inherit=True, optimize=2)
        pyc = ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        info = zipfile.ZipInfo(path + "c", (2020, 1, 1, 0, 0, 0))
        z.writestr(info, bytes(pyc))
"\\n".join(absent)
`);
writeFileSync(outZip, py.FS.readFile("/out.zip"));
if (absent) for (const a of absent.split("\n")) console.log("absent: " + a);
