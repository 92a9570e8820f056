"""The page's game, the base of every way a table is used (modes.py adds an embedded table's
four): what it asks of its table (:class:`ModeHost`) and how it answers the table's
questions (:class:`Game`). The table's parts (controls, pipeline) know a table's mode by
this base alone; only app.py, which builds a table, knows modes.py.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from trex_core import Match, Move

from ..embed.params import Embed
from ..view import board, dialogs
from . import ending

Parts = list[tuple[str, str]]


class ModeHost(ending.EndingHost, Protocol):
    """What a mode does to its table (the page's game: what its question before a new
    match needs, ending.py)."""

    ui: dict[str, Any]
    # an embedded table's first picture for author.html's snippet: start/paint.py's answer,
    # handed in by web/main.py (a room that draws tables imports the table, not back)
    painter: Callable[[Any], tuple[str, str | None, str | None]] | None

    @property
    def match(self) -> Match: ...
    def take(self, match: Match, seed: int | str) -> None:
        """Put ``match`` on the table, from its start (no save, no dialog)."""
        ...

    def apply(self, text: str, spread: bool = False) -> None: ...
    def play_move(self, text: str) -> Move: ...
    def render(self, spread: bool = False) -> None: ...
    def kick(self) -> None: ...
    def speak(self, messages: list[str]) -> None: ...
    def emit(self, kind: str, **data: Any) -> None: ...
    def forget_opener(self) -> None: ...


class Game:
    """The page's game: the base every embedded mode changes."""

    name = "game"
    embed: Embed | None = None
    still = False  # nothing moves by itself: its reader steps it or answers it (no bots)
    diagram = False  # stepped by its reader (view, replay): the cards do not move it
    last_summary = True  # the match's last deal shows its summary
    shortcuts: frozenset[str] | None = None  # the keys' actions it takes (None: all)
    actions: tuple[str, ...] = ending.ACTIONS  # the buttons of its own (bar.py's bar)
    step = 0  # a replay's step (moves shown); the start in the other modes
    judged: bool | None = None  # an exercise: whether the last answer was right
    answer_shown = False

    def awaits_reader(self) -> bool | None:
        """Whether the reader must act at seat 0's turn; None: as at the game (unless a
        forced answer, §4.2)."""
        return None

    def move(self, host: ModeHost, text: str) -> bool:
        """A move the player made on the cards or a prompt; True when the mode took it (so
        the game's own way, the engine, does not)."""
        return False

    def action(self, host: ModeHost, action: str) -> None:
        """One of :attr:`actions` (a button of the mode's bar, or a command). The page's
        game: Settings' new match, asked about first when it ends one (ending.py)."""
        ending.do(host, action)

    def command(self, host: ModeHost, kind: str, data: Any) -> str | None:
        """A command of the host page; the problem's code when it cannot be done."""
        return "no-table"

    def arrow_steps(self, key: str, rtl: bool) -> str | None:
        """The action of an arrow key outside the hand and the prompts, if any."""
        return None

    def waiting(self) -> str | None:
        """What an idle table waits for when the player has nothing to do."""
        return None

    def state(self, m: Match, ui: dict[str, Any]) -> dict[str, Any]:
        """What the mode adds to the view's state."""
        return {}

    def parts(self, obs: Any, ui: dict[str, Any]) -> Parts:
        parts = board.table_parts(obs, ui, dialogs.html)
        if obs.is_over and ui.get("overlay") is None:  # the result closed: what next (ending.py)
            idp = ui.get("idp", "")
            parts = [(name, ending.with_over_prompt(html, idp) if name == "centre" else html) for name, html in parts]
        return parts

    def seat_names(self) -> tuple[str, str, str, str] | None:
        """The seats' names, when not the game's own (You, East, North, West)."""
        return None
