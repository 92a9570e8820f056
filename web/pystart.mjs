// The interpreter module pyscript.json names (build.py): Pyodide's loadPyodide, started from
// a memory snapshot made earlier in this browser when there is a good one.
//
// PyScript 0.7.31 imports the module named by "interpreter" and calls its loadPyodide with
// no way to pass Pyodide's _loadSnapshot / _makeSnapshot options; this module adds them.
// docs/WEB.md ("A returning visit: the memory snapshot") says how it works and what it costs.
//
// * A snapshot is made once a visit's table is playable, the player is to act (body[data-waiting])
//   and the page is idle (requestIdleCallback), only on a page a service worker serves (a
//   returning visit starts from that worker, so that is where the snapshot pays) and not in
//   an embedded frame. It is made by a second Pyodide in a worker (snapshot.mjs), started with
//   _makeSnapshot, given this page's own game files (read from its file system) and made to
//   import the modules this page has imported, but for the page-only ones (js, pyscript:
//   those hold references to this page's objects, which a snapshot cannot keep). So the
//   snapshot holds no reference into this page and the table never pauses for it.
// * It is kept gzipped in Cache Storage ("trex-snapshot <scope>", beside the worker's
//   "trex <scope> <BUILD>"), under a key build.py writes below: a hash of Pyodide's core and
//   of every game zip, so another build's snapshot is never used (and is deleted here).
// * The next visit reads it, and loadPyodide starts from it. A snapshot that cannot be read
//   or unzipped (damaged: gzip's CRC), or that Pyodide refuses (its magic number, its build
//   id), is deleted and Pyodide starts as without one. Marks for tests and benchmarks:
//   body[data-start] = "snapshot" | "plain"; body[data-snapshot] says why not, or "made".
// * After a snapshot start the process's random state is the snapshot's: random is reseeded
//   from os.urandom, as a fresh process seeds it. Seeded games use their own Random(seed).
// * ?snapshot=0 (benchmarks: today's start) neither reads nor makes one.
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

const KEY = "__TREX_SNAPSHOT_KEY__";
const SCOPE = new URL("./", import.meta.url);
const CACHE = "trex-snapshot " + SCOPE.pathname;
const ENTRY = new URL("snapshot-" + KEY, SCOPE).href;  // the entry's name; never fetched
const INDEX = new URL("./pyodide/", import.meta.url).href;
const OFF = new URLSearchParams(location.search).get("snapshot") === "0";
// What the snapshot's worker must not import: the page's own objects (see above).
const PAGE_ONLY = ["js", "pyscript", "pyodide_js", "polyscript", "_pyscript"];

const state = { bytes: 0, error: null };
// A Pyodide memory snapshot's first four bytes (makeSnapshot's magic number, little-endian)
const MAGIC = 1886286592;

function mark(name, value) {
  if (document.body) document.body.dataset[name] = value;
}

async function openCache() {
  if (OFF || !globalThis.caches) return null;
  try {
    return await caches.open(CACHE);
  } catch (err) {
    return null;  // storage refused (a private window, a full disk): no snapshot
  }
}

// The stored snapshot's bytes, or why there is none.
async function read() {
  const cache = await openCache();
  if (!cache) return { why: "off" };
  const keys = await cache.keys();
  let other = false;
  for (const req of keys) {
    if (req.url !== ENTRY) {
      other = true;
      await cache.delete(req);  // another build's: it could never be used
    }
  }
  const hit = await cache.match(ENTRY);
  if (!hit) return { why: other ? "other-build" : "none" };
  try {
    const raw = hit.body.pipeThrough(new DecompressionStream("gzip"));
    const bytes = new Uint8Array(await new Response(raw).arrayBuffer());
    if (bytes.length < 64 || new DataView(bytes.buffer).getUint32(0, true) !== MAGIC) {
      await cache.delete(ENTRY);  // not a memory snapshot at all
      return { why: "refused" };
    }
    state.bytes = Number(hit.headers.get("x-trex-bytes")) || 0;
    return { bytes };
  } catch (err) {
    await cache.delete(ENTRY);  // damaged: gzip's check failed
    return { why: "damaged" };
  }
}

async function drop() {
  state.bytes = 0;
  const cache = await openCache();
  if (cache) await cache.delete(ENTRY);
}

// Read at once: index.html loads this module early (a module script), so the snapshot is read
// and unzipped while PyScript's own files come; PyScript's import gets this same module.
const reading = read().then((got) => {
  performance.mark("trex:snapshot-read");  // bench/second_visit.py
  return got;
});

export async function loadPyodide(options) {
  const opts = Object.assign({}, options, { indexURL: INDEX });
  const got = await reading;
  if (got.bytes) {
    try {
      const py = await load(Object.assign({}, opts, { _loadSnapshot: got.bytes }));
      // the snapshot's random state is the worker's: a fresh process seeds from os.urandom
      py.runPython("import random\nrandom.seed()");
      performance.mark("trex:pyodide");
      mark("start", "snapshot");
      return py;
    } catch (err) {
      got.why = "refused";  // Pyodide refused it (magic number, build id, memory): start as without
      await drop();
    }
  }
  const py = await load(opts);
  performance.mark("trex:pyodide");
  mark("start", "plain");
  mark("snapshot", got.why);
  if (got.why !== "off") later(py);
  return py;
}

// -- making one ---------------------------------------------------------------------------

function wanted() {
  if (OFF || !globalThis.Worker || !globalThis.CompressionStream || window.top !== window) return false;
  if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
  const body = document.body.dataset;
  if (body.state !== "ready" || !("waiting" in body) || !window.trexTest) return false;
  return JSON.parse(window.trexTest.perf()).bots_imported;  // the bots' modules in the snapshot too
}

// Looks every 2 s (a look is a few microseconds) until the moment is right, then once more
// for an idle period; a page that never gets there (no worker, always busy) makes none.
function later(py) {
  if (!globalThis.Worker || window.top !== window) return;
  const check = () => {
    if (!wanted()) {
      setTimeout(check, 2000);
      return;
    }
    const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 1000));
    idle(() => make(py), { timeout: 10000 });
  };
  setTimeout(check, 2000);
}

// This page's game files and imported modules, for the worker (read between two tasks).
const LIST = `
import json, os, sys
cwd = os.getcwd()
files = [os.path.join(d, f) for root in ("trex_core", "trexui")
         for d, _, fs in os.walk(os.path.join(cwd, root)) for f in fs]
json.dumps([list(sys.modules), files])
`;

async function make(py) {
  mark("snapshot", "making");
  let modules, paths;
  const scope = py.toPy({});
  try {
    [modules, paths] = JSON.parse(py.runPython(LIST, { globals: scope }));
  } finally {
    scope.destroy();
  }
  const files = paths.map((p) => [p, py.FS.readFile(p)]);
  const worker = new Worker(new URL("./snapshot.mjs", import.meta.url), { type: "module" });
  const done = new Promise((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = () => resolve({ ok: false });
  });
  worker.postMessage({ cache: CACHE, entry: ENTRY, index: INDEX, modules, files, pageOnly: PAGE_ONLY },
                     files.map((f) => f[1].buffer));
  const answer = await done;
  worker.terminate();
  if (answer.ok) state.bytes = answer.bytes;
  else state.error = answer.error || "the worker failed";
  mark("snapshot", answer.ok ? "made" : "failed");
  if (answer.ok) mark("snapshotBytes", String(answer.bytes));
}

// Settings: what is kept and its size, and clearing it (trexui reads these).
window.trexSnapshot = {
  bytes: () => state.bytes,
  clear: () => drop(),
  error: () => state.error,  // why the last making failed (tests)
  cache: CACHE,
  entry: ENTRY,
};
