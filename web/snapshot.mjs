// The worker that makes the memory snapshot for pystart.mjs (which says when and why): a
// second Pyodide, started with _makeSnapshot, given the page's game files, made to import
// the modules the page has imported but for the page-only ones, then snapshotted and put
// into the page's snapshot cache. It answers {ok, bytes, imported} and is then ended.
import { loadPyodide } from "./pyodide/pyodide.mjs";

// Imports the page's modules, each one alone: one that fails (a page-only import, a file
// the page got elsewhere) is left for the page to import as today. The page-only modules
// are refused here, and hidden from sys.modules meanwhile, so no module keeps a reference
// to this worker's objects (a snapshot keeps only references it can find again by name).
const IMPORT = `
import importlib, json, sys
modules, page_only = json.loads(wanted)

class PageOnly:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in page_only:
            raise ImportError(name + ": the page's own")
        return None

hidden = {n: sys.modules.pop(n) for n in list(sys.modules) if n.partition(".")[0] in page_only}
finder = PageOnly()
sys.meta_path.insert(0, finder)
imported = 0
for name in modules:
    if name in sys.modules or name == "__main__":
        continue
    try:
        importlib.import_module(name)
        imported += 1
    except Exception:
        pass
sys.meta_path.remove(finder)
sys.modules.update(hidden)
# What the snapshot holds is never garbage: frozen, the collector of the page that starts from
# it skips those objects (else its first collections walk every module imported here)
import gc
gc.collect()
gc.freeze()
imported
`;

// [[offset, length], ...] of the parts of `raw` that are not whole zero pages. Over half of
// a snapshot is free heap, all zeros, in a dozen stretches: pystart.mjs puts the parts back
// into zeros, and reads less than half the bytes from Cache Storage.
const PAGE = 4096;
function nonZero(raw) {
  const runs = [];
  for (let at = 0; at < raw.length; at += PAGE) {
    const end = Math.min(at + PAGE, raw.length);
    let i = at;
    while (i < end && raw[i] === 0) i++;
    if (i === end) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === at) last[1] += end - at;
    else runs.push([at, end - at]);
  }
  return runs;
}

self.onmessage = async (event) => {
  const job = event.data;
  try {
    const py = await loadPyodide({ indexURL: job.index, _makeSnapshot: true,
                                   stdout: () => {}, stderr: () => {} });
    for (const [path, bytes] of job.files) {
      py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      py.FS.writeFile(path, bytes);
    }
    const scope = py.toPy({ wanted: JSON.stringify([job.modules, job.pageOnly]) });
    const imported = py.runPython(IMPORT, { globals: scope });
    scope.destroy();
    const raw = py.makeMemorySnapshot();
    // kept without its zero pages, else as it is (reading it back is the quick start's cost:
    // no unzipping), with the SHA-256 of what is kept so that a damaged one is known before
    // Pyodide gets it
    const runs = nonZero(raw);
    const kept = new Uint8Array(runs.reduce((n, [, length]) => n + length, 0));
    let at = 0;
    for (const [offset, length] of runs) {
      kept.set(raw.subarray(offset, offset + length), at);
      at += length;
    }
    const sha = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", kept)),
                           (b) => b.toString(16).padStart(2, "0")).join("");
    const cache = await caches.open(job.cache);
    await cache.put(job.entry, new Response(kept, { headers: {
      "content-type": "application/octet-stream", "x-trex-bytes": String(kept.length), "x-trex-sha256": sha,
      "x-trex-memory": String(raw.length), "x-trex-runs": JSON.stringify(runs) } }));
    self.postMessage({ ok: true, bytes: kept.length, imported });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err) });
  }
};
