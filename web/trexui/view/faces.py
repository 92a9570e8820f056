"""The small pieces every part of the table's HTML is built from: cards by their faces and
names, seats by their names, scores, contracts, and what the view reads off seat 0's
observation (a ``trex_core.Observation``: cards are ints, hands bit masks; the HTML names
cards by their §12 texts). Pure functions, no DOM: view.py (the table's parts),
overlays.py (its dialogs), recordview.py, embedview.py, announce.py and the aids build on
them, and this module imports none of them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from html import escape
from typing import Any

from trex_core import Contract, Observation, card_text, cards_of

from ..i18n.strings import LANGUAGES, iso, language_name, signed, t
from ..players.seats import turn

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUITS = "SHDC"  # engine order: rows of the Trex layout
HAND_SUITS = "SHCD"  # hand order: colours alternate black, red, black, red
RANKS = "23456789TJQKA"
POS = {0: "bottom", 1: "right", 2: "top", 3: "left"}
# A doubled card's mark (§4): "×2" read left to right in every language (in Arabic an
# unisolated mark reads "2×"), as an element (times_two) or within a text (isolated by LRI...PDI).
TIMES_TWO_TEXT = "\u2066\u00d72\u2069"

UI = dict[str, Any]  # the page's own state (app.Table.view_state): overlay, message, held trick, ...
Data = dict[str, Any]  # other plain JSON-like data: rules (Rules.to_dict), the settings form



# ---------------------------------------------------------------- small pieces
def texts(hand: int) -> list[str]:
    """A hand's cards as §12 texts, in card order."""
    return [card_text(c) for c in cards_of(hand)]


def legal_texts(obs: Observation) -> list[str]:
    """Seat 0's legal moves as the page names them (``data-move``)."""
    return [str(m) for m in obs.legal]


def rank_label(card: str) -> str:
    return "10" if card[0] == "T" else card[0]


def card_name(card: str) -> str:
    """Spoken name for screen readers: 'queen of spades'."""
    r = card[0]
    rank = t(f"rank.{r}") if r in "AKQJT" else r
    return t("card.aria", rank=rank, suit=t(f"suit.{card[1]}"))


def card_symbol(card: str) -> str:
    return iso(rank_label(card) + SUIT_SYMBOL[card[1]])


def row_text(suit: str, low: int, high: int) -> str:
    """A Trex layout row by its end cards (ranks 0-12), "7♠–J♠"; one card when the ends are
    the same (the refusals, the deal review and a record's replay all write it so)."""
    return "\u2013".join(card_symbol(RANKS[r] + suit) for r in sorted({low, high}))


def suit_colour(suit: str) -> str:
    """The class that colours a suit's cards and rows: hearts and diamonds red."""
    return "red" if suit in "HD" else "black"


def suit_class(card: str) -> str:
    return suit_colour(card[1])


def times_two(*, cls: str = "", title: str = "", hidden: bool = False) -> str:
    """The doubled mark as an element, left to right: its class, its title, hidden from a
    screen reader where the text beside it says it."""
    attrs = (f' class="{cls}"' if cls else "") + (f' title="{escape(title)}"' if title else "")
    hide = ' aria-hidden="true"' if hidden else ""
    return f'<span{attrs}{hide} dir="ltr">\u00d72</span>'


def card_face(card: str, *, cls: str = "", doubled: bool = False, attrs: str = "",
              tag: str = "span", flip: str = "", spoken: str = "") -> str:
    """One card face. ``tag='button'`` makes it a playable control, named by its visible
    text and then its spoken name ("Q♠, queen of spades"), so that what you see is part of
    what a screen reader or voice control calls it. Other faces are images named by the
    spoken name. ``flip``: the face may move between renders (animated by tableview.js); its
    value names the card within its deal (``flip_id``). ``spoken``: what a screen reader
    says instead of the card's name (a trick's card says who played it)."""
    mark = times_two(cls="x2", title=t("doubled.label"), hidden=True) if doubled else ""
    spoken = (spoken or card_name(card)) + (", " + t("doubled.label") if doubled else "")
    if tag == "button":
        role = ' type="button"'
        said = f'<span class="sr-only">, {escape(spoken)}</span>'
    else:
        role = f' role="img" aria-label="{escape(spoken)}"'
        said = ""
    move = f' data-flip="{flip}"' if flip else ""
    return (f'<{tag}{role} class="card {suit_class(card)} s-{card[1]} {cls}{" doubled" if doubled else ""}" '
            f'data-card="{card}"{move} {attrs}>'
            f'<span class="r">{rank_label(card)}</span><span class="s">{SUIT_SYMBOL[card[1]]}</span>{said}'
            f'<span class="pip" aria-hidden="true">{SUIT_SYMBOL[card[1]]}</span>{mark}</{tag}>')


def flip_id(obs: Observation, card: str) -> str:
    """A card's identity for animation: per deal, so that no card flies across deals."""
    return f"{obs.deal_number}-{card}"


def sort_hand(cards: list[str]) -> list[str]:
    """By suit (alternating colours), high to low within a suit."""
    return sorted(cards, key=lambda c: (HAND_SUITS.index(c[1]), -RANKS.index(c[0])))


# The seats' names while one table renders (an embedded table names the real seats of a
# turned deal, embed.py); None: the main table's "You", "East", "North", "West".
Names = tuple[str, str, str, str] | None
# A table's names may change while it is on the page (pass-and-play turns the table to each
# person's chair, seats.py), and a bot's task keeps the context it was started in: so the
# context holds the table's way of naming its seats, asked each time.
_SEAT_NAMES: ContextVar[Callable[[], Names] | None] = ContextVar("seat_names", default=None)


@contextmanager
def seat_names(names: Callable[[], Names] | Names) -> Iterator[None]:
    """Render with these names for the table's seats 0..3 (None: the usual ones), or with
    the names a function gives when asked."""
    token = _SEAT_NAMES.set(names if callable(names) else lambda: names)
    try:
        yield
    finally:
        _SEAT_NAMES.reset(token)


def _names() -> Names:
    namer = _SEAT_NAMES.get()
    return namer() if namer is not None else None


def seat_name(seat: int) -> str:
    names = _names()
    return names[seat] if names is not None else t(f"seat.{seat}")


def seat_long(seat: int) -> str:
    """The seat's name with where it sits, for its panel's label."""
    names = _names()
    return t(f"seat.{seat}.long") if names is None else t(f"seat.at.{POS[seat]}", name=names[seat])


def score_text(n: int) -> str:
    """A score, signed, minus first in every language (strings.signed)."""
    return signed(n)


def contract_name(c: Contract | str | None) -> str:
    """A contract's name; ``c`` a Contract or its move text ("trex")."""
    if not c:
        return "\u2014"
    return t(f"contract.{c.value if isinstance(c, Contract) else c}")


def played_cards(obs: Observation) -> set[str]:
    """Every card played in the deal so far (the observation's ``played``), as texts."""
    return set(texts(obs.played))


def doubled_map(obs: Observation) -> dict[str, int]:
    """The revealed doubles (§4.2): card text → its doubler, in card order."""
    return {card_text(c): s for c, s in obs.doubled}


def last_trick(obs: Observation) -> dict[str, Any] | None:
    """The deal's last trick taken, as the table holds it on show (``ui["last_trick"]``:
    the plain data of store.last_trick, cards as texts); None before the first, and in Trex."""
    if not obs.tricks or is_trex(obs):
        return None
    leader, cards, winner = obs.tricks[-1]
    return {"plays": list(zip(obs.rules.seat_order(leader), (card_text(c) for c in cards), strict=True)),
            "winner": winner, "leader": leader, "doubled": [[card_text(c), s] for c, s in obs.doubled]}


def tricks_won(obs: Observation) -> list[int]:
    n = [0, 0, 0, 0]
    for _, _, w in obs.tricks:
        n[w] += 1
    return n


def is_trex(obs: Observation) -> bool:
    return obs.contract is Contract.TREX


def finished(obs: Observation) -> bool:
    """The deal on the table is over: it waits for *Next deal* (phase ``deal-over``) or
    was the match's last. The felt shows it whole; nobody is to move on it."""
    return obs.phase == "deal-over" or obs.is_over


def dealt(obs: Observation) -> bool:
    """Cards are being played, or have all been played, in the deal on the table."""
    return obs.phase == "play" or finished(obs)


def refusal_text(code: str, params: Mapping[str, object], words: str = "refusal", viewer: int = 0) -> str:
    """Why the engine refused a move (``IllegalMoveError.code`` and ``.params``), in the
    page's words: seats as "you" or a name, cards and suits as symbols, contracts by name.
    ``words``: the keys' prefix (an embedded table words a given move's refusal its own way);
    ``viewer``: the engine's seat the table is drawn from (pass-and-play, seats.py)."""
    kw: dict[str, object] = dict(params)
    for key in ("seat", "to_move", "king"):
        seat = params.get(key)
        if isinstance(seat, int) and 0 <= seat < 4:
            seat = turn(seat, viewer)
            kw[key] = t("refusal.you") if seat == 0 else seat_name(seat)
    cards = params.get("cards")
    if isinstance(cards, (list, tuple)):
        symbols = [card_symbol(str(c)) for c in cards]
        kw["cards"] = t("list.comma").join(symbols) or t("list.none")
        kw["cards_or"] = t("list.or").join(symbols) or t("list.none")
    suit = params.get("suit")
    if isinstance(suit, str) and suit in SUIT_SYMBOL:
        kw["suit"] = SUIT_SYMBOL[suit]
        kw["suit_name"] = t(f"suit.{suit}")
        low, high = params.get("low"), params.get("high")
        if isinstance(low, int) and isinstance(high, int):
            kw["row"] = row_text(suit, low, high)
    contract = params.get("contract")
    if isinstance(contract, str):
        kw["contract"] = contract_name(contract)
    return t(f"{words}.{code}", **kw)


def lang_notice(value: str) -> str:
    """The notice for an unknown ``?lang=``: the value and the languages offered."""
    names = t("list.comma").join(language_name(lang) for lang in LANGUAGES)
    return t("notice.lang", value=value, languages=names)


def status_text(obs: Observation, raised: str | None = None) -> str:
    """The status line's words for the observation (no refusal); ``raised``: the card
    raised by a first tap (tap-to-raise), if any."""
    tm = obs.to_move
    if obs.forced_answer:
        return t("status.forced_answer")
    if obs.is_over:
        text = t("status.over")
    elif finished(obs):
        text = t("status.deal_over")
    elif tm != 0:
        if obs.phase == "choose":
            text = t("status.wait_choose", name=seat_name(obs.king))
        elif obs.phase == "announce":
            text = t("status.wait_announce")
        else:
            text = t("status.wait", name=seat_name(tm or 0))
    elif obs.phase == "choose":
        text = t("status.choose")
    elif obs.phase == "announce":
        text = t("status.announce")
    elif raised is not None and raised in legal_texts(obs):
        text = t("status.tap_again", card=card_symbol(raised))
    elif is_trex(obs):
        text = t("status.must_pass") if legal_texts(obs) == ["pass"] else t("status.your_trex")
    else:
        text = t("status.your_lead") if not obs.trick else t("status.your_card")
    return text
