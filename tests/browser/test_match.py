"""A whole 20-deal match played through clicks to the final result."""
import time

from test_a11y import axe

from conftest import DESKTOP, PHONE

DEAL_TOTAL = {"king-of-hearts": -75, "queens": -100, "diamonds": -130,
              "collections": -195, "trex": 500}


def test_whole_match_through_clicks(new_table):
    t = new_table()
    t.goto("?speed=instant&seed=11")
    start = time.monotonic()
    summaries = 0
    while True:
        st = t.wait_idle()
        if st["waiting"] == "summary":
            summaries += 1
            last = st["history"][-1]
            # the deal summary shows the deal's scores (§7 totals per contract)
            assert sum(last[3]) == DEAL_TOTAL[last[2]]
            assert t.page.locator("[data-overlay=summary]").is_visible()
            if summaries == 10:
                t.screenshot("match-deal-summary")
        if st["waiting"] == "result":
            break
        assert t.step(), st
    st = t.state()
    assert st["is_over"] and len(st["history"]) == 20 and summaries == 20
    # §7: a kingdom and a match total exactly 0
    assert sum(st["totals"]) == 0
    for k in range(4):
        assert sum(sum(h[3]) for h in st["history"] if h[0] == k) == 0
        assert {h[2] for h in st["history"] if h[0] == k} == set(DEAL_TOTAL)
    page = t.page
    result = page.locator("[data-overlay=result]")
    assert result.is_visible()
    # it opens at its top: the title, the winner and the ranking are in view (not
    # scrolled down to the New game button that has the focus)
    assert page.evaluate("document.activeElement.dataset.action") == "new-game-now"
    for sel in (".dialog h2", ".winner", ".ranking"):
        box = result.locator(sel).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP["height"], sel
    assert result.locator("[data-action=new-game-now]").is_visible()
    winner = result.locator(".winner").inner_text()
    best = max(st["totals"])
    assert ("You win" in winner) == (st["totals"][0] == best and st["totals"].count(best) == 1)
    # the final sheet has all 20 deals filled in and the right totals
    for seat, total in enumerate(st["totals"]):
        cell = result.locator(f".sheet .total td[data-seat='{seat}']").inner_text()
        assert cell.replace("\u2212", "-").replace("+", "") == str(total)
    t.screenshot("match-final-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(50)
    t.screenshot("match-final-phone")
    for sel in (".dialog h2", ".winner"):
        box = result.locator(sel).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], sel
    print(f"20 deals through clicks in {time.monotonic() - start:.1f} s")
    # a new game starts from the result
    st = t.act("[data-action=new-game-now]")
    assert not st["is_over"] and st["history"] == []


def finished_save(seed: int = 7) -> str:
    """The save of a whole match, played to its end by the engine (first legal move each time)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
    from trex_core import Match
    from trexui.table import store

    m = Match.new(seed=seed)
    while not m.is_over:  # each king picks Trex first, so the last deal is a trick contract
        m.play(m.legal_moves()[-1 if m.phase == "choose" else 0])
    return store.dump(seed, m, {})


def focused_action(t) -> str | None:
    return t.page.evaluate("document.activeElement && document.activeElement.getAttribute('data-action')")


def test_the_result_closes_and_the_finished_table_stays_usable(new_table):
    """The result closes (Close, Escape); the table behind it is not inert:
    the toolbar works (score sheet, Settings), the result and the last deal open again, and a
    new match starts from the felt or the toolbar without a question."""
    t = new_table()
    t.goto("?speed=instant")
    t.wait_idle()
    t.reload(storage={"trex.match": finished_save()})
    st = t.wait_idle()
    assert st["waiting"] == "result" and st["is_over"]
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.keyboard.press("Escape")
    t.page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    st = t.wait_idle()
    assert st["overlay"] is None and st["waiting"] == "over" and st["is_over"]
    assert t.page.locator(".topbar[inert], .felt[inert]").count() == 0, "the table is usable"
    assert focused_action(t) == "result", "the focus on the first choice of what next"
    t.screenshot("match-over-closed")
    axe(t, "a finished match, its result closed", "en")
    # the toolbar: Settings opens and closes, the score sheet takes the focus
    assert t.act(".topbar [data-action=settings]")["overlay"] == "settings"
    assert t.act("[data-overlay=settings] [data-action=close]")["overlay"] is None
    t.page.locator(".topbar [data-action=sheet]").click()
    t.page.wait_for_function("document.activeElement.classList.contains('side')")
    # the last deal's summary, with its review, and on to the result again
    st = t.act("[data-action=last-deal]")
    assert st["overlay"] == "summary"
    assert t.page.locator("[data-overlay=summary] [data-action=review]").count() == 1
    st = t.act("[data-overlay=summary] [data-action=next-deal]")
    assert st["overlay"] == "result"
    st = t.act("[data-overlay=result] [data-action=close]")
    assert st["overlay"] is None
    st = t.act(".felt [data-action=result]")
    assert st["overlay"] == "result"
    t.act("[data-overlay=result] [data-action=close]")
    # the toolbar's New game: the match is over, nothing to lose, no question
    st = t.act(".topbar [data-action=new-game]")
    assert st["overlay"] is None and not st["is_over"] and st["seed"] != 7
