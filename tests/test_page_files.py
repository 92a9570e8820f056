"""What build.py sends the page's Python ("fewer bytes"): the UI zip holds the
view's byte code with no source beside it and the catalogues, the engine's zips its byte code
with no source (the page needs no wheel); the byte code has no docstrings
but keeps the asserts; the site's wheel is the built wheel with its entries stored; the lock
file lists no package. The byte code is run where the page runs it: the pinned Pyodide under
Node (skipped where Node or ``npm ci``'s node_modules/pyodide is missing). The browser tests
run every page on these files (tests/browser/test_bytes.py checks what is sent)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

needs_node = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and npm ci")

# Imports the page's modules from the two files pyscript.json unpacks (as the page does),
# then prints what the checks read.
RUN = """
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const py = await loadPyodide();
for (const [i, file] of process.argv.slice(1).entries()) {
  py.FS.writeFile(`/tmp/f${i}.zip`, readFileSync(file));
  py.runPython(`import zipfile; zipfile.ZipFile("/tmp/f${i}.zip").extractall("/home/pyodide")`);
}
console.log(py.runPython(`
import json, trexui.i18n.strings as strings, trexui.view.values as values, trex_core.errors as errors
try:
    errors._cards({"cards": 5})  # its assert: a list or a tuple
    kept = False
except AssertionError:
    kept = True
json.dumps({"ui_file": strings.__file__, "ui_doc": strings.__doc__, "core_doc": errors.__doc__,
            "core_file": errors.__file__, "asserts": kept, "words": strings.t("seat.0")})
`));
"""


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("site")
    pyc, bots = build.page_bytecode(out)
    link = build.zip_link(out)
    return {"wheel": build.build_wheel(out), "ui": build.zip_ui(out, {"bots": bots.name, "link": link.name}),
            "pyc": pyc, "bots": bots, "link": link, "sources": build.zip_ui_sources(out)}


def modules_in(zip_path: Path) -> set[str]:
    """The modules a zip of byte code holds, sourceless (pkg/mod.pyc) or beside a source."""
    return {n.removesuffix(".pyc").split(".cpython-")[0].replace("/__pycache__/", "/")
            .removesuffix("/__init__").replace("/", ".") for n in zipfile.ZipFile(zip_path).namelist()
            if n.endswith(".pyc")}


@needs_node
def test_the_ui_zip_is_byte_code_and_catalogues_only(files: dict[str, Path]) -> None:
    names = zipfile.ZipFile(files["ui"]).namelist()
    assert names and all(n.endswith(".pyc") or n.startswith("trexui/locale/") or n == "trexui/bytecode.json"
                         for n in names), names
    # the bots' and the link's byte code are fetched by the names the zip gives (bytecode.fetch)
    named = json.loads(zipfile.ZipFile(files["ui"]).read("trexui/bytecode.json"))
    assert named == {"bots": files["bots"].name, "link": files["link"].name}
    modules = modules_in(files["ui"])
    assert modules | {m for m in build.LINK_MODULES if m.startswith("trexui.")} == set(build.page_modules(
        build.WEB, "trexui"))
    assert not modules & set(build.NOT_PAGE_MODULES) and not modules & set(build.LINK_MODULES)
    # the tools' copy holds the sources, for `trex_core render --ui SITE`
    assert "trexui/start/paint.py" in zipfile.ZipFile(files["sources"]).namelist()


@needs_node
def test_the_page_imports_byte_code_without_docstrings_and_with_asserts(files: dict[str, Path]) -> None:
    r = subprocess.run(["node", "--input-type=module", "-e", RUN, str(files["ui"]), str(files["pyc"])],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    seen = json.loads(r.stdout.strip().splitlines()[-1])
    assert seen["ui_file"] == "/home/pyodide/trexui/i18n/strings.pyc"  # sourceless
    assert seen["core_file"] == "/home/pyodide/trex_core/errors.pyc"  # sourceless too
    assert seen["ui_doc"] is None and seen["core_doc"] is None  # both modules have one in source
    assert (build.WEB / "trexui" / "i18n" / "strings.py").read_text().startswith('"""')
    assert seen["asserts"] is True
    english = {e.msgid: e.msgstr[0] for e in build.catalogues()["en"]}
    assert seen["words"] == english["seat.0"]  # the catalogues came with the zip, not the key


@needs_node
def test_the_bots_byte_code_is_a_zip_of_its_own(files: dict[str, Path]) -> None:
    """The engine's byte code comes before Python-playable, the bots' after."""
    sys.path.insert(0, str(build.WEB))
    from trexui.players.bots import STEPS

    core, bots = modules_in(files["pyc"]), modules_in(files["bots"])
    assert {*STEPS, "trex_core.bots", "trex_core.bots.search"} <= bots
    assert not core & bots and "trex_core.match" in core and "trex_core.observation" in core
    assert core | bots == set(build.page_modules(build.ROOT, "trex_core")) | {*STEPS, "trex_core.bots"}
    # with no source: the page runs the engine without the wheel (bytecode.fetch unpacks the
    # bots' beside the engine's)
    for zip_path in (files["pyc"], files["bots"]):
        names = zipfile.ZipFile(zip_path).namelist()
        assert names and all(n.endswith(".pyc") and "__pycache__" not in n for n in names), names


@needs_node
def test_the_links_byte_code_is_a_zip_of_its_own(files: dict[str, Path]) -> None:
    """Friends over a link: fetched only when a table needs it, none of it in the
    zips a first visit loads before Python-playable."""
    link = modules_in(files["link"])
    assert link == set(build.LINK_MODULES)
    assert not link & (modules_in(files["ui"]) | modules_in(files["pyc"]) | modules_in(files["bots"]))
    # sourceless, as trexui's others
    assert "trexui/table/guest.pyc" in zipfile.ZipFile(files["link"]).namelist()


def test_the_sites_wheel_is_the_built_wheel_stored(tmp_path: Path) -> None:
    built = tmp_path / "x-1.0-py3-none-any.whl"
    with zipfile.ZipFile(built, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("x/__init__.py", "print('x')\n" * 50)
        z.writestr("x-1.0.dist-info/RECORD", "x/__init__.py,sha256=abc,550\n")
    stored = tmp_path / "site.whl"
    build.store(built, stored)
    a, b = zipfile.ZipFile(built), zipfile.ZipFile(stored)
    assert a.namelist() == b.namelist()
    assert all(a.read(n) == b.read(n) for n in a.namelist())
    assert {i.compress_type for i in b.infolist()} == {zipfile.ZIP_STORED}
    assert {i.compress_type for i in a.infolist()} == {zipfile.ZIP_DEFLATED}


def test_the_sites_lock_file_lists_no_package_and_keeps_the_runtimes_info(tmp_path: Path) -> None:
    lock = tmp_path / "pyodide-lock.json"
    stock = build.NODE / "pyodide" / "pyodide-lock.json"
    if not stock.exists():
        pytest.skip("needs npm ci")
    shutil.copyfile(stock, lock)
    build.own_lock(lock)
    ours = json.loads(lock.read_text())
    assert ours == {"info": json.loads(stock.read_text())["info"], "packages": {}}


@pytest.mark.parametrize("form", sorted(build.ZIP_FORMS))
def test_the_zips_are_in_the_form_the_build_says(tmp_path: Path, form: str) -> None:
    """`build.py --zips`: every entry of a site's zip in that form, the same files either way;
    a deflated zip is named apart from the stored one of the same files (a cached copy of one
    form never stands for the other)."""
    files = {"trexui/a.pyc": b"\x00code" * 400, "trexui/b.json": b'{"bots": "x"}' * 100}
    made = build.write_zip(tmp_path, "trexui", files, form)
    with zipfile.ZipFile(made) as z:
        assert {i.compress_type for i in z.infolist()} == {build.ZIP_FORMS[form]}
        assert {n: z.read(n) for n in z.namelist()} == files
    (tmp_path / "other").mkdir()
    other_form = "stored" if form == "deflated" else "deflated"
    other = build.write_zip(tmp_path / "other", "trexui", files, other_form)
    assert other.name != made.name
    wheel = tmp_path / "x-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("x/__init__.py", "print('x')\n" * 50)
    site_wheel = tmp_path / "site.whl"
    build.store(wheel, site_wheel, form)
    with zipfile.ZipFile(site_wheel) as z:
        assert {i.compress_type for i in z.infolist()} == {build.ZIP_FORMS[form]}
        assert z.read("x/__init__.py") == b"print('x')\n" * 50
