#!/usr/bin/env python3
"""What a first visit fetches before the table is playable.

    python bench/first_visit_bytes.py SITE [SITE ...] [--page index.html]

For each built site: opens the page in Debian's Chromium (fresh context, no service worker),
waits until the table is ready, and lists every file of the site the page requested. Then,
from the files on disk, the bytes those requests cost: raw; gzip -9 of every file (what a host
that compresses on the fly sends; the zips and the wheel too, as such hosts do); and what a
host serving the site's pre-compressed copies sends (the .br copy where the site has one,
else the file). Compare a build of the branch before (or `build.py build --full-stdlib
--no-compress`) with one after.
"""
from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from page_load import CHROMIUM_ARGS  # noqa: E402  the same browser flags as the page benchmark

import build  # noqa: E402


def requested(site: Path, page: str) -> list[str]:
    from playwright.sync_api import sync_playwright
    srv, url = build.serve_in_thread(site, base="/s/")
    paths: set[str] = set()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=build.find_chromium() or "/usr/bin/chromium",
                                     args=CHROMIUM_ARGS, headless=True)
        ctx = browser.new_context(service_workers="block")
        ctx.add_init_script("window.trexNoTour = true;")
        p = ctx.new_page()
        p.on("request", lambda r: paths.add(urlsplit(r.url).path.removeprefix("/s/") or "index.html"))
        p.goto(url + page)
        p.wait_for_selector("body[data-state=ready]", timeout=120_000, state="attached")
        browser.close()
    srv.shutdown()
    return sorted(x for x in paths if (site / x).is_file())


def costs(site: Path, files: list[str]) -> dict[str, tuple[int, int, int]]:
    out = {}
    for name in files:
        data = (site / name).read_bytes()
        br = site / (name + ".br")
        gz = site / (name + ".gz")
        served = br.stat().st_size if br.exists() else gz.stat().st_size if gz.exists() else len(data)
        out[name] = (len(data), len(gzip.compress(data, 9, mtime=0)), served)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sites", nargs="+", type=Path)
    ap.add_argument("--page", default="index.html")
    args = ap.parse_args()
    for site in args.sites:
        table = costs(site, requested(site, args.page))
        print(f"\n{site} ({args.page}): {len(table)} files")
        print(f"{'file':44} {'raw':>11} {'gzip -9':>11} {'as served':>11}")
        for name, (raw, gz, served) in sorted(table.items(), key=lambda kv: -kv[1][0]):
            print(f"{name[:44]:44} {raw:>11,} {gz:>11,} {served:>11,}")
        raw, gz, served = (sum(v[i] for v in table.values()) for i in range(3))
        print(f"{'total':44} {raw:>11,} {gz:>11,} {served:>11,}")


if __name__ == "__main__":
    main()
