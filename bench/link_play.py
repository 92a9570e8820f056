"""Friends over a link, measured (three measures; docs/WEB.md reports them).

One host page and three friends' pages, each its own Chromium context on 127.0.0.1 (the
flag that shows plain addresses instead of mDNS names stands in for one Wi-Fi, as in
tests/browser/test_link_play.py). The host's page is a phone: 360×740, its CPU slowed 4×
through CDP, at the fast pace; the friends' pages are not slowed. The friends seat
themselves by the real steps (invitation link opened, reply pasted and Seat them tapped),
then every page plays its own seat with the first card or answer it is offered, for
``--deals`` deals (the host deals on).

Printed, as JSON:
* ``seated_s``: from the host's new game to the last of the three seated, and each
  friend's time from its invitation opened to seated (most of it is that page starting
  Python; ``channel_s``: from the reply given to the host to the friend's table shown);
* ``bytes``: every message the host sent, mean and largest, and per move (all friends);
* ``host_longest_ms`` and ``host_tasks_over_50ms``: the host's long tasks while the deals
  are played (PerformanceObserver 'longtask', the wall clock), and what they are made of
  (``host_long_tasks_made_of_ms``: the page's timed steps, dom.Stopwatch);
* ``host_renders``: each render's time (its tasks and the next frame's style and layout).

The host is polled through ``trexTest.brief()`` every 50 ms (``state()`` builds the view's
state: polled every frame it was a long task of its own). ``--trace T.json`` writes the
host's Chromium trace of the deals: ``python bench/trace_tasks.py T.json --cpu`` measures the
tasks and renders by the main thread's CPU time, which the shared machine's load leaves alone.

Run: ``python bench/link_play.py [--site DIR] [--deals 2] [--rate 4] [--friends 3] [--trace T.json]``
(builds the site if no ``--site``); ``--friends 0`` is the same page against three bots.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from test_link_play import DECIDING, LINK_ARGS, act, invitation  # noqa: E402

import build  # noqa: E402
from conftest import CHROMIUM, SUB_PATH, _new_table  # noqa: E402

# The host's state, read while it plays: trexTest.brief() (a few fields), polled every 50 ms:
# polling trexTest.state() every frame, as the tests do, made long tasks of its own on the host.
BRIEF = "JSON.parse(window.trexTest.brief())"
MOVED = f"n => {BRIEF}.moves !== n || document.body.dataset.waiting === 'summary'"
POLL = 50  # ms
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
LONG_TASKS = """(() => { const rec = window.__trexTasks = [];
  new PerformanceObserver(l => l.getEntries().forEach(e => rec.push([e.startTime, e.duration])))
    .observe({type: 'longtask'});
})();"""


def made_of(tasks: list[list[float]], steps: list[list]) -> dict[str, int]:
    """What the long tasks are made of, summed over all of them (ms): the page's timed steps
    (dom.Stopwatch; a step inside another counts in the outer one only) that fall in each,
    and the rest of their time ("(browser)": style, layout and the DOM work outside a step,
    the event's dispatch, garbage collection)."""
    total: dict[str, float] = {}
    for start, duration in tasks:
        inside = [(t0, name, ms) for t0, name, ms in steps if start - 1 <= t0 and t0 + ms <= start + duration + 1]
        outer = [(t0, name, ms) for t0, name, ms in inside
                 if not any(o0 <= t0 and t0 + ms <= o0 + oms and (o0, oname, oms) != (t0, name, ms)
                            for o0, oname, oms in inside)]
        for _, name, ms in outer:
            total[name] = total.get(name, 0.0) + ms
        total["(browser)"] = total.get("(browser)", 0.0) + duration - sum(ms for _, _, ms in outer)
    return {k: round(v) for k, v in sorted(total.items(), key=lambda kv: -kv[1])}


def percentile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (nearest rank below), as page_load.stats takes its p95."""
    xs = sorted(xs) or [0.0]
    return xs[int(q * (len(xs) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="a built site (default: build one)")
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--rate", type=float, default=4.0, help="the host's CPU slowdown")
    ap.add_argument("--friends", type=int, default=3, choices=(0, 1, 2, 3),
                    help="friends at East, North, West in that order; the other seats are bots "
                         "(0: the same page against three bots, to compare)")
    ap.add_argument("--trace", type=Path, help="write the host's Chromium trace of the deals here (a JSON "
                    "for chrome://tracing or DevTools; bench/trace_tasks.py sums its long tasks)")
    args = ap.parse_args()
    site = args.site or build.build()
    srv, url = build.serve_in_thread(site, base=SUB_PATH)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LINK_ARGS, headless=True)

        class Contexts:
            def new_context(self, **options):
                c = browser.new_context(**options)
                c.add_init_script("window.trexNoTour = true; window.trexTiming = true;")
                return c

        host = _new_table(Contexts(), url, PHONE, has_touch=True, is_mobile=True)
        cdp = host.context.new_cdp_session(host.page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.rate})
        host.goto("?speed=fast&lang=en")
        host.wait_idle(timeout=120_000)
        host.click("[data-action=settings]")
        links = (1, 2, 3)[:args.friends]
        for seat in links:
            host.page.select_option(f".settings [name=seat{seat}]", "link")
        t0 = time.monotonic()
        host.click("[data-action=apply-rules]")  # (no question: the host has not played yet)
        friends, joined, channel = {}, {}, {}
        for seat in links:
            link = invitation(host, seat)
            g = _new_table(Contexts(), url, DESKTOP)
            t1 = time.monotonic()
            g.page.goto(link)
            g.wait_ready()
            reply = g.page.locator("[data-overlay=join] textarea[data-code=reply]")
            reply.wait_for(timeout=60_000)
            host.page.locator("textarea.link-reply").fill(reply.input_value())
            t2 = time.monotonic()
            host.click("[data-action=link-accept]")
            g.page.wait_for_selector("[data-overlay=join]", state="detached", timeout=60_000)
            joined[seat], channel[seat] = time.monotonic() - t1, time.monotonic() - t2
            friends[seat] = g
        seated = time.monotonic() - t0
        if links:
            host.click("[data-overlay=link] [data-action=close]")
        host.page.evaluate(LONG_TASKS)
        if args.trace:
            browser.start_tracing(page=host.page, path=str(args.trace),
                                  categories=["devtools.timeline", "disabled-by-default-devtools.timeline",
                                              "blink.user_timing", "v8", "v8.execute"])
            host.page.evaluate("performance.mark('trex:host')")  # which page of the trace is the host's
        renders_before = len(json.loads(host.page.evaluate("window.trexTest.perf()"))["render_ms"])
        deals = 0
        while deals < args.deals:
            st = host.page.evaluate(BRIEF)
            if st["overlay"] == "summary":
                deals += 1
                if deals < args.deals:
                    host.click("[data-action=next-deal]")
                    host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000, polling=POLL)
                continue
            seat = st["to_move"]
            if st["deciding"] and (seat == 0 or seat in friends):
                page = host.page if seat == 0 else friends[seat].page
                page.wait_for_function(DECIDING, timeout=60_000, polling=POLL)
                act(page)
            host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000, polling=POLL)
        if args.trace:
            browser.stop_tracing()
        tasks = host.page.evaluate("window.__trexTasks")
        perf = json.loads(host.page.evaluate("window.trexTest.perf()"))
        renders = perf["render_ms"][renders_before:]
        durations = [d for _, d in tasks]
        timings = host.state()["link_ms"]
        sent = host.state()["link_bytes"]
        moves = host.state()["moves"]
        print(json.dumps({
            "friends": args.friends, "host_cpu_slowdown": args.rate, "deals": args.deals, "moves": moves,
            "seated_s": round(seated, 2), "joined_s": {s: round(v, 2) for s, v in joined.items()},
            "channel_s": {s: round(v, 2) for s, v in channel.items()},
            "bytes": {"messages": len(sent), "mean": round(statistics.mean(sent)), "largest": max(sent),
                      "per_move": round(sum(sent) / max(1, moves))} if sent else None,
            "host_longest_ms": round(max(durations, default=0.0)), "host_tasks_over_50ms": len(tasks),
            "host_tasks_over_100ms": sum(1 for d in durations if d > 100),
            "host_tasks_median_ms": round(statistics.median(durations)) if tasks else 0,
            # a render: its tasks' Python and morph, and the style and layout of the frame after
            "host_renders": {"n": len(renders), "median_ms": round(statistics.median(renders), 1) if renders else 0,
                             "p95_ms": round(percentile(renders, 0.95), 1), "max_ms": round(max(renders, default=0), 1)},
            "host_long_tasks_made_of_ms": made_of(tasks, perf["steps"]),
            "host_slowest_renders": slowest(host.page.evaluate(MEASURES), perf["steps"]),
            # a friend's move on the host: the referee (play, states, sends), then the table (save, ...)
            "friend_move_ms": {"referee_median": round(statistics.median(r for r, _ in timings), 1),
                               "referee_max": round(max(r for r, _ in timings), 1),
                               "table_median": round(statistics.median(t for _, t in timings), 1),
                               "table_max": round(max(t for _, t in timings), 1)} if timings else None,
            "outside_requests": host.guard.outside + [u for g in friends.values() for u in g.guard.outside],
        }, indent=1))
        browser.close()
    srv.shutdown()


# each stretch of a render's work (render.py's ``trex:render <n>`` measures): name, start, ms
MEASURES = """performance.getEntriesByType('measure').filter(m => m.name.startsWith('trex:render '))
  .map(m => [m.name, m.startTime, m.duration])"""


def slowest(measures: list, steps: list, top: int = 5) -> list[dict]:
    """The slowest renders (their stretches summed) and the page's timed steps inside them."""
    spans: dict[str, list[tuple[float, float]]] = {}
    for name, start, ms in measures:
        spans.setdefault(name, []).append((start, start + ms))
    out = []
    for name, parts in sorted(spans.items(), key=lambda kv: -sum(b - a for a, b in kv[1]))[:top]:
        made: dict[str, float] = {}
        for t0, step, ms in steps:
            if any(a <= t0 < b for a, b in parts):
                made[step] = made.get(step, 0.0) + ms
        out.append({"render": name, "ms": round(sum(b - a for a, b in parts), 1), "stretches": len(parts),
                    "steps_ms": {k: round(v, 1) for k, v in sorted(made.items(), key=lambda kv: -kv[1])}})
    return out


if __name__ == "__main__":
    main()
