"""Game records: a plain-text format in the spirit of PGN and PBN (see docs/RECORD.md).

A record is tag lines (``[Seed "7"]``, ``[Rules "levant"]`` ...), then one block per deal —
its number, kingdom and king, the four hands of every dealing (§12 card texts), the contract,
the doubling answers, every move in order and the deal's scores — then the totals and the
result.  :func:`write` turns a match into a record; :func:`read` rebuilds the match by
replaying every move through the engine and checks everything the record says.  A record
that is not a valid game raises :class:`RecordError`, whose message names the line and the
problem; nothing else escapes.  ``write(read(text)) == text`` for every record ``write``
produces, finished or not (a game saved in the middle of a trick loads back there).

>>> import random
>>> from trex_core import Match
>>> m = Match.new(seed=7)
>>> rng = random.Random(1)
>>> for _ in range(40):
...     _ = m.play(rng.choice(m.legal_moves()))
>>> text = write(m, {"Event": "example"})
>>> print("\\n".join(text.splitlines()[:5]))
[Event "example"]
[Seed "7"]
[Rules "levant"]
[FirstKing "0"]
[Deals "20"]
>>> again = read(text)
>>> write(again) == text and again.hands == m.hands
True
>>> read(text.replace("0:KC 1:AC", "0:KS 1:AC"))
Traceback (most recent call last):
...
trex_core.records.record.RecordError: line 14: South (0) cannot play KS: You do not hold K♠.
"""

from __future__ import annotations

import os
import re
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO

from ..cards import CardTextError, Hand, card_text, hand_text, parse_card
from ..errors import IllegalMoveError, InvalidMoveError
from ..match import ANNOUNCE, CHOOSE, DEAL_OVER, SEAT_NAMES, FixedDealer, Match
from ..moves import NEXT_MOVE, Move, parse_move
from ..rules import OPTION_NAMES, PRESETS, Contract, Rules

__all__ = [
    "INFO_TAGS", "RecordError", "dump", "dumps", "load", "loads", "parse_option", "read",
    "record_tags", "rules_tags", "write",
]


class RecordError(ValueError):
    """A record that is not a valid game.  ``line`` is the 1-based line of the problem and
    ``problem`` says what is wrong in plain words; ``str(error)`` is ``"line N: problem"``."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(f"line {line}: {problem}")
        self.line = line
        self.problem = problem

    def __reduce__(self) -> tuple[type[RecordError], tuple[int, str]]:
        return (RecordError, (self.line, self.problem))  # picklable, e.g. across processes


# -- tags -----------------------------------------------------------------------------

INFO_TAGS = ("Event", "Site", "Date", "South", "East", "North", "West")
"""Optional free-text tags, kept as read and written back; the seat tags name the players."""
REQUIRED_TAGS = ("Seed", "Rules", "FirstKing", "Deals")
KEYWORDS = ("Deal", "Hand", "Contract", "Answers", "Redeal", "Trick", "Turns", "Scores", "Totals", "Result")

_TAG_RE = re.compile(r'\[\s*([A-Za-z]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_INT_RE = re.compile(r"-?[0-9]{1,7}")

_info: weakref.WeakKeyDictionary[Match, dict[str, str]] = weakref.WeakKeyDictionary()


def record_tags(match: Match) -> dict[str, str]:
    """The informational tags (``INFO_TAGS``) a match was read with; :func:`write` keeps them."""
    return dict(_info.get(match, {}))


def parse_option(name: str, value: str) -> tuple[str, bool | str]:
    """A rule option from text, as in ``[Option "partnership=true"]`` or the command line's
    ``--option partnership=true``.  Raises ValueError saying what is allowed.

    >>> parse_option("partnership", "yes"), parse_option("direction", "clockwise")
    (('partnership', True), ('direction', 'clockwise'))
    """
    name = name.strip().replace("-", "_")
    if name not in OPTION_NAMES:
        raise ValueError(f"unknown rule option {name!r}; options are {', '.join(OPTION_NAMES)}")
    default = getattr(Rules(), name)
    v = value.strip()
    if isinstance(default, bool):
        if v.lower() in ("true", "yes", "on", "1"):
            return name, True
        if v.lower() in ("false", "no", "off", "0"):
            return name, False
        raise ValueError(f"rule option {name} is true or false, not {value!r}")
    Rules().replace(**{name: v})  # raises ValueError naming the allowed values
    return name, v


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_tags(rules: Rules) -> tuple[str, list[tuple[str, str]]]:
    """The preset name and the ``(option, value text)`` pairs that differ from it, in the
    order of :class:`Rules` fields.  Rules that are no preset are written as the nearest one
    (fewest differences) with options."""
    name, changed = rules.nearest_preset()
    return name, [(f, _option_text(getattr(rules, f))) for f in changed]


_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r"}


def _escape(value: str) -> str:
    """A tag value on one line: backslash, quote and line breaks escaped as in C."""
    return (value.replace("\\", "\\\\").replace('"', '\\"')
            .replace("\n", "\\n").replace("\r", "\\r"))


def _unescape(value: str) -> str | None:
    out = []
    i = 0
    while i < len(value):
        ch = value[i]
        if ch == "\\":
            if i + 1 >= len(value) or value[i + 1] not in _ESCAPES:
                return None
            i += 1
            ch = _ESCAPES[value[i]]
        out.append(ch)
        i += 1
    return "".join(out)


# -- what a record holds ----------------------------------------------------------------


@dataclass
class _Head:
    seed: int | str
    rules: Rules
    first_king: int
    single: bool
    info: dict[str, str]
    first_king_line: int = 0


@dataclass
class _Move:
    text: str
    seat: int | None
    line: int
    keyword: str | None
    """The line's keyword (Contract, Answers, Trick, Turns); None when taken from a match."""
    move: Move | None = None
    """The move itself when taken from a match (no need to parse its text)."""


@dataclass
class _Attempt:
    line: int
    hands: list[Hand] = field(default_factory=list)
    hand_lines: list[int] = field(default_factory=list)
    forced: tuple[str, int] | None = None
    """``Contract X forced``: the contract's text and line."""
    moves: list[_Move] = field(default_factory=list)
    redeal_line: int | None = None
    numbered: dict[str, int] = field(default_factory=dict)
    """How many Trick / Turns lines so far: each such line carries its number."""


@dataclass
class _Deal:
    line: int
    kingdom: int = 0
    king: int = 0
    attempts: list[_Attempt] = field(default_factory=list)
    scores: tuple[tuple[int, ...], int] | None = None
    last_line: int = 0


@dataclass
class _End:
    totals: tuple[tuple[int, ...], int] | None = None
    result: tuple[tuple[str, ...], int] | None = None
    last_line: int = 0


# -- writing ----------------------------------------------------------------------------


def write(match: Match, tags: Mapping[str, str] | None = None) -> str:
    """The record of ``match``, finished or not.  ``tags`` are informational tags
    (``INFO_TAGS``: Event, Site, Date and the players South, East, North, West); by default
    those the match was read with."""
    info = record_tags(match) if tags is None else dict(tags)
    for k in info:
        if k not in INFO_TAGS:
            raise ValueError(f"unknown tag {k!r}; the free tags are {', '.join(INFO_TAGS)}")
    head = _Head(match.dealer.seed, match.rules, match.first_king, match.single_deal, info)
    deals: list[_Deal] = []
    for r in match.results:
        deal = _Deal(0, r.kingdom + 1, r.king)
        deal.attempts = [_attempt_of(a.hands, a.moves) for a in r.attempts]
        deals.append(deal)
    if not match.is_over and match.phase != DEAL_OVER:
        deal = _Deal(0, match.kingdom + 1, match.king)
        deal.attempts = [_attempt_of(a.hands, a.moves) for a in match.attempts]
        deal.attempts.append(_attempt_of(match.dealt_hands, match.moves))
        deals.append(deal)
    replay = _Replay(head, strict=False)
    replay.run(deals, _End())
    return "\n".join(_tag_lines(head) + [""] + replay.lines) + "\n"


def _attempt_of(hands: Sequence[Hand], moves: Sequence[Move]) -> _Attempt:
    return _Attempt(0, list(hands), moves=[_Move("", None, 0, None, mv) for mv in moves])


def _tag_lines(head: _Head) -> list[str]:
    lines = [f'[{k} "{_escape(head.info[k])}"]' for k in INFO_TAGS if k in head.info]
    preset, options = rules_tags(head.rules)
    lines.append(f'[Seed "{_escape(str(head.seed))}"]')
    lines.append(f'[Rules "{preset}"]')
    lines.extend(f'[Option "{k}={v}"]' for k, v in options)
    lines.append(f'[FirstKing "{head.first_king}"]')
    deals = 1 if head.single else 4 * head.rules.deals_per_kingdom
    lines.append(f'[Deals "{deals}"]')
    return lines


dumps = write


def dump(
    match: Match, target: str | os.PathLike[str] | IO[str], tags: Mapping[str, str] | None = None
) -> None:
    """Write the record of ``match`` to a path or an open text file."""
    text = write(match, tags)
    if isinstance(target, (str, os.PathLike)):
        with open(target, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    else:
        target.write(text)


# -- the replay: one walk for writing and for checking ------------------------------------


def _seat(seat: int) -> str:
    return f"{SEAT_NAMES[seat]} ({seat})"


def _keyword(m: Match) -> str:
    if m.phase == CHOOSE:
        return "Contract"
    if m.phase == ANNOUNCE:
        return "Answers"
    return "Turns" if m.contract is Contract.TREX else "Trick"


_NUMBERED = ("Trick", "Turns")

_AWAITED = {
    "Contract": "the king names a contract next (a Contract line)",
    "Answers": "the players answer the doubling question next (an Answers line)",
    "Trick": "cards are played to tricks next (Trick lines)",
    "Turns": "Trex turns come next (Turns lines)",
}


class _Replay:
    """Replays a record's deals through a fresh :class:`Match` and writes the record's body
    lines from the engine's state.  ``strict`` checks every claim of a record being read."""

    def __init__(self, head: _Head, strict: bool) -> None:
        self.head = head
        self.strict = strict
        self.lines: list[str] = []
        self.group_kw = ""
        self.group: list[str] = []
        self.counts: dict[str, int] = {}
        self.where = 0
        """The line being replayed (for the reader's safety net)."""

    def fail(self, line: int, problem: str) -> None:
        if self.strict:
            raise RecordError(line, problem)

    def emit(self, line: str) -> None:
        self.flush()
        self.lines.append(line)

    def flush(self) -> None:
        if self.group:
            head = [self.group_kw]
            if self.group_kw in _NUMBERED:
                head.append(str(self.counts[self.group_kw]))
            self.lines.append(" ".join(head + self.group))
            self.group = []

    def add(self, keyword: str, token: str) -> None:
        """Moves go four to a line (a trick, four answers, four Trex turns); the contract
        alone.  Trick and Turns lines are numbered so that no line can go missing unseen."""
        if self.group and keyword != self.group_kw:
            self.flush()
        if not self.group:
            self.group_kw = keyword
            if keyword in _NUMBERED:
                self.counts[keyword] = self.counts.get(keyword, 0) + 1
        self.group.append(token)
        if keyword == "Contract" or len(self.group) == 4:
            self.flush()

    def run(self, deals: list[_Deal], end: _End) -> Match:
        h = self.head
        fixed: dict[tuple[int, int], Sequence[Hand]] = {
            (d, a): att.hands for d, deal in enumerate(deals) for a, att in enumerate(deal.attempts)
        }
        dealer = FixedDealer(h.seed, fixed, h.first_king)
        try:
            m = Match(h.rules, dealer, single_deal=h.single, first_king=h.first_king)
        except ValueError as e:  # §2.3: a first king who did not hold 7♥
            raise RecordError(h.first_king_line, str(e)) from None
        for d, deal in enumerate(deals):
            if d:
                self.lines.append("")
            if m.phase == DEAL_OVER:
                m.play(NEXT_MOVE)  # the deal before is over: the next is dealt
            self.play_deal(m, d, deal, deals)
        self.lines.append("")
        if not m.is_over:
            if len(m.results) == len(deals) and m.phase != DEAL_OVER:
                self.fail(end.last_line,
                          f"deal {len(deals) + 1} has been dealt, but the record has no block for it")
            self.lines.append("Result *")
            if end.totals is not None:
                self.fail(end.totals[1], f"the match is not over (deal {m.deal_number + 1} of {m.deal_count} "
                                         "is being played), so it has no totals yet")
            if end.result is not None and end.result[0] != ("*",):
                self.fail(end.result[1], "the match is not over, so its result is * (unfinished)")
            return m
        totals = " ".join(str(t) for t in m.totals)
        places = " ".join(str(p) for p in m.places())
        self.lines.append(f"Totals {totals}")
        self.lines.append(f"Result {places}")
        if end.totals is None:
            self.fail(end.result[1] if end.result else end.last_line,
                      f"the match is over: a line `Totals {totals}` must come before the result")
        elif end.totals[0] != m.totals:
            self.fail(end.totals[1], f"the totals of the scores above are {totals}, "
                                     f"not {' '.join(map(str, end.totals[0]))}")
        if end.result is not None and end.result[0] != tuple(places.split()):
            if end.result[0] == ("*",):
                self.fail(end.result[1],
                          f"the match is over, so the result is `{places}`, not * (unfinished)")
            else:
                self.fail(end.result[1], f"the places by the totals are {places} (§2.5), "
                                         f"not {' '.join(end.result[0])}")
        return m

    def play_deal(self, m: Match, d: int, deal: _Deal, deals: list[_Deal]) -> None:
        if m.is_over:
            what = ("a single-deal record has one deal" if m.single_deal
                    else f"the match has {m.deal_count} deals")
            self.fail(deal.line, f"the match is over; {what}, so deal {d + 1} is one too many")
        self.where = deal.line
        self.emit(f"Deal {d + 1} kingdom {m.kingdom + 1} king {m.king}")
        if (deal.kingdom, deal.king) != (m.kingdom + 1, m.king):
            self.fail(deal.line, f"deal {d + 1} belongs to kingdom {m.kingdom + 1}, whose king is "
                                 f"{_seat(m.king)}, not to kingdom {deal.kingdom} with king {deal.king}")
        redealt = False
        for a, att in enumerate(deal.attempts):
            if a and not redealt:
                self.fail(att.line,
                          f"a second dealing of deal {d + 1}, but no redeal was claimed before it (§5)")
            redealt = self.play_attempt(m, d, att)
        last = deal.attempts[-1] if deal.attempts else None
        if redealt and last is not None:
            line = last.redeal_line or (last.moves[-1].line if last.moves else deal.last_line)
            self.fail(line, f"a redeal was claimed in deal {d + 1}; the new hands must follow a Redeal line")
        if len(m.results) > d:
            result = m.results[d]
            self.emit("Scores " + " ".join(str(s) for s in result.scores))
            if deal.scores is None:
                self.fail(deal.last_line, f"deal {d + 1} is over here; its Scores line is missing")
            elif deal.scores[0] != result.scores:
                self.fail(deal.scores[1], f"the scores of deal {d + 1} ({result.contract.title}) are "
                                          f"{' '.join(map(str, result.scores))} by the rules, "
                                          f"not {' '.join(map(str, deal.scores[0]))}")
            return
        self.flush()
        if deal.scores is not None:
            self.fail(deal.scores[1],
                      f"deal {d + 1} is not over yet (moves are missing before its Scores line)")
        if d != len(deals) - 1:
            self.fail(deals[d + 1].line,
                      f"deal {d + 1} is unfinished and has no Scores line, yet deal {d + 2} follows")

    def play_attempt(self, m: Match, d: int, att: _Attempt) -> bool:
        """Replays one dealing; True if it ended in a redeal."""
        for seat in range(4):
            self.emit(f"Hand {seat} {hand_text(att.hands[seat])}")
        self.counts = {}
        first = att.moves[0].line if att.moves else att.line + 3
        if m.phase != CHOOSE:  # §2.2: the king's last contract is named for him
            assert m.contract is not None
            self.emit(f"Contract {m.contract.value} forced")
            if att.forced is None:
                self.fail(first, f"the king's last contract, {m.contract.value}, is forced here (§2.2): "
                                 f"write `Contract {m.contract.value} forced`")
            elif att.forced[0] != m.contract.value:
                self.fail(att.forced[1],
                          f"the forced contract is {m.contract.value} (the king's last, §2.2), "
                          f"not {att.forced[0]}")
        elif att.forced is not None:
            choices = ", ".join(str(mv) for mv in m.legal_moves())
            self.fail(att.forced[1], f"the contract is not forced: the king chooses among {choices}")
        dealt = len(m.results)
        for i, item in enumerate(att.moves):
            self.where = item.line
            if len(m.results) > dealt or m.is_over:
                self.fail(item.line,
                          f"deal {d + 1} was over after the previous move; this move is one too many")
            kw = _keyword(m)
            if item.keyword is not None and item.keyword != kw:
                self.fail(item.line, f"a {item.keyword} line does not fit here: {_AWAITED[kw]}")
            try:
                move = item.move or parse_move(item.text)
            except InvalidMoveError as e:
                raise RecordError(item.line, str(e)) from None
            mover = m.to_move
            assert mover is not None
            if item.seat is not None and item.seat != mover:
                self.fail(item.line, f"it is {_seat(mover)}'s turn, not {_seat(item.seat)}'s")
            was = m.phase
            try:
                m.play(move)
            except IllegalMoveError as e:
                raise RecordError(item.line, f"{_seat(mover)} cannot play {move}: {e}") from None
            self.add(kw, str(move) if kw == "Contract" else f"{mover}:{move}")
            if was == ANNOUNCE and not m.moves and len(m.results) == dealt:
                # All four answered and a redeal was claimed (§5.2): a new dealing follows.
                claimant = m.attempts[-1].redeal_by
                assert claimant is not None
                self.emit(f"Redeal {claimant}")
                if i + 1 < len(att.moves):
                    self.fail(att.moves[i + 1].line,
                              f"{_seat(claimant)} claimed a redeal; the moves after it "
                              "belong to the new dealing, whose Hand lines come first")
                return True
        self.flush()
        return False


# -- reading ----------------------------------------------------------------------------


def read(text: str) -> Match:
    """Rebuild the match a record describes, replaying and checking every move.  Raises
    :class:`RecordError` (naming the line and the problem) for anything that is not a
    valid game, and nothing else."""
    if not isinstance(text, str):
        raise TypeError(f"a record is a text (str), not {type(text).__name__}")
    parser = _Parser(text)
    replay: _Replay | None = None
    try:
        head, deals, end, body = parser.parse()
        replay = _Replay(head, strict=True)
        match = replay.run(deals, end)
    except RecordError:
        raise
    except Exception as e:  # a safety net: a record must never crash the reader
        line = replay.where if replay is not None and replay.where else parser.where
        raise RecordError(line, f"this line cannot be read ({type(e).__name__}: {e})") from e
    expected = [ln for ln in replay.lines if ln]
    for i, (line_no, tokens) in enumerate(body):
        found = " ".join(tokens)
        if i >= len(expected):
            raise RecordError(line_no, f"the record should have ended before `{found}`")
        if found != expected[i]:
            raise RecordError(line_no, f"this line should read `{expected[i]}`, not `{found}`")
    if len(body) < len(expected):
        raise RecordError(parser.last_line, f"the record ends early: `{expected[len(body)]}` should follow")
    if head.info:
        _info[match] = dict(head.info)
    return match


loads = read


def load(source: str | os.PathLike[str] | IO[str]) -> Match:
    """Read a record from a path or an open text file (see :func:`read`)."""
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            data = f.read()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            raise RecordError(line, "this line is not UTF-8 text") from None
        return read(text)
    return read(source.read())


_Body = list[tuple[int, list[str]]]
_Tags = dict[str, tuple[str, int]]
"""Tag name to (value, line)."""
_Options = dict[str, tuple[bool | str, int]]


class _Parser:
    """Reads a record's lines into tags and deal blocks; the replay checks the game."""

    def __init__(self, text: str) -> None:
        text = text.removeprefix("\ufeff")  # a byte-order mark some editors add
        self.lines = [ln.rstrip("\r") for ln in text.split("\n")]
        self.where = 1
        self.last_line = 1
        self.pending_redeal = False
        for i, ln in enumerate(self.lines):
            if ln.strip():
                self.last_line = i + 1

    def parse(self) -> tuple[_Head, list[_Deal], _End, _Body]:
        tags: _Tags = {}
        options: _Options = {}
        head: _Head | None = None
        deals: list[_Deal] = []
        end = _End(last_line=self.last_line)
        body: _Body = []
        self.pending_redeal = False
        for i, raw in enumerate(self.lines):
            n = i + 1
            self.where = n
            line = raw.strip()
            if not line:
                continue
            if line.startswith("["):
                if head is not None:
                    raise RecordError(n, "tags belong at the top, before the first deal")
                self.tag(n, line, tags, options)
                continue
            if head is None:
                head = self.head(n, tags, options)
            tokens = line.split()
            body.append((n, tokens))
            self.body_line(n, tokens, head, deals, end)
        self.where = self.last_line
        if head is None:
            if not tags:
                raise RecordError(1, "this is not a Trex record: it has no tags and no deals")
            raise RecordError(self.last_line, "the record ends after its tags: it has no deals")
        if end.result is None:
            raise RecordError(self.last_line, "the record ends without its Result line: is it cut short?")
        return head, deals, end, body

    # -- tags --

    def tag(self, n: int, line: str, tags: _Tags, options: _Options) -> None:
        mt = _TAG_RE.fullmatch(line)
        if not mt:
            raise RecordError(n, 'a tag line reads [Name "value"], e.g. [Seed "7"]')
        name, value = mt.group(1), _unescape(mt.group(2))
        if value is None:
            raise RecordError(n, 'in a tag value only \\" and \\\\ may follow a backslash')
        if name == "Option":
            opt, _, val = value.partition("=")
            if not _:
                raise RecordError(n, f'an Option tag reads [Option "name=value"], not {value!r}')
            try:
                key, parsed = parse_option(opt, val)
            except ValueError as e:
                raise RecordError(n, str(e)) from None
            if key in options:
                raise RecordError(n, f"the option {key} is given twice (first on line {options[key][1]})")
            options[key] = (parsed, n)
            return
        if name not in INFO_TAGS and name not in REQUIRED_TAGS:
            known = ", ".join(INFO_TAGS + REQUIRED_TAGS + ("Option",))
            raise RecordError(n, f"unknown tag {name!r}; the tags are {known}")
        if name in tags:
            raise RecordError(n, f"the tag {name} is given twice (first on line {tags[name][1]})")
        tags[name] = (value, n)

    def head(self, n: int, tags: _Tags, options: _Options) -> _Head:
        for name in REQUIRED_TAGS:
            if name not in tags:
                raise RecordError(n, f"the tag {name} is missing before the first deal "
                                     f"(a record begins with the tags {', '.join(REQUIRED_TAGS)})")
        seed_text = tags["Seed"][0]
        seed: int | str = seed_text  # any text deals (Dealer hashes it); a whole number is an int
        if _INT_RE.fullmatch(seed_text) and str(int(seed_text)) == seed_text:
            seed = int(seed_text)
        preset, preset_line = tags["Rules"]
        if preset not in PRESETS:
            raise RecordError(preset_line, f"unknown rules {preset!r}; the presets are {', '.join(PRESETS)}")
        try:
            rules = Rules.preset(preset, **{k: v for k, (v, _) in options.items()})
        except ValueError as e:
            raise RecordError(min(ln for _, ln in options.values()), str(e)) from None
        fk_text, fk_line = tags["FirstKing"]
        if fk_text not in ("0", "1", "2", "3"):
            raise RecordError(fk_line, f"FirstKing is the first king's seat, 0 to 3, not {fk_text!r}")
        deals_text, deals_line = tags["Deals"]
        full = 4 * rules.deals_per_kingdom
        if deals_text not in ("1", str(full)):
            raise RecordError(deals_line,
                              f"Deals is 1 (a single deal) or {full} (a match under these rules), "
                                          f"not {deals_text!r}")
        info = {k: v for k, (v, _) in tags.items() if k in INFO_TAGS}
        return _Head(seed, rules, int(fk_text), deals_text == "1", info, fk_line)

    # -- the body --

    def body_line(self, n: int, t: list[str], head: _Head, deals: list[_Deal], end: _End) -> None:
        kw = t[0]
        if end.result is not None:
            raise RecordError(n, "nothing may follow the Result line")
        if kw not in KEYWORDS:
            raise RecordError(n, f"{kw!r} does not begin a record line; "
                                 f"lines begin with {', '.join(KEYWORDS)}")
        if kw in ("Totals", "Result"):
            self.close_deal(n, deals)
            if kw == "Totals":
                if end.totals is not None:
                    raise RecordError(n, "the Totals line is given twice")
                usage = "a Totals line has 4 numbers, one per seat: Totals a b c d"
                end.totals = (self.numbers(n, t, usage), n)
            elif t[1:] == ["*"]:
                end.result = (("*",), n)
            else:
                places = self.numbers(n, t, "the Result line is * (unfinished) or the 4 seats' places")
                if any(not 1 <= p <= 4 for p in places):
                    raise RecordError(n, "a place is 1 to 4")
                end.result = (tuple(str(p) for p in places), n)
            return
        if end.totals is not None:
            raise RecordError(n, f"a {kw} line cannot follow the Totals line")
        if kw == "Deal":
            self.close_deal(n, deals)
            if len(t) != 6 or t[2] != "kingdom" or t[4] != "king":
                raise RecordError(n, "a deal begins with `Deal N kingdom K king S`")
            number, kingdom, king = (self.number(n, x) for x in (t[1], t[3], t[5]))
            if number != len(deals) + 1:
                raise RecordError(n, f"deal {len(deals) + 1} should come here, not deal {number}")
            deals.append(_Deal(n, kingdom, king, last_line=n))
            self.pending_redeal = False
            return
        if not deals:
            raise RecordError(n, "the first deal must begin with `Deal 1 kingdom 1 king S`")
        deal = deals[-1]
        deal.last_line = n
        if deal.scores is not None:
            raise RecordError(n, f"deal {len(deals)} is over after its Scores line; "
                                 "a `Deal` line must come next")
        if kw == "Hand":
            self.hand(n, t, deal)
            return
        att = deal.attempts[-1] if deal.attempts else None
        if att is None or len(att.hands) < 4:
            seat = len(att.hands) if att else 0
            raise RecordError(n, f"the hand of seat {seat} is missing: "
                                 "each dealing has 4 Hand lines, seats 0 to 3")
        if self.pending_redeal:
            raise RecordError(n, "after a Redeal line come the new dealing's 4 Hand lines")
        if kw == "Redeal":
            if len(t) != 2 or t[1] not in ("0", "1", "2", "3"):
                raise RecordError(n, "a Redeal line names the claimant's seat: Redeal S")
            att.redeal_line = n
            self.pending_redeal = True
        elif kw == "Contract":
            if att.moves or att.forced:
                raise RecordError(n, "the contract is named once per dealing, "
                                     "before the answers and the play")
            if len(t) == 3 and t[2] == "forced":
                if t[1] not in {c.value for c in Contract}:
                    raise RecordError(n, f"{t[1]!r} is not a contract")
                att.forced = (t[1], n)
            elif len(t) == 2:
                att.moves.append(_Move(t[1], None, n, kw))
            else:
                raise RecordError(n, "a Contract line reads `Contract NAME` or `Contract NAME forced`")
        elif kw == "Scores":
            deal.scores = (self.numbers(n, t, "a Scores line has 4 numbers, one per seat: Scores a b c d"), n)
        else:  # Answers, Trick, Turns
            example = f"{kw} 1 2:QS" if kw in _NUMBERED else f"{kw} 2:nodouble"
            first = 2 if kw in _NUMBERED else 1
            if len(t) <= first:
                raise RecordError(n, f"a {kw} line lists moves as seat:move, e.g. `{example}`")
            if kw in _NUMBERED:
                number = self.number(n, t[1])
                expected = att.numbered.get(kw, 0) + 1
                if number != expected:
                    what = "trick" if kw == "Trick" else "Turns line"
                    raise RecordError(n, f"{what} {expected} should come here, not {number} "
                                         "(is a line missing, repeated or out of order?)")
                att.numbered[kw] = expected
            for tok in t[first:]:
                who, colon, move = tok.partition(":")
                if not colon or who not in ("0", "1", "2", "3") or not move:
                    raise RecordError(n, f"{tok!r} is not seat:move "
                                         "(a seat 0 to 3, a colon and a move, e.g. 2:QS)")
                att.moves.append(_Move(move, int(who), n, kw))

    def hand(self, n: int, t: list[str], deal: _Deal) -> None:
        att = deal.attempts[-1] if deal.attempts else None
        if len(t) < 2 or t[1] not in ("0", "1", "2", "3"):
            raise RecordError(n, "a Hand line reads `Hand S` (seat 0 to 3) and the seat's 13 cards")
        seat = int(t[1])
        if att is None or len(att.hands) == 4:
            if att is not None and not self.pending_redeal:
                raise RecordError(n, "a second dealing of a deal must follow a Redeal line (§5)")
            self.pending_redeal = False
            att = _Attempt(n)
            deal.attempts.append(att)
        if seat != len(att.hands):
            raise RecordError(n, f"the hand of seat {len(att.hands)} should come here, not of seat {seat}")
        hand = 0
        for tok in t[2:]:
            try:
                c = parse_card(tok)
            except CardTextError as e:
                raise RecordError(n, str(e)) from None
            if hand >> c & 1:
                raise RecordError(n, f"{card_text(c)} is written twice in this hand")
            for other, (h, ln) in enumerate(zip(att.hands, att.hand_lines, strict=True)):
                if h >> c & 1:
                    raise RecordError(n, f"{card_text(c)} is also in seat {other}'s hand (line {ln}): "
                                         "the hands must be one deck (§1.2)")
            hand |= 1 << c
        if hand.bit_count() != 13:
            raise RecordError(n, f"seat {seat} holds {hand.bit_count()} cards, not 13 (§1.2)")
        att.hands.append(hand)
        att.hand_lines.append(n)

    def close_deal(self, n: int, deals: list[_Deal]) -> None:
        """A block ends (at a Deal, Totals or Result line): its hands must be complete."""
        if not deals:
            return
        deal = deals[-1]
        att = deal.attempts[-1] if deal.attempts else None
        if att is None or len(att.hands) < 4:
            seat = len(att.hands) if att else 0
            raise RecordError(n, f"deal {len(deals)} lacks the hand of seat {seat}: "
                                 "each dealing has 4 Hand lines")
        if self.pending_redeal:
            raise RecordError(n, f"deal {len(deals)} has a Redeal line but no new hands after it")

    def number(self, n: int, text: str) -> int:
        if not _INT_RE.fullmatch(text):
            raise RecordError(n, f"{text!r} is not a whole number")
        return int(text)

    def numbers(self, n: int, t: list[str], usage: str) -> tuple[int, ...]:
        if len(t) != 5:
            raise RecordError(n, usage)
        return tuple(self.number(n, x) for x in t[1:])

