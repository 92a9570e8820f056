"""Settings - rule preset and options, partnership, Complex, bot level, speed."""
import json

import pytest
from test_a11y import axe

from conftest import DESKTOP, PHONE


def test_settings_start_a_game_with_the_chosen_rules(new_table):
    t = new_table()
    t.goto("?speed=instant&seed=4")
    st = t.act("[data-action=settings]")
    assert st["waiting"] == "settings"
    page = t.page
    t.screenshot("settings-desktop")
    # a preset fills in its options (§10)
    seq = page.evaluate("document.body.dataset.seq")
    page.select_option(".settings [name=preset]", "pagat")
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    assert page.is_checked(".settings [name=no_heart_lead]")
    assert page.input_value(".settings [name=self_capture]") == "jawaker"
    page.check(".settings [name=partnership]")
    page.check(".settings [name=complex]")
    page.select_option(".settings [name=level]", "easy")
    page.select_option(".settings [name=speed]", "instant")
    # the player has not played yet: nothing of theirs to abandon, no question
    st = t.act("[data-action=apply-rules]")
    rules = st["rules"]
    assert rules["partnership"] and rules["complex"] and rules["no_heart_lead"]
    assert rules["self_capture"] == "jawaker" and st["level"] == "easy"
    assert st["history"] == [] and st["overlay"] is None
    saved = json.loads(page.evaluate("localStorage.getItem('trex.settings')"))
    assert saved["level"] == "easy" and saved["speed"] == "instant" and saved["rules"]["complex"]
    # the sheet has the Complex rows and the team totals (§8.1, §9)
    sheet = page.locator(".side .sheet")
    assert sheet.locator("tr[data-contract=complex]").count() == 4
    assert sheet.locator("tr[data-contract=queens]").count() == 0
    assert sheet.locator(".teams").count() == 2
    # a Complex match plays 8 deals; play the first one through clicks
    st = t.play_deal()
    assert st["history"][0][2] in ("trex", "complex")
    assert sum(st["history"][0][3]) == (500 if st["history"][0][2] == "trex" else -500)
    t.screenshot("complex-partnership-summary")
    t.act("[data-action=next-deal]")
    # on a phone the sheet dialog's team rows put each total under its members' columns
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(50)
    t.act("[data-action=sheet]")
    dialog = page.locator("[data-overlay=sheet]")
    heads = dialog.locator(".sheet thead th")
    for team, members in ((0, (0, 2)), (1, (1, 3))):
        row = dialog.locator(f".sheet tr.teams[data-team='{team}']")
        for seat in members:
            cell = row.locator(f"td[data-seat='{seat}']").bounding_box()
            head = heads.nth(seat + 1).bounding_box()
            assert abs(cell["x"] - head["x"]) < 2 and abs(cell["width"] - head["width"]) < 2
        assert row.locator("td[data-seat]").count() == 2
    dialog.locator(".sheet tr.teams").first.scroll_into_view_if_needed()
    t.screenshot("partnership-sheet-phone")
    t.act("[data-overlay=sheet] [data-action=close]")
    page.set_viewport_size(DESKTOP)
    # the rules survive a reload with the match
    t.reload()
    assert t.state()["rules"]["complex"]


def pressed(t, key: str) -> dict:
    """Press a key like a player; the state once the page has rendered and waits again."""
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.keyboard.press(key)
    t.page.wait_for_function(
        "s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')", arg=seq)
    return t.state()


def focused_action(t) -> str | None:
    return t.page.evaluate("document.activeElement && document.activeElement.getAttribute('data-action')")


def test_settings_never_end_a_match_without_asking(new_table):
    """"Start a new game with these rules" beside Close asks first, as New
    game does; keeping the match has the focus, so Enter and Escape keep it."""
    t = new_table()
    t.goto("?speed=instant&seed=4")
    t.step()
    st = t.wait_idle()
    match = (st["seed"], st["moves"])
    assert st["moves"] > 0
    t.act("[data-action=settings]")
    t.page.select_option(".settings [name=preset]", "pagat")  # a choice the question must not lose
    t.page.wait_for_function("() => document.querySelector('.settings [name=no_heart_lead]').checked")
    for answer in ("Enter", "Escape"):
        st = t.act("[data-overlay=settings] [data-action=apply-rules]")
        assert st["overlay"] == "confirm-rules" and (st["seed"], st["moves"]) == match
        assert "Abandon this match" in t.page.locator("[data-overlay=confirm-rules]").inner_text()
        assert focused_action(t) == "rules-keep", "keeping the match has the focus"
        if answer == "Enter":
            t.screenshot("confirm-rules")
            axe(t, "the question before Settings' new game", "en")
        st = pressed(t, answer)
        assert st["overlay"] == "settings" and (st["seed"], st["moves"]) == match, answer
        assert t.page.input_value(".settings [name=preset]") == "pagat", "back to Settings as left"
    t.act("[data-overlay=settings] [data-action=apply-rules]")
    st = t.act("[data-action=rules-now]")
    assert st["overlay"] is None and st["seed"] != match[0] and st["rules"]["no_heart_lead"]


def test_settings_on_a_phone(new_table):
    t = new_table(viewport=PHONE)
    t.goto("?speed=instant")
    t.act("[data-action=settings]")
    t.screenshot("settings-phone")
    assert t.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    st = t.act("[data-overlay=settings] [data-action=close]")
    assert st["overlay"] is None


@pytest.mark.parametrize("tour", ["skipped", "gone through"])
def test_a_new_host_is_not_asked_to_abandon_a_match_only_the_bots_have_played(new_table, tour):
    """A first visit where a bot is the first king (seed 1: East): the bots move while the
    tour is read. The host then seats a friend by link: the table asks nothing, since no
    person has played; once the host has played a card, the same choice asks first."""
    t = new_table(PHONE, has_touch=True, is_mobile=True, tour=True)
    page = t.page
    t.goto("?speed=fast&seed=1")
    page.wait_for_selector(".overlay[data-overlay=tour]")
    if tour == "skipped":
        t.act(".overlay [data-action=tour-done]")
    else:
        while page.locator("[data-action=tour-next]").count():
            t.act("[data-action=tour-next]")
        t.act(".overlay [data-action=tour-done]")
    st = t.wait_idle()
    assert st["moves"] > 0 and st["to_move"] == 0, st  # the bots chose and played before the host
    t.act("[data-action=settings]")
    page.select_option(".settings [name=seat2]", "link")
    t.page.locator("[data-action=apply-rules]").click()
    page.wait_for_selector("[data-overlay=link]")
    assert t.state()["overlay"] == "link" and t.state()["seats"] == ["you", "bot", "link", "bot"]
    assert page.locator("[data-overlay=confirm-rules]").count() == 0
    # the same without friends, having played: asked first. (The new match's first king
    # may be followed by the friend's seat: then the table waits for the friend, not the host.)
    t.click("[data-overlay=link] [data-action=close]")
    page.wait_for_selector("[data-overlay=link]", state="detached")
    t.click("[data-action=settings]")
    page.select_option(".settings [name=seat2]", "bot")
    t.act("[data-action=apply-rules]")
    t.step()
    t.act("[data-action=settings]")
    st = t.act("[data-action=apply-rules]")
    assert st["overlay"] == "confirm-rules"
