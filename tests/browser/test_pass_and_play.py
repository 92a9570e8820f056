"""Pass-and-play (web/trexui/players/seats.py): two people on one phone, South and
North, against two bots, chosen in Settings and played by touch at 360×740. Between two
people's turns the hand-off screen names who is next and no hand is in the page."""
from __future__ import annotations

import json

from test_a11y import axe

from conftest import BOOT_TIMEOUT_MS

PHONE_UPRIGHT = {"width": 360, "height": 740}
NAMES = {"en": {0: "South", 2: "North"}, "ar": {0: "الجنوب", 2: "الشمال"}}


def touch_table(new_table, lang: str, seed: int):
    t = new_table(PHONE_UPRIGHT, has_touch=True, is_mobile=True)
    t.goto(f"?speed=instant&lang={lang}&seed={seed}")
    return t


def changed(t, seq: str) -> dict:
    """The state once the page has rendered since ``seq`` and waits for someone again."""
    t.page.wait_for_function(
        "s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')",
        arg=seq, timeout=60_000)
    t.assert_filled()
    return t.state()


def tap(t, selector: str) -> dict:
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.locator(selector).first.tap()
    return changed(t, seq)


def choose_people(t, seats: dict[int, str]) -> dict:
    """Settings, by touch: who plays each seat, then a new game with them."""
    t.wait_idle()
    t.page.locator("[data-action=settings]").first.tap()
    for seat, kind in seats.items():
        t.page.select_option(f".settings [name=seat{seat}]", kind)
    return tap(t, "[data-action=apply-rules]")  # (no question: nobody has played yet)


def in_page(t) -> dict:
    """What of a hand is in the page: hand cards and moves offered."""
    return t.page.evaluate("""() => ({cards: document.querySelectorAll('.hand .card').length,
        moves: document.querySelectorAll('[data-move]').length,
        dialog: (document.querySelector('[data-overlay=handoff] h2') || {}).textContent || null})""")


def play_by_touch(t, st: dict) -> dict:
    """One decision of the person holding the phone, by touch (a card: tap to raise, tap to play)."""
    w = st["waiting"]
    if w == "choose":
        return tap(t, ".contract-btn")
    if w == "announce":
        return tap(t, "[data-prompt=announce] [data-move=nodouble], [data-prompt=announce] button")
    assert w == "play", st
    if st["legal"] == ["pass"]:
        return tap(t, ".pass-btn")
    card = st["legal"][0]
    tap(t, f'.hand .card[data-move="{card}"]')  # raised
    return tap(t, f'.hand .card[data-move="{card}"]')


def test_a_pass_and_play_deal_by_touch_hands_the_phone_on_with_no_hand_shown(new_table):
    t = touch_table(new_table, "en", 11)
    st = choose_people(t, {2: "person"})
    assert st["seats"] == ["you", "bot", "person", "bot"]
    handoffs, turns = [], {0: 0, 2: 0}
    while st["waiting"] not in ("summary", "result"):
        if st["waiting"] == "handoff":
            seen = in_page(t)
            # the next person's chair, with nothing of a hand in the page
            assert seen["cards"] == 0 and seen["moves"] == 0, seen
            assert seen["dialog"] == f"Pass to {NAMES['en'][st['viewer']]}", seen
            assert st["to_move"] == st["viewer"] and st["viewer"] in (0, 2), st
            handoffs.append(st["viewer"])
            if len(handoffs) == 2:
                t.screenshot("pass-and-play-handoff")
                axe(t, "hand-off", "en")
            st = tap(t, "[data-action=take-device]")
            assert st["waiting"] != "handoff" and not st["handing"], st
            assert in_page(t)["cards"] > 0  # the hand shows once its person has the phone
            continue
        assert st["to_move"] == st["viewer"], f"a person plays only from their own chair: {st}"
        # the bottom seat is named for the person holding the phone
        assert t.page.locator("section[data-seat='0'] .seat-name").text_content() == NAMES["en"][st["viewer"]]
        if st["phase"] == "play":
            turns[st["viewer"]] += 1
        st = play_by_touch(t, st)
    # both people played a card to every trick of the deal (in the Trex layout, a card or a
    # pass at every turn), each from their own seat, and the phone went back and forth; the
    # new game's seed is the page's own, so its king may be a bot that chose any contract
    if st["contract"] == "trex":
        assert turns[0] > 0 and turns[2] > 0, (turns, st)
    else:
        assert turns == {0: st["tricks"], 2: st["tricks"]}, (turns, st)
    assert {0, 2} <= set(handoffs), handoffs
    assert all(a != b for a, b in zip(handoffs, handoffs[1:], strict=False)), handoffs
    assert st["phase"] == "deal-over"


def test_each_persons_undo_stops_at_the_other_persons_move_and_a_reload_hands_off_again(new_table):
    t = touch_table(new_table, "ar", 11)
    st = choose_people(t, {2: "person"})
    # play until South has played a card and North has played since, in one deal (the new
    # game's seed is the page's own: a deal of King of Hearts may end before that, §3.4)
    played = set()
    while not ({0, 2} <= played and st["waiting"] == "handoff" and st["viewer"] == 0
               and st["phase"] == "play"):
        if st["waiting"] == "summary":
            played = set()
            st = tap(t, "[data-action=next-deal]")
            continue
        if st["waiting"] == "handoff":
            st = tap(t, "[data-action=take-device]")
            continue
        if st["phase"] == "play":
            played.add(st["viewer"])
        st = play_by_touch(t, st)
    st = tap(t, "[data-action=take-device]")
    before = st["moves"]
    st = tap(t, "[data-action=undo]")
    assert st["moves"] == before, "North's card is not South's to take back"
    # aid.undo.other
    assert st["message"] == "لعب شخص آخر بعد حركتك الأخيرة: التراجع يسحب حركاتك أنت فقط.", st
    # a reload keeps the seats, and shows no hand until its person takes the phone; so does
    # an address naming another game, asked about first (the match is kept)
    t.page.reload()
    t.page.wait_for_selector("body[data-state=ready]", timeout=BOOT_TIMEOUT_MS, state="attached")
    st = t.wait_idle()
    assert st["waiting"] == "confirm-seed" and in_page(t)["cards"] == 0, st
    st = tap(t, "[data-action=close], [data-action=rules-keep]")
    assert st["seats"] == ["you", "bot", "person", "bot"] and st["waiting"] == "handoff", st
    seen = in_page(t)
    assert seen["cards"] == 0 and seen["moves"] == 0, seen
    assert seen["dialog"] == f"مرّر الجهاز إلى {NAMES['ar'][st['viewer']]}", seen
    t.screenshot("pass-and-play-reload-ar")
    axe(t, "hand-off after a reload", "ar")
    # the keyboard alone: the hand-off's button has the focus, Enter shows the hand
    assert t.page.evaluate("document.activeElement.dataset.action") == "take-device"
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.keyboard.press("Enter")
    st = changed(t, seq)
    assert st["viewer"] == st["to_move"] and in_page(t)["cards"] > 0
    kept = json.loads(t.page.evaluate("localStorage.getItem('trex.match')"))
    assert kept["ui"]["seats"] == ["you", "bot", "person", "bot"]
