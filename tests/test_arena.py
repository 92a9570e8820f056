"""The duplicate arena: deterministic, symmetric, and its command line."""

from __future__ import annotations

import json
from typing import Any

import pytest

from trex_core import arena


def _args(**kw: Any) -> dict[str, Any]:
    a: dict[str, Any] = {
        "test": "medium", "baseline": "medium", "seed": "test-arena", "start": 0, "preset": "levant",
        "partnership": False, "complex": False, "contracts": [],
    }
    a.update(kw)
    return a


def test_a_bot_against_copies_of_itself_has_no_advantage() -> None:
    """Duplicate rotation: with four identical deterministic bots each deal's four seatings
    sum to the deal total, so the advantage over the fair share is exactly 0."""
    res = arena.run("duplicate", _args(), 2, jobs=1)
    for r in res:
        assert r.total == pytest.approx(0.0)
        assert set(r.by_contract) == {"KH", "Queens", "Diamonds", "Collect.", "Trex"}


def test_duplicate_runs_are_reproducible_and_parallel_equals_serial() -> None:
    a = arena.run("duplicate", _args(test="easy", baseline="random"), 3, jobs=1)
    b = arena.run("duplicate", _args(test="easy", baseline="random"), 3, jobs=2)
    assert [r.by_contract for r in a] == [r.by_contract for r in b]


def test_complex_and_partnership_kingdoms() -> None:
    (r,) = arena.run("duplicate", _args(complex=True, partnership=True, test="easy"), 1, jobs=1)
    assert set(r.by_contract) == {"Trex", "Complex"}


def test_choice_and_doubling_comparisons_run() -> None:
    (r,) = arena.run("choice", _args(a="model", b="random"), 1, jobs=1)
    assert len([k for k in r.extra if k.startswith("k")]) == 4
    res = arena.run("doubling", _args(a="heuristic", b="never"), 4, jobs=1)
    assert any(r.by_contract for r in res)


def test_mean_ci() -> None:
    m, h = arena.mean_ci([1.0, 3.0])
    assert m == 2.0
    assert h == pytest.approx(1.96 * 2 ** 0.5 / 2 ** 0.5)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["-n", "2", "-j", "1", "--test", "medium", "--baseline", "random", "--seed", "cli"]
    assert arena.main(argv) == 0
    out = capsys.readouterr().out
    assert "kingdom" in out and "decision time" in out
    assert arena.main(["-n", "1", "-j", "1", "--test", "nobody"]) == 2
    assert arena.main(["-n", "1", "-j", "1", "--contracts", "complex"]) == 2
    assert arena.main(["-n", "1", "-j", "1", "--compare-choice", "model", "random"]) == 0
    assert "difference" in capsys.readouterr().out


def test_command_line_writes_each_kingdom_for_a_paired_comparison(tmp_path: Any) -> None:
    out = tmp_path / "k.jsonl"
    argv = ["-n", "2", "-j", "1", "--test", "easy", "--baseline", "random", "--seed", "cli-out",
            "--start", "3", "--contracts", "queens,trex", "--out", str(out)]
    assert arena.main(argv) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    again = arena.run("duplicate", _args(test="easy", baseline="random", seed="cli-out", start=3,
                                          contracts=["queens", "trex"]), 2, jobs=1)
    assert [r["k"] for r in rows] == [3, 4]
    assert [r["by"] for r in rows] == [x.by_contract for x in again]
    assert [r["total"] for r in rows] == [x.total for x in again]
