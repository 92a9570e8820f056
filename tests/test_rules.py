"""One test per rule of RULES.md, named after its §, and the worked scores of §11."""

from __future__ import annotations

import pytest

from helpers import answer_all, deal, hands_with, play_all, play_trick
from trex_core import (
    PRESETS,
    Contract,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    Rules,
    card_text,
    legality,
    observe,
    parse_card,
    parse_move,
)
from trex_core.cards import cards_of
from trex_core.match import check_hands
from trex_core.scoring import places, trex_deal_scores, trick_deal_scores

KH = "king-of-hearts"


def state(m: Match) -> tuple[object, ...]:
    o = observe(m, 0)
    return (m.phase, m.to_move, m.hands, m.trick, m.totals, m.undo_depth, o)


# -- §1 table -------------------------------------------------------------------------


def test_s1_1_ace_high_and_only_the_suit_led_wins() -> None:
    hearts = [card_text(c) for c in range(13, 25)]  # seat 3: no spades, so the A♦ is a discard
    m = deal({0: ["KS"], 1: ["AS"], 2: ["2S"], 3: [*hearts, "AD"]}, "collections", king=0)
    play_all(m, "KS AS 2S AD")
    assert observe(m, 0).tricks[0][2] == 1  # A♠ beats K♠; the A♦ is off-suit


def test_s1_2_thirteen_cards_each_and_one_deck() -> None:
    m = Match.new(seed=3)
    assert [h.bit_count() for h in m.hands] == [13, 13, 13, 13]
    hands = list(m.hands)
    with pytest.raises(ValueError, match="12 cards"):
        check_hands([hands[0] & (hands[0] - 1), *hands[1:]])
    with pytest.raises(ValueError, match="twice"):
        check_hands([hands[0], hands[0], hands[2], hands[3]])


def test_s1_3_counterclockwise_by_default_and_clockwise_option() -> None:
    assert Rules().next_seat(0) == 1 and Rules().next_seat(3) == 0
    cw = Rules(direction="clockwise")
    assert cw.next_seat(0) == 3 and cw.next_seat(1) == 0
    m = deal({}, "collections", king=2, direction="clockwise")
    m.play(m.legal_moves()[0])
    assert m.to_move == 1
    m = deal({}, "collections", king=2)
    m.play(m.legal_moves()[0])
    assert m.to_move == 3


# -- §2 match, kingdoms, the king ----------------------------------------------------


def test_s2_1_a_match_is_four_kingdoms_of_five_deals() -> None:
    m = Match.new(seed=1)
    assert m.deal_count == 20
    kings = []
    while not m.is_over:
        m.play(m.legal_moves()[0])
    for r in m.results:
        kings.append(r.king)
    assert len(m.results) == 20
    assert [r.kingdom for r in m.results] == [k for k in range(4) for _ in range(5)]
    assert len(set(kings)) == 4 and all(kings[5 * k : 5 * k + 5] == [kings[5 * k]] * 5 for k in range(4))


def test_s2_2_each_contract_once_per_kingdom_last_one_forced() -> None:
    m = Match.new(seed=2)
    named = []
    for i in range(4):
        assert m.phase == "choose"
        legal = [str(x) for x in m.legal_moves()]
        assert len(legal) == 5 - i and not set(legal) & set(named)
        choice = legal[-1]
        named.append(choice)
        m.play(choice)
        while m.deal_number == i:
            m.play(m.legal_moves()[0])
    # the fifth contract is forced: no choice to make, it is already named
    assert m.phase != "choose"
    assert m.contract is not None and m.contract.value not in named
    with pytest.raises(IllegalMoveError, match="first name a contract"):
        Match.new(seed=2).play("QS")


def test_s2_2_a_used_contract_is_refused_with_the_reason() -> None:
    m = Match.new(seed=2)
    m.play("trex")
    while m.deal_number == 0:
        m.play(m.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match="already been played"):
        m.play("trex")


def test_s2_3_first_king_holds_the_seven_of_hearts() -> None:
    for seed in range(10):
        m = Match.new(seed=seed)
        assert m.hands[m.king] >> parse_card("7H") & 1


def test_s2_3_a_first_king_who_did_not_hold_the_seven_of_hearts_is_refused() -> None:
    m = Match.new(seed=7)
    other = (m.king + 1) % 4
    with pytest.raises(ValueError, match="holder of 7♥"):
        Match(Rules(), m.dealer, first_king=other)
    assert Match(Rules.preset("western"), m.dealer, first_king=other).king == other


def test_s2_3_option_first_dealer_at_random_is_seeded() -> None:
    kings = {Match.new(seed=s, rules=Rules.preset("western")).king for s in range(30)}
    assert kings == {0, 1, 2, 3}
    assert Match.new(seed=5, rules=Rules.preset("western")).king == Match.new(
        seed=5, rules=Rules.preset("western")
    ).king


def test_s2_4_kingdom_passes_to_the_next_seat_or_right_then_across() -> None:
    assert Rules().kings(1) == (1, 2, 3, 0)
    assert Rules(direction="clockwise").kings(1) == (1, 0, 3, 2)
    assert Rules(kingdom_order="right-then-across").kings(0) == (0, 1, 3, 2)


def test_s2_5_highest_total_wins_and_equal_totals_share() -> None:
    assert places([10, 30, 30, -70]) == [3, 1, 1, 4]
    assert places([0, 0, 0, 0]) == [1, 1, 1, 1]


# -- §3 trick contracts -----------------------------------------------------------------


def test_s3_1_must_follow_suit_and_the_error_says_which_cards() -> None:
    m = deal({0: ["2H"], 1: ["5H", "KH", "3S"]}, "diamonds", king=0)
    m.play("2H")
    before = state(m)
    with pytest.raises(IllegalMoveError, match="must follow ♥") as e:
        m.play("3S")
    assert "K♥" in str(e.value) and "5♥" in str(e.value)
    assert state(m) == before


def test_s3_1_winner_leads_next() -> None:
    m = deal({0: ["2C"], 1: ["AC"]}, "collections", king=0)
    m.play("2C")
    m.play("AC")
    while m.trick:
        m.play(m.legal_moves()[0])
    assert m.to_move == 1 and m.leader == 1


def test_s3_2_no_heart_lead_option() -> None:
    fixed = {0: ["2H", "3S"]}
    m = deal(fixed, KH, king=0)
    answer_all(m)
    m.play("2H")  # allowed by default
    m = deal(fixed, KH, king=0, rules=Rules.preset("pagat"))
    answer_all(m)
    with pytest.raises(IllegalMoveError, match="may not lead a heart"):
        m.play("2H")
    # a leader holding only hearts may lead one
    only_hearts = [card_text(c) for c in range(13, 26)]
    m = deal({0: only_hearts}, KH, king=0, rules=Rules.preset("pagat"))
    answer_all(m)
    m.play("2H")


def test_s3_3_forced_discard_option() -> None:
    spades = [card_text(c) for c in range(0, 12)]  # 2S..KS, seat 1 void in clubs
    fixed = {0: ["2C"], 1: [*spades, "QD"]}
    m = deal(fixed, "queens", king=0, forced_discard=True)
    answer_all(m)
    m.play("2C")
    with pytest.raises(IllegalMoveError, match="no clubs, so you must discard a queen: Q♠ or Q♦"):
        m.play("2S")
    m.play("QD")
    m = deal(fixed, "queens", king=0)
    answer_all(m)
    play_all(m, "2C 2S")  # without the option any card


def test_s3_4_early_end_when_no_penalty_is_left() -> None:
    m = deal({0: ["KH"], 1: ["AH"]}, KH, king=0)
    answer_all(m)
    play_all(m, "KH AH")
    while m.trick:
        m.play(m.legal_moves()[0])
    assert m.is_over and m.results[0].scores == (0, -75, 0, 0)
    assert len(m.results[0].tricks) == 1
    m = deal({0: ["KH"], 1: ["AH"]}, KH, king=0, early_end=False)
    answer_all(m)
    play_all(m, "KH AH")
    while not m.is_over:
        m.play(m.legal_moves()[0])
    assert len(m.results[0].tricks) == 13 and m.results[0].scores == (0, -75, 0, 0)


def test_s3_4_collections_always_plays_thirteen_tricks() -> None:
    m = deal({}, "collections")
    while not m.is_over:
        m.play(m.legal_moves()[0])
    assert len(m.results[0].tricks) == 13


@pytest.mark.parametrize("swap", [False, True])
def test_s3_5_scoring_values_and_the_swap_option(swap: bool) -> None:
    r = Rules(swap_values=swap)
    trick = (0, (parse_card("2D"), parse_card("3D"), parse_card("4D"), parse_card("5S")), 1)
    assert trick_deal_scores(Contract.DIAMONDS, r, [trick], {})[1] == (-45 if swap else -30)
    assert trick_deal_scores(Contract.COLLECTIONS, r, [trick], {})[1] == (-10 if swap else -15)
    q = (0, (parse_card("QD"), parse_card("QS"), parse_card("2S"), parse_card("3S")), 2)
    assert trick_deal_scores(Contract.QUEENS, r, [q], {})[2] == -50


def test_s3_6_taken_cards_are_public_in_the_observation() -> None:
    m = deal({0: ["QS"], 1: ["AS"]}, "queens", king=0)
    answer_all(m)
    play_all(m, "QS AS")
    while m.trick:
        m.play(m.legal_moves()[0])
    for seat in range(4):
        d = observe(m, seat).to_dict()
        assert d["tricks"][0][2] == 1 and "QS" in d["tricks"][0][1]


# -- §4 doubling --------------------------------------------------------------------------


def test_s4_1_only_kh_or_queens_held_can_be_doubled() -> None:
    m = deal({0: ["QS", "QH"], 1: ["KH"]}, "queens", king=0)
    assert sorted(str(x) for x in m.legal_moves()) == sorted(
        ["nodouble", "double:QS", "double:QH", "double:QS,QH"]
    )
    with pytest.raises(IllegalMoveError, match="do not hold Q♦"):
        m.play("double:QD")
    with pytest.raises(IllegalMoveError, match="Only"):
        m.play("double:KH")
    m = deal({0: ["KH"]}, "diamonds", king=0)
    assert m.phase == "play"  # nothing to double in Diamonds
    m = deal({0: ["KH"]}, KH, king=0, doubling=False, redeal=False)
    assert m.phase == "play"


def test_s4_2_answers_are_hidden_until_all_four_have_answered() -> None:
    m = deal({0: ["KH"]}, KH, king=0, redeal=False)
    assert [str(x) for x in m.legal_moves()] == ["nodouble", "double:KH"]
    m.play("double:KH")
    for seat in (1, 2, 3):
        o = observe(m, seat)
        assert o.doubled == () and o.my_answer is None
        assert o.answered[0] and not o.answered[seat]
        assert m.to_move == seat
        m.play("nodouble")
    assert m.phase == "play"
    assert observe(m, 2).doubled == ((parse_card("KH"), 0),)


def _kh_trick(doubler: int | None, cards: str, rules: Rules) -> tuple[int, ...]:
    """One King of Hearts trick led by seat 0, ``cards`` given for seats 0, 1, 2, 3."""
    trick = dict(enumerate(cards.split()))
    m = deal({s: [c] for s, c in trick.items()}, KH, king=0, rules=rules, redeal=False)
    answer_all(m, {doubler: "double:KH"} if doubler is not None else {})
    play_trick(m, trick)
    assert m.is_over
    return m.results[0].scores


def test_s11_1_king_of_hearts_no_doubling_seat_2_takes() -> None:
    assert _kh_trick(None, "QH KH AH 2H", Rules()) == (0, 0, -75, 0)


def test_s4_3_s11_2_doubled_kh_taken_by_another() -> None:
    for preset in ("levant", "western", "jawaker"):
        assert _kh_trick(1, "QH KH 3H AH", Rules.preset(preset)) == (0, 75, 0, -150)


def test_s4_4_s11_3_doubler_takes_his_own_kh() -> None:
    assert _kh_trick(1, "2H KH 3H 4H", Rules.preset("levant")) == (0, -75, 0, 0)
    assert _kh_trick(1, "2H KH 3H 4H", Rules.preset("western")) == (0, -75, 0, 0)
    assert _kh_trick(1, "2H KH 3H 4H", Rules.preset("jawaker")) == (75, -150, 0, 0)


def test_s4_3_s11_2_under_pagat() -> None:
    pagat = Rules.preset("pagat", redeal=False)
    # Seat 1, void in spades, discards the doubled K♥.  (§11.3 cannot arise on the first
    # trick under pagat: a heart lead needs an all-heart hand, and K♥ is seat 1's.)
    m = deal({0: ["2S"], 1: ["KH", *[card_text(c) for c in range(26, 38)]], 3: ["AS"]}, KH, rules=pagat)
    answer_all(m, {1: "double:KH"})
    m.play("2S")
    m.play("KH")
    while m.trick:
        m.play(m.legal_moves()[0])
    assert m.results[0].scores == (0, 75, 0, -150)


def test_s4_4_jawaker_doubler_leading_his_own_capture_nets_the_plain_loss() -> None:
    assert _kh_trick(0, "KH 2H 3H 4H", Rules.preset("jawaker")) == (-75, 0, 0, 0)


def test_s4_5_s11_4_queens_worked_score() -> None:
    fixed = {
        0: ["QS", "QH", "QD", "QC"],
        1: ["2S", "4H", "3D", "2C"],
        2: ["AS", "AH", "2D", "3C"],
        3: ["3S", "3H", "AD", "AC"],
    }
    for preset in PRESETS:
        m = deal(fixed, "queens", king=0, rules=Rules.preset(preset))
        answer_all(m, {0: "double:QS"})
        for t in ("QS 2S AS 3S", "QH 4H AH 3H", "QD 3D 2D AD", "QC 2C 3C AC"):
            play_trick(m, dict(enumerate(t.split())))
        assert m.is_over
        assert m.results[0].scores == (25, 0, -75, -50)
        assert sum(m.results[0].scores) == -100


# -- §5 redeal ---------------------------------------------------------------------------

SPADES_AND_KH = [card_text(c) for c in range(0, 12)] + ["KH"]


def test_s5_1_a_lone_kh_or_kh_ah_may_claim_and_shows_his_hand() -> None:
    m = deal({1: SPADES_AND_KH}, KH, king=0)
    play_all(m, "nodouble")
    assert "redeal" in [str(x) for x in m.legal_moves()]
    m.play("redeal")
    assert observe(m, 3).redeals == ()  # hidden until all have answered
    play_all(m, "nodouble nodouble")
    shown = observe(m, 3).redeals
    assert shown and shown[0][0] == 1
    assert cards_of(shown[0][1]) == sorted(parse_card(t) for t in SPADES_AND_KH)
    m2 = deal({1: [*SPADES_AND_KH[:11], "AH", "KH"]}, KH, king=0)
    m2.play("nodouble")
    assert "redeal" in [str(x) for x in m2.legal_moves()]
    m3 = deal({1: [*SPADES_AND_KH[:11], "QH", "KH"]}, KH, king=0)
    m3.play("nodouble")
    assert "redeal" not in [str(x) for x in m3.legal_moves()]
    with pytest.raises(IllegalMoveError, match="only heart"):
        m3.play("redeal")


def test_s5_2_same_king_deals_again_and_names_another_contract() -> None:
    m = deal({1: SPADES_AND_KH}, KH, king=0)
    play_all(m, "nodouble redeal nodouble nodouble")
    assert m.phase == "choose" and m.king == 0 and m.deal_number == 0
    assert KH not in [str(x) for x in m.legal_moves()]
    with pytest.raises(IllegalMoveError, match="other than King of Hearts"):
        m.play(KH)
    assert m.hands != tuple(hands_with({1: SPADES_AND_KH}))
    m = deal({1: SPADES_AND_KH}, KH, king=0, redeal_any_contract=True)
    play_all(m, "nodouble redeal nodouble nodouble")
    assert KH in [str(x) for x in m.legal_moves()]


def test_s5_2_kh_stays_unused_for_later_in_a_match() -> None:
    for seed in range(400):
        m = Match.new(seed=seed)
        m.play(KH)
        while m.phase == "announce":
            legal = [str(x) for x in m.legal_moves()]
            m.play("redeal" if "redeal" in legal else "nodouble")
        if m.phase == "choose":
            break
    else:
        pytest.fail("no seed with a redeal")
    m.play("queens")
    while m.deal_number == 0:
        m.play(m.legal_moves()[0])
    assert KH in [str(x) for x in m.legal_moves()]


def test_s5_3_no_redeal_when_kh_is_last_in_partnership_or_off() -> None:
    m = deal({1: SPADES_AND_KH}, KH, king=0, partnership=True)
    m.play("nodouble")
    assert "redeal" not in [str(x) for x in m.legal_moves()]
    with pytest.raises(IllegalMoveError, match="partnership"):
        m.play("redeal")
    m = deal({1: SPADES_AND_KH}, KH, king=0, redeal=False)
    m.play("nodouble")
    assert "redeal" not in [str(x) for x in m.legal_moves()]
    # King of Hearts as the king's last contract: play a kingdom's other four first
    m = Match.new(seed=3)
    for c in ("queens", "diamonds", "collections", "trex"):
        m.play(c)
        while m.phase != "choose" and m.contract is not Contract.KING_OF_HEARTS:
            m.play(m.legal_moves()[0])
    assert m.contract is Contract.KING_OF_HEARTS and m.phase == "announce"  # forced
    for _ in range(4):
        assert "redeal" not in [str(x) for x in m.legal_moves()]
        m.play("nodouble")
    assert m.phase == "play"


# -- §6 Trex ---------------------------------------------------------------------------


def test_s6_1_only_a_jack_opens_a_row_and_rows_grow_one_card_at_a_time() -> None:
    m = deal({0: ["JS", "TS", "8S", "QD"], 1: ["9S", "9H"], 2: ["QS"]}, "trex", king=0)
    with pytest.raises(IllegalMoveError, match="only the J♦ can open"):
        m.play("QD")
    m.play("JS")
    assert m.layout[0] == (9, 9)
    with pytest.raises(IllegalMoveError, match="♥ row is not open"):
        m.play("9H")
    with pytest.raises(IllegalMoveError, match="only 10♠ or Q♠"):
        m.play("9S")
    assert "TS" not in [str(x) for x in m.legal_moves()]  # seat 1 is to move, not seat 0
    assert "9S" not in [str(x) for x in m.legal_moves()]


def test_s6_1_rows_stop_at_the_ace_and_the_two() -> None:
    spades = [card_text(c) for c in range(13)]
    m = deal({0: spades}, "trex", king=0)
    m.play("JS")
    seen = {9}
    while m.hands[0]:
        if m.to_move == 0:
            lo, hi = m.layout[0]  # type: ignore[misc]
            legal = {parse_card(str(x)) for x in m.legal_moves()}
            assert legal == {c for c in (lo - 1, hi + 1) if 0 <= c <= 12}
        m.play(m.legal_moves()[-1])
        if m.layout[0]:
            seen |= set(range(m.layout[0][0], m.layout[0][1] + 1))
    assert seen == set(range(13))


def test_s6_2_must_play_when_able_pass_only_when_not() -> None:
    m = deal({0: ["JS"]}, "trex", king=0)
    with pytest.raises(IllegalMoveError, match="may not pass"):
        m.play("pass")
    no_jack = [card_text(c) for c in range(52) if c % 13 != 9][:13]
    m = deal({0: no_jack}, "trex", king=0)
    assert [str(x) for x in m.legal_moves()] == ["pass"]  # a king without a jack passes
    m.play("pass")
    assert observe(m, 2).passes == ((0, 0),)  # §6.5: public


def test_s6_3_s6_4_places_and_the_layout_never_locks() -> None:
    for seed in range(40):
        m = Match.new(seed=seed)
        m.play("trex")
        while not m.results:
            seat = m.to_move
            assert seat is not None and m.hands[seat]  # an empty hand is skipped
            legal = m.legal_moves()
            if str(legal[0]) == "pass":
                # §6.4: somebody holds a playable card
                playable = legality.layout_playable(m.state.lo, m.state.hi)
                assert any(h & playable for h in m.hands)
            m.play(legal[-1])
        r = m.results[0]
        assert sorted(r.scores) == [50, 100, 150, 200]
        assert trex_deal_scores(r.out_order) == list(r.scores)


def test_s11_5_trex_places_in_the_order_2_0_3_then_1() -> None:
    assert trex_deal_scores([2, 0, 3, 1]) == [150, 50, 200, 100]
    for seed in range(500):
        m = Match.new(seed=seed)
        m.play("trex")
        while not m.results:
            m.play(m.legal_moves()[0])
        if m.results[0].out_order == (2, 0, 3, 1):
            assert m.results[0].scores == (150, 50, 200, 100)
            return
    pytest.fail("no deal with that order")


# -- §7 totals ----------------------------------------------------------------------------


def test_s7_deal_totals_and_zero_sum_kingdoms() -> None:
    totals = {
        Contract.KING_OF_HEARTS: -75, Contract.QUEENS: -100, Contract.DIAMONDS: -130,
        Contract.COLLECTIONS: -195, Contract.TREX: 500, Contract.COMPLEX: -500,
    }
    for complex_ in (False, True):
        m = Match.new(seed=11, complex=complex_)
        while not m.is_over:
            m.play(m.legal_moves()[len(m.legal_moves()) // 2])
        for r in m.results:
            assert sum(r.scores) == totals[r.contract]
        per = m.rules.deals_per_kingdom
        for k in range(4):
            assert sum(sum(r.scores) for r in m.results[k * per : (k + 1) * per]) == 0
        assert sum(m.totals) == 0


# -- §8 partnership --------------------------------------------------------------------


def test_s8_1_partners_sit_opposite_and_teams_sum() -> None:
    m = Match.new(seed=4, partnership=True)
    while not m.is_over:
        m.play(m.legal_moves()[0])
    t = m.totals
    assert m.team_totals() == (t[0] + t[2], t[1] + t[3])
    assert Rules.partner(0) == 2 and Rules.partner(3) == 1
    p = m.places()
    assert p[0] == p[2] and p[1] == p[3]


def test_s8_2_twos_are_laid_face_up_after_four_trex_turns() -> None:
    m = deal({0: ["JS", "2S"], 1: ["2H"]}, "trex", king=0, partnership=True)
    for _ in range(4):
        assert observe(m, 2).shown_twos == (0, 0, 0, 0)
        m.play(m.legal_moves()[0])
    shown = observe(m, 2).shown_twos
    assert shown[0] >> parse_card("2S") & 1 and shown[1] >> parse_card("2H") & 1
    m2 = deal({0: ["JS", "2S"]}, "trex", king=0)
    for _ in range(4):
        m2.play(m2.legal_moves()[0])
    assert observe(m2, 2).shown_twos == (0, 0, 0, 0)


# -- §9 Complex --------------------------------------------------------------------------


def test_s9_1_complex_kingdoms_are_trex_and_complex() -> None:
    m = Match.new(seed=5, complex=True)
    assert m.deal_count == 8
    assert sorted(str(x) for x in m.legal_moves()) == ["complex", "trex"]
    while not m.is_over:
        m.play(m.legal_moves()[0])
    assert [r.contract for r in m.results].count(Contract.COMPLEX) == 4


def test_s9_2_s11_6_complex_charges_everything_at_once() -> None:
    r = Rules(complex=True)
    trick = (0, tuple(parse_card(t) for t in ("3D", "KH", "QD", "AD")), 3)
    assert trick_deal_scores(Contract.COMPLEX, r, [trick], {})[3] == -145
    no_diamonds = [card_text(c) for c in range(52) if c // 13 != 2 and c != parse_card("KH")][:12]
    m = deal({0: ["3D"], 1: [*no_diamonds, "KH"], 2: ["QD"], 3: ["AD"]}, "complex", king=0, complex=True)
    answer_all(m)
    play_all(m, "3D KH QD AD")
    assert observe(m, 0).deal_scores == (0, 0, 0, -145)
    while not m.is_over:
        m.play(m.legal_moves()[0])
    assert len(m.results[0].tricks) == 13 and sum(m.results[0].scores) == -500


def test_s9_2_complex_doubling_of_kh_and_queens() -> None:
    m = deal({0: ["KH", "QS"]}, "complex", king=0, complex=True)
    assert "double:QS,KH" in [str(x) for x in m.legal_moves()]


# -- §10 presets ---------------------------------------------------------------------------


def test_s10_presets() -> None:
    assert Rules.preset("levant") == Rules()
    w = Rules.preset("western")
    assert w.direction == "clockwise" and w.first_king == "random-dealer"
    assert Rules.preset("jawaker").self_capture == "jawaker"
    p = Rules.preset("pagat")
    assert p.self_capture == "jawaker" and p.no_heart_lead
    assert Rules.preset("pagat", partnership=True, complex=True).preset_name == "pagat"
    with pytest.raises(ValueError, match="unknown preset"):
        Rules.preset("vegas")
    with pytest.raises(ValueError, match="unknown rule option"):
        Rules().replace(trumps=True)
    with pytest.raises(ValueError, match="direction"):
        Rules(direction="sideways")


# -- §12 card and move text -----------------------------------------------------------


def test_s12_card_and_move_texts() -> None:
    assert card_text(parse_card("QS")) == "QS"
    assert parse_card("10D") == parse_card("TD") == parse_card("td")
    for t in ("QS", "pass", "queens", KH, "trex", "complex", "double:QS,QH", "nodouble", "redeal"):
        assert str(parse_move(t)) == t
    assert str(parse_move("double:QH,QS")) == "double:QS,QH"
    for bad in ("QX", "1S", "", "double:QZ", "kings", "11H"):
        with pytest.raises(InvalidMoveError):
            parse_move(bad)


def test_s12_only_the_two_move_errors_escape_play() -> None:
    from trex_core import Move

    m = Match.new(seed=9)
    before = state(m)
    for bad in (Move("card"), Move("card", card=60), Move("double", cards=1 << 60), 12, None):
        with pytest.raises(InvalidMoveError):
            m.play(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="no seat 7"):
        m.play("queens", seat=7)
    with pytest.raises(IllegalMoveError, match="negative"):
        m.undo(-1)
    with pytest.raises(ValueError, match="unknown contract 'kh'"):
        Match.deal(list(m.hands), king=0, contract="kh")
    assert state(m) == before


def test_s12_bad_text_and_illegal_move_are_distinct_errors_and_change_nothing() -> None:
    m = Match.new(seed=9)
    before = state(m)
    with pytest.raises(InvalidMoveError, match="not a move"):
        m.play("Q-spades")
    with pytest.raises(IllegalMoveError):
        m.play("QS")
    assert not issubclass(InvalidMoveError, IllegalMoveError)
    assert state(m) == before
