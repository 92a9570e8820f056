"""The host's side of a table shared over a channel: the referee.

Friends at one table, with no server of ours: the host's page runs the match and is its only
referee; each guest's page holds one seat. What crosses a channel is JSON text, small and
checked. A guest is told only what its seat may know (an :class:`~trex_core.Observation`,
never another seat's unplayed cards) and sends moves; the referee checks each against the
engine, and a refusal names its code. No message, however wrong, changes the match or
raises: it is refused, to its sender only.

Guest to host::

    {"type": "hello", "protocol": "trex-table/1", "version": "<the page's build>", "seat": 2}
    {"type": "move", "seat": 2, "seq": 17, "move": "QS"}

``seq`` is the state the guest chose its move in (the ``seq`` of the last state it was
sent): a move sent twice, or sent before the guest had seen the table change, is refused as
``stale`` and not played again.

Host to guest::

    {"type": "state", "seq": 17, "obs": {...}}     (Observation.to_dict of the guest's seat)
    {"type": "refused", "code": "follow-suit", "params": {...}, "seq": 17, "move": "QS"}
    {"type": "seats", "seq": 17, "away": [3], "left": [[3, 12]]}
                                   (the seats whose player is not there now; a dropped one's
                                    seconds before a bot plays it)
    {"type": "bye", "seq": 17}     (the host's table let this guest go: a new game with no
                                    seat for it; the channel closes next)

A refusal's ``code`` is the engine's (:mod:`trex_core.errors`: ``not-your-turn``,
``follow-suit``, ``match-over``, …) or one of the referee's own, :data:`CODES`. A page says
it in its reader's language from the code; the table's seats and cards are in ``params``.

What a guest may send is read strictly (:meth:`Referee.receive`): a message of at most
:data:`MAX_MESSAGE` characters and :data:`MAX_BRACKETS` brackets (so no deep nesting reaches
the JSON reader), no ``NaN``/``Infinity``, a seat in 0..3, a ``seq`` in 0..:data:`MAX_SEQ`, a
move, protocol and version each a short printable ASCII word; anything else is ``malformed``.
A guest's answers are rationed (:class:`Ration`: a burst of :data:`BURST`, then :data:`RATE` a
second, on the clock the caller passes), so a flood cannot make the host send without end:
what the ration holds back is counted, not sent. A legal move's new states always go out.
Each guest's :class:`Tally` counts what it sent and what it was answered.

The referee knows no rule: the engine's :meth:`~trex_core.Match.play` with the guest's seat
decides. Who plays the other seats (the host, people on the host's device, bots) is the
host page's business: after it changes the match itself it calls :meth:`Referee.changed`,
which gives every seated guest its new state.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalMoveError, InvalidMoveError
from ..match import DEAL_OVER, Match
from ..observation import Observation, observe

PROTOCOL = "trex-table/1"
MAX_MESSAGE = 4096
"""Characters: a guest's message is a move or a greeting, never more (a longer one is
refused unread, so a guest cannot make the host parse megabytes)."""

MAX_BRACKETS = 8
"""Brackets (``{`` and ``[``) in a guest's message, counted before it is parsed: a move or a
greeting has one, and a bound on them bounds how deep the reader recurses."""
MAX_KEYS = 8
"""Fields of a guest's message (a move has four, a greeting four)."""
MAX_SEQ = 2**31 - 1
"""The largest ``seq`` a guest may name (a match has a few thousand changes)."""
MAX_WORD = 64
"""Characters of a guest's protocol or version, and of the longest move (``double:`` and its
cards): printable ASCII, since a refusal says them back."""
BURST = 16
"""Answers a guest may be sent at once for its own messages before the ration counts..."""
RATE = 4.0
"""...then this many a second (:class:`Ration`)."""

CODES = {
    "malformed": "not a message of this protocol (not JSON, a field missing or of the wrong kind, "
                 "a move that is no move)",
    "version": "the guest's page is of another version than the host's (params: host, guest)",
    "hello-first": "a move from a seat that has not said hello",
    "other-seat": "a move for another seat than the one the channel holds (params: seat, yours)",
    "stale": "the move was chosen in an earlier state (sent twice, or crossed a change): "
             "params: seq, now",
    "host-deals": "the deal is over: the host deals on",
}
"""The referee's own refusal codes; any other code is the engine's."""

Outgoing = tuple[int, str]
"""A message to send: the seat it is for, and its text."""


def hello(seat: int, version: str) -> str:
    """A guest's greeting for ``seat``: the protocol and its page's ``version`` (a site's
    build, or ``trex_core.__version__`` for a program without one)."""
    return _text({"type": "hello", "protocol": PROTOCOL, "version": version, "seat": seat})


def move_message(seat: int, seq: int, move: str) -> str:
    """A guest's move ``move`` for ``seat``, chosen in state ``seq``."""
    return _text({"type": "move", "seat": seat, "seq": seq, "move": move})


def _text(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Ration:
    """A guest's ration of answers: a bucket of ``burst`` answers that refills at ``rate`` a
    second, on the clock the caller passes (seconds; the referee reads no clock of its own,
    so the same messages at the same times get the same answers)."""

    def __init__(self, burst: int = BURST, rate: float = RATE) -> None:
        self.burst, self.rate = burst, rate
        self.left = float(burst)
        self.at: float | None = None

    def take(self, now: float) -> bool:
        """One answer at ``now``, if the ration has one left."""
        if self.at is not None and now > self.at:
            self.left = min(float(self.burst), self.left + (now - self.at) * self.rate)
        if self.at is None or now > self.at:
            self.at = now
        if self.left >= 1.0:
            self.left -= 1.0
            return True
        return False


@dataclass
class Tally:
    """What one guest sent and was answered: ``heard`` = ``played`` + ``greeted`` + every
    ``refused`` (by code, whether the refusal was sent or held back); ``answered``: the
    messages sent to it for its own (a refusal, its state after a greeting or its own move);
    ``withheld``: the answers its ration held back; ``sent``: every message it was sent."""

    heard: int = 0
    played: int = 0
    greeted: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    answered: int = 0
    withheld: int = 0
    sent: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"heard": self.heard, "played": self.played, "greeted": self.greeted,
                "refused": dict(sorted(self.refused.items())), "answered": self.answered,
                "withheld": self.withheld, "sent": self.sent}


class Referee:
    """The host's referee for ``match``, whose seats ``guests`` are held by guests over
    channels. The host page tells it which channel a message came from (its seat);
    :meth:`receive` and :meth:`changed` return what to send, and to whom."""

    def __init__(self, match: Match, guests: Iterable[int], version: str) -> None:
        self.match = match
        self.version = version
        """The host page's version: a guest of another is refused (``version``), not misplayed."""
        self.guests = frozenset(guests)
        for seat in self.guests:
            if seat not in range(4):
                raise ValueError(f"a seat is 0..3, not {seat!r}")
        self.seq = 0
        """Counts the match's changes (moves, undos): a guest's move names the one it saw."""
        self.seated: set[int] = set()
        """The guests whose channel has said hello and not dropped since."""
        self.tally = {seat: Tally() for seat in sorted(self.guests)}
        """Each guest's counts (:class:`Tally`): the bench and the tests read them."""
        self.rations = {seat: Ration() for seat in self.guests}

    # -- what the host page tells the referee -------------------------------------------

    def receive(self, seat: int, text: object, now: float | None = None) -> list[Outgoing]:
        """A message from the channel of guest ``seat``. Returns what to send: after a move
        the engine accepts, every seated guest's new state; otherwise one refusal, or the
        state, to the sender only, if its ration (:class:`Ration`) has one left at ``now``
        (seconds, the caller's clock; None: not rationed). Never raises for what a guest
        sent."""
        if seat not in self.guests:
            raise ValueError(f"seat {seat} is not a guest of this table")  # the host page's own error
        tally = self.tally[seat]
        tally.heard += 1
        played = len(self.match.history)
        out = self._answer(seat, text)
        if len(self.match.history) != played:  # (changed() counted every guest's new state)
            tally.played += 1
            tally.answered += sum(1 for s, _ in out if s == seat)
            return out  # not rationed: a legal move is rare, and every guest must see it
        [(_, answer)] = out  # one answer, to the sender
        if answer.startswith('{"type":"state"'):
            tally.greeted += 1
        else:
            tally.refused[json.loads(answer)["code"]] += 1
        if now is not None and not self.rations[seat].take(now):
            tally.withheld += 1
            return []
        tally.answered += 1
        return self._count(out)

    def _answer(self, seat: int, text: object) -> list[Outgoing]:
        message = self._read(text)
        if message is None:
            return [self._refused(seat, "malformed")]
        kind = message.get("type")
        if kind == "hello":
            return self._hello(seat, message)
        if kind != "move":
            return [self._refused(seat, "malformed")]
        return self._move(seat, message)

    def _count(self, out: list[Outgoing]) -> list[Outgoing]:
        for s, _ in out:
            if s in self.tally:
                self.tally[s].sent += 1
        return out

    def counts(self) -> dict[int, dict[str, Any]]:
        """Each guest's :class:`Tally`, as plain data."""
        return {seat: t.to_dict() for seat, t in self.tally.items()}

    def dropped(self, seat: int) -> None:
        """The channel of ``seat`` closed: it is sent nothing until it says hello again."""
        self.seated.discard(seat)

    def away(self, seats: Iterable[int], left: dict[int, int] | None = None) -> list[Outgoing]:
        """Who is away now (a guest yet to join, or dropped, whom a bot may play): told to
        every seated guest, as the host page sees it, so every table shows the same.
        ``left``: the dropped seats' seconds before a bot plays them (their countdown, which
        every table shows)."""
        away = sorted(set(seats))
        message: dict[str, Any] = {"type": "seats", "seq": self.seq, "away": away}
        if left:
            message["left"] = [[s, n] for s, n in sorted(left.items())]
        return self._count([(s, _text(message)) for s in sorted(self.seated)])

    def bye(self) -> list[Outgoing]:
        """The host's table lets its guests go (a new game whose seats differ): a ``bye`` to
        every seated guest, sent before the channels close, so a guest's page can say its
        seat is gone rather than that the connection was lost (which keeps the seat)."""
        return self._count([(s, _text({"type": "bye", "seq": self.seq})) for s in sorted(self.seated)])

    def changed(self) -> list[Outgoing]:
        """The host changed the match itself (its own move, a bot's, the next deal, an
        undo): every seated guest's new state."""
        self.seq += 1
        return self._count([self._state(s) for s in sorted(self.seated)])

    # -- the messages -------------------------------------------------------------------

    @staticmethod
    def _read(text: object) -> dict[str, Any] | None:
        if not isinstance(text, str) or len(text) > MAX_MESSAGE:
            return None
        if text.count("{") + text.count("[") > MAX_BRACKETS:  # (before parsing: no deep nesting)
            return None
        try:
            message = json.loads(text, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            return None
        if not isinstance(message, dict) or len(message) > MAX_KEYS:
            return None
        return message

    def _hello(self, seat: int, message: dict[str, Any]) -> list[Outgoing]:
        said = message.get("seat")
        if not _is_seat(said) or not (_is_word(message.get("protocol")) and _is_word(message.get("version"))):
            return [self._refused(seat, "malformed")]
        if said != seat:
            return [self._refused(seat, "other-seat", {"seat": said, "yours": seat})]
        guest = {"protocol": message.get("protocol"), "version": message.get("version")}
        host = {"protocol": PROTOCOL, "version": self.version}
        if guest != host:
            return [self._refused(seat, "version", {"host": host, "guest": guest})]
        self.seated.add(seat)
        return [self._state(seat)]

    def _move(self, seat: int, message: dict[str, Any]) -> list[Outgoing]:
        said, seq, text = message.get("seat"), message.get("seq"), message.get("move")
        if not (_is_seat(said) and isinstance(seq, int) and _is_int(seq) and 0 <= seq <= MAX_SEQ
                and isinstance(text, str) and _is_word(text)):
            return [self._refused(seat, "malformed")]
        if seat not in self.seated:
            return [self._refused(seat, "hello-first")]
        if said != seat:
            return [self._refused(seat, "other-seat", {"seat": said, "yours": seat}, text)]
        if seq != self.seq:
            return [self._refused(seat, "stale", {"seq": seq, "now": self.seq}, text)]
        m = self.match
        if m.phase == DEAL_OVER:  # (the engine lets the next king deal on: here the host does)
            return [self._refused(seat, "host-deals", None, text)]
        try:
            m.play(text, seat=seat)
        except InvalidMoveError:
            return [self._refused(seat, "malformed", None, text)]
        except IllegalMoveError as e:
            return [self._refused(seat, e.code, e.params, text)]
        return self.changed()

    def _state(self, seat: int) -> Outgoing:
        return seat, _text({"type": "state", "seq": self.seq, "obs": observe(self.match, seat).to_dict()})

    def _refused(self, seat: int, code: str, params: dict[str, object] | None = None,
                 move: str | None = None) -> Outgoing:
        message: dict[str, Any] = {"type": "refused", "code": code, "params": params or {}, "seq": self.seq}
        if move is not None:
            message["move"] = move
        return seat, _text(message)


@dataclass(frozen=True)
class HostMessage:
    """A message from the host, as a guest's page reads it (:func:`read`): a ``state``
    (``obs``, the guest's own seat's observation), a ``refused`` (``code``, ``params``,
    the ``move`` refused if it was one), ``seats`` (``away``: who is not there now;
    ``left``: a dropped seat's seconds before a bot plays it) or ``bye`` (the host's table
    no longer holds this guest's seat)."""

    type: str
    seq: int
    obs: Observation | None = None
    code: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    move: str | None = None
    away: tuple[int, ...] = ()
    left: tuple[tuple[int, int], ...] = ()


def read(text: str) -> HostMessage:
    """A host's message; raises ValueError naming what is wrong with one that is not of
    this protocol (a host of another version, or a damaged channel)."""
    try:
        message = json.loads(text)
    except ValueError as e:
        raise ValueError(f"the host's message is not JSON: {e}") from None
    if not isinstance(message, dict) or not _is_int(message.get("seq")):
        raise ValueError("the host's message has no seq")
    kind, seq = message.get("type"), message["seq"]
    try:
        if kind == "state":
            return HostMessage("state", seq, obs=Observation.from_dict(message["obs"]))
        if kind == "bye":
            return HostMessage("bye", seq)
        away = message.get("away")
        left = message.get("left", [])
        if (kind == "seats" and isinstance(away, list) and all(_is_int(s) and s in range(4) for s in away)
                and isinstance(left, list) and all(_countdown(x) for x in left)):
            return HostMessage("seats", seq, away=tuple(away), left=tuple((x[0], x[1]) for x in left))
        code, params, move = message.get("code"), message.get("params"), message.get("move")
        if kind == "refused" and isinstance(code, str) and isinstance(params, dict):
            said = move if isinstance(move, str) else None
            return HostMessage("refused", seq, code=code, params=params, move=said)
    except (KeyError, TypeError, ValueError) as e:
        raise ValueError(f"the host's state cannot be read: {e!r}") from None
    raise ValueError(f"the host's message is of no known type: {kind!r}")


def _countdown(value: object) -> bool:
    """A dropped seat's countdown as a ``seats`` message holds it: [seat, seconds]."""
    return (isinstance(value, list) and len(value) == 2 and _is_int(value[0]) and value[0] in range(4)
            and _is_int(value[1]) and 0 <= value[1] <= 3600)


def _is_seat(value: object) -> bool:
    return _is_int(value) and value in range(4)


def _is_word(value: object) -> bool:
    """A guest's protocol, version or move: short printable ASCII (a refusal says it back)."""
    return isinstance(value, str) and 0 < len(value) <= MAX_WORD and value.isascii() and value.isprintable()


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not JSON")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
