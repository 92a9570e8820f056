"""The numbers the table shows (a contract's penalty, the Trex places, what a double costs
its taker and pays its doubler), read from the engine's scoring (``trex_core.scoring``):
the page restates no rule value. Pure Python: app.py passes the result to view.py as
plain data (``ui["values"]``).
"""
from __future__ import annotations

from typing import Any

from trex_core import Contract, Rules, parse_card, scoring

_CACHE: dict[Rules, dict[str, Any]] = {}


def _double(contract: Contract, rules: Rules, card: str) -> list[int]:
    """[taker's points, doubler's gain] for ``card`` doubled by seat 0 and taken by seat 1:
    the engine's ledger of one such trick (the other three cards cost nothing)."""
    c = parse_card(card)
    trick = (c, *(parse_card(x) for x in ("2C", "3C", "4C")))
    ledger = scoring.trick_ledger(contract, rules, [(1, trick, 1)], {c: 0})
    return [sum(e.points for e in ledger if e.seat == s and e.card == c) for s in (1, 0)]


def of(rules: Rules) -> dict[str, Any]:
    """``{"contract": {contract text: points per card or trick taken}, "places": Trex
    scores from first out, "double": {card: [taker's points, doubler's gain]}, "teams":
    the partnerships (§8.1, ``Rules.partner``) as seat pairs, the team of seat 0 first}``."""
    v = _CACHE.get(rules)
    if v is None:
        kh = scoring.card_values(Contract.KING_OF_HEARTS, rules)
        queens = scoring.card_values(Contract.QUEENS, rules)
        diamonds = scoring.card_values(Contract.DIAMONDS, rules)
        v = _CACHE[rules] = {
            "contract": {
                Contract.KING_OF_HEARTS.value: -kh[parse_card("KH")],
                Contract.QUEENS.value: -queens[parse_card("QS")],
                Contract.DIAMONDS.value: -diamonds[parse_card("2D")],
                Contract.COLLECTIONS.value: -scoring.trick_value(Contract.COLLECTIONS, rules),
            },
            "places": list(scoring.TREX_PLACES),
            "teams": [list(pair) for pair in sorted({tuple(sorted((seat, rules.partner(seat))))
                                                     for seat in range(4)})],
            "double": {
                "KH": _double(Contract.KING_OF_HEARTS, rules, "KH"),
                **{q: _double(Contract.QUEENS, rules, q) for q in ("QS", "QH", "QD", "QC")},
            },
        }
    return v
