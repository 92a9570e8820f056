"""build.py's server (``build.py serve`` and the browser tests' ``serve_in_thread``) serves the
site's pre-compressed copies as a static host does (docs/WEB.md "Bytes before Python"), and
``precompress`` writes only copies that pay, byte-identical from build to build."""

from __future__ import annotations

import gzip
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

TEXT = b"const card = 'the king of hearts';\n" * 400


@pytest.fixture
def site(tmp_path: Path):
    (tmp_path / "a.js").write_bytes(TEXT)
    (tmp_path / "a.js.gz").write_bytes(gzip.compress(TEXT, mtime=0))
    (tmp_path / "a.js.br").write_bytes(b"not really brotli, but the server does not look")
    (tmp_path / "b.wasm").write_bytes(TEXT)
    (tmp_path / "b.wasm.gz").write_bytes(gzip.compress(TEXT, mtime=0))
    (tmp_path / "index.html").write_bytes(b"<!doctype html><title>t</title>")
    srv, url = build.serve_in_thread(tmp_path, base="/sub/")
    yield tmp_path, url
    srv.shutdown()


def get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), b""


def test_br_then_gzip_then_identity(site):
    root, url = site
    status, h, body = get(url + "a.js", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert (status, h["Content-Encoding"], h["Content-Type"]) == (200, "br", "text/javascript")
    assert body == (root / "a.js.br").read_bytes() and h["Content-Length"] == str(len(body))
    assert h["Vary"] == "Accept-Encoding"
    status, h, body = get(url + "a.js", **{"Accept-Encoding": "gzip"})
    assert h["Content-Encoding"] == "gzip" and gzip.decompress(body) == TEXT
    status, h, body = get(url + "a.js", **{"Accept-Encoding": "br;q=0, gzip;q=0.5"})
    assert h["Content-Encoding"] == "gzip"
    status, h, body = get(url + "a.js")
    assert "Content-Encoding" not in h and body == TEXT and h["Content-Length"] == str(len(TEXT))
    status, h, body = get(url + "b.wasm", **{"Accept-Encoding": "br, gzip"})  # no .br: the .gz
    assert (h["Content-Encoding"], h["Content-Type"]) == ("gzip", "application/wasm")
    status, h, _ = get(url, **{"Accept-Encoding": "gzip"})  # the folder serves its index.html
    assert status == 200 and "Content-Encoding" not in h and h["Content-Type"] == "text/html"


def test_revalidation_is_a_304_per_variant(site):
    _, url = site
    _, br, _ = get(url + "a.js", **{"Accept-Encoding": "br"})
    _, gz, _ = get(url + "a.js", **{"Accept-Encoding": "gzip"})
    assert br["ETag"] != gz["ETag"]
    status, h, body = get(url + "a.js", **{"Accept-Encoding": "br", "If-None-Match": br["ETag"]})
    assert (status, body, h["ETag"]) == (304, b"", br["ETag"])
    assert get(url + "a.js", **{"Accept-Encoding": "gzip", "If-None-Match": br["ETag"]})[0] == 200
    assert get(url + "a.js", **{"If-Modified-Since": br["Last-Modified"]})[0] == 304


def test_a_stale_copy_is_not_served(site):
    root, url = site
    st = (root / "a.js.br").stat()
    os.utime(root / "a.js", ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # edited after the build
    status, h, body = get(url + "a.js", **{"Accept-Encoding": "br"})
    assert "Content-Encoding" not in h and body == TEXT
    assert get(url + "missing.js", **{"Accept-Encoding": "br"})[0] == 404


def test_precompress_keeps_only_copies_that_pay(tmp_path: Path):
    import random
    (tmp_path / "a.js").write_bytes(TEXT)
    noise = random.Random(1).randbytes(5000)
    (tmp_path / "n.zip").write_bytes(noise)  # like a zip of deflated entries: nothing to gain
    (tmp_path / "p.png").write_bytes(TEXT)  # not a kind that gets copies
    sizes = build.precompress(tmp_path)
    assert set(sizes) == {"a.js"}
    assert (tmp_path / "a.js.br").exists() and (tmp_path / "a.js.gz").exists()
    assert not (tmp_path / "n.zip.gz").exists() and not (tmp_path / "n.zip.br").exists()
    assert not (tmp_path / "p.png.gz").exists()
    first = (tmp_path / "a.js.gz").read_bytes(), (tmp_path / "a.js.br").read_bytes()
    (tmp_path / "a.js.gz").unlink()
    (tmp_path / "a.js.br").unlink()
    build.precompress(tmp_path)
    assert ((tmp_path / "a.js.gz").read_bytes(), (tmp_path / "a.js.br").read_bytes()) == first


@pytest.fixture
def by_type(site):
    """The same site served as a host that compresses by type (GitHub Pages, nginx `gzip on`)."""
    root, _ = site
    (root / "z.zip").write_bytes(TEXT)  # a stored zip: compressible, but a zip
    (root / "z.zip.br").write_bytes(b"a copy such a host never looks for")
    srv, url = build.serve_in_thread(root, base="/sub/", compression="by-type")
    yield root, url
    srv.shutdown()


def test_by_type_gzips_text_and_wasm_and_sends_zips_raw(by_type):
    root, url = by_type
    for name, kind in (("a.js", "text/javascript"), ("b.wasm", "application/wasm")):
        status, h, body = get(url + name, **{"Accept-Encoding": "gzip, deflate, br"})
        assert (status, h["Content-Encoding"], h["Content-Type"]) == (200, "gzip", kind)
        assert gzip.decompress(body) == TEXT and h["Content-Length"] == str(len(body))
        assert body != (root / (name + ".gz")).read_bytes()  # gzipped as it is sent, not the copy
    status, h, body = get(url + "z.zip", **{"Accept-Encoding": "gzip, br"})
    assert (status, h["Content-Type"], body) == (200, "application/zip", TEXT) and "Content-Encoding" not in h
    status, h, body = get(url + "a.js")  # no Accept-Encoding: as it is
    assert "Content-Encoding" not in h and body == TEXT
    status, h, body = get(url, **{"Accept-Encoding": "gzip"})  # the folder's index.html, gzipped
    index = (root / "index.html").read_bytes()
    assert (status, h["Content-Encoding"], gzip.decompress(body)) == (200, "gzip", index)
    assert get(url + "missing.js", **{"Accept-Encoding": "gzip"})[0] == 404


def test_by_type_revalidates_per_variant(by_type):
    _, url = by_type
    _, gz, _ = get(url + "a.js", **{"Accept-Encoding": "gzip"})
    _, raw, _ = get(url + "a.js")
    assert gz["ETag"] != raw["ETag"] and gz["Vary"] == "Accept-Encoding"
    assert get(url + "a.js", **{"Accept-Encoding": "gzip", "If-None-Match": gz["ETag"]})[0] == 304
    assert get(url + "a.js", **{"If-None-Match": gz["ETag"]})[0] == 200
