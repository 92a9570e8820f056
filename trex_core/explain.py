"""Why a move is illegal, in the words a player at the table would use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import SUIT_MASK, SUIT_SYMBOLS, card, card_symbol, cards_of
from .moves import CARD, CONTRACT, DOUBLE, PASS, REDEAL, Move
from .rules import Contract

if TYPE_CHECKING:
    from .match import Match

_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


def _list(mask: int, joiner: str = ", ") -> str:
    """Cards as on screen, suit by suit (♠ ♥ ♦ ♣) from high to low, like a sorted hand."""
    cards = [c for s in range(4) for c in reversed(cards_of(mask & SUIT_MASK[s]))]
    return joiner.join(card_symbol(c) for c in cards)


def why_illegal(m: Match, move: Move) -> str:
    from .match import ANNOUNCE, CHOOSE, PLAY, SEAT_NAMES

    s = m._s
    seat = s.to_move
    assert seat is not None
    who = SEAT_NAMES[seat]
    if s.phase == CHOOSE:
        if move.kind != CONTRACT:
            return f"{SEAT_NAMES[s.king]}, the king, must first name a contract."
        contract = move.contract
        assert contract is not None
        if contract not in m.rules.contracts:
            return f"{contract.title} is not played under these rules."
        if contract in s.used:
            return f"{contract.title} has already been played in this kingdom (§2.2)."
        return "After a redeal the king must name a contract other than King of Hearts (§5.2)."
    if s.phase == ANNOUNCE:
        if move.kind == REDEAL:
            if not m._redeal_possible():
                if m.rules.partnership:
                    return "There is no redeal in partnership play (§8.3)."
                if s.contract is not Contract.KING_OF_HEARTS:
                    return "A redeal can only be claimed in King of Hearts (§5.1)."
                if not m.rules.redeal:
                    return "Redeals are off under these rules."
                return "No redeal when King of Hearts is the king's last contract (§5.3)."
            return (
                "Only a player whose only heart is K♥, or whose only hearts are K♥ and A♥, "
                "may claim a redeal (§5.1)."
            )
        if move.kind == DOUBLE:
            doublable = m._doublable()
            if not m.rules.doubling:
                return "Doubling is off under these rules."
            if not doublable:
                return "Nothing can be doubled in this contract (§4.1)."
            if move.cards & ~doublable:
                return f"Only {_list(doublable)} can be doubled in {s.contract.title} (§4.1)."  # type: ignore[union-attr]
            return f"You do not hold {_list(move.cards & ~s.hands[seat])}."
        if not m.rules.doubling:
            return f"{who} must first answer whether to claim a redeal (§5): 'nodouble' (no) or 'redeal'."
        return f"{who} must first answer whether to double (§4.2): 'nodouble' or 'double:…'."
    if s.phase != PLAY:
        return "The match is over."
    hand = s.hands[seat]
    if s.contract is Contract.TREX:
        legal = m._legal_cards(seat)
        if move.kind == PASS:
            return f"You may not pass while you can play ({_list(legal)}) (§6.2)."
        if move.kind != CARD:
            return "Play a card to the layout, or pass if you cannot."
        c = move.card
        if not hand >> c & 1:
            return f"You do not hold {card_symbol(c)}."
        suit = c // 13
        sym = SUIT_SYMBOLS[suit]
        if s.lo[suit] < 0:
            return f"The {sym} row is not open: only the J{sym} can open it (§6.1)."
        low, high = s.lo[suit], s.hi[suit]
        ends = []
        if low > 0:
            ends.append(card_symbol(card(low - 1, suit)))
        if high < 12:
            ends.append(card_symbol(card(high + 1, suit)))
        row = (
            f"{card_symbol(card(low, suit))}–{card_symbol(card(high, suit))}"
            if low != high
            else f"J{sym}"
        )
        nxt = " or ".join(ends) if ends else "nothing more"
        return f"The {sym} row is {row}: only {nxt} can be played on it (§6.1)."
    if move.kind != CARD:
        return f"Play a card: {s.contract.title} is a trick contract."  # type: ignore[union-attr]
    c = move.card
    if not hand >> c & 1:
        return f"You do not hold {card_symbol(c)}."
    if not s.trick:
        # only §3.2 can forbid a lead
        return (
            "In King of Hearts you may not lead a heart while you hold other suits (§3.2)."
        )
    led = s.trick[0] // 13
    follow = hand & SUIT_MASK[led]
    if follow:
        return (
            f"You must follow {SUIT_SYMBOLS[led]} ({_SUIT_NAMES[led]}) (§3.1): "
            f"you hold {_list(follow)}."
        )
    must = hand & m._forced_discards()
    what = {Contract.KING_OF_HEARTS: "K♥", Contract.QUEENS: "a queen", Contract.DIAMONDS: "a diamond"}
    return (
        f"You have no {_SUIT_NAMES[led]}, so you must discard {what[s.contract]}"  # type: ignore[index]
        f"{'' if s.contract is Contract.KING_OF_HEARTS else ': ' + _list(must, ' or ')} (§3.3)."
    )


