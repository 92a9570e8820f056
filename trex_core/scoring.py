"""Scores of one deal (§3.5, §4.3–§4.5, §6.3, §9.2) and of a match (§2.5).

A deal's score comes with its *ledger*: one :class:`Entry` ``(seat, points, reason, card)``
per thing scored, so a page, a record or a rules screen can say why a seat scored what it
did without knowing any value.  The scores are the ledger's sums."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from .cards import DIAMONDS, KING_OF_HEARTS, QUEENS, QUEENS_MASK, SUIT_MASK, Hand, cards_of
from .rules import JAWAKER, Contract, Rules
from .tricks import DOUBLE_VALUES, double_payee
from .tricks import TREX_PLACES as TREX_PLACES  # the page's rules screen reads scoring.TREX_PLACES

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


_CARD_VALUES: dict[tuple[Contract, Rules], dict[int, int]] = {}


def card_values(contract: Contract, rules: Rules) -> dict[int, int]:
    """Penalty per card taken in a trick contract (positive numbers).  The dict is shared:
    do not change it."""
    key = (contract, rules)
    values = _CARD_VALUES.get(key)
    if values is None:
        values = _CARD_VALUES[key] = _card_values(contract, rules)
    return values


def _card_values(contract: Contract, rules: Rules) -> dict[int, int]:
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


_PENALTY_CARDS: dict[tuple[Contract, Rules], Hand] = {}


def penalty_cards(contract: Contract, rules: Rules) -> Hand:
    """The cards that cost something when taken in a trick contract; §3.4's early end
    comes when all of them are taken."""
    key = (contract, rules)
    mask = _PENALTY_CARDS.get(key)
    if mask is None:
        mask = _PENALTY_CARDS[key] = sum(1 << c for c, v in card_values(contract, rules).items() if v)
    return mask


def trick_value(contract: Contract, rules: Rules) -> int:
    """Penalty per trick taken: Collections (§3.5) and Complex (§9.2)."""
    if contract is Contract.COLLECTIONS:
        return rules.trick_value
    if contract is Contract.COMPLEX:
        return 15
    return 0


class Entry(NamedTuple):
    """One line of a deal's ledger: ``seat`` scored ``points`` for ``reason`` (one of the
    reason codes below), about ``card`` (-1 when no card is concerned)."""

    seat: int
    points: int
    reason: str
    card: int = -1


TRICK = "trick"
"""A trick taken: Collections (§3.5) or Complex (§9.2).  No card."""
CARD = "card"
"""A penalty card taken: K♥, a queen, a diamond (§3.5, §9.2)."""
DOUBLED = "doubled"
"""The doubled part of a doubled card, paid by its taker (§4.3), or by the doubler who took
his own card under the §4.4 jawaker option."""
DOUBLE_PAID = "double-paid"
"""The doubler's gain when another seat takes his doubled card (§4.3)."""
LEADER_PAID = "leader-paid"
"""§4.4 jawaker: the leader of the trick in which a doubler took his own card gains."""
PLACE = "place"
"""Trex: a place in the order of going out (§6.3); ``card`` is the place, 0 = first."""

REASONS = (TRICK, CARD, DOUBLED, DOUBLE_PAID, LEADER_PAID, PLACE)


def trick_ledger(
    contract: Contract,
    rules: Rules,
    tricks: Iterable[tuple[int, Sequence[int], int]],
    doubled_by: Mapping[int, int],
) -> list[Entry]:
    """The ledger of a trick contract from its tricks ``(leader, cards in play order, winner)``.

    ``doubled_by`` maps each doubled card to its doubler.  Who is paid the doubled part of a
    doubled card, which its taker pays on top, is :func:`trex_core.tricks.double_payee`'s
    (§4.3, §4.4).  Either way the deal total stays as in §7.
    """
    entries: list[Entry] = []
    values = card_values(contract, rules)
    per_trick = trick_value(contract, rules)
    jawaker = rules.self_capture == JAWAKER
    for leader, cards, winner in tricks:
        if per_trick:
            entries.append(Entry(winner, -per_trick, TRICK))
        for c in cards:
            v = values.get(c)
            if not v:
                continue
            entries.append(Entry(winner, -v, CARD, c))
            doubler = doubled_by.get(c)
            if doubler is None:
                continue
            payee = double_payee(doubler, winner, leader, jawaker)
            if payee >= 0:
                extra = DOUBLE_VALUES[c]
                entries.append(Entry(winner, -extra, DOUBLED, c))
                # §4.3: the doubler is paid; §4.4 jawaker: he took his own card, the leader is
                entries.append(Entry(payee, extra, DOUBLE_PAID if doubler != winner else LEADER_PAID, c))
    return entries


def trex_ledger(out_order: Sequence[int]) -> list[Entry]:
    """§6.3: ``out_order`` lists the seats from first out (four when the deal is over)."""
    return [Entry(seat, TREX_PLACES[place], PLACE, place) for place, seat in enumerate(out_order)]


def scores_of(ledger: Iterable[Entry]) -> tuple[int, int, int, int]:
    """Each seat's sum of the ledger."""
    scores = [0, 0, 0, 0]
    for e in ledger:
        scores[e.seat] += e.points
    return (scores[0], scores[1], scores[2], scores[3])


def trick_deal_scores(
    contract: Contract,
    rules: Rules,
    tricks: Iterable[tuple[int, Sequence[int], int]],
    doubled_by: Mapping[int, int],
) -> list[int]:
    """Scores of a trick contract: the sums of :func:`trick_ledger`."""
    return list(scores_of(trick_ledger(contract, rules, tricks, doubled_by)))


def trex_deal_scores(out_order: Sequence[int]) -> list[int]:
    """§6.3: ``out_order`` lists the four seats from first out to last."""
    return list(scores_of(trex_ledger(out_order)))


FACE_UP = {
    Contract.KING_OF_HEARTS: 1 << KING_OF_HEARTS,
    Contract.QUEENS: QUEENS_MASK,
    Contract.COMPLEX: QUEENS_MASK | 1 << KING_OF_HEARTS,
}


def face_up(contract: Contract | None) -> Hand:
    """§3.6: the taken cards that lie face up in front of their taker (display only)."""
    return FACE_UP.get(contract, 0) if contract is not None else 0


def places(totals: Sequence[int]) -> list[int]:
    """1-based places by total, equal totals sharing a place (§2.5): [10, 30, 30, -70] →
    [3, 1, 1, 4]."""
    return [1 + sum(1 for u in totals if u > t) for t in totals]
