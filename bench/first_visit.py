#!/usr/bin/env python3
"""A first visit on a phone over a mobile network.

    python bench/first_visit.py [--profiles 4g,slow4g,none] [--rounds 2] [--tap]
                                [--site DIR] [--no-build] [--zips stored|deflated]
                                [--server copies|by-type] [--out FILE]

Every visit is a first visit: a new browser context (empty HTTP cache and storage) at
360x740 with touch (``is_mobile``, ``has_touch``), Debian's Chromium, the network and CPU
slowed through DevTools (``Network.emulateNetworkConditions``,
``Emulation.setCPUThrottlingRate``) as the profile says:

=========  ==============  ============  ========  ===
profile    down            up            latency   CPU
=========  ==============  ============  ========  ===
``4g``     9 Mbit/s        1.5 Mbit/s    60 ms     4x
``slow4g`` 1.6 Mbit/s      0.75 Mbit/s   150 ms    4x
``none``   unthrottled     unthrottled   0         1x
=========  ==============  ============  ========  ===

Each round visits, interleaved (the order turns each round), the bare runtime page
(``bare.html``: PyScript + Pyodide printing a line), the game (``index.html``) with the
service worker blocked (the page's own cost) and, as its own kind of visit, the game with
the worker allowed (``game+sw``). Medians over the rounds of:

* **bytes**: what the server wrote to its sockets (headers and bodies as sent, compressed
  or not) from the navigation to Python-playable, and, for the game, until the bots' byte
  code is in too (everything the page loads); for ``game+sw`` until the worker is installed
  (``navigator.serviceWorker.ready`` and the page's ``html[data-sw=offline-ready]``);
* **first paint**: ``first-contentful-paint``;
* **first tappable move**: the first moment a visible, enabled ``[data-action=move]``
  element is painted (an init script checks at every animation frame, just before the
  frame's layout, and takes the moment that frame's paint is done; the bench waits for it
  through DevTools, so that nothing of the bench's runs on the page's main thread before
  it: see ``WATCH_MOVES``);
* **Python-playable**: the game's ``body[data-state=ready]``, the bare page's
  ``body[data-ready-ms]`` (its only marker), both as ``performance.now()`` of that moment;
* with ``--tap``: whether a move tapped as soon as it is tappable is kept: the first
  ``[data-action=move]`` is tapped then, and once Python is up the match's moves
  (``trexTest.record()``) must hold it; "n/a" when the first tappable move only appeared
  with Python.
* with ``--deal``: the player's whole first deal, tapped as soon as the table offers a
  move, or ``--think MS`` after it (a person who reads the table first). A card is raised
  by a touch tap, then played by a second; a contract or a doubling answer is one tap. For
  each playing tap it measures the wait until the table **answers** (the
  first frame painted that shows another seat's card that was not on the felt at the tap,
  or the player's next decision: early.js's next table, ``trexEarly.steps``, or Python's
  ``body[data-waiting]`` after a new render) and until the **next decision**. Reported: the
  longest answer of the deal (what a player waits for at worst), the longest next
  decision (which includes the page's pace: Python shows bot cards 0.9 s apart) and the
  taps. The kind ``game+sw2`` is a second visit: the worker is installed by a first visit
  (no taps), then the page is opened again and the same first deal is played on. The taps
  are a finger's (``touchscreen.tap`` where the control is), timed from the event; but the
  bench finds the control through the page, so while the runtime's start holds the main
  thread it taps only once that is over (a player's tap then would wait longer than said).

The server: ``build.py``'s (``make_server``), compressing as ``--server`` says: ``copies``
(the default) serves the site's .br/.gz copies as ``build.py serve`` does; ``by-type`` is a
host that compresses by type as GitHub Pages does (text, JavaScript, JSON, SVG and wasm
gzipped as they are sent; the zips, the wheel and the PNGs raw; the copies never served).
``--zips`` is the form of the zips of the site it builds (``build.py --zips``). What it used
is printed. No request is routed
through Playwright (routing turns the HTTP cache off); outside requests are refused by the
browser's host-resolver rule and counted.

Prints a markdown table; ``--out FILE`` also writes the samples and medians as JSON.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import threading
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from page_load import CHROMIUM_ARGS  # noqa: E402  the same browser flags as the page benchmark

import build  # noqa: E402

MBIT = 1_000_000 / 8  # bytes per second
PROFILES = {
    "4g": {"down": 9 * MBIT, "up": 1.5 * MBIT, "latency": 60, "cpu": 4},
    "slow4g": {"down": 1.6 * MBIT, "up": 0.75 * MBIT, "latency": 150, "cpu": 4},
    "none": {"down": -1, "up": -1, "latency": 0, "cpu": 1},
}
PHONE = {"width": 360, "height": 740}
# a first visit as a player makes it (one of the openings, at random: web/early.js) but for
# tour=0: no first-visit tour over the table, so a move is what can be tapped first
GAME = "index.html?speed=normal&tour=0"
KINDS = {"bare": "bare.html", "bare-stock": "bare.html", "game": GAME, "game+sw": GAME, "game+sw2": GAME}
DEAL_TAPS = 40  # a bound on the player's taps in one deal (13 cards, a contract, doubling answers)
TIMEOUT_MS = 300_000  # slow4g with a 4x CPU: minutes

# Runs in every page before its scripts: when the first visible, enabled move is painted. It
# looks at each animation frame only, just before the frame's own style and layout, so that
# looking forces no layout the page would not do anyway, and takes the moment the frame's
# paint is done (a layout forced before the
# stylesheets have come is a layout done twice, on a phone's CPU 70-120 ms); ``seen`` is a
# promise the bench awaits through DevTools (Runtime.evaluate), not by Playwright's polling,
# whose injected script costs the page about 80 ms of its main thread at 4x CPU.
WATCH_MOVES = """(() => {
  performance.setResourceTimingBufferSize(2000);  // every file of a visit (ARRIVED)
  // a move's control: a card, a contract, an answer; with two queens or more to double the
  // one answer button is "double-selected" (it says "No double" until a box is ticked)
  const MOVES = "[data-action=move], [data-action=double-selected][data-move]";
  let found;
  const fv = window.__trexFirstVisit = {firstMove: null, move: null,
                                        seen: new Promise(resolve => { found = resolve; })};
  function tappable(el) {
    if (el.disabled || el.getAttribute("aria-disabled") === "true") return false;
    if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 &&
           r.top < innerHeight && r.left < innerWidth;
  }
  function look() {
    for (const el of document.querySelectorAll(MOVES)) {
      if (tappable(el)) {
        // the move's frame: its moment is when the frame is painted (a task posted now runs
        // after the frame's layout and paint), when the page can also take a tap on it
        fv.frame = performance.now();
        fv.move = el.getAttribute("data-move");
        el.setAttribute("data-first-tappable", "");
        const after = new MessageChannel();
        after.port1.onmessage = () => { fv.firstMove = performance.now(); found(fv.move); };
        after.port2.postMessage(null);
        return true;
      }
    }
    return false;
  }
  function frame() { if (!look()) requestAnimationFrame(frame); }
  requestAnimationFrame(frame);
})();"""
# The player's next move on the table (--deal): a card to play, else a prompt's answer, else
# a pass (§6.2). Returns [its move, whether it is a card of the hand] or null.
NEXT_MOVE = """(() => {
  const early = window.trexEarly && window.trexEarly.state === "shown";
  const body = document.body.dataset;
  if (early && body.early) return null;  // a branch on its way, or a tap kept for Python
  if (!early && !(body.state === "ready" && body.waiting && body.waiting !== "summary")) return null;
  const pick = document.querySelector(".hand .card.playable:not([disabled])") ||
    document.querySelector("[data-part=centre] [data-action=move]:not([disabled]), " +
                           "[data-part=centre] [data-action=double-selected]:not([disabled])") ||
    document.querySelector("[data-action=move][data-move=pass]:not([disabled])");
  return pick && [pick.getAttribute("data-move"), pick.classList.contains("in-hand")];
})()"""
# Set before the playing tap: what is on the felt then, and the marks to compare with.
BEFORE_TAP = """(() => {
  const fv = window.__trexFirstVisit;
  fv.felt = Array.from(document.querySelectorAll('[data-part=centre] [data-from]:not([data-from="0"])'),
                       e => e.dataset.flip);
  fv.steps = window.trexEarly ? window.trexEarly.steps || 0 : 0;
  fv.seq = Number(document.body.dataset.seq || 0);
  fv.tapAt = null;
  addEventListener("click", e => { fv.tapAt = e.timeStamp; }, {capture: true, once: true});
})()"""
# After the playing tap: [ms to the answer, ms to the next decision, whether Python was up at
# the tap], each from the tap's event time to the moment the frame showing it is painted.
AFTER_TAP = """new Promise(resolve => {
  const fv = window.__trexFirstVisit, at = fv.tapAt, python = document.body.dataset.state === "ready";
  let answer = null;
  function decided() {
    const body = document.body.dataset, early = window.trexEarly;
    if (early && early.state === "shown") return !body.early && (early.steps || 0) > fv.steps;
    return body.state === "ready" && !!body.waiting && Number(body.seq || 0) > fv.seq;
  }
  function moved() {
    return Array.from(document.querySelectorAll('[data-part=centre] [data-from]:not([data-from="0"])'))
      .some(e => !fv.felt.includes(e.dataset.flip));
  }
  function painted(then) {
    const after = new MessageChannel();
    after.port1.onmessage = () => then(performance.now());
    after.port2.postMessage(null);
  }
  function frame() {
    const done = decided();
    if (answer === null && (done || moved())) { answer = -1; painted(t => { answer = t; }); }
    if (done) { painted(t => resolve([(answer > 0 ? Math.min(answer, t) : t) - at, t - at, python, at])); return; }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})"""


CENTRE = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + Math.min(r.height / 2, 20)]; }"""  # (a raised card's visible top)


def play_deal(page, cdp, think_ms: int = 0) -> list[dict]:
    """The player's first deal, tapped move by move (--deal): each playing tap's waits.
    ``think_ms``: how long the player looks at each decision offered before tapping (--think)."""
    taps: list[dict] = []
    for _ in range(DEAL_TAPS):
        page.wait_for_function(f"() => {NEXT_MOVE} !== null || document.body.dataset.waiting === 'summary'",
                               timeout=TIMEOUT_MS, polling=100)
        if page.evaluate("document.body.dataset.waiting === 'summary'"):
            break
        nxt = page.evaluate(NEXT_MOVE)
        if nxt is None:
            continue  # (the table changed between the two looks)
        move, in_hand = nxt
        if think_ms:  # a person reads the table before choosing (the page runs on meanwhile)
            page.wait_for_timeout(think_ms)
        # a tap where the control is, as a finger makes it: not Playwright's tap, which waits
        # for the page to answer its own checks first (the runtime's start holds the main
        # thread for seconds at a time), so that the wait the player has is measured whole
        where = f'.hand .card[data-move="{move}"]' if in_hand else f'[data-move="{move}"]'
        if in_hand:  # a touch tap raises a card; the second plays it (as with Python)
            page.touchscreen.tap(*page.evaluate(CENTRE, where))
            page.wait_for_selector(f'.hand .card.raised[data-move="{move}"], body[data-early]', state="attached",
                                   timeout=TIMEOUT_MS)
        cdp.send("Runtime.evaluate", {"expression": BEFORE_TAP})
        page.touchscreen.tap(*page.evaluate(CENTRE, where))
        got = cdp.send("Runtime.evaluate", {"expression": AFTER_TAP, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in got:
            raise RuntimeError(f"waiting for the answer: {got['exceptionDetails']}")
        answer, decision, python, at = got["result"]["value"]
        taps.append({"move": move, "at_ms": at, "answer_ms": answer, "decision_ms": decision, "python": python})
    return taps


# What the bench awaits first: a move tappable, or Python up with none before it.
FIRST_MOVE_OR_READY = """Promise.race([window.__trexFirstVisit.seen, new Promise(resolve => {
  if (document.body && document.body.dataset.readyMs) { resolve(null); return; }
  new MutationObserver((_, watch) => { if (document.body && document.body.dataset.readyMs) { watch.disconnect(); resolve(null); } })
    .observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready-ms"]});
})])"""

# The bytes that had arrived when Python made the table playable, from the page's resource
# timing (transferSize: headers and the body as sent). The server's count (bytes_ready) is
# read once Playwright has seen the ready mark, by which time the page may have asked for
# what it fetches after (the bots' byte code, fetched once the table is playable): this one is exact to the moment.
ARRIVED = """(() => { const ready = Number(document.body.dataset.readyMs);
  return [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
    .filter(e => e.responseEnd <= ready).reduce((sum, e) => sum + e.transferSize, 0); })()"""

# What the page shows when no move was painted after Python took over (a rare stall whose
# cause is not known yet: the bench's watcher, or a table that never gives the player a move).
STALLED = """new Promise(resolve => {
  const frames = [];  // whether animation frames still run (the watcher looks at each one)
  requestAnimationFrame(t => frames.push(t));
  setTimeout(() => resolve(JSON.stringify({
    frames_run: frames.length > 0, visibility: document.visibilityState,
    body: Object.assign({}, document.body.dataset), early: window.trexEarly && window.trexEarly.state,
    moves: [...document.querySelectorAll("[data-action=move], [data-action=double-selected]")].map(el => [el.getAttribute("data-move"),
      el.disabled || el.getAttribute("aria-disabled") === "true", JSON.stringify(el.getBoundingClientRect())]).slice(0, 20),
    state: window.trexTest ? JSON.parse(window.trexTest.state()) : null,
  })), 2000);
})"""


# ---------------------------------------------------------------- the server
class _CountingSocket(socket.socket):
    """A served connection adding every byte it sends to its server's ``sent``."""
    server = None

    def sendall(self, data, *args):
        self.server.sent += len(data)
        return super().sendall(data, *args)

    def send(self, data, *args):
        n = super().send(data, *args)
        self.server.sent += n
        return n

    def sendfile(self, file, offset=0, count=None):
        n = super().sendfile(file, offset, count)
        self.server.sent += n
        return n


def count_bytes(srv) -> None:
    srv.sent = 0

    def get_request():
        sock, addr = srv.socket.accept()
        counted = _CountingSocket(sock.family, sock.type, sock.proto, fileno=sock.detach())
        counted.server = srv
        return counted, addr

    srv.get_request = get_request


def compresses(url: str) -> str | None:
    """The Content-Encoding the server answers a compressible file with, if any."""
    req = urllib.request.Request(url + "bare.html", headers={"Accept-Encoding": "gzip, br"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.headers.get("Content-Encoding")


def start_server(site: Path, compression: str):
    """(server, url, what it is): build.py's server, compressing as `compression` says
    (build.SERVER_COMPRESSION: the site's .br/.gz copies, or by type as GitHub Pages)."""
    srv, url = build.make_server(site, 0, "/", compression=compression)
    count_bytes(srv)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    encoding = compresses(url)
    what = {"copies": "serves the .br/.gz copies", "by-type": "gzips by type, zips raw"}[compression]
    return srv, url, f"build.py make_server, {what} (bare.html: Content-Encoding {encoding})"


# ---------------------------------------------------------------- one visit
def throttled(ctx, profile: dict):
    """A new page of ``ctx`` and its DevTools session, its network and CPU slowed as
    ``profile`` says (PROFILES)."""
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": profile["latency"],
        "downloadThroughput": profile["down"], "uploadThroughput": profile["up"]})
    if profile["cpu"] > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    return page, cdp


def visit(browser, srv, url: str, kind: str, profile: dict, tap: bool, deal: bool = False,
          think_ms: int = 0) -> dict:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2,
                              service_workers="allow" if kind.startswith("game+sw") else "block")
    outside: list[str] = []
    ctx.on("request", lambda r: outside.append(r.url) if urlsplit(r.url).hostname != "127.0.0.1" else None)
    ctx.add_init_script(WATCH_MOVES)
    page, cdp = throttled(ctx, profile)
    out: dict = {"kind": kind}
    try:
        if kind == "game+sw2":  # the first visit installs the worker; this one is measured
            page.goto(url + KINDS[kind], wait_until="commit", timeout=TIMEOUT_MS)
            page.wait_for_selector("html[data-sw=offline-ready]", state="attached", timeout=TIMEOUT_MS)
            page.wait_for_selector("body[data-waiting]", state="attached", timeout=TIMEOUT_MS)
        srv.sent = 0
        page.goto(url + KINDS[kind], wait_until="commit", timeout=TIMEOUT_MS)
        tapped = None
        if not kind.startswith("bare"):
            got = cdp.send("Runtime.evaluate", {"expression": FIRST_MOVE_OR_READY, "awaitPromise": True})
            if "exceptionDetails" in got:
                raise RuntimeError(f"waiting for the first move: {got['exceptionDetails']}")
        if deal and not kind.startswith("bare"):
            out["taps"] = play_deal(page, cdp, think_ms)
            out["longest_answer_ms"] = max((x["answer_ms"] for x in out["taps"]), default=None)
            out["longest_decision_ms"] = max((x["decision_ms"] for x in out["taps"]), default=None)
            out["before_python"] = sum(1 for x in out["taps"] if not x["python"])
        elif tap and not kind.startswith("bare") and not page.evaluate("document.body.dataset.state === 'ready'"):
            tapped = page.evaluate("window.__trexFirstVisit.move")
            in_hand = page.evaluate("document.querySelector('[data-first-tappable]').classList.contains('in-hand')")
            page.locator("[data-first-tappable]").tap(timeout=TIMEOUT_MS)
            if in_hand:  # a touch tap raises a card; the second plays it (as with Python)
                page.locator(f'.hand .card[data-move="{tapped}"]').tap(timeout=TIMEOUT_MS)
        page.wait_for_selector("body[data-ready-ms]", state="attached", timeout=TIMEOUT_MS)
        out["bytes_ready"] = srv.sent
        out["bytes_arrived"] = page.evaluate(ARRIVED)
        marks = page.evaluate("""() => ({
            fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime ?? null,
            ready: Number(document.body.dataset.readyMs),
            firstMove: window.__trexFirstVisit.firstMove, move: window.__trexFirstVisit.move})""")
        out.update(fcp_ms=marks["fcp"], ready_ms=marks["ready"])
        if not kind.startswith("bare"):
            page.wait_for_function("() => JSON.parse(window.trexTest.perf()).bots_imported", timeout=TIMEOUT_MS)
            out["bytes_loaded"] = srv.sent
            if marks["firstMove"] is None:  # the first move shows after the ready marker's moment
                # (not the element's mark: the table's next render may take it off)
                try:
                    page.wait_for_function("() => window.__trexFirstVisit.firstMove !== null", timeout=TIMEOUT_MS)
                except Exception as exc:  # a stall seen 3 times in 40 visits: say what the page showed
                    raise RuntimeError(f"no move painted after Python took over: {page.evaluate(STALLED)}") from exc
                marks["firstMove"] = page.evaluate("window.__trexFirstVisit.firstMove")
            out["first_move_ms"] = marks["firstMove"]
            if tap:
                if tapped is None:
                    out["tap_kept"] = "n/a"
                else:
                    moves = json.loads(page.evaluate("window.trexTest.record()"))["moves"]
                    out["tap_kept"] = "yes" if any(tapped == m or tapped in m for m in moves) else "no"
        if kind == "game+sw":
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_selector("html[data-sw=offline-ready]", state="attached", timeout=TIMEOUT_MS)
            out["bytes_sw_installed"] = srv.sent
    finally:
        ctx.close()
    out["outside_requests"] = outside
    return out


# ---------------------------------------------------------------- the report
def median(xs):
    xs = [x for x in xs if isinstance(x, (int, float))]
    return statistics.median(xs) if xs else None


def fmt_ms(x):
    return "–" if x is None else f"{x:,.0f} ms"


def fmt_mb(x):
    return "–" if x is None else f"{x / 1e6:.2f} MB"


def summarize(samples: list[dict]) -> dict:
    keys = ("bytes_ready", "bytes_arrived", "bytes_loaded", "bytes_sw_installed", "fcp_ms", "first_move_ms",
            "ready_ms", "longest_answer_ms", "longest_decision_ms")
    out = {k: median([s.get(k) for s in samples]) for k in keys}
    taps = [s["tap_kept"] for s in samples if "tap_kept" in s]
    out["tap_kept"] = ", ".join(sorted(set(taps))) if taps else None
    out["n"] = len(samples)
    return out


def table(result: dict) -> str:
    rows = ["| profile | page | bytes to playable | arrived by playable | bytes, all loaded "
            "| bytes, worker installed | first paint | first tappable move | Python-playable "
            "| tap before Python kept |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for prof, kinds in result["medians"].items():
        for kind, m in kinds.items():
            rows.append(f"| {prof} | {kind} | {fmt_mb(m['bytes_ready'])} | {fmt_mb(m.get('bytes_arrived'))} "
                        f"| {fmt_mb(m['bytes_loaded'])} "
                        f"| {fmt_mb(m['bytes_sw_installed'])} | {fmt_ms(m['fcp_ms'])} "
                        f"| {fmt_ms(m['first_move_ms'])} | {fmt_ms(m['ready_ms'])} | {m['tap_kept'] or '–'} |")
    if any("longest_answer_ms" in s for p in result["samples"].values() for v in p.values() for s in v):
        rows += ["", "| profile | page | taps | of them before Python | longest answer (each round) "
                 "| longest next decision (each round) | Python-playable |", "|---|---|---|---|---|---|---|"]
        for prof, kinds in result["samples"].items():
            for kind, samples in kinds.items():
                if not samples or "taps" not in samples[0]:
                    continue
                rows.append(f"| {prof} | {kind} | {median([len(x['taps']) for x in samples]):.0f} "
                            f"| {median([x['before_python'] for x in samples]):.0f} "
                            f"| {', '.join(fmt_ms(x['longest_answer_ms']) for x in samples)} "
                            f"| {', '.join(fmt_ms(x['longest_decision_ms']) for x in samples)} "
                            f"| {', '.join(fmt_ms(x.get('ready_ms')) for x in samples)} |")
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profiles", default="4g,slow4g", help="comma-separated: " + ", ".join(PROFILES))
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--kinds", default="bare,game,game+sw", help="comma-separated: " + ", ".join(KINDS))
    ap.add_argument("--tap", action="store_true",
                    help="tap the first move as soon as it is tappable; report whether the match keeps it")
    ap.add_argument("--deal", action="store_true",
                    help="play the first deal tap by tap; report the wait after each tap (game, game+sw2)")
    ap.add_argument("--think", type=int, default=0, metavar="MS",
                    help="with --deal: the player looks at each decision this long before tapping (default: taps at once)")
    ap.add_argument("--site", type=Path, default=build.DEFAULT_OUT)
    ap.add_argument("--no-build", action="store_true", help="measure the site as it is")
    ap.add_argument("--zips", choices=tuple(build.ZIP_FORMS), default="stored",
                    help="the form of the built site's zips (build.py --zips)")
    ap.add_argument("--server", choices=tuple(build.SERVER_COMPRESSION), default="copies",
                    help="copies: a host that serves the site's .br/.gz copies (build.py serve); "
                         "by-type: one that gzips text types and sends zips raw (GitHub Pages)")
    ap.add_argument("--stock-site", type=Path,
                    help="a site built with `build.py build --full-stdlib`: its bare page is visited too "
                         "(bare-stock), the runtime as Pyodide ships it, on a server of its own")
    ap.add_argument("--out", type=Path, help="also write the samples and medians here (JSON)")
    args = ap.parse_args()
    profiles = [p for p in args.profiles.split(",") if p]
    kinds = [k for k in args.kinds.split(",") if k]
    for p in profiles:
        if p not in PROFILES:
            ap.error(f"unknown profile {p!r}")
    for k in kinds:
        if k not in KINDS or k == "bare-stock":
            ap.error(f"unknown kind {k!r} (bare-stock comes with --stock-site)")
    site = args.site if args.no_build else build.build(args.site, zips=args.zips)
    srv, url, what = start_server(site, args.server)
    print(f"server: {what}", flush=True)
    servers = {k: (srv, url) for k in kinds}
    if args.stock_site:
        stock_srv, stock_url, _ = start_server(args.stock_site, args.server)
        kinds.insert(1, "bare-stock")
        servers["bare-stock"] = (stock_srv, stock_url)
    from playwright.sync_api import sync_playwright
    result: dict = {"server": what, "profiles": {p: PROFILES[p] for p in profiles}, "rounds": args.rounds,
                    "samples": {}, "medians": {}}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=os.environ.get("TREX_CHROMIUM", "/usr/bin/chromium"),
                                         args=CHROMIUM_ARGS, headless=True)
            for prof in profiles:
                samples: dict[str, list[dict]] = {k: [] for k in kinds}
                for r in range(args.rounds):
                    order = kinds[r % len(kinds):] + kinds[:r % len(kinds)]
                    for kind in order:
                        s = visit(browser, *servers[kind], kind, PROFILES[prof], args.tap, args.deal, args.think)
                        samples[kind].append(s)
                        print(f"  {prof} round {r + 1} {kind:8s} " + "  ".join(
                            f"{k}={v:,.0f}" if isinstance(v, (int, float)) else f"{k}={v}"
                            for k, v in s.items() if k not in ("kind", "outside_requests", "taps")), flush=True)
                        for x in s.get("taps", []):
                            print(f"      {x['move']:16s} at {x['at_ms']:7,.0f} ms  answer {x['answer_ms']:7,.0f} ms  next decision "
                                  f"{x['decision_ms']:7,.0f} ms  {'Python' if x['python'] else 'before Python'}",
                                  flush=True)
                result["samples"][prof] = samples
                result["medians"][prof] = {k: summarize(v) for k, v in samples.items()}
            browser.close()
    finally:
        for server in {id(v[0]): v[0] for v in servers.values()}.values():
            server.shutdown()
    outside = [u for p in result["samples"].values() for v in p.values() for s in v for u in s["outside_requests"]]
    result["outside_requests"] = outside
    print()
    print(table(result))
    print(f"\nrequests outside 127.0.0.1: {len(outside)}")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2) + "\n")
        print(f"written: {args.out}")


if __name__ == "__main__":
    main()
