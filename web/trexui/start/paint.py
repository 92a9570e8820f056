"""An embedded table's first picture without a browser (docs/EMBED.md, "Tables that paint
at once"): the HTML the page's Python renders into a ``data-trex`` element when the table
starts, computed here in plain Python, so that a lesson can carry it inside the element
and show the diagram before the runtime is there (or with scripts off).

Three users, one function, so that they cannot differ:

* ``python -m trex_core render …`` (trex_core/tools/render.py) prints it for a static site
  generator;
* ``build.py`` paints the tables of the site's worked lesson (tutorial.html) with it;
* the author page's preview frame (embed.html, which runs this Python) hands it to
  author.html on request (the ``prepaint`` command), for the snippet to paste.

When the runtime is up, the table adopts the painted elements (render.py keeps them) and
its first render morphs them: equal HTML changes no node, so nothing flashes.

It is the view code's, not the engine's: it lives beside board.py in the page's package,
and the trex_core wheel (built from the engine the page runs, with no dependencies) holds only
the command that finds this package. Pure functions, like board.py; the table's state at its
first render is the one app.Table builds (``Table.view_state`` after ``restore``): a test
in the browser checks that the two give the same HTML.
"""
from __future__ import annotations

import re
from html import escape, unescape
from typing import Any

from trex_core import observe

from ..embed import bar
from ..embed.params import Embed, EmbedError
from ..embed.params import parse as parse_embed
from ..embed.params import query as parse_query
from ..i18n import strings
from ..i18n.strings import t
from ..players import bots
from ..table import modes, tablestate
from ..view import board, faces


def check(text: str) -> Embed:
    """The parameters (a ``data-trex`` attribute's text), checked; raises EmbedError."""
    return parse_embed(parse_query(text), levels=bots.levels(), speeds=("slow", "normal", "fast", "instant"),
                       langs=strings.LANGUAGES)


def problem(e: EmbedError, lang: str = strings.DEFAULT) -> str:
    """A wrong parameter in words, as the table would show it: the parameter, the problem."""
    with strings.language(lang):
        return f"{t('embed.error.param', param=e.param)} {bar.problem_text(e.code, e.params)}"


def language(e: Embed, page_lang: str) -> str:
    """The table's language: its ``lang=``, else the page's (``<html lang>``)."""
    return e.lang or strings.supported(page_lang) or strings.DEFAULT


def parts(e: Embed, lang: str, *, frame: bool = False, idp: str = "trex1-") -> list[tuple[str, str]]:
    """The view's parts of the table at its start (the given moves of its mode played), as
    the table's first render has them. ``idp``: its ids' prefix (tables.js numbers the
    page's tables ``trex1-``, ``trex2-``, … in document order; only a dialog has ids)."""
    mode = modes.of(e, frame=frame)
    m = e.match(mode.step)
    obs = observe(m, 0)
    ui: dict[str, Any] = {"overlay": None}  # pipeline.take
    tablestate.refreshed(ui, m, obs)
    with strings.language(lang), faces.seat_names(mode.seat_names()):
        state = tablestate.view_state(ui, m, overlay=tablestate.overlay(ui, m), levels=bots.levels(), idp=idp,
                                      notices=[], mode=mode)
        return mode.parts(obs, state)


def inner(text: str, page_lang: str = strings.DEFAULT, *, idp: str = "trex1-") -> str:
    """What a ``data-trex`` element holds once its table has rendered (raises EmbedError)."""
    e = check(text)
    return board.skeleton(board.whole(parts(e, language(e, page_lang), idp=idp)))


def element(text: str, page_lang: str = strings.DEFAULT, *, idp: str = "trex1-", attrs: str = "") -> str:
    """A ``data-trex`` element painted with its table: the snippet for a lesson. It carries
    the language, direction and felt the table sets on its element, so it lays out the same
    before the runtime; ``attrs``: the author's own (``class="diagram"``, ``style="…"``)."""
    e = check(text)
    lang = language(e, page_lang)
    html = board.skeleton(board.whole(parts(e, lang, idp=idp)))
    cls = re.search(r'(?:^|\s)class="([^"]*)"', attrs)
    own = re.sub(r'(?:^|\s)(?:class|lang|dir|data-felt|data-trex)="[^"]*"', "", attrs).strip()
    classes = " ".join(dict.fromkeys([*(cls.group(1).split() if cls else []), "trex-table"]))
    return (f'<div data-trex="{escape(text)}" class="{escape(classes)}" data-felt="{e.felt}" '
            f'lang="{lang}" dir="{strings.direction(lang)}"{" " + own if own else ""}>{html}</div>')


# A page's empty ``<div …></div>`` (attribute values in double quotes, without ``>``).
EMPTY_DIV = re.compile(r'<div(?P<attrs>\s[^>]*)>\s*</div>')
TABLE_TEXT = re.compile(r'(?:^|\s)data-trex="([^"]*)"')
TABLE_START = re.compile(r'<[a-zA-Z][a-zA-Z0-9-]*\s[^>]*?(?<=\s)data-trex="')
PAGE_LANG = re.compile(r'<html\b[^>]*?\slang="([^"]*)"')


def page(html: str) -> str:
    """A page with each of its empty ``data-trex`` elements painted with its table (in its
    ``lang=``, else the page's ``<html lang>``, as tables.js's). An element that holds
    something is left as it is (it still counts in the ids' numbering, trex1-, trex2-, …).
    Raises EmbedError for a table whose parameters are wrong."""
    m = PAGE_LANG.search(html)
    page_lang = m.group(1) if m else strings.DEFAULT
    starts = [x.start() for x in TABLE_START.finditer(html)]

    def paint(x: re.Match[str]) -> str:
        found = TABLE_TEXT.search(x.group("attrs"))
        if found is None:
            return x.group(0)
        n = starts.index(x.start()) + 1 if x.start() in starts else len(starts) + 1
        return element(unescape(found.group(1)), page_lang, idp=f"trex{n}-", attrs=x.group("attrs"))

    return EMPTY_DIV.sub(paint, html)


def answer(command: Any) -> tuple[str, str | None, str | None]:
    """The ``prepaint`` command's answer (author.html asks its preview frame, which runs
    this Python, for the snippet it offers): ``{type: "prepaint", params, lang, attrs}`` →
    (params, the painted element or None, the problem in words or None). Its HTML goes to
    the author page as text, for the snippet's text box; nothing inserts it as HTML there."""
    def field(name: str) -> str:
        value = getattr(command, name, None)
        return value if isinstance(value, str) else ""

    params = field("params")
    try:
        return params, element(params, field("lang") or strings.DEFAULT, attrs=field("attrs")), None
    except EmbedError as e:
        return params, None, problem(e, field("lang") or strings.DEFAULT)
