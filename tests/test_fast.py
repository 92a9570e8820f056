"""The fast path (trex_core.fast) agrees with Match, move for move, from any position.

Both read the rules of play from trex_core.tricks (tested by tests/test_tricks.py), so these
tests guard the fast path's speed-ups: the obligations read inline, the scores summed without
a ledger, the layout on bits, and randomplay's flat loops."""

from __future__ import annotations

import random
from typing import Any

import pytest

from trex_core import Match, Rules, observe
from trex_core.bots.heuristics import trex_card, trick_card
from trex_core.bots.knowledge import trex_state, trick_state
from trex_core.cards import SUIT_MASK, cards_of
from trex_core.fast import (
    TrexState,
    TrickRules,
    TrickState,
    play_trex,
    play_tricks,
    step_trex,
    step_trick,
    trex_playable,
    trick_legal,
)
from trex_core.moves import CARD_MOVES, PASS_MOVE, Move
from trex_core.randomplay import bench_random_deals, random_deal, random_hands
from trex_core.rules import CLOCKWISE, COUNTERCLOCKWISE, JAWAKER, PLAIN, PRESETS, Contract

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
            scores = play_tricks(ts, tr, trick_card)
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


# -- legality: the fast path's legal sets are Match's, at every position ---------------------

PLAY_OPTIONS: dict[str, tuple[object, object]] = {
    "no_heart_lead": (False, True),  # §3.2
    "forced_discard": (False, True),  # §3.3
    "early_end": (True, False),  # §3.4
    "swap_values": (False, True),  # §3.5
    "doubling": (True, False),  # §4.1
    "self_capture": (PLAIN, JAWAKER),  # §4.4
    "partnership": (False, True),  # §8
    "complex": (False, True),  # §9
    "direction": (COUNTERCLOCKWISE, CLOCKWISE),  # §1.3
}
"""Every rule option that changes how a deal is played, with its two values."""

_ROWS = {
    "levant": (1, 1, 1, 0, 0, 1, 0, 0, 1),
    "western": (0, 1, 0, 1, 1, 0, 1, 0, 0),
    "jawaker": (1, 1, 0, 1, 0, 0, 1, 0, 1),
    "pagat": (1, 1, 1, 1, 1, 0, 0, 0, 0),
}
"""A row of option values (indices into PLAY_OPTIONS' pairs) per preset.  Each preset is
played as it is, with its row and with the row's complement: under every preset every option
takes both values, and the rows differ so that the options meet in varied combinations.  The
rows turn §3.3 on with Complex off (§3.2/§3.3 only bite in the four trick contracts); one
more ruleset checks that they do nothing in Complex."""


def _legality_rulesets() -> list[tuple[str, Rules]]:
    out = [(name, Rules.preset(name)) for name in PRESETS]
    for name, row in _ROWS.items():
        for flip in (0, 1):
            opts = {k: vals[i ^ flip] for (k, vals), i in zip(PLAY_OPTIONS.items(), row, strict=True)}
            out.append((name, Rules.preset(name, **opts)))
    out.append(("levant", Rules(complex=True, no_heart_lead=True, forced_discard=True)))
    return out


LEGALITY_RULESETS = _legality_rulesets()


def test_legality_rulesets_cover_every_play_option_under_every_preset() -> None:
    assert {name for name, _ in LEGALITY_RULESETS} == set(PRESETS) == {
        "levant", "western", "jawaker", "pagat",
    }
    for preset in PRESETS:
        for k, vals in PLAY_OPTIONS.items():
            values = {getattr(r, k) for name, r in LEGALITY_RULESETS if name == preset}
            assert values == set(vals), (preset, k)


def _laid(layout: tuple[tuple[int, int] | None, ...]) -> int:
    """The mask of laid cards of Match's Trex layout (rows of consecutive ranks, §6.1)."""
    laid = 0
    for suit, row in enumerate(layout):
        if row is not None:
            lo, hi = row
            laid |= ((1 << (hi - lo + 1)) - 1) << (13 * suit + lo)
    return laid


def _fast_legal_moves(m: Match) -> list[Move]:
    """The fast path's legal moves at Match's position, from the position alone: hands, trick
    so far and leader, layout."""
    seat = m.to_move
    assert seat is not None and m.contract is not None
    hand = m.hands[seat]
    if m.contract is Contract.TREX:
        legal = hand & trex_playable(_laid(m.layout))  # §6.1, §6.2
        return [CARD_MOVES[c] for c in cards_of(legal)] or [PASS_MOVE]
    tr = TrickRules.of(m.contract, m.rules)
    assert TrickState(list(m.hands), m.leader, list(m.trick)).to_move(tr) == seat
    led = m.trick[0] // 13 if m.trick else -1
    return [CARD_MOVES[c] for c in cards_of(trick_legal(hand, led, tr))]


@pytest.mark.parametrize(
    "rules", [r for _, r in LEGALITY_RULESETS], ids=[f"{n}-{i}" for i, (n, _) in enumerate(LEGALITY_RULESETS)]
)
def test_section3_section6_fast_legal_sets_equal_match_legal_moves_at_every_position(rules: Rules) -> None:
    """§3.1–§3.3, §6.1–§6.2: the fast path's legal cards (``trick_legal``, ``trex_playable``)
    are ``Match.legal_moves()`` at every position of seeded random deals, for every contract
    these rules play (Complex included), with random doubling answers (never a redeal)."""
    rng = random.Random(f"legal:{rules}")
    restricted = {"§3.2": 0, "§3.3": 0, "pass": 0}
    for i in range(60):
        contract = rules.contracts[i % len(rules.contracts)]
        m = Match.deal(random_hands(rng), king=i % 4, contract=contract, rules=rules)
        while m.phase == "announce":
            m.play(rng.choice([mv for mv in m.legal_moves() if mv.kind != "redeal"]))
        assert m.contract is contract
        while m.phase == "play":
            legal = m.legal_moves()
            assert _fast_legal_moves(m) == legal, (contract, m.hands, m.trick, m.layout)
            hand = m.hands[m.to_move or 0]
            if legal == [PASS_MOVE]:
                restricted["pass"] += 1
            elif len(legal) < hand.bit_count() and m.contract is not Contract.TREX:
                if not m.trick:
                    restricted["§3.2"] += 1
                elif not hand & SUIT_MASK[m.trick[0] // 13]:
                    restricted["§3.3"] += 1
            m.play(rng.choice(legal))
    # the options' branches were reached, so breaking one of them fails the comparison above
    assert restricted["§3.2"] > 0 or not (rules.no_heart_lead and not rules.complex)
    assert restricted["§3.3"] > 0 or not (rules.forced_discard and not rules.complex)
    assert restricted["pass"] > 0


class _LoggedHands(list[int]):
    """Hands that log every card the playouts take out of them (``hands[seat] = hand ^ bit``)."""

    def __init__(self, hands: list[int]) -> None:
        super().__init__(hands)
        self.log: list[int] = []

    def __setitem__(self, seat: Any, hand: Any) -> None:
        gone = self[seat] & ~hand
        assert gone.bit_count() == 1 and not hand & ~self[seat]
        self.log.append(gone.bit_length() - 1)
        super().__setitem__(seat, hand)


@pytest.mark.parametrize(
    "rules", [r for _, r in LEGALITY_RULESETS], ids=[f"{n}-{i}" for i, (n, _) in enumerate(LEGALITY_RULESETS)]
)
def test_section3_section6_random_and_policy_playouts_play_only_match_legal_moves(rules: Rules) -> None:
    """§3.1–§3.3, §6.1–§6.2: the bench's random playouts (``random_deal``) and the policy
    playouts (``play_tricks`` / ``play_trex``) play, card by card, only what Match allows,
    and stop where Match's deal ends (§3.4, §6.3)."""
    rng = random.Random(f"playouts:{rules}")
    nxt = tuple(rules.next_seat(s) for s in range(4))

    def random_trick_policy(seat: int, st: TrickState, tr: TrickRules, legal: int) -> int:
        return rng.choice(cards_of(legal))

    def random_trex_policy(seat: int, st: TrexState, legal: int) -> int:
        return rng.choice(cards_of(legal))

    for i in range(4 * len(rules.contracts)):
        contract = rules.contracts[i % len(rules.contracts)]
        king = i % 4
        dealt = random_hands(rng)
        hands = _LoggedHands(dealt)
        if i // len(rules.contracts) % 2:
            random_deal(contract, rules, hands, king, rng)
        elif contract is Contract.TREX:
            play_trex(TrexState(hands, king), nxt, random_trex_policy)
        else:
            play_tricks(TrickState(hands, king), TrickRules.of(contract, rules), random_trick_policy)
        m = Match.deal(dealt, king=king, contract=contract, rules=rules)
        while m.phase == "announce":
            m.play(rng.choice([mv for mv in m.legal_moves() if mv.kind != "redeal"]))
        for c in hands.log:
            while m.legal_moves() == [PASS_MOVE]:
                m.play(PASS_MOVE)
            assert CARD_MOVES[c] in m.legal_moves(), (contract, m.hands, m.trick, m.layout, c)
            m.play(CARD_MOVES[c])
        assert m.phase != "play"
