"""A hostile guest's messages: the protocol's own shapes (trex_core/tools/referee.py's hello and
move), mutated, from a seed. The CPython test (tests/test_referee.py), the browser test
(tests/browser/test_hostile_guest.py) and bench/hostile_guest.py send the same list.

``messages(seat, count, seed, version)`` gives ``count`` pairs (kind, text); every text is a
str that encodes to UTF-8 (a lone surrogate only as a JSON escape), at most :data:`LONGEST`
characters, so a data channel carries each whole. The kinds:

* ``hello``: greetings with another version, protocol, seat, or a field missing;
* ``move``: a move of the seat with any move text of the game and a seq near the start;
* ``types``: a field of the wrong type (strings, floats, bools, lists, null);
* ``numbers``: huge, negative, fractional, exponent-written numbers, NaN and Infinity;
* ``seats``: another seat, or none of 0..3;
* ``stale``: a seq the table has passed, or far ahead;
* ``replay``: an earlier message again, as it was;
* ``flood``: one message many times in a row;
* ``unicode``: move and version texts in other scripts, controls, escapes, lone surrogates;
* ``nesting``: arrays and objects nested deep, or in a field;
* ``cut``: a message cut in the middle;
* ``junk``: not JSON, JSON of another shape, extra fields, texts longer than a message may be.
"""
from __future__ import annotations

import json
import random
from functools import lru_cache

LONGEST = 60_000
"""Characters of the longest text (a data channel carries 64 KiB whole)."""
KINDS = ("hello", "move", "types", "numbers", "seats", "stale", "replay", "flood", "unicode", "nesting",
         "cut", "junk")
PROTOCOL = "trex-table/1"


@lru_cache(maxsize=1)
def move_words() -> tuple[str, ...]:
    """Every move text one seeded match of each kind of rules plays (cards, contracts,
    doublings, redeals, passes, next)."""
    from trex_core import Match
    words: set[str] = set()
    for options in ({}, {"partnership": True}, {"complex": True}):
        m = Match.new(seed=5, **options)
        rng = random.Random(5)
        while not m.is_over:
            legal = m.legal_moves()
            words |= {str(mv) for mv in legal}
            m.play(rng.choice(legal))
    return tuple(sorted(words))


def _text(message: object, ascii_only: bool = False) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=ascii_only)


def _odd(rng: random.Random) -> object:
    """A value of any JSON type but a plain small int."""
    return rng.choice(["1", "", "QS", 1.5, True, False, None, [], [1], {}, {"seat": 1}, -0.0, "٢"])


def _huge(rng: random.Random) -> str:
    """A number's JSON text no field should take."""
    return rng.choice(["1" + "0" * rng.randint(19, 400), "-1", "-" + "9" * 30, "1e308", "1e999", "-1e999",
                       "0.5", "2147483648", "9007199254740993", "1E3", "NaN", "Infinity", "-Infinity",
                       "4294967296", str(2**63), "0" * 3 + "1"])


UNICODE = ["QS\u200f", "Ｑ♠", "Q\u0000S", "دينار", "ملك-الكبة", "\U0001F0AD", "QS" * 3, "\u202eSQ", "q s",
           "ℚS", "Q\u0301S", "\t", "next\n", "نقش", "👑" * 40]


def messages(seat: int, count: int, seed: int, version: str) -> list[tuple[str, str]]:
    """``count`` mutated messages for a guest at ``seat`` of a host of ``version``."""
    rng = random.Random(seed)
    words = move_words()
    out: list[tuple[str, str]] = []
    sent: list[str] = []

    def move(seq: int | None = None, **fields: object) -> dict[str, object]:
        m: dict[str, object] = {"type": "move", "seat": seat,
                                "seq": rng.randint(0, 40) if seq is None else seq, "move": rng.choice(words)}
        m.update(fields)
        return m

    def greeting(**fields: object) -> dict[str, object]:
        m: dict[str, object] = {"type": "hello", "protocol": PROTOCOL, "version": version, "seat": seat}
        m.update(fields)
        return m

    def one(kind: str) -> str:
        if kind == "hello":
            g = greeting()
            pick = rng.randrange(6)
            if pick == 0:
                g["version"] = rng.choice(["0.0.1", version + "x", "", "build-" + str(rng.randint(0, 99))])
            elif pick == 1:
                g["protocol"] = rng.choice(["trex-table/2", "trex", "", PROTOCOL.upper()])
            elif pick == 2:
                g["seat"] = rng.choice([s for s in range(4) if s != seat])
            elif pick == 3:
                del g[rng.choice(["protocol", "version", "seat", "type"])]
            return _text(g)  # (4, 5: the right greeting again)
        if kind == "move":
            return _text(move())
        if kind == "types":
            m = move()
            m[rng.choice(["type", "seat", "seq", "move"])] = _odd(rng)
            return _text(m)
        if kind == "numbers":
            field = rng.choice(["seat", "seq", "seq", "move"])
            m = move(**{field: 0})
            return _text(m).replace(f'"{field}":0', f'"{field}":{_huge(rng)}')
        if kind == "seats":
            other = rng.choice([s for s in (0, 1, 2, 3, -1, 4, 5, 255, 10**6) if s != seat])
            return _text(move(seat=other) if rng.random() < 0.8 else greeting(seat=other))
        if kind == "stale":
            return _text(move(seq=rng.choice([0, 1, 2, rng.randint(0, 20), 10**6, 2**31 - 1])))
        if kind == "replay":
            return rng.choice(sent) if sent else _text(greeting())
        if kind == "unicode":
            word = rng.choice(UNICODE)
            m = move(move=word) if rng.random() < 0.7 else greeting(version=word)
            text = _text(m, ascii_only=rng.random() < 0.5)
            if rng.random() < 0.3:  # a lone surrogate, as JSON may escape one
                text = text.replace('"move":"', '"move":"\\ud83c', 1)
                text = text.replace('"version":"', '"version":"\\udfff', 1)
            return text
        if kind == "nesting":
            depth = rng.choice([2, 9, 50, 1000, 2900, 9000])
            pick = rng.randrange(3)
            if pick == 0:
                return "[" * depth + "]" * depth
            if pick == 1:
                return '{"a":' * depth + "1" + "}" * depth
            inner = "[" * depth + _text(rng.choice(words)) + "]" * depth
            return _text(move(move="@")).replace('"@"', inner)
        if kind == "cut":
            whole = _text(rng.choice([move(), greeting()]))
            return whole[:rng.randint(0, len(whole) - 1)]
        pick = rng.randrange(9)  # junk
        if pick == 0:
            return "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(0, 80)))
        if pick == 1:
            return _text(rng.choice([None, [], [1, 2], "move", 17, True, {"type": "state", "seq": 0}]))
        if pick == 2:
            return _text({**move(), **{f"x{i}": i for i in range(rng.randint(1, 30))}})
        if pick == 3:
            return _text(move(move="QS" * rng.randint(30, 3000)))
        if pick == 4:
            return " " * rng.randint(4000, LONGEST - 100) + _text(move())
        if pick == 5:
            return _text({"type": rng.choice(["state", "refused", "seats", "chat", "undo", "deal", ""]),
                          "seat": seat, "seq": 0})
        if pick == 6:
            return ""
        if pick == 7:
            return _text(move(type="MOVE"))
        return _text(move()) + _text(move())  # two at once

    while len(out) < count:
        kind = "flood" if rng.random() < 0.004 else rng.choice([k for k in KINDS if k != "flood"])
        if kind == "flood":  # (rare, and long: about a quarter of all)
            text = one(rng.choice(["move", "stale", "cut", "hello"]))
            for _ in range(min(count - len(out), rng.randint(20, 200))):
                out.append(("flood", text))
            continue
        text = one(kind)
        text.encode("utf-8")  # (every text can cross a channel)
        assert len(text) <= LONGEST, (kind, len(text))
        out.append((kind, text))
        sent.append(text)
    return out
