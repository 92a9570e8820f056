#!/usr/bin/env python3
"""Embedded tables benchmark (docs/EMBED.md): what a tutorial page pays for its tables.

    python bench/embed_load.py [--rounds 3] [--no-build] [--tables 6] [--out FILE]

In one run on this machine with Debian's Chromium, interleaved round by round:

1. One embedded table vs the bare PyScript page, cold (a fresh browser context) and warm
   (the same context again, the runtime in the HTTP cache): time from navigation until
   the table is ready, as a ratio to the bare page's. The table is an iframe of
   ``embed.html`` (a replay of the lesson's King of Hearts deal) in a host page of
   another origin; "ready" is the frame's ``ready`` message arriving at the host.
   Target: <= 1.2x the bare page.
2. A page with N tables (default six), both forms: N iframes of ``embed.html``, and one
   page of N ``data-trex`` elements driven by ``tables.js`` (one runtime); time from
   navigation until all N are ready, and the page's JS heap then (CDP
   ``Performance.getMetrics`` JSHeapUsedSize over every frame's target, after a garbage
   collection). Target for the shared form: <= 1.5x a single table, time and heap.

Results are printed and written to bench/results/embed_load.json (git-ignored; --out).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
from page_load import CHROMIUM_ARGS  # noqa: E402  the same browser flags as the page benchmark

import build  # noqa: E402

LESSON = ("mode=replay&hands=AT42.T42.843.872/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963"
          "&king=0&contract=king-of-hearts&answers=-/-/-/KH&moves=2H,6H,3H,5H,5D,2D,KH,4D")
FRAMES = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>frames</title></head><body>
<script>window.ready = 0; addEventListener("message", function (e) {{
  if (e.data && e.data.source === "trex" && e.data.type === "ready") window.ready++; }});</script>
{frames}</body></html>"""
FRAME = '<iframe style="border:0;width:400px;height:400px" title="Trex table" src="{src}"></iframe>\n'
SHARED = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tables</title></head><body>
{divs}<script src="./tables.js" defer></script></body></html>"""
DIV = '<div style="width:400px;height:400px" data-trex="{query}"></div>\n'


def stats(xs: list[float]) -> dict:
    return {"median": round(statistics.median(xs), 1), "min": round(min(xs), 1), "max": round(max(xs), 1),
            "n": len(xs)}


def heap_mb(page) -> float:
    """The JS heap of the page and its frames (same-process frames share one heap)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    cdp.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    cdp.detach()
    return round(metrics["JSHeapUsedSize"] / 2**20, 1)


def timed(page, url: str, done_js: str, timeout_ms: int = 300_000) -> float:
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_function(done_js, timeout=timeout_ms, polling=50)
    return (time.perf_counter() - t0) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--tables", type=int, default=6)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "embed_load.json")
    args = ap.parse_args()
    site = build.DEFAULT_OUT if args.no_build else build.build()
    n = args.tables
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        host_dir = Path(tmp)
        site_srv, site_url = build.serve_in_thread(site, base="/trex/")
        host_srv, host_url = build.serve_in_thread(host_dir)
        src = site_url + "embed.html?" + LESSON
        (host_dir / "one.html").write_text(FRAMES.format(frames=FRAME.format(src=src.replace("&", "&amp;"))))
        (host_dir / "many.html").write_text(FRAMES.format(frames="".join(
            FRAME.format(src=(src + f"&id=t{i}").replace("&", "&amp;")) for i in range(n))))
        shared = site / f"bench-shared-{n}.html"  # same origin as the site: tables.js's form
        shared.write_text(SHARED.format(divs="".join(DIV.format(query=LESSON.replace("&", "&amp;"))
                                                     for _ in range(n))))
        results: dict[str, list[float]] = {}

        def add(key: str, value: float) -> None:
            results.setdefault(key, []).append(value)

        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=build.ensure_chromium(), args=CHROMIUM_ARGS)
                for r in range(args.rounds):
                    for kind in ("bare", "one", "many", "shared"):
                        ctx = browser.new_context(service_workers="block")
                        page = ctx.new_page()
                        for visit in ("cold", "warm"):
                            if kind == "bare":
                                ms = timed(page, site_url + "bare.html",
                                           "() => document.body.dataset.readyMs !== undefined")
                            elif kind == "one":
                                ms = timed(page, host_url + "one.html", "() => window.ready >= 1")
                            elif kind == "many":
                                ms = timed(page, host_url + "many.html", f"() => window.ready >= {n}")
                            else:
                                ms = timed(page, site_url + shared.name,
                                           f"() => document.querySelectorAll('[data-trex][data-state=ready]')"
                                           f".length >= {n}")
                            add(f"{kind}.{visit}.ms", ms)
                            if kind != "bare":
                                add(f"{kind}.{visit}.heap_mb", heap_mb(page))
                        ctx.close()
                        print(f"round {r + 1} {kind}: " + ", ".join(
                            f"{k.split('.', 1)[1]}={v[-1]:.0f}" for k, v in results.items() if k.startswith(kind + ".")),
                            flush=True)
                browser.close()
        finally:
            shared.unlink(missing_ok=True)
            site_srv.shutdown()
            host_srv.shutdown()

    summary = {k: stats(v) for k, v in sorted(results.items())}
    med = {k: v["median"] for k, v in summary.items()}
    for visit in ("cold", "warm"):
        summary[f"ratio.one_vs_bare.{visit}"] = round(med[f"one.{visit}.ms"] / med[f"bare.{visit}.ms"], 2)
        for form in ("many", "shared"):
            summary[f"ratio.{form}_vs_one.{visit}.ms"] = round(med[f"{form}.{visit}.ms"] / med[f"one.{visit}.ms"], 2)
            summary[f"ratio.{form}_vs_one.{visit}.heap"] = round(
                med[f"{form}.{visit}.heap_mb"] / med[f"one.{visit}.heap_mb"], 2)
    print(json.dumps(summary, indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"tables": n, "rounds": args.rounds, "summary": summary, "raw": results},
                                   indent=1) + "\n")


if __name__ == "__main__":
    main()
