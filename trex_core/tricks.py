"""The rules of play that ``Match`` and the bots' fast path share, on plain ints.

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


__all__ = ["trick_winner", "winning_index"]
