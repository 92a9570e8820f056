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
  are played (PerformanceObserver 'longtask').

Run: ``python bench/link_play.py [--site DIR] [--deals 2] [--rate 4] [--friends 3]``
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
from test_link_play import DECIDING, LINK_ARGS, MOVED, act, invitation  # noqa: E402

import build  # noqa: E402
from conftest import CHROMIUM, SUB_PATH, _new_table  # noqa: E402

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
LONG_TASKS = """(() => { const rec = window.__trexTasks = [];
  new PerformanceObserver(l => l.getEntries().forEach(e => rec.push(e.duration))).observe({type: 'longtask'});
})();"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="a built site (default: build one)")
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--rate", type=float, default=4.0, help="the host's CPU slowdown")
    ap.add_argument("--friends", type=int, default=3, choices=(0, 1, 2, 3),
                    help="friends at East, North, West in that order; the other seats are bots "
                         "(0: the same page against three bots, to compare)")
    args = ap.parse_args()
    site = args.site or build.build()
    srv, url = build.serve_in_thread(site, base=SUB_PATH)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LINK_ARGS, headless=True)

        class Contexts:
            def new_context(self, **options):
                c = browser.new_context(**options)
                c.add_init_script("window.trexNoTour = true;")
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
        host.click("[data-action=apply-rules]")
        t0 = time.monotonic()
        host.click("[data-action=rules-now]")
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
        deals = 0
        while deals < args.deals:
            st = host.state()
            if st["overlay"] == "summary":
                deals += 1
                if deals < args.deals:
                    host.click("[data-action=next-deal]")
                    host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000)
                continue
            seat = st["to_move"]
            if st["deciding"] and (seat == 0 or seat in friends):
                page = host.page if seat == 0 else friends[seat].page
                page.wait_for_function(DECIDING, timeout=60_000)
                act(page)
            host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000)
        tasks = host.page.evaluate("window.__trexTasks")
        timings = host.state()["link_ms"]
        sent = host.state()["link_bytes"]
        moves = host.state()["moves"]
        print(json.dumps({
            "friends": args.friends, "host_cpu_slowdown": args.rate, "deals": args.deals, "moves": moves,
            "seated_s": round(seated, 2), "joined_s": {s: round(v, 2) for s, v in joined.items()},
            "channel_s": {s: round(v, 2) for s, v in channel.items()},
            "bytes": {"messages": len(sent), "mean": round(statistics.mean(sent)), "largest": max(sent),
                      "per_move": round(sum(sent) / max(1, moves))} if sent else None,
            "host_longest_ms": round(max(tasks, default=0.0)), "host_tasks_over_50ms": len(tasks),
            "host_tasks_median_ms": round(statistics.median(tasks)) if tasks else 0,
            # a friend's move on the host: the referee (play, states, sends), then the table (save, ...)
            "friend_move_ms": {"referee_median": round(statistics.median(r for r, _ in timings), 1),
                               "referee_max": round(max(r for r, _ in timings), 1),
                               "table_median": round(statistics.median(t for _, t in timings), 1),
                               "table_max": round(max(t for _, t in timings), 1)} if timings else None,
            "outside_requests": host.guard.outside + [u for g in friends.values() for u in g.guard.outside],
        }, indent=1))
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
