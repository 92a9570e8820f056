"""The recursive search, an arena-only instrument: how much would the hard
level gain if its own later turns, inside its playouts, were played by a slow and strong
player instead of the medium policy?

``hard-r`` is the hard search (:mod:`.search`) whose playouts play the bot's own later turns
by a small sampling search of their own, from what the bot would know *at that turn of the
playout*: its hand then, the cards out, the voids shown and the doubled cards' holders
(:func:`.knowledge.state_knowledge`; not the player model).  At each such turn it samples
``own`` deals of the hidden cards, plays every distinct legal card in each and finishes the
deal with the medium policy, and keeps the card with the best mean for itself (its team in
partnership, §8.1), as hard keeps its card: the medium card unless another's paired gain over
it is more than ``z`` standard errors.  The other seats stay the medium policy, and
the last ``endgame`` tricks are played exactly as hard plays them.  This is recursive
sampling (a playout that itself plays with imperfect information), so it does not suffer
the strategy fusion of searching the own turns on the sampled deal, which gained nothing
(docs/BOTS.md, stops 22-24).

In Trex the same, from what the seat knows of the layout (:func:`.knowledge.layout_knowledge`:
the cards laid and what each pass showed a seat not to hold, §6.5).

It is tens of times slower than hard, and is meant for measuring the ceiling of a better
own-move policy inside the playouts, not for a player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..fast import TrexState, TrickRules, TrickState, play_trex, play_tricks, step_trex, step_trick
from ..moves import Move
from ..observation import Observation
from ..tricks import trex_scores
from .endgame import TrexSolver, TrickSolver
from .heuristics import trex_card, trick_card
from .knowledge import Knowledge, layout_knowledge, sample_hands, state_knowledge
from .search import HardBot, distinct_cards, representative
from .thinking import Thought

S = TypeVar("S", TrickState, TrexState)


class RecursiveBot(HardBot):
    """``hard-r``: hard with its own later turns in the playouts searched (module doc)."""

    name = "hard-r"

    def __init__(self, own: int = 8, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        if own < 1:
            raise ValueError("own: the samples of an own later turn, at least 1")
        self.own = own
        self._me = -1
        self._part = False
        self._rng = random.Random(0)
        self._salt = 0
        self._nxt: Sequence[int] = (1, 2, 3, 0)

    def __repr__(self) -> str:
        return f"RecursiveBot(samples={self.samples}, own={self.own})"

    def _begin(self, obs: Observation, rng: random.Random) -> None:
        # the inner searches draw from their own generator, seeded from the decision's
        self._me = obs.seat
        self._part = obs.rules.partnership
        self._salt = int(rng.random() * 2**61)

    def _reseed(self, hands: list[int]) -> None:
        """The inner generator for one playout, seeded by the sampled deal's other hands:
        every candidate of one sample (the bot's own card is all that differs) meets the
        same inner draws, so the search's comparison of its candidates stays paired."""
        key = self._salt
        for s in range(4):
            if s != self._me:
                key = (key * 0x9E3779B97F4A7C15 + hands[s]) % 2**61
        self._rng = random.Random(key)

    def trick_thought(self, obs: Observation, rng: random.Random) -> Thought:
        self._begin(obs, rng)
        return super().trick_thought(obs, rng)

    def trex_thought(self, obs: Observation, rng: random.Random) -> Thought:
        self._begin(obs, rng)
        self._nxt = tuple(obs.rules.next_seat(s) for s in range(4))
        return super().trex_thought(obs, rng)

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        if self.samples is None:
            raise ValueError("hard-r is measured at a fixed work: give it samples=N")
        return super().choose(obs, rng)

    def _finish_tricks(self, st: TrickState, tr: TrickRules, solver: TrickSolver) -> list[int]:
        self._reseed(st.hands)
        stop = 13 - self.endgame if self.endgame > 0 else 13
        if st.tricks_done < stop:
            play_tricks(st, tr, self._policy, until=stop)
            if st.tricks_done < stop:  # §3.4: the deal ended early, or it was played out
                return st.scores
        return solver.value(st) if self.endgame > 0 else st.scores

    def _policy(self, seat: int, st: TrickState, tr: TrickRules, legal: int) -> int:
        medium = trick_card(seat, st, tr, legal)
        if seat != self._me:
            return medium
        hand = st.hands[seat]
        cands = distinct_cards(legal, hand, st.played, tr.value)
        if len(cands) == 1:
            return cands[0]
        d = representative(medium, cands, hand, st.played)

        def finish(s: TrickState, c: int) -> list[int]:
            return s.scores if step_trick(s, tr, c) else play_tricks(s, tr, trick_card)

        return self._own_turn(seat, st, state_knowledge(st, seat), cands, d, medium, finish)

    def _finish_trex(self, st: TrexState, nxt: tuple[int, ...], solver: TrexSolver) -> list[int]:
        if self.trex_endgame > 0:
            raise ValueError("hard-r plays the layout to its end: trex_endgame=0")
        self._reseed(st.hands)
        return play_trex(st, nxt, self._layout_policy)

    def _layout_policy(self, seat: int, st: TrexState, legal: int) -> int:
        medium = trex_card(seat, st, legal)
        if seat != self._me:
            return medium
        cands = [c for c in range(52) if legal >> c & 1]
        nxt = self._nxt

        def finish(s: TrexState, c: int) -> list[int]:
            return trex_scores(s.out, s.hands) if step_trex(s, nxt, c) else play_trex(s, nxt, trex_card)

        d = cands.index(medium)
        return self._own_turn(seat, st, layout_knowledge(st, seat), cands, d, medium, finish)

    def _own_turn(
        self, seat: int, st: S, kn: Knowledge, cands: list[int], d: int, medium: int,
        finish: Callable[[S, int], list[int]],
    ) -> int:
        """An own later turn's search: ``own`` deals drawn from what the seat knows, every
        candidate played on each and the deal finished (``finish(state, card)`` -> the final
        scores); the medium card (``cands[d]`` stands for it) unless another beats it."""
        got: list[list[int]] = [[] for _ in cands]
        for _ in range(self.own):
            base = st.copy()
            base.hands = sample_hands(kn, self._rng)
            for j, c in enumerate(cands):
                got[j].append(self._utility(finish(base.copy(), c), seat, self._part))
        j = self._pick(got, d)
        return medium if j == d else cands[j]

    def _pick(self, got: list[list[int]], d: int) -> int:
        """As hard decides (search.HardBot._card_thought): the medium card's index ``d``
        unless another's paired gain over it is more than ``z`` standard errors."""
        best, best_gain = d, 0.0
        n = self.own
        for j in range(len(got)):
            if j == d:
                continue
            diffs = [a - b for a, b in zip(got[j], got[d], strict=True)]
            mean = sum(diffs) / n
            var = sum((x - mean) ** 2 for x in diffs) / (n - 1) if n > 1 else 0.0
            if mean - self.z * (var / n) ** 0.5 > 0 and mean > best_gain:
                best, best_gain = j, mean
        return best


__all__ = ["RecursiveBot"]
