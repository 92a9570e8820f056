"""The player aids at a table: app.py's ``Table`` holds one ``AidPanel`` (which
sees the table through api.TableApi) and calls it from a few hook lines (a button's action, a key, the view's state, a move, the end of
the match). The aids' rules and words are aids.py's (the deal review's dealreview.py's), the
statistics stats.py's; this module runs them in the page: the hint's and the review's
thinking a slice at a time (bots.SLICE_MS, one event-loop turn each, as the bots think), so
the table never freezes.

Only the main table has aids (an embedded table is a diagram or a lesson of its own).
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from html import escape
from typing import Any

from trex_core import Observation

from ..i18n.strings import t
from ..players import bots
from . import advice, dealreview, stats
from .api import TableApi

KEYS = {"u": "undo", "h": "hint"}


class AidPanel:
    def __init__(self, table: TableApi, get: Callable[[str], str | None], put: Callable[[str, str], bool]) -> None:
        self.table = table
        self.get, self.put = get, put  # app.py's localStorage, which tolerates a refusing browser
        self.gen = 0
        self.used: dict[str, list[str]] = {}  # deal number -> the aids used in that deal
        self.hint: dict[str, Any] | None = None  # {"n", "move", "text"} or {"n", "thinking"}
        self.review: dict[str, Any] | None = None
        self.recorded = False
        self.task: asyncio.Future[None] | None = None
        # measured (docs/WEB.md): each hint's and review's wall time and its longest slice, ms
        self.timings: dict[str, list[tuple[float, float]]] = {"hint": [], "review": []}

    # ------------------------------------------------------------ state
    def reset(self, saved_ui: dict[str, Any] | None = None) -> None:
        """A new match (or a restored one, with the aids its save says were used)."""
        self.gen += 1
        used = (saved_ui or {}).get("aids")
        self.used = ({str(k): [str(a) for a in v if a in advice.AIDS] for k, v in used.items() if isinstance(v, list)}
                     if isinstance(used, dict) else {})
        self.hint = None
        self.review = None
        self.recorded = bool(self.table.main and self.table.match.is_over)  # a finished match was counted
        self.task = None

    def enabled(self, aid: str) -> bool:
        return self.table.main and advice.enabled(self.table.settings, aid)

    def note(self, aid: str) -> None:
        deal = str(self.table.match.deal_number)
        if aid not in self.used.setdefault(deal, []):
            self.used[deal].append(aid)

    @property
    def practice(self) -> bool:
        """Undo was used in this match: a practice match (stats.py)."""
        return advice.practice(self.used)

    def save_ui(self) -> dict[str, Any]:
        return {"aids": self.used} if self.used else {}

    def moved(self) -> None:
        """A move was made: the hint was for the position before it."""
        self.hint = None

    # ------------------------------------------------------------ the view
    def view(self, ui: dict[str, Any], obs: Observation) -> None:
        """What the aids add to the view's state (view.py reads these keys)."""
        tb = self.table
        ui.update(advice.tools(self.table.settings, self.used, main=self.table.main))
        if self.hint is not None and self.hint.get("n") == len(tb.match.history) and not ui.get("message"):
            if "move" in self.hint:
                ui["note"] = ("hint", self.hint["text"])
            else:
                ui["note"] = ("hint", t("aid.hint.thinking"))
        kind = tb.overlay
        if kind == "summary":  # only the deal's summary shows these
            ui["summary_aids"] = advice.summary_note(self.used.get(str(obs.deal_number), []))
            if self.enabled("review"):
                ui["summary_more"] = (f'<button type="button" data-action="review" data-key="review">'
                                      f'{escape(t("aid.review.button"))}</button>')
        if kind == "review" and self.review is not None:
            r = self.review
            ui["aid_dialog"] = dealreview.review_overlay(r["items"], r["done"], r["total"], r["shown"], tb.idp)
        elif kind == "stats":
            ui["aid_dialog"] = advice.stats_overlay(self.load_stats())
        elif kind == "stats-reset":
            ui["aid_dialog"] = advice.stats_reset_overlay()

    def hint_move(self) -> str | None:
        h = self.hint
        if h is None or "move" not in h or h["n"] != len(self.table.match.history):
            return None
        return str(h["move"])

    # ------------------------------------------------------------ actions
    def do(self, action: str) -> bool:
        """A button's action or a key's; False if it is none of the aids'."""
        tb = self.table
        if action == "undo":
            self.undo()
        elif action == "hint":
            self.start_hint()
        elif action == "review":
            self.start_review()
        elif action == "review-show":
            return True  # handled by show() (it needs the button's item)
        elif action == "review-close":
            self.gen += 1  # a review still thinking stops
            self.review = None
            tb.ui["overlay"] = "summary" if tb.match.is_over else None
            tb.render()
        elif action == "stats":
            tb.ui["overlay"] = "stats"
            tb.render()
        elif action == "stats-reset":
            tb.ui["overlay"] = "stats-reset"
            tb.render()
        elif action == "stats-reset-now":
            self.put(stats.KEY, stats.dump(stats.empty()))
            tb.ui["overlay"] = "stats"
            tb.render()
        else:
            return False
        return True

    def show(self, item: int) -> None:
        """A reviewed decision's position (again: hidden)."""
        if self.review is None:
            return
        self.review["shown"] = None if self.review["shown"] == item else item
        self.table.render()

    def undo(self) -> None:
        tb = self.table
        m = tb.match
        if not self.enabled("undo") or tb.overlay or m.is_over:
            return
        seats = tb.seats
        # a person's move here or a friend's over a link is theirs: undo never takes it back
        people = [s for s in range(4) if seats.person(s) or s in seats.links]
        k = advice.undo_steps(m, seats.viewer, people)
        if not k:
            # another person's move stands between (undo_steps says why not)
            other = len(people) > 1 and advice.undo_steps(m, seats.viewer) > 0
            tb.ui["message"] = t("aid.undo.other" if other else "aid.undo.none")
            tb.render()
            return
        tb.stop_bots()  # a bot thinking about the position being taken back gives up
        self.gen += 1
        m.undo(k)
        self.note("undo")
        self.hint = None
        tb.ui.update(message=None, raised=None, held=None)
        tb.refresh()
        tb.forget_news()  # no news of the cards taken back
        tb.save()
        tb.render()
        tb.speak([t("aid.undo.done")])
        tb.kick()

    def start_hint(self) -> None:
        tb = self.table
        m = tb.match
        if not self.enabled("hint") or tb.overlay or not tb.human_must_act():
            return
        n = len(m.history)
        if self.hint is not None and self.hint.get("n") == n:
            return  # already thinking or shown
        self.gen += 1
        self.hint = {"n": n}
        self.note("hint")
        tb.save()
        tb.render()
        self.task = asyncio.ensure_future(self.think_hint(self.gen, n))

    async def think_hint(self, gen: int, n: int) -> None:
        tb = self.table
        m = tb.match
        try:
            await asyncio.sleep(0)
            await bots.fetch_bytecode()
            for _ in bots.preload_steps():
                await asyncio.sleep(0)
            t0 = time.perf_counter()
            thought = advice.think(tb.obs, tb.seed, n)  # the observation of the player holding the device
            longest = 1000 * (time.perf_counter() - t0)
            while not thought.done:
                if gen != self.gen or len(m.history) != n:
                    return
                t1 = time.perf_counter()
                thought.step(bots.SLICE_MS / 1000.0)
                longest = max(longest, 1000 * (time.perf_counter() - t1))
                await asyncio.sleep(0)
            self.timings["hint"].append((round(1000 * (time.perf_counter() - t0)), round(longest, 1)))
            if gen != self.gen or len(m.history) != n:
                return
            move = str(thought.move())
            self.hint = {"n": n, "move": move, "text": advice.hint_text(tb.obs, move)}
            tb.render()
            tb.speak([self.hint["text"]])
        except Exception as exc:
            tb.report_bug(exc)

    def start_review(self) -> None:
        tb = self.table
        if not self.enabled("review") or tb.overlay != "summary":
            return
        found = dealreview.reviewed(tb.match, tb.seats.viewer)  # your contract, doubling answer and cards
        self.gen += 1
        self.review = {"items": None, "done": 0, "total": len(found), "shown": None}
        self.note("review")
        tb.save()
        tb.ui["overlay"] = "review"
        tb.render()
        self.task = asyncio.ensure_future(self.think_review(self.gen, found))

    async def think_review(self, gen: int, found: list[Any]) -> None:
        tb = self.table
        try:
            await bots.fetch_bytecode()
            for _ in bots.preload_steps():
                await asyncio.sleep(0)
            items = []
            t0 = time.perf_counter()
            longest = 0.0
            review = self.review
            assert review is not None
            for n, obs, move in found:
                thought = advice.think(obs, tb.seed, n)
                while not thought.done:
                    await asyncio.sleep(0)
                    if gen != self.gen or self.review is None:
                        return
                    t1 = time.perf_counter()
                    thought.step(bots.SLICE_MS / 1000.0)
                    longest = max(longest, 1000 * (time.perf_counter() - t1))
                item = dealreview.review_item(n, obs, move, thought)
                if item is not None:
                    items.append(item)
                review["done"] += 1
                tb.render()
            review["items"] = items
            self.timings["review"].append((round(1000 * (time.perf_counter() - t0)), round(longest, 1)))
            tb.render()
        except Exception as exc:
            tb.report_bug(exc)

    # ------------------------------------------------------------ statistics
    def load_stats(self) -> dict[str, Any]:
        return stats.load(self.get(stats.KEY))

    def match_over(self) -> None:
        """The match's last deal ended: count it, once (the main table only)."""
        tb = self.table
        m = tb.match
        if self.recorded or not tb.main or not m.is_over or tb.seats.shared:
            return  # (a match with other people is not one against the bots of a level)
        self.recorded = True
        preset = m.rules.preset_name or "custom"  # partnership and Complex aside
        data = stats.record(self.load_stats(), level=tb.settings["level"], preset=preset,
                            won=0 in m.winners(), practice=self.practice, deals=tb.obs.history)
        self.put(stats.KEY, stats.dump(data))
