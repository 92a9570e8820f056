"""Browser-test harness: Debian's Chromium driven by Playwright (sync API).

* The site is built once per session (set TREX_SITE=<dir> to use an existing
  build) and served on 127.0.0.1 under a sub-path, like a static host.
* Every request that is not for 127.0.0.1 is aborted, recorded and fails the
  test; so does any console error or uncaught page error.
* One Pyodide boot per test module: the ``table`` fixture is module-scoped;
  tests that need a fresh page (reload, corrupt save) say so themselves.
* Screenshots go to tests/browser/artifacts/ (git-ignored).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the repo's build.py)

CHROMIUM = os.environ.get("TREX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
BOOT_TIMEOUT_MS = 90_000  # 2 cores running tests in parallel with other work
SUB_PATH = "/games/trex/"  # proves relative URLs: the site is not at the root


@pytest.fixture(scope="session")
def site_url():
    root = Path(os.environ["TREX_SITE"]) if os.environ.get("TREX_SITE") else build.build()
    srv, url = build.serve_in_thread(root, base=SUB_PATH)
    yield url
    srv.shutdown()


NO_TOUR = "window.trexNoTour = true;"
"""Set before every page starts: the first-visit tour (web/trexui/table/guide.py) stays away, so
the tests find the table as they expect it. ``browser.new_context(tour=True)`` leaves it on."""


STORAGE_HASH = "#trex-test-storage="
STORAGE_ON_LOAD = """(() => {
  const hash = HASH;
  if (window !== window.top || !location.hash.startsWith(hash)) return;
  const items = JSON.parse(decodeURIComponent(location.hash.slice(hash.length)));
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  history.replaceState(history.state, "", location.pathname + location.search);
})();""".replace("HASH", json.dumps(STORAGE_HASH))
"""Run before every page of a table starts: ``Table.reload(storage=...)`` hands it the items
in the address's fragment, which it removes before the page reads the address."""


# Chromium's renderer now and then dies while a page boots Pyodide ("Page crashed", "Target
# crashed"): up to three times in a full run of over a thousand page boots, in a different
# test each time (test_bot_tasks, test_aids, test_hosts, test_embed, test_languages,
# test_snapshot), never when that test or its module is run alone (dozens of runs). With
# --enable-logging, Chromium logged no reason (its crash reporter ran; the kernel killed
# nothing). Such a test runs again, up to twice (pytest-rerunfailures), each time in a newly
# launched browser (TourlessBrowser); any other failure fails it, and the run's summary
# counts the reruns.
RENDERER_CRASHED = ["Page crashed", "Target crashed"]
crashes = [0]  # renderer crashes seen so far in this run


def pytest_collection_modifyitems(items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in item.path.resolve().parents:
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=RENDERER_CRASHED))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    if report.failed and any(why in str(report.longrepr) for why in RENDERER_CRASHED):
        crashes[0] += 1


class TourlessBrowser:
    """The launched browser, whose contexts' pages skip the first-visit tour unless asked.

    After a renderer crash anywhere in the run (``crashes``), its next context comes from a
    newly launched browser: a test run again after a crash does not run in the browser that
    crashed. The earlier browsers stay open for the contexts they hold (a module's shared
    ``table``) and are closed with this one."""

    def __init__(self, launch):
        self._launch = launch
        self._browsers = [launch()]
        self._crashes = crashes[0]

    @property
    def _browser(self):
        return self._browsers[-1]

    def new_context(self, *args, tour: bool = False, **kwargs):
        if self._crashes != crashes[0]:
            self._crashes = crashes[0]
            self._browsers.append(self._launch())
        context = self._browser.new_context(*args, **kwargs)
        if not tour:
            context.add_init_script(NO_TOUR)
        return context

    def close(self):
        for b in self._browsers:
            b.close()

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def playwright_session():
    """One sync Playwright per process."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="module")
def browser(playwright_session):
    """A Chromium per test module: the whole run is over a thousand pages, each booting
    Pyodide, and one browser process kept for all of them once lost a page's renderer late
    in the run ("Page crashed" while booting a page that boots in every other run)."""
    b = TourlessBrowser(lambda: playwright_session.chromium.launch(
        executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True))
    yield b
    b.close()


class Guard:
    """Watches one browser context: outside requests and console errors."""

    def __init__(self, context):
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.allow_errors = False
        context.route("**/*", self._route)

    def _route(self, route):
        host = urlsplit(route.request.url).hostname
        if host == "127.0.0.1":
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def watch(self, page):
        page.on("console", lambda m: self.errors.append(f"console.{m.type}: {m.text}")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        return page

    def check(self):
        outside, errors = self.outside[:], self.errors[:]
        self.outside.clear()
        self.errors.clear()
        assert not outside, f"requests outside 127.0.0.1: {outside}"
        if not self.allow_errors:
            assert not errors, "console errors:\n" + "\n".join(errors)


UNFILLED = r"""() => {
  const re = /\{[a-z_]+\}/;
  const texts = [document.body.innerText, document.title];
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]"))
    for (const name of ["aria-label", "title", "placeholder"]) texts.push(el.getAttribute(name) || "");
  return texts.filter(s => re.test(s)).map(s => {
    const i = s.search(re);
    return s.slice(Math.max(0, i - 60), i + 60);
  });
}"""
"""Texts of the page with a ``{name}`` left in them (a catalogue text not given its value)."""


class Table:
    """One page of the game, with helpers that act like a player (clicks) and
    read what is on screen. ``state()`` reads the UI's JSON test view."""

    def __init__(self, context, page, guard, url):
        self.context, self.page, self.guard, self.url = context, page, guard, url

    # -- navigation ------------------------------------------------------------------
    def goto(self, query: str = "", wait: bool = True):
        self.page.goto(self.url + query)
        if wait:
            self.wait_ready()
        return self

    def reload(self, storage: dict[str, str] | None = None):
        """Reload the page; ``storage``: local-storage items the new page finds in place.
        They are written by the reloaded document itself, before its scripts run
        (STORAGE_ON_LOAD): written by the old page just before the reload, Chromium let the
        new page read the old value about once in 40 reloads (its storage service gets
        each page's writes asynchronously)."""
        if storage:
            self.page.evaluate(
                "h => history.replaceState(history.state, '', location.pathname + location.search + h)",
                STORAGE_HASH + quote(json.dumps(storage), safe=""))
        self.page.reload()
        self.wait_ready()

    def wait_ready(self):
        self.page.wait_for_selector("body[data-state=ready]", timeout=BOOT_TIMEOUT_MS,
                                    state="attached")

    # -- reading ---------------------------------------------------------------------
    def state(self) -> dict:
        """The UI's summary for tests (window.trexTest.state(): phase, to_move, ...)."""
        return json.loads(self.page.evaluate("window.trexTest.state()"))

    def wait_idle(self, timeout: int = 30_000):
        """Wait until the human must act or the match is over (bots done)."""
        self.page.wait_for_selector("body[data-waiting]", timeout=timeout, state="attached")
        return self.state()

    def screenshot(self, name: str, full_page: bool = False):
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    # -- acting ----------------------------------------------------------------------
    def click(self, selector: str):
        self.page.locator(selector).first.click()

    def act(self, selector: str, timeout: int = 60_000, force: bool = False) -> dict:
        """Click like a player, then wait until the page has re-rendered and waits
        for the player again (bots done). Returns the new state."""
        seq = self.page.evaluate("document.body.dataset.seq")
        # force: a card you may not play is aria-disabled, which Playwright treats as
        # not clickable; a player can still click it and is told why.
        self.page.locator(selector).first.click(force=force)
        self.page.wait_for_function(
            "s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')",
            arg=seq, timeout=timeout)
        self.assert_filled()
        return self.state()

    def assert_filled(self):
        """No text on the page still holds a placeholder its caller did not fill ("{seed}"):
        the words shown and the ones read out (labels, titles)."""
        left = self.page.evaluate(UNFILLED)
        assert not left, f"unfilled placeholders on the page: {left}"

    def step(self, double: bool = False) -> bool:
        """One simple, legal player action by clicking; False when the match is over."""
        st = self.wait_idle()
        w = st["waiting"]
        if w in ("result", "over"):
            return False
        if w == "summary":
            self.act("[data-action=next-deal]")
        elif w == "choose":
            self.act(".contract-btn")
        elif w == "announce":
            sel = "[data-prompt=announce] [data-move^='double:']" if double else \
                "[data-prompt=announce] [data-move=nodouble]"
            if not self.page.locator(sel).count():
                sel = "[data-prompt=announce] button"
            self.act(sel)
        elif w == "play":
            self.act(".pass-btn" if st["legal"] == ["pass"] else ".hand .card.playable")
        else:
            raise AssertionError(f"unexpected waiting state {w!r}: {st}")
        return True

    def play_deal(self) -> dict:
        """Play by clicks until the current deal's summary shows; returns that state."""
        while True:
            st = self.wait_idle()
            if st["waiting"] in ("summary", "result", "over"):
                return st
            self.step()


def _new_table(browser, url, viewport=DESKTOP, **context_options):
    context = browser.new_context(viewport=viewport, service_workers="block", **context_options)
    context.add_init_script(STORAGE_ON_LOAD)
    guard = Guard(context)
    page = guard.watch(context.new_page())
    page.set_default_timeout(30_000)
    return Table(context, page, guard, url)


@pytest.fixture(scope="module")
def table(browser, site_url):
    """A booted game page shared by the tests of one module (one Pyodide boot),
    with the bots at full speed."""
    t = _new_table(browser, site_url)
    t.goto("?speed=instant")
    yield t
    t.context.close()


@pytest.fixture
def new_table(browser, site_url):
    """A factory of fresh pages (own context: empty storage and cache)."""
    yield from tables(lambda viewport=DESKTOP, **options: _new_table(browser, site_url, viewport, **options))


def tables(build_table):
    """A fixture's factory of pages: ``build_table(...)`` makes one; when the test is done,
    each page's guard is checked (outside requests, console errors) and its context closed."""
    made = []

    def make(*args, **kwargs):
        t = build_table(*args, **kwargs)
        made.append(t)
        return t

    yield make
    for t in made:
        try:
            t.guard.check()
        finally:
            t.context.close()


@pytest.fixture(autouse=True)
def _guard_each_test(request):
    """After every test: no outside requests, no console errors on the shared page."""
    yield
    if "table" in request.fixturenames:
        request.getfixturevalue("table").guard.check()


# -- seeds with known deals, found with the engine natively ------------------------------
def find_seed(pred, limit: int = 20_000) -> int:
    from trex_core import Match
    for seed in range(1, limit):
        m = Match.new(seed=seed)
        if pred(seed, m):
            return seed
    raise AssertionError("no seed found")


def answer_the_lessons_exercise(page, site_url: str):
    """tutorial.html, its second table (an exercise) answered rightly (double the K♥) and
    judged; returns that table's locator."""
    page.goto(site_url + "tutorial.html")
    page.wait_for_selector("html[data-trex-tables=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    exercise = page.locator("[data-trex]").nth(1)
    exercise.locator('[data-move="double:KH"]').click()
    page.wait_for_function(
        "() => JSON.parse(document.querySelectorAll('[data-trex]')[1].trexTest.state()).judged")
    return exercise
