"""The player aids in the page — undo, hint, deal review, statistics — and
the small table fixes (the summary's aligned headers, Trex places, the doubling button).

Every verdict of the page's hard bot is checked against the same bot in CPython (aids.py, the
same seeded generator and fixed samples), so a hint or a review that drifted from the bot
fails here."""
from __future__ import annotations

import json
import sys

from conftest import ROOT, find_seed

sys.path.insert(0, str(ROOT / "web"))
from trex_core import Match, Rules, observe  # noqa: E402
from trex_core.bots import get_bot  # noqa: E402
from trex_core.cards import QUEENS_MASK  # noqa: E402
from trexui.aids import advice as aids  # noqa: E402
from trexui.aids import dealreview
from trexui.table import store  # noqa: E402

SEED = 11


def aid_state(t) -> dict:
    return json.loads(t.page.evaluate("window.trexTest.aids()"))


def replayed(t) -> Match:
    """The page's match, replayed in CPython from its moves."""
    data = json.loads(t.page.evaluate("window.trexTest.record()"))
    st = t.state()
    m = Match.new(seed=st["seed"], rules=Rules.from_dict(st["rules"]))
    for move in data["moves"]:
        m.play(move)
    return m


def until_my_card(t) -> dict:
    """Play on (by clicks) until you are to play a card with a choice, in a trick contract."""
    while True:
        st = t.wait_idle()
        if st["waiting"] == "play" and len(st["legal"]) > 1 and st["contract"] != "trex":
            return st
        t.step()


def test_undo_restores_the_exact_earlier_position(new_table):
    """Undo (U) takes back your card and the bots' replies: hand, trick, scores, moves as before."""
    t = new_table()
    t.goto(f"?speed=instant&seed={SEED}")
    until_my_card(t)
    t.step()  # one card of yours, so there is a decision of yours before the next one
    before = until_my_card(t)
    # your card: the last playable one (not the one step() would pick), then the bots reply
    after = t.act(".hand .card.playable >> nth=-1")
    assert after["moves"] > before["moves"] + 1, "the bots replied"
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.locator("[data-action=undo]").focus()
    t.page.keyboard.press("u")
    t.page.wait_for_function(
        "s => document.body.dataset.seq !== s && document.body.dataset.waiting === 'play'", arg=seq)
    back = t.state()
    for key in ("phase", "to_move", "contract", "hand", "legal", "trick", "tricks", "totals", "moves",
                "history", "doubled", "deal_number"):
        assert back[key] == before[key], key
    shown = t.page.locator(".trick .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert shown == [c for _, c in before["trick"]]
    assert t.page.locator(".counters .practice").count() == 1, "a match with Undo is marked practice"
    assert aid_state(t)["used"][str(back["deal_number"])] == ["undo"]
    t.screenshot("aids-undone")
    # the save is the taken-back match: a reload gives the same position
    t.reload()
    again = t.wait_idle()
    assert again["moves"] == before["moves"] and again["hand"] == before["hand"]
    assert t.page.locator(".counters .practice").count() == 1


def test_hint_is_legal_and_the_hard_bots_choice(new_table):
    t = new_table()
    t.goto(f"?speed=instant&seed={SEED}")
    st = until_my_card(t)
    t.page.locator("[data-action=hint]").click()
    t.page.wait_for_function("() => (JSON.parse(window.trexTest.aids()).hint || {}).move")
    hint = aid_state(t)["hint"]
    assert hint["n"] == st["moves"]
    assert hint["move"] in st["legal"]
    m = replayed(t)
    bot = get_bot("hard", samples=aids.AID_SAMPLES)
    want = bot.choose(observe(m, 0), aids.aid_rng(st["seed"], len(m.history)))
    assert hint["move"] == str(want)
    card = t.page.locator(f".hand .card[data-move='{hint['move']}']")
    assert card.get_attribute("data-hint") is not None
    status = t.page.locator(".status.hint").inner_text()
    assert status.startswith("Hint:") and len(status) > 12
    t.screenshot("aids-hint")
    print("hint timings (ms: wall, longest slice):", aid_state(t)["timings"])
    # the hint is for this position only: a card played clears it
    t.act(f".hand .card[data-move='{hint['move']}']")
    assert t.page.locator("[data-hint]").count() == 0
    assert aid_state(t)["used"][str(st["deal_number"])] == ["hint"]


def test_a_deal_review_lists_exactly_the_moves_the_hard_bot_plays_otherwise(new_table):
    """Your contract as king (§2.2), your doubling answer (§4.1, §4.2) and your cards: seed 11
    makes you the first king (§2.3); by clicks you name the first contract (King of Hearts)
    and do not double, where the hard bot names Trex and doubles the K♥."""
    t = new_table()
    t.goto(f"?speed=instant&seed={SEED}")
    st = t.play_deal()  # you play the first card you may each time: some differ from the bot
    assert st["waiting"] == "summary"
    t.page.locator("[data-overlay=summary] [data-action=review]").click()
    t.page.wait_for_function("() => { const r = JSON.parse(window.trexTest.aids()).review; "
                             "return r && r.items !== null; }", timeout=120_000)
    listed = [int(n) for n in t.page.locator(".review li").evaluate_all("ls => ls.map(l => l.dataset.n)")]
    # the same bot in CPython, position by position
    m = replayed(t)
    costs = {it["n"]: it["cost"] for it in aid_state(t)["review"]["items"]}
    want, phases = [], []
    for n, obs, move in dealreview.reviewed(m):
        thought = aids.think(obs, st["seed"], n)
        best = thought.finish()
        same = thought.candidate(move) == thought.candidate(best) if obs.phase == "play" else move == best
        if not same:
            want.append(n)
            phases.append(obs.phase)
            # the same samples, the same price (None: the contract, no expected score)
            assert costs.get(n) == dealreview.review_item(n, obs, move, thought)["cost"], n
            item = t.page.locator(f".review li[data-n='{n}']")
            assert item.get_attribute("data-best") == str(best)
            assert item.get_attribute("data-played") == str(move)
            assert item.get_attribute("data-phase") == obs.phase
    assert listed == want
    print("aids timings (ms: wall, longest slice):", aid_state(t)["timings"])
    assert phases[:2] == ["choose", "announce"] and "play" in phases, phases
    assert t.page.locator(".review li[data-phase=choose] .review-cost.unpriced").count() == 1
    t.page.locator(".review li[data-phase=play] [data-action=review-show]").first.click()
    t.page.wait_for_selector(".review-position .card.played")
    assert t.page.locator(".review-position .review-hand .card").count() >= 1
    t.screenshot("aids-review")
    # the doubling answer's position: the deal's start, the K♥ the bot would double marked
    t.page.locator(".review li[data-phase=announce] [data-action=review-show]").click()
    t.page.wait_for_selector(".review li[data-phase=announce] .review-position .card.preferred[data-card=KH]")
    t.page.locator(".review li[data-phase=choose] [data-action=review-show]").click()
    t.page.wait_for_selector(".review li[data-phase=choose] .review-position .review-hand .card")
    assert t.page.locator(".review-position .card.played, .review-position .card.preferred").count() == 0
    t.screenshot("aids-review-contract")
    t.page.keyboard.press("Escape")
    t.page.wait_for_selector("[data-overlay=summary] .aids-used[data-aids=review]")
    t.screenshot("aids-summary-note")


def test_statistics_count_a_finished_match_and_reset(new_table):
    """A save one move before the end (made in CPython), reloaded: the bots finish the match
    and it is counted once; the reset asks first, with the safe choice focused."""
    import random

    full = Match.new(seed=SEED)
    bot = get_bot("medium")
    while not full.is_over:
        seat = full.to_move
        rng = random.Random(len(full.history))
        full.play("next" if seat is None else bot.choose(observe(full, seat), rng))
    m = Match.new(seed=SEED)
    for move in full.history[:-1]:
        m.play(move)
    assert m.to_move is not None and not m.is_over
    t = new_table()
    t.goto("?speed=instant", wait=False)
    t.wait_ready()
    t.reload(storage={"trex.match": store.dump(SEED, m, {})})
    if m.to_move == 0:
        t.wait_idle()
        t.act(".hand .card.playable")
    st = t.wait_idle()
    assert st["is_over"], {k: st[k] for k in ("seed", "phase", "to_move", "waiting", "overlay", "moves")}
    data = json.loads(aid_state(t)["stats"])
    group = data["groups"]["medium|levant"]
    assert group["played"] == 1 and group["practice"] == 0
    assert group["won"] == (1 if 0 in m.winners() or st["totals"][0] == max(st["totals"]) else 0)
    kinds = {c for _, _, c, _ in st["history"]}
    assert set(group["contracts"]) == kinds
    counted = sum(cell[1] for roles in group["contracts"].values() for cell in roles.values())
    assert counted == len(st["history"])
    # a reload of the finished match does not count it again
    t.reload()
    t.wait_idle()
    assert json.loads(aid_state(t)["stats"])["groups"]["medium|levant"]["played"] == 1
    # the dialog, from Settings (in a new match: the finished one shows its result)
    t.act("[data-overlay=result] [data-action=new-game-now]")
    t.act("[data-action=settings]")
    t.act("[data-overlay=settings] [data-action=stats]")
    box = t.page.locator("[data-overlay=stats]")
    assert box.locator(".stats-total").get_attribute("data-played") == "1"
    t.screenshot("aids-stats")
    t.act("[data-overlay=stats] [data-action=stats-reset]")
    focused = t.page.evaluate("document.activeElement.dataset.action")
    assert focused == "stats", "the safe choice has the focus"
    t.act("[data-action=stats-reset-now]")
    assert t.page.locator("[data-overlay=stats] .stats-none").count() == 1
    assert json.loads(aid_state(t)["stats"])["groups"] == {}


def test_aids_can_be_switched_off(new_table):
    t = new_table()
    t.goto(f"?speed=instant&seed={SEED}")
    t.wait_idle()
    tools = t.page.locator("[data-action=undo], [data-action=hint]")
    assert tools.count() == 2
    t.act("[data-action=settings]")
    for name in ("aid_undo", "aid_hint", "aid_review"):
        t.page.uncheck(f".settings [name={name}]")
        t.page.wait_for_function(  # applied and saved at once
            "n => JSON.parse(localStorage.getItem('trex.settings') || '{}')[n] === false", arg=name)
    saved = json.loads(t.page.evaluate("localStorage.getItem('trex.settings')"))
    assert saved["aid_undo"] is False and saved["aid_hint"] is False and saved["aid_review"] is False
    t.act("[data-overlay=settings] [data-action=close]")
    assert tools.count() == 0
    st = t.play_deal()
    assert st["waiting"] == "summary"
    assert t.page.locator("[data-overlay=summary] [data-action=review]").count() == 0


def test_summary_headers_line_up_and_trex_names_the_places(new_table):
    seed = find_seed(lambda s, m: m.king == 0)
    t = new_table()
    t.goto(f"?speed=instant&seed={seed}")
    t.wait_idle()
    t.act(".contract-btn[data-move=trex]")
    st = t.play_deal()
    assert st["waiting"] == "summary" and st["contract"] == "trex"
    dialog = t.page.locator("[data-overlay=summary]")
    heads = dialog.locator("table.summary thead th")
    for col in (2, 3):  # "This deal", "Total": their right edges on their numbers' (text-align end)
        head = heads.nth(col).evaluate("e => getComputedStyle(e).textAlign")
        cell = dialog.locator(f"table.summary tbody tr:first-child td:nth-of-type({col})").evaluate(
            "e => getComputedStyle(e).textAlign")
        assert head == cell == "end"
    assert heads.nth(1).inner_text() == "Went out"
    places = dialog.locator("td.took").all_inner_texts()
    assert sorted(places) == ["First", "Last", "Second", "Third"]
    assert "Place" not in dialog.inner_text()
    t.screenshot("aids-trex-summary")


def test_the_doubling_button_says_what_it_will_do(new_table):
    """§4.1: with no queen ticked the button is the "no double" answer; ticking names them."""
    def fits(seed, m):
        return m.king == 0 and (m.hands[0] & QUEENS_MASK).bit_count() >= 2
    seed = find_seed(fits)
    t = new_table()
    t.goto(f"?speed=instant&seed={seed}")
    t.wait_idle()
    st = t.act(".contract-btn[data-move=queens]")
    assert st["waiting"] == "announce"
    button = t.page.locator("[data-action=double-selected]")
    assert button.inner_text() == "Don't double" and button.get_attribute("data-move") == "nodouble"
    assert t.page.locator("[data-prompt=announce] button[data-move=nodouble]").count() == 1  # it alone
    boxes = t.page.locator("[data-prompt=announce] input[name=dbl]")
    first = boxes.first.get_attribute("value")
    boxes.first.check()
    t.page.wait_for_function("() => document.querySelector('[data-action=double-selected]')"
                             ".textContent.startsWith('Double ')")
    assert button.get_attribute("data-move") is None
    assert boxes.first.is_checked()
    assert t.page.locator("[data-prompt=announce] [data-key=choice-nodouble]").count() == 1
    t.screenshot("aids-double-button")
    st = t.act("[data-action=double-selected]")
    assert [first, 0] in st["doubled"]
