"""Your statistics (web/trexui/aids/stats.py), in CPython."""
from __future__ import annotations

import sys
from pathlib import Path

from trex_core import Contract

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from trexui.aids import advice as aids  # noqa: E402
from trexui.aids import stats
from trexui.i18n import strings  # noqa: E402

DEALS = [(0, 0, Contract.KING_OF_HEARTS, (-75, 0, 0, 0)), (0, 0, Contract.TREX, (200, 150, 100, 50)),
         (1, 1, Contract.KING_OF_HEARTS, (0, -75, 0, 0)), (1, 1, Contract.QUEENS, (-25, -25, 0, 0))]


def test_a_match_is_counted_with_its_averages_as_king_and_not() -> None:
    s = stats.record(stats.empty(), level="hard", preset="levant", won=True, practice=False, deals=DEALS)
    g = s["groups"]["hard|levant"]
    assert (g["played"], g["won"], g["practice"]) == (1, 1, 0)
    assert g["contracts"]["king-of-hearts"] == {"king": [-75, 1], "other": [0, 1]}
    assert g["contracts"]["queens"] == {"other": [-25, 1]}
    row = stats.rows(s)[0]
    assert row["averages"]["king-of-hearts"] == (-75.0, 0.0)
    assert row["averages"]["queens"] == (None, -25.0)
    assert row["rate"] == 1.0
    s = stats.record(s, level="hard", preset="levant", won=False, practice=False, deals=DEALS[:1])
    assert stats.rows(s)[0]["averages"]["king-of-hearts"] == (-75.0, 0.0)
    assert stats.rows(s)[0]["rate"] == 0.5
    assert stats.totals(s) == (2, 1, 0)


def test_groups_by_level_and_preset_most_played_first() -> None:
    s = stats.empty()
    for level, preset in (("easy", "levant"), ("hard", "jawaker"), ("hard", "jawaker")):
        s = stats.record(s, level=level, preset=preset, won=False, practice=False, deals=DEALS)
    assert [(r["level"], r["preset"], r["played"]) for r in stats.rows(s)] == [
        ("hard", "jawaker", 2), ("easy", "levant", 1)]


def test_a_practice_match_counts_as_played_not_in_wins_or_averages() -> None:
    s = stats.record(stats.empty(), level="medium", preset="levant", won=True, practice=True, deals=DEALS)
    g = s["groups"]["medium|levant"]
    assert (g["played"], g["won"], g["practice"], g["contracts"]) == (1, 0, 1, {})
    assert stats.rows(s)[0]["rate"] is None


def test_round_trip_and_damaged_data() -> None:
    s = stats.record(stats.empty(), level="hard", preset="custom", won=True, practice=False, deals=DEALS)
    assert stats.load(stats.dump(s)) == s
    for bad in (None, "", "{", "[]", '{"version": 9, "groups": {}}', '{"version": 1, "groups": []}'):
        assert stats.load(bad) == stats.empty()
    damaged = stats.dump(s).replace('"groups":{', '"groups":{"x":{"played":-1},')
    kept = stats.load(damaged)
    assert list(kept["groups"]) == ["hard|custom"]  # the damaged group is dropped, the rest kept


def test_the_dialog_shows_the_counts_in_every_language() -> None:
    s = stats.record(stats.empty(), level="hard", preset="levant", won=True, practice=False, deals=DEALS)
    s = stats.record(s, level="hard", preset="custom", won=False, practice=True, deals=DEALS)
    for lang in strings.LANGUAGES:
        strings.set_language(lang)
        try:
            title, body, buttons = aids.stats_overlay(s)
            assert 'data-played="2"' in body and 'data-won="1"' in body and 'data-practice="1"' in body
            assert body.count('<tr data-contract=') == 3 and "stats-reset" in buttons
            assert "{" not in body
        finally:
            strings.set_language("en")
    title, body, _ = aids.stats_overlay(stats.empty())
    assert "stats-none" in body
    _, _, buttons = aids.stats_reset_overlay()
    assert buttons.index("data-autofocus") > buttons.index('data-action="stats"')  # keep is focused
