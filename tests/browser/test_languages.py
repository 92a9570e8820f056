"""Three languages (the issue "The table for every Trex player", item 3): Arabic and Dutch
pages whose every visible word is theirs through a whole deal and its dialogs, a
right-to-left Arabic page whose bars and dialogs mirror while the seats keep their
places, a language switched mid-deal without touching the match and remembered, the
browser's language, and an unknown ?lang= that is said so. Screenshots at desktop size
and at 360×740 go to tests/browser/artifacts/lang-*.png."""
import re
import sys
from pathlib import Path

import pytest

from conftest import DESKTOP, Guard, Table, find_seed, tables
from trex_core.cards import ACE_OF_HEARTS, HEARTS, KING_OF_HEARTS, SUIT_MASK

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from trexui.i18n import strings  # noqa: E402

SMALL_PHONE = {"width": 360, "height": 740}
KH = 1 << KING_OF_HEARTS
NAMES = {}  # each language's own name: the language menu lists them all, in their own words


def catalogue(lang):
    path = Path(strings.SOURCE) / lang / "LC_MESSAGES" / "trex.po"
    return {e.msgid: e for e in strings.parse(path.read_text(encoding="utf-8"), str(path)) if e.msgid}


CATALOGUES = {lang: catalogue(lang) for lang in strings.LANGUAGES}
for _lang, _entries in CATALOGUES.items():
    NAMES[_lang] = _entries["lang.name"].msgstr[0]


def english_pieces(lang):
    """The literal pieces (between placeholders) of every English text that ``lang``
    translates differently: none of them may appear on that language's page. Pieces with
    fewer than three letters (card letters, "s", "×2") and language names are left out."""
    out = set()
    for key, e in CATALOGUES["en"].items():
        if key == "lang.name":
            continue
        theirs = CATALOGUES[lang][key].msgstr
        for text in e.msgstr:
            if text in theirs:
                continue
            for piece in re.split(r"\{\w+\}", text):
                piece = piece.strip(" .,:;!?()\u2014\u2013\u2026\u00b7&")
                if len(re.findall(r"[A-Za-z]", piece)) >= 3:
                    out.add(piece)
    return out


PIECES = {lang: english_pieces(lang) for lang in ("ar", "nl")}

VISIBLE_TEXT = """() => {
  // text marked translate="no" is typed as it is in every language (a server address's form)
  let body = document.body.innerText;
  for (const el of document.querySelectorAll("[translate=no]")) body = body.replace(el.innerText, " ");
  const parts = [document.title, body];
  for (const el of document.querySelectorAll("[aria-label], [title]")) {
    if (el.closest("[hidden]")) continue;
    parts.push(el.getAttribute("aria-label") || "", el.getAttribute("title") || "");
  }
  return parts.join("\\n");
}"""


# What sticks out of a 360 px screen. The hand is left out (its fan is the same in every
# language; test_phone checks it), and so is the visually hidden text for screen readers
# (clipped to 1 px: its box is wider than what shows); this checks that no word does.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth, out = [];
  for (const el of document.querySelectorAll("#app *")) {
    if (el.closest(".hand, .sr-only")) continue;
    const r = el.getBoundingClientRect();
    if (r.width && (r.right > width + 0.5 || r.left < -0.5)) out.push(el.tagName + "." + el.className);
  }
  return out;
}"""


def check_words(t, lang, where):
    """Every visible text (and every label a screen reader reads) is in ``lang``."""
    text = t.page.evaluate(VISIBLE_TEXT)
    for name in NAMES.values():
        text = text.replace(name, " ")
    found = [p for p in PIECES[lang] if re.search(r"(?<!\w)" + re.escape(p) + r"(?!\w)", text)]
    assert not found, f"{lang}, {where}: English on the page: {found}"
    if lang == "ar":  # nothing Latin at all but a card's letter
        latin = re.findall(r"[A-Za-z]{2,}", text)
        assert not latin, f"ar, {where}: Latin words on the page: {latin}"
    return text


@pytest.fixture
def make_table(browser, site_url):
    """Fresh pages with their own context, optionally in a browser language."""
    def make(viewport=DESKTOP, **context_options):
        context = browser.new_context(viewport=viewport, service_workers="block", **context_options)
        guard = Guard(context)
        page = guard.watch(context.new_page())
        page.set_default_timeout(30_000)
        return Table(context, page, guard, site_url)

    yield from tables(make)


def html_lang(t):
    return t.page.evaluate("[document.documentElement.lang, document.documentElement.dir]")


def shots(t, name):
    t.screenshot(f"{name}-desktop")
    t.page.set_viewport_size(SMALL_PHONE)
    t.page.wait_for_timeout(50)  # one frame for the media query; not a readiness wait
    t.screenshot(f"{name}-phone")
    wide = t.page.evaluate(OVERFLOW)
    assert not wide, f"{name}: sticks out sideways at 360 px: {wide}"
    t.page.set_viewport_size(DESKTOP)
    t.page.wait_for_timeout(50)


def king_of_hearts_seed(seed, m):
    hearts = m.hands[0] & SUIT_MASK[HEARTS]
    return m.king == 0 and m.hands[0] & KH and hearts not in (KH, KH | 1 << ACE_OF_HEARTS)


@pytest.mark.parametrize("lang", ["ar", "nl"])
def test_a_whole_deal_in_the_language(make_table, lang):
    seed = find_seed(king_of_hearts_seed)
    t = make_table()
    t.goto(f"?lang={lang}&speed=instant&seed={seed}")
    assert html_lang(t) == [lang, "rtl" if lang == "ar" else "ltr"]
    page = t.page
    st = t.wait_idle()
    assert st["waiting"] == "choose"
    check_words(t, lang, "the contract picker")
    shots(t, f"lang-{lang}-picker")
    if lang == "ar":
        # the names Arabic players use, on the picker
        picker = page.locator(".prompt").inner_text()
        for name in ("شيخ الكبة", "البنات", "الديناري", "اللطوش", "التركس"):
            assert name in picker
        # a true right-to-left page: the bars and the sheet mirror, the seats keep their places
        def x(selector):
            return page.locator(selector).bounding_box()["x"]

        assert x(".seat.pos-right") > x(".seat.pos-left")
        assert x(".side") < x(".felt") and x(".brand") > x(".tools")
        assert page.locator(".seat.pos-right .seat-name").inner_text() == CATALOGUES["ar"]["seat.1"].msgstr[0]
    st = t.act(".contract-btn[data-move=king-of-hearts]")
    assert st["waiting"] == "announce"
    check_words(t, lang, "the doubling prompt")
    st = t.act("[data-prompt=announce] [data-move^='double:']")
    refused = reviewed = dialogs = False
    while st["waiting"] != "summary":
        unplayable = page.locator(".hand .card.unplayable").count()
        if st["waiting"] == "play" and not refused and st["trick"] and unplayable:
            st = t.act(".hand .card.unplayable", force=True)
            assert page.locator(".status.refused").is_visible()
            check_words(t, lang, "a refused card")
            refused = True
            continue
        if st["waiting"] == "play" and not reviewed and st["tricks"] >= 2:
            t.act("[data-action=last-trick]")
            check_words(t, lang, "the last trick")
            shots(t, f"lang-{lang}-table")
            t.act("[data-action=close-last]")
            reviewed = True
        if st["waiting"] == "play" and not dialogs and st["tricks"] >= 3:
            t.act("[data-action=settings]")
            check_words(t, lang, "settings")
            shots(t, f"lang-{lang}-settings")
            t.act("[data-overlay=settings] [data-action=close]")
            page.set_viewport_size(SMALL_PHONE)
            page.wait_for_timeout(50)
            t.act("[data-action=sheet]")  # a dialog on a phone
            check_words(t, lang, "the score sheet")
            t.screenshot(f"lang-{lang}-sheet-phone")
            t.act("[data-overlay=sheet] [data-action=close]")
            page.set_viewport_size(DESKTOP)
            page.wait_for_timeout(50)
            dialogs = True
        t.step()
        st = t.wait_idle()
        check_words(t, lang, f"move {st['moves']}")
    assert refused and reviewed and dialogs
    summary = check_words(t, lang, "the deal's summary")
    assert "\u00d72" in summary  # the doubled K♥ is explained, in the language
    shots(t, f"lang-{lang}-summary")
    st = t.act("[data-action=next-deal]")
    assert st["deal_number"] == 1
    check_words(t, lang, "the next deal")
    assert html_lang(t) == [lang, "rtl" if lang == "ar" else "ltr"]


def test_switching_language_mid_deal_keeps_the_match_and_is_remembered(make_table):
    t = make_table()
    t.goto("?lang=nl&speed=instant&seed=11")
    page = t.page
    st = t.wait_idle()
    while st["waiting"] != "play" or st["moves"] < 12:
        t.step()
        st = t.wait_idle()
    before = t.state()
    t.act("[data-action=settings]")
    assert page.input_value(".settings [name=lang]") == "nl"
    page.uncheck(".settings [name=doubling]")  # a rule change not applied yet stays in the dialog
    seq = page.evaluate("document.body.dataset.seq")
    page.select_option(".settings [name=lang]", "ar")
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    assert html_lang(t) == ["ar", "rtl"]
    assert page.locator("[data-overlay=settings]").is_visible()
    assert not page.is_checked(".settings [name=doubling]")
    check_words(t, "ar", "settings after the switch")
    st = t.act("[data-overlay=settings] [data-action=close]")
    for key in ("hand", "moves", "history", "trick", "tricks", "seed", "rules", "contract"):
        assert st[key] == before[key], key
    check_words(t, "ar", "the table after the switch")
    assert "lang=ar" in page.evaluate("location.search")  # the address now says the chosen language
    t.reload()
    assert html_lang(t) == ["ar", "rtl"]
    assert page.evaluate("window.trexLoader.lang") == "ar"  # the loading screen was Arabic too
    st = t.state()
    assert st["moves"] == before["moves"] and st["hand"] == before["hand"]
    # remembered without the address: the saved setting
    t.goto("?speed=instant")
    assert html_lang(t) == ["ar", "rtl"] and t.state()["moves"] == before["moves"]
    check_words(t, "ar", "after a reload")
    # and back to English at once
    t.act("[data-action=settings]")
    seq = page.evaluate("document.body.dataset.seq")
    page.select_option(".settings [name=lang]", "en")
    page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    assert html_lang(t) == ["en", "ltr"]
    assert page.locator("[data-overlay=settings] h2").inner_text() == "Settings"
    assert t.state()["moves"] == before["moves"]


def test_the_browser_language_and_an_unknown_lang(make_table):
    t = make_table(locale="ar-EG")
    t.goto("?lang=xx&speed=instant")
    assert html_lang(t) == ["ar", "rtl"]  # not offered: the browser's language
    notice = t.page.locator(".counters .notice")
    assert notice.is_visible()
    text = notice.inner_text()
    assert "xx" in text and all(name in text for name in NAMES.values()), text
    assert t.page.title() == CATALOGUES["ar"]["app.title"].msgstr[0]
    loading = t.page.locator("#load-text").text_content()
    assert re.search("[\u0600-\u06ff]", loading), loading  # the loading screen spoke Arabic
    t.goto("?speed=instant")
    assert html_lang(t) == ["ar", "rtl"]
    assert t.page.locator(".counters .notice").count() == 0
    check_words(t, "ar", "a page in the browser's language")


def test_old_settings_do_not_pin_english_on_an_arabic_browser(make_table):
    """The first settings stored "lang": "en" in every save, chosen or not: a player whose
    browser reads Arabic gets Arabic (from the loading screen on). Only a language chosen
    in Settings is remembered, English too."""
    t = make_table(locale="ar-EG")
    t.goto("?speed=instant")
    old = ('{"preset": "levant", "rules": {}, "level": "medium", "speed": "normal", "lang": "en"}')
    t.reload(storage={"trex.settings": old})
    assert html_lang(t) == ["ar", "rtl"]
    assert t.page.evaluate("window.trexLoader.lang") == "ar"  # loader.js reads the settings alike
    check_words(t, "ar", "old settings on an Arabic browser")
    # English chosen in Settings is a choice: remembered, and the loading screen follows it
    t.act("[data-action=settings]")
    seq = t.page.evaluate("document.body.dataset.seq")
    t.page.select_option(".settings [name=lang]", "en")
    t.page.wait_for_function("s => document.body.dataset.seq !== s", arg=seq)
    saved = t.page.evaluate("JSON.parse(localStorage.getItem('trex.settings'))")
    assert saved.get("language") == "en" and "lang" not in saved, saved
    t.reload()
    assert html_lang(t) == ["en", "ltr"] and t.page.evaluate("window.trexLoader.lang") == "en"
