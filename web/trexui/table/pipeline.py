"""The move pipeline of a table: the match on it, every move made on it, and its save.

The engine (trex_core.Match) is the referee; this part only forwards move texts to it and
keeps what the page derives from them: the observation of the seat the table is drawn from
(seat 0's, or in pass-and-play the person's holding the device: seats.py), the last trick
kept on show, and the save (with who plays each seat). The match's history
(``Match.history``) is the only list of moves. Only the page's game saves (an embedded table
never reads or writes a save); a tab never overwrites a newer match that another tab saved
(store.py's stamps).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import window

from trex_core import (
    DEAL_OVER,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    Move,
    Observation,
    Rules,
)

from ..aids.aidpanel import AidPanel
from ..i18n.strings import t
from ..page.dom import storage_get, storage_head, storage_set
from ..players.botdriver import BotDriver
from ..players.seats import ALONE, Seats
from ..view import faces
from . import store, tablestate
from .game import Game
from .render import Renderer

SAVE_WAIT_MS = 250  # a move's save waits for an idle moment at most this long (save_soon)


class PipelineHost(Protocol):
    """What the pipeline reads of its table beside its own parts."""

    ui: dict[str, Any]

    @property
    def mode(self) -> Game: ...
    @property
    def overlay(self) -> str | None: ...
    @property
    def rules(self) -> Rules:
        """The rules a new game is played by (the settings')."""
        ...

    @property
    def seat_kinds(self) -> list[str]:
        """Who plays each seat of a new game (the settings', seats.py)."""
        ...

    def emit(self, kind: str, **data: Any) -> None: ...


class MovePipeline:
    def __init__(self, host: PipelineHost, renderer: Renderer, driver: BotDriver, aids: AidPanel,
                 *, saves: bool) -> None:
        self.host = host
        self.renderer = renderer
        self.driver = driver
        self.aids = aids
        self.saves = saves  # the page's game: its match is saved move by move
        self._match: Match | None = None  # set by restore() or new_game(), before anything else runs
        self.seed: int | str = 0
        self.obs: Observation | None = None
        self.saved: store.Save | None = None  # the match's save, kept up to date move by move
        self.tab = f"{random.SystemRandom().getrandbits(48):012x}"  # this tab's id in its saves' stamps
        self.stamp: store.Stamp | None = None  # the stamp of the save this tab restored or last wrote
        self.seats = Seats()  # who plays each seat, whose chair the table is drawn from
        self.changed: Callable[[], None] = lambda: None  # told after every change (the guests', link.py)
        self.pending: Any = None  # a move's save, waiting for its own task (save_soon): its callback's id
        self._flush_proxy: Any = None
        renderer.hold = lambda: self.pending is not None  # the page's marks wait for the save

    @property
    def match(self) -> Match:
        """The match on the table. The table's start calls restore(), which sets one (the
        saved match or a new one); every handler runs after that."""
        if self._match is None:
            raise RuntimeError("the match was read before restore() or new_game() set one up")
        return self._match

    # ------------------------------------------------------------ a match on the table
    def take(self, match: Match, seed: int | str) -> None:
        """Put ``match`` on the table from where it stands: the bots of the last one give
        up, the page's state and the aids start afresh. Saves nothing."""
        self.driver.stop()
        self._match = match
        self.seed = seed
        self.host.ui = {"overlay": None}
        self.aids.reset()
        self.renderer.announcer.reset()
        self.refresh()

    def new_game(self, seed: int | str | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        self.seats = Seats(self.host.seat_kinds, self.seats.table)
        self.take(Match.new(seed=seed, rules=self.host.rules), seed)
        self.saved = store.Save(seed, self.match)
        self.save(force=True)

    def play_on(self, match: Match) -> None:
        """A record's match, played on from its end: it replaces the match and is saved."""
        self.seats = Seats(self.host.seat_kinds, self.seats.table)
        self.take(match, match.dealer.seed)
        self.save(force=True)

    def restore(self, seed: int | None) -> None:
        """Resume the saved match exactly where it was; report a bad save (§5). ``seed``:
        the address names a game (?seed=), asked about when a save holds another."""
        if self.cancel():  # (the match on the table gives way to the stored one)
            self.renderer.release()
        text = storage_get(store.SAVE_KEY)
        self.stamp = store.stamp_of(text)
        if not text:
            self.new_game(seed)
            return
        try:
            self.seed, self._match, saved_ui = store.load(text)
        except Exception as exc:  # a SaveError says why by its code; anything else is named
            why = ({"code": exc.code, "params": exc.params} if isinstance(exc, store.SaveError)
                   else {"code": "bug", "params": {"detail": f"{type(exc).__name__}: {exc}"}})
            self.new_game()
            # The bad save is kept until the player chooses a way on (it may be downloaded).
            storage_set(store.SAVE_KEY, text)
            self.stamp = store.stamp_of(text)
            self.host.ui = {"overlay": "corrupt", "corrupt_why": why, "corrupt_text": text,
                            "corrupt_salvage": store.salvage(text)}
            self.refresh()
            return
        self.saved = store.Save(self.seed, self.match)
        self.aids.reset(saved_ui)
        self.seats = Seats(saved_ui.get("seats", self.seats.kinds), saved_ui.get("table"))
        # a save in deal-over shows that deal's summary again (the phase says so)
        self.host.ui = tablestate.restored(self.match)
        if self.seats.shared and not self.match.is_over:
            # people share the device: nobody's hand shows until its player takes it
            self.seats.viewer = self.seats.upcoming(self.match)
            self.seats.handing = True
        if seed is not None and str(seed) != str(self.seed):
            # ?seed= names another game than the saved one: ask before leaving the match
            self.host.ui = {"overlay": "confirm-seed", "seed": seed}
        self.refresh()

    def save(self, force: bool = False) -> None:
        """Store the match, unless another tab has saved a newer one since this tab last read
        or wrote the save (its stamp, store.py): then this tab stops saving and says so.
        ``force``: the player chose this match (a new one, a record played on). A move's save
        still waiting (save_soon) is this one."""
        if not self.saves:
            return
        held = self.cancel()
        with self.renderer.watch.step("save"):
            self.store(force)
        if held:
            self.renderer.release()  # the page's marks waited for this save

    def cancel(self) -> bool:
        """Forget the move's save that waits, if any (a save now, or another match, replaces
        it); whether there was one."""
        if self.pending is None:
            return False
        if self.idle_callbacks:
            window.cancelIdleCallback(self.pending)
        else:
            window.clearTimeout(self.pending)
        self.pending = None
        return True

    @property
    def idle_callbacks(self) -> bool:
        return hasattr(window, "requestIdleCallback")

    def save_soon(self) -> None:
        """A move's save, in a task of its own once the page has drawn the move (an idle
        moment, at most SAVE_WAIT_MS later): writing tens of KB to local storage is no part
        of showing the move. The page's marks ([data-waiting]) wait for it, so whoever reads
        the save after them finds the move; a page hidden or left first saves at once
        (flush, app.py's pagehide and visibilitychange)."""
        if not self.saves or self.pending is not None:
            return
        if self._flush_proxy is None:
            self._flush_proxy = create_proxy(lambda *_: self.flush())
        if self.idle_callbacks:
            self.pending = window.requestIdleCallback(self._flush_proxy, to_js({"timeout": SAVE_WAIT_MS},
                                                                               dict_converter=Object.fromEntries))
        else:  # (a browser with no idle callbacks: the next task)
            self.pending = window.setTimeout(self._flush_proxy, 0)

    def flush(self) -> None:
        """The move's save that waits (save_soon), now."""
        if self.pending is not None:
            try:
                self.save()
            except Exception as exc:  # (a callback of the browser's: say so, like a handler)
                self.renderer.host.report_bug(exc)

    def store(self, force: bool) -> None:
        ui = self.host.ui
        if self.saved is None or self.saved.match is not self.match:
            self.saved = store.Save(self.seed, self.match)
        stored = store.stamp_of(storage_head(store.SAVE_KEY))
        if not force and (ui.get("stale") or store.newer(stored, self.stamp)):
            self.went_stale()
            return
        stamp = store.next_stamp(stored, self.stamp, self.tab)
        saved_ui = self.aids.save_ui()
        if self.seats.kinds != ALONE:  # (people, friends, a bot's own level: a reload keeps them)
            saved_ui["seats"] = self.seats.to_dict()
        if self.seats.links:
            saved_ui["table"] = self.seats.table
        if storage_set(store.SAVE_KEY, self.saved.text(saved_ui, stamp)):
            self.stamp = stamp
        else:
            if not ui.get("unsaved"):
                window.console.warn("Trex: this browser refuses local storage; the match is not saved.")
            ui["unsaved"] = True

    def went_stale(self) -> None:
        """Another tab saved a newer match: stop saving, say so once (recordview.stale_dialog)."""
        ui = self.host.ui
        if ui.get("stale"):
            return
        ui["stale"] = True
        if self.host.overlay is None:
            self.renderer.focus.remember_opener()
        ui["overlay"] = "stale"
        self.renderer.render()

    def saved_elsewhere(self) -> None:
        """Another tab wrote the save: if the save stored *now* is not this tab's last, this
        tab stops saving. Not the event's value: when two tabs save at once, each hears of
        the other's write, possibly after its own has replaced it; only the tab whose save
        was overwritten is stale, the last writer saves on."""
        if store.newer(store.stamp_of(storage_head(store.SAVE_KEY)), self.stamp):
            self.went_stale()

    # ------------------------------------------------------------ moves
    def refresh(self) -> None:
        """Re-read the viewer's observation and what the page derives from it."""
        m = self.match
        ui = self.host.ui
        watch = self.renderer.watch
        with watch.step("observe"):
            self.obs = obs = self.seats.observation(m)
            tablestate.refreshed(ui, m, obs, self.seats.viewer)
        with watch.step("friends"):
            self.changed()

    def hand_off(self) -> bool:
        """Pass-and-play: when a person other than the one holding the device is to decide,
        the table turns to their chair behind the hand-off dialog, with no hand shown
        (seats.hidden) until they take the device (:meth:`take_device`)."""
        seat = self.seats.next_person(self.match)
        if seat is None or self.host.overlay is not None:
            return False
        ui = self.host.ui
        self.seats.viewer = seat
        self.seats.handing = True
        held = ui.get("held")
        ui.update(message=None, raised=None, dbl=None)
        self.refresh()
        if held:  # the finished trick on show, seen from the new chair
            ui["held"] = ui["last_trick"]
        self.renderer.announcer.forget(self.observation)  # the new chair's news starts when it is taken
        return True

    def take_device(self) -> None:
        """The person named by the hand-off took the device: their hand shows, and the live
        region tells them the deal and that it is their turn, as when a table opens."""
        self.seats.handing = False
        self.renderer.announcer.reset()

    def apply(self, text: str, spread: bool = False) -> None:
        """Make a move (anyone's) and update everything; raises the engine's errors.
        ``spread``: the page is changed in a task after this one (render.py)."""
        seat = self.match.to_move
        move = self.play(text)
        e = self.host.mode.embed
        if e is not None and seat is not None:
            self.host.emit("move", seat=e.seat_of(seat), move=str(move))
        self.moved_on(spread)

    def play(self, text: str) -> Move:
        """Play a move on the table and update what the view derives from it (the
        observation, a finished trick kept on show); raises the engine's errors. The game's
        moves (apply) and a replay's steps both come here."""
        tricks_before = len(self.observation.tricks)
        move = self.match.play(text)
        self.derive(tricks_before)
        return move

    def derive(self, tricks_before: int) -> None:
        """What the page derives from the match after a move: the aids' note, the
        observation, the finished trick kept on show."""
        self.aids.moved()
        self.refresh()
        tablestate.moved(self.host.ui, tricks_before, self.observation)

    def moved_on(self, spread: bool) -> None:
        """After a move: the match's end (its summary, the statistics), the save, the page,
        the bots' turn."""
        m = self.match
        e = self.host.mode.embed
        if m.is_over and self.host.mode.last_summary:
            # the last deal: its summary (a deal-over phase shows one by itself)
            self.host.ui["overlay"] = "summary"
            self.aids.match_over()  # statistics (the main table's)
        if m.is_over and e is not None:
            scores = self.observation.deal_scores
            self.host.emit("deal-over", scores=[scores[e.table_seat(s)] for s in range(4)])
        self.save_soon()
        self.renderer.render(spread)
        self.driver.kick()

    def guest_moved(self, tricks_before: int) -> None:
        """A guest's move, played on the match by the referee (link.py): the page derives
        what it shows from it and goes on as after any move (the match's end included)."""
        self.derive(tricks_before)
        self.moved_on(True)

    def human_move(self, text: str) -> None:
        """The player's move (a card, a prompt's answer): the engine plays it or says why not."""
        ui = self.host.ui
        turn = self.match.to_move
        if turn is None or self.seats.handing:  # the match is over; the device is being handed on
            return
        if turn != self.seats.viewer:
            ui["message"] = t("status.wait", name=faces.seat_name(self.seats.turn(turn)))
            self.renderer.render()
            return
        try:
            self.apply(text, spread=True)  # the page in the next task: this one is the engine's and the view's
        except IllegalMoveError as exc:  # why, by its code: the page never reads the engine's text
            ui["message"] = faces.refusal_text(exc.code, exc.params, viewer=self.seats.viewer)
            self.renderer.render()
        except InvalidMoveError:  # the page sends only move texts it was offered
            ui["message"] = t("status.invalid")
            self.renderer.render()

    @property
    def observation(self) -> Observation:
        if self.obs is None:
            raise RuntimeError("the observation was read before a match was on the table")
        return self.obs

    @property
    def deal_over(self) -> bool:
        return self.match.phase == DEAL_OVER
