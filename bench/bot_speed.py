#!/usr/bin/env python3
"""The hard bot where it runs: CPython beside Pyodide under Node.

    python bench/bot_speed.py [--decisions 60] [--samples 24] [--budgets 0.04,0.4,0.9]
                              [--budget-decisions 20] [--slice 0.025]

Both interpreters run bench/bot_workload.py on the same decisions (seat 0's, from seeded
medium matches): ``hard:samples=N`` (decisions per second, median / p95 time, and the move
texts, which must be identical: same seed, same moves), then the page's way of thinking —
``HardBot.think`` stepped in slices of ``--slice`` seconds until a budget is spent — for
each budget: the sampled deals a decision reached (median, p95).  The budgets default to
the page's one-task budget (0.04 s, web/trexui/players/bots.py HARD_BUDGET) and the pace delays of
the fast and normal speeds (0.4 s, 0.9 s: what a Thinker can use while the pace runs).

Pyodide is the pinned npm package (``npm ci``); the run prints a table and writes
bench/results/bot_speed.json.  Exit status 1 if the moves differ.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpython(spec: dict) -> dict:
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "bot_workload.py"), json.dumps(spec)],
                       capture_output=True, text=True, check=True, cwd=ROOT,
                       env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return json.loads(r.stdout.strip().splitlines()[-1])


def pyodide(spec: dict) -> dict:
    r = subprocess.run(["node", str(ROOT / "bench" / "pyodide_bots.mjs"), json.dumps(spec)],
                       capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--decisions", type=int, default=60)
    p.add_argument("--samples", type=int, default=24)
    p.add_argument("--budgets", default="0.04,0.4,0.9")
    p.add_argument("--budget-decisions", type=int, default=20)
    p.add_argument("--slice", type=float, default=0.025)
    p.add_argument("--out", default=str(ROOT / "bench" / "results" / "bot_speed.json"))
    a = p.parse_args()
    spec = {"decisions": a.decisions, "samples": a.samples, "slice": a.slice,
            "budgets": [float(b) for b in a.budgets.split(",") if b],
            "budget_decisions": a.budget_decisions}
    results = {}
    for name, fn in (("cpython", cpython), ("pyodide", pyodide)):
        t0 = time.perf_counter()
        results[name] = fn(spec)
        results[name]["wall_s"] = time.perf_counter() - t0
    c, w = results["cpython"], results["pyodide"]
    same = c["samples_mode"]["moves"] == w["samples_mode"]["moves"]
    print(f"hard bot, {a.decisions} decisions (seat 0 of seeded medium matches)")
    print(f"{'':34}{'CPython ' + c['python']:>18}{'Pyodide ' + w['python']:>18}")
    for label, key in (("decisions/s", "decisions_per_s"),):
        print(f"  samples={a.samples}: {label:<22}{c['samples_mode'][key]:18.1f}{w['samples_mode'][key]:18.1f}")
    for stat in ("median", "p95", "max"):
        print(f"  samples={a.samples}: ms {stat:<19}{c['samples_mode']['ms'][stat]:18.1f}"
              f"{w['samples_mode']['ms'][stat]:18.1f}")
    for b in spec["budgets"]:
        cb, wb = c["budgets"][str(b)], w["budgets"][str(b)]
        print(f"  budget {b:g} s: samples median / p95 {cb['median']:9.0f} / {cb['p95']:<6.0f}"
              f"{wb['median']:9.0f} / {wb['p95']:<6.0f}")
    print(f"  same moves for the same seed: {'yes' if same else 'NO'}")
    out = Path(a.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"spec": spec, "same_moves": same, **results}, indent=1))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
