"""A play-test of friends at one table, as people play it (docs/WEB.md "A play-test").

Four browser contexts, each its own device, on 127.0.0.1 (outside requests recorded and
aborted; console errors recorded):

* the host, a 360×740 touch phone in English, opens Settings and makes East, North and West
  "A friend, by link";
* East in Arabic on a 360×740 touch phone, North in Dutch on a 1280×800 desktop, West in
  English on a phone held sideways (740×360), each opening the invitation the host's page
  shows; the host pastes the Arabic and English replies and opens the Dutch reply link in a
  tab of its browser, as the dialogs say;
* one whole deal played, each page deciding for its own seat by touch or click;
* a friend's page closed mid-trick (the countdown on every other table), brought back by the
  new invitation from the toolbar; the host reloaded and every friend reseated;
* then a pass-and-play deal by touch (Settings: a person on this device for North).

Screenshots of every page at each step go to ``--out`` (to look at); every step taken by a
person is counted, with its wall time. Checked at each move: no page's hand holds a card of
another seat (the deal replayed in CPython), every seat name uncovered when no dialog is up
(test_seat_names); kept: each page's status lines (and the seat names they say), console
errors, outside requests. Printed at the end as JSON, and written to ``--out``/report.json.

Run: ``python bench/playtest.py --site DIR [--out DIR] [--phase one]`` (``one``: seat the
friends and play the first deal only)
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from test_link_play import DECIDING, LINK_ARGS, MOVED  # noqa: E402
from test_seat_names import COVERED as SEAT_NAMES  # noqa: E402

import build  # noqa: E402
from conftest import BOOT_TIMEOUT_MS, CHROMIUM, NO_TOUR, SUB_PATH, Guard, Table  # noqa: E402
from trex_core import Match, Rules  # noqa: E402
from trex_core.cards import parse_card  # noqa: E402

PHONE = {"width": 360, "height": 740}
SIDEWAYS = {"width": 740, "height": 360}
DESKTOP = {"width": 1280, "height": 800}
COMPASS = {"en": ["South", "East", "North", "West"], "ar": ["الجنوب", "الشرق", "الشمال", "الغرب"],
           "nl": ["Zuid", "Oost", "Noord", "West"]}
# what each page shows of cards, by their data-move (hand cards, trick, face-up cards)
CARDS_SHOWN = """() => Array.from(document.querySelectorAll('section.you .hand .card[data-move]'))
  .map(e => e.dataset.move)"""
SEEN = """() => ({status: (document.querySelector('.status') || {}).innerText || '',
  notice: Array.from(document.querySelectorAll('.topbar .notice')).map(e => e.innerText).join(' | '),
  waiting: document.body.dataset.waiting || null})"""
# an element of the page cut off by the viewport or another element covering its centre
COVERED = """() => {
  const out = [];
  const vw = innerWidth, vh = innerHeight;
  for (const el of document.querySelectorAll('button, [data-move], .seat-name, .status, h2, .badge')) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('[inert]') || el.closest('details:not([open])')) continue;
    const name = (el.dataset.action || el.dataset.move || el.className || el.tagName) + ': ' + (el.innerText || '').slice(0, 30);
    if (r.right > vw + 1 || r.left < -1) { out.push('cut x ' + name); continue; }
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (y < 0 || y > vh) continue;  // below the fold: a scroll away
    const top = document.elementFromPoint(x, y);
    if (top && top !== el && !el.contains(top) && !top.contains(el)) out.push('covered ' + name + ' by ' + (top.className || top.tagName));
  }
  return out;
}"""


class Play:
    def __init__(self, browser, url: str, out: Path) -> None:
        self.browser, self.url, self.out = browser, url, out
        self.pages: dict[str, Table] = {}
        self.langs: dict[str, str] = {}
        self.touch: dict[str, bool] = {}
        self.steps: list[tuple[str, str, float]] = []
        self.t0 = time.monotonic()
        self.n = 0
        self.findings: list[str] = []
        self.statuses: dict[str, set[str]] = {}

    def device(self, name: str, lang: str, viewport: dict, touch: bool) -> Table:
        options = {"has_touch": True, "is_mobile": True} if touch else {}
        context = self.browser.new_context(viewport=viewport, locale=lang, service_workers="block", **options)
        context.add_init_script(NO_TOUR)
        guard = Guard(context)
        page = guard.watch(context.new_page())
        page.set_default_timeout(60_000)
        t = Table(context, page, guard, self.url)
        self.pages[name], self.langs[name], self.touch[name] = t, lang, touch
        return t

    def step(self, who: str, what: str) -> None:
        self.steps.append((who, what, round(time.monotonic() - self.t0, 1)))

    def press(self, who: str, selector: str, what: str) -> None:
        """A person's tap (touch) or click on what their page shows."""
        loc = self.pages[who].page.locator(selector).first
        loc.tap() if self.touch[who] else loc.click()
        self.step(who, what)

    def shot(self, label: str, names: list[str] | None = None) -> None:
        self.n += 1
        for name in names or list(self.pages):
            t = self.pages[name]
            if t.page.is_closed():
                continue
            t.page.screenshot(path=str(self.out / f"{self.n:02d}-{label}-{name}.png"))
            covered = t.page.evaluate(COVERED)
            if not t.page.locator("[data-overlay]").count():  # (a dialog covers the table on purpose)
                covered += t.page.evaluate(SEAT_NAMES)
            if covered:
                self.findings.append(f"{label} {name} {t.page.viewport_size}: {covered[:6]}")

    def check_hands(self, hands: list[int], seats: dict[str, int]) -> None:
        for name, seat in seats.items():
            t = self.pages[name]
            if t.page.is_closed():
                continue
            shown = t.page.evaluate(CARDS_SHOWN)
            bits = 0
            for c in shown:
                bits |= 1 << parse_card(c)
            if bits & ~hands[seat]:
                self.findings.append(f"{name} (seat {seat}) shows cards not its own: {shown}")

    def watch_status(self, seats: dict[str, int]) -> None:
        """Each page's status line, collected (the report lists them to be read: whose turn,
        by seat name in the page's language)."""
        for name in seats:
            t = self.pages[name]
            if not t.page.is_closed():
                self.statuses.setdefault(name, set()).add(t.page.evaluate(SEEN)["status"])


def dealt(host: Table) -> list[int]:
    """Each seat's hand as dealt in the current deal: the match replayed in CPython."""
    st = host.state()
    m = Match.new(seed=st["seed"], rules=Rules.from_dict(st["rules"]))
    for mv in json.loads(host.page.evaluate("window.trexTest.record()"))["moves"]:
        m.play(mv)
    return list(m.dealt_hands)


def decide(p: Play, who: str) -> None:
    """The one simple legal decision of the page's person, by touch (a card: tap to raise,
    tap to play) or click."""
    page = p.pages[who].page
    w = page.evaluate("document.body.dataset.waiting || ''")
    if w == "choose":
        p.press(who, ".contract-btn", "contract")
    elif w == "announce":
        p.press(who, "[data-prompt=announce] [data-move=nodouble], [data-prompt=announce] button", "answer")
    elif w == "play":
        if page.locator(".pass-btn").count():
            p.press(who, ".pass-btn", "pass")
            return
        card = page.locator(".hand .card.playable").first.get_attribute("data-move")
        sel = f'.hand .card[data-move="{card}"]'
        if p.touch[who]:
            page.locator(sel).first.tap()
            page.wait_for_selector(sel + ".raised, " + sel + "[aria-pressed=true]", timeout=5000)
        p.press(who, sel, "card")


def play_deal(p: Play, seats: dict[str, int], shots_at: set[int], label: str) -> dict:
    host = p.pages["host"]
    hands = dealt(host)
    k = 0
    while True:
        st = host.state()
        if st["overlay"] == "summary":
            return st
        seat, moves = st["to_move"], st["moves"]
        p.check_hands(hands, seats)
        p.watch_status(seats)
        if k in shots_at:
            p.shot(f"{label}-move{k}")
        who = next((n for n, s in seats.items() if s == seat), None)
        if st["deciding"] and who is not None and not p.pages[who].page.is_closed():
            page = p.pages[who].page
            page.wait_for_function(DECIDING, timeout=60_000)
            decide(p, who)
        host.page.wait_for_function(MOVED, arg=moves, timeout=90_000)
        k += 1


def play_until(p: Play, seats: dict[str, int], done) -> dict:
    """Every page decides for its own seat (a summary's Next by the host) until ``done(state)``."""
    host = p.pages["host"]
    while True:
        st = host.state()
        if done(st):
            return st
        if st["overlay"] == "summary":
            p.press("host", "[data-action=next-deal]", "next deal")
        else:
            who = next((n for n, s in seats.items() if s == st["to_move"]), None)
            if st["deciding"] and who is not None and not p.pages[who].page.is_closed():
                p.pages[who].page.wait_for_function(DECIDING, timeout=60_000)
                decide(p, who)
        host.page.wait_for_function(MOVED, arg=st["moves"], timeout=90_000)


def join_again(p: Play, name: str, seat: int, lang: str, vp: dict, touch: bool, same_tab: bool) -> float:
    """The friend opens the invitation the host's dialog shows (in the tab of the old one, or
    a new device), and the host pastes the reply; returns the seconds it took."""
    host = p.pages["host"]
    t1 = time.monotonic()
    drawn = seat  # (the host is South: no pass-and-play here)
    box = host.page.locator(f"[data-overlay=link] textarea[data-code=invite-{drawn}]")
    box.wait_for(timeout=60_000)
    link = box.input_value()
    p.press("host", f"[data-overlay=link] [data-key=invite-{drawn}-copy]", f"copy invitation {name}")
    if same_tab:
        g = p.pages[name]
        with g.page.expect_event("load", timeout=BOOT_TIMEOUT_MS):
            g.page.evaluate("u => { location.href = u; }", link)
    else:
        g = p.device(name, lang, vp, touch)
        g.page.goto(link)
    p.step(name, "opened the new invitation")
    g.wait_ready()
    reply = g.page.locator("[data-overlay=join] textarea[data-code=reply]")
    reply.wait_for(timeout=60_000)
    p.press(name, "[data-overlay=join] [data-key=reply-copy], [data-overlay=join] [data-action^=copy]", "copy reply")
    host.page.locator("textarea.link-reply").fill(reply.input_value())
    p.step("host", f"paste reply {name}")
    p.press("host", "[data-action=link-accept]", f"seat {name}")
    g.page.wait_for_selector("[data-overlay=join]", state="detached", timeout=60_000)
    host.page.wait_for_selector(f"[data-overlay=link] [data-seat='{drawn}'][data-status=seated]")
    return round(time.monotonic() - t1, 1)


def drop_and_back(p: Play, seats: dict[str, int], report: dict) -> None:
    """East's page is closed mid-trick: the countdown on every other table; then East comes
    back by the new invitation the host's toolbar gives."""
    host = p.pages["host"]
    st = play_until(p, seats, lambda st: st["to_move"] == 1 and st["phase"] == "play" and st["trick"]
                    and st["overlay"] is None)
    p.pages["east"].page.wait_for_function("() => document.body.dataset.waiting === 'play'")
    p.shot("before-drop")
    t1 = time.monotonic()
    p.pages["east"].context.close()
    p.step("east", "closed the page mid-trick")
    host.page.wait_for_selector(".topbar .notice:has-text('lost the connection')", timeout=30_000)
    seen = {"host": round(time.monotonic() - t1, 1)}
    for name in ("north", "west"):
        p.pages[name].page.wait_for_selector(".status.dropped", timeout=30_000)
        seen[name] = round(time.monotonic() - t1, 1)
    report["countdown_seen_s"] = seen
    p.shot("countdown", ["host", "north", "west"])
    host.page.set_viewport_size(SIDEWAYS)
    p.shot("countdown-sideways", ["host"])
    host.page.set_viewport_size(PHONE)
    report["countdown_lines"] = {n: p.pages[n].page.evaluate(SEEN) for n in ("host", "north", "west")}
    host.page.wait_for_function("n => JSON.parse(window.trexTest.state()).moves > n", arg=st["moves"],
                                timeout=60_000)
    report["bot_played_after_s"] = round(time.monotonic() - t1, 1)
    p.shot("bot-played", ["host", "north", "west"])
    del p.pages["east"]
    # the host asks for the new invitation once the table waits for them (toolbar: Friends)
    rest = {k: v for k, v in seats.items() if k != "east"}
    play_until(p, rest, lambda st: st["to_move"] == 0 and st["deciding"] or st["overlay"] == "summary")
    p.press("host", "[data-action=link]", "Friends at this table")
    host.page.wait_for_selector("[data-overlay=link]")
    p.shot("new-invitation", ["host"])
    report["rejoined_s"] = join_again(p, "east", 1, "ar", PHONE, True, same_tab=False)
    p.shot("east-back")
    p.press("host", "[data-overlay=link] [data-action=close]", "close invitations")
    # held sideways: the host and the Arabic phone at 740x360 for a few moves
    for name in ("host", "east"):
        p.pages[name].page.set_viewport_size(SIDEWAYS)
    play_until(p, seats, lambda st: st["phase"] == "play" and st["trick"] and st["to_move"] == 0)
    p.shot("sideways", ["host", "east"])
    for name in ("host", "east"):
        p.pages[name].page.set_viewport_size(PHONE)


def reload_and_reseat(p: Play, seats: dict[str, int], report: dict) -> None:
    """The host's page reloads: the match from its save, new invitations for all three; each
    friend opens theirs in the tab of the old one (the page says the table waits)."""
    host = p.pages["host"]
    st = play_until(p, seats, lambda st: st["to_move"] == 2 and st["phase"] == "play" and st["overlay"] is None
                    and st["deciding"])
    p.pages["north"].page.wait_for_function(DECIDING)
    t1 = time.monotonic()
    host.page.reload()
    p.step("host", "reloaded")
    host.wait_ready()
    host.page.wait_for_function("() => JSON.parse(window.trexTest.state()).overlay === 'link'", timeout=60_000)
    for name in ("east", "north", "west"):
        p.pages[name].page.wait_for_selector("[data-overlay=join] [role=alert]", timeout=30_000)
    p.shot("host-reloaded")
    assert host.state()["moves"] == st["moves"]
    report["reseat_s"] = {}
    for name, seat, lang, vp, touch in (("east", 1, "ar", PHONE, True), ("north", 2, "nl", DESKTOP, False),
                                        ("west", 3, "en", SIDEWAYS, True)):
        report["reseat_s"][name] = join_again(p, name, seat, lang, vp, touch, same_tab=True)
    report["reseat_total_s"] = round(time.monotonic() - t1, 1)
    p.shot("reseated")
    p.press("host", "[data-overlay=link] [data-action=close]", "close invitations")
    st = play_until(p, seats, lambda st: st["overlay"] == "summary")
    p.shot("deal-after-reload-summary")
    report["after_reload_moves"] = st["moves"]


def pass_and_play(p: Play, report: dict) -> None:
    """Settings by touch: North a person on this device, East and West bots; a deal by touch."""
    host = p.pages["host"]
    host.page.wait_for_selector("[data-overlay=summary]")
    p.press("host", "[data-action=next-deal]", "next deal")
    host.page.wait_for_selector("[data-overlay=summary]", state="detached")
    p.press("host", "[data-action=settings]", "Settings")
    host.page.locator(".settings [name=seat1]").select_option("bot")
    host.page.locator(".settings [name=seat2]").select_option("person")
    host.page.locator(".settings [name=seat3]").select_option("bot")
    p.press("host", "[data-action=apply-rules]", "apply")
    host.page.wait_for_function("() => document.querySelector('[data-action=rules-now]') || !document.querySelector('.settings')")
    p.shot("pp-question", ["host"])
    if host.page.locator("[data-action=rules-now]").count():
        p.press("host", "[data-action=rules-now]", "confirm new game")
    host.wait_idle()
    p.shot("pp-start")
    handoffs, k = 0, 0
    while True:
        st = host.wait_idle()
        if st["waiting"] in ("summary", "result", "over"):
            break
        if st["waiting"] == "handoff":
            handoffs += 1
            shown = host.page.evaluate("document.querySelectorAll('.hand .card, [data-move]').length")
            if shown:
                p.findings.append(f"hand-off shows {shown} cards or moves")
            if handoffs in (1, 2):
                p.shot(f"pp-handoff{handoffs}", ["host"])
            seq = host.page.evaluate("document.body.dataset.seq")
            p.press("host", "[data-action=take-device]", "take the phone")
            host.page.wait_for_function("s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')", arg=seq)
            continue
        if k in (2, 12):
            host.page.set_viewport_size(SIDEWAYS if k == 12 else PHONE)
            p.shot(f"pp-move{k}", ["host"])
        seq = host.page.evaluate("document.body.dataset.seq")
        decide(p, "host")
        host.page.wait_for_function("s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')",
                                    arg=seq, timeout=60_000)
        k += 1
    host.page.set_viewport_size(PHONE)
    p.shot("pp-summary", ["host"])
    report["pp"] = {"handoffs": handoffs, "decisions": k, "moves": host.state()["moves"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=Path("/tmp/playtest"))
    ap.add_argument("--phase", choices=("all", "one"), default="all")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    srv, url = build.serve_in_thread(args.site, base=SUB_PATH)
    from playwright.sync_api import sync_playwright
    report: dict = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LINK_ARGS, headless=True)
        p = Play(browser, url, args.out)
        try:
            run(p, args, report)
        except Exception:
            p.shot("FAILED")
            for n, t in p.pages.items():
                if not t.page.is_closed():
                    print(n, t.page.evaluate(SEEN), t.guard.errors, file=sys.stderr)
            print(json.dumps(p.steps), file=sys.stderr)
            raise
        finally:
            browser.close()
    srv.shutdown()


def run(p: Play, args: argparse.Namespace, report: dict) -> None:
    host = p.device("host", "en", PHONE, True)
    host.goto("?speed=fast&lang=en")  # (no seed: a reload then resumes with no question)
    host.wait_idle(timeout=BOOT_TIMEOUT_MS)
    p.step("host", "opened the page")
    p.shot("start", ["host"])
    p.press("host", "[data-action=settings]", "Settings")
    host.page.wait_for_selector(".settings [name=seat1]")
    p.shot("settings", ["host"])
    for seat in (1, 2, 3):
        host.page.locator(f".settings [name=seat{seat}]").select_option("link")
        p.step("host", f"seat{seat}: a friend by link")
    p.press("host", "[data-action=apply-rules]", "apply")
    host.page.wait_for_selector("[data-overlay=link]")
    host.page.wait_for_function("() => document.querySelectorAll('[data-overlay=link] textarea[data-code^=invite-]').length === 3",
                                timeout=60_000)
    p.shot("invitations", ["host"])
    host.page.screenshot(path=str(args.out / "invitations-full-host.png"), full_page=True)
    friends = {"east": (1, "ar", PHONE, True, "paste"), "north": (2, "nl", DESKTOP, False, "open"),
               "west": (3, "en", SIDEWAYS, True, "paste")}
    joined = {}
    for name, (seat, lang, vp, touch, how) in friends.items():
        t1 = time.monotonic()
        link = host.page.locator(f"[data-overlay=link] textarea[data-code=invite-{seat}]").input_value()
        p.press("host", f"[data-overlay=link] [data-key=invite-{seat}-copy]", f"copy invitation {name}")
        g = p.device(name, lang, vp, touch)
        g.page.goto(link)
        p.step(name, "opened the invitation")
        g.wait_ready()
        reply = g.page.locator("[data-overlay=join] textarea[data-code=reply]")
        reply.wait_for(timeout=60_000)
        p.shot(f"reply-{name}", [name])
        text = reply.input_value()
        p.press(name, "[data-overlay=join] [data-key=reply-copy], [data-overlay=join] [data-action^=copy]",
                "copy reply")
        if how == "paste":
            host.page.locator("textarea.link-reply").fill(text)
            p.step("host", f"paste reply {name}")
            p.press("host", "[data-action=link-accept]", f"seat {name}")
        else:
            tab = host.guard.watch(host.context.new_page())
            tab.goto(text)
            p.step("host", f"open reply link {name}")
            tab.wait_for_selector("body[data-state=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
            tab.screenshot(path=str(args.out / f"reply-tab-{name}.png"))
            report.setdefault("reply_tab_text", tab.locator("body").inner_text())
            tab.close()
            p.step("host", "back to the table tab")
        g.page.wait_for_selector("[data-overlay=join]", state="detached", timeout=60_000)
        host.page.wait_for_selector(f"[data-overlay=link] [data-seat='{seat}'][data-status=seated]")
        joined[name] = round(time.monotonic() - t1, 1)
        p.shot(f"seated-{name}")
    report["seated_s"] = round(time.monotonic() - p.t0, 1)
    report["joined_s"] = joined
    report["seating_steps"] = len(p.steps)
    p.press("host", "[data-overlay=link] [data-action=close]", "close invitations")
    seats = {"host": 0, "east": 1, "north": 2, "west": 3}
    st = play_deal(p, seats, {0, 1, 5, 14, 30}, "deal1")
    p.shot("deal1-summary")
    for name in seats:  # each score sheet: the right king named
        t = p.pages[name]
        if t.page.locator("[data-overlay=summary]").count():
            t.page.screenshot(path=str(args.out / f"summary-full-{name}.png"), full_page=True)
    report["deal1"] = {"moves": st["moves"], "totals": st["totals"]}
    if args.phase != "one":
        drop_and_back(p, seats, report)
        reload_and_reseat(p, seats, report)
        pass_and_play(p, report)
    report["steps"] = p.steps
    report["findings"] = p.findings
    report["statuses"] = {k: sorted(v) for k, v in p.statuses.items()}
    # the seats each page's status lines named, in its own language
    report["status_names"] = {k: [c for c in COMPASS[p.langs[k]] if any(c in line for line in v)]
                              for k, v in p.statuses.items()}
    report["errors"] = {n: t.guard.errors for n, t in p.pages.items()}
    report["outside"] = {n: t.guard.outside for n, t in p.pages.items()}
    (args.out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
