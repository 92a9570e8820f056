"""The openings: tables painted before Python starts (docs/WEB.md "The start").

On a first visit the page shows a real table at once, long before the runtime is up:
build.py renders, in CPython, with the page's own view code, the first decisions of a few
seeded matches, and web/early.js paints one and follows the player's taps. The openings
know the rules only through the engine, here at build time; early.js knows none. An
opening is a small graph:

* a *node* is the table as the page would show it: the match (the seed and the moves so
  far, bots' and the player's) and the page's ``ui`` (the tour's step, a raised card, a
  refusal in the status line), rendered as the view's parts;
* an *edge* is what one tap does there, keyed as early.js names a tap: ``move:<move>``
  (a click on a ``[data-action=move]`` control, or a keyboard press), ``raise:<card>``
  (a touch tap on a card of the hand, which only raises it, page/dom.py's taps_to_raise) or the
  name of another ``data-action`` (the tour's buttons).

Edges lead to the next node only where the page would show it without a bot having to
think after the player: the tour's steps, a raised card, a move the engine refuses (the
status says why), and the contract and doubling prompts (the bots' answers after them are
played here, at build time, by the page's own bots with the page's seeds). Any other tap is
*kept*: early.js marks it, takes no further taps, and the page replays it through the real
controls when Python takes the table over (app.start_table). A tap is never lost.

The graph is written as JSON, one file per opening and language: the parts' HTML once each
(``html``), and per node its parts as indices into it, its moves and its ``ui``.
"""
from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

from trex_core import DEAL_OVER, IllegalMoveError, Match, Rules, observe

from ..aids import advice
from ..i18n import strings
from ..players import bots
from ..table import store, tablestate
from ..table.game import Game
from ..view import board, faces, rulesview

# The matches a first visit may open with: fixed, so the build is reproducible; a visit
# picks one at random. 32 keep the site small (each opening is 5-15 KB compressed) and a
# friend who tries the page too is unlikely to get the same deal.
SEEDS = tuple(random.Random("trex openings").sample(range(1, 10**9), 32))
IDP = "trex-"  # the page's game's ids (app.Table's default)
TOUR = "tour"  # the start with the first-visit tour (guide.first_visit), "table" without
MAX_NODES = 400  # a bound on one opening's graph (a contract's prompts nest at most twice)
OFFERED = re.compile(r'data-action="move" data-move="([^"]+)"')  # the prompts' buttons (board.py)  # a bound on one opening's graph (a contract's prompts nest at most twice)


def first_decision(m: Match, seed: int, level: str, ui: dict[str, Any]) -> None:
    """Let the bots play until the player has a decision to make, as the page's bot driver
    does (botdriver.py: the page's seeds, ``f"{seed}:{moves}"``): a forced answer (§4.2)
    is given for the player."""
    while not m.is_over and m.phase != DEAL_OVER:
        seat = m.to_move
        if seat is None:
            return
        if seat == 0 and not observe(m, 0).forced_answer:
            return
        rng = random.Random(f"{seed}:{len(m.history)}")
        text = bots.Thinker(m, seat, level, rng).move()
        play(m, ui, text)


def play(m: Match, ui: dict[str, Any], text: str) -> None:
    """A move as the page's move pipeline plays it (pipeline.MovePipeline.play)."""
    before = len(observe(m, 0).tricks)
    m.play(text)
    tablestate.refreshed(ui, m, observe(m, 0))
    tablestate.moved(ui, before, observe(m, 0))


class Builder:
    """The graph of one opening in one language (strings.language must be ``lang``)."""

    def __init__(self, seed: int, rules: Rules, level: str) -> None:
        self.seed, self.rules, self.level = seed, rules, level
        self.html: list[str] = []
        self.html_index: dict[str, int] = {}
        self.nodes: list[dict[str, Any]] = []
        self.index: dict[str, int] = {}
        self.settings = store.default_settings()

    def match(self, history: list[str]) -> Match:
        m = Match.new(seed=self.seed, rules=self.rules)
        for text in history:
            m.play(text)
        return m

    def parts(self, m: Match, ui: dict[str, Any]) -> list[tuple[str, str]]:
        """The view's parts as app.Table renders them on the page's game."""
        overlay = tablestate.overlay(ui, m)
        state = tablestate.view_state(ui, m, overlay=overlay, levels=bots.levels(), idp=IDP, notices=[],
                                      mode=Game())
        state.update(advice.tools(self.settings, {}))  # a first visit: no aid used yet (aidpanel.py)
        return Game().parts(observe(m, 0), state)

    def node(self, history: list[str], ui: dict[str, Any]) -> int:
        """The node of this match and ``ui`` (made once), with its edges."""
        # (a key left unset and one set to None or False render alike)
        key = json.dumps([history, {k: v for k, v in ui.items() if v not in (None, False)}], sort_keys=True)
        if key in self.index:
            return self.index[key]
        m = self.match(history)
        parts = self.parts(m, ui)
        if len(self.nodes) >= MAX_NODES:
            raise RuntimeError(f"opening {self.seed}: more than {MAX_NODES} nodes")
        n = self.index[key] = len(self.nodes)
        node: dict[str, Any] = {"moves": list(history), "parts": [[name, self.text(html)] for name, html in parts],
                                "edges": {}}
        self.nodes.append(node)
        offered = [mv for _, html in parts for mv in OFFERED.findall(html)]
        node["edges"] = {tap: self.node(h, u) for tap, (h, u) in self.edges(m, history, ui, offered)}
        return n

    def text(self, html: str) -> int:
        if html not in self.html_index:
            self.html_index[html] = len(self.html)
            self.html.append(html)
        return self.html_index[html]

    def edges(self, m: Match, history: list[str], ui: dict[str, Any],
              offered: list[str]) -> Iterator[tuple[str, tuple[list[str], dict[str, Any]]]]:
        """What each tap leads to, when the page would show it without a bot thinking after
        the player (guide.do, controls.raise_card, pipeline.MovePipeline.human_move).
        ``offered``: the moves the rendered parts have a button for."""
        overlay = tablestate.overlay(ui, m)
        if overlay == "tour":
            step = int(ui.get("tour_step") or 0)
            for tap, to in (("tour-next", step + 1), ("tour-back", step - 1)):
                if 0 <= to < rulesview.TOUR_STEPS:
                    yield tap, (history, dict(ui, tour_step=to))
            yield "tour-done", (history, dict(ui, overlay=None))
            return
        if overlay is not None or m.to_move != 0:
            return
        obs = observe(m, 0)
        legal = faces.legal_texts(obs)
        if m.phase == "play":
            for card in faces.texts(obs.hand):
                if card in legal:  # a touch tap raises a card you may play; a raised one plays
                    if ui.get("raised") != card:
                        yield f"raise:{card}", (history, dict(ui, raised=card, message=None))
                    continue
                refused = self.refusal(m, card)
                if refused is not None:
                    yield f"move:{card}", (history, dict(ui, message=refused))
                    yield f"raise:{card}", (history, dict(ui, message=refused))
            return
        for move in dict.fromkeys(offered):  # a contract, a doubling answer: the bots answer here
            if move not in legal:
                continue
            after = dict(ui)
            m2 = self.match(history)
            play(m2, after, move)
            first_decision(m2, self.seed, self.level, after)
            yield f"move:{move}", ([str(x) for x in m2.history], after)

    def refusal(self, m: Match, card: str) -> str | None:
        """The status line's words when the engine refuses ``card`` (faces.refusal_text)."""
        try:
            m.play(card)
        except IllegalMoveError as exc:
            return faces.refusal_text(exc.code, exc.params)
        m.undo()
        return None


def build(seed: int, lang: str, rules: Rules | None = None, level: str = store.LEVELS_DEFAULT) -> dict[str, Any]:
    """One opening in one language: the match of ``seed`` played by the bots up to the
    player's first decision, with and without the first-visit tour over it."""
    rules = rules or Rules.from_dict(store.default_settings()["rules"])  # a first visit's
    with strings.language(lang):
        b = Builder(seed, rules, level)
        m = b.match([])
        ui: dict[str, Any] = {"overlay": None}  # pipeline.take
        tablestate.refreshed(ui, m, observe(m, 0))
        first_decision(m, seed, level, ui)
        history = [str(x) for x in m.history]
        table = b.node(history, ui)
        tour = b.node(history, dict(ui, overlay="tour", tour_step=0))  # guide.first_visit
        starts = {TOUR: tour, "table": table}
        # each start's whole table, for early.js's first paint (board.whole)
        whole = {name: board.whole([(part, b.html[i]) for part, i in b.nodes[n]["parts"]])
                 for name, n in starts.items()}
    return {"format": "trex-opening/1", "seed": seed, "lang": lang, "level": level,
            "rules": rules.to_dict(), "start": starts, "whole": whole, "html": b.html, "nodes": b.nodes}
