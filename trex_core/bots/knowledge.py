"""What a seat knows about the hidden hands, and deals consistent with it (inference and
sampling for the hard level's search).

Everything comes from the seat's :class:`~trex_core.observation.Observation` only:

* cards seen: the seat's hand and every card played (tricks, the layout);
* known voids: a player who did not follow suit holds none of that suit (§3.1);
* revealed doubles: a doubled card not yet played is in its doubler's hand (§4.2);
* Trex passes: a passer held none of the cards playable at that turn (§6.5), found by
  replaying the observation's ``layout_plays``.  (Without that field — an older engine —
  a pass is used exactly only when no card has been laid since; otherwise only the jacks of
  rows still unopened, playable then and now, are ruled out);
* the 2s shown in partnership Trex (§8.2) are in their holders' hands.

A redeal claimant's shown hand (§5.1) belongs to an earlier dealing of the deal, so it says
nothing about the current hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import FULL_DECK, JACK, SUIT_MASK, cards_of
from ..fast import TrexState, TrickRules, TrickState, trex_playable
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
    """Cards each seat cannot hold (by the rules, plus behavioural inference)."""
    strict: list[int]
    """Cards each seat cannot hold by the rules alone (the sampler's fallback)."""
    voids: list[int]
    """Suits (4-bit masks) each seat is known not to hold."""
    plans: dict[tuple[int, ...], _Plan] = field(default_factory=dict, repr=False, compare=False)
    """The sampler's work that is the same for every deal drawn, per set of exclusions."""


@dataclass
class _Plan:
    """What :func:`sample_hands` works out once per knowledge: the cards no other seat is
    barred from, and the others with how many seats may hold each and which."""

    others: list[int]
    free: list[int]
    constrained: list[tuple[int, int, list[int]]]
    """``(number of seats allowed, card, those seats)``, in card order."""


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


def _tricks_so_far(obs: Observation) -> list[tuple[int, tuple[int, ...]]]:
    """Every trick of the deal as ``(leader, cards in play order)``, the current one last."""
    tricks = [(ld, cards) for ld, cards, _ in obs.tricks]
    if obs.trick:
        tricks.append((obs.trick[0][0], tuple(c for _, c in obs.trick)))
    return tricks


def dump_exclusions(obs: Observation, value: tuple[int, ...], penalty: int) -> list[int]:
    """Penalty cards each seat is taken not to hold, from how it played (a behavioural
    inference, not a rule): a player void in the suit led who discarded a card that is no
    penalty, while the trick was not his partner's, would have dumped a penalty card if he
    had one; a player who followed under the winning card with a card that is no penalty
    holds no penalty card of that suit under it.  The medium policy plays this way and so do
    most people; the sampler drops these exclusions if they ever contradict the rules."""
    exclude = [0, 0, 0, 0]
    if not penalty:
        return exclude
    partnership = obs.rules.partnership
    order_of = obs.rules.seat_order
    tricks = _tricks_so_far(obs)
    for leader, cards in tricks:
        order = order_of(leader)
        led = cards[0] // 13
        top = cards[0]
        win = 0
        for i in range(1, len(cards)):
            c = cards[i]
            s = order[i]
            if c // 13 != led:
                if not value[c] and not (partnership and order[win] == (s + 2) % 4):
                    exclude[s] |= penalty
            elif c < top:
                if not value[c]:
                    exclude[s] |= penalty & SUIT_MASK[led] & ((1 << top) - 1)
            else:
                top = c
                win = i
    return exclude


def duck_exclusions(obs: Observation, value: tuple[int, ...]) -> list[int]:
    """Cards each seat is taken not to hold from how it followed suit (behavioural, like
    :func:`dump_exclusions`): a player who ducked under the winning card with a card that is
    no penalty played his highest card under it, so holds none between the two; a player
    who went over the winning card could not duck, so holds none of the suit under it."""
    exclude = [0, 0, 0, 0]
    order_of = obs.rules.seat_order
    tricks = _tricks_so_far(obs)
    for leader, cards in tricks:
        order = order_of(leader)
        led = cards[0] // 13
        base = 13 * led
        top = cards[0]
        for i in range(1, len(cards)):
            c = cards[i]
            if c // 13 != led:
                continue
            s = order[i]
            if c < top:
                if not value[c]:
                    exclude[s] |= ((1 << top) - 1) & ~((1 << (c + 1)) - 1)
            else:
                exclude[s] |= ((1 << top) - 1) & ~((1 << base) - 1)
                top = c
    return exclude


def trex_exclusions(obs: Observation) -> list[int]:
    """Cards each seat cannot hold, from its public Trex passes (§6.5): replaying the turns
    in order, a passer held none of the cards playable at his pass."""
    exclude = [0, 0, 0, 0]
    if not obs.passes:
        return exclude
    plays = getattr(obs, "layout_plays", None)
    if plays is not None:
        laid = 0
        for seat, c in plays:
            if c < 0:
                exclude[seat] |= trex_playable(laid)
            else:
                laid |= 1 << c
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


def _void_suits(voids: list[int]) -> list[int]:
    """The cards of the suits each seat has shown void in (§3.1), per seat."""
    exclude = [0, 0, 0, 0]
    for s in range(4):
        for suit in range(4):
            if voids[s] >> suit & 1:
                exclude[s] |= SUIT_MASK[suit]
    return exclude


def knowledge(obs: Observation, infer: bool = True, ducks: bool = True) -> Knowledge:
    """What the seat knows; ``infer`` adds :func:`dump_exclusions`, ``ducks``
    :func:`duck_exclusions`."""
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
        exclude = _void_suits(voids)
    strict = list(exclude)
    strict[seat] = FULL_DECK
    if infer and obs.contract is not None and obs.contract is not Contract.TREX:
        tr = TrickRules.of(obs.contract, obs.rules)
        extra = dump_exclusions(obs, tr.value, tr.penalty)
        if ducks:
            more = duck_exclusions(obs, tr.value)
            extra = [extra[s] | more[s] for s in range(4)]
        exclude = [exclude[s] | extra[s] for s in range(4)]
    exclude[seat] = FULL_DECK
    if not _feasible(unknown, need, exclude, seat):
        exclude = list(strict)
    return Knowledge(seat, hand, unknown, known, need, exclude, strict, voids)


def state_knowledge(st: TrickState, seat: int) -> Knowledge:
    """What ``seat`` knows at a position of a playout (a sampled deal played on): its own
    hand, the cards out, the voids shown and who holds a doubled card (§4), the rules'
    exclusions only.  The recursive search (:mod:`.recursive`) samples its own later turns'
    deals from it; it reads nothing of the other seats' hands but their sizes (public)."""
    hand = st.hands[seat]
    unknown = FULL_DECK & ~st.played & ~hand
    known = [0, 0, 0, 0]
    known[seat] = hand
    for c, d in st.doubled.items():
        if d != seat and unknown >> c & 1:
            known[d] |= 1 << c
            unknown &= ~(1 << c)
    need = [st.hands[s].bit_count() - known[s].bit_count() for s in range(4)]
    need[seat] = 0
    exclude = _void_suits(st.voids)
    exclude[seat] = FULL_DECK
    return Knowledge(seat, hand, unknown, known, need, exclude, list(exclude), list(st.voids))


def layout_knowledge(st: TrexState, seat: int) -> Knowledge:
    """The same for a layout position (§6): its own hand, the cards laid, and the cards each
    seat is known not to hold from its passes (§6.5, ``TrexState.passed``)."""
    hand = st.hands[seat]
    unknown = FULL_DECK & ~st.laid & ~hand
    known = [0, 0, 0, 0]
    known[seat] = hand
    need = [0 if s == seat else st.hands[s].bit_count() for s in range(4)]
    exclude = [FULL_DECK if s == seat else st.passed[s] for s in range(4)]
    return Knowledge(seat, hand, unknown, known, need, exclude, list(exclude), [0, 0, 0, 0])


def _feasible(unknown: int, need: list[int], exclude: list[int], seat: int) -> bool:
    """A quick necessary check: every hidden card has a possible holder and every seat can
    fill its hand."""
    others = [s for s in range(4) if s != seat]
    if unknown & exclude[others[0]] & exclude[others[1]] & exclude[others[2]]:
        return False
    return all((unknown & ~exclude[s]).bit_count() >= need[s] for s in others)


def sample_hands(kn: Knowledge, rng: random.Random, tries: int = 30) -> list[int]:
    """Four hands consistent with the knowledge, drawn at random.

    Cards with the fewest possible holders are placed first, each to a seat chosen with
    probability proportional to the room left in its hand; after ``tries`` dead ends the
    behavioural exclusions are dropped, then (never seen) all of them."""
    exclude = kn.exclude
    for _ in range(2):
        hands = _sample(kn, exclude, rng, tries)
        if hands is not None:
            return hands
        exclude = kn.strict
    hands = _sample(kn, [FULL_DECK if s == kn.seat else 0 for s in range(4)], rng, 0)
    assert hands is not None
    return hands


def _plan(kn: Knowledge, exclude: list[int]) -> _Plan:
    key = tuple(exclude)
    plan = kn.plans.get(key)
    if plan is None:
        others = [s for s in range(4) if s != kn.seat]
        anyx = exclude[others[0]] | exclude[others[1]] | exclude[others[2]]
        free = []
        constrained = []
        for c in cards_of(kn.unknown):
            if anyx >> c & 1:
                allowed = [s for s in others if not exclude[s] >> c & 1]
                constrained.append((len(allowed), c, allowed))
            else:
                free.append(c)
        plan = kn.plans[key] = _Plan(others, free, constrained)
    return plan


def _sample(kn: Knowledge, exclude: list[int], rng: random.Random, tries: int) -> list[int] | None:
    plan = _plan(kn, exclude)
    others = plan.others
    for _ in range(tries + 1):
        hands = list(kn.known)
        room = list(kn.need)
        ok = True
        if plan.constrained:
            # fewest allowed seats first
            keyed = [(n, rng.random(), c, allowed) for n, c, allowed in plan.constrained]
            keyed.sort()
            for _, _, c, may in keyed:
                allowed = [s for s in may if room[s] > 0]
                if not allowed:
                    ok = False
                    break
                total = 0
                for s in allowed:
                    total += room[s]
                x = rng.random() * total
                for s in allowed:
                    x -= room[s]
                    if x < 0:
                        break
                hands[s] |= 1 << c
                room[s] -= 1
            if not ok:
                continue
        pool = list(plan.free)
        rng.shuffle(pool)
        i = 0
        for s in others:
            k = room[s]
            for c in pool[i:i + k]:
                hands[s] |= 1 << c
            i += k
        return hands
    return None


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


__all__ = [
    "Knowledge", "knowledge", "layout_knowledge", "own_hands", "sample_hands", "state_knowledge",
    "trex_state", "trick_state", "trick_voids",
]
