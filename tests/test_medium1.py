"""``medium-1``, the arena's frozen yardstick: it plays exactly as the medium
level played before medium was given better constants, on recorded whole matches.

``tests/golden/medium-1.json`` holds whole matches played by four copies of that medium
(commit 12b4866), one generator per match, under rules that reach every kind of decision:
the king's choice, doubling and the redeal (§2, §4, §5), every trick contract with the
options that change a card's legality or value (§3.2-§3.5), Trex (§6), partnership (§8) and
Complex (§9). It was written once with ``python tests/test_medium1.py medium`` at that
commit, and is never rewritten: a figure measured against ``medium-1`` today compares with
one measured a year from now only while this test passes.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from trex_core import Match, Rules, observe
from trex_core.bots import get_bot

RECORD = Path(__file__).parent / "golden" / "medium-1.json"

GAMES = (
    ("medium-1:levant", "levant", {}),
    ("medium-1:redeal:67", "levant", {}),  # (the first such seed with a redeal, §5)
    ("medium-1:pagat", "pagat", {"forced_discard": True, "early_end": False}),
    ("medium-1:western", "western", {"swap_values": True, "redeal_any_contract": True}),
    ("medium-1:partnership", "jawaker", {"partnership": True}),
    ("medium-1:complex", "levant", {"complex": True}),
    ("medium-1:complex-partnership", "pagat", {"complex": True, "partnership": True}),
)


def play(level: str, seed: str, rules: Rules):
    """The moves of a whole match, every seat played by ``level`` with one generator."""
    m = Match.new(seed=seed, rules=rules)
    bot = get_bot(level)
    rng = random.Random(seed)
    while not m.is_over:
        seat = m.to_move
        move = bot.choose(observe(m, seat), rng)
        m.play(move, seat)
        yield str(move)


def recorded() -> list[dict]:
    return json.loads(RECORD.read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("game", recorded(), ids=lambda g: g["seed"])
def test_medium_1_plays_every_recorded_decision_as_recorded(game: dict) -> None:
    rules = Rules.preset(game["preset"], **game["options"])
    want = game["moves"]
    got = []
    for i, move in enumerate(play("medium-1", game["seed"], rules)):
        got.append(move)
        assert move == want[i], f"decision {i} of {game['seed']}: medium-1 plays {move}, recorded {want[i]}"
    assert len(got) == len(want)


def test_the_record_holds_every_kind_of_decision() -> None:
    """Contracts named, doubling answers (a double among them), Trex passes and cards."""
    from trex_core.rules import Contract

    games = recorded()
    assert [g["seed"] for g in games] == [seed for seed, _, _ in GAMES]
    moves = [m for g in games for m in g["moves"]]
    named = {m for m in moves if m in {c.value for c in Contract}}
    assert named == {c.value for c in Contract}
    assert "nodouble" in moves and any(m.startswith("double:") for m in moves)
    assert "pass" in moves and "redeal" in moves


def test_the_shipped_medium_is_not_medium_1() -> None:
    """The record can tell two mediums apart: today's medium, with its better constants,
    leaves it somewhere."""
    game = recorded()[0]
    rules = Rules.preset(game["preset"], **game["options"])
    assert list(play("medium", game["seed"], rules)) != game["moves"]


def write(level: str) -> None:
    games = []
    for seed, preset, options in GAMES:
        moves = list(play(level, seed, Rules.preset(preset, **options)))
        games.append({"seed": seed, "preset": preset, "options": options, "moves": moves})
    RECORD.write_text(json.dumps({
        "about": "whole matches of four medium-1 bots, one random.Random(seed) per match "
                 "(tests/test_medium1.py); never rewritten",
        "games": games}, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write(sys.argv[1] if len(sys.argv) > 1 else "medium-1")
