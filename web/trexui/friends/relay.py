"""How invitations and replies travel besides the links people send.

The site has no server, so the two codes that seat a friend (invite.py) travel by link: the
host sends the invitation, the friend sends back the reply. Two couriers carry a code
further, when they can, so that a step is saved:

* this browser's other tabs (a BroadcastChannel): a reply link opened in the host's own
  browser hands its reply to the table's tab, which takes it;
* the site's own relay, if the page that hosts the game provides one: an object
  ``window.trexRelay`` with ``send(text)`` and ``listen(callback)``. Every code this page
  makes is given to ``send`` as its fragment (``join=<code>`` or ``reply=<code>``), and
  every text its ``listen`` callback is given is read as one. A relay that carries a
  guest's reply to the host seats the guest with no link sent back; docs/WEB.md says how
  to write one. The site as we host it has none: nothing leaves the page.

A text that is not a code of this table is ignored (invite.py reads it; link.py checks its
table). ``taken`` is the host's word to a tab that handed it a reply.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from ..page.dom import js

CHANNEL = "trex-link"  # the BroadcastChannel of this browser's tabs
TAKEN = "taken"


class Couriers:
    """The couriers of one page: ``on_text(text)`` for each text that arrives."""

    def __init__(self, on_text: Callable[[str], None]) -> None:
        self.on_text = on_text
        self.proxy = create_proxy(self._heard)
        self.tabs = window.BroadcastChannel.new(CHANNEL)
        self.tabs.addEventListener("message", self.proxy)
        self.site = js(getattr(window, "trexRelay", None))  # the hosting site's relay, if any
        self.site_proxy = None
        if self.site is not None:
            self.site_proxy = create_proxy(lambda text, *_: self.on_text(str(text)))
            self.site.listen(self.site_proxy)

    def _heard(self, event: Any) -> None:
        text = js(event.data)
        if isinstance(text, str):
            self.on_text(text)

    def send(self, text: str, tabs: bool = True, site: bool = True) -> None:
        """Give ``text`` to this browser's tabs (``tabs``) and to the site's relay (``site``)."""
        if tabs:
            self.tabs.postMessage(text)
        if site and self.site is not None:
            self.site.send(text)

    def close(self) -> None:
        self.tabs.close()
        self.proxy.destroy()
