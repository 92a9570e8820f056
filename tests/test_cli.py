"""The command line, ``python -m trex_core``: selfplay writes a record that replay accepts,
usage errors exit 2 with a message, failures exit 1, and the module runs as a program."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from trex_core import Rules
from trex_core.records.record import load, loads
from trex_core.tools.cli import bot_names, get_bot, main

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).parent / "golden"


Capture = pytest.CaptureFixture[str]


def test_selfplay_writes_a_record_to_stdout_that_reads_back(capsys: Capture) -> None:
    assert main(["selfplay", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    m = loads(out)
    assert m.is_over and m.dealer.seed == 5 and len(m.results) == 20
    assert out.startswith('[Event "selfplay"]\n[South "random"]')


def test_selfplay_is_reproducible_from_its_seed(capsys: Capture) -> None:
    main(["selfplay", "--seed", "word", "--moves", "50"])
    first = capsys.readouterr().out
    main(["selfplay", "--seed", "word", "--moves", "50"])
    assert capsys.readouterr().out == first


def test_selfplay_with_preset_options_and_a_file(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "game.trex"
    code = main(["selfplay", "--seed", "9", "--preset", "pagat", "--option", "swap_values=true",
                 "--option", "early-end=off", "--partnership", "--complex", "--out", str(out)])
    assert code == 0
    assert f"wrote {out}: 8 deals played, match over" in capsys.readouterr().out
    m = load(out)
    assert m.rules == Rules.preset("pagat", swap_values=True, early_end=False, partnership=True, complex=True)


def test_selfplay_stops_after_moves_leaving_an_unfinished_record(capsys: Capture) -> None:
    assert main(["selfplay", "--seed", "1", "--moves", "30"]) == 0
    m = loads(capsys.readouterr().out)
    assert not m.is_over and m.undo_depth == 30


def test_selfplay_with_named_bots(capsys: Capture) -> None:
    assert main(["selfplay", "--seed", "2", "--bots", "random,random,random,random", "--moves", "40"]) == 0
    assert '[West "random"]' in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "words"), [
    (["selfplay", "--preset", "dutch"], "invalid choice: 'dutch'"),
    (["selfplay", "--option", "swap_values"], "--option takes name=value"),
    (["selfplay", "--option", "trumps=true"], "unknown rule option 'trumps'"),
    (["selfplay", "--option", "direction=sideways"], "must be one of"),
    (["selfplay", "--bots", "random,random"], "one name or four names"),
    (["selfplay", "--bots", "nobody"], "unknown bot 'nobody'"),
    (["selfplay", "--moves", "-1"], "--moves takes a number"),
    (["selfplay", "--seed"], "expected one argument"),
    (["bench", "--deals", "0"], "must be positive"),
    (["juggle"], "invalid choice: 'juggle'"),
    (["replay"], "the following arguments are required: FILE"),
    ([], "usage: trex"),
])
def test_usage_errors_exit_2_and_say_why(argv: list[str], words: str, capsys: Capture) -> None:
    assert main(argv) == 2
    assert words in capsys.readouterr().err


def test_help_exits_0(capsys: Capture) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "selfplay" in out and "replay" in out and "bench" in out and "arena" in out
    assert main(["selfplay", "--help"]) == 0
    assert "--partnership" in capsys.readouterr().out


def test_replay_prints_the_score_sheet(capsys: Capture) -> None:
    assert main(["replay", str(GOLDEN / "match-levant.trex")]) == 0
    out = capsys.readouterr().out
    m = load(GOLDEN / "match-levant.trex")
    assert all(f"kingdom {k} sums" in out for k in (1, 2, 3, 4))  # a line after each kingdom
    for r in m.results:
        assert f"{r.number + 1:>4} {r.kingdom + 1:>7}" in out
    assert "Totals: " + ", ".join(f"{n} {t}" for n, t in zip(("South", "East", "North", "West"), m.totals,
                                                              strict=True)) in out
    assert "Result: " in out
    assert "by contract" in out and "Trex ×4" in out


def test_replay_of_an_unfinished_partnership_record(capsys: Capture) -> None:
    assert main(["replay", str(GOLDEN / "unfinished-pagat-partnership-complex.trex")]) == 0
    out = capsys.readouterr().out
    assert "Teams: South+North" in out and "Unfinished: deal" in out and "of 8" in out


def test_replay_of_a_redeal_marks_it(capsys: Capture) -> None:
    assert main(["replay", str(GOLDEN / "king-of-hearts-redeal.trex")]) == 0
    assert "* after a redeal (§5)" in capsys.readouterr().out


def test_replay_reads_stdin(monkeypatch: pytest.MonkeyPatch, capsys: Capture) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO((GOLDEN / "trex.trex").read_text(encoding="utf-8")))
    assert main(["replay", "-"]) == 0
    assert "Trex" in capsys.readouterr().out


def test_replay_of_a_bad_record_exits_1_naming_the_line(tmp_path: Path, capsys: Capture) -> None:
    bad = tmp_path / "bad.trex"
    lines = (GOLDEN / "diamonds.trex").read_text(encoding="utf-8").split("\n")
    n = next(i + 1 for i, ln in enumerate(lines) if ln.startswith("Scores "))
    lines[n - 1] = "Scores 1 2 3 4"
    bad.write_text("\n".join(lines), encoding="utf-8")
    assert main(["replay", str(bad)]) == 1
    assert f"trex replay: {bad}, line {n}: the scores of deal 1 (Diamonds) are" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.trex")]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_bench_prints_deals_per_second(capsys: Capture) -> None:
    assert main(["bench", "--deals", "30", "--fast-deals", "30"]) == 0
    out = capsys.readouterr().out
    assert "public API (legal_moves + play): 30 deals in" in out and "deals/s" in out
    assert "fast path" in out


def test_arena_is_dispatched(capsys: Capture) -> None:
    import importlib.util

    code = main(["arena", "--help"])
    if importlib.util.find_spec("trex_core.tools.arena") is None:
        assert code == 1 and "not installed" in capsys.readouterr().err
    else:
        assert code == 0 and "usage" in capsys.readouterr().out


def test_bot_wiring() -> None:
    assert bot_names("random") == ["random"]
    assert bot_names("hard:samples=4,choice=random,easy,medium,random") == [
        "hard:samples=4,choice=random", "easy", "medium", "random"]
    assert hasattr(get_bot("random"), "choose")
    with pytest.raises(ValueError, match="unknown bot"):
        get_bot("nobody")


def test_python_dash_m_trex_core_selfplay_runs_as_a_program(tmp_path: Path) -> None:
    out = tmp_path / "g.trex"
    done = subprocess.run([sys.executable, "-m", "trex_core", "selfplay", "--seed", "3", "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert load(out).is_over
    done = subprocess.run([sys.executable, "-m", "trex_core", "replay", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "Result: " in done.stdout
    done = subprocess.run([sys.executable, "-m", "trex_core", "selfplay", "--preset", "nope"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "invalid choice" in done.stderr
