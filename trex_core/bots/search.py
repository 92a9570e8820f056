"""The hard level: determinized sampling search (PIMC).

For a card decision the bot samples the hidden hands consistently with everything its seat
knows (:mod:`.knowledge`: voids, Trex passes, revealed doubles, cards seen, shown 2s),
preferring deals that explain how the others played (:mod:`.likelihood`: of ``trick_draws``
/ ``trex_draws`` deals drawn, one is kept with weight ``miss_weight ** misses``, in Trex
``trex_miss_weight ** misses``; in Diamonds and Collections at the sharper ``chain_weight``
and then moved ``chain`` swaps closer to the deals that explain the plays), plays each
candidate card in each sampled deal, finishes
the deal with the medium policy for all four seats on the fast path (:mod:`trex_core.fast`)
and the last ``endgame`` tricks exactly (:mod:`.endgame`, max^n), and keeps the card with
the best average score for itself (for its team in partnership, §8.1).  Every candidate is
tried on the same samples, so the comparison is paired; from the ``drop_after``-th sample
on, a candidate whose mean gain ``drop`` standard errors up is still short of the guarded
best is tried no more, and the samples go to the others (about half as many samples more in
the same time, the same moves at a fixed sample count on 200 seeded decisions).

Measured on tuning seeds (docs/BOTS.md): the player model +4.4 per Trex deal (100 Trex
kingdoms) and about +2.7 in Diamonds + Collections (60 kingdoms); in Trex a softer weight
per miss (0.7 instead of 0.3) about +2 more per deal on 300 kingdoms of two tuning seeds,
but no difference on the evaluation deals (kept: no worse); the exact endgame of the last 3
tricks no measurable change there, the layout's last 12 cards none either (so
``trex_endgame`` is off: it doubled the cost of a Trex decision); the settled deals in
Diamonds and Collections about +1 per deal in Collections, none measurable in
Diamonds, on two seeds.  Searching the bot's own next turn(s) inside each playout instead of
playing them by the medium policy gained nothing in Trex or Diamonds and lost in Collections
(fewer samples in the same time), and choosing that next turn by what the
decision's earlier samples learnt in the same information set (not on the sampled deal)
gained nothing either, nor did a policy fitted to imitate hard's own choices
(``bench/tried/own_policy.py``), so the playouts stay medium.  Fewer samples than
the default budget buys cost nothing measurable: 100 instead of ~140, and 60 in Diamonds and
Collections.  Reading the plays far more sharply (200 swaps at a weight of 0.001 a
miss) gained +1.4 ± 1.1 a deal in Diamonds and nothing measurable in the other trick
contracts, at 3 to 5 times the time, by trusting the medium model: not shipped.

Work per decision is either a fixed number of samples (``samples=N``: reproducible on any
machine; the tests and the arena use it) or anytime within ``budget`` seconds (at least
``min_samples``).  Equivalent cards (adjacent in a suit once the cards between are played,
of equal penalty) are searched once.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence

from ..cards import FULL_DECK
from ..fast import (
    TrexState,
    TrickRules,
    TrickState,
    play_trex,
    play_tricks,
    step_trex,
    step_trick,
)
from ..match import ANNOUNCE, CHOOSE
from ..moves import CARD_MOVES, NO_DOUBLE, REDEAL_MOVE, Move, double_move
from ..observation import Observation
from ..rules import Contract
from ..tricks import trex_scores
from . import doubling
from .endgame import TrexSolver, TrickSolver
from .heuristics import trex_card, trick_card
from .knowledge import Knowledge, knowledge, own_hands, sample_hands, trex_state, trick_state
from .likelihood import TrexModel, TrickModel, settled, weighed
from .players import Bot
from .thinking import Sample, Tally, Thought

FULL_SUIT = 8191

# The contracts whose sampled deals are settled closer to the player model's posterior
# (likelihood.settled: ``chain`` swaps at the sharper weight ``chain_weight`` per miss, the
# drawing too).  Measured at the default budget (docs/BOTS.md): about +1 per deal
# in Collections and none measurable in Diamonds, on two seeds (20 swaps as good as 60, at
# two thirds of the cost); King of Hearts -1.2 and Queens -1.8 (both within the noise), so
# those keep the plain weighing.
SETTLED = (Contract.DIAMONDS, Contract.COLLECTIONS)


def representative(card: int, cands: list[int], hand: int, played: int) -> int:
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
        endgame: int = 3,
        trex_endgame: int = 0,
        trex_draws: int = 4,
        trick_draws: int = 4,
        miss_weight: float = 0.3,
        trex_miss_weight: float = 0.7,
        chain: int = 20,
        chain_weight: float = 0.03,
        drop: float = 2.0,
        drop_after: int = 10,
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
        self.endgame = endgame
        self.trex_endgame = trex_endgame
        self.trex_draws = trex_draws
        self.trick_draws = trick_draws
        self.miss_weight = miss_weight
        self.trex_miss_weight = trex_miss_weight
        self.chain = chain
        self.chain_weight = chain_weight
        self.drop = drop
        self.drop_after = drop_after

    def __repr__(self) -> str:
        work = f"samples={self.samples}" if self.samples else f"budget={self.budget}"
        return f"HardBot({work})"

    # -- the work loop ----------------------------------------------------------------

    def _rounds(self, cards_left: int, factor: float = 1.0) -> int:
        """The most samples of a decision.  With a fixed ``samples`` and ``late`` > 1 the
        count grows as the deal shortens (up to ``late`` times), as the time budget's would,
        a playout's cost being about proportional to the cards left.  (Measured on tuning
        seeds: no gain in Diamonds, Collections or Trex, so the default is 1.)  In the time
        budget mode the budget stops the work, ``max_samples`` at the latest."""
        if self.samples is not None:
            scale = min(self.late, max(1.0, 48.0 / max(cards_left, 1)))
            return max(1, round(self.samples * scale * factor))
        return self.max_samples

    def _utility(self, scores: list[int], seat: int, partnership: bool) -> int:
        if partnership:
            return scores[seat] + scores[(seat + 2) % 4]
        return scores[seat]

    def _deals(self, obs: Observation, kn: Knowledge, rng: random.Random) -> Callable[[], list[int]]:
        """Where the sampled deals come from: hands consistent with what the seat knows."""
        return lambda: sample_hands(kn, rng)

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        """:meth:`think`, then sample to the end (``samples=``) or until ``budget`` seconds
        have passed, at least ``min_samples``."""
        thought = self.think(obs, rng)
        if self.samples is not None or thought.done:
            return thought.finish()
        deadline = time.perf_counter() + self.budget
        while not thought.done:
            left = deadline - time.perf_counter()
            if left <= 0 and thought.ripe:
                break
            thought.step(max(0.0, left))
        return thought.move()

    def think(self, obs: Observation, rng: random.Random) -> Thought:
        """The decision as a resumable search (:class:`.thinking.Thought`): the browser
        steps it in slices between frames; ``choose`` steps it at once."""
        legal = obs.legal
        if not legal:
            raise ValueError("it is not this seat's turn")
        if obs.phase == CHOOSE:
            return Thought.ready(self.choose_contract(obs, rng))
        if obs.phase == ANNOUNCE:
            return self.announce_thought(obs, rng)
        if len(legal) == 1:
            return Thought.ready(legal[0])
        if obs.contract is Contract.TREX:
            return self.trex_thought(obs, rng)
        return self.trick_thought(obs, rng)

    def _card_thought(self, cands: list[int], default: int, sample: Sample, rounds: int) -> Thought:
        """Every candidate on the same samples; a card replaces the default (the medium
        policy's) only if its mean gain over it exceeds ``z`` standard errors: with few
        samples, noise would otherwise pick moves."""
        z = self.z

        def decide(t: Tally) -> Move:
            return CARD_MOVES[cands[t.guarded_best(z)]]

        thought = Thought(
            sample, Tally(len(cands), default), decide, rounds, self.min_samples,
            drop=self.drop, drop_after=self.drop_after, guard=z,
        )
        thought.candidates = [CARD_MOVES[c] for c in cands]  # Thought.values() names them
        return thought

    # -- card play ----------------------------------------------------------------------

    def trick_move(self, obs: Observation, rng: random.Random) -> Move:
        return self.trick_thought(obs, rng).finish()

    def trick_thought(self, obs: Observation, rng: random.Random) -> Thought:
        contract = obs.contract
        assert contract is not None
        tr = TrickRules.of(contract, obs.rules)
        legal = 0
        for m in obs.legal:
            legal |= 1 << m.card
        cands = distinct_cards(legal, obs.hand, obs.played, tr.value)
        if len(cands) == 1:
            return Thought.ready(CARD_MOVES[cands[0]])
        mine = trick_state(obs, own_hands(obs))
        medium = trick_card(obs.seat, mine, tr, legal)
        default = representative(medium, cands, obs.hand, obs.played)
        kn = knowledge(obs, ducks=self.ducks)
        deals = self._deals(obs, kn, rng)
        settle = self.chain > 0 and contract in SETTLED
        if (settle or self.trick_draws > 1) and not isinstance(self, SeerBot):
            model = TrickModel(obs, tr)
            weight = self.chain_weight if settle else self.miss_weight
            if self.trick_draws > 1:
                deals = weighed(deals, model.misses, rng, self.trick_draws, weight)
            if settle:
                deals = settled(deals, model.seat_misses, kn, rng, self.chain, weight)
        seat = obs.seat
        part = obs.rules.partnership
        solver = TrickSolver(tr)

        def sample(scored: list[int]) -> Iterator[int]:
            base = trick_state(obs, deals())
            solver.reset()  # the memo holds one sampled deal's hands
            for j in scored:
                c = cands[j]
                st = base.copy()
                scores = st.scores if step_trick(st, tr, c) else self._finish_tricks(st, tr, solver)
                yield self._utility(scores, seat, part)

        return self._card_thought(cands, default, sample, self._rounds(sum(obs.hand_sizes)))

    def trex_move(self, obs: Observation, rng: random.Random) -> Move:
        return self.trex_thought(obs, rng).finish()

    def trex_thought(self, obs: Observation, rng: random.Random) -> Thought:
        legal = 0
        for m in obs.legal:
            if m.kind == "card":
                legal |= 1 << m.card
        cands = [c for c in range(52) if legal >> c & 1]
        if len(cands) <= 1:
            return Thought.ready(obs.legal[0])
        medium = trex_card(obs.seat, trex_state(obs, own_hands(obs)), legal)
        default = cands.index(medium)
        deals = self._deals(obs, knowledge(obs, ducks=self.ducks), rng)
        if self.trex_draws > 1 and not isinstance(self, SeerBot):
            deals = weighed(deals, TrexModel(obs).misses, rng, self.trex_draws, self.trex_miss_weight)
        seat = obs.seat
        part = obs.rules.partnership
        nxt = tuple(obs.rules.next_seat(s) for s in range(4))
        solver = TrexSolver(nxt, part)

        def sample(scored: list[int]) -> Iterator[int]:
            base = trex_state(obs, deals())
            solver.reset()
            for j in scored:
                c = cands[j]
                st = base.copy()
                if step_trex(st, nxt, c):
                    scores = trex_scores(st.out, st.hands)
                else:
                    scores = self._finish_trex(st, nxt, solver)
                yield self._utility(scores, seat, part)

        rounds = self._rounds(sum(obs.hand_sizes), self.trex_factor)
        return self._card_thought(cands, default, sample, rounds)

    # -- the end of a sample: the medium policy, then exact play ---------------------------

    def _finish_tricks(self, st: TrickState, tr: TrickRules, solver: TrickSolver) -> list[int]:
        """The final scores of a sampled trick deal: the medium policy for every seat until
        ``endgame`` tricks are left, then max^n over the known hands (:mod:`.endgame`)."""
        if self.endgame <= 0:
            return play_tricks(st, tr, trick_card)
        stop = 13 - self.endgame
        if st.tricks_done < stop:
            play_tricks(st, tr, trick_card, until=stop)
            if st.tricks_done < stop:  # §3.4: the deal ended early
                return st.scores
        return solver.value(st)

    def _finish_trex(self, st: TrexState, nxt: tuple[int, ...], solver: TrexSolver) -> list[int]:
        """The same for the layout: the medium policy until at most ``trex_endgame`` cards
        are left in the hands, then max^n (:class:`.endgame.TrexSolver`)."""
        limit = self.trex_endgame
        if limit <= 0:
            return play_trex(st, nxt, trex_card)
        left = sum(h.bit_count() for h in st.hands)
        if left > limit:
            play_trex(st, nxt, trex_card, until=limit)
            if len(st.out) >= 3:
                return trex_scores(st.out, st.hands)
        return solver.value(st)

    # -- announcements -------------------------------------------------------------------

    def announce(self, obs: Observation, rng: random.Random) -> Move:
        return self.announce_thought(obs, rng).finish()

    def announce_thought(self, obs: Observation, rng: random.Random) -> Thought:
        if self.doubling_policy != "search":
            return Thought.ready(super().announce(obs, rng))
        if REDEAL_MOVE in obs.legal:
            return Thought.ready(REDEAL_MOVE)
        cards = doubling.doublable(obs)
        if not cards:
            return Thought.ready(NO_DOUBLE)
        return self.doubles_thought(obs, cards, rng)

    def doubles_thought(self, obs: Observation, cards: int, rng: random.Random) -> Thought:
        """Double each doublable card whose doubling raises the simulated score: sample the
        other hands, play the deal out with and without the double under the active §4.4
        rule, and compare (every seat's playout policy sees the double, as the others would).
        A fixed count, or within the time budget: at least 8, at most 48 samples."""
        contract = obs.contract
        assert contract is not None
        tr = TrickRules.of(contract, obs.rules)
        seat = obs.seat
        part = obs.rules.partnership
        singles = [c for c in range(52) if cards >> c & 1]
        # the sub-generator's seed as an int: seeded with the float itself, Random hashes it,
        # and a float's hash differs on 32-bit Pyodide (other samples in the page than in
        # CPython); for a random() value this int is its 64-bit hash, so CPython draws as before
        deals = self._deals(obs, knowledge(obs, ducks=self.ducks), random.Random(int(rng.random() * 2**61)))

        def sample(scored: list[int]) -> Iterator[int]:
            base = trick_state(obs, deals())
            base.leader = obs.king
            for j in scored:  # 0: no double; j: the double of singles[j - 1] alone
                st = base.copy()
                if j:
                    st.doubled = {singles[j - 1]: seat}
                play_tricks(st, tr, trick_card)
                yield self._utility(st.scores, seat, part)

        def decide(t: Tally) -> Move:
            chosen = 0
            for j, c in enumerate(singles):
                if t.sums[j + 1] > 0:
                    chosen |= 1 << c
            chosen &= FULL_DECK
            return double_move(chosen) if chosen else NO_DOUBLE

        rounds = self._doubling_rounds()
        thought = Thought(sample, Tally(len(singles) + 1, 0), decide, rounds, min(8, rounds))
        # what the tally scores, in its order: no double, then each card's double alone
        thought.candidates = [NO_DOUBLE, *(double_move(1 << c) for c in singles)]
        return thought

    def _doubling_rounds(self) -> int:
        return max(8, self.samples) if self.samples is not None else 48




class SeerBot(HardBot):
    """The all-seeing level, a measuring instrument for the arena only (never offered on
    the page): the hard level's search on the one true deal instead of sampled ones.  Its
    margin over medium is the most that knowing the hidden hands could buy this search;
    hard's margin as a fraction of it shows how much inference and sampling still lose.

    It must be shown the hands before each decision (``reveal``, which the arena calls
    for a bot with ``sees_all``); without them it refuses to play.  The deal is known, so
    one "sample" is the whole search: the playouts and the endgame solver are
    deterministic."""

    name = "seer"
    sees_all = True

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._hands: list[int] | None = None

    def __repr__(self) -> str:
        return "SeerBot()"

    def reveal(self, hands: Sequence[int]) -> None:
        """The true hands of the position about to be decided (the arena's, not the page's)."""
        self._hands = list(hands)

    def _deals(self, obs: Observation, kn: Knowledge, rng: random.Random) -> Callable[[], list[int]]:
        hands = self._hands
        if hands is None or hands[obs.seat] != obs.hand:
            raise ValueError("the all-seeing bot plays only where it is shown the hands (the arena)")
        return lambda: list(hands)

    def _rounds(self, cards_left: int, factor: float = 1.0) -> int:
        return 1

    def _doubling_rounds(self) -> int:
        return 1

    def choose(self, obs: Observation, rng: random.Random) -> Move:
        try:
            return self.think(obs, rng).finish()
        finally:
            self._hands = None


__all__ = ["HardBot", "SeerBot", "distinct_cards", "representative"]
