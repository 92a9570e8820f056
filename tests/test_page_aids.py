"""The player aids' rules (web/trexui/aids/advice.py, the deal review web/trexui/aids/dealreview.py) and
the hard search's per-move values (trex_core/bots/thinking.py ``Thought.values``/``candidate``/
``value``), in CPython."""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

from trex_core import (
    DEAL_OVER,
    Contract,
    Match,
    Observation,
    cards_of,
    observe,
    parse_card,
    parse_hand,
    parse_move,
)
from trex_core.bots import get_bot
from trex_core.bots.search import distinct_cards
from trex_core.moves import NO_DOUBLE, double_move

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from trexui.aids import advice as aids  # noqa: E402
from trexui.aids import dealreview
from trexui.i18n import strings  # noqa: E402


def played_on(seed: int, moves: int) -> Match:
    """A match with ``moves`` moves made by the medium bots (seeded)."""
    m = Match.new(seed=seed)
    bot = get_bot("medium")
    while len(m.history) < moves:
        seat = m.to_move
        m.play("next" if seat is None else bot.choose(observe(m, seat), random.Random(len(m.history))))
    return m


def my_card_turn(seed: int, contract_trex: bool = False) -> Match:
    """Play on until seat 0 has a choice of cards (in Trex or in a trick contract)."""
    m = Match.new(seed=seed)
    bot = get_bot("medium")
    while True:
        seat = m.to_move
        if seat == 0 and m.phase == "play" and len(m.legal_moves()) > 1 and \
                (m.contract is not None and (m.contract.value == "trex") == contract_trex):
            return m
        m.play("next" if seat is None else bot.choose(observe(m, seat), random.Random(len(m.history))))


# -- the search's values (thinking.py) ----------------------------------------------------
def test_thought_values_name_every_candidate_and_agree_with_the_choice() -> None:
    m = my_card_turn(5)
    obs = observe(m, 0)
    bot = get_bot("hard", samples=24)
    thought = bot.think(obs, random.Random(1))
    best = thought.finish()
    values = thought.values()
    assert set(values) == set(thought.candidates) and best in values
    ref = thought.candidates[thought.tally.ref]
    assert values[ref] == 0.0  # gains are over the reference (the medium policy's card)
    assert values[best] >= max(values.values()) - 1e-9 or best == ref  # the guarded choice
    assert best == bot.choose(obs, random.Random(1))  # the same samples, the same move
    # every legal card has its candidate: itself or its equivalent's
    for move in obs.legal:
        c = thought.candidate(move)
        assert c is not None and c.card // 13 == move.card // 13 and c.card >= move.card


def test_equivalent_cards_share_a_candidate() -> None:
    # 9♠ and 10♠ with 10♠ ... : the 9 and 10 of spades in hand and the cards between gone
    legal = (1 << 7) | (1 << 8)  # 9S, TS (spades are 0..12)
    cands = distinct_cards(legal, legal, 0, tuple([0] * 52))
    assert cands == [8]


def test_a_thought_without_a_search_has_no_values() -> None:
    m = Match.new(seed=3)
    while m.to_move != 0 or m.phase != "choose":
        m.play(get_bot("medium").choose(observe(m, m.to_move), random.Random(0)))
    thought = get_bot("hard", samples=4).think(observe(m, 0), random.Random(0))
    assert thought.values() == {} and thought.candidate(thought.move()) is None


# -- hint --------------------------------------------------------------------------------
@pytest.mark.parametrize("trex", [False, True])
def test_the_hint_is_the_hard_bots_seeded_move(trex: bool) -> None:
    m = my_card_turn(9, contract_trex=trex)
    hint = aids.hint_move(m, 9)
    assert hint in m.legal_moves()
    want = get_bot("hard", samples=aids.AID_SAMPLES).choose(observe(m, 0), aids.aid_rng(9, len(m.history)))
    assert hint == want
    assert aids.hint_move(m, 9) == hint  # seeded: the same again


def test_every_hint_has_a_reason_in_every_language() -> None:
    m = my_card_turn(4)
    obs = observe(m, 0)
    for lang in strings.LANGUAGES:
        strings.set_language(lang)
        try:
            for move in obs.legal:
                text = aids.hint_text(obs, str(move))
                assert text and "{" not in text and "aid." not in text
        finally:
            strings.set_language("en")


def base_obs(contract: str, hand: list[str], trick: list[tuple[int, str]], legal: list[str] | None = None,
             tricks: list[tuple[int, list[str], int]] | None = None) -> Observation:
    """A position for the reasons: seat 0 in ``contract`` holding ``hand``, with ``trick``
    on the table and ``tricks`` taken; the rest as a first deal's observation has it."""
    return dataclasses.replace(
        observe(Match.new(seed=1), 0), phase="play", contract=Contract(contract),
        hand=parse_hand(" ".join(hand)), trick=tuple((s, parse_card(c)) for s, c in trick),
        tricks=tuple((ld, tuple(parse_card(c) for c in cs), w) for ld, cs, w in tricks or []),
        legal=tuple(parse_move(m) for m in (legal if legal is not None else hand)), layout=(None,) * 4)


def test_trick_reasons_per_kind() -> None:
    # duck under the K♥ trick's best while the penalty (K♥) is still out: king of hearts (§3.1)
    obs = base_obs("king-of-hearts", ["5H", "AH"], [(1, "QH")])
    assert aids.reason(obs, "5H") == "Duck: K\u2665 is still out and you can stay under the Q\u2665."
    # nothing left to fear in the suit: plain duck
    obs = base_obs("queens", ["5C", "AC"], [(1, "TC")], tricks=[(1, ["QC", "2C", "3C", "4C"], 1)])
    assert aids.reason(obs, "5C") == "Duck: you can stay under the 10\u2663."
    # void: discard the penalty card
    obs = base_obs("queens", ["QS", "2D"], [(1, "TC")])
    assert aids.reason(obs, "QS").startswith("You have no clubs: get rid of Q\u2660")
    # last to play on a clean trick
    obs = base_obs("diamonds", ["AC", "2C"], [(1, "TC"), (2, "3C"), (3, "4C")])
    assert aids.reason(obs, "AC") == "Take it: the trick holds no penalty card and you play last."
    # a lead in a suit with no penalty card left
    obs = base_obs("king-of-hearts", ["2S", "9H"], [])
    assert aids.reason(obs, "2S") == "Lead spades: no penalty card of that suit is left to take."
    # a low lead where the penalty is still out
    obs = base_obs("queens", ["2S", "AS"], [])
    assert aids.reason(obs, "2S").startswith("Lead low: with 2\u2660")


def test_a_forced_card_is_called_forced() -> None:
    """With one card you may play, the hint said "The strongest bot expects this to
    cost you the least"; it says the card is the only one (in a trick and in Trex)."""
    obs = base_obs("queens", ["5C", "AH"], [(1, "TC")], legal=["5C"])
    assert aids.reason(obs, "5C") == "5\u2663 is the only card you may play."
    obs = base_obs("trex", ["9S", "3D"], [], legal=["9S", "pass"])
    assert "only card" not in aids.reason(obs, "9S")
    obs = base_obs("trex", ["TS", "3D"], [], legal=["TS"])
    assert aids.reason(obs, "TS") == "10\u2660 is the only card you may play."


def test_taking_a_trick_is_not_promised_while_a_later_player_can_beat_it() -> None:
    """"take the trick with 10♠" while a player after you could still play a higher
    spade. Second to play with J♠ over the 10♠ (Q♠ K♠ unseen): it may still be beaten; with
    the A♠ above every unseen spade, or playing last, the trick is yours."""
    obs = base_obs("queens", ["JS", "AS", "2D"], [(1, "TS")])
    why = aids.reason(obs, "JS")
    assert why.startswith("You cannot stay under the 10\u2660: play J\u2660") and "may still beat it" in why
    obs = base_obs("queens", ["KS", "AS", "2D"], [(1, "TS")], tricks=[(1, ["QS", "2S", "3S", "4S"], 1)])
    assert aids.reason(obs, "KS") == ("You cannot stay under the 10\u2660: take the trick with K\u2660 "
                                      "and keep your other cards.")
    obs = base_obs("queens", ["KS", "AS"], [(1, "QS"), (2, "2S"), (3, "3S")])
    assert aids.reason(obs, "KS").startswith("You cannot stay under the Q\u2660: take the trick with K\u2660")


def test_trex_reasons_per_kind() -> None:
    obs = base_obs("trex", ["JS", "QS", "3D"], [], legal=["JS", "JD"])
    assert aids.reason(obs, "JS") == "Lay J\u2660: it opens the row for your Q\u2660."
    obs = base_obs("trex", ["QS", "KS", "3D"], [], legal=["QS", "JD"])
    assert aids.reason(obs, "QS") == "Lay Q\u2660: you also hold K\u2660, so that row stays yours."
    obs = base_obs("trex", ["9S", "3D"], [], legal=["9S", "JH"])
    assert aids.reason(obs, "9S").startswith("Keep J\u2665 back")
    forced = base_obs("trex", ["2S"], [], legal=["pass"])
    assert aids.reason(forced, "pass") == "No card of yours fits the layout: pass."


# -- undo and the deal's decisions ---------------------------------------------------------
def test_undo_goes_back_to_your_previous_decision_within_the_deal() -> None:
    m = my_card_turn(6)
    m.play(m.legal_moves()[0])
    bot = get_bot("medium")
    while m.to_move != 0:
        m.play(bot.choose(observe(m, m.to_move), random.Random(len(m.history))))
    before_history = m.history
    decided = [n for n, _o, _mv in aids.decisions(m)]
    assert m.history == before_history, "finding the decisions leaves the match as it was"
    k = aids.undo_steps(m)
    assert k > 1  # your card and the bots' replies
    m.undo(k)
    assert m.to_move == 0 and len(m.history) == decided[-1]
    assert list(m.history) == list(before_history[:len(m.history)])


def test_no_undo_past_the_deal_or_after_it() -> None:
    m = played_on(2, 0)
    assert aids.undo_steps(m) == 0  # nothing made yet
    bot = get_bot("medium")
    while m.phase != "deal-over":
        m.play(bot.choose(observe(m, m.to_move), random.Random(len(m.history))))
    assert aids.undo_steps(m) == 0  # a finished deal is final
    m.play("next")
    start = len(m.history)
    assert aids.deal_start(m) == start
    while m.to_move != 0:
        m.play(bot.choose(observe(m, m.to_move), random.Random(len(m.history))))
    assert aids.undo_steps(m) == 0 or len(m.history) - aids.undo_steps(m) >= start


def test_review_item_prices_the_difference_from_the_samples() -> None:
    m = my_card_turn(12)
    obs = observe(m, 0)
    thought = aids.think(obs, 12, len(m.history))
    best = thought.finish()
    values = thought.values()
    other = next((mv for mv in obs.legal if thought.candidate(mv) != thought.candidate(best)), None)
    assert dealreview.review_item(len(m.history), obs, best, thought) is None
    if other is not None:
        item = dealreview.review_item(len(m.history), obs, other, thought)
        assert item is not None and item["best"] == str(best) and item["played"] == str(other)
        assert item["phase"] == "play"
        assert item["cost"] == round(values[thought.candidate(best)] - values[thought.candidate(other)], 1)
        assert item["hand"] == obs.to_dict()["hand"]


# -- the review of the king's contract (§2.2) and the doubling answer (§4.1, §4.2) ----------
HARD = get_bot("hard", samples=aids.AID_SAMPLES)  # the aids' bot, asked here on its own
KING_SEED = 30
"""Seat 0 holds the 7♥, so is the first king (§2.3), with K♥ (four hearts: no redeal, §5.1)
and Q♠; the hard bot names King of Hearts and doubles what it holds (checked below)."""


def king_deal(seed: int, contract: str, answer: str | None = None) -> Match:
    """The first deal of ``seed`` with seat 0 its king (§2.3): seat 0 names ``contract``, gives
    the doubling ``answer`` (None: the aids' hard bot's) and plays every card as the aids' hard
    bot (the hint); the others are medium bots. Played to the deal's end."""
    m = Match.new(seed=seed)
    assert m.to_move == 0 and m.phase == "choose"
    m.play(contract)
    medium = get_bot("medium")
    while m.phase != DEAL_OVER:
        seat = m.to_move
        if seat != 0:
            m.play(medium.choose(observe(m, seat), random.Random(len(m.history))))
        elif m.phase == "announce" and answer is not None:
            m.play(answer)
        else:
            m.play(aids.hint_move(m, seed))
    return m


def hard_answer(seed: int, contract: str) -> tuple[str, dict[str, float]]:
    """The hard bot's own seeded doubling answer as the first king of ``seed`` after naming
    ``contract`` (the king answers first, §4.2: move number 1), and its values."""
    m = Match.new(seed=seed)
    m.play(contract)
    thought = HARD.think(observe(m, 0), aids.aid_rng(seed, 1))
    move = thought.finish()
    assert move == HARD.choose(observe(m, 0), aids.aid_rng(seed, 1))
    return str(move), {str(k): v for k, v in thought.values().items()}


def test_review_lists_the_kings_contract_s2_2_and_doubling_s4_1_where_the_hard_bot_differs() -> None:
    start = Match.new(seed=KING_SEED)
    contract = str(HARD.choose(observe(start, 0), aids.aid_rng(KING_SEED, 0)))
    assert contract == "king-of-hearts"  # the seed's premise: queens differs
    answer, values = hard_answer(KING_SEED, "queens")
    assert answer == "double:QS" and values["double:QS"] > 0  # §4.1: Q♠ is the queen held
    m = king_deal(KING_SEED, "queens", "nodouble")
    items = dealreview.review_deal(m, KING_SEED)
    # exactly the two decisions, in order; the cards were the bot's own, so none is listed
    assert [(it["n"], it["phase"], it["played"], it["best"], it["cost"]) for it in items] == [
        (0, "choose", "queens", contract, None),  # the choice model's numbers are no expected score
        (1, "announce", "nodouble", answer, round(values[answer] - values["nodouble"], 1)),
    ]
    assert items[0]["open"] == ["king-of-hearts", "queens", "diamonds", "collections", "trex"]
    assert dealreview.review_deal(m, KING_SEED) == items  # seeded: the same verdicts again


def test_review_lists_no_contract_s2_2_or_doubling_s4_1_where_the_hard_bot_agrees() -> None:
    answer, _values = hard_answer(KING_SEED, "king-of-hearts")
    assert answer == "double:KH"
    m = king_deal(KING_SEED, "king-of-hearts", answer)
    assert [obs.phase for _n, obs, _mv in dealreview.reviewed(m)][:2] == ["choose", "announce"]
    assert dealreview.review_deal(m, KING_SEED) == []


def test_a_set_of_queens_s4_1_is_priced_by_each_queens_gain() -> None:
    """§4.1: each queen is doubled on its own; the search scores each queen's double alone
    against none, and a set is worth the sum of its queens' gains (``Thought.value``)."""
    m = Match.new(seed=14)  # seat 0 is king, holds Q♦ and Q♣
    m.play("queens")
    obs = observe(m, 0)
    thought = aids.think(obs, 14, 1)
    best = thought.finish()
    values = thought.values()
    assert set(values) == {NO_DOUBLE, *(double_move(1 << c) for c in cards_of(best.cards))}
    assert str(best) == "double:QD,QC" and all(v > 0 for mv, v in values.items() if mv != NO_DOUBLE)
    gain = {str(k): v for k, v in values.items()}
    assert thought.value(best) == pytest.approx(gain["double:QD"] + gain["double:QC"])
    only = dealreview.review_item(1, obs, double_move(1 << next(iter(cards_of(best.cards)))), thought)
    assert only is not None and only["played"] == "double:QD" and only["cost"] == round(gain["double:QC"], 1)
    assert dealreview.review_item(1, obs, best, thought) is None


def test_a_redeal_s5_1_the_player_let_go_is_listed_without_a_cost() -> None:
    spades = " ".join(r + "S" for r in "AKQJT98765432")
    hands = ["KH " + spades[:-3], "2S " + " ".join(r + "H" for r in "AQJT98765432"),
             " ".join(r + "D" for r in "AKQJT98765432"), " ".join(r + "C" for r in "AKQJT98765432")]
    m = Match.deal(hands, king=1, contract="king-of-hearts")
    while m.to_move != 0:
        m.play("nodouble")
    assert "redeal" in [str(mv) for mv in m.legal_moves()]
    m.play("double:KH")
    items = dealreview.review_deal(m, 5)
    assert [(it["phase"], it["played"], it["best"], it["cost"]) for it in items] == [
        ("announce", "double:KH", "redeal", None)]


def test_the_review_dialog_shows_contract_and_doubling_items_in_every_language() -> None:
    m = king_deal(KING_SEED, "queens", "nodouble")
    items = dealreview.review_deal(m, KING_SEED)
    for lang in strings.LANGUAGES:
        strings.set_language(lang)
        try:
            for shown in (None, 0, 1):
                _title, body, _buttons = dealreview.review_overlay(items, 2, 2, shown)
                assert "{" not in body and "aid." not in body
            _title, body, _buttons = dealreview.review_overlay(items, 2, 2, 0)
            assert 'data-phase="choose"' in body and 'data-phase="announce"' in body
            assert body.count("review-cost unpriced") == 1  # the contract, not the doubling
            assert strings.t("aid.review.unpriced") in body
        finally:
            strings.set_language("en")
    # see the position: the deal's start, the open contracts; for the answer the queen marked
    choice = dealreview.position_view(items[0])
    assert "contracts left: King of Hearts, Queens, Diamonds, Collections, Trex" in choice
    assert "played" not in choice and "preferred" not in choice
    answer = dealreview.position_view(items[1])
    assert "Queens is named" in answer and answer.count(" preferred") == 1 and " played" not in answer
    assert 'mini preferred" data-card="QS"' in answer  # the queen the bot would double


def test_mark_hint_marks_only_the_move() -> None:
    parts = [("you", '<button data-move="QS" x>Q</button><button data-move="2S">2</button>'),
             ("side", '<td data-move="QS"></td>')]
    out = dict(aids.mark_hint(parts, "QS"))
    assert out["you"].count("data-hint") == 1 and 'data-move="QS" data-hint' in out["you"]
    assert "data-hint" not in out["side"]
    assert aids.mark_hint(parts, None) == parts


def test_summary_note_names_the_aids_used() -> None:
    assert aids.summary_note([]) == ""
    note = aids.summary_note(["review", "undo"])
    assert 'data-aids="undo review"' in note and "Undo, the deal review" in note
