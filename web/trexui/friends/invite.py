"""The invitation and the reply that seat a friend at a table over a link.

WebRTC connects two pages once each has the other's description of itself (an offer, then
an answer: SDP text with the network's own candidates). With no server of ours, the two
descriptions travel the way friends already talk: the host sends an *invitation* link that
carries its offer for one seat; the friend's page opens it and shows a *reply* link that
carries its answer; the host opens that (or pastes it into the invitation dialog), and the
table's channel opens.

Both are a page address with a fragment (never sent to any server, not even the site's):
``#join=<code>`` and ``#reply=<code>``, the code being the description and the seat as
compact JSON, deflated and in URL-safe base64 (an offer of about 700 characters becomes a
code of about 500). Pure Python: CPython's tests read it, and the page reads it the same.
A code that is damaged or of another protocol raises :class:`InviteError`, whose ``code``
the page says in its reader's language (``link.bad.<code>``).
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass

from trex_core.tools.referee import PROTOCOL

JOIN = "join"  # the invitation's fragment: #join=<code>
REPLY = "reply"  # the reply's: #reply=<code>
MAX_CODE = 8000  # characters: a description is about 1 KB; anything far longer is not one


class InviteError(ValueError):
    """A code that cannot seat anyone: ``code`` is ``damaged`` (cut short, mistyped, not a
    code) or ``protocol`` (a page of another version made it; ``params``: theirs)."""

    def __init__(self, code: str, params: dict[str, str] | None = None) -> None:
        super().__init__(f"{code}: {params or ''}")
        self.code = code
        self.params = params or {}


@dataclass(frozen=True)
class Code:
    """An invitation (``kind`` JOIN: the host's offer) or a reply (REPLY: the guest's
    answer) for ``seat`` of the host's table ``table`` (an id the host's page chose, so a
    reply opened in another tab of its browser finds the table that invited it)."""

    kind: str
    seat: int
    table: str
    sdp: str
    version: str

    def text(self) -> str:
        """The code, as it goes into a link's fragment."""
        data = {"p": PROTOCOL, "v": self.version, "k": self.kind, "s": self.seat, "t": self.table, "d": self.sdp}
        raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), 9)
        return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")

    def link(self, page: str) -> str:
        """The link to send: ``page`` (the site's address, without a fragment) with the code."""
        return f"{page.split('#', 1)[0]}#{self.kind}={self.text()}"


def read(text: str, kind: str) -> Code:
    """The code of ``kind`` in ``text``: a whole link, its fragment, or the code alone (a
    friend may paste any of them). Raises InviteError saying what is wrong."""
    code = text.strip()
    if "#" in code:
        code = code.split("#", 1)[1]
    if code.startswith(f"{kind}="):
        code = code[len(kind) + 1:]
    elif code.startswith((f"{JOIN}=", f"{REPLY}=")):  # a reply pasted where an invitation belongs
        raise InviteError("kind", {"kind": kind})
    if not code or len(code) > MAX_CODE:
        raise InviteError("damaged")
    try:
        raw = zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, ValueError):
        raise InviteError("damaged") from None
    if not isinstance(data, dict):
        raise InviteError("damaged")
    if data.get("p") != PROTOCOL:
        raise InviteError("protocol", {"theirs": str(data.get("p"))})
    seat, table, sdp, version = data.get("s"), data.get("t"), data.get("d"), data.get("v")
    if (data.get("k") != kind or not isinstance(seat, int) or isinstance(seat, bool) or seat not in (1, 2, 3)
            or not isinstance(table, str) or not isinstance(sdp, str) or not isinstance(version, str)):
        raise InviteError("kind", {"kind": kind}) if data.get("k") != kind else InviteError("damaged")
    return Code(kind, seat, table, sdp, version)


def fragment(hash_text: str) -> tuple[str, str] | None:
    """What a page's ``location.hash`` asks for: (JOIN or REPLY, the whole fragment), or None
    for the page's own game."""
    text = hash_text.lstrip("#")
    for kind in (JOIN, REPLY):
        if text.startswith(f"{kind}="):
            return kind, text
    return None


def starts_again(before: str, after: str) -> bool:
    """A new address fragment in the same tab (``hashchange``): True when it asks for another
    invitation or reply than the page holds (a friend opens the host's new invitation in the
    tab that held the old one), so the page starts again from it; False for the page's own
    game's changes."""
    asked = fragment(after)
    return asked is not None and asked != fragment(before)
