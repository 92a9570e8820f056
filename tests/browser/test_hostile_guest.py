"""A hostile guest over a real data channel (bench/hostile_guest.py runs the same, and prints it).

The host (South) invites an honest friend (East) and a hostile one (North) by link; West is a
bot. The hostile page, the real guest page, sends 10,000 mutated messages of the protocol
(tests/hostile_messages.py) through its data channel while the table plays on. The host's
referee hears every one; the match changes only by legal moves, its save with it; the honest
friend is sent states only and its next move is still answered; the hostile page is sent only
its own seat's observations and refusals that name no card it may not know; the ration holds
the answers back; the host's page keeps answering (its longest task)."""
from __future__ import annotations

from test_link_play import device, host_with_friends, join, link_browser  # noqa: F401 (fixtures)

from bench.hostile_guest import HONEST, HOSTILE, SEATS, run
from trex_core.errors import CODES as ENGINE_CODES
from trex_core.tools.referee import BURST, CODES, RATE

MESSAGES = 10_000


def test_ten_thousand_hostile_messages_change_nothing_but_legal_moves(device):  # noqa: F811
    host = host_with_friends(device, SEATS, seed=41)
    honest = join(device, host, HONEST, "en")
    hostile = join(device, host, HOSTILE, "en")
    host.click("[data-overlay=link] [data-action=close]")
    r = run(host, honest, hostile, MESSAGES, seed=3, burst=250)
    print(f"\nsent {r['sent']}\nrefused {r['refused']}\nanswered {r['answered']}, withheld {r['withheld']}, "
          f"host's longest task {r['host_longest_ms']} ms, {r['moves_before']} -> {r['moves_after']} moves")
    # every message heard, and accounted for: played, greeted or refused (by code)
    assert r["heard"] == MESSAGES + r["own_moves"]
    assert r["played"] + r["greeted"] + sum(r["refused"].values()) == r["heard_total"]  # (its hello too)
    assert set(r["refused"]) <= set(CODES) | set(ENGINE_CODES), r["refused"]
    assert r["answered"] + r["withheld"] == r["played"] + r["greeted"] + sum(r["refused"].values())
    assert r["received_by_hostile"] == r["sent_to_hostile"]  # what the referee sent it, it got
    # the ration: 16 at once, then 4 a second, beside its own moves' states
    assert r["answered"] - r["played"] <= BURST + RATE * (r["flood_s"] + 60) + 1
    assert r["withheld"] > MESSAGES // 2
    # no leak: each state one of its own seat's observations, no refusal names a hidden card
    assert r["hostile_states_checked"] >= 1 and r["hostile_refusals_checked"] >= BURST and r["leaks"] == []
    # the match: the same first moves, then only moves the engine replays; the save the same
    assert r["prefix_kept"] and r["legal_replay"] and r["save_moves_match"]
    assert r["moves_after"] > r["moves_before"]  # (the table played on through the flood)
    # the honest friend: states and who is away only, and its move after the flood is answered
    assert set(r["honest_received"]) <= {"state", "seats"} and r["honest_answered"]
    assert r["host_longest_ms"] < 1000, r["host_longest_ms"]
    assert r["outside_requests"] == []
