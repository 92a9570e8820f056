// Runs bench/bot_workload.py inside the pinned Pyodide (node_modules/pyodide) under Node:
//   node bench/pyodide_bots.mjs '<spec json>'
// trex_core's sources are copied into Pyodide's file system (no wheel, no network), so the
// code measured is the working tree's. Prints the workload's JSON result on the last line.
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide();
function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = "/home/pyodide/" + relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      py.FS.mkdirTree(target);
      copyTree(path);
    } else if (name.endsWith(".py") || name === "py.typed") {
      py.FS.writeFile(target, readFileSync(path));
    }
  }
}
py.FS.mkdirTree("/home/pyodide/trex_core");
copyTree(join(root, "trex_core"));
py.FS.mkdirTree("/home/pyodide/bench");
py.FS.writeFile("/home/pyodide/bench/bot_workload.py", readFileSync(join(root, "bench", "bot_workload.py")));
py.globals.set("spec_json", process.argv[2] ?? "{}");
const out = await py.runPythonAsync(`
import sys, json
sys.path.insert(0, "/home/pyodide"); sys.path.insert(0, "/home/pyodide/bench")
import bot_workload
json.dumps(bot_workload.run(json.loads(spec_json)))
`);
console.log(out);
