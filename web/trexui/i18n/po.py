"""Gettext catalogues without a dependency: read a ``.po`` file, write the ``.mo`` bytes.

The table's words live in ``web/locale/<lang>/LC_MESSAGES/trex.po`` (the standard
format translators' tools read). ``build.py`` compiles them with :func:`compile_mo`
into the UI zip; at run time ``strings.py`` hands the ``.mo`` bytes to the standard
library's ``gettext.GNUTranslations``. Under plain CPython (tests, a source
checkout) ``strings.py`` compiles the ``.po`` files in memory with the same code.

Only what the catalogues use is supported: ``#.``/``#:``/``#,``/``#`` comments,
``msgid``, ``msgid_plural``, ``msgstr``, ``msgstr[n]``, continued strings and the C
escapes. ``msgctxt`` and obsolete ``#~`` entries are refused or skipped as
``msgfmt`` does; a ``fuzzy`` entry is not compiled (as ``msgfmt`` without
``--use-fuzzy``).
"""
from __future__ import annotations

import ast
import re
import struct
from dataclasses import dataclass, field


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
