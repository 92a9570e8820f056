"""The site's slim python_stdlib.zip (build.py's STDLIB_TRACED + STDLIB_SAFETY, as byte code)
holds every standard-library module the page's Python imports: the pinned Pyodide under Node
starts on that zip and runs bench/page_imports.mjs (every trexui and trex_core module the page
can import, a whole match with every bot level, the save, the record, the catalogues). A
module the page needs that the zip lacks is an ImportError there, so this test fails, not a
player's game. The second test shows the check can fail: the same run on the zip with one
needed module (gettext) taken out must stop on it. Skipped where Node or ``npm ci``'s
node_modules/pyodide is missing. (tests/browser/test_bytes.py checks the running pages.)"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and npm ci")


@pytest.fixture(scope="module")
def slim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("stdlib") / "python_stdlib.zip"
    build.slim_stdlib(target)
    return target


def run_page(stdlib: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["node", str(ROOT / "bench" / "page_imports.mjs"), str(stdlib)],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_slim_zip_is_byte_code_only_and_smaller(slim: Path) -> None:
    names = zipfile.ZipFile(slim).namelist()
    assert names and all(n.endswith(".pyc") for n in names)
    assert "encodings/__init__.pyc" in names and "asyncio/__init__.pyc" in names
    assert "unittest/__init__.pyc" not in names and "email/__init__.pyc" not in names
    assert len(names) < len(zipfile.ZipFile(build.NODE / "pyodide" / "python_stdlib.zip").namelist()) / 2


def test_page_imports_run_on_the_slim_zip(slim: Path) -> None:
    r = run_page(slim)
    assert r.returncode == 0, r.stderr[-3000:]
    modules = r.stdout.split("MODULES\n", 1)[1].split()
    assert "trexui.table.app" in modules and "trex_core.bots.search" in modules and "gettext" in modules


def test_a_missing_module_fails_the_run(slim: Path, tmp_path: Path) -> None:
    broken = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(slim) as src, zipfile.ZipFile(broken, "w") as dst:
        for info in src.infolist():
            if info.filename != "gettext.pyc":
                dst.writestr(info, src.read(info))
    r = run_page(broken)
    assert r.returncode != 0
    assert "No module named 'gettext'" in r.stderr


def test_page_imports_run_on_the_deflated_slim_zip(slim: Path, tmp_path: Path) -> None:
    """`build.py --zips deflated` (a host that compresses by type): the same modules, each
    entry deflated, which zipimport inflates as it imports (the runtime's zlib)."""
    deflated = tmp_path / "python_stdlib.zip"
    build.pack(slim, deflated, "deflated")
    with zipfile.ZipFile(slim) as a, zipfile.ZipFile(deflated) as b:
        assert a.namelist() == b.namelist() and all(a.read(n) == b.read(n) for n in a.namelist())
        assert {i.compress_type for i in b.infolist()} == {zipfile.ZIP_DEFLATED}
    assert deflated.stat().st_size < slim.stat().st_size / 2
    r = run_page(deflated)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "trexui.table.app" in r.stdout.split("MODULES\n", 1)[1].split()
