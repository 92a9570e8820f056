"""A decision that can be thought about in slices: the hard level's anytime search, resumable.

The page runs Python on the browser's main thread, so one long decision freezes the table.
A :class:`Thought` does its sampling a slice at a time instead: ``step(seconds)`` runs
sampled deals until the slice is spent (at least one) and returns; the caller lets the page
breathe, calls ``step`` again while the pace delay runs, and takes ``move()`` when it must
play.  The samples are drawn in the same order however the work is sliced, so in
``samples=`` mode a thought stepped to its end gives the same move as ``choose`` (the
tests check it), and ``choose`` itself is a thought stepped until the budget is spent.

Every candidate is scored on the same samples (paired): ``sample()`` draws one deal and
yields the utility of every candidate in turn, and ``decide`` turns the running sums into
the move.  A slice may end between two candidates of a sample (one playout is the unit of
work, a few milliseconds at most even on a slow phone, and a slice does not start one that
the recent ones say would not fit); the sample is finished in the next slice, and only whole
samples count.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..cards import cards_of
from ..moves import DOUBLE, Move, double_move

Sample = Callable[[], Iterator[int]]

# How fast a playout's remembered duration fades, per playout: a slow one (a pause of the
# machine) shortens the slices that follow for a few dozen playouts, not for the decision.
UNIT_DECAY = 0.95


@dataclass
class Tally:
    """Running sums of each candidate's gain over the reference candidate ``ref``."""

    n: int
    ref: int
    sums: list[float] = field(default_factory=list)
    squares: list[float] = field(default_factory=list)
    k: int = 0

    def __post_init__(self) -> None:
        self.sums = [0.0] * self.n
        self.squares = [0.0] * self.n

    def add(self, utils: list[int]) -> None:
        u0 = utils[self.ref]
        for j in range(self.n):
            x = utils[j] - u0
            self.sums[j] += x
            self.squares[j] += x * x
        self.k += 1

    def guarded_best(self, z: float) -> int:
        """The candidate whose mean gain over ``ref`` minus ``z`` standard errors is highest
        and above zero; ``ref`` otherwise (with few samples noise would pick moves)."""
        best = self.ref
        best_score = 0.0
        k = max(1, self.k)
        for j in range(self.n):
            mean = self.sums[j] / k
            var = max(0.0, self.squares[j] / k - mean * mean)
            score = mean - z * math.sqrt(var / k)
            if score > best_score + 1e-9:
                best_score = score
                best = j
        return best


class Thought:
    """One decision in progress.  ``rounds`` is the most samples it will draw (the fixed
    count in ``samples=`` mode), ``least`` the fewest before ``move()`` may be taken without
    finishing (the time budget's minimum)."""

    def __init__(
        self, sample: Sample | None, tally: Tally | None, decide: Callable[[Tally], Move],
        rounds: int, least: int = 1,
    ) -> None:
        self.sample = sample
        self.tally = tally
        self.decide = decide
        self.rounds = rounds
        self.least = least
        self.seconds = 0.0
        self._part: Iterator[int] | None = None
        self._utils: list[int] = []
        self._first_unit = 0.0  # how long a sample's first playout (with its deal) takes lately
        self._unit = 0.0  # and a later playout of the same sample
        self.candidates: list[Move] = []  # the moves the tally scores, when they are moves

    @classmethod
    def ready(cls, move: Move) -> Thought:
        """A decision needing no search (one legal move, the contract, the medium card)."""
        return cls(None, None, lambda _t: move, 0, 0)

    @property
    def samples(self) -> int:
        return self.tally.k if self.tally is not None else 0

    @property
    def done(self) -> bool:
        return self.sample is None or self.samples >= self.rounds

    @property
    def ripe(self) -> bool:
        """Enough samples for ``move()`` (the minimum of the time-budget mode)."""
        return self.done or self.samples >= self.least

    def step(self, seconds: float) -> bool:
        """Work for at most about ``seconds`` (at least one playout) or until the work is
        done; True when it is done.  A playout is not started when the longest recent one
        would not fit in what is left of the slice, so a slice overruns only by how much a
        playout exceeds the recent ones (the page's tasks stay short on a slow phone too).
        The first playout of a sample, which also draws the deal, is timed apart."""
        if self.done:
            return True
        assert self.sample is not None and self.tally is not None
        clock = time.perf_counter
        t0 = clock()
        end = t0 + seconds
        worked = False
        n = self.tally.n
        while True:
            if self._part is None:
                self._part = self.sample()
                self._utils = []
            first = not self._utils
            now = clock()
            if worked and now + (self._first_unit if first else self._unit) >= end:
                break
            self._utils.append(next(self._part))
            took = clock() - now
            worked = True
            if first:
                self._first_unit = max(took, UNIT_DECAY * self._first_unit)
            else:
                self._unit = max(took, UNIT_DECAY * self._unit)
            if len(self._utils) == n:
                self.tally.add(self._utils)
                self._part = None
                if self.tally.k >= self.rounds:
                    break
        self.seconds += clock() - t0
        return self.done

    def finish(self) -> Move:
        """Sample to the end (``samples=`` mode), then the move."""
        while not self.done:
            self.step(3600.0)
        return self.move()

    def values(self) -> dict[Move, float]:
        """Each candidate move's mean gain, in points for the deciding seat (its team in
        partnership), over the reference candidate (the medium policy's move), on the
        samples so far: what the search expects each move to be worth relative to the
        others.  The doubling search's candidates are ``nodouble`` (the reference) and the
        double of each doublable card alone (§4.1).  Empty for a decision with no search."""
        if self.tally is None or not self.candidates or not self.tally.k:
            return {}
        k = self.tally.k
        return {m: self.tally.sums[j] / k for j, m in enumerate(self.candidates)}

    def candidate(self, move: Move) -> Move | None:
        """The candidate standing for ``move``: itself, or the card searched in its place
        (equivalent cards, adjacent in a suit with the cards between gone, are searched
        once: the higher one stands for them); None if ``move`` is none of them."""
        if move in self.candidates:
            return move
        if move.kind != "card":
            return None
        same = [m for m in self.candidates if m.kind == "card" and m.card // 13 == move.card // 13
                and m.card >= move.card]
        return min(same, key=lambda m: m.card) if same else None

    def value(self, move: Move) -> float | None:
        """What the search expects ``move`` to gain over the reference candidate, in points
        (as ``values``): its candidate's value; for a double of several cards (§4.1: each
        doubled on its own) the sum of its cards' gains, the search having scored each card's
        double alone against none and doubling every card that gains (it takes the gains as
        adding up).  None when the search did not score the move (no search, a redeal)."""
        values = self.values()
        if move.kind == DOUBLE and move not in values:
            singles = [double_move(1 << c) for c in cards_of(move.cards)]
            if not values or any(s not in values for s in singles):
                return None
            return sum(values[s] for s in singles)
        c = self.candidate(move)
        return values.get(c) if c is not None else None

    def move(self) -> Move:
        """The move from the samples so far (call once ``ripe``; the reference candidate,
        the medium policy's, if there are none)."""
        if self.tally is None:
            return self.decide(Tally(0, 0))
        return self.decide(self.tally)


__all__ = ["Sample", "Tally", "Thought"]
