"""The shared rules of play on plain ints (trex_core.tricks), named after their § of RULES.md.
That ``Match`` and the fast path agree is tests/test_fast.py; these check the rules themselves."""

from __future__ import annotations

import pytest

from trex_core import Contract, Rules, parse_card, parse_hand
from trex_core.cards import DIAMONDS, KING_OF_HEARTS, QUEENS, QUEENS_MASK, SUIT_MASK
from trex_core.tricks import (
    DOUBLE_VALUES,
    LEAD,
    TREX_PLACES,
    double_payee,
    early_end,
    ended_early,
    legal_in_trick,
    trex_order,
    trex_scores,
    trick_obligation,
    trick_obligations,
    trick_winner,
    winning_index,
)


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


# -- who may play what ------------------------------------------------------------------------

HAND = parse_hand("AS 5S KH 2H QD 3C")
SPADES, HEARTS, DIAMONDS_LED, CLUBS = range(4)


def legal(led: int, contract: Contract = Contract.QUEENS, **options: object) -> int:
    return legal_in_trick(HAND, trick_obligation(led, contract, Rules().replace(**options)))


def test_s3_1_follow_the_suit_led_if_you_can() -> None:
    assert legal(SPADES) == parse_hand("AS 5S")
    assert legal(CLUBS) == parse_hand("3C")


def test_s3_1_void_in_the_suit_led_any_card() -> None:
    void = HAND & ~SUIT_MASK[SPADES]
    assert legal_in_trick(void, trick_obligation(SPADES, Contract.QUEENS, Rules())) == void


def test_s3_1_s3_2_any_lead_unless_no_heart_lead_in_king_of_hearts() -> None:
    assert legal(LEAD) == HAND
    assert legal(LEAD, Contract.KING_OF_HEARTS) == HAND
    assert legal(LEAD, Contract.KING_OF_HEARTS, no_heart_lead=True) == HAND & ~SUIT_MASK[HEARTS]
    assert legal(LEAD, Contract.QUEENS, no_heart_lead=True) == HAND  # only King of Hearts
    hearts = parse_hand("KH 2H")  # only hearts left: a heart may be led
    rule = trick_obligation(LEAD, Contract.KING_OF_HEARTS, Rules(no_heart_lead=True))
    assert legal_in_trick(hearts, rule) == hearts


@pytest.mark.parametrize(("contract", "forced"), [
    (Contract.KING_OF_HEARTS, 1 << KING_OF_HEARTS),
    (Contract.QUEENS, QUEENS_MASK),
    (Contract.DIAMONDS, SUIT_MASK[DIAMONDS]),
    (Contract.COLLECTIONS, 0),
])
def test_s3_3_forced_discard_option_when_void(contract: Contract, forced: int) -> None:
    void = HAND & ~SUIT_MASK[SPADES]
    rule = trick_obligation(SPADES, contract, Rules(forced_discard=True))
    assert legal_in_trick(void, rule) == (void & forced or void)
    assert legal_in_trick(HAND, rule) == parse_hand("AS 5S")  # following comes first
    assert legal_in_trick(void, trick_obligation(SPADES, contract, Rules())) == void  # option off


def test_s3_1_s3_3_the_table_is_the_rule_for_every_suit_led() -> None:
    rules = Rules(forced_discard=True, no_heart_lead=True)
    for contract in (Contract.KING_OF_HEARTS, Contract.QUEENS, Contract.DIAMONDS):
        must = trick_obligations(contract, rules)
        assert must[LEAD] == trick_obligation(LEAD, contract, rules)
        assert [must[led] for led in range(4)] == [trick_obligation(led, contract, rules) for led in range(4)]


# -- early end ----------------------------------------------------------------------------------


def test_s3_4_early_end_in_king_of_hearts_queens_diamonds_with_the_option() -> None:
    for contract in (Contract.KING_OF_HEARTS, Contract.QUEENS, Contract.DIAMONDS):
        assert early_end(contract, Rules())
        assert not early_end(contract, Rules(early_end=False))
    assert not early_end(Contract.COLLECTIONS, Rules())


def test_s9_2_complex_plays_all_thirteen_tricks() -> None:
    assert not early_end(Contract.COMPLEX, Rules(complex=True))


def test_s3_4_the_deal_stops_when_every_penalty_card_is_taken() -> None:
    queens = QUEENS_MASK
    three = queens & (queens - 1)
    assert ended_early(queens | parse_hand("AS 2C"), queens, early=True)
    assert not ended_early(three, queens, early=True)
    assert not ended_early(queens, queens, early=False)


# -- what a doubled card pays ----------------------------------------------------------------


def test_s4_3_a_doubled_card_taken_by_another_pays_the_doubler() -> None:
    assert double_payee(doubler=2, winner=0, leader=0, jawaker=False) == 2
    assert double_payee(doubler=2, winner=0, leader=3, jawaker=True) == 2
    assert len(DOUBLE_VALUES) == 5 and DOUBLE_VALUES[KING_OF_HEARTS] == 75
    assert all(DOUBLE_VALUES[q] == 25 for q in QUEENS)


def test_s4_4_the_doubler_taking_his_own_card_pays_nobody_or_the_leader() -> None:
    assert double_payee(doubler=1, winner=1, leader=3, jawaker=False) == -1  # plain: normal value
    assert double_payee(doubler=1, winner=1, leader=3, jawaker=True) == 3  # jawaker: the leader


# -- Trex places ---------------------------------------------------------------------------------


def test_s6_3_places_score_200_150_100_50_and_the_fourth_is_last() -> None:
    assert TREX_PLACES == (200, 150, 100, 50)
    hands = [0, 1 << 5, 0, 0]  # seat 1 still holds a card
    assert trex_order([2, 0, 3], hands) == [2, 0, 3, 1]
    assert trex_scores([2, 0, 3], hands) == [150, 50, 200, 100]
    assert trex_order([2], [0, 1, 1, 1]) == [2]  # under way: only those out so far
    assert trex_scores([2], [0, 1, 1, 1]) == [0, 0, 200, 0]
