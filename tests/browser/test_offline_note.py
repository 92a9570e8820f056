"""The "Ready to play offline" note: it covers nothing of the table on a
phone, held sideways and on a desktop, in English and Arabic; it follows a switch of language
in Settings; an embedded table never shows it. The worker's readiness shows it through
``trexLoader.offlineNote()`` (loader.js), which these tests call directly: the worker
itself is test_offline.py's."""
from __future__ import annotations

import re

import pytest

from conftest import BOOT_TIMEOUT_MS, DESKTOP

VIEWPORTS = {"phone": {"width": 360, "height": 740}, "sideways": {"width": 740, "height": 360},
             "desktop": DESKTOP}

UNDER_NOTE = """() => {
  const shown = window.trexLoader.offlineNote();
  const n = document.getElementById("sw-offline");
  const r = n.getBoundingClientRect();
  const bare = "html, body, #app, .table-view, .main, .felt, [data-part=centre], [data-part=you], " +
    ".you-line, .trick-wrap, .trick, .slot";  // boxes that paint nothing (a trick's empty slot)
  const under = [];
  for (let i = 0; i <= 6; i++) for (let j = 0; j <= 3; j++) {
    const x = r.left + 1 + (r.width - 2) * i / 6, y = r.top + 1 + (r.height - 2) * j / 3;
    const el = document.elementsFromPoint(x, y).find(e => e !== n && !n.contains(e));
    if (el && !el.matches(bare)) under.push(el.className || el.tagName);
  }
  return {shown, visible: !n.hidden && r.width > 0, text: n.textContent.trim(), under,
          inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight};
}"""


def trick_on_the_table(t) -> None:
    """Play on until it is your turn with cards in the trick (the fullest felt)."""
    while True:
        st = t.wait_idle()
        if st["waiting"] == "play" and st["trick"] and st["contract"] != "trex":
            return
        t.step()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_note_covers_nothing(new_table, lang):
    for name, viewport in VIEWPORTS.items():
        t = new_table(viewport=viewport)
        t.goto(f"?speed=instant&seed=5&lang={lang}")
        trick_on_the_table(t)
        got = t.page.evaluate(UNDER_NOTE)
        assert got["shown"] and got["visible"] and got["inside"], (name, got)
        assert not got["under"], f"{name}: the note covers {got['under']}"
        t.screenshot(f"offline-note-{lang}-{name}")
        # a dialog fills the screen: no free place, no note over it
        t.act("[data-action=help]")
        got = t.page.evaluate(UNDER_NOTE)
        assert not got["shown"] and not got["visible"], (name, got)
        t.context.close()


def test_the_note_follows_a_switch_of_language(new_table):
    t = new_table()
    t.goto("?speed=instant&seed=5&lang=en")
    t.wait_idle()
    assert t.page.evaluate(UNDER_NOTE)["text"] == "Ready to play offline"
    t.act("[data-action=settings]")
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.select_option(".settings [name=lang]", "ar")
    t.page.wait_for_function("s => document.body.dataset.seq !== s && document.documentElement.lang === 'ar'",
                             arg=seq)
    t.act("[data-overlay=settings] [data-action=close]")
    text = t.page.evaluate(UNDER_NOTE)["text"]
    assert re.search("[\u0600-\u06ff]", text) and not re.search("[A-Za-z]", text), text
    update = t.page.locator("#sw-update").evaluate("el => el.textContent")
    assert not re.search("[A-Za-z]{3,}", update), update


def test_an_embedded_table_shows_no_note(new_table, site_url):
    t = new_table()
    page = t.page
    page.goto(site_url + "embed.html?mode=play&seed=8&king=0&contract=trex&speed=instant")
    page.wait_for_selector("body[data-state=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    got = page.evaluate(UNDER_NOTE)
    assert not got["shown"] and not got["visible"], got
    page.set_content(f'<iframe src="{site_url}embed.html?mode=play&amp;seed=8&amp;king=0&amp;contract=trex" '
                     'name="lesson" title="Trex" style="width:600px;height:500px"></iframe>')
    frame = page.frame_locator("iframe")
    frame.locator("body[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    fr = page.frame(name="lesson")
    got = fr.evaluate(UNDER_NOTE)
    assert not got["shown"] and not got["visible"], got
