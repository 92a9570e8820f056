"""Your statistics, kept in the browser (localStorage ``trex.stats``, the main table's only).

Pure Python: app.py passes the stored text in and out. A finished match is counted once,
when its last deal ends (``record``), under its bot level and rule preset ("custom" when
the match's rules are no preset's): matches played and won, and per contract your score's
sum and count as king and not (the averages are read from them). A match in which Undo was
used is a practice match: counted as such, and kept out of the wins and averages, so taking
moves back does not flatter the record. Unreadable stored data counts as none.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from trex_core import Contract

KEY = "trex.stats"
VERSION = 1


def empty() -> dict[str, Any]:
    return {"version": VERSION, "groups": {}}


def load(text: str | None) -> dict[str, Any]:
    """The statistics stored as ``text``; empty ones for nothing or anything unreadable."""
    if not text:
        return empty()
    try:
        data = json.loads(text)
    except ValueError:
        return empty()
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("groups"), dict):
        return empty()
    groups: dict[str, Any] = {}
    for name, g in data["groups"].items():
        try:
            groups[str(name)] = _group(g)
        except (TypeError, ValueError, KeyError, AttributeError):
            continue  # one damaged group is dropped, the others kept
    return {"version": VERSION, "groups": groups}


def _group(g: Any) -> dict[str, Any]:
    def count(v: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(v)
        return v

    contracts = {}
    for c, roles in g["contracts"].items():
        contracts[str(c)] = {role: [int(roles[role][0]), count(roles[role][1])]
                             for role in ("king", "other") if role in roles}
    return {"level": str(g["level"]), "preset": str(g["preset"]), "played": count(g["played"]),
            "won": count(g["won"]), "practice": count(g.get("practice", 0)), "contracts": contracts}


def dump(stats: dict[str, Any]) -> str:
    return json.dumps(stats, separators=(",", ":"), sort_keys=True)


def record(stats: dict[str, Any], *, level: str, preset: str, won: bool, practice: bool,
           deals: Iterable[tuple[int, int, Contract, Sequence[int]]], seat: int = 0) -> dict[str, Any]:
    """``stats`` with one finished match more. ``deals``: the match's ``(kingdom, king,
    contract, scores)`` (the observation's ``history``); ``won``: you won it (alone or tied
    first, with your partner in partnership)."""
    groups = stats["groups"]
    name = f"{level}|{preset}"
    g = groups.setdefault(name, {"level": level, "preset": preset, "played": 0, "won": 0,
                                 "practice": 0, "contracts": {}})
    g["played"] += 1
    if practice:
        g["practice"] += 1
        return stats
    if won:
        g["won"] += 1
    for _kingdom, king, contract, scores in deals:
        role = "king" if king == seat else "other"
        cell = g["contracts"].setdefault(contract.value, {}).setdefault(role, [0, 0])
        cell[0] += int(scores[seat])
        cell[1] += 1
    return stats


def average(cell: Sequence[int] | None) -> float | None:
    if not cell or not cell[1]:
        return None
    return cell[0] / cell[1]


def rows(stats: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per level and preset played, most played first: counts and averages
    (``averages[contract] = (as king, not king)``, None where there is no deal)."""
    out = []
    for g in stats["groups"].values():
        averages = {c: (average(roles.get("king")), average(roles.get("other")))
                    for c, roles in g["contracts"].items()}
        counted = g["played"] - g["practice"]
        out.append({"level": g["level"], "preset": g["preset"], "played": g["played"], "won": g["won"],
                    "practice": g["practice"], "rate": g["won"] / counted if counted else None,
                    "averages": averages})
    out.sort(key=lambda r: (-r["played"], r["level"], r["preset"]))
    return out


def totals(stats: dict[str, Any]) -> tuple[int, int, int]:
    """(played, won, practice) over every level and preset."""
    gs = stats["groups"].values()
    return (sum(g["played"] for g in gs), sum(g["won"] for g in gs), sum(g["practice"] for g in gs))
