"""A decision that can be thought about in slices: the hard level's anytime search, resumable.

The page runs Python on the browser's main thread, so one long decision freezes the table.
A :class:`Thought` does its sampling a slice at a time instead: ``step(seconds)`` runs
sampled deals until the slice is spent (at least one) and returns; the caller lets the page
breathe, calls ``step`` again while the pace delay runs, and takes ``move()`` when it must
play.  The samples are drawn in the same order however the work is sliced, so in
``samples=`` mode a thought stepped to its end gives the same move as ``choose`` (the
tests check it), and ``choose`` itself is a thought stepped until the budget is spent.

Every candidate is scored on the same samples (paired): ``sample(scored)`` draws one deal
and yields the utility of each candidate it is asked for in turn, and ``decide`` turns the
running sums into the move.  A card search asks for fewer as it goes: a candidate clearly
short of the best is dropped, and the time it would have cost goes to more samples of the
others.  A slice may end between two candidates of a sample (one playout is the unit of
work, a few milliseconds at most even on a slow phone, and a slice does not start one that
the recent ones say would not fit); the sample is finished in the next slice, and only
whole samples count.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..cards import cards_of
from ..moves import DOUBLE, Move, double_move

Sample = Callable[[list[int]], Iterator[int]]  # the candidates to score, in order

# How fast a playout's remembered duration fades, per playout: a slow one (a pause of the
# machine) shortens the slices that follow for a few dozen playouts, not for the decision.
UNIT_DECAY = 0.95


@dataclass
class Tally:
    """Running sums of each candidate's gain over the reference candidate ``ref``, on the
    samples that scored it: every candidate is scored on every sample until it is *dropped*
    (:meth:`drop_losers`), the reference always."""

    n: int
    ref: int
    sums: list[float] = field(default_factory=list)
    squares: list[float] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    alive: list[int] = field(default_factory=list)
    k: int = 0

    def __post_init__(self) -> None:
        self.sums = [0.0] * self.n
        self.squares = [0.0] * self.n
        self.counts = [0] * self.n
        self.alive = list(range(self.n))

    def add(self, utils: list[int], scored: list[int] | None = None) -> None:
        """One sample: ``utils[i]`` is the utility of candidate ``scored[i]`` (all of them,
        in order, by default); the reference must be among them."""
        which = range(self.n) if scored is None else scored
        u0 = utils[self.ref if scored is None else scored.index(self.ref)]
        for u, j in zip(utils, which, strict=True):
            x = u - u0
            self.sums[j] += x
            self.squares[j] += x * x
            self.counts[j] += 1
        self.k += 1

    def mean(self, j: int) -> float:
        return self.sums[j] / max(1, self.counts[j])

    def bounds(self, j: int, z: float) -> tuple[float, float]:
        """Candidate ``j``'s mean gain over ``ref`` less and plus ``z`` standard errors."""
        k = max(1, self.counts[j])
        mean = self.sums[j] / k
        spread = z * math.sqrt(max(0.0, self.squares[j] / k - mean * mean) / k)
        return mean - spread, mean + spread

    def guarded_best(self, z: float) -> int:
        """The candidate whose mean gain over ``ref`` minus ``z`` standard errors is highest
        and above zero; ``ref`` otherwise (with few samples noise would pick moves)."""
        best = self.ref
        best_score = 0.0
        for j in self.alive:
            score = self.bounds(j, z)[0]
            if score > best_score + 1e-9:
                best_score = score
                best = j
        return best

    def drop_losers(self, z: float, guard: float) -> None:
        """Stop scoring the candidates that ``z`` standard errors above their mean still fall
        short of what the guarded best already makes sure of (``guard`` errors below its
        mean, and never less than the reference's 0): the samples left go to the rest.  A
        dropped candidate is not chosen any more (``guarded_best``)."""
        secured = max(0.0, max(self.bounds(j, guard)[0] for j in self.alive))
        self.alive = [j for j in self.alive if j == self.ref or self.bounds(j, z)[1] >= secured]


class Thought:
    """One decision in progress.  ``rounds`` is the most samples it will draw (the fixed
    count in ``samples=`` mode), ``least`` the fewest before ``move()`` may be taken without
    finishing (the time budget's minimum).  With ``drop`` > 0, from the ``drop_after``-th
    sample on, a candidate ``drop`` standard errors short of the guarded best (``guard``
    errors below its mean) is scored no more (:meth:`Tally.drop_losers`)."""

    def __init__(
        self, sample: Sample | None, tally: Tally | None, decide: Callable[[Tally], Move],
        rounds: int, least: int = 1, drop: float = 0.0, drop_after: int = 0, guard: float = 1.0,
    ) -> None:
        self.sample = sample
        self.tally = tally
        self.decide = decide
        self.rounds = rounds
        self.least = least
        self.drop = drop
        self.drop_after = drop_after
        self.guard = guard
        self._scored: list[int] = []
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
        tally = self.tally
        while True:
            if self._part is None:
                self._scored = list(tally.alive)
                self._part = self.sample(self._scored)
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
            if len(self._utils) == len(self._scored):
                tally.add(self._utils, self._scored)
                self._part = None
                if self.drop > 0 and tally.k >= self.drop_after:
                    tally.drop_losers(self.drop, self.guard)
                if tally.k >= self.rounds:
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
        samples that scored it so far (a dropped candidate's stop where it was dropped): what
        the search expects each move to be worth relative to the others.  The doubling
        search's candidates are ``nodouble`` (the reference) and the double of each
        doublable card alone (§4.1).  Empty for a decision with no search."""
        if self.tally is None or not self.candidates or not self.tally.k:
            return {}
        return {m: self.tally.mean(j) for j, m in enumerate(self.candidates)}

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
