#!/usr/bin/env python3
"""What the running pages import and fetch.

    python bench/stdlib_trace.py [--site DIR] [--seconds 20] [--out bench/results/stdlib_trace.json]

Serves a built site (``--site``; else builds one into a temporary folder) and drives Debian's
Chromium through the game's pages: ``index.html`` with four bots playing (``?autoplay=1``)
at every level for ``--seconds`` each (several deals at the instant pace), then the Settings, Help, Rules and record
dialogs; ``embed.html`` (a replay); ``tutorial.html`` (tables.js: three tables, one Python);
``bare.html``. A hook is put in front of each page's Python (main.py, the tables.js script,
bare.html's inline script are routed and rewritten in the browser only, never in the
site) that exposes ``sorted(sys.modules)``; at the end every page's modules are read.

Prints (and writes as JSON) the union of the modules the pages imported, the same split into
"stdlib" (found in Pyodide's python_stdlib.zip) and others, and every file of the site a
page requested (pyscript's chunks among them). build.py's STDLIB_TRACED is this list.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from page_load import CHROMIUM_ARGS  # noqa: E402  the same browser flags as the page benchmark

import build  # noqa: E402

# Put in front of a page's Python: a JS function returning the modules loaded so far.
HOOK = ("import sys as _s\nfrom pyodide.ffi import create_proxy as _cp\nimport js as _js\n"
        "_js.window.trexModules = _cp(lambda: '\\n'.join(sorted(_s.modules)))\n")


def stdlib_names() -> set[str]:
    """Top-level module and package names in the pinned Pyodide's python_stdlib.zip."""
    z = zipfile.ZipFile(build.NODE / "pyodide" / "python_stdlib.zip")
    return {n.split("/")[0].removesuffix(".py") for n in z.namelist()}


def trace(site: Path, seconds: float) -> dict:
    from playwright.sync_api import sync_playwright
    srv, url = build.serve_in_thread(site, base="/t/")
    modules: dict[str, list[str]] = {}
    requested: set[str] = set()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=build.find_chromium() or "/usr/bin/chromium",
                                     args=CHROMIUM_ARGS, headless=True)

        def context():
            ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
            ctx.add_init_script("window.trexNoTour = true;")

            def route(r):
                u = urlsplit(r.request.url)
                if u.hostname != "127.0.0.1":
                    return r.abort()
                path = u.path.removeprefix("/t/")
                requested.add(path)
                if path in ("main.py", "tables.js", "bare.html"):
                    resp = r.fetch()
                    body = resp.text()
                    if path == "main.py":
                        body = HOOK + body
                    elif path == "tables.js":
                        hook = json.dumps(HOOK)[1:-1]
                        body = body.replace('py.textContent = "', 'py.textContent = "' + hook, 1)
                    else:
                        body = body.replace('<script type="py" config="./bare.json">\n',
                                            '<script type="py" config="./bare.json">\n' + HOOK, 1)
                        # the inline script's CSP hash no longer matches: drop the meta here
                        import re
                        body = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", body)
                    return r.fulfill(response=resp, body=body)
                r.continue_()
            ctx.route("**/*", route)
            return ctx

        def read(page, name):
            page.wait_for_function("() => typeof window.trexModules === 'function'", timeout=90_000)
            modules[name] = page.evaluate("window.trexModules()").split("\n")

        # the game: bots at every level, then the dialogs
        for level in ("random", "easy", "medium", "hard"):
            ctx = context()
            page = ctx.new_page()
            page.goto(url + f"index.html?autoplay=1&speed=instant&seed=3&level={level}")
            page.wait_for_selector("body[data-state=ready]", timeout=90_000, state="attached")
            page.wait_for_timeout(seconds * 1000)  # the bots play on, deal after deal
            read(page, f"index-{level}")
            ctx.close()
        ctx = context()
        page = ctx.new_page()
        page.goto(url + "index.html?speed=instant")
        page.wait_for_selector("body[data-state=ready]", timeout=90_000, state="attached")
        for key in ("s", "Escape", "?", "Escape", "r", "Escape"):
            page.keyboard.press(key)
            page.wait_for_timeout(300)
        read(page, "index-dialogs")
        ctx.close()
        for name, path in (("embed", "embed.html?mode=replay"), ("tutorial", "tutorial.html"),
                           ("bare", "bare.html")):
            ctx = context()
            page = ctx.new_page()
            page.goto(url + path)
            read(page, name)
            page.wait_for_timeout(1500)
            ctx.close()
        browser.close()
    srv.shutdown()
    std = stdlib_names()
    union = sorted(set().union(*modules.values()))
    return {"modules": union,
            "stdlib": [m for m in union if m.split(".")[0] in std],
            "other": [m for m in union if m.split(".")[0] not in std],
            "per_page": modules, "requested": sorted(requested)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path)
    ap.add_argument("--seconds", type=float, default=20, help="how long the bots play at each level")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "stdlib_trace.json")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or build.build(Path(tmp) / "site")
        result = trace(site, args.seconds)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print("stdlib modules:", " ".join(result["stdlib"]))
    print("other modules:", " ".join(result["other"]))
    print("requested:", " ".join(result["requested"]))


if __name__ == "__main__":
    main()
