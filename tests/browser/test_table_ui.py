"""Playtest findings, checked on screen (desktop 1280×800 and phone 390×844): the trick
caption covers no card; a deal summary explains doubled cards (§4.3) over the finished
deal; the last trick says who led and the previous deal's final trick can be
reviewed; doubled cards and the doubling choices are big enough to see and tap; the
score-sheet button on a wide screen points at the sheet beside the table."""
import json

from conftest import DESKTOP, PHONE, find_seed
from trex_core import Dealer, card_text, read_record
from trex_core.cards import ACE_OF_HEARTS, HEARTS, KING_OF_HEARTS, QUEENS_MASK, SUIT_MASK

KH = 1 << KING_OF_HEARTS
REDEAL_HEARTS = (KH, KH | 1 << ACE_OF_HEARTS)


def boxes_overlap(a, b) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def both_sizes(t, name):
    t.screenshot(f"{name}-desktop")
    t.page.set_viewport_size(PHONE)
    t.page.wait_for_timeout(50)  # one frame for the media query; not a readiness wait
    t.screenshot(f"{name}-phone")


def caption_clear_of_cards(t) -> bool:
    """With a finished trick on show, its caption ('East took the trick.') covers no card."""
    cap = t.page.locator(".trick-caption")
    if not cap.count() or not cap.inner_text().strip():
        return False
    box = cap.bounding_box()
    for card in t.page.locator(".trick .card").all():
        assert not boxes_overlap(box, card.bounding_box()), "the caption covers a card"
    return True


def topmost_at_centre(page, selector) -> bool:
    """Whether the element is on top at its own centre (not hidden under the next card)."""
    return page.evaluate("""sel => {
        const e = document.querySelector(sel); const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit === e || e.contains(hit); }""", selector)


def test_doubled_cards_summary_and_trick_review(new_table):
    def fits(seed, m):
        h0 = m.hands[0]
        nxt = Dealer(seed).hands(1, 0)[0]
        return (m.king == 0 and h0 & KH and (h0 & SUIT_MASK[HEARTS]) not in REDEAL_HEARTS
                and (nxt & QUEENS_MASK).bit_count() >= 2)
    t = new_table()
    page = t.page
    t.goto(f"?speed=instant&seed={find_seed(fits)}")
    t.act(".contract-btn[data-move=king-of-hearts]")
    st = t.act("[data-move='double:KH']")
    # the ×2 badge of the doubled K♥ in your hand is on top, not under the next card
    assert topmost_at_centre(page, ".hand .card[data-card=KH] .x2")
    captioned = False
    while True:
        st = t.wait_idle()
        if st["waiting"] == "summary":
            break
        if not captioned and st["waiting"] == "play" and not st["trick"] and st["tricks"]:
            captioned = caption_clear_of_cards(t)
            if captioned:
                both_sizes(t, "trick-caption")
                assert caption_clear_of_cards(t)
                page.set_viewport_size(DESKTOP)
        t.step()
    assert captioned, "a finished trick was on show with its caption"
    # the summary explains the doubled K♥ on the taker's and on your (the doubler's) line
    taker = next(w for _, cards, w in _tricks(t) if "KH" in cards)
    summary = page.locator("[data-overlay=summary]")
    you = summary.locator("tr[data-seat='0'] .took").inner_text()
    if taker == 0:
        assert "K\u2665 (own double) \u221275" in you
    else:
        line = summary.locator(f"tr[data-seat='{taker}'] .took").inner_text()
        assert "K\u2665 doubled \u00d72 \u2212150" in line, line
        assert "doubled K\u2665 taken by" in you and "+75" in you, you
    assert " 1 tricks" not in summary.inner_text()
    # behind it, the finished deal as it lies (phase deal-over): only its unplayed cards
    # (an early end, §3.4) in your hand, none playable, nobody thinking, no contract picker
    st = t.state()
    assert st["phase"] == "deal-over" and st["overlay"] == "summary"
    assert page.locator(".hand .card").count() == len(st["hand"])
    assert page.locator(".hand .card.playable").count() == 0
    assert page.locator(".badge.thinking").count() == 0 and page.locator(".seat.is-turn").count() == 0
    assert page.locator(".prompt").count() == 0
    assert "King of Hearts" in page.locator(".counters [data-k=contract]").inner_text()
    both_sizes(t, "summary-doubled")
    page.set_viewport_size(DESKTOP)
    # next deal: before its first card, the previous deal's final trick can be reviewed
    st = t.act("[data-action=next-deal]")
    assert st["waiting"] == "choose"
    assert page.locator("[data-action=last-trick]").is_enabled()
    t.act("[data-action=last-trick]")
    head = page.locator(".last-trick h2").inner_text()
    assert "previous deal" in head and " led" in head, head
    assert page.locator(".last-trick .card").count() == 4
    assert page.locator(".last-trick .led").count() == 1, "the leader's card is marked"
    both_sizes(t, "last-trick-previous-deal")
    page.set_viewport_size(DESKTOP)
    t.act("[data-action=close-last]")
    # Queens: on a phone, each doubling choice is a target of at least 40 px
    t.act(".contract-btn[data-move=queens]")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(50)
    labels = page.locator("[data-prompt=announce] label.dbl")
    assert labels.count() >= 2
    for i in range(labels.count()):
        box = labels.nth(i).bounding_box()
        assert box["height"] >= 40 and box["width"] >= 40, box
    labels.first.click()  # tapping the card checks the box
    assert page.locator("[data-prompt=announce] input[name=dbl]").first.is_checked()
    t.screenshot("double-queens-prompt-phone")
    st = t.act("[data-action=double-selected]")
    mine = [c for c, s in st["doubled"] if s == 0]
    assert mine
    # doubled queens in the hand: the badge shows, on the phone's tight fan too
    assert topmost_at_centre(page, f".hand .card[data-card={mine[0]}] .x2")
    t.screenshot("doubled-queen-hand-phone")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(50)
    assert topmost_at_centre(page, f".hand .card[data-card={mine[0]}] .x2")
    t.screenshot("doubled-queen-hand-desktop")
    # cards shown in front of a seat are big enough to read
    for face in page.locator(".seat .shown .card, .seat .taken .card").all():
        assert face.bounding_box()["width"] >= 30


def _tricks(t):
    """The finished deal's tricks: the page's game record, read natively."""
    r = read_record(json.loads(t.page.evaluate("window.trexTest.record()"))["record"]).results[-1]
    return [(ld, [card_text(c) for c in cs], w) for ld, cs, w in r.tricks]


def test_score_sheet_button(new_table):
    """On a wide screen the sheet is beside the table: the button points at it. On a phone
    it opens a dialog whose Close button is on screen, with the title said once."""
    t = new_table()
    t.goto("?speed=instant")
    t.wait_idle()
    t.click("[data-action=sheet]")
    t.page.wait_for_selector(".side.flash")
    assert t.page.locator(".overlay").count() == 0
    t.screenshot("sheet-button-desktop")
    p = new_table(viewport=PHONE)
    p.goto("?speed=instant")
    p.wait_idle()
    p.act("[data-action=sheet]")
    dialog = p.page.locator("[data-overlay=sheet]")
    assert dialog.inner_text().count("Score sheet") == 1
    close = dialog.locator("[data-action=close]").bounding_box()
    assert close["y"] + close["height"] <= PHONE["height"]
    p.screenshot("sheet-dialog-phone")
    # a short desktop window: the dialog fits, its body scrolls
    p.page.set_viewport_size({"width": 1000, "height": 500})
    close = dialog.locator("[data-action=close]").bounding_box()
    assert close["y"] + close["height"] <= 500
    p.screenshot("sheet-dialog-short")
    p.act("[data-overlay=sheet] [data-action=close]")


def test_a_forced_doubling_answer_is_not_your_turn(new_table):
    """§4.2: every seat answers in turn; with nothing to double your one answer is given
    for you, so the page says it waits for the others instead of 'Your turn'."""
    seed = find_seed(lambda s, m: m.king == 0 and not m.hands[0] & (KH | QUEENS_MASK))
    t = new_table()
    page = t.page
    t.goto(f"?speed=slow&seed={seed}")
    t.wait_idle()
    t.click(".contract-btn[data-move=king-of-hearts]")
    page.wait_for_selector(".status:has-text('waiting for the others to answer')")
    assert page.locator(".counters [data-k=turn]").inner_text() == "Others answering\u2026"
    assert "Your turn" not in page.locator("body").inner_text()
    assert not page.evaluate("document.body.hasAttribute('data-waiting')")
    t.screenshot("forced-answer-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(50)
    t.screenshot("forced-answer-phone")
