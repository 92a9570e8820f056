"""Game records in the page: export, import, and the replay viewer.

Pure Python (no DOM; recordui.py does the page's part, recordview.py the HTML), so all of
it is tested under CPython (tests/test_records_page.py).

* Export: the engine's text record (``trex_core.records.record.write``, docs/RECORD.md) of the
  match on the table, finished or not, and a file name for it.
* Import: :func:`parse` reads a record with the engine (``read``, which replays and checks
  every move) and returns the match, or a :class:`Problem` with the line and the problem
  (the engine's ``RecordError``); nothing else is touched.
* A finished record opens in a :class:`Viewer`, which steps through every move of the match
  (every deal, redeals and the ``next`` between deals included) and back.
* An unfinished record can be continued as the table's match (:func:`continuation`) when
  the table's save can hold it: a save is the seed, the rules and the moves (store.py), so
  the record's hands must be the ones its seed deals (every record this page exports is).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from trex_core import (
    Contract,
    Match,
    RecordError,
    Rules,
    card_text,
    cards_of,
    observe,
    read_record,
    write_record,
)

MAX_CHARS = 1_000_000
"""The longest text read as a record (a full match with long tags is about 15 000 characters)."""


@dataclass(frozen=True)
class Problem:
    """Why a text is not a record the page can open. ``code``: ``record`` (the engine's
    ``RecordError``: ``line`` and ``problem``, the engine's own words), ``empty`` or
    ``too-long`` (nothing was read)."""

    code: str
    line: int = 0
    problem: str = ""


def export(match: Match) -> str:
    """The match's record, exactly as the engine writes it."""
    return write_record(match)


def file_name(seed: int | str, match: Match) -> str:
    """``trex-<seed>.trex`` for a finished match, ``trex-<seed>-deal-<n>.trex`` for one in play.
    The seed is kept to letters, digits and dashes (a file name on every system)."""
    safe = re.sub(r"[^A-Za-z0-9-]+", "-", str(seed)).strip("-")[:40] or "match"
    if match.is_over:
        return f"trex-{safe}.trex"
    return f"trex-{safe}-deal-{match.deal_number + 1}.trex"


def parse(text: str) -> Match | Problem:
    """The match a record describes (replayed and checked by the engine), or why not."""
    if len(text) > MAX_CHARS:
        return Problem("too-long")
    if not text.strip():
        return Problem("empty")
    try:
        return read_record(text)
    except RecordError as exc:
        return Problem("record", exc.line, exc.problem)


def continuation(match: Match) -> Match | str:
    """The record's unfinished match as the table would play it on (dealt from its seed,
    under its rules), or why it cannot be: ``over`` (it is finished: it is replayed, not
    continued), ``single`` (one deal, not a match), ``hands`` (its hands are not those its
    seed deals, so a save could not hold them)."""
    if match.is_over:
        return "over"
    if match.single_deal:
        return "single"
    again = Match.new(seed=match.dealer.seed, rules=match.rules)
    try:
        for move in match.history:
            again.play(move)
    except ValueError:
        return "hands"
    if write_record(again, {}) != write_record(match, {}):
        return "hands"
    return again


def summary(match: Match) -> dict[str, Any]:
    """What the import dialog says about a record: finished or where it stands, the totals."""
    return {"deal": match.deal_number + 1, "deals": match.deal_count, "totals": list(match.totals)}


class Viewer:
    """Steps through a recorded match: ``go(n)`` shows it after its first ``n`` moves.
    Forward is the engine's ``play``, back its ``undo`` (which restarts from the dealing's
    snapshot), so every step is the engine's own state, never a copy kept aside."""

    def __init__(self, recorded: Match) -> None:
        self.moves = recorded.history
        self.rules: Rules = recorded.rules
        self.m = Match(recorded.rules, recorded.dealer, single_deal=recorded.single_deal,
                       first_king=recorded.first_king)
        self.seats: list[int | None] = []  # who made each move (None: the deal's ``next``)
        # the steps a jump lands on: each deal's start, and each trick's
        # end (a Trex deal has no tricks: its end only), so 1 039 moves are 20 deals and
        # about 250 tricks away, not a move at a time
        self.deal_starts: list[int] = [0]
        self.trick_ends: list[int] = []
        for n, move in enumerate(self.moves, start=1):
            self.seats.append(self.m.to_move if self.m.phase != "deal-over" else None)
            deal, tricks = self.m.deal_number, len(self.m.state.tricks)
            self.m.play(move)
            if self.m.deal_number != deal:
                self.deal_starts.append(n)
            elif len(self.m.state.tricks) > tricks or self.m.phase == "deal-over" or self.m.is_over:
                self.trick_ends.append(n)
        self.m.undo(len(self.moves))
        self.step = 0

    @property
    def steps(self) -> int:
        return len(self.moves)

    def go(self, n: int) -> None:
        n = max(0, min(n, self.steps))
        if n > self.step:
            for move in self.moves[self.step:n]:
                self.m.play(move)
        elif n < self.step:
            self.m.undo(self.step - n)
        self.step = n

    def marks(self, by: str) -> list[int]:
        """The steps a jump ``by`` deal or trick lands on, the match's two ends included (a
        trick's jumps stop at each deal's start too)."""
        marks = set(self.deal_starts) | {self.steps}
        if by == "trick":
            marks |= set(self.trick_ends)
        return sorted(marks)

    def jump(self, by: str, forward: bool) -> int:
        """The step of the next (or the previous) deal or trick from here."""
        marks = self.marks(by)
        if forward:
            return next((n for n in marks if n > self.step), self.steps)
        return next((n for n in reversed(marks) if n < self.step), 0)

    def action(self, name: str) -> None:
        """The viewer's buttons and keys: first, back, forward, last, and the jumps by deal
        and by trick (deal-back, deal-forward, trick-back, trick-forward)."""
        target = {"first": 0, "back": self.step - 1, "forward": self.step + 1, "last": self.steps}.get(name)
        if target is None and name.partition("-")[0] in ("deal", "trick"):
            by, _, way = name.partition("-")
            target = self.jump(by, way == "forward")
        if target is not None:
            self.go(target)

    def where(self) -> dict[str, int]:
        """The trick the viewer is at in its deal (1-based: the one being played or just
        taken; 0 before the first card) and how many tricks the deal has so far."""
        start = max(n for n in self.deal_starts if n <= self.step)
        done = sum(1 for n in self.trick_ends if start < n <= self.step)
        return {"trick": done + (0 if self.step in self.trick_ends or not self.m.trick else 1)}

    def state(self) -> dict[str, Any]:
        """The position after ``step`` moves as plain data for recordview.py: all four
        hands (face up), the trick on the table (or the last one taken), the Trex layout,
        the deal's scores so far and the match's totals as they were then."""
        m = self.m
        obs = observe(m, 0)
        last = None
        if self.step:
            last = {"seat": self.seats[self.step - 1], "move": str(self.moves[self.step - 1])}
        plays = obs.trick
        shown_trick = "now"
        if not plays and obs.tricks and obs.contract is not Contract.TREX:
            leader, cards, winner = obs.tricks[-1]
            plays = tuple(zip(self.rules.seat_order(leader), cards, strict=True))
            shown_trick = f"taken:{winner}"
        taken = [0, 0, 0, 0]
        for _leader, _cards, winner in obs.tricks:
            taken[winner] += 1
        return {
            "step": self.step, "steps": self.steps, "last": last,
            "phase": obs.phase, "deal": obs.deal_number + 1, "deals": obs.deal_count,
            "kingdom": obs.kingdom + 1, "king": obs.king, "contract": obs.contract.value if obs.contract else None,
            "hands": [[card_text(c) for c in cards_of(h)] for h in m.hands],
            "trick": [[s, card_text(c)] for s, c in plays], "trick_kind": shown_trick if plays else "",
            "layout": [list(row) if row else None for row in obs.layout], "taken": taken,
            "doubled": [[card_text(c), s] for c, s in obs.doubled],
            "deal_scores": list(obs.deal_scores), "totals": list(obs.totals),
            "is_over": obs.is_over,
            "trick_no": self.where()["trick"] if obs.contract not in (None, Contract.TREX) else 0,
        }
