"""Issue "The table for every Trex player", item 4: a whole deal by keyboard alone —
the king's contract choice, a doubling answer, every card — with the focus where the
next action is after every move (never on <body>); dialogs keep Tab inside, close on
Escape and give the focus back; the New game confirmation focuses its safe choice; the
S, L, P and ? shortcuts. Keys only: no click, no programmatic focus."""
from conftest import PHONE, find_seed
from trex_core.cards import ACE_OF_HEARTS, HEARTS, KING_OF_HEARTS, SUIT_MASK

KH = 1 << KING_OF_HEARTS
REDEAL_HEARTS = (KH, KH | 1 << ACE_OF_HEARTS)


def king_holding_kh(seed, m):
    """You are the first king and hold K♥ without a §5 redeal hand: the K♥ contract asks
    you whether to double it."""
    h0 = m.hands[0]
    return m.king == 0 and h0 & KH and (h0 & SUIT_MASK[HEARTS]) not in REDEAL_HEARTS


def focused(page) -> dict:
    return page.evaluate("""() => { const a = document.activeElement;
        return {tag: a.tagName, key: a.dataset.key || null, move: a.dataset.move || null,
                action: a.dataset.action || null, nav: a.dataset.nav || null,
                playable: a.classList.contains('playable'), text: a.innerText}; }""")


def press(t, key: str) -> dict:
    """A key that makes a move: wait for the render that waits for the player again."""
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.keyboard.press(key)
    t.page.wait_for_function(
        "s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')",
        arg=seq, timeout=60_000)
    return t.state()


def arrow_to(t, test, key="ArrowRight", limit=30) -> dict:
    """Arrow along the focused group until ``test(focused)`` holds."""
    for _ in range(limit):
        f = focused(t.page)
        if test(f):
            return f
        t.page.keyboard.press(key)
    raise AssertionError(f"no such control in the group; focus on {focused(t.page)}")


def assert_focus_not_lost(page, where: str):
    f = focused(page)
    assert f["tag"] != "BODY", f"focus fell back to <body> {where}"
    return f


def test_a_whole_deal_by_keyboard(new_table):
    t = new_table()
    page = t.page
    t.goto(f"?speed=instant&seed={find_seed(king_holding_kh)}")
    st = t.wait_idle()
    assert st["waiting"] == "choose"
    # the king's picker has the focus; arrows move between the contracts
    f = focused(page)
    assert f["nav"] == "prompt" and f["move"] == "king-of-hearts", f
    page.keyboard.press("ArrowRight")
    assert focused(page)["move"] == "queens"
    page.keyboard.press("ArrowLeft")
    t.screenshot("keyboard-choose")
    st = press(t, "Enter")
    assert st["contract"] == "king-of-hearts" and st["waiting"] == "announce"
    # the doubling question now has the focus: double the K♥ with the keyboard
    f = assert_focus_not_lost(page, "after the contract choice")
    assert f["nav"] == "prompt", f
    arrow_to(t, lambda f: f["move"] == "double:KH")
    t.screenshot("keyboard-double")
    st = press(t, "Space")
    assert ["KH", 0] in st["doubled"]
    moves = 0
    while st["waiting"] == "play":
        f = assert_focus_not_lost(page, f"after move {moves}")
        if st["legal"] == ["pass"]:
            f = arrow_to(t, lambda f: f["move"] == "pass")
        else:
            assert f["nav"] == "hand", f"your turn: the focus is in your hand, not {f}"
            f = arrow_to(t, lambda f: f["playable"])
        played = f["move"]
        order = hand_order(page)
        if moves == 3:
            t.screenshot("keyboard-mid-deal")
        st = press(t, "Enter")
        assert played not in st["hand"]
        moves += 1
        if st["waiting"] == "play" and played != "pass" and st["legal"] != ["pass"]:
            # the focus moved on to the card that followed the one played, or, when that one
            # cannot be played now, to the nearest card that can (the later one first)
            rest = hand_order(page)
            place = min(order.index(played), len(rest) - 1)
            near = sorted(range(len(rest)), key=lambda i: (abs(i - place), i < place))
            want = next(rest[i] for i in near if rest[i] in st["legal"])
            assert focused(page)["key"] == "hand-" + want, (focused(page), want)
    assert st["waiting"] == "summary", st
    assert moves >= 10
    # the summary's button has the focus; Enter deals on and the focus goes to the picker
    f = focused(page)
    assert f["action"] == "next-deal", f
    t.screenshot("keyboard-summary")
    st = press(t, "Enter")
    assert st["deal_number"] == 1 and st["waiting"] == "choose"
    f = assert_focus_not_lost(page, "after the next deal")
    assert f["nav"] == "prompt", f


def hand_order(page) -> list[str]:
    return page.locator(".hand .card").evaluate_all("bs => bs.map(b => b.dataset.card)")


def test_dialogs_trap_tab_close_on_escape_and_give_the_focus_back(new_table):
    t = new_table(viewport=PHONE)  # on a phone the score sheet is a dialog
    page = t.page
    t.goto("?speed=instant&seed=11")
    t.wait_idle()
    start = assert_focus_not_lost(page, "at the start")
    assert start["key"], start
    for key, kind in (("s", "sheet"), ("?", "help")):
        page.keyboard.press(key)
        page.wait_for_selector(f".overlay[data-overlay={kind}]")
        inside = "document.querySelector('.overlay .dialog').contains(document.activeElement)"
        assert page.evaluate(inside), f"the {kind} dialog has the focus"
        for _ in range(6):
            page.keyboard.press("Tab")
            assert page.evaluate(inside), f"Tab left the {kind} dialog"
        for _ in range(3):
            page.keyboard.press("Shift+Tab")
            assert page.evaluate(inside), f"Shift+Tab left the {kind} dialog"
        if kind == "help":
            text = page.locator(".overlay .keys").inner_text()
            assert "Score sheet" in text and "last trick" in text
            t.screenshot("keyboard-help-phone")
        page.keyboard.press("Escape")
        page.wait_for_selector(".overlay", state="detached")
        assert focused(page)["key"] == start["key"], "the focus went back where it was"
    # a decision of the player's own, by keyboard: New game then has a match to keep (a match
    # only the bots have moved ends with no question). (The closed dialog's render may still
    # be going on: the page waits for the player again once its last batch is applied.)
    st = t.wait_idle()
    if st["waiting"] == "play" and st["legal"] != ["pass"]:
        arrow_to(t, lambda f: f["playable"])
    elif st["waiting"] == "play":
        arrow_to(t, lambda f: f["move"] == "pass")
    assert st["waiting"] in ("choose", "announce", "play"), st
    moves = press(t, "Enter")["moves"]
    assert moves > st["moves"], "the player's move was made"
    # the New game confirmation: the focus is on Cancel, so Enter keeps the match
    seed = t.state()["seed"]
    for _ in range(12):  # from your hand back up into the tools
        page.keyboard.press("Shift+Tab")
        if focused(page)["action"] == "new-game":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector(".overlay[data-overlay=confirm]")
    f = focused(page)
    assert f["action"] == "close", f"the safe choice has the focus, not {f}"
    page.keyboard.press("Enter")
    page.wait_for_selector(".overlay", state="detached")
    st = t.state()
    assert st["seed"] == seed and st["moves"] >= moves, "Enter on the confirmation kept the match"
    assert focused(page)["action"] == "new-game", "back on the button that opened it"
    # settings: the focus is on a field, not on the button that starts a new game
    page.keyboard.press("Enter")
    page.wait_for_selector(".overlay[data-overlay=confirm]")
    page.keyboard.press("Escape")
    page.wait_for_selector(".overlay", state="detached")
    page.keyboard.press("Shift+Tab")
    assert focused(page)["action"] == "settings"
    page.keyboard.press("Enter")
    page.wait_for_selector(".overlay[data-overlay=settings]")
    assert focused(page)["tag"] == "SELECT"
    page.keyboard.press("Escape")
    page.wait_for_selector(".overlay", state="detached")
    assert focused(page)["action"] == "settings"


def test_the_score_sheet_beside_the_table_gives_the_focus_back(new_table):
    """On a desktop the score sheet is beside the table: S gives it the focus (a screen reader
    reads it), and Escape or a second S gives the focus back to the game (a play-test found
    the focus stuck there, the arrows and Enter doing nothing)."""
    t = new_table()
    page = t.page
    t.goto(f"?speed=instant&seed={find_seed(king_holding_kh)}")
    t.wait_idle()
    inside = "document.querySelector('.side').contains(document.activeElement)"
    start = assert_focus_not_lost(page, "at the start")
    assert start["nav"] == "prompt", start  # the king's choice
    st = press(t, "Enter")
    assert st["waiting"] == "announce"
    before = press(t, "Enter")["moves"]  # the doubling answer: its first choice
    f = arrow_to(t, lambda f: f["nav"] == "hand" and f["playable"])
    for back in ("Escape", "s"):
        page.keyboard.press("s")
        assert page.evaluate(inside), f"S gave the score sheet the focus ({back} round)"
        assert page.locator(".overlay").count() == 0  # beside the table, not a dialog
        page.keyboard.press(back)
        assert focused(page)["key"] == f["key"], f"{back} gave the focus back to the card"
    st = press(t, "Enter")  # and the game goes on from the keyboard: the card is played
    assert st["moves"] > before and page.locator(f'[data-key="{f["key"]}"]').count() == 0, f
    assert_focus_not_lost(page, "after the card")


def test_last_trick_shortcut(new_table):
    t = new_table()
    page = t.page
    t.goto("?speed=instant&seed=11")
    st = t.wait_idle()
    while not st["tricks"] or st["waiting"] != "play":
        t.step()
        st = t.wait_idle()
    start = assert_focus_not_lost(page, "in the deal")
    page.keyboard.press("l")
    page.wait_for_selector(".last-trick")
    assert focused(page)["action"] == "close-last"
    t.screenshot("keyboard-last-trick")
    page.keyboard.press("Escape")
    page.wait_for_selector(".last-trick", state="detached")
    assert focused(page)["key"] == start["key"]


def name_trex(new_table, pred):
    """A table on a seed where ``pred`` holds and you are king: Trex named by the keyboard
    (arrows along the picker, Enter)."""
    t = new_table()
    t.goto(f"?speed=instant&seed={find_seed(pred)}")
    st = t.wait_idle()
    assert st["waiting"] == "choose"
    arrow_to(t, lambda f: f["move"] == "trex")
    st = press(t, "Enter")
    assert st["contract"] == "trex", st
    return t, st


def trex_pass_first(seed, m):
    """You are the first king, and after you name Trex you hold no jack nor anything that
    fits: your first move must be a pass."""
    if m.king != 0 or m.to_move != 0:
        return False
    m.play("trex")
    return m.to_move == 0 and [str(x) for x in m.legal_moves()] == ["pass"]


def test_pass_shortcut_in_trex(new_table):
    """P passes in Trex when that is all you can do; with a card that fits it passes
    nothing and the page says why; the help panel lists it."""
    t, st = name_trex(new_table, trex_pass_first)
    page = t.page
    assert st["legal"] == ["pass"], st
    assert page.get_attribute(".pass-btn", "aria-keyshortcuts") == "P"
    moves = st["moves"]
    passes = 0
    while st["waiting"] == "play" and st["legal"] == ["pass"]:
        st = press(t, "p")
        passes += 1
        assert st["moves"] > moves, "P passed"
        moves = st["moves"]
        assert_focus_not_lost(page, f"after pass {passes}")
    assert page.locator(".you .badge.pass").inner_text() == ("1 pass" if passes == 1 else f"{passes} passes")
    assert st["waiting"] == "play" and st["legal"] != ["pass"], st  # a card of yours fits now
    hand = st["hand"]
    st = press(t, "p")
    assert st["moves"] == moves and st["hand"] == hand, "P passed nothing while a card fits"
    assert "cannot pass" in page.locator(".status.refused").inner_text()
    page.keyboard.press("?")
    page.wait_for_selector(".overlay[data-overlay=help]")
    rows = page.locator(".overlay .keys tbody tr").all_inner_texts()
    assert any(r.startswith("P") and "Pass" in r for r in rows), rows


def trex_king(seed, m):
    """You are the first king: you can name Trex (§6) at once."""
    return m.king == 0 and m.to_move == 0


def test_a_trex_deal_by_enter_alone(new_table):
    """§6 Trex: when your turn comes the focus is already on a card you may play (or on Pass
    when that is all you can do), so Enter alone plays a whole Trex deal; the focus never
    rests on a card that does not fit, nor on <body>."""
    t, st = name_trex(new_table, trex_king)
    page = t.page
    turns = 0
    while st["waiting"] == "play" and st["contract"] == "trex":
        f = assert_focus_not_lost(page, f"at turn {turns}")
        if st["legal"] == ["pass"]:
            assert f["action"] == "pass" or "pass-btn" in page.evaluate(
                "document.activeElement.className"), f
        else:
            assert f["playable"] and f["move"] in st["legal"], (f, st["legal"])
        st = press(t, "Enter")
        turns += 1
    assert turns >= 13, turns  # every card of yours, and any passes


def tab_stops(page) -> list[str]:
    return page.locator('.hand .card[tabindex="0"]').evaluate_all("bs => bs.map(b => b.dataset.card)")


def test_the_hands_one_tab_stop_moves_to_the_first_playable_card(new_table):
    """The hand has one Tab stop, the first card you may play; tableview.js sets a moved
    stop in the frame after the render (a tabindex changed inside the morph laid the page
    out in the render's task) or at once when a key is pressed on the table."""
    t = new_table()
    page = t.page
    t.goto("?speed=fast&seed=5")
    while t.wait_idle()["waiting"] != "play":
        t.step()
    checked = 0
    for _ in range(40):
        st = t.wait_idle()
        if st["waiting"] != "play" or checked >= 3 or st["legal"] == ["pass"]:
            break
        # from the top bar's last tool, Tab on (no frame waited for) into the hand
        page.locator(".topbar button").last.focus()
        for _ in range(12):
            page.keyboard.press("Tab")
            if focused(page)["nav"] == "hand":
                break
        entry = next(c for c in hand_order(page) if c in st["legal"])
        f = assert_focus_not_lost(page, "Tab into the hand")
        assert f["key"] == "hand-" + entry, (f, entry, st["legal"])
        assert tab_stops(page) == [entry]
        card = page.locator(f'.hand .card[data-card="{entry}"]')
        seq = page.evaluate("document.body.dataset.seq")
        card.click()
        page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
        # by the next frame the stop has moved (one stop, never none)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        stops = tab_stops(page)
        assert len(stops) == 1 or not hand_order(page), stops
        checked += 1
    assert checked >= 3


def test_the_doubling_question_focuses_the_safe_answer_and_p_gives_it(new_table):
    """The doubling question focused *Double*, so a habitual Enter doubled. It
    focuses *Don't double* (which says its key, P), and P answers it: no card doubled."""
    t = new_table()
    page = t.page
    t.goto(f"?speed=instant&seed={find_seed(king_holding_kh)}")
    assert t.wait_idle()["waiting"] == "choose"
    st = press(t, "Enter")  # the picker's first contract: King of Hearts
    assert st["contract"] == "king-of-hearts" and st["waiting"] == "announce", st
    f = assert_focus_not_lost(page, "on the doubling question")
    assert f["nav"] == "prompt" and f["move"] == "nodouble", f
    assert page.get_attribute("[data-prompt=announce] [data-move=nodouble]", "aria-keyshortcuts") == "P"
    st = press(t, "p")
    assert st["waiting"] != "announce" and not [c for c, s in st["doubled"] if s == 0], st
    page.keyboard.press("?")
    page.wait_for_selector(".overlay[data-overlay=help]")
    rows = page.locator(".overlay .keys tbody tr").all_inner_texts()
    assert any(r.startswith("P") and "double" in r for r in rows), rows


def test_s_and_l_work_on_a_deals_summary(new_table):
    """On a deal's summary S (the score sheet) and L (the deal's last trick) did
    nothing. Each opens over the summary; Escape brings the summary back, focused."""
    t = new_table()
    page = t.page
    t.goto("?speed=instant&seed=11")
    st = t.wait_idle()
    while st["waiting"] != "summary":
        t.step()
        st = t.wait_idle()
    assert focused(page)["action"] == "next-deal"
    page.keyboard.press("s")
    page.wait_for_selector(".overlay[data-overlay=sheet]")
    t.screenshot("keyboard-summary-sheet")
    page.keyboard.press("Escape")
    page.wait_for_selector(".overlay[data-overlay=summary]")
    assert focused(page)["action"] == "next-deal"
    page.keyboard.press("l")
    page.wait_for_selector(".overlay[data-overlay=last-trick] .trick .card")
    assert page.locator(".overlay[data-overlay=summary]").count() == 0
    assert focused(page)["action"] == "close-last"
    t.screenshot("keyboard-summary-last-trick")
    page.keyboard.press("Escape")
    page.wait_for_selector(".overlay[data-overlay=summary]")
    assert page.locator(".overlay[data-overlay=last-trick]").count() == 0
    assert focused(page)["action"] == "next-deal"
    assert t.state()["waiting"] == "summary"
