"""An embedded table's parameters (web/trexui/embed/params.py, docs/EMBED.md), without a browser:
every kind of mistake names its parameter, the deal is turned so the reader sits at seat 0
without changing the game, and an exercise judges moves by the engine's texts."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from trex_core import Match, observe, parse_move

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from trexui.embed import bar as embedview
from trexui.embed import params as embed  # noqa: E402
from trexui.i18n import strings  # noqa: E402

HANDS = "AT42.T42.843.872/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963"
KH = f"hands={HANDS}&king=0&contract=king-of-hearts&answers=-/-/-/KH&moves=2H,6H,3H,5H,5D,2D,KH,4D"
DOUBLING = ("hands=K96.KJ95.9.AJ975/Q742.842.J875.KQ/J8.QT.KQT642.T82/AT53.A763.A3.643"
            "&king=2&contract=king-of-hearts&answers=?/?/-/-")


def parse(text: str) -> embed.Embed:
    return embed.parse(embed.query(text), langs=("en", "ar", "nl"))


@pytest.mark.parametrize(("query", "param", "code"), [
    ("mode=view", "position", "missing"),
    ("mode=warp&" + KH, "mode", "choice"),
    (KH + "&hands=" + HANDS, "hands", "twice"),
    ("position=seed=1;king=0&king=2", "king", "with_position"),
    # §1.2: a hand of 12 cards, a card in two hands, a card that is no card
    ("king=0&hands=AT42.T42.843.87/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963", "hands", "position"),
    ("king=0&hands=AT42.T42.843.872/A8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963", "hands", "position"),
    ("king=0&hands=AX42.T42.843.872/Q8.AJ6.QJT765.AQ/KJ7.873.AK92.K54/9653.KQ95..JT963", "hands", "position"),
    ("seed=1&king=0&rules=levant,turbo", "rules", "position"),
    ("seed=1&king=0&rules=levant,partnership=maybe", "rules", "position"),
    ("seed=1&king=5", "king", "position"),
    ("seed=1&king=0&contract=poker", "contract", "choice"),
    # a missing king= was blamed on seed=, the first field given
    ("seed=1&contract=trex", "king", "no_king"),
    (f"hands={HANDS}&contract=trex", "king", "no_king"),
    # the engine plays the moves: 3C is not South's (§3.1 and the hand)
    (f"hands={HANDS}&king=0&contract=king-of-hearts&moves=3C", "moves", "illegal"),
    # §3.1: East must follow suit
    (f"hands={HANDS}&king=0&contract=king-of-hearts&moves=AS,AH", "moves", "illegal"),
    ("seed=1&king=0&colour=blue", "colour", "unknown"),
    ("seed=1&king=0&seat=Q", "seat", "seat"),
    ("seed=1&king=0&show=S,X", "show", "seat"),
    (KH + "&mode=replay&step=9", "step", "step"),
    (KH + "&mode=view&step=2", "step", "only_replay"),
    (KH + "&mode=replay&caption.12=late", "caption.12", "step"),
    (KH + "&mode=replay&caption=x", "caption", "caption_name"),
    ("seed=1&king=0&level=godlike", "level", "choice"),
    ("seed=1&king=0&speed=warp", "speed", "choice"),
    ("seed=1&king=0&lang=fr", "lang", "choice"),
    ("seed=1&king=0&felt=purple", "felt", "choice"),
    ("mode=exercise&" + DOUBLING, "answer", "no_answer"),
    ("mode=exercise&answer=double:KX&" + DOUBLING, "answer", "move"),
    ("mode=exercise&answer=double:QS&" + DOUBLING, "answer", "not_legal"),
    ("mode=view&answer=QS&" + DOUBLING, "answer", "only_exercise"),
    ("mode=exercise&answer=nodouble&seat=N&" + DOUBLING, "seat", "not_to_move"),
    ("mode=play&" + KH, "moves", "over"),
])
def test_every_mistake_names_its_parameter(query: str, param: str, code: str) -> None:
    with pytest.raises(embed.EmbedError) as info:
        parse(query)
    assert (info.value.param, info.value.code) == (param, code), info.value.params
    # and the frame can say it in every language, with no placeholder left over
    try:
        for lang in ("en", "ar", "nl"):
            strings.set_language(lang)
            html = embedview.error(info.value.param, info.value.code, info.value.params)
            assert param in html and "{" not in html
    finally:
        strings.set_language("en")


def test_an_illegal_move_is_explained_by_its_refusal_code() -> None:
    with pytest.raises(embed.EmbedError) as info:
        parse(f"hands={HANDS}&king=0&contract=king-of-hearts&moves=AS,AH")
    assert info.value.params["move"] == "AH" and info.value.params["refusal"] == "follow-suit"


@pytest.mark.parametrize("seat", ["S", "E", "N", "W"])
def test_s1_3_the_reader_sits_at_the_bottom_of_the_same_deal(seat: str) -> None:
    """§1.3: only the cyclic order matters, so the turned deal is the same game; the real
    seats come back through seat_of."""
    e = parse(KH + f"&mode=replay&seat={seat}")
    original = Match.from_position(embed.read_position(embed.query(KH)))
    turned = e.match(len(e.moves))
    real = embed.read_seat("seat", seat)
    assert e.seat == real
    for table_seat in range(4):
        assert turned.state.dealt[table_seat] == original.state.dealt[e.seat_of(table_seat)]
    assert e.seat_of(turned.king) == original.king
    assert [str(m) for m in turned.history] == [str(m) for m in original.history]
    assert [turned.totals[s] for s in range(4)] == [original.totals[e.seat_of(s)] for s in range(4)]


def test_replay_steps_are_the_given_moves() -> None:
    e = parse(KH + "&mode=replay&step=3&caption.0=start&caption.3=third")
    assert e.start == 3 and e.captions == {0: "start", 3: "third"}
    for n in range(len(e.moves) + 1):
        m = e.match(n)
        played = [str(x) for x in m.history if x.kind in ("card", "pass")]
        assert played == [str(x) for x in e.moves[:n]]


def test_show_defaults_to_all_in_a_diagram_and_own_in_play() -> None:
    assert parse(KH + "&mode=view").show == frozenset(range(4))
    assert parse(f"hands={HANDS}&king=0&mode=play&seat=E").show == frozenset({1})
    e = parse(f"hands={HANDS}&king=0&mode=play&seat=E&show=N")
    assert e.show == frozenset({1, 2}) and e.shown(0) and e.shown(1) and not e.shown(2)


def test_an_exercise_accepts_only_the_authors_moves() -> None:
    e = parse("mode=exercise&answer=double:KH&" + DOUBLING)
    m = e.match()
    assert m.to_move == 0 and observe(m, 0).hand
    assert e.accepts("double:KH") and e.accepts("DOUBLE:kh")
    assert not e.accepts("nodouble") and not e.accepts("nonsense")
    assert e.answers == (parse_move("double:KH"),)


def test_the_page_of_a_position_link_reads_back() -> None:
    """What the main table's Share writes (position= of Match.position) is an embed."""
    m = Match.new(seed=5)
    while m.phase != "play" or len(m.history) < 9:
        m.play(m.legal_moves()[0])
    text = m.position().text()
    e = parse(f"mode=replay&step={len(m.position().moves)}&position={text.replace('&', '%26')}")
    assert [str(x) for x in e.match().history] == [str(x) for x in m.history]


def test_an_exercise_answer_is_shown_by_its_kind_not_its_length() -> None:
    """The shown answer reads each move's kind from the engine (a card, a double, a pass)."""
    moves = [parse_move(m) for m in ("QS", "double:KH,QD", "nodouble", "pass", "queens")]
    text = embedview.answer_text(moves)
    assert text.startswith("Q\u2660") and "K\u2665" in text and "Q\u2666" in text
    assert strings.t("embed.answer.nodouble") in text and strings.t("embed.answer.pass") in text
    assert strings.t("contract.queens") in text


@pytest.mark.parametrize(("moves", "seat", "words"), [
    ("2H,9S", "East", "East does not hold 9\u2660."),
    ("AS,AH", "East", "East must follow spades (\u2660): East holds Q\u2660, 8\u2660."),
    ("3C", "South", "South does not hold 3\u2663."),
])
def test_an_illegal_given_move_names_the_seat_that_made_it(moves: str, seat: str, words: str) -> None:
    """East's illegal move was worded "You do not hold 9♠", as if the reader's."""
    with pytest.raises(embed.EmbedError) as info:
        parse(f"hands={HANDS}&king=0&contract=king-of-hearts&moves={moves}")
    assert info.value.params["seat"] == ["South", "East", "North", "West"].index(seat)
    text = embedview.problem_text(info.value.code, info.value.params)
    assert text.endswith(words) and "You" not in text and "you" not in text
    try:
        for lang, name in (("ar", "\u0627\u0644\u0634\u0631\u0642"), ("nl", "Oost")):
            strings.set_language(lang)
            text = embedview.problem_text(info.value.code, info.value.params)
            assert seat != "East" or name in text, text
    finally:
        strings.set_language("en")


def test_a_wrong_parameter_still_carries_the_tables_id_and_origin() -> None:
    """contract=poker posted {"id": "", ...}: the error knows the table's id= and
    origin=, so its message names the table and goes only to its page."""
    with pytest.raises(embed.EmbedError) as info:
        parse("seed=1&king=0&contract=poker&id=lesson3&origin=https%3A%2F%2Fexample.org")
    assert (info.value.id, info.value.origin) == ("lesson3", "https://example.org")
    assert "poker" in embedview.problem_text(info.value.code, info.value.params)
