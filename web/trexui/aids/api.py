"""What a table offers the modules that help it: the aids panel, the record dialogs and the
rules screen with the tour (aidpanel.py, recordui.py, guide.py).

app.py's ``Table`` is built from small parts (focus.py, render.py, botdriver.py,
pipeline.py, modes.py, dialogs.py, settingsform.py) and is the one object that satisfies
:class:`TableApi`; a helper module names this protocol, never the class, so it imports
nothing of app.py and can be tested with any object that has these members.
"""
from __future__ import annotations

from typing import Any, Protocol

from trex_core import Match, Observation

from ..embed.params import Embed
from ..players.seats import Seats


class Use(Protocol):
    """How the table is used (table/modes.py's ``Game`` and the lesson's modes): the helpers
    read only whether it is a lesson's table, so they import nothing of the table."""

    @property
    def embed(self) -> Embed | None: ...


class TableApi(Protocol):
    ui: dict[str, Any]
    """The page's own state of this table (view.py reads it): the dialog, a message, ..."""
    settings: dict[str, Any]
    """The player's settings (store.py), the page's game's saved ones."""
    main: bool
    """The page's game (index.html): it saves, it has aids, statistics and a tour."""
    idp: str
    """The prefix of the view's ids on this table."""
    autoplay: bool
    """The benchmark's table that plays itself (?autoplay=1)."""

    @property
    def match(self) -> Match: ...
    @property
    def seed(self) -> int | str: ...
    @property
    def obs(self) -> Observation:
        """The observation of the seat the table is drawn from (seat 0's, or in pass-and-play
        the person's holding the device), turned so that it is seat 0, as of the last move."""
        ...

    @property
    def seats(self) -> Seats:
        """Who plays each seat, and whose chair the table is drawn from (seats.py)."""
        ...

    @property
    def overlay(self) -> str | None:
        """The dialog on screen (dialogs.py's kind), or None."""
        ...

    @property
    def mode(self) -> Use: ...
    @property
    def region(self) -> Any:
        """The rendered view's element."""
        ...

    def render(self, spread: bool = False) -> None: ...
    def kick(self) -> None:
        """Let the bots go on if it is theirs to move."""
        ...

    def save(self, force: bool = False) -> None: ...
    def refresh(self) -> None:
        """Re-read the observation after the match changed outside a move (an undo)."""
        ...

    def speak(self, messages: list[str]) -> None: ...
    def forget_news(self) -> None:
        """Announce nothing of how the table changed since the last render (an undo)."""
        ...

    def open_dialog(self, kind: str) -> None: ...
    def forget_opener(self) -> None: ...
    def focus(self, el: Any, scroll: bool = True) -> None: ...
    def human_must_act(self) -> bool: ...
    def stop_bots(self) -> None: ...
    def play_on(self, match: Match) -> None:
        """``match`` replaces the table's match, saved at once (a record played on)."""
        ...

    def load_saved(self) -> None:
        """The saved match (another tab's newer one) replaces the table's."""
        ...

    def keep_form(self) -> dict[str, Any]:
        """The settings dialog's choices, applied or not (settingsform.py)."""
        ...

    def save_settings(self) -> None: ...
    def report_bug(self, exc: BaseException) -> None: ...
