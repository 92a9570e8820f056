"""An embedded table and the page that embeds it (docs/EMBED.md): the events it tells the
host page (``trex`` events on its element; in a frame, messages to the parent page), and
which of the host page's commands it listens to.
"""
from __future__ import annotations

from typing import Any

from js import Object
from pyodide.ffi import to_js
from pyscript import window

from ..page.dom import js, same
from .params import Embed, EmbedError


class HostPage:
    def __init__(self, root: Any, embed: Embed | None, *, speaks: bool, frame: bool,
                 error: EmbedError | None = None) -> None:
        self.root = root
        self.embed = embed
        # whom the messages name and whom they go to: the table's id= and origin=, read
        # even when another parameter is wrong (``error``)
        found = embed or error
        self.id = found.id if found else ""
        self.origin = found.origin if found else ""
        self.speaks = speaks  # an embedded table (or its error): the page's game tells nobody
        self.frame = frame  # the frame's one table: it posts to the parent page too

    def emit(self, kind: str, **data: Any) -> None:
        """Tell the host page: a ``trex`` event on the table's element and, in a frame, a
        message to the parent page (to ``origin=`` only, when given)."""
        if not self.speaks:
            return
        msg = {"source": "trex", "type": kind, "id": self.id, **data}
        detail = to_js(msg, dict_converter=Object.fromEntries)
        init = Object.new()
        init.detail = detail
        init.bubbles = True
        self.root.dispatchEvent(window.CustomEvent.new("trex", init))
        if self.frame and not same(window.parent, window):
            window.parent.postMessage(detail, self.origin or "*")

    def trusts(self, event: Any) -> bool:
        """A message posted to the frame is a command only from the parent page, and only
        from the origin given as ``origin=`` when there is one."""
        if not same(event.source, window.parent) or same(window.parent, window):
            return False
        return not self.origin or str(event.origin) == self.origin

    @staticmethod
    def kind(data: Any) -> str:
        """A command's ``type`` ("" when it has none)."""
        try:
            return str(js(data.type)) if js(data) is not None else ""
        except Exception:
            return ""
