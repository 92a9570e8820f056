"""Scores of one deal (§3.5, §4.3–§4.5, §6.3, §9.2) and of a match (§2.5)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DIAMONDS, KING_OF_HEARTS, QUEENS, SUIT_MASK, cards_of
from .rules import JAWAKER, Contract, Rules

TREX_PLACES = (200, 150, 100, 50)
"""§6.3: first out +200, then +150, +100; the last +50."""

DEAL_TOTALS = {
    Contract.KING_OF_HEARTS: -75,
    Contract.QUEENS: -100,
    Contract.DIAMONDS: -130,
    Contract.COLLECTIONS: -195,
    Contract.TREX: 500,
    Contract.COMPLEX: -500,
}
"""§7 and §9.2: the sum of the four seats' scores in one deal of each contract."""

FAIR_SHARE = {c: t / 4 for c, t in DEAL_TOTALS.items()}
"""One seat's even share of each deal's total (BOTS.md): the baseline of the arena."""


def deal_total(contract: Contract, rules: Rules) -> int:
    """§7 under ``rules``: the §3.5 swap trades the Diamonds and Collections totals."""
    if rules.swap_values and contract is Contract.DIAMONDS:
        return -195
    if rules.swap_values and contract is Contract.COLLECTIONS:
        return -130
    return DEAL_TOTALS[contract]


def card_values(contract: Contract, rules: Rules) -> dict[int, int]:
    """Penalty per card taken in a trick contract (positive numbers)."""
    values: dict[int, int] = {}
    if contract in (Contract.DIAMONDS, Contract.COMPLEX):
        dv = rules.diamond_value if contract is Contract.DIAMONDS else 10  # §9.2 fixes −10
        for c in cards_of(SUIT_MASK[DIAMONDS]):
            values[c] = dv
    if contract in (Contract.QUEENS, Contract.COMPLEX):
        for q in QUEENS:
            values[q] = values.get(q, 0) + 25
    if contract in (Contract.KING_OF_HEARTS, Contract.COMPLEX):
        values[KING_OF_HEARTS] = 75
    return values


def trick_value(contract: Contract, rules: Rules) -> int:
    """Penalty per trick taken: Collections (§3.5) and Complex (§9.2)."""
    if contract is Contract.COLLECTIONS:
        return rules.trick_value
    if contract is Contract.COMPLEX:
        return 15
    return 0


DOUBLE_VALUES = {KING_OF_HEARTS: 75, **{q: 25 for q in QUEENS}}
"""The doubled part of a doubled card: K♥ 75, a queen 25 (§4.3)."""


def trick_deal_scores(
    contract: Contract,
    rules: Rules,
    tricks: Sequence[tuple[int, Sequence[int], int]],
    doubled_by: dict[int, int],
) -> list[int]:
    """Scores of a trick contract from its tricks ``(leader, cards in play order, winner)``.

    ``doubled_by`` maps each doubled card to its doubler.  A doubled card taken by another
    seat costs the taker double and pays the doubler its value (§4.3); taken by the doubler
    himself it costs the normal value (§4.4 plain) or double, paying the trick's leader
    (§4.4 jawaker).  Either way the deal total stays as in §7.
    """
    scores = [0, 0, 0, 0]
    values = card_values(contract, rules)
    per_trick = trick_value(contract, rules)
    for leader, cards, winner in tricks:
        scores[winner] -= per_trick
        for c in cards:
            v = values.get(c)
            if not v:
                continue
            scores[winner] -= v
            doubler = doubled_by.get(c)
            if doubler is None:
                continue
            extra = DOUBLE_VALUES[c]
            if doubler != winner:
                scores[winner] -= extra  # §4.3
                scores[doubler] += extra
            elif rules.self_capture == JAWAKER:
                scores[winner] -= extra  # §4.4 option
                scores[leader] += extra
    return scores


def trex_deal_scores(out_order: Sequence[int]) -> list[int]:
    """§6.3: ``out_order`` lists the four seats from first out to last."""
    scores = [0, 0, 0, 0]
    for place, seat in enumerate(out_order):
        scores[seat] = TREX_PLACES[place]
    return scores


def places(totals: Sequence[int]) -> list[int]:
    """1-based places by total, equal totals sharing a place (§2.5): [10, 30, 30, -70] →
    [3, 1, 1, 4]."""
    return [1 + sum(1 for u in totals if u > t) for t in totals]
