"""The frame every dialog is drawn in: a modal ``role="dialog"`` with its title, body and
buttons. Its own module, below everything that draws a dialog (overlays, recordview, the
friends' dialogs), so that none of them needs another to draw one."""
from __future__ import annotations

from html import escape


def overlay(kind: str, title: str, body: str, buttons: str, idp: str = "") -> str:
    """A modal dialog (the table behind it is ``inert``; app.py keeps Tab inside it)."""
    return f"""
<div class="overlay" data-overlay="{kind}" data-key="overlay-{kind}">
  <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="{idp}dlg-title">
    <h2 id="{idp}dlg-title">{escape(title)}</h2>
    <div class="dialog-body">{body}</div>
    <div class="dialog-buttons">{buttons}</div>
  </div>
</div>"""
