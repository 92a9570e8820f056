"""The site loads from a sub-path with nothing from outside,
becomes playable, shows progress from the first paint and says so when a load fails."""
from conftest import DESKTOP, PHONE, SUB_PATH


def test_page_becomes_playable_from_a_sub_path(table):
    assert SUB_PATH in table.page.url
    st = table.wait_idle()
    assert st["phase"] in ("choose", "announce", "play")
    page = table.page
    assert page.locator(".hand .card").count() == len(st["hand"])
    for key in ("kingdom", "deal", "king", "contract", "turn"):
        assert page.locator(f".counters [data-k={key}]").inner_text().strip()
    assert page.locator("#loading").is_hidden()
    # every card in the hand is a keyboard-focusable button
    assert page.locator(".hand button.card").count() == len(st["hand"])


def test_only_local_requests_and_the_app_budget(table):
    urls = table.page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert urls and all(u.startswith("http://127.0.0.1:") for u in urls)
    assert any("/trexpyc-" in u for u in urls)
    assert not any(u.endswith(".whl") for u in urls)  # the engine's byte code has no source


def test_screenshots_desktop_and_phone(table):
    page = table.page
    page.set_viewport_size(DESKTOP)
    table.screenshot("load-desktop")
    page.set_viewport_size(PHONE)
    table.page.wait_for_timeout(50)  # one frame for the media query; not a readiness wait
    table.screenshot("load-phone")
    # nothing sticks out sideways on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(DESKTOP)


def test_progress_is_on_the_first_paint(new_table):
    t = new_table()
    t.goto("", wait=False)
    t.page.wait_for_selector("#load-bar", state="visible")
    assert "Loading" in t.page.locator("#load-text").inner_text() or \
        "Python" in t.page.locator("#load-text").inner_text()
    t.wait_ready()


def test_a_failed_load_says_so(new_table):
    t = new_table()
    t.guard.allow_errors = True  # the 404s are the point of this test
    t.context.route("**/trexpyc-*.zip", lambda route: route.fulfill(status=404, body="gone"))
    t.goto("", wait=False)
    t.page.wait_for_selector("#load-error", state="visible", timeout=90_000)
    assert "could not be loaded" in t.page.locator("#load-error").inner_text()
    assert t.page.locator("#load-retry").is_visible()
    t.screenshot("load-failed")


def test_layout_mirrors_for_right_to_left(table):
    """Ready for Arabic: with dir=rtl the panels mirror (logical CSS properties) while
    the felt keeps seat 1 on your right (§1.3)."""
    page = table.page
    page.evaluate("document.documentElement.dir = 'rtl'")
    try:
        right = page.locator(".seat.pos-right").bounding_box()
        left = page.locator(".seat.pos-left").bounding_box()
        assert right["x"] > left["x"]
        side = page.locator(".side").bounding_box()
        felt = page.locator(".felt").bounding_box()
        assert side["x"] < felt["x"], "the score sheet moves to the start (left) side"
        table.screenshot("rtl-desktop")
        assert page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    finally:
        page.evaluate("document.documentElement.dir = 'ltr'")


def test_cards_can_be_played_with_the_keyboard(table):
    page = table.page
    st = table.wait_idle()
    while st["waiting"] != "play" or st["legal"] == ["pass"]:
        table.step()
        st = table.wait_idle()
    cards = page.locator(".hand .card")
    cards.first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == cards.nth(1).get_attribute("data-card")
    page.locator(".hand .card.playable").first.focus()
    card = page.evaluate("document.activeElement.dataset.card")
    seq = page.evaluate("document.body.dataset.seq")
    page.keyboard.press("Enter")
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    assert card not in table.state()["hand"]


def test_the_bots_byte_code_comes_with_the_site(new_table, site_url):
    """No task over 100 ms on a phone: compiling a bot module on the page was a
    task of 50-110 ms at phone speed. build.py compiles the modules the page imports a step
    at a time (trexui.players.bots.STEPS) with the pinned Pyodide; the page unpacks that byte code
    next to the engine's and compiles none of them itself."""
    import io
    import json
    import sys
    import urllib.request
    import zipfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
    from trexui.players.bots import STEPS

    config = json.loads(urllib.request.urlopen(site_url + "pyscript.json").read())
    bots_zip = json.loads(urllib.request.urlopen(site_url + "build.json").read())["bots_bytecode"]
    assert bots_zip not in str(config["files"])  # fetched once the table is playable (bots.fetch_bytecode)
    pycs = {}
    # trex_core's in trexpyc-*.zip, the bots' in trexbots-*.zip, trexui's in trexui-*.zip (all sourceless)
    for name in [*config["files"], bots_zip]:
        data = urllib.request.urlopen(site_url + name.removeprefix("./")).read()
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            pycs.update({n: z.read(n) for n in z.namelist() if n.endswith(".pyc")})
    modules = {n.replace("/__pycache__/", "/").split(".")[0].removesuffix("/__init__").replace("/", ".")
               for n in pycs}
    # all the page's (build.py)
    assert {*STEPS, "trex_core.bots", "trexui.table.app", "trex_core.match"} <= modules
    assert all(int.from_bytes(b[4:8], "little") == 0b01 for b in pycs.values())  # unchecked hash
    t = new_table(viewport={"width": 360, "height": 740})
    t.goto("?speed=instant&seed=1&autoplay=1")
    t.page.wait_for_function("() => JSON.parse(window.trexTest.perf()).bots_imported", timeout=60_000)
    perf = json.loads(t.page.evaluate("window.trexTest.perf()"))
    assert perf["bots_compiled"] == []
    t.page.wait_for_function("() => JSON.parse(window.trexTest.perf()).bot_ms.length > 3", timeout=60_000)
