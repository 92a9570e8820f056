"""The shared rules of play on plain ints (trex_core.tricks), named after their § of RULES.md.
That ``Match`` and the fast path agree is tests/test_fast.py; these check the rules themselves."""

from __future__ import annotations

import pytest

from trex_core import Rules, parse_card
from trex_core.tricks import trick_winner, winning_index


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


COUNTERCLOCKWISE = tuple(Rules().next_seat(s) for s in range(4))
CLOCKWISE = tuple(Rules(direction="clockwise").next_seat(s) for s in range(4))


@pytest.mark.parametrize(("trick", "index"), [
    ("KS AS 2S AD", 1),  # ace high; an off-suit ace takes nothing
    ("2S AH AD AC", 0),  # no trumps: every other card is off-suit
    ("TD JD 3D QD", 3),
    ("9C", 0),  # the lead alone is winning so far
    ("5H 7H 2C", 1),  # an unfinished trick: the card winning so far
])
def test_s3_1_s1_1_the_highest_card_of_the_suit_led_wins(trick: str, index: int) -> None:
    assert winning_index(cards(trick)) == index


def test_s3_1_s1_3_the_winner_is_counted_round_the_table_from_the_leader() -> None:
    trick = cards("KS AS 2S AD")  # the second card wins
    assert trick_winner(trick, 3, COUNTERCLOCKWISE) == 0
    assert trick_winner(trick, 3, CLOCKWISE) == 2
    assert trick_winner(cards("2S 3S AS"), 1, COUNTERCLOCKWISE) == 3
    assert trick_winner(cards("2S 3S AS"), 1, CLOCKWISE) == 3
    assert trick_winner(cards("AS"), 2, CLOCKWISE) == 2
