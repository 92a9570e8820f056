"""A table's controller in the page: input, the bots' pace, saving, rendering.

One :class:`Table` per table element; a page may hold many (tables.js), so nothing here is
page-wide: each table has its own options, its own storage (the main game's only; an
embedded table never reads or writes a save), its own ids (prefixed) and its own key
handler on its element. The main page (index.html) has one table, the game; an embedded
table (embed.html, or a ``data-trex`` element) shows one deal in a mode of embed.py.

The engine (trex_core.Match) is the referee; this module only forwards move
texts to it, asks bots (bots.py) for theirs, and renders seat 0's observation
(view.py). The match's history (``Match.history``) is the only list of moves.
A finished deal waits in the engine's ``deal-over`` phase, its summary on
screen, until the player presses *Next deal* (the move ``next``); the bots
never make that move. Bots run on the main thread in small steps: one bot move
per event-loop turn, with the pace's sleep in between, so the page never
freezes (the measurements behind that choice are in docs/WEB.md).

The table's element (``#app``) holds three parts: the rendered view, which each
render morphs into the new HTML (web/tableview.js: unchanged elements stay the
same nodes, so focus stays put and cards can move), the one polite live region
the announcements (announce.py) are appended to, and a layer for card
animations. Keys are handled on the table's element, never on the document:
arrows along the hand and the prompts, S, L, P and ? shortcuts, Escape, and Tab
kept inside an open dialog. After every render the focus is where the next
action is when the element that had it is gone.
"""
from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from html import escape
from typing import Any

from js import Object, URLSearchParams, location
from pyodide.ffi import create_proxy, to_js

try:  # Pyodide >= 0.28 turns JS null into a JsNull object, not None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # pragma: no cover
    _JSNULL = None
from pyscript import document, window

from trex_core import (
    DEAL_OVER,
    IllegalMoveError,
    InvalidMoveError,
    Match,
    Move,
    Observation,
    Rules,
    card_text,
    cards_of,
    observe,
    parse_move,
    write_record,
)

from . import (
    aidpanel,
    aids,
    announce,
    bots,
    embedview,
    guide,
    recordui,
    recordview,
    sound,
    stats,
    store,
    strings,
    values,
    view,
)
from .embed import Embed, EmbedError
from .embed import parse as parse_embed
from .embed import query as parse_query
from .strings import direction, t

# Seconds between bot moves; a finished trick stays on the table TRICK_HOLD times longer.
SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}
TRICK_HOLD = 1.8
# Dialogs the player opened and may close (Escape, Close); the others are the game's
# own (a deal's summary, the result, a damaged save) and end with their button.
CLOSABLE = ("settings", "sheet", "confirm", "help", "share", "confirm-seed", "stats", "stats-reset",
            *recordview.KINDS)
# The buttons only an embedded table has (embedview.py).
EMBED_ACTIONS = ("step-first", "step-back", "step-forward", "step-last", "restart", "try-again", "show-answer")
# What a dialog can focus, for keeping Tab inside it.
FOCUSABLE = 'button, select, input, textarea, a[href], [tabindex]:not([tabindex="-1"])'
LIVE_KEEP = 12  # messages kept in the live region (older ones are removed; only additions are read)


def js(value: Any) -> Any:
    """A JS value with null and undefined as None."""
    return None if value is None or value is _JSNULL else value


def storage_get(key: str) -> str | None:
    """localStorage, or None when the browser refuses storage (privacy settings)."""
    try:
        value: str | None = js(window.localStorage.getItem(key))  # a DOMString or null
        return value
    except Exception:
        return None


def storage_head(key: str, length: int = 160) -> str | None:
    """The start of a stored text (a save's stamp, store.stamp_of), read before every save.
    A JS string comes into Python as a str (the whole save is copied, tens of KB: a few
    microseconds), so it is sliced here; a JS ``slice`` on it raised, and the stamp was never
    read (tests/browser/test_two_tabs.py)."""
    value = storage_get(key)
    return None if value is None else value[:length]


def storage_set(key: str, value: str) -> bool:
    try:
        window.localStorage.setItem(key, value)
        return True
    except Exception:  # quota exceeded or storage disabled: play on without saving
        return False


def browser_languages() -> list[str]:
    try:
        return [str(lang) for lang in window.navigator.languages]
    except Exception:
        return []


def same(a: Any, b: Any) -> bool:
    """JavaScript's ``Object.is`` (``is`` is a keyword in Python)."""
    return bool(getattr(window.Object, "is")(a, b))


def disabled(el: Any) -> bool:
    """An element's ``disabled`` (elements without one, like <main>, are never disabled)."""
    return bool(getattr(el, "disabled", False))


def guarded(fn: Any) -> Any:
    """An event handler that reports a bug on the page and in the console instead of
    leaving the table silently stuck."""
    def run(self: Table, *args: Any) -> Any:
        try:
            with view.seat_names(self.seat_names()):  # words made outside a render name seats too
                return fn(self, *args)
        except Exception as exc:  # a bug: show it, log it (tests fail on console errors)
            self.report_bug(exc)
    run.__name__ = fn.__name__
    return run


class Table:
    """One table on the page. ``main``: the page's game (its save, its settings, the test
    hooks on ``window``); else ``embed`` (checked parameters) or ``error`` (a parameter that
    is wrong, shown in the table's place). ``frame``: the table is its page's one table in
    an iframe, and talks to the parent page by postMessage."""

    def __init__(self, root: Any, *, main: bool = False, embed: Embed | None = None,
                 error: EmbedError | None = None, frame: bool = False, idp: str = "trex-") -> None:
        self.root = root
        self.main = main
        self.embed = embed
        self.error = error
        self.frame = frame
        self.idp = idp  # prefixes the view's ids: one per table
        if not main:  # an embedded table has its own felt and fills its box (style.css)
            root.classList.add("trex-table")
        self.root.innerHTML = ('<div class="table-view"></div>'
                               '<div class="sr-only" role="log" aria-live="polite" data-region="announce"></div>'
                               '<div class="fx" aria-hidden="true"></div>')
        self.root.tabIndex = -1  # a click on the table's background keeps its keys working
        self.region = self.root.querySelector(".table-view")
        self.live = self.root.querySelector("[data-region=announce]")
        self.view = window.TrexTableView.new(self.region, self.root.querySelector(".fx"))
        self.sound = window.TrexSound.new(self.root)  # short sounds (issue 10 §5), when switched on
        self.cues = sound.Cues()
        self.announcer = announce.Announcer()
        self.opener: str | None = None  # data-key of what had the focus when the player opened a dialog
        self.shown: str | None = None  # the dialog (or "last" trick panel) on screen after the last render
        self.prompt: str | None = None  # the prompt (data-key) on screen after the last render
        self.yours = False  # whether it was the player's turn at the last render
        self.parts: dict[str, str] = {}  # the view's parts as last applied (view.table_parts)
        # parts of the last render still to apply, a batch per task (_render_named): each
        # batch's parts, whether the focus (as it was before the render) settles with them,
        # and how long their cards move
        self.later: list[tuple[list[list[str]], bool, int]] | None = None
        self.later_focus: dict[str, Any] | None = None
        self.later_gen = 0
        params = URLSearchParams.new(location.search) if main else URLSearchParams.new("")
        self.param_speed = js(params.get("speed"))
        self.param_seed = js(params.get("seed"))
        self.autoplay = js(params.get("autoplay")) == "1"  # the benchmark lets a bot play seat 0 too
        self.param_level = js(params.get("level"))
        self.param_lang = js(params.get("lang"))
        self.bot_ms: list[float] = []  # how long each bot decision took (benchmark)
        # each task of a bot's thinking under ?autoplay=1: [start, ms, "start"|"ready"|"step"|"move"]
        # ("ready": a decision answered when it was made, with nothing to search),
        # which the long-task test matches with the browser's long tasks
        self.bot_tasks: list[list[Any]] = []
        self.bot_samples: list[int] = []  # the sampled deals behind each bot decision (benchmark)
        self.render_ms: list[float] = []  # how long each render took, layout included (benchmark)
        self.settings = store.load_settings(storage_get(store.SETTINGS_KEY) if main else None)
        self.levels = bots.levels()
        self.notices: list[tuple[str, str]] = []  # (parameter, value) of the address that were not used
        if main:
            # ?lang=, else the saved choice, else the browser's languages (loader.js picks alike)
            lang, unknown = strings.choose(self.param_lang, self.settings.get("lang"), browser_languages())
            strings.set_language(lang)
            self.lang_notice = self.param_lang if unknown else None
            if self.param_level is not None and self.param_level not in self.levels:
                self.notices.append(("level", self.param_level))
            if self.param_speed is not None and self.param_speed not in SPEEDS:
                self.notices.append(("speed", self.param_speed))
            if self.param_seed is not None and not self.param_seed.strip().isdigit():
                self.notices.append(("seed", self.param_seed))
                self.param_seed = None
        else:
            self.lang_notice = None
        if embed is not None:
            self.param_level = embed.level
            self.param_speed = embed.speed
        if self.param_level in self.levels:
            self.settings["level"] = self.param_level
        if self.settings["level"] not in self.levels:
            self.settings["level"] = "medium" if "medium" in self.levels else self.levels[0]
        self.step = embed.start if embed is not None else 0  # a replay's step (moves shown)
        self.judged: bool | None = None  # an exercise: whether the last answer was right
        self.answer_shown = False
        self._match: Match | None = None  # set by restore() or new_game(), before anything else runs
        self.seed: int | str = 0
        self.saved: store.Save | None = None  # the match's save, kept up to date move by move
        self.obs: Observation  # seat 0's view of the match: refresh() sets it
        self.ui: dict[str, Any] = {}
        self.gen = 0  # bumped by a new game: a sleeping bot step of the old game gives up
        self.task: asyncio.Future[None] | None = None
        self.seq = 0
        self._proxies: list[Any] = []  # JS proxies of our handlers, kept alive for the page's life
        self.tab = f"{random.SystemRandom().getrandbits(48):012x}"  # this tab's id in its saves' stamps
        self.stamp: store.Stamp | None = None  # the stamp of the save this tab restored or last wrote
        self.aids = aidpanel.AidPanel(self, storage_get, storage_set)  # undo, hint, review, stats

    @classmethod
    def embedded(cls, root: Any, text: str, *, frame: bool, idp: str) -> Table:
        """A table from an embed's parameters (docs/EMBED.md), or its error in its place."""
        try:
            e = parse_embed(parse_query(text), levels=bots.levels(), speeds=tuple(SPEEDS),
                            langs=strings.LANGUAGES)
        except EmbedError as exc:
            lang = next(iter(parse_query(text).get("lang", [])), None)
            if lang and strings.supported(lang):
                strings.set_language(lang)
            return cls(root, error=exc, frame=frame, idp=idp)
        if e.lang:
            strings.set_language(e.lang)
        return cls(root, embed=e, frame=frame, idp=idp)

    # ------------------------------------------------------------ game lifecycle
    @property
    def match(self) -> Match:
        """The match on the table. start() calls restore() right after construction, which
        sets one (the saved match or a new one); every handler runs after that."""
        if self._match is None:
            raise RuntimeError("Table.match was read before restore() or new_game() set up a match")
        return self._match

    @match.setter
    def match(self, match: Match) -> None:
        self._match = match

    @property
    def speed(self) -> float:
        name = self.param_speed if self.param_speed in SPEEDS else self.settings["speed"]
        return SPEEDS[name]

    def new_game(self, seed: int | str | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        self.gen += 1
        self.task = None
        self.seed = seed
        self.match = Match.new(seed=seed, rules=Rules.from_dict(self.settings["rules"]))
        self.saved = store.Save(seed, self.match)
        self.ui = {"overlay": None}
        self.aids.reset()
        self.announcer.reset()
        self.refresh()
        self.save(force=True)

    def load_step(self, step: int) -> None:
        """An embedded table: its deal with ``step`` of the given moves played (a replay's
        step; the start in the other modes). The bots of the play mode then go on."""
        assert self.embed is not None
        self.gen += 1  # a sleeping bot step of the last deal gives up
        self.task = None
        self.step = max(0, min(step, len(self.embed.moves)))
        self.match = self.embed.match(self.step)
        self.seed = 0
        self.ui = {"overlay": None}
        self.judged = None
        self.answer_shown = False
        self.announcer.reset()
        self.refresh()

    def restore(self) -> None:
        """Resume the saved match exactly where it was; report a bad save (§5). An embedded
        table starts its deal; it has no save."""
        if self.embed is not None:
            self.load_step(self.step)
            return
        text = storage_get(store.SAVE_KEY)
        self.stamp = store.stamp_of(text)
        seed = int(self.param_seed) if self.param_seed and self.param_seed.strip().isdigit() else None
        if not text:
            self.new_game(seed)
            return
        try:
            self.seed, self.match, _ui = store.load(text)
        except Exception as exc:  # a SaveError says why by its code; anything else is named
            why = ({"code": exc.code, "params": exc.params} if isinstance(exc, store.SaveError)
                   else {"code": "bug", "params": {"detail": f"{type(exc).__name__}: {exc}"}})
            self.new_game()
            # The bad save is kept until the player starts the new game (it may be inspected).
            storage_set(store.SAVE_KEY, text)
            self.stamp = store.stamp_of(text)
            self.ui = {"overlay": "corrupt", "corrupt_why": why}
            self.refresh()
            return
        self.saved = store.Save(self.seed, self.match)
        self.aids.reset(_ui)
        # a save in deal-over shows that deal's summary again (the phase says so)
        self.ui = {"overlay": "result" if self.match.is_over else None}
        if seed is not None and str(seed) != str(self.seed):
            # ?seed= names another game than the saved one: ask before leaving the match
            self.ui = {"overlay": "confirm-seed", "seed": seed}
        self.refresh()

    def save(self, force: bool = False) -> None:
        """Store the match, unless another tab has saved a newer one since this tab last read
        or wrote the save (its stamp, store.py): then this tab stops saving and says so.
        ``force``: the player chose this match (a new one, a record played on)."""
        if not self.main:
            return
        if self.saved is None or self.saved.match is not self.match:
            self.saved = store.Save(self.seed, self.match)
        stored = store.stamp_of(storage_head(store.SAVE_KEY))
        if not force and (self.ui.get("stale") or store.newer(stored, self.stamp)):
            self.went_stale()
            return
        stamp = store.next_stamp(stored, self.stamp, self.tab)
        if storage_set(store.SAVE_KEY, self.saved.text(self.aids.save_ui(), stamp)):
            self.stamp = stamp
        else:
            if not self.ui.get("unsaved"):
                window.console.warn("Trex: this browser refuses local storage; the match is not saved.")
            self.ui["unsaved"] = True

    def went_stale(self) -> None:
        """Another tab saved a newer match: stop saving, say so once (recordview.stale_dialog)."""
        if self.ui.get("stale"):
            return
        self.ui["stale"] = True
        if self.overlay is None:
            self.remember_opener()
        self.ui["overlay"] = "stale"
        self.render()

    @guarded
    def on_storage(self, event: Any) -> None:
        """Another tab wrote the save: if the save stored *now* is not this tab's last, this
        tab stops saving. Not the event's value: when two tabs save at once, each hears of
        the other's write, possibly after its own has replaced it; only the tab whose save
        was overwritten is stale, the last writer saves on."""
        if js(event.key) == store.SAVE_KEY and store.newer(store.stamp_of(storage_head(store.SAVE_KEY)), self.stamp):
            self.went_stale()

    def save_settings(self) -> None:
        if self.main:
            storage_set(store.SETTINGS_KEY, store.dump_settings(self.settings))

    @property
    def overlay(self) -> str | None:
        """The dialog on screen: the page's own, else a finished deal's summary."""
        kind: str | None = self.ui.get("overlay")
        if kind is None and self.match.phase == DEAL_OVER:
            kind = "summary"
        return kind

    # ------------------------------------------------------------ moves
    def refresh(self) -> None:
        """Re-read seat 0's observation and what the UI derives from it."""
        m = self.match
        self.obs = observe(m, 0)
        if (last := view.last_trick(self.obs)) is not None:
            self.ui["last_trick"] = last
        elif not self.obs.tricks and not self.obs.trick and m.results and \
                (prev := store.last_trick(m.results[-1], m.rules)):
            # nothing played yet in this deal: the previous deal's final trick stays reviewable
            self.ui["last_trick"] = dict(prev, prev=True)
        else:
            self.ui["last_trick"] = None
            self.ui["show_last"] = False

    def apply(self, text: str, spread: bool = False) -> None:
        """Make a move (anyone's) and update everything; raises the engine's errors.
        ``spread``: the page is changed in a task after this one (_render_named)."""
        m = self.match
        seat = m.to_move
        move = self.play_move(text)
        obs = self.obs
        if self.embed is not None and seat is not None:
            self.emit("move", seat=self.embed.seat_of(seat), move=str(move))
        if m.is_over and (self.embed is None or self.embed.mode == "play"):
            # the last deal: its summary (a deal-over phase shows one by itself)
            self.ui["overlay"] = "summary"
            self.aids.match_over()  # statistics (the main table's)
        if m.is_over and self.embed is not None:
            e = self.embed
            self.emit("deal-over", scores=[obs.deal_scores[e.table_seat(s)] for s in range(4)])
        self.save()
        self.render(spread)
        self.kick()

    def play_move(self, text: str) -> Move:
        """Play a move on the table and update what the view derives from it (the
        observation, a finished trick kept on show); raises the engine's errors. The game's
        moves (apply) and a replay's steps both come here."""
        tricks_before = len(self.obs.tricks)
        move = self.match.play(text)
        self.ui["message"] = None
        self.ui["raised"] = None
        self.ui["dbl"] = None  # the queens ticked to double (the prompt is answered)
        self.aids.moved()
        self.refresh()
        if len(self.obs.tricks) > tricks_before:  # a trick was completed: keep it on show
            self.ui["held"] = self.ui["last_trick"]
        elif self.obs.trick or self.obs.phase != "play":
            self.ui["held"] = None
        return move

    def human_move(self, text: str) -> None:
        m = self.match
        turn = m.to_move  # None only when the match is over
        if m.is_over or turn is None or self.overlay:
            return
        if self.embed is not None and self.embed.mode in ("view", "replay"):
            return  # a diagram: the steps move it, not the cards
        if self.embed is not None and self.embed.mode == "exercise":
            self.answer(text)
            return
        if turn != 0:
            self.ui["message"] = t("status.wait", name=view.seat_name(turn))
            self.render()
            return
        try:
            self.apply(text)
        except IllegalMoveError as exc:  # why, by its code: the page never reads the engine's text
            self.ui["message"] = view.refusal_text(exc.code, exc.params)
            self.render()
        except InvalidMoveError:  # the page sends only move texts it was offered
            self.ui["message"] = t("status.invalid")
            self.render()

    def answer(self, text: str) -> None:
        """An exercise: the reader's move is judged before it is played. A legal move the
        author accepts is right and is played; another legal move is wrong and is not; an
        illegal one gets its refusal, as at the main table, and counts as no answer."""
        e = self.embed
        assert e is not None
        if self.judged or self.answer_shown:
            return  # answered: Try again (or Restart) first
        try:
            text = str(parse_move(text))
        except InvalidMoveError:
            self.ui["message"] = t("status.invalid")
            self.render()
            return
        legal = {str(x) for x in self.match.legal_moves()}
        if text not in legal:
            try:
                self.match.play(text)  # refused: the engine says why, and nothing changes
            except IllegalMoveError as exc:
                self.ui["message"] = view.refusal_text(exc.code, exc.params)
            self.render()
            return
        self.judged = e.accepts(text)
        self.emit("answer", right=self.judged, move=text, seat=e.seat)
        if self.judged:
            self.apply(text)  # renders
        else:
            self.ui["tried"] = text
            self.render()

    def human_must_act(self) -> bool:
        """Whether the game waits for a click from the player (not a forced answer)."""
        m = self.match
        if m.is_over or m.to_move != 0 or self.autoplay or m.phase == DEAL_OVER:
            return False
        if self.embed is not None and self.embed.mode != "play":
            return self.embed.mode == "exercise" and not self.judged and not self.answer_shown
        return not self.obs.forced_answer  # §4.2: that one answer is given for you

    # ------------------------------------------------------------ bots
    def kick(self) -> None:
        if self.embed is not None and self.embed.mode != "play":
            return  # only the play mode has bots that move
        if self.task is None and not self.match.is_over:
            self.task = asyncio.ensure_future(self.drive(self.gen))

    async def drive(self, gen: int) -> None:
        """Bots move one at a time at the chosen pace; each step is one short task."""
        try:
            while gen == self.gen:
                m = self.match
                if self.autoplay and self.overlay == "summary":
                    await asyncio.sleep(self.speed * 2)  # the benchmark plays on by itself
                    if gen != self.gen or self.overlay != "summary":
                        continue
                    self.ui["overlay"] = None
                    try:
                        if m.phase == DEAL_OVER:
                            self.apply("next", spread=True)
                        else:
                            self.render()
                    except Exception as exc:  # an engine bug: say so, stop
                        self.report_bug(exc)
                        return
                    continue
                # a summary waits for the player: the bots never play "next" themselves
                if m.is_over or self.overlay or (m.to_move == 0 and self.human_must_act()):
                    return
                pace = self.speed
                if self.ui.get("held") and not self.obs.trick:
                    pace *= TRICK_HOLD
                seat = m.to_move  # not None: the match is not over
                if seat is None or (seat == 0 and self.human_must_act()):
                    await asyncio.sleep(pace)
                    continue
                try:
                    text = await self.think(gen, m, seat, pace)
                    if text is None:  # the table changed while the bot thought
                        continue
                    self.apply(text, spread=True)
                except Exception as exc:  # a bot or engine bug: say so, stop the bots
                    self.report_bug(exc)
                    return
        finally:
            if gen == self.gen:
                self.task = None
                self.mark_waiting()

    async def think(self, gen: int, m: Match, seat: int, pace: float) -> str | None:
        """A bot's move, thought in slices of about ``bots.SLICE_MS`` while the pace delay
        runs (docs/BOTS.md, "thinking in slices"): the page never stalls, and the hard bot
        searches for as long as the pace lasts. None when the table changed meanwhile (a
        new game, a dialog, another move)."""
        loop = asyncio.get_event_loop()
        end = loop.time() + pace
        moves = len(m.history)
        rng = random.Random(f"{self.seed}:{moves}")

        def moved_on() -> bool:
            return gen != self.gen or bool(self.overlay) or m.is_over or len(m.history) != moves

        await asyncio.sleep(0)  # the decision starts in a task of its own, not the last move's
        if moved_on():
            return None
        longest = 0.0  # the longest task of this decision (benchmark)

        def timed(what: str, work: Callable[[], Any]) -> Any:
            nonlocal longest
            t0 = window.performance.now()
            out = work()
            ms = window.performance.now() - t0
            longest = max(longest, ms)
            if self.autoplay:
                self.bot_tasks.append([t0, ms, what])
            return out

        thinker = timed("start", lambda: bots.Thinker(m, seat, self.settings["level"], rng))
        if self.autoplay and thinker.done:
            self.bot_tasks[-1][2] = "ready"  # answered at once: no search to slice
        await asyncio.sleep(0)  # one bot step per event-loop turn, even at the instant pace
        while True:
            if moved_on():
                return None
            if loop.time() >= end and (thinker.ripe or thinker.done):
                break
            if thinker.done:
                await asyncio.sleep(max(0.0, end - loop.time()))
            else:
                timed("step", lambda: thinker.step(bots.SLICE_MS))
                await asyncio.sleep(0)
        text = timed("move", thinker.move)
        self.bot_ms.append(longest)
        if self.autoplay:
            self.bot_samples.append(thinker.samples)
        return str(text)

    def report_bug(self, exc: BaseException) -> None:
        import traceback
        window.console.error("Trex UI error:\n" + "".join(traceback.format_exception(exc)))
        try:
            self.ui["message"] = t("status.bug", why=f"{type(exc).__name__}: {exc}")
            self.render()
        except Exception:
            pass

    # ------------------------------------------------------------ rendering
    def view_state(self) -> dict[str, Any]:
        ui = dict(self.ui)
        ui["overlay"] = self.overlay
        ui["kings"] = list(self.match.kings)
        ui["levels"] = self.levels
        ui["values"] = values.of(self.match.rules)
        ui["idp"] = self.idp
        ui["notices"] = self.notices
        if self.main:
            self.aids.view(ui, self.obs)
        if self.embed is not None:
            ui.update(self.embed_state(self.embed))
        return ui

    def embed_state(self, e: Embed) -> dict[str, Any]:
        """What an embedded table adds to the view's state (embedview.py)."""
        m = self.match
        done = bool(self.judged) or self.answer_shown
        hands = m.state.hands
        ui: dict[str, Any] = {
            "readonly": e.mode in ("view", "replay") or (e.mode == "exercise" and done),
            "still": e.mode != "play",
            "open_hands": {s: [card_text(c) for c in cards_of(hands[s])] for s in (1, 2, 3) if e.shown(s)},
            "felt_tag": "main" if self.frame else "section",
            "embed": {"mode": e.mode, "step": self.step, "steps": len(e.moves),
                      "judged": self.judged, "shown": self.answer_shown},
            "summary_buttons": (f'<button type="button" class="primary" data-action="restart" data-autofocus>'
                                f'{escape(t("embed.play_again"))}</button>'),
        }
        if e.mode == "replay" and self.step in e.captions:
            ui["note"] = ("caption", e.captions[self.step])
        elif e.mode == "exercise":
            if self.answer_shown:
                ui["note"] = ("answer", t("embed.answer", moves=embedview.answer_text(e.answers)))
            elif self.judged is True:
                ui["note"] = ("right", e.right or t("embed.right"))
            elif self.judged is False:
                ui["note"] = ("wrong", e.wrong or t("embed.wrong"))
            elif not self.ui.get("message"):
                ui["note"] = ("question", t("embed.question"))
        return ui

    def seat_names(self) -> tuple[str, str, str, str] | None:
        """An embedded table names the real seats (compass points); the reader who plays is "You"."""
        e = self.embed
        if e is None:
            return None
        you = e.mode in ("play", "exercise")
        names = [t("seat.0") if s == 0 and you else t(f"compass.{e.seat_of(s)}") for s in range(4)]
        return (names[0], names[1], names[2], names[3])

    def render(self, spread: bool = False) -> None:
        """Show the table as it is now. ``spread``: even the first changed part waits for a
        task of its own (a bot's move: the engine, the save and the view in this task, the
        page in the next; nobody waits on it)."""
        if not self.autoplay:
            self._render(spread)
            return
        # The benchmark (?autoplay=1) times each render: its own task, plus the style and
        # layout it causes, read at the start of the next frame, where the browser lays the
        # page out anyway (forcing it in the render's task made that task longer than in play).
        t0 = window.performance.now()
        self.layout_timer()
        self._render(spread)
        self.render_ms.append(window.performance.now() - t0)

    def layout_timer(self) -> None:
        """The benchmark: add the next frame's style and layout to the last render's time
        (this frame callback is registered before the view's own, which measures cards)."""
        def frame(*_: Any) -> None:
            t0 = window.performance.now()
            document.body.offsetHeight  # noqa: B018  the frame's style and layout, now
            if self.render_ms:
                self.render_ms[-1] += window.performance.now() - t0
        if getattr(self, "_frame", None) is None:
            self._frame = create_proxy(frame)
        window.requestAnimationFrame(self._frame)

    def _render(self, spread: bool = False) -> None:
        with view.seat_names(self.seat_names()):
            self._render_named(spread)

    def _render_named(self, spread: bool) -> None:
        before = self.focus_before()
        # Only the parts whose HTML changed are applied. Some wait for a task of their own
        # just after (apply_later, a batch per task), so no one task both builds the view
        # and lays out the table on a slow phone (issue 8: no task over 100 ms at 4x CPU):
        # - a bot's move (spread): the engine, the save and the view in this task, the
        #   table's parts in the next (the HTML to DOM work and the focus, half the cost);
        # - the score sheet when it changes with the rest (half of the table's elements)
        #   comes last, in a task of its own;
        # - a dialog that opens comes first, the finished deal under it next;
        # - a dialog that closes over a new deal (the summary's Next): the new deal is laid
        #   out under the dialog first, then the dialog goes (removing the element that has
        #   the focus costs a style pass of its own: 25-40 ms at 4x).
        # The focus settles in the task that opens or closes the dialog (else the first that
        # changes the page), so it is never left on <body> between two tasks. Cards move for
        # a share of the pace (none at "instant").
        make = embedview.parts if self.embed is not None else view.table_parts
        parts = make(self.obs, self.view_state())
        if self.main:
            parts = aids.mark_hint(parts, self.aids.hint_move())
        changed = [[name, html] for name, html in parts if self.parts.get(name) != html]
        applied = dict(self.parts)
        self.parts = dict(parts)
        self.later = None
        self.later_gen += 1  # a batch still waiting from an older render is not applied
        self.later_focus = None
        if changed:
            ms = min(280, int(self.speed * 600))
            if not applied:  # the first render; later ones go part by part, so the sheet can wait
                self.view.patch(view.whole(parts), ms)
            else:
                names = {name for name, _ in changed}
                wait = {"side"} if len(changed) > 2 else set()
                if "overlay" in names and self.overlay:
                    wait.update(view.FELT_PARTS)
                elif "overlay" in names and names & set(view.FELT_PARTS):
                    wait.update(names - set(view.FELT_PARTS))
                later = [c for c in changed if c[0] in wait and c[0] in applied]
                now = [c for c in changed if c not in later]
                # (parts, whether the focus settles with them, how long their cards move)
                batches = [(now, False, ms)] if spread and now else []
                batches += [(b, False, 0) for b in ([c for c in later if c[0] != "side"],
                                                    [c for c in later if c[0] == "side"]) if b]
                if spread:
                    now = []
                if batches:
                    with_dialog = [i for i, (b, _, _) in enumerate(batches) if any(n == "overlay" for n, _ in b)]
                    if with_dialog or not now:
                        i = with_dialog[0] if with_dialog else 0
                        batches[i] = (batches[i][0], True, batches[i][2])
                        self.later_focus = before
                    self.later = batches
                    for batch, _, _ in batches:
                        for name, _ in batch:
                            self.parts[name] = applied[name]  # not on the page yet
                    asyncio.get_event_loop().call_soon(self.apply_later, self.later_gen)
                if now:
                    self.view.patch(to_js(now), ms)
        if self.later_focus is None:
            self.settle_focus(before)
        self.speak(self.announcer.update(self.obs, coalesce=self.speed <= SPEEDS["fast"]))
        cues = self.cues.update(self.obs)
        if cues and self.sound.enabled:
            self.sound.play(to_js(cues))
        if self.later is None:
            self.rendered()

    def apply_later(self, gen: int) -> None:
        """The next batch of the last render's parts that wait for a task of their own (the
        focus settles with the one that says so); the next batch in the task after."""
        if gen != self.later_gen or not self.later:  # a newer render has applied them
            return
        batch, focus, ms = self.later.pop(0)
        t0 = window.performance.now()
        try:
            self.view.patch(to_js(batch), ms)
        except Exception as exc:  # a view bug: say so (a render), and wait for nothing more
            self.later = None
            self.report_bug(exc)
            return
        self.parts.update((name, html) for name, html in batch)
        if focus and self.later_focus is not None:
            self.settle_focus(self.later_focus)
            self.later_focus = None
        if self.autoplay and self.render_ms:  # the benchmark: part of the same re-render
            self.render_ms[-1] += window.performance.now() - t0
            self.layout_timer()
        if self.later:
            asyncio.get_event_loop().call_soon(self.apply_later, gen)
            return
        self.later = None
        self.rendered()

    def rendered(self) -> None:
        """The page shows the new rendering: tests and the benchmark may read it."""
        self.seq += 1
        self.mark("seq", str(self.seq))
        self.mark_waiting()

    def mark(self, name: str, value: str | None) -> None:
        """A data- attribute on the table's element (and on <body> for the main game, which
        its tests and the benchmark read): ``value`` None removes it."""
        for el in (self.root, document.body) if self.main else (self.root,):
            if value is None:
                el.removeAttribute(f"data-{name}")
            else:
                el.setAttribute(f"data-{name}", value)

    def emit(self, kind: str, **data: Any) -> None:
        """Tell the host page (docs/EMBED.md): a ``trex`` event on the table's element and,
        in a frame, a message to the parent page (to ``origin=`` only, when given)."""
        if self.embed is None and self.error is None:
            return
        msg = {"source": "trex", "type": kind, "id": self.embed.id if self.embed else "", **data}
        detail = to_js(msg, dict_converter=Object.fromEntries)
        init = Object.new()
        init.detail = detail
        init.bubbles = True
        self.root.dispatchEvent(window.CustomEvent.new("trex", init))
        if self.frame and not same(window.parent, window):
            origin = (self.embed.origin if self.embed else "") or "*"
            window.parent.postMessage(detail, origin)

    def speak(self, messages: list[str]) -> None:
        """Append to the table's polite live region (outside the morphed view, so it is
        the same node all game long); screen readers read each addition once."""
        for text in messages:
            p = document.createElement("p")
            p.textContent = text
            self.live.appendChild(p)
        while self.live.childElementCount > LIVE_KEEP:
            self.live.firstElementChild.remove()

    # ------------------------------------------------------------ focus
    def focus_before(self) -> dict[str, Any]:
        """Where the focus is before a render: its element's key and its place in the hand."""
        active = js(document.activeElement)
        dialog = js(self.region.querySelector(".overlay .dialog"))  # settle_focus: a dialog kept
        if active is None or not self.region.contains(active):
            return {"key": None, "hand": None, "table": active is not None and active.isSameNode(self.root),
                    "dialog": dialog}
        hand = None
        if js(active.getAttribute("data-nav")) == "hand":  # its place, in one call (FFI calls add up)
            place = window.Array.prototype.indexOf.call(self.region.querySelectorAll('[data-nav="hand"]'), active)
            hand = place if place >= 0 else None
        return {"key": js(active.getAttribute("data-key")), "hand": hand,
                "table": bool(js(active.closest(".felt"))), "dialog": dialog}

    def usable(self, el: Any) -> bool:
        """Whether the focus may stay on ``el`` (read without forcing a layout)."""
        return (el is not None and self.region.contains(el) and not disabled(el)
                and js(el.closest("[inert]")) is None)

    def focus(self, el: Any, scroll: bool = True) -> None:
        if el is None:
            return
        opts = Object.new()
        opts.preventScroll = not scroll
        el.focus(opts)

    def nav_group(self, name: str) -> list[Any]:
        return [el for el in self.region.querySelectorAll(f'[data-nav="{name}"]') if not disabled(el)]

    def first_control(self, box: Any) -> Any:
        return (js(box.querySelector("[data-autofocus]")) or js(box.querySelector("button.primary"))
                or js(box.querySelector(FOCUSABLE)))

    def next_action(self, before: dict[str, Any]) -> Any:
        """Where the focus goes when the element that had it is gone: the prompt waiting for
        you, the Pass button when it is all you can do, the next card of your hand (after a
        play: the card that followed the one played), else the table itself."""
        region = self.region
        prompt = self.nav_group("prompt")
        if prompt:
            return prompt[0]
        if self.embed is not None and self.embed.mode != "play" and not self.human_must_act():
            # a diagram: its step buttons (the one pressed may have just turned off), else the felt
            return js(region.querySelector(".embed-bar button:not([disabled])")) or js(region.querySelector(".felt"))
        passing = js(region.querySelector(".pass-btn"))
        if passing is not None and self.human_must_act() and view.legal_texts(self.obs) == ["pass"]:
            return passing
        hand = [el for el in self.nav_group("hand") if el.classList.contains("card")]
        if hand and before["hand"] is not None:
            return self.near_playable(hand, min(before["hand"], len(hand) - 1))
        playable = js(region.querySelector(".hand .card.playable"))
        return playable or (hand[0] if hand else js(region.querySelector(".felt")))

    def near_playable(self, hand: list[Any], place: int) -> Any:
        """The card at ``place`` in the hand, or, when it is your turn and that card cannot be
        played (a Trex hand often has one or two cards that fit, §6), the playable card
        nearest to it, the later one first: Enter then plays."""
        if not self.human_must_act() or hand[place].classList.contains("playable"):
            return hand[place]
        order = sorted(range(len(hand)), key=lambda i: (abs(i - place), i < place))
        return next((hand[i] for i in order if hand[i].classList.contains("playable")), hand[place])

    def settle_focus(self, before: dict[str, Any]) -> None:
        """Focus after a render: into a dialog that opened (its safe or main choice), back
        to what opened a dialog that closed, onto a prompt that appeared, and wherever the
        next action is when the focused element went away; never left on <body>."""
        region = self.region
        dialog = js(region.querySelector(".overlay .dialog"))
        last = js(region.querySelector(".last-trick"))
        box = dialog if dialog is not None else last
        now = (self.overlay or "dialog") if dialog is not None else ("last" if last is not None else None)
        was, self.shown = self.shown, now
        active = js(document.activeElement)
        if now != was and box is not None:  # a dialog opened: its first choice, the title in view
            self.focus(self.first_control(box), scroll=False)
            # a dialog the morph kept from the last one starts at its top; a new one does
            # already (setting scrollTop lays the page out: 20-80 ms at 4x CPU throttling)
            if dialog is not None and before["dialog"] is not None and dialog.isSameNode(before["dialog"]):
                for el in (dialog, js(dialog.querySelector(".dialog-body"))):
                    if el is not None:
                        el.scrollTop = 0
            return
        if dialog is not None:  # a dialog stays open: the focus stays inside it
            if active is None or not dialog.contains(active):
                self.focus(self.first_control(dialog), scroll=False)
            return
        prompt_el = js(region.querySelector(".prompt[data-key]"))
        prompt = js(prompt_el.getAttribute("data-key")) if prompt_el is not None else None
        new_prompt, self.prompt = prompt != self.prompt, prompt
        yours = self.human_must_act()
        turn_came, self.yours = yours and not self.yours, yours
        if now != was:  # a dialog closed: back to what opened it, else on with the game
            self.focus_back(before)
            return
        in_flow = before["key"] is None or before["hand"] is not None or before["table"]
        if new_prompt and prompt_el is not None and in_flow and self.nav_group("prompt"):
            self.focus(self.nav_group("prompt")[0])  # the game now waits for this answer
        elif not self.usable(active):
            self.focus(self.next_action(before))
        elif (before["hand"] is not None and self.human_must_act() and view.legal_texts(self.obs) == ["pass"]
              and js(region.querySelector(".pass-btn")) is not None):
            self.focus(js(region.querySelector(".pass-btn")))  # your turn, and all you can do is pass
        elif turn_came and before["hand"] is not None and not active.classList.contains("playable"):
            # your turn came while the focus rests on a card you cannot play: the nearest one you can
            hand = [el for el in self.nav_group("hand") if el.classList.contains("card")]
            if before["hand"] < len(hand):
                self.focus(self.near_playable(hand, before["hand"]))

    def mark_waiting(self) -> None:
        """[data-waiting] says the game now waits for the player (tests wait on it)."""
        if self.later is not None:  # part of the last render comes in the next task: not yet
            return
        overlay = self.overlay
        if overlay:
            self.mark("waiting", overlay)
        elif self.match.is_over:
            self.mark("waiting", "over")
        elif self.human_must_act():
            self.mark("waiting", self.match.phase)
        elif self.embed is not None and self.embed.mode != "play":
            self.mark("waiting", self.embed.mode)  # a diagram waits for its reader's steps
        else:
            self.mark("waiting", None)

    # ------------------------------------------------------------ input
    @guarded
    def on_click(self, event: Any) -> None:
        el = js(event.target.closest("[data-action]"))
        if el is None or disabled(el):
            return
        action = js(el.getAttribute("data-action"))
        if action == "review-show":
            self.aids.show(int(js(el.getAttribute("data-item")) or 0))
        elif action == "move":
            move = js(el.getAttribute("data-move"))
            if el.classList.contains("in-hand") and self.taps_to_raise(event) and self.raise_card(move):
                return
            self.human_move(move)
        else:
            self.do(action)

    def focus_back(self, before: dict[str, Any] | None = None) -> None:
        """The focus back on what had it when a dialog opened or the score sheet beside the
        table took it (S), else wherever the next action is (``before``: focus_before's)."""
        opener = js(self.region.querySelector(f'[data-key="{self.opener}"]')) if self.opener else None
        self.opener = None
        if not self.usable(opener):
            opener = self.next_action(before if before is not None else self.focus_before())
        self.focus(opener)

    def remember_opener(self) -> None:
        """The control the player was on when opening a dialog gets the focus back after it."""
        active = js(document.activeElement)
        inside = active is not None and self.region.contains(active)
        self.opener = js(active.getAttribute("data-key")) if inside else None

    def do(self, action: str) -> None:
        """A button's action (or its keyboard shortcut)."""
        if self.main and self.aids.do(action):
            return
        if self.embed is not None and action in EMBED_ACTIONS:
            self.embed_action(action)
        elif self.main and recordui.do(self, action):
            pass
        elif action == "seed-game":  # ?seed= named another game: the player chose it
            self.opener = None
            self.new_game(self.ui.get("seed"))
            self.render()
            self.kick()
        elif action == "share":
            self.ui["share"] = self.share_links()
            self.ui.pop("share_copied", None)
            self.open_dialog("share")
        elif action == "copy-link":
            self.copy_link()
        elif action == "double-selected":
            marked = [b.value for b in self.root.querySelectorAll("input[name=dbl]:checked")]
            self.human_move("double:" + ",".join(marked) if marked else "nodouble")
        elif action == "next-deal":  # the summary's button: deal on (the move "next")
            if self.match.phase == DEAL_OVER:
                self.ui["overlay"] = None
                self.apply("next")  # saves, renders and lets the bots go on
            else:  # the match's last deal: on to the result
                self.ui["overlay"] = "result" if self.match.is_over else None
                self.render()
                self.kick()
        elif action == "last-trick":
            if not self.ui.get("last_trick"):
                return
            if not self.ui.get("show_last"):
                self.remember_opener()
            self.ui["show_last"] = not self.ui.get("show_last")
            self.render()
        elif action == "close-last":
            self.ui["show_last"] = False
            self.render()
        elif action == "sheet":
            side = js(self.root.querySelector(".side"))
            if side is not None and js(side.offsetParent) is not None:
                if side.contains(document.activeElement):
                    self.focus_back()  # a second S: back to the game
                    return
                # the sheet is already on screen (wide layouts): bring it into view, flash it,
                # and give it the focus so that a screen reader reads it; Escape or S gives it back
                self.remember_opener()
                opts = Object.new()
                opts.block = "nearest"
                side.scrollIntoView(opts)
                side.classList.remove("flash")
                side.offsetWidth  # noqa: B018  restart the animation
                side.classList.add("flash")
                self.focus(side, scroll=False)
                return
            self.open_dialog("sheet")
        elif action == "settings":
            self.ui["form"] = json.loads(json.dumps(self.settings))
            self.open_dialog("settings")
        elif action == "new-game":
            self.open_dialog("confirm")
        elif action == "help":
            self.open_dialog("help")
        elif guide.do(self, action):  # the rules screen and the tour (guide.py)
            pass
        elif action == "new-game-now":
            self.opener = None  # the new game's first action gets the focus
            self.new_game()
            self.render()
            self.kick()
        elif action == "apply-rules":
            self.opener = None
            self.apply_settings_form(new_game=True)
        elif action == "close":
            self.ui["overlay"] = None
            self.render()
            self.kick()
        elif action == "pass" and view.is_trex(self.obs) and self.obs.phase == "play":
            self.human_move("pass")  # P (the engine says why when a card of yours fits)

    def embed_action(self, action: str) -> None:
        """The embedded table's own buttons: a replay's steps, restart, an exercise's retry
        and its answer."""
        e = self.embed
        assert e is not None
        if action.startswith("step-"):
            n = {"step-first": 0, "step-back": self.step - 1, "step-forward": self.step + 1,
                 "step-last": len(e.moves)}[action]
            self.go_to_step(n)
        elif action == "restart":
            self.opener = None
            self.load_step(e.start)
            self.render()
            self.emit("restart")
            self.kick()
        elif action == "try-again":
            if self.judged is True:  # the right answer was played: back to the question
                self.load_step(e.start)
            self.judged = None
            self.ui.pop("tried", None)
            self.ui["message"] = None
            self.render()
        elif action == "show-answer":
            if self.judged is True:
                self.load_step(e.start)
            self.judged = None
            self.answer_shown = True
            self.apply(str(e.answers[0]))  # the board shows it played
            self.emit("answer-shown", moves=[str(a) for a in e.answers])

    def go_to_step(self, n: int) -> None:
        """A replay: the deal with its first ``n`` given moves (clamped to the moves there are)."""
        e = self.embed
        assert e is not None and e.mode == "replay"
        n = max(0, min(n, len(e.moves)))
        if n == self.step:
            return
        if n == self.step + 1:  # one step on: played like a move, so it is announced and animated
            self.play_move(str(e.moves[self.step]))
            self.step = n
        else:
            self.load_step(n)
        self.render()
        if self.step in e.captions:
            self.speak([e.captions[self.step]])
        self.emit("step", step=self.step, of=len(e.moves),
                  move=str(e.moves[self.step - 1]) if self.step else None)

    def share_links(self) -> dict[str, str]:
        """Links to this deal for a forum post (docs/EMBED.md): replayed up to where it is,
        and played on from here. None before the cards are dealt again after a redeal."""
        try:
            position = self.match.position()
        except Exception:  # a redeal's new dealing or a finished match: no single position
            return {}
        moves = position.moves
        base = str(window.URL.new("embed.html", location.href).href)
        text = position.text()
        params = window.URLSearchParams.new()
        params.set("mode", "replay")
        params.set("position", text)
        params.set("step", str(len(moves)))
        replay = base + "?" + str(params.toString())
        params = window.URLSearchParams.new()
        params.set("mode", "play")
        params.set("position", text)
        params.set("show", "own")
        return {"replay": replay, "play": base + "?" + str(params.toString())}

    def copy_link(self) -> None:
        box = js(self.region.querySelector(".share-link"))
        if box is None:
            return
        box.select()
        try:
            window.navigator.clipboard.writeText(box.value)
            self.ui["share_copied"] = True
        except Exception:  # no clipboard here (an insecure origin): the text stays selected
            self.ui["share_copied"] = False
        self.render()

    def open_dialog(self, kind: str) -> None:
        if self.overlay is None:
            self.remember_opener()
        self.ui["overlay"] = kind
        self.render()

    @staticmethod
    def taps_to_raise(event: Any) -> bool:
        """Whether a click on a hand card only raises it (tap-to-raise): a touch or pen
        tap does; a mouse click and a keyboard press (Enter, Space: detail 0) play at once.
        Decided per click by the PointerEvent's pointerType, so a laptop with a touch
        screen does both; a browser whose clicks carry no pointerType asks the
        ``pointer: coarse`` media query (a touch screen is the main input)."""
        if js(getattr(event, "detail", 1)) == 0:
            return False
        kind = js(getattr(event, "pointerType", None))
        if kind:
            return kind in ("touch", "pen")
        return bool(window.matchMedia("(pointer: coarse)").matches)

    def raise_card(self, card: str) -> bool:
        """A tap on a card you may play now raises it (the status line says: tap it
        again); a tap on the raised card is not handled here, so it plays. False for a
        card you may not play or a card out of turn: it goes to the engine, which says why."""
        m = self.match
        if (self.ui.get("raised") == card or m.to_move != 0 or m.phase != "play"
                or self.overlay or card not in view.legal_texts(self.obs)):
            return False
        self.ui["raised"] = card
        self.ui["message"] = None
        self.render()
        return True

    def apply_look(self) -> None:
        """The four-colour deck (a setting): a class on <html>, read by the CSS."""
        self.root.classList.toggle("four-colour", bool(self.settings.get("four_colour")))
        self.sound.setEnabled(self.main and bool(self.settings.get("sound")))  # the page's game only
        if self.embed is not None:
            self.root.dataset.felt = self.embed.felt

    @guarded
    def on_change(self, event: Any) -> None:
        el = event.target
        kind = js(el.getAttribute("data-change"))
        if kind == "preset":
            # A preset fills in its options (§10); partnership and Complex stay as they are.
            form = self.ui["form"]
            keep = {k: self.read_check(k) for k in ("partnership", "complex")}
            form["preset"] = el.value
            form["rules"] = Rules.preset(el.value, **keep).to_dict()
            form["level"] = self.field("level").value
            form["speed"] = self.field("speed").value
            self.render()
        elif kind == "play":  # bot level and speed apply at once
            self.apply_settings_form(new_game=False)
        elif kind == "lang":
            self.set_language(el.value)
        elif kind == "dbl":  # the doubling button says what it will do (view.prompt_view)
            self.ui["dbl"] = [b.value for b in self.root.querySelectorAll("input[name=dbl]:checked")]
            self.render()
        elif self.main:
            recordui.on_change(self, el)

    def show_language(self) -> None:
        html = document.documentElement
        html.lang = strings.current()
        html.dir = direction()
        document.title = t("app.title")

    def set_language(self, lang: str) -> None:
        """Switch the page's language at once (the match is untouched) and remember it."""
        strings.set_language(lang)
        self.live.replaceChildren()  # what was announced in the old language has been read
        self.settings["lang"] = strings.current()
        self.save_settings()
        self.ui.pop("notice_lang", None)
        params = URLSearchParams.new(location.search)
        if js(params.get("lang")) is not None:  # the address would override the choice on reload
            params.set("lang", strings.current())
            window.history.replaceState(None, "", "?" + str(params.toString()) + str(location.hash))
        if self.ui.get("form") is not None and self.field("level") is not None:
            self.keep_form()  # the dialog is drawn again in the new language
        self.show_language()
        self.render()

    def keep_form(self) -> dict[str, Any]:
        """The settings dialog's choices, applied or not, read back into ``ui["form"]`` before
        the dialog is drawn again (another language, the rules screen and back)."""
        form: dict[str, Any] = self.ui["form"]
        form.update(preset=self.field("preset").value, level=self.field("level").value,
                    speed=self.field("speed").value,
                    **{n: self.read_check(n) for n in ("four_colour", "sound", *view.AID_SWITCHES)})
        form["rules"] = dict(form["rules"], **{n: self.field(n).value for n in view.RULE_SELECTS},
                             **{n: self.read_check(n) for n in view.RULE_CHECKS})
        return form

    def field(self, name: str) -> Any:
        """A field of the settings form, by name (ids are the view's, prefixed per table)."""
        return js(self.region.querySelector(f'.settings [name="{name}"]'))

    def read_check(self, name: str) -> bool:
        box = self.field(name)
        return bool(box.checked) if box is not None else False

    def apply_settings_form(self, new_game: bool) -> None:
        self.settings["level"] = self.field("level").value
        self.settings["speed"] = self.field("speed").value
        self.settings["four_colour"] = self.read_check("four_colour")
        self.settings["sound"] = self.read_check("sound")
        self.settings.update({n: self.read_check(n) for n in view.AID_SWITCHES})
        self.apply_look()
        self.param_speed = None  # an explicit choice beats the URL's
        if new_game:
            rules = {name: self.field(name).value for name in view.RULE_SELECTS}
            rules.update({name: self.read_check(name) for name in view.RULE_CHECKS})
            self.settings["rules"] = Rules.from_dict(rules).to_dict()
            self.settings["preset"] = self.field("preset").value
            self.save_settings()
            self.new_game()
            self.render()
            self.kick()
        else:
            self.save_settings()
            self.ui["form"]["level"] = self.settings["level"]
            self.ui["form"]["speed"] = self.settings["speed"]
            self.ui["form"]["four_colour"] = self.settings["four_colour"]
            self.ui["form"]["sound"] = self.settings["sound"]
            self.ui["form"].update({n: self.settings[n] for n in view.AID_SWITCHES})

    @guarded
    def on_key(self, event: Any) -> None:
        """Keys on the table's element (app.py's module docstring; the help panel lists them)."""
        key = event.key
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        dialog = js(self.region.querySelector(".overlay .dialog"))
        if key == "Tab":
            if dialog is not None:
                self.trap_tab(event, dialog)
            return
        if recordui.on_key(self, event):
            return
        if key == "Escape":
            if guide.escape(self):  # the rules screen, the tour
                event.preventDefault()
            elif self.overlay == "review":
                self.aids.do("review-close")
                event.preventDefault()
            elif self.overlay in CLOSABLE:
                self.ui["overlay"] = None
                self.render()
                self.kick()
                event.preventDefault()
            elif dialog is None and self.ui.get("show_last"):
                self.do("close-last")
                event.preventDefault()
            elif dialog is None and js(event.target.closest(".side")) is not None:
                self.focus_back()  # S put the focus on the score sheet beside the table
                event.preventDefault()
            return
        target = event.target
        nav = js(target.getAttribute("data-nav")) if target.nodeType == 1 else None
        if (self.embed is not None and self.embed.mode == "replay" and not nav and dialog is None
                and key in ("ArrowLeft", "ArrowRight", "Home", "End")):
            # a replay: arrows step back and on (in the reading direction), Home / End to the ends
            forward = (key == "ArrowRight") != (direction() == "rtl")
            step = {"Home": "step-first", "End": "step-last"}.get(key) or ("step-forward" if forward else "step-back")
            self.embed_action(step)
            event.preventDefault()
            return
        if nav and key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            self.arrow(nav, target, key)
            event.preventDefault()
            return
        if dialog is not None or js(target.closest("input, select, textarea")) is not None or event.repeat:
            return
        letter = {"KeyS": "s", "KeyL": "l", "KeyP": "p", "KeyR": "r", "KeyU": "u", "KeyH": "h"}.get(
            event.code) or key.lower()
        action = {"s": "sheet", "l": "last-trick", "?": "help", "p": "pass", "r": "rules",
                  **aidpanel.KEYS}.get("?" if key == "?" else letter)
        if self.embed is not None and action not in ("last-trick", "pass"):
            return  # an embedded table has no score sheet or help panel of its own
        if action:
            self.do(action)
            event.preventDefault()

    def arrow(self, nav: str, target: Any, key: str) -> None:
        """Arrows move along a group (your hand and its Pass button, a prompt's choices),
        wrapping at the ends; left and right follow the reading direction."""
        group = self.nav_group(nav)
        i = next((k for k, el in enumerate(group) if el.isSameNode(target)), None)
        if i is None or not group:
            return
        if key == "Home":
            j = 0
        elif key == "End":
            j = len(group) - 1
        else:
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            if direction() == "rtl" and key in ("ArrowLeft", "ArrowRight"):
                step = -step
            j = (i + step) % len(group)
        self.focus(group[j])

    def trap_tab(self, event: Any, dialog: Any) -> None:
        """Tab and Shift+Tab go round the open dialog's controls, never out of it."""
        controls = [el for el in dialog.querySelectorAll(FOCUSABLE)
                    if not disabled(el) and el.getClientRects().length > 0]
        if not controls:
            event.preventDefault()
            return
        active = js(document.activeElement)
        first, last = controls[0], controls[-1]
        if active is None or not dialog.contains(active):
            self.focus(first, scroll=False)
        elif event.shiftKey and active.isSameNode(first):
            self.focus(last)
        elif not event.shiftKey and active.isSameNode(last):
            self.focus(first)
        else:
            return  # the browser moves on inside the dialog
        event.preventDefault()

    # ------------------------------------------------------------ tests
    def test_state(self, *_: Any) -> str:
        """A JSON summary for the browser tests (they still act through clicks)."""
        m = self.match
        o = self.obs.to_dict()  # the observation's plain form, as the tests read it
        return json.dumps({
            "phase": m.phase, "to_move": m.to_move, "contract": o["contract"],
            "kingdom": o["kingdom"], "deal_number": o["deal_number"], "king": o["king"],
            "hand": o["hand"], "legal": o["legal"], "trick": o["trick"],
            "tricks": len(o["tricks"]), "totals": o["totals"], "history": o["history"],
            "overlay": self.overlay, "message": self.ui.get("message"),
            "waiting": js(self.root.getAttribute("data-waiting")), "moves": len(m.history),
            "is_over": m.is_over, "doubled": o["doubled"], "seed": self.seed,
            "rules": o["rules"], "level": self.settings["level"], "step": self.step,
            "judged": self.judged, "answer_shown": self.answer_shown,
            "shown": {s: h for s, h in self.view_state().get("open_hands", {}).items()},
        })

    def bind(self) -> None:
        for kind, fn, target in (("click", self.on_click, self.root),
                                 ("change", self.on_change, self.root),
                                 ("keydown", self.on_key, self.root)):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            target.addEventListener(kind, proxy)
        hook = Object.new()
        proxy = create_proxy(self.test_state)
        self._proxies.append(proxy)
        hook.state = proxy
        perf = create_proxy(lambda *_: json.dumps({"bot_ms": self.bot_ms, "bot_tasks": self.bot_tasks,
                                                    "bot_samples": self.bot_samples,
                                                    "render_ms": self.render_ms,
                                                    "bots_imported": bots.imported(),
                                                    "bots_compiled": bots.compiled}))
        self._proxies.append(perf)
        hook.perf = perf
        # The game record and the move texts: lets a test replay this very game in CPython.
        record = create_proxy(lambda *_: json.dumps({
            "record": write_record(self.match), "moves": [str(move) for move in self.match.history]}))
        self._proxies.append(record)
        hook.record = record
        aid = create_proxy(lambda *_: json.dumps({"hint": self.aids.hint, "review": self.aids.review,
                                                   "used": self.aids.used, "stats": storage_get(stats.KEY),
                                                   "timings": self.aids.timings}))
        self._proxies.append(aid)
        hook.aids = aid
        self.root.trexTest = hook  # each table's own (a page may hold many)
        if self.main or self.frame:  # the page's one table
            window.trexTest = hook
        command = create_proxy(self.on_command_event)
        self._proxies.append(command)
        self.root.addEventListener("trex-command", command)
        if self.main:  # only the main game saves: it watches the save of other tabs
            storage = create_proxy(self.on_storage)
            self._proxies.append(storage)
            window.addEventListener("storage", storage)
        if self.frame:  # the frame's one table takes commands from the page that embeds it
            message = create_proxy(self.on_message)
            self._proxies.append(message)
            window.addEventListener("message", message)

    # ------------------------------------------------------------ the host page's commands
    @guarded
    def on_command_event(self, event: Any) -> None:
        """``element.dispatchEvent(new CustomEvent("trex-command", {detail: {...}}))``."""
        self.command(event.detail)

    @guarded
    def on_message(self, event: Any) -> None:
        """A command posted to the frame: only from the parent page, and only from the
        origin given as ``origin=`` when there is one (docs/EMBED.md)."""
        if not same(event.source, window.parent) or same(window.parent, window):
            return
        want = self.embed.origin if self.embed is not None else ""
        if want and str(event.origin) != want:
            return
        self.command(event.data)

    def command(self, data: Any) -> None:
        """restart, step (``n``) and show-answer; anything else is answered with an error event."""
        try:
            kind = str(js(data.type)) if js(data) is not None else ""
        except Exception:
            kind = ""
        e = self.embed
        if e is None:
            self.emit("error", problem="no-table", command=kind)
        elif kind == "restart":
            self.embed_action("restart")
        elif kind == "step" and e.mode == "replay":
            n = js(getattr(data, "n", None))
            if isinstance(n, int | float) and not isinstance(n, bool):
                self.go_to_step(int(n))
            else:
                self.emit("error", problem="bad-step", command=kind)
        elif kind == "show-answer" and e.mode == "exercise":
            self.embed_action("show-answer")
        else:
            self.emit("error", problem="unknown-command", command=kind)

    async def start(self, page: bool) -> None:
        """Show the table (``page``: the page is this table's, so its language and title
        follow it), then let the bots go on."""
        if page:
            self.show_language()
        self.root.classList.remove("trex-loading")
        self.root.removeAttribute("aria-busy")
        self.apply_look()
        self.bind()
        if self.error is not None:
            self.root.hidden = False
            tag = "main" if self.frame else "section"  # the frame's page has its one <main>
            self.region.innerHTML = (f"<{tag} class=\"embed-error-box\">"
                                     + embedview.error(self.error.param, self.error.code, self.error.params)
                                     + f"</{tag}>")
            self.mark("state", "error")
            self.emit("error", param=self.error.param, problem=self.error.code)
            return
        self.restore()
        guide.first_visit(self, js(URLSearchParams.new(location.search).get("tour")) != "0"
                          and js(getattr(window, "trexNoTour", None)) is not True)
        if self.lang_notice:
            self.ui["notice_lang"] = self.lang_notice
        window.performance.mark("trex:restored")
        self.root.hidden = False  # before the first render: a hidden table cannot take the focus
        self.render()
        window.performance.mark("trex:rendered")
        self.mark("state", "ready")
        if self.embed is not None:
            e = self.embed
            self.emit("ready", mode=e.mode, seat=e.seat, step=self.step, steps=len(e.moves))

    async def play_on(self) -> None:
        """Import the bots a module per task (no long task on a slow phone), then move."""
        if self.error is not None:
            return  # no deal: nothing to play
        await asyncio.sleep(0)  # let the table paint first
        for _ in bots.preload_steps():
            await asyncio.sleep(0)
        self.kick()


async def start() -> None:
    """index.html (the game) and embed.html (one embedded table): the page's one table, #app."""
    root = document.getElementById("app")
    if document.body.hasAttribute("data-embed"):
        if not parse_query(str(location.search)).get("lang"):
            strings.set_language(strings.choose(None, None, browser_languages())[0])
        table = Table.embedded(root, str(location.search), frame=True, idp="trex-")
    else:
        table = Table(root, main=True)
    await table.start(page=True)
    document.body.dataset.state = "ready"
    window.trexLoader.ready()
    await table.play_on()


async def start_all() -> None:
    """tables.js: a table in every ``[data-trex]`` element of the page, one Python for all.
    Their language is the page's (``<html lang>``), unless an element's ``lang=`` says."""
    strings.set_language(strings.choose(js(document.documentElement.lang), None, browser_languages())[0])
    tables = []
    for i, el in enumerate(document.querySelectorAll("[data-trex]")):
        table = Table.embedded(el, str(js(el.getAttribute("data-trex")) or ""), frame=False, idp=f"trex{i + 1}-")
        await table.start(page=False)
        tables.append(table)
        await asyncio.sleep(0)  # each table paints in its own task
    document.documentElement.dataset.trexTables = "ready"
    for table in tables:
        await table.play_on()
