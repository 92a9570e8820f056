"""Tutorial tables that paint at once (docs/EMBED.md "Tables that paint at
once"): with the Python runtime held back (its WebAssembly request waits until the test lets
it go), the lesson's tables already show their diagrams; when Python takes over, their
elements are the same nodes, not one of them changed, and the HTML is the same. And
``python -m trex_core render`` prints what the live table renders for the same parameters."""
from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ARTIFACTS, BOOT_TIMEOUT_MS, DESKTOP, ROOT

HANDS = "AT42.T42.843.872/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963"
KH = f"hands={HANDS}&king=0&contract=king-of-hearts&answers=-/-/-/KH&moves=2H,6H,3H,5H,5D,2D,KH,4D"
DOUBLING = ("hands=K96.KJ95.9.AJ975/Q742.842.J875.KQ/J8.QT.KQT642.T82/AT53.A763.A3.643"
            "&king=2&contract=king-of-hearts&answers=?/?/-/-")
PHONE_SMALL = {"width": 360, "height": 740}

# Every table's view recorded, its nodes marked, and every change to them counted.
WATCH = """() => {
  window.viewChanges = [];
  const els = [...document.querySelectorAll('[data-trex]')];
  window.painted = els.map(el => el.querySelector(':scope > .table-view').innerHTML);
  for (const el of els) {
    const view = el.querySelector(':scope > .table-view');
    view.trexMark = 'painted';
    view.querySelectorAll('.seat, .card, .felt, .open-hand li').forEach(n => { n.trexMark = 'painted'; });
    new MutationObserver(records => {
      for (const r of records) window.viewChanges.push(r.type + ' ' + (r.attributeName || '') + ' ' +
        (r.target.className || r.target.nodeName));
    }).observe(view, {subtree: true, childList: true, attributes: true, characterData: true});
  }
}"""
SAME = """() => [...document.querySelectorAll('[data-trex]')].map((el, i) => {
  const view = el.querySelector(':scope > .table-view');
  const marked = [view, ...view.querySelectorAll('.seat, .card, .felt, .open-hand li')];
  return {same_html: view.innerHTML === window.painted[i],
          all_marked: marked.every(n => n.trexMark === 'painted'), nodes: marked.length};
})"""


def hold_runtime(page) -> list:
    """Requests for Pyodide's WebAssembly wait here until :func:`release` lets them go."""
    held: list = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    return held


def release(held: list) -> None:
    for route in held:
        route.continue_()
    held.clear()


def wait_held(t, held) -> None:
    """Until the runtime's WebAssembly is asked for (and held): the page is as far as it gets."""
    for _ in range(BOOT_TIMEOUT_MS // 50):
        if held:
            return
        t.page.wait_for_timeout(50)  # the Python thread of Playwright gets the route call
    raise AssertionError("the runtime's WebAssembly was never requested")


def test_the_lessons_tables_paint_before_python_and_python_keeps_their_nodes(new_table, site_url):
    t = new_table()
    held = hold_runtime(t.page)
    t.page.goto(site_url + "tutorial.html")
    # before the runtime: every table shows its diagram, cards and seats
    t.page.wait_for_selector("[data-trex] .felt", state="visible")
    wait_held(t, held)
    tables = t.page.eval_on_selector_all("[data-trex]", """els => els.map(el => ({
      seats: el.querySelectorAll('.felt .seat[data-seat]').length,
      cards: el.querySelectorAll('.hand .card').length, lines: el.querySelectorAll('.open-hand li').length,
      loading: el.classList.contains('trex-loading'), started: 'trexTest' in el,
      visible: el.querySelector('.felt').getBoundingClientRect().height > 100}))""")
    assert [x["seats"] for x in tables] == [4, 4, 4]
    assert all(x["cards"] >= 13 and x["visible"] and not x["loading"] and not x["started"]
               for x in tables), tables
    assert tables[0]["lines"] >= 12, "the replay shows the three other hands face up, four suits each"
    assert t.page.locator("html[data-trex-tables]").count() == 0, "no Python yet"
    assert t.page.get_by_text("West has doubled K♥").count() == 1, "step 0's caption"
    t.page.evaluate(WATCH)
    release(held)
    t.page.wait_for_selector("html[data-trex-tables=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    t.page.wait_for_function("() => [...document.querySelectorAll('[data-trex]')].every(e => e.dataset.seq)")
    same = t.page.evaluate(SAME)
    assert all(x["same_html"] and x["all_marked"] and x["nodes"] > 15 for x in same), same
    assert t.page.evaluate("window.viewChanges") == [], "Python's first render changed nothing"
    # and the tables are live: the replay steps on from its painted buttons
    first = t.page.locator("[data-trex]").first
    first.locator("[data-action=step-forward]").click()
    t.page.wait_for_function("() => document.querySelector('[data-trex]').querySelector('.step-count')"
                             ".textContent.includes('1')")


@pytest.mark.parametrize(("name", "viewport", "lang"), [
    ("phone", PHONE_SMALL, "en"), ("desktop", DESKTOP, "en"), ("phone", PHONE_SMALL, "ar"),
    ("desktop", DESKTOP, "ar")])
def test_screenshots_of_the_lesson_before_python(new_table, site_url, name, viewport, lang):
    """For a person to look at (tests/browser/artifacts/): the lesson before its runtime."""
    t = new_table(viewport=viewport)
    held = hold_runtime(t.page)
    page = "tutorial.html"
    if lang != "en":  # the lesson in another language: the page's <html lang>, painted by the command
        source = (ROOT / "web" / "tutorial.html").read_text(encoding="utf-8")
        source = source.replace('<html lang="en" dir="ltr">', f'<html lang="{lang}" dir="rtl">', 1)
        html = run_render("--page", "-", stdin=source)
        page = f"tutorial-{lang}.html"
        t.page.route(site_url + page, serve(html))
    t.page.goto(site_url + page)
    t.page.wait_for_selector("[data-trex] .felt", state="visible")
    wait_held(t, held)
    ARTIFACTS.mkdir(exist_ok=True)
    t.page.screenshot(path=str(ARTIFACTS / f"lesson-before-python-{name}-{lang}.png"), full_page=True)
    assert t.page.locator("html[data-trex-tables]").count() == 0
    release(held)


def serve(html: str):
    """A route handler that answers with this page (at the site's origin, as a lesson is)."""
    return lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8")


def run_render(*args: str, stdin: str | None = None) -> str:
    """``python -m trex_core render …``, as a static site generator runs it (from the checkout)."""
    out = subprocess.run([sys.executable, "-m", "trex_core", "render", *args], cwd=ROOT, input=stdin,
                         capture_output=True, text=True, check=True)
    return out.stdout


LIVE = [
    ("mode=view&" + KH + "&show=all", "en"),
    ("mode=replay&" + KH + "&step=4&caption.4=East%20wins", "en"),
    ("mode=replay&" + KH + "&step=8", "en"),  # the deal is over: its summary is on show
    ("mode=exercise&" + DOUBLING + "&answer=double:KH&lang=ar", "en"),
    ("mode=play&seed=8&king=0&contract=trex&felt=dark", "nl"),
    ("mode=view&seed=3&king=1&contract=queens&seat=N", "ar"),
]


def test_the_render_command_prints_what_the_live_table_renders(new_table, site_url):
    """An unpainted page of tables, one per case: once Python has rendered them, each
    table's view is what ``python -m trex_core render`` printed (read by the same parser)."""
    t = new_table()
    pages = {i: (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>t</title></head>'
                 f'<body><div data-trex="{q.replace("&", "&amp;")}" style="height:30rem"></div>'
                 '<script src="./tables.js" defer></script></body></html>')
             for i, (q, lang) in enumerate(LIVE)}
    for i, (q, lang) in enumerate(LIVE):
        url = site_url + f"live-{i}.html"
        t.page.route(url, serve(pages[i]))
        t.page.goto(url)
        t.page.wait_for_selector("html[data-trex-tables=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
        t.page.wait_for_selector("[data-trex][data-seq]", state="attached")
        printed = run_render(q, "--lang", lang, "--inner")
        same = t.page.evaluate("""printed => {
          const tpl = document.createElement('template');
          tpl.innerHTML = printed;
          const live = document.querySelector('[data-trex] > .table-view');
          return {same: tpl.content.querySelector('.table-view').innerHTML === live.innerHTML,
                  live: live.innerHTML.length};
        }""", printed)
        assert same["same"], (q, lang)


def test_the_author_pages_snippet_carries_the_painted_table(new_table, site_url):
    """author.html runs no Python: its preview frame paints the element for the snippet.
    A lesson made of that snippet shows the diagram before its runtime, and Python then
    changes none of it."""
    t = new_table()
    t.page.goto(site_url + "author.html")
    t.page.select_option("#mode", "view")
    t.page.wait_for_function("() => (document.body.dataset.painted || '').startsWith('mode=view')",
                             timeout=BOOT_TIMEOUT_MS)
    snippet = t.page.input_value("#div-snippet")
    assert snippet.startswith(f'<link rel="stylesheet" href="{site_url}style.css">\n'
                              '<div data-trex="mode=view&amp;')
    assert '<div class="table-view">' in snippet
    assert snippet.endswith(f'<script src="{site_url}tables.js" defer></script>')
    lesson = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>my lesson</title></head>'
              f'<body><h1>My lesson</h1>{snippet}</body></html>')
    held = hold_runtime(t.page)
    t.page.route(site_url + "my-lesson.html", serve(lesson))
    t.page.goto(site_url + "my-lesson.html")
    t.page.wait_for_selector("[data-trex] .felt", state="visible")
    wait_held(t, held)
    assert t.page.locator("[data-trex] .felt .seat[data-seat]").count() == 4
    assert t.page.locator("[data-trex] .hand .card").count() == 13
    t.page.evaluate(WATCH)
    release(held)
    t.page.wait_for_selector("html[data-trex-tables=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    same = t.page.evaluate(SAME)
    assert same[0]["same_html"] and same[0]["all_marked"], same
    assert t.page.evaluate("window.viewChanges") == []
