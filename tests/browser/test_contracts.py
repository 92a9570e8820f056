"""A deal of each contract through clicks, with the king's picker
(§2.2), refused cards saying why, the last-trick review, the doubling prompts (§4)
and the redeal prompt (§5)."""
from conftest import DESKTOP, PHONE, find_seed
from trex_core import Dealer
from trex_core.cards import ACE_OF_HEARTS, HEARTS, KING_OF_HEARTS, QUEENS_MASK, SUIT_MASK

CONTRACTS = ["king-of-hearts", "queens", "diamonds", "collections", "trex"]
DEAL_TOTAL = {"king-of-hearts": -75, "queens": -100, "diamonds": -130,
              "collections": -195, "trex": 500}
KH = 1 << KING_OF_HEARTS
REDEAL_HEARTS = (KH, KH | 1 << ACE_OF_HEARTS)


def hearts(hand):
    return hand & SUIT_MASK[HEARTS]


def you_are_king(seed, m):
    return m.king == 0


def test_a_deal_of_each_contract(new_table):
    # You hold 7♥ in the first deal, so you are the first king (§2.3) and name all five.
    seed = find_seed(lambda s, m: m.king == 0 and m.hands[0] & KH == 0)
    t = new_table()
    t.goto(f"?speed=instant&seed={seed}")
    refused = reviewed = False
    for i, contract in enumerate(CONTRACTS):
        st = t.wait_idle()
        if i < 4:
            assert st["waiting"] == "choose"
            offered = t.page.locator(".contract-btn").evaluate_all("bs => bs.map(b => b.dataset.move)")
            assert offered == CONTRACTS[i:], "only the king's unused contracts are offered (§2.2)"
            if i == 0:
                t.screenshot("contract-picker")
            st = t.act(f".contract-btn[data-move={contract}]")
        # §2.2: the last contract is forced, nothing to pick
        assert st["contract"] == contract
        shot = False
        while True:
            st = t.wait_idle()
            if st["waiting"] == "summary":
                break
            if st["waiting"] == "play" and not refused and st["trick"] and \
                    t.page.locator(".hand .card.unplayable").count():
                st = t.act(".hand .card.unplayable", force=True)
                assert "must follow" in st["message"], st["message"]
                assert "\u00a7" not in t.page.locator(".status.refused").inner_text(), \
                    "rule numbers are for library users, not shown to players"
                assert t.page.locator(".status.refused").is_visible()
                t.screenshot("refused-card")
                refused = True
                continue
            if st["waiting"] == "play" and not reviewed and st["tricks"] >= 2 and contract != "trex":
                t.act("[data-action=last-trick]")
                assert t.page.locator(".last-trick .card").count() == 4
                t.screenshot("last-trick")
                t.act("[data-action=close-last]")
                reviewed = True
                continue
            if contract == "trex" and not shot and t.page.locator(".layout .card").count() >= 10:
                t.screenshot("trex-layout-desktop")
                t.page.set_viewport_size(PHONE)
                t.page.wait_for_timeout(50)
                t.screenshot("trex-layout-phone")
                t.page.set_viewport_size(DESKTOP)
                assert t.page.locator(".layout .row").count() == 4
                shot = True
            if contract == "diamonds" and not shot and st["tricks"] >= 3:
                t.screenshot("trick-contract-desktop")
                t.page.set_viewport_size(PHONE)
                t.page.wait_for_timeout(50)
                t.screenshot("trick-contract-phone")
                t.page.set_viewport_size(DESKTOP)
                shot = True
            t.step()
        last = st["history"][-1]
        assert last[2] == contract and sum(last[3]) == DEAL_TOTAL[contract]
        title = t.page.locator("[data-overlay=summary] h2").inner_text()
        assert f"Kingdom 1, deal {i + 1} of 5" in title
        # behind the summary: the finished deal, numbered the same way
        assert t.page.locator(".counters [data-k=deal]").inner_text() == f"Deal {i + 1} of 5"
        t.act("[data-action=next-deal]")
    assert refused and reviewed


def test_doubling_prompts(new_table):
    """§4.1: the K♥ holder may double it; a queen holder may double any of his queens."""
    def fits(seed, m):
        h0 = m.hands[0]
        nxt = Dealer(seed).hands(1, 0)[0]
        return (m.king == 0 and h0 & KH and hearts(h0) not in REDEAL_HEARTS
                and (nxt & QUEENS_MASK).bit_count() >= 2)
    seed = find_seed(fits)
    t = new_table()
    t.goto(f"?speed=instant&seed={seed}")
    st = t.act(".contract-btn[data-move=king-of-hearts]")
    assert st["waiting"] == "announce"
    prompt = t.page.locator("[data-prompt=announce]")
    assert "Double the K\u2665" in prompt.inner_text()
    t.screenshot("double-kh-prompt")
    st = t.act("[data-move='double:KH']")
    assert ["KH", 0] in st["doubled"]
    assert t.page.locator(".hand .card.doubled[data-card=KH] .x2").count() == 1
    t.screenshot("double-kh-marked")
    while t.step():  # play the deal out
        if t.state()["waiting"] == "summary":
            break
    t.act("[data-action=next-deal]")
    st = t.act(".contract-btn[data-move=queens]")
    boxes = t.page.locator("[data-prompt=announce] input[name=dbl]")
    assert boxes.count() >= 2
    t.screenshot("double-queens-prompt")
    for i in range(boxes.count()):
        boxes.nth(i).check()
    st = t.act("[data-action=double-selected]")
    mine = sorted(c for c, s in st["doubled"] if s == 0)
    assert len(mine) >= 2 and all(c[0] == "Q" for c in mine)
    for c in mine:
        assert t.page.locator(f".hand .card.doubled[data-card={c}]").count() == 1


def test_redeal_prompt(new_table):
    """§5: a player whose only heart is K♥ (or K♥ A♥) may claim a redeal; the same king
    then names another contract, the deal number staying (§5.2)."""
    def fits(seed, m):
        nxt = Dealer(seed).hands(1, 0)[0]
        return m.king == 0 and hearts(nxt) in REDEAL_HEARTS
    seed = find_seed(fits)
    t = new_table()
    t.goto(f"?speed=instant&seed={seed}")
    t.act(".contract-btn[data-move=diamonds]")
    t.play_deal()
    t.act("[data-action=next-deal]")
    st = t.act(".contract-btn[data-move=king-of-hearts]")
    assert st["waiting"] == "announce"
    assert t.page.locator("[data-move=redeal]").count() == 1
    t.screenshot("redeal-prompt")
    st = t.act("[data-move=redeal]")
    assert st["waiting"] == "choose" and st["deal_number"] == 1 and st["king"] == 0
    offered = t.page.locator(".contract-btn").evaluate_all("bs => bs.map(b => b.dataset.move)")
    assert "king-of-hearts" not in offered and "diamonds" not in offered
    assert "claimed a redeal" in t.page.locator(".centre").inner_text()
    assert "Deal 2 of 5" in t.page.locator(".counters [data-k=deal]").inner_text()
