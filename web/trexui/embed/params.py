"""A table embedded in a tutorial page: its parameters, checked, and its deal (docs/EMBED.md).

An embedded table shows one deal, given as a position (docs/POSITION.md), in one of four
modes: ``view`` (the diagram), ``replay`` (step through the given moves, with captions),
``play`` (the reader plays on against bots) and ``exercise`` (the reader must find a move).
Its parameters come from the frame's address (``embed.html?mode=replay&hands=…``) or from
a ``data-trex`` attribute (``tables.js``): the same query-string text either way.

Everything here is pure Python: :func:`parse` turns the parameters into an :class:`Embed`
or raises :class:`EmbedError` naming the parameter and the problem; the engine checks the
deal (cards, rules, every move). Nothing is ever ignored or silently replaced.

The reader always sits at the bottom of the table. The engine plays the deal turned so
that the reader's seat is its seat 0 (the rules are the same from every seat: only the
cyclic order of play matters, §1.3); :meth:`Embed.seat_of` gives a table seat's real seat,
which the seat names, the messages to the host page and the captions use.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from trex_core import ANNOUNCE, Contract, IllegalMoveError, InvalidMoveError, Match, Move, parse_move
from trex_core.records.position import Position, PositionError

NO_DOUBLE = parse_move("nodouble")
MODES = ("view", "replay", "play", "exercise")
FELTS = ("green", "dark", "light")
# The position's fields, in the order docs/POSITION.md lists them; each may be its own parameter.
POSITION_FIELDS = ("hands", "seed", "rules", "king", "contract", "answers", "moves")
SEAT_LETTERS = {"s": 0, "south": 0, "e": 1, "east": 1, "n": 2, "north": 2, "w": 3, "west": 3}
KNOWN = {"mode", "position", *POSITION_FIELDS, "seat", "show", "step", "level", "speed", "lang",
         "felt", "answer", "right", "wrong", "id", "origin", "caption"}
CONTRACTS = tuple(c.value for c in Contract)  # the engine's contract names
MAX_CAPTION = 2000  # characters: a caption is a sentence or two, not a page


class EmbedError(ValueError):
    """A parameter that cannot be used: ``param`` names it, ``code`` says what is wrong
    (the page's words are ``embed.error.<code>``), ``params`` fill in the message. ``id`` and
    ``origin`` are the table's ``id=`` and ``origin=`` as given (:func:`parse` sets them), so
    that even a table that cannot be shown says who it is, and only to its own host page."""

    def __init__(self, param: str, code: str, **params: Any) -> None:
        self.param = param
        self.code = code
        self.params = params
        self.id = ""
        self.origin = ""
        super().__init__(f"{param}: {code} {params}")


@dataclass(frozen=True)
class Embed:
    """An embedded table's settings, checked. ``position`` is the deal turned so that the
    reader sits at seat 0, without its moves; ``moves`` are the given moves (the steps of
    a replay; played out before the table starts in the other modes)."""

    mode: str
    position: Position
    moves: tuple[Move, ...]
    seat: int = 0
    show: frozenset[int] = frozenset()
    """Real seats whose hands lie face up (the reader's own is always shown)."""
    step: int = 0
    captions: Mapping[int, str] = field(default_factory=dict)
    level: str | None = None
    speed: str | None = None
    lang: str | None = None
    felt: str = "green"
    answers: tuple[Move, ...] = ()
    right: str = ""
    wrong: str = ""
    id: str = ""
    origin: str = ""

    def seat_of(self, table_seat: int) -> int:
        """The real seat of the engine's (table's) seat: the reader's is ``seat``."""
        return (table_seat + self.seat) % 4

    def table_seat(self, seat: int) -> int:
        return (seat - self.seat) % 4

    @property
    def start(self) -> int:
        """The number of given moves on the table when the table starts (or restarts)."""
        return self.step if self.mode == "replay" else len(self.moves)

    def match(self, step: int | None = None) -> Match:
        """The deal with its first ``step`` given moves played (default: ``start``)."""
        n = self.start if step is None else max(0, min(step, len(self.moves)))
        m = Match.from_position(self.position)
        for move in self.moves[:n]:
            m.play(move)
        return m

    def shown(self, table_seat: int) -> bool:
        return table_seat == 0 or self.seat_of(table_seat) in self.show

    def accepts(self, move: str) -> bool:
        """Whether an exercise accepts the move (``move`` is a legal move's text)."""
        try:
            return parse_move(move) in self.answers
        except InvalidMoveError:
            return False


def query(text: str) -> dict[str, list[str]]:
    """A query string (with or without its ``?``) as parameter → values."""
    return parse_qs(text.lstrip("?"), keep_blank_values=True)


def one(params: Mapping[str, Sequence[str]], name: str) -> str | None:
    values = params.get(name)
    if not values:
        return None
    if len(values) > 1:
        raise EmbedError(name, "twice")
    return values[0]


def read_seat(param: str, value: str) -> int:
    v = value.strip().lower()
    if v in SEAT_LETTERS:
        return SEAT_LETTERS[v]
    if v in ("0", "1", "2", "3"):
        return int(v)
    raise EmbedError(param, "seat", value=value)


def position_text(params: Mapping[str, Sequence[str]]) -> tuple[str, list[tuple[int, int, str]]]:
    """The position's text from ``position=`` or its fields as parameters, with the span of
    each parameter in that text (so that the engine's column names the parameter)."""
    whole = one(params, "position")
    fields = [(name, one(params, name)) for name in POSITION_FIELDS]
    given = [(name, value) for name, value in fields if value is not None]
    if whole is not None:
        if given:
            raise EmbedError(given[0][0], "with_position")
        return whole, [(1, len(whole) + 1, "position")]
    if not given:
        raise EmbedError("position", "missing")
    if all(name != "king" for name, _ in given):  # the engine would point at the first field
        raise EmbedError("king", "no_king")
    contract = dict(given).get("contract")
    if contract is not None and contract.strip().lower() not in CONTRACTS:
        raise EmbedError("contract", "choice", value=contract, choices=", ".join(CONTRACTS))
    pieces: list[str] = []
    spans: list[tuple[int, int, str]] = []
    col = 1
    for name, value in given:
        piece = f"{name}={value}"
        spans.append((col, col + len(piece), name))
        pieces.append(piece)
        col += len(piece) + 1
    return ";".join(pieces), spans


def param_at(spans: list[tuple[int, int, str]], column: int) -> str:
    for start, end, name in spans:
        if start <= column <= end:
            return name
    return spans[-1][2] if column > spans[-1][1] else spans[0][2]


def read_position(params: Mapping[str, Sequence[str]]) -> Position:
    """The position, checked by the engine (cards, rules and every answer and move)."""
    text, spans = position_text(params)
    if "\n" in text:  # a parameter holds one line; the engine counts columns on it
        text = text.replace("\r", "").replace("\n", ";")
    p: Position | None = None
    try:
        p = Position.parse(text)
        Match.from_position(p)  # the answers and moves, played by the rules
    except PositionError as e:
        cause = e.__cause__
        name = param_at(spans, e.column)
        if isinstance(cause, IllegalMoveError):
            bad = text[e.column - 1:].split(";")[0].split(",")[0].split("/")[0].strip()
            seat = refused_seat(p) if p is not None else None
            raise EmbedError(name, "illegal", move=bad, refusal=cause.code, why=dict(cause.params),
                             seat=seat) from e
        raise EmbedError(name, "position", problem=e.problem) from e
    except ValueError as e:  # fields that do not fit together
        raise EmbedError(spans[0][2], "position", problem=str(e)) from e
    return p


def refused_seat(p: Position) -> int | None:
    """The (real) seat whose given move the engine refused: the one to move when it came
    (None when it was an answer, whose refusal names its seat itself)."""
    for i in range(1, len(p.moves) + 1):
        try:
            Match.from_position(dataclasses.replace(p, moves=p.moves[:i]))
        except (PositionError, ValueError):
            if i > 1:
                return Match.from_position(dataclasses.replace(p, moves=p.moves[:i - 1])).to_move
            m = Match.from_position(dataclasses.replace(p, moves=()))
            if not p.answers_in_turn():
                while m.phase == ANNOUNCE:  # as the engine plays answers left out: nobody doubled
                    m.play(NO_DOUBLE)
            return m.to_move
    return None


def turned(p: Position, seat: int) -> Position:
    """The same deal with ``seat`` at seat 0 (hands given, not a seed), without moves."""
    dealt = Match.from_position(p).position()  # hands dealt, answers given (nodouble if left out)
    assert dealt.hands is not None

    def turn(xs: tuple[Any, Any, Any, Any]) -> tuple[Any, Any, Any, Any]:
        return (xs[seat % 4], xs[(1 + seat) % 4], xs[(2 + seat) % 4], xs[(3 + seat) % 4])

    return dataclasses.replace(dealt, hands=turn(dealt.hands), answers=turn(dealt.answers),
                               king=(dealt.king - seat) % 4, moves=())


def parse(params: Mapping[str, Sequence[str]], levels: Sequence[str] = ("easy", "medium", "hard"),
          speeds: Sequence[str] = ("slow", "normal", "fast", "instant"),
          langs: Sequence[str] = ("en",)) -> Embed:
    """Check an embedded table's parameters (docs/EMBED.md); raises EmbedError, which
    carries the table's ``id=`` and ``origin=`` whatever else is wrong."""
    try:
        return checked(params, levels, speeds, langs)
    except EmbedError as e:
        e.id = next(iter(params.get("id", [])), "")
        e.origin = next(iter(params.get("origin", [])), "")
        raise


def checked(params: Mapping[str, Sequence[str]], levels: Sequence[str], speeds: Sequence[str],
            langs: Sequence[str]) -> Embed:
    for name in params:
        if name not in KNOWN and not name.startswith("caption."):
            raise EmbedError(name, "unknown")
    mode = one(params, "mode") or "view"
    if mode not in MODES:
        raise EmbedError("mode", "choice", value=mode, choices=", ".join(MODES))
    p = read_position(params)
    moves = p.moves
    seat_text = one(params, "seat")
    seat = read_seat("seat", seat_text) if seat_text is not None else 0

    show_text = one(params, "show")
    if show_text is None:
        show_text = "all" if mode in ("view", "replay") else "own"
    if show_text.strip().lower() == "all":
        show = frozenset(range(4))
    elif show_text.strip().lower() == "own":
        show = frozenset({seat})
    else:
        show = frozenset(read_seat("show", s) for s in show_text.replace("/", ",").split(",") if s.strip())
        show |= {seat}

    step = len(moves) if mode != "replay" else 0
    step_text = one(params, "step")
    if step_text is not None:
        if mode != "replay":
            raise EmbedError("step", "only_replay")
        if not step_text.strip().isdigit() or int(step_text) > len(moves):
            raise EmbedError("step", "step", value=step_text, n=len(moves))
        step = int(step_text)

    captions: dict[int, str] = {}
    for name, values in params.items():
        if not name.startswith("caption"):
            continue
        if name == "caption" or not name[len("caption."):].isdigit():
            raise EmbedError(name, "caption_name")
        n = int(name[len("caption."):])
        if n > len(moves):
            raise EmbedError(name, "step", value=str(n), n=len(moves))
        text = values[-1]
        if len(text) > MAX_CAPTION:
            raise EmbedError(name, "too_long", n=MAX_CAPTION)
        captions[n] = text

    level = one(params, "level")
    if level is not None and level not in levels:
        raise EmbedError("level", "choice", value=level, choices=", ".join(levels))
    speed = one(params, "speed")
    if speed is not None and speed not in speeds:
        raise EmbedError("speed", "choice", value=speed, choices=", ".join(speeds))
    lang = one(params, "lang")
    if lang is not None and lang not in langs:
        raise EmbedError("lang", "choice", value=lang, choices=", ".join(langs))
    felt = one(params, "felt") or "green"
    if felt not in FELTS:
        raise EmbedError("felt", "choice", value=felt, choices=", ".join(FELTS))

    answers: list[Move] = []
    for text in params.get("answer", []):
        try:
            answers.append(parse_move(text))
        except InvalidMoveError:
            raise EmbedError("answer", "move", value=text) from None
    if mode == "exercise" and not answers:
        raise EmbedError("answer", "no_answer")
    if answers and mode != "exercise":
        raise EmbedError("answer", "only_exercise")

    e = Embed(mode=mode, position=turned(p, seat), moves=moves, seat=seat, show=show, step=step,
              captions=captions, level=level, speed=speed, lang=lang, felt=felt,
              answers=tuple(answers), right=one(params, "right") or "", wrong=one(params, "wrong") or "",
              id=one(params, "id") or "", origin=one(params, "origin") or "")
    m = e.match()
    if mode == "exercise":
        if m.to_move != 0 or m.is_over:
            raise EmbedError("seat", "not_to_move")
        legal = {str(x) for x in m.legal_moves()}
        for text, move in zip(params["answer"], answers, strict=True):
            if str(move) not in legal:
                raise EmbedError("answer", "not_legal", value=text)
    if mode == "play" and m.is_over:
        raise EmbedError("moves", "over")
    return e
