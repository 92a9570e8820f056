"""The one place the table asks a bot for a move.

``choose_move(match, seat, level, rng)`` returns a move text. The bot sees only
``observe(match, seat)`` (what that seat may know), never the match.

The app seeds ``rng`` from the match seed and the move number, so a reloaded match
continues with the same bot decisions.
"""
from __future__ import annotations

import importlib
import random
from typing import Any

from trex_core import observe

# trex_core.bots is imported after the table is on screen (preload), not before: its
# import is a measurable part of the start-up in Pyodide (docs/WEB.md).  So the levels
# are named here too; tests/browser/test_view_native.py checks them against the bots'.
LEVELS = ["random", "easy", "medium", "hard"]
# The hard bot is "anytime": it samples until its time budget is spent. On the page's
# main thread one decision is one task, so the budget keeps every task well under the
# 100 ms long-task line (measured: docs/WEB.md).
HARD_BUDGET = 0.04
_bots: Any = None
_cache: dict[str, Any] = {}


def preload() -> None:
    """Import the bots (once)."""
    global _bots
    if _bots is None:
        _bots = importlib.import_module("trex_core.bots")


def levels() -> list[str]:
    """Bot levels offered in the settings."""
    return LEVELS


def choose_move(match: Any, seat: int, level: str, rng: random.Random) -> str:
    preload()
    bot = _cache.get(level)
    if bot is None:
        options = {"budget": HARD_BUDGET} if level == "hard" else {}
        bot = _cache[level] = _bots.get_bot(level, **options)
    return str(bot.choose(observe(match, seat), rng))
