"""A position of one deal as a short text, for URLs, tests, hints and embedded tables.

A position is one line of ``name=value`` fields separated by ``;`` (line breaks separate
fields too, for positions typed over several lines).  Cards and moves are the §12 texts of
cards.py and moves.py; docs/POSITION.md is the full reference.

======================  ====================================================================
field                   value
======================  ====================================================================
``hands=`` / ``seed=``  the four hands of seats 0/1/2/3 (South East North West), each by
                        suit ``spades.hearts.diamonds.clubs`` (``AKQ.JT..98765432``) or as
                        card texts (``AS,KS,QS``); or a seed the engine's Dealer deals from
``rules=``              a preset (§10) then changed options: ``pagat,complex,early_end=false``
``king=``               the seat that names the contract, 0 to 3
``contract=``           the contract named (§2.2): ``queens``, ``king-of-hearts`` ...
``answers=``            the doubling answers of seats 0/1/2/3 (§4.2): ``-`` no double, the
                        doubled cards (``KH``, ``QS,QH``), ``redeal`` (§5), ``?`` not yet
``moves=``              the cards and passes played, four to a group: ``AS,QS,7S,9S/4D``
======================  ====================================================================

>>> p = Position.parse("seed=7;king=2;contract=queens;answers=-/-/QS/-;moves=2C,3C")
>>> p.king, p.contract, p.doubled, [str(m) for m in p.moves]
(2, <Contract.QUEENS: 'queens'>, ((10, 2),), ['2C', '3C'])
>>> Position.parse(p.text()) == p and p.text() == "seed=7;king=2;contract=queens;answers=-/-/QS/-;moves=2C,3C"
True
>>> p.move_column(1)
(1, 57)
>>> Position.parse("seed=7;king=5")
Traceback (most recent call last):
...
trex_core.records.position.PositionError: line 1, column 13: king= is a seat 0 to 3 (South East North West), not '5'

Parsing checks the text and the deck (13 cards a hand, no card twice or missing) but not
whether the moves are legal: that is the engine's job, and :meth:`Position.move_column`,
:meth:`Position.answer_column` and :meth:`Position.where` give it the line and column to
report.
"""  # noqa: E501 - the doctest's error line is as Python prints it

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..cards import (
    FULL_DECK,
    RANKS,
    SUIT_MASK,
    SUITS,
    CardTextError,
    Hand,
    card,
    card_text,
    cards_of,
    parse_card,
)
from ..errors import InvalidMoveError
from ..moves import (
    CARD,
    CARD_MOVES,
    DOUBLE,
    NO_DOUBLE,
    PASS,
    PASS_MOVE,
    REDEAL,
    REDEAL_MOVE,
    Move,
    double_move,
    parse_move,
)
from ..rules import OPTION_NAMES, PRESETS, Contract, Rules

__all__ = ["FIELDS", "Position", "PositionError"]

FIELDS = ("hands", "seed", "rules", "king", "contract", "answers", "moves")
"""The field names, in the order :meth:`Position.text` writes them."""

_SEATS = ("South", "East", "North", "West")
_SEAT_WORDS = {"s": 0, "south": 0, "e": 1, "east": 1, "n": 2, "north": 2, "w": 3, "west": 3}
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_BLANKS = " \t"
_TOKEN = re.compile(r"[^,\s]+")
_INT_SEED = re.compile(r"-?[1-9][0-9]*|0")
SEED_TEXT_RULE = "a seed text is not empty, has no ';' or line break and no outer blanks"


def _bad_seed_text(seed: str) -> bool:
    """Whether a seed text breaks SEED_TEXT_RULE (the constructor's check and the parser's:
    a carriage return or a blank other than space and tab survives the parser's split)."""
    return not seed or seed != seed.strip() or any(ch in seed for ch in ";\r\n")


Loc = tuple[int, int]
"""A 1-based ``(line, column)`` in a position's text."""


class PositionError(ValueError):
    """A text that is not a position.  ``line`` and ``column`` (1-based, in characters) point
    at the offending token and ``problem`` says what is wrong; ``str(error)`` is
    ``"line L, column C: problem"``."""

    def __init__(self, line: int, column: int, problem: str) -> None:
        super().__init__(f"line {line}, column {column}: {problem}")
        self.line = line
        self.column = column
        self.problem = problem

    def __reduce__(self) -> tuple[type[PositionError], tuple[int, int, str]]:
        return (PositionError, (self.line, self.column, self.problem))


class _Invalid(ValueError):
    """A position whose fields do not fit together; ``key`` names where (see ``_locate``)."""

    def __init__(self, key: str, problem: str, seat: int = -1) -> None:
        super().__init__(problem)
        self.key = key
        self.seat = seat
        self.problem = problem


@dataclass(frozen=True)
class _Where:
    """Where a parsed position's parts are in its text."""

    names: tuple[tuple[str, Loc], ...]
    values: tuple[tuple[str, Loc], ...]
    answers: tuple[Loc | None, Loc | None, Loc | None, Loc | None]
    moves: tuple[Loc, ...]
    end: Loc


Answer = Move | None
"""A seat's doubling answer (``nodouble``, ``double:…`` or ``redeal``), None if not given."""
NO_ANSWERS: tuple[Answer, Answer, Answer, Answer] = (None, None, None, None)


@dataclass(frozen=True)
class Position:
    """One deal so far: the cards (``hands`` or ``seed``, exactly one), the rules, the king,
    the contract (None until named), the doubling answers per seat and the moves of play.

    Equality ignores where the parts were in the text.  Building a position checks that its
    parts fit together (raising ValueError), not that the moves are legal."""

    hands: tuple[Hand, Hand, Hand, Hand] | None = None
    """The dealt hands of seats 0..3 as card masks (cards.py), or None with a seed."""
    seed: int | str | None = None
    """The seed that ``Dealer(seed).hands(0, 0)`` deals the hands from, or None with hands."""
    king: int = 0
    contract: Contract | None = None
    rules: Rules = Rules()
    answers: tuple[Answer, Answer, Answer, Answer] = NO_ANSWERS
    """Seat by seat (not in turn order): ``NO_DOUBLE``, ``double_move(cards)``,
    ``REDEAL_MOVE``, or None for a seat that has not answered (§4.2).  Seats answer in turn
    from the king, so the answered seats come first in ``rules.seat_order(king)``."""
    moves: tuple[Move, ...] = ()
    """The cards and passes played since the answers, in order."""
    _where: _Where | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.hands is not None:
            hands = tuple(self.hands)
            object.__setattr__(self, "hands", hands)
            if len(hands) != 4 or not all(isinstance(h, int) for h in hands):
                raise ValueError("hands are four card masks, one per seat")
            seen = 0
            for seat, h in enumerate(hands):
                if h & ~FULL_DECK or h.bit_count() != 13:
                    raise ValueError(f"{_seat(seat)} holds {h.bit_count()} cards, not 13 (§1.2)")
                if seen & h:
                    raise ValueError(f"{_cards(seen & h)} dealt twice")
                seen |= h
        if isinstance(self.seed, str) and _INT_SEED.fullmatch(self.seed):
            object.__setattr__(self, "seed", int(self.seed))  # 7 and "7" deal alike
        if isinstance(self.seed, bool) or not isinstance(self.seed, int | str | None):
            raise ValueError(f"a seed is a whole number or a text, not {self.seed!r}")
        if isinstance(self.seed, str) and _bad_seed_text(self.seed):
            raise ValueError(f"{SEED_TEXT_RULE}: {self.seed!r}")
        if isinstance(self.king, bool) or self.king not in range(4):
            raise ValueError(f"the king is a seat 0 to 3, not {self.king!r}")
        if self.contract is not None and not isinstance(self.contract, Contract):
            raise ValueError(f"a contract is a Contract, not {self.contract!r}")
        if not isinstance(self.rules, Rules):
            raise ValueError(f"rules are a Rules, not {self.rules!r}")
        answers = tuple(self.answers)
        object.__setattr__(self, "answers", answers)
        if len(answers) != 4:
            raise ValueError("answers are four, one per seat (None for a seat yet to answer)")
        for a in answers:
            if a is not None and not (isinstance(a, Move) and a.kind in (DOUBLE, REDEAL)):
                raise ValueError(f"an answer is nodouble, double:… or redeal, not {a!r}")
            if a is not None and a.cards & ~FULL_DECK:
                raise ValueError(f"{a!r} names no card of the deck")
        moves = tuple(self.moves)
        object.__setattr__(self, "moves", moves)
        for m in moves:
            if not (isinstance(m, Move) and (m.kind == PASS or m.kind == CARD and 0 <= m.card < 52)):
                raise ValueError(f"the moves are cards and passes, not {m!r}")
        self._check()

    def _check(self) -> None:
        """The fields fit together (the parts the engine is not needed for)."""
        if self.hands is not None and self.seed is not None:
            raise _Invalid("both", "give hands= or seed=, not both")
        if self.hands is None and self.seed is None:
            raise _Invalid("end", "the position has no hands= (the four hands) nor seed= (to deal them from)")
        if self.contract is not None and self.contract not in self.rules.contracts:
            names = ", ".join(c.value for c in self.rules.contracts)
            raise _Invalid("contract", f"{self.contract.value} is not played under these rules; "
                                       f"the contracts are {names}")
        given = [s for s in self.rules.seat_order(self.king) if self.answers[s] is not None]
        if given and self.contract is None:
            raise _Invalid("answers", "answers come after the contract is named (§4.2): give contract= too")
        order = self.rules.seat_order(self.king)
        for i, s in enumerate(order):
            if self.answers[s] is not None and i and self.answers[order[i - 1]] is None:
                raise _Invalid(
                    "answer", f"{_seat(s)} cannot have answered before {_seat(order[i - 1])}: seats answer "
                              f"in turn from the king, {_seat(self.king)} (§4.2)", s)
        if self.moves:
            if self.contract is None:
                raise _Invalid("moves", "moves come after the contract is named (§2.2): give contract= too")
            if 0 < len(given) < 4:
                waiting = _seat(order[len(given)])
                raise _Invalid("moves", f"a card is played only when every seat has answered (§4.2); "
                                        f"{waiting} has not")
            if any(a is not None and a.kind == REDEAL for a in self.answers):
                raise _Invalid("moves", "no card is played after a redeal claim: the cards are dealt again "
                                        "(§5.2)")

    # -- text --------------------------------------------------------------------------------

    @staticmethod
    def parse(text: str) -> Position:
        """Read a position's text.  Raises :class:`PositionError` naming the line and column."""
        return _parse(text)

    def text(self) -> str:
        """The canonical text: one line, fields in the order of ``FIELDS``, defaults left out
        (levant rules, no answers, no moves).  ``Position.parse(p.text()) == p``."""
        parts = []
        if self.hands is not None:
            parts.append("hands=" + "/".join(_hand_text(h) for h in self.hands))
        else:
            parts.append(f"seed={self.seed}")
        rules = _rules_text(self.rules)
        if rules:
            parts.append("rules=" + rules)
        parts.append(f"king={self.king}")
        if self.contract is not None:
            parts.append("contract=" + self.contract.value)
        if any(a is not None for a in self.answers):
            parts.append("answers=" + "/".join(_answer_text(a) for a in self.answers))
        if self.moves:
            groups = (self.moves[i:i + 4] for i in range(0, len(self.moves), 4))
            parts.append("moves=" + "/".join(",".join(str(m) for m in g) for g in groups))
        return ";".join(parts)

    def __str__(self) -> str:
        return self.text()

    # -- for the engine --------------------------------------------------------------------

    @property
    def doubled(self) -> tuple[tuple[int, int], ...]:
        """``(card, doubler)`` pairs of the answers given, in card order (§4.1)."""
        pairs = [(c, s) for s, a in enumerate(self.answers) if a is not None for c in cards_of(a.cards)]
        return tuple(sorted(pairs))

    def answers_in_turn(self) -> tuple[tuple[int, Move], ...]:
        """The answers given as ``(seat, answer)`` in the order they were made: in turn from
        the king (§4.2), as the engine is to play them."""
        return tuple((s, a) for s in self.rules.seat_order(self.king) if (a := self.answers[s]) is not None)

    def move_column(self, i: int) -> Loc:
        """``(line, column)`` of ``moves[i]`` in the parsed text (in :meth:`text` for a
        position built in code), for the engine's "line L, column C: <why illegal>"."""
        if not 0 <= i < len(self.moves):
            raise IndexError(f"there are {len(self.moves)} moves, no move {i}")
        return self._located().moves[i]

    def answer_column(self, seat: int) -> Loc:
        """``(line, column)`` of the answer of ``seat`` (which must have answered)."""
        loc = self._located().answers[seat]
        if loc is None:
            raise ValueError(f"{_seat(seat)} has not answered")
        return loc

    def where(self, name: str) -> Loc:
        """``(line, column)`` of the value of field ``name`` (one of ``FIELDS``), or of the
        end of the text for a field that is not given (where to add it)."""
        if name not in FIELDS:
            raise ValueError(f"unknown field {name!r}; fields are {', '.join(FIELDS)}")
        where = self._located()
        return dict(where.values).get(name, where.end)

    def error(self, loc: Loc, problem: str) -> PositionError:
        """A :class:`PositionError` at ``loc``: ``raise p.error(p.move_column(i), why)``."""
        return PositionError(loc[0], loc[1], problem)

    def _located(self) -> _Where:
        if self._where is not None:
            return self._where
        where = _parse(self.text())._where
        assert where is not None
        return where


# -- writing ---------------------------------------------------------------------------------


def _seat(s: int) -> str:
    return f"{_SEATS[s]} ({s})"


def _cards(mask: Hand) -> str:
    return ", ".join(card_text(c) for c in cards_of(mask))


def _hand_text(hand: Hand) -> str:
    return ".".join(
        "".join(RANKS[c % 13] for c in reversed(cards_of(hand & SUIT_MASK[s]))) for s in range(4)
    )


def _answer_text(a: Answer) -> str:
    if a is None:
        return "?"
    if a.kind == REDEAL:
        return "redeal"
    return _cards(a.cards).replace(" ", "") if a.cards else "-"


def _rules_text(rules: Rules) -> str:
    """The preset (nearest one if none; left out if levant) and the options that differ from
    it in the order of the Rules fields; a true boolean is its bare name."""
    name, changed = rules.nearest_preset()
    parts = [] if name == "levant" else [name]
    for f in changed:
        v = getattr(rules, f)
        parts.append(f if v is True else f"{f}=false" if v is False else f"{f}={v}")
    return ",".join(parts)


# -- reading ---------------------------------------------------------------------------------


class _Reader:
    """Reads one line's tokens; ``fail`` raises at a column of that line."""

    def __init__(self, line: int) -> None:
        self.line = line

    def fail(self, column: int, problem: str) -> PositionError:
        return PositionError(self.line, column, problem)


def _pieces(text: str, column: int, seps: str) -> list[tuple[int, str]]:
    """``text`` (starting at ``column``) cut at every character of ``seps``: each piece
    without outer blanks, with the column of its first character (or of where it would be)."""
    out = []
    start = 0
    for i in range(len(text) + 1):
        if i == len(text) or text[i] in seps:
            raw = text[start:i]
            lead = len(raw) - len(raw.lstrip(_BLANKS))
            out.append((column + start + lead, raw.strip(_BLANKS)))
            start = i + 1
    return out


def _tokens(text: str, column: int) -> list[tuple[int, str]]:
    """Items separated by commas or blanks, with their columns."""
    return [(column + m.start(), m.group()) for m in _TOKEN.finditer(text)]


def _parse(text: str) -> Position:
    if not isinstance(text, str):
        raise TypeError(f"a position is a text, not {type(text).__name__}")
    values: dict[str, object] = {}
    names: dict[str, Loc] = {}
    value_at: dict[str, Loc] = {}
    answer_at: tuple[Loc | None, ...] = (None, None, None, None)
    move_at: tuple[Loc, ...] = ()
    lines = text.split("\n")
    for n, line in enumerate(lines, 1):
        r = _Reader(n)
        for col, seg in _pieces(line.rstrip("\r"), 1, ";"):
            if not seg:
                continue
            eq = seg.find("=")
            if eq < 0:
                raise r.fail(col, f"{_short(seg)!r} is not a field: write name=value, e.g. king=0")
            name = seg[:eq].rstrip(_BLANKS).lower()
            if name not in FIELDS:
                given = _short(seg[:eq].strip())
                raise r.fail(col, f"unknown field {given!r}; the fields are {', '.join(FIELDS)}")
            if name in names:
                first = names[name]
                raise r.fail(col, f"{name}= is given twice (first at line {first[0]}, column {first[1]})")
            raw = seg[eq + 1:]
            vcol = col + eq + 1 + len(raw) - len(raw.lstrip(_BLANKS))
            value = raw.strip(_BLANKS)
            if not value:
                raise r.fail(vcol, f"{name}= has no value")
            names[name] = (n, col)
            value_at[name] = (n, vcol)
            if name == "hands":
                values[name] = _read_hands(r, value, vcol)
            elif name == "seed":
                if _INT_SEED.fullmatch(value):
                    values[name] = int(value)
                elif _bad_seed_text(value):
                    raise r.fail(vcol, f"{SEED_TEXT_RULE}: {value!r}")
                else:
                    values[name] = value
            elif name == "rules":
                values[name] = _read_rules(r, value, vcol)
            elif name == "king":
                values[name] = _read_king(r, value, vcol)
            elif name == "contract":
                values[name] = _read_contract(r, value, vcol)
            elif name == "answers":
                answers, locs = _read_answers(r, value, vcol)
                values[name] = answers
                answer_at = tuple(None if a is None else (n, c) for a, c in zip(answers, locs, strict=True))
            else:
                moves, cols = _read_moves(r, value, vcol)
                values[name] = moves
                move_at = tuple((n, c) for c in cols)
    body = text.rstrip()  # the end: just after the last character that is not blank
    end = (body.count("\n") + 1, len(body) - body.rfind("\n"))
    if "king" not in values:
        raise PositionError(*end, "the position has no king= (the seat 0 to 3 that names the contract)")
    where = _Where(
        tuple(names.items()), tuple(value_at.items()),
        (answer_at[0], answer_at[1], answer_at[2], answer_at[3]), move_at, end,
    )
    try:
        return Position(_where=where, **values)  # type: ignore[arg-type]  # values holds each field by its name, typed as read
    except _Invalid as e:
        raise PositionError(*_locate(e, where), e.problem) from None


def _locate(e: _Invalid, where: _Where) -> Loc:
    if e.key == "end":
        return where.end
    if e.key == "both":
        names = dict(where.names)
        return max(names["hands"], names["seed"])
    if e.key == "answer":
        loc = where.answers[e.seat]
        assert loc is not None
        return loc
    return dict(where.values)[e.key]


def _short(text: str) -> str:
    return text if len(text) <= 30 else text[:27] + "..."


def _read_king(r: _Reader, value: str, col: int) -> int:
    v = value.lower()
    if v in ("0", "1", "2", "3"):
        return int(v)
    if v in _SEAT_WORDS:
        return _SEAT_WORDS[v]
    raise r.fail(col, f"king= is a seat 0 to 3 (South East North West), not {_short(value)!r}")


def _read_contract(r: _Reader, value: str, col: int) -> Contract:
    for c in Contract:
        if value.lower() == c.value:
            return c
    names = ", ".join(c.value for c in Contract)
    raise r.fail(col, f"{_short(value)!r} is not a contract; the contracts are {names}")


def _read_rules(r: _Reader, value: str, col: int) -> Rules:
    base: str | None = None
    options: dict[str, object] = {}
    for tcol, tok in _pieces(value, col, ","):
        if not tok:
            continue
        name, eq, val = tok.partition("=")
        name = name.rstrip(_BLANKS)
        key = name.lower().replace("-", "_")
        vcol = tcol + len(tok) - len(val.lstrip(_BLANKS))
        val = val.strip(_BLANKS)
        if not eq and name.lower() in PRESETS:
            if base is not None or options:
                raise r.fail(tcol, f"the preset comes first and once: rules={name.lower()},option,...")
            base = name.lower()
            continue
        if key not in OPTION_NAMES:
            raise r.fail(tcol, f"unknown preset or rule option {_short(name)!r}; the presets are "
                               f"{', '.join(PRESETS)}, the options {', '.join(OPTION_NAMES)}")
        if key in options:
            raise r.fail(tcol, f"rule option {key} is given twice")
        default = getattr(Rules(), key)
        if isinstance(default, bool):
            if not eq or val.lower() in _TRUE:
                options[key] = True
            elif val.lower() in _FALSE:
                options[key] = False
            else:
                raise r.fail(vcol, f"rule option {key} is true or false, not {_short(val)!r}")
            continue
        if not eq or not val:
            raise r.fail(tcol if not eq else vcol, f"rule option {key} needs a value: {key}=...")
        try:
            Rules().replace(**{key: val.lower()})
        except ValueError as e:
            raise r.fail(vcol, f"{e}, not {_short(val)!r}") from None
        options[key] = val.lower()
    return Rules.preset(base or "levant", **options)


def _read_hands(r: _Reader, value: str, col: int) -> tuple[Hand, Hand, Hand, Hand]:
    parts = _pieces(value, col, "/")
    if len(parts) not in (3, 4):
        raise r.fail(col, f"hands= holds the hands of seats 0/1/2/3 separated by '/' (or three: the "
                          f"fourth is the rest of the deck), not {len(parts)}")
    hands: list[Hand] = []
    seen: dict[int, int] = {}  # card -> seat
    for seat, (hcol, text) in enumerate(parts):
        hand = 0
        for ccol, c in _hand_cards(r, text, hcol):
            if c in seen:
                where = "twice" if seen[c] == seat else f"in the hands of {_seat(seen[c])} and {_seat(seat)}"
                raise r.fail(ccol, f"{card_text(c)} is written {where}")
            seen[c] = seat
            hand |= 1 << c
        hands.append(hand)
    if len(hands) == 3:
        hands.append(FULL_DECK & ~(hands[0] | hands[1] | hands[2]))
    missing = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
    for seat, h in enumerate(hands):
        if h.bit_count() != 13:
            hcol = parts[seat][0] if seat < len(parts) else col  # a derived fourth hand is never first
            problem = f"{_seat(seat)} holds {h.bit_count()} cards, not 13 (§1.2)"
            if missing:
                problem += f"; no hand holds {_cards(missing)}"
            raise r.fail(hcol, problem)
    return (hands[0], hands[1], hands[2], hands[3])


def _hand_cards(r: _Reader, text: str, col: int) -> list[tuple[int, int]]:
    """The cards of one hand with their columns: ``AKQ.JT..98`` (suits S.H.D.C, ranks in
    any order, ``10`` for T) or card texts separated by commas or blanks."""
    if "." not in text:
        out = []
        for ccol, tok in _tokens(text, col):
            try:
                out.append((ccol, parse_card(tok)))
            except CardTextError as e:
                raise r.fail(ccol, str(e)) from None
        return out
    suits = _pieces(text, col, ".")
    if len(suits) != 4:
        raise r.fail(col, f"a hand written with dots has four suits, spades.hearts.diamonds.clubs "
                          f"(e.g. AKQ.JT9..8765432), not {len(suits)}")
    out = []
    for s, (scol, ranks) in enumerate(suits):
        if ranks == "-":
            continue
        i = 0
        while i < len(ranks):
            ch = ranks[i].upper()
            if ch in _BLANKS:
                i += 1
                continue
            width = 1
            if ch == "1" and ranks[i + 1:i + 2] == "0":
                ch, width = "T", 2
            if ch not in RANKS:
                raise r.fail(scol + i, f"{ranks[i]!r} is not a rank: the ranks are "
                                       f"{' '.join(reversed(RANKS))} (or 10), per suit {'.'.join(SUITS)}")
            out.append((scol + i, card(RANKS.index(ch), s)))
            i += width
    return out


def _read_answers(r: _Reader, value: str, col: int) -> tuple[tuple[Answer, ...], list[int]]:
    slots = _pieces(value, col, "/")
    if len(slots) != 4:
        raise r.fail(col, f"answers= holds the answers of seats 0/1/2/3 separated by '/' (e.g. -/-/QS,QH/-), "
                          f"not {len(slots)}")
    answers: list[Answer] = []
    for scol, text in slots:
        t = text.lower()
        if t == "?":
            answers.append(None)
        elif t in ("-", "nodouble", "no-double"):
            answers.append(NO_DOUBLE)
        elif t == "redeal":
            answers.append(REDEAL_MOVE)
        else:
            start = scol
            if t.startswith("double:"):
                text, start = text[7:], scol + 7
            mask = 0
            toks = _tokens(text, start)
            if not toks:
                raise r.fail(scol, "an answer is - (no double), the doubled cards (KH or QS,QH), redeal, "
                                   "or ? (not answered yet)")
            for ccol, tok in toks:
                try:
                    c = parse_card(tok)
                except CardTextError:
                    raise r.fail(ccol, f"{_short(tok)!r} is not an answer or a card: an answer is - (no "
                                       f"double), the doubled cards (KH or QS,QH), redeal, or ? (not "
                                       f"answered yet)") from None
                if mask >> c & 1:
                    raise r.fail(ccol, f"{card_text(c)} is written twice")
                mask |= 1 << c
            answers.append(double_move(mask))
    return tuple(answers), [c for c, _ in slots]


def _read_moves(r: _Reader, value: str, col: int) -> tuple[tuple[Move, ...], list[int]]:
    groups = _pieces(value, col, "/")
    moves: list[Move] = []
    cols: list[int] = []
    for g, (gcol, text) in enumerate(groups):
        toks = _tokens(text, gcol)
        if not toks:
            raise r.fail(gcol, "an empty group of moves: write four moves between '/'s")
        if g < len(groups) - 1 and len(toks) != 4:
            raise r.fail(gcol, f"a group of moves before a '/' holds four moves (a trick, or four turns "
                               f"in Trex), not {len(toks)}")
        if len(toks) > 4 and len(groups) > 1:
            raise r.fail(toks[4][0], "the last group of moves holds at most four moves")
        for tcol, tok in toks:
            try:
                m = parse_move(tok)
            except InvalidMoveError:
                raise r.fail(tcol, f"{_short(tok)!r} is not a move: the moves are cards (QS, TD or 10D) "
                                   f"and pass") from None
            if m.kind not in (CARD, PASS):
                raise r.fail(tcol, f"{tok!r} is not a card or a pass: the contract goes in contract=, "
                                   f"the doubling answers in answers=")
            moves.append(CARD_MOVES[m.card] if m.kind == CARD else PASS_MOVE)
            cols.append(tcol)
    return tuple(moves), cols
