"""A table's controls: what each button's action and each key does.

The table's element hands every click, change and key here (app.py); an action is a
button's ``data-action`` or a key's shortcut. The aids' actions are aidpanel.py's, the
record dialogs' recordui.py's, the rules screen's and the tour's guide.py's, an embedded
table's its mode's (game.py, modes.py); the table's own are :data:`ACTIONS`. Keys: arrows along the
hand and the prompts (in the reading direction), the S, L, P, R, U, H and ? shortcuts,
Escape (the dialog's own close action, dialogs.py), and Tab kept inside an open dialog.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from js import Object, location
from pyscript import document, window

from trex_core import DEAL_OVER

from ..aids import aidpanel, recordui
from ..aids.api import TableApi
from ..i18n.strings import direction
from ..page.dom import copy_code, focus, js, taps_to_raise
from ..page.focus import Focus
from ..view import dialogs, faces
from ..view.settingsform import SettingsForm
from . import guide
from .game import Game, ModeHost

KEY_ACTIONS = {"s": "sheet", "l": "last-trick", "?": "help", "p": "pass", "r": "rules", **aidpanel.KEYS}
KEY_LETTERS = {"KeyS": "s", "KeyL": "l", "KeyP": "p", "KeyR": "r", "KeyU": "u", "KeyH": "h"}  # any layout
# A deal's summary keeps these: the score sheet and the deal's last trick, over it; closing
# them brings the summary back (it is on screen while the deal is over, tablestate.overlay).
SUMMARY_KEYS = ("sheet", "last-trick")


class FriendsDoor(Protocol):
    """What the controls ask of the table's friends by link (friends/loader.py's Friends)."""

    def accept(self, text: str) -> bool:
        """A friend's reply, pasted; whether it was taken."""
        ...

    def scan(self, on: bool) -> None:
        """The camera reads a reply (True), or stops (False)."""
        ...


class ControlHost(TableApi, ModeHost, Protocol):
    """What the controls do to their table, beside :class:`api.TableApi`."""

    root: Any
    focuser: Focus
    form: SettingsForm
    aids: aidpanel.AidPanel
    param_speed: str | None

    @property
    def link(self) -> FriendsDoor: ...
    @property
    def mode(self) -> Game: ...  # (TableApi names only what the aids read of it)
    def human_move(self, text: str) -> None: ...
    def switch_language(self, lang: str) -> None:
        """The table in ``lang`` (pagelang.switch), chosen in its settings."""
        ...

    def apply(self, text: str, spread: bool = False) -> None: ...
    def new_game(self, seed: int | str | None = None) -> None: ...
    def apply_look(self) -> None: ...
    def take_device(self) -> None: ...
    def seat_guests(self) -> None: ...


def do(host: ControlHost, action: str) -> None:
    """A button's action (or its keyboard shortcut)."""
    if host.main and host.aids.do(action):
        return
    if action in host.mode.actions:
        host.mode.action(host, action)
    elif (host.main and recordui.do(host, action)) or guide.do(host, action):
        pass  # the record dialogs' (recordui.py), the rules screen's and the tour's (guide.py)
    elif action in ACTIONS:
        ACTIONS[action](host)
    elif dialogs.opens(action):
        host.open_dialog(action)
    elif action == "pass" and faces.is_trex(host.obs) and host.obs.phase == "play":
        host.human_move("pass")  # P (the engine says why when a card of yours fits)
    elif action == "pass" and "nodouble" in faces.legal_texts(host.obs):
        host.human_move("nodouble")  # P to the doubling question: the players' "pass" (§4.1)


def click(host: ControlHost, event: Any) -> None:
    el = js(event.target.closest("[data-action]"))
    if el is None or bool(getattr(el, "disabled", False)):
        return
    action = js(el.getAttribute("data-action"))
    if action == "review-show":
        host.aids.show(int(js(el.getAttribute("data-item")) or 0))
    elif action == "copy-invite":
        copy_code(el)
    elif action == "move":
        move = js(el.getAttribute("data-move"))
        if el.classList.contains("in-hand") and taps_to_raise(event) and raise_card(host, move):
            return
        host.human_move(move)
    else:
        do(host, action)


def key(host: ControlHost, event: Any) -> None:
    """Keys on the table's element (the help panel lists them)."""
    name = event.key
    if event.altKey or event.ctrlKey or event.metaKey or host.focuser.tab(event):
        return
    dialog = host.focuser.dialog()
    if recordui.on_key(host, event):
        return
    if name == "Escape":
        close = dialogs.closer(host.overlay)
        if host.ui.get("peek_last"):
            close_last_trick(host)  # the last trick over a deal's summary: back to the summary
        elif close is not None:
            do(host, close)
        elif dialog is None and host.ui.get("show_last"):
            close_last_trick(host)
        elif dialog is None and js(event.target.closest(".side")) is not None:
            host.focuser.back()  # S put the focus on the score sheet beside the table
        else:
            return
        event.preventDefault()
        return
    target = event.target
    rtl = direction() == "rtl"
    nav = js(target.getAttribute("data-nav")) if target.nodeType == 1 else None
    step = host.mode.arrow_steps(name, rtl) if not nav and dialog is None else None
    if step is not None:
        do(host, step)
        event.preventDefault()
        return
    if host.focuser.arrow_key(event, rtl):
        return
    if js(target.closest("input, select, textarea")) is not None or event.repeat:
        return
    action = KEY_ACTIONS.get("?" if name == "?" else KEY_LETTERS.get(event.code) or name.lower())
    if dialog is not None and not (host.overlay == "summary" and action in SUMMARY_KEYS):
        return
    shortcuts = host.mode.shortcuts
    if action and (shortcuts is None or action in shortcuts):
        do(host, action)
        event.preventDefault()


def change(host: ControlHost, event: Any) -> None:
    """A form field changed: the settings' (some apply at once), the doubling's ticks, a
    record file chosen."""
    el = event.target
    kind = js(el.getAttribute("data-change"))
    if kind == "preset":
        host.form.preset(host.ui["form"], el.value)
        host.render()
    elif kind == "play":  # bot level and speed apply at once
        apply_settings(host, new_game=False)
    elif kind == "lang":
        host.switch_language(el.value)
    elif kind == "dbl":  # the doubling button says what it will do (view.prompt_view)
        host.ui["dbl"] = [b.value for b in host.root.querySelectorAll("input[name=dbl]:checked")]
        host.render()
    elif host.main:
        recordui.on_change(host, el)


def apply_settings(host: ControlHost, new_game: bool) -> None:
    """The settings form's choices: the play settings at once; the rules with a new game."""
    play = host.form.play()
    host.settings.update(play)
    host.apply_look()
    host.param_speed = None  # an explicit choice beats the URL's
    if new_game:
        host.settings["rules"] = host.form.rules()
        host.settings["preset"] = host.form.field("preset").value
        host.settings["seats"] = host.form.seats()
        host.settings["ice"] = host.form.ice()
        host.save_settings()
        host.new_game()
    else:
        host.save_settings()
        host.ui["form"].update(play)


def tap(host: ControlHost, name: str) -> None:
    """A tap made on the table early.js painted before Python, as early.js names it
    (trexui/start/opening.py): played as its click would have been."""
    if name.startswith("move:"):
        host.human_move(name[5:])
    elif name.startswith("raise:"):
        if not raise_card(host, name[6:]):
            host.human_move(name[6:])
    else:
        do(host, name)


def raise_card(host: ControlHost, card: str) -> bool:
    """A tap on a card you may play now raises it (the status line says: tap it
    again); a tap on the raised card is not handled here, so it plays. False for a
    card you may not play or a card out of turn: it goes to the engine, which says why."""
    m = host.match
    if (host.ui.get("raised") == card or host.obs.to_move != 0 or m.phase != "play"
            or host.overlay or card not in faces.legal_texts(host.obs)):
        return False
    host.ui["raised"] = card
    host.ui["message"] = None
    host.render()
    return True


# ------------------------------------------------------------ the table's own actions
def close_dialog(host: ControlHost) -> None:
    asked = host.ui.get("overlay") == "confirm-seed"
    host.ui["overlay"] = None
    if asked:  # the saved match kept: its friends' invitations, held back by the question
        host.seat_guests()
    host.render()
    host.kick()


def next_deal(host: ControlHost) -> None:
    """The summary's Next: deal on (the move ``next``), or on to the match's result."""
    host.ui["overlay"] = None
    if host.match.phase == DEAL_OVER:
        host.apply("next")  # saves, renders and lets the bots go on
    else:  # the match's last deal: on to the result
        host.ui["overlay"] = "result" if host.match.is_over else None
        host.render()
        host.kick()


def toggle_last_trick(host: ControlHost) -> None:
    if not host.ui.get("last_trick"):
        return
    if not host.ui.get("show_last"):
        host.focuser.remember_opener()
    host.ui["show_last"] = not host.ui.get("show_last")
    host.ui["peek_last"] = host.ui["show_last"] and host.overlay == "summary"  # over the summary (view.py)
    host.render()


def close_last_trick(host: ControlHost) -> None:
    host.ui["show_last"] = host.ui["peek_last"] = False
    host.render()


def sheet(host: ControlHost) -> None:
    """S: the score sheet, in a dialog, or beside the table on wide layouts (focused, so a
    screen reader reads it; Escape or S again gives the focus back)."""
    side = js(host.root.querySelector(".side"))
    if side is None or js(side.offsetParent) is None or host.overlay is not None:  # behind a dialog: inert
        host.open_dialog("sheet")
        return
    if side.contains(document.activeElement):
        host.focuser.back()  # a second S: back to the game
        return
    host.focuser.remember_opener()
    opts = Object.new()
    opts.block = "nearest"
    side.scrollIntoView(opts)
    side.classList.remove("flash")
    side.offsetWidth  # noqa: B018  restart the animation
    side.classList.add("flash")
    focus(side, scroll=False)


def open_settings(host: ControlHost) -> None:
    host.ui["form"] = json.loads(json.dumps(host.settings))
    quick = getattr(window, "trexSnapshot", None)  # pystart.mjs: the quick start kept, if any
    host.ui["quick_bytes"] = int(quick.bytes()) if quick is not None else None
    host.open_dialog("settings")


def clear_quick_start(host: ControlHost) -> None:
    """Settings' "Clear it": the memory snapshot is deleted (pystart.mjs); the next visit
    starts as a first one did, and makes a new one."""
    quick = getattr(window, "trexSnapshot", None)
    if quick is not None:
        quick.clear()
    host.ui["quick_bytes"] = 0
    host.render()


def share(host: ControlHost) -> None:
    host.ui["share"] = share_links(host)
    host.ui.pop("share_copied", None)
    host.open_dialog("share")


def share_links(host: ControlHost) -> dict[str, str]:
    """Links to this deal for a forum post (docs/EMBED.md): replayed up to where it is,
    and played on from here. None before the cards are dealt again after a redeal."""
    try:
        position = host.match.position()
    except Exception:  # a redeal's new dealing or a finished match: no single position
        return {}
    base = str(window.URL.new("embed.html", location.href).href)
    text = position.text()
    links = {}
    for mode, extra in (("replay", ("step", str(len(position.moves)))), ("play", ("show", "own"))):
        params = window.URLSearchParams.new()
        params.set("mode", mode)
        params.set("position", text)
        params.set(*extra)
        links[mode] = base + "?" + str(params.toString())
    return links


def copy_link(host: ControlHost) -> None:
    box = js(host.region.querySelector(".share-link"))
    if box is None:
        return
    box.select()
    try:
        window.navigator.clipboard.writeText(box.value)
        host.ui["share_copied"] = True
    except Exception:  # no clipboard here (an insecure origin): the text stays selected
        host.ui["share_copied"] = False
    host.render()


def accept_reply(host: ControlHost) -> None:
    box = js(host.region.querySelector(".link-reply"))
    if box is not None and host.link.accept(str(box.value)):
        # a reply taken is emptied: the next friend's paste would follow it and make a
        # damaged reply (a play-test seating three friends met it); one refused stays, to fix
        box = js(host.region.querySelector(".link-reply"))
        if box is not None:
            box.value = ""


def double_selected(host: ControlHost) -> None:
    marked = [b.value for b in host.root.querySelectorAll("input[name=dbl]:checked")]
    host.human_move("double:" + ",".join(marked) if marked else "nodouble")


ACTIONS: dict[str, Callable[[ControlHost], None]] = {
    "seed-game": lambda h: h.new_game(h.ui.get("seed")),  # ?seed= named another game: the player chose it
    "share": share,
    "copy-link": copy_link,
    "double-selected": double_selected,
    "next-deal": next_deal,
    "last-trick": toggle_last_trick,
    "close-last": close_last_trick,
    "sheet": sheet,
    "settings": open_settings,
    "quick-clear": clear_quick_start,
    "new-game": lambda h: h.open_dialog("confirm"),
    "new-game-now": lambda h: h.new_game(),
    "apply-rules": lambda h: apply_settings(h, new_game=True),
    "close": close_dialog,
    "take-device": lambda h: h.take_device(),  # pass-and-play: the person named took the device
    "link-accept": accept_reply,  # a friend's reply, pasted into the invitations (link.py)
    "scan-reply": lambda h: h.link.scan(True),  # the camera reads it (scan.py)
    "scan-stop": lambda h: h.link.scan(False),
}
"""The table's own buttons (the aids', the records', the guide's and the mode's are theirs)."""
