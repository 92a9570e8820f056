"""Positions as text (trex_core/records/position.py, docs/POSITION.md): round trips over random
positions, the non-canonical spellings the reader accepts, every parse error with its exact
line and column, and the engine recipe of docs/POSITION.md replaying positions of real deals.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trex_core.cards import RANKS, SUIT_MASK, card_text, cards_of, hand_text, mask_of, parse_card
from trex_core.match import ANNOUNCE, Dealer, Match
from trex_core.moves import (
    CARD_MOVES,
    CONTRACT_MOVES,
    NO_DOUBLE,
    PASS_MOVE,
    REDEAL_MOVE,
    Move,
    double_move,
    parse_move,
)
from trex_core.records.position import FIELDS, Position, PositionError
from trex_core.rules import PRESETS, Contract, Rules

RULE_VALUES: dict[str, tuple[object, ...]] = {
    "direction": ("counterclockwise", "clockwise"),
    "first_king": ("seven-of-hearts", "random-dealer"),
    "kingdom_order": ("next", "right-then-across"),
    "self_capture": ("plain", "jawaker"),
}
for _f in dataclasses.fields(Rules):
    RULE_VALUES.setdefault(_f.name, (False, True))


def shuffled(seed: int) -> tuple[int, int, int, int]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return (mask_of(deck[0:13]), mask_of(deck[13:26]), mask_of(deck[26:39]), mask_of(deck[39:52]))


HANDS = shuffled(1)
H = "/".join(
    ".".join("".join(RANKS[c % 13] for c in reversed(cards_of(h & SUIT_MASK[s]))) for s in range(4))
    for h in HANDS
)
"""The canonical hands= value of ``HANDS``."""


# -- strategies -------------------------------------------------------------------------------

rules_st = st.builds(
    lambda name, opts: Rules.preset(name, **opts),
    st.sampled_from(sorted(PRESETS)),
    st.dictionaries(st.sampled_from(sorted(RULE_VALUES)), st.integers(0, 1)).map(
        lambda d: {k: RULE_VALUES[k][v] for k, v in d.items()}
    ),
)
seed_st = st.one_of(
    st.integers(-10**12, 10**12),
    st.text(st.sampled_from("abcXYZ019:_-+. #é"), min_size=1, max_size=12).filter(lambda s: s == s.strip()),
)
move_st = st.one_of(st.sampled_from(CARD_MOVES), st.just(PASS_MOVE))


@st.composite
def positions(draw: st.DrawFn) -> Position:
    rules = draw(rules_st)
    king = draw(st.integers(0, 3))
    dealt = draw(st.booleans())
    hands = shuffled(draw(st.integers(0, 2**32))) if dealt else None
    seed = None if dealt else draw(seed_st)
    contract = draw(st.one_of(st.none(), st.sampled_from(rules.contracts)))
    answers: list[Move | None] = [None, None, None, None]
    moves: tuple[Move, ...] = ()
    if contract is not None:
        n = draw(st.integers(0, 4))
        for seat in rules.seat_order(king)[:n]:
            kind = draw(st.sampled_from(["no", "double", "double", "redeal"]))
            if kind == "double":
                cards = draw(st.lists(st.integers(0, 51), min_size=1, max_size=4))
                answers[seat] = double_move(mask_of(cards))
            else:
                answers[seat] = NO_DOUBLE if kind == "no" else REDEAL_MOVE
        if n in (0, 4) and REDEAL_MOVE not in answers:
            moves = tuple(draw(st.lists(move_st, max_size=60)))
    four = (answers[0], answers[1], answers[2], answers[3])
    return Position(hands, seed, king, contract, rules, four, moves)


def spelled(p: Position, rng: random.Random) -> str:
    """``p`` written in any of the non-canonical ways the reader accepts."""
    def blank() -> str:
        return rng.choice(["", "", " ", "  ", "\t"])

    def case(t: str) -> str:
        return t.lower() if rng.random() < 0.3 else t

    def hand(h: int) -> str:
        if rng.random() < 0.5:
            cards = [card_text(c) for c in cards_of(h)]
            rng.shuffle(cards)
            cards = [c.replace("T", "10", 1) if rng.random() < 0.3 else c for c in cards]
            return rng.choice([",", " ", ", "]).join(case(c) for c in cards)
        suits = []
        for s in range(4):
            ranks = [RANKS[c % 13] for c in cards_of(h & SUIT_MASK[s])]
            rng.shuffle(ranks)
            text = "".join("10" if r == "T" and rng.random() < 0.3 else r for r in ranks)
            suits.append(case(text) or rng.choice(["", "-"]))
        return ".".join(suits)

    fields: list[tuple[str, str]] = []
    if p.hands is not None:
        hands = [hand(h) for h in p.hands]
        if rng.random() < 0.3:
            hands.pop()  # the fourth hand is the rest of the deck
        fields.append(("hands", (blank() + "/" + blank()).join(hands)))
    else:
        fields.append(("seed", str(p.seed)))
    preset = p.rules.preset_name or "levant"
    base = PRESETS[preset]
    opts = [(f, getattr(p.rules, f)) for f in RULE_VALUES if getattr(p.rules, f) != getattr(base, f)]
    if (p.rules != Rules() or rng.random() < 0.3) and (opts or preset != "levant" or rng.random() < 0.5):
        words = [preset] if preset != "levant" or rng.random() < 0.5 else []
        for f, v in opts:
            name = f.replace("_", "-") if rng.random() < 0.3 else f
            if v is True:
                words.append(rng.choice([name, f"{name}=true", f"{name}=yes", f"{name}=on", f"{name}=1"]))
            elif v is False:
                words.append(rng.choice([f"{name}=false", f"{name}=no", f"{name}=off", f"{name}=0"]))
            else:
                words.append(f"{name}={v}")
        fields.append(("rules", ("," + blank()).join(words) or "levant"))
    seat_words = (str(p.king), "SENW"[p.king], ("south", "east", "north", "west")[p.king])
    fields.append(("king", rng.choice(seat_words)))
    if p.contract is not None:
        fields.append(("contract", case(p.contract.value)))
    if any(a is not None for a in p.answers) or (p.contract is not None and rng.random() < 0.2):
        slots = []
        for a in p.answers:
            if a is None:
                slots.append("?")
            elif a == NO_DOUBLE:
                slots.append(rng.choice(["-", "nodouble", "no-double"]))
            elif a == REDEAL_MOVE:
                slots.append(case("redeal"))
            else:
                cards = ",".join(card_text(c) for c in cards_of(a.cards))
                slots.append(case(rng.choice(["", "double:"]) + cards))
        fields.append(("answers", (blank() + "/" + blank()).join(slots)))
    if p.moves:
        texts = [case(str(m)) for m in p.moves]
        if rng.random() < 0.5:
            fields.append(("moves", rng.choice([",", " ", ", "]).join(texts)))
        else:
            groups = [",".join(texts[i:i + 4]) for i in range(0, len(texts), 4)]
            fields.append(("moves", (blank() + "/" + blank()).join(groups)))
    rng.shuffle(fields)
    out = ""
    for i, (name, value) in enumerate(fields):
        if i:
            out += rng.choice([";", "; ", "\n", ";\n", "\r\n", "\n\n"])
        out += blank() + case(name) + blank() + "=" + blank() + value + blank()
    return out + rng.choice(["", ";", "\n"])


# -- round trips ------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(positions())
def test_round_trip(p: Position) -> None:
    """§12: text() is canonical: it parses back to the same position and prints the same."""
    t = p.text()
    q = Position.parse(t)
    assert q == p
    assert q.text() == t
    assert "\n" not in t and (" " not in t or " " in str(p.seed))


@settings(max_examples=400, deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_other_spellings_read_alike(p: Position, rng: random.Random) -> None:
    """Card lists, 10 for T, lower case, seat names, blanks, line breaks, any field order,
    3 hands, ungrouped moves, double: / nodouble: all read as the same position."""
    text = spelled(p, rng)
    assert Position.parse(text) == p, text


@settings(max_examples=200, deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_columns_point_at_the_tokens(p: Position, rng: random.Random) -> None:
    """move_column / answer_column / where give the (line, column) of the token in the text
    that was parsed, canonical or not, and in text() for a position built in code."""
    for text in (p.text(), spelled(p, rng)):
        q = Position.parse(text)
        lines = text.split("\n")

        def at(loc: tuple[int, int], lines: list[str] = lines) -> str:
            return lines[loc[0] - 1][loc[1] - 1:].lower()

        for i, m in enumerate(q.moves):
            token = re.match(r"[^,\s/;]+", at(q.move_column(i)))
            assert token and parse_move(token.group()) == m
        for seat, a in enumerate(q.answers):
            if a is not None:
                slot = re.match(r"[^/;\r\n]+", at(q.answer_column(seat)))
                assert slot and Position.parse(f"seed=1;king=0;contract=queens;answers={slot.group()}/?/?/?"
                                               ).answers[0] == a
        assert at(q.where("king"))[0] in "0123senw"
        if q.contract is not None:
            assert at(q.where("contract")).startswith(q.contract.value)
    for i in range(len(p.moves)):
        line, col = p.move_column(i)
        assert line == 1 and p.text()[col - 1:].startswith(str(p.moves[i]))


def test_positions_of_a_few_kinds() -> None:
    t = f"hands={H};king=1"
    assert Position.parse(t) == Position(hands=HANDS, king=1) and Position(hands=HANDS, king=1).text() == t
    t = "seed=golden:kh:4;rules=pagat,early_end=false,partnership;king=3;contract=king-of-hearts"
    p = Position.parse(t)
    assert p.seed == "golden:kh:4" and p.rules == Rules.preset("pagat", partnership=True, early_end=False)
    assert p.contract is Contract.KING_OF_HEARTS and p.text() == t
    t = "seed=7;rules=western,complex;king=0;contract=complex;answers=-/?/?/QS,KH"
    p = Position.parse(t)  # western plays clockwise (§1.3): 0 answers, then 3, 2, 1 (§4.2)
    assert p.answers == (NO_DOUBLE, None, None, double_move(mask_of([parse_card("KH"), parse_card("QS")])))
    assert p.answers_in_turn() == ((0, NO_DOUBLE), (3, p.answers[3]))
    assert p.doubled == ((parse_card("QS"), 3), (parse_card("KH"), 3)) and p.text() == t


def test_clockwise_answers_go_the_other_way() -> None:
    """§1.3 / §4.2: under clockwise play the seat after the king is king + 3."""
    p = Position.parse("seed=1;rules=direction=clockwise;king=0;contract=queens;answers=-/?/?/QC")
    assert p.answers_in_turn() == ((0, NO_DOUBLE), (3, double_move(1 << parse_card("QC"))))
    with pytest.raises(PositionError) as e:
        Position.parse("seed=1;king=0;contract=queens;answers=-/?/?/QC")
    assert (e.value.line, e.value.column) == (1, 45)


def test_seed_texts() -> None:
    """A whole number is a number (7 and "7" deal alike); other texts stay texts."""
    assert Position.parse("seed=7;king=0").seed == 7
    assert Position(seed="7", king=0) == Position(seed=7, king=0)
    assert Position.parse("seed=007;king=0").seed == "007"
    assert Position.parse("seed=-12;king=0").seed == -12
    p = Position.parse("seed= club night 3 ;king=0")
    assert p.seed == "club night 3" and p.text() == "seed=club night 3;king=0"
    assert Position.parse("seed=a=b;king=0").seed == "a=b"
    assert Position.parse("seed=abc\r\nking=0\r\n").seed == "abc"  # Windows line ends


@pytest.mark.parametrize("seed", ["\r0", "a\rb", "\u2003club", "club\x0b"])
def test_a_seed_text_no_position_could_hold_is_a_position_error(seed: str) -> None:
    """A carriage return inside a line, or a blank other than space and tab at an end, is
    no seed text (Position refuses it); the parser says where instead of a bare ValueError
    (found by the garbled-text fuzz below)."""
    with pytest.raises(PositionError) as e:
        Position.parse(f"king=0;seed={seed}")
    assert (e.value.line, e.value.column) == (1, 13) and "seed text" in e.value.problem
    with pytest.raises(ValueError):
        Position(seed=seed, king=0)


def test_default_rules_are_left_out() -> None:
    p = Position.parse("seed=1;rules=levant;king=0")
    assert p.rules == Rules() and p.text() == "seed=1;king=0"
    complex_ = Rules.preset("levant", complex=True)
    assert Position(seed=1, rules=complex_).text() == "seed=1;rules=complex;king=0"
    # rules that are no preset: the nearest preset and its changes (as record.rules_tags)
    r = Rules.preset("pagat", direction="clockwise")
    assert Position(seed=1, rules=r).text() == "seed=1;rules=pagat,direction=clockwise;king=0"


def test_position_error_is_a_value_error_and_pickles() -> None:
    with pytest.raises(ValueError) as e:
        Position.parse("seed=1;king=9")
    err = e.value
    assert isinstance(err, PositionError)
    problem = "king= is a seat 0 to 3 (South East North West), not '9'"
    assert (err.line, err.column, err.problem) == (1, 13, problem)
    assert str(err) == "line 1, column 13: " + err.problem
    again = pickle.loads(pickle.dumps(err))
    assert (again.line, again.column, str(again)) == (1, 13, str(err))


# -- errors, each at its line and column -----------------------------------------------------

ERRORS = [
    # fields
    ("king=0;seed=1;foo=2", 1, 15, "unknown field 'foo'"),
    ("king=0;seed=1;king=2", 1, 15, "king= is given twice (first at line 1, column 1)"),
    ("king=0;seed", 1, 8, "'seed' is not a field: write name=value"),
    ("king=0;seed= ", 1, 13, "seed= has no value"),
    ("seed=1", 1, 7, "no king="),
    ("seed=1\n\n", 1, 7, "no king="),
    ("king=0", 1, 7, "no hands= (the four hands) nor seed="),
    (f"seed=1;hands={H};king=0", 1, 8, "give hands= or seed=, not both"),
    # king, contract
    ("seed=1;king=4", 1, 13, "king= is a seat 0 to 3"),
    ("seed=1;king= x ", 1, 14, "not 'x'"),
    ("seed=1;king=0;contract=hearts", 1, 24, "'hearts' is not a contract; the contracts are king-of-hearts,"),
    ("seed=1;king=0;rules=complex;contract=queens", 1, 38, "queens is not played under these rules; "
                                                           "the contracts are trex, complex"),
    ("seed=1;king=0;contract=complex", 1, 24, "complex is not played under these rules"),
    # rules (§10)
    ("seed=1;king=0;rules=foo", 1, 21, "unknown preset or rule option 'foo'; the presets are levant, "
                                       "western"),
    ("seed=1;king=0;rules=pagat, complex, magic=true", 1, 37, "unknown preset or rule option 'magic'"),
    ("seed=1;king=0;rules=partnership=maybe", 1, 33, "rule option partnership is true or false, not 'maybe'"),
    ("seed=1;king=0;rules=direction=left", 1, 31,
     "rule direction must be one of counterclockwise, clockwise, not 'left'"),
    ("seed=1;king=0;rules=direction", 1, 21, "rule option direction needs a value"),
    ("seed=1;king=0;rules=self_capture=", 1, 34, "rule option self_capture needs a value"),
    ("seed=1;king=0;rules=complex,pagat", 1, 29, "the preset comes first and once"),
    ("seed=1;king=0;rules=complex,complex=false", 1, 29, "rule option complex is given twice"),
    # hands (§1.2, §12)
    ("king=0;hands=AKQ.JT", 1, 14, "hands= holds the hands of seats 0/1/2/3 separated by '/'"),
    ("king=0;hands=a/b", 1, 14, "not 2"),
    ("king=0;hands=AKQJT98765432...;", 1, 14, "not 1"),
    (f"king=0;hands=AKQJT98765432../{H[H.index('/') + 1:]}", 1, 14,
     "a hand written with dots has four suits"),
    ("king=0;hands=AKQJT98765432.../.AKQJT9876X432../..AKQJT98765432./", 1, 41,
     "'X' is not a rank: the ranks are A K Q J T 9 8 7 6 5 4 3 2 (or 10), per suit S.H.D.C"),
    ("king=0;hands=AKQJT98765432.../AH,KH,QX/", 1, 37, "'QX' is not a card"),
    ("king=0;hands=AKQJT98765432.../AH,KH,AH/", 1, 37, "AH is written twice"),
    ("king=0;hands=AKQJT98765432.../.AKQJT98765432../..AKQJT98765432./..K.", 1, 67,
     "KD is written in the hands of North (2) and West (3)"),
    ("king=0;hands=AKQJT9876543.../.AKQJT98765432../..AKQJT98765432./...AKQJT98765432", 1, 14,
     "South (0) holds 12 cards, not 13 (§1.2); no hand holds 2S"),
    ("king=0;hands=AKQJT9876543.../.AKQJT98765432../..AKQJT98765432./2...AKQJT98765432", 1, 14,
     "South (0) holds 12 cards, not 13 (§1.2)"),
    ("king=0;hands=AKQJT98765432.../.AKQJT98765432../..AKQJT98765432./...AKQJT9876543", 1, 65,
     "West (3) holds 12 cards, not 13 (§1.2); no hand holds 2C"),
    ("king=0;hands=AKQJT98765432.../.AKQJT98765432../..AKQJT98765432./...AKQJT9876543", 1, 65, "2C"),
    ("king=0;hands=AKQJT98765432.2../.AKQJT9876543../..AKQJT98765432.", 1, 14,
     "South (0) holds 14 cards, not 13"),
    # answers (§4.2)
    ("seed=1;king=0;contract=queens;answers=-/-/-", 1, 39, "answers= holds the answers of seats 0/1/2/3"),
    ("seed=1;king=0;contract=queens;answers=-/maybe/-/-", 1, 41, "'maybe' is not an answer or a card"),
    ("seed=1;king=0;contract=queens;answers=-/QS,QX/-/-", 1, 44, "'QX' is not an answer or a card"),
    ("seed=1;king=0;contract=queens;answers=-/QS,QS/-/-", 1, 44, "QS is written twice"),
    ("seed=1;king=0;contract=queens;answers=-//-/-", 1, 41, "an answer is - (no double)"),
    ("seed=1;king=0;contract=queens;answers=-/double:/-/-", 1, 41, "an answer is - (no double)"),
    ("seed=1;king=0;answers=-/-/-/-", 1, 23, "answers come after the contract is named (§4.2)"),
    ("seed=1;king=2;contract=queens;answers=?/-/?/-", 1, 45,
     "West (3) cannot have answered before North (2): seats answer in turn from the king, North (2) (§4.2)"),
    ("seed=1;king=2;contract=queens;answers=-/?/?/?", 1, 39,
     "South (0) cannot have answered before West (3)"),
    # moves
    ("seed=1;king=0;contract=trex;moves=JS,pass,QX", 1, 43, "'QX' is not a move: the moves are cards"),
    ("seed=1;king=0;contract=trex;moves=JS,pass,nodouble", 1, 43, "'nodouble' is not a card or a pass: the "
                                                                 "contract goes in contract="),
    ("seed=1;king=0;contract=queens;moves=AS,KS,QS/JS", 1, 37,
     "a group of moves before a '/' holds four moves (a trick, or four turns in Trex), not 3"),
    ("seed=1;king=0;contract=queens;moves=AS,KS,QS,JS//TS", 1, 49, "an empty group of moves"),
    ("seed=1;king=0;contract=queens;moves=AS,KS,QS,JS/TS,9S,8S,7S,6S", 1, 61, "the last group of moves holds "
                                                                             "at most four moves"),
    ("seed=1;king=0;moves=AS", 1, 21, "moves come after the contract is named (§2.2)"),
    ("seed=1;king=0;contract=queens;answers=-/-/?/?;moves=AS", 1, 53, "a card is played only when every "
                                                                      "seat has answered (§4.2); North (2) "
                                                                      "has not"),
    ("seed=1;king=0;contract=king-of-hearts;answers=redeal/-/-/-;moves=AS", 1, 66,
     "no card is played after a redeal claim: the cards are dealt again (§5.2)"),
    # lines
    ("seed=1\nking=0;\n  contract = queens ;  moves = AS, KS, 3X", 3, 40, "'3X' is not a move"),
    ("seed=1\r\nking=0\r\nfoo=1\r\n", 3, 1, "unknown field 'foo'"),
    ("# a comment\nseed=1;king=0", 1, 1, "'# a comment' is not a field"),
    ("seed=1\nking=0;\n  moves=AS\n", 3, 9, "moves come after the contract is named"),
]


@pytest.mark.parametrize(("text", "line", "column", "problem"), ERRORS)
def test_error_line_and_column(text: str, line: int, column: int, problem: str) -> None:
    with pytest.raises(PositionError) as e:
        Position.parse(text)
    assert (e.value.line, e.value.column) == (line, column), str(e.value)
    assert problem in e.value.problem
    assert str(e.value) == f"line {line}, column {column}: {e.value.problem}"


def test_positions_built_in_code_are_checked() -> None:
    with pytest.raises(ValueError, match="give hands= or seed=, not both"):
        Position(hands=HANDS, seed=1)
    with pytest.raises(ValueError, match="holds 12 cards"):
        low = HANDS[0] & -HANDS[0]
        Position(hands=(HANDS[0] & ~low, HANDS[1], HANDS[2], HANDS[3] | low))
    with pytest.raises(ValueError, match="dealt twice"):
        Position(hands=(HANDS[0], HANDS[0], HANDS[2], HANDS[3]))
    with pytest.raises(ValueError, match="the king is a seat"):
        Position(seed=1, king=4)
    with pytest.raises(ValueError, match="a seed text"):
        Position(seed="a;b")
    with pytest.raises(ValueError, match="the moves are cards and passes"):
        Position(seed=1, contract=Contract.QUEENS, moves=(CONTRACT_MOVES[Contract.QUEENS],))
    with pytest.raises(ValueError, match="an answer is"):
        Position(seed=1, contract=Contract.QUEENS, answers=(PASS_MOVE, None, None, None))
    with pytest.raises(ValueError, match="before South"):
        Position(seed=1, contract=Contract.QUEENS, answers=(None, NO_DOUBLE, None, None))
    with pytest.raises(IndexError):
        Position(seed=1).move_column(0)
    with pytest.raises(ValueError, match="has not answered"):
        Position(seed=1).answer_column(0)
    with pytest.raises(ValueError, match="unknown field"):
        Position(seed=1).where("kings")
    assert Position(seed=1).where("moves") == (1, 14)  # not given: the end of the text


def test_fields_and_hand_text() -> None:
    assert FIELDS == ("hands", "seed", "rules", "king", "contract", "answers", "moves")
    p = Position.parse("king=0;hands=" + "/".join(hand_text(h) for h in HANDS))  # cards.hand_text's form
    assert p.hands == HANDS and p.text() == f"hands={H};king=0"


# -- fuzz: nothing but PositionError escapes -------------------------------------------------

CHARS = st.one_of(st.sampled_from("=;/,.:?- \n\r\tAKQJT1098765432SHDCpasnodubleqrk"), st.characters())


@settings(max_examples=500, deadline=None)
@given(positions(), st.data())
def test_garbled_texts_parse_or_raise_position_error(p: Position, data: st.DataObject) -> None:
    text = p.text()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        op = data.draw(st.sampled_from(["insert", "delete", "replace", "cut"]))
        if op == "insert":
            text = text[:i] + data.draw(st.text(CHARS, max_size=4)) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + data.draw(st.integers(1, 5)):]
        elif op == "replace":
            text = text[:i] + data.draw(CHARS) + text[i + 1:]
        else:
            text = text[:i]
    try:
        q = Position.parse(text)
    except PositionError as e:
        lines = text.split("\n")
        assert 1 <= e.line <= len(lines)
        assert 1 <= e.column <= len(lines[e.line - 1].rstrip("\r")) + 1
        return
    assert Position.parse(q.text()) == q


# -- the engine recipe of docs/POSITION.md ----------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(rules_st, st.integers(0, 3), st.integers(0, 10**6), st.booleans(), st.randoms(use_true_random=False))
def test_every_position_of_a_deal_is_expressed(
    rules: Rules, king: int, seed: int, by_seed: bool, rng: random.Random
) -> None:
    """A deal played at random, stopped anywhere before a redeal: its position's text replays
    through the engine to the same state (same moves, hands, phase and seat to move)."""
    if by_seed:
        m = Match(rules, Dealer(seed), single_deal=True, first_king=king)
    else:
        m = Match.deal(shuffled(seed), king, rules=rules)
    stop = rng.randrange(60)
    while len(m.moves) < stop and not m.is_over:
        move = rng.choice(m.legal_moves())
        if m.phase == ANNOUNCE and m.rules.seat_order(m.king)[-1] == m.to_move:
            if REDEAL_MOVE in m.moves:
                break  # the last answer would complete a redeal (§5.2): a new dealing, no position
            if move == REDEAL_MOVE:
                move = NO_DOUBLE
        m.play(move)
    if m.is_over:
        return
    p = m.position()
    if by_seed:
        p = dataclasses.replace(p, hands=None, seed=seed)
    q = Position.parse(p.text())
    assert q == p
    r = Match.from_position(q)
    assert (r.moves, r.hands, r.phase, r.to_move, r.trick) == (m.moves, m.hands, m.phase, m.to_move, m.trick)


def test_answers_left_out_mean_nobody_doubled() -> None:
    p = Position.parse(f"hands={H};king=0;contract=queens;moves=" + card_text(cards_of(HANDS[0])[0]))
    m = Match.from_position(p)
    assert m.moves[1:5] == (NO_DOUBLE,) * 4 and len(m.moves) == 6


def test_an_illegal_move_is_reported_at_its_column() -> None:
    """Legality is the engine's (§3.1): the recipe reports it at the move's line and column."""
    not_south = next(c for c in range(52) if not HANDS[0] >> c & 1)
    text = f"hands={H}\nking=0;contract=diamonds\nmoves=  {card_text(not_south)}"
    with pytest.raises(PositionError) as e:
        Match.from_position(Position.parse(text))
    assert (e.value.line, e.value.column) == (3, 9)
    assert "You do not hold" in e.value.problem


# -- docs/POSITION.md ---------------------------------------------------------------------------

DOC = (Path(__file__).parent.parent / "docs" / "POSITION.md").read_text(encoding="utf-8")


def test_the_documented_examples() -> None:
    """Every ```position block of docs/POSITION.md is canonical; the loose spelling reads as
    the second one; the error examples give the messages shown."""
    examples = re.findall(r"```position\n(.*?)\n```", DOC, re.S)
    assert len(examples) == 4
    for t in examples:
        assert Position.parse(t).text() == t
    loose = re.search(r"more loosely.*?```\n(.*?)```", DOC, re.S)
    assert loose and Position.parse(loose.group(1)) == Position.parse(examples[1])
    errors = re.findall(r'>>> Position.parse\("(.*?)"\)\nPositionError: (.*)', DOC)
    assert len(errors) == 2
    for text, message in errors:
        with pytest.raises(PositionError) as e:
            Position.parse(text)
        assert str(e.value) == message
