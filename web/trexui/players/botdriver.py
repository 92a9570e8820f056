"""The bots at a table: they move one at a time at the chosen pace, thinking in slices.

Bots run on the main thread in small steps: one bot move per event-loop turn, with the
pace's sleep in between, so the page never freezes (the measurements behind that choice are
in docs/WEB.md). A bot's decision is thought in slices of about ``bots.SLICE_MS`` while the
pace runs (docs/BOTS.md, "thinking in slices"). A finished deal waits in the engine's
``deal-over`` phase, its summary on screen, until the player presses *Next deal*; the bots
never make that move (only the benchmark's ``?autoplay=1`` table plays on by itself).
"""
from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any, Protocol

from pyscript import window

from trex_core import Match

from . import bots
from .seats import Seats

# Seconds between bot moves; a finished trick stays on the table TRICK_HOLD times longer.
SPEEDS = {"slow": 1.6, "normal": 0.9, "fast": 0.4, "instant": 0.0}
TRICK_HOLD = 1.8


class BotHost(Protocol):
    """What the bots read of their table, and how they move on it."""

    @property
    def match(self) -> Match: ...
    @property
    def seed(self) -> int | str: ...
    @property
    def overlay(self) -> str | None: ...
    @property
    def speed(self) -> float: ...
    @property
    def level(self) -> str:
        """The table's bot level (Settings' Level): a bot seat of no level of its own plays it."""
        ...

    @property
    def seats(self) -> Seats: ...
    @property
    def holding_trick(self) -> bool:
        """A finished trick is on show and no card of the next one is played yet."""
        ...

    def human_must_act(self) -> bool: ...
    def person_to_move(self) -> bool:
        """A person is to decide: the bots leave that seat alone (seats.py)."""
        ...

    def apply(self, text: str, spread: bool = False) -> None: ...
    def close_summary(self) -> None:
        """The benchmark plays on past a deal's summary by itself (its Next)."""
        ...

    def report_bug(self, exc: BaseException) -> None: ...
    def idle(self) -> None:
        """The bots stopped (the table waits for the player): mark it."""
        ...


class BotDriver:
    def __init__(self, host: BotHost, *, autoplay: bool, allowed: bool) -> None:
        self.host = host
        self.autoplay = autoplay  # the benchmark lets a bot play every seat, and plays on by itself
        self.allowed = allowed  # this table has bots that move (not a diagram)
        self.gen = 0  # bumped by stop(): a sleeping bot step of the old position gives up
        self.task: asyncio.Future[None] | None = None
        self.ms: list[float] = []  # how long each bot decision's longest task took (benchmark)
        # each task of a bot's thinking under ?autoplay=1: [start, ms, "start"|"ready"|"step"|"move"]
        # ("ready": a decision answered when it was made, with nothing to search),
        # which the long-task test matches with the browser's long tasks
        self.tasks: list[list[Any]] = []
        self.samples: list[int] = []  # the sampled deals behind each bot decision (benchmark)

    def stop(self) -> None:
        """The position the bots were thinking about is gone (a new game, an undo): they give up."""
        self.gen += 1
        self.task = None

    def kick(self) -> None:
        """Let the bots go on, if it is theirs to move."""
        if self.allowed and self.task is None and not self.host.match.is_over:
            self.task = asyncio.ensure_future(self.drive(self.gen))

    async def drive(self, gen: int) -> None:
        """Bots move one at a time at the chosen pace; each step is one short task."""
        host = self.host
        try:
            while gen == self.gen:
                m = host.match
                if self.autoplay and host.overlay == "summary":
                    await asyncio.sleep(host.speed * 2)  # the benchmark plays on by itself
                    if gen != self.gen or host.overlay != "summary":
                        continue
                    try:
                        host.close_summary()
                    except Exception as exc:  # an engine bug: say so, stop
                        host.report_bug(exc)
                        return
                    continue
                # a summary waits for the player: the bots never play "next" themselves
                if m.is_over or host.overlay or host.person_to_move():
                    return
                pace = host.speed
                if host.holding_trick:
                    pace *= TRICK_HOLD
                seat = m.to_move  # not None: the match is not over
                if seat is None or host.person_to_move():
                    await asyncio.sleep(pace)
                    continue
                try:
                    text = await self.think(gen, m, seat, pace)
                    if text is None:  # the table changed while the bot thought
                        continue
                    host.apply(text, spread=True)
                except Exception as exc:  # a bot or engine bug: say so, stop the bots
                    host.report_bug(exc)
                    return
        finally:
            if gen == self.gen:
                self.task = None
                host.idle()

    async def think(self, gen: int, m: Match, seat: int, pace: float) -> str | None:
        """A bot's move, thought in slices of about ``bots.SLICE_MS`` while the pace delay
        runs: the page never stalls, and the hard bot searches for as long as the pace lasts.
        None when the table changed meanwhile (a new game, a dialog, another move)."""
        loop = asyncio.get_event_loop()
        end = loop.time() + pace
        moves = len(m.history)
        rng = random.Random(f"{self.host.seed}:{moves}")

        def moved_on() -> bool:
            # (or the seat is a person's now: a friend took it back from the bot over a link)
            return (gen != self.gen or bool(self.host.overlay) or m.is_over or len(m.history) != moves
                    or self.host.person_to_move())

        await asyncio.sleep(0)  # the decision starts in a task of its own, not the last move's
        # the bots' byte code (fetched once the table is playable) before their import: a move
        # tapped before Python has the bots answer as soon as Python has replayed it
        await bots.fetch_bytecode()
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
                self.tasks.append([t0, ms, what])
            return out

        thinker = timed("start", lambda: bots.Thinker(m, seat, self.host.seats.level(seat, self.host.level), rng))
        if self.autoplay and thinker.done:
            self.tasks[-1][2] = "ready"  # answered at once: no search to slice
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
        self.ms.append(longest)
        if self.autoplay:
            self.samples.append(thinker.samples)
        return str(text)

