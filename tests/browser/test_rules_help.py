"""Rules and help, in the browser: the rules screen (rulesview.py, guide.py)
opens by keyboard (R) and by touch on a 360×740 phone, Escape closes it and gives the focus
back; a preset switched in Settings changes its text (§10, §1.3); the first-visit tour shows
once, can be skipped, does not show again and reopens from help; axe-core finds nothing
serious on the rules screen and the tour, in English and Arabic. Screenshots go to
tests/browser/artifacts/rules-*.png and tour-*.png."""
import json

import pytest
from test_a11y import axe

from conftest import DESKTOP

SMALL_PHONE = {"width": 360, "height": 740}
COUNTER = "Play goes counter-clockwise: the next player is the one on your right."
CLOCKWISE = "Play goes clockwise: the next player is the one on your left."


def focused(page) -> dict:
    return page.evaluate("""() => { const a = document.activeElement;
        return {tag: a.tagName, key: a.dataset.key || null, action: a.dataset.action || null}; }""")


def rendered(t, act) -> None:
    """Do ``act`` and wait until the page has rendered for it and waits for the player."""
    seq = t.page.evaluate("document.body.dataset.seq")
    act()
    t.page.wait_for_function(
        "s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')",
        arg=seq, timeout=60_000)


def rules_text(page) -> str:
    return page.locator(".overlay[data-overlay=rules] .rules-scroll").inner_text()


def settings(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('trex.settings') || '{}'"))


def test_rules_by_keyboard_R_and_escape_gives_the_focus_back(new_table):
    t = new_table()
    page = t.page
    t.goto("?speed=instant&seed=11")
    t.wait_idle()
    page.locator(".hand .card").first.focus()
    start = focused(page)
    assert start["key"], start
    rendered(t, lambda: page.keyboard.press("r"))
    assert t.state()["overlay"] == "rules" and t.state()["waiting"] == "rules"
    assert focused(page)["action"] == "close-rules", "the dialog has the focus (its Close)"
    text = rules_text(page)
    assert COUNTER in text and CLOCKWISE not in text  # levant, the default (§1.3)
    assert "Worked scores" in text and "North −75" in text  # §11.1, scored by the engine
    # the rules scroll in a box the keyboard can reach
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.classList.contains('rules-scroll')")
    rendered(t, lambda: page.keyboard.press("Escape"))
    assert page.locator(".overlay").count() == 0
    assert focused(page)["key"] == start["key"], "the focus went back where it was"
    # from the help dialog (?) too: its Rules button, and Escape back to the table
    rendered(t, lambda: page.keyboard.press("?"))
    assert "R" in page.locator(".overlay[data-overlay=help] kbd").all_inner_texts()
    rendered(t, lambda: page.locator(".overlay .help-links [data-action=rules]").click())
    assert t.state()["overlay"] == "rules"
    rendered(t, lambda: page.keyboard.press("Escape"))
    assert page.locator(".overlay").count() == 0
    assert focused(page)["key"] == start["key"]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_rules_by_touch_on_a_small_phone(new_table, lang):
    t = new_table(SMALL_PHONE, has_touch=True, is_mobile=True, tour=True)
    page = t.page
    t.goto(f"?speed=instant&seed=11&lang={lang}")
    page.wait_for_selector(".overlay[data-overlay=tour]")
    t.wait_idle()
    box = page.locator(".overlay[data-overlay=tour] .dialog").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"] + 0.5, box
    t.screenshot(f"tour-{lang}-360")
    rendered(t, lambda: page.locator(".overlay [data-action=tour-done]").tap())  # Skip, by touch
    assert page.locator(".overlay").count() == 0
    # the top bar's tools still fit with the Rules button
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    tools = page.locator(".topbar .tools").bounding_box()
    assert tools["x"] >= 0 and tools["x"] + tools["width"] <= SMALL_PHONE["width"] + 0.5, tools
    t.screenshot(f"rules-{lang}-360-table")
    # on a phone the top bar has no room for Rules: Help (the ? tool) leads to it
    assert not page.locator(".topbar [data-action=rules]").is_visible()
    rendered(t, lambda: page.locator(".topbar [data-action=help]").tap())
    rendered(t, lambda: page.locator(".help-links [data-action=rules]").tap())
    dialog = page.locator(".overlay[data-overlay=rules] .dialog")
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= SMALL_PHONE["width"] + 0.5, box
    assert box["y"] + box["height"] <= SMALL_PHONE["height"] + 0.5, box
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    # the text wraps inside its box: no line wider than the phone
    wide = page.evaluate("""() => [...document.querySelectorAll('.rules-scroll p, .rules-scroll li')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).length""")
    assert wide == 0
    if lang == "ar":
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.evaluate("getComputedStyle(document.querySelector('.rules-scroll')).direction") == "rtl"
        assert "عكس عقارب الساعة" in rules_text(page) and "شيخ الكبة" in rules_text(page)
    t.screenshot(f"rules-{lang}-360")
    page.locator(".rules-scroll").evaluate("e => e.scrollTop = e.scrollHeight")
    t.screenshot(f"rules-{lang}-360-end")
    rendered(t, lambda: page.locator(".overlay [data-action=close-rules]").tap())
    assert page.locator(".overlay").count() == 0
    assert focused(page)["action"] == "help", "back on the tool that opened Help"


def test_switching_preset_in_settings_changes_the_text_s10(new_table):
    t = new_table()
    page = t.page
    t.goto("?speed=instant&seed=11")
    t.wait_idle()
    rendered(t, lambda: page.locator(".topbar [data-action=settings]").click())
    rendered(t, lambda: page.locator(".settings [name=preset]").select_option("western"))
    rendered(t, lambda: page.locator(".settings [data-action=rules-form]").click())
    text = rules_text(page)
    assert CLOCKWISE in text and COUNTER not in text  # §10 western: clockwise, §1.3
    assert "first dealer, chosen at random" in text  # §2.3
    assert "apply from the next match" in text  # not the match on the table yet
    # Close goes back to Settings, the form as it was
    rendered(t, lambda: page.locator(".overlay [data-action=close-rules]").click())
    assert t.state()["overlay"] == "settings"
    assert page.locator(".settings [name=preset]").input_value() == "western"
    assert page.locator(".settings [name=direction]").input_value() == "clockwise"
    # jawaker in the form: the §4.4 doubler rule
    rendered(t, lambda: page.locator(".settings [name=preset]").select_option("jawaker"))
    rendered(t, lambda: page.locator(".settings [data-action=rules-form]").click())
    assert "the player who led that trick gains +75 (+25)" in rules_text(page)
    rendered(t, lambda: page.keyboard.press("Escape"))
    assert t.state()["overlay"] == "settings"
    # applied: the match's own rules screen says the same, with no "not yet" note
    rendered(t, lambda: page.locator(".settings [name=preset]").select_option("western"))
    rendered(t, lambda: page.locator("[data-action=apply-rules]").click())
    if t.state()["overlay"] == "confirm-rules":  # the match was under way: the player says yes
        rendered(t, lambda: page.locator("[data-action=rules-now]").click())
    t.wait_idle()
    assert t.state()["rules"]["direction"] == "clockwise"
    rendered(t, lambda: page.locator(".topbar [data-action=rules]").click())
    text = rules_text(page)
    assert CLOCKWISE in text and "apply from the next match" not in text


def test_the_tour_shows_once_on_a_first_visit_and_reopens_from_help(new_table):
    t = new_table(tour=True)
    page = t.page
    t.goto("?speed=instant&seed=11")
    page.wait_for_selector(".overlay[data-overlay=tour]")
    t.wait_idle()
    assert t.state()["waiting"] == "tour"
    assert page.locator("[data-tour-step]").get_attribute("data-tour-step") == "1"
    assert focused(page)["action"] == "tour-next"
    t.screenshot("tour-en-desktop")
    rendered(t, lambda: page.locator("[data-action=tour-next]").click())
    assert page.locator("[data-tour-step]").get_attribute("data-tour-step") == "2"
    rendered(t, lambda: page.locator("[data-action=tour-back]").click())
    assert page.locator("[data-tour-step]").get_attribute("data-tour-step") == "1"
    rendered(t, lambda: page.locator(".overlay [data-action=tour-done]").click())  # Skip
    assert page.locator(".overlay").count() == 0
    assert settings(page).get("tour_seen") is True
    assert t.state()["waiting"] in ("choose", "play", "announce")  # the game goes on
    # not again
    t.reload()
    t.wait_idle()
    assert page.locator(".overlay").count() == 0 and t.state()["overlay"] is None
    # help reopens it; its last step leads to the rules; Escape closes it
    rendered(t, lambda: page.locator(".topbar [data-action=help]").click())
    rendered(t, lambda: page.locator(".help-links [data-action=tour]").click())
    for n in (2, 3, 4):
        rendered(t, lambda: page.locator("[data-action=tour-next]").click())
        assert page.locator("[data-tour-step]").get_attribute("data-tour-step") == str(n)
    rendered(t, lambda: page.locator("[data-action=tour-rules]").click())
    assert t.state()["overlay"] == "rules"
    rendered(t, lambda: page.keyboard.press("Escape"))
    rendered(t, lambda: page.keyboard.press("?"))
    rendered(t, lambda: page.locator(".help-links [data-action=tour]").click())
    rendered(t, lambda: page.keyboard.press("Escape"))
    assert page.locator(".overlay").count() == 0


def test_the_tour_is_skipped_by_tour_0_and_never_on_an_embedded_table(new_table, site_url):
    t = new_table(tour=True)
    t.goto("?speed=instant&seed=11&tour=0")
    assert t.wait_idle()["overlay"] is None
    t.page.goto(site_url + "embed.html?mode=view&seed=1&king=0")  # a fresh page of the same origin
    t.page.wait_for_selector("body[data-state=ready]", state="attached", timeout=90_000)
    assert t.page.locator(".overlay[data-overlay=tour]").count() == 0


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_axe_on_the_rules_screen_and_the_tour(new_table, lang):
    t = new_table(DESKTOP, tour=True)
    page = t.page
    t.goto(f"?speed=instant&seed=11&lang={lang}")
    page.wait_for_selector(".overlay[data-overlay=tour]")
    t.wait_idle()
    axe(t, "tour", lang)
    t.screenshot(f"tour-{lang}-desktop")
    rendered(t, lambda: page.keyboard.press("Escape"))
    rendered(t, lambda: page.keyboard.press("r"))
    axe(t, "rules", lang)
    t.screenshot(f"rules-{lang}-desktop")
    rendered(t, lambda: page.keyboard.press("Escape"))  # shortcuts wait until the dialog closes
    rendered(t, lambda: page.keyboard.press("?"))
    axe(t, "help", lang)
    t.screenshot(f"help-{lang}-desktop")
