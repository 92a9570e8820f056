"""Who plays each seat of the page's game, and whose chair the table is drawn from.

A seat is played by "you" (seat 0: whoever set the match up), by another "person" on this
device (pass-and-play), by a "link": a friend whose own page joined this
table over a link (link.py), or by a "bot" (at the table's level, or at a
level of its own: "bot:hard"). The engine is the same for all:
the page drives whichever seat is to move, and the bots leave the people's seats alone.

When more than one person plays, the table is drawn from the chair of the person holding
the device, the *viewer*: the engine's observation of that seat, turned so that it is seat 0
(``Observation.turned``), as the rest of the view expects. Between two people's turns a
hand-off dialog names who is next and the table behind it shows no hand at all
(:func:`hidden`), so nothing of a hand is in the page, for a screen reader either.

Every seat is then named by its compass point (South is seat 0), so that "North" is the
same person whoever holds the device. Pure Python: CPython's tests read it.
"""
from __future__ import annotations

import random
import re
from collections.abc import Collection
from dataclasses import replace
from typing import Any

from trex_core import DEAL_OVER, Match, Observation, observe

LEVELS = ["random", "easy", "medium", "hard"]  # the bots' levels, named without the bots (bots.py)
KINDS = ("you", "bot", "person", "link")  # (Settings offers the last three for East, North and West)
ALONE = ("you", "bot", "bot", "bot")  # one player against three bots: the game as it always was
# A bot of its own level: "bot:<level>" (a "bot" plays at Settings' Level, the table's)
LEVELED = tuple(f"bot:{level}" for level in LEVELS)


TABLE_ID = re.compile(r"[0-9a-f]{10}")  # a table's id in its friends' codes (invite.py)


def table_id(saved: Any = None) -> str:
    """The id of the table that friends join by link (link.py puts it in every invitation, a
    reply must name it): ``saved``, a save's, if it is one, else a new one."""
    if isinstance(saved, str) and TABLE_ID.fullmatch(saved):
        return saved
    return f"{random.SystemRandom().getrandbits(40):010x}"


def turn(seat: int, viewer: int) -> int:
    """An engine seat as the table draws it from ``viewer``'s chair (``Observation.turned``'s
    renumbering): the viewer is 0."""
    return (seat - viewer) % 4


def checked(kinds: Any) -> tuple[str, str, str, str]:
    """The seats' kinds from a save or the settings; anything else is the game alone against
    bots (settings never block the game; a save's seats are checked like its moves are not:
    they only say who holds the device)."""
    if (isinstance(kinds, (list, tuple)) and len(kinds) == 4 and kinds[0] == "you"
            and all(k in KINDS[1:] or k in LEVELED for k in kinds[1:])):
        return (kinds[0], kinds[1], kinds[2], kinds[3])
    return ALONE


class Seats:
    def __init__(self, kinds: Any = ALONE, table: Any = None) -> None:
        self.kinds = checked(kinds)
        # the table's id for friends' codes: kept by the page's next games and by the save, so
        # that after a reload the new invitations name the same table (a friend's page knows it)
        self.table = table_id(table)
        self.viewer = 0  # the seat whose chair the table is drawn from
        self.handing = False  # the hand-off dialog is on: the viewer has not taken the device yet

    def level(self, seat: int, table: str) -> str:
        """The level of the bot that plays ``seat``: its own, else the table's (``table``)."""
        kind = self.kinds[seat]
        return kind.removeprefix("bot:") if kind in LEVELED else table

    def person(self, seat: int) -> bool:
        """A person on this device plays ``seat`` (you, or pass-and-play's)."""
        return self.kinds[seat] in ("you", "person")

    @property
    def links(self) -> tuple[int, ...]:
        """The seats of friends who join over a link (link.py): their own pages play them."""
        return tuple(s for s in range(4) if self.kinds[s] == "link")

    @property
    def shared(self) -> bool:
        """More than one person plays on this device (pass-and-play)."""
        return sum(self.person(s) for s in range(4)) > 1

    def turn(self, seat: int) -> int:
        """An engine seat as the table draws it: the viewer is 0."""
        return turn(seat, self.viewer)

    def names(self, compass: tuple[str, str, str, str]) -> tuple[str, str, str, str] | None:
        """The drawn seats' names when people share the device or friends join by link: each
        by its compass point (``compass``: South, East, North, West in the table's language),
        as every friend's table names them; None: the game's own (You, East, North, West)."""
        if not self.shared and not self.links:
            return None
        n = [compass[(r + self.viewer) % 4] for r in range(4)]
        return (n[0], n[1], n[2], n[3])

    def observation(self, m: Match) -> Observation:
        """The viewer's observation, drawn from the viewer's chair."""
        obs = observe(m, self.viewer)
        return obs.turned(self.viewer) if self.viewer else obs

    def must_decide(self, m: Match) -> bool:
        """A person is to move and has a choice (:func:`deciding`)."""
        seat = m.to_move
        return seat is not None and self.person(seat) and deciding(m, seat) is not None

    def next_person(self, m: Match) -> int | None:
        """The person the device must go to now: the one to move when it is a person's
        decision and not the viewer's; None when the viewer keeps it."""
        if not self.shared or not self.must_decide(m) or m.to_move == self.viewer:
            return None
        return m.to_move

    def upcoming(self, m: Match) -> int:
        """The person who plays next from here in the order of play (the device goes to
        them on a reload): the seat to move if a person's, else the first person after it."""
        start = m.to_move if m.to_move is not None else 0
        return next(s % 4 for s in range(start, start + 4) if self.person(s % 4))

    def to_dict(self) -> list[str]:
        return list(self.kinds)


def deciding(m: Match, seat: int) -> Observation | None:
    """What ``seat`` sees when it is to decide now, else None: a forced answer (§4.2) is
    given for it, and a finished deal's Next is pressed by anyone."""
    if m.to_move != seat or m.phase == DEAL_OVER:
        return None
    obs = observe(m, seat)
    return None if obs.forced_answer else obs


def decided(m: Match, people: Collection[int]) -> bool:
    """Whether a seat of ``people`` made a decision of its own in ``m``: a forced answer
    given for it (§4.2) and a finished deal's Next are nobody's. The match is taken back to
    its start and played forward again, so it ends exactly as it was."""
    moves = m.history
    if not moves or not people:
        return False
    m.undo(len(moves))
    found = False
    for move in moves:  # legal when first made: each is played again as it was
        seat = m.to_move
        if not found and seat is not None and seat in people:
            found = deciding(m, seat) is not None
        m.play(move)
    return found


def kings_seen(obs: Observation) -> list[int]:
    """Every kingdom's king as the score sheet lists them (§2.4), in ``obs``'s own seats: the
    rules' order of kings from the first, which the current king of the current kingdom
    names. A friend's observation is already turned to their chair, so these are drawn seats
    (turning them again would name another king)."""
    first = next(k for k in range(4) if obs.rules.kings(k)[obs.kingdom] == obs.king)
    return list(obs.rules.kings(first))


def hidden(obs: Observation) -> Observation:
    """The table as the hand-off dialog shows it: no hand, no move, no private answer."""
    return replace(obs, hand=0, legal=(), my_answer=None)
