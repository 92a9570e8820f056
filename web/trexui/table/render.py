"""Showing a table: its parts morphed onto the page in batches, what is announced and heard.

Each render asks the table for its view's parts (board.table_parts: name and HTML) and applies
only those whose HTML changed, through web/tableview.js, which morphs them in place:
unchanged elements stay the same nodes, so the focus stays put and cards can move. Some
parts wait for a task of their own just after (a batch per task), so no one task both builds
the view and lays out the table on a slow phone (no task over 100 ms at 4x CPU).
Then the focus settles (focus.py), the news is appended to the table's polite live region
(announce.py) and the sounds play (sound.py).
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from trex_core import Observation

from ..page.dom import Stopwatch, js
from ..page.focus import Focus
from ..view import announce, board, sound

LIVE_KEEP = 12  # messages kept in the live region (older ones are removed; only additions are read)
Parts = list[tuple[str, str]]


def painted(root: Any) -> bool:
    """Whether the element holds a table painted before the runtime (a lesson's ``data-trex``
    element with embedpaint.py's HTML): its view is adopted, and the first render morphs it,
    so equal HTML keeps every node (no flash) and only what differs changes in place."""
    return all(js(root.querySelector(f":scope > {part}")) is not None
               for part in (".table-view", "[data-region=announce]", ".fx"))


class RenderHost(Protocol):
    """What rendering reads of its table."""

    @property
    def overlay(self) -> str | None: ...
    @property
    def speed(self) -> float:
        """Seconds a bot's move takes (botdriver.SPEEDS): cards move for a share of it."""
        ...

    @property
    def fast(self) -> bool:
        """The pace is fast or instant: the announcements of a trick come as one."""
        ...

    @property
    def obs(self) -> Observation: ...
    def parts(self) -> Parts: ...
    def waiting(self) -> str | None:
        """What the table waits for, for [data-waiting]: a dialog, the player's move, ..."""
        ...

    def report_bug(self, exc: BaseException) -> None: ...


class Renderer:
    def __init__(self, host: RenderHost, root: Any, focus: Focus, *, page: bool, timed: bool) -> None:
        self.host = host
        self.root = root
        self.page = page  # the page's one game: its marks are on <body> too (its tests read them)
        # the benchmarks' (?autoplay=1; or window.trexTiming, set before the page starts):
        # each render is timed, and the steps of its tasks
        self.timed = timed or (page and js(getattr(window, "trexTiming", None)) is True)
        self.watch = Stopwatch(self.timed)
        if not painted(root):  # else: painted before Python (an opening, a kept table, a lesson's HTML)
            root.innerHTML = board.SKELETON
        self.region = root.querySelector(".table-view")
        self.live = root.querySelector("[data-region=announce]")
        self.view = window.TrexTableView.new(self.region, root.querySelector(".fx"))
        self.sound = window.TrexSound.new(root)  # short sounds, when switched on
        self.cues = sound.Cues()
        self.announcer = announce.Announcer()
        self.focus = focus
        self.applied: dict[str, str] = {}  # the view's parts as last applied (board.table_parts)
        # parts of the last render still to apply, a batch per task (render_now): each
        # batch's parts, whether the focus (as it was before the render) settles with them,
        # and how long their cards move
        self.later: list[tuple[list[list[str]], bool, int]] | None = None
        self.later_focus: dict[str, Any] | None = None
        self.later_gen = 0
        self.seq = 0
        self.render_ms: list[float] = []  # how long each render took, layout included (benchmark)
        self._frame: Any = None
        self.on_pause = False  # paused(): renders wait
        self.hold: Callable[[], bool] = lambda: False  # the marks wait (for a move's save: pipeline.py)
        self.owed = False  # a render's marks wait for release()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Render nothing until the block ends (the table's start replays taps made before
        Python: the page shows the table they led to, and the focus stays where it is)."""
        self.on_pause = True
        try:
            yield
        finally:
            self.on_pause = False

    def render(self, spread: bool = False) -> None:
        """Show the table as it is now. ``spread``: even the first changed part waits for a
        task of its own (a bot's move: the engine, the save and the view in this task, the
        page in the next; nobody waits on it)."""
        if self.on_pause:
            return
        if not self.timed:
            self.render_now(spread)
            return
        # The benchmark (?autoplay=1) times each render: its own task, plus the style and
        # layout it causes, read at the start of the next frame, where the browser lays the
        # page out anyway (forcing it in the render's task made that task longer than in play).
        t0 = window.performance.now()
        self.layout_timer()
        self.render_now(spread)
        self.render_ms.append(0.0)
        self.segment(t0)

    def segment(self, t0: float) -> None:
        """The benchmark: the last render's work from ``t0`` to now counts in its time, and
        is a User Timing measure (``trex:render <n>``) that a trace shows, so
        bench/trace_tasks.py can say how much of the main thread's CPU the render took."""
        t1 = window.performance.now()
        self.render_ms[-1] += t1 - t0
        window.performance.measure(f"trex:render {len(self.render_ms)}",
                                   to_js({"start": t0, "end": t1}, dict_converter=Object.fromEntries))

    def layout_timer(self) -> None:
        """The benchmark: add the next frame's style and layout to the last render's time
        (this frame callback is registered before the view's own, which measures cards)."""
        def frame(*_: Any) -> None:
            t0 = window.performance.now()
            with self.watch.step("layout"):
                document.body.offsetHeight  # noqa: B018  the frame's style and layout, now
            if self.render_ms:
                self.segment(t0)
        if self._frame is None:
            self._frame = create_proxy(frame)
        window.requestAnimationFrame(self._frame)

    def render_now(self, spread: bool) -> None:
        before = self.focus.before()
        # Only the parts whose HTML changed are applied. Some wait for a task of their own
        # just after (apply_later, a batch per task):
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
        host = self.host
        with self.watch.step("parts"):
            parts = host.parts()
        changed = [[name, html] for name, html in parts if self.applied.get(name) != html]
        applied = dict(self.applied)
        self.applied = dict(parts)
        self.later = None
        self.later_gen += 1  # a batch still waiting from an older render is not applied
        self.later_focus = None
        if changed:
            ms = min(280, int(host.speed * 600))
            if not applied:  # the first render; later ones go part by part, so the sheet can wait
                with self.watch.step("patch"):
                    self.view.patch(board.whole(parts), ms)
            else:
                names = {name for name, _ in changed}
                wait = {"side"} if len(changed) > 2 else set()
                if "overlay" in names and host.overlay:
                    wait.update(board.FELT_PARTS)
                elif "overlay" in names and names & set(board.FELT_PARTS):
                    wait.update(names - set(board.FELT_PARTS))
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
                            self.applied[name] = applied[name]  # not on the page yet
                    asyncio.get_event_loop().call_soon(self.apply_later, self.later_gen)
                if now:
                    with self.watch.step("patch"):
                        self.view.patch(to_js(self.narrowed(now, applied)), ms)
        if self.later_focus is None:
            with self.watch.step("focus"):
                self.focus.settle(before)
        with self.watch.step("announce"):
            self.speak(self.announcer.update(host.obs, coalesce=host.fast))
        cues = self.cues.update(host.obs)
        if cues and self.sound.enabled:
            self.sound.play(to_js(cues))
        if self.later is None:
            self.rendered()
        else:  # mid-render, the page waits for nobody: no stale [data-waiting] until its last batch
            self.mark("waiting", None)

    @staticmethod
    def narrowed(batch: list[list[str]], before: dict[str, str]) -> list[list[str]]:
        """The batch's parts as the page morphs them: of a part whose parts inside changed
        alone, only those (board.narrow); ``before``: the parts as on the page now."""
        return [entry for name, html in batch for entry in board.narrow(name, before.get(name), html)]

    def apply_later(self, gen: int) -> None:
        """The next batch of the last render's parts that wait for a task of their own (the
        focus settles with the one that says so); the next batch in the task after."""
        if gen != self.later_gen or not self.later:  # a newer render has applied them
            return
        batch, settle, ms = self.later.pop(0)
        t0 = window.performance.now()
        try:
            with self.watch.step("patch-later"):
                self.view.patch(to_js(self.narrowed(batch, self.applied)), ms)
        except Exception as exc:  # a view bug: say so (a render), and wait for nothing more
            self.later = None
            self.host.report_bug(exc)
            return
        self.applied.update((name, html) for name, html in batch)
        if settle and self.later_focus is not None:
            with self.watch.step("focus"):
                self.focus.settle(self.later_focus)
            self.later_focus = None
        if self.timed and self.render_ms:  # the benchmark: part of the same re-render
            self.segment(t0)
            self.layout_timer()
        if self.later:
            asyncio.get_event_loop().call_soon(self.apply_later, gen)
            return
        self.later = None
        self.rendered()

    def rendered(self) -> None:
        """The page shows the new rendering: tests and the benchmark may read it (once the
        move's save is written too: ``hold``, release())."""
        if self.hold():
            self.owed = True
            self.mark("waiting", None)  # (as mid-render: what it waits for is said with the save)
            return
        self.seq += 1
        self.mark("seq", str(self.seq))
        self.mark_waiting()

    def release(self) -> None:
        """The move's save that held the marks is written: they say what the page shows."""
        owed, self.owed = self.owed, False
        if self.later is not None:  # the last batch's rendered() marks them
            return
        if owed:
            self.rendered()
        else:
            self.mark_waiting()

    def mark(self, name: str, value: str | None) -> None:
        """A data- attribute on the table's element (and on <body> for the page's game, which
        its tests and the benchmark read): ``value`` None removes it."""
        for el in (self.root, document.body) if self.page else (self.root,):
            if value is None:
                el.removeAttribute(f"data-{name}")
            else:
                el.setAttribute(f"data-{name}", value)

    def mark_waiting(self) -> None:
        """[data-waiting] says the game now waits for the player (tests wait on it)."""
        if self.later is not None or self.hold():  # part of the last render (or its save) comes in a later task
            return
        self.mark("waiting", self.host.waiting())

    def speak(self, messages: list[str]) -> None:
        """Append to the table's polite live region (outside the morphed view, so it is
        the same node all game long); screen readers read each addition once."""
        for text in messages:
            p = document.createElement("p")
            p.textContent = text
            self.live.appendChild(p)
        while self.live.childElementCount > LIVE_KEEP:
            self.live.firstElementChild.remove()

    def hush(self) -> None:
        """Forget what was announced (another language: it has been read)."""
        self.live.replaceChildren()
