"""The dialogs that seat friends over a link (link.py, guest.py): the host's invitations,
the guest's reply, and the page a reply link opens in the host's own browser. Each step is
said on screen in the reader's language; each link is in a read-only field with a Copy
button (the clipboard may be refused: the text is then selected, to copy by hand)."""
from __future__ import annotations

from html import escape
from typing import Any

from ..i18n.strings import t
from ..view import dialogs
from ..view.faces import seat_name
from ..view.frame import overlay
from . import qr

UI = dict[str, Any]


def _copy_box(idp: str, key: str, label: str, text: str, action: str, drawn: qr.Drawing | None,
              seat: int | None = None) -> str:
    """A link to send: its field, its Copy button, and (once drawn) its QR code to show."""
    extra = f' data-seat="{seat}"' if seat is not None else ""
    code = (f'<details class="link-qr" data-key="{key}-qr"><summary>{escape(t("link.qr.show", qr="QR"))}</summary>'
            f'{qr.svg(drawn, t("link.qr.label", what=label, qr="QR"))}</details>' if drawn else "")
    return (f'<label class="link-label" for="{idp}{key}">{escape(label)}</label>'
            f'<textarea id="{idp}{key}" class="link-code" data-code="{key}" dir="ltr" readonly rows="3">{escape(text)}</textarea>'
            f'<button type="button" data-action="{action}" data-key="{key}-copy"{extra}>{escape(t("link.copy"))}</button>'
            + code)


def status_text(seat: int, status: str, left: int) -> str:
    name = seat_name(seat)
    if status == "dropped":
        return t("link.status.dropped", name=name, n=left)
    return t(f"link.status.{status}", name=name)


def _scan_panel(scan: dict[str, Any]) -> str:
    """The camera's part: what it is used for, said before it is asked for; what it sees
    while it reads; why it cannot be used (the paste below stays)."""
    state = scan.get("state")
    note = f'<p class="note link-scan-note">{escape(t("link.scan.private", qr="QR"))}</p>'
    if state in ("asking", "looking"):
        return (f'<div class="link-scanning" data-scan="{state}" role="status">'
                f'<video class="link-scan" data-key="link-scan-video" muted playsinline autoplay></video>'
                f'<p>{escape(t("link.scan.looking", qr="QR"))}</p>'
                f'<button type="button" data-action="scan-stop" data-key="scan-stop">{escape(t("link.scan.stop"))}</button>'
                f'</div>{note}')
    if state in ("refused", "missing"):
        return (f'<p class="error" role="alert" data-scan="{state}">{escape(t("link.scan." + state))}</p>'
                + note)
    return note


def host_dialog(ui: UI, idp: str) -> str:
    """The host's invitations: one per link seat, its status, and where a reply goes."""
    view = ui.get("link") or {"seats": [], "problem": None, "servers": False}
    items = []
    for item in view["seats"]:
        seat, status = item["seat"], item["status"]
        line = f'<p class="link-status" data-seat="{seat}" data-status="{status}">{escape(status_text(seat, status, item["left"]))}</p>'
        if status != "seated":
            if item["invitation"]:
                line += _copy_box(idp, f"invite-{seat}", t("link.invite", name=seat_name(seat)),
                                  item["invitation"], "copy-invite", item.get("qr"), seat)
                line += (f'<button type="button" data-action="scan-reply" data-key="scan-{seat}" data-seat="{seat}">'
                         f'{escape(t("link.scan", qr="QR"))}</button>')
            else:
                line += f'<p class="note">{escape(t("link.preparing"))}</p>'
        items.append(f'<li>{line}</li>')
    waiting = any(item["status"] != "seated" for item in view["seats"])
    reply = ""
    if waiting:
        problem = view.get("problem")
        error = (f'<p class="error" role="alert">{escape(t("link.bad." + problem))}</p>' if problem else "")
        reply = (_scan_panel(view.get("scan") or {}) + f'<label class="link-label" for="{idp}link-reply">{escape(t("link.paste"))}</label>'
                 f'<textarea id="{idp}link-reply" class="link-reply" data-key="link-reply" dir="ltr" rows="3" autocomplete="off" spellcheck="false"></textarea>'
                 f'{error}<button type="button" data-action="link-accept" data-key="link-accept">{escape(t("link.seat"))}</button>')
    network = t("link.network.servers" if view.get("servers") else "link.network.local")
    body = (f'<p>{escape(t("link.steps"))}</p><ul class="link-seats">{"".join(items)}</ul>{reply}'
            f'<p class="note">{escape(network)}</p>')
    close = f'<button type="button" class="primary" data-action="close" data-autofocus>{escape(t("btn.close"))}</button>'
    return overlay("link", t("link.title"), body, close, idp)


def guest_dialog(ui: UI, idp: str) -> str:
    """The guest's side before the table: the invitation read, the reply to send back."""
    join = ui.get("join") or {}
    leave = (f'<button type="button" data-action="leave-link" data-key="leave-link">'
             f'{escape(t("link.leave"))}</button>')
    if join.get("error"):
        body = f'<p role="alert">{escape(t("link.bad." + join["error"]))}</p>'
        return overlay("join", t("link.join.failed"), body, leave, idp)
    name = seat_name(0)  # the guest's own seat, by its compass point
    if join.get("ended"):  # (the host's new game has no seat for this page: referee's bye)
        body = f'<p role="alert">{escape(t("link.join.ended"))}</p>'
        return overlay("join", t("link.join.title", name=name), body, leave, idp)
    if join.get("lost"):
        body = f'<p role="alert">{escape(t("link.join.lost.relay" if join.get("relay") else "link.join.lost"))}</p>'
        return overlay("join", t("link.join.title", name=name), body, leave, idp)
    if not join.get("reply"):
        body = f'<p role="status">{escape(t("link.preparing"))}</p>'
    else:
        body = (f'<p>{escape(t("link.join.steps"))}</p>'
                + _copy_box(idp, "reply", t("link.join.reply"), join["reply"], "copy-reply", join.get("qr"))
                + f'<p class="note" role="status">{escape(t("link.join.wait"))}</p>')
    return overlay("join", t("link.join.title", name=name), body, leave, idp)


def replied_page(sent: bool, error: str | None) -> str:
    """The page a reply link opens in the host's browser: it hands the reply to the table's
    tab (a BroadcastChannel) and says so."""
    text = t("link.bad." + error) if error else t("link.replied" if sent else "link.replied.paste")
    return (f'<main class="link-replied"><h1>{escape(t("app.title"))}</h1>'
            f'<p role="status">{escape(text)}</p></main>')


# the table's registry draws these two dialogs with this room's code once it is loaded
dialogs.provide("link", lambda obs, ui, idp: host_dialog(ui, idp))
dialogs.provide("join", lambda obs, ui, idp: guest_dialog(ui, idp))
