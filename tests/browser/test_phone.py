"""Phones first, and seeing (issue "The table for every Trex player", items 2 and 6).

At each of the four phone sizes and on a tablet (touch emulation: ``has_touch``,
``is_mobile``, taps), on a desktop (mouse clicks) and at 200 % zoom, a Trex deal is played
through to its summary, the score sheet opened, and a Queens deal played until a trick is
under way; after every step, measured in the page:

* nothing sticks out sideways (``scrollWidth`` ≤ ``innerWidth``, and no dialog scrolls
  sideways), and the table is one screen (``scrollHeight`` ≤ ``innerHeight``);
* every visible control (button, select, input - a checkbox by its label - and
  ``[data-action]``) is at least 40×40 CSS px; a card in the fanned hand counts only by
  the part of it no other card covers (``document.elementFromPoint`` sampled every 4 px:
  some 40×40 square of it must be exposed), and that is where a tap lands;
* no visible text is under 12 px, cut off at the screen's side or covered by anything
  (``elementFromPoint`` at its first line; the big suit in a card's middle may hide);
* every visible text meets WCAG AA contrast on what it is drawn on (4.5:1, large text
  3:1), the felt counted at its lightest; disabled controls are exempt.

Tap-to-raise: on a touch screen the first tap raises a card (``aria-pressed``), a tap on
another card raises that one instead, the second tap on the raised card plays it, and a
tap on a card you may not play only says why. A mouse click plays at once (the other
browser tests click). Screenshots of every state: ``artifacts/phone-<size>-<state>.png``.
"""
from __future__ import annotations

import json

import pytest

from conftest import DESKTOP, Guard, Table, find_seed, tables
from trex_core.cards import QUEENS_MASK

SIZES = {
    "360x740": (360, 740), "390x844": (390, 844),     # phones, portrait
    "740x360": (740, 360), "844x390": (844, 390),     # phones, landscape
    "667x375": (667, 375), "915x412": (915, 412),
    "768x1024": (768, 1024),                          # tablet, portrait (touch)
    "1280x800": (1280, 800),                          # desktop (mouse)
}
TOUCH = {"360x740", "390x844", "740x360", "844x390", "667x375", "915x412", "768x1024"}
LANDSCAPE = ["740x360", "667x375", "844x390", "915x412"]

# Measures the page as it is; returns what breaks a rule (empty lists when all is well).
CHECK_JS = r"""
({minTarget, minFont, feltLight}) => {
  const W = innerWidth, H = innerHeight, de = document.documentElement;
  const out = {sideways: [], tall: null, small: [], tiny: [], faint: [], covered: [], seats: []};
  if (de.scrollWidth > W) out.sideways.push(`page ${de.scrollWidth} > ${W}`);
  if (de.scrollHeight > H) out.tall = de.scrollHeight;
  for (const el of document.querySelectorAll('.dialog, .dialog-body, .prompt, .felt, .topbar')) {
    if (el.scrollWidth > el.clientWidth + 1)
      out.sideways.push(`${el.className} ${el.scrollWidth} > ${el.clientWidth}`);
  }
  const shown = el => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const name = el => (el.dataset.card || el.dataset.move || el.dataset.action || el.name || el.id
                      || el.className || el.tagName) + '';
  const overlay = document.querySelector('.overlay');
  // --- targets: a 40×40 square of the element that is on top
  const exposed = window.trexExposed = (el, need) => {
    const r = el.getBoundingClientRect(), g = 4;
    const x0 = Math.max(r.left, 0) + 1, y0 = Math.max(r.top, 0) + 1;
    const x1 = Math.min(r.right, W) - 1, y1 = Math.min(r.bottom, H) - 1;
    const nx = Math.floor((x1 - x0) / g) + 1, ny = Math.floor((y1 - y0) / g) + 1, k = need / g + 1;
    if (nx < k || ny < k) return null;
    const P = new Int32Array((nx + 1) * (ny + 1)), at = (i, j) => j * (nx + 1) + i;
    for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) {
      const h = document.elementFromPoint(x0 + i * g, y0 + j * g);
      P[at(i + 1, j + 1)] = (h && (h === el || el.contains(h)) ? 1 : 0)
        + P[at(i + 1, j)] + P[at(i, j + 1)] - P[at(i, j)];
    }
    for (let j = 0; j + k <= ny; j++) for (let i = 0; i + k <= nx; i++) {
      if (P[at(i + k, j + k)] - P[at(i + k, j)] - P[at(i, j + k)] + P[at(i, j)] === k * k)
        return [x0 + (i + (k - 1) / 2) * g, y0 + (j + (k - 1) / 2) * g];
    }
    return null;
  };
  for (const el of document.querySelectorAll('button, select, input, [data-action]')) {
    if (!shown(el)) continue;
    const label = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label');
    const box = (label || el).getBoundingClientRect();
    if (box.width < 1 || box.height < 1) continue;
    if (el.matches('.hand .card')) {
      if (overlay) continue;  // under a dialog: not tappable now
      if (!exposed(el, minTarget)) out.small.push(`card ${name(el)}: no ${minTarget}px square exposed`);
      continue;
    }
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (overlay && !overlay.contains(el)) continue;
    if (hit && !(label || el).contains(hit) && !hit.contains(el)) continue;  // covered
    if (box.width < minTarget - 0.5 || box.height < minTarget - 0.5)
      out.small.push(`${name(el)} ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
  }
  // --- every seat's panel whole: inside the window and under nothing (sampled every 5 px,
  // 5 px in from its rounded edges), unless a dialog or the last trick is shown over it
  if (!overlay && !document.querySelector('.last-trick')) {
    for (const el of document.querySelectorAll('.seat')) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect(), seat = `seat ${el.dataset.seat}`;
      if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
        out.seats.push(`${seat} outside the window`);
        continue;
      }
      sample: for (let y = r.top + 5; y <= r.bottom - 5; y += 5) {
        for (let x = r.left + 5; x <= r.right - 5; x += 5) {
          const h = document.elementFromPoint(x, y);
          if (h && !el.contains(h)) {
            out.seats.push(`${seat} under ${name(h)} at ${x | 0},${y | 0}`);
            break sample;
          }
        }
      }
    }
  }
  // --- text: size and contrast
  const rgba = s => { const m = s.match(/[\d.]+/g).map(Number); return m.length === 3 ? [...m, 1] : m; };
  const over = (top, base) => { const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + base[i] * (1 - a)).concat(1); };
  const lum = c => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => p - q);
    return (y + 0.05) / (x + 0.05);
  };
  // What a text is drawn on: the background colours of it and its ancestors, composited
  // down to the first opaque one; a gradient counts by each of its colours (the worst
  // wins); the page's felt by its lightest colour.
  const backgrounds = el => {
    const layers = [];
    let under = [feltLight];
    for (let e = el; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      if (e.tagName === 'TABLE' && el.closest('caption')) continue;  // a table paints no caption
      const cs = getComputedStyle(e), c = rgba(cs.backgroundColor);
      const stops = (cs.backgroundImage.match(/rgba?\([^)]*\)/g) || []).map(rgba);
      if (c[3] >= 1) { under = [c]; break; }
      if (stops.length && stops.every(x => x[3] >= 1)) { under = stops; break; }
      if (c[3] > 0) layers.push(c);
    }
    return under.map(base => [...layers].reverse().reduce((bg, c) => over(c, bg), base));
  };
  const scrolledAway = (el, r) => {  // outside a scrolling box's visible part (a long sheet)
    const y = r.top + r.height / 2;
    for (let e = el.parentElement; e; e = e.parentElement) {
      if (getComputedStyle(e).overflowY === 'visible') continue;
      const b = e.getBoundingClientRect();
      if (y < b.top || y > b.bottom) return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.data.trim()) continue;
    const el = n.parentElement;
    if (!el || seen.has(el) || el.closest('script, style, option, noscript, #loading')) continue;
    seen.add(el);
    if (!shown(el)) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    const rr = range.getBoundingClientRect();
    if (rr.width <= 1 || rr.height <= 1) continue;
    let hidden = false;  // screen-reader text: a 1 px box that clips its text
    for (let e = el; e && !hidden; e = e.parentElement) {
      const r = e.getBoundingClientRect();
      hidden = r.width <= 1 || r.height <= 1;
    }
    if (hidden) continue;
    // on screen sideways, and not under another element (a dialog hides what is behind it)
    const first = range.getClientRects()[0], text = n.data.trim().slice(0, 24);
    if (first.left < -0.5 || first.right > W + 0.5) out.sideways.push(`text "${text}" cut off`);
    else if (!el.closest('.pip') && (!overlay || overlay.contains(el))
             && first.top >= 0 && first.bottom <= H && !scrolledAway(el, first)) {
      const hit = document.elementFromPoint(first.left + first.width / 2, first.top + first.height / 2);
      if (hit && hit !== el && !el.contains(hit) && !hit.contains(el))
        out.covered.push(`"${text}" under ${name(hit)}`);
    }
    const cs = getComputedStyle(el), size = parseFloat(cs.fontSize);
    if (size < minFont) out.tiny.push(`${n.data.trim().slice(0, 24)} ${size}px`);
    if (el.closest(':disabled, [aria-disabled=true]:not(.card)')) continue;  // inactive: exempt
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
    const fg = rgba(cs.color);
    const c = Math.min(...backgrounds(el).map(
      bg => ratio(over([fg[0], fg[1], fg[2], fg[3] * opacity], bg), bg)));
    const large = size >= 24 || (size >= 18.66 && +cs.fontWeight >= 700);
    if (c < (large ? 3 : 4.5)) out.faint.push(`${n.data.trim().slice(0, 24)}: ${c.toFixed(2)}`);
  }
  return out;
}
"""
FELT_LIGHT = [0x19, 0x64, 0x40, 1]  # --felt-light in style.css: the gradient's lightest


def check(t: Table, where: str, one_screen: bool = True) -> dict:
    found = t.page.evaluate(CHECK_JS, {"minTarget": 40, "minFont": 12, "feltLight": FELT_LIGHT})
    if any(found[k] for k in ("sideways", "small", "tiny", "faint", "covered", "seats")) \
            or (one_screen and found["tall"]):
        t.screenshot("phone-failed-" + "".join(c if c.isalnum() else "-" for c in where))
    assert not found["sideways"], f"{where}: sticks out sideways: {found['sideways']}"
    assert not found["small"], f"{where}: targets under 40×40 px: {found['small']}"
    assert not found["tiny"], f"{where}: text under 12 px: {found['tiny']}"
    assert not found["faint"], f"{where}: text under WCAG AA contrast: {found['faint']}"
    assert not found["covered"], f"{where}: text covered by something else: {found['covered']}"
    if one_screen:
        assert found["tall"] is None, f"{where}: the page scrolls: {found['tall']} px tall"
    assert not found["seats"], f"{where}: a seat's panel not whole: {found['seats']}"
    return found


def new_page(browser, site_url, size: str, touch: bool, scale: float = 1) -> Table:
    w, h = SIZES[size] if size in SIZES else map(int, size.split("x"))
    context = browser.new_context(viewport={"width": w, "height": h}, has_touch=touch,
                                  is_mobile=touch, device_scale_factor=scale, service_workers="block")
    guard = Guard(context)
    page = guard.watch(context.new_page())
    page.set_default_timeout(30_000)
    return Table(context, page, guard, site_url)


@pytest.fixture
def pages(browser, site_url):
    yield from tables(lambda size, touch, scale=1: new_page(browser, site_url, size, touch, scale))


# -- acting like a player ------------------------------------------------------------------
def point(t: Table, selector: str) -> tuple[float, float]:
    """Where a finger (or the mouse) can hit the element: the centre of an exposed 40×40
    square (a card in the fan), else the centre of its box."""
    el = t.page.locator(selector).first
    el.wait_for(state="visible")
    xy = el.evaluate("(e, need) => window.trexExposed ? window.trexExposed(e, need) : null", 40)
    if xy is None:
        box = el.bounding_box()
        assert box, selector
        xy = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    return xy[0], xy[1]


def press(t: Table, selector: str, touch: bool) -> None:
    x, y = point(t, selector)
    if touch:
        t.page.touchscreen.tap(x, y)
    else:
        t.page.mouse.click(x, y)


def act(t: Table, selector: str, touch: bool) -> dict:
    """Tap (or click) like a player and wait until the game waits for the player again."""
    seq = t.page.evaluate("document.body.dataset.seq")
    press(t, selector, touch)
    t.page.wait_for_function(
        "s => document.body.dataset.seq !== s && document.body.hasAttribute('data-waiting')",
        arg=seq, timeout=60_000)
    return t.state()


def raise_card(t: Table, selector: str) -> str:
    """First tap on a card: it rises (aria-pressed) and nothing is played."""
    before = t.state()
    card = t.page.locator(selector).first.get_attribute("data-card")
    seq = t.page.evaluate("document.body.dataset.seq")
    press(t, selector, touch=True)
    t.page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    raised = t.page.locator(".hand .card.raised")
    assert raised.count() == 1 and raised.get_attribute("data-card") == card
    assert raised.get_attribute("aria-pressed") == "true"
    assert t.state()["moves"] == before["moves"], "a first tap plays nothing"
    if t.page.evaluate("document.documentElement.lang") == "en":
        assert "again to play" in t.page.locator(".status").inner_text()
    return card


def play(t: Table, touch: bool, where: str, last: bool = False) -> dict:
    """One move of yours in the play phase: a card (tap to raise, tap to play) or a pass."""
    st = t.state()
    if st["legal"] == ["pass"]:
        return act(t, ".pass-btn", touch)
    cards = t.page.locator(".hand .card.playable")
    sel = f".hand .card[data-card='{(cards.last if last else cards.first).get_attribute('data-card')}']"
    if not touch:
        card = t.page.locator(sel).first.get_attribute("data-card")
        st = act(t, sel, touch=False)  # a click plays at once
        assert card not in st["hand"]
        return st
    card = raise_card(t, sel)
    check(t, f"{where}: {card} raised")
    st = act(t, ".hand .card.raised", touch=True)
    assert card not in st["hand"], "the second tap plays the raised card"
    return st


def shot(t: Table, size: str, state: str) -> None:
    t.screenshot(f"phone-{size}-{state}")


KING_SEED = find_seed(lambda seed, m: m.king == 0)


# -- the runs ------------------------------------------------------------------------------
@pytest.mark.parametrize("size", list(SIZES))
def test_a_deal_on_every_screen(pages, size):
    touch = size in TOUCH
    t = pages(size, touch)
    t.goto(f"?speed=instant&seed={KING_SEED}")
    st = t.wait_idle()
    assert st["waiting"] == "choose"
    check(t, "contract picker")
    # each opponent's hand: one card back and its count, one image to a screen reader
    assert t.page.locator(".seat .backs .back").count() == 3
    assert t.page.locator(".seat[data-seat='1'] .backs").get_attribute("aria-label") == "13 cards"
    shot(t, size, "choose")
    # Trex, the whole deal (§6), then its summary
    st = act(t, ".contract-btn[data-move=trex]", touch)
    n, passed = 0, False
    while st["waiting"] == "play":
        check(t, f"Trex, move {n}")
        if n == 4:
            shot(t, size, "trex")
        if st["legal"] == ["pass"] and not passed:
            passed = True
            shot(t, size, "trex-pass")
        st = play(t, touch, f"Trex, move {n}", last=n % 2 == 1)
        n += 1
    assert st["waiting"] == "summary"
    check(t, "summary")
    shot(t, size, "summary")
    st = act(t, "[data-action=next-deal]", touch)
    assert st["waiting"] == "choose"
    # the match totals on every seat's panel and the king's contracts still to
    # come in the bar, in sight on every screen (not only in the score sheet)
    for seat in range(4):
        total = t.page.locator(f".seat[data-seat='{seat}'] .total")
        assert total.is_visible() and total.inner_text().startswith("Total: "), seat
    if size not in LANDSCAPE:  # held sideways the bar has no room: the centre says it while a bot chooses
        assert t.page.locator(".counters [data-k=left]").is_visible()
    # the score sheet: a dialog on phones and tablets, beside the table on a desktop
    press(t, "[data-action=sheet]", touch)
    if size == "1280x800":
        t.page.wait_for_selector(".side.flash")
    else:
        t.page.wait_for_selector("[data-overlay=sheet]")
    check(t, "score sheet")
    shot(t, size, "sheet")
    if size != "1280x800":
        act(t, "[data-overlay=sheet] [data-action=close]", touch)
    # Queens until a trick is under way, with a card raised (touch) in the middle of it
    st = act(t, ".contract-btn[data-move=queens]", touch)
    if st["waiting"] == "announce":
        check(t, "doubling prompt")
        shot(t, size, "announce")
        st = act(t, "[data-prompt=announce] [data-move=nodouble]", touch)
    while not (st["waiting"] == "play" and st["trick"] and st["tricks"] >= 1):
        check(t, "Queens")
        st = play(t, touch, "Queens")
    if touch:
        raise_card(t, ".hand .card.playable")
    check(t, "mid-trick")
    shot(t, size, "trick")


@pytest.mark.parametrize("lang", ["nl", "ar"])
@pytest.mark.parametrize("size", LANDSCAPE)
def test_landscape_phones_show_every_seat_whole(pages, size, lang):
    """Held sideways, in Dutch and Arabic (the longest words, and the bar mirrored),
    North's panel ran under the tools, its deal score and tricks hidden behind Undo. Through
    Collections' first tricks every seat's panel is whole, and no text is covered."""
    t = pages(size, touch=True)
    t.goto(f"?speed=instant&seed={KING_SEED}&lang={lang}")
    t.wait_idle()
    check(t, f"{lang}: contract picker")
    st = act(t, ".contract-btn[data-move=collections]", touch=True)
    for i in range(5):
        check(t, f"{lang}: Collections, move {i}")
        st = play(t, True, f"{lang} {i}")
    assert st["waiting"] == "play"
    assert t.page.locator(".seat.pos-top .tricks-won").is_visible()
    check(t, f"{lang}: Collections")
    shot(t, f"{size}-{lang}", "collections")


def test_a_mis_tap_plays_nothing(pages):
    """Tap-to-raise: only the raised card can be played; another tap raises another card;
    a card you may not play, or a tap out of turn, plays nothing."""
    t = pages("360x740", touch=True)
    t.goto(f"?speed=instant&seed={KING_SEED}")
    t.wait_idle()
    st = act(t, ".contract-btn[data-move=diamonds]", touch=True)
    while st["waiting"] != "play" or not t.page.locator(".hand .card.unplayable").count() \
            or t.page.locator(".hand .card.playable").count() < 2:
        if st["waiting"] == "announce":
            st = act(t, "[data-prompt=announce] button", touch=True)
        elif st["waiting"] == "summary":
            pytest.skip("no position with both kinds of card")
        else:
            st = play(t, True, "diamonds")
    moves = st["moves"]
    # a card you may not play: nothing rises, nothing is played, the page says why
    st = act(t, ".hand .card.unplayable", touch=True)
    assert st["moves"] == moves and st["message"]
    assert t.page.locator(".hand .card.raised").count() == 0
    # one card, then another: the second is raised instead
    first = raise_card(t, ".hand .card.playable")
    second = raise_card(t, f".hand .card.playable:not([data-card='{first}'])")
    assert t.page.locator(f".hand .card[data-card='{first}']").get_attribute("aria-pressed") is None
    assert t.state()["moves"] == moves
    shot(t, "360x740", "raised")
    st = act(t, ".hand .card.raised", touch=True)
    assert second not in st["hand"] and first in st["hand"]
    assert st["moves"] > moves


def test_two_hundred_percent_zoom(pages):
    """A 1280×800 desktop at 200 % zoom is a 640×400 CSS px window at twice the pixels:
    the short-screen layout, nothing sideways, every control and text as big as ever."""
    t = pages("640x400", touch=False, scale=2)
    t.goto(f"?speed=instant&seed={KING_SEED}")
    t.wait_idle()
    check(t, "zoom: contract picker")
    shot(t, "640x400@2", "choose")
    st = act(t, ".contract-btn[data-move=collections]", touch=False)
    for i in range(6):
        if st["waiting"] == "announce":
            st = act(t, "[data-prompt=announce] button", touch=False)
            continue
        check(t, f"zoom: move {i}")
        st = play(t, False, f"zoom {i}")
    shot(t, "640x400@2", "trick")
    act(t, "[data-action=sheet]", touch=False)
    check(t, "zoom: score sheet")
    shot(t, "640x400@2", "sheet")


@pytest.mark.parametrize("size", ["360x740", "740x360"])
def test_doubling_prompt_fits(pages, size):
    """§4: the queens' doubling prompt (a checkbox and a card per queen) on the smallest
    phone screens, with the hand it is about."""
    seed = find_seed(lambda s, m: m.king == 0 and (m.hands[0] & QUEENS_MASK).bit_count() >= 3)
    t = pages(size, touch=True)
    t.goto(f"?speed=instant&seed={seed}")
    t.wait_idle()
    st = act(t, ".contract-btn[data-move=queens]", touch=True)
    assert st["waiting"] == "announce"
    check(t, "doubling prompt")
    press(t, "label.dbl", touch=True)
    t.page.wait_for_function("document.querySelector('input[name=dbl]').checked")
    shot(t, size, "double-queens")
    st = act(t, "[data-action=double-selected]", touch=True)
    doubled = [c for c, s in st["doubled"] if s == 0]
    assert doubled
    check(t, "doubled queen in hand")
    # the double is a red badge by your name, as big as the seat's name
    badge = t.page.locator(".you .seat .badge.doubled")
    assert badge.is_visible() and badge.get_attribute("aria-label").startswith("Doubled: ")
    size = badge.evaluate("b => [parseFloat(getComputedStyle(b).fontSize), b.getBoundingClientRect().height]")
    assert size[0] >= 14 and size[1] >= 22, size


def test_tablet_landscape(pages):
    """1024×768 (a tablet held sideways): the sheet beside the table, Trex's layout fits
    between West and East."""
    t = pages("1024x768", touch=True)
    t.goto(f"?speed=instant&seed={KING_SEED}")
    t.wait_idle()
    check(t, "tablet: picker")
    st = act(t, ".contract-btn[data-move=trex]", touch=True)
    for i in range(4):
        check(t, f"tablet: Trex {i}")
        layout = t.page.locator(".layout").bounding_box()
        for seat in ("left", "right"):
            box = t.page.locator(f".seat.pos-{seat}").bounding_box()
            assert box["x"] + box["width"] <= layout["x"] or layout["x"] + layout["width"] <= box["x"]
        st = play(t, True, f"tablet {i}")
    shot(t, "1024x768", "trex")
    assert st["waiting"] in ("play", "summary")


def test_right_to_left_mirrors_the_bars_but_not_the_seats(pages):
    """Arabic (dir=rtl): the bar, the status and the dialogs mirror; the seats stay (East
    on your right, §1.3) and the hand's cards still show their corner."""
    t = pages("390x844", touch=True)
    t.goto(f"?speed=instant&seed={KING_SEED}")
    t.wait_idle()
    page = t.page
    page.evaluate("document.documentElement.dir = 'rtl'")
    tools = page.locator(".tools").bounding_box()
    counters = page.locator(".counters").bounding_box()
    assert tools["x"] < counters["x"], "the tools move to the left"
    assert page.locator(".pos-right").bounding_box()["x"] > page.locator(".pos-left").bounding_box()["x"]
    check(t, "rtl: picker")
    shot(t, "390x844-rtl", "choose")
    st = act(t, ".contract-btn[data-move=king-of-hearts]", touch=True)
    while st["waiting"] != "play":
        st = act(t, "[data-prompt=announce] [data-move=nodouble], [data-prompt=announce] button", touch=True)
    raise_card(t, ".hand .card.playable")
    check(t, "rtl: raised")
    # a card's corner (its rank) is on its right, the side no other card covers
    first = page.locator(".hand .card").first
    box, rank = first.bounding_box(), first.locator(".r").bounding_box()
    assert rank["x"] + rank["width"] > box["x"] + box["width"] / 2
    shot(t, "390x844-rtl", "trick")
    act(t, "[data-action=sheet]", touch=True)
    dialog = page.locator(".dialog").bounding_box()
    close = page.locator(".dialog [data-action=close]").bounding_box()
    assert close["x"] < dialog["x"] + dialog["width"] / 2, "dialog buttons sit at the end (left)"
    title = page.locator(".dialog h2").bounding_box()
    assert title["x"] + title["width"] > dialog["x"] + dialog["width"] - 40, "the title starts on the right"
    check(t, "rtl: sheet")
    shot(t, "390x844-rtl", "sheet")


def test_four_colour_deck(pages):
    """A setting: ♦ blue and ♣ green (♠ black, ♥ red); the suit symbol is on every card
    either way. It applies at once, is saved, and every colour keeps AA contrast."""
    t = pages("390x844", touch=True)
    t.goto(f"?speed=instant&seed={KING_SEED}")
    t.wait_idle()
    page = t.page
    colour = "s => getComputedStyle(document.querySelector(`.hand .card.s-${s}`)).color"
    assert page.evaluate(colour, "D") == page.evaluate(colour, "H")  # two colours by default
    act(t, "[data-action=settings]", touch=True)
    check(t, "settings", one_screen=True)
    shot(t, "390x844", "settings")
    press(t, "label:has(input[name=four_colour])", touch=True)
    page.wait_for_function("document.getElementById('app').classList.contains('four-colour')")
    act(t, "[data-overlay=settings] [data-action=close]", touch=True)
    assert page.evaluate(colour, "D") == "rgb(30, 64, 175)"
    assert page.evaluate(colour, "C") == "rgb(22, 101, 52)"
    assert page.evaluate(colour, "S") == "rgb(27, 27, 27)"
    assert page.evaluate(colour, "H") == "rgb(179, 38, 30)"
    for card in page.locator(".hand .card").all():  # never colour alone: every card has its suit
        assert card.locator(".s").inner_text() in "\u2660\u2665\u2666\u2663"
    check(t, "four colours")
    assert json.loads(page.evaluate("localStorage.getItem('trex.settings')"))["four_colour"] is True
    t.reload()
    assert page.evaluate("document.getElementById('app').classList.contains('four-colour')")
    act(t, ".contract-btn[data-move=trex]", touch=True)
    check(t, "four colours, Trex")
    shot(t, "390x844", "four-colour")


def test_desktop_plays_by_click_and_keeps_its_space(pages):
    """On a desktop a click plays at once (no raise) and the sheet stays beside the table."""
    t = pages("1280x800", touch=False)
    t.goto(f"?speed=instant&seed={KING_SEED}")
    t.wait_idle()
    st = act(t, ".contract-btn[data-move=diamonds]", touch=False)
    while st["waiting"] != "play":
        st = act(t, "[data-prompt=announce] button", touch=False)
    moves = st["moves"]
    card = t.page.locator(".hand .card.playable").first.get_attribute("data-card")
    st = act(t, ".hand .card.playable", touch=False)
    assert card not in st["hand"] and st["moves"] > moves
    assert t.page.locator(".hand .card.raised").count() == 0
    assert t.page.locator(".side").is_visible()
    felt = t.page.locator(".felt").bounding_box()
    assert felt["width"] > DESKTOP["width"] * 0.6
