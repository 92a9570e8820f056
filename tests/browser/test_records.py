"""Game records in the page, in the browser. Export → import gives the same
match (the record's text identical, by download, by the dialog's text and after playing it
on); the replay viewer steps through every move of a golden record and back, showing the
hands and the scores the engine gives at each step; a corrupt record is explained with its
line and nothing else changes (the match on the table and its save); axe-core finds nothing
serious in the viewer, in English and Arabic. The end of the match offers
to export its record."""
import json
import sys
from pathlib import Path

import pytest
from test_a11y import axe

from conftest import ROOT
from trex_core import Match, card_text, cards_of, observe, read_record, write_record

sys.path.insert(0, str(ROOT / "web"))
GOLDEN = ROOT / "tests" / "golden"
SAVE_KEY = "trex.match"


def open_records(t):
    """Settings → Game record… (the dialog with the match's record)."""
    t.act("[data-action=settings]")
    t.page.locator(".settings [data-action=records]").click()
    t.page.wait_for_selector("[data-overlay=records]")


def paste(t, text: str):
    t.page.locator(".rec-paste").fill(text)
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.locator("[data-action=record-open]").click()
    t.page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)


def record_of(t) -> str:
    return json.loads(t.page.evaluate("window.trexTest.record()"))["record"]


def expected_steps(text: str) -> list[dict]:
    """The engine's hands and scores after each number of moves of a record (CPython)."""
    rec = read_record(text)
    m = Match(rec.rules, rec.dealer, single_deal=rec.single_deal, first_king=rec.first_king)
    out = []
    for i in range(len(rec.history) + 1):
        obs = observe(m, 0)
        out.append({"hands": [" ".join(card_text(c) for c in cards_of(h)) for h in m.hands],
                    "deal": list(obs.deal_scores), "totals": list(obs.totals)})
        if i < len(rec.history):
            m.play(rec.history[i])
    return out


def shown(t) -> dict:
    """The viewer's hands (sorted like the engine's) and scores, as on screen."""
    return t.page.evaluate("""() => {
        const order = s => s.split(' ').filter(Boolean);
        const hands = [0, 1, 2, 3].map(s => order(document.querySelector(
            `.replay .rv-seat[data-seat="${s}"] .rv-hand`).dataset.cards));
        const num = (s, k) => document.querySelector(`.rv-scores tr[data-seat="${s}"] td[data-k="${k}"]`)
            .textContent.replace(/[\\u2068\\u2069+]/g, '').replace('\\u2212', '-').trim();
        const seats = [0, 1, 2, 3];
        return {hands, deal: seats.map(s => num(s, 'deal')), totals: seats.map(s => num(s, 'total')),
                step: +document.querySelector('.replay').dataset.step};
    }""")


def check_step(t, want: dict, n: int):
    got = shown(t)
    assert got["step"] == n
    assert [sorted(h) for h in got["hands"]] == [sorted(h.split()) for h in want["hands"]], n
    assert [int(x) for x in got["deal"]] == want["deal"], n
    assert [int(x) for x in got["totals"]] == want["totals"], n


def key_to(t, key: str, n: int):
    t.page.keyboard.press(key)
    t.page.wait_for_selector(f'.replay[data-step="{n}"]')


def test_export_then_import_gives_the_same_match(new_table):
    t = new_table()
    t.context.grant_permissions(["clipboard-read", "clipboard-write"])
    t.goto("?speed=instant&seed=11")
    for _ in range(6):
        t.step()
    st = t.wait_idle()
    text = record_of(t)
    open_records(t)
    assert t.page.locator(".rec-text").input_value() == text
    with t.page.expect_download() as dl:
        t.page.locator("[data-key=rec-download]").click()
    download = dl.value
    assert download.suggested_filename == "trex-11-deal-1.trex"
    assert Path(download.path()).read_text(encoding="utf-8") == text
    t.page.locator("[data-action=record-copy]").click()
    t.page.wait_for_selector("[data-overlay=records] .note[role=status]")
    assert t.page.evaluate("navigator.clipboard.readText()") == text
    # import the very text: an unfinished match, so the page asks first; the match in
    # progress would be replaced, so the safe choice (Cancel) has the focus
    paste(t, text)
    t.page.wait_for_selector("[data-overlay=record-continue]")
    assert t.page.evaluate("document.activeElement.dataset.action") == "close"
    t.screenshot("record-continue")
    t.page.locator("[data-action=record-continue]").click()
    t.page.wait_for_function("!document.querySelector('[data-overlay=record-continue]')")
    after = t.wait_idle()
    assert record_of(t) == text
    for key in ("hand", "history", "totals", "moves", "phase", "to_move"):
        assert after[key] == st[key], key
    saved = json.loads(t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    assert len(saved["moves"]) >= st["moves"] and saved["seed"] == 11


def test_the_viewer_steps_through_every_move_of_a_golden_record_and_back(new_table):
    text = (GOLDEN / "king-of-hearts-doubled.trex").read_text(encoding="utf-8")
    want = expected_steps(text)
    t = new_table()
    t.goto("?speed=instant&seed=3")
    t.wait_idle()
    before = t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    open_records(t)
    paste(t, text)
    t.page.wait_for_selector('.replay[data-step="0"]')
    steps = len(want) - 1
    assert int(t.page.locator(".replay").get_attribute("data-steps")) == steps
    check_step(t, want[0], 0)
    for n in range(1, steps + 1):  # ArrowRight: forward, one move at a time
        key_to(t, "ArrowRight", n)
        check_step(t, want[n], n)
    assert t.page.locator("[data-action=replay-forward]").is_disabled()
    t.screenshot("replay-end")
    for n in range(steps - 1, -1, -1):  # and back
        key_to(t, "ArrowLeft", n)
        check_step(t, want[n], n)
    # the buttons too, and the table's match and save were never touched
    t.page.locator("[data-action=replay-last]").click()
    t.page.wait_for_selector(f'.replay[data-step="{steps}"]')
    t.page.locator("[data-action=replay-back]").click()
    t.page.wait_for_selector(f'.replay[data-step="{steps - 1}"]')
    check_step(t, want[steps - 1], steps - 1)
    assert t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == before


def test_the_viewer_on_a_whole_match_home_and_end(new_table):
    """A golden full match, opened as a file: End shows the record's final totals, Home the
    first deal; in Arabic the arrows follow the reading direction."""
    text = (GOLDEN / "match-levant.trex").read_text(encoding="utf-8")
    want = expected_steps(text)
    steps = len(want) - 1
    t = new_table()
    t.goto("?speed=instant&seed=3&lang=ar")
    t.wait_idle()
    open_records(t)
    t.page.locator(".rec-file").set_input_files(str(GOLDEN / "match-levant.trex"))  # a file, this time
    t.page.wait_for_selector('.replay[data-step="0"]')
    key_to(t, "End", steps)
    check_step(t, want[steps], steps)
    t.screenshot("replay-match-end-ar")
    # Arabic reads right to left: the left arrow goes on, the right arrow back
    key_to(t, "ArrowRight", steps - 1)
    check_step(t, want[steps - 1], steps - 1)
    key_to(t, "Home", 0)
    key_to(t, "ArrowLeft", 1)
    check_step(t, want[1], 1)
    for n in range(2, 63):  # on into the first deal's tricks
        key_to(t, "ArrowLeft", n)
    check_step(t, want[62], 62)
    t.screenshot("replay-mid-ar")


def test_a_corrupt_record_says_its_line_and_nothing_changes(new_table):
    t = new_table()
    t.goto("?speed=instant&seed=5")
    for _ in range(3):
        t.step()
    st = t.wait_idle()
    save = t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    record = record_of(t)
    text = (GOLDEN / "king-of-hearts-doubled.trex").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[12].startswith("Trick 1 0:AS")  # line 13: South leads a card he does not hold
    bad = "\n".join(lines[:12] + [lines[12].replace("0:AS", "0:KS")] + lines[13:]) + "\n"
    open_records(t)
    paste(t, bad)
    error = t.page.locator("[data-overlay=records] .rec-error")
    error.wait_for()
    said = error.inner_text()
    assert "Line 13" in said and "K♠" in said, said
    assert t.page.locator(".rec-problem").get_attribute("lang") == "en"
    t.screenshot("record-corrupt")
    assert t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == save
    assert record_of(t) == record
    now = t.state()
    for key in ("hand", "history", "totals", "moves", "phase", "to_move", "seed"):
        assert now[key] == st[key], key
    # nothing either for an empty paste; the dialog closes and the match goes on
    paste(t, "   ")
    assert "no record" in t.page.locator(".rec-error").inner_text()
    t.act("[data-overlay=records] [data-action=close]")
    assert t.page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == save


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_axe_on_the_records_dialog_and_the_viewer(new_table, lang):
    t = new_table()
    t.goto(f"?speed=instant&seed=4&lang={lang}")
    t.wait_idle()
    open_records(t)
    axe(t, "records", lang)
    paste(t, "[Seed \"1\"]\nnonsense\n")
    t.page.wait_for_selector(".rec-error")
    axe(t, "records, a bad record", lang)
    t.screenshot(f"records-bad-{lang}")
    paste(t, (GOLDEN / "trex.trex").read_text(encoding="utf-8"))
    t.page.wait_for_selector('.replay[data-step="0"]')
    for n in range(1, 31):
        t.page.locator("[data-action=replay-forward]").click()
        t.page.wait_for_selector(f'.replay[data-step="{n}"]')
    axe(t, "replay, Trex layout", lang)
    t.screenshot(f"replay-trex-{lang}")
    t.page.set_viewport_size({"width": 360, "height": 740})
    t.screenshot(f"replay-trex-{lang}-phone")
    axe(t, "replay, phone", lang)


def test_the_end_of_the_match_ranks_the_places_and_exports_the_record(new_table):
    """A match one card from its end (a record played on here); the bot
    plays it, and the result shows 1st to 4th with the totals (§2.5), the score sheet, and
    New match / Export record; the export is the whole match's record."""
    golden = (GOLDEN / "match-levant.trex").read_text(encoding="utf-8")
    rec = read_record(golden)
    m = Match.new(seed=rec.dealer.seed, rules=rec.rules)
    for move in rec.history[:-1]:
        m.play(move)
    assert m.to_move != 0  # a bot plays the last card
    t = new_table()
    t.goto("?speed=instant&seed=2")
    t.wait_idle()
    open_records(t)
    paste(t, write_record(m))
    t.page.wait_for_selector("[data-overlay=record-continue]")
    t.page.locator("[data-action=record-continue]").click()
    st = t.wait_idle()
    while st["waiting"] != "summary":
        st = t.wait_idle()
    st = t.act("[data-action=next-deal]")
    assert st["waiting"] == "result" and st["is_over"]
    assert t.page.evaluate("document.activeElement.dataset.action") == "new-game-now"
    result = t.page.locator("[data-overlay=result]")
    places = result.locator(".ranking li").evaluate_all(
        "ls => ls.map(l => [l.dataset.seat, l.dataset.place, l.querySelector('.total').textContent])")
    assert [(int(s), int(p)) for s, p, _ in places] == [(2, 1), (0, 2), (3, 3), (1, 4)]
    assert [int(x[2].replace("\u2212", "-").replace("+", "")) for x in places] == [45, 15, -10, -50]
    assert result.locator(".sheet").count() == 1
    assert result.locator("[data-action=new-game-now]").is_visible()
    t.screenshot("match-result")
    t.page.set_viewport_size({"width": 360, "height": 740})
    t.screenshot("match-result-phone")
    t.page.set_viewport_size({"width": 1280, "height": 800})
    result.locator("[data-action=records]").click()
    t.page.wait_for_selector("[data-overlay=records]")
    assert t.page.locator(".rec-text").input_value() == golden
    assert t.page.locator("[data-key=rec-download]").get_attribute("download") == "trex-7.trex"
    # closing the records goes back to the result, not to a bare table
    t.page.keyboard.press("Escape")
    t.page.wait_for_selector("[data-overlay=result]")
    assert t.page.evaluate("document.body.dataset.waiting") == "result"


def test_the_viewer_jumps_by_deal_and_trick_and_keeps_the_four_colour_deck(new_table):
    """Page Down / Page Up a deal, Shift+arrows a trick (buttons too), in a
    whole match; the four-colour deck of Settings colours the viewer's cards as the table's."""
    import sys
    sys.path.insert(0, str(ROOT / "web"))
    from trex_core import read_record
    from trexui.aids import records

    text = (GOLDEN / "match-levant.trex").read_text(encoding="utf-8")
    viewer = records.Viewer(read_record(text))
    t = new_table()
    t.goto("?speed=instant&seed=3")
    t.wait_idle()
    t.act("[data-action=settings]")
    t.page.check(".settings [name=four_colour]")
    t.page.wait_for_selector("#app.four-colour", state="attached")
    t.act("[data-overlay=settings] [data-action=close]")
    open_records(t)
    t.page.locator(".rec-file").set_input_files(str(GOLDEN / "match-levant.trex"))
    t.page.wait_for_selector('.replay[data-step="0"]')
    key_to(t, "PageDown", viewer.deal_starts[1])
    key_to(t, "PageDown", viewer.deal_starts[2])
    key_to(t, "PageUp", viewer.deal_starts[1])
    key_to(t, "Shift+ArrowRight", min(n for n in viewer.trick_ends if n > viewer.deal_starts[1]))
    assert "trick 1" in t.page.locator(".rv-where").inner_text()
    key_to(t, "Shift+ArrowLeft", viewer.deal_starts[1])
    t.page.locator("[data-action=replay-deal-forward]").click()
    t.page.wait_for_selector(f'.replay[data-step="{viewer.deal_starts[2]}"]')
    t.page.locator("[data-action=replay-trick-forward]").click()
    trick = min(n for n in viewer.trick_ends if n > viewer.deal_starts[2])
    t.page.wait_for_selector(f'.replay[data-step="{trick}"]')
    colours = t.page.evaluate("""() => Object.fromEntries(['D', 'C', 'H'].map(s => [s,
        getComputedStyle(document.querySelector('.rv-card.s-' + s)).color]))""")
    assert colours == {"D": "rgb(30, 64, 175)", "C": "rgb(22, 101, 52)", "H": colours["H"]}, colours
    assert colours["H"] != colours["D"]
    t.screenshot("replay-jumps-four-colour")
