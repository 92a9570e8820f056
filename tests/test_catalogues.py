"""The table's word catalogues (web/locale/<lang>/LC_MESSAGES/trex.po), without a browser:
they parse, every key the page's Python uses is in every language with the same
placeholders, counted texts have the language's number of plural forms, and the
compiled .mo reads back through the standard library's gettext."""
from __future__ import annotations

import gettext
import io
import re
import string
import sys
from pathlib import Path

import pytest

from trex_core import Contract
from trex_core.bots import LEVELS
from trex_core.errors import CODES
from trex_core.rules import CHOICES, SWITCHES

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(WEB))
from trexui.i18n import strings  # noqa: E402
from trexui.table import store  # noqa: E402
from trexui.view import faces, overlays  # noqa: E402

LANGS = strings.LANGUAGES
NPLURALS = {"en": 2, "nl": 2, "ar": 6}


def load(lang: str) -> list[strings.Entry]:
    path = WEB / "locale" / lang / "LC_MESSAGES" / "trex.po"
    return strings.parse(path.read_text(encoding="utf-8"), str(path))


CATALOGUES = {lang: load(lang) for lang in LANGS}
ENTRIES = {lang: {e.msgid: e for e in entries if e.msgid} for lang, entries in CATALOGUES.items()}
EN = ENTRIES["en"]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def used_keys() -> tuple[set[str], set[str], set[str]]:
    """Keys in web/trexui/*.py: literal t("…") keys, tn("…") keys, and prefixes of keys
    built at run time (t(f"seat.{s}"), t("contract.help." + c))."""
    literal, counted, prefixes = set(), set(), set()
    call = re.compile(r'\b(tn?)\((f?)"([^"]*)"(\s*\+)?')
    for path in (WEB / "trexui").rglob("*.py"):
        for fn, f, text, plus in call.findall(path.read_text(encoding="utf-8")):
            if f or plus:
                prefixes.add(text.split("{", 1)[0])
            elif fn == "tn":
                counted.add(text)
            else:
                literal.add(text)
    return literal, counted, prefixes


def test_the_languages_are_listed_once_and_each_has_a_catalogue() -> None:
    assert LANGS[0] == "en" and {"en", "ar", "nl"} <= set(LANGS)
    import build

    assert build.languages() == list(LANGS)
    for lang in LANGS:
        head = strings.header(CATALOGUES[lang])
        assert head["Language"] == lang
        assert head["Content-Type"] == "text/plain; charset=UTF-8"
        assert strings.nplurals(CATALOGUES[lang]) == NPLURALS.get(lang, strings.nplurals(CATALOGUES[lang]))
        assert ENTRIES[lang]["lang.dir"].msgstr[0] in ("ltr", "rtl")
    assert ENTRIES["ar"]["lang.dir"].msgstr[0] == "rtl"


def test_every_key_the_page_uses_is_in_english() -> None:
    literal, counted, prefixes = used_keys()
    assert len(literal) > 90 and counted and prefixes
    assert not literal - set(EN), literal - set(EN)
    for key in counted:
        assert EN[key].msgid_plural == key + ".plural", key
    for key in literal:
        assert EN[key].msgid_plural is None, f"{key} is counted: use tn()"
    for prefix in prefixes:
        assert any(k.startswith(prefix) for k in EN), prefix
    # the keys built at run time, from the values they are built from
    built = [f"refusal.{code}" for code in CODES]
    built += [f"seat.{s}" for s in range(4)] + [f"seat.{s}.long" for s in range(4)]
    built += [f"save.why.{code}" for code in store.WHY] + ["save.why.bug"]
    for c in Contract:
        built += [f"contract.{c.value}", f"contract.short.{c.value}", f"contract.help.{c.value}"]
    built += [f"suit.{s}" for s in "SHDC"] + [f"rank.{r}" for r in "AKQJT"]
    built += [f"preset.{p}" for p in overlays.PRESET_NAMES] + [f"speed.{s}" for s in overlays.SPEED_NAMES]
    built += [f"level.{level}" for level in LEVELS]
    built += [f"opt.{name}" for name in (*CHOICES, *SWITCHES)]
    built += [f"opt.{name}.{o}" for name, options in CHOICES.items() for o in options]
    built += ["lang.name", "lang.dir", "refusal.you", "list.none", "list.or", "list.comma"]
    assert not set(built) - set(EN), sorted(set(built) - set(EN))


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_language_has_every_key_with_the_same_placeholders(lang: str) -> None:
    entries = ENTRIES[lang]
    assert set(entries) == set(EN), (set(EN) - set(entries), set(entries) - set(EN))
    n = strings.nplurals(CATALOGUES[lang])
    for key, en in EN.items():
        e = entries[key]
        assert not e.fuzzy and all(s.strip() for s in e.msgstr), key
        if en.msgid_plural is None:
            assert e.msgid_plural is None and len(e.msgstr) == 1, key
            assert fields(e.msgstr[0]) == fields(en.msgstr[0]), (key, e.msgstr[0])
        else:
            assert e.msgid_plural == en.msgid_plural and len(e.msgstr) == n, (key, len(e.msgstr), n)
            allowed = set().union(*(fields(s) for s in en.msgstr))
            for form in e.msgstr:  # a form may leave the number out ("one trick")
                assert fields(form) <= allowed, (key, form)
        assert e.comments, f"{lang}: {key} has no translator comment"


def test_english_entries_are_complete_and_commented() -> None:
    for key, e in EN.items():
        assert any(c.startswith("English: ") for c in e.comments), key
        if e.msgid_plural:
            assert len(e.msgstr) == 2, key


def test_the_compiled_catalogue_reads_back_through_gettext() -> None:
    for lang, entries in CATALOGUES.items():
        cat = gettext.GNUTranslations(io.BytesIO(strings.compile_mo(entries)))
        assert cat.info()["language"] == lang
        for key, e in ENTRIES[lang].items():
            if e.msgid_plural is None:
                assert cat.gettext(key) == e.msgstr[0], key
            else:
                assert cat.ngettext(key, e.msgid_plural, 1) in e.msgstr
    ar = gettext.GNUTranslations(io.BytesIO(strings.compile_mo(CATALOGUES["ar"])))
    forms = ENTRIES["ar"]["summary.tricks"].msgstr
    for n, form in ((0, 0), (1, 1), (2, 2), (3, 3), (10, 3), (11, 4), (99, 4), (100, 5), (102, 5), (103, 3)):
        assert ar.ngettext("summary.tricks", "summary.tricks.plural", n) == forms[form], n


def test_the_po_reader_refuses_what_it_cannot_read() -> None:
    good = 'msgid "a"\nmsgstr "b \\"c\\"\\n"\n'
    assert strings.parse(good)[0].msgstr == ['b "c"\n']
    for bad, line in (('msgid "a"\n', 1), ('msgid "a"\nmsgstr "b"\nmsgid "a"\nmsgstr "c"\n', 3),
                      ('msgid "a"\nmsgid_plural "b"\nmsgstr "c"\n', 3), ('msgstr "x"\n', 1),
                      ('msgid "a"\nmsgstr "b"c"\n', 2), ('msgid "a"\nmsgstr\n', 2)):
        with pytest.raises(strings.PoError) as info:
            strings.parse(bad, "x.po")
        assert info.value.line == line, bad


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_formats_in_every_language(lang: str) -> None:
    """Every template formats with its placeholders (no stray braces), and the page's
    refusals read naturally: nothing of another language, no § references."""
    sample = {name: "X" for e in EN.values() for s in e.msgstr for name in fields(s)}
    strings.set_language(lang)
    try:
        for e in ENTRIES[lang].values():
            for form in e.msgstr:
                form.format(**sample)
        for code in CODES:
            text = faces.refusal_text(code, {"seat": 0, "to_move": 1, "king": 2, "contract": "queens",
                                            "cards": ["QS", "TH"], "suit": "S", "low": 8, "high": 10,
                                            "n": 3, "made": 1})
            assert "{" not in text and "\u00a7" not in text, (code, text)
    finally:
        strings.set_language("en")


def test_arabic_has_no_latin_words() -> None:
    """The Arabic catalogue is Arabic: no Latin word (a card's letter, as on its face, is fine,
    and so are the names printed on the keys of a keyboard and, for a tutorial's author,
    the address parameters and move texts as they are typed: ``mode=replay``, ``pass``)."""
    keys = r"(?<![A-Za-z])(?:Home|End|Enter|Tab|Shift|Esc|Page Up|Page Down)(?![A-Za-z])"
    typed = r"caption\.N|[a-z_.]+=[\w:,.]*|docs/[\w.]+|\b(?:pass|nodouble|double:\w+|[2-9TJQKA][SHDC])\b"
    for key, e in ENTRIES["ar"].items():
        if key == "lang.dir":
            continue
        for form in e.msgstr:
            text = re.sub(r"`[^`]*`", "", form)  # `typed as it is` (the author page's code)
            text = re.sub(typed, "", re.sub(keys, "", re.sub(r"\{\w+\}", "", text)))
            assert not re.search(r"[A-Za-z]{2,}", text), (key, form)


def test_dutch_names_no_friend_as_him() -> None:
    """A friend at the table may be anyone: where the English link texts say "they", the
    Dutch say "die" or name the seat, never "hem"/"hij" (the play-test read "over 20 s
    speelt een bot voor hem")."""
    for key, e in ENTRIES["nl"].items():
        if key.startswith("link.") and re.search(r"\b(?:they|them|their)\b", EN[key].msgstr[0]):
            for form in e.msgstr:
                assert not re.search(r"\b(?:hem|hij)\b", form, re.IGNORECASE), (key, form)


def test_right_to_left_pages_isolate_scores_and_cards() -> None:
    strings.set_language("ar")
    try:
        assert faces.score_text(-75) == "\u2068\u221275\u2069"
        assert faces.card_symbol("QS") == "\u2068Q\u2660\u2069"
        assert strings.tn("summary.tricks", 2) == "لطشتان"
    finally:
        strings.set_language("en")
    assert faces.score_text(-75) == "\u221275" and faces.card_symbol("TH") == "10\u2665"


def test_the_language_is_chosen_from_the_address_the_setting_and_the_browser() -> None:
    assert strings.choose("ar", "nl", ["en"]) == ("ar", False)
    assert strings.choose("NL-be", None, []) == ("nl", False)
    assert strings.choose(None, "nl", ["ar"]) == ("nl", False)
    assert strings.choose(None, "", ["fr-FR", "ar-EG", "en"]) == ("ar", False)
    assert strings.choose("xx", "", ["fr"]) == ("en", True)  # unknown ?lang=: said on the page
    assert strings.choose("", None, ["de"]) == ("en", False)


def test_only_a_language_chosen_in_settings_is_remembered() -> None:
    """Stored settings name a language only when the player chose one in Settings; the
    first settings stored "lang": "en" in every save, and that must not pin English for
    a player whose browser reads Arabic. (loader.js reads the settings alike.)"""
    first = store.load_settings('{"preset": "levant", "level": "medium", "speed": "normal", "lang": "en"}')
    assert first["lang"] == "" and strings.choose(None, first["lang"], ["ar-EG", "en"]) == ("ar", False)
    assert "language" not in store.dump_settings(first) and '"lang"' not in store.dump_settings(first)
    assert store.load_settings('{"lang": "nl"}')["lang"] == "nl"  # picked in Settings before "language"
    chosen = dict(store.default_settings(), lang="en")  # English, chosen in Settings
    again = store.load_settings(store.dump_settings(chosen))
    assert again["lang"] == "en" and strings.choose(None, again["lang"], ["ar"]) == ("en", False)
    assert store.load_settings(store.dump_settings(store.default_settings()))["lang"] == ""
