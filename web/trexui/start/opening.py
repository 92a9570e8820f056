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

Edges lead to the next node: the tour's steps, a raised card, a move the engine refuses
(the status says why), the contract and doubling prompts and the player's cards. After a
move the bots' answers are played here, at build time, by the page's own bots with the
page's seeds (botdriver.py), up to the player's next decision, and the node after it is the
table as the page shows it once they have moved, with what the live region says of their
moves (``say``, announce.py at the page's normal pace). The player's cards are answered
for their first ``DEPTH`` cards of the deal; any tap the graph has no edge for is *kept*:
early.js marks it, takes no further taps, and the page replays it through the real controls
when Python takes the table over (app.start_table). A tap is never lost.

The graph is written as JSON: the parts' HTML once each (``html``), and per node its parts
as indices into it, its moves and its edges. The opening's first file holds the nodes up to
the player's first card; a card's edge names a *branch*, a file of its own (the table after
the bots' answer and the taps on it), fetched by early.js only when that card is tapped (or
raised: ``fetch``), so the first file stays small. ``build`` returns the opening and its
branches by name.
"""
from __future__ import annotations

import difflib
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
from ..view import announce, board, faces, rulesview

# The matches a first visit may open with: fixed, so the build is reproducible; a visit
# picks one at random. 32 keep the site small (each opening is 5-15 KB compressed) and a
# friend who tries the page too is unlikely to get the same deal.
SEEDS = tuple(random.Random("trex openings").sample(range(1, 10**9), 32))
IDP = "trex-"  # the page's game's ids (app.Table's default)
TOUR = "tour"  # the start with the first-visit tour (guide.first_visit), "table" without
MAX_NODES = 400  # a bound on one file's graph (a contract's prompts nest at most twice)
OFFERED = re.compile(r'data-action="move" data-move="([^"]+)"')  # the prompts' buttons (board.py)
# How many of the player's decisions of the first deal the graph answers: two, about the
# time Python takes to come up on a 4G phone (docs/WEB.md "The start"): the first two cards,
# or for the king the contract (§2.2) and the first card. Each card answered is a branch file
# per card the player may play: one more level for the king (five contracts, then two cards)
# would be ten times the files (about 380 an opening, 12 of the 32 in each language).
DEPTH = 2
UNSAFE = re.compile(r"[^A-Za-z0-9-]")  # a branch's file name: its moves' characters but these


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


TOKEN = re.compile(r"(?=<)")  # HTML cut before each tag: the pieces' units
Entry = str | list[str | list[int]]  # an entry of a file's ``html``: text, or pieces (html_of)


def pieces(base: str, index: int, html: str) -> Entry:
    """``html`` as pieces of ``base`` (entry ``index``) and literal text, when that is at
    most half as long; else ``html`` itself. (Only a ``base`` with no character beyond the
    BMP: early.js slices by UTF-16 units, Python by characters.)"""
    if any(ord(c) > 0xFFFF for c in base):
        return html
    a, b = TOKEN.split(base), TOKEN.split(html)
    starts = [0]
    for tok in a:
        starts.append(starts[-1] + len(tok))
    out: list[str | list[int]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            out.append([index, starts[i1], starts[i2]])
        elif j2 > j1:
            out.append("".join(b[j1:j2]))
    return out if len(json.dumps(out)) * 2 <= len(html) else html


def html_of(data: dict[str, Any], i: int) -> str:
    """Entry ``i`` of a graph's ``html`` as text (early.js reads pieces the same way)."""
    entry = data["html"][i]
    if isinstance(entry, str):
        return entry
    return "".join(p if isinstance(p, str) else html_of(data, p[0])[p[1]:p[2]] for p in entry)


def said(before: Match, after: Match) -> list[str]:
    """What the live region says between two tables (render.py: the announcer at the page's
    normal pace, one message an event; the player's own moves are not said)."""
    return [e.text for e in announce.events(observe(before, 0), observe(after, 0))]


class Builder:
    """The graph of one file of an opening in one language (strings.language must be
    ``lang``): the opening's first, or a branch. ``depth``: how many more of the player's
    cards lead to a branch; ``files``: the opening's branches, shared by its builders."""

    def __init__(self, seed: int, rules: Rules, level: str, depth: int = DEPTH,
                 files: dict[str, dict[str, Any]] | None = None, start: int = 0) -> None:
        self.seed, self.rules, self.level, self.depth = seed, rules, level, depth
        self.html: list[Entry] = []
        self.html_index: dict[str, int] = {}
        self.nodes: list[dict[str, Any]] = []
        self.index: dict[str, int] = {}
        self.settings = store.default_settings()
        self.files = {} if files is None else files
        self.start = start  # the moves of the opening's start (a branch is named by those after)
        self.memo: dict[str, tuple[list[str], dict[str, Any]]] = {}  # answered()
        self.firsts: dict[str, int] = {}  # each part's first HTML in the file (text)

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

    def node(self, history: list[str], ui: dict[str, Any], before: list[str] | None = None) -> int:
        """The node of this match and ``ui`` (made once), with its edges. ``before``: the
        moves of the node a move was made on (what the live region says comes from it)."""
        # (a key left unset and one set to None or False render alike)
        key = json.dumps([history, {k: v for k, v in ui.items() if v not in (None, False)}], sort_keys=True)
        if key in self.index:
            return self.index[key]
        m = self.match(history)
        parts = self.parts(m, ui)
        if len(self.nodes) >= MAX_NODES:
            raise RuntimeError(f"opening {self.seed}: more than {MAX_NODES} nodes")
        n = self.index[key] = len(self.nodes)
        node: dict[str, Any] = {"moves": list(history), "edges": {},
                                "parts": [[name, self.text(html, name)] for name, html in parts]}
        if before is not None and before != history:
            node["say"] = said(self.match(before), m)
        self.nodes.append(node)
        offered = [mv for _, html in parts for mv in OFFERED.findall(html)]
        edges: dict[str, int | str] = {}
        for tap, (h, u, branch) in self.edges(m, history, ui, offered):
            edges[tap] = self.branch(h, u, history) if branch else self.node(h, u, history)
        node["edges"] = edges
        if ui.get("raised") and isinstance(edges.get(f"move:{ui['raised']}"), str):
            node["fetch"] = edges[f"move:{ui['raised']}"]  # a raised card is likely played next
        return n

    def branch(self, history: list[str], ui: dict[str, Any], before: list[str]) -> str:
        """The branch file that starts at this match and ``ui`` (made once), by its name:
        the moves after the opening's start."""
        m = self.match(history[:self.start])
        mine = []  # the player's moves since the start (the bots' follow from them)
        for mv in history[self.start:]:
            if m.to_move == 0:
                mine.append(UNSAFE.sub("_", mv))
            m.play(mv)
        name = ".".join(mine)
        if name not in self.files:
            sub = Builder(self.seed, self.rules, self.level, self.depth - 1, self.files, self.start)
            first = sub.node(history, ui, before)
            self.files[name] = {"format": "trex-opening-branch/1", "start": first,
                                "html": sub.html, "nodes": sub.nodes}
        elif self.files[name]["nodes"][self.files[name]["start"]]["moves"] != history:
            raise RuntimeError(f"opening {self.seed}: two branches named {name}")
        return name

    def text(self, html: str, part: str) -> int:
        """The index of ``html`` in the file's list. A part's HTML that differs
        little from the part's first in the file (a raised card, a refusal said) is written
        as pieces: literal text and ``[i, start, end]``, a slice of entry ``i`` (html_of)."""
        if html not in self.html_index:
            self.html_index[html] = len(self.html)
            first = self.firsts.setdefault(part, self.html_index[html])
            base = self.html[first] if first < len(self.html) else None  # (a part's first is text)
            self.html.append(pieces(base, first, html) if isinstance(base, str) else html)
        return self.html_index[html]

    def answered(self, history: list[str], ui: dict[str, Any], move: str) -> tuple[list[str], dict[str, Any]]:
        """The player's move, then the bots' up to the player's next decision (once for
        every table of the same match: a raised card or a refusal on show changes nothing
        of it, tablestate.moved)."""
        key = json.dumps([history, move, {k: v for k, v in ui.items() if k not in ("raised", "message")}],
                         sort_keys=True)
        if key not in self.memo:
            after = dict(ui)
            m = self.match(history)
            play(m, after, move)
            first_decision(m, self.seed, self.level, after)
            self.memo[key] = ([str(x) for x in m.history], after)
        h, after = self.memo[key]
        return list(h), dict(after)

    def edges(self, m: Match, history: list[str], ui: dict[str, Any],
              offered: list[str]) -> Iterator[tuple[str, tuple[list[str], dict[str, Any], bool]]]:
        """What each tap leads to (guide.do, controls.raise_card, pipeline.MovePipeline.human_move),
        and whether it is a branch of its own. ``offered``: the moves the rendered parts have
        a button for."""
        overlay = tablestate.overlay(ui, m)
        if overlay == "tour":
            step = int(ui.get("tour_step") or 0)
            for tap, to in (("tour-next", step + 1), ("tour-back", step - 1)):
                if 0 <= to < rulesview.TOUR_STEPS:
                    yield tap, (history, dict(ui, tour_step=to), False)
            yield "tour-done", (history, dict(ui, overlay=None), False)
            return
        if overlay is not None or m.to_move != 0:
            return
        obs = observe(m, 0)
        legal = faces.legal_texts(obs)
        if m.phase == "play":
            for card in faces.texts(obs.hand):
                if card in legal:  # a touch tap raises a card you may play; a raised one plays
                    if self.depth > 0:  # the bots' answer, in a branch fetched on the tap
                        h, u = self.answered(history, ui, card)
                        yield f"move:{card}", (h, u, True)
                        if ui.get("raised") == card:
                            yield f"raise:{card}", (h, u, True)
                    if ui.get("raised") != card:
                        yield f"raise:{card}", (history, dict(ui, raised=card, message=None), False)
                    continue
                refused = self.refusal(m, card)
                if refused is not None:
                    yield f"move:{card}", (history, dict(ui, message=refused), False)
                    yield f"raise:{card}", (history, dict(ui, message=refused), False)
            if self.depth > 0 and "pass" in legal and "pass" in offered:  # §6.2: a pass in Trex
                yield "move:pass", (*self.answered(history, ui, "pass"), True)
            return
        for move in dict.fromkeys(offered):  # a contract, a doubling answer: the bots answer here
            if move not in legal:
                continue
            yield f"move:{move}", (*self.answered(history, ui, move), False)

    def refusal(self, m: Match, card: str) -> str | None:
        """The status line's words when the engine refuses ``card`` (faces.refusal_text)."""
        try:
            m.play(card)
        except IllegalMoveError as exc:
            return faces.refusal_text(exc.code, exc.params)
        m.undo()
        return None


def build(seed: int, lang: str, rules: Rules | None = None, level: str = store.LEVELS_DEFAULT,
          depth: int = DEPTH) -> dict[str, Any]:
    """One opening in one language: the match of ``seed`` played by the bots up to the
    player's first decision, with and without the first-visit tour over it; its branches
    (``depth`` of the player's cards answered) under ``"branches"``, by name."""
    rules = rules or Rules.from_dict(store.default_settings()["rules"])  # a first visit's
    with strings.language(lang):
        m = Match.new(seed=seed, rules=rules)
        ui: dict[str, Any] = {"overlay": None}  # pipeline.take
        tablestate.refreshed(ui, m, observe(m, 0))
        first_decision(m, seed, level, ui)
        history = [str(x) for x in m.history]
        # (the king's contract is one of the decisions answered)
        b = Builder(seed, rules, level, depth - (m.phase == "choose"), start=len(history))
        table = b.node(history, ui)
        tour = b.node(history, dict(ui, overlay="tour", tour_step=0))  # guide.first_visit
        starts = {TOUR: tour, "table": table}
        # each start's whole table, for early.js's first paint (board.whole)
        whole = {name: board.whole([(part, html_of({"html": b.html}, i)) for part, i in b.nodes[n]["parts"]])
                 for name, n in starts.items()}
    return {"format": "trex-opening/1", "seed": seed, "lang": lang, "level": level,
            "rules": rules.to_dict(), "start": starts, "whole": whole, "html": b.html, "nodes": b.nodes,
            "branches": b.files}
