"""A table in the page: one :class:`Table` per table element, built from small parts.

A page may hold many tables (tables.js), each with its own language, options, ids (prefixed)
and key handler on its element; nothing here is page-wide. The page's game (index.html) is
one table that saves and has aids; an embedded table (embed.html, or a ``data-trex``
element) shows one deal in one of embed.py's modes.

The parts, each its own module with the typed interface it needs of the table (a Protocol
the table satisfies), in the way chessground builds one API from small parts:

* pipeline.py — the move pipeline: the match, every move made on it, and its save;
* render.py — rendering: the view's parts morphed in batches, the live region, the sounds;
* focus.py — where the focus goes after a render, into and out of dialogs, along the hand;
* botdriver.py — the bots, a move at a time at the chosen pace, thinking in slices;
* dialogs.py — every dialog: how it renders and what closes it;
* modes.py — the page's game and an embedded table's modes (view, replay, play, exercise);
* settingsform.py — the settings dialog's form, read back;
* aidpanel.py, recordui.py, guide.py — the aids, the record dialogs, the rules screen and
  the tour; they see the table through api.TableApi.

This module joins them: the table's state (the page's ``ui``, the settings), the input
(clicks, changes, keys: arrows along the hand and the prompts, the S, L, P, R, U, H and ?
shortcuts, Escape, Tab kept inside an open dialog), the host page's commands and the tests'
hooks. Every entry from the browser runs in the table's own language (strings.language).
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from js import Object, URLSearchParams, location
from pyodide.ffi import create_proxy
from pyscript import document, window

from trex_core import DEAL_OVER, Match, Observation, Rules, write_record

from ..aids import advice, aidpanel, stats
from ..embed import bar
from ..embed.hostpage import HostPage
from ..embed.params import Embed, EmbedError
from ..embed.params import parse as parse_embed
from ..embed.params import query as parse_query
from ..friends import invite
from ..friends.loader import Friends
from ..i18n import strings
from ..i18n.strings import t
from ..page import bytecode
from ..page.dom import Stopwatch, browser_languages, focus, guarded, js, log_bug, storage_get, storage_set
from ..page.focus import Focus
from ..players import bots, seats
from ..players.botdriver import SPEEDS, BotDriver
from ..view import faces
from ..view.settingsform import SettingsForm
from . import controls, early, game, guide, modes, pagelang, store, tablestate
from .pipeline import MovePipeline
from .render import Renderer


class Table:
    """One table on the page. ``main``: the page's game (its save, its settings, the test
    hooks on ``window``); else ``mode`` (an embedded table's, modes.py) or ``error`` (a
    parameter that is wrong, shown in the table's place). ``frame``: the table is its page's
    one table in an iframe, and talks to the parent page by postMessage."""

    painter: Callable[[Any], tuple[str, str | None, str | None]] | None = None  # (modes.ModeHost)

    def __init__(self, root: Any, *, main: bool = False, mode: game.Game | None = None,
                 error: EmbedError | None = None, frame: bool = False, idp: str = "trex-",
                 lang: str | None = None) -> None:
        self.root = root
        self.main = main
        self.mode: game.Game = mode or game.Game()
        self.error = error
        self.frame = frame
        self.idp = idp  # prefixes the view's ids: one per table
        if not main:  # an embedded table has its own felt and fills its box (style.css)
            root.classList.add("trex-table")
        self.root.tabIndex = -1  # a click on the table's background keeps its keys working
        params = URLSearchParams.new(location.search) if main else URLSearchParams.new("")
        self.param_speed = js(params.get("speed"))
        self.param_seed = js(params.get("seed"))
        self.autoplay = js(params.get("autoplay")) == "1"  # the benchmark lets a bot play seat 0 too
        self.param_level = js(params.get("level"))
        self.settings = store.load_settings(storage_get(store.SETTINGS_KEY) if main else None)
        self.levels = bots.levels()
        self.notices: list[tuple[str, str]] = []  # (parameter, value) of the address that were not used
        self.lang_notice: str | None = None
        if main:
            # ?lang=, else the saved choice, else the browser's languages (loader.js picks alike)
            param_lang = js(params.get("lang"))
            lang, unknown = strings.choose(param_lang, self.settings.get("lang"), browser_languages())
            self.lang_notice = param_lang if unknown else None
            if self.param_level is not None and self.param_level not in self.levels:
                self.notices.append(("level", self.param_level))
            if self.param_speed is not None and self.param_speed not in SPEEDS:
                self.notices.append(("speed", self.param_speed))
            if self.param_seed is not None and not self.param_seed.strip().isdigit():
                self.notices.append(("seed", self.param_seed))
                self.param_seed = None
        self.lang = strings.supported(lang) or strings.DEFAULT  # this table's language
        e = self.mode.embed
        if e is not None:
            self.param_level = e.level
            self.param_speed = e.speed
        if self.param_level in self.levels:
            self.settings["level"] = self.param_level
        if self.settings["level"] not in self.levels:
            self.settings["level"] = "medium" if "medium" in self.levels else self.levels[0]
        self.page = main  # the page is this table's (its language and title): start() says
        self.ui: dict[str, Any] = {}
        self._names: tuple[tuple[str, int, tuple[str, ...]], faces.Names] | None = None  # seat_names()'s
        self.proxies: list[Any] = []  # JS proxies of our handlers, kept alive for the page's life
        self.focuser = Focus(self, root, None)
        self.renderer = Renderer(self, root, self.focuser, page=main, timed=self.autoplay)
        self.region = self.renderer.region
        self.focuser.region = self.region
        self.form = SettingsForm(self.region)
        self.driver = BotDriver(self, autoplay=self.autoplay, allowed=not self.mode.still)
        self.aids = aidpanel.AidPanel(self, storage_get, storage_set)  # undo, hint, review, stats
        self.pipeline = MovePipeline(self, self.renderer, self.driver, self.aids, saves=main)
        # friends joined over a link (link.py): the page's game only
        self.link = Friends(self, self.pipeline.guest_moved, lambda: str(location.origin + location.pathname),
                            lambda: str(self.settings.get("ice") or ""))
        self.pipeline.changed = self.link.changed
        self.host_page = HostPage(root, self.mode.embed, speaks=self.mode.embed is not None or error is not None,
                                  frame=frame, error=error)

    @classmethod
    def embedded(cls, root: Any, text: str, *, frame: bool, idp: str, lang: str) -> Table:
        """A table from an embed's parameters (docs/EMBED.md), or its error in its place;
        ``lang``: the page's, unless the parameters say."""
        try:
            e = parse_embed(parse_query(text), levels=bots.levels(), speeds=tuple(SPEEDS),
                            langs=strings.LANGUAGES)
        except EmbedError as exc:
            asked = next(iter(parse_query(text).get("lang", [])), None)
            return cls(root, error=exc, frame=frame, idp=idp, lang=strings.supported(asked) or lang)
        return cls(root, mode=modes.of(e, frame=frame), frame=frame, idp=idp, lang=e.lang or lang)

    @contextmanager
    def speaking(self) -> Iterator[None]:
        """This table's words: its language and its seats' names (an embedded table's compass
        points), for everything said inside the block."""
        with strings.language(self.lang), faces.seat_names(self.seat_names):
            yield

    def seat_names(self) -> faces.Names:
        """The names of the seats as drawn now (in the table's language): an embedded
        table's compass points, in pass-and-play each seat's compass point from the chair
        the table is drawn from (seats.py), else None (the game's own: You, East, ...)."""
        key = (self.lang, self.seats.viewer, self.seats.kinds)  # asked for each name: worked out once
        if self._names is None or self._names[0] != key:
            with strings.language(self.lang):
                names = self.mode.seat_names()
                if names is None:
                    names = self.seats.names((t("compass.0"), t("compass.1"), t("compass.2"), t("compass.3")))
            self._names = (key, names)
        return self._names[1]

    # ------------------------------------------------------------ the table's state (api.TableApi)
    @property
    def match(self) -> Match:
        return self.pipeline.match

    @property
    def seed(self) -> int | str:
        return self.pipeline.seed

    @property
    def obs(self) -> Observation:
        return self.pipeline.observation

    @property
    def embed(self) -> Embed | None:
        return self.mode.embed

    @property
    def speed(self) -> float:
        name = self.param_speed if self.param_speed in SPEEDS else self.settings["speed"]
        return SPEEDS[name]

    @property
    def fast(self) -> bool:
        return self.speed <= SPEEDS["fast"]

    @property
    def level(self) -> str:
        return str(self.settings["level"])

    @property
    def rules(self) -> Rules:
        return Rules.from_dict(self.settings["rules"])

    @property
    def seat_kinds(self) -> list[str]:
        return list(self.settings["seats"])

    @property
    def seats(self) -> seats.Seats:
        return self.pipeline.seats

    @property
    def still(self) -> bool:
        return self.mode.still

    @property
    def overlay(self) -> str | None:
        """The dialog on screen: the page's own, else the hand-off (pass-and-play), else a
        finished deal's summary."""
        return tablestate.overlay(self.ui, self.match, self.seats.handing)

    @property
    def holding_trick(self) -> bool:
        return bool(self.ui.get("held")) and not self.obs.trick

    def human_must_act(self) -> bool:
        """Whether the game waits for a click from the player holding the device (the
        viewer, seats.py; not a forced answer)."""
        m = self.match
        if m.is_over or m.to_move != self.seats.viewer or self.autoplay or m.phase == DEAL_OVER:
            return False
        awaits = self.mode.awaits_reader()
        if awaits is not None:
            return awaits
        return not self.obs.forced_answer  # §4.2: that one answer is given for you

    def person_to_move(self) -> bool:
        """Whether a person is to decide (the bots leave that seat alone): the viewer, or in
        pass-and-play another person of this device (the hand-off comes first)."""
        seat = self.match.to_move
        if seat == self.seats.viewer:
            return self.human_must_act()
        if seat is not None and self.link.waits_for(seat) and seats.deciding(self.match, seat) is not None:
            return True  # a friend's decision, joined over a link or yet to join (link.py)
        return not self.autoplay and self.seats.must_decide(self.match)

    def only_pass(self) -> bool:
        return self.human_must_act() and faces.legal_texts(self.obs) == ["pass"]

    def idle(self) -> None:
        """The bots stopped: in pass-and-play, the device goes to the person to move."""
        if self.pipeline.hand_off():
            self.forget_opener()
            self.render()
        self.renderer.mark_waiting()

    def take_device(self) -> None:
        """The hand-off's button: the person named took the device, their hand shows."""
        self.pipeline.take_device()
        self.render()
        self.kick()

    def waiting(self) -> str | None:
        overlay = self.overlay
        if overlay:
            return overlay
        if self.match.is_over:
            return "over"
        if self.human_must_act():
            return self.match.phase
        return self.mode.waiting()

    # ------------------------------------------------------------ the parts, as the helpers see them
    def render(self, spread: bool = False) -> None:
        self.renderer.render(spread)

    @property
    def watch(self) -> Stopwatch:
        return self.renderer.watch

    def kick(self) -> None:
        self.driver.kick()

    def stop_bots(self) -> None:
        self.driver.stop()

    def save(self, force: bool = False) -> None:
        self.pipeline.save(force)

    def refresh(self) -> None:
        self.pipeline.refresh()

    def apply(self, text: str, spread: bool = False) -> None:
        self.pipeline.apply(text, spread)

    def play_move(self, text: str) -> Any:
        return self.pipeline.play(text)

    def take(self, match: Match, seed: int | str) -> None:
        self.pipeline.take(match, seed)

    def speak(self, messages: list[str]) -> None:
        self.renderer.speak(messages)

    def forget_news(self) -> None:
        self.renderer.announcer.forget(self.obs)

    def forget_opener(self) -> None:
        self.focuser.forget_opener()

    def focus(self, el: Any, scroll: bool = True) -> None:
        focus(el, scroll)

    def keep_form(self) -> dict[str, Any]:
        form: dict[str, Any] = self.ui["form"]
        return self.form.keep(form)

    def save_settings(self) -> None:
        if self.main:
            storage_set(store.SETTINGS_KEY, store.dump_settings(self.settings))

    def open_dialog(self, kind: str) -> None:
        if self.overlay is None:
            self.focuser.remember_opener()
        self.ui["overlay"] = kind
        self.render()

    def new_game(self, seed: int | str | None = None) -> None:
        """A new match (the player chose it): the first action gets the focus, bots go on."""
        self.forget_opener()
        self.pipeline.new_game(seed)
        self.seat_guests()
        self.render()
        self.kick()

    def play_on(self, match: Match) -> None:
        self.forget_opener()
        self.pipeline.play_on(match)
        self.seat_guests()
        self.render()
        self.kick()

    def seat_guests(self) -> None:
        """The match's link seats (seats.py) get their invitations (link.py); the dialog
        that holds them opens while a friend is yet to join: before a hand-off or a deal's
        summary too, which come back when it closes (tablestate.overlay)."""
        if not self.main:
            return
        self.link.changed()
        if self.ui.get("overlay") is None and self.link.yet_to_join():
            self.ui["overlay"] = "link"

    def load_saved(self) -> None:
        self.forget_opener()
        self.stop_bots()
        self.restore()
        self.render()
        self.kick()

    def restore(self, taps: dict[str, Any] | None = None) -> None:
        """The saved match (the page's game), or an embedded table's deal from its start.
        ``taps``: what early.js showed; an opening (a first visit: no save) names the seed."""
        if isinstance(self.mode, modes.Embedded):
            self.mode.load(self, self.mode.step)
            return
        seed = str(taps["seed"]) if taps and "seed" in taps else self.param_seed
        self.pipeline.restore(int(seed) if seed and seed.strip().isdigit() else None)
        self.seat_guests()

    def report_bug(self, exc: BaseException) -> None:
        log_bug(exc)
        try:
            with self.speaking():
                self.ui["message"] = t("status.bug", why=f"{type(exc).__name__}: {exc}")
                self.render()
        except Exception:
            pass

    # ------------------------------------------------------------ the view
    def view_state(self, ui: dict[str, Any] | None = None) -> dict[str, Any]:
        """The view's state from the table's ``ui`` (or another, early.keep_view's)."""
        ui = self.ui if ui is None else ui
        m = self.match
        state = tablestate.view_state(ui, m, overlay=tablestate.overlay(ui, m, self.seats.handing), levels=self.levels,
                                      idp=self.idp, notices=self.notices, mode=self.mode, viewer=self.seats.viewer)
        if self.main:
            self.aids.view(state, self.obs)
            self.link.view(state, self.seats.turn)  # seats as the table is drawn (pass-and-play turns it)
        return state

    def parts(self, ui: dict[str, Any] | None = None) -> list[tuple[str, str]]:
        # the hand-off: the next person's chair, with no hand in the page (seats.hidden)
        obs = seats.hidden(self.obs) if self.seats.handing else self.obs
        parts = self.mode.parts(obs, self.view_state(ui))
        if self.main:
            parts = advice.mark_hint(parts, self.aids.hint_move())
        return parts

    def apply_look(self) -> None:
        """The four-colour deck (a setting): a class on the table, read by the CSS."""
        self.root.classList.toggle("four-colour", bool(self.settings.get("four_colour")))
        self.renderer.sound.setEnabled(self.main and bool(self.settings.get("sound")))  # the page's game only
        if self.embed is not None:
            self.root.dataset.felt = self.embed.felt

    # ------------------------------------------------------------ input (controls.py)
    @guarded
    def on_click(self, event: Any) -> None:
        controls.click(self, event)

    @guarded
    def on_key(self, event: Any) -> None:
        controls.key(self, event)

    @guarded
    def on_change(self, event: Any) -> None:
        controls.change(self, event)

    def switch_language(self, lang: str) -> None:
        pagelang.switch(self, lang)

    def human_move(self, text: str) -> None:
        m = self.match
        if m.is_over or m.to_move is None or self.overlay:
            return
        if not self.mode.move(self, text):  # an exercise judges the move first
            self.pipeline.human_move(text)

    def close_summary(self) -> None:
        """The benchmark (?autoplay=1) plays on past a deal's summary by itself."""
        self.ui["overlay"] = None
        if self.match.phase == DEAL_OVER:
            self.apply("next", spread=True)
        else:
            self.render()

    # ------------------------------------------------------------ the host page (hostpage.py)
    def emit(self, kind: str, **data: Any) -> None:
        self.host_page.emit(kind, **data)

    @guarded
    def on_command_event(self, event: Any) -> None:
        """``element.dispatchEvent(new CustomEvent("trex-command", {detail: {...}}))``."""
        self.command(event.detail)

    @guarded
    def on_message(self, event: Any) -> None:
        if self.host_page.trusts(event):
            self.command(event.data)

    def command(self, data: Any) -> None:
        """restart, step (``n``) and show-answer, as the mode allows; anything else is
        answered with an error event (docs/EMBED.md)."""
        kind = HostPage.kind(data)
        problem = self.mode.command(self, kind, data)
        if problem is not None:
            self.emit("error", problem=problem, command=kind)

    @guarded
    def on_hide(self, event: Any) -> None:
        if js(document.visibilityState) == "hidden" or js(event.type) == "pagehide":
            self.pipeline.flush()  # a move's save that waits for an idle moment: now (pipeline.save_soon)
            early.keep_view(self)

    @guarded
    def on_storage(self, event: Any) -> None:
        if js(event.key) == store.SAVE_KEY:
            self.pipeline.saved_elsewhere()


# ------------------------------------------------------------ a table's start (a procedure over its parts)
def bind(tb: Table) -> None:
    """The table's element takes the browser's events; the tests' hooks."""
    def on(target: Any, kind: str, fn: Callable[..., Any]) -> None:
        proxy = create_proxy(fn)
        tb.proxies.append(proxy)
        target.addEventListener(kind, proxy)

    on(tb.root, "click", tb.on_click)
    on(tb.root, "change", tb.on_change)
    on(tb.root, "keydown", tb.on_key)
    on(tb.root, "trex-command", tb.on_command_event)
    if tb.main:  # only the main game saves: it watches the save of other tabs
        on(window, "storage", tb.on_storage)
        # the table as it is, kept for the next visit's first paint (early.py)
        on(document, "visibilitychange", tb.on_hide)
        on(window, "pagehide", tb.on_hide)
    if tb.frame:  # the frame's one table takes commands from the page that embeds it
        on(window, "message", tb.on_message)
    hook = Object.new()
    for name, fn in test_hooks(tb).items():
        proxy = create_proxy(fn)
        tb.proxies.append(proxy)
        setattr(hook, name, proxy)
    tb.root.trexTest = hook  # each table's own (a page may hold many)
    if tb.main or tb.frame:  # the page's one table
        window.trexTest = hook


async def start_table(tb: Table, page: bool) -> None:
    """Show the table (``page``: the page is this table's, so its language and title
    follow it), then let the bots go on."""
    tb.page = page
    with tb.speaking():
        pagelang.show(tb)
        tb.root.classList.remove("trex-loading")
        tb.root.removeAttribute("aria-busy")
        tb.apply_look()
        bind(tb)
        if tb.error is not None:
            show_error(tb, tb.error)
            return
        taps = early.taps(tb)  # the table painted before Python, if any: its taps are ours now
        tb.restore(taps)
        # (not over a table kept from the last visit that the player has already acted on)
        guide.first_visit(tb, js(URLSearchParams.new(location.search).get("tour")) != "0"
                          and js(getattr(window, "trexNoTour", None)) is not True
                          and not (taps and "saved" in taps))
        if taps is not None:
            early.replay(tb, taps, lambda name: controls.tap(tb, name))
        if tb.lang_notice:
            tb.ui["notice_lang"] = tb.lang_notice
        window.performance.mark("trex:restored")
        tb.root.hidden = False  # before the first render: a hidden table cannot take the focus
        tb.render()
        window.performance.mark("trex:rendered")
        tb.renderer.mark("state", "ready")
        e = tb.embed
        if e is not None:
            tb.emit("ready", mode=e.mode, seat=e.seat, step=tb.mode.step, steps=len(e.moves))


async def play_on_start(tb: Table) -> None:
    """Import the bots a module per task (no long task on a slow phone), then move."""
    if tb.error is not None:
        return  # no deal: nothing to play
    await asyncio.sleep(0)  # let the table paint first
    await bots.fetch_bytecode()  # the bots' byte code comes after the table is playable
    for _ in bots.preload_steps():
        await asyncio.sleep(0)
    with tb.speaking():
        tb.kick()


def show_error(tb: Table, error: EmbedError) -> None:
    """An embedded table whose parameters are wrong: the reason in its place, and an
    "error" event for the host page (docs/EMBED.md)."""
    tb.root.hidden = False
    tag = "main" if tb.frame else "section"  # the frame's page has its one <main>
    tb.region.innerHTML = (f"<{tag} class=\"embed-error-box\">"
                           + bar.error(error.param, error.code, error.params) + f"</{tag}>")
    tb.renderer.mark("state", "error")
    tb.emit("error", param=error.param, problem=error.code,
            reason=bar.problem_text(error.code, error.params))


def test_hooks(tb: Table) -> dict[str, Callable[..., str]]:
    """The browser tests' and the benchmark's window into a table (``trexTest``): JSON only;
    the tests still act through clicks."""
    def state(*_: Any) -> str:
        with tb.speaking():
            m, mode = tb.match, tb.mode
            o = tb.obs.to_dict()  # as the tests read it: plain JSON
            return json.dumps({
                "phase": m.phase, "to_move": m.to_move, "contract": o["contract"],
                "kingdom": o["kingdom"], "deal_number": o["deal_number"], "king": o["king"],
                "hand": o["hand"], "legal": o["legal"], "trick": o["trick"], "tricks": len(o["tricks"]),
                "totals": o["totals"], "history": o["history"], "overlay": tb.overlay,
                "message": tb.ui.get("message"), "waiting": js(tb.root.getAttribute("data-waiting")),
                "moves": len(m.history), "is_over": m.is_over, "doubled": o["doubled"], "seed": tb.seed,
                "rules": m.rules.to_dict(), "level": tb.settings["level"], "step": mode.step,
                "judged": mode.judged, "answer_shown": mode.answer_shown,
                "shown": dict(tb.view_state().get("open_hands", {})),
                "seats": tb.seats.to_dict(), "viewer": tb.seats.viewer, "handing": tb.seats.handing,
                **tb.link.measures(),
                # the seat to move has a choice (not a forced answer, §4.2): a friend's page waits for it
                "deciding": m.to_move is not None and seats.deciding(m, m.to_move) is not None,
            })

    def brief(*_: Any) -> str:
        """What a benchmark polls while a slowed page plays: state()'s few fields that cost
        next to nothing (state() builds the view's state, tens of ms on a slowed phone, and
        polled every frame it became a long task of its own)."""
        m = tb.match
        return json.dumps({"moves": len(m.history), "to_move": m.to_move, "overlay": tb.overlay,
                           "deciding": m.to_move is not None and seats.deciding(m, m.to_move) is not None})

    def perf(*_: Any) -> str:
        d = tb.driver
        return json.dumps({"bot_ms": d.ms, "bot_tasks": d.tasks, "bot_samples": d.samples,
                           "render_ms": tb.renderer.render_ms, "steps": tb.watch.steps, "bots_imported": bots.imported(),
                           "bots_compiled": bots.compiled})

    def record(*_: Any) -> str:  # the game record and the move texts: a test replays this game in CPython
        return json.dumps({"record": write_record(tb.match), "moves": [str(move) for move in tb.match.history]})

    def aid(*_: Any) -> str:
        a = tb.aids
        return json.dumps({"hint": a.hint, "review": a.review, "used": a.used, "stats": storage_get(stats.KEY),
                           "timings": a.timings})

    return {"state": state, "brief": brief, "perf": perf, "record": record, "aids": aid}


async def start(painter: Callable[[Any], tuple[str, str | None, str | None]] | None = None) -> None:
    """index.html (the game) and embed.html (one embedded table): the page's one table, #app.
    At ``#join=`` the page holds a friend's seat (guest.py); at ``#reply=`` it hands a
    friend's reply to this browser's table (invite.py). ``painter``: the answer to
    author.html's ``prepaint`` command (start/paint.py, which imports the table)."""
    root = document.getElementById("app")
    asked = invite.fragment(str(location.hash)) if not document.body.hasAttribute("data-embed") else None
    if not document.body.hasAttribute("data-embed"):
        listen_for_links(str(location.hash))
    if asked is not None:
        kind, text = asked
        await bytecode.fetch("link")  # (friends.py)
        from . import guest
        if kind == invite.JOIN:
            await guest.start(root, text)
        else:
            await guest.replied(root, text)
        return
    if document.body.hasAttribute("data-embed"):
        browser = strings.choose(None, None, browser_languages())[0]
        table = Table.embedded(root, str(location.search), frame=True, idp="trex-", lang=browser)
        table.painter = painter
    else:
        table = Table(root, main=True)
    await start_table(table, page=True)
    document.body.dataset.state = "ready"
    window.trexLoader.ready()
    await play_on_start(table)


_LISTENERS: list[Any] = []  # (a proxy lives as long as the page listens)


def listen_for_links(hash_text: str) -> None:
    """A link opened in this tab changes only its fragment, and the page would keep what it
    holds: a new invitation (or reply, or a link opened over the page's own game) starts
    the page again from it."""
    def changed(_event: Any) -> None:
        if invite.starts_again(hash_text, str(location.hash)):
            location.reload()

    _LISTENERS.append(proxy := create_proxy(changed))
    window.addEventListener("hashchange", proxy)


async def start_all() -> None:
    """tables.js: a table in every ``[data-trex]`` element of the page, one Python for all.
    Their language is the page's (``<html lang>``), unless an element's ``lang=`` says."""
    page_lang = strings.choose(js(document.documentElement.lang), None, browser_languages())[0]
    tables = []
    for i, el in enumerate(document.querySelectorAll("[data-trex]")):
        table = Table.embedded(el, str(js(el.getAttribute("data-trex")) or ""), frame=False,
                               idp=f"trex{i + 1}-", lang=page_lang)
        await start_table(table, page=False)
        tables.append(table)
        await asyncio.sleep(0)  # each table paints in its own task
    document.documentElement.dataset.trexTables = "ready"
    for table in tables:
        await play_on_start(table)
