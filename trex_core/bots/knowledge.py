"""What a seat knows about the hidden hands, and deals consistent with it (inference and
sampling for the hard level's search).

Everything comes from the seat's :class:`~trex_core.observation.Observation` only:

* cards seen: the seat's hand and every card played (tricks, the layout);
* known voids: a player who did not follow suit holds none of that suit (§3.1);
* revealed doubles: a doubled card not yet played is in its doubler's hand (§4.2);
* Trex passes: a passer held none of the cards playable at that turn (§6.5).  The
  observation gives each pass's turn but not the order in which the layout cards were laid,
  so a pass is used exactly when no card has been laid since; otherwise only the jacks of
  rows still unopened (playable then and now) are ruled out;
* the 2s shown in partnership Trex (§8.2) are in their holders' hands.

A redeal claimant's shown hand (§5.1) belongs to an earlier dealing of the deal, so it says
nothing about the current hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import FULL_DECK, JACK, SUIT_MASK
from ..fast import PR, TrexState, TrickState, trex_playable
from ..observation import Observation
from ..rules import Contract

FULL_SUIT = 8191
JACKS = tuple(1 << (13 * s + JACK) for s in range(4))


@dataclass
class Knowledge:
    seat: int
    hand: int
    unknown: int
    """Cards some other seat holds, location not known."""
    known: list[int]
    """Cards known to be in each seat's hand (the seat's own hand for itself)."""
    need: list[int]
    """How many unknown cards each seat holds."""
    exclude: list[int]
    """Cards each seat cannot hold."""
    voids: list[int]
    """Suits (4-bit masks) each seat is known not to hold."""


def trick_voids(obs: Observation) -> list[int]:
    voids = [0, 0, 0, 0]
    order_of = obs.rules.seat_order
    for leader, cards, _ in obs.tricks:
        led = cards[0] // 13
        order = order_of(leader)
        for i in range(1, 4):
            if cards[i] // 13 != led:
                voids[order[i]] |= 1 << led
    if obs.trick:
        led = obs.trick[0][1] // 13
        for s, c in obs.trick[1:]:
            if c // 13 != led:
                voids[s] |= 1 << led
    return voids


def trex_exclusions(obs: Observation) -> list[int]:
    """Cards each seat cannot hold, from its public Trex passes (§6.5)."""
    exclude = [0, 0, 0, 0]
    if not obs.passes:
        return exclude
    laid = obs.played
    turns = laid.bit_count() + len(obs.passes)
    playable_now = trex_playable(laid)
    unopened_jacks = 0
    for s in range(4):
        if not laid & SUIT_MASK[s]:
            unopened_jacks |= JACKS[s]
    pass_turns = sorted(t for t, _ in obs.passes)
    for t, seat in obs.passes:
        later_passes = sum(1 for u in pass_turns if u > t)
        laid_since = (turns - 1 - t) - later_passes
        exclude[seat] |= playable_now if laid_since == 0 else unopened_jacks
    return exclude


def knowledge(obs: Observation) -> Knowledge:
    seat = obs.seat
    hand = obs.hand
    played = obs.played
    unknown = FULL_DECK & ~played & ~hand
    known = [0, 0, 0, 0]
    known[seat] = hand
    for c, d in obs.doubled:
        if d != seat and unknown >> c & 1:
            known[d] |= 1 << c
    if any(obs.shown_twos):
        for s in range(4):
            if s != seat:
                known[s] |= obs.shown_twos[s] & unknown
    for s in range(4):
        if s != seat:
            unknown &= ~known[s]
    need = [obs.hand_sizes[s] - known[s].bit_count() for s in range(4)]
    need[seat] = 0
    if obs.contract is Contract.TREX:
        voids = [0, 0, 0, 0]
        exclude = trex_exclusions(obs)
    else:
        voids = trick_voids(obs)
        exclude = [0, 0, 0, 0]
        for s in range(4):
            for suit in range(4):
                if voids[s] >> suit & 1:
                    exclude[s] |= SUIT_MASK[suit]
    exclude[seat] = FULL_DECK
    return Knowledge(seat, hand, unknown, known, need, exclude, voids)


def _cards(mask: int) -> list[int]:
    out: list[int] = []
    for base in (0, 13, 26, 39):
        p = mask >> base & FULL_SUIT
        if p:
            out.extend([base + r for r in PR[p]])
    return out


def sample_hands(kn: Knowledge, rng: random.Random, tries: int = 30) -> list[int]:
    """Four hands consistent with the knowledge, drawn at random.

    Cards with the fewest possible holders are placed first, each to a seat chosen with
    probability proportional to the room left in its hand; after ``tries`` dead ends the
    exclusions are dropped (only possible if the knowledge were contradictory)."""
    cards = _cards(kn.unknown)
    others = [s for s in range(4) if s != kn.seat]
    exclude = kn.exclude
    anyx = exclude[others[0]] | exclude[others[1]] | exclude[others[2]]
    free = [c for c in cards if not anyx >> c & 1]
    constrained = [c for c in cards if anyx >> c & 1]
    for attempt in range(tries + 1):
        hands = list(kn.known)
        room = list(kn.need)
        ok = True
        if constrained and attempt < tries:
            # fewest allowed seats first
            keyed = []
            for c in constrained:
                n = sum(1 for s in others if not exclude[s] >> c & 1)
                keyed.append((n, rng.random(), c))
            keyed.sort()
            for _, _, c in keyed:
                allowed = [s for s in others if room[s] > 0 and not exclude[s] >> c & 1]
                if not allowed:
                    ok = False
                    break
                total = sum(room[s] for s in allowed)
                x = rng.random() * total
                for s in allowed:
                    x -= room[s]
                    if x < 0:
                        break
                hands[s] |= 1 << c
                room[s] -= 1
            if not ok:
                continue
            rest = free
        else:
            rest = cards
        pool = list(rest)
        rng.shuffle(pool)
        i = 0
        for s in others:
            k = room[s]
            for c in pool[i:i + k]:
                hands[s] |= 1 << c
            i += k
        return hands
    raise AssertionError("unreachable")


def trick_state(obs: Observation, hands: list[int]) -> TrickState:
    """The trick-contract position of the observation with the given hands."""
    played = obs.played
    return TrickState(
        hands=list(hands),
        leader=obs.leader,
        trick=[c for _, c in obs.trick],
        scores=list(obs.deal_scores),
        played=played,
        tricks_done=len(obs.tricks),
        doubled=dict(obs.doubled),
        voids=trick_voids(obs),
    )


def trex_state(obs: Observation, hands: list[int]) -> TrexState:
    laid = obs.played
    return TrexState(
        hands=list(hands),
        to_move=obs.to_move if obs.to_move is not None else obs.seat,
        laid=laid,
        out=list(obs.out_order),
        turns=laid.bit_count() + len(obs.passes),
        passed=trex_exclusions(obs),
    )


def own_hands(obs: Observation) -> list[int]:
    """Hands with only the seat's own cards filled in (for the heuristics, which read no
    other hand)."""
    hands = [0, 0, 0, 0]
    hands[obs.seat] = obs.hand
    return hands


__all__ = ["Knowledge", "knowledge", "own_hands", "sample_hands", "trex_state", "trick_state", "trick_voids"]
