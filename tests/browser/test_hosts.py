"""A site built for a host that compresses by type (``build.py --zips deflated``: GitHub Pages,
Netlify, Cloudflare Pages, nginx ``gzip on``), served as such a host serves it (build.py's
``by-type`` server: text types gzipped as they are sent, zips raw, the .br/.gz copies never
looked at). Every zip is deflated, goes with no Content-Encoding, and the page still starts
and plays from them: zipimport inflates the standard library, PyScript unpacks the [files]
zips, bytecode.fetch the bots' zip. (Set TREX_SITE_DEFLATED=<dir> to reuse such a build.)"""
from __future__ import annotations

import json
import os
import tempfile
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import SUB_PATH, build

ZIPS = ("ui_zip", "bytecode", "bots_bytecode")  # build.json's names of the page's zips


@pytest.fixture(scope="module")
def deflated_site():
    if os.environ.get("TREX_SITE_DEFLATED"):
        yield Path(os.environ["TREX_SITE_DEFLATED"])
        return
    with tempfile.TemporaryDirectory(prefix="trex-deflated-") as tmp:
        yield build.build(Path(tmp) / "site", zips="deflated")


@pytest.fixture(scope="module")
def site_url(deflated_site):
    """This module's pages come from the deflated site on a by-type server."""
    srv, url = build.serve_in_thread(deflated_site, base=SUB_PATH, compression="by-type")
    yield url
    srv.shutdown()


def test_the_built_zips_are_deflated(deflated_site):
    info = json.loads((deflated_site / "build.json").read_text())
    assert info["zips"] == "deflated"
    for name in [info[k] for k in ("wheel", *ZIPS)] + ["pyodide/python_stdlib.zip"]:
        with zipfile.ZipFile(deflated_site / name) as z:
            assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_DEFLATED}, name


def test_the_page_plays_from_deflated_zips_sent_raw(new_table, deflated_site):
    t = new_table()
    responses = []
    t.page.on("response", lambda r: responses.append(r))
    t.goto("?speed=instant")
    assert t.page.evaluate("document.body.dataset.state") == "ready"
    t.page.wait_for_function("() => JSON.parse(window.trexTest.perf()).bots_imported", timeout=90_000)
    for _ in range(6):  # the bots (imported from their deflated zip) answer the player's moves
        assert t.step()
    assert len(json.loads(t.page.evaluate("window.trexTest.record()"))["moves"]) >= 6
    sent = {urlsplit(r.url).path.removeprefix(SUB_PATH): r.all_headers().get("content-encoding")
            for r in responses if r.status == 200}
    info = json.loads((deflated_site / "build.json").read_text())
    for name in [info[k] for k in ZIPS] + ["pyodide/python_stdlib.zip"]:
        assert name in sent and sent[name] is None, (name, sent.get(name, "not fetched"))
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "", "style.css"):  # "": index.html
        assert sent[name] == "gzip", (name, sent[name])
