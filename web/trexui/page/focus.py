"""Where a table's focus goes: after a render, into and out of a dialog, along the hand.

The view is morphed in place (web/tableview.js), so an element that stays keeps the focus by
itself; this part decides only when the focused element went away, a dialog opened or
closed, a prompt appeared or your turn came. The focus is never left on <body>.
"""
from __future__ import annotations

from typing import Any, Protocol

from js import Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from .dom import FOCUSABLE, disabled, focus, js

ARROW_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")  # along a group


class FocusHost(Protocol):
    """What the focus reads of its table."""

    @property
    def overlay(self) -> str | None: ...
    @property
    def still(self) -> bool:
        """Nothing moves by itself: an embedded table its reader steps or answers (modes.py)."""
        ...

    def human_must_act(self) -> bool: ...
    def only_pass(self) -> bool:
        """Passing is all the player can do now (§6.5)."""
        ...


class Focus:
    def __init__(self, host: FocusHost, root: Any, region: Any) -> None:
        self.host = host
        self.root = root  # the table's element (it takes the keys)
        self.region = region  # the rendered view inside it
        self.opener: str | None = None  # data-key of what had the focus when the player opened a dialog
        self.shown: str | None = None  # the dialog (or "last" trick panel) on screen after the last render
        self.prompt: str | None = None  # the prompt (data-key) on screen after the last render
        self.yours = False  # whether it was the player's turn at the last render
        self.showing: Any = None  # the element reveal() focused, brought into view in the next frame
        self._frame: Any = None

    def before(self) -> dict[str, Any]:
        """Where the focus is before a render: its element's key and its place in the hand."""
        active = js(document.activeElement)
        dialog = js(self.region.querySelector(".overlay .dialog"))  # settle: a dialog kept
        if active is None or not self.region.contains(active):
            return {"key": None, "hand": None, "table": active is not None and active.isSameNode(self.root),
                    "dialog": dialog}
        hand = None
        if js(active.getAttribute("data-nav")) == "hand":  # its place, in one call (FFI calls add up)
            place = window.Array.prototype.indexOf.call(self.region.querySelectorAll('[data-nav="hand"]'), active)
            hand = place if place >= 0 else None
        return {"key": js(active.getAttribute("data-key")), "hand": hand,
                "table": bool(js(active.closest(".felt"))), "dialog": dialog}

    def usable(self, el: Any) -> bool:
        """Whether the focus may stay on ``el`` (read without forcing a layout)."""
        return (el is not None and self.region.contains(el) and not disabled(el)
                and js(el.closest("[inert]")) is None)

    def nav_group(self, name: str) -> list[Any]:
        return [el for el in self.region.querySelectorAll(f'[data-nav="{name}"]') if not disabled(el)]

    @staticmethod
    def first_control(box: Any) -> Any:
        return (js(box.querySelector("[data-autofocus]")) or js(box.querySelector("button.primary"))
                or js(box.querySelector(FOCUSABLE)))

    def next_action(self, before: dict[str, Any]) -> Any:
        """Where the focus goes when the element that had it is gone: the prompt waiting for
        you, the Pass button when it is all you can do, the next card of your hand (after a
        play: the card that followed the one played), else the table itself."""
        region = self.region
        prompt = self.prompt_entry()
        if prompt is not None:
            return prompt
        if self.host.still and not self.host.human_must_act():
            # a diagram or an answered exercise: its buttons (the one pressed may have just turned off), else the felt
            return js(region.querySelector(".embed-bar button:not([disabled])")) or js(region.querySelector(".felt"))
        passing = js(region.querySelector(".pass-btn"))
        if passing is not None and self.host.only_pass():
            return passing
        hand = [el for el in self.nav_group("hand") if el.classList.contains("card")]
        if hand and before["hand"] is not None:
            return self.near_playable(hand, min(before["hand"], len(hand) - 1))
        playable = js(region.querySelector(".hand .card.playable"))
        return playable or (hand[0] if hand else js(region.querySelector(".felt")))

    def prompt_entry(self) -> Any:
        """A prompt's first control: its safe answer where it has one (``data-autofocus``:
        no double, so a habitual Enter does not double), else its first choice."""
        group = self.nav_group("prompt")
        return next((el for el in group if el.hasAttribute("data-autofocus")), group[0] if group else None)

    def near_playable(self, hand: list[Any], place: int) -> Any:
        """The card at ``place`` in the hand, or, when it is your turn and that card cannot be
        played (a Trex hand often has one or two cards that fit, §6), the playable card
        nearest to it, the later one first: Enter then plays."""
        if not self.host.human_must_act() or hand[place].classList.contains("playable"):
            return hand[place]
        order = sorted(range(len(hand)), key=lambda i: (abs(i - place), i < place))
        return next((hand[i] for i in order if hand[i].classList.contains("playable")), hand[place])

    def settle(self, before: dict[str, Any]) -> None:
        """Focus after a render: into a dialog that opened (its safe or main choice), back
        to what opened a dialog that closed, onto a prompt that appeared, and wherever the
        next action is when the focused element went away; never left on <body>."""
        region = self.region
        dialog = js(region.querySelector(".overlay .dialog"))
        last = js(region.querySelector(".last-trick"))
        box = dialog if dialog is not None else last
        now = (self.host.overlay or "dialog") if dialog is not None else ("last" if last is not None else None)
        was, self.shown = self.shown, now
        active = js(document.activeElement)
        if now != was and box is not None:  # a dialog opened: its first choice, the title in view
            focus(self.first_control(box), scroll=False)
            # a dialog the morph kept from the last one starts at its top; a new one does
            # already (setting scrollTop lays the page out: 20-80 ms at 4x CPU throttling)
            if dialog is not None and before["dialog"] is not None and dialog.isSameNode(before["dialog"]):
                for el in (dialog, js(dialog.querySelector(".dialog-body"))):
                    if el is not None:
                        el.scrollTop = 0
            return
        if dialog is not None:  # a dialog stays open: the focus stays inside it
            if active is None or not dialog.contains(active):
                focus(self.first_control(dialog), scroll=False)
            return
        prompt_el = js(region.querySelector(".prompt[data-key]"))
        prompt = js(prompt_el.getAttribute("data-key")) if prompt_el is not None else None
        new_prompt, self.prompt = prompt != self.prompt, prompt
        yours = self.host.human_must_act()
        turn_came, self.yours = yours and not self.yours, yours
        if now != was:  # a dialog closed: back to what opened it, else on with the game
            self.back(before)
            return
        in_flow = before["key"] is None or before["hand"] is not None or before["table"]
        if new_prompt and prompt_el is not None and in_flow and self.nav_group("prompt"):
            self.reveal(self.prompt_entry())  # the game now waits for this answer
        elif not self.usable(active):
            self.reveal(self.next_action(before))
        elif (before["hand"] is not None and self.host.only_pass()
              and js(region.querySelector(".pass-btn")) is not None):
            self.reveal(js(region.querySelector(".pass-btn")))  # your turn, and all you can do is pass
        elif turn_came and before["hand"] is not None and not active.classList.contains("playable"):
            # your turn came while the focus rests on a card you cannot play: the nearest one you can
            hand = [el for el in self.nav_group("hand") if el.classList.contains("card")]
            if before["hand"] < len(hand):
                self.reveal(self.near_playable(hand, before["hand"]))

    def reveal(self, el: Any) -> None:
        """The focus on ``el`` as the game goes on, brought into view in the next frame: a
        focus that scrolls lays the page out in the render's task, in the middle of its DOM
        changes (20-40 ms at 4x CPU), where the frame lays it out anyway."""
        if el is None:
            return
        focus(el, scroll=False)
        self.showing = el
        if self._frame is None:
            self._frame = create_proxy(self._show)
        window.requestAnimationFrame(self._frame)

    def _show(self, *_: Any) -> None:
        el, self.showing = self.showing, None
        active = js(document.activeElement)
        if el is not None and active is not None and active.isSameNode(el):  # (still where the focus is)
            el.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}, dict_converter=Object.fromEntries))

    def back(self, before: dict[str, Any] | None = None) -> None:
        """The focus back on what had it when a dialog opened or the score sheet beside the
        table took it (S), else wherever the next action is (``before``: :meth:`before`'s)."""
        opener = js(self.region.querySelector(f'[data-key="{self.opener}"]')) if self.opener else None
        self.opener = None
        if not self.usable(opener):
            opener = self.next_action(before if before is not None else self.before())
        focus(opener)

    def remember_opener(self) -> None:
        """The control the player was on when opening a dialog gets the focus back after it."""
        active = js(document.activeElement)
        inside = active is not None and self.region.contains(active)
        self.opener = js(active.getAttribute("data-key")) if inside else None

    def forget_opener(self) -> None:
        """A new game or deal: its first action gets the focus, not the old opener."""
        self.opener = None

    def dialog(self) -> Any:
        """The open dialog's box, or None."""
        return js(self.region.querySelector(".overlay .dialog"))

    def tab(self, event: Any) -> bool:
        """Tab is kept inside an open dialog (elsewhere the browser moves on). True when the
        key was Tab, so its handler is done."""
        if event.key != "Tab":
            return False
        dialog = self.dialog()
        if dialog is not None:
            self.trap_tab(event, dialog)
        return True

    def arrow_key(self, event: Any, rtl: bool) -> bool:
        """An arrow, Home or End on a control of a group moves along it (:meth:`arrow`).
        True when it did."""
        target = event.target
        nav = js(target.getAttribute("data-nav")) if target.nodeType == 1 else None
        if not nav or event.key not in ARROW_KEYS:
            return False
        self.arrow(nav, target, event.key, rtl)
        event.preventDefault()
        return True

    def arrow(self, nav: str, target: Any, key: str, rtl: bool) -> None:
        """Arrows move along a group (your hand and its Pass button, a prompt's choices),
        wrapping at the ends; left and right follow the reading direction."""
        group = self.nav_group(nav)
        i = next((k for k, el in enumerate(group) if el.isSameNode(target)), None)
        if i is None or not group:
            return
        if key == "Home":
            j = 0
        elif key == "End":
            j = len(group) - 1
        else:
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            if rtl and key in ("ArrowLeft", "ArrowRight"):
                step = -step
            j = (i + step) % len(group)
        focus(group[j])

    @staticmethod
    def trap_tab(event: Any, dialog: Any) -> None:
        """Tab and Shift+Tab go round the open dialog's controls, never out of it."""
        controls = [el for el in dialog.querySelectorAll(FOCUSABLE)
                    if not disabled(el) and el.getClientRects().length > 0]
        if not controls:
            event.preventDefault()
            return
        active = js(document.activeElement)
        first, last = controls[0], controls[-1]
        if active is None or not dialog.contains(active):
            focus(first, scroll=False)
        elif event.shiftKey and active.isSameNode(first):
            focus(last)
        elif not event.shiftKey and active.isSameNode(last):
            focus(first)
        else:
            return  # the browser moves on inside the dialog
        event.preventDefault()
