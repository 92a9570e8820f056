"""Every dialog a table can show, in one registry: how it renders and how it closes.

A dialog is an overlay kind (the page's state ``ui["overlay"]``). Its entry says what HTML it
is (the view's pieces: view.py, rulesview.py, recordview.py, the aids' dialogs) and which
action closes it by Escape (its Close button sends the same action); a dialog with no close
action is the game's own (a deal's summary, the result, a damaged save) and ends with its
button. Nothing else lists the kinds: the view asks :func:`html`, the keys :func:`closer`.

A new dialog is one entry here (and its words in the catalogues); a button or a key that
opens it names its kind (``Table.open_dialog``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import recordview, rulesview, view

UI = dict[str, Any]
Render = Callable[[Any, UI, str], str]  # (the observation, the page's state, the id prefix) -> HTML


@dataclass(frozen=True)
class Dialog:
    kind: str
    render: Render
    close: str | None = "close"
    """The action that closes it (Escape, its Close button); None: the game's own dialog."""


def _teams(ui: UI) -> list[list[int]]:
    teams: list[list[int]] = ui["values"]["teams"]
    return teams


def _aid(kind: str) -> Render:
    """A dialog the aids panel builds (aidpanel.py puts its parts in ``ui["aid_dialog"]``)."""
    def render(obs: Any, ui: UI, idp: str) -> str:
        if not ui.get("aid_dialog"):
            return ""
        title, body, buttons = ui["aid_dialog"]
        return view.overlay(kind, title, body, buttons, idp)
    return render


def _guide(kind: str) -> Render:
    def render(obs: Any, ui: UI, idp: str) -> str:
        return view.overlay(kind, *rulesview.dialog(kind, ui), idp)
    return render


def _summary(obs: Any, ui: UI, idp: str) -> str:
    if not view.finished(obs):
        return ""
    return view.deal_summary(obs, idp, ui.get("summary_buttons", ""), ui.get("summary_aids", ""),
                             ui.get("summary_more", ""))


DIALOGS: dict[str, Dialog] = {d.kind: d for d in (
    Dialog("summary", _summary, close=None),
    Dialog("result", lambda obs, ui, idp: view.final_result(obs, ui["kings"], _teams(ui), idp), close=None),
    Dialog("corrupt", lambda obs, ui, idp: view.corrupt_save(ui.get("corrupt_why") or {}, idp), close=None),
    Dialog("settings", lambda obs, ui, idp: view.settings_overlay(ui["form"], ui["levels"], _teams(ui), idp)),
    Dialog("sheet", lambda obs, ui, idp: view.sheet_overlay(obs, ui["kings"], _teams(ui), idp)),
    Dialog("confirm", lambda obs, ui, idp: view.confirm_new_game(idp)),
    Dialog("confirm-seed", lambda obs, ui, idp: view.confirm_seed(ui.get("seed", ""), idp)),
    Dialog("help", lambda obs, ui, idp: view.help_overlay(idp)),
    Dialog("share", lambda obs, ui, idp: view.share_overlay(ui.get("share") or {}, ui.get("share_copied"), idp)),
    Dialog("rules", _guide("rules"), close="close-rules"),  # back to Settings when opened from there
    Dialog("tour", _guide("tour"), close="tour-done"),
    Dialog("review", _aid("review"), close="review-close"),
    Dialog("stats", _aid("stats")),
    Dialog("stats-reset", _aid("stats-reset")),
    Dialog("records", lambda obs, ui, idp: recordview.records_dialog(ui.get("records") or {}, idp)),
    Dialog("record-continue", lambda obs, ui, idp: recordview.continue_dialog(
        ui.get("record_summary") or {}, bool(ui.get("in_progress")), idp)),
    Dialog("replay", lambda obs, ui, idp: recordview.replay_dialog(ui["replay_state"], idp)),
    Dialog("stale", lambda obs, ui, idp: recordview.stale_dialog(idp)),
)}


def html(kind: str | None, obs: Any, ui: UI) -> str:
    """The dialog ``kind`` as HTML ("" for none)."""
    dialog = DIALOGS.get(kind or "")
    return dialog.render(obs, ui, ui.get("idp", "")) if dialog else ""


def closer(kind: str | None) -> str | None:
    """The action that closes the dialog ``kind`` (Escape), or None when it cannot be closed."""
    dialog = DIALOGS.get(kind or "")
    return dialog.close if dialog else None
