"""The table's HTML (web/trexui/view.py) rendered natively for every position of
random matches under each preset, partnership and Complex: no exception, every
legal card of yours is a playable button, nothing of another seat's hand leaks.
Runs without a browser in well under a second per match."""
import random
import re
import sys
from pathlib import Path

import pytest

from trex_core import Match, Rules, observe, write_record

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from trexui import store, view  # noqa: E402

CASES = [("levant", {}), ("western", {}), ("pagat", {"partnership": True}),
         ("jawaker", {"complex": True}), ("levant", {"partnership": True, "complex": True})]


def ui_for(m, obs):
    ui = {"kings": list(m.kings), "levels": ["random"], "overlay": None}
    if obs["tricks"] and obs["contract"] != "trex":
        leader, cards, winner = obs["tricks"][-1]
        plays = list(zip(m.rules.seat_order(leader), cards, strict=True))
        ui["last_trick"] = {"plays": plays, "winner": winner}
        ui["held"] = ui["last_trick"]
        ui["show_last"] = True
    return ui


@pytest.mark.parametrize("preset,options", CASES)
def test_every_position_renders(preset, options):
    rng = random.Random(preset + str(options))
    m = Match.new(seed=rng.randrange(10**6), rules=Rules.preset(preset, **options))
    while True:
        obs = observe(m, 0).to_dict()
        html = view.table(obs, ui_for(m, obs))
        playable = set(re.findall(r'class="card [a-z]+ in-hand playable[^"]*"[^>]*data-move="(\w\w)"', html))
        if obs["phase"] == "play" and obs["to_move"] == 0:
            assert playable == {c for c in obs["legal"] if c != "pass"}
        else:
            assert not playable
        # every card face on screen is yours, played, or shown to all (§4.2, §5.1, §8.2)
        public = set(obs["hand"]) | view.played_cards(obs) | {c for c, _ in obs["doubled"]}
        public |= {c for two in obs["shown_twos"] for c in two}
        public |= {c for _, cards in obs["redeals"] for c in cards}
        faces = set(re.findall(r'data-card="(\w\w)"', html))
        assert faces <= public, faces - public
        if view.forced_answer(obs):  # nothing to decide: the page does not say it is your turn
            assert "Your turn" not in html and "waiting for the others to answer" in html
        if m.is_over:
            break
        deals = len(m.results)
        m.play(rng.choice(m.legal_moves()))
        if len(m.results) > deals:
            check_summary(m, observe(m, 0).to_dict())
    result = view.final_result(obs, list(m.kings))
    assert "winner" in result
    assert "&amp; West wins" not in result and "&amp; North wins" not in result  # a team wins -> "win"
    assert result.count("Score sheet") == 1


def check_summary(m, obs):
    """Behind a deal's summary the finished deal shows, not the next one (already dealt);
    the summary explains every doubled card on the taker's and the doubler's line."""
    result = store.result_dict(m.results[-1], m.rules)
    html = view.table(obs, {"kings": list(m.kings), "levels": ["random"], "overlay": "summary",
                            "result": result})
    assert "in-hand" not in html, "the next deal's hand is hidden behind the summary"
    assert "badge thinking" not in html and 'data-prompt="choose"' not in html
    per = len(obs["contracts"])
    title = f"Kingdom {result['kingdom'] + 1}, deal {result['number'] % per + 1} of {per}"
    assert title in html
    assert f'<li data-k="deal">Deal {result["number"] % per + 1} of {per}</li>' in html
    assert " 1 tricks" not in html
    doubled = dict(result["doubled"])
    for _, cards, winner in result["tricks"]:
        for c in cards:
            if c in doubled and doubled[c] != winner:
                sym = view.card_symbol(c)
                taker = view.took_lines(result, winner, obs["rules"])
                doubler = view.took_lines(result, doubled[c], obs["rules"])
                assert any(f"{sym} doubled \u00d72" in line for line in taker), taker
                assert any(f"doubled {sym} taken by {view.seat_name(winner)}" in line
                           for line in doubler), doubler


def test_save_round_trip_and_refusals():
    m = Match.new(seed=3)
    moves = []
    rng = random.Random(1)
    for _ in range(60):
        mv = str(rng.choice(m.legal_moves()))
        m.play(mv)
        moves.append(mv)
    seed, again, moves2, ui = store.load(store.dump(3, m, moves, {"summary": False}))
    assert again.hands == m.hands and write_record(again) == write_record(m) and moves2 == moves
    for bad in ("", "[]", '{"format": "old"}', '{"format": "trex-web/1"}'):
        with pytest.raises(store.SaveError):
            store.load(bad)


def test_the_page_offers_the_bots_levels() -> None:
    from trex_core.bots import LEVELS
    from trexui import bots

    assert bots.levels() == list(LEVELS)
