"""The rules core: legality and its refusals decided in one place, the ledger, the deal-over
pause, observations that cross a boundary, and the package's layering."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import rules_strategy
from trex_core import (
    DEAL_OVER,
    IllegalMoveError,
    Match,
    Observation,
    Rules,
    observe,
    read_record,
    scoring,
    write_record,
)
from trex_core.bots import choose_from_dict, get_bot
from trex_core.cards import parse_card
from trex_core.errors import CODES, ENGLISH
from trex_core.explain import refusal, why_illegal
from trex_core.moves import (
    CARD_MOVES,
    CONTRACT_MOVES,
    NEXT_MOVE,
    NO_DOUBLE,
    PASS_MOVE,
    REDEAL_MOVE,
    Move,
    double_move,
)
from trex_core.rules import JAWAKER, Contract

PACKAGE = Path(__file__).resolve().parent.parent / "trex_core"


# Every kind of move, legal or not, that a position can be asked about.
CANDIDATES: tuple[Move, ...] = (
    *CARD_MOVES, PASS_MOVE, NEXT_MOVE, NO_DOUBLE, REDEAL_MOVE, *CONTRACT_MOVES.values(),
    double_move(1 << 37), double_move(1 << 10 | 1 << 23), double_move(1 << 5),
)


def random_position(rules: Rules, seed: int, moves: int) -> Match:
    m = Match.new(seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(moves):
        if m.is_over:
            break
        m.play(rng.choice(m.legal_moves()))
    return m


# -- 1. legality once: a refusal is explained by the rule that decided it -----------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 2**32), moves=st.integers(0, 400))
def test_s3_s4_s5_s6_every_refusal_agrees_with_the_legal_moves(rules: Rules, seed: int, moves: int) -> None:
    m = random_position(rules, seed, moves)
    legal = m.legal_moves()
    before = (m.history, m.phase, m.to_move, m.hands)
    for move in CANDIDATES:
        error = refusal(m, move)
        assert (error is None) == (move in legal) == m.is_legal(move), move
        if error is None:
            assert why_illegal(m, move) == ""
            continue
        assert error.code in CODES and str(error) == why_illegal(m, move)
        with pytest.raises(IllegalMoveError) as raised:
            m.play(move)
        assert (raised.value.code, raised.value.params) == (error.code, error.params)
        assert (m.history, m.phase, m.to_move, m.hands) == before  # refused: nothing changed
        json.dumps(error.params)  # plain data, for a page in any language


def test_s3_1_follow_suit_refusal_names_the_suit_and_the_cards() -> None:
    m = Match.deal(
        ["AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2C", "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2S",
         "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2H"],
        king=0, contract="diamonds")
    m.play("2C")
    m.play("AH")  # East holds no club: any card is legal
    m.play("AD")
    with pytest.raises(IllegalMoveError) as e:
        m.play("2H")
    assert e.value.code == "follow-suit"
    assert e.value.params == {"suit": "C", "cards": ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C",
                                                     "6C", "5C", "4C", "3C"]}
    assert str(e.value).startswith("You must follow ♣ (clubs) (§3.1): you hold A♣, K♣")


def test_turn_and_seat_refusals_have_codes() -> None:
    m = Match.new(seed=1)
    other = (m.king + 1) % 4
    with pytest.raises(IllegalMoveError) as e:
        m.play("queens", seat=other)
    assert e.value.code == "not-your-turn" and e.value.params == {"seat": other, "to_move": m.king}
    with pytest.raises(IllegalMoveError) as e:
        m.play("queens", seat=7)
    assert e.value.code == "no-such-seat"
    with pytest.raises(IllegalMoveError) as e:
        m.undo(1)
    assert e.value.code == "undo-too-many" and e.value.params == {"n": 1, "made": 0}


def test_every_refusal_code_has_an_english_sentence() -> None:
    sample = {"seat": 1, "to_move": 2, "king": 0, "contract": "queens", "cards": ["QS", "KH"],
              "suit": "H", "low": 9, "high": 10, "n": 3, "made": 1}
    for code in CODES:
        text = ENGLISH[code](sample)
        assert text and "{" not in text, code
    with pytest.raises(ValueError):
        IllegalMoveError("no-such-code")


# -- 2. scoring once: the ledger ------------------------------------------------------------------


def c(text: str) -> int:
    return parse_card(text)


def test_s11_2_the_ledger_says_why_a_doubled_king_costs_150() -> None:
    trick = (c("QH"), c("KH"), c("2H"), c("3H"))
    ledger = scoring.trick_ledger(Contract.KING_OF_HEARTS, Rules(), [(0, trick, 3)], {c("KH"): 1})
    assert [(e.seat, e.points, e.reason, e.card) for e in ledger] == [
        (3, -75, scoring.CARD, c("KH")),
        (3, -75, scoring.DOUBLED, c("KH")),
        (1, 75, scoring.DOUBLE_PAID, c("KH")),
    ]
    assert scoring.scores_of(ledger) == (0, 75, 0, -150)


def test_s11_3_jawaker_the_leader_is_paid_when_the_doubler_takes_his_own_king() -> None:
    trick = (c("5H"), c("KH"), c("2H"), c("3H"))
    ledger = scoring.trick_ledger(
        Contract.KING_OF_HEARTS, Rules(self_capture=JAWAKER), [(0, trick, 1)], {c("KH"): 1})
    assert [(e.seat, e.points, e.reason) for e in ledger] == [
        (1, -75, scoring.CARD), (1, -75, scoring.DOUBLED), (0, 75, scoring.LEADER_PAID)]
    plain = scoring.trick_ledger(Contract.KING_OF_HEARTS, Rules(), [(0, trick, 1)], {c("KH"): 1})
    assert [(e.seat, e.points, e.reason) for e in plain] == [(1, -75, scoring.CARD)]  # §4.4 default


def test_s11_6_complex_trick_ledger() -> None:
    trick = (c("KH"), c("QD"), c("5D"), c("2D"))
    ledger = scoring.trick_ledger(Contract.COMPLEX, Rules(complex=True), [(0, trick, 2)], {})
    assert sorted((e.reason, e.points) for e in ledger) == [
        (scoring.CARD, -75), (scoring.CARD, -35), (scoring.CARD, -10), (scoring.CARD, -10),
        (scoring.TRICK, -15),
    ]
    assert scoring.scores_of(ledger) == (0, 0, -145, 0)


def test_s11_5_trex_places_in_the_ledger() -> None:
    ledger = scoring.trex_ledger([2, 0, 3, 1])
    assert [(e.seat, e.points, e.reason, e.card) for e in ledger] == [
        (2, 200, scoring.PLACE, 0), (0, 150, scoring.PLACE, 1),
        (3, 100, scoring.PLACE, 2), (1, 50, scoring.PLACE, 3),
    ]


def test_s7_every_deal_result_is_the_sum_of_its_ledger() -> None:
    for seed in range(6):
        m = random_position(Rules(complex=seed % 2 == 1), seed, 10_000)
        assert m.is_over
        for r in m.results:
            assert scoring.scores_of(r.ledger) == r.scores
            assert sum(e.points for e in r.ledger) == scoring.deal_total(r.contract, m.rules)


def test_s3_6_face_up_cards_are_the_taken_king_and_queens() -> None:
    assert scoring.face_up(Contract.QUEENS) == sum(1 << c(q) for q in ("QS", "QH", "QD", "QC"))
    assert scoring.face_up(Contract.KING_OF_HEARTS) == 1 << c("KH")
    assert scoring.face_up(Contract.DIAMONDS) == 0 and scoring.face_up(None) == 0


# -- 5. a deal ends in a pause ----------------------------------------------------------------------


def test_a_finished_deal_waits_for_next_with_its_whole_picture() -> None:
    m = Match.new(seed=5)
    rng = random.Random(5)
    while m.phase != DEAL_OVER:
        m.play(rng.choice(m.legal_moves()))
    r = m.results[0]
    assert m.deal_number == 0 and m.legal_moves() == [NEXT_MOVE]
    assert m.to_move == m.kings[1 // m.rules.deals_per_kingdom]  # the next deal's king deals on
    o = observe(m, 2)
    assert o.phase == DEAL_OVER and o.deal_scores == r.scores and o.ledger == r.ledger
    assert o.tricks == r.tricks and o.contract is r.contract
    assert o.history[-1][3] == r.scores
    with pytest.raises(IllegalMoveError) as e:
        m.play("2C")
    assert e.value.code == "deal-over"
    text = write_record(m)
    again = read_record(text)
    assert again.phase == DEAL_OVER and write_record(again) == text
    m.play("next")
    assert m.deal_number == 1 and m.phase != DEAL_OVER
    with pytest.raises(IllegalMoveError) as e:
        m.play("next")
    assert e.value.code == "no-deal-over"
    m.undo()
    assert m.phase == DEAL_OVER and m.results[-1] == r


def test_a_single_deal_ends_over_without_a_pause() -> None:
    m = Match.deal(Match.new(seed=1).dealt_hands, king=0, contract="trex")
    while not m.is_over:
        m.play(m.legal_moves()[0])
    assert m.phase == "over" and m.to_move is None and len(m.results) == 1


# -- 7. observations cross boundaries -------------------------------------------------------------


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 2**32), moves=st.integers(0, 600))
def test_an_observation_survives_json_and_a_bot_decides_from_it_alone(
    rules: Rules, seed: int, moves: int
) -> None:
    m = random_position(rules, seed, moves)
    for seat in range(4):
        o = observe(m, seat)
        data = json.loads(json.dumps(o.to_dict()))
        assert Observation.from_dict(data) == o
        if o.legal:
            bot = get_bot("medium")
            assert choose_from_dict(data, "medium", seed) == str(bot.choose(o, random.Random(seed)))


def test_a_broken_observation_dict_is_refused() -> None:
    data = observe(Match.new(seed=1), 0).to_dict()
    data["hand"] = ["ZZ"]
    with pytest.raises(ValueError):
        Observation.from_dict(data)
    del data["hand"]
    with pytest.raises(KeyError):
        Observation.from_dict(data)


# -- 3. the layering: no circle, no private reach -------------------------------------------------

LAYERS = {  # the values (layer 1) build on each other too: cards and rules first
    "cards": 1.0, "rules": 1.0, "tricks": 1.05, "errors": 1.1, "scoring": 1.1, "moves": 1.2,
    "state": 1.3, "position": 1.3,
    "legality": 2, "match": 3, "observation": 4, "explain": 4, "record": 4,
    "fast": 5, "randomplay": 5.5, "bots": 6, "arena": 7, "referee": 7,
    "render": 7.5,  # render: the command's finder only
    "cli": 8, "__main__": 9, "__init__": 10,
}


def _imports(path: Path) -> list[tuple[str, list[str], bool]]:
    """(module imported within trex_core, names, at top level) for each relative import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set(map(id, tree.body))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            parts = (node.module or "").split(".")
            if path.parent.name == "bots" and node.level == 1:
                parts = ["bots"]
            elif parts[0] in ("records", "tools"):  # the rooms beside the rules: by module
                parts = parts[1:] or [node.names[0].name]
            elif path.parent.name in ("records", "tools") and node.level == 1 and not node.module:
                parts = [node.names[0].name]
            out.append((parts[0], [a.name for a in node.names], id(node) in top))
    return out


def test_each_module_imports_only_from_the_layers_above_it() -> None:
    """python-chess's rule: the board never imports the records.  ``match`` knows nothing of
    observations, records or explanations; nothing reaches into another module's private names."""
    for path in sorted(PACKAGE.rglob("*.py")):
        name = "bots" if path.parent.name == "bots" else path.stem
        layer = LAYERS[name]
        for module, names, _top in _imports(path):
            if module in ("", "bots") and name == "bots":
                continue
            target = LAYERS.get(module, 0.0)
            assert target < layer or module == name, f"{path.name} imports {module}"
            privates = [n for n in names if n.startswith("_") and n != "__version__"]
            assert not privates, f"{path.name} imports private {privates} from {module}"
    match_imports = {module for module, _, _ in _imports(PACKAGE / "match.py")}
    assert not match_imports & {"observation", "record", "explain"}
