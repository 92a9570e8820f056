"""A match survives a reload exactly where it was; a corrupt or
old-format save is reported and a new game offered, never a blank page."""
import json
import re
import sys
from pathlib import Path

from test_a11y import axe

SAVE_KEY = "trex.match"


def test_reload_mid_trick_resumes(new_table):
    t = new_table()
    t.goto("?speed=instant&seed=5")
    while True:  # play on until it is your turn with cards already in the trick
        st = t.wait_idle()
        if st["waiting"] == "play" and st["trick"] and st["contract"] != "trex":
            break
        t.step()
    before = t.state()
    shown = t.page.locator(".trick .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    t.reload()
    after = t.wait_idle()
    for key in ("phase", "to_move", "contract", "kingdom", "deal_number", "king", "hand",
                "legal", "trick", "tricks", "totals", "history", "moves", "doubled", "seed"):
        assert after[key] == before[key], key
    assert t.page.locator(".trick .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == shown
    t.screenshot("reload-resumed")
    # and the match goes on from there
    t.step()
    assert t.state()["moves"] > before["moves"]


def test_reload_during_a_deal_summary_shows_it_again(new_table):
    t = new_table()
    t.goto("?speed=instant&seed=8")
    st = t.play_deal()
    assert st["waiting"] == "summary"
    t.reload()
    st = t.wait_idle()
    assert st["waiting"] == "summary" and st["phase"] == "deal-over" and len(st["history"]) == 1
    assert st["deal_number"] == 0, "the finished deal is on the table, not the next one"
    st = t.act("[data-action=next-deal]")
    assert st["overlay"] is None and st["deal_number"] == 1 and st["phase"] != "deal-over"


def test_corrupt_save_is_reported_and_a_new_game_offered(new_table):
    t = new_table()
    t.goto("?speed=instant")
    t.wait_idle()  # the bots have moved and saved: nothing overwrites the damaged save below
    t.reload(storage={SAVE_KEY: '{"format": "trex-web/1", "seed": 3, "rules": {}, "moves": ["QS", "zz"]}'})
    st = t.wait_idle()
    assert st["waiting"] == "corrupt"
    dialog = t.page.locator("[data-overlay=corrupt]")
    assert dialog.is_visible()
    assert "could not be restored" in dialog.inner_text()
    assert "move 1" in dialog.inner_text()
    t.screenshot("corrupt-save")
    st = t.act("[data-action=new-game-now]")
    assert st["overlay"] is None and st["history"] == []
    saved = json.loads(t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    # the new game, in the current format (at the instant pace the bots may already have moved)
    assert saved["format"] == "trex-web/2" and saved["seed"] == st["seed"] != 3


def test_a_damaged_save_says_why_in_arabic(new_table):
    """The reason is the page's language too: a refused move says why by its code."""
    t = new_table()
    t.goto("?speed=instant&lang=ar")
    t.wait_idle()  # the bots have moved and saved: nothing overwrites the damaged save below
    t.reload(storage={SAVE_KEY: '{"format": "trex-web/2", "seed": 3, "rules": {}, "moves": ["2C"]}'})
    assert t.wait_idle()["waiting"] == "corrupt"
    text = t.page.locator("[data-overlay=corrupt]").inner_text()
    assert "الملك" in text and "2\u2663" in text, text  # the king must first name a contract
    assert not re.search("[A-Za-z]{2,}", text), text
    t.screenshot("corrupt-save-ar")


def test_unreadable_and_old_saves(new_table):
    t = new_table()
    t.goto("?speed=instant")
    for text, words in (("{not json", "not readable"),
                        ('{"format": "trex-web/0", "moves": []}', "format")):
        t.reload(storage={SAVE_KEY: text})
        st = t.wait_idle()
        assert st["waiting"] == "corrupt", text
        assert words in t.page.locator("[data-overlay=corrupt]").inner_text()


def test_blocked_storage_still_plays(new_table):
    """Privacy settings that refuse local storage: the game plays, unsaved, and says so."""
    t = new_table()
    t.context.add_init_script(
        "Object.defineProperty(window, 'localStorage', "
        "{get() { throw new DOMException('blocked', 'SecurityError'); }})")
    t.goto("?speed=instant&seed=6")
    st = t.step() and t.wait_idle()
    assert st["moves"] >= 1
    assert "Not saved" in t.page.locator(".topbar").inner_text()


def test_a_link_to_another_game_asks_with_its_number_and_keeps_the_match_by_default(new_table):
    """?seed= over a match in progress asks "Open game 99?" (the
    number filled in); Enter and Escape keep the match, only the named button replaces it."""
    t = new_table()
    t.goto("?speed=instant&seed=5")
    t.step()
    st = t.wait_idle()
    match = (st["seed"], st["moves"])
    for key in ("Enter", "Escape"):
        t.goto("?speed=instant&seed=99")
        dialog = t.page.locator(".overlay[data-overlay=confirm-seed]")
        dialog.wait_for()
        t.assert_filled()
        assert dialog.locator("h2").inner_text() == "Open game 99?"
        assert t.page.evaluate("document.activeElement.getAttribute('data-action')") == "close"
        seq = t.page.evaluate("document.body.dataset.seq")
        t.page.keyboard.press(key)
        t.page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        st = t.wait_idle()
        assert st["overlay"] is None and (st["seed"], st["moves"]) == match, key
    t.goto("?speed=instant&seed=99")
    assert t.act("[data-action=seed-game]")["seed"] == 99


def test_a_damaged_save_plays_on_from_its_last_good_move_and_downloads(new_table):
    """One bad move among 35 does not lose the match: the dialog offers to
    continue from the last good move (focused: Escape takes it) and the damaged save as a file."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from test_damaged_save import damaged_save
    text, good = damaged_save(seed=3, moves=35, bad=8)
    t = new_table()
    t.goto("?speed=slow")
    t.wait_idle()
    t.reload(storage={SAVE_KEY: text})
    st = t.wait_idle()
    assert st["waiting"] == "corrupt"
    dialog = t.page.locator("[data-overlay=corrupt]")
    assert "move 8" in dialog.inner_text() and "Continue from move 7" in dialog.inner_text()
    assert t.page.evaluate("document.activeElement.getAttribute('data-action')") == "save-continue"
    t.screenshot("corrupt-save-salvage")
    axe(t, "a damaged save", "en")
    with t.page.expect_download() as got:
        dialog.locator("[data-key=save-download]").click()
    assert Path(got.value.path()).read_text(encoding="utf-8") == text
    assert t.state()["waiting"] == "corrupt", "the download changes nothing"
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.keyboard.press("Escape")
    t.page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    st = t.state()
    assert st["overlay"] is None and st["seed"] == 3
    record = json.loads(t.page.evaluate("window.trexTest.record()"))
    assert record["moves"][:7] == [str(m) for m in good.history]
    saved = json.loads(t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert saved["moves"][:7] == [str(m) for m in good.history], "the match saved again from there"


def test_a_move_is_saved_when_the_table_waits_and_when_the_page_is_left(new_table):
    """A move's save comes in an idle task after the move is drawn (pipeline.save_soon): the
    page's marks wait for it, so the save read after them holds every move; and a page
    hidden or left first saves at once (pagehide), in the same task as the move here."""
    t = new_table()
    t.goto("?speed=instant&seed=5")
    while t.wait_idle()["waiting"] != "play":
        t.step()
    t.act(".hand .card.playable")
    moves = json.loads(t.page.evaluate("window.trexTest.record()"))["moves"]
    saved = json.loads(t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert saved["moves"] == moves, "the marks came before the save"
    while t.wait_idle()["waiting"] != "play":
        t.step()
    # the card played and the page left in one task: no idle moment came between them
    stored = t.page.evaluate("""() => {
        document.querySelector('.hand .card.playable').click();
        window.dispatchEvent(new PageTransitionEvent('pagehide'));
        return [localStorage.getItem('trex.match'), window.trexTest.record()];
    }""")
    saved, record = json.loads(stored[0]), json.loads(stored[1])
    assert saved["moves"] == record["moves"] and len(record["moves"]) > len(moves)
    t.reload()
    t.wait_idle()
    after = json.loads(t.page.evaluate("window.trexTest.record()"))["moves"]
    assert after[:len(record["moves"])] == record["moves"]
