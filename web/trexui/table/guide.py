"""The rules screen's and the first-visit tour's part of a table's controller (app.Table).

app.py only hooks these in: a button's action (:func:`do`), Escape (:func:`escape`) and the
table's start (:func:`first_visit`). The dialogs themselves are rulesview.py's.

* ``rules`` (a top-bar button, the help dialog, the R key) explains the rules of the match on
  the table; ``rules-form`` (Settings) the rules chosen in the form, not yet applied, and
  its Close goes back to Settings with the form as it was.
* The tour shows once, on the main table only (never on an embedded one), at the start of a
  first visit: until it is closed (Skip, Play, Escape) and ``tour_seen`` is in the settings.
  ``?tour=0`` in the address skips it, and so does ``window.trexNoTour = true`` set before
  the page starts (the browser tests set it on every page but the tour's own); a table
  that plays itself (``?autoplay=1``, the benchmark) never shows it. Help reopens it.
"""
from __future__ import annotations

from trex_core import Rules

from ..aids.api import TableApi
from ..view import rulesview

ACTIONS = ("rules", "rules-form", "close-rules", "tour", "tour-next", "tour-back", "tour-done", "tour-rules")


def do(table: TableApi, action: str) -> bool:
    """Handle ``action`` if it is one of :data:`ACTIONS`; False if it is not."""
    if action not in ACTIONS:
        return False
    ui = table.ui
    if action in ("rules", "tour-rules"):
        if action == "tour-rules":
            seen(table)
        ui.update(rules_of=table.match.rules.to_dict(), rules_pending=False)
        ui.pop("rules_back", None)
        table.open_dialog("rules")
    elif action == "rules-form":
        form = table.keep_form()  # the dialog's unapplied choices, for the way back
        rules = Rules.from_dict(form["rules"])
        ui.update(rules_of=rules.to_dict(), rules_pending=rules != table.match.rules, rules_back="settings")
        table.open_dialog("rules")
    elif action == "close-rules":
        ui["overlay"] = ui.pop("rules_back", None)
        table.render()
        if ui["overlay"] is None:
            table.kick()
    elif action == "tour":
        ui["tour_step"] = 0
        table.open_dialog("tour")
    elif action in ("tour-next", "tour-back"):
        step = int(ui.get("tour_step") or 0) + (1 if action == "tour-next" else -1)
        ui["tour_step"] = max(0, min(step, rulesview.TOUR_STEPS - 1))
        table.render()
    elif action == "tour-done":
        seen(table)
        ui["overlay"] = None
        table.render()
        table.kick()
    return True


def seen(table: TableApi) -> None:
    """The tour has been shown: remember it (the main table's settings)."""
    if not table.settings.get("tour_seen"):
        table.settings["tour_seen"] = True
        table.save_settings()


def first_visit(table: TableApi, wanted: bool) -> None:
    """At the start: the tour over the table if this is the main table's first visit
    (``wanted``: the address and the page allow it) and nothing else is on screen."""
    if table.main and table.mode.embed is None and wanted and not table.autoplay \
            and not table.settings.get("tour_seen") and table.ui.get("overlay") is None:
        table.ui["overlay"] = "tour"
        table.ui["tour_step"] = 0
