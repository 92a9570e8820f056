"""A friend's table, joined over a link: the guest's side.

The page opened at ``#join=<code>`` (invite.py) holds one seat of the host's table. It
answers the host's offer (rtc.py), shows the reply to send back, and once the channel opens
says hello; from then on it draws the table from what the host sends: its own seat's
:class:`~trex_core.Observation`, turned so that its seat is at the bottom (seat 0, as the
view expects), every seat named by its compass point. It knows no rule and decides
nothing: a card or an answer it is offered (the observation's legal moves) is sent to the
host, and the host's referee plays it or says why not (its code, said here in the guest's
own language). The guest keeps no save: the match is the host's.

It reuses the table's view (board.py), rendering (render.py), focus (focus.py) and live
region (announce.py); the host's aids, settings and records are not offered here.
"""
from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from typing import Any

from js import location
from pyodide.ffi import create_proxy
from pyscript import document, window

from trex_core import DEAL_OVER, Match, Observation, Rules, observe
from trex_core import __version__ as VERSION
from trex_core.tools.referee import hello, move_message, read

from ..friends import invite, linkview, qr, relay, rtc
from ..i18n import strings
from ..i18n.strings import t
from ..page.dom import browser_languages, copy_code, guarded, js, log_bug, storage_get, taps_to_raise
from ..page.focus import Focus
from ..players import seats
from ..players.botdriver import SPEEDS
from ..view import board, dialogs, faces, values
from . import store
from .render import Renderer

GUEST_TOOLS = ("last-trick", "sheet")  # the top bar's tools on a guest's table (the rest are the host's)
REFEREE_CODES = ("malformed", "version", "hello-first", "other-seat", "host-deals")  # said as link.refused.*


class GuestTable:
    """The page's one table, held for one seat of a host's table."""

    def __init__(self, root: Any, fragment: str) -> None:
        self.root = root
        self.main = True
        self.idp = "trex-"
        self.settings = store.load_settings(storage_get(store.SETTINGS_KEY))
        self.lang = strings.choose(None, self.settings.get("lang"), browser_languages())[0]
        self.fragment = fragment
        self.seat = 0  # the host's seat this page holds (the invitation's)
        self.seq = -1  # the last state's (a move names it: the referee refuses a stale one)
        self.ui: dict[str, Any] = {"overlay": "join", "join": {}}
        self.obs: Observation = seats.hidden(observe(Match.new(seed=0, rules=Rules()), 0))  # until the host's
        self.connected = False
        self.seen_summary = -1  # the finished deal whose summary was closed
        self.table: str | None = None  # the host's table (the invitation's id)
        self.heard: invite.Code | None = None  # a new invitation for this seat, by a courier
        self.peer: rtc.Peer | None = None
        self.couriers: relay.Couriers | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.proxies: list[Any] = []
        self.received: list[str] = []  # every message from the host (the tests read them)
        self.focuser = Focus(self, root, None)
        self.renderer = Renderer(self, root, self.focuser, page=True, timed=False)
        self.region = self.renderer.region
        self.focuser.region = self.region

    # ------------------------------------------------------------ what the view reads
    @contextmanager
    def speaking(self) -> Iterator[None]:
        with strings.language(self.lang), faces.seat_names(self.seat_names):
            yield

    def seat_names(self) -> faces.Names:
        compass = tuple(t(f"compass.{(r + self.seat) % 4}") for r in range(4))
        return (compass[0], compass[1], compass[2], compass[3])

    @property
    def overlay(self) -> str | None:
        kind: str | None = self.ui.get("overlay")
        if kind is None and self.obs.phase == DEAL_OVER and self.seen_summary != self.obs.deal_number:
            kind = "summary"
        return kind

    @property
    def speed(self) -> float:
        return SPEEDS.get(str(self.settings.get("speed")), SPEEDS["normal"])

    @property
    def fast(self) -> bool:
        return self.speed <= SPEEDS["fast"]

    @property
    def still(self) -> bool:
        return False

    def human_must_act(self) -> bool:
        o = self.obs
        return (self.connected and o.to_move == 0 and not o.is_over and o.phase != DEAL_OVER
                and not o.forced_answer and bool(o.legal))

    def only_pass(self) -> bool:
        return self.human_must_act() and faces.legal_texts(self.obs) == ["pass"]

    def waiting(self) -> str | None:
        if self.overlay:
            return self.overlay
        if self.obs.is_over:
            return "over"
        return self.obs.phase if self.human_must_act() else None

    def parts(self) -> list[tuple[str, str]]:
        o = self.obs
        state = dict(self.ui)
        summary_close = (f'<button type="button" class="primary" data-action="close-summary" data-autofocus>'
                         f'{escape(t("btn.close"))}</button><p class="note">{escape(t("link.host_deals"))}</p>')
        state.update(overlay=self.overlay, kings=seats.kings_seen(o), levels=[],
                     values=values.of(o.rules), idp=self.idp, notices=[], tools=GUEST_TOOLS,
                     summary_buttons=summary_close,
                     link_notes=[linkview.status_text(s, "dropped", n) for s, n in sorted(self.ui.get("drops", {}).items())])
        if not self.connected:  # (joining, or the channel lost: not "Your turn" behind the dialog)
            state["note"] = ("offline", t("link.status.offline"))
        return board.table_parts(o, state, dialogs.html)

    def report_bug(self, exc: BaseException) -> None:
        log_bug(exc)
        try:  # said on the table too, as the host's table says it
            with self.speaking():
                self.ui["message"] = t("status.bug", why=f"{type(exc).__name__}: {exc}")
                self.render()
        except Exception:
            pass

    def render(self) -> None:
        self.renderer.render(False)

    # ------------------------------------------------------------ joining
    async def start(self) -> None:
        with self.speaking():
            show_language(self.lang)
            self.root.classList.remove("trex-loading")
            self.root.removeAttribute("aria-busy")
            self.bind()
            self.root.hidden = False
            try:
                code = invite.read(self.fragment, invite.JOIN)
                if code.version != VERSION:
                    raise invite.InviteError("version", {"theirs": code.version})
            except invite.InviteError as exc:
                self.ui["join"] = {"error": exc.code}
                self.render()
                return
            self.seat = code.seat
            self.table = code.table
            self.obs = seats.hidden(observe(Match.new(seed=0, rules=Rules()), code.seat).turned(code.seat))
            self.render()
            # the host's tab in this browser, or the site's relay, may take the reply at once,
            # and bring this seat's next invitation when the channel drops (relay.py)
            self.couriers = relay.Couriers(self.on_courier)
        try:
            await self.answer(code)
        except Exception as exc:  # no WebRTC in this browser, or an offer it refuses
            log_bug(exc)
            with self.speaking():
                self.ui["join"] = {"error": "damaged" if rtc.supported() else "browser"}
                self.render()

    async def answer(self, code: invite.Code) -> None:
        """Answer the host's offer: the reply to send back, handed to the couriers too."""
        old, peer = self.peer, rtc.Peer([], self.on_message, self.on_open, lambda: self.on_close(peer))
        self.peer = peer
        if old is not None:
            old.close()  # (its channel's close is an earlier invitation's: on_close ignores it)
        reply = await peer.answer(code.sdp)
        if self.peer is not peer:
            return  # a newer invitation came meanwhile
        with self.speaking():
            answer = invite.Code(invite.REPLY, code.seat, code.table, reply, VERSION)
            self.ui["join"] = {"reply": answer.link(str(location.href))}
            self.render()
            if self.couriers is not None:
                self.couriers.send(f"{invite.REPLY}={answer.text()}")
        drawn = await qr.drawn(self.ui["join"]["reply"])  # for a host in the same room to scan
        with self.speaking():
            if self.peer is peer and self.ui.get("join", {}).get("reply"):
                self.ui["join"]["qr"] = drawn
                self.render()

    @guarded
    def on_courier(self, text: str) -> None:
        """A new invitation for this seat of this table, brought by a courier while the
        channel is down (the host's page reloaded, or the friend's network dropped): answered
        at once, so the friend sits again with no link sent."""
        if self.table is None or not text.startswith(invite.JOIN + "="):
            return
        try:
            code = invite.read(text, invite.JOIN)
        except invite.InviteError:
            return  # not ours to read
        if code.table == self.table and code.seat == self.seat and code.version == VERSION:
            self.heard = code
            if not self.connected:
                self.answer_heard()

    def answer_heard(self) -> None:
        """Answer the last invitation heard for this seat (once), in a task of its own. One
        heard while the channel still seemed open waits for its close (the host's page may
        reload faster than the close arrives); a connected table never answers one."""
        code, self.heard = self.heard, None
        if code is not None:
            self.tasks.add(task := asyncio.ensure_future(self.answer_reported(code)))
            task.add_done_callback(self.tasks.discard)

    async def answer_reported(self, code: invite.Code) -> None:
        try:
            await self.answer(code)
        except Exception as exc:  # (a task's error would otherwise go unseen)
            self.report_bug(exc)

    def bind(self) -> None:
        for kind, fn in (("click", self.on_click), ("keydown", self.on_key), ("change", self.on_change)):
            proxy = create_proxy(fn)
            self.proxies.append(proxy)
            self.root.addEventListener(kind, proxy)

    @guarded
    def on_open(self) -> None:
        if self.peer is not None:
            self.peer.send(hello(self.seat, VERSION))

    @guarded
    def on_close(self, peer: rtc.Peer) -> None:
        if peer is not self.peer:
            return  # an earlier invitation's channel
        asyncio.get_event_loop().call_soon(peer.close)  # its handlers let go (not from inside one)
        self.connected = False
        self.ui["overlay"] = "join"
        self.ui["join"] = {"lost": True, "relay": self.couriers is not None and self.couriers.site is not None}
        self.render()
        self.answer_heard()

    @guarded
    def on_message(self, text: str) -> None:
        self.received.append(text)
        try:
            message = read(text)
        except ValueError:
            self.ui["message"] = t("link.refused.malformed")
            self.render()
            return
        if message.type == "refused":
            self.refused(message.code, message.params)
        elif message.type == "bye":  # the host's new game has no seat for this page
            peer, self.peer = self.peer, None  # (its close, which the host's follows, is then not "lost")
            if peer is not None:
                asyncio.get_event_loop().call_soon(peer.close)  # (not from inside its handler)
            self.connected = False
            self.ui["overlay"] = "join"
            self.ui["join"] = {"ended": True}
            self.render()
        elif message.type == "seats":  # who is away, drawn from this chair
            self.ui["away"] = [seats.turn(s, self.seat) for s in message.away]
            self.ui["drops"] = {seats.turn(s, self.seat): n for s, n in message.left}
            self.render()
        elif message.obs is not None:
            self.seq = message.seq
            self.show(message.obs.turned(self.seat))

    def show(self, obs: Observation) -> None:
        ui = self.ui
        before = len(self.obs.tricks)
        self.obs = obs
        if not self.connected:  # the first state: the table takes the reply's place
            self.connected = True
            self.heard = None  # (an invitation heard before is answered by this channel)
            ui["overlay"] = None
            ui.pop("join", None)
            self.renderer.announcer.reset()
        last = faces.last_trick(obs)
        ui["last_trick"] = last
        if last is None:
            ui["show_last"] = False
        ui["message"] = ui["raised"] = ui["dbl"] = None
        if len(obs.tricks) > before:
            ui["held"] = last
        elif obs.trick or obs.phase != "play":
            ui["held"] = None
        self.render()

    def refused(self, code: str, params: dict[str, Any]) -> None:
        if code == "stale":
            return  # crossed a change: the new state is on its way
        if code in REFEREE_CODES:
            self.ui["message"] = t(f"link.refused.{code}")
        else:
            self.ui["message"] = faces.refusal_text(code, params, viewer=self.seat)
        self.render()

    # ------------------------------------------------------------ input
    def move(self, text: str) -> None:
        if self.peer is None or not self.human_must_act() or self.overlay:
            return
        self.peer.send(move_message(self.seat, self.seq, text))

    @guarded
    def on_click(self, event: Any) -> None:
        el = js(event.target.closest("[data-action]"))
        if el is None or bool(getattr(el, "disabled", False)):
            return
        action = js(el.getAttribute("data-action"))
        ui = self.ui
        if action == "move":
            card = js(el.getAttribute("data-move"))
            if (el.classList.contains("in-hand") and taps_to_raise(event) and ui.get("raised") != card
                    and self.obs.phase == "play" and card in faces.legal_texts(self.obs)):
                ui["raised"] = card
                self.render()
                return
            self.move(card)
        elif action == "double-selected":
            marked = [b.value for b in self.root.querySelectorAll("input[name=dbl]:checked")]
            self.move("double:" + ",".join(marked) if marked else "nodouble")
        elif action in ("sheet", "last-trick") and self.overlay is None:
            if action == "last-trick" and not ui.get("last_trick"):
                return
            self.focuser.remember_opener()
            if action == "sheet":
                ui["overlay"] = "sheet"
            else:
                ui["show_last"] = not ui.get("show_last")
            self.render()
        elif action in ("close", "close-last"):
            ui["overlay"] = None if ui.get("overlay") != "join" else "join"
            ui["show_last"] = False
            self.render()
        elif action == "close-summary":
            self.seen_summary = self.obs.deal_number
            self.render()
        elif action == "copy-reply":
            copy_code(el)
        elif action == "leave-link":
            location.href = str(location.href).split("#", 1)[0]

    @guarded
    def on_change(self, event: Any) -> None:
        if js(event.target.getAttribute("data-change")) == "dbl":
            self.ui["dbl"] = [b.value for b in self.root.querySelectorAll("input[name=dbl]:checked")]
            self.render()

    @guarded
    def on_key(self, event: Any) -> None:
        if event.altKey or event.ctrlKey or event.metaKey or self.focuser.tab(event):
            return
        if event.key == "Escape" and (self.ui.get("overlay") == "sheet" or self.ui.get("show_last")):
            self.ui["overlay"] = None
            self.ui["show_last"] = False
            self.render()
            event.preventDefault()
            return
        self.focuser.arrow_key(event, strings.direction() == "rtl")


def show_language(lang: str) -> None:
    """The page is the guest's table: its language, direction and title."""
    el = document.documentElement
    el.lang = lang
    el.dir = strings.direction()
    document.title = t("app.title")


async def start(root: Any, fragment: str) -> GuestTable:
    table = GuestTable(root, fragment)
    await table.start()
    document.body.dataset.state = "ready"
    window.trexLoader.ready()
    # the tests' window: every message from the host; a raw text sent over the channel
    window.trexGuest = create_proxy(lambda *_: "\n".join(table.received))
    window.trexGuestSend = create_proxy(lambda text: table.peer is not None and table.peer.send(str(text)))
    return table


async def replied(root: Any, fragment: str) -> None:
    """A reply link opened in the host's browser: hand it to the table's tab, say so."""
    settings = store.load_settings(storage_get(store.SETTINGS_KEY))
    lang = strings.choose(None, settings.get("lang"), browser_languages())[0]
    with strings.language(lang):
        show_language(lang)
        error = None
        sent = False
        try:
            invite.read(fragment, invite.REPLY)
        except invite.InviteError as exc:
            error = exc.code
        if error is None:
            sent = await hand_over(fragment)
        root.classList.remove("trex-loading")
        root.removeAttribute("aria-busy")
        root.hidden = False
        root.innerHTML = linkview.replied_page(sent, error)
    document.body.dataset.state = "ready"
    window.trexLoader.ready()


async def hand_over(fragment: str) -> bool:
    """Hand the reply to this browser's tabs and the site's relay (relay.py); True once a
    table took it."""
    taken = asyncio.Event()
    couriers = relay.Couriers(lambda text: taken.set() if text == relay.TAKEN else None)
    couriers.send(fragment)
    try:
        await asyncio.wait_for(taken.wait(), 3.0)
        return True
    except TimeoutError:
        return False
    finally:
        couriers.close()
