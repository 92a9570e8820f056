"""The one place the table asks a bot for a move.

``Thinker(match, seat, level, rng)`` is one bot decision, thought in slices; it ends in a
move text. The bot sees only ``observe(match, seat)`` (what that seat may know), never the
match.

The app seeds ``rng`` from the match seed and the move number, so a reloaded match
continues with the same bot decisions.
"""
from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import os
import py_compile
import random
import sys
from collections.abc import Iterator
from typing import Any

from trex_core import observe

from ..page import bytecode
from .seats import LEVELS

# trex_core.bots is imported after the table is on screen (preload), not before: its
# import is a measurable part of the start-up in Pyodide (docs/WEB.md).  So the levels
# are named in seats.py (LEVELS, who may sit in a seat), which the view reads without the
# bots; tests/browser/test_view_native.py checks them against the bots'.
# The hard bot is "anytime": it samples until its time budget is spent. On the page's
# main thread one decision is one task, so the budget keeps every task well under the
# 100 ms long-task line (measured: docs/WEB.md).
HARD_BUDGET = 0.04
_bots: Any = None
_cache: dict[str, Any] = {}


# trex_core.bots's modules in import order, for preload_steps(): imported in one go the
# package is a single task of about 160 ms on a phone-speed CPU (4x slower,
# bench/page_load.py), and its __init__ imports every module, so importing a module of
# it first would import them all. A name that is not there (the engine reorganised) is
# skipped: running the package's __init__ at the end imports whatever is missing.
STEPS = ("trex_core.fast", "trex_core.bots.heuristics", "trex_core.bots.knowledge",
         "trex_core.bots.choice_model", "trex_core.bots.choice", "trex_core.bots.doubling",
         "trex_core.bots.players", "trex_core.bots.endgame", "trex_core.bots.thinking",
         "trex_core.bots.likelihood", "trex_core.bots.search")
_loading: Iterator[None] | None = None
compiled: list[str] = []  # the modules whose byte code the page had to write (benchmark, tests)


def _import_steps() -> Iterator[None]:
    """Import trex_core.bots a module at a time. The package is registered before its
    __init__ runs (the standard importlib recipe, as LazyLoader does), so its modules'
    relative imports work; its __init__ runs last, finding them all imported."""
    global _bots
    name = "trex_core.bots"
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or name in sys.modules:
        _bots = importlib.import_module(name)
        return
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    try:
        for step in STEPS:
            # Compiling a module and running it are each a good part of its import (fast.py:
            # 8 and 5 ms in CPython, over 100 ms together at phone speed in Pyodide). The
            # site ships the byte code with no source (build.py); where a source has no
            # byte code (a checkout), it is written first, in a step of its own.
            if _compile(step):
                yield
            with contextlib.suppress(ImportError):
                importlib.import_module(step)
            yield
        spec.loader.exec_module(package)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    _bots = package


def _compile(name: str) -> bool:
    """Write module ``name``'s byte code cache; False when there is none to write (no
    source: the site's byte code, build.py) or it is there already, for this Python."""
    try:
        found = importlib.util.find_spec(name)
        if found is None or not found.origin or not found.cached:
            return False
        if os.path.exists(found.cached):
            with open(found.cached, "rb") as f:
                if f.read(4) == importlib.util.MAGIC_NUMBER:
                    return False
        py_compile.compile(found.origin, cfile=found.cached, doraise=True)
    except Exception:  # a read-only or odd file system: the import compiles, as before
        return False
    compiled.append(name)
    return True


def fetch_bytecode() -> asyncio.Future[None]:
    """The bots' byte code (bytecode.fetch's ``bots``, once for the page), unpacked beside
    the engine's; the table calls it when it is playable, so those bytes come after the
    first table (docs/WEB.md). Awaited before the bots' import: the page has no source of
    theirs, so a zip that did not come is the page's error (its exception)."""
    return bytecode.fetch("bots")


def preload_steps() -> Iterator[None]:
    """The bots' import, one module per step; the caller lets the page run between steps."""
    global _loading
    if _loading is None:
        _loading = _import_steps()
    return _loading


def preload() -> None:
    """Import the bots now (whatever preload_steps() has not done yet)."""
    for _ in preload_steps():
        pass


def imported() -> bool:
    """Whether the bots' import has finished."""
    return _bots is not None


def levels() -> list[str]:
    """Bot levels offered in the settings."""
    return LEVELS


# -- thinking in slices (the hard bot, anytime) ------------------------------------------
# One task on the page's main thread must stay short (a long task freezes the table), but
# the bots have the whole pace delay between plays (0.4-1.6 s) to think. A Thinker is one
# bot decision done a slice at a time: the app's bot loop steps it (each step at most
# SLICE_MS of work, then the loop yields to the event loop) while the pace delay runs, and
# plays its move when the delay ends. The levels without a search answer at once.
# 12 ms: a slice does not start a playout that would not fit (thinking.Thought.step), and a
# playout is at most about 8 ms in Pyodide on a desktop, so at 4x slower (a phone) a slice
# stays under 50 ms; with 25 ms slices 6% of them were over 50 ms at 4x (docs/BOTS.md).
SLICE_MS = 12.0
# The most thinking a decision gets, whatever the pace: the search stops improving much
# beyond a few hundred samples (docs/BOTS.md), and a phone need not run hot.
THINK_MS = 1500.0


class Thinker:
    """One decision of ``level`` for ``seat`` in ``match``, thought in slices.

    ``step(ms)`` works at most about ``ms`` milliseconds (one playout is the unit, a few
    ms; one that would not fit is left for the next step) and returns the move text once
    the search is finished (its sample cap or ``THINK_MS`` of work), else None; ``move()``
    is the move from what has been thought so far (it first thinks the search's minimum, in
    one go if need be). The observation is taken when the Thinker is made: make it after
    the previous move is applied."""

    def __init__(self, match: Any, seat: int, level: str, rng: random.Random,
                 think_ms: float = THINK_MS) -> None:
        preload()
        bot = _bot(level)
        obs = observe(match, seat)
        self.think_ms = think_ms
        self.thought: Any = None
        self.answer: str | None = None
        think = getattr(bot, "think", None)
        if think is None:
            self.answer = str(bot.choose(obs, rng))
        else:
            self.thought = think(obs, rng)

    @property
    def samples(self) -> int:
        """Sampled deals thought through so far (0 for a level without a search)."""
        return int(self.thought.samples) if self.thought is not None else 0

    @property
    def thought_ms(self) -> float:
        return 1000.0 * self.thought.seconds if self.thought is not None else 0.0

    @property
    def ripe(self) -> bool:
        """Thought enough to play (the search's minimum of samples): ``move()`` is then
        immediate."""
        return self.answer is not None or bool(self.thought.ripe)

    @property
    def done(self) -> bool:
        return self.answer is not None or bool(self.thought.done) or self.thought_ms >= self.think_ms

    def step(self, ms: float = SLICE_MS) -> str | None:
        if not self.done:
            self.thought.step(min(ms, self.think_ms - self.thought_ms) / 1000.0)
        return self.move() if self.done else None

    def move(self) -> str:
        if self.answer is None:
            while not self.thought.ripe:
                self.thought.step(SLICE_MS / 1000.0)
            self.answer = str(self.thought.move())
        return self.answer


def _bot(level: str) -> Any:
    bot = _cache.get(level)
    if bot is None:
        options = {"budget": HARD_BUDGET} if level == "hard" else {}
        bot = _cache[level] = _bots.get_bot(level, **options)
    return bot
