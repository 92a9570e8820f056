"""Numbers and cards on a right-to-left (Arabic) page read as they do everywhere: "−75"
with the minus first, "+200/150/100/50" in its written order, "K♥" rank then suit — in
the king's contract buttons, the doubling prompt, the rules screen, the seats' "this deal"
line, the deal's summary and the score sheet. Measured by where the browser draws each
character (Range rects, checked against the pixels when written), not by eye: a
downscaled screenshot of an RTL page is easily misread as "75−". The one text found drawn
backwards was a literal "(K♥)" in the Arabic rules screen (now a {card} placeholder filled
with an isolated card). Screenshots, desktop and 360×740, go to
tests/browser/artifacts/bidi-*.png."""
from conftest import find_seed
from trex_core.cards import KING_OF_HEARTS

KH = 1 << KING_OF_HEARTS
SMALL_PHONE = {"width": 360, "height": 740}

# Every number ([sign]digits[/digits...]) and card (rank + suit symbol) drawn inside the
# elements matched by `sel`: its characters in text order, and the same characters ordered
# by their glyphs' left edges. On an LTR-reading token both are the same.
GLYPHS = r"""sel => {
  const out = [];
  const token = /[+\u2212]?\d+(?:\/\d+)*|(?:10|[2-9AKQJ])[\u2660\u2665\u2666\u2663]/g;
  for (const el of document.querySelectorAll(sel)) {
    if (!el.getClientRects().length || el.closest("[hidden]")) continue;
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(token)) {
        const chars = [];
        for (let i = 0; i < m[0].length; i++) {
          const r = document.createRange();
          r.setStart(node, m.index + i); r.setEnd(node, m.index + i + 1);
          const rect = r.getBoundingClientRect();
          chars.push({c: m[0][i], left: rect.left, w: rect.width});
        }
        if (chars.some(ch => ch.w === 0)) continue;  // not drawn (scrolled away, clipped)
        const visual = [...chars].sort((a, b) => a.left - b.left).map(ch => ch.c).join("");
        out.push({text: m[0], visual, where: sel});
      }
    }
  }
  return out;
}"""


def drawn(t, sel):
    return t.page.evaluate(GLYPHS, sel)


def check(tokens, *, negative=True):
    """Every token is drawn in its own order; with ``negative``, one at least is "−N"."""
    wrong = [f"{x['where']}: {x['text']!r} drawn as {x['visual']!r}"
             for x in tokens if x["visual"] != x["text"]]
    assert not wrong, "read backwards on the Arabic page:\n" + "\n".join(wrong)
    if negative:
        assert any(x["text"].startswith("\u2212") for x in tokens), tokens


def test_arabic_numbers_and_cards_read_left_to_right(new_table):
    seed = find_seed(lambda s, m: m.king == 0 and m.hands[0] & KH)
    t = new_table()
    t.goto(f"?speed=instant&lang=ar&seed={seed}")
    assert t.page.evaluate("document.documentElement.dir") == "rtl"
    st = t.wait_idle()
    assert st["waiting"] == "choose"

    # the contract buttons: "−75 …", "−25 …", the Trex places "+200/150/100/50"
    small = drawn(t, ".contract-btn small")
    check(small)
    assert any("/" in x["text"] for x in small), "the Trex places are not on the Trex button"
    # the hand's K♥, as the player sees it
    check(drawn(t, ".hand .card"), negative=False)
    t.screenshot("bidi-choose")

    # the rules screen (rulesview.py): the contracts' values, the doubling, the Trex places
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.keyboard.press("r")
    t.page.wait_for_function(
        "s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')",
        arg=seq, timeout=60_000)
    assert t.state()["overlay"] == "rules"
    check(drawn(t, ".overlay[data-overlay=rules] .rules-scroll"))
    t.page.keyboard.press("Escape")
    t.page.wait_for_selector(".overlay[data-overlay=rules]", state="detached")

    # the measure itself: a "−75" forced right-to-left (RLI) is seen drawn as "75−"
    probe = t.page.evaluate("""() => { const p = document.createElement("p"); p.id = "bidi-probe";
        p.textContent = "\\u2067\\u221275\\u2069"; document.querySelector(".prompt").append(p); }""")
    assert probe is None
    assert [x["visual"] for x in drawn(t, "#bidi-probe")] == ["75\u2212"]
    t.page.evaluate("document.getElementById('bidi-probe').remove()")

    st = t.act("[data-move=king-of-hearts]")
    # the holder of K♥ may double it: "−150 … +75" in the prompt, "K♥" on its button
    assert st["waiting"] == "announce", st
    check(drawn(t, "[data-prompt=announce]"))
    st = t.play_deal()
    assert st["waiting"] in ("summary", "result", "over"), st
    t.screenshot("bidi-summary")

    summary = drawn(t, "table.summary td.num")
    check(summary)
    assert any(x["text"] == "\u221275" for x in summary), summary  # the king of hearts' taker
    cards = drawn(t, "table.summary td.took")
    check(cards, negative=False)
    assert any(x["text"] == "K\u2665" for x in cards), cards
    check(drawn(t, ".seat .deal-score"))
    check(drawn(t, "table.sheet td"))

    # a small phone: the summary's numbers still read minus-first
    t.page.set_viewport_size(SMALL_PHONE)
    t.page.wait_for_timeout(300)
    t.screenshot("bidi-summary-360")
    check(drawn(t, "table.summary td.num"))


# Arabic text whose element is laid out left to right: the felt keeps its physical geometry
# (direction: ltr, style.css) and gives its children the text direction back; a child that
# keeps ltr draws an Arabic sentence with its full stop at the wrong end.
ARABIC_IN_LTR = r"""() => {
  const arabic = /[\u0600-\u06FF]/;
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!arabic.test(n.data) || !el.getClientRects().length || el.closest("[hidden]")) continue;
    if (getComputedStyle(el).direction !== "rtl") out.push(`${el.tagName}.${el.className}: ${n.data.trim()}`);
  }
  return out;
}"""


def test_arabic_text_on_the_table_is_laid_out_right_to_left(new_table):
    """Every Arabic text the page draws is laid out right to left, inside the felt too: the
    empty Trex layout's hint was left to right, its full stop drawn before its first word."""
    seed = find_seed(lambda s, m: m.king == 0)
    t = new_table(SMALL_PHONE, has_touch=True, is_mobile=True)
    t.goto(f"?speed=instant&lang=ar&seed={seed}&tour=0")
    assert t.wait_idle()["waiting"] == "choose"
    assert t.page.evaluate(ARABIC_IN_LTR) == []
    t.act("[data-move=trex]")
    assert t.page.locator(".layout-hint").count() == 1  # the king lays the first card
    assert t.page.evaluate(ARABIC_IN_LTR) == []
    t.screenshot("bidi-trex-empty-360")
    st = t.play_deal()
    assert st["waiting"] in ("summary", "result", "over"), st
    assert t.page.evaluate(ARABIC_IN_LTR) == []
