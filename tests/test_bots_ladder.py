"""The ladder random < easy < medium < hard, and a fixed arena run as a regression gate.

Each rung is a seeded duplicate-arena run (trex_core.tools.arena) of the stronger bot against
three copies of the weaker; it must win by more than its 95% confidence interval.  The runs
are deterministic, so they cannot flake; their sizes keep the interval well clear of zero at
the strengths measured in docs/BOTS.md.  Seeds ``ladder-…`` are used by nothing else.
"""

from __future__ import annotations

from typing import Any

from trex_core import arena


def _duplicate(test: str, baseline: str, n: int, seed: str, **kw: Any) -> tuple[float, float, list[Any]]:
    args: dict[str, Any] = {
        "test": test, "baseline": baseline, "seed": seed, "start": 0, "preset": "levant",
        "partnership": False, "complex": False, "contracts": [],
    }
    args.update(kw)
    res = arena.run("duplicate", args, n, jobs=2)
    m, h = arena.mean_ci([r.total for r in res])
    return m, h, res


def test_ladder_easy_beats_random() -> None:
    m, h, _ = _duplicate("easy", "random", 24, "ladder-1")
    assert m - h > 0, (m, h)


def test_ladder_medium_beats_easy() -> None:
    m, h, _ = _duplicate("medium", "easy", 40, "ladder-2")
    assert m - h > 0, (m, h)


def test_ladder_hard_beats_medium() -> None:
    # King of Hearts and Queens, where the search gains most per deal (docs/BOTS.md).
    m, h, _ = _duplicate("hard:samples=16", "medium", 24, "ladder-3", contracts=["king-of-hearts", "queens"])
    assert m - h > 0, (m, h)


def test_regression_gate_medium_against_random() -> None:
    """Measured about +110 per kingdom (docs/BOTS.md); the gate is set well under that."""
    m, _, _ = _duplicate("medium", "random", 30, "gate-1")
    assert m >= 60, m


def test_regression_gate_random_against_medium() -> None:
    m, _, _ = _duplicate("random", "medium", 30, "gate-2")
    assert m <= -70, m
