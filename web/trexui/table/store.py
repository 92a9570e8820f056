"""The match and the settings in the browser's local storage.

A save is JSON: ``{"format": "trex-web/2", "seed", "rules", "ui", "moves"}``.
``moves`` is the match's history (``Match.history``: every move text since the
start, redeals and ``next`` included), so with the seed and the rules a save
replays exactly through the engine, which checks every move again: a save
edited by hand or from an older engine is *refused with a reason*, never half
loaded. The game record is made only when a player exports one.

Saving costs nothing that grows with the match: :class:`Save` keeps each move's
JSON text as it is made and joins them (``bench/save_cost.py`` measures it).
Saves of the first format (``trex-web/1``, which held a game record) still load.

Two tabs: every save carries a ``stamp``, ``{"n": counter, "tab": id}``.
A tab remembers the stamp of the save it restored or last wrote; before it writes again
it reads the stored save's stamp (:func:`stamp_of`), and if another tab has written since
(:func:`newer`) it does not write: no save is ever overwritten by an older one. Saves
without a stamp (older versions) load as ``n`` 0 and are overwritten by the first save.

Pure Python (no DOM): app.py passes the text in and out of localStorage.
"""
from __future__ import annotations

import json
import re
from typing import Any

from trex_core import DealResult, IllegalMoveError, Match, Rules, card_text, read_record

from ..players import seats

SAVE_KEY = "trex.match"
SETTINGS_KEY = "trex.settings"
FORMAT = "trex-web/2"
OLD_FORMAT = "trex-web/1"
LEVELS_DEFAULT = "medium"


# Why a save cannot be restored: a stable code and its parameters (the page shows them
# translated, ``save.why.<code>``, like the engine's refusals); the English here is the
# message for library users and logs. ``detail`` is a technical text (a Python error).
WHY = {
    "unreadable": "it is not readable",
    "not-a-save": "it is not a saved match",
    "format": "format {found}, this version reads {expected}",
    "moves": "its list of moves is damaged",
    "damaged": "it is damaged ({detail})",
    "record": "its game record is damaged ({detail})",
    "rules": "its rules and its game record disagree",
    # ``refusal``/``refusal_params``: the engine's IllegalMoveError code, when it refused the
    # move (else the move's text is no move at all: ``detail`` says why)
    "move": "move {number} ({move}) does not fit: {detail}",
}


class SaveError(ValueError):
    """A save that cannot be restored: ``code`` (a key of ``WHY``) and ``params`` say why."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(WHY[code].format(**params))


Stamp = tuple[int, str]
"""A save's stamp: (counter, the id of the tab that wrote it); (0, "") for a save without one."""

_STAMP_RE = re.compile(r'^\{"format":"[^"]*","stamp":\{"n":(\d{1,15}),"tab":"([A-Za-z0-9_-]{0,40})"\}')


def stamp_of(text: str | None) -> Stamp | None:
    """The stamp of a stored save (None: no save). Saves this module writes begin with it,
    so it is read without decoding the moves; any other JSON is decoded."""
    if not text:
        return None
    found = _STAMP_RE.match(text)
    if found:
        return int(found.group(1)), found.group(2)
    try:
        data = json.loads(text)
        stamp = data.get("stamp") if isinstance(data, dict) else None
        if isinstance(stamp, dict) and isinstance(stamp.get("n"), int) and isinstance(stamp.get("tab"), str):
            return stamp["n"], stamp["tab"]
    except ValueError:
        pass
    return 0, ""


def newer(stored: Stamp | None, known: Stamp | None) -> bool:
    """Whether the stored save was written by another tab since this tab restored or wrote
    ``known``: then this tab must not write over it."""
    return stored is not None and stored != known


def next_stamp(stored: Stamp | None, known: Stamp | None, tab: str) -> Stamp:
    """The stamp of this tab's next save: above every stamp it has seen."""
    return max(stored[0] if stored else 0, known[0] if known else 0) + 1, tab


class Save:
    """The save of one match, kept up to date move by move."""

    def __init__(self, seed: int | str, match: Match) -> None:
        self.seed = seed
        self.match = match
        self._head = json.dumps({"seed": seed, "rules": match.rules.to_dict()}, separators=(",", ":"))[1:-1]
        self._moves: list[str] = []  # each move's JSON text, in history order

    def text(self, ui: dict[str, Any], stamp: Stamp = (0, "")) -> str:
        """The save as it stands: only the moves made since the last call are encoded.
        The format and the stamp come first (``stamp_of`` reads them from the start)."""
        history = self.match.history
        if len(history) < len(self._moves):  # moves were taken back
            del self._moves[len(history):]
        self._moves.extend(json.dumps(str(move)) for move in history[len(self._moves):])
        first = json.dumps({"format": FORMAT, "stamp": {"n": stamp[0], "tab": stamp[1]}},
                           separators=(",", ":"))[:-1]
        return (first + "," + self._head + ',"ui":' + json.dumps(ui, separators=(",", ":"))
                + ',"moves":[' + ",".join(self._moves) + "]}")


def dump(seed: int | str, match: Match, ui: dict[str, Any]) -> str:
    return Save(seed, match).text(ui)


def load(text: str) -> tuple[int | str, Match, dict[str, Any]]:
    """Rebuild (seed, match, ui) from a save; raises SaveError."""
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("unreadable") from None
    if not isinstance(data, dict):
        raise SaveError("not-a-save")
    if data.get("format") not in (FORMAT, OLD_FORMAT):
        raise SaveError("format", found=repr(data.get("format")), expected=repr(FORMAT))
    try:
        seed = data["seed"]
        rules = Rules.from_dict(data["rules"])
        moves = data["moves"]
        ui = data.get("ui") or {}
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SaveError("moves")
        if not isinstance(seed, (int, str)) or not isinstance(ui, dict):
            raise SaveError("damaged", detail="seed or ui")
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError("damaged", detail=f"{type(exc).__name__}: {exc}") from None

    if data["format"] == OLD_FORMAT and isinstance(data.get("record"), str):
        try:
            match = read_record(data["record"])
        except ValueError as exc:  # RecordError names the line and the problem
            raise SaveError("record", detail=str(exc)) from None
        if match.rules != rules:
            raise SaveError("rules")
        return seed, match, ui
    match = Match.new(seed=seed, rules=rules)
    for i, move in enumerate(moves):
        try:
            match.play(move)
        except IllegalMoveError as exc:  # the page says why in its language, by the code
            raise SaveError("move", number=i + 1, move=move, detail=str(exc),
                            refusal=exc.code, refusal_params=dict(exc.params)) from None
        except ValueError as exc:  # InvalidMoveError: not a move at all
            raise SaveError("move", number=i + 1, move=move, detail=str(exc)) from None
    return seed, match, ui


def salvage(text: str) -> Match | None:
    """A damaged save's match up to its last move that fits: the seed, the
    rules and the moves before the first the engine refuses. None when nothing can be played
    on (no seed or rules to read, or not one move fits)."""
    try:
        data = json.loads(text)
        seed, rules, moves = data["seed"], Rules.from_dict(data["rules"]), data["moves"]
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(moves, list) or isinstance(seed, bool) or not isinstance(seed, (int, str)):
        return None
    match = Match.new(seed=seed, rules=rules)
    for move in moves:
        try:
            match.play(move if isinstance(move, str) else "")
        except ValueError:  # refused, or no move at all: the match stops before it
            break
    return match if match.history else None


MAX_ICE = 2000  # characters of STUN/TURN servers: a few lines


def default_settings() -> dict[str, Any]:
    return {"preset": "levant", "rules": Rules.preset("levant").to_dict(),
            "level": LEVELS_DEFAULT, "speed": "normal",
            "lang": "",  # the language the player chose in Settings; "": none (the browser's)
            "four_colour": False,
            "sound": True,  # short sounds: on, as in card-game apps; a switch in Settings
            "tour_seen": False,  # the first-visit tour was closed (guide.py)
            "aid_undo": True, "aid_hint": True, "aid_review": True,  # the player aids (aids.py)
            "seats": list(seats.ALONE),  # who plays each seat of a new game (seats.py)
            "ice": ""}  # STUN/TURN servers for friends on other networks (rtc.py); "": the network's own


def chosen_language(data: dict[str, Any]) -> str:
    """The language the player chose in Settings, from stored settings; "" if none.
    It is stored as ``language``, and only when chosen. The first settings (before the
    table had languages) stored ``"lang": "en"`` in every save, chosen or not: that one
    is no choice. Any other ``lang`` was picked in Settings. (loader.js reads it alike.)"""
    chosen = data.get("language")
    if isinstance(chosen, str):
        return chosen
    old = data.get("lang")
    return old if isinstance(old, str) and old != "en" else ""


def load_settings(text: str | None) -> dict[str, Any]:
    """Settings never block the game: anything unreadable falls back to defaults."""
    s = default_settings()
    if not text:
        return s
    try:
        data = json.loads(text)
        if isinstance(data, dict):
            rules = Rules.from_dict(data.get("rules") or {}).to_dict()
            s.update({k: data[k] for k in ("preset", "level", "speed")
                      if isinstance(data.get(k), str)})
            s.update({k: data[k] for k in ("four_colour", "sound", "tour_seen", "aid_undo", "aid_hint",
                                           "aid_review")
                      if isinstance(data.get(k), bool)})
            s["lang"] = chosen_language(data)
            s["seats"] = list(seats.checked(data.get("seats")))
            if isinstance(data.get("ice"), str) and len(data["ice"]) <= MAX_ICE:
                s["ice"] = data["ice"]
            s["rules"] = rules
    except (ValueError, TypeError):
        pass
    return s


def dump_settings(settings: dict[str, Any]) -> str:
    """The settings to store: the language only if the player chose one (``language``)."""
    data = {k: v for k, v in settings.items() if k != "lang"}
    if settings.get("lang"):
        data["language"] = settings["lang"]
    return json.dumps(data, separators=(",", ":"))


def last_trick(r: DealResult, rules: Rules) -> dict[str, Any] | None:
    """A finished deal's final trick as plain data with §12 card texts (None after Trex):
    reviewable from the table until the next deal's first card."""
    if not r.tricks:
        return None
    leader, cards, winner = r.tricks[-1]
    return {"plays": [[s, card_text(c)] for s, c in zip(rules.seat_order(leader), cards, strict=True)],
            "winner": winner, "leader": leader,
            "doubled": [[card_text(c), s] for c, s in r.doubled]}
