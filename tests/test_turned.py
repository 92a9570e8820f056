"""An observation seen from another chair (Observation.turned; §1.3: only the cyclic order of
play matters, so a deal dealt with every hand moved round the table is the same deal).

Whole seeded matches are played at random; at every move of a deal, each seat's observation
turned to each chair must be what the engine itself shows that chair's seat when the same
deal is dealt turned (the hands moved round, the king with them) and the same moves are
made: two constructions that share no code."""
from __future__ import annotations

import dataclasses
import random

import pytest

from trex_core import CHOOSE, DEAL_OVER, PLAY, Match, observe

MATCH_LEVEL = ("kingdom", "deal_number", "deal_count", "used_contracts", "totals", "history")


def deal_part(obs):
    """The fields a single deal shows alike wherever in a match it is dealt. (The leader is
    the king from the first card on, §3.1, §6.2; before, the engine leaves the last deal's.)"""
    leader = obs.leader if obs.phase == PLAY else None
    return dataclasses.replace(obs, leader=leader, **{f: None for f in MATCH_LEVEL})


def turned_deal(m: Match, k: int) -> Match:
    """The current deal dealt with seat ``k``'s hand at seat 0 (each hand moved round), its
    contract named and its moves made (a kingdom's last contract is named with no move)."""
    h = m.dealt_hands
    other = Match.deal([h[(s + k) % 4] for s in range(4)], king=(m.king - k) % 4, contract=m.contract,
                       rules=m.rules)
    moves = m.moves
    for move in moves[1:] if moves and moves[0].kind == "contract" else moves:
        other.play(move)
    return other


@pytest.mark.parametrize("options", [{}, {"partnership": True}, {"complex": True},
                                     {"direction": "clockwise", "doubling": True}],
                         ids=["plain", "partnership", "complex", "clockwise"])
def test_every_seat_turned_to_every_chair_is_what_that_chair_is_shown(options):
    m = Match.new(seed=11, **options)
    rng = random.Random(11)
    checked = 0
    while not m.is_over:
        # once the contract is named (before, the king's choices are the kingdom's, §2.2), and
        # not after a redeal (the earlier dealing is not in a fresh deal, §5)
        if not m.attempts and m.phase not in (CHOOSE, DEAL_OVER):
            ks = rng.sample(range(4), 2)
            for k in ks:
                other = turned_deal(m, k)
                for seat in range(4):
                    mine = observe(m, seat).turned(k)
                    assert deal_part(mine) == deal_part(observe(other, (seat - k) % 4))
                    checked += 1
        m.play(rng.choice(m.legal_moves()))
    assert checked > 1000


def test_turning_is_undone_by_turning_back_and_keeps_what_belongs_to_each_seat():
    m = Match.new(seed=4)
    rng = random.Random(4)
    for _ in range(300):
        m.play(rng.choice(m.legal_moves()))
    obs = observe(m, 2)
    for k in range(4):
        t = obs.turned(k)
        assert t.turned((4 - k) % 4) == obs
        assert t.seat == (2 - k) % 4 and t.hand == obs.hand
        assert [t.totals[(s - k) % 4] for s in range(4)] == list(obs.totals)
        assert [sc[(s - k) % 4] for (*_, sc) in t.history for s in range(4)] == \
               [sc[s] for (*_, sc) in obs.history for s in range(4)]
    with pytest.raises(ValueError, match="0..3"):
        obs.turned(4)
