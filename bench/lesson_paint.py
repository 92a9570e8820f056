#!/usr/bin/env python3
"""Time to the lesson's diagrams (docs/EMBED.md "Tables that paint at once").

    python bench/lesson_paint.py [--rounds 3] [--site DIR] [--viewport 360x740]

tutorial.html as built (its tables painted in the page) against the same lesson with
empty ``data-trex`` elements (the source page, its tables drawn by Python once it starts),
interleaved round by round, each load in a fresh browser context (cold: nothing cached,
no service worker). For each: when the page first painted (``first-contentful-paint``),
when the first table's diagram (its ``.felt``) was on the page, when all three were, and
when their runtime had taken over (``html[data-trex-tables=ready]``), in ms from navigation.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
from page_load import CHROMIUM_ARGS  # noqa: E402  the same browser flags as the page benchmark

import build  # noqa: E402

# Run in every page before its scripts: when each table's diagram appears (a MutationObserver,
# and a look at the parsed page itself), as performance.now() values.
WATCH = """(() => {
  window.diagrams = [];
  const look = () => {
    const n = document.querySelectorAll('[data-trex] .felt').length;
    while (window.diagrams.length < n) window.diagrams.push(performance.now());
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true});
  document.addEventListener('DOMContentLoaded', look);
})();"""


def one(browser, url: str, viewport: dict[str, int]) -> dict[str, float]:
    context = browser.new_context(viewport=viewport, service_workers="block")
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-trex-tables=ready]", timeout=120_000, state="attached")
    out = page.evaluate("""() => ({
      fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
      first: window.diagrams[0], all: window.diagrams[2], ready: performance.now()})""")
    context.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--site", type=Path, default=None, help="a built site (default: build one)")
    ap.add_argument("--viewport", default="1280x800")
    args = ap.parse_args()
    site = args.site or build.build()
    w, h = (int(x) for x in args.viewport.split("x"))
    # the lesson as it was: empty elements, style.css added by tables.js (the source page's
    # link line taken out, so the two differ only in the painting)
    source = (ROOT / "web" / "tutorial.html").read_text(encoding="utf-8")
    empty = "\n".join(line for line in source.splitlines() if 'href="./style.css"' not in line)
    (site / "tutorial-empty.html").write_text(build.add_csp(empty), encoding="utf-8")
    srv, url = build.serve_in_thread(site)
    from playwright.sync_api import sync_playwright
    runs: dict[str, list[dict[str, float]]] = {"painted": [], "empty": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=build.ensure_chromium(), args=CHROMIUM_ARGS)
            for _ in range(args.rounds):
                runs["painted"].append(one(browser, url + "tutorial.html", {"width": w, "height": h}))
                runs["empty"].append(one(browser, url + "tutorial-empty.html", {"width": w, "height": h}))
            browser.close()
    finally:
        srv.shutdown()
        (site / "tutorial-empty.html").unlink()
    summary = {kind: {k: round(statistics.median(r[k] for r in rs)) for k in ("fcp", "first", "all", "ready")}
               for kind, rs in runs.items()}
    print(json.dumps({"viewport": args.viewport, "rounds": args.rounds, "median_ms": summary,
                      "ready_ms": {kind: [round(r["ready"]) for r in rs] for kind, rs in runs.items()}}, indent=2))


if __name__ == "__main__":
    main()
