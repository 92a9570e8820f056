"""``python -m trex_core render``: an embedded table's HTML for a static site (docs/EMBED.md,
"Tables that paint at once").

The HTML is the page's own first rendering of the table, so it comes from the page's view
code (``trexui``, beside the page in ``web/``), not from the engine: the rules engine draws
nothing, and this package — a wheel whose byte code the browser runs, with no dependencies — does not
carry the page's Python. This module only finds that package and calls its
``trexui.start.paint``:

* ``--ui DIR``: a folder holding ``trexui/`` (a checkout's ``web/``), or a built site
  (``python build.py``), whose ``trexui-src-<hash>.zip`` is unpacked into a temporary folder;
* else the checkout this package was imported from (``../web`` beside ``trex_core/``).

Importing it runs nothing of the page's browser side: ``embedpaint`` and what it imports
are pure functions (view.py's rule), under any Python 3.11+.
"""
from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

CHECKOUT_UI = Path(__file__).resolve().parents[2] / "web"  # trex_core/tools/render.py -> the checkout


class UINotFound(LookupError):
    """No page package (``trexui``) where the command looked."""


def ui_folder(where: str | None, scratch: Path) -> Path:
    """The folder to put on ``sys.path`` so that ``import trexui`` finds the page's package."""
    if where is None:
        if (CHECKOUT_UI / "trexui" / "start" / "paint.py").exists():
            return CHECKOUT_UI
        raise UINotFound("the page's view code (trexui) is not beside this trex_core "
                         f"({CHECKOUT_UI} has none): pass --ui with a checkout's web/ or a built site")
    folder = Path(where)
    if (folder / "trexui" / "start" / "paint.py").exists():
        return folder
    zips = sorted(folder.glob("trexui-src-*.zip")) if folder.is_dir() else []
    if folder.is_file() and folder.suffix == ".zip":
        zips = [folder]
    if len(zips) != 1:
        raise UINotFound(f"{folder}: neither a folder with trexui/ "
                         "nor a built site with one trexui-src-*.zip")
    with zipfile.ZipFile(zips[0]) as z:
        z.extractall(scratch)  # unpacked, as in the page: strings.py reads its catalogues as files
    return scratch


def load(where: str | None, scratch: Path) -> Any:
    """``trexui.start.paint`` from the page's package (a module: its functions are typed there)."""
    folder = ui_folder(where, scratch)
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module("trexui.start.paint")
    finally:
        sys.path.remove(str(folder))


def add_parser(sub: Any) -> None:
    rp = sub.add_parser(
        "render", help="an embedded table's HTML, painted (for a static site)",
        description="Print a data-trex element holding its table's first rendering, the HTML the "
                    "page's Python renders (docs/EMBED.md): a lesson then shows its diagram before "
                    "the runtime is there. The parameters are a data-trex table's (a query string, "
                    "or several name=value arguments joined with &).",
        epilog="examples:\n"
               "  python -m trex_core render 'mode=view&seed=8&king=0&contract=trex'\n"
               "  python -m trex_core render mode=view seed=8 king=0 contract=trex --lang ar\n"
               "  python -m trex_core render --page lesson.html > lesson.painted.html",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    rp.add_argument("params", nargs="*", metavar="PARAMS",
                    help="the table's parameters (mode=…&hands=…&king=…)")
    rp.add_argument("--lang", default="en",
                    help="the page's language (its <html lang>); a lang= parameter wins (default en)")
    rp.add_argument("--index", type=int, default=1, metavar="N",
                    help="the table's place among the page's data-trex elements, for its ids (default 1)")
    rp.add_argument("--attrs", default="", metavar="ATTRS",
                    help='the element\'s own attributes, e.g. \'class="diagram"\'')
    rp.add_argument("--inner", action="store_true",
                    help="only what goes inside the element (no <div data-trex> around it)")
    rp.add_argument("--page", metavar="FILE",
                    help="paint every empty data-trex element of this HTML page ('-': stdin), print the page")
    rp.add_argument("--ui", metavar="DIR",
                    help="where the page's view code is: a checkout's web/ or a built site "
                         "(default: the checkout beside this trex_core)")


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="trexui-") as scratch:
        try:
            paint = load(args.ui, Path(scratch))
        except UINotFound as e:
            print(f"render: {e}", file=sys.stderr)
            return 2
        if args.page is not None and args.params:
            print("render: --page paints a page; give no parameters with it", file=sys.stderr)
            return 2
        if args.page is None and not args.params:
            print("render: give the table's parameters (or --page FILE)", file=sys.stderr)
            return 2
        text = "&".join(p.lstrip("?") for p in args.params)
        idp = f"trex{args.index}-"
        try:
            if args.page is not None:
                source = sys.stdin.read() if args.page == "-" else Path(args.page).read_text(encoding="utf-8")
                html = str(paint.page(source))
            elif args.inner:
                html = str(paint.inner(text, args.lang, idp=idp))
            else:
                html = str(paint.element(text, args.lang, idp=idp, attrs=args.attrs))
        except ValueError as e:  # trexui.embed.EmbedError: the parameter and the problem
            if not hasattr(e, "param"):
                raise
            print(f"render: {paint.problem(e, args.lang)}", file=sys.stderr)
            return 1
    sys.stdout.write(html + ("" if html.endswith("\n") else "\n"))
    return 0
