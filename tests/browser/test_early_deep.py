"""The bots answer the player's cards before Python (web/early.js, opening.py's branches).

The runtime's wasm is held back (test_early.Held), so Python cannot start while the first
tricks are played; the branch files are held too where the test needs a tap made while one
is on its way. Then the wasm is let go and the match Python takes over must hold every move
the table showed, as the engine replays them from the seed.
"""
from __future__ import annotations

import json

from test_early import Held, early_page, parts_html

from conftest import PHONE
from trex_core import Match, card_text, observe
from trexui.start import opening

LANG = "en"


def play_opening() -> tuple[int, dict]:
    """The first opening whose start is a card to play (§3.1), with two tricks answered."""
    for i, seed in enumerate(opening.SEEDS):
        data = opening.build(seed, LANG)
        m = Match.new(seed=data["seed"])
        for text in data["nodes"][data["start"]["table"]]["moves"]:
            m.play(text)
        if m.phase == "play" and 'data-mode="tricks"' in data["whole"]["table"] and data["branches"]:
            return i, data
    raise AssertionError("no opening starts with a card")


def branched(node: dict) -> str:
    """A card of the node whose answer is a branch."""
    return next(tap[5:] for tap, to in node["edges"].items()
                if tap.startswith("move:") and isinstance(to, str))


def branch_of(data: dict, file: dict, node: dict, card: str) -> tuple[dict, dict]:
    name = node["edges"][f"move:{card}"]
    assert isinstance(name, str), "a card's answer is a branch of its own"
    branch = data["branches"][name]
    return branch, branch["nodes"][branch["start"]]


def others_on_felt(page) -> list[str]:
    """The cards of the trick on the felt played by the other seats."""
    return page.evaluate("""() => Array.from(document.querySelectorAll(
        '[data-part=centre] .trick [data-from]:not([data-from="0"])'), e => e.dataset.card)""")


def said(page) -> str:
    return page.evaluate("document.querySelector('#app [data-region=announce]').textContent")


def test_the_bots_answer_two_tricks_before_python_and_python_holds_every_move(new_table):
    """§3.1: two cards played before Python, each answered by the bots' cards (the branch's
    table, the live region saying each); a third card is kept. Python then replays the path
    on the same DOM: every move in its match, the engine's from the seed."""
    i, data = play_opening()
    t, held = early_page(new_table, f"?lang={LANG}&opening={i}&tour=0")
    page = t.page
    page.wait_for_function("() => !!window.TrexTableView")  # (a tap before tableview.js is kept: early.js)
    file, node = data, data["nodes"][data["start"]["table"]]
    played = []
    for _ in range(2):
        card = branched(node)
        file, node = branch_of(data, file, node, card)
        page.locator(f'.hand .card[data-move="{card}"]').click()
        page.wait_for_selector(f'.hand .card[data-move="{card}"]', state="detached")
        page.wait_for_function("() => !document.body.dataset.early")
        played.append(card)
        # the bots' cards of the trick on the felt, before Python
        assert sorted(others_on_felt(page)) == bots_cards(data, node)
        for text in node["say"]:
            assert text in said(page)
        assert page.evaluate("document.body.dataset.state") == "early"
    # the table as early.js shows it, to compare with Python's; a mark on a kept element
    before = parts_html(page)
    page.evaluate("document.querySelector('[data-part=topbar]').trexMark = 1")
    assert not held.released
    held.release()
    t.wait_ready()
    after = parts_html(page)
    for name in before:
        assert after[name] == before[name], f"part {name} differs after Python took over"
    assert page.evaluate("document.querySelector('[data-part=topbar]').trexMark") == 1, \
        "Python replaced the table's elements instead of taking them over"
    moves = json.loads(page.evaluate("window.trexTest.record()"))["moves"]
    assert moves == node["moves"]  # every move: the openings', the player's two, the bots'
    m = Match.new(seed=data["seed"])
    mine = []
    for text in moves:
        if m.to_move == 0:
            mine.append(text)
        m.play(text)
    assert mine == played
    t.guard.check()


def test_a_tap_made_while_the_bots_answer_is_on_its_way_is_followed(new_table):
    """The branch file of a card is held: the next taps (a card raised and played, on a
    phone) wait for it, then go on the table it brings, in order; a card after the last
    branch is kept, and Python plays it."""
    i, data = play_opening()
    t, held = early_page(new_table, f"?lang={LANG}&opening={i}&tour=0", viewport=PHONE, has_touch=True,
                         is_mobile=True)
    page = t.page
    page.wait_for_function("() => !!window.TrexTableView")
    branches = Held(t.context, f"**/openings-*/{LANG}-{i}/*")
    node = data["nodes"][data["start"]["table"]]
    first = branched(node)
    b1, n1 = branch_of(data, data, node, first)
    second = branched(n1)
    b2, n2 = branch_of(data, b1, n1, second)
    page.locator(f'.hand .card[data-move="{first}"]').tap()  # raised (and its branch asked for: "fetch")
    page.wait_for_selector(f'.hand .card.raised[data-move="{first}"]')
    page.locator(f'.hand .card[data-move="{first}"]').tap()  # played: its branch is held
    page.wait_for_selector("body[data-early=fetching]")
    page.locator(f'.hand .card[data-move="{second}"]').tap()  # made on the old table, kept in order
    page.locator(f'.hand .card[data-move="{second}"]').tap()
    assert page.locator(f'.hand .card[data-move="{first}"]').count() == 1  # (still waiting)
    branches.release()
    page.wait_for_selector(f'.hand .card[data-move="{second}"]', state="detached")
    page.wait_for_function("() => !document.body.dataset.early")
    assert sorted(others_on_felt(page)) == bots_cards(data, n2)
    third = next(tap[6:] for tap, to in n2["edges"].items() if tap.startswith("raise:"))
    page.locator(f'.hand .card[data-move="{third}"]').tap()
    page.wait_for_selector(f'.hand .card.raised[data-move="{third}"]')
    page.locator(f'.hand .card[data-move="{third}"]').tap()  # no branch so deep: kept for Python
    page.wait_for_selector("body[data-early=kept]")
    held.release()
    t.wait_ready()
    moves = json.loads(page.evaluate("window.trexTest.record()"))["moves"]
    assert moves[:len(n2["moves"]) + 1] == n2["moves"] + [third]
    t.guard.check()


def bots_cards(data: dict, node: dict) -> list[str]:
    """The other seats' cards of the trick on show at ``node``, as the engine has them: the
    trick in progress, or the one just completed (board.trick_view: held until the next card)."""
    m = Match.new(seed=data["seed"])
    for text in node["moves"]:
        m.play(text)
    obs = observe(m, 0)
    plays = obs.trick
    if not plays:
        leader, cards, _ = obs.tricks[-1]
        plays = list(zip(obs.rules.seat_order(leader), cards, strict=True))
    return sorted(card_text(c) for s, c in plays if s != 0)


def test_a_card_played_before_the_table_view_has_come_is_answered_once_it_has(new_table):
    """A tap on the opening before tableview.js (deferred) has run waits for it (marked),
    then goes along its edge: the bots answer it, nothing is kept for Python."""
    i, data = play_opening()
    t = new_table()
    held = Held(t.context)  # (the wasm: Python cannot start in this test)
    view = Held(t.context, "**/tableview.js")  # (so no "load": goto waits for the commit only)
    t.page.goto(t.url + f"?lang={LANG}&opening={i}&tour=0", wait_until="commit")
    t.page.wait_for_selector("body[data-state=early]", timeout=30_000)
    page = t.page
    assert not page.evaluate("!!window.TrexTableView")
    node = data["nodes"][data["start"]["table"]]
    card = branched(node)
    page.locator(f'.hand .card[data-move="{card}"]').click()
    page.wait_for_selector("body[data-early=fetching]")
    view.release()
    page.wait_for_selector(f'.hand .card[data-move="{card}"]', state="detached")
    page.wait_for_function("() => !document.body.dataset.early")
    _, after = branch_of(data, data, node, card)
    assert sorted(others_on_felt(page)) == bots_cards(data, after)
    held.release()
    t.wait_ready()
    assert json.loads(page.evaluate("window.trexTest.record()"))["moves"] == after["moves"]
