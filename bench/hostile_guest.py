"""A hostile guest over a real data channel (docs/WEB.md, "A hostile guest").

The host's page (South, a person) invites two friends by link: an honest one at East and a
hostile one at North; West is a bot. Each page is its own Chromium context on 127.0.0.1 (the
flag that shows plain addresses stands in for one Wi-Fi, as in tests/browser/test_link_play.py).
Both friends take their seats by the real steps (invitation opened, reply pasted). Then the
hostile page, the real guest page, sends through its data channel the messages of
tests/hostile_messages.py (the protocol's hello and move, mutated: wrong types, huge numbers,
other seats, stale seq, replays, floods, unicode, deep nesting, messages cut in the middle), in
bursts, while the table plays on: the host, the honest friend and the hostile page's own
player each make their seat's legal moves by clicks, the bot its own.

Measured and checked (``run``; the browser test asserts the same):
* sent per kind, and refused per code as the host's referee counted them (its Tally, shown in
  ``trexTest.state().link.referee``), its answers held back by the ration;
* every message the hostile page received: each state is an observation of its own seat at
  some point of the match (replayed in CPython), no refusal names a card it may not know;
* the host's match and its save: the moves before the flood are still the first moves, every
  move since replays through the engine, the save holds the same moves; the honest friend was
  sent states only;
* the host's longest task (PerformanceObserver 'longtask') while the flood lasts.

Run: ``python bench/hostile_guest.py [--site DIR] [--messages 10000] [--burst 250] [--rate 1]
[--quick] [--json]`` (builds the site if no ``--site``; ``--rate 4``: the host's CPU slowed 4×
through CDP once the friends are seated, a phone as in bench/link_play.py; ``--quick``: 1,000
messages).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "tests" / "browser"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError  # noqa: E402
from test_link_play import DECIDING, LINK_ARGS, MOVED, act, host_with_friends, join  # noqa: E402

from tests.hostile_messages import KINDS, messages  # noqa: E402
from trex_core import Match, Rules, __version__, observe  # noqa: E402

# The host's record and save, read in one task; SAVED: once the save holds the record's moves
BOTH = "() => [window.trexTest.record(), localStorage.getItem('trex.match')]"
SAVED = """() => { const record = window.trexTest.record(), saved = localStorage.getItem('trex.match');
  return !!saved && JSON.stringify(JSON.parse(saved).moves) === JSON.stringify(JSON.parse(record).moves)
    && [record, saved]; }"""

HOST, HONEST, HOSTILE = 0, 1, 2
SEATS = {HONEST: "link", HOSTILE: "link"}  # (West: a bot)
LONG_TASKS = """(() => { const rec = window.__trexTasks = [];
  new PerformanceObserver(l => l.getEntries().forEach(e => rec.push(e.duration))).observe({type: 'longtask'});
})();"""
SEND = "ts => ts.map(t => window.trexGuestSend(t)).every(Boolean)"
HEARD = """([seat, n]) => { const r = JSON.parse(window.trexTest.state()).link.referee[seat];
  return r !== undefined && r.heard >= n; }"""
RECEIVED = "() => window.trexGuest().split('\\n').filter(Boolean).length"
CARD = re.compile(r"(?<![0-9A-Z])([2-9TJQKA][SHDC])(?![0-9A-Z])")


def referee(host) -> dict[str, Any]:
    """The host's referee's counts for the hostile seat (its Tally)."""
    return host.state()["link"]["referee"][str(HOSTILE)]


def received(page) -> list[dict[str, Any]]:
    return [json.loads(t) for t in page.evaluate("window.trexGuest()").split("\n") if t]


def step(host, pages: dict[int, Any]) -> int | None:
    """The table's next legal move, if a page's player is to make it (the bot makes its
    own): a summary's Next, or the seat's first offered card or answer. The seat that moved."""
    st = host.state()
    if st["is_over"]:
        return None
    if st["overlay"] == "summary":
        host.click("[data-action=next-deal]")
    elif st["to_move"] in pages and st["deciding"]:
        page = pages[st["to_move"]]
        page.wait_for_function(DECIDING, timeout=60_000)
        if not act(page):
            return None
        host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000)
        return int(st["to_move"])
    host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000)
    return None


def run(host, honest, hostile, count: int, seed: int, burst: int) -> dict[str, Any]:
    """The hostile page sends ``count`` messages in bursts of ``burst`` (each burst heard by
    the host before the next, a legal move of the table between them); what it measured."""
    sent = messages(HOSTILE, count, seed, __version__)  # (the site's trex_core is this one)
    pages = {HOST: host.page, HONEST: honest.page, HOSTILE: hostile.page}
    own = 0  # the hostile page's own player's legal moves, by clicks
    while host.state()["moves"] < 6:  # (into the first deal: its first moves must stay)
        own += step(host, pages) == HOSTILE
    before = json.loads(host.page.evaluate("window.trexTest.record()"))["moves"]
    honest_before = len(received(honest.page))
    heard0 = referee(host)["heard"] - own
    host.page.evaluate(LONG_TASKS)
    t0 = time.monotonic()
    for start in range(0, len(sent), burst):
        batch = [text for _, text in sent[start:start + burst]]
        assert hostile.page.evaluate(SEND, batch), "the hostile page's channel is closed"
        host.page.wait_for_function(HEARD, arg=[str(HOSTILE), heard0 + own + start + len(batch)],
                                    polling=100, timeout=120_000)
        own += step(host, pages) == HOSTILE
    flood_s = time.monotonic() - t0
    tasks = host.page.evaluate("window.__trexTasks")
    # afterwards the host still answers the honest friend's legal move
    for _ in range(200):
        st = host.state()
        if st["to_move"] == HONEST and st["deciding"] and st["overlay"] != "summary":
            break
        own += step(host, pages) == HOSTILE
    else:
        raise AssertionError("the honest friend never came to move")
    honest.page.wait_for_function(DECIDING, timeout=60_000)
    act(honest.page)
    host.page.wait_for_function(MOVED, arg=st["moves"], timeout=60_000)
    honest_answered = True
    tally = referee(host)
    hostile.page.wait_for_function(f"() => ({RECEIVED})() >= {tally['sent']}", timeout=60_000)
    # a move's save is written in an idle task after it is drawn (pipeline.save_soon): give it
    # that moment; a save that never catches up is then reported as not matching
    try:
        pair = host.page.wait_for_function(SAVED, timeout=30_000).json_value()
    except PlaywrightTimeoutError:
        pair = host.page.evaluate(BOTH)
    after, save = json.loads(pair[0])["moves"], json.loads(pair[1] or "{}")
    st = host.state()
    legal, leaks, observed, refusals = _replayed(st, after, received(hostile.page))
    honest_got = Counter(m["type"] for m in received(honest.page)[honest_before:])
    return {
        "messages": len(sent), "burst": burst, "flood_s": round(flood_s, 1),
        "sent": dict(Counter(k for k, _ in sent)), "kinds": list(KINDS),
        "heard": tally["heard"] - heard0, "heard_total": tally["heard"], "own_moves": own,
        "refused": tally["refused"], "played": tally["played"], "greeted": tally["greeted"],
        "answered": tally["answered"], "withheld": tally["withheld"], "sent_to_hostile": tally["sent"],
        "received_by_hostile": len(received(hostile.page)), "hostile_states_checked": observed,
        "hostile_refusals_checked": refusals,
        "leaks": leaks, "moves_before": len(before), "moves_after": len(after),
        "prefix_kept": after[:len(before)] == before, "legal_replay": legal,
        "save_moves_match": save.get("moves") == after,
        "honest_received": dict(honest_got), "honest_answered": honest_answered,
        "host_longest_ms": round(max(tasks, default=0.0)), "host_tasks_over_50ms": len(tasks),
        "outside_requests": host.guard.outside + honest.guard.outside + hostile.guard.outside,
    }


def _replayed(st: dict[str, Any], moves: list[str],
              got: list[dict[str, Any]]) -> tuple[bool, list[str], int, int]:
    """The host's moves replayed in CPython (False if the engine refuses one); every
    observation the hostile seat could have been sent; the hostile page's messages checked
    against them: a state must be one of them, a refusal may name only cards of its own hand
    then (its last state's: every change sends one) or of the move it refuses."""
    m = Match.new(seed=st["seed"], rules=Rules.from_dict(st["rules"]))
    views = {json.dumps(observe(m, HOSTILE).to_dict(), sort_keys=True)}
    try:
        for move in moves:
            m.play(move)
            views.add(json.dumps(observe(m, HOSTILE).to_dict(), sort_keys=True))
    except ValueError:
        return False, [], 0, 0
    leaks: list[str] = []
    hand: set[str] = set()
    checked = refusals = 0
    for message in got:
        if message["type"] == "state":
            checked += 1
            if json.dumps(message["obs"], sort_keys=True) not in views:
                leaks.append(f"state {message['seq']}: not an observation of seat {HOSTILE}")
            hand = set(message["obs"]["hand"])
        elif message["type"] == "refused":
            refusals += 1
            move = str(message.get("move", ""))
            rest = {k: v for k, v in message.items() if k != "move"}
            named = set(CARD.findall(json.dumps(rest))) - set(CARD.findall(move)) - hand
            if named:
                leaks.append(f"refused {message['code']}: {sorted(named)}")
    return True, leaks, checked, refusals


def table(r: dict[str, Any]) -> str:
    rows = [f"{'kind':<10} {'sent':>6}"] + [f"{k:<10} {r['sent'].get(k, 0):>6}" for k in r["kinds"]]
    rows += [f"{'(all)':<10} {r['messages']:>6}", "", f"{'refused':<16} {'count':>6}"]
    rows += [f"{code:<16} {n:>6}" for code, n in sorted(r["refused"].items())]
    rows += [f"{'(all)':<16} {sum(r['refused'].values()):>6}", ""]
    rows += [f"{k}: {r[k]}" for k in ("heard", "own_moves", "played", "greeted", "answered", "withheld",
                                      "sent_to_hostile", "received_by_hostile", "hostile_states_checked",
                                      "hostile_refusals_checked",
                                      "leaks", "moves_before", "moves_after", "prefix_kept", "legal_replay",
                                      "save_moves_match", "honest_received", "honest_answered", "flood_s",
                                      "host_longest_ms", "host_tasks_over_50ms", "outside_requests")]
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="a built site (default: build one)")
    ap.add_argument("--messages", type=int, default=10_000)
    ap.add_argument("--burst", type=int, default=250, help="messages sent at once, between the table's moves")
    ap.add_argument("--seed", type=int, default=1, help="the mutator's (the match's is 41)")
    ap.add_argument("--quick", action="store_true", help="1,000 messages")
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    ap.add_argument("--rate", type=float, default=1.0, help="the host's CPU slowdown (4: a phone, as link_play.py)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    import build
    from conftest import CHROMIUM, NO_TOUR, STORAGE_ON_LOAD, SUB_PATH, Guard, Table
    site = args.site or build.build()
    srv, url = build.serve_in_thread(site, base=SUB_PATH)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LINK_ARGS, headless=True)

        def device(viewport=None, locale: str = "en", relay=None, **options):
            context = browser.new_context(viewport=viewport or {"width": 1280, "height": 800}, locale=locale,
                                          service_workers="block", **options)
            context.add_init_script(NO_TOUR)
            context.add_init_script(STORAGE_ON_LOAD)
            guard = Guard(context)
            page = guard.watch(context.new_page())
            page.set_default_timeout(30_000)
            return Table(context, page, guard, url)

        host = host_with_friends(device, SEATS, seed=41)
        honest = join(device, host, HONEST, "en")
        hostile = join(device, host, HOSTILE, "en")
        host.click("[data-overlay=link] [data-action=close]")
        if args.rate != 1.0:
            host.context.new_cdp_session(host.page).send("Emulation.setCPUThrottlingRate", {"rate": args.rate})
        r = run(host, honest, hostile, 1000 if args.quick else args.messages, args.seed, args.burst)
        r["host_cpu_slowdown"] = args.rate
        print(json.dumps(r, indent=1) if args.json else table(r) + f"\nhost_cpu_slowdown: {args.rate}")
        browser.close()
    srv.shutdown()


if __name__ == "__main__":
    main()
