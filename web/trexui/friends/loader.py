"""Friends at the page's table over a link, as the table sees them.

The link's code (link.py and what it imports: build.py LINK_MODULES) is a zip of its own,
fetched and imported only when the table has a link seat (bytecode.fetch): a first visit
alone against bots loads none of it. While it comes, the bots wait for the link seats; once
it is there, :class:`~trexui.friends.link.LinkHost` seats the friends and the invitations' dialog
opens.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..page import bytecode

if TYPE_CHECKING:
    from .link import LinkHost, LinkTable

    class FriendsTable(LinkTable, Protocol):
        def seat_guests(self) -> None: ...


class Friends:
    """The table's friends: ``moved``, ``page`` and ``servers`` are LinkHost's."""

    def __init__(self, table: FriendsTable, moved: Callable[[int], None], page: Callable[[], str],
                 servers: Callable[[], str]) -> None:
        self.table = table
        self.args = (moved, page, servers)
        self.host: LinkHost | None = None  # once the link's code is here
        self.loading: asyncio.Future[None] | None = None

    def changed(self) -> None:
        """After every change of the match (MovePipeline.changed): the friends' part, once
        the link's code is here; a table with a link seat fetches it first."""
        if self.host is not None:
            self.host.changed()
        elif self.table.seats.links and self.loading is None:
            self.loading = asyncio.ensure_future(self._load())

    async def _load(self) -> None:
        try:
            await bytecode.fetch("link")
            from . import linkview  # noqa: F401 - its dialogs join the table's registry (dialogs.provide)
            from .link import LinkHost
            with self.table.speaking():
                self.host = LinkHost(self.table, *self.args)
                self.host.listen()
                self.table.seat_guests()  # the invitations, and their dialog
                self.table.render()
                self.table.kick()
        except Exception as exc:  # (the zip did not come: the page says so)
            self.table.report_bug(exc)

    def waits_for(self, seat: int) -> bool:
        """The bots leave ``seat`` alone: a friend holds it or is yet to join it (while the
        link's code comes, every link seat)."""
        if self.host is not None:
            return self.host.waits_for(seat)
        return seat in self.table.seats.links

    def yet_to_join(self) -> bool:
        return self.host is not None and self.host.yet_to_join()

    def accept(self, text: str) -> bool:
        """A reply pasted into the invitations' dialog; whether it was taken."""
        return self.host is not None and self.host.accept(text)

    def scan(self, on: bool) -> None:
        """The host taps "Scan the reply" (the camera is asked for then) or stops it."""
        if self.host is not None:
            if on:
                self.host.scanner.start()
            else:
                self.host.scanner.stop()

    def view(self, state: dict[str, Any], turn: Callable[[int], int]) -> None:
        """The friends in the view's state, each seat as the table draws it (``turn``): the
        invitations' dialog (``link``), who is away, the top bar's countdowns."""
        host = self.host
        if host is None or not host.guests:
            return
        from . import linkview
        view = host.view()
        for item in view["seats"]:
            item["seat"] = turn(item["seat"])
        state["link"] = view
        state["away"] = [turn(s) for s in host.away()]
        state["link_notes"] = [linkview.status_text(turn(s), "dropped", left) for s, left in host.notes()]
        state["drops"] = {turn(s): left for s, left in host.notes()}  # (the status line's, view.py)

    def measures(self) -> dict[str, Any]:
        """For the tests and bench/link_play.py: the dialog's data, each message's bytes, a
        friend's move's times."""
        host = self.host
        return {"link": host.view() if host is not None and host.guests else None,
                "link_bytes": host.bytes if host is not None else [],
                "link_ms": host.timings if host is not None else []}
