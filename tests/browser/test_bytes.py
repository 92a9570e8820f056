"""Bytes before Python (docs/WEB.md "Bytes before Python"): the test server serves
the site's .br/.gz copies as a static host does, the page requests no file the site lacks,
and every standard-library module the running page imports is in the slim python_stdlib.zip.
"""
from __future__ import annotations

import json
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

from conftest import SUB_PATH, build

# Put in front of main.py (in the browser only): the page's sys.modules, for the test to read.
HOOK = ("import sys as _s\nfrom pyodide.ffi import create_proxy as _cp\nimport js as _js\n"
        "_js.window.trexModules = _cp(lambda: '\\n'.join(sorted(_s.modules)))\n")


def _site_root(site_url: str) -> Path:
    import os
    return Path(os.environ["TREX_SITE"]) if os.environ.get("TREX_SITE") else build.DEFAULT_OUT


def test_compressed_transfer_and_no_missing_file(new_table, site_url):
    t = new_table()
    responses = []
    t.page.on("response", lambda r: responses.append(r))
    t.goto("?speed=instant")
    t.step()
    seen = [(urlsplit(r.url).path.removeprefix(SUB_PATH), r.status, r.all_headers().get("content-encoding"))
            for r in responses]
    bad = [s for s in seen if s[1] >= 400]
    assert not bad, f"requests the site cannot answer: {bad}"
    by_path = {path: enc for path, _, enc in seen}
    # Chromium 156 sends "gzip, deflate, br, zstd" on http://127.0.0.1 too (seen by the server;
    # Playwright's request headers do not show it), so the .br copies are what it gets
    for path in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide.asm.mjs",
                 "", "pyscript/core.js", "style.css"):  # "": the page, index.html
        assert by_path[path] == "br", (path, by_path[path])
    # the page's zips are stored byte code (and catalogues): their .br copies are sent; no
    # source goes to the page, so no wheel either (the engine's byte code is sourceless)
    info = json.loads(t.page.evaluate("fetch('build.json').then(r => r.text())"))
    assert by_path[info["ui_zip"]] == "br" and by_path[info["bytecode"]] == "br"
    assert info["wheel"] not in by_path
    # what the transfer cost, by the page's own resource timing (decoded vs on the wire)
    sizes = t.page.evaluate("""() => performance.getEntriesByType('resource')
        .map(e => [e.name, e.encodedBodySize, e.decodedBodySize])""")
    wire = sum(e for _, e, _ in sizes)
    decoded = sum(d for _, _, d in sizes)
    print(f"resources {len(sizes)}: {wire:,} bytes on the wire, {decoded:,} decoded")
    assert wire < 0.6 * decoded


def test_page_modules_are_in_the_slim_stdlib(new_table, site_url):
    t = new_table()

    def hook(route):
        resp = route.fetch()
        route.fulfill(response=resp, body=HOOK + resp.text())
    t.page.route("**/main.py", hook)
    t.goto("?speed=instant")
    t.play_deal()
    t.act("[data-action=next-deal]")
    modules = t.page.evaluate("window.trexModules()").split("\n")
    full = {n.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            for n in zipfile.ZipFile(build.NODE / "pyodide" / "python_stdlib.zip").namelist()
            if n.endswith(".py")}
    slim = {n.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
            for n in zipfile.ZipFile(_site_root(site_url) / "pyodide" / "python_stdlib.zip").namelist()}
    from_stdlib = [m for m in modules if m in full]
    assert "gettext" in from_stdlib and "asyncio" in from_stdlib
    missing = sorted(set(from_stdlib) - slim)
    assert not missing, f"the page imported these, not in the slim zip: {missing}"
