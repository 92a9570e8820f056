"""The duplicate arena: deterministic, symmetric, and its command line."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from trex_core import arena

ROOT = Path(__file__).resolve().parents[1]


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


def _paired() -> Any:
    spec = importlib.util.spec_from_file_location("paired", ROOT / "bench" / "paired.py")
    assert spec is not None and spec.loader is not None
    paired = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(paired)
    return paired


def _out_lines(run: Any, capsys: Any) -> dict[str, str]:
    """paired.py's printout by line: "on" (the contracts compared), "A", "B", "diff", "A time",
    "B time"."""
    capsys.readouterr()
    assert run() == 0
    out: dict[str, str] = {}
    for x in capsys.readouterr().out.splitlines():
        key = ("diff" if x.startswith("B - A") else x[0] + " time" if x[1:].startswith(" decision time")
               else x.split(" ")[0])
        assert key not in out, x
        out[key] = x
    return out


@pytest.mark.parametrize("subset_first", [False, True])
def test_paired_compares_a_run_of_some_contracts_with_a_fuller_run(
    tmp_path: Any, capsys: Any, subset_first: bool
) -> None:
    # bench/paired.py pairs the contracts both runs played; the kingdom is their sum there
    paired = _paired()
    full, some = tmp_path / "full.jsonl", tmp_path / "some.jsonl"
    common = ["-n", "3", "-j", "1", "--test", "easy", "--baseline", "random", "--seed", "cli-pair"]
    assert arena.main([*common, "--contracts", "queens,trex", "--out", str(full)]) == 0
    assert arena.main([*common, "--contracts", "queens", "--out", str(some)]) == 0
    files = [str(some), str(full)] if subset_first else [str(full), str(some)]
    out = _out_lines(lambda: paired.main(files), capsys)
    assert out["on"].startswith("on the contracts every kingdom of both runs has: Queens ")
    queens = [json.loads(x)["by"]["Queens"] for x in full.read_text().splitlines()]
    assert f"kingdom {sum(queens) / len(queens):+.2f}" in out["A"] and "Trex" not in out["A"]
    assert "Queens +0.00 ± 0.00, kingdom +0.00 ± 0.00" in out["diff"]  # same bots, same deals
    assert "A time" not in out and "B time" not in out  # the files keep them per kingdom


def test_paired_joins_a_kingdoms_contracts_from_several_files(tmp_path: Any, capsys: Any) -> None:
    paired = _paired()
    common = ["-n", "2", "-j", "1", "--test", "easy", "--baseline", "random", "--seed", "cli-join"]
    parts = {}
    for name in ("queens,trex", "queens", "trex"):
        parts[name] = tmp_path / f"{name.replace(',', '_')}.jsonl"
        assert arena.main([*common, "--contracts", name, "--out", str(parts[name])]) == 0
    joined = f"{parts['queens']},{parts['trex']}"
    out = _out_lines(lambda: paired.main([str(parts["queens,trex"]), joined]), capsys)
    assert "on" not in out  # both runs have both contracts: compared whole, times included
    assert "Queens +0.00 ± 0.00, Trex +0.00 ± 0.00, kingdom +0.00 ± 0.00" in out["diff"]
    assert "A time" in out and "B time" in out
    with pytest.raises(SystemExit, match="kingdom 0 has Queens in two of the files"):
        paired.main([f"{parts['queens']},{parts['queens,trex']}"])


def test_paired_says_when_two_runs_share_no_contract(tmp_path: Any, capsys: Any) -> None:
    paired = _paired()
    common = ["-n", "1", "-j", "1", "--test", "easy", "--baseline", "random", "--seed", "cli-none"]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert arena.main([*common, "--contracts", "queens", "--out", str(a)]) == 0
    assert arena.main([*common, "--contracts", "trex", "--out", str(b)]) == 0
    capsys.readouterr()
    assert paired.main([str(a), str(b)]) == 1
    assert "no contract in common" in capsys.readouterr().out
