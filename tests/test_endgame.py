"""The exact endgame solvers (trex_core.bots.endgame) against brute force: random end
positions of every trick contract (§3, §9) and of the layout (§6), under the default rules,
partnership (§8.1, team-aware max^n), §3.3 forced discards, §4.3/§4.4 doubles and the §3.4
early end; all four seats' final scores must be equal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from trex_core.bots.endgame import TrexSolver, TrickSolver, brute_trex, brute_tricks, trick_after
from trex_core.cards import KING_OF_HEARTS, QUEENS
from trex_core.fast import (
    TrexState,
    TrickRules,
    TrickState,
    play_trex,
    play_tricks,
    step_trick,
    trick_legal,
)
from trex_core.randomplay import random_hands
from trex_core.rules import Contract, Rules
from trex_core.tricks import ended_early


def _random_policy(rng: random.Random):  # noqa: ANN202 - a test helper
    def pick(seat: int, st: object, *rest: object) -> int:
        legal = rest[-1]
        assert isinstance(legal, int)
        cards = [c for c in range(52) if legal >> c & 1]
        return rng.choice(cards)
    return pick


def trick_end_position(rng: random.Random, contract: Contract, rules: Rules, tricks_left: int) -> TrickState:
    """A random deal played at random until ``tricks_left`` tricks remain, plus 0-3 cards of
    the next trick; a random double of each doublable card, held by whoever holds it."""
    hands = random_hands(rng)
    doubled: dict[int, int] = {}
    tr = TrickRules.of(contract, rules)
    doublable = {Contract.KING_OF_HEARTS: [KING_OF_HEARTS], Contract.QUEENS: list(QUEENS),
                 Contract.COMPLEX: [KING_OF_HEARTS, *QUEENS]}.get(contract, [])
    for c in doublable:  # §4.1: any doublable card may have been revealed
        if rules.doubling and rng.random() < 0.5:
            doubled[c] = next(s for s in range(4) if hands[s] >> c & 1)
    st = TrickState(hands=hands, leader=rng.randrange(4), doubled=doubled)
    pol = _random_policy(rng)
    play_tricks(st, tr, pol, until=13 - tricks_left)
    for _ in range(rng.randrange(4)):
        if st.tricks_done >= 13 or ended_early(st.played, tr.penalty, tr.early_end):
            break
        seat = st.to_move(tr)
        led = st.trick[0] // 13 if st.trick else -1
        legal = trick_legal(st.hands[seat], led, tr)
        step_trick(st, tr, pol(seat, st, tr, legal))
    return st


CASES = [
    ("levant", Rules()),
    ("partnership", Rules(partnership=True)),
    ("jawaker+complex", Rules.preset("jawaker", complex=True)),
    ("forced+swap+no-early-end", Rules(forced_discard=True, swap_values=True, early_end=False)),
]


@pytest.mark.parametrize(("name", "rules"), CASES)
def test_section3_trick_solver_equals_brute_force_on_random_end_positions(name: str, rules: Rules) -> None:
    rng = random.Random(f"endgame-tricks:{name}")
    n = 0
    for i in range(80):
        contract = rules.contracts[i % len(rules.contracts)]
        if contract is Contract.TREX:
            continue
        st = trick_end_position(rng, contract, rules, tricks_left=4 if i % 10 == 3 else rng.choice((2, 3)))
        tr = TrickRules.of(contract, rules)
        solver = TrickSolver(tr)
        assert solver.value(st) == brute_tricks(st, tr), (name, contract, i)
        if st.tricks_done >= 10 and st.hands[st.to_move(tr)]:
            by_card = solver.card_values(st)
            seat = st.to_move(tr)
            for c, v in by_card.items():
                assert v == brute_tricks(trick_after(st, tr, c), tr), (name, contract, i, c)
            u = max((v[seat] + (v[(seat + 2) % 4] if rules.partnership else 0)) for v in by_card.values())
            w = brute_tricks(st, tr)
            assert u == w[seat] + (w[(seat + 2) % 4] if rules.partnership else 0)
        n += 1
    assert n >= 35


def trex_end_position(rng: random.Random, rules: Rules, cards_left: int) -> TrexState:
    nxt = tuple(rules.next_seat(s) for s in range(4))
    while True:
        st = TrexState(hands=random_hands(rng), to_move=rng.randrange(4))
        pol = _random_policy(rng)

        def stop_early(seat: int, s: TrexState, legal: int, pol: Any = pol) -> int:
            if sum(h.bit_count() for h in s.hands) <= cards_left:
                raise StopIteration
            return int(pol(seat, s, legal))

        try:
            play_trex(st, nxt, stop_early)
        except StopIteration:
            return st


@pytest.mark.parametrize(("name", "rules"), [("levant", Rules()), ("partnership", Rules(partnership=True)),
                                             ("western", Rules.preset("western"))])
def test_section6_trex_solver_equals_brute_force_on_random_end_positions(name: str, rules: Rules) -> None:
    rng = random.Random(f"endgame-trex:{name}")
    nxt = tuple(rules.next_seat(s) for s in range(4))
    for i in range(50):
        st = trex_end_position(rng, rules, rng.choice((8, 10, 12, 14)))
        solver = TrexSolver(nxt, rules.partnership)
        want = brute_trex(st, nxt, rules.partnership)
        assert solver.value(st) == want, (name, i)
        assert sorted(want) == [50, 100, 150, 200]
