"""How likely a sampled deal makes the plays already seen: sampling weighed by a model of
the players (docs/BOTS.md).

A sampled deal respects the rules' knowledge (voids, passes, doubles), but the other players'
*choices* say more: a player who could lay two cards and laid this one probably holds the
hand that makes it his best.  The model is the medium policy (how the bots play, and a fair
guess at how most people do): replay the deal so far on the sampled hands — each player's
hand then is his sampled hand now plus the cards he has laid since — and count the choices
(two or more legal cards) where the medium policy would have laid another card.  The search
draws a few deals and keeps one with probability ``miss_weight ** misses``, so deals that
explain the plays are preferred but none is ruled out (people do not play like the policy).

The same for the trick contracts (§3): every card played so far is replayed, trick by
trick, and each follow, discard or lead the medium policy would not have made counts.
There the kept deal is then moved closer to the deals that explain the plays
(:func:`settled`: swaps of hidden cards between two players, Metropolis at the same weight
per miss): a player's misses depend on his own hand only, so a swap is cheap to judge.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import FULL_DECK, SUIT_MASK
from ..fast import (
    FULL_SUIT,
    JACKS_MASK,
    LAYOUT_OPENS,
    TrexState,
    TrickRules,
    TrickState,
    step_trick,
    trick_legal,
)
from ..observation import Observation
from .heuristics import trex_card, trick_card
from .knowledge import Knowledge


def trex_misses(obs: Observation, hands: list[int]) -> int:
    """The other players' layout choices the medium policy would not have made, had the
    hands been ``hands`` (the current hands of a sampled deal)."""
    return TrexModel(obs).misses(hands)


class TrexModel:
    """:func:`trex_misses` for many sampled deals of one observation: the turns are read
    once, and only the other players' cards are replayed.  The medium card at a turn is kept
    per turn and the player's cards of the suits he could lay in, all the policy reads of
    his hand, so the deals of one decision share the answers where they agree."""

    def __init__(self, obs: Observation) -> None:
        self.plays = [(s, c) for s, c in obs.layout_plays if c >= 0]
        self.laid_by = [0, 0, 0, 0]
        for s, c in self.plays:
            self.laid_by[s] |= 1 << c
        self.me = obs.seat
        self.answers: dict[tuple[int, int], int] = {}

    def misses(self, hands: list[int]) -> int:
        laid_by = self.laid_by
        st = TrexState(hands=[hands[s] | laid_by[s] for s in range(4)], to_move=0)
        me = self.me
        opens = LAYOUT_OPENS
        answers = self.answers
        playable = JACKS_MASK
        misses = 0
        held = st.hands
        for k, (seat, c) in enumerate(self.plays):
            hand = held[seat]
            if seat != me:
                legal = hand & playable
                if legal & (legal - 1):
                    # the policy weighs each legal card by the player's cards of its suit
                    # (heuristics.trex_value): those cards are all it reads of the hand
                    suits = 0
                    for mask in SUIT_MASK:
                        if legal & mask:
                            suits |= mask
                    key = (k, hand & suits)
                    medium = answers.get(key)
                    if medium is None:
                        medium = answers[key] = trex_card(seat, st, legal)
                    if medium != c:
                        misses += 1
            held[seat] = hand ^ (1 << c)
            st.laid |= 1 << c
            playable = playable ^ 1 << c | opens[c]
        return misses


def trick_misses(obs: Observation, hands: list[int], tr: TrickRules) -> int:
    """The other players' cards so far that the medium policy would not have played, had
    the hands been ``hands`` (the current hands of a sampled deal)."""
    return TrickModel(obs, tr).misses(hands)


class TrickModel:
    """:func:`trick_misses` for many sampled deals of one observation.

    The deal so far is replayed once, keeping the public position before each turn (the
    medium policy reads only the public position and the hand of the seat to move,
    :data:`trex_core.fast.TrickPolicy`); a sampled deal then only walks each player's hand
    back through the turns.  And the policy's card at a turn depends only on that hand —
    when following suit, only on his cards of the suit led (:mod:`.heuristics`) — so the
    answers are kept per turn and holding: the deals of one decision often agree there,
    and this replay is the larger part of a hard decision's work late in a deal."""

    def __init__(self, obs: Observation, tr: TrickRules) -> None:
        order_of = obs.rules.seat_order
        plays: list[tuple[int, int]] = []
        for leader, cards, _ in obs.tricks:
            plays.extend(zip(order_of(leader), cards, strict=False))
        plays.extend(obs.trick)
        self.plays = plays
        self.laid_by = [0, 0, 0, 0]
        for s, c in plays:
            self.laid_by[s] |= 1 << c
        self.me = obs.seat
        self.tr = tr
        # the public position before each turn; its hands are filled in per question
        self.before: list[TrickState] = []
        self.led: list[int] = []  # the suit led at each turn, -1 for a lead
        if plays:
            first = obs.tricks[0][0] if obs.tricks else obs.trick[0][0]
            st = TrickState(hands=[FULL_DECK] * 4, leader=first, doubled=dict(obs.doubled))
            for _, c in plays:
                self.before.append(st.copy())
                self.led.append(st.trick[0] // 13 if st.trick else -1)
                step_trick(st, tr, c)
        self.answers: dict[tuple[int, int], int] = {}
        self.turns: list[list[tuple[int, int]]] = [[], [], [], []]  # (turn, card) by player
        for k, (s, c) in enumerate(plays):
            self.turns[s].append((k, c))
        self.by_hand: dict[tuple[int, int], int] = {}

    def misses(self, hands: list[int]) -> int:
        return sum(self.seat_misses(s, hands[s]) for s in range(4) if s != self.me)

    def seat_misses(self, seat: int, hand: int) -> int:
        """The misses of one player, ``hand`` being his sampled hand now: a player's choices
        depend on his own hand and the public play only, so a deal's misses are the sum of
        its players', and a swap of cards between two players changes only theirs
        (:func:`settled`).  Kept per player and hand."""
        key = (seat, hand)
        known = self.by_hand.get(key)
        if known is not None:
            return known
        tr = self.tr
        answers = self.answers
        before = self.before
        led = self.led
        held = hand | self.laid_by[seat]
        misses = 0
        for k, c in self.turns[seat]:
            h = held
            held = h ^ 1 << c
            suit = led[k]
            legal = trick_legal(h, suit, tr)
            if not legal & (legal - 1):
                continue
            follows = suit >= 0 and legal >> 13 * suit & FULL_SUIT
            akey = (k, legal if follows else h)
            medium = answers.get(akey)
            if medium is None:
                st = before[k]
                st.hands[seat] = h
                medium = answers[akey] = trick_card(seat, st, tr, legal)
            if medium != c:
                misses += 1
        self.by_hand[key] = misses
        return misses


def weighed(
    draw: Callable[[], list[int]], misses: Callable[[list[int]], int], rng: random.Random,
    draws: int, miss_weight: float,
) -> Callable[[], list[int]]:
    """A deal source: ``draws`` deals from ``draw``, one kept with probability proportional to
    ``miss_weight ** misses`` (importance resampling)."""

    def deal() -> list[int]:
        options = [draw() for _ in range(draws)]
        weights = [miss_weight ** misses(h) for h in options]
        x = rng.random() * sum(weights)
        for h, w in zip(options, weights, strict=True):
            x -= w
            if x < 0:
                return h
        return options[-1]

    return deal


def settled(
    draw: Callable[[], list[int]], seat_misses: Callable[[int, int], int], kn: Knowledge,
    rng: random.Random, steps: int, miss_weight: float,
) -> Callable[[], list[int]]:
    """A deal source closer to the model's posterior than :func:`weighed`: each deal from
    ``draw`` is moved ``steps`` times by swapping one hidden card between two other players
    (each card to a player who may hold it, :class:`.knowledge.Knowledge`), a swap kept
    with probability ``miss_weight ** (misses after - misses before)`` (Metropolis: always
    when it explains the plays as well or better).  A swap changes only the two players'
    misses, so it costs two lookups of ``seat_misses`` (player, hand)."""
    # The proposal is symmetric when the deal keeps ``exclude`` (a swap leaves both sets of
    # candidates the same size); a deal drawn on the rules alone (the sampler's fallback)
    # only moves toward keeping it, and the rules' exclusions always hold.
    others = [s for s in range(4) if s != kn.seat]
    pairs = [(a, b) for a in others for b in others if a != b]
    unknown = kn.unknown
    exclude = kn.exclude

    def deal() -> list[int]:
        hands = draw()
        for _ in range(steps):
            a, b = pairs[rng.randrange(len(pairs))]
            xs = hands[a] & unknown & ~exclude[b]
            ys = hands[b] & unknown & ~exclude[a]
            if not xs or not ys:
                continue
            x = _nth_card(xs, rng.randrange(xs.bit_count()))
            y = _nth_card(ys, rng.randrange(ys.bit_count()))
            swap = x | y
            ha, hb = hands[a] ^ swap, hands[b] ^ swap
            worse = (seat_misses(a, ha) + seat_misses(b, hb)
                     - seat_misses(a, hands[a]) - seat_misses(b, hands[b]))
            if worse <= 0 or rng.random() < miss_weight ** worse:
                hands[a], hands[b] = ha, hb
        return hands

    return deal


def _nth_card(cards: int, n: int) -> int:
    """The ``n``-th lowest card of a set, as a one-card mask."""
    for _ in range(n):
        cards &= cards - 1
    return cards & -cards


__all__ = ["TrexModel", "TrickModel", "settled", "trex_misses", "trick_misses", "weighed"]
