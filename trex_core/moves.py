"""Moves and their one canonical text each (§12).

=============  =====================  ==============================================
kind           text                   meaning
=============  =====================  ==============================================
``contract``   ``queens``             the king names a contract (§2.2)
``double``     ``double:QS,QH``       reveal and double these cards (§4.1)
``double``     ``nodouble``           the doubling answer "no" (§4.2)
``redeal``     ``redeal``             claim a King of Hearts redeal (§5)
``card``       ``QS``                 play a card
``pass``       ``pass``               pass in Trex (§6.2)
``next``       ``next``               deal on after a finished deal
=============  =====================  ==============================================
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardTextError, Hand, card_text, cards_of, parse_card
from .errors import InvalidMoveError
from .rules import Contract

CONTRACT = "contract"
DOUBLE = "double"
REDEAL = "redeal"
CARD = "card"
PASS = "pass"
NEXT = "next"


@dataclass(frozen=True, slots=True)
class Move:
    kind: str
    card: int = -1
    """The card played (kind ``card``)."""
    cards: Hand = 0
    """The cards doubled, as a mask (kind ``double``; 0 is ``nodouble``)."""
    contract: Contract | None = None

    def __str__(self) -> str:
        if self.kind == CARD:
            return card_text(self.card)
        if self.kind == CONTRACT:
            assert self.contract is not None
            return self.contract.value
        if self.kind == DOUBLE:
            if not self.cards:
                return "nodouble"
            return "double:" + ",".join(card_text(c) for c in cards_of(self.cards))
        return self.kind

    @property
    def text(self) -> str:
        return str(self)

    @staticmethod
    def parse(text: str) -> Move:
        return parse_move(text)


CARD_MOVES = tuple(Move(CARD, card=c) for c in range(52))
PASS_MOVE = Move(PASS)
REDEAL_MOVE = Move(REDEAL)
NEXT_MOVE = Move(NEXT)
NO_DOUBLE = Move(DOUBLE, cards=0)
CONTRACT_MOVES = {c: Move(CONTRACT, contract=c) for c in Contract}


def double_move(cards: Hand) -> Move:
    return Move(DOUBLE, cards=cards)


def parse_move(text: str) -> Move:
    """Read a move's text (case and surrounding blanks do not matter)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is a text such as 'QS' or 'queens', not {text!r}")
    t = text.strip().lower()
    if t == "pass":
        return PASS_MOVE
    if t == "redeal":
        return REDEAL_MOVE
    if t == "next":
        return NEXT_MOVE
    if t in ("nodouble", "no-double"):
        return NO_DOUBLE
    for contract in Contract:
        if t == contract.value:
            return CONTRACT_MOVES[contract]
    if t.startswith("double:"):
        mask = 0
        for tok in t[len("double:"):].split(","):
            try:
                c = parse_card(tok)
            except CardTextError as e:
                raise InvalidMoveError(f"{text!r}: {e}") from None
            mask |= 1 << c
        return Move(DOUBLE, cards=mask)
    try:
        return CARD_MOVES[parse_card(t)]
    except CardTextError:
        names = ", ".join(c.value for c in Contract)
        raise InvalidMoveError(
            f"{text!r} is not a move: play a card (e.g. QS, TD or 10D), 'pass', a contract "
            f"({names}), 'double:KH' / 'double:QS,QH', 'nodouble', 'redeal' or 'next'"
        ) from None
