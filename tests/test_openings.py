"""The openings painted before Python (web/trexui/start/opening.py), without a browser:
their moves are the engine's, and every edge is a tap that early.js can make on the table the
node shows. (tests/browser/test_early.py checks them against the live page.)"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from trex_core import Match, Rules, observe

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from trexui.start import opening  # noqa: E402
from trexui.table import store  # noqa: E402

LANGS = ("en", "ar", "nl") * 2
OPENINGS = [opening.build(seed, lang) for seed, lang in zip(opening.SEEDS[:6], LANGS, strict=True)]


def test_the_seeds_are_distinct_and_the_rules_a_first_visit_s() -> None:
    assert len(set(opening.SEEDS)) == len(opening.SEEDS) == 32
    assert all(o["rules"] == store.default_settings()["rules"] for o in OPENINGS)


@pytest.mark.parametrize("data", OPENINGS, ids=lambda d: f"{d['lang']}-{d['seed']}")
def test_every_node_is_a_match_the_engine_plays_to_the_player_s_decision(data: dict) -> None:
    for node in data["nodes"]:
        m = Match.new(seed=data["seed"], rules=Rules.from_dict(data["rules"]))
        for text in node["moves"]:
            m.play(text)  # raises on a move the engine refuses
        assert m.to_move == 0 and not observe(m, 0).forced_answer  # the player's own decision


@pytest.mark.parametrize("data", OPENINGS, ids=lambda d: f"{d['lang']}-{d['seed']}")
def test_every_edge_is_a_tap_on_a_control_the_node_shows(data: dict) -> None:
    """move:X needs a [data-action=move][data-move=X]; raise:X a card of the hand; any
    other tap a control with that data-action."""
    for node in data["nodes"]:
        html = "".join(data["html"][i] for _, i in node["parts"])
        for tap, to in node["edges"].items():
            kind, _, move = tap.partition(":")
            if kind == "move":
                assert f'data-action="move" data-move="{move}"' in html, tap
            elif kind == "raise":
                card = rf'class="[^"]*\bin-hand\b[^"]*"[^>]*data-move="{re.escape(move)}"'
                assert re.search(card, html), tap
            else:
                assert f'data-action="{tap}"' in html, tap
            target = data["nodes"][to]
            assert target["moves"][:len(node["moves"])] == node["moves"]
            if target["moves"] != node["moves"]:  # a move played: the tapped one, then the bots'
                assert kind == "move" and target["moves"][len(node["moves"])] == move


def test_a_first_visit_starts_with_the_tour_over_the_table() -> None:
    for data in OPENINGS:
        tour, table = (data["nodes"][data["start"][k]] for k in ("tour", "table"))
        assert tour["moves"] == table["moves"]
        assert "tour-done" in tour["edges"] and data["nodes"][tour["edges"]["tour-done"]] is table
        assert 'data-action="tour-next"' in data["whole"]["tour"]
        assert "tour-next" not in data["whole"]["table"]
