"""Every dialog a table can show, in one registry: how it renders and how it closes.

A dialog is an overlay kind (the page's state ``ui["overlay"]``). Its entry says what HTML it
is (overlays.py, rulesview.py, recordview.py, the aids' dialogs), which action closes it by
Escape (its Close button sends the same action; a dialog with no close action is the game's
own: a deal's summary, which ends with its button) and whether
a button named after it opens it. Nothing else lists the kinds: the view asks :func:`html`,
the keys :func:`closer`, the controls :func:`opens`.

A new dialog is one entry here and its words in the catalogues, plus the button that offers
it (``data-action="<kind>"``): *About*, opened from Help, was added that way.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

from trex_core import Match, Observation, __version__

from ..i18n.strings import iso, t
from . import faces, overlays, recordview, rulesview
from .frame import overlay

UI = dict[str, Any]
Render = Callable[[Observation, UI, str], str]  # (the observation, the page's state, the id prefix) -> HTML


LATE: dict[str, Render] = {}
"""Dialogs whose HTML is drawn by code the page fetches later: the friends' (friends/linkview.py,
the link's zip, imported once a table has a link seat or the page is a friend's). That code
hands its renderings in with :func:`provide`; the view never imports it."""


def provide(kind: str, render: Render) -> None:
    """``render`` draws the dialog ``kind`` from now on (a later-fetched room's)."""
    LATE[kind] = render


def _late(kind: str) -> Render:
    def render(obs: Observation, ui: UI, idp: str) -> str:
        late = LATE.get(kind)
        return late(obs, ui, idp) if late else ""
    return render


@dataclass(frozen=True)
class Dialog:
    kind: str
    render: Render
    close: str | None = "close"
    """The action that closes it (Escape, its Close button); None: the game's own dialog."""
    opens: bool = False
    """A button whose action is the kind opens it (``data-action="about"``)."""


def _teams(ui: UI) -> list[list[int]]:
    teams: list[list[int]] = ui["values"]["teams"]
    return teams


def _aid(kind: str) -> Render:
    """A dialog the aids panel builds (aidpanel.py puts its parts in ``ui["aid_dialog"]``)."""
    def render(obs: Observation, ui: UI, idp: str) -> str:
        if not ui.get("aid_dialog"):
            return ""
        title, body, buttons = ui["aid_dialog"]
        return overlay(kind, title, body, buttons, idp)
    return render


def _guide(kind: str) -> Render:
    def render(obs: Observation, ui: UI, idp: str) -> str:
        return overlay(kind, *rulesview.dialog(kind, ui), idp)
    return render


def _summary(obs: Observation, ui: UI, idp: str) -> str:
    if not faces.finished(obs):
        return ""
    return overlays.deal_summary(obs, idp, ui.get("summary_buttons", ""), ui.get("summary_aids", ""),
                             ui.get("summary_more", ""))


def _about(obs: Observation, ui: UI, idp: str) -> str:
    """What this game is: its version, and that it runs in the browser alone."""
    body = (f'<p>{escape(t("about.version", version=iso(__version__)))}</p>'
            f'<p>{escape(t("about.private"))}</p>')
    close = f'<button type="button" class="primary" data-action="close" data-autofocus>{escape(t("btn.close"))}</button>'
    return overlay("about", t("about.title"), body, close, idp)


def _handoff(obs: Observation, ui: UI, idp: str) -> str:
    """Pass-and-play (seats.py): who is next, and no hand (the table behind it is drawn from
    their chair with none). Only its button closes it: Escape cannot show a hand."""
    name = faces.seat_name(0)  # the chair the table is drawn from: the person named
    body = f'<p>{escape(t("handoff.body", name=name))}</p>'
    button = (f'<button type="button" class="primary" data-action="take-device" data-autofocus>'
              f'{escape(t("handoff.take", name=name))}</button>')
    return overlay("handoff", t("handoff.title", name=name), body, button, idp)


def good_moves(ui: UI) -> int:
    """The moves of a damaged save that fit, which the player may play on from (pipeline.py)."""
    salvage = ui.get("corrupt_salvage")
    return len(salvage.history) if isinstance(salvage, Match) else 0


DIALOGS: dict[str, Dialog] = {d.kind: d for d in (
    Dialog("summary", _summary, close=None),
    Dialog("result", lambda obs, ui, idp: overlays.final_result(obs, ui["kings"], _teams(ui), idp),
           opens=True),  # closed, the table offers it again (ending.py)
    Dialog("corrupt", lambda obs, ui, idp: overlays.corrupt_save(
        ui.get("corrupt_why") or {}, idp, good_moves(ui), ui.get("corrupt_text", "")), close="save-default"),
    Dialog("settings", lambda obs, ui, idp: overlays.settings_overlay(ui["form"], ui["levels"], _teams(ui), idp,
                                                                     ui.get("quick_bytes"))),
    Dialog("sheet", lambda obs, ui, idp: overlays.sheet_overlay(obs, ui["kings"], _teams(ui), idp)),
    Dialog("confirm", lambda obs, ui, idp: overlays.confirm_new_game(idp)),
    Dialog("confirm-rules", lambda obs, ui, idp: overlays.confirm_rules(idp), close="rules-keep"),
    Dialog("confirm-seed", lambda obs, ui, idp: overlays.confirm_seed(ui.get("seed", ""), idp)),
    Dialog("help", lambda obs, ui, idp: overlays.help_overlay(idp), opens=True),
    Dialog("about", _about, opens=True),  # from Help
    Dialog("share", lambda obs, ui, idp: overlays.share_overlay(ui.get("share") or {}, ui.get("share_copied"), idp)),
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
    Dialog("handoff", _handoff, close=None),
    Dialog("link", _late("link"), opens=True),  # the host's invitations (friends/linkview.py)
    Dialog("join", _late("join"), close=None),  # the guest's reply (friends/linkview.py)
)}


def html(kind: str | None, obs: Observation, ui: UI) -> str:
    """The dialog ``kind`` as HTML ("" for none)."""
    dialog = DIALOGS.get(kind or "")
    return dialog.render(obs, ui, ui.get("idp", "")) if dialog else ""


def opens(action: str) -> bool:
    """Whether ``action`` is a dialog's kind that a button opens."""
    dialog = DIALOGS.get(action)
    return dialog is not None and dialog.opens


def closer(kind: str | None) -> str | None:
    """The action that closes the dialog ``kind`` (Escape), or None when it cannot be closed."""
    dialog = DIALOGS.get(kind or "")
    return dialog.close if dialog else None
