"""What a table keeps beside its match: the page's state derived from the moves, and the
view's state. Pure functions, importable in CPython: the page's move pipeline and Table
call them, and so does build.py's rendering of the openings (opening.py), so a table
painted before Python is the table Python renders.
"""
from __future__ import annotations

from typing import Any, Protocol

from trex_core import DEAL_OVER, Match, Observation

from ..players.seats import turn
from ..view import faces, values
from . import store


def restored(m: Match) -> dict[str, Any]:
    """The page's state of a match restored from its save: a finished match shows its result
    (a deal-over phase shows the deal's summary by itself); nothing else is kept."""
    return {"overlay": "result" if m.is_over else None}


def refreshed(ui: dict[str, Any], m: Match, obs: Observation, viewer: int = 0) -> None:
    """The last trick the page keeps on show, after the observation of ``viewer`` (the seat
    the table is drawn from, seat 0 of ``obs``) is re-read."""
    if (last := faces.last_trick(obs)) is not None:
        ui["last_trick"] = last
    elif not obs.tricks and not obs.trick and m.results and \
            (prev := store.last_trick(m.results[-1], m.rules)):
        # nothing played yet in this deal: the previous deal's final trick stays reviewable
        ui["last_trick"] = dict(turned_trick(prev, viewer), prev=True)
    else:
        ui["last_trick"] = None
        ui["show_last"] = False


def turned_trick(trick: dict[str, Any], viewer: int) -> dict[str, Any]:
    """A trick's plain data (store.last_trick) with its seats as drawn from ``viewer``'s chair."""
    if not viewer:
        return trick
    return dict(trick, plays=[[turn(s, viewer), c] for s, c in trick["plays"]],
                winner=turn(trick["winner"], viewer), leader=turn(trick["leader"], viewer),
                doubled=[[c, turn(s, viewer)] for c, s in trick["doubled"]])


def moved(ui: dict[str, Any], tricks_before: int, obs: Observation) -> None:
    """A move was played (``obs`` is the observation after it): the prompt is answered, a
    trick that was completed stays on show."""
    ui["message"] = None
    ui["raised"] = None
    ui["dbl"] = None  # the queens ticked to double (the prompt is answered)
    if len(obs.tricks) > tricks_before:  # a trick was completed: keep it on show
        ui["held"] = ui["last_trick"]
    elif obs.trick or obs.phase != "play":
        ui["held"] = None


def overlay(ui: dict[str, Any], m: Match, handing: bool = False) -> str | None:
    """The dialog on screen: the page's own, else the hand-off while the device goes to the
    next person (``handing``, seats.py: it comes back when another dialog closes, so no hand
    shows before its person takes the device), else a finished deal's summary."""
    kind: str | None = ui.get("overlay")
    if kind is None and handing:
        kind = "handoff"
    if kind is None and m.phase == DEAL_OVER:
        kind = "summary"
    return kind


class Use(Protocol):
    """How the table is used (modes.py's ``Game`` and the lesson's modes), as the view's
    state reads it: what the mode adds."""

    def state(self, m: Match, ui: dict[str, Any]) -> dict[str, Any]: ...


def view_state(ui: dict[str, Any], m: Match, *, overlay: str | None, levels: list[str], idp: str,
               notices: list[tuple[str, str]], mode: Use, viewer: int = 0) -> dict[str, Any]:
    """The view's state (view.py reads it): the page's ``ui`` and what the match says, its
    seats as drawn from ``viewer``'s chair. The aids add theirs on the page's game (aidpanel.py)."""
    state = dict(ui)
    state["overlay"] = overlay
    state["kings"] = [turn(k, viewer) for k in m.kings]
    state["levels"] = levels
    state["values"] = values.of(m.rules)
    state["idp"] = idp
    state["notices"] = notices
    state.update(mode.state(m, ui))
    return state
