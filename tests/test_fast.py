"""The fast path (trex_core.fast) agrees with Match, move for move, from any position."""

from __future__ import annotations

import random

import pytest

from trex_core import Match, Rules, observe
from trex_core.bots.heuristics import trex_card, trick_card
from trex_core.bots.knowledge import trex_state, trick_state
from trex_core.fast import (
    TrexState,
    TrickRules,
    TrickState,
    bench_random_deals,
    play_trex,
    play_tricks,
    random_deal,
    random_hands,
    step_trex,
    step_trick,
    trex_playable,
)
from trex_core.moves import CARD_MOVES, PASS_MOVE
from trex_core.rules import Contract

RULESETS = [
    Rules(),
    Rules.preset("western"),
    Rules.preset("jawaker"),
    Rules.preset("pagat"),
    Rules(swap_values=True, forced_discard=True),
    Rules(early_end=False),
    Rules(partnership=True),
    Rules(complex=True),
]


def _finish_match_randomly(m: Match, rng: random.Random) -> None:
    while m.phase != "play" and not m.is_over:
        m.play(rng.choice(m.legal_moves()))


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: str(r.changes() or "levant"))
def test_fast_trick_and_trex_play_agree_with_match(rules: Rules) -> None:
    """§3, §4, §6, §7, §9: the same cards give the same scores on both paths."""
    rng = random.Random(f"fast:{rules}")
    for i in range(60):
        contract = rules.contracts[i % len(rules.contracts)]
        hands = random_hands(rng)
        m = Match.deal(hands, king=i % 4, contract=contract, rules=rules)
        # random announcements (doubles), never a redeal (it would change the deal)
        while m.phase == "announce":
            moves = [mv for mv in m.legal_moves() if mv.kind != "redeal"]
            m.play(rng.choice(moves))
        nxt = tuple(rules.next_seat(s) for s in range(4))
        obs = observe(m, 0)
        if contract is Contract.TREX:
            st: TrexState | TrickState = TrexState(list(m.hands), m.to_move or 0)
        else:
            st = TrickState(list(m.hands), m.to_move or 0, doubled=dict(obs.doubled))
        tr = None if contract is Contract.TREX else TrickRules.of(contract, rules)
        done = False
        while not m.is_over:
            mv = rng.choice(m.legal_moves())
            if isinstance(st, TrexState):
                assert st.to_move == m.to_move
                legal = st.hands[st.to_move] & trex_playable(st.laid)
                fast_legal = [CARD_MOVES[c] for c in range(52) if legal >> c & 1] or [PASS_MOVE]
                assert fast_legal == m.legal_moves()
                done = step_trex(st, nxt, mv.card if mv.kind == "card" else -1)
            else:
                assert tr is not None
                assert st.to_move(tr) == m.to_move
                done = step_trick(st, tr, mv.card)
            m.play(mv)
            assert done == m.is_over
        r = m.results[-1]
        if isinstance(st, TrexState):
            assert list(r.out_order[:3]) == st.out
        else:
            assert tuple(st.scores) == r.scores


@pytest.mark.parametrize("rules", RULESETS[:5] + RULESETS[6:], ids=lambda r: str(r.changes() or "levant"))
def test_playouts_from_mid_deal_end_legally_with_section7_totals(rules: Rules) -> None:
    """§7: a playout from any position ends with the contract's total."""
    from trex_core.scoring import DEAL_TOTALS

    rng = random.Random(f"mid:{rules}")
    for i in range(40):
        contract = rules.contracts[i % len(rules.contracts)]
        m = Match.deal(random_hands(rng), king=i % 4, contract=contract, rules=rules)
        _finish_match_randomly(m, rng)
        for _ in range(rng.randrange(30)):
            if m.is_over:
                break
            m.play(rng.choice(m.legal_moves()))
        if m.is_over:
            continue
        contract = m.contract  # a redeal (§5) may have changed it
        assert contract is not None
        obs = observe(m, m.to_move or 0)
        if contract is Contract.TREX:
            st = trex_state(obs, list(m.hands))
            scores = play_trex(st, tuple(rules.next_seat(s) for s in range(4)), trex_card)
        else:
            ts = trick_state(obs, list(m.hands))
            tr = TrickRules.of(contract, rules)
            scores = play_tricks(ts, tr, trick_card, rules)
            assert sum(scores) == -(sum(tr.value) + 13 * tr.trick_cost)
            continue
        assert sum(scores) == DEAL_TOTALS[contract]


def test_random_deals_and_bench() -> None:
    rng = random.Random(5)
    rules = Rules()
    for contract in rules.contracts:
        n = random_deal(contract, rules, random_hands(rng), 0, rng)
        assert n >= 4
    moves = bench_random_deals(50, seed=1)
    assert moves == bench_random_deals(50, seed=1) == bench_random_deals(50, seed=1, processes=2)
    assert 50 * 4 <= moves <= 50 * 200
