"""The game-record dialogs' part in the page: app.py's Table calls
these from its ``do()``, ``on_change()`` and ``on_key()`` hooks. records.py reads and replays
records (pure Python), recordview.py draws the dialogs; this module touches the DOM: the
download's Blob URL, the clipboard, the file input, the paste box.

Nothing here changes the match on the table or its save until the player chooses to play an
unfinished record on (``record-continue``): a record that cannot be read only fills in the
import dialog's explanation, and a replay steps through its own engine Match.
"""
from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from trex_core import Match

from ..i18n.strings import direction
from ..view import recordview
from . import records
from .api import TableApi

ACTIONS = ("records", "record-copy", "record-open", "record-continue", "record-replay", "load-newer",
           *recordview.REPLAY_ACTIONS)


def blob_url(text: str) -> str:
    opts = to_js({"type": "text/plain;charset=utf-8"}, dict_converter=window.Object.fromEntries)
    return str(window.URL.createObjectURL(window.Blob.new(to_js([text]), opts)))


def open_records(table: TableApi, problem: dict[str, Any] | None = None, paste: str = "") -> None:
    """The records dialog with the table's match ready to download or copy."""
    old = (table.ui.get("records") or {}).get("url")
    if old:
        window.URL.revokeObjectURL(old)
    text = records.export(table.match)
    table.ui["records"] = {"text": text, "name": records.file_name(table.seed, table.match),
                           "url": blob_url(text), "copied": None, "problem": problem, "paste": paste}
    if table.ui.get("overlay") in ("records", "record-continue", "replay"):
        table.ui["overlay"] = "records"
        table.render()
    else:
        # from the match's result, closing the records goes back to it (not to a bare table)
        table.ui["records_back"] = "result" if table.ui.get("overlay") == "result" else None
        table.open_dialog("records")
    error = table.region.querySelector(".rec-error") if problem else None
    if error is not None:  # the explanation in view (role=alert reads it out)
        error.scrollIntoView(to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries))


def close(table: TableApi) -> bool:
    """Close one of the record dialogs (Close, Escape): back to the result it was opened
    from, if so. False when no record dialog is open (the table closes its own)."""
    if table.ui.get("overlay") not in ("records", "record-continue", "replay"):
        return False
    table.ui["overlay"] = table.ui.pop("records_back", None)
    table.ui.pop("viewer", None)
    table.render()
    table.kick()
    return True


def do(table: TableApi, action: str) -> bool:
    """A button of the record dialogs; False when ``action`` is none of theirs."""
    if action == "close":
        return close(table)
    if action not in ACTIONS:
        return False
    ui = table.ui
    if action == "records":
        open_records(table)
    elif action == "record-copy":
        asyncio.ensure_future(copy(table))
    elif action == "record-open":
        box = table.region.querySelector(".rec-paste")
        open_text(table, str(box.value) if box is not None else "", pasted=True)
    elif action == "record-continue":
        play_on(table)
    elif action == "record-replay":
        recorded = ui.get("record_match")
        if isinstance(recorded, Match):
            show_replay(table, recorded)
    elif action == "load-newer":
        table.load_saved()
    else:
        viewer = ui.get("viewer")
        if isinstance(viewer, records.Viewer):
            viewer.action(recordview.REPLAY_ACTIONS[action])
            ui["replay_state"] = viewer.state()
            table.render()
            active = document.activeElement
            if active is not None and bool(getattr(active, "disabled", False)):
                # the button pressed has turned off at an end: the step that is left (its keys work)
                table.focus(table.region.querySelector(".overlay [data-autofocus]"), scroll=False)
    return True


async def copy(table: TableApi) -> None:
    box = table.region.querySelector(".rec-text")
    data = table.ui.get("records")
    if box is None or not data:
        return
    box.select()
    try:
        await window.navigator.clipboard.writeText(data["text"])
        data["copied"] = True
    except Exception:  # no clipboard here (refused, or an insecure origin): the text stays selected
        data["copied"] = False
    if table.ui.get("overlay") == "records":
        table.render()


def on_change(table: TableApi, el: Any) -> bool:
    """The file input: read the chosen file (as text) and open it."""
    if str(el.getAttribute("data-change")) != "record-file":
        return False
    files = el.files
    if files is not None and files.length:
        asyncio.ensure_future(read_file(table, files.item(0)))
    return True


async def read_file(table: TableApi, file: Any) -> None:
    if int(file.size) > 4 * records.MAX_CHARS:
        open_records(table, problem={"code": "too-long"})
        return
    text = str(await file.text())
    open_text(table, text, pasted=False)


def open_text(table: TableApi, text: str, pasted: bool) -> None:
    """A record from a file or the paste box: a finished one opens in the viewer, an unfinished
    one asks before it replaces the match, a bad one is explained and nothing else changes."""
    found = records.parse(text)
    if isinstance(found, records.Problem):
        problem = {"code": found.code, "line": found.line, "problem": found.problem}
        open_records(table, problem=problem, paste=text if pasted else "")
        return
    if found.is_over:
        show_replay(table, found)
        return
    again = records.continuation(found)
    summary = records.summary(found)
    summary["why"] = again if isinstance(again, str) else None
    table.ui["record_match"] = found
    table.ui["record_next"] = again if isinstance(again, Match) else None
    table.ui["record_summary"] = summary
    m = table.match
    table.ui["in_progress"] = not m.is_over and len(m.history) > 0
    table.ui["overlay"] = "record-continue"
    table.render()


def show_replay(table: TableApi, recorded: Match) -> None:
    viewer = records.Viewer(recorded)
    table.ui["viewer"] = viewer
    table.ui["replay_state"] = viewer.state()
    table.ui["overlay"] = "replay"
    table.render()


def play_on(table: TableApi) -> None:
    """The unfinished record becomes the table's match (the player chose it): saved at once."""
    m = table.ui.get("record_next")
    if not isinstance(m, Match):
        return
    table.play_on(m)


def on_key(table: TableApi, event: Any) -> bool:
    """The replay viewer's keys: arrows step back and on in the reading direction (a trick
    with Shift), Page Up and Page Down a deal, Home and End go to the ends (Escape closes a
    record dialog as any other: dialogs.py)."""
    key = event.key
    if table.ui.get("overlay") != "replay" or key not in ("ArrowLeft", "ArrowRight", "Home", "End",
                                                          "PageUp", "PageDown"):
        return False
    forward = (key == "ArrowRight") != (direction() == "rtl")
    action = {"Home": "replay-first", "End": "replay-last", "PageUp": "replay-deal-back",
              "PageDown": "replay-deal-forward"}.get(key)
    if action is None and bool(event.shiftKey):
        action = "replay-trick-forward" if forward else "replay-trick-back"
    do(table, action or ("replay-forward" if forward else "replay-back"))
    event.preventDefault()
    return True
