"""The question before the player's match ends (issue 28 item 1).

Every way of replacing the match in progress asks first, and keeping the match is the
answer that has the focus (so Enter and Escape keep it): the toolbar's New game (the
``confirm`` dialog), a ``?seed=`` link (``confirm-seed``), an unfinished record played on
(``record-continue``), and here the Settings' "Start a new game with these rules", which sits
beside Close in the dialog people open to change the language or the sound.

A damaged save is not lost either: the player plays on from its last move that fits, the
dialog's default (pipeline.py keeps that match aside; overlays.corrupt_save offers it).

The page's game (modes.Game) hands its actions here. The rules chosen are kept from the
form (settingsform.py) while the question is on screen, so "keep my match" goes back to
Settings as the player left it.
"""
from __future__ import annotations

from typing import Any, Protocol

from trex_core import Match, Rules

ACTIONS = ("apply-rules", "rules-now", "rules-keep", "save-continue", "save-default")
"""Settings' new game with these rules; the question's yes and its no (Escape too); a
damaged save played on from its last move that fits, and the damaged save's Escape."""


class EndingHost(Protocol):
    """What the question needs of its table."""

    ui: dict[str, Any]
    settings: dict[str, Any]

    @property
    def match(self) -> Match: ...
    def keep_form(self) -> dict[str, Any]: ...
    def save_settings(self) -> None: ...
    def new_game(self, seed: int | str | None = None) -> None: ...
    def play_on(self, match: Match) -> None: ...
    def render(self, spread: bool = False) -> None: ...


def in_progress(m: Match) -> bool:
    """Whether replacing ``m`` loses something: a match begun and not over."""
    return not m.is_over and len(m.history) > 0


def do(host: EndingHost, action: str) -> None:
    if action == "apply-rules":
        host.keep_form()  # the choices, read before the form leaves the page
        if in_progress(host.match):
            host.ui["overlay"] = "confirm-rules"
            host.render()
        else:
            start_with_rules(host)
    elif action == "rules-now":
        start_with_rules(host)
    elif action == "rules-keep":  # back to Settings as the player left them
        host.ui["overlay"] = "settings"
        host.render()
    elif action in ("save-continue", "save-default"):
        # a damaged save (issue 28 item 5): on from its last move that fits, the dialog's
        # default; with none that fits, Escape takes the only way on, a new game
        salvage = host.ui.get("corrupt_salvage")
        if isinstance(salvage, Match):
            host.play_on(salvage)
        elif action == "save-default":
            host.new_game()


def start_with_rules(host: EndingHost) -> None:
    """A new match by the rules kept from the form (the play settings applied already,
    at their change: settingsform.PLAY, LOOKS)."""
    form = host.ui["form"]
    host.settings["rules"] = Rules.from_dict(form["rules"]).to_dict()
    host.settings["preset"] = form["preset"]
    host.save_settings()
    host.new_game()
