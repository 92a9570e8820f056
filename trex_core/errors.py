"""The engine's two move errors (after python-chess): bad notation versus an illegal move.

An :class:`IllegalMoveError` carries a stable ``code`` and JSON-safe ``params`` so that a
caller (the page, in any language) says why without parsing text; ``str()`` is the English
sentence for library users.  The codes and their parameters (seats are numbers 0–3, cards
§12 texts such as ``"QS"``, suits letters ``S H D C``, contracts their move texts):

========================  ==================================  =====================================
code                      params                              why
========================  ==================================  =====================================
``match-over``                                                the match is over
``no-such-seat``          ``seat`` (as given)                 a seat is 0..3
``not-your-turn``         ``seat``, ``to_move``               another seat is to move
``deal-over``                                                 the deal is over: ``next`` deals on
``no-deal-over``                                              ``next`` while a deal is going on
``name-contract``         ``king``                            the king must first name a contract
``contract-not-played``   ``contract``                        not played under these rules
``contract-used``         ``contract``                        already played this kingdom (§2.2)
``contract-after-redeal``                                     not King of Hearts after a redeal (§5.2)
``answer-double``         ``seat``                            answer the doubling question (§4.2)
``answer-redeal``         ``seat``                            answer the redeal question (§5)
``redeal-partnership``                                        no redeal in partnership (§8.3)
``redeal-contract``                                           redeal only in King of Hearts (§5.1)
``redeal-off``                                                redeals are off (§5.3 option)
``redeal-last-contract``                                      King of Hearts is the last (§5.3)
``redeal-hand``                                               hearts are not K♥ or K♥ A♥ (§5.1)
``doubling-off``                                              doubling is off (§4.1 option)
``nothing-doublable``     ``contract``                        nothing can be doubled (§4.1)
``not-doublable``         ``contract``, ``cards``             only these cards can be doubled
``not-held``              ``cards``                           the seat does not hold them
``play-card``             ``contract``                        a trick contract wants a card
``layout-card``                                               Trex wants a card or a pass
``must-play``             ``cards`` (the playable ones)       no pass with a playable card (§6.2)
``row-closed``            ``suit``                            only the jack opens a row (§6.1)
``row-ends``              ``suit``, ``low``, ``high``,        only the next card up or down
                          ``cards`` (the playable ones)       fits a row (§6.1)
``heart-lead``                                                no heart lead (§3.2 option)
``follow-suit``           ``suit``, ``cards``                 follow the suit led (§3.1)
``forced-discard``        ``suit``, ``contract``, ``cards``   discard the penalty card (§3.3)
``undo-negative``         ``n``                               a negative number of moves
``undo-too-many``         ``n``, ``made``                     more moves than were made
========================  ==================================  =====================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .cards import RANKS, SUIT_SYMBOLS, SUITS, card_symbol, parse_card
from .rules import SEAT_NAMES, Contract

_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

Params = Mapping[str, object]


class InvalidMoveError(ValueError):
    """The text is not a move at all (e.g. ``'QX'``).  The game is unchanged."""


def _card(text: str) -> str:
    return card_symbol(parse_card(text))


def _cards(p: Params, joiner: str = ", ") -> str:
    cards = p.get("cards")
    assert isinstance(cards, (list, tuple))
    return joiner.join(_card(str(c)) for c in cards)


def _seat(p: Params, key: str = "seat") -> str:
    seat = p[key]
    return SEAT_NAMES[seat] if isinstance(seat, int) and 0 <= seat < 4 else repr(seat)


def _title(p: Params) -> str:
    return Contract(p["contract"]).title


def _suit(p: Params) -> str:
    return SUIT_SYMBOLS[SUITS.index(str(p["suit"]))]


def _row(p: Params) -> str:
    suit, low, high = str(p["suit"]), p["low"], p["high"]
    assert isinstance(low, int) and isinstance(high, int)
    if low == high:
        return _card(RANKS[low] + suit)
    return f"{_card(RANKS[low] + suit)}–{_card(RANKS[high] + suit)}"


def _discard(p: Params) -> str:
    what = {"king-of-hearts": "K♥", "queens": "a queen", "diamonds": "a diamond"}[str(p["contract"])]
    detail = "" if p["contract"] == "king-of-hearts" else ": " + _cards(p, " or ")
    return (f"You have no {_SUIT_NAMES[str(p['suit'])]}, so you must discard {what}{detail} (§3.3).")


ENGLISH: dict[str, Callable[[Params], str]] = {
    "match-over": lambda p: "The match is over.",
    "no-such-seat": lambda p: f"There is no seat {p['seat']!r}: the seats are 0 to 3.",
    "not-your-turn": lambda p: f"It is {_seat(p, 'to_move')}'s turn, not {_seat(p)}'s.",
    "deal-over": lambda p: "The deal is over: 'next' deals the next one.",
    "no-deal-over": lambda p: "'next' moves on from a finished deal; this deal is still going on.",
    "name-contract": lambda p: f"{_seat(p, 'king')}, the king, must first name a contract.",
    "contract-not-played": lambda p: f"{_title(p)} is not played under these rules.",
    "contract-used": lambda p: f"{_title(p)} has already been played in this kingdom (§2.2).",
    "contract-after-redeal": lambda p: (
        "After a redeal the king must name a contract other than King of Hearts (§5.2)."),
    "answer-double": lambda p: (
        f"{_seat(p)} must first answer whether to double (§4.2): 'nodouble' or 'double:…'."),
    "answer-redeal": lambda p: (
        f"{_seat(p)} must first answer whether to claim a redeal (§5): 'nodouble' (no) or 'redeal'."),
    "redeal-partnership": lambda p: "There is no redeal in partnership play (§8.3).",
    "redeal-contract": lambda p: "A redeal can only be claimed in King of Hearts (§5.1).",
    "redeal-off": lambda p: "Redeals are off under these rules.",
    "redeal-last-contract": lambda p: "No redeal when King of Hearts is the king's last contract (§5.3).",
    "redeal-hand": lambda p: (
        "Only a player whose only heart is K♥, or whose only hearts are K♥ and A♥, "
        "may claim a redeal (§5.1)."),
    "doubling-off": lambda p: "Doubling is off under these rules.",
    "nothing-doublable": lambda p: "Nothing can be doubled in this contract (§4.1).",
    "not-doublable": lambda p: f"Only {_cards(p)} can be doubled in {_title(p)} (§4.1).",
    "not-held": lambda p: f"You do not hold {_cards(p)}.",
    "play-card": lambda p: f"Play a card: {_title(p)} is a trick contract.",
    "layout-card": lambda p: "Play a card to the layout, or pass if you cannot.",
    "must-play": lambda p: f"You may not pass while you can play ({_cards(p)}) (§6.2).",
    "row-closed": lambda p: f"The {_suit(p)} row is not open: only the J{_suit(p)} can open it (§6.1).",
    "row-ends": lambda p: (
        f"The {_suit(p)} row is {_row(p)}: only {_cards(p, ' or ') or 'nothing more'} "
        "can be played on it (§6.1)."),
    "heart-lead": lambda p: "In King of Hearts you may not lead a heart while you hold other suits (§3.2).",
    "follow-suit": lambda p: (
        f"You must follow {_suit(p)} ({_SUIT_NAMES[str(p['suit'])]}) (§3.1): you hold {_cards(p)}."),
    "forced-discard": _discard,
    "undo-negative": lambda p: f"Cannot undo a negative number of moves ({p['n']}).",
    "undo-too-many": lambda p: f"Cannot undo {p['n']} move(s): only {p['made']} made.",
}
"""The English sentence of each refusal code (the page has its own catalogues)."""

CODES = tuple(ENGLISH)


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow now.  ``code`` says which rule
    (one of :data:`CODES`), ``params`` the seats, cards and contract concerned; ``str()``
    says it in English, in a player's words.  The game is unchanged."""

    def __init__(self, code: str, params: Params | None = None) -> None:
        if code not in ENGLISH:
            raise ValueError(f"unknown refusal code {code!r}")
        self.code = code
        self.params: dict[str, object] = dict(params or {})
        super().__init__(ENGLISH[code](self.params))

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[str, dict[str, object]]]:
        return (IllegalMoveError, (self.code, self.params))
