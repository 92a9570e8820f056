"""Byte code a page fetches after its first table: build.py's later zips, named in
``trexui/bytecode.json`` (written by build.py zip_ui).

* ``bots``: the bots' modules, fetched once the table is playable (bots.fetch_bytecode).
* ``link``: friends at a table over a link (build.py LINK_MODULES), fetched only when a
  table needs it (friends.py; a friend's page, app.start).

The page has no source of either (build.py sends byte code only), so neither can be
imported before its zip is here.

Each zip is unpacked once per page where its files belong: ``trex_core/...`` beside the
engine's byte code, ``trexui/...`` beside the view's. No
bytecode.json (CPython's tests, from the sources): nothing to fetch.
"""
from __future__ import annotations

import asyncio
import io
import json
import sys
import zipfile
from pathlib import Path

MANIFEST = Path(__file__).resolve().parent.parent / "bytecode.json"
_fetching: dict[str, asyncio.Future[None]] = {}


def fetch(part: str) -> asyncio.Future[None]:
    """The zip ``part`` (``bots``, ``link``) fetched and unpacked, once for the page; the
    future's exception says why not."""
    if part not in _fetching:
        _fetching[part] = asyncio.ensure_future(_fetch(part))
    return _fetching[part]


async def _fetch(part: str) -> None:
    if not MANIFEST.exists():
        return
    from js import fetch as js_fetch  # the page's (Pyodide): not imported under CPython

    import trex_core
    name = json.loads(MANIFEST.read_text())[part]
    answer = await js_fetch(f"./{name}")
    if not answer.ok:
        raise OSError(f"{name}: HTTP {answer.status}")
    data = (await answer.arrayBuffer()).to_bytes()
    roots = {"trex_core": Path(trex_core.__file__).resolve().parent.parent,
             "trexui": Path(__file__).resolve().parent.parent.parent}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for info in z.infolist():
            z.extract(info, roots[info.filename.split("/", 1)[0]])
    # new files the import system has not seen yet: each folder's finder reads its folder
    # again (importlib.invalidate_caches would also import importlib.metadata, which the
    # page's slim standard library leaves out)
    for finder in list(sys.path_importer_cache.values()):
        if finder is not None and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()
