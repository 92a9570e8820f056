"""The openings painted before Python (web/trexui/start/opening.py), without a browser:
their moves are the engine's, and every edge is a tap that early.js can make on the table the
node shows. (tests/browser/test_early.py checks them against the live page.)"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from trex_core import Match, Rules, card_text, observe

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from trexui.i18n import strings  # noqa: E402
from trexui.players import bots  # noqa: E402
from trexui.start import opening  # noqa: E402
from trexui.table import store  # noqa: E402
from trexui.view import board, faces  # noqa: E402

LANGS = ("en", "ar", "nl") * 2
OPENINGS = [opening.build(seed, lang) for seed, lang in zip(opening.SEEDS[:6], LANGS, strict=True)]


def test_the_seeds_are_distinct_and_the_rules_a_first_visit_s() -> None:
    assert len(set(opening.SEEDS)) == len(opening.SEEDS) == 32
    assert all(o["rules"] == store.default_settings()["rules"] for o in OPENINGS)


def files(data: dict) -> list[dict]:
    """The opening's first file and its branches."""
    return [data, *data["branches"].values()]


def target(data: dict, file: dict, to: int | str) -> dict:
    """The node an edge leads to: of the same file, or a branch's first."""
    if isinstance(to, str):
        branch = data["branches"][to]
        return branch["nodes"][branch["start"]]
    return file["nodes"][to]


@pytest.mark.parametrize("data", OPENINGS, ids=lambda d: f"{d['lang']}-{d['seed']}")
def test_every_node_is_a_match_the_engine_plays_to_the_player_s_decision(data: dict) -> None:
    for file in files(data):
        for node in file["nodes"]:
            m = Match.new(seed=data["seed"], rules=Rules.from_dict(data["rules"]))
            for text in node["moves"]:
                m.play(text)  # raises on a move the engine refuses
            assert m.to_move == 0 and not observe(m, 0).forced_answer  # the player's own decision


@pytest.mark.parametrize("data", OPENINGS, ids=lambda d: f"{d['lang']}-{d['seed']}")
def test_every_edge_is_a_tap_on_a_control_the_node_shows(data: dict) -> None:
    """move:X needs a [data-action=move][data-move=X]; raise:X a card of the hand; any
    other tap a control with that data-action."""
    for file in files(data):
        for node in file["nodes"]:
            html = "".join(opening.html_of(file, i) for _, i in node["parts"])
            for tap, to in node["edges"].items():
                kind, _, move = tap.partition(":")
                if kind == "move":
                    assert f'data-action="move" data-move="{move}"' in html, tap
                elif kind == "raise":
                    card = rf'class="[^"]*\bin-hand\b[^"]*"[^>]*data-move="{re.escape(move)}"'
                    assert re.search(card, html), tap
                else:
                    assert f'data-action="{tap}"' in html, tap
                after = target(data, file, to)
                assert after["moves"][:len(node["moves"])] == node["moves"]
                if after["moves"] != node["moves"]:  # a move played: the tapped one, then the bots'
                    assert kind in ("move", "raise") and after["moves"][len(node["moves"])] == move
                    assert kind == "move" or f'data-move="{move}"' in html and "raised" in html


@pytest.mark.parametrize("data", OPENINGS, ids=lambda d: f"{d['lang']}-{d['seed']}")
def test_the_bots_answer_a_card_as_the_page_s_bots_would(data: dict) -> None:
    """Each branch starts with the player's card and then the moves the page's bot driver
    makes (botdriver.py: the page's bots, seeded by the match seed and the number of moves),
    up to the player's next decision; the live region says each bot's card (announce.py)."""
    # (a start with no card to play: a forced doubling prompt)
    assert data["branches"] or data["nodes"][data["start"]["table"]]["edges"] == {}
    for file in files(data):
        for node in file["nodes"]:
            for tap, to in node["edges"].items():
                if not isinstance(to, str):
                    continue
                after = target(data, file, to)["moves"]
                m = Match.new(seed=data["seed"], rules=Rules.from_dict(data["rules"]))
                for text in node["moves"]:
                    m.play(text)
                m.play(tap.partition(":")[2])
                # (none when the card completes a trick the player takes: they lead again, §3.1)
                for text in after[len(m.history):]:
                    seat = m.to_move
                    assert seat != 0 or observe(m, 0).forced_answer
                    rng = random.Random(f"{data['seed']}:{len(m.history)}")
                    with strings.language(data["lang"]):
                        assert str(bots.Thinker(m, seat, data["level"], rng).move()) == text
                    m.play(text)
                assert m.to_move == 0
                say = " ".join(target(data, file, to)["say"])
                with strings.language(data["lang"]):
                    for seat, card in observe(m, 0).trick:
                        if seat != 0:
                            assert faces.card_name(card_text(card)) in say


def test_the_first_two_decisions_are_answered_and_the_third_is_kept() -> None:
    """opening.DEPTH: a player who starts with a card has their first two cards answered
    (two tricks: a branch, then a branch of it), the king the contract (§2.2) and the first
    card; a card after those has no edge (it is kept for Python). Every branch is reached."""
    for data in OPENINGS:
        start = data["nodes"][data["start"]["table"]]
        m = Match.new(seed=data["seed"], rules=Rules.from_dict(data["rules"]))
        for text in start["moves"]:
            m.play(text)
        level: dict[str, int] = {}
        todo = [(data, 0)]
        while todo:
            file, at = todo.pop()
            for node in file["nodes"]:
                for to in node["edges"].values():
                    if isinstance(to, str) and to not in level:
                        level[to] = at + 1
                        todo.append((data["branches"][to], at + 1))
        assert set(level) == set(data["branches"])
        if m.phase == "play":
            assert set(level.values()) == {1, 2}, data["seed"]
        elif m.phase == "choose":
            assert set(level.values()) == {1}, data["seed"]


def test_a_part_s_pieces_are_its_html() -> None:
    """A part written as pieces of another entry (opening.pieces) reads back as its HTML."""
    base = ('<div class="hand"><button class="card" data-move="QS">Q</button>'
            + "".join(f'<button class="card" data-move="{r}H">{r}</button>' for r in "23456789TJK")
            + "</div>")
    raised = base.replace('class="card" data-move="QS"', 'class="card raised" data-move="QS"')
    data = {"html": [base, opening.pieces(base, 0, raised)]}
    assert isinstance(data["html"][1], list)
    assert opening.html_of(data, 1) == raised
    wide = base.replace(">Q<", ">\U0001F0AD<")  # (beyond the BMP: early.js would slice it otherwise)
    assert opening.pieces(wide, 0, wide.replace("QS", "QH")) == wide.replace("QS", "QH")


def test_a_first_visit_starts_with_the_tour_over_the_table() -> None:
    for data in OPENINGS:
        tour, table = (data["nodes"][data["start"][k]] for k in ("tour", "table"))
        assert tour["moves"] == table["moves"]
        assert "tour-done" in tour["edges"] and data["nodes"][tour["edges"]["tour-done"]] is table
        assert 'data-action="tour-next"' in data["whole"]["tour"]
        for name, n in data["start"].items():  # early.js's first paint: the start's parts as text
            parts = [(part, opening.html_of(data, i)) for part, i in data["nodes"][n]["parts"]]
            assert data["whole"][name] == board.whole(parts)
        assert "tour-next" not in data["whole"]["table"]
