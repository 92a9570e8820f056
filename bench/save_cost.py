#!/usr/bin/env python3
"""What the page's save costs per move, at the end of a long match.

    python bench/save_cost.py [--seed 1] [--repeat 200]

Plays one seeded match with random moves (a 20-deal match is about 950 moves, ``next``
and redeals included), then measures, at its last move, the median and 95th percentile of:

* **before** — what a save cost until now: the JSON of the seed, rules and move texts plus
  the game record, which replays every move of the match (``write_record``);
* **after** — ``store.Save.text``: the seed, rules and move list, where only the moves made
  since the previous save are encoded (one per move as the page plays);
* **after, from nothing** — a new ``Save`` of the whole match (the first save after a
  reload), for the worst case.

Also the total time all the saves of the match take, one per move, before and after.
Target: after < 1 ms per save at move 900 (CPython).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web"))

from trex_core import Match, write_record  # noqa: E402
from trexui.table.store import Save  # noqa: E402

UI = {"summary": False}


def old_save(seed: int | str, match: Match) -> str:
    """The save as the page wrote it before: moves and the whole game record."""
    data = {"format": "trex-web/1", "seed": seed, "rules": match.rules.to_dict(),
            "moves": [str(m) for m in match.history], "ui": UI, "record": write_record(match)}
    return json.dumps(data, separators=(",", ":"))


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def summary(ms: list[float]) -> str:
    ms = sorted(ms)
    return f"median {statistics.median(ms):.3f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:.3f} ms"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()

    m = Match.new(seed=args.seed)
    rng = random.Random(args.seed)
    save = Save(args.seed, m)
    total_after = 0.0
    total_before = 0.0
    while not m.is_over:
        m.play(rng.choice(m.legal_moves()))
        t0 = time.perf_counter()
        save.text(UI)
        total_after += time.perf_counter() - t0
        if len(m.history) % 10 == 0:  # the old save replays the match: sample every tenth move
            t0 = time.perf_counter()
            old_save(args.seed, m)
            total_before += (time.perf_counter() - t0) * 10
    n = len(m.history)
    assert json.loads(save.text(UI))["moves"] == [str(x) for x in m.history]
    print(f"a match of {n} moves (seed {args.seed}); saves at the last move:")
    print(f"  before (moves + game record): {summary(timed(lambda: old_save(args.seed, m), max(20, args.repeat // 10)))}")
    m.undo()
    move = m.legal_moves()[0]
    save.text(UI)
    after: list[float] = []
    for _ in range(args.repeat):  # the last move made again and again; only the save is timed
        m.play(move)
        after += timed(lambda: save.text(UI), 1)
        m.undo()
    print(f"  after (Save.text, one new move): {summary(after)}")
    print(f"  after, from nothing (Save(...).text): {summary(timed(lambda: Save(args.seed, m).text(UI), args.repeat))}")
    print(f"all {n} saves of the match, one per move: before about {total_before:.1f} s "
          f"(every tenth timed), after {total_after * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
