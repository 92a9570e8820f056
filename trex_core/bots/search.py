"""The hard level: determinized sampling search (PIMC).

For a card decision the bot samples the hidden hands consistently with everything its seat
knows (:mod:`.knowledge`: voids, Trex passes, revealed doubles, cards seen, shown 2s), plays
each candidate card in each sampled deal, finishes the deal with the medium policy for all
four seats on the fast path (:mod:`trex_core.fast`) and keeps the card with the best average
score for itself (for its team in partnership, §8.1).  Every candidate is tried on the same
samples, so the comparison is paired.

Work per decision is either a fixed number of samples (``samples=N``: reproducible on any
machine; the tests and the arena use it) or anytime within ``budget`` seconds (at least
``min_samples``).  Equivalent cards (adjacent in a suit once the cards between are played,
of equal penalty) are searched once.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..cards import FULL_DECK
from ..fast import (
    TrickRules,
    play_trex,
    play_tricks,
    step_trex,
    step_trick,
    trex_scores,
)
from ..moves import CARD_MOVES, NO_DOUBLE, REDEAL_MOVE, Move, double_move
from ..observation import Observation
from . import doubling
from .heuristics import trex_card, trick_card
from .knowledge import knowledge, own_hands, sample_hands, trex_state, trick_state
from .players import Bot

FULL_SUIT = 8191


def _representative(card: int, cands: list[int], hand: int, played: int) -> int:
    """The index of the candidate standing for ``card`` (the next one up its run)."""
    for j, c in enumerate(cands):
        if c >= card and c // 13 == card // 13:
            return j
    raise AssertionError("card not among the candidates")


def distinct_cards(legal: int, hand: int, played: int, value: tuple[int, ...] | None) -> list[int]:
    """One card of each run of equivalent cards: same suit, every rank between them mine or
    already played, and (in a trick contract) the same penalty value."""
    out: list[int] = []
    gone = hand | played
    prev = -2
    for c in range(52):
        if not legal >> c & 1:
            continue
        if (
            value is not None
            and prev >= 0
            and prev // 13 == c // 13
            and value[prev] == value[c]
            and all(gone >> x & 1 for x in range(prev + 1, c))
        ):
            prev = c  # equivalent to the previous one: keep the higher as the representative
            out[-1] = c
            continue
        out.append(c)
        prev = c
    return out


class HardBot(Bot):
    name = "hard"

    def __init__(
        self,
        choice_policy: str = "model",
        doubling_policy: str = "search",
        samples: int | None = None,
        budget: float = 0.08,
        min_samples: int = 6,
        max_samples: int = 400,
        z: float = 1.0,
        late: float = 1.0,
        trex_factor: float = 1.0,
        ducks: int = 1,
    ) -> None:
        super().__init__(choice_policy, doubling_policy)
        self.samples = samples
        self.budget = budget
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.z = z
        self.late = late
        self.trex_factor = trex_factor
        self.ducks = bool(ducks)

    def __repr__(self) -> str:
        work = f"samples={self.samples}" if self.samples else f"budget={self.budget}"
        return f"HardBot({work})"

    # -- the work loop ----------------------------------------------------------------

    def _rounds(self, cards_left: int, factor: float = 1.0) -> tuple[int, float | None]:
        """The number of samples and the deadline.  With a fixed ``samples`` and ``late`` > 1
        the count grows as the deal shortens (up to ``late`` times), as the time budget's
        would, a playout's cost being about proportional to the cards left.  (Measured on
        tuning seeds: no gain in Diamonds, Collections or Trex, so the default is 1.)"""
        if self.samples is not None:
            scale = min(self.late, max(1.0, 48.0 / max(cards_left, 1)))
            return max(1, round(self.samples * scale * factor)), None
        return self.max_samples, time.perf_counter() + self.budget

    def _utility(self, scores: list[int], seat: int, partnership: bool) -> int:
        if partnership:
            return scores[seat] + scores[(seat + 2) % 4]
        return scores[seat]

    # -- card play ----------------------------------------------------------------------

    def _pick(
        self, n: int, default: int, sample: Callable[[], list[int]], cards_left: int, factor: float = 1.0
    ) -> int:
        """Run ``sample`` (one sampled deal: the utility of every candidate) until the work
        is done; return the index of the candidate to play.  A candidate replaces the
        default (the medium policy's card) only if its mean gain over it on the same samples
        exceeds ``z`` standard errors: with few samples, noise would otherwise pick moves."""
        rounds, deadline = self._rounds(cards_left, factor)
        sums = [0.0] * n
        squares = [0.0] * n
        k = 0
        for i in range(rounds):
            utils = sample()
            u0 = utils[default]
            for j in range(n):
                x = utils[j] - u0
                sums[j] += x
                squares[j] += x * x
            k += 1
            if deadline is not None and i + 1 >= self.min_samples and time.perf_counter() > deadline:
                break
        best = default
        best_score = 0.0
        for j in range(n):
            mean = sums[j] / k
            var = max(0.0, squares[j] / k - mean * mean)
            score = mean - self.z * math.sqrt(var / k)
            if score > best_score + 1e-9:
                best_score = score
                best = j
        return best

    def trick_move(self, obs: Observation, rng: random.Random) -> Move:
        contract = obs.contract
        assert contract is not None
        tr = TrickRules.of(contract, obs.rules)
        legal = 0
        for m in obs.legal:
            legal |= 1 << m.card
        cands = distinct_cards(legal, obs.hand, obs.played, tr.value)
        if len(cands) == 1:
            return CARD_MOVES[cands[0]]
        mine = trick_state(obs, own_hands(obs))
        medium = trick_card(obs.seat, mine, tr, legal)
        default = _representative(medium, cands, obs.hand, obs.played)
        kn = knowledge(obs, ducks=self.ducks)
        seat = obs.seat
        part = obs.rules.partnership
        rules = obs.rules

        def sample() -> list[int]:
            base = trick_state(obs, sample_hands(kn, rng))
            out = []
            for c in cands:
                st = base.copy()
                if not step_trick(st, tr, c):
                    play_tricks(st, tr, trick_card, rules)
                out.append(self._utility(st.scores, seat, part))
            return out

        best = self._pick(len(cands), default, sample, sum(obs.hand_sizes))
        return CARD_MOVES[cands[best]]

    def trex_move(self, obs: Observation, rng: random.Random) -> Move:
        legal = 0
        for m in obs.legal:
            if m.kind == "card":
                legal |= 1 << m.card
        cands = [c for c in range(52) if legal >> c & 1]
        if len(cands) <= 1:
            return obs.legal[0]
        medium = trex_card(obs.seat, trex_state(obs, own_hands(obs)), legal)
        default = cands.index(medium)
        kn = knowledge(obs, ducks=self.ducks)
        seat = obs.seat
        part = obs.rules.partnership
        nxt = tuple(obs.rules.next_seat(s) for s in range(4))

        def sample() -> list[int]:
            base = trex_state(obs, sample_hands(kn, rng))
            out = []
            for c in cands:
                st = base.copy()
                if step_trex(st, nxt, c):
                    scores = trex_scores(st.out, st.hands)
                else:
                    scores = play_trex(st, nxt, trex_card)
                out.append(self._utility(scores, seat, part))
            return out

        best = self._pick(len(cands), default, sample, sum(obs.hand_sizes), self.trex_factor)
        return CARD_MOVES[cands[best]]

    # -- announcements -------------------------------------------------------------------

    def announce(self, obs: Observation, rng: random.Random) -> Move:
        if self.doubling_policy != "search":
            return super().announce(obs, rng)
        if REDEAL_MOVE in obs.legal:
            return REDEAL_MOVE
        cards = doubling.doublable(obs)
        if not cards:
            return NO_DOUBLE
        chosen = self.search_doubles(obs, cards, rng)
        return double_move(chosen) if chosen else NO_DOUBLE

    def search_doubles(self, obs: Observation, cards: int, rng: random.Random) -> int:
        """Double each doublable card whose doubling raises the simulated score: sample the
        other hands, play the deal out with and without the double under the active §4.4
        rule, and compare (every seat's playout policy sees the double, as the others would)."""
        contract = obs.contract
        assert contract is not None
        tr = TrickRules.of(contract, obs.rules)
        kn = knowledge(obs, ducks=self.ducks)
        seat = obs.seat
        part = obs.rules.partnership
        singles = [c for c in range(52) if cards >> c & 1]
        gain = [0] * len(singles)
        # a fixed count, or within the time budget (at least 8, at most 48 samples)
        n = self.samples if self.samples is not None else 48
        deadline = None if self.samples is not None else time.perf_counter() + self.budget
        state_rng = random.Random(rng.random())
        for i in range(max(8, n)):
            if deadline is not None and i >= 8 and time.perf_counter() > deadline:
                break
            hands = sample_hands(kn, state_rng)
            base = trick_state(obs, hands)
            base.leader = obs.king
            plain = base.copy()
            play_tricks(plain, tr, trick_card, obs.rules)
            u0 = self._utility(plain.scores, seat, part)
            for j, c in enumerate(singles):
                st = base.copy()
                st.doubled = {c: seat}
                play_tricks(st, tr, trick_card, obs.rules)
                gain[j] += self._utility(st.scores, seat, part) - u0
        out = 0
        for j, c in enumerate(singles):
            if gain[j] > 0:
                out |= 1 << c
        return out & FULL_DECK


__all__ = ["HardBot", "distinct_cards"]
