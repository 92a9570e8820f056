"""Seeded ``samples=`` mode gives the same moves in CPython and in Pyodide: the
pinned pyodide npm package runs bench/bot_workload.py under Node on the same decisions.
Skipped where Node or ``npm ci``'s node_modules/pyodide is missing."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

SPEC = {"decisions": 12, "samples": 8, "budgets": [], "budget_decisions": 0, "slice": 0.025}


@pytest.mark.skipif(shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
                    reason="needs node and npm ci")
def test_seeded_samples_mode_same_moves_in_cpython_and_pyodide() -> None:
    import bot_workload

    here = bot_workload.run(SPEC)["samples_mode"]["moves"]
    r = subprocess.run(["node", str(ROOT / "bench" / "pyodide_bots.mjs"), json.dumps(SPEC)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    there = json.loads(r.stdout.strip().splitlines()[-1])["samples_mode"]["moves"]
    assert len(here) == 12
    assert here == there
