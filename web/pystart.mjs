// The interpreter module pyscript.json names (build.py): Pyodide's loadPyodide, started from
// a memory snapshot made earlier in this browser when there is a good one.
//
// PyScript 0.7.31 imports the module named by "interpreter" and calls its loadPyodide with
// no way to pass Pyodide's _loadSnapshot / _makeSnapshot options; this module adds them.
// docs/WEB.md ("The start": the memory snapshot) says how it works and what it costs.
//
// * A snapshot is made once a visit's table is playable, the player is to act (body[data-waiting])
//   and the page is idle (requestIdleCallback), only on a page a service worker serves (a
//   returning visit starts from that worker, so that is where the snapshot pays) and not in
//   an embedded frame. It is made by a second Pyodide in a worker (snapshot.mjs), started with
//   _makeSnapshot, given this page's own game files (read from its file system) and made to
//   import the modules this page has imported, but for the page-only ones (js, pyscript:
//   those hold references to this page's objects, which a snapshot cannot keep). So the
//   snapshot holds no reference into this page and the table never pauses for it.
// * It is kept without its zero pages (over half of its 31 MB: snapshot.mjs), with the
//   SHA-256 of what is kept, in Cache Storage ("trex-snapshot <scope>", beside the worker's
//   "trex <scope> <BUILD>"), under a key build.py writes below: a hash of Pyodide's core and
//   of every game zip, so another build's snapshot is never used (and is deleted here). Not
//   gzipped: unzipping 31 MB cost a phone's main thread more than the start it saved
//   (docs/WEB.md); putting a dozen stretches back into zeros costs a few copies.
// * The next visit reads it, and loadPyodide starts from it. A snapshot whose bytes are not
//   those stored (its length, its SHA-256, its stretches' places: damaged), that is not a
//   snapshot (its magic number) or that Pyodide refuses (its build id, its memory) is
//   deleted and Pyodide starts as without one. Marks for tests and benchmarks:
//   body[data-start] = "snapshot" | "plain"; body[data-snapshot] says why not ("none",
//   "other-build", "damaged", "refused", "off"), or "making", "made", "failed".
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
    // (only the worker that stores a snapshot creates the cache: a visit that has none adds none)
    if (!(await caches.has(CACHE))) return null;
    return await caches.open(CACHE);
  } catch (err) {
    return null;  // storage refused (a private window, a full disk): no snapshot
  }
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

class Unusable extends Error {}

// The stored snapshot: {bytes: a promise of its checked bytes} or {why} there is none. The
// entry is looked up at once, in one request (the cache is opened, and other builds' entries
// deleted, only when it is not there); its bytes are read and checked (length, SHA-256, the
// magic number) while Pyodide's own files are fetched: loadPyodide takes the promise.
async function find() {
  if (OFF || !globalThis.caches) return { why: "off" };
  let hit;
  try {
    hit = await caches.match(ENTRY, { cacheName: CACHE });  // (opens no cache that is not there)
  } catch (err) {
    return { why: "none" };  // storage refused (a private window, a full disk)
  }
  if (!hit) return { why: await others() ? "other-build" : "none" };
  state.bytes = Number(hit.headers.get("x-trex-bytes")) || 0;
  const runs = hit.headers.get("x-trex-runs");
  const memory = Number(hit.headers.get("x-trex-memory"));
  const bytes = hit.arrayBuffer().then(async (buffer) => {
    if (buffer.byteLength !== state.bytes || hex(await crypto.subtle.digest("SHA-256", buffer)) !==
        hit.headers.get("x-trex-sha256")) {
      throw new Unusable("damaged");  // not the bytes that were stored
    }
    // (an entry of the raw form, as a test writes, is the memory itself)
    const raw = runs === null ? new Uint8Array(buffer) : unpack(buffer, runs, memory);
    if (raw.length < 64 || new DataView(raw.buffer).getUint32(0, true) !== MAGIC) {
      throw new Unusable("refused");  // not a memory snapshot at all
    }
    performance.mark("trex:snapshot-read");  // bench/second_visit.py
    return raw;
  });
  bytes.catch(() => {});  // (a refusal is handled where loadPyodide fails)
  return { bytes };
}

// Deletes the cache's entries of other builds (they could never be used): were there any?
async function others() {
  const cache = await openCache();
  if (!cache) return false;
  const keys = (await cache.keys()).filter((req) => req.url !== ENTRY);
  await Promise.all(keys.map((req) => cache.delete(req)));
  return keys.length > 0;
}

// The snapshot's memory from what is kept: its parts that are not zero pages (snapshot.mjs),
// each put back at its offset into `memory` zero bytes.
function unpack(buffer, runs, memory) {
  let list;
  try {
    list = JSON.parse(runs);
  } catch (err) {
    throw new Unusable("damaged");
  }
  if (!Array.isArray(list) || !(memory >= 64 && memory <= 2 ** 32)) throw new Unusable("damaged");
  const raw = new Uint8Array(memory);
  let at = 0;
  for (const [offset, length] of list) {
    if (!(offset >= 0 && length > 0 && offset + length <= memory && at + length <= buffer.byteLength)) {
      throw new Unusable("damaged");
    }
    raw.set(new Uint8Array(buffer, at, length), offset);
    at += length;
  }
  if (at !== buffer.byteLength) throw new Unusable("damaged");
  return raw;
}

async function drop() {
  state.bytes = 0;
  const cache = await openCache();
  if (cache) await cache.delete(ENTRY);
}

// Found at once: index.html loads this module early (a module script). With a snapshot,
// Pyodide starts from it at once too, its files fetched while the snapshot is read and
// checked (Pyodide compiles its wasm once it has the snapshot), while PyScript's own files
// come (PyScript calls loadPyodide only once it has them); the output streams PyScript
// passes are set when it calls.
const finding = find();
const starting = finding.then((got) => {
  if (!got.bytes) return { got };
  const early = load({ indexURL: INDEX, _loadSnapshot: got.bytes });
  early.catch(() => {});  // (a refusal is handled where loadPyodide awaits it)
  return { got, early };
});
const STREAMS_ONLY = ["stdout", "stderr", "indexURL"];  // what PyScript passes for this site

export async function loadPyodide(options) {
  const opts = Object.assign({}, options, { indexURL: INDEX });
  const { got, early } = await starting;
  if (got.bytes) {
    try {
      const alike = Object.keys(options).every((k) => STREAMS_ONLY.includes(k));
      const py = await (alike ? early : load(Object.assign({}, opts, { _loadSnapshot: got.bytes })));
      if (alike && options.stdout) py.setStdout({ batched: options.stdout });
      if (alike && options.stderr) py.setStderr({ batched: options.stderr });
      // the snapshot's random state is the worker's: a fresh process seeds from os.urandom
      py.runPython("import random\nrandom.seed()");
      performance.mark("trex:pyodide");
      mark("start", "snapshot");
      return py;
    } catch (err) {
      // damaged, not a snapshot, or refused by Pyodide (its magic number, its build id):
      // thrown away, and Pyodide starts as without one
      got.why = err instanceof Unusable ? err.message : "refused";
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
  if (OFF || !globalThis.Worker || window.top !== window) return false;
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
  performance.mark("trex:snapshot-making");  // bench/second_visit.py: the page's tasks meanwhile
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
  performance.mark("trex:snapshot-made");
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
