"""The hard bot's workload for bench/bot_speed.py, the same in CPython and in Pyodide.

Imported by the driver in CPython and run inside Pyodide (under Node) from the same file:
``run(spec)`` plays seeded matches with medium bots, keeps the decisions of seat 0 that have
a choice (a fixed list, the same on both interpreters), and times the hard bot on them:

* ``samples``: ``hard:samples=N`` decisions — their move texts (which must be identical on
  both: same seed, same moves) and times;
* ``budgets``: the time-budget mode as the page drives it (``HardBot.think`` stepped in
  slices until the budget is spent): the sampled deals each decision reached.
"""
from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any


def decisions(n: int, seed: str = "bench-bots") -> list[Any]:
    from trex_core import Match, observe
    from trex_core.bots import get_bot

    medium = get_bot("medium")
    out = []
    g = 0
    while len(out) < n:
        m = Match.new(seed=f"{seed}:{g}")
        rng = random.Random(f"{seed}:{g}")
        while not m.is_over and len(out) < n:
            seat = m.to_move
            obs = observe(m, seat)
            if seat == 0 and len(obs.legal) > 1 and obs.phase == "play":
                out.append(obs)
            m.play(medium.choose(obs, rng))
        g += 1
    return out


def _stats(xs: list[float]) -> dict[str, float]:
    s = sorted(xs) or [0.0]
    return {"median": statistics.median(s), "p95": s[int(0.95 * (len(s) - 1))], "max": s[-1]}


def run(spec: dict[str, Any]) -> dict[str, Any]:
    from trex_core.bots import get_bot

    obs = decisions(spec["decisions"])
    bot = get_bot(f"hard:samples={spec['samples']}")
    moves = []
    times = []
    t_all = time.perf_counter()
    for i, o in enumerate(obs):
        t0 = time.perf_counter()
        moves.append(str(bot.choose(o, random.Random(f"bench-move:{i}"))))
        times.append(1000 * (time.perf_counter() - t0))
    total = time.perf_counter() - t_all
    out: dict[str, Any] = {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "samples_mode": {"samples": spec["samples"], "moves": moves, "ms": _stats(times),
                         "decisions_per_s": len(obs) / total},
        "budgets": {},
    }
    timed = get_bot("hard")
    for budget in spec["budgets"]:
        counts = []
        for i, o in enumerate(obs[: spec["budget_decisions"]]):
            thought = timed.think(o, random.Random(f"bench-move:{i}"))
            end = time.perf_counter() + budget
            while not thought.done:
                left = end - time.perf_counter()
                if left <= 0 and thought.ripe:
                    break
                thought.step(min(spec["slice"], max(0.0, left)))
            counts.append(float(thought.samples))
        out["budgets"][str(budget)] = _stats(counts)
    return out


if __name__ == "__main__":
    print(json.dumps(run(json.loads(sys.argv[1]))))
