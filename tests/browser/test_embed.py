"""Embedded tables (docs/EMBED.md) in headless Chromium: each mode from a URL in an
iframe of a host page of another origin (its own port), at 280×280 and 800×600; bad
parameters shown in the frame; the messages to the parent and a command from it; a page of
many tables on one runtime (tutorial.html); the author page's snippet; the main table's
Share link and its address parameters. Outside requests are blocked and fail the test."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

import build
from conftest import ARTIFACTS, BOOT_TIMEOUT_MS, DESKTOP, Guard, answer_the_lessons_exercise, tables
from trex_core import Match, Position, card_text, cards_of

HANDS = "AT42.T42.843.872/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963"
KH = f"hands={HANDS}&king=0&contract=king-of-hearts&answers=-/-/-/KH&moves=2H,6H,3H,5H,5D,2D,KH,4D"
KH_MOVES = ["2H", "6H", "3H", "5H", "5D", "2D", "KH", "4D"]
DOUBLING = ("hands=K96.KJ95.9.AJ975/Q742.842.J875.KQ/J8.QT.KQT642.T82/AT53.A763.A3.643"
            "&king=2&contract=king-of-hearts&answers=?/?/-/-")
SIZES = [(280, 280), (800, 600)]

HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title></head>
<body><h1>A lesson</h1>
<iframe id="t" title="Trex table" style="border:0;width:{w}px;height:{h}px" src="{src}"></iframe>
<script>
window.messages = [];
addEventListener("message", function (e) {{ window.messages.push({{origin: e.origin, data: e.data}}); }});
</script></body></html>"""


@pytest.fixture(scope="module")
def host_dir():
    with tempfile.TemporaryDirectory() as d:
        srv, url = build.serve_in_thread(Path(d))
        yield Path(d), url
        srv.shutdown()


class Host:
    """A host page (another origin) with one embedded table."""

    def __init__(self, context, page, guard, host_url, site_url):
        self.context, self.page, self.guard = context, page, guard
        self.host_url, self.site_url = host_url, site_url

    def open(self, folder: Path, query: str, size=(800, 600), name="host"):
        w, h = size
        src = self.site_url + "embed.html?" + query
        (folder / f"{name}.html").write_text(HOST.format(w=w, h=h, src=src.replace("&", "&amp;")))
        self.page.goto(self.host_url + f"{name}.html")
        self.frame = self.page.frame_locator("#t")
        self.frame.locator(".trex-table[data-state]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
        self.fr = next(f for f in self.page.frames if "embed.html" in f.url)  # evaluates across origins
        return self

    def messages(self) -> list[dict]:
        return [m["data"] for m in self.page.evaluate("window.messages")]

    def wait_message(self, pred_js_free, timeout=BOOT_TIMEOUT_MS):
        """Wait until a message satisfying ``pred_js_free`` (a Python predicate) arrived."""
        self.page.wait_for_function("n => window.messages.length > n", arg=0, timeout=timeout)
        deadline_checks = 0
        while not any(pred_js_free(m) for m in self.messages()):
            n = len(self.messages())
            self.page.wait_for_function("n => window.messages.length > n", arg=n, timeout=timeout)
            deadline_checks += 1
            assert deadline_checks < 500, self.messages()
        return next(m for m in self.messages() if pred_js_free(m))

    def state(self) -> dict:
        return json.loads(self.frame.locator(".trex-table").evaluate("el => el.trexTest.state()"))

    def seq(self) -> str:
        return self.frame.locator(".trex-table").get_attribute("data-seq")

    def click(self, selector: str):
        """Click in the frame and wait for the render it causes. A card of the hand is
        clicked where it shows its rank and suit, its top corner: in a fan, and in a small
        frame's two overlapping rows, the rest of it lies under its neighbours."""
        before = self.seq()
        target = self.frame.locator(selector).first
        if target.evaluate("el => el.matches('.hand .card')"):
            target.click(position={"x": 6, "y": 6})
        else:
            target.click()
        self.frame.locator(f'.trex-table:not([data-seq="{before}"])').wait_for(state="attached")

    def open_hands(self) -> dict[str, list[str]]:
        """The hands face up on the felt, per seat panel (data-seat) and the reader's own."""
        return json.loads(self.frame.locator(".trex-table").evaluate("""root => {
            const out = {};
            root.querySelectorAll('.seat[data-seat]').forEach(s => {
              const lines = s.querySelectorAll('.open-hand li');
              if (lines.length) out[s.dataset.seat] = Array.from(lines).map(l => l.textContent.trim());
            });
            out.hand = Array.from(root.querySelectorAll('.hand .card')).map(c => c.dataset.card);
            return JSON.stringify(out);
        }"""))


@pytest.fixture
def hosts(browser, site_url, host_dir):
    folder, host_url = host_dir

    def build_host(viewport=DESKTOP):
        context = browser.new_context(viewport=viewport, service_workers="block")
        guard = Guard(context)
        page = guard.watch(context.new_page())
        page.set_default_timeout(60_000)
        h = Host(context, page, guard, host_url, site_url)
        h.folder = folder
        return h
    yield from tables(build_host)


def suit_lines(hand_mask: int) -> list[str]:
    """A hand as the open-hand view writes it: a line per suit (♠ ♥ ♣ ♦), ranks high to low."""
    cards = [card_text(c) for c in cards_of(hand_mask)]
    out = []
    for suit, sym in zip("SHCD", "\u2660\u2665\u2663\u2666", strict=True):
        ranks = sorted((c for c in cards if c[1] == suit), key=lambda c: -"23456789TJQKA".index(c[0]))
        out.append(sym + (" ".join("10" if c[0] == "T" else c[0] for c in ranks) or "\u2014"))
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_view_shows_the_given_hands(hosts, size):
    host = hosts()
    host.open(host.folder, "mode=view&seat=N&" + KH.split("&moves=")[0], size, name=f"view{size[0]}")
    ready = host.wait_message(lambda m: m["type"] == "ready")
    assert ready["mode"] == "view" and ready["seat"] == 2
    dealt = Position.parse(f"hands={HANDS};king=0").hands
    assert dealt is not None
    shown = host.open_hands()
    # the reader (North) at the bottom: the panels are East... turned: table seat 1 = West
    for table_seat in (1, 2, 3):
        real = (table_seat + 2) % 4
        # (a doubled card's mark, ×2 between the isolates LRI…PDI, is not a rank)
        got = [line.replace("\u2066\u00d72\u2069", "").replace(" ", "") for line in shown[str(table_seat)]]
        assert got == [line.replace(" ", "") for line in suit_lines(dealt[real])], (table_seat, got)
    assert sorted(shown["hand"]) == sorted(card_text(c) for c in cards_of(dealt[2]))
    names = host.frame.locator(".seat[data-seat] .seat-name").all_inner_texts()
    assert "North" not in names[:3] and "South" in " ".join(names)
    host.page.screenshot(path=str(Path(__file__).parent / "artifacts" / f"embed-view-{size[0]}.png"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_replay_steps_through_the_moves_both_ways(hosts, size):
    host = hosts()
    host.open(host.folder, f"mode=replay&{KH}&caption.4={quote('East wins the trick')}", size,
              name=f"replay{size[0]}")
    assert host.state()["step"] == 0 and st_moves(host) == []
    for n in range(1, len(KH_MOVES) + 1):
        host.click("[data-action=step-forward]")
        assert host.state()["step"] == n
        assert st_moves(host) == KH_MOVES[:n]
    assert host.frame.locator("[data-action=step-forward]").is_disabled()
    for n in range(len(KH_MOVES) - 1, -1, -1):
        host.click("[data-action=step-back]")
        assert st_moves(host) == KH_MOVES[:n]
    # the keyboard: arrows on the table step too, End goes to the end
    host.frame.locator(".felt").focus()
    before = host.seq()
    host.page.keyboard.press("End")
    host.frame.locator(f'.trex-table:not([data-seq="{before}"])').wait_for(state="attached")
    assert host.state()["step"] == len(KH_MOVES)
    before = host.seq()
    host.page.keyboard.press("ArrowLeft")
    host.frame.locator(f'.trex-table:not([data-seq="{before}"])').wait_for(state="attached")
    assert host.state()["step"] == len(KH_MOVES) - 1
    # the caption of step 4 is shown there
    host.click("[data-action=step-first]")
    for _ in range(4):
        host.click("[data-action=step-forward]")
    assert "East wins the trick" in host.frame.locator(".status").inner_text()
    steps = [m for m in host.messages() if m["type"] == "step"]
    assert steps and steps[0] == {"source": "trex", "type": "step", "id": "", "step": 1, "of": 8,
                                  "move": "2H"}
    host.page.screenshot(path=str(Path(__file__).parent / "artifacts" / f"embed-replay-{size[0]}.png"))


def st_moves(host) -> list[str]:
    """The cards played so far in the frame's deal (its record's move texts)."""
    moves = json.loads(host.frame.locator(".trex-table").evaluate("el => el.trexTest.record()"))["moves"]
    return [m for m in moves if len(m) == 2 or m == "pass"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_play_reaches_the_end_and_restart_returns_to_the_position(hosts, size):
    host = hosts()
    query = "mode=play&seed=8&king=0&contract=trex&speed=instant&level=easy"
    host.open(host.folder, query, size, name=f"play{size[0]}")
    start = host.state()
    assert start["moves"] > 0 and start["to_move"] == 0
    for _ in range(200):
        st = host.state()
        if st["is_over"]:
            break
        if st["waiting"] == "play":
            sel = ".pass-btn" if st["legal"] == ["pass"] else ".hand .card.playable"
            host.click(sel)
        else:
            host.fr.wait_for_function(
                "() => { const s = JSON.parse(document.querySelector('.trex-table').trexTest.state());"
                " return s.waiting === 'play' || s.is_over; }")
    else:
        raise AssertionError("the deal did not end")
    over = host.wait_message(lambda m: m["type"] == "deal-over")
    assert len(over["scores"]) == 4
    host.frame.locator(".overlay[data-overlay=summary]").wait_for()
    host.click(".overlay [data-action=restart]")
    again = host.state()
    assert again["history"] == start["history"] and again["hand"] == start["hand"] and not again["is_over"]
    moves = [m for m in host.messages() if m["type"] == "move"]
    assert moves and all(set(m) == {"source", "type", "id", "seat", "move"} for m in moves)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_an_exercise_accepts_the_answer_and_refuses_another(hosts, size):
    host = hosts()
    query = (f"mode=exercise&{DOUBLING}&answer=double:KH&right={quote('Yes: the double is free.')}"
             f"&wrong={quote('No: doubling costs nothing here.')}")
    host.open(host.folder, query, size, name=f"exercise{size[0]}")
    start_moves = host.state()["moves"]
    host.click("[data-move=nodouble]")
    assert "No: doubling costs nothing here." in host.frame.locator(".status").inner_text()
    # a wrong answer is not played: the question stands (Try again clears the feedback)
    assert host.state()["judged"] is False and host.state()["waiting"] == "announce"
    assert host.state()["moves"] == start_moves
    answer = host.wait_message(lambda m: m["type"] == "answer")
    assert answer == {"source": "trex", "type": "answer", "id": "", "right": False, "move": "nodouble",
                      "seat": 0}
    host.click("[data-action=try-again]")
    host.click('[data-move="double:KH"]')
    assert "Yes: the double is free." in host.frame.locator(".status").inner_text()
    assert host.state()["judged"] is True
    rights = [m for m in host.messages() if m["type"] == "answer"]
    assert [m["right"] for m in rights] == [False, True]
    # the answer on demand, after starting again
    host.click("[data-action=try-again]")
    host.click("[data-action=show-answer]")
    assert host.state()["answer_shown"] is True
    assert "\u2665" in host.frame.locator(".status").inner_text()


# Every size docs/EMBED.md promises, and a state of each mode with the most to show: a hand
# of thirteen (or twelve, a doubled K♥ among them) with its controls, a trick, a question.
PROMISED = [(280, 280), (400, 500), (640, 480), (800, 600)]
MODES = {
    "view": f"mode=view&{KH.split('&moves=')[0]}&moves=2H,6H,3H",
    "replay": f"mode=replay&{KH}&step=3",
    "play": f"mode=play&hands={HANDS}&king=0&contract=king-of-hearts&answers=-/-/-/KH&moves=2H,6H,3H"
            "&seat=W&speed=instant&level=easy",
    "layout": "mode=play&seed=8&king=0&contract=trex&speed=instant",
    "exercise": f"mode=exercise&{DOUBLING}&answer=double:KH",
}
# What the reader must see whole: each card's rank and suit (in a fan only a card's corner
# shows), each seat's name, every control and the status line. A point of each that is
# outside the frame or under another element, and any element that scrolls, is a defect.
UNSEEN = """() => {
  const W = innerWidth, H = innerHeight, bad = [];
  const shown = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0
      && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[hidden], .sr-only'); };
  const name = el => el.dataset.card || el.dataset.action || el.dataset.move || el.className || el.tagName;
  const seen = (el, box, what) => {
    const r = box.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      bad.push(`${what} ${name(el)} is outside the frame`); return; }
    const y = (r.top + r.bottom) / 2;
    const inset = Math.min(3, r.width / 4);
    for (const x of [r.left + inset, (r.left + r.right) / 2, r.right - inset]) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el.contains(hit) || hit.contains(el))) {
        bad.push(`${what} ${name(el)} is under ${hit ? hit.className || hit.tagName : 'nothing'}`); return; }
    }
  };
  document.querySelectorAll('.hand .card').forEach(c =>
    shown(c) && seen(c, c.querySelector('.r') || c, 'card'));
  document.querySelectorAll('.hand-lines').forEach(c => shown(c) && seen(c, c, 'hand'));
  document.querySelectorAll('.seat-name').forEach(n => shown(n) && seen(n, n, 'name'));
  document.querySelectorAll('.status').forEach(n => shown(n) && n.textContent.trim() && seen(n, n, 'status'));
  document.querySelectorAll('button:not(.card)').forEach(b => { if (!shown(b)) return; seen(b, b, 'control');
    if (b.scrollWidth > b.clientWidth + 1) bad.push(`control ${b.textContent.trim()} is cut`); });
  document.querySelectorAll('*').forEach(el => {
    const s = getComputedStyle(el);
    if ((['auto', 'scroll'].includes(s.overflowY) && el.scrollHeight > el.clientHeight + 1)
        || (['auto', 'scroll'].includes(s.overflowX) && el.scrollWidth > el.clientWidth + 1))
      bad.push(`${name(el)} scrolls`); });
  return bad; }"""


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("mode", list(MODES))
def test_every_promised_size_shows_the_hand_the_names_and_the_controls(hosts, mode, lang):
    """At 280×280 the hand's second row was below the fold behind an inner scroll,
    the seats' names under the bar, and "Show the answer" cut at 280×280, 400×500, 640×480."""
    host = hosts()
    problems = {}
    for w, h in PROMISED:
        host.open(host.folder, f"{MODES[mode]}&lang={lang}", (w, h), name=f"fit-{mode}-{lang}-{w}")
        host.wait_message(lambda m: m["type"] == "ready")
        host.fr.wait_for_function("() => document.fonts.status === 'loaded'")
        bad = host.fr.evaluate(UNSEEN)
        if bad:
            problems[f"{w}x{h}"] = bad
        host.page.locator("#t").screenshot(path=str(ARTIFACTS / f"embed-fit-{mode}-{lang}-{w}x{h}.png"))
    assert not problems, problems


@pytest.mark.parametrize(("query", "param"), [
    ("mode=view&king=0&hands=AT42.T42.843.87/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963", "hands"),
    ("mode=view&king=0&hands=AT42.T42.843.872/A8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963", "hands"),
    ("mode=view&seed=1&king=0&rules=levant,turbo", "rules"),
    (f"mode=replay&hands={HANDS}&king=0&contract=king-of-hearts&moves=AS,AH", "moves"),
    ("mode=view&seed=1&king=0&colour=blue", "colour"),
    ("mode=warp&seed=1&king=0", "mode"),
    ("mode=play&seed=1&king=0&level=godlike", "level"),
    ("mode=view&seed=1&king=0&contract=poker", "contract"),
    ("mode=view&seed=1&contract=trex", "king"),
])
def test_a_bad_parameter_is_named_in_the_frame_and_no_save_is_touched(hosts, site_url, query, param):
    host = hosts({"width": 400, "height": 400})
    # a saved main game in the site's origin: the embed must neither read nor write it
    host.page.goto(site_url + "author.html")  # a page of the site's origin without Python
    host.page.evaluate("localStorage.setItem('trex.match', 'SAVED');"
                       "localStorage.setItem('trex.settings', 'S')")
    host.open(host.folder, query + "&id=lesson3", (400, 400), name="bad")
    error = host.wait_message(lambda m: m["type"] == "error")
    assert error["param"] == param
    text = host.frame.locator(".embed-error").inner_text()
    assert f"“{param}”" in text
    # the message names the table (it was "id": "") and says why, as the frame does
    assert error["id"] == "lesson3"
    assert error["reason"] and error["reason"] in host.frame.locator(".embed-error .problem").inner_text()
    host.page.goto(site_url + "author.html")
    assert host.page.evaluate("[localStorage.getItem('trex.match'), localStorage.getItem('trex.settings')]") \
        == ["SAVED", "S"]


def test_a_frame_preloads_nothing_it_does_not_use_soon(hosts, site_url):
    """Each frame logged "… was preloaded using link preload but not used within a
    few seconds" for the game's zips, fetched only once its runtime is up."""
    host = hosts()
    warnings: list[str] = []
    host.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    host.open(host.folder, f"mode=view&{KH}", (400, 500), name="preload")
    host.wait_message(lambda m: m["type"] == "ready")
    assert not [w for w in warnings if "preload" in w], warnings
    assert host.fr.evaluate("document.querySelectorAll('link[rel=preload]').length") == 0


def test_a_command_from_the_parent_moves_the_replay(hosts):
    host = hosts()
    host.open(host.folder, f"mode=replay&{KH}&id=lesson1", (800, 600), name="cmd")
    host.wait_message(lambda m: m["type"] == "ready")
    before = host.seq()
    host.page.evaluate("document.querySelector('#t').contentWindow.postMessage({type: 'step', n: 5}, '*')")
    host.frame.locator(f'.trex-table:not([data-seq="{before}"])').wait_for(state="attached")
    assert host.state()["step"] == 5 and st_moves(host) == KH_MOVES[:5]
    kinds = [m["type"] for m in host.messages()]
    assert kinds[0] == "ready" and kinds[-1] == "step"
    assert all(m["id"] == "lesson1" and m["source"] == "trex" for m in host.messages())
    assert {m["origin"] for m in host.page.evaluate("window.messages")} == {site_origin(host.site_url)}
    # an unknown command is answered, not ignored
    host.page.evaluate("document.querySelector('#t').contentWindow.postMessage({type: 'fly'}, '*')")
    err = host.wait_message(lambda m: m["type"] == "error")
    assert err["problem"] == "unknown-command"


def test_the_origin_parameter_refuses_commands_from_another_origin(hosts):
    host = hosts()
    # the frame expects commands only from an origin that is not the host's
    other = quote("http://127.0.0.1:1")
    host.open(host.folder, f"mode=replay&{KH}&origin={other}", (800, 600), name="origin")
    assert host.messages() == [], "no message goes to a parent of another origin"
    host.page.evaluate("document.querySelector('#t').contentWindow.postMessage({type: 'step', n: 5}, '*')")
    # the frame answers its own step buttons still: the command was not taken
    host.click("[data-action=step-forward]")
    assert host.state()["step"] == 1


def site_origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def test_a_page_of_many_tables_starts_one_runtime(new_table, site_url):
    t = new_table()
    t.page.goto(site_url + "tutorial.html")
    t.page.wait_for_selector("html[data-trex-tables=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    states = t.page.eval_on_selector_all("[data-trex]", "els => els.map(e => e.dataset.state)")
    assert states == ["ready", "ready", "ready"]
    ids = t.page.eval_on_selector_all("[id]", "els => els.map(e => e.id)")
    assert len(ids) == len(set(ids)), "no id twice on the page"
    assert t.page.locator("main").count() == 1, "the lesson's <main>, none per table"
    # each table answers its own buttons
    second = t.page.locator("[data-trex]").nth(1)
    second.locator('[data-move="double:KH"]').click()
    t.page.wait_for_function(
        "() => JSON.parse(document.querySelectorAll('[data-trex]')[1].trexTest.state()).judged")
    first = json.loads(t.page.locator("[data-trex]").first.evaluate("el => el.trexTest.state()"))
    assert first["step"] == 0
    t.screenshot("tutorial", full_page=True)


TUTORIAL_PHONE = {"width": 390, "height": 844}


def test_the_lesson_on_a_phone_keeps_its_hands_and_words_whole(new_table, site_url):
    """tutorial.html on a 390-wide phone: after the right answer in exercise 2 the
    hand became one row wider than the table (five cards cut off), "Restart" read "Restar",
    and a caption showed "(§3.5)", a rules reference that means nothing to a reader."""
    t = new_table(TUTORIAL_PHONE)
    exercise = answer_the_lessons_exercise(t.page, site_url)
    exercise.locator(".hand.readonly").wait_for()
    # the hand's cards glide from their places in the playing hand to the answer's (the
    # view's FLIP, tableview.js): measured where they come to rest (on a loaded machine the
    # measure fell inside the glide, the cards still low, and the test failed)
    exercise.evaluate("table => Promise.all(table.getAnimations({subtree: true}).map(a => a.finished))")
    exercise.screenshot(path=str(ARTIFACTS / "tutorial-phone-exercise-answered.png"))
    outside = exercise.evaluate("""table => {
      const box = table.getBoundingClientRect();
      return [...table.querySelectorAll('.hand .card')].filter(c => {
        const r = c.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5;
      }).map(c => c.dataset.card); }""")
    assert exercise.locator(".hand .card").count() == 13 and outside == [], outside
    cut = t.page.evaluate("""() => [...document.querySelectorAll('[data-trex] button')]
      .filter(b => b.getBoundingClientRect().width > 0 && b.scrollWidth > b.clientWidth + 1)
      .map(b => b.textContent.trim())""")
    assert cut == [], cut
    assert t.page.locator("[data-trex] [data-action=restart]").first.inner_text() == "Restart"
    # no rules reference in what a reader reads: the page, and every caption of its tables
    captions = t.page.evaluate("""() => [...document.querySelectorAll('[data-trex]')].flatMap(el =>
      [...new URLSearchParams(el.dataset.trex)].filter(([k]) => /^(caption\\.|right|wrong)/.test(k))
        .map(([, v]) => v))""")
    assert len(captions) >= 5
    assert not [c for c in captions if "\u00a7" in c], captions
    assert "\u00a7" not in t.page.locator("body").inner_text()
    t.screenshot("tutorial-phone-answered", full_page=True)


def test_the_author_page_snippet_shows_its_position(new_table, site_url):
    t = new_table()
    t.page.goto(site_url + "author.html")
    t.page.select_option("#mode", "replay")
    t.page.wait_for_function("() => (document.body.dataset.snippet || '').includes('mode=replay')")
    src = t.page.evaluate("document.body.dataset.snippet")
    t.page.goto(src)
    t.page.wait_for_selector("body[data-state=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    st = t.state()
    assert st["contract"] == "king-of-hearts" and st["step"] == 0
    m = Match.from_position(f"hands={HANDS};king=0;contract=king-of-hearts;answers=-/-/-/KH")
    assert sorted(st["hand"]) == sorted(card_text(c) for c in cards_of(m.state.hands[0]))


def test_the_author_page_follows_the_seed_and_the_preview_size(new_table, site_url):
    """author.html: a seed entered left the old hands in the Hands box (and on the
    deck), and the iframe snippet kept width 400 / height 500 after the 280×280 preview."""
    t = new_table()
    t.page.goto(site_url + "author.html")
    t.page.wait_for_function("() => (document.body.dataset.snippet || '').includes('hands=')")
    assert t.page.input_value("#hands") and t.page.locator("#deck button[data-seat]").count() == 52
    t.page.fill("#seed", "7")
    t.page.wait_for_function("() => document.body.dataset.snippet.includes('seed=7')")
    assert "hands=" not in t.page.evaluate("document.body.dataset.snippet")
    assert t.page.input_value("#hands") == ""
    assert t.page.locator("#deck button[data-seat]").count() == 0
    t.page.click('[data-size="280x280"]')
    t.page.wait_for_function("() => document.querySelector('#frame-snippet').value.includes('width=\"280\"')")
    snippet = t.page.input_value("#frame-snippet")
    assert 'width="280" height="280"' in snippet and "400" not in snippet and "500" not in snippet
    box = t.page.locator("#preview").bounding_box()
    assert (round(box["width"]), round(box["height"])) == (280, 280)
    t.page.click('[data-size="100%x34rem"]')
    t.page.wait_for_function("() => document.querySelector('#frame-snippet').value.includes('width:100%')")
    assert "height:34rem" in t.page.input_value("#frame-snippet")
    # typed hands replace the seed
    t.page.fill("#hands", HANDS)
    t.page.wait_for_function("() => document.body.dataset.snippet.includes('hands=')")
    assert t.page.input_value("#seed") == ""
    assert "seed=" not in t.page.evaluate("document.body.dataset.snippet")


def test_share_links_open_the_deal_where_it_was(new_table):
    t = new_table()
    t.goto("?speed=instant&seed=11")
    for _ in range(3):
        t.step()
    main = t.state()
    t.act("[data-action=share]")
    link = t.page.locator(".share-link").input_value()
    assert "embed.html?mode=replay" in link
    t.page.goto(link)
    t.wait_ready()
    st = t.state()
    assert st["moves"] == main["moves"] and st["hand"] == main["hand"] and st["trick"] == main["trick"]
    assert st["step"] > 0, "the replay opens where the deal was, and can step back"


def test_address_parameters_are_never_silently_replaced(new_table):
    t = new_table()
    t.goto("?seed=abc&level=godlike&speed=warp")
    notices = t.page.locator(".topbar .notice").all_inner_texts()
    assert any("seed=abc" in n for n in notices) and any("level=godlike" in n for n in notices)
    assert any("speed=warp" in n for n in notices)
    seed = t.state()["seed"]
    # a saved match and a link to another game: the player is asked, and keeping is the default
    t.goto(f"?seed={int(seed) + 1}")
    t.page.wait_for_selector(".overlay[data-overlay=confirm-seed]")
    assert t.state()["seed"] == seed
    t.act("[data-action=seed-game]")
    assert t.state()["seed"] == int(seed) + 1


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_axe_finds_nothing_serious_in_any_mode(new_table, site_url, lang):
    """axe-core (npm, served from node_modules) on each mode's frame page and on a page of
    many tables: no serious or critical violation, none of those fixed before."""
    from test_a11y import axe
    t = new_table({"width": 800, "height": 600})
    for mode, query in (("view", KH), ("replay", f"{KH}&caption.0={quote('Before the first lead')}"),
                        ("play", "seed=8&king=0&contract=trex&speed=instant"),
                        ("exercise", f"{DOUBLING}&answer=double:KH")):
        t.page.goto(site_url + f"embed.html?mode={mode}&lang={lang}&" + query.replace("&mode=replay", ""))
        t.wait_ready()
        assert t.page.evaluate("document.documentElement.lang") == lang
        axe(t, f"embed {mode}", lang)
    t.page.goto(site_url + f"embed.html?mode=view&lang={lang}&seed=1&king=0&colour=blue")
    t.wait_ready()
    axe(t, "embed error", lang)
    t.page.goto(site_url + "tutorial.html")
    t.page.wait_for_selector("html[data-trex-tables=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    axe(t, "tutorial", "en")
