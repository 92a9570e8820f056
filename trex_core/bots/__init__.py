"""Bots for Trex at four levels: ``random``, ``easy``, ``medium``, ``hard``.

>>> import random
>>> from trex_core import Match, observe
>>> from trex_core.bots import get_bot
>>> m = Match.new(seed=3)
>>> bot = get_bot("medium")
>>> move = bot.choose(observe(m, m.to_move), random.Random(0))
>>> move in m.legal_moves()
True

Every bot has ``choose(obs, rng) -> Move``: it sees one seat's observation only and draws
randomness from ``rng`` only.  ``get_bot("hard", samples=40)`` fixes the hard level's work
per decision (reproducible: tests and the arena use it); ``get_bot("hard", budget=0.1)``
bounds it by time instead.  Options ``choice="random"`` and ``doubling="never"`` replace the
king's choice or the doubling policy (for the arena's comparisons).
"""

from __future__ import annotations

import random
from typing import Any

from ..observation import Observation
from .players import Bot, EasyBot, Medium1Bot, MediumBot, RandomBot
from .search import HardBot, SeerBot

LEVELS = ("random", "easy", "medium", "hard")
"""The levels a player may meet (the page offers these)."""
ARENA_LEVELS = (*LEVELS, "medium-1", "seer", "hard-r")
"""Also three measuring instruments: ``medium-1``, the medium of issues 11-28 frozen as the
yardstick every figure is measured against; the all-seeing ``seer``, the hard
search shown every hand (the arena shows it them; anywhere else it refuses to play); and
``hard-r``, hard whose playouts search its own later turns (:mod:`.recursive`: the ceiling of
a better own-move policy, tens of times slower; imported only when asked for)."""

_CLASSES: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "medium-1": Medium1Bot,
    "hard": HardBot,
    "seer": SeerBot,
}


def get_bot(name: str, **options: Any) -> Bot:
    """The bot of a level.  ``name`` may carry options after a colon, as the arena's
    command line writes them: ``"hard:samples=24"``, ``"medium:choice=random"``."""
    level, _, rest = name.partition(":")
    for item in filter(None, rest.split(",")):
        k, _, v = item.partition("=")
        options[k.strip()] = _value(v.strip())
    level = level.strip().lower()
    if level == "hard-r":
        from .recursive import RecursiveBot  # (not on the page's import path)

        return RecursiveBot(**options)
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown bot {level!r}; levels are {', '.join(ARENA_LEVELS)}") from None
    kwargs: dict[str, Any] = {}
    if "choice" in options:
        kwargs["choice_policy"] = options.pop("choice")
    if "doubling" in options:
        kwargs["doubling_policy"] = options.pop("doubling")
    if issubclass(cls, HardBot):
        kwargs.update(options)
    elif options:
        raise ValueError(f"unknown option(s) for {level}: {', '.join(options)}")
    return cls(**kwargs)


def choose_from_dict(data: dict[str, Any], bot: str = "medium", seed: int | str = 0) -> str:
    """A bot's move text from an observation's plain data alone (``Observation.to_dict()``,
    after JSON if need be) and a seed for its generator: what a worker or another process
    needs to ask a bot, with no live match.  ``bot`` is a level with options, as
    :func:`get_bot` reads it.  The same data and seed give the same move."""
    return str(get_bot(bot).choose(Observation.from_dict(data), random.Random(seed)))


def _value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


__all__ = [
    "ARENA_LEVELS", "LEVELS", "Bot", "EasyBot", "HardBot", "Medium1Bot", "MediumBot", "RandomBot",
    "SeerBot",
    "choose_from_dict", "get_bot",
]
