"""The rules of play that ``Match`` and the bots' fast path share, on plain ints: who may play
what to a trick, who wins it, when a trick deal ends, the layout's places and what a doubled
card pays.

A card is an int 0..51 and a hand a 52-bit int, as in :mod:`trex_core.cards`; a seat is an
int 0..3.  :class:`~trex_core.match.Match` (through :mod:`trex_core.legality` and
:mod:`trex_core.scoring`) and :mod:`trex_core.fast` both read the rules here, so the
differential test (``tests/test_fast.py``) checks the fast path's speed-ups, not a second
statement of the rules.

Seating: who plays after whom is ``Rules.next_seat`` (counter-clockwise by default,
clockwise under the ``western`` preset, §1.3).  Functions that turn a place in a trick into a
seat take that order as ``nxt``, a table with ``nxt[seat]`` the next seat to play, as
``Match`` and :class:`~trex_core.fast.TrickRules` build it:
``tuple(rules.next_seat(s) for s in range(4))``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DIAMONDS, FULL_DECK, HEARTS, KING_OF_HEARTS, QUEENS, QUEENS_MASK, SUIT_MASK, Hand
from .rules import Contract, Rules

# -- who may play what (§3.1–§3.3) ---------------------------------------------------------

Obligation = tuple[Hand, Hand]
"""``(first, then)``: a player must play a card of ``first`` if he holds one, else one of
``then`` if he holds one, else any card (:func:`legal_in_trick`)."""

LEAD = -1
"""The ``led`` suit of a player who leads: no suit is led yet."""

NOT_HEARTS = FULL_DECK ^ SUIT_MASK[HEARTS]


def forced_discards(contract: Contract | None) -> Hand:
    """§3.3 option: what a player void in the suit led must discard if he holds it — K♥ in
    King of Hearts, the queens in Queens, the diamonds in Diamonds."""
    if contract is Contract.KING_OF_HEARTS:
        return 1 << KING_OF_HEARTS
    if contract is Contract.QUEENS:
        return QUEENS_MASK
    if contract is Contract.DIAMONDS:
        return SUIT_MASK[DIAMONDS]
    return 0


def trick_obligation(led: int, contract: Contract, rules: Rules) -> Obligation:
    """What a player must play in a trick contract when ``led`` is the suit led (0..3), or
    :data:`LEAD` when he leads."""
    if led == LEAD:
        if rules.no_heart_lead and contract is Contract.KING_OF_HEARTS:
            return (NOT_HEARTS, 0)  # §3.2: no heart lead while the leader holds a non-heart
        return (FULL_DECK, 0)
    # §3.1: follow the suit led; §3.3 (option): void in it, discard a penalty card
    return (SUIT_MASK[led], forced_discards(contract) if rules.forced_discard else 0)


def trick_obligations(contract: Contract, rules: Rules) -> tuple[Obligation, ...]:
    """:func:`trick_obligation` for every suit led, as a table: ``must[led]`` for ``led`` in
    0..3 and ``must[LEAD]`` (the last entry) for the lead.  The fast path reads it."""
    return tuple(trick_obligation(led, contract, rules) for led in (0, 1, 2, 3, LEAD))


def legal_in_trick(hand: Hand, must: Obligation) -> Hand:
    """The cards of ``hand`` that may be played under ``must`` (§3.1–§3.3)."""
    first, then = must
    return hand & first or hand & then or hand


# -- who wins a trick (§3.1) ------------------------------------------------------------------


def winning_index(cards: Sequence[int]) -> int:
    """Index, in play order, of the card that wins (or is winning, if the trick is not yet
    complete) a trick whose first card was led: the highest card of the led suit (§3.1)."""
    led = cards[0] // 13
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        c = cards[i]
        if c > top and c // 13 == led:  # within a suit a higher int is a higher card (§1.1)
            top = c
            best = i
    return best


def trick_winner(cards: Sequence[int], leader: int, nxt: Sequence[int]) -> int:
    """The seat that wins the trick (or is winning so far): ``cards`` in play order from
    ``leader``, each next card played by ``nxt`` of the seat before (the module's docstring
    says why the order is a table and not ``leader + i``).  The winner leads next (§3.1)."""
    seat = leader
    for _ in range(winning_index(cards)):
        seat = nxt[seat]
    return seat


# -- when a trick deal ends (§3.1, §3.4) ------------------------------------------------------


def early_end(contract: Contract, rules: Rules) -> bool:
    """§3.4: whether the deal stops once its penalty cards are all taken — with the option on,
    in King of Hearts, Queens and Diamonds; Collections (§3.4) and Complex (§9.2) play all 13
    tricks."""
    return rules.early_end and contract not in (Contract.COLLECTIONS, Contract.COMPLEX)


def ended_early(taken: Hand, penalty: Hand, early: bool) -> bool:
    """Between tricks: whether the deal has stopped early — with ``early`` (see
    :func:`early_end`), every card of ``penalty`` is among the ``taken`` cards (§3.4).
    Otherwise it stops after the 13th trick (§1.2, §3.1)."""
    return early and taken & penalty == penalty


# -- what a doubled card pays (§4.3, §4.4) ----------------------------------------------------

DOUBLE_VALUES = {KING_OF_HEARTS: 75, **{q: 25 for q in QUEENS}}
"""The doubled part of a doubled card: K♥ 75, a queen 25 (§4.3)."""


def double_payee(doubler: int, winner: int, leader: int, jawaker: bool) -> int:
    """The seat paid the doubled part of a doubled card (:data:`DOUBLE_VALUES`) that
    ``winner`` took, which ``winner`` then pays on top of the card's value; -1 if nobody.

    §4.3: taken by another seat, the doubler is paid.  §4.4, taken by the doubler himself:
    nobody (plain, he pays the normal value), or the trick's ``leader`` (``jawaker``: the
    option ``self_capture == "jawaker"``).  Either way the deal's total stays as in §4.5."""
    if doubler != winner:
        return doubler
    return leader if jawaker else -1


# -- Trex places (§6.3) -----------------------------------------------------------------------

TREX_PLACES = (200, 150, 100, 50)
"""§6.3: first out +200, then +150, +100; the last +50."""


def trex_order(out: Sequence[int], hands: Sequence[Hand]) -> list[int]:
    """The seats in the order they went out; once three are out, the fourth, the only one
    still holding cards, takes last place (§6.3)."""
    order = list(out)
    if len(order) == 3:
        order.append(next(seat for seat in range(4) if hands[seat]))
    return order


def trex_scores(out: Sequence[int], hands: Sequence[Hand]) -> list[int]:
    """Each seat's score for its place so far (§6.3); 0 for a seat not out yet."""
    scores = [0, 0, 0, 0]
    for place, seat in enumerate(trex_order(out, hands)):
        scores[seat] = TREX_PLACES[place]
    return scores


__all__ = [
    "DOUBLE_VALUES", "LEAD", "TREX_PLACES", "Obligation", "double_payee", "early_end",
    "ended_early", "forced_discards", "legal_in_trick", "trex_order", "trex_scores",
    "trick_obligation", "trick_obligations", "trick_winner", "winning_index",
]
