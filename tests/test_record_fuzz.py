"""The record parser fuzzed (python-chess fuzzes its PGN parser the same way): real records
garbled — lines deleted, duplicated, swapped, inserted, characters flipped, the text cut —
must either read as a valid game or raise RecordError naming a line of the text.  Nothing
else may escape, and the reader's safety net for unexpected exceptions must never fire.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trex_core.records.record import RecordError, read, write

GOLDEN = Path(__file__).parent / "golden"
BASES = [p.read_text(encoding="utf-8") for p in sorted(GOLDEN.glob("*.trex"))]

# Characters a garbling may put in: the record's own alphabet (so the result often still
# looks like a record), plus anything at all.
RECORD_CHARS = "0123456789-:*,= \t\r[]\"\\SHDCAKQJTxp" + "DealHndContrcAswsRbyikgfT"
chars = st.one_of(st.sampled_from(RECORD_CHARS), st.characters())


def other_than(old: str, visible: bool = False) -> st.SearchStrategy[str]:
    """A character other than ``old`` (and not a blank, if ``visible``)."""
    def ok(c: str) -> bool:
        return c != old and not (visible and c.isspace())
    return chars.filter(ok)


@st.composite
def garbled(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(BASES)).split("\n")
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "flip", "flip", "cut", "token"]))
        i = draw(st.integers(0, len(lines) - 1))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "insert":
            lines.insert(i, draw(st.text(chars, max_size=30)))
        elif op == "flip" and lines[i]:
            k = draw(st.integers(0, len(lines[i]) - 1))
            new = draw(other_than(lines[i][k]))
            lines[i] = lines[i][:k] + new + lines[i][k + 1:]
        elif op == "cut":
            text = "\n".join(lines)
            cut = draw(st.integers(0, len(text)))
            lines = text[:cut].split("\n")
        elif op == "token" and lines[i].split():
            tokens = lines[i].split()
            k = draw(st.integers(0, len(tokens) - 1))
            tokens[k] = draw(st.sampled_from(["0", "-1", "4", "*", "pass", "redeal", "nodouble",
                                              "0:pass", "1:QS", "2:double:KH", "forced", "99999999"]))
            lines[i] = " ".join(tokens)
    return "\n".join(lines)


def check(text: str) -> None:
    try:
        m = read(text)
    except RecordError as e:
        assert 1 <= e.line <= text.count("\n") + 1, e
        assert "cannot be read (" not in e.problem, e  # the safety net must never be needed
        assert str(e) == f"line {e.line}: {e.problem}"
        return
    # Accepted: then it is a valid game, whose own record reads back to itself.
    again = write(m)
    assert write(read(again)) == again


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(garbled())
def test_a_garbled_record_gives_only_a_record_error(text: str) -> None:
    check(text)


@st.composite
def one_flip_in_data(draw: st.DrawFn) -> str:
    """One visible character changed in a Hand, Scores or Totals line."""
    lines = draw(st.sampled_from(BASES)).split("\n")
    data = [i for i, ln in enumerate(lines) if ln.startswith(("Hand ", "Scores ", "Totals "))]
    i = draw(st.sampled_from(data))
    visible = [k for k, c in enumerate(lines[i]) if not c.isspace()]
    k = draw(st.sampled_from(visible))
    new = draw(other_than(lines[i][k], visible=True))
    lines[i] = lines[i][:k] + new + lines[i][k + 1:]
    return "\n".join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(one_flip_in_data())
def test_any_change_to_the_hands_or_scores_is_refused(text: str) -> None:
    try:
        read(text)
    except RecordError as e:
        assert "cannot be read (" not in e.problem, e
    else:
        raise AssertionError("an edited hand or score was accepted")


def test_garbage_is_refused() -> None:
    for text in ["", "\n\n", "hello", "[", "[Seed", '[Seed "1"', "\x00\x01", "Deal 1", "\ufeff[Seed \"1\"]",
                 "[Seed \"1\"]\n[Rules \"levant\"]\n[FirstKing \"0\"]\n[Deals \"1\"]\nResult *"]:
        try:
            read(text)
        except RecordError as e:
            assert "cannot be read (" not in e.problem
        else:
            raise AssertionError(f"{text!r} was accepted")
