"""Every word the table shows, from gettext catalogues: ``t(key, **kw)``, ``tn(key, n, **kw)``,
in the language of the table that speaks (``with language(lang):``, one per table).

The words are not in code: each language has ``web/locale/<lang>/LC_MESSAGES/trex.po``
(the English one is the reference; its ``#.`` comments say what each placeholder
is), and ``web/locale/LINGUAS`` lists the languages. ``build.py`` compiles them to
``.mo`` files inside the UI zip (``trexui/locale/<lang>.mo``); here the standard
library's ``gettext.GNUTranslations`` reads those bytes. From a source checkout
(tests under CPython) the ``.po`` files are compiled in memory instead (``po.py``).

Keys are the API: a msgid is a key such as ``status.wait``, the msgstr its text, a
``str.format`` template with ``{name}``-style placeholders. A counted text is a
plural entry (``msgid_plural`` = the key + ``.plural``) and follows the language's
``Plural-Forms`` rule through ``ngettext`` (Arabic has six forms). A key missing
from a catalogue falls back to English, then to the key itself.

Numbers stay in Western digits in every language (Arabic players read both; scores
and card names then match the cards' faces). In a right-to-left language ``iso``
wraps a score or a card name in Unicode isolates so "−75" and "Q♠" keep their order.
"""
from __future__ import annotations

import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent  # the trexui package
BUILT = HERE / "locale"  # the site: trexui/locale/<lang>.mo and LINGUAS, written by build.py
SOURCE = HERE.parent / "locale"  # a source checkout: web/locale/<lang>/LC_MESSAGES/trex.po
DOMAIN = "trex"
DEFAULT = "en"

FSI, PDI = "\u2068", "\u2069"  # first-strong isolate ... pop directional isolate
MINUS = "\u2212"


def _linguas() -> tuple[str, ...]:
    for folder in (BUILT, SOURCE):
        path = folder / "LINGUAS"
        if path.exists():
            words = [w for line in path.read_text(encoding="utf-8").splitlines()
                     for w in line.split("#", 1)[0].split()]
            return tuple(words)
    return (DEFAULT,)


LANGUAGES: tuple[str, ...] = _linguas()  # in the order of web/locale/LINGUAS
_catalogs: dict[str, gettext.GNUTranslations] = {}
_LANG: ContextVar[str] = ContextVar("trex_language", default=DEFAULT)  # see language()


def mo_bytes(lang: str) -> bytes:
    """The compiled catalogue of ``lang``: the built ``.mo``, else its ``.po`` compiled now."""
    built = BUILT / f"{lang}.mo"
    if built.exists():
        return built.read_bytes()
    from . import po

    source = SOURCE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    return po.compile_mo(po.parse(source.read_text(encoding="utf-8"), str(source)))


def catalog(lang: str) -> gettext.GNUTranslations:
    """The translations of ``lang`` (loaded once), falling back to English."""
    cat = _catalogs.get(lang)
    if cat is None:
        cat = gettext.GNUTranslations(io.BytesIO(mo_bytes(lang)))
        if lang != DEFAULT:
            cat.add_fallback(catalog(DEFAULT))
        _catalogs[lang] = cat
    return cat


def supported(code: str | None) -> str | None:
    """The language of a tag such as ``ar``, ``ar-EG`` or ``nl_BE``; None if not offered."""
    if not code:
        return None
    code = code.strip().replace("_", "-").lower()
    if code in LANGUAGES:
        return code
    base = code.split("-", 1)[0]
    return base if base in LANGUAGES else None


def choose(param: str | None, saved: str | None, browser: list[str]) -> tuple[str, bool]:
    """The page's language: ``?lang=``, else the saved setting, else the first of the
    browser's languages that is offered, else English. The flag says ``param`` was given
    but is no language offered (the page then says so). loader.js picks the same way."""
    lang = supported(param)
    if lang:
        return lang, False
    for candidate in [saved, *browser]:
        lang = supported(candidate)
        if lang:
            return lang, bool(param)
    return DEFAULT, bool(param)


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (English for a language not offered). Each table
    renders and handles its events inside its own language's block, so two tables of one
    page keep their languages; asyncio tasks and callbacks started inside keep it too (they
    copy the context). Outside every block the words are English."""
    token = _LANG.set(supported(lang) or DEFAULT)
    try:
        yield _LANG.get()
    finally:
        _LANG.reset(token)


def set_language(lang: str) -> None:
    """Speak ``lang`` from now on in this context, outside any :func:`language` block (a
    script, a test); a table speaks its own language in its own block."""
    _LANG.set(supported(lang) or DEFAULT)


def current() -> str:
    """The language words are spoken in here (the innermost :func:`language` block)."""
    return _LANG.get()


def t(key: str, **kw: object) -> str:
    """The text for ``key`` in the current language (English if missing)."""
    text = catalog(_LANG.get()).gettext(key)
    return text.format(**kw) if kw else text


def tn(key: str, n: int, **kw: object) -> str:
    """A counted text: the plural form of ``key`` for ``n`` in the current language,
    formatted with ``n`` and ``kw``."""
    text = catalog(_LANG.get()).ngettext(key, key + ".plural", n)
    return text.format(n=n, **kw)


def direction(lang: str | None = None) -> str:
    """``rtl`` or ``ltr``: the catalogue's own ``lang.dir`` entry."""
    return "rtl" if catalog(lang or _LANG.get()).gettext("lang.dir") == "rtl" else "ltr"


def language_name(lang: str) -> str:
    """A language's name in that language ("العربية"), for the language menu."""
    return catalog(lang).gettext("lang.name")


def iso(text: str) -> str:
    """``text`` (a score, a card) isolated from the surrounding direction in RTL pages.

    A first-strong isolate: with no letter inside ("\u221275", "10\u2665") it is left-to-right
    (UAX #9, X5c/P3), so the minus stays before the digits; measured by glyph positions in
    tests/browser/test_bidi_numbers.py."""
    return f"{FSI}{text}{PDI}" if direction() == "rtl" else text


def signed(n: int) -> str:
    """A score or a value with its sign ("+50", "\u221275", "0"), minus first in every language."""
    return iso(f"+{n}" if n > 0 else (f"{MINUS}{-n}" if n < 0 else "0"))
