"""Cards, suits and hands (§1.1, §12).

A card is an int 0..51: ``suit * 13 + rank``, where rank 0 is the 2 and rank 12 the ace, so
a higher int is a higher card within a suit.  A hand is a 52-bit int with bit ``card`` set
for every card held: ``hand & SUIT_MASK[suit]`` is the part of the hand in that suit.  The
bitmask form lets the engine and the bots' playouts work on plain ints; the text form is
for people and records.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "SHDC"
"""Suit letters in card order: spades, hearts, diamonds, clubs (§12)."""
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = "23456789TJQKA"
"""Rank letters from low to high; ``T`` is the ten (§12)."""

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
TWO, JACK, QUEEN, KING, ACE = 0, 9, 10, 11, 12

FULL_SUIT = (1 << 13) - 1
SUIT_MASK = tuple(FULL_SUIT << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1

Card = int
Hand = int


def card(rank: int, suit: int) -> Card:
    return suit * 13 + rank


def suit_of(c: Card) -> int:
    return c // 13


def rank_of(c: Card) -> int:
    return c % 13


KING_OF_HEARTS = card(KING, HEARTS)
ACE_OF_HEARTS = card(ACE, HEARTS)
SEVEN_OF_HEARTS = card(5, HEARTS)
QUEENS = tuple(card(QUEEN, s) for s in range(4))
QUEENS_MASK = sum(1 << q for q in QUEENS)
JACKS = tuple(card(JACK, s) for s in range(4))
TWOS_MASK = sum(1 << card(TWO, s) for s in range(4))


def card_text(c: Card) -> str:
    """``card_text(card(QUEEN, SPADES)) == 'QS'``."""
    return RANKS[c % 13] + SUITS[c // 13]


def card_symbol(c: Card) -> str:
    """The on-screen form: ``'Q♠'``, ``'10♦'``."""
    r = RANKS[c % 13]
    return ("10" if r == "T" else r) + SUIT_SYMBOLS[c // 13]


class CardTextError(ValueError):
    """A text that is not a card."""


def parse_card(text: str) -> Card:
    """Read ``'QS'``, ``'td'``, ``'10D'`` (§12).  Raises :class:`CardTextError`."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise CardTextError(
            f"{text!r} is not a card: write the rank ({' '.join(RANKS)}, or 10) "
            f"then the suit (S H D C), e.g. QS or TD"
        )
    return card(RANKS.index(t[0]), SUITS.index(t[1]))


def _pattern_ranks() -> tuple[tuple[int, ...], ...]:
    # Each pattern is its lowest rank followed by the ranks of the pattern without it,
    # which comes earlier in the table: one short tuple join per entry (fast start-up).
    table: list[tuple[int, ...]] = [()]
    for p in range(1, 1 << 13):
        low = p & -p
        table.append((low.bit_length() - 1, *table[p ^ low]))
    return tuple(table)


PATTERN_RANKS = _pattern_ranks()
"""``PATTERN_RANKS[p]`` is the ranks of the 13-bit suit pattern ``p``, low to high: lets the
engines list the cards of a hand suit by suit with one table look-up instead of scanning 52
bits (``PATTERN_RANKS[hand >> 13 * suit & FULL_SUIT]``)."""


def cards_of(hand: Hand) -> list[Card]:
    """The cards of a hand, in card order (spades 2 first, clubs ace last)."""
    out: list[Card] = []
    for s in range(4):
        p = hand >> (13 * s) & FULL_SUIT
        if p:
            base = 13 * s
            out.extend(base + r for r in PATTERN_RANKS[p])
    return out


def mask_of(cards: Iterable[Card]) -> Hand:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def count(hand: Hand) -> int:
    return hand.bit_count()


def highest(hand: Hand) -> Card:
    """The highest card of a non-empty mask (within one suit: the highest rank)."""
    return hand.bit_length() - 1


def lowest(hand: Hand) -> Card:
    return (hand & -hand).bit_length() - 1


def hand_text(hand: Hand) -> str:
    """A hand as §12 texts by suit, high to low: ``'AS KS 2S QH ...'``."""
    return " ".join(card_text(c) for s in range(4) for c in reversed(cards_of(hand & SUIT_MASK[s])))


def parse_hand(text: str) -> Hand:
    """Read a hand written as card texts separated by spaces or commas."""
    m = 0
    for tok in text.replace(",", " ").split():
        c = parse_card(tok)
        if m >> c & 1:
            raise CardTextError(f"{card_text(c)} is written twice")
        m |= 1 << c
    return m
