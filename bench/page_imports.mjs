// What the page's Python imports, under the pinned Pyodide in Node.
//   node bench/page_imports.mjs [STDLIB.zip]
// With STDLIB.zip (build.py's slim python_stdlib.zip) Pyodide starts on that zip instead of
// its own: a module the page's code needs that the zip lacks is an ImportError here, and
// the script exits non-zero (tests/test_slim_stdlib.py). Without it, it reports what the
// full standard library gave (bench/stdlib_trace.py does the same in the browser).
// The work: import every module of web/trexui and of trex_core (but the command line's
// cli, __main__, arena, render and bots.fit_choice, which the page never imports) with small stand-ins for PyScript's
// `pyscript` module and the browser's globals; the bots' import as the page does it
// (trexui.players.bots.preload); a whole match with every bot level seated, the hard one thinking
// a slice at a time as the page drives it; the match's save and game record written and read
// back; the gettext catalogues. Prints the sorted sys.modules, one a line, after "MODULES".
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stdLibURL = process.argv[2];
const py = await loadPyodide(stdLibURL ? { stdLibURL } : {});
function copyTree(dir, base) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = "/home/pyodide/" + relative(base, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__" || name === "locale") continue;
      py.FS.mkdirTree(target);
      copyTree(path, base);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(target, readFileSync(path));
    }
  }
}
py.FS.mkdirTree("/home/pyodide/trex_core");
copyTree(join(root, "trex_core"), root);
py.FS.mkdirTree("/home/pyodide/trexui");
copyTree(join(root, "web", "trexui"), join(root, "web"));
// the page's catalogues, compiled as build.py does (trexui/locale/<lang>.mo)
py.FS.mkdirTree("/home/pyodide/po");
py.FS.mkdirTree("/home/pyodide/trexui/locale");
const linguas = readFileSync(join(root, "web", "locale", "LINGUAS"), "utf8");
py.FS.writeFile("/home/pyodide/trexui/locale/LINGUAS", linguas);
const langs = linguas.split("\n").map((l) => l.split("#")[0].trim()).filter(Boolean).flatMap((l) => l.split(/\s+/));
for (const lang of langs) {
  py.FS.writeFile(`/home/pyodide/po/${lang}.po`, readFileSync(join(root, "web", "locale", lang, "LC_MESSAGES", "trex.po")));
}
py.globals.set("langs", py.toPy(langs));
globalThis.location = new URL("http://127.0.0.1/index.html?lang=en");
globalThis.URLSearchParams = URLSearchParams;
let out;
try {
  out = await py.runPythonAsync(`
import sys, types
sys.path.insert(0, "/home/pyodide")
from trexui.i18n import strings
for lang in langs:
    with open(f"/home/pyodide/po/{lang}.po", encoding="utf-8") as f:
        entries = strings.parse(f.read(), lang)
    with open(f"/home/pyodide/trexui/locale/{lang}.mo", "wb") as f:
        f.write(strings.compile_mo(entries))

class Stand:
    """Stands for a browser object: any attribute, call or item is another stand-in."""
    def __getattr__(self, name): return Stand()
    def __call__(self, *args, **kwargs): return Stand()
    def __getitem__(self, key): return Stand()
    def __iter__(self): return iter(())
    def __bool__(self): return False

stub = types.ModuleType("pyscript")
stub.window = stub.document = Stand()
stub.__getattr__ = lambda name: Stand()
sys.modules["pyscript"] = stub
import importlib, os, random
skip = {"trex_core.tools.cli", "trex_core.__main__", "trex_core.tools.arena", "trex_core.tools.render", "trex_core.bots.fit_choice"}
names = []
for base, package in (("/home/pyodide/trex_core", "trex_core"), ("/home/pyodide/trexui", "trexui")):
    for dirpath, _, files in os.walk(base):
        for f in sorted(files):
            if f.endswith(".py") and "_moved" not in dirpath:
                rel = os.path.relpath(os.path.join(dirpath, f), "/home/pyodide")[:-3].replace("/", ".")
                names.append(rel.removesuffix(".__init__"))
from trexui.players import bots as page_bots
page_bots.preload()
for name in sorted(names):
    if name not in skip:
        importlib.import_module(name)

from trex_core import Match, observe
from trex_core.bots import get_bot
from trexui.aids import records
from trexui.table import store
from trexui.i18n import strings
for lang in langs:
    strings.set_language(lang)
    strings.t("app.title")
    strings.tn("summary.tricks", 2)
strings.set_language("en")
m = Match.new(seed="trace")
rng = random.Random("trace")
fixed = {1: get_bot("random"), 2: get_bot("easy"), 3: get_bot("medium")}
while not m.is_over:
    seat = m.to_move
    if seat == 0:
        thinker = page_bots.Thinker(m, seat, "hard", rng)
        thinker.step(12.0)  # one slice, as the page's bot loop does, then the move
        m.play(thinker.move())
    else:
        m.play(fixed[seat].choose(observe(m, seat), rng))
text = store.dump("trace", m, {})
store.load(text)
assert not isinstance(records.parse(records.export(m)), records.Problem)
"\\n".join(sorted(sys.modules))
`);
} catch (err) {
  console.error(err.message);  // the Python traceback, without Node's dump of the source line
  process.exit(1);
}
console.log("MODULES");
console.log(out);
