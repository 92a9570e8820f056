"""Random self-play with invariants after every move (OpenSpiel's random-simulation test).

Hypothesis draws the rule options and seeds; every rule combination of RULES.md §10 is
reachable.  After every move: cards are conserved, a legal move exists until the end, no
observation shows another seat's unplayed cards, undo restores the exact state; after every
deal its total is that of §7; every kingdom and the match sum to 0.
"""

from __future__ import annotations

import copy
import json
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import rules_strategy
from trex_core import Contract, Match, Rules, observe
from trex_core.cards import FULL_DECK, card_text, cards_of, parse_card
from trex_core.scoring import deal_total
from trex_core.state import State

CARD_RE = re.compile(r'"([2-9TJQKA][SHDC])"')


def full_state(m: Match) -> tuple[object, ...]:
    """Every field, lists and dicts copied: they change in place as play goes on (their
    items are immutable values)."""
    return tuple(copy.copy(getattr(m.state, f)) for f in State.__slots__)


def check_conservation(m: Match) -> None:
    s = m.state
    if m.is_over:
        return
    held = s.hands[0] | s.hands[1] | s.hands[2] | s.hands[3]
    assert sum(h.bit_count() for h in s.hands) == held.bit_count()  # no card twice
    if s.contract is Contract.TREX and s.phase in ("play", "deal-over"):
        laid = 0
        for suit, row in enumerate(m.layout):
            if row:
                lo, hi = row
                laid |= ((1 << (hi - lo + 1)) - 1) << (13 * suit + lo)
        assert held & laid == 0 and held | laid == FULL_DECK
    else:
        gone = s.taken[0] | s.taken[1] | s.taken[2] | s.taken[3]
        for c in s.trick:
            gone |= 1 << c
        assert held & gone == 0 and held | gone == FULL_DECK
        assert held.bit_count() + gone.bit_count() == 52


def check_observations(m: Match) -> None:
    for seat in range(4):
        o = observe(m, seat)
        assert o.hand == m.hands[seat]
        d = o.to_dict()
        public = {card_text(c) for c, _ in o.doubled}
        for twos in o.shown_twos:
            public |= {card_text(c) for c in cards_of(twos)}
        redeals = d.pop("redeals")
        hidden = {
            card_text(c)
            for other in range(4)
            if other != seat
            for c in cards_of(m.hands[other])
        } - public
        d.pop("doubled")
        d.pop("shown_twos")
        mentioned = set(CARD_RE.findall(json.dumps(d)))
        assert not mentioned & hidden, f"seat {seat} sees {mentioned & hidden}"
        for _claimant, shown in redeals:  # a redeal shows the claimant's old hand, whole
            assert len(shown) == 13
        if o.to_move == seat:
            assert [str(x) for x in o.legal] == [str(x) for x in m.legal_moves()]
        else:
            assert o.legal == ()


def play_match(m: Match, rng: random.Random, every_move: bool) -> None:
    deals_seen = 0
    while not m.is_over:
        legal = m.legal_moves()
        assert legal, "no legal move before the end"
        move = rng.choice(legal)
        if every_move:
            before = full_state(m)
            m.play(move)
            after = full_state(m)
            m.undo()
            assert full_state(m) == before
            m.play(move)
            assert full_state(m) == after
            check_conservation(m)
            check_observations(m)
        else:
            m.play(move)
        if len(m.state.results) > deals_seen:
            r = m.state.results[-1]
            deals_seen += 1
            assert sum(r.scores) == deal_total(r.contract, m.rules)  # §7, §9.2
    per = m.rules.deals_per_kingdom
    assert len(m.results) == 4 * per
    for k in range(4):
        assert sum(sum(r.scores) for r in m.results[k * per : (k + 1) * per]) == 0
        assert {r.contract for r in m.results[k * per : (k + 1) * per]} == set(m.rules.contracts)
    assert sum(m.totals) == 0
    assert m.totals == tuple(sum(r.scores[i] for r in m.results) for i in range(4))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
def test_every_move_keeps_the_invariants(rules: Rules, seed: int, choice_seed: int) -> None:
    play_match(Match.new(seed=seed, rules=rules), random.Random(choice_seed), every_move=True)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
def test_thousands_of_matches_end_with_zero_sum_kingdoms(rules: Rules, seed: int, choice_seed: int) -> None:
    play_match(Match.new(seed=seed, rules=rules), random.Random(choice_seed), every_move=False)


def test_state_copy_covers_every_field() -> None:
    m = Match.new(seed=1)
    for _ in range(30):
        m.play(m.legal_moves()[-1])
    c = m.state.copy()
    for f in State.__slots__:
        assert getattr(c, f) == getattr(m.state, f), f
        v = getattr(m.state, f)
        if isinstance(v, (list, dict)):
            assert getattr(c, f) is not v, f"{f} is shared, not copied"


def test_undo_many_moves_returns_to_the_start() -> None:
    m = Match.new(seed=2)
    start = full_state(m)
    rng = random.Random(3)
    n = 0
    while m.deal_number < 3:
        m.play(rng.choice(m.legal_moves()))
        n += 1
    m.undo(n)
    assert full_state(m) == start
    assert parse_card("2S") == 0
