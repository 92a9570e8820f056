"""The question before the player's match ends.

Every way of replacing a match a person has played asks first (a match only the bots have
moved, while a new host reads the tour or sets the seats, is nobody's yet), and keeping the match is the
answer that has the focus (so Enter and Escape keep it): the toolbar's New game (the
``confirm`` dialog), a ``?seed=`` link (``confirm-seed``), an unfinished record played on
(``record-continue``), and here the Settings' "Start a new game with these rules", which sits
beside Close in the dialog people open to change the language or the sound.

A damaged save is not lost either: the player plays on from its last move that fits, the
dialog's default (pipeline.py keeps that match aside; overlays.corrupt_save offers it).

A finished match is not a dead end either: its result closes, and the
table then offers the result again, the last deal and a new match in the felt's centre
(:func:`over_prompt`), with the toolbar working: the score sheet, the rules, Settings and
the statistics are a tap away.

The page's game (modes.Game) hands its actions here. The rules chosen are kept from the
form (settingsform.py) while the question is on screen, so "keep my match" goes back to
Settings as the player left it.
"""
from __future__ import annotations

from html import escape
from typing import Any, Protocol

from trex_core import Match, Rules

from ..i18n.strings import t
from ..players.seats import Seats, decided

ACTIONS = ("apply-rules", "rules-now", "rules-keep", "save-continue", "save-default", "new-game", "last-deal")
"""Settings' new game with these rules; the question's yes and its no (Escape too); a
damaged save played on from its last move that fits, and the damaged save's Escape; the
toolbar's New game (asked about only while a match is in progress); a finished match's
last deal shown again."""


class EndingHost(Protocol):
    """What the question needs of its table."""

    ui: dict[str, Any]
    settings: dict[str, Any]

    @property
    def seats(self) -> Seats: ...

    @property
    def match(self) -> Match: ...
    def keep_form(self) -> dict[str, Any]: ...
    def save_settings(self) -> None: ...
    def new_game(self, seed: int | str | None = None) -> None: ...
    def open_dialog(self, kind: str) -> None: ...
    def play_on(self, match: Match) -> None: ...
    def render(self, spread: bool = False) -> None: ...


def in_progress(host: EndingHost) -> bool:
    """Whether replacing the match ends one a person has played: not over, and a person at
    this table (on this device or a friend by link) has made a decision in it. The bots play
    while a new host reads the tour or sets the seats; a match of only their moves ends
    with no question."""
    m = host.match
    if m.is_over:
        return False
    seats = host.seats
    people = [s for s in range(4) if seats.person(s) or s in seats.links]
    return decided(m, people)


def do(host: EndingHost, action: str) -> None:
    if action == "apply-rules":
        host.keep_form()  # the choices, read before the form leaves the page
        if in_progress(host):
            host.ui["overlay"] = "confirm-rules"
            host.render()
        else:
            start_with_rules(host)
    elif action == "rules-now":
        start_with_rules(host)
    elif action == "rules-keep":  # back to Settings as the player left them
        host.ui["overlay"] = "settings"
        host.render()
    elif action == "new-game":  # the toolbar's: a finished match ends with no question
        if in_progress(host):
            host.open_dialog("confirm")
        else:
            host.new_game()
    elif action == "last-deal":  # a finished match: its last deal's summary (and its review)
        host.open_dialog("summary")
    elif action in ("save-continue", "save-default"):
        # a damaged save: on from its last move that fits, the dialog's
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
    host.settings["seats"] = list(form.get("seats") or host.settings["seats"])
    host.save_settings()
    host.new_game()


def over_prompt(idp: str = "") -> str:
    """What a finished match offers once its result is closed: the result again, the last
    deal (its summary, and from there its review), a new match. A prompt like the game's
    (focus.py puts the focus on its first choice; arrows move along it)."""
    title = f"{idp}over-title"
    choices = (("result", "btn.see_result", ""), ("last-deal", "over.last_deal", ""),
               ("new-game-now", "result.new_match", ' class="primary"'))
    buttons = "".join(f'<button type="button"{cls} data-action="{action}" data-key="over-{action}" '
                      f'data-nav="prompt">{escape(t(key))}</button>' for action, key, cls in choices)
    return (f'<div class="prompt" role="group" aria-labelledby="{title}" data-prompt="over" data-key="prompt-over">'
            f'<h2 id="{title}">{escape(t("result.title"))}</h2><div class="choices">{buttons}</div></div>')


def with_over_prompt(centre: str, idp: str = "") -> str:
    """The felt's centre (view.py's part) with :func:`over_prompt` at its end."""
    end = centre.rindex("</")
    return centre[:end] + over_prompt(idp) + centre[end:]
