"""Which short sounds the table plays, from seat 0's previous and new observation
("Feel", docs/WEB.md): ``card`` when a card is played to a trick or laid in the Trex
layout (§3, §6; a pass makes no sound), ``trick`` when a trick is taken (§3.3), ``deal``
when a deal is over, ``turn`` when the game starts to wait for you. The sounds
themselves are synthesized in the page (tableview.js, ``TrexSound``: Web Audio, no
files), only when the Settings switch is on.

Pure functions of observations (``trex_core.Observation``): no DOM, tested in CPython.
"""
from __future__ import annotations

from dataclasses import dataclass

from trex_core import Observation

from .announce import same_deal, waits_for_you
from .faces import finished

CUES = ("card", "trick", "deal", "turn")


def cards_down(obs: Observation) -> int:
    """Cards played so far in the deal: the tricks' and the current trick's, or the
    cards laid in the Trex layout (passes are not cards)."""
    return obs.played.bit_count()


def cues(prev: Observation | None, obs: Observation) -> list[str]:
    """The sounds for what happened between ``prev`` and ``obs``, each at most once, in
    the order they happened. Nothing at the page's first rendering (``prev`` None)."""
    if prev is None:
        return []
    out: list[str] = []
    if same_deal(prev, obs):
        if cards_down(obs) > cards_down(prev):
            out.append("card")
        if len(obs.tricks) > len(prev.tricks):
            out.append("trick")
        if finished(obs) and not finished(prev):
            out.append("deal")
        if waits_for_you(obs) and (not waits_for_you(prev) or prev.phase != obs.phase):
            out.append("turn")
    elif waits_for_you(obs):  # a new deal that starts with you (you are its king)
        out.append("turn")
    return out


@dataclass
class Cues:
    """The cues of each new observation, one table's (its previous observation kept)."""
    prev: Observation | None = None

    def update(self, obs: Observation) -> list[str]:
        new = cues(self.prev, obs)
        self.prev = obs
        return new
