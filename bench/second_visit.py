#!/usr/bin/env python3
"""A returning visit on a phone, with the service worker: started from the memory snapshot
made in this browser against today's start, interleaved in one run.

    python bench/second_visit.py [--site DIR] [--no-build] [--rounds 5] [--profile 4g] [--out FILE]

One browser context at 360x740 with touch (``is_mobile``, ``has_touch``), Debian's
Chromium, service workers allowed. Its first visit (unthrottled) installs the worker and
waits until the page has made its snapshot (``body[data-snapshot=made]``, web/pystart.mjs);
that visit's own ``body[data-ready-ms]`` is printed (the snapshot is made after it), with
how long the making took and the page's long tasks meanwhile (a PerformanceObserver of
``longtask`` entries between ``trex:snapshot-making`` and ``trex:snapshot-made``). Then
each round makes two returning visits, the order turning each round: the game as it is
(``body[data-start=snapshot]``) and with ``?snapshot=0`` (today's start, the same worker and
caches), each in a new page with the network and CPU slowed as the profile says
(first_visit.py's ``PROFILES``). Medians of:

* **Python-playable**: ``body[data-ready-ms]`` (``performance.now()`` when the table answers);
* **Python**: the ``trex:python`` mark (main.py's first line: Pyodide and PyScript up);
* **snapshot read**: ``trex:snapshot-read`` (read, checked and its zero pages put back: pystart.mjs).

Prints a markdown table and the stored snapshot's size; ``--out FILE`` also writes the
samples as JSON. Outside requests are refused by the browser's host-resolver rule and counted.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from first_visit import PHONE, PROFILES, start_server, throttled  # noqa: E402
from page_load import CHROMIUM_ARGS  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402

GAME = "index.html?speed=normal&tour=0"
KINDS = {"snapshot": GAME, "today": GAME + "&snapshot=0"}
TIMEOUT_MS = 300_000
LONG_TASKS = """new PerformanceObserver(list => {
  (window.__long = window.__long || []).push(...list.getEntries().map(e => [e.startTime, e.duration]));
}).observe({type: "longtask", buffered: true});"""
MAKING = """() => {
  const at = name => performance.getEntriesByName(name)[0].startTime;
  const [from, to] = [at("trex:snapshot-making"), at("trex:snapshot-made")];
  const long = (window.__long || []).filter(([t]) => t >= from && t <= to).map(([, d]) => d);
  return {from, ms: to - from, long: long.length, longest: Math.max(0, ...long)};
}"""
METRICS = ("ready", "read", "pyodide", "python", "imported")
MARKS = """() => {
  const at = name => (performance.getEntriesByName(name)[0] || {}).startTime ?? null;
  return {ready: Number(document.body.dataset.readyMs), python: at("trex:python"),
          read: at("trex:snapshot-read"), pyodide: at("trex:pyodide"),
          imported: at("trex:imported"), start: document.body.dataset.start || null};
}"""


def visit(ctx, url: str, kind: str, profile: dict) -> dict:
    page, _session = throttled(ctx, profile)  # (the session is kept while the page runs)
    try:
        page.goto(url + KINDS[kind], wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_selector("body[data-ready-ms]", state="attached", timeout=TIMEOUT_MS)
        out = {"kind": kind, **page.evaluate(MARKS)}
    finally:
        page.close()
    want = "snapshot" if kind == "snapshot" else "plain"
    if out["start"] != want:
        raise RuntimeError(f"a {kind} visit started {out['start']!r}")
    return out


def median(xs: list) -> float | None:
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, default=build.DEFAULT_OUT)
    ap.add_argument("--no-build", action="store_true", help="measure the site as it is")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--profile", default="4g", choices=tuple(PROFILES))
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    if not args.no_build:
        build.build(args.site, zips="stored")
    srv, url, server = start_server(args.site, "copies")
    outside: list[str] = []
    samples: list[dict] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_ARGS)
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2,
                                  service_workers="allow")
        ctx.on("request", lambda r: outside.append(r.url) if urlsplit(r.url).hostname != "127.0.0.1" else None)
        page = ctx.new_page()
        page.add_init_script(LONG_TASKS)
        page.goto(url + GAME, timeout=TIMEOUT_MS)
        page.wait_for_selector("body[data-ready-ms]", state="attached", timeout=TIMEOUT_MS)
        first = page.evaluate(MARKS)
        page.wait_for_selector("body[data-snapshot=made], body[data-snapshot=failed]", state="attached",
                               timeout=TIMEOUT_MS)
        made = page.evaluate("[document.body.dataset.snapshot, window.trexSnapshot.bytes(), "
                             "window.trexSnapshot.error()]")
        if made[0] != "made":
            raise RuntimeError(f"no snapshot: {made[2]}")
        making = page.evaluate(MAKING)
        page.close()
        for r in range(args.rounds):
            order = list(KINDS) if r % 2 == 0 else list(reversed(KINDS))
            for kind in order:
                samples.append(visit(ctx, url, kind, PROFILES[args.profile]))
                print(json.dumps(samples[-1]), file=sys.stderr)
        browser.close()
    srv.shutdown()
    rows = {k: {m: median([s[m] for s in samples if s["kind"] == k]) for m in METRICS}
            for k in KINDS}
    print(f"server: {server}; profile {args.profile}, {args.rounds} rounds; outside requests: {len(outside)}")
    print(f"first visit (unthrottled): Python-playable {first['ready']:.0f} ms; snapshot stored "
          f"{made[1]:,} bytes, made in {making['ms'] / 1000:.1f} s (from {making['from'] / 1000:.1f} s); "
          f"the page's long tasks meanwhile: {making['long']}, the longest {making['longest']:.0f} ms")
    print("| start | Python-playable | snapshot read | Pyodide up | main.py | imported |")
    print("|---|---:|---:|---:|---:|---:|")
    for k, row in rows.items():
        cells = [f"{row[m]:.0f} ms" if row[m] is not None else "-" for m in METRICS]
        print(f"| {k} | " + " | ".join(cells) + " |")
    ratio = rows["snapshot"]["ready"] / rows["today"]["ready"]
    print(f"snapshot / today (Python-playable): {ratio:.2f}")
    if args.out:
        args.out.write_text(json.dumps({"samples": samples, "medians": rows, "snapshot_bytes": made[1],
                                        "first": first, "making": making}, indent=2) + "\n")


if __name__ == "__main__":
    main()
