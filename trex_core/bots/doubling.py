"""The announcement answers: doubling (§4) and the King of Hearts redeal (§5).

Under the default §4.4 (``plain``) a doubler who takes his own card loses only the normal
value, so doubling costs nothing but the information it gives away; under ``jawaker`` he
pays double and the trick's leader gains, so the card must be likely to leave the hand.
The heuristic here estimates that from the guard of the card (lower cards of its suit) and
the cards above it that could catch it; the hard level decides by simulation instead
(:mod:`trex_core.bots.search`).
"""

from __future__ import annotations

from ..cards import ACE, HEARTS, KING_OF_HEARTS, QUEENS
from ..match import ANNOUNCE
from ..moves import NO_DOUBLE, REDEAL_MOVE, Move, double_move
from ..observation import Observation
from ..rules import JAWAKER

FULL_SUIT = 8191


def doublable(obs: Observation) -> int:
    """The doublable cards in the seat's hand (from the legal answers)."""
    m = 0
    for mv in obs.legal:
        if mv.kind == "double":
            m |= mv.cards
    return m


def escape_chance(card: int, hand: int) -> float:
    """A rough chance that ``card`` ends up taken by someone else: it needs lower cards of
    its suit to duck with, no bare top card, and a short side suit to discard it on."""
    suit = card // 13
    r = card % 13
    mine = hand >> (13 * suit) & FULL_SUIT
    below = (mine & ((1 << r) - 1)).bit_count()
    above = (mine >> (r + 1)).bit_count()
    higher_out = 12 - r - above  # cards above it that other players hold
    side = min(((hand >> (13 * s)) & FULL_SUIT).bit_count() for s in range(4) if s != suit)
    p = 0.25 + 0.1 * min(below, 4) + (0.15 if side <= 1 else 0.05 if side == 2 else 0.0)
    if higher_out == 0:
        p -= 0.35  # nothing of the others can beat it: it wins its trick unless discarded
    if card == KING_OF_HEARTS and hand >> (13 * HEARTS + ACE) & 1:
        p -= 0.1
    return max(0.0, min(1.0, p))


def heuristic_doubles(obs: Observation) -> int:
    """The cards a medium player doubles."""
    cards = doublable(obs)
    if not cards:
        return 0
    if obs.rules.self_capture != JAWAKER:
        return cards  # §4.4 plain: a free chance of +75 / +25
    out = 0
    for c in (KING_OF_HEARTS, *QUEENS):
        # jawaker: +v if it escapes, −v (and +v to the leader) if I take it
        if cards >> c & 1 and escape_chance(c, obs.hand) > 0.6:
            out |= 1 << c
    return out


def announce(obs: Observation, doubles: int | None = None, redeal: bool = True) -> Move:
    """The answer: claim a redeal when allowed (§5.1: a bare K♥, or K♥ A♥, is very likely
    to be taken by its holder), else double ``doubles`` (default: the heuristic)."""
    assert obs.phase == ANNOUNCE
    if redeal and REDEAL_MOVE in obs.legal:
        return REDEAL_MOVE
    d = heuristic_doubles(obs) if doubles is None else doubles
    if not d:
        return NO_DOUBLE
    mv = double_move(d)
    return mv if mv in obs.legal else NO_DOUBLE


def never(obs: Observation) -> Move:
    if REDEAL_MOVE in obs.legal:
        return REDEAL_MOVE
    return NO_DOUBLE


__all__ = ["announce", "doublable", "escape_chance", "heuristic_doubles", "never"]
