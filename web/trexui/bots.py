"""The one place the table asks a bot for a move.

``choose_move(match, seat, level, rng)`` returns a move text. The bot sees only
``match.observation(seat)`` (what that seat may know), never the match. Until
``trex_core.bots`` exists the bot plays a random legal move from ``rng``.

The app seeds ``rng`` from the match seed and the move number, so a reloaded
match continues with the same bot decisions.
"""
from __future__ import annotations

import random
from typing import Any

try:  # the bots package is written in parallel with the table
    from trex_core import bots as _bots
except ImportError:  # pragma: no cover - depends on the engine's version
    _bots = None

FALLBACK_LEVELS = ["random"]
# The hard bot is "anytime": it samples until its time budget is spent. On the page's
# main thread one decision is one task, so the budget keeps every task well under the
# 100 ms long-task line (measured: docs/WEB.md).
HARD_BUDGET = 0.04
_cache: dict[str, Any] = {}


def levels() -> list[str]:
    """Bot levels offered in the settings."""
    if _bots is None:
        return FALLBACK_LEVELS
    names = getattr(_bots, "LEVELS", None) or getattr(_bots, "levels", None)
    if callable(names):
        names = names()
    return list(names) if names else FALLBACK_LEVELS


def choose_move(match: Any, seat: int, level: str, rng: random.Random) -> str:
    obs = match.observation(seat)
    if _bots is not None and level in levels():
        bot = _cache.get(level)
        if bot is None:
            bot = _cache[level] = (_bots.get_bot(level, budget=HARD_BUDGET) if level == "hard"
                                   else _bots.get_bot(level))
        return str(bot.choose(obs, rng))
    return rng.choice([str(m) for m in obs.legal])
