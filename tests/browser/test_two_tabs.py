"""Two tabs of the table. Every save carries a stamp (store.py); a tab whose
save is no longer the newest stops saving, says so, and offers to load the newer match; no
save is ever overwritten by an older one. Two pages of one browser context share their
local storage, as two tabs do."""
import json

from conftest import Table

SAVE_KEY = "trex.match"


def stored(t) -> str:
    return t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")


def second_tab(a) -> Table:
    page = a.guard.watch(a.context.new_page())
    page.set_default_timeout(30_000)
    return Table(a.context, page, a.guard, a.url)


def test_an_older_tab_never_overwrites_the_newer_match(new_table):
    a = new_table()
    a.goto("?speed=instant&seed=21")
    for _ in range(3):
        a.step()
    st_a = a.wait_idle()
    assert json.loads(stored(a))["stamp"]["n"] >= 1

    # B: a second tab resumes the same match and plays on
    b = second_tab(a)
    b.goto("?speed=instant")
    assert b.wait_idle()["moves"] == st_a["moves"]
    for _ in range(4):
        b.step()
    st_b = b.wait_idle()
    assert st_b["moves"] > st_a["moves"]
    newer = stored(b)
    assert json.loads(newer)["stamp"]["n"] > 1

    # A heard of it (the storage event): it no longer saves and says so
    a.page.wait_for_selector("body[data-waiting=stale]")
    dialog = a.page.locator("[data-overlay=stale]")
    assert "played on in another tab" in dialog.inner_text()
    assert a.page.evaluate("document.activeElement.dataset.action") == "load-newer"
    a.screenshot("two-tabs-stale")
    # A stays on its older position and plays a card: B's save is not overwritten
    a.act("[data-overlay=stale] [data-action=close]")
    assert a.state()["moves"] == st_a["moves"]
    a.step()
    assert a.wait_idle()["moves"] > st_a["moves"]
    assert stored(a) == newer
    assert "another tab" in a.page.locator(".topbar").inner_text()
    a.screenshot("two-tabs-not-saved")

    # loading the newer match gives B's position, and A saves again from there
    st = a.act(".topbar [data-action=load-newer]")
    for key in ("phase", "to_move", "hand", "trick", "history", "totals", "moves", "seed"):
        assert st[key] == st_b[key], key
    assert "another tab" not in a.page.locator(".topbar").inner_text()
    a.step()
    assert json.loads(stored(a))["moves"][:st_b["moves"]] == json.loads(newer)["moves"]
    assert len(json.loads(stored(a))["moves"]) > st_b["moves"]
    # and now B is the older tab
    b.page.wait_for_selector("body[data-waiting=stale]")


def test_a_save_of_an_older_version_without_a_stamp_still_loads(new_table):
    t = new_table()
    t.goto("?speed=instant&seed=9")
    t.wait_idle()
    old = json.loads(stored(t))
    del old["stamp"]
    t.reload(storage={SAVE_KEY: json.dumps(old)})
    st = t.wait_idle()
    assert st["seed"] == 9 and st["moves"] == len(old["moves"])
    t.step()
    stamp = json.loads(stored(t))["stamp"]  # overwritten by the next saves, now stamped
    assert stamp["n"] >= 1 and stamp["tab"]


def test_a_tab_saves_on_while_the_stored_save_is_its_own(new_table):
    """Two tabs save at the same moment: each hears of the other's write (the storage
    event), one of them after its own save has replaced it. That tab is the last writer:
    the stored save is its own, so it must go on saving; only a tab whose save was
    overwritten is stale. And a write this tab has not heard of yet is seen before it
    saves (the stored stamp is read first), so it is never overwritten."""
    t = new_table()
    t.goto("?speed=instant&seed=33")
    t.step()
    t.wait_idle()
    mine = json.loads(stored(t))
    other = dict(mine, stamp={"n": mine["stamp"]["n"], "tab": "another-tab"})
    # the other tab's write, heard late: the stored save is still this tab's own
    t.page.evaluate("""([key, value]) => window.dispatchEvent(new StorageEvent("storage",
        {key, newValue: value, storageArea: localStorage}))""", [SAVE_KEY, json.dumps(other)])
    t.step()
    after = json.loads(stored(t))
    assert after["stamp"]["n"] > mine["stamp"]["n"] and len(after["moves"]) > len(mine["moves"])
    assert t.page.evaluate("document.body.dataset.waiting") != "stale"
    # another tab's write this tab has not heard of yet (no event): the next save reads the
    # stored stamp first and does not overwrite it
    theirs = json.dumps(dict(after, stamp={"n": after["stamp"]["n"] + 1, "tab": "another-tab"}))
    t.page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SAVE_KEY, theirs])
    t.step()
    t.page.wait_for_selector("body[data-waiting=stale]")
    assert stored(t) == theirs
