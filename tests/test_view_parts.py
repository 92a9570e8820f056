"""The view's parts as the page applies them, without a browser (web/trexui/view/board.py):
the parts inside parts morphed alone (``narrow``) give the same HTML as the whole part, and
the score sheet kept from the last render (``side_part``) is the one made afresh."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from trex_core import Match, Rules, observe

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
from trexui.i18n import strings  # noqa: E402
from trexui.players import bots  # noqa: E402
from trexui.table import tablestate  # noqa: E402
from trexui.table.game import Game  # noqa: E402
from trexui.view import board  # noqa: E402


def renders(seed: int, rules: Rules, moves: int = 160):
    """The parts of the page's game after each of ``moves`` random legal moves (§3: any
    legal move; a finished deal goes on with the next)."""
    m = Match.new(seed=seed, rules=rules)
    ui: dict = {"overlay": None}
    rng = random.Random(seed)
    for _ in range(moves):
        if m.is_over:
            return
        before = len(observe(m, 0).tricks)
        m.play(str(rng.choice(observe(m, m.to_move).legal)))
        obs = observe(m, 0)
        tablestate.refreshed(ui, m, obs)
        tablestate.moved(ui, before, obs)
        state = tablestate.view_state(ui, m, overlay=tablestate.overlay(ui, m), levels=bots.levels(),
                                      idp="trex-", notices=[], mode=Game())
        yield obs, state, Game().parts(obs, state)
        if m.phase == "deal-over":
            m.play("next")


@pytest.fixture(params=["en", "ar"])
def lang(request):
    strings.set_language(request.param)
    yield request.param
    strings.set_language("en")


@pytest.mark.parametrize("partnership", [False, True])
def test_parts_inside_parts_morphed_alone_give_the_whole_part(lang, partnership) -> None:
    last: dict[str, str] = {}
    narrowed = 0
    for _, _, parts in renders(7, Rules(partnership=partnership)):
        for name, html in parts:
            old = last.get(name)
            if old is not None and old != html:
                patches = board.narrow(name, old, html)
                if patches != [[name, html]]:
                    narrowed += 1
                    page = old
                    for sub, sub_html in patches:  # as the page morphs each: in place of its element
                        start, end = board._element(page, sub)
                        page = page[:start] + sub_html + page[end:]
                    assert page == html, name
            last[name] = html
    assert narrowed > 50, "a move changes the top bar's counters, not its tools"


def test_a_part_with_its_own_attributes_changed_is_morphed_whole() -> None:
    old = ('<header data-part="topbar"><ul data-part="counters"><li>1</li></ul>'
           '<nav data-part="tools">x</nav></header>')
    new = old.replace('<header data-part="topbar">', '<header data-part="topbar" inert>').replace("1", "2")
    assert board.narrow("topbar", old, new) == [["topbar", new]]
    counters = '<ul data-part="counters"><li>2</li></ul>'
    assert board.narrow("topbar", old, old.replace("1", "2")) == [["counters", counters]]
    nested = '<div data-part="you"><div data-part="hand"><div>a</div><div>b</div></div></div>'
    assert board._element(nested, "hand") == (len('<div data-part="you">'), len(nested) - len("</div>"))
    assert board.narrow("seat-1", old, new) == [["seat-1", new]]  # (no parts inside)


def test_the_score_sheet_kept_is_the_one_made_afresh(lang) -> None:
    for partnership in (False, True):
        for obs, state, parts in renders(11, Rules(partnership=partnership), 240):
            board._SHEETS.clear()
            assert Game().parts(obs, state) == parts


LTR_SPAN_OPENED = r'<span[^<>]* dir="ltr"[^<>]*>$'


def test_a_doubled_cards_times_two_reads_left_to_right_in_arabic() -> None:
    """§4: a doubled card is marked ×2. In an Arabic (right-to-left) line the sign and the
    digit would swap ("2×") unless the mark is isolated left to right: an element with
    dir="ltr", or the isolates LRI…PDI in a text."""
    strings.set_language("ar")
    try:
        seen = 0
        for seed in (3, 5, 8):
            for _, _, parts in renders(seed, Rules(), moves=120):
                for _, html in parts:
                    for mark in re.finditer("\u00d72", html):
                        seen += 1
                        before = html[:mark.start()]
                        isolated = before.endswith("\u2066") or re.search(LTR_SPAN_OPENED, before)
                        assert isolated, html[max(0, mark.start() - 120):mark.end()]
        assert seen > 0  # (the deals had doubled cards to mark)
    finally:
        strings.set_language("en")
