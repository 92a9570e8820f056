"""Every word the table shows, from gettext catalogues: ``t(key, **kw)``, ``tn(key, n, **kw)``,
in the language of the table that speaks (``with language(lang):``, one per table).

The words are not in code: each language has ``web/locale/<lang>/LC_MESSAGES/trex.po``
(the English one is the reference; its ``#.`` comments say what each placeholder
is), and ``web/locale/LINGUAS`` lists the languages. ``build.py`` compiles them to
``.mo`` files inside the UI zip (``trexui/locale/<lang>.mo``); here the standard
library's ``gettext.GNUTranslations`` reads those bytes. From a source checkout
(tests under CPython) the ``.po`` files are compiled in memory instead, by the small
``.po`` reader and ``.mo`` writer at the end of this module (build.py's too: no gettext
tools needed).

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
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
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
    source = SOURCE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    return compile_mo(parse(source.read_text(encoding="utf-8"), str(source)))


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

# ---------------------------------------------------------------- the .po reader and .mo writer
# build.py compiles each ``.po`` with :func:`compile_mo` into the UI zip; a source checkout
# compiles it in memory (:func:`mo_bytes`). Only what the catalogues use is supported:
# ``#.``/``#:``/``#,``/``#`` comments, ``msgid``, ``msgid_plural``, ``msgstr``, ``msgstr[n]``,
# continued strings and the C escapes. ``msgctxt`` and obsolete ``#~`` entries are refused or
# skipped as ``msgfmt`` does; a ``fuzzy`` entry is not compiled (as ``msgfmt`` without
# ``--use-fuzzy``).


class PoError(ValueError):
    """A ``.po`` file that does not parse: ``line`` is where, 1-based."""

    def __init__(self, name: str, line: int, problem: str) -> None:
        super().__init__(f"{name}:{line}: {problem}")
        self.line = line
        self.problem = problem


@dataclass
class Entry:
    msgid: str
    msgid_plural: str | None = None
    msgstr: list[str] = field(default_factory=list)  # one per plural form, else one
    comments: list[str] = field(default_factory=list)  # the "#." translator comments
    flags: set[str] = field(default_factory=set)
    line: int = 0

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


_KEYWORD = re.compile(r'^(msgid_plural|msgid|msgstr(?:\[(\d+)\])?|msgctxt)\s+(".*")\s*$')


def _string(text: str, name: str, line: int) -> str:
    """One quoted PO string, C escapes decoded (UTF-8 text stays as it is)."""
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise PoError(name, line, f"expected a quoted string, got {text!r}")
    body = text[1:-1]
    import ast  # (only where a .po is read: the page reads the built .mo)

    if re.search(r'(?<!\\)(?:\\\\)*"', body):
        raise PoError(name, line, "an unescaped quote inside a string")
    try:
        value = ast.literal_eval('"' + body + '"')
    except (SyntaxError, ValueError) as exc:
        raise PoError(name, line, f"bad escape in {text}: {exc}") from None
    assert isinstance(value, str)
    return value


def parse(text: str, name: str = "<po>") -> list[Entry]:
    """Every entry of a ``.po`` text, the header (``msgid ""``) first if present."""
    entries: list[Entry] = []
    comments: list[str] = []
    flags: set[str] = set()
    cur: Entry | None = None
    field_name: str | None = None  # which string a continuation line extends
    start = 0

    def finish() -> None:
        nonlocal cur
        if cur is not None:
            if not cur.msgstr:
                raise PoError(name, cur.line, f"msgid {cur.msgid!r} has no msgstr")
            if cur.msgid_plural is not None and len(cur.msgstr) < 2:
                raise PoError(name, cur.line, f"plural msgid {cur.msgid!r} needs msgstr[0], msgstr[1], ...")
            if any(e.msgid == cur.msgid for e in entries):
                raise PoError(name, cur.line, f"msgid {cur.msgid!r} appears twice")
            entries.append(cur)
        cur = None

    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):  # obsolete entries are not compiled
            continue
        if line.startswith("#"):
            if field_name is not None and cur is not None and cur.msgstr:
                finish()
                field_name = None
            if line.startswith("#."):
                comments.append(line[2:].strip())
            elif line.startswith("#,"):
                flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        if line.startswith('"'):
            if cur is None or field_name is None:
                raise PoError(name, n, "a string outside any msgid/msgstr")
            value = _string(line, name, n)
            if field_name == "msgid":
                cur.msgid += value
            elif field_name == "msgid_plural":
                cur.msgid_plural = (cur.msgid_plural or "") + value
            else:
                cur.msgstr[-1] += value
            continue
        m = _KEYWORD.match(line)
        if not m:
            raise PoError(name, n, f"cannot read {line[:40]!r}")
        keyword, index, quoted = m.group(1), m.group(2), m.group(3)
        value = _string(quoted, name, n)
        if keyword == "msgctxt":
            raise PoError(name, n, "msgctxt is not used by this project")
        if keyword == "msgid":
            finish()
            start = n
            cur = Entry(msgid=value, comments=comments, flags=flags, line=start)
            comments, flags = [], set()
            field_name = "msgid"
        elif cur is None:
            raise PoError(name, n, f"{keyword} before any msgid")
        elif keyword == "msgid_plural":
            if cur.msgstr:
                raise PoError(name, n, "msgid_plural after msgstr")
            cur.msgid_plural = value
            field_name = "msgid_plural"
        else:  # msgstr or msgstr[i]
            if (index is None) != (cur.msgid_plural is None):
                raise PoError(name, n, "a plural entry needs msgstr[i]; a plain one msgstr")
            if index is not None and int(index) != len(cur.msgstr):
                raise PoError(name, n, f"msgstr[{index}] out of order")
            cur.msgstr.append(value)
            field_name = "msgstr"
    finish()
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    """The header entry's fields (``Language``, ``Plural-Forms``, ...)."""
    head = next((e for e in entries if e.msgid == ""), None)
    out: dict[str, str] = {}
    if head is not None:
        for line in head.msgstr[0].splitlines():
            if ":" in line:
                key, value = line.split(":", 1)
                out[key.strip()] = value.strip()
    return out


def nplurals(entries: list[Entry]) -> int:
    """The ``nplurals=`` of the header's ``Plural-Forms`` (2, the Germanic rule, if absent)."""
    m = re.search(r"nplurals\s*=\s*(\d+)", header(entries).get("Plural-Forms", ""))
    return int(m.group(1)) if m else 2


def compile_mo(entries: list[Entry]) -> bytes:
    """The GNU ``.mo`` bytes of the entries (little-endian, no hash table), as ``msgfmt``
    writes them: untranslated and fuzzy entries are left out (the header is kept)."""
    import struct  # (build time, and a source checkout)

    pairs: dict[bytes, bytes] = {}
    for e in entries:
        if (e.fuzzy and e.msgid) or not any(e.msgstr):
            continue
        key = e.msgid if e.msgid_plural is None else e.msgid + "\0" + e.msgid_plural
        pairs[key.encode()] = "\0".join(e.msgstr).encode()
    keys = sorted(pairs)
    n = len(keys)
    originals = 7 * 4
    translations = originals + n * 8
    data_start = translations + n * 8
    offsets: list[tuple[int, int]] = []
    blob = b""
    for k in keys:
        offsets.append((len(k), data_start + len(blob)))
        blob += k + b"\0"
    trans_offsets: list[tuple[int, int]] = []
    for k in keys:
        v = pairs[k]
        trans_offsets.append((len(v), data_start + len(blob)))
        blob += v + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, originals, translations, 0, data_start)
    out += b"".join(struct.pack("<2I", length, off) for length, off in offsets)
    out += b"".join(struct.pack("<2I", length, off) for length, off in trans_offsets)
    return out + blob
