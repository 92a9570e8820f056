"""The king's choice of contract (§2.2): name the contract where *this hand* is furthest
above that contract's average.

``expected_score(hand, contract)`` is a linear model of the king's score in a deal of that
contract from features of his hand.  Its coefficients (:mod:`.choice_model`) were fitted by
least squares on deals played out with the medium policy on the fast path (seeds disjoint
from the arena's evaluation seeds; ``python -m trex_core.bots.fit_choice`` refits them).
The king names the open contract with the largest ``expected_score − FAIR_SHARE``: Trex
always has the highest raw expectation, so choosing by raw score would always name it first.
"""

from __future__ import annotations

import random

from ..cards import ACE, DIAMONDS, HEARTS, JACK, KING, QUEEN
from ..match import CHOOSE
from ..moves import CONTRACT_MOVES, Move
from ..observation import Observation
from ..rules import Contract
from ..scoring import FAIR_SHARE
from .choice_model import COEFFICIENTS

FULL_SUIT = 8191


def hand_features(hand: int) -> list[float]:
    """Features of a 13-card hand used by every contract's model (see ``FEATURE_NAMES``)."""
    pats = [hand >> (13 * s) & FULL_SUIT for s in range(4)]
    lens = [p.bit_count() for p in pats]
    f: list[float] = [1.0]
    # how many cards of each rank (2..A)
    for r in range(13):
        f.append(float(sum(p >> r & 1 for p in pats)))
    hearts = pats[HEARTS]
    diamonds = pats[DIAMONDS]
    f.extend(float(hearts >> r & 1) for r in range(13))
    f.extend(float(diamonds >> r & 1) for r in range(13))
    srt = sorted(lens)
    f.extend(float(x) for x in srt)
    f.append(float(sum(1 for x in lens if x == 0)))
    f.append(float(sum(1 for x in lens if x == 1)))
    has_kh = hearts >> KING & 1
    f.append(float(has_kh * (hearts & ((1 << KING) - 1)).bit_count()))
    f.append(float(has_kh * (lens[HEARTS] <= 2)))
    f.append(float(has_kh * (hearts >> ACE & 1)))
    f.append(float(has_kh * (srt[0] <= 1)))
    # queens: guarded by lower cards, bare, and high cards over an outside queen
    guarded = bare = over = 0
    for p in pats:
        if p >> QUEEN & 1:
            low = (p & ((1 << QUEEN) - 1)).bit_count()
            guarded += low >= 3
            bare += low <= 1
        else:
            over += (p >> KING & 1) + (p >> ACE & 1)
    f.extend((float(guarded), float(bare), float(over)))
    # diamonds: long and low versus short and high
    f.append(float(lens[DIAMONDS] ** 2))
    f.append(float((diamonds & 0b11111).bit_count() * (lens[DIAMONDS] >= 4)))
    # Trex: jacks, runs joined to my jacks, rows whose jack I lack, far cards
    jacks = run = no_jack = far = 0
    for p in pats:
        if p >> JACK & 1:
            jacks += 1
            r = JACK - 1
            while r >= 0 and p >> r & 1:
                run += 1
                r -= 1
            r = JACK + 1
            while r <= 12 and p >> r & 1:
                run += 1
                r += 1
        elif p:
            no_jack += p.bit_count()
        far += (p & 0b1111).bit_count() + (p >> ACE & 1)
    f.extend((float(jacks), float(run), float(no_jack), float(far), float(jacks * jacks)))
    # Collections: high cards in long suits are hard to lose
    high_long = sum((p >> JACK).bit_count() * (p.bit_count() >= 5) for p in pats)
    low = sum((p & 0b111111).bit_count() for p in pats)
    f.extend((float(high_long), float(low)))
    return f


FEATURE_NAMES = (
    ["bias"] + [f"rank{r}" for r in "23456789TJQKA"] + [f"h{r}" for r in "23456789TJQKA"]
    + [f"d{r}" for r in "23456789TJQKA"]
    + ["len0", "len1", "len2", "len3", "voids", "singletons"]
    + ["kh_guard", "kh_short", "kh_ah", "kh_void"]
    + ["q_guarded", "q_bare", "q_over", "d_len2", "d_low_long"]
    + ["jacks", "jack_runs", "no_jack", "far", "jacks2", "high_long", "low"]
)


def expected_score(hand: int, contract: Contract, feats: list[float] | None = None) -> float:
    """The model's expected score of the king holding ``hand`` in ``contract``."""
    f = hand_features(hand) if feats is None else feats
    coef = COEFFICIENTS.get(contract.value)
    if coef is None:
        if contract is Contract.COMPLEX:  # §9.2: the four trick contracts at once
            return sum(expected_score(hand, c, f) for c in (
                Contract.KING_OF_HEARTS, Contract.QUEENS, Contract.DIAMONDS, Contract.COLLECTIONS))
        return FAIR_SHARE[contract]
    return sum(a * b for a, b in zip(coef, f, strict=False))


def contract_edges(hand: int, contracts: tuple[Contract, ...] | list[Contract]) -> dict[Contract, float]:
    """``expected_score − FAIR_SHARE`` for each contract."""
    f = hand_features(hand)
    return {c: expected_score(hand, c, f) - FAIR_SHARE[c] for c in contracts}


def choose_contract(obs: Observation, rng: random.Random | None = None, noise: float = 0.0) -> Move:
    """The open contract where this hand is furthest above the contract's average.  ``noise``
    (points, for the easy level) blurs the estimates with the seeded ``rng``."""
    assert obs.phase == CHOOSE
    open_ = [m.contract for m in obs.legal if m.contract is not None]
    edges = contract_edges(obs.hand, open_)
    if noise and rng is not None:
        edges = {c: e + rng.gauss(0.0, noise) for c, e in edges.items()}
    best = max(open_, key=lambda c: (edges[c], -open_.index(c)))
    return CONTRACT_MOVES[best]


def random_contract(obs: Observation, rng: random.Random) -> Move:
    """The baseline the choice is measured against: a uniformly random open contract."""
    return rng.choice(obs.legal)


__all__ = [
    "FEATURE_NAMES", "choose_contract", "contract_edges", "expected_score", "hand_features",
    "random_contract",
]
