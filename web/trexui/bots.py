"""The one place the table asks a bot for a move.

``choose_move(match, seat, level, rng)`` returns a move text. The bot sees only
``match.observation(seat)`` (what that seat may know), never the match. Until
``trex_core.bots`` exists the bot plays a random legal move from ``rng``.

The app seeds ``rng`` from the match seed and the move number, so a reloaded
match continues with the same bot decisions.
"""
from __future__ import annotations

import importlib
import importlib.util
import random
from typing import Any

# trex_core.bots is imported after the table is on screen (preload), not before: its
# import is a measurable part of the start-up in Pyodide (docs/WEB.md).
_HAVE_BOTS = importlib.util.find_spec("trex_core.bots") is not None
_bots: Any = None
KNOWN_LEVELS = ["random", "easy", "medium", "hard"]
FALLBACK_LEVELS = ["random"]
# The hard bot is "anytime": it samples until its time budget is spent. On the page's
# main thread one decision is one task, so the budget keeps every task well under the
# 100 ms long-task line (measured: docs/WEB.md).
HARD_BUDGET = 0.04
_cache: dict[str, Any] = {}


def preload() -> None:
    """Import the bots (once)."""
    global _bots
    if _bots is None and _HAVE_BOTS:
        _bots = importlib.import_module("trex_core.bots")


def levels() -> list[str]:
    """Bot levels offered in the settings (known without importing the bots)."""
    if not _HAVE_BOTS:
        return FALLBACK_LEVELS
    if _bots is None:
        return KNOWN_LEVELS
    return list(getattr(_bots, "LEVELS", KNOWN_LEVELS))


def choose_move(match: Any, seat: int, level: str, rng: random.Random) -> str:
    obs = match.observation(seat)
    preload()
    if _bots is not None and level in levels():
        bot = _cache.get(level)
        if bot is None:
            bot = _cache[level] = (_bots.get_bot(level, budget=HARD_BUDGET) if level == "hard"
                                   else _bots.get_bot(level))
        return str(bot.choose(obs, rng))
    return rng.choice([str(m) for m in obs.legal])
