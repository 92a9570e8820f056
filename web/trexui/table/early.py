"""The table's side of web/early.js: the table painted before Python.

Before Python starts, early.js paints either an opening (a first visit: one of the seeded
first decisions build.py rendered with opening.py) or, on a later visit, the table as this
page kept it when it was last hidden (:func:`keep_view`), and it takes the player's taps.
When the table starts (app.start_table) it takes them over in one task: :func:`taps` ends
early.js's part, the table restores its match (an opening's: its seed), and :func:`replay`
makes the opening's moves and replays every tap through the controls, as the clicks they
were, then the bots' moves the table showed after it (the ones opening.py played at build
time, to the player's next decision: an answer to a contract, or a card's branch), with
nothing rendered until the end; the first render then finds the DOM as it is and changes
nothing but what the taps changed (the focus stays).

Nothing here decides a move: the engine checks every one, the controls say why a tap is
refused. A tap on a table that does not fit the match Python restored (another tab saved
since, a save that cannot be read) is dropped, and the table shows the match as it is.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from pyscript import window

from ..aids.aidpanel import AidPanel
from ..aids.api import TableApi
from ..page.dom import js, storage_get, storage_set
from ..players.seats import Seats
from ..view import board
from . import store, tablestate
from .game import ModeHost
from .render import Renderer

VIEW_KEY = "trex.view"  # the table as it was last seen: {"head", "lang", "look", "whole"}
HEAD = 120  # a save's first characters: its format and its stamp (store.stamp_of), unique per write


class Saves(Protocol):
    """What the take-over reads of the table's saves (pipeline.py's MovePipeline)."""

    stamp: store.Stamp | None
    seats: Seats


class EarlyHost(TableApi, ModeHost, Protocol):
    """What the take-over needs of the page's game."""

    root: Any
    lang: str
    renderer: Renderer
    aids: AidPanel

    @property
    def pipeline(self) -> Saves: ...
    @property
    def level(self) -> str: ...
    def parts(self, ui: dict[str, Any] | None = None) -> list[tuple[str, str]]: ...


def taps(host: EarlyHost) -> dict[str, Any] | None:
    """What early.js showed and the taps made on it; None when it showed nothing, or the
    table it showed is not the match this page restores. From now on, taps are the table's."""
    early = getattr(window, "trexEarly", None) if host.main else None
    text = js(early.take()) if early is not None else None
    if not text:
        return None
    data: dict[str, Any] = json.loads(text)
    saved = storage_get(store.SAVE_KEY)
    if "saved" in data:  # the table kept at the last visit: only for the save it was kept with
        return data if saved is not None and saved.startswith(data["saved"]) else None
    return data if saved is None else None  # an opening: a first visit (another tab may have saved)


def replay(host: EarlyHost, data: dict[str, Any], tap: Callable[[str], None]) -> None:
    """Make an opening's moves and replay the taps through the controls (``tap``: controls.tap
    on this table, handed in by app.py); render nothing until the end. Should the opening not fit the match (another build's), the table plays
    on from where it fits."""
    m = host.match
    if "seed" in data and (m.history or str(host.seed) != str(data["seed"]) or data["lang"] != host.lang
                           or data["level"] != host.level):
        return
    if "seed" in data and data["rules"] != m.rules.to_dict():  # settings written since (another tab)
        return
    if "saved" in data and data["lang"] != host.lang:
        return
    # queens ticked on the doubling prompt but not sent: the prompt keeps them if still asked
    ticked = [str(b.value) for b in host.root.querySelectorAll("input[name=dbl]:checked")]

    def follow(moves: list[str]) -> None:
        done = [str(x) for x in m.history]
        if moves[:len(done)] != done:
            raise ValueError(f"the opening's moves {moves} do not follow {done}")
        for text in moves[len(done):]:
            host.apply(text)

    with host.renderer.paused():
        try:
            if "moves" in data:  # an opening's: the bots' moves before the player's first decision
                follow(data["moves"])
            for name, moves in data["path"]:
                tap(name)
                if moves:
                    follow(moves)
        except Exception as exc:  # a mismatch: the table shows the match as it is
            window.console.warn(f"Trex: the early table's taps stop at {type(exc).__name__}: {exc}")
        if ticked and m.phase == "announce" and m.to_move == 0 and not data["path"]:
            host.ui["dbl"] = ticked


def keep_view(host: EarlyHost) -> None:
    """The table as its save restores it, kept beside that save (its first characters) for
    the next visit's first paint (early.js). Written when the page is hidden, not at every
    move (tens of KB); only for the save this tab wrote or restored last (not when another
    tab has saved since, nor when the browser refused the save), and as the table will be
    once restored: no dialog but a summary or the result, no raised card, no hint."""
    saved = storage_get(store.SAVE_KEY)
    ui = host.ui
    if (not saved or store.stamp_of(saved) != host.pipeline.stamp or ui.get("stale") or ui.get("unsaved")
            or host.aids.hint is not None or host.pipeline.seats.shared):
        return  # (people sharing the device: no hand is kept on show for the next visit)
    m = host.match
    restored = tablestate.restored(m)  # as pipeline.restore rebuilds it
    tablestate.refreshed(restored, m, host.obs)
    look = "four-colour" if host.settings.get("four_colour") else ""
    storage_set(VIEW_KEY, json.dumps({"head": saved[:HEAD], "lang": host.lang, "look": look,
                                      "whole": board.whole(host.parts(restored))}, ensure_ascii=False))
