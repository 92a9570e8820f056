"""Per-contract play heuristics on bitmasks: the medium level's card play and the playout
policy of the hard level's search.

Each policy reads only its own seat's hand and what is public in the position (cards
played, the trick, known voids, revealed doubles), so the same function serves a bot
looking at its observation and a playout on a sampled deal (:mod:`trex_core.fast`).

Trick contracts (§3, §9) are all "do not take it" games: duck under the winning card, and
when void dump the most dangerous card (the penalty cards first, then high cards that would
win a later trick); lead where someone else must win, and lead low into a suit whose penalty
card is still out to flush it.  Trex (§6): hold cards that block other players' cards, play
the ones that free your own.

Most constants were moved one way and the other in a sweep, medium against 3 × medium
(docs/BOTS.md, ``bench/tried/medium_knobs.diff``).  Two paid: ``discard_short`` 20 (about +1 a
kingdom with King of Hearts and Queens) and, in Trex, ``trex_mine`` 4 (about +1.5 to +2 a
deal).  They are a :class:`Style`: the ``medium`` level plays ``MEDIUM``, while ``MEDIUM_1``
keeps the constants as they were, forever: it is the arena's yardstick
(``medium-1``) and the model the hard bot has of every other player and of its own later
turns in its playouts (the functions' default), so every figure measured against it stays
comparable.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import FULL_DECK, JACK
from ..fast import PR, TrexState, TrickRules, TrickState
from ..tricks import DOUBLE_VALUES, trick_winner, winning_index

FULL_SUIT = 8191
LEAD_P_EXP = 2.0
OVERTAKE_MIN = 1
LEAD_FLUSH = 0.1
OWN_PEN_LEAD = 0.15
SUIT_BASE = tuple(13 * (c // 13) for c in range(52))


@dataclass(frozen=True)
class Style:
    """The constants in which the medium levels differ."""

    discard_short: float
    """Void, discard from the suit where this divided by my cards of it is largest: a
    short suit emptied makes the next void."""
    trex_mine: float
    """Trex: the worth of each of my cards a layout card frees (:func:`trex_value`)."""


MEDIUM_1 = Style(discard_short=10.0, trex_mine=2.0)
"""The medium of issues 11-28, frozen: the yardstick and the hard bot's model."""
MEDIUM = Style(discard_short=20.0, trex_mine=4.0)
"""The medium level a player meets."""


def _top(pattern: int) -> int:
    return pattern.bit_length() - 1


def _bottom(pattern: int) -> int:
    return (pattern & -pattern).bit_length() - 1


# -- trick contracts ---------------------------------------------------------------------


def trick_card(seat: int, st: TrickState, tr: TrickRules, legal: int, style: Style = MEDIUM_1) -> int:
    """The medium policy's card among ``legal`` (two or more cards).  Following suit it reads
    only the seat's cards of the suit led: the player model keeps its answers on that
    (:class:`.likelihood.TrickModel`, and a test that compares it with a plain replay)."""
    hand = st.hands[seat]
    trick = st.trick
    others = FULL_DECK & ~(st.played | hand)
    if not trick:
        return _lead(seat, legal, others, st, tr)
    led = trick[0] // 13
    base = 13 * led
    mine = legal >> base & FULL_SUIT
    top = trick[winning_index(trick)]  # the card winning so far (§3.1)
    n_after = 3 - len(trick)
    if mine:
        return _follow(seat, hand, mine, base, top, n_after, others, st, tr)
    winner = trick_winner(trick, st.leader, tr.nxt)
    return _discard(seat, hand, legal, others, st, tr, winner, top, n_after, style.discard_short)


def _follow(
    seat: int, hand: int, mine: int, base: int, top: int, n_after: int, others: int,
    st: TrickState, tr: TrickRules,
) -> int:
    value = tr.value
    top_r = top - base
    below = mine & ((1 << top_r) - 1)
    if below:
        # Duck under the winning card; if a penalty card can go under it, let it go now.
        best = -1
        best_v = 0
        for r in PR[below]:
            v = value[base + r]
            if v and v >= best_v:
                best_v = v
                best = base + r
        if best >= 0:
            return best
        return base + _top(below)
    # Every card I hold beats the trick so far.
    oth = others >> base & FULL_SUIT
    lowest = _bottom(mine)
    # Voids of the players still to play decide whether anyone can overtake.
    can_overtake = False
    if n_after:
        s = seat
        nxt = tr.nxt
        suitbit = 1 << (base // 13)
        for _ in range(n_after):
            s = nxt[s]
            if not st.voids[s] & suitbit:
                can_overtake = True
                break
    if n_after and can_overtake and (oth >> (lowest + 1)).bit_count() >= OVERTAKE_MIN:
        # Someone after me may still go higher: play low and hope, keeping penalty cards.
        best = -1
        key = None
        for r in PR[mine]:
            k = (value[base + r], r)
            if key is None or k < key:
                key = k
                best = base + r
        return best
    # I take this trick: get rid of my highest card that is not a penalty.
    best = -1
    key = None
    for r in PR[mine]:
        k = (value[base + r], -r)
        if key is None or k < key:
            key = k
            best = base + r
    return best


def _discard(
    seat: int, hand: int, legal: int, others: int, st: TrickState, tr: TrickRules, winner: int,
    top: int, n_after: int, discard_short: float,
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
        short = discard_short / (hand >> base & FULL_SUIT).bit_count()
        # penalty cards of others in this suit that a high card of mine could catch later
        oth_pen = oth & (tr.penalty >> base)
        for r in PR[mine]:
            c = base + r
            v = value[c]
            lower_oth = (oth & ((1 << r) - 1)).bit_count()
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
                higher_oth = (oth >> (r + 1)).bit_count()
                d += 30.0 * lower_oth / (lower_oth + 2.0 * higher_oth + 1.0) + r
                catch = 0
                if oth_pen:
                    for rr in PR[oth_pen & ((1 << r) - 1)]:
                        catch += value[base + rr]
                d += 1.5 * catch
            d += short  # shortening a short suit makes a void for later discards
            if d > best_d:
                best_d = d
                best = c
    return best


def _lead(seat: int, hand: int, others: int, st: TrickState, tr: TrickRules) -> int:
    """``hand`` is the legal leads (all the hand unless §3.2 bars hearts).

    The hottest function of the hard bot's playouts: what does not depend on the card led
    is worked out once per suit, in the same arithmetic order (the same floats, so the same
    choices) as the plain formula, which ``tests/test_heuristics.py`` keeps beside it."""
    value = tr.value
    penalty = tr.penalty
    voids = st.voids
    # Penalty still out in other hands, and opponents' voids (they can dump on my trick).
    pen_out = 0
    for v, group in tr.penalty_groups:
        pen_out += v * (others & group).bit_count()
    if pen_out:
        va, vb, vc = (voids[o] for o in range(4) if o != seat)
    best = -1
    best_r = 1e9
    for s in range(4):
        base = 13 * s
        mine = hand >> base & FULL_SUIT
        if not mine:
            continue
        oth = others >> base & FULL_SUIT
        my_pen = mine & (penalty >> base)
        oth_pen = oth & (penalty >> base)
        dumped = pen_out * 0.25 * ((va >> s & 1) + (vb >> s & 1) + (vc >> s & 1)) if pen_out else 0
        if oth_pen:
            share = min(1.0, 3.0 / oth.bit_count())
            caught = []  # (rank, its penalty's share if under my card, if over it)
            for rr in PR[oth_pen]:
                vs = value[base + rr] * share
                caught.append((rr, vs, vs * 0.3))
        if my_pen:
            own = 0
            for rr in PR[my_pen]:
                own += value[base + rr]
            own_risk = OWN_PEN_LEAD * own * (1.0 + (mine.bit_count() <= 2))
        low = (mine & -mine).bit_length() - 1
        high = mine.bit_length() - 1
        for r in (low, high) if high != low else (low,):
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
                for rr, under, over in caught:
                    cost += under if rr < r else over
            if dumped:
                cost += dumped
            risk = p_win * cost
            if value[c] and p_win < 1.0:
                risk -= 0.3 * value[c] * (1.0 - p_win)  # leading a penalty card someone else must take
            if my_pen and not value[c]:
                # Leading the suit of my own penalty card strips the others of the cards
                # that would have to beat it.
                risk += own_risk
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


# -- Trex (§6) ---------------------------------------------------------------------------

# Weights of the layout heuristic (tuned on the "tune-trex" seeds against the first guess,
# mine 1.0 / others 1.3: +6.6 ± 1.9 per Trex deal): my cards a play frees (Style.trex_mine),
# others' cards it frees.
TREX_OTHERS = 0.5
TREX_NEXT_MINE = 1.5
TREX_NEXT_OTHERS = 1.0
TREX_END = -0.5


def trex_card(seat: int, st: TrexState, legal: int, style: Style = MEDIUM_1) -> int:
    """The medium policy's layout card (two or more legal cards); the lowest of equal value.
    It reads only the seat's cards of the suits with a legal card (:class:`.likelihood.TrexModel`
    keeps its answers on that)."""
    hand = st.hands[seat]
    others = FULL_DECK & ~(st.laid | hand)
    best = -1
    best_v = -1e9
    x = legal
    while x:
        low = x & -x
        x ^= low
        c = low.bit_length() - 1
        v = trex_value(c, hand, others, style.trex_mine)
        if v > best_v:
            best_v = v
            best = c
    return best


def _trex_ways(c: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The suit's base and, for each way the layout grows from ``c`` (§6.1: both ways from a
    jack), the ranks beyond it (a 13-bit pattern, 0 at an end) and the next rank."""
    base = SUIT_BASE[c]
    r = c - base
    if r == JACK:
        return base, (((1 << JACK) - 1, JACK - 1), (FULL_SUIT ^ ((1 << (JACK + 1)) - 1), JACK + 1))
    if r < JACK:
        return base, (((1 << r) - 1, r - 1),)
    return base, ((FULL_SUIT ^ ((1 << (r + 1)) - 1), r + 1),)


TREX_WAYS = tuple(_trex_ways(c) for c in range(52))


def trex_value(c: int, hand: int, others: int, mine_weight: float = MEDIUM_1.trex_mine) -> float:
    """How good laying ``c`` is: it frees my cards beyond it (good) and the other players'
    (bad, worst for the card right next to it); an end card frees nobody."""
    base, ways = TREX_WAYS[c]
    mine = hand >> base & FULL_SUIT
    oth = others >> base & FULL_SUIT
    v = 0.0
    for d, n in ways:
        if not d:
            v += TREX_END
            continue
        v += mine_weight * (mine & d).bit_count() - TREX_OTHERS * (oth & d).bit_count()
        if mine >> n & 1:
            v += TREX_NEXT_MINE
        elif oth >> n & 1:
            v -= TREX_NEXT_OTHERS
    return v


__all__ = ["MEDIUM", "MEDIUM_1", "Style", "trex_card", "trex_value", "trick_card"]
