"""The type checker and the linter are part of the test command (issue: mypy --strict, ruff)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_mypy_strict_is_clean() -> None:
    # The engine, the page's Python (web/trexui/ and web/main.py) and the build script;
    # pyproject.toml's [tool.mypy] says which browser-only modules have no stubs.
    r = run("mypy", "--strict", "trex_core", "web", "build.py")
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_is_clean() -> None:
    r = run("ruff", "check", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_wheel_is_pure_python_with_no_dependencies(tmp_path: Path) -> None:
    r = run("pip", "wheel", ".", "--no-deps", "-q", "-w", str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    wheels = list(tmp_path.glob("trex_core-*-py3-none-any.whl"))
    assert len(wheels) == 1
    import zipfile

    with zipfile.ZipFile(wheels[0]) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert all(n.startswith(("trex_core/", "trex_core-")) for n in names)
    assert "Requires-Dist" not in meta.split("Provides-Extra")[0]
