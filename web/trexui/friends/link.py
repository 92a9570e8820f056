"""Friends at the page's table over a link: the host's side.

The host's page is the table: it runs the match, and :class:`trex_core.tools.referee.Referee` is
its only referee. Each seat of kind "link" (seats.py) gets an invitation (invite.py: a link
that carries this page's WebRTC offer for that seat); the friend's page answers with a reply
link; once the host opens or pastes it, a data channel (rtc.py) joins the two pages. From
then on the guest is sent its own seat's observation after every change and sends moves,
which the referee checks with the engine: a refusal goes back with its code. Nothing a guest
sends can change the match but a legal move of its own seat.

The bots leave a seated guest's seat alone, and wait for a guest who has not joined yet. A
guest whose channel closes is played by a bot after a countdown the table shows
(:data:`DROP_SECONDS`); a new invitation for that seat is made at once, and the friend who
opens it takes the seat back.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from pyscript import window

from trex_core import Match, Observation
from trex_core import __version__ as VERSION
from trex_core.tools.referee import Outgoing, Referee

from ..page.dom import Stopwatch
from ..players.seats import Seats
from . import invite, qr, relay, rtc, scan
from .invite import InviteError

DROP_SECONDS = 20  # a dropped guest's seat waits this long before a bot plays it


class LinkTable(Protocol):
    """What the host's links read of their table."""

    @property
    def match(self) -> Match: ...
    @property
    def obs(self) -> Observation: ...
    @property
    def seats(self) -> Seats: ...
    def render(self, spread: bool = False) -> None: ...
    def kick(self) -> None: ...
    def speaking(self) -> AbstractContextManager[None]: ...
    def report_bug(self, exc: BaseException) -> None: ...
    @property
    def watch(self) -> Stopwatch:
        """Times the steps of the table's tasks, for the benchmarks (dom.py)."""
        ...


@dataclass
class Guest:
    """One link seat: ``status`` is ``inviting`` (its invitation is out), ``seated``,
    ``dropped`` (``left`` seconds before a bot plays it) or ``bot``."""

    status: str = "inviting"
    invitation: str = ""  # the link to send, once the offer is made
    qr: qr.Drawing | None = None  # the invitation as a QR code, for a friend in the same room
    peer: rtc.Peer | None = None
    answered: bool = False  # a reply was accepted for this invitation
    left: int = 0


class LinkHost:
    def __init__(self, table: LinkTable, moved: Callable[[int], None], page: Callable[[], str],
                 servers: Callable[[], str]) -> None:
        self.table = table
        self.moved = moved  # the referee played a guest's move (given the tricks before): the table shows it
        self.couriers: relay.Couriers | None = None  # this browser's tabs and the site's relay: listen()
        self.page = page  # the site's address, for the invitations' links
        self.servers = servers  # Settings' STUN/TURN servers (rtc.ice_servers), "" by default
        self.id = ""  # the table's (seats.table_id), in its invitations: adopt() gives it
        self.referee: Referee | None = None
        self.guests: dict[int, Guest] = {}
        self.sent: tuple[int, int] | None = None  # (the match's id, its moves) last sent to the guests
        self.owed = False  # the guests' states of the last change wait for their task (flush)
        self.bytes: list[int] = []  # each message's size in bytes (the measure: a move's cost)
        self.timings: list[tuple[float, float]] = []  # a friend's move: the referee's ms, the table's ms (bench)
        self.problem: str | None = None  # the last reply that could not seat anyone: its code
        self.tasks: set[asyncio.Task[None]] = set()
        self.scanner = scan.Scanner(self._show, self.scanned, table.report_bug)  # the host's camera

    # ------------------------------------------------------------ the table's seats
    def adopt(self) -> None:
        """The table's link seats and its id (seats.py; kept by its save), read at every
        change before anything is sent: the seated guests play on in a new match of the same
        seats; when the seats differ (a new game where a friend's seat is now a bot's, or no
        link seat at all) the old guests are let go first, and each link seat gets a fresh
        invitation."""
        seats = self.table.seats
        links, table = seats.links, seats.table
        if self.referee is not None and tuple(sorted(self.guests)) == links and table == self.id:
            return
        self.close()
        self.id = table
        if not links:
            return
        self.referee = Referee(self.table.match, links, VERSION)
        for seat in links:
            self.guests[seat] = Guest()
            self._invite(seat)

    def yet_to_join(self) -> bool:
        """A friend is yet to take (or take back) a link seat of a match still on: the
        invitations' dialog opens for them."""
        return not self.table.match.is_over and any(g.status in ("inviting", "dropped")
                                                    for g in self.guests.values())

    def close(self) -> None:
        self.scanner.stop(render=False)
        # each seated guest is told its seat is gone (a ``bye``) before its channel closes:
        # a channel that only closed would tell it its seat is kept for it
        byes = dict(self.referee.bye()) if self.referee is not None else {}
        for seat, guest in self.guests.items():
            if guest.peer is not None:
                guest.peer.close(last=byes.get(seat))
        for task in list(self.tasks):  # invitations being made, countdowns: of guests let go
            task.cancel()
        self.guests = {}
        self.referee = None
        self.sent = None
        self.owed = False
        self.problem = None

    def waits_for(self, seat: int) -> bool:
        """The bots leave ``seat`` alone: a guest holds it, or is yet to join it."""
        guest = self.guests.get(seat)
        return guest is not None and guest.status != "bot"

    def view(self) -> dict[str, Any]:
        """What the invitation dialog shows (linkview.py): plain data."""
        return {"seats": [{"seat": s, "status": g.status, "invitation": g.invitation, "left": g.left, "qr": g.qr}
                          for s, g in sorted(self.guests.items())],
                "problem": self.problem, "servers": bool(rtc.ice_servers(self.servers())),
                "scan": self.scanner.view(), "referee": self.counts()}

    def counts(self) -> dict[str, Any]:
        """Each guest's counts (the referee's Tally: heard, refused by code, answered, held
        back by its ration), for bench/hostile_guest.py and the tests; keyed by seat."""
        return {str(s): t for s, t in self.referee.counts().items()} if self.referee is not None else {}

    # ------------------------------------------------------------ invitations and replies
    def listen(self) -> None:
        """Replies may come by courier (relay.py): a reply link opened in another tab of this
        browser, or the site's relay; invitations are handed to the site's relay."""
        self.couriers = relay.Couriers(self.on_courier)

    def on_courier(self, text: str) -> None:
        """A friend's reply brought by a courier: their seat is taken once the channel opens;
        the tab that handed it over is told. Anything else is not ours."""
        with self.table.speaking():
            try:
                if text.startswith(invite.REPLY + "=") and self.accept(text, quiet=True) and self.couriers:
                    self.couriers.send(relay.TAKEN, site=False)
            except Exception as exc:
                self.table.report_bug(exc)

    def publish(self, fragment: str) -> None:
        """An invitation made: the site's relay, if any, may carry it."""
        if self.couriers is not None:
            self.couriers.send(fragment, tabs=False)

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _invite(self, seat: int) -> None:
        self._spawn(self._make_invitation(seat))

    async def _make_invitation(self, seat: int) -> None:
        guest = self.guests.get(seat)
        if guest is None:
            return
        if guest.peer is not None:
            guest.peer.close()
        guest.peer, guest.answered, guest.invitation, guest.qr = None, False, "", None
        try:
            peer = rtc.Peer(rtc.ice_servers(self.servers()), lambda text: self.received(seat, text),
                            lambda: None, lambda: self.dropped(seat, peer))
            guest.peer = peer
            offer = await peer.offer()
        except Exception as exc:
            self.table.report_bug(exc)
            return
        if guest.peer is peer and self.guests.get(seat) is guest:
            code = invite.Code(invite.JOIN, seat, self.id, offer, VERSION)
            guest.invitation = code.link(self.page())
            self.publish(f"{invite.JOIN}={code.text()}")
            self._show()
            drawn = await qr.drawn(guest.invitation)
            if guest.peer is peer and self.guests.get(seat) is guest:
                guest.qr = drawn
                self._show()

    def away(self) -> tuple[int, ...]:
        """The link seats whose friend is not there now (yet to join, or dropped)."""
        return tuple(s for s, g in sorted(self.guests.items()) if g.status != "seated")

    def tell_away(self) -> None:
        """Every friend's table shows who is away, as the host's does (view.py's badge)."""
        if self.referee is not None:
            self.flush()
            self.send(self.referee.away(self.away(), dict(self.notes())))

    def accept(self, text: str, quiet: bool = False) -> bool:
        """A reply, pasted or brought by a courier (relay.py): seats its guest once the
        channel opens. A pasted reply that cannot seat anyone is named in the dialog
        (``problem``); one a courier brought is not ours (``quiet``). False for both."""
        try:
            code = invite.read(text, invite.REPLY)
            guest = self.guests.get(code.seat)
            if code.table != self.id:
                raise InviteError("other-table")
            if guest is None or guest.peer is None or guest.answered or guest.status == "seated":
                raise InviteError("used")
            if code.version != VERSION:
                raise InviteError("version", {"theirs": code.version})
        except InviteError as exc:
            if not quiet:
                self.problem = exc.code
                self.table.render()
            return False
        self.problem = None
        guest.answered = True
        self._spawn(self._accept(guest, guest.peer, code.sdp))
        self.table.render()
        return True

    def scanned(self, text: str) -> bool:
        """A reply the camera read (scan.py): as if pasted."""
        with self.table.speaking():
            return self.accept(text)

    async def _accept(self, guest: Guest, peer: rtc.Peer, answer: str) -> None:
        try:
            await peer.accept(answer)
        except Exception:
            if guest.peer is peer:  # a reply the browser refused: the right one may still come
                guest.answered = False
                self.problem = "damaged"
            else:  # a reply to an older invitation of this seat: its offer is gone
                self.problem = "used"
            self._show()

    # ------------------------------------------------------------ the channels
    def received(self, seat: int, text: str) -> None:
        """A guest's message: the referee answers; a move it played shows on the table."""
        ref = self.referee
        if ref is None or self.guests.get(seat) is None:
            return
        with self.table.speaking():
            try:
                self.flush()  # the state the guest chose in, first
                m = ref.match
                moves, tricks = len(m.history), len(self.table.obs.tricks)
                seated = seat in ref.seated
                t0 = window.performance.now()
                with self.table.watch.step("referee"):
                    self.send(ref.receive(seat, text, now=t0 / 1000))  # (the guest's ration's clock)
                if len(m.history) != moves:
                    self.sent = (id(m), len(m.history))  # the referee sent every guest the change
                    t1 = window.performance.now()
                    self.moved(tricks)
                    self.timings.append((t1 - t0, window.performance.now() - t1))
                elif seat in ref.seated and not seated:
                    self.guests[seat].status = "seated"
                    self.guests[seat].left = 0
                    self.tell_away()
                    self.table.render()
                    self.table.kick()
            except Exception as exc:
                self.table.report_bug(exc)

    def dropped(self, seat: int, peer: rtc.Peer) -> None:
        """A guest's channel closed: a bot plays the seat after the countdown; a new
        invitation lets the friend take it back. (A channel that closes before its friend
        sat, an answered invitation that failed, only makes the new invitation.)"""
        guest = self.guests.get(seat)
        if guest is None or guest.peer is not peer or self.referee is None:
            return  # an earlier invitation's channel
        seated = guest.status == "seated"
        self.referee.dropped(seat)
        self._invite(seat)
        if seated:
            guest.status = "dropped"
            guest.left = DROP_SECONDS
            self.tell_away()
            self._spawn(self._countdown(seat, guest))

    async def _countdown(self, seat: int, guest: Guest) -> None:
        while guest.status == "dropped" and guest.left > 0 and self.guests.get(seat) is guest:
            self.tell_away()  # every friend's table counts down with the host's
            self._show()
            await asyncio.sleep(1)
            guest.left -= 1
        if guest.status == "dropped" and self.guests.get(seat) is guest:
            guest.status = "bot"
            self.tell_away()
            self._show(kick=True)

    def _show(self, kick: bool = False) -> None:
        """The table shows the guests' news (and its bots go on: ``kick``), from a task."""
        with self.table.speaking():
            try:
                self.table.render()
                if kick:
                    self.table.kick()
            except Exception as exc:
                self.table.report_bug(exc)

    def changed(self) -> None:
        """The match changed on the host (a move of its own or a bot's, the next deal, an
        undo, a new match): every seated guest gets its new state, once per change."""
        self.adopt()
        ref = self.referee
        if ref is None:
            return
        m = self.table.match
        ref.match = m
        key = (id(m), len(m.history))
        if key != self.sent:
            self.sent = key
            if not self.owed:  # (two changes before it: the guests are sent the last)
                self.owed = True
                asyncio.get_event_loop().call_soon(self.flush)

    def flush(self) -> None:
        """The guests' new states (changed), in a task after the move's: building each seat's
        observation is no part of showing the move on the host. Anything the referee hears
        or says first waits for them (received, tell_away), so no guest's move is ever
        judged against an older state than its own."""
        if not self.owed:
            return
        self.owed = False
        try:
            if self.referee is not None:
                with self.table.watch.step("friends"):
                    self.send(self.referee.changed())
        except Exception as exc:  # (a task of its own: say so, like a handler)
            self.table.report_bug(exc)

    def send(self, out: list[Outgoing]) -> None:
        for seat, text in out:
            guest = self.guests.get(seat)
            if guest is not None and guest.peer is not None and guest.peer.send(text):
                self.bytes.append(len(text.encode("utf-8")))

    def notes(self) -> Iterator[tuple[int, int]]:
        """The dropped seats and their countdowns, for the table's top bar."""
        for seat, guest in sorted(self.guests.items()):
            if guest.status == "dropped":
                yield seat, guest.left
