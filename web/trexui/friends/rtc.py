"""One WebRTC data channel between two pages, driven from Python.

The browser's RTCPeerConnection, called through Pyodide: the host makes an offer
(:meth:`Peer.offer`), the guest answers it (:meth:`Peer.answer`), the host accepts the
answer (:meth:`Peer.accept`); then each side's ``on_message`` gets the other's texts. The
descriptions are complete (every candidate gathered before they are handed over), because
they travel by link (invite.py), once each way, with nothing to trickle through.

With no ICE servers (the default), only the network's own candidates are used: friends on
the same network connect with nothing leaving it. A host may name STUN/TURN servers in
Settings (``ice``) to reach friends elsewhere; the page says that this contacts them.

**The heartbeat.** Once the channel is open each side sends :data:`BEAT` every
:data:`BEAT_SECONDS`, and takes a channel that brought nothing for :data:`SILENT_SECONDS` as
closed: a device that is gone (switched off, out of range), not only a tab that closed, is
noticed in about five seconds instead of the data channel's own 16. The beat is the
channel's, not the table's protocol: it never reaches ``on_message`` (nor the referee).
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import window

GATHER_SECONDS = 8.0  # at most, for the candidates: a description with what was found by then
BEAT = '{"type":"beat"}'  # the heartbeat's text, each way
BEAT_SECONDS = 1.0  # a beat this often (a hidden tab's timers still run once a second)
SILENT_SECONDS = 4.0  # nothing heard for this long: the other page is gone
LAST_SECONDS = 2.0  # a last text's channel closes first, its connection this much later (Peer.close)


def ice_servers(text: str) -> list[dict[str, Any]]:
    """Settings' servers, one address per line (``stun:host:port``, or
    ``turn:host:port username password``), as RTCPeerConnection takes them. A TURN line
    without its user and password is left out: the browser refuses the whole list for it."""
    servers: list[dict[str, Any]] = []
    for line in text.splitlines():
        words = line.split()
        if not words or not words[0].startswith(("stun:", "turn:", "turns:")):
            continue
        server: dict[str, Any] = {"urls": words[0]}
        if len(words) >= 3:
            server.update(username=words[1], credential=words[2])
        elif words[0].startswith("turn"):
            continue
        servers.append(server)
    return servers


def supported() -> bool:
    """This browser has WebRTC (RTCPeerConnection)."""
    return getattr(window, "RTCPeerConnection", None) is not None


class Peer:
    """One side of a data channel. ``on_message(text)`` for each message, ``on_open()``
    once it opens, ``on_close()`` once it closes or fails (the other page left)."""

    def __init__(self, servers: list[dict[str, Any]], on_message: Callable[[str], None],
                 on_open: Callable[[], None], on_close: Callable[[], None]) -> None:
        self.on_message = on_message
        self.on_open = on_open
        self.on_close = on_close
        self.listening: list[tuple[Any, str, Any]] = []  # (target, event, proxy): removed on close
        self.channel: Any = None
        self.closed = False
        self.heard = 0.0  # when the other page was last heard (performance.now(), ms)
        self.beating: asyncio.Task[None] | None = None
        config = to_js({"iceServers": servers}, dict_converter=Object.fromEntries)
        self.pc = window.RTCPeerConnection.new(config)  # (read when used: a page without WebRTC imports this)
        self.gathered = asyncio.Event()
        self._on(self.pc, "icegatheringstatechange", self._gathering)
        self._on(self.pc, "connectionstatechange", self._connection)

    def _on(self, target: Any, kind: str, fn: Callable[..., None]) -> None:
        proxy = create_proxy(fn)
        self.listening.append((target, kind, proxy))
        target.addEventListener(kind, proxy)

    def _gathering(self, *_: Any) -> None:
        if self.pc.iceGatheringState == "complete":
            self.gathered.set()

    def _connection(self, *_: Any) -> None:
        if self.pc.connectionState in ("failed", "closed"):
            self._closed()

    def _wire(self, channel: Any) -> None:
        self.channel = channel
        self._on(channel, "message", self._message)
        self._on(channel, "open", self._opened)
        self._on(channel, "close", lambda *_: self._closed())

    def _message(self, event: Any) -> None:
        self.heard = float(window.performance.now())
        text = str(event.data)
        if text != BEAT:
            self.on_message(text)

    def _opened(self, *_: Any) -> None:
        self.heard = float(window.performance.now())
        if self.beating is None:
            self.beating = asyncio.ensure_future(self._beat())
        self.on_open()

    async def _beat(self) -> None:
        """Send a beat every BEAT_SECONDS; after SILENT_SECONDS with nothing heard the other
        page is taken as gone: ``on_close``, and the connection closed, so that a page that
        was only frozen finds its channel closed when it wakes (and says so)."""
        while not self.closed:
            self.send(BEAT)
            await asyncio.sleep(BEAT_SECONDS)
            if self.closed:
                return
            if float(window.performance.now()) - self.heard > SILENT_SECONDS * 1000:
                self.beating = None  # (this task ends here: not cancelled by close)
                self._closed()
                self.close()
                return

    def _closed(self) -> None:
        if not self.closed:
            self.closed = True
            self.on_close()

    async def _description(self) -> str:
        # at most GATHER_SECONDS: then what was gathered so far (on a plain network, all there is)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.gathered.wait(), GATHER_SECONDS)
        return str(self.pc.localDescription.sdp)

    async def offer(self) -> str:
        """The host's side: a channel and the offer that describes it."""
        self._wire(self.pc.createDataChannel("trex"))
        await self.pc.setLocalDescription(await self.pc.createOffer())
        return await self._description()

    async def answer(self, offer: str) -> str:
        """The guest's side: the answer to the host's ``offer``."""
        self._on(self.pc, "datachannel", lambda event: self._wire(event.channel))
        await self.pc.setRemoteDescription(to_js({"type": "offer", "sdp": offer}, dict_converter=Object.fromEntries))
        await self.pc.setLocalDescription(await self.pc.createAnswer())
        return await self._description()

    async def accept(self, answer: str) -> None:
        """The host's side: the guest's ``answer``; the channel opens next."""
        await self.pc.setRemoteDescription(to_js({"type": "answer", "sdp": answer}, dict_converter=Object.fromEntries))

    def send(self, text: str) -> bool:
        """Send ``text``; False if the channel is not open (the other page left)."""
        if self.channel is None or self.channel.readyState != "open":
            return False
        self.channel.send(text)
        return True

    def close(self, last: str | None = None) -> None:
        """Close on purpose (no ``on_close``); ``last``: a text sent first. The channel's
        own close sends what it holds before it ends, the connection's would not: with a
        last text, the connection closes :data:`LAST_SECONDS` later."""
        self.closed = True  # (closed on purpose: no on_close)
        if self.beating is not None:
            self.beating.cancel()
        for target, kind, proxy in self.listening:  # (the channel's close event comes after this)
            target.removeEventListener(kind, proxy)
            proxy.destroy()
        self.listening.clear()
        if last is not None and self.send(last) and self.channel is not None:
            self.channel.close()
            asyncio.get_event_loop().call_later(LAST_SECONDS, self.pc.close)
            return
        self.pc.close()
