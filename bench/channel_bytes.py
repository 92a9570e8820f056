"""What a move costs on a shared table's channels (trex_core/tools/referee.py).

    python bench/channel_bytes.py [--matches 4] [--seed 1]

Plays whole seeded matches (random legal moves) with the host at seat 0 and guests at seats
1-3, through :class:`trex_core.tools.referee.Referee`, and reports the bytes of every message the
host sends after a move (each guest's state, UTF-8, as a WebRTC data channel carries it:
uncompressed) and of a guest's move message: per move, summed over the three guests, and per
message; medians, 90th percentiles and the largest, for the plain game, partnership and
Complex.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from trex_core import DEAL_OVER, Match, __version__  # noqa: E402
from trex_core.tools.referee import Referee, hello, move_message  # noqa: E402

GUESTS = (1, 2, 3)


def one_match(seed: int, **options: object) -> tuple[list[int], list[int], list[int]]:
    """(bytes per move summed over the guests, bytes per state message, bytes per move message)."""
    m = Match.new(seed=seed, **options)
    ref = Referee(m, GUESTS, __version__)
    rng = random.Random(seed)
    for s in GUESTS:
        ref.receive(s, hello(s, __version__))
    per_move, per_state, per_sent = [], [], []
    while not m.is_over:
        if m.phase == DEAL_OVER or m.to_move == 0:
            m.play(rng.choice(m.legal_moves()))
            out = ref.changed()
        else:
            seat = m.to_move
            assert seat is not None
            text = move_message(seat, ref.seq, str(rng.choice(m.legal_moves())))
            per_sent.append(len(text.encode()))
            out = ref.receive(seat, text)
        sizes = [len(t.encode()) for _, t in out]
        per_state += sizes
        per_move.append(sum(sizes))
    return per_move, per_state, per_sent


def summary(values: list[int]) -> str:
    q = statistics.quantiles(values, n=10)
    return f"median {statistics.median(values):,.0f} B, 90th {q[-1]:,.0f} B, largest {max(values):,} B"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    for name, options in (("plain", {}), ("partnership", {"partnership": True}), ("complex", {"complex": True})):
        moves: list[int] = []
        states: list[int] = []
        sent: list[int] = []
        for i in range(a.matches):
            x, y, z = one_match(a.seed + i, **options)
            moves += x
            states += y
            sent += z
        print(f"{name}: {a.matches} matches, {len(moves):,} moves, {sum(moves) / 1e6:.1f} MB sent to guests in all")
        print(f"  a move, to the three guests: {summary(moves)}")
        print(f"  one guest's state:           {summary(states)}")
        print(f"  a guest's move message:      {summary(sent)}")


if __name__ == "__main__":
    main()
