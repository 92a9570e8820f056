"""The fast internal path: one deal simulated on plain ints, for the bots' playouts (and the bench's
random play, :mod:`trex_core.randomplay`).

A card is an int 0..51 and a hand a 52-bit int, as in :mod:`trex_core.cards`.  Nothing here
checks moves or builds observations: :class:`~trex_core.match.Match` is the authority on the
rules.  The rules of play are :mod:`trex_core.tricks`'s, which ``Match`` reads too — the
obligations of a trick (§3.1–§3.3), the trick winner, early end (§3.4), what a doubled card
pays (§4.3, §4.4) and the places of §6.3 — and the card values :mod:`trex_core.scoring`'s.
This module keeps only what makes a playout fast, to finish a deal from any position many
thousand times a second: the rules looked up once per contract and rules
(:class:`TrickRules`), the obligations' read written inline (:func:`trick_legal`), a trick's
penalties summed without a ledger (:func:`score_trick`), and the layout on bits
(:func:`trex_playable`, with the ``_OPENS`` table it is built on, §6.1).
``tests/test_fast.py`` checks the legal cards against ``Match.legal_moves`` at every position
of seeded deals under every preset and option, and the scores move for move.

Two kinds of position:

* :class:`TrickState` — a trick contract (King of Hearts, Queens, Diamonds, Collections,
  Complex) from any point: hands, the trick so far, the scores so far.
* :class:`TrexState` — the layout (§6) from any point: hands, the laid cards, who is out.

``play_tricks`` / ``play_trex`` finish a position with a *policy* (a plain function of one
seat's hand and the public cards, see :mod:`trex_core.bots.heuristics`), and return the
final scores.  Uniformly random legal play (the fuzzer's deals, the bench) is in
:mod:`trex_core.randomplay`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .cards import (
    FULL_DECK,
    JACK,
    PATTERN_RANKS,
    SUIT_MASK,
    cards_of,
)
from .rules import JAWAKER, Contract, Rules
from .scoring import card_values, penalty_cards, trick_value
from .tricks import (
    DOUBLE_VALUES,
    double_payee,
    early_end,
    ended_early,
    trex_scores,
    trick_obligations,
    trick_winner,
)

FULL_SUIT = 8191
PR = PATTERN_RANKS
BIT = tuple(1 << c for c in range(52))


# -- trick contracts ---------------------------------------------------------------------


@dataclass(frozen=True)
class TrickRules:
    """What a playout needs to know about a trick contract under given rules."""

    contract: Contract
    value: tuple[int, ...]
    """Penalty of each of the 52 cards when taken (§3.5, §9.2), as a positive number."""
    trick_cost: int
    """Penalty per trick taken (Collections, Complex)."""
    penalty: int
    """The mask of penalty cards; the deal ends early when all are taken (§3.4)."""
    early_end: bool
    nxt: tuple[int, int, int, int]
    """``nxt[seat]`` is the next seat to play (§1.3)."""
    jawaker: bool
    """§4.4 option: a doubler taking his own card pays double and the leader gets the extra."""
    partnership: bool
    must: tuple[tuple[int, int], ...]
    """Who must play what (§3.1–§3.3), see :func:`trick_obligations` and :func:`trick_legal`."""
    penalty_groups: tuple[tuple[int, int], ...] = ()
    """The penalty cards grouped by value, ``(value, mask)`` pairs: the penalty in a set of
    cards ``m`` is ``sum(v * (m & mask).bit_count() ...)``, a few popcounts instead of a walk
    over the cards (the heuristics ask it on every lead of every playout)."""

    @staticmethod
    def of(contract: Contract, rules: Rules) -> TrickRules:
        return _trick_rules_cached(contract, rules)


_TR_CACHE: dict[tuple[Contract, Rules], TrickRules] = {}


def _trick_rules_cached(contract: Contract, rules: Rules) -> TrickRules:
    key = (contract, rules)
    tr = _TR_CACHE.get(key)
    if tr is None:
        values = card_values(contract, rules)
        value = tuple(values.get(c, 0) for c in range(52))
        tr = TrickRules(
            contract=contract,
            value=value,
            trick_cost=trick_value(contract, rules),
            penalty=penalty_cards(contract, rules),
            early_end=early_end(contract, rules),
            nxt=(rules.next_seat(0), rules.next_seat(1), rules.next_seat(2), rules.next_seat(3)),
            jawaker=rules.self_capture == JAWAKER,
            partnership=rules.partnership,
            must=trick_obligations(contract, rules),
            penalty_groups=_penalty_groups(value),
        )
        _TR_CACHE[key] = tr
    return tr


def _penalty_groups(value: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    groups: dict[int, int] = {}
    for c, v in enumerate(value):
        if v:
            groups[v] = groups.get(v, 0) | 1 << c
    return tuple(sorted(groups.items()))


@dataclass
class TrickState:
    """A trick-contract position.  ``trick`` holds the cards of the unfinished trick in play
    order from ``leader``; ``played`` every card out of the hands (this trick's included);
    ``voids[seat]`` a 4-bit mask of suits the seat is known not to hold."""

    hands: list[int]
    leader: int
    trick: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    played: int = 0
    tricks_done: int = 0
    doubled: dict[int, int] = field(default_factory=dict)
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def copy(self) -> TrickState:
        return TrickState(
            self.hands.copy(), self.leader, self.trick.copy(), self.scores.copy(), self.played,
            self.tricks_done, self.doubled, self.voids.copy(),
        )

    def to_move(self, tr: TrickRules) -> int:
        s = self.leader
        for _ in range(len(self.trick)):
            s = tr.nxt[s]
        return s


TrickPolicy = Callable[[int, TrickState, TrickRules, int], int]
"""``policy(seat, state, rules, legal) -> card``: called only when the seat has two or more
legal cards.  A policy must read only ``state.hands[seat]`` and public parts of the state."""


def trick_legal(hand: int, led: int, tr: TrickRules) -> int:
    """The legal cards of ``hand`` in a trick contract (§3.1–§3.3); ``led`` is the suit led,
    or -1 when the player leads.  It is :func:`trex_core.tricks.legal_in_trick` of
    ``tr.must[led]``, the obligations table built once per contract and rules, with the read
    written inline: the playouts and the endgame search call it for every card.
    ``randomplay``'s trick deals (the bench) reads the same pairs the same way without even
    this call: four calls a trick cost 14% of the random trick deals a second (9% of the
    whole bench, one core), the inline read costs nothing measurable.  ``tests/test_fast.py``
    compares this with ``Match.legal_moves`` at every position and checks every playout's
    cards (``randomplay.random_deal``'s too) against Match."""
    first, then = tr.must[led]
    return hand & first or hand & then or hand


def score_trick(
    scores: list[int], trick: Sequence[int], leader: int, winner: int, tr: TrickRules,
    doubled: dict[int, int],
) -> None:
    """Add one trick's penalties to ``scores`` (§3.5, §9.2), a doubled card's as
    :func:`trex_core.tricks.double_payee` says (§4.3, §4.4)."""
    value = tr.value
    cost = tr.trick_cost
    for c in trick:
        v = value[c]
        if v:
            cost += v
            if doubled:
                d = doubled.get(c)
                if d is not None:
                    payee = double_payee(d, winner, leader, tr.jawaker)
                    if payee >= 0:
                        extra = DOUBLE_VALUES[c]
                        cost += extra
                        scores[payee] += extra
    scores[winner] -= cost


def play_tricks(st: TrickState, tr: TrickRules, policy: TrickPolicy, until: int = 13) -> list[int]:
    """Finish the deal in place with ``policy`` for every seat; return the final scores.
    With ``until`` < 13 stop once that many tricks are done (the hard bot's search plays
    the rest exactly, :mod:`trex_core.bots.endgame`) and return the scores so far.  The
    §3.2–§3.4 options come from ``tr`` (``TrickRules.of(contract, rules)``)."""
    nxt = tr.nxt
    hands = st.hands
    trick = st.trick
    seat = st.to_move(tr)
    early = tr.early_end
    pen = tr.penalty
    if not trick and ended_early(st.played, pen, early):
        return st.scores
    while st.tricks_done < until:
        while len(trick) < 4:
            hand = hands[seat]
            if trick:
                led = trick[0] // 13
                legal = trick_legal(hand, led, tr)
                if not legal & SUIT_MASK[led]:
                    st.voids[seat] |= 1 << led
            else:
                legal = trick_legal(hand, -1, tr)
            c = policy(seat, st, tr, legal) if legal & (legal - 1) else legal.bit_length() - 1
            b = 1 << c
            hands[seat] = hand ^ b
            st.played |= b
            trick.append(c)
            seat = nxt[seat]
        winner = trick_winner(trick, st.leader, nxt)
        score_trick(st.scores, trick, st.leader, winner, tr, st.doubled)
        st.tricks_done += 1
        st.leader = seat = winner
        trick.clear()
        if ended_early(st.played, pen, early):
            break
    return st.scores


def step_trick(st: TrickState, tr: TrickRules, c: int) -> bool:
    """Play card ``c`` for the seat to move (it must be legal); finish the trick if it is
    the fourth card.  Returns True when the deal is over (13 tricks or §3.4)."""
    seat = st.to_move(tr)
    b = 1 << c
    hand = st.hands[seat]
    if st.trick and c // 13 != st.trick[0] // 13:
        st.voids[seat] |= 1 << (st.trick[0] // 13)
    st.hands[seat] = hand & ~b
    st.played |= b
    st.trick.append(c)
    if len(st.trick) < 4:
        return False
    winner = trick_winner(st.trick, st.leader, tr.nxt)
    score_trick(st.scores, st.trick, st.leader, winner, tr, st.doubled)
    st.tricks_done += 1
    st.leader = winner
    st.trick.clear()
    return st.tricks_done == 13 or ended_early(st.played, tr.penalty, tr.early_end)


# -- Trex (§6) ---------------------------------------------------------------------------

JACKS_MASK = sum(1 << (13 * s + JACK) for s in range(4))


def _opens(c: int) -> int:
    r = c % 13
    if r == JACK:
        return 1 << (c - 1) | 1 << (c + 1)
    if r < JACK:
        return 1 << (c - 1) if r > 0 else 0
    return 1 << (c + 1) if r < 12 else 0


_OPENS = tuple(_opens(c) for c in range(52))
"""§6.1, the layout's one rule: ``_OPENS[c]`` is the cards that laying ``c`` makes playable —
the 10 and the queen for a jack, the next card down below the jack (none for a 2), up above
it (none for an ace).  Laying a playable card ``c`` turns the playable mask ``p`` into
``p ^ 1 << c | _OPENS[c]``; the playouts do just that, starting from ``JACKS_MASK``."""


LAYOUT_OPENS = _OPENS
"""The same table under a public name, for code outside the fast path that follows a layout
turn by turn (the player model, :mod:`trex_core.bots.likelihood`)."""


def trex_playable(laid: int) -> int:
    """§6.1: the cards that may be laid next, given the mask of laid cards: each unopened
    row's jack and the next card up and down each open row.  With the hand, ``hand &
    trex_playable(laid)`` is the legal cards; none means a pass (§6.2)."""
    m = JACKS_MASK
    for c in cards_of(laid):
        m |= _OPENS[c]
    return m & ~laid


@dataclass
class TrexState:
    """A layout position (§6).  ``laid`` is the mask of cards on the table, ``out`` the seats
    out so far in order, ``to_move`` the seat whose turn it is, ``turns`` the number of turns
    taken (passes count, §8.2), ``passed[seat]`` cards the seat is known not to hold."""

    hands: list[int]
    to_move: int
    laid: int = 0
    out: list[int] = field(default_factory=list)
    turns: int = 0
    passed: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def copy(self) -> TrexState:
        return TrexState(
            self.hands.copy(), self.to_move, self.laid, self.out.copy(), self.turns, self.passed.copy()
        )


TrexPolicy = Callable[[int, TrexState, int], int]
"""``policy(seat, state, legal) -> card`` for two or more legal cards."""


def play_trex(st: TrexState, nxt: Sequence[int], policy: TrexPolicy, until: int = 0) -> list[int]:
    """Finish the layout in place with ``policy``; return the final scores (§6.3).  With
    ``until`` > 0 stop, before a turn, once at most that many cards are left in the hands
    (the hard bot's search plays the rest exactly): then ``st.out`` has fewer than three
    seats and the scores returned are those of the places so far."""
    hands = st.hands
    opens = _OPENS
    playable = trex_playable(st.laid)
    seat = st.to_move
    out = st.out
    left = 52 - st.laid.bit_count() if until else 0
    while len(out) < 3:
        if left:
            if left <= until:
                st.to_move = seat
                return trex_scores(out, hands)
            left -= 1 if hands[seat] & playable else 0
        hand = hands[seat]
        legal = hand & playable
        st.turns += 1
        if legal:
            if legal & (legal - 1):
                st.to_move = seat
                c = policy(seat, st, legal)
            else:
                c = legal.bit_length() - 1
            hand ^= 1 << c
            hands[seat] = hand
            st.laid |= 1 << c
            playable = playable ^ 1 << c | opens[c]
            if not hand:
                out.append(seat)
        else:
            st.passed[seat] |= playable  # §6.5
            if not playable & (hands[0] | hands[1] | hands[2] | hands[3]):
                raise AssertionError("§6.4: the layout is locked")
        seat = nxt[seat]
        while not hands[seat]:
            seat = nxt[seat]
    st.to_move = seat
    return trex_scores(out, hands)


def step_trex(st: TrexState, nxt: Sequence[int], c: int) -> bool:
    """Lay card ``c`` (or pass if ``c`` < 0) for ``st.to_move``; True when the deal is over."""
    seat = st.to_move
    st.turns += 1
    if c < 0:
        st.passed[seat] |= trex_playable(st.laid)
    else:
        st.hands[seat] &= ~(1 << c)
        st.laid |= 1 << c
        if not st.hands[seat]:
            st.out.append(seat)
            if len(st.out) == 3:
                return True
    s = nxt[seat]
    while not st.hands[s]:
        s = nxt[s]
    st.to_move = s
    return False


__all__ = [
    "FULL_DECK", "LAYOUT_OPENS", "TrexState", "TrickRules", "TrickState", "play_trex",
    "play_tricks", "score_trick", "trex_playable", "trick_legal",
]
