"""The table before Python (web/early.js, web/trexui/start/opening.py).

The runtime's wasm is held back by the test (a route that answers only when the test lets
it go), so every check of the table "before Python" runs while Python cannot have started;
then the test lets it go and checks what Python made of the taps. Openings are picked with
``?opening=N`` (the test's way; a player gets one at random).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from trex_core import Match

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from conftest import PHONE, _new_table  # noqa: E402
from trexui.start import opening  # noqa: E402

WASM = "**/pyodide.asm.wasm"


def first_node(lang: str, pred) -> tuple[int, dict]:
    """The first opening whose start (without the tour) satisfies ``pred(node, data)``."""
    for i, seed in enumerate(opening.SEEDS):
        data = opening.build(seed, lang)
        node = data["nodes"][data["start"]["table"]]
        if pred(node, data):
            return i, data
    raise AssertionError("no opening fits")


class Held:
    """The runtime's wasm, held until ``release()``: Python cannot start before."""

    def __init__(self, context, pattern: str = WASM):
        self.routes = []
        self.released = False
        self.context = context
        context.route(pattern, self._hold)

    def _hold(self, route):
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self):
        self.released = True
        for r in self.routes:
            r.continue_()


def early_page(new_table, query: str, **options):
    t = new_table(**options)
    held = Held(t.context)
    t.goto(query, wait=False)
    t.page.wait_for_selector("body[data-state=early]", timeout=30_000)
    # (the wasm may not even be asked for yet: the opening comes first)
    return t, held


def parts_html(page) -> dict[str, str]:
    return page.evaluate("""() => Object.fromEntries(Array.from(
        document.querySelectorAll('#app .table-view [data-part]'), e => [e.dataset.part, e.outerHTML]))""")


CONTRACTS = ("king-of-hearts", "queens", "diamonds", "collections", "trex")


def test_a_contract_and_a_card_tapped_before_python_are_both_in_the_match(new_table):
    """§2 the king names a contract, §3 a card: both tapped before Python, both played."""
    def king_then_card(node, data):
        return any(k == f"move:{c}" and any(e.startswith("raise:") for e in data["nodes"][v]["edges"])
                   for k, v in node["edges"].items() for c in CONTRACTS)
    i, data = first_node("en", king_then_card)
    node = data["nodes"][data["start"]["table"]]
    chosen = next(k[5:] for k, v in node["edges"].items() if k[5:] in CONTRACTS
                  and any(e.startswith("raise:") for e in data["nodes"][v]["edges"]))
    t, held = early_page(new_table, f"?lang=en&opening={i}", viewport=PHONE, has_touch=True, is_mobile=True)
    page = t.page
    page.locator(f'.contract-btn[data-move="{chosen}"]').tap()
    # the bots' answers to the contract come from the opening; then the player's card
    page.wait_for_selector(".hand .card.playable")
    played = page.locator(".hand .card.playable").first.get_attribute("data-move")
    page.locator(f'.hand .card[data-move="{played}"]').tap()  # a touch tap raises it (as with Python) ...
    page.wait_for_selector(f'.hand .card.raised[data-move="{played}"]')
    page.locator(f'.hand .card[data-move="{played}"]').tap()  # ... and the second plays it:
    # the bots answer it (a branch); the king's second card is kept for Python (opening.DEPTH)
    page.wait_for_selector(f'.hand .card[data-move="{played}"]', state="detached")
    page.wait_for_function("() => !document.body.dataset.early")
    page.wait_for_selector(".hand .card.playable")
    second = page.locator(".hand .card.playable").first.get_attribute("data-move")
    page.locator(f'.hand .card[data-move="{second}"]').tap()
    page.wait_for_selector(f'.hand .card.raised[data-move="{second}"]')
    page.locator(f'.hand .card[data-move="{second}"]').tap()
    page.wait_for_selector("body[data-early=kept]")
    page.locator(".hand .card").last.tap()  # another tap: not taken, and nothing lost
    assert page.evaluate("document.body.dataset.state") == "early"
    page.evaluate("document.querySelector('[data-part=topbar]').trexMark = 1")
    held.release()
    t.wait_ready()
    st = t.state()
    moves = json.loads(page.evaluate("window.trexTest.record()"))["moves"]
    # the engine replays the page's match from the seed: who made each move
    m = Match.new(seed=data["seed"])
    mine = []
    for text in moves:
        if m.to_move == 0:
            mine.append(text)
        m.play(text)
    assert st["seed"] == data["seed"]
    assert mine[0] == chosen and mine[-2:] == [played, second] and played not in mine[:-2], mine
    assert page.evaluate("document.querySelector('[data-part=topbar]').trexMark") == 1, \
        "Python replaced the table's elements instead of taking them over"
    t.guard.check()


def test_an_opening_is_what_python_renders_for_it(new_table):
    """The opening's parts are the live view's parts for the same match, to the byte."""
    i, data = first_node("ar", lambda n, d: True)
    t, held = early_page(new_table, f"?lang=ar&opening={i}")
    before = parts_html(t.page)
    assert before["you"].count('data-action="move"') >= 1
    held.release()
    t.wait_ready()
    after = parts_html(t.page)
    assert set(after) == set(before)
    for name in before:
        assert after[name] == before[name], f"part {name} differs after Python took over"


def test_the_opening_is_asked_for_before_the_stylesheets_have_come(new_table):
    """A <meta> CSP stops Chromium's preload scanner, so a script after a stylesheet would
    wait for it before fetching the opening (a round trip and more on a phone's line): the
    page's early.js runs before its stylesheets (inline, web/index.html). Held here: the
    stylesheet; the opening must be asked for all the same."""
    t = new_table()
    held = Held(t.context, "**/style.css")
    asked = []
    t.page.on("request", lambda r: asked.append(r.url) if "/openings-" in r.url else None)
    with t.page.expect_request(lambda r: "/openings-" in r.url, timeout=30_000):
        t.page.goto(t.url + "?opening=0", wait_until="commit")
    assert not held.released  # (asked before the stylesheet: before or after its request)
    held.release()
    t.page.wait_for_selector("body[data-state=early]", timeout=30_000)
    assert len(asked) == 1


def test_the_table_is_in_the_page_before_its_stylesheet_and_no_card_is_painted_first(new_table):
    """The page's first frame is the table (docs/WEB.md "The start"): the view is parsed
    before the script that waits for the stylesheets (web/index.html), so an opening that
    arrives before style.css is in the page at once; while the opening is coming the loading
    card is not shown (start.css), to be laid out and shrunk a moment later."""
    t = new_table()
    style = Held(t.context, "**/style.css")
    coming = Held(t.context, "**/openings-*/*")
    Held(t.context)  # (the wasm: Python cannot start in this test)
    with t.page.expect_request(lambda r: "/openings-" in r.url, timeout=30_000):
        t.page.goto(t.url + "?opening=0", wait_until="commit")
    t.page.wait_for_selector("#loading", state="attached", timeout=30_000)
    early, card = t.page.evaluate("""() => [document.documentElement.dataset.opening,
        getComputedStyle(document.getElementById('loading')).display]""")
    assert (early, card) == ("coming", "none")
    coming.release()
    t.page.wait_for_selector("body[data-state=early]", state="attached", timeout=30_000)
    assert not style.released
    parts = t.page.evaluate("document.querySelectorAll('#app .table-view [data-part]').length")
    assert parts > 0
    assert not t.page.evaluate("document.documentElement.hasAttribute('data-opening')")
    style.release()
    t.page.wait_for_function("getComputedStyle(document.getElementById('loading')).display !== 'none'")


def test_the_game_files_are_preloaded_only_once_the_table_is_shown(new_table):
    """The engine's and the UI's zips are preloaded so that they download while Pyodide
    starts, but not beside the opening: on a 4G line they held the first move back by about
    0.2 s (web/loader.js, docs/WEB.md "The fourth step"). Held here: the opening, then the
    wasm; the game's files must not be asked for while the opening is coming, and must be
    asked for once the table is shown, while Python cannot have started."""
    t = new_table()
    page_html = t.page.context.request.get(t.url).text()
    names = json.loads(page_html.split('id="trex-preload" type="application/json">')[1].split("</script>")[0])
    assert len(names) == 2
    files = [n[2:] for n in names]
    asked = []

    def ask(request):
        name = request.url.rsplit("/", 1)[-1]
        if name in files:
            asked.append(name)
    t.page.on("request", ask)
    coming = Held(t.context, "**/openings-*/*")
    Held(t.context)  # (the wasm: Python cannot start in this test)
    with t.page.expect_request(lambda r: "/openings-" in r.url, timeout=30_000):
        t.page.goto(t.url + "?opening=0", wait_until="commit")
    t.page.wait_for_load_state("domcontentloaded")
    t.page.wait_for_function("document.querySelectorAll('link[rel=preload]').length === 0 && "
                             "window.trexEarly.state === 'loading'")
    assert asked == []
    coming.release()
    t.page.wait_for_selector("body[data-state=early]", state="attached", timeout=30_000)
    t.page.wait_for_function("document.querySelectorAll('link[rel=preload][as=fetch]').length === 2",
                             timeout=30_000)
    t.page.wait_for_function("files => files.every(f => performance.getEntriesByType('resource')"
                             ".some(e => e.name.endsWith('/' + f)))", arg=files, timeout=30_000)
    assert sorted(set(asked)) == sorted(files)
    assert not t.page.evaluate("document.body.dataset.state === 'ready'")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_arrow_keys_move_along_the_hand_before_python(new_table, lang):
    """As once Python is up (focus.py arrow): along the group, in the reading direction,
    wrapping; Home and End; only the focus moves, and Enter then plays as a click does."""
    i, data = first_node(lang, lambda n, d: 'data-nav="hand"' in "".join(
        opening.html_of(d, k) for _, k in n["parts"]))
    t, held = early_page(new_table, f"?lang={lang}&opening={i}")
    page = t.page
    keys = page.evaluate("Array.from(document.querySelectorAll('[data-nav=hand]'), e => e.dataset.key)")
    assert len(keys) > 2
    page.locator(f'[data-key="{keys[0]}"]').focus()
    forward, back = ("ArrowLeft", "ArrowRight") if lang == "ar" else ("ArrowRight", "ArrowLeft")

    def focused():
        return page.evaluate("document.activeElement.dataset.key")
    page.keyboard.press(forward)
    assert focused() == keys[1]
    page.keyboard.press(back)
    page.keyboard.press(back)
    assert focused() == keys[-1]  # (wrapped)
    page.keyboard.press("Home")
    assert focused() == keys[0]
    page.keyboard.press("End")
    assert focused() == keys[-1]
    page.keyboard.press("ArrowDown")
    assert focused() == keys[0]
    assert t.page.evaluate("document.body.dataset.state") == "early" and not page.evaluate(
        "document.body.hasAttribute('data-early')")  # nothing played, nothing kept
    held.release()
    t.wait_ready()


def test_a_refused_card_says_why_before_python(new_table):
    """§3.2: following suit; a card you may not play is refused with the engine's reason,
    from the opening, before Python; nothing is kept for Python."""
    i, data = first_node("en", lambda n, d: any(
        k.startswith("move:") and isinstance(v, int) and d["nodes"][v]["moves"] == n["moves"]
        for k, v in n["edges"].items()))
    t, held = early_page(new_table, f"?lang=en&opening={i}")
    page = t.page
    node = data["nodes"][data["start"]["table"]]
    refused = next(k[5:] for k, v in node["edges"].items() if k.startswith("move:") and isinstance(v, int)
                   and data["nodes"][v]["moves"] == node["moves"])
    said = page.locator("[data-part=you]").inner_text()
    page.locator(f'.hand .card[data-move="{refused}"]').click(force=True)
    page.wait_for_function("s => document.querySelector('[data-part=you]').innerText !== s", arg=said)
    assert page.locator("[data-part=you]").inner_text() != said
    assert not page.evaluate("document.body.hasAttribute('data-early')")
    held.release()
    t.wait_ready()
    assert t.state()["moves"] == len(node["moves"])  # the refused card was not played


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_tour_is_on_the_opening_and_its_close_is_kept(browser, site_url, new_table, lang):
    """A first visit: the tour over the opening, stepped and closed before Python; Python
    remembers it was seen."""

    t = _new_table(browser, site_url, PHONE, tour=True)
    held = Held(t.context)
    try:
        t.goto(f"?lang={lang}", wait=False)
        t.page.wait_for_selector("body[data-state=early] .overlay [data-action=tour-next]")
        t.page.locator("[data-action=tour-next]").click()
        t.page.wait_for_selector("[data-tour-step='2']")
        t.screenshot(f"early-tour-{lang}-phone")
        t.page.locator("[data-action=tour-done]").last.click()
        t.page.wait_for_selector(".overlay", state="detached")
        held.release()
        t.wait_ready()
        settings = json.loads(t.page.evaluate("localStorage.getItem('trex.settings')"))
        assert settings["tour_seen"] is True
        assert t.state()["overlay"] is None
        t.guard.check()
    finally:
        t.context.close()


def test_a_returning_player_finds_the_table_as_left_and_a_tap_is_kept(new_table):
    """A later visit paints the table kept when the page was left (the save it was kept with
    is the stored one) before Python, and a card clicked on it is played by Python."""
    t = new_table(PHONE)
    t.goto("?speed=instant")
    st = t.wait_idle()
    if st["waiting"] == "choose":
        st = t.act(".contract-btn")
    while st["waiting"] != "play" or st["legal"] == ["pass"]:
        t.step()
        st = t.wait_idle()
    left = parts_html(t.page)
    moves = st["moves"]
    held = Held(t.context)
    t.page.reload(wait_until="commit")  # the page is left (pagehide): the table is kept
    t.page.wait_for_selector("body[data-state=early]")
    assert parts_html(t.page)["you"] == left["you"]
    card = t.page.locator(".hand .card.playable").first
    played = card.get_attribute("data-move")
    card.click()
    t.page.wait_for_selector("body[data-early=kept]")
    held.release()
    t.wait_ready()
    record = json.loads(t.page.evaluate("window.trexTest.record()"))["moves"]
    assert len(record) > moves and record[moves] == played


def test_a_table_kept_with_another_save_is_not_painted(new_table):
    """Another tab saved since the table was kept: the page starts as before (no early
    table), and restores the stored match."""
    t = new_table()
    t.goto("?speed=instant")
    t.wait_idle()
    t.page.evaluate("window.dispatchEvent(new Event('pagehide'))")
    kept = json.loads(t.page.evaluate("localStorage.getItem('trex.view')"))
    save = t.page.evaluate("localStorage.getItem('trex.match')")
    assert save.startswith(kept["head"])
    other = save.replace('"n":', '"n":1', 1)  # a later stamp: another tab's save
    t.reload(storage={"trex.match": other})
    assert t.page.evaluate("document.body.dataset.early === undefined")
    assert t.page.evaluate("window.trexEarly.state") == "off"
    assert t.state()["seed"] == json.loads(other)["seed"]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_loading_strip_covers_nothing_of_the_table_on_a_phone(new_table, lang):
    """On a phone, upright or held sideways, no corner of the table is free: the strip is a
    thin line along the top edge (start.css), over no control and no word of the table;
    its words are still there for a screen reader. A kept tap brings them back."""
    for size in (PHONE, {"width": 740, "height": 360}, {"width": 360, "height": 740}):
        t, held = early_page(new_table, f"?lang={lang}&opening=2", viewport=size, has_touch=True,
                             is_mobile=True)
        covered = t.page.evaluate("""() => {
            const strip = document.getElementById('loading').getBoundingClientRect();
            const over = r => r.width && r.height && r.left < strip.right && r.right > strip.left
                && r.top < strip.bottom && r.bottom > strip.top;
            const hit = Array.from(document.querySelectorAll('#app button, #app [data-action]'))
                .filter(e => over(e.getBoundingClientRect())).map(e => e.outerHTML.slice(0, 80));
            const words = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
            for (let n = words.nextNode(); n; n = words.nextNode()) {
                if (!n.textContent.trim()) continue;
                const range = document.createRange();
                range.selectNodeContents(n);
                if (Array.from(range.getClientRects()).some(over)) hit.push(n.textContent.trim());
            }
            return hit;
        }""")
        assert covered == [], (size, covered)
        assert t.page.locator("#load-bar").is_visible()
        assert t.page.locator("#load-text").inner_text().strip()  # (read, not seen)
        t.context.close()
        held.release()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_table_before_python_passes_axe_at_every_size(new_table, lang):
    """axe-core finds nothing serious on the table before Python (the loading strip over
    it), on a phone, a phone held sideways and a desktop; screenshots of each."""
    from test_a11y import axe
    for name, size in (("phone", PHONE), ("side", {"width": 740, "height": 360}),
                       ("desktop", {"width": 1280, "height": 800})):
        t, held = early_page(new_table, f"?lang={lang}&opening=2", viewport=size)
        assert t.page.locator("#load-bar").is_visible()  # how far the game has come
        t.screenshot(f"early-{lang}-{name}")
        axe(t, f"before Python, {name}", lang)
        held.release()
        t.wait_ready()
        t.context.close()
