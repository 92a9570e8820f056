"""Offline and installable. The service worker (web/sw.js, written by build.py
with every file's hash) precaches the whole site, runtime included; with the network off
a reload still gives a playable table and a deal can be played. A new build is installed
beside the old one, the page mid-match says a new version is ready without losing the
match, and after the reload every response comes from the new build's cache, none from
the old one. Outside requests stay blocked: Playwright's routing sees the worker's own
fetches too (Chromium), and the conftest's Guard fails the test on any.

The conftest's other pages block service workers (``service_workers="block"``); these
tests allow them, each in its own context (so its own storage and caches)."""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import build
from conftest import BOOT_TIMEOUT_MS, DESKTOP, PHONE, SUB_PATH, Guard, Table, tables


@pytest.fixture(scope="module")
def own_site(site_url):
    """A copy of the built site on its own server, so a test may rebuild it in place."""
    root = Path(tempfile.mkdtemp(prefix="trex-offline-"))
    source = Path(os.environ["TREX_SITE"]) if os.environ.get("TREX_SITE") else build.DEFAULT_OUT
    shutil.copytree(source, root / "site")
    srv, url = build.serve_in_thread(root / "site", base=SUB_PATH)
    yield root / "site", url
    srv.shutdown()
    shutil.rmtree(root, ignore_errors=True)


def _worker_table(browser, url, viewport=DESKTOP):
    context = browser.new_context(viewport=viewport, service_workers="allow")
    guard = Guard(context)
    page = guard.watch(context.new_page())
    page.set_default_timeout(30_000)
    t = Table(context, page, guard, url)
    t.responses = []
    page.on("response", lambda r: t.responses.append(r))
    return t


@pytest.fixture
def sw_table(browser, own_site):
    _, url = own_site
    yield from tables(lambda viewport=DESKTOP: _worker_table(browser, url, viewport))


def listed(site: Path) -> dict[str, str]:
    """The files sw.js lists, with their hashes, and its build."""
    src = (site / "sw.js").read_text()
    files = json.loads(re.search(r"var FILES = (\{.*?\});", src, re.S).group(1))
    return files


def site_responses(t: Table, site: Path) -> list:
    """The page's responses for files of the site (the navigation is index.html)."""
    files = listed(site)
    out = []
    for r in t.responses:
        if SUB_PATH not in r.url:
            continue
        name = r.url.split(SUB_PATH, 1)[1].split("?")[0].split("#")[0] or "index.html"
        if name in files:
            out.append((name, r))
    return out


def build_of(site: Path) -> str:
    return re.search(r'var BUILD = "([0-9a-f]+)"', (site / "sw.js").read_text()).group(1)


def wait_offline_ready(t: Table) -> None:
    t.page.wait_for_selector("html[data-sw=offline-ready]", timeout=BOOT_TIMEOUT_MS, state="attached")


def cache_view(t: Table) -> dict[str, list[str]]:
    """Every cache of the origin with the paths it holds, but the memory snapshot's
    ("trex-snapshot <scope>", web/pystart.mjs: the page's, not the worker's; test_snapshot.py)."""
    return t.page.evaluate("""async () => {
        const out = {};
        for (const name of await caches.keys()) {
            if (name.startsWith("trex-snapshot ")) continue;
            const c = await caches.open(name);
            out[name] = (await c.keys()).map(r => new URL(r.url).pathname);
        }
        return out;
    }""")


def test_the_worker_precaches_every_file_of_the_build(sw_table, own_site):
    """The precache is the whole site, runtime included, with each file's hash from build.py,
    in one cache named after this build; the page says it is ready for offline play."""
    site, url = own_site
    files = listed(site)
    assert "pyodide/pyodide.asm.wasm" in files and "index.html" in files and "manifest.webmanifest" in files
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*")
               if p.is_file() and p.suffix not in build.COMPRESSED  # not the .br/.gz copies
               # nor the openings, the view's sources for tools, the wheel (no page fetches them)
               and not p.relative_to(site).parts[0].startswith((build.OPENINGS, build.UI_SOURCES))
               and p.suffix != ".whl"}
    assert set(files) == on_disk - {"sw.js", "build.json"}
    for name, digest in files.items():
        assert build.file_hash(site / name) == digest, name
    t = sw_table()
    t.goto("?speed=instant")
    wait_offline_ready(t)
    caches = cache_view(t)
    assert list(caches) == [f"trex {SUB_PATH} {build_of(site)}"]
    assert sorted(p[len(SUB_PATH):] for p in next(iter(caches.values()))) == sorted(files)
    assert t.page.locator("#sw-offline").is_visible()
    t.screenshot("offline-ready-note")
    manifest = t.page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}


def test_with_the_network_off_a_reload_plays_a_deal(sw_table, own_site):
    """Load once, then no network at all: the reload comes from the worker's cache, the
    table becomes playable and a whole deal is played; the loading screen said so."""
    site, _ = own_site
    t = sw_table()
    t.goto("?speed=instant")
    wait_offline_ready(t)
    t.context.set_offline(True)
    t.responses.clear()
    t.reload()
    st = t.play_deal()
    assert st["waiting"] in ("summary", "result", "over")
    mine = site_responses(t, site)
    assert all(r.from_service_worker for _, r in mine), [n for n, r in mine if not r.from_service_worker]
    assert {r.headers.get("x-trex-build") for _, r in mine} == {build_of(site)}
    assert {"index.html", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"} <= {n for n, _ in mine}
    t.context.set_offline(False)


def wait_tables(t: Table) -> None:
    t.page.wait_for_selector("html[data-trex-tables=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")


def test_a_lesson_page_alone_installs_the_worker_and_opens_offline(sw_table, own_site):
    """tutorial.html (tables.js), the only page of the site this browser has seen, registers
    the site's worker (its URL and scope the site's root, under the sub-path) once its tables
    are up; the first worker serves the page at once. With the network off a reload shows
    the three tables, every file from the worker's cache, one build."""
    site, url = own_site
    t = sw_table()
    t.page.goto(url + "tutorial.html")
    wait_tables(t)
    t.page.wait_for_selector("html[data-trex-sw=offline-ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    assert t.page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"
    assert t.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)") == url
    assert list(cache_view(t)) == [f"trex {SUB_PATH} {build_of(site)}"]
    t.context.set_offline(True)
    t.responses.clear()
    t.page.reload()
    wait_tables(t)
    states = t.page.eval_on_selector_all("[data-trex]", "els => els.map(e => e.dataset.state)")
    assert states == ["ready", "ready", "ready"]
    mine = site_responses(t, site)
    assert all(r.from_service_worker for _, r in mine), [n for n, r in mine if not r.from_service_worker]
    assert {"tutorial.html", "tables.js", "pyodide/pyodide.asm.wasm"} <= {n for n, _ in mine}
    assert {r.headers.get("x-trex-build") for _, r in mine} == {build_of(site)}
    t.context.set_offline(False)


def rebuild_one_file(site: Path) -> str:
    """A new build in place: style.css changed, sw.js written again. Its new build id."""
    css = site / "style.css"
    css.write_text(css.read_text() + "\n/* a rebuilt site */\n")
    build.write_worker(site)
    return build_of(site)


def test_a_first_visit_is_served_by_the_worker_it_installs(sw_table, own_site):
    """The first worker of the site claims the open pages: the visit that installed it is
    served by it without a reload (with the network off, its fetches are answered from the
    cache, of its one build, and the match plays on), and hears of a new build at once: the
    notice shows on that very visit, the match untouched."""
    site, _ = own_site
    build.write_worker(site)  # one whole build, whatever the tests before did
    t = sw_table()
    t.goto("?speed=instant")
    wait_offline_ready(t)
    t.page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=BOOT_TIMEOUT_MS)
    # one document, from the network, never reloaded: the worker took the page as it was
    documents = [r for r in t.responses if r.request.resource_type == "document"]
    assert len(documents) == 1 and not documents[0].from_service_worker
    assert t.page.evaluate("performance.getEntriesByType('navigation')[0].type") == "navigate"
    t.context.set_offline(True)
    served = t.page.evaluate("fetch('./style.css').then(r => r.headers.get('x-trex-build'))")
    assert served == build_of(site)
    t.step()
    t.context.set_offline(False)
    before = t.wait_idle()
    rebuild_one_file(site)
    t.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    t.page.wait_for_selector("#sw-update", state="visible", timeout=BOOT_TIMEOUT_MS)
    assert t.state()["hand"] == before["hand"]


def test_no_worker_with_sw_0_nor_in_a_frame_of_another_origin(sw_table, own_site):
    """?sw=0 on a page of tables registers nothing; nor does embed.html framed by a page of
    another origin (its own port): there a worker would be a second copy of the site in the
    host's storage partition (loader.js). Both tables play on."""
    site, url = own_site
    t = sw_table()
    t.page.goto(url + "tutorial.html?sw=0")
    wait_tables(t)
    assert t.page.evaluate("document.documentElement.dataset.trexSw") == "off"
    assert t.page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "host.html").write_text(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title></head><body>'
            f'<iframe id="t" title="Trex table" style="width:600px;height:500px" '
            f'src="{url}embed.html?mode=play&amp;seed=8&amp;king=0&amp;contract=trex"></iframe></body></html>')
        srv, host_url = build.serve_in_thread(Path(d))
        try:
            t.page.goto(host_url + "host.html")
            frame = t.page.frame_locator("#t")
            frame.locator("body[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
            fr = next(f for f in t.page.frames if "embed.html" in f.url)
            assert fr.evaluate("document.documentElement.dataset.sw") == "off"
            assert fr.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
        finally:
            srv.shutdown()


def test_a_new_build_is_offered_mid_match_and_never_mixed(sw_table, own_site, lang="en"):
    """A rebuilt site (one file changed): a page the worker serves, mid-match, learns that a new version is
    waiting and says so with a Reload button, the match untouched; the old build keeps
    serving until then. After the reload every response is the new build's, the old cache
    is gone, and the match goes on where it was (its save)."""
    site, _ = own_site
    old_build, old_css = build_of(site), (site / "style.css").read_bytes()
    t = sw_table()
    t.goto("?speed=instant")
    wait_offline_ready(t)
    t.reload()  # a second visit: the worker now serves (controls) the page
    assert t.page.evaluate("!!navigator.serviceWorker.controller")
    wait_offline_ready(t)  # the page has registered and listens for a new build
    for _ in range(3):
        t.step()
    before = t.wait_idle()
    # the memory snapshot's worker (pystart.mjs) reads the old build's runtime: let it finish,
    # so that no old response arrives after the reload below
    t.page.wait_for_selector("body[data-snapshot=made], body[data-snapshot=failed]", state="attached",
                             timeout=BOOT_TIMEOUT_MS)
    new_build = rebuild_one_file(site)
    assert new_build != old_build
    t.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    t.page.wait_for_selector("#sw-update", state="visible", timeout=BOOT_TIMEOUT_MS)
    assert "new version" in t.page.locator("#sw-update").inner_text()
    t.screenshot("offline-update-notice")
    t.page.set_viewport_size(PHONE)
    t.screenshot("offline-update-notice-phone")
    t.page.set_viewport_size(DESKTOP)
    assert t.state()["hand"] == before["hand"]  # nothing moved
    # both builds' caches exist; the page is still served by the old one
    names = sorted(cache_view(t))
    assert names == sorted([f"trex {SUB_PATH} {old_build}", f"trex {SUB_PATH} {new_build}"])
    served = t.page.evaluate("""fetch('./style.css').then(async r =>
        [r.headers.get('x-trex-build'), await r.text()])""")
    assert served == [old_build, old_css.decode()]
    # the player reloads: the new build takes over, the match resumes from its save
    t.responses.clear()
    with t.page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
        t.page.locator("#sw-reload").click()
    t.wait_ready()
    after = t.wait_idle()
    assert (after["hand"], after["trick"], after["totals"], after["history"]) == \
        (before["hand"], before["trick"], before["totals"], before["history"])
    t.page.wait_for_selector("html[data-sw=offline-ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    mine = site_responses(t, site)
    assert {"index.html", "style.css", "pyodide/pyodide.asm.wasm"} <= {n for n, _ in mine}
    assert {r.headers.get("x-trex-build") for _, r in mine} == {new_build}
    assert list(cache_view(t)) == [f"trex {SUB_PATH} {new_build}"]
    assert t.page.evaluate("fetch('./style.css').then(r => r.text())").endswith("/* a rebuilt site */\n")
    assert t.page.locator("#sw-update").is_hidden()


def test_a_server_mid_deploy_is_refused_whole(sw_table, own_site):
    """A worker whose list does not match the files the server gives (a deploy half done)
    does not install: the old build stays, whole, and no notice appears."""
    site, _ = own_site
    t = sw_table()
    t.goto("?speed=instant")
    wait_offline_ready(t)
    current = build_of(site)
    rebuild_one_file(site)
    (site / "tableview.js").write_text((site / "tableview.js").read_text() + "\n// not yet listed\n")
    failed = t.page.evaluate("""async () => {
        const r = await navigator.serviceWorker.getRegistration();
        const result = new Promise(done => r.addEventListener("updatefound", () => {
            const w = r.installing;
            w.addEventListener("statechange", () => {
                if (w.state === "redundant" || w.state === "installed") done(w.state);
            });
        }));
        await r.update().catch(() => {});
        return await result;
    }""")
    assert failed == "redundant"
    assert list(cache_view(t)) == [f"trex {SUB_PATH} {current}"]
    assert t.page.locator("#sw-update").is_hidden()
    build.write_worker(site)  # the deploy finishes: the site is one build again


PROGRESS = "[Number(document.body.dataset.loadBytes), document.getElementById('load-bar').value]"


@pytest.mark.parametrize("lang,viewport", [("en", DESKTOP), ("ar", PHONE)], ids=["en-desktop", "ar-phone"])
def test_the_start_paints_the_frame_and_counts_the_bytes(new_table, lang, viewport):
    """Before Python starts the felt, the bar and the four seats with their
    names are on screen; the loading screen names the file it waits for and its bar follows
    the bytes downloaded (the network slowed to 3 MB/s so the download can be watched)."""
    t = new_table(viewport)
    cdp = t.context.new_cdp_session(t.page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
             "downloadThroughput": 3_000_000, "uploadThroughput": 3_000_000})
    t.goto(f"?lang={lang}&speed=instant&early=0", wait=False)  # the frame, not an opening (test_early)
    seats = t.page.locator(".start-frame .start-seat")
    seats.first.wait_for(state="visible")
    names = {"en": ["North", "West", "East", "You"], "ar": ["المقابل", "اليسار", "اليمين", "أنت"]}[lang]
    assert seats.all_inner_texts() == names
    # the runtime's download, counted as it comes
    t.page.wait_for_function("() => Number(document.body.dataset.loadBytes || 0) > 1e6", timeout=60_000)
    first = t.page.evaluate(PROGRESS)
    t.page.wait_for_function("b => Number(document.body.dataset.loadBytes || 0) > b + 1e6", arg=first[0],
                             timeout=60_000)
    second = t.page.evaluate(PROGRESS)
    assert second[1] > first[1] > 5
    text = t.page.locator("#load-text").inner_text()
    assert {"en": " MB", "ar": "ميغابايت"}[lang] in text, text
    assert t.page.evaluate("document.body.dataset.state") == "loading"
    t.screenshot(f"start-loading-{lang}-{viewport['width']}")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
             "downloadThroughput": -1, "uploadThroughput": -1})
    t.wait_ready()
    assert t.page.locator(".start-frame").is_hidden()


def test_an_embedded_table_never_shows_the_notice(sw_table, own_site):
    """An embedded table (embed.html in an iframe) served by the worker learns of the
    waiting build too, but shows no notice: its host page decides."""
    site, url = own_site
    build.write_worker(site)  # one whole build, whatever the tests before did
    t = sw_table()
    t.goto("?speed=instant")
    wait_offline_ready(t)
    rebuild_one_file(site)
    (site / "lesson-host.html").write_text(  # not in the build's list: the network serves it
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title></head><body>'
        '<iframe id="t" title="Trex table" style="width:600px;height:500px" '
        'src="embed.html?mode=play&amp;seed=8&amp;king=0&amp;contract=trex"></iframe></body></html>')
    t.page.goto(url + "lesson-host.html")
    frame = t.page.frame_locator("#t")
    frame.locator("body[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    fr = next(f for f in t.page.frames if "embed.html" in f.url)
    assert fr.evaluate("!!navigator.serviceWorker.controller")
    frame.locator("html[data-sw=offline-ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    fr.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    frame.locator("html[data-sw-waiting]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    assert frame.locator("#sw-update").is_hidden()


class _CountingSocket(socket.socket):
    """A served connection that adds every byte it sends to its server's count."""
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


def counting_server(root: Path):
    """build.py's server for `root`, counting the bytes it writes to its sockets (headers and
    bodies as sent: compressed or not, whatever the server does): ``srv.sent``."""
    srv, url = build.make_server(root, 0, SUB_PATH)
    srv.sent = 0

    def get_request():
        sock, addr = srv.socket.accept()
        counted = _CountingSocket(sock.family, sock.type, sock.proto, fileno=sock.detach())
        counted.server = srv
        return counted, addr

    srv.get_request = get_request
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, url


def test_the_worker_costs_no_second_download(browser, own_site):
    """A first visit with the worker allowed sends at most 1.1x the bytes
    the page itself needs (the same visit with the worker blocked), counted by the server
    as it writes them: the worker installs from what the page has already fetched.

    These two contexts are not routed: Playwright's routing turns the HTTP cache off, and
    a visitor's browser has one. Outside requests are still refused (the browser's
    host-resolver rule, conftest) and seen here (`request` events, the worker's included),
    and fail the test."""
    site, _ = own_site
    build.write_worker(site)  # one whole build, whatever the tests before did
    srv, url = counting_server(site)
    sent = {}
    try:
        for kind in ("block", "allow"):
            context = browser.new_context(viewport=PHONE, service_workers=kind)
            guard = Guard.__new__(Guard)  # its checks without its route (above)
            guard.outside, guard.errors, guard.allow_errors = [], [], False
            context.on("request", lambda r, g=guard: g.outside.append(r.url)
                       if urlsplit(r.url).hostname != "127.0.0.1" else None)
            t = Table(context, guard.watch(context.new_page()), guard, url)
            try:
                srv.sent = 0
                t.goto("?speed=instant")
                # everything the page loads: the table, then the bots' byte code
                t.page.wait_for_function("() => JSON.parse(window.trexTest.perf()).bots_imported",
                                         timeout=BOOT_TIMEOUT_MS)
                if kind == "allow":
                    wait_offline_ready(t)  # installed: every file of the build in its cache
                    assert list(cache_view(t)) == [f"trex {SUB_PATH} {build_of(site)}"]
                else:  # the registration is refused once the page's staged copies are written
                    t.page.wait_for_function("document.documentElement.dataset.sw === 'unavailable'",
                                             timeout=BOOT_TIMEOUT_MS)
                sent[kind] = srv.sent
                guard.check()
            finally:
                context.close()
    finally:
        srv.shutdown()
    ratio = sent["allow"] / sent["block"]
    print(f"first visit: {sent['block']:,} bytes without the worker, {sent['allow']:,} with it: {ratio:.3f}x")
    assert ratio <= 1.1, sent
