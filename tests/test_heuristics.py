"""The medium policy's lead and discard and its layout value (trex_core.bots.heuristics), the
hottest code of the hard bot's playouts, are written for speed; the plain formulas they were
written from are kept here.  Both must choose the same card on positions from playouts of
every trick contract (§3, §9) under every preset, partnership, and doubled cards (§4), and
give the same value to every layout card (§6)."""

from __future__ import annotations

import random

import pytest

from trex_core.bots.heuristics import (
    FULL_SUIT,
    LEAD_FLUSH,
    LEAD_P_EXP,
    MEDIUM,
    MEDIUM_1,
    OWN_PEN_LEAD,
    TREX_END,
    TREX_NEXT_MINE,
    TREX_NEXT_OTHERS,
    TREX_OTHERS,
    Style,
    trex_value,
    trick_card,
)
from trex_core.cards import FULL_DECK, JACK, cards_of
from trex_core.fast import PR, TrickRules, TrickState, play_tricks
from trex_core.rules import Contract, Rules
from trex_core.tricks import DOUBLE_VALUES

RULESETS = [
    Rules(),
    Rules.preset("western"),
    Rules.preset("jawaker"),
    Rules.preset("pagat"),
    Rules(partnership=True),
    Rules(complex=True),
]


def _top(pattern: int) -> int:
    return pattern.bit_length() - 1


def _bottom(pattern: int) -> int:
    return (pattern & -pattern).bit_length() - 1


def plain_discard(
    seat: int, hand: int, legal: int, others: int, st: TrickState, tr: TrickRules, winner: int,
    top: int, n_after: int, style: Style,
) -> int:
    value = tr.value
    doubled = st.doubled
    partner_takes = tr.partnership and winner == (seat + 2) % 4 and (
        n_after == 0 or not (others >> (top + 1) & (FULL_SUIT >> (top % 13 + 1)))
    )
    best = -1
    best_d = -1e9
    for base in (0, 13, 26, 39):
        mine = legal >> base & FULL_SUIT
        if not mine:
            continue
        oth = others >> base & FULL_SUIT
        n_mine = (hand >> base & FULL_SUIT).bit_count()
        # penalty cards of others in this suit that a high card of mine could catch later
        for r in PR[mine]:
            c = base + r
            v = value[c]
            lower_oth = (oth & ((1 << r) - 1)).bit_count()
            higher_oth = (oth >> (r + 1)).bit_count()
            d = 0.0
            if v:
                d += 100.0 * v
                if doubled:
                    dd = doubled.get(c)
                    if dd == seat:
                        d += 100.0 * DOUBLE_VALUES[c]
                    elif dd is not None:
                        d += 50.0 * DOUBLE_VALUES[c]
                if partner_takes:
                    d = -d
            if lower_oth:
                # A card that would win when the suit is led: worse the fewer cards above it.
                d += 30.0 * lower_oth / (lower_oth + 2.0 * higher_oth + 1.0) + r
                catch = 0
                for rr in PR[oth & ((1 << r) - 1) & (tr.penalty >> base)]:
                    catch += value[base + rr]
                d += 1.5 * catch
            d += style.discard_short / n_mine  # shortening a short suit makes a void for later discards
            if d > best_d:
                best_d = d
                best = c
    return best


def plain_lead(seat: int, hand: int, others: int, st: TrickState, tr: TrickRules) -> int:
    """``hand`` is the legal leads (all the hand unless §3.2 bars hearts)."""
    value = tr.value
    penalty = tr.penalty
    voids = st.voids
    # Penalty still out in other hands, and opponents' voids (they can dump on my trick).
    pen_out = 0
    for c in cards_of(others & penalty):
        pen_out += value[c]
    best = -1
    best_r = 1e9
    for s in range(4):
        base = 13 * s
        mine = hand >> base & FULL_SUIT
        if not mine:
            continue
        oth = others >> base & FULL_SUIT
        suitbit = 1 << s
        void_others = sum(1 for o in range(4) if o != seat and voids[o] & suitbit)
        my_pen = mine & (penalty >> base)
        oth_pen = oth & (penalty >> base)
        for r in (_bottom(mine), _top(mine)):
            c = base + r
            lower = (oth & ((1 << r) - 1)).bit_count()
            higher = (oth >> (r + 1)).bit_count()
            if not oth:
                p_win = 1.0
            elif not lower:
                p_win = 0.0
            elif not higher:
                p_win = 1.0
            else:
                p_win = (lower / (lower + higher)) ** LEAD_P_EXP
            # what the trick would cost its winner
            cost: float = tr.trick_cost + value[c]
            if oth_pen:
                n_oth = oth.bit_count()
                for rr in PR[oth_pen]:
                    cost += value[base + rr] * min(1.0, 3.0 / n_oth) * (1.0 if rr < r else 0.3)
            cost += pen_out * 0.25 * void_others
            risk = p_win * cost
            if value[c] and p_win < 1.0:
                risk -= 0.3 * value[c] * (1.0 - p_win)  # leading a penalty card someone else must take
            if my_pen and not value[c]:
                # Leading the suit of my own penalty card strips the others of the cards
                # that would have to beat it.
                own = sum(value[base + rr] for rr in PR[my_pen])
                risk += OWN_PEN_LEAD * own * (1.0 + (mine.bit_count() <= 2))
            if oth_pen and not my_pen and p_win == 0.0:
                # a low lead flushes a penalty card (§3.4's K♥, the queens)
                top_pen = _top(oth_pen)
                if r < top_pen and not (mine >> (top_pen + 1)):
                    risk -= LEAD_FLUSH * value[base + top_pen]
            risk += 0.05 * r  # prefer the lower card at equal risk
            if risk < best_r:
                best_r = risk
                best = c
    return best


def plain_card(seat: int, st: TrickState, tr: TrickRules, legal: int, style: Style) -> int | None:
    """The plain formulas' card at a lead or a discard; None when following suit."""
    hand = st.hands[seat]
    others = FULL_DECK & ~(st.played | hand)
    trick = st.trick
    if not trick:
        return plain_lead(seat, legal, others, st, tr)
    led = trick[0] // 13
    if legal >> 13 * led & FULL_SUIT:
        return None
    top = trick[0]
    pos = 0
    for i in range(1, len(trick)):
        if trick[i] > top and trick[i] // 13 == led:
            top = trick[i]
            pos = i
    winner = st.leader
    for _ in range(pos):
        winner = tr.nxt[winner]
    return plain_discard(seat, hand, legal, others, st, tr, winner, top, 3 - len(trick), style)


STYLES = {"medium-1": MEDIUM_1, "medium": MEDIUM}


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: str(r.changes() or "levant"))
def test_fast_lead_and_discard_choose_as_the_plain_formulas(rules: Rules, style: str) -> None:
    contracts = [Contract.COMPLEX] if rules.complex else [
        c for c in Contract if c not in (Contract.TREX, Contract.COMPLEX)
    ]
    rng = random.Random(f"plain:{rules.changes()}")
    compared = {"lead": 0, "discard": 0}

    def policy(seat: int, st: TrickState, tr: TrickRules, legal: int) -> int:
        card = trick_card(seat, st, tr, legal, STYLES[style])
        plain = plain_card(seat, st, tr, legal, STYLES[style])
        if plain is not None:
            assert card == plain, (seat, st, legal)
            compared["discard" if st.trick else "lead"] += 1
        if rng.random() < 0.2:  # off the policy's path now and then: more kinds of position
            return rng.choice(cards_of(legal))
        return card

    for g in range(60):
        tr = TrickRules.of(contracts[g % len(contracts)], rules)
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[13 * k:13 * k + 13]) for k in range(4)]
        doubled = {}
        for c in DOUBLE_VALUES:
            if tr.value[c] and rng.random() < 0.5:
                doubled[c] = next(k for k in range(4) if hands[k] >> c & 1)
        play_tricks(TrickState(hands=hands, leader=g % 4, doubled=doubled), tr, policy)
    assert compared["lead"] > 300 and compared["discard"] > 100, compared


def plain_trex_value(c: int, hand: int, others: int, style: Style) -> float:
    base = 13 * (c // 13)
    r = c - base
    mine = hand >> base & FULL_SUIT
    oth = others >> base & FULL_SUIT
    dirs: tuple[int, ...]
    nexts: tuple[int, ...]
    if r == JACK:
        dirs = ((1 << JACK) - 1, FULL_SUIT ^ ((1 << (JACK + 1)) - 1))
        nexts = (JACK - 1, JACK + 1)
    elif r < JACK:
        dirs = ((1 << r) - 1,)
        nexts = (r - 1,)
    else:
        dirs = (FULL_SUIT ^ ((1 << (r + 1)) - 1),)
        nexts = (r + 1,)
    v = 0.0
    for d, n in zip(dirs, nexts, strict=True):
        if not d:
            v += TREX_END
            continue
        v += style.trex_mine * (mine & d).bit_count() - TREX_OTHERS * (oth & d).bit_count()
        if mine >> n & 1:
            v += TREX_NEXT_MINE
        elif oth >> n & 1:
            v -= TREX_NEXT_OTHERS
    return v


@pytest.mark.parametrize("style", STYLES)
def test_section6_layout_value_is_the_plain_formulas_for_every_card(style: str) -> None:
    rng = random.Random("plain-trex")
    for _ in range(3000):
        deck = list(range(52))
        rng.shuffle(deck)
        hand = sum(1 << c for c in deck[:13])
        others = sum(1 << c for c in deck[13:13 + rng.randrange(40)])
        for c in range(52):
            assert trex_value(c, hand, others, STYLES[style].trex_mine) == \
                plain_trex_value(c, hand, others, STYLES[style]), (c, hand, others)
