"""The settings dialog's form, read back from the page: the table's play settings and the
rules chosen (overlays.settings_overlay draws it; the table applies what this reads).
"""
from __future__ import annotations

from typing import Any

from trex_core import Rules
from trex_core.rules import CHOICES, SWITCHES

from ..page.dom import js
from . import overlays

PLAY = ("level", "speed")  # applied at once, the match goes on
LOOKS = ("four_colour", "sound", *overlays.AID_SWITCHES)  # switches applied at once


class SettingsForm:
    def __init__(self, region: Any) -> None:
        self.region = region  # the table's rendered view: the form is inside it when open

    def field(self, name: str) -> Any:
        """A field of the settings form, by name (ids are the view's, prefixed per table)."""
        return js(self.region.querySelector(f'.settings [name="{name}"]'))

    def is_open(self) -> bool:
        return self.field("level") is not None

    def check(self, name: str) -> bool:
        box = self.field(name)
        return bool(box.checked) if box is not None else False

    def play(self) -> dict[str, Any]:
        """The settings that apply at once: bot level, speed and the switches."""
        return {**{n: self.field(n).value for n in PLAY}, **{n: self.check(n) for n in LOOKS}}

    def rules(self) -> dict[str, Any]:
        """The rules chosen in the form (applied only with a new game), as ``Rules.to_dict``."""
        rules: dict[str, Any] = {name: self.field(name).value for name in CHOICES}
        rules.update({name: self.check(name) for name in SWITCHES})
        return Rules.from_dict(rules).to_dict()

    def seats(self) -> list[str]:
        """Who plays each seat of the new game (seats.py): you, then a bot or a person each."""
        return ["you", *(str(self.field(f"seat{s}").value) for s in (1, 2, 3))]

    def ice(self) -> str:
        """The STUN/TURN servers for friends on other networks (rtc.ice_servers reads them)."""
        return str(self.field("ice").value)[:2000]

    def keep(self, form: dict[str, Any]) -> dict[str, Any]:
        """The dialog's choices, applied or not, read back into ``form`` before the dialog is
        drawn again (another language, the rules screen and back)."""
        form.update(preset=self.field("preset").value, **self.play())
        form["rules"] = dict(form["rules"], **{n: self.field(n).value for n in CHOICES},
                             **{n: self.check(n) for n in SWITCHES})
        form["seats"] = self.seats()
        form["ice"] = self.ice()
        return form

    def preset(self, form: dict[str, Any], name: str) -> None:
        """A preset fills in its options (§10); partnership and Complex stay as they are."""
        keep = {k: self.check(k) for k in ("partnership", "complex")}
        form["preset"] = name
        form["rules"] = Rules.preset(name, **keep).to_dict()
        form.update({n: self.field(n).value for n in PLAY})
