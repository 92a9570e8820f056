#!/usr/bin/env python3
"""Build (and optionally serve) the Trex static site.

    python build.py [--zips deflated|stored]   # build into ./site
    python build.py serve [--port N] [--base /sub/path/] [--no-build] [--compression copies|by-type]
    python build.py test [pytest arguments]   # set up what is missing, then run pytest

The site is fully static and self-contained: the page, its CSS, the UI's Python
(zipped), PyScript and the Pyodide core copied from the pinned npm packages, and
the trex_core wheel built from this checkout. Every URL inside it is relative,
so the folder works from any sub-path of any static host and never reaches
another origin. See docs/WEB.md.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import functools
import gzip
import hashlib
import html as htmllib
import http.server
import importlib.metadata
import importlib.util
import io
import json
import operator
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
NODE = ROOT / "node_modules"
DEFAULT_OUT = ROOT / "site"

# Exact pins; package.json and package-lock.json say the same.
PINS = {"pyodide": "314.0.7", "@pyscript/core": "0.7.31", "morphdom": "2.7.8"}
# The DOM-morphing library that applies each rendering of the table (docs/WEB.md): one
# file from its npm package, served as ./morphdom.min.js.
MORPHDOM_FILE = "dist/morphdom-umd.min.js"
# What Pyodide needs at start-up (STACK.md); the rest of the npm package is not served.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
# Copied from web/ as they are; web/trexui/ is zipped, web/*.py is listed in the config.
STATIC_FILES = ("index.html", "style.css", "loader.js", "tableview.js", "bare.html",
                "favicon.svg", "tables.js", "tutorial.html", "author.html", "author.js")
OPENINGS = "openings"  # the tables painted before Python (write_openings); not precached
UI_SOURCES = "trexui-src"  # the view's sources for tools (zip_ui_sources); not precached


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


# ---------------------------------------------------------------- npm runtime
def ensure_node_modules() -> None:
    """Check the pinned runtime is installed; run `npm ci` once if it is not."""
    def installed(name: str) -> str | None:
        pj = NODE / name / "package.json"
        return json.loads(pj.read_text())["version"] if pj.exists() else None

    if any(installed(n) != v for n, v in PINS.items()):
        npm = shutil.which("npm")
        if not npm:
            sys.exit("build.py: node_modules is missing and npm is not installed; "
                     "install Node.js/npm, then run `npm ci`.")
        log("node_modules missing or not at the pinned versions: running `npm ci`")
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    for name, want in PINS.items():
        got = installed(name)
        if got != want:
            sys.exit(f"build.py: {name} is {got}, expected exactly {want} (run `npm ci`).")


# ---------------------------------------------------------------- the wheel
def build_wheel(dest: Path, form: str = "stored") -> Path:
    """Build trex_core-<ver>-py3-none-any.whl into dest.

    The build runs on a copy of the package sources so setuptools' build/ and
    *.egg-info never land in the working tree (other people work in it).
    """
    if not (ROOT / "pyproject.toml").exists():
        sys.exit("build.py: no pyproject.toml yet - the trex_core package is needed.")
    with tempfile.TemporaryDirectory(prefix="trex-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in os.listdir(ROOT):
            p = ROOT / name
            if name in ("pyproject.toml", "setup.py", "setup.cfg", "MANIFEST.in") \
                    or name.upper().startswith(("README", "LICENSE", "COPYING")):
                shutil.copy2(p, src / name)
        shutil.copytree(ROOT / "trex_core", src / "trex_core",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        out = Path(tmp) / "out"
        base = [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps",
                "-w", str(out), "-q", "--disable-pip-version-check"]
        # Offline-friendly first (uses the installed setuptools); an isolated build
        # (which fetches setuptools from PyPI) only if that fails.
        r = subprocess.run(base + ["--no-build-isolation"], capture_output=True, text=True)
        if r.returncode != 0:
            log("wheel build without isolation failed; retrying with build isolation")
            r = subprocess.run(base, capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            sys.exit("build.py: building the trex_core wheel failed.")
        wheels = sorted(out.glob("trex_core-*-py3-none-any.whl"))
        if len(wheels) != 1:
            sys.exit(f"build.py: expected one trex_core wheel, got {wheels}")
        target = dest / wheels[0].name
        store(wheels[0], target, form)
        return target


# The zips' form (the wheel, trexui, trexpyc, trexbots, trexlink, python_stdlib.zip): what
# the host does with them decides it (docs/WEB.md "Hosts").
# - "stored": entries not compressed, so that the .br/.gz copies beside each zip shrink it as
#   a whole (smaller than deflating each entry); for a host that serves those copies
#   (`build.py serve`, nginx with brotli_static/gzip_static).
# - "deflated": each entry deflated (level 9); for a host that compresses by type and sends a
#   zip as it is (GitHub Pages, Netlify, Cloudflare Pages, nginx with `gzip on`): a stored zip
#   would go raw. The page inflates them as it imports or unpacks (zlib, in the runtime).
ZIP_FORMS = {"stored": zipfile.ZIP_STORED, "deflated": zipfile.ZIP_DEFLATED}


def zip_form(form: str) -> tuple[int, int | None]:
    """(compress_type, compresslevel) of an entry in `form`, for ZipFile.writestr."""
    return ZIP_FORMS[form], 9 if form == "deflated" else None


def pack(src: Path, target: Path, form: str) -> None:
    """`src` rewritten to `target` (which may be `src`) with its entries in `form` (ZIP_FORMS):
    the same files in the same order, with their names, timestamps and attributes (a wheel's
    RECORD hashes the files, so it is the same wheel to pip)."""
    with zipfile.ZipFile(src) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    with zipfile.ZipFile(target, "w") as z:
        for info, data in entries:
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.external_attr = info.external_attr
            z.writestr(copy, data, *zip_form(form))


def store(wheel: Path, target: Path, form: str = "stored") -> None:
    """`wheel` rewritten in the site's form of zips (ZIP_FORMS): stored, the site serves it
    compressed as a whole: 123 KB deflated, 86 KB as br."""
    pack(wheel, target, form)


# ---------------------------------------------------------------- the site
# ---------------------------------------------------------------- the catalogues
LOCALE = WEB / "locale"  # <lang>/LC_MESSAGES/trex.po per language; LINGUAS lists them


def languages() -> list[str]:
    """The languages of web/locale/LINGUAS, in order (the one list to extend)."""
    text = (LOCALE / "LINGUAS").read_text(encoding="utf-8")
    return [w for line in text.splitlines() for w in line.split("#", 1)[0].split()]


def _po() -> ModuleType:
    """web/trexui/i18n/strings.py, with its small .po reader and .mo writer (no gettext tools needed)."""
    spec = importlib.util.spec_from_file_location("trex_po", WEB / "trexui" / "i18n" / "strings.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def catalogues() -> dict[str, list[Any]]:
    """Each language's parsed .po entries."""
    po = _po()
    out: dict[str, list[Any]] = {}
    for lang in languages():
        path = LOCALE / lang / "LC_MESSAGES" / "trex.po"
        out[lang] = po.parse(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    return out


def compiled_catalogues() -> dict[str, bytes]:
    """``trexui/locale/<lang>.mo`` (and LINGUAS) for the UI zip: what strings.py reads."""
    po = _po()
    files: dict[str, bytes] = {f"trexui/locale/{lang}.mo": po.compile_mo(entries)
                               for lang, entries in catalogues().items()}
    files["trexui/locale/LINGUAS"] = (LOCALE / "LINGUAS").read_bytes()
    return files


def loading_strings(prefixes: tuple[str, ...] = ("loading.",)) -> str:
    """The words a page shows before Python starts (the loading screen; author.html, which
    has no Python), per language, as the JSON the page carries inline:
    {"langs": [...], "strings": {lang: {key: text}}}."""
    strings: dict[str, dict[str, str]] = {}
    for lang, entries in catalogues().items():
        strings[lang] = {e.msgid: e.msgstr[0] for e in entries
                         if e.msgid.startswith(prefixes) or e.msgid in ("app.title", "lang.dir")}
    data = json.dumps({"langs": languages(), "strings": strings}, ensure_ascii=False,
                      separators=(",", ":"), sort_keys=True)
    return data.replace("</", "<\\/")  # safe inside <script>


def inline_script(html: str, name: str) -> str:
    """`html` with its ``<script src="./name">`` holding web/name's text instead: a file the
    page runs before its first paint, with no request (its CSP hash is added with the
    page's others, add_csp)."""
    tag = f'<script src="./{name}"></script>'
    # without its whole-line comments: the page parses them before its first paint and
    # every first visit downloads them (4.4 KB compressed for loader.js and early.js); the
    # file in web/ keeps them for its readers
    code = "\n".join(line for line in (WEB / name).read_text(encoding="utf-8").split("\n")
                     if not line.lstrip().startswith("//"))
    assert tag in html, f"the page has no {tag}"
    assert "</script" not in code.lower(), f"{name} would end its inline <script> early"
    return html.replace(tag, f"<script>{code}</script>", 1)


def inline_style(html: str, name: str) -> str:
    """`html` with its stylesheet ``<link>`` to `name` as a <style> of web/name's text: a
    render-blocking file fewer to ask for before the first paint (CSP hash: add_csp)."""
    tag = f'<link rel="stylesheet" href="./{name}">'
    css = (WEB / name).read_text(encoding="utf-8")
    assert tag in html, f"the page has no {tag}"
    assert "</style" not in css.lower(), f"{name} would end its <style> early"
    return html.replace(tag, f"<style>{css}</style>", 1)


def noscript_html() -> str:
    """What a browser without JavaScript shows: the ``loading.noscript`` line in every
    language, each marked with its language and direction (without a script nothing
    can pick one language, and an Arabic reader must not get English only)."""
    lines = []
    for lang, entries in catalogues().items():
        words = {e.msgid: e.msgstr[0] for e in entries if e.msgid in ("loading.noscript", "lang.dir")}
        lines.append(f'<p lang="{lang}" dir="{words["lang.dir"]}">'
                     f'<strong>{htmllib.escape(words["loading.noscript"])}</strong></p>')
    return "<noscript>" + "".join(lines) + "</noscript>"


def ui_files() -> dict[str, bytes]:
    """web/trexui/'s sources and the compiled catalogues, by their names in a zip."""
    files = {str(p.relative_to(WEB)): p.read_bytes() for p in sorted((WEB / "trexui").rglob("*.py"))}
    files.update(compiled_catalogues())
    return files


def write_zip(dest: Path, prefix: str, files: dict[str, bytes], form: str = "stored") -> Path:
    """`prefix`-<sha256[:10]>.zip of `files` in dest: the name carries a content hash (and the
    form, when deflated), so a cached old zip never meets a new wheel. Fixed timestamps: same
    files, same bytes. Entries in `form` (ZIP_FORMS)."""
    h = hashlib.sha256()
    for name, data in sorted(files.items()):
        h.update(name.encode())
        h.update(data)
    if form != "stored":
        h.update(form.encode())
    target = dest / f"{prefix}-{h.hexdigest()[:10]}.zip"
    with zipfile.ZipFile(target, "w") as z:
        for name, data in sorted(files.items()):
            z.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), data, *zip_form(form))
    return target


def compiled(root: Path, modules: list[str], sourceless: bool) -> dict[str, bytes]:
    """The byte code of ``modules`` (found under ``root``) for the page's Python, by the
    pinned Pyodide under Node (build_pyc.mjs): ``sourceless``, ``pkg/mod.pyc`` where the
    source would be; else ``pkg/__pycache__/mod.cpython-3XX.pyc`` beside a source."""
    with tempfile.TemporaryDirectory(prefix="trexpyc-") as scratch:
        pyc = Path(scratch) / "pyc.zip"
        subprocess.run(["node", str(ROOT / "build_pyc.mjs"), str(pyc), str(root),
                        *(["--sourceless"] if sourceless else []), *modules], check=True, cwd=ROOT)
        with zipfile.ZipFile(pyc) as z:
            return {name: z.read(name) for name in z.namelist()}


def zip_ui(dest: Path, later: dict[str, str], form: str = "stored") -> Path:
    """The UI package as the page imports it: the byte code of web/trexui/'s page modules,
    with no source beside it (build_pyc.mjs --sourceless: the sources were 0.1 MB of a first
    visit), the compiled catalogues, and the names of the zips of byte code the
    page fetches later (``trexui/bytecode.json``, which bytecode.fetch reads: the bots',
    the link's). Tools that need the view's sources (`python -m trex_core render --ui SITE`)
    read zip_ui_sources' copy."""
    require_node("compiles the page's byte code")
    modules = [m for m in page_modules(WEB, "trexui") if m not in LINK_MODULES]
    files = compiled(WEB, modules, sourceless=True)
    files.update(compiled_catalogues())
    files["trexui/bytecode.json"] = json.dumps(later).encode()
    return write_zip(dest, "trexui", files, form)


def zip_link(dest: Path, form: str = "stored") -> Path:
    """``trexlink``: the code of friends at a table over a link (LINK_MODULES), which a page
    fetches only when it needs it (a table with a link seat, a friend's page: friends.py,
    bytecode.fetch), sourceless as in zip_ui (docs/WEB.md)."""
    require_node("compiles the link's byte code")
    return write_zip(dest, "trexlink", compiled(WEB, list(LINK_MODULES), sourceless=True), form)


def zip_ui_sources(dest: Path) -> Path:
    """web/trexui/ (the UI package's sources) with the compiled catalogues, as
    `UI_SOURCES`-<hash>.zip: for tools run on a built site (trex_core render --ui), never
    fetched by a page nor precached."""
    return write_zip(dest, UI_SOURCES, ui_files())


def require_node(why: str) -> None:
    if shutil.which("node") is None:
        sys.exit(f"build.py: Node.js is not installed; it {why} with the pinned Pyodide "
                 "(and `npm ci` needs it too)")


def page_bytecode(dest: Path, form: str = "stored") -> tuple[Path, Path]:
    """The byte code of trex_core's modules the page imports, for the page's Python
    (Pyodide's, a CPython of another version than this one), compiled by the pinned Pyodide
    under Node with no source beside it (build_pyc.mjs --sourceless, as trexui's: the page
    needs no wheel before it is playable, 0.13 MB of a first visit on a host that sends the
    zips as they are); in two zips, each named by a hash of its content:
    - ``trexpyc``: the engine, which the table needs to start (PyScript's [files]);
    - ``trexbots``: the bots' modules (trexui.players.bots.STEPS and the rest of trex_core.bots),
      fetched only once the table is playable (bots.fetch_bytecode), before the bots are
      imported while the first moves play: 0.07 MB less before Python-playable.
    The wheel stays in the site for pip and tools; no page fetches it."""
    sys.path.insert(0, str(WEB))
    try:
        from trexui.players.bots import STEPS  # the modules the page imports a step at a time
    finally:
        sys.path.remove(str(WEB))
    require_node("compiles the engine's byte code for the page")
    modules = set(STEPS) | {"trex_core.bots"} | set(page_modules(ROOT, "trex_core"))
    bots = sorted(m for m in modules if m in STEPS or m.split(".")[:2] == ["trex_core", "bots"])
    return (write_zip(dest, "trexpyc", compiled(ROOT, sorted(modules - set(bots)), sourceless=True), form),
            write_zip(dest, "trexbots", compiled(ROOT, bots, sourceless=True), form))


# Modules of the page's packages it never imports: the command line and its tools, and the
# .po reader (build time only); nor trex_core/_moved/ (the old module paths, for users' code).
# Their byte code is not shipped.
# The link's modules (friends at a table over a link): their own zip, fetched when needed.
# (invite.py and the referee's protocol stay: the page reads a #join= address with them.)
LINK_MODULES = ("trexui.table.guest", "trexui.friends.link", "trexui.friends.linkview",
                "trexui.friends.qr", "trexui.friends.qrread", "trexui.friends.qrscan",
                "trexui.friends.relay", "trexui.friends.rtc", "trexui.friends.scan")
NOT_PAGE_MODULES = ("trex_core.tools.cli", "trex_core.__main__", "trex_core.tools.arena",
                    "trex_core.tools.render",
                    "trex_core.bots.fit_choice", "trex_core.bots.recursive", "trex_core.randomplay",
                    "trexui.start.opening")  # the openings are rendered at build time (early.js)


def page_modules(root: Path, package: str) -> list[str]:
    """Every module of `package` (under `root`) the page may import, by dotted name."""
    names = []
    for p in sorted((root / package).rglob("*.py")):
        name = ".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        if name not in NOT_PAGE_MODULES and "__pycache__" not in p.parts and "_moved" not in p.parts:
            names.append(name)
    return names


SNAPSHOT_MODULES = ("pystart.mjs", "snapshot.mjs")


def snapshot_key(out: Path, game: list[Path]) -> str:
    """What a memory snapshot holds: Pyodide's core and the game's zips. A
    snapshot is used only by a build with the same key (pystart.mjs)."""
    parts = [out / "pyodide" / name for name in PYODIDE_FILES] + sorted(game)
    return hashlib.sha256(json.dumps([(p.name, file_hash(p)) for p in parts]).encode()).hexdigest()[:16]


def write_snapshot_modules(out: Path, game: list[Path]) -> str:
    """pystart.mjs (the interpreter module of pyscript.json) with its key, and its worker."""
    key = snapshot_key(out, game)
    src = (WEB / "pystart.mjs").read_text(encoding="utf-8")
    assert '"__TREX_SNAPSHOT_KEY__"' in src
    src = src.replace('"__TREX_SNAPSHOT_KEY__"', json.dumps(key))
    (out / "pystart.mjs").write_text(src, encoding="utf-8")
    shutil.copy2(WEB / "snapshot.mjs", out / "snapshot.mjs")
    return key


def build(out: Path = DEFAULT_OUT, slim: bool = True, compress: bool = True, zips: str = "stored") -> Path:
    """The site in `out`; `zips` is the zips' form (ZIP_FORMS: "stored" where the host serves
    the .br/.gz copies, "deflated" where it compresses by type)."""
    ensure_node_modules()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    wheel = build_wheel(out, zips)
    log(f"wheel: {wheel.name} ({wheel.stat().st_size:,} bytes)")
    pyc, bots_pyc = page_bytecode(out, zips)
    log(f"trex_core's byte code: {pyc.name} ({pyc.stat().st_size:,} bytes), "
        f"the bots' {bots_pyc.name} ({bots_pyc.stat().st_size:,} bytes)")
    link_zip = zip_link(out, zips)
    log(f"the link's byte code: {link_zip.name} ({link_zip.stat().st_size:,} bytes)")
    ui_zip = zip_ui(out, {"bots": bots_pyc.name, "link": link_zip.name}, zips)
    log(f"ui: {ui_zip.name} ({ui_zip.stat().st_size:,} bytes)")
    sources = zip_ui_sources(out)
    log(f"ui sources (for tools): {sources.name} ({sources.stat().st_size:,} bytes)")

    for name in STATIC_FILES:
        if (WEB / name).exists():
            shutil.copy2(WEB / name, out / name)
    # PyScript fetches [files] only once Pyodide is up; preloading them overlaps that wait.
    # loader.js adds the preloads once the page's first table is on screen: in the head they
    # took a 4G line's bandwidth from style.css and the opening (docs/WEB.md "The fourth step").
    preload = json.dumps([f"./{n}" for n in (ui_zip.name, pyc.name)])
    html = (out / "index.html").read_text(encoding="utf-8")
    marker = html[html.index("<!--preload"):html.index("-->", html.index("<!--preload")) + 3]
    html = html.replace(marker, f'<script id="trex-preload" type="application/json">{preload}</script>')
    # The loading screen's words in every language, inline: loader.js needs no fetch.
    marker = html[html.index("<!--i18n"):html.index("-->", html.index("<!--i18n")) + 3]
    # (and the seats' names: the table's frame is painted before Python starts, start.css)
    words = loading_strings(("loading.", "seat."))
    inline = f'<script id="trex-i18n" type="application/json">{words}</script>'
    html = html.replace(marker, inline)
    html = re.sub(r"<noscript>.*?</noscript>", lambda _: noscript_html(), html, count=1, flags=re.S)
    skeleton = page_view()
    app_tag = '<div id="app" class="app" hidden></div>'
    assert app_tag in html, "index.html's #app changed: the table's skeleton goes into it"
    html = html.replace(app_tag, app_tag.replace("></div>", f">{skeleton}</div>"))
    page = html  # embed.html's: one embedded table, no opening (docs/EMBED.md)
    openings = write_openings(out)
    log(f"openings: {openings['count']} in {len(openings['langs'])} languages")
    openings_marker = html[html.index("<!--openings"):html.index("-->", html.index("<!--openings")) + 3]
    html = html.replace(openings_marker, '<script id="trex-openings" type="application/json">'
                        + json.dumps(openings, separators=(",", ":")) + "</script>")
    # loader.js, early.js and start.css, written into the page (web/index.html says why;
    # early.js and start.css are in no other page, so not files of the site)
    html = inline_style(inline_script(inline_script(html, "loader.js"), "early.js"), "start.css")
    (out / "index.html").write_text(html, encoding="utf-8")
    # author.html: its words, inline too (loader.js reads them; the page has no Python)
    author = (out / "author.html").read_text(encoding="utf-8")
    marker = author[author.index("<!--i18n"):author.index("-->", author.index("<!--i18n")) + 3]
    words = loading_strings(("author.", "compass.", "contract.", "level."))
    author = author.replace(marker, f'<script id="trex-i18n" type="application/json">{words}</script>')
    (out / "author.html").write_text(author, encoding="utf-8")
    # embed.html: the same page for one embedded table (docs/EMBED.md); the body says so.
    embed = page.replace('<body data-state="loading">', '<body data-state="loading" data-embed>', 1)
    assert embed != page, "index.html's <body> tag changed: embed.html needs its data-embed"
    early = '<script src="./early.js"></script>\n'
    assert early in embed, "index.html's early.js tag changed: embed.html leaves it out"
    embed = embed.replace(early, "").replace(openings_marker, "")
    # ... and no preloads: a frame's load event comes long before its runtime asks for the
    # wheel and the zips, so Chromium warned in every frame that they were "preloaded but
    # not used within a few seconds"; they are fetched when the runtime is up.
    embed, preloads = re.subn(r'<script id="trex-preload"[^>]*>[^<]*</script>\n?', "", embed)
    assert preloads, "index.html's preloads changed: embed.html leaves them out"
    embed = inline_style(inline_script(embed, "loader.js"), "start.css")
    (out / "embed.html").write_text(embed, encoding="utf-8")
    shutil.copy2(WEB / "main.py", out / "main.py")
    shutil.copy2(NODE / "morphdom" / MORPHDOM_FILE, out / "morphdom.min.js")
    paint_lessons(out)

    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(NODE / "pyodide" / name, out / "pyodide" / name)
    if slim:  # the standard library the pages import, as byte code
        stdlib = slim_stdlib(out / "pyodide" / "python_stdlib.zip", zips)
        log(f"stdlib: {stdlib['entries']} modules' byte code, {stdlib['bytes']:,} bytes "
            f"(Pyodide's: {stdlib['full_bytes']:,})")
        own_lock(out / "pyodide" / "pyodide-lock.json")
    (out / "pyscript").mkdir()
    # core.js fetches its chunks by hashed name (STACK.md): all but those no page loads.
    for p in pyscript_files():
        shutil.copy2(p, out / "pyscript" / p.name)

    # The interpreter: Pyodide's loadPyodide wrapped by pystart.mjs, which starts it from a
    # memory snapshot made in this browser (docs/WEB.md), keyed by what the snapshot holds.
    write_snapshot_modules(out, [ui_zip, pyc, bots_pyc, link_zip])
    # The app's PyScript config: that interpreter, the UI's and the engine's byte code
    # unpacked into the working directory (on sys.path, no micropip).
    config = {
        "interpreter": "./pystart.mjs",
        "files": {f"./{ui_zip.name}": "./*", f"./{pyc.name}": "./*"},
    }
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")
    # The benchmark's bare page: the same runtime and nothing else.
    bare = {"interpreter": "./pyodide/pyodide.mjs"}
    (out / "bare.json").write_text(json.dumps(bare, indent=2) + "\n")

    sizes = app_files(out)
    manifest = {
        "wheel": wheel.name,
        "ui_zip": ui_zip.name,
        "bytecode": pyc.name,
        "bots_bytecode": bots_pyc.name,
        "pins": PINS,
        "zips": zips,
        "app_files": sizes,
    }
    (out / "build.json").write_text(json.dumps(manifest, indent=2) + "\n")
    offline_and_safe(out, ui_zip.name, pyc.name)
    if compress:  # last: the pages and sw.js are final now
        compressed = precompress(out)
        info = json.loads((out / "build.json").read_text())
        # the openings' branches (thousands of small files) as one sum
        branch = {k: v for k, v in compressed.items() if k.startswith(OPENINGS) and k.count("/") > 1}
        info["compressed"] = {k: v for k, v in compressed.items() if k not in branch}
        info["compressed"]["openings' branches"] = {"files": len(branch), **{
            key: sum(v[key] for v in branch.values()) for key in ("bytes", "gz", "br")}}
        (out / "build.json").write_text(json.dumps(info, indent=2) + "\n")
        for suffix in COMPRESSED:  # build.json changed after its copies: none (a host would serve them stale)
            (out / ("build.json" + suffix)).unlink(missing_ok=True)
        log(f"compressed copies: {len(compressed)} files, "
            f"{sum(v['bytes'] for v in compressed.values()):,} bytes -> "
            f"{sum(v['br'] or v['gz'] for v in compressed.values()):,} as .br")
    total = sum(sizes.values())
    log(f"site: {out} (app's own files {total:,} bytes; runtime copied from npm)")
    return out


def page_view() -> str:
    """The table's empty elements (trexui/view/board.py SKELETON), written into index.html's
    #app: early.js paints an opening into them and Python's table takes them over."""
    sys.path.insert(0, str(WEB))
    try:
        from trexui.view import board as view
    finally:
        sys.path.remove(str(WEB))
    return str(view.SKELETON)


def _opening(job: tuple[int, int, str]) -> dict[str, bytes]:
    """One opening's files: ``<lang>-<i>.json`` and its branches, ``<lang>-<i>/<name>.json``."""
    i, seed, lang = job
    sys.path.insert(0, str(WEB))
    from trexui.start import opening
    data = opening.build(seed, lang)
    branches = data.pop("branches")

    def text(d: dict[str, Any]) -> bytes:
        return json.dumps(d, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return {f"{lang}-{i}.json": text(data),
            **{f"{lang}-{i}/{name}.json": text(b) for name, b in branches.items()}}


def write_openings(out: Path) -> dict[str, Any]:
    """The openings (web/trexui/start/opening.py): for each seed of opening.SEEDS and
    each language, the graph of the first decisions, rendered by the page's own view in
    CPython, as ``openings/<lang>-<i>.json``, and its branches (the bots' answers to the
    player's cards, fetched by early.js on a tap) as ``openings/<lang>-<i>/<name>.json``.
    Returns what index.html inlines for early.js: the folder, how many there are, the
    languages."""
    sys.path.insert(0, str(WEB))
    try:
        from trexui.start import opening
    finally:
        sys.path.remove(str(WEB))
    langs = languages()
    jobs = [(i, seed, lang) for lang in langs for i, seed in enumerate(opening.SEEDS)]
    written: dict[str, bytes] = {}
    # one process per core: about 8 s of rendering per language on one core
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        for files in pool.map(_opening, jobs, chunksize=4):
            written.update(files)
    # the folder is named after its content: a page of one build never reads another's
    digest = hashlib.sha256(b"".join(name.encode() + data for name, data in sorted(written.items())))
    folder = out / f"{OPENINGS}-{digest.hexdigest()[:10]}"
    folder.mkdir()
    for name, data in written.items():
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_bytes(data)
    return {"dir": f"./{folder.name}/", "count": len(opening.SEEDS), "langs": langs}


def paint_lessons(out: Path) -> None:
    """The worked lesson's tables painted in its HTML (docs/EMBED.md, "Tables that paint at
    once"): each empty ``data-trex`` element of tutorial.html gets its table's first rendering,
    made by the page's own view code (trexui.start.paint, as ``python -m trex_core render
    --page`` does), so the lesson shows its diagrams before the runtime is there."""
    from trex_core import render
    with tempfile.TemporaryDirectory(prefix="trexui-") as scratch:
        paint = render.load(str(WEB), Path(scratch))
        page = out / "tutorial.html"
        page.write_text(paint.page(page.read_text(encoding="utf-8")), encoding="utf-8")


def app_files(out: Path) -> dict[str, int]:
    """The app's own files (a budget of <= 300 KB): wheel, HTML, CSS,
    Python, images, the tiny loader and the config - not PyScript or Pyodide,
    and not the benchmark's bare page."""
    sizes = {}
    for p in sorted(out.iterdir()):
        if p.is_file() and p.name not in ("bare.html", "bare.json", "build.json") \
                and p.suffix not in COMPRESSED and not p.name.startswith(UI_SOURCES):
            sizes[p.name] = p.stat().st_size
    return sizes


# ---------------------------------------------------------------- offline, installable, CSP
# Offline and installable, with a Content-Security-Policy (docs/WEB.md "Offline and installable",
# "Content-Security-Policy").
# The pages build.py writes, with a Content-Security-Policy <meta> each.
PAGES = ("index.html", "embed.html", "tutorial.html", "author.html", "bare.html")
# The strictest policy the pages run under; why each directive is there: docs/WEB.md.
# Inline <script>/<style> elements are allowed by their SHA-256 only (added per page).
CSP = {
    "default-src": ["'none'"],
    "script-src": ["'self'"],
    "style-src-elem": ["'self'"],
    "style-src-attr": ["'unsafe-inline'"],
    "connect-src": ["'self'"],
    "img-src": ["'self'"],
    "font-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": ["'self'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
    "object-src": ["'none'"],
}
# What a page that runs Python adds: Pyodide compiles its WebAssembly ('wasm-unsafe-eval'),
# and PyScript 0.7 builds its hooks with Function() ('unsafe-eval'; tested: without it
# core.js stops at its first Function() and the page never starts). author.html and
# any page without PyScript get neither.
PYTHON_PAGES = {"index.html", "embed.html", "tutorial.html", "bare.html"}
PYTHON_SCRIPT_SRC = ["'unsafe-eval'", "'wasm-unsafe-eval'"]
# The loading screen names the big downloads and counts their bytes (loader.js).
PROGRESS_FILES = {"pyodide/pyodide.asm.wasm": "runtime", "pyodide/python_stdlib.zip": "stdlib",
                  "pyodide/pyodide.asm.mjs": "runtime_js"}
ICON_SIZES = (192, 512)
# Not in the worker's cache: the worker itself (the browser keeps it) and the build's notes;
# nor the compressed copies a server sends in a file's place (Content-Encoding): the page
# asks for the file, and the worker keeps the file's own bytes.
NOT_PRECACHED = ("sw.js", "build.json")
THEME = "#1d5c3a"


def _sha256_b64(text: str) -> str:
    import base64
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def inline_hashes(html: str) -> tuple[list[str], list[str]]:
    """The CSP hashes of a page's inline scripts the browser runs and its inline styles.
    A <script> with a src, or of a type that is not JavaScript (the inline JSON words,
    PyScript's type="py"), needs none."""
    scripts, styles = [], []
    for attrs, body in re.findall(r"<script\b([^>]*)>(.*?)</script>", html, flags=re.S | re.I):
        kind = re.search(r'\btype\s*=\s*"([^"]*)"', attrs)
        if "src=" in attrs or (kind and kind.group(1).lower() not in ("text/javascript", "module")):
            continue
        scripts.append(_sha256_b64(body))
    for body in re.findall(r"<style\b[^>]*>(.*?)</style>", html, flags=re.S | re.I):
        styles.append(_sha256_b64(body))
    return scripts, styles


def csp_for(html: str, python: bool = True) -> str:
    scripts, styles = inline_hashes(html)
    policy = {k: list(v) for k, v in CSP.items()}
    policy["script-src"] += (PYTHON_SCRIPT_SRC if python else []) + sorted(set(scripts))
    policy["style-src-elem"] += sorted(set(styles))
    return "; ".join(f"{k} {' '.join(v)}" for k, v in policy.items())


def add_csp(html: str, python: bool = True) -> str:
    """Put the page's policy first in <head> (a <meta> CSP covers only what follows it)."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{csp_for(html, python)}">'
    charset = '<meta charset="utf-8">'
    assert charset in html, "a page without <meta charset=\"utf-8\"> first: where does its CSP go?"
    return html.replace(charset, charset + "\n" + meta, 1)


def write_icons_and_manifest(out: Path) -> None:
    """The web app manifest and its icons (PNG drawn by web/icons.py, and an SVG)."""
    spec = importlib.util.spec_from_file_location("trex_icons", WEB / "icons.py")
    assert spec is not None and spec.loader is not None
    icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(icons)
    (out / "icons").mkdir(exist_ok=True)
    entries = []
    for size in ICON_SIZES:
        (out / "icons" / f"icon-{size}.png").write_bytes(icons.png(size))
        entries.append({"src": f"./icons/icon-{size}.png", "sizes": f"{size}x{size}",
                        "type": "image/png", "purpose": "any maskable"})
    (out / "icons" / "icon.svg").write_text(icons.SVG, encoding="utf-8")
    entries.append({"src": "./icons/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    words = {e.msgid: e.msgstr[0] for e in catalogues()["en"]}
    manifest = {
        "name": words.get("app.title", "Trex"),
        "short_name": words.get("app.title", "Trex"),
        "description": words.get("loading.app_description", ""),
        "id": "./",
        "start_url": "./",  # relative to the manifest: works from any sub-path
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": THEME,
        "theme_color": THEME,
        "icons": entries,
    }
    (out / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                              encoding="utf-8")


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def write_worker(out: Path) -> dict[str, Any]:
    """sw.js from web/sw.js: every file of the site with its content hash, and the build's
    version (a hash of that list) so a new build is a new cache. Returns what it wrote."""
    files = {p.relative_to(out).as_posix(): file_hash(p)
             for p in sorted(out.rglob("*"))
             if p.is_file() and p.name not in NOT_PRECACHED and p.suffix not in COMPRESSED
             # a first visit's, fetched once; the tools' sources and the wheel (for pip),
             # never fetched by a page
             and not p.relative_to(out).parts[0].startswith((OPENINGS, UI_SOURCES))
             and p.suffix != ".whl"}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:12]
    src = (WEB / "sw.js").read_text(encoding="utf-8")
    assert '"__TREX_BUILD__"' in src and "/*__TREX_FILES__*/ {}" in src
    src = src.replace('"__TREX_BUILD__"', json.dumps(version))
    src = src.replace("/*__TREX_FILES__*/ {}", json.dumps(files, indent=0, sort_keys=True))
    (out / "sw.js").write_text(src, encoding="utf-8")
    return {"version": version, "files": len(files),
            "bytes": sum((out / f).stat().st_size for f in files) + (out / "sw.js").stat().st_size}


def offline_and_safe(out: Path, ui_zip: str, pyc: str) -> None:
    """The last steps of a build: icons and manifest, the loading screen's byte counts,
    a CSP for every page, then the worker (last: it lists every file with its hash)."""
    write_icons_and_manifest(out)
    big = {**PROGRESS_FILES, ui_zip: "table", pyc: "game"}
    sizes = {name: {"bytes": (out / name).stat().st_size, "what": what} for name, what in big.items()}
    for page in PAGES:
        path = out / page
        if not path.exists():
            continue
        html = path.read_text(encoding="utf-8")
        if "<!--sizes" in html:
            marker = html[html.index("<!--sizes"):html.index("-->", html.index("<!--sizes")) + 3]
            data = json.dumps(sizes, separators=(",", ":"), sort_keys=True).replace("</", "<\\/")
            html = html.replace(marker, f'<script id="trex-sizes" type="application/json">{data}</script>')
        path.write_text(add_csp(html, page in PYTHON_PAGES), encoding="utf-8")
    worker = write_worker(out)
    info = json.loads((out / "build.json").read_text())
    info["offline"] = worker
    (out / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    log(f"offline: sw.js lists {worker['files']} files, {worker['bytes']:,} bytes, build {worker['version']}")



# ---------------------------------------------------------------- bytes before Python
# Fewer bytes before Python (docs/WEB.md "Bytes before Python"): a slim standard library in byte
# code, pre-compressed copies of the site's files, and PyScript's chunks the pages never load
# left out.
#
# The standard-library modules the pages import, traced under the pinned Pyodide 314.0.7 and
# PyScript 0.7.31: the union of `python bench/stdlib_trace.py` (the running pages' sys.modules:
# index.html with four bots at every level and its dialogs, embed.html, tutorial.html,
# bare.html; PyScript's and Pyodide's own start-up among them) and `node
# bench/page_imports.mjs` (every module of trexui and trex_core the page can import, a whole
# match with every level, the save, the record, the catalogues). Re-trace after a change of
# the pins or of the page's imports; tests/test_slim_stdlib.py and
# tests/browser/test_bytes.py fail when the page imports a module the slim zip lacks.
# (collections.abc and os.path are in sys.modules but have no file: their packages alias them.)
STDLIB_TRACED = (
    "__future__", "_collections_abc", "_colorize", "_opcode_metadata", "_py_warnings",
    "_pyodide", "_pyodide._base", "_pyodide._core_docs", "_pyodide._future_helper",
    "_pyodide._importhook", "_pyodide.docs_argspec", "_pyodide.docstring", "_pyodide.jsbind",
    "_sitebuiltins", "_ssl", "_weakrefset", "abc", "annotationlib", "ast", "asyncio",
    "asyncio.base_events", "asyncio.base_futures", "asyncio.base_subprocess",
    "asyncio.base_tasks", "asyncio.constants", "asyncio.coroutines", "asyncio.events",
    "asyncio.exceptions", "asyncio.format_helpers", "asyncio.futures", "asyncio.graph",
    "asyncio.locks", "asyncio.log", "asyncio.mixins", "asyncio.protocols", "asyncio.queues",
    "asyncio.runners", "asyncio.selector_events", "asyncio.sslproto", "asyncio.staggered",
    "asyncio.streams", "asyncio.subprocess", "asyncio.taskgroups", "asyncio.tasks",
    "asyncio.threads", "asyncio.timeouts", "asyncio.transports", "asyncio.trsock",
    "asyncio.unix_events", "base64", "bisect", "bz2", "codecs", "codeop", "collections",
    "compression", "compression._common", "compression._common._streams",
    "compression.zstd", "compression.zstd._zstdfile", "concurrent", "concurrent.futures",
    "concurrent.futures._base", "contextlib", "contextvars", "copy", "copyreg", "dataclasses",
    "dis", "encodings", "encodings.aliases", "encodings.cp437", "encodings.utf_8", "enum",
    "fnmatch", "functools", "genericpath", "gettext", "glob", "heapq", "html", "html.entities",
    "importlib", "importlib._abc", "importlib._bootstrap", "importlib._bootstrap_external",
    "importlib.abc", "importlib.machinery", "importlib.util", "inspect", "io", "ipaddress",
    "json", "json.decoder", "json.encoder", "json.scanner", "keyword", "linecache", "locale",
    "logging", "lzma", "ntpath", "opcode", "operator", "os", "pathlib",
    "pathlib._os", "posixpath", "py_compile", "pyodide", "pyodide._package_loader",
    "pyodide._state", "pyodide.code", "pyodide.common", "pyodide.ffi", "pyodide.webloop",
    "random", "re", "re._casefix", "re._compiler", "re._constants", "re._parser", "reprlib",
    "selectors", "shutil", "signal", "site", "socket", "ssl", "stat", "string", "struct",
    "subprocess", "tempfile", "textwrap", "threading", "token", "tokenize", "traceback",
    "types", "typing", "urllib", "urllib.parse", "warnings", "weakref", "zipfile",
    "zipfile._path", "zipfile._path.glob", "zipimport",
)
# Not seen in the traces, kept on purpose (each a few KB): why each is there.
STDLIB_SAFETY = {
    "encodings.ascii": "the codec modules a text API looks up by name most often after utf-8",
    "encodings.latin_1": "(the same: codecs.lookup('latin-1'), an .mo or a file opened so)",
    "encodings.utf_8_sig": "a UTF-8 file with a byte-order mark (a hand-edited record pasted in)",
    "pyodide.ffi.wrappers": "Pyodide's add_event_listener/set_timeout, which PyScript code may import",
    "pyodide.http": "pyodide.http.pyfetch, the Pyodide way to fetch, should a page's code fetch",
    "pyodide.console": "Pyodide's console, which PyScript's error paths in a REPL-like page use",
    "datetime": "time formatting a record or a report may grow (datetime is not in the traces)",
    "_pydatetime": "datetime's pure-Python half, which datetime imports",
    "_strptime": "time.strptime's module, imported on its first use",
    "pprint": "an error report's repr of a big value",
    "difflib": "traceback's 'did you mean' suggestions fall back to it",
}
# PyScript 0.7.31's dist/ chunks no page of the site loads: the code editor (<py-editor>:
# CodeMirror), the terminal (<py-terminal>: xterm.js and the terminal's own runtimes py-/mpy-),
# the TOML parser the editor and py-game use (the site's configs are JSON), and the graph
# drawing of Pyodide's package loading. core.js names them in its import() calls, but only
# the plugins for elements the pages never have call those (bench/stdlib_trace.py lists what
# the pages request; the browser tests fail on any 404). The plugins' own small chunks
# (py-editor, py-terminal, py-game, deprecations-manager, donkey, error) are fetched at every
# start and stay.
PYSCRIPT_UNUSED = ("codemirror-", "codemirror_", "index-", "xterm", "mpy-", "py-Dl-",
                   "toml-Blg7Izee", "pyodide_graph-", "storage.js", "service-worker.js")
# Pre-compressed copies: of these kinds of file, each only when it saves at least
# COMPRESS_MIN_SAVING of its bytes (a .whl or .zip of deflated entries does not; the slim
# stdlib zip, stored, does).
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".webmanifest",
                ".py", ".zip", ".whl", ".txt")
COMPRESS_MIN_SAVING = 0.10
COMPRESSED = (".gz", ".br")  # the copies' suffixes: never precached nor counted as the app's
BROTLI_CACHE = ROOT / "build" / "brotli"  # the runtime's .br copies by content hash (slow: ~1 min)


def stdlib_modules() -> list[str]:
    return sorted(set(STDLIB_TRACED) | set(STDLIB_SAFETY))


def slim_stdlib(target: Path, form: str = "stored") -> dict[str, int]:
    """Write the slim python_stdlib.zip to `target`: the traced modules and the safety list's,
    as byte code (compiled by the pinned Pyodide under Node: build_stdlib.mjs), stored."""
    full = NODE / "pyodide" / "python_stdlib.zip"
    r = subprocess.run(["node", str(ROOT / "build_stdlib.mjs"), str(target), str(full),
                        *stdlib_modules()], check=True, cwd=ROOT, capture_output=True, text=True)
    absent = [line.split(": ", 1)[1] for line in r.stdout.splitlines() if line.startswith("absent: ")]
    if absent:
        sys.exit(f"build.py: not in Pyodide's python_stdlib.zip: {', '.join(absent)} "
                 "(STDLIB_TRACED/STDLIB_SAFETY name a module that is built in or gone)")
    if form != "stored":
        pack(target, target, form)
    return {"bytes": target.stat().st_size, "full_bytes": full.stat().st_size,
            "entries": len(zipfile.ZipFile(target).namelist())}


def own_lock(path: Path) -> None:
    """Pyodide's lock file as this site's: its runtime, and no packages. Pyodide reads the
    lock at every start; the stock one lists Pyodide's 357 packages (22 KB of a first visit
    as br), whose files this site does not host (no page loads a package: the game's code is
    the wheel and the zips of pyscript.json). Pyodide only maps import names to them, for
    loadPackage and its hint on a failed import: with none listed, such an import fails as
    in CPython. The "info" stays: Pyodide checks its ABI against the runtime."""
    lock = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n",
                    encoding="utf-8")


def pyscript_files() -> list[Path]:
    """PyScript's dist files the site serves: every .js and .css but PYSCRIPT_UNUSED."""
    dist = NODE / "@pyscript" / "core" / "dist"
    return [p for p in sorted(dist.iterdir())
            if p.suffix in (".js", ".css") and not p.name.startswith(PYSCRIPT_UNUSED)]


def _brotli(paths: list[Path]) -> None:
    """p.br beside each p (node build_compress.mjs); big files come from BROTLI_CACHE by hash."""
    todo = []
    for p in paths:
        cached = BROTLI_CACHE / (hashlib.sha256(p.read_bytes()).hexdigest() + ".br")
        if cached.exists():
            shutil.copyfile(cached, p.with_name(p.name + ".br"))
        else:
            todo.append(p)
    # (a few hundred files a command line: the openings' branches are thousands)
    for at in range(0, len(todo), 500):
        subprocess.run(["node", str(ROOT / "build_compress.mjs"), *map(str, todo[at:at + 500])], check=True,
                       cwd=ROOT, stdout=subprocess.DEVNULL)
    for p in todo:
        if p.stat().st_size > 200_000:
            BROTLI_CACHE.mkdir(parents=True, exist_ok=True)
            cached = BROTLI_CACHE / (hashlib.sha256(p.read_bytes()).hexdigest() + ".br")
            shutil.copyfile(p.with_name(p.name + ".br"), cached)


def precompress(out: Path) -> dict[str, dict[str, int]]:
    """.gz (gzip -9, mtime 0: same bytes every build) and .br copies beside each
    compressible file of the site, kept only where they pay (COMPRESS_MIN_SAVING).
    Returns {file: {"bytes", "gz", "br"}} for the files that got copies."""
    files = [p for p in sorted(out.rglob("*"))
             if p.is_file() and p.suffix in COMPRESSIBLE and p.suffix not in COMPRESSED]
    _brotli(files)
    sizes: dict[str, dict[str, int]] = {}
    for p in files:
        data = p.read_bytes()
        gz = gzip.compress(data, compresslevel=9, mtime=0)
        br = p.with_name(p.name + ".br")
        keep = int(len(data) * (1 - COMPRESS_MIN_SAVING))
        if len(gz) <= keep:
            p.with_name(p.name + ".gz").write_bytes(gz)
        if br.stat().st_size > keep:
            br.unlink()
        if len(gz) <= keep or br.exists():
            sizes[p.relative_to(out).as_posix()] = {
                "bytes": len(data), "gz": len(gz) if len(gz) <= keep else 0,
                "br": br.stat().st_size if br.exists() else 0}
    return sizes


# ---------------------------------------------------------------- serving
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".whl": "application/zip", ".zip": "application/zip",
                      ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json"}
    base = "/"
    quiet = False

    def translate_path(self, path: str) -> str:
        # Serve the site under `base` only, like a static host's sub-path.
        p = path.split("?", 1)[0].split("#", 1)[0]
        if not p.startswith(self.base):
            return str(Path(self.directory) / "__outside_base__")
        return super().translate_path("/" + p[len(self.base):])

    def send_head(self) -> Any:
        """As a static host with pre-compressed files does (nginx gzip_static/brotli_static):
        the .br copy, else the .gz, when the request accepts it (``variant``), with
        Content-Encoding, Vary: Accept-Encoding, the original's Content-Type and the copy's
        Content-Length; an ETag and Last-Modified per variant, so a revalidation is a 304."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")  # what the directory serves
        if not os.path.isfile(path) or path.endswith(COMPRESSED):
            return super().send_head()
        encoding, file = self.variant(path)
        st = os.stat(file if isinstance(file, str) else path)
        etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}{"-" + encoding if encoding else ""}"'
        last = self.date_time_string(int(st.st_mtime))
        inm, ims = self.headers.get("If-None-Match"), self.headers.get("If-Modified-Since")
        fresh = (etag in [t.strip() for t in inm.split(",")] or inm.strip() == "*") if inm \
            else bool(ims) and ims == last
        self.send_response(304 if fresh else 200)
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", last)
        self.send_header("Vary", "Accept-Encoding")
        if fresh:
            self.end_headers()
            return None
        self.send_header("Content-Type", self.guess_type(path))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if isinstance(file, str):
            self.send_header("Content-Length", str(os.stat(file).st_size))
            self.end_headers()
            return open(file, "rb")
        self.send_header("Content-Length", str(len(file)))
        self.end_headers()
        return io.BytesIO(file)

    def variant(self, path: str) -> tuple[str | None, str | bytes]:
        """(Content-Encoding, the file to send or its bytes) for the site's file `path`: its
        .br copy, else its .gz, where the request accepts them (a copy older than its file is
        stale, the file edited in place: not served), else the file."""
        accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
        for enc, suffix in (("br", ".br"), ("gzip", ".gz")):
            if enc in accepted and os.path.isfile(path + suffix) \
                    and os.stat(path + suffix).st_mtime_ns >= os.stat(path).st_mtime_ns:
                return enc, path + suffix
        return None, path


# What a host that compresses by type gzips as it sends (GitHub Pages, whose CDN gzips html,
# css, js, json and wasm; Netlify and Cloudflare Pages, which add brotli; nginx's `gzip on`
# with gzip_types): text and the web's text-like types. A zip, a wheel or a PNG goes as it
# is, and the .br/.gz copies are never served (such a host does not look for them).
GZIP_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
              "image/svg+xml", "application/manifest+json")


class ByTypeHandler(Handler):
    """build.py's handler as a host that compresses by type (GZIP_TYPES, gzip level 6 as
    nginx's gzip_comp_level 6 and zlib's default), the compressed bytes kept per file and
    modification time; anything else raw."""
    _gzipped: dict[tuple[str, int], bytes] = {}
    _lock = threading.Lock()

    def variant(self, path: str) -> tuple[str | None, str | bytes]:
        if "gzip" not in accepted_encodings(self.headers.get("Accept-Encoding", "")) \
                or not self.guess_type(path).startswith(GZIP_TYPES):
            return None, path
        key = (path, os.stat(path).st_mtime_ns)
        with self._lock:
            body = self._gzipped.get(key)
            if body is None:
                body = self._gzipped[key] = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
        return "gzip", body


    def end_headers(self) -> None:
        # Development server: always revalidate, so a rebuild is seen at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(fmt, *args)


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header accepts (q=0 refuses one; `*` is not honoured)."""
    accepted = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(q) > 0 and name.strip():
                accepted.add(name.strip().lower())
        except ValueError:
            pass
    return accepted


# How a server compresses (make_server): "copies", as a host that serves the site's .br/.gz
# copies; "by-type", as one that gzips text types as it sends and sends zips raw.
SERVER_COMPRESSION = {"copies": Handler, "by-type": ByTypeHandler}


def make_server(root: Path, port: int = 0, base: str = "/", quiet: bool = True,
                compression: str = "copies") -> tuple[http.server.ThreadingHTTPServer, str]:
    """An HTTP server for `root` on 127.0.0.1 (port 0 = any free port), the site
    mounted at `base`, compressing as `compression` says (SERVER_COMPRESSION). Returns
    (server, url); call server.serve_forever()."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("SiteHandler", (SERVER_COMPRESSION[compression],), {"base": base, "quiet": quiet})
    srv = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(root)))
    srv.daemon_threads = True
    return srv, f"http://127.0.0.1:{srv.server_address[1]}{base}"


def serve_in_thread(root: Path, base: str = "/",
                    compression: str = "copies") -> tuple[http.server.ThreadingHTTPServer, str]:
    srv, url = make_server(root, 0, base, compression=compression)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, url


# ---------------------------------------------------------------- the test command
# `python build.py test` is the README's test command and exactly what .ci/run runs: on a
# fresh machine it installs what the tests need (only from Debian's apt, PyPI and npm),
# then runs pytest. Each step is skipped when its piece is already there.
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")  # tests/browser/conftest.py's default


def find_chromium() -> str | None:
    if os.environ.get("TREX_CHROMIUM"):  # conftest's override: the user chose a browser
        return os.environ["TREX_CHROMIUM"]
    if DEBIAN_CHROMIUM.exists():
        return str(DEBIAN_CHROMIUM)
    return shutil.which("chromium")


def ensure_chromium() -> str:
    """The browser the page tests drive: Debian's `chromium` (Playwright's own browser
    download is not used). Installed with apt-get when missing and running as root."""
    found = find_chromium()
    if found:
        return found
    apt = shutil.which("apt-get")
    if not (apt and hasattr(os, "geteuid") and os.geteuid() == 0):
        sys.exit("build.py test: Chromium is not installed. Install Debian's package "
                 "(`sudo apt-get install -y chromium`), or set TREX_CHROMIUM to a Chromium "
                 "binary, then run `python build.py test` again.")
    log("chromium missing: running `apt-get install -y chromium`")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([apt, "update"], check=True, env=env)
    subprocess.run([apt, "install", "-y", "chromium"], check=True, env=env)
    found = find_chromium()
    if not found:
        sys.exit("build.py test: `apt-get install chromium` ran but no chromium was found.")
    return found


def _release(version: str) -> tuple[int, ...]:
    """'6.100.2' -> (6, 100, 2); a pre-release tag is ignored ('1.0rc1' -> (1, 0))."""
    parts = []
    for piece in version.split("."):
        digits = re.match(r"\d+", piece)
        if not digits:
            break
        parts.append(int(digits.group()))
    return tuple(parts)


def _satisfies(have: str, specifiers: str) -> bool | None:
    """Whether version `have` meets `>=8,<10`-style bounds (all pyproject's test extras
    use); None for a specifier this small check does not understand."""
    ops = {">=": operator.ge, "<=": operator.le, "==": operator.eq, "!=": operator.ne,
           ">": operator.gt, "<": operator.lt}  # two-character operators first
    for clause in filter(None, (c.strip() for c in specifiers.split(","))):
        op = next((o for o in ops if clause.startswith(o)), None)
        if op is None or "*" in clause:
            return None
        a, b = _release(have), _release(clause[len(op):].strip())
        width = max(len(a), len(b))
        if not ops[op](a + (0,) * (width - len(a)), b + (0,) * (width - len(b))):
            return False
    return True


def unmet_test_requirements() -> list[str]:
    """pyproject's `test` extras that are missing or at a version outside their bounds."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    unmet = []
    for req in project["optional-dependencies"]["test"]:
        name = req
        for sep in "<>=!~[; ":
            name = name.split(sep, 1)[0]
        try:
            have = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            unmet.append(f"{req} (not installed)")
            continue
        if not _satisfies(have, req[len(name):]):
            unmet.append(f"{req} (have {have})")
    return unmet


def ensure_test_extras() -> None:
    """`pip install -e ".[test]"` into this interpreter, unless the extras are already met."""
    unmet = unmet_test_requirements()
    if not unmet:
        return
    log(f"test extras missing or at other versions ({', '.join(unmet)}): "
        "running `python -m pip install -e \".[test]\"`")
    subprocess.run([sys.executable, "-m", "pip", "install", "-e", ".[test]"], cwd=ROOT, check=True)
    still = unmet_test_requirements()
    if still:
        sys.exit(f"build.py test: after pip install, still unmet: {', '.join(still)}")


def run_tests(pytest_args: list[str]) -> int:
    """Set up what is missing, then `python -m pytest *pytest_args`; pytest's exit code."""
    chromium = ensure_chromium()
    ensure_test_extras()
    ensure_node_modules()
    env = {**os.environ, "TREX_CHROMIUM": chromium}
    cmd = [sys.executable, "-m", "pytest", *pytest_args]
    log("running " + " ".join(["python", "-m", "pytest", *pytest_args]))
    code = subprocess.run(cmd, cwd=ROOT, env=env).returncode
    if code == 5:  # a failure like any other: a filter or a collection that ran nothing
        log("pytest collected no tests (exit code 5)")
    return code


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"]:  # everything after `test` is pytest's (e.g. -k rules -x)
        sys.exit(run_tests(argv[1:]))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=["build", "serve", "test"])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="site folder (default ./site)")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--base", default="/", help="serve under this sub-path, e.g. /games/trex/")
    ap.add_argument("--no-build", action="store_true", help="serve the existing site as it is")
    ap.add_argument("--full-stdlib", action="store_true",
                    help="ship Pyodide's whole python_stdlib.zip, not the slim one (to compare)")
    ap.add_argument("--no-compress", action="store_true", help="write no .gz/.br copies")
    ap.add_argument("--zips", choices=tuple(ZIP_FORMS),
                    help="the zips' form: stored where the host serves the .br/.gz copies (nginx "
                         "with brotli_static/gzip_static), deflated where it compresses by type "
                         "(GitHub Pages, Netlify, Cloudflare Pages, nginx `gzip on`). Default: "
                         "deflated for `build`; for `serve`, what its --compression suits")
    ap.add_argument("--compression", choices=tuple(SERVER_COMPRESSION), default="copies",
                    help="serve: send the .br/.gz copies (copies, the default), or gzip text "
                         "types as they are sent and zips raw, as GitHub Pages does (by-type)")
    args = ap.parse_args(argv)
    if args.command == "test":
        ap.error("`test` comes first; what follows it goes to pytest: python build.py test -k rules")
    zips = args.zips or ("stored" if args.command == "serve" and args.compression == "copies" else "deflated")

    if not (args.command == "serve" and args.no_build):
        build(args.out, slim=not args.full_stdlib, compress=not args.no_compress, zips=zips)
    if args.command == "serve":
        srv, url = make_server(args.out, args.port, args.base, quiet=False, compression=args.compression)
        print(f"Serving Trex at {url}  (Ctrl+C to stop)", flush=True)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            srv.server_close()


if __name__ == "__main__":
    main()
