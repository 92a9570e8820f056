// build.py's helper: byte code for the page's own Python (the pinned Pyodide, under Node).
//   node build_pyc.mjs OUT.zip ROOT [--sourceless] module [module ...]
// Each module's source (ROOT/a/b.py or ROOT/a/b/__init__.py) is compiled by Pyodide's Python
// into the zip, "unchecked-hash":
// - as a/__pycache__/b.cpython-3XX.pyc (the page unpacks it next to the wheel's sources and
//   imports it without checking them: the two come from the same build);
// - with --sourceless, as a/b.pyc, which the page imports with no source beside it (trexui:
//   its sources are not sent to the page, build.py zip_ui).
// Docstrings are left out of the byte code (they are for readers of the source: no module
// of the page reads a __doc__), asserts are kept: the page runs the checks CPython runs.
// Compiled as `python -X no_debug_ranges`: line numbers but no columns.
// Fixed zip timestamps: same sources, same bytes. Entries are stored: the site serves the
// zip compressed as a whole (build.py's .br/.gz copies).
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";

const [, , outZip, root, ...rest] = process.argv;
const sourceless = rest[0] === "--sourceless";
const modules = sourceless ? rest.slice(1) : rest;
// A traceback keeps its files and lines, not the ^^^ under the failing expression: the
// column table was 30 % of the deflated byte code (docs/WEB.md "Byte code and zips").
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
const sources = [];
for (const name of modules) {
  const base = name.replaceAll(".", "/");
  const path = existsSync(join(root, base + ".py")) ? base + ".py" : base + "/__init__.py";
  py.FS.mkdirTree("/src/" + path.split("/").slice(0, -1).join("/"));
  py.FS.writeFile("/src/" + path, readFileSync(join(root, path)));
  sources.push(path);
}
py.globals.set("sources", py.toPy(sources));
py.globals.set("sourceless", sourceless);
await py.runPythonAsync(`
import ast, importlib._bootstrap_external as ext, importlib.util, zipfile

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \\
                    and isinstance(first.value.value, str):
                node.body.pop(0)
                if not node.body:
                    node.body.append(ast.copy_location(ast.Pass(), first))
    return tree

with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_STORED) as z:
    for path in sources:
        with open("/src/" + path, "rb") as f:
            source = f.read()
        code = compile(without_docstrings(ast.parse(source, path)), path, "exec", dont_inherit=True)
        pyc = ext._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        name = path + "c" if sourceless else importlib.util.cache_from_source(path)
        z.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), bytes(pyc))
`);
writeFileSync(outZip, py.FS.readFile("/out.zip"));
