"""Game records, the result and two tabs, without a browser: the page's records (web/trexui/aids/records.py),
their dialogs and the replay viewer's HTML (recordview.py), the result's ranking
(overlays.final_result, §2.5), and the saves' stamps that keep two tabs apart (store.py)."""
from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path

import pytest

from trex_core import Match, Rules, card_text, cards_of, observe, read_record, write_record
from trex_core.match import FixedDealer

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
from trexui.aids import records  # noqa: E402
from trexui.i18n import strings  # noqa: E402
from trexui.table import store  # noqa: E402
from trexui.view import board as view  # noqa: E402
from trexui.view import overlays, recordview, values  # noqa: E402

GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.trex"))


@pytest.fixture(autouse=True)
def english():
    strings.set_language("en")
    yield
    strings.set_language("en")


def text_of(name: str) -> str:
    return (ROOT / "tests" / "golden" / name).read_text(encoding="utf-8")


# -- export and import ------------------------------------------------------------------

@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_a_record_read_and_exported_again_is_the_same_text(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = records.parse(text)
    assert isinstance(found, Match)
    assert records.export(found) == text


def test_an_exported_match_imports_as_the_same_match() -> None:
    m = Match.new(seed=31)
    for _ in range(70):
        m.play(m.legal_moves()[-1])
    text = records.export(m)
    again = records.parse(text)
    assert isinstance(again, Match)
    assert records.export(again) == text and again.history == m.history
    assert records.file_name(31, m) == f"trex-31-deal-{m.deal_number + 1}.trex"
    assert records.file_name("a b/../c", m).startswith("trex-a-b-c-deal-")


def test_a_bad_record_is_explained_by_its_line_and_problem() -> None:
    lines = text_of("king-of-hearts-doubled.trex").splitlines()
    lines[12] = lines[12].replace("0:AS", "0:KS")  # line 13: South plays a card he lacks
    found = records.parse("\n".join(lines) + "\n")
    assert isinstance(found, records.Problem)
    assert found.code == "record" and found.line == 13 and "K♠" in found.problem
    assert records.parse("  \n") == records.Problem("empty")
    assert records.parse("x" * (records.MAX_CHARS + 1)) == records.Problem("too-long")
    assert records.parse("hello").code == "record"


def test_an_unfinished_record_is_continued_only_when_a_save_can_hold_it() -> None:
    unfinished = records.parse(text_of("unfinished-pagat-partnership-complex.trex"))
    assert isinstance(unfinished, Match) and not unfinished.is_over
    again = records.continuation(unfinished)
    assert isinstance(again, Match)
    assert write_record(again, {}) == write_record(unfinished, {}) and again.dealer.seed == "browser"
    assert records.continuation(records.parse(text_of("match-levant.trex"))) == "over"  # type: ignore[arg-type]
    single = read_record(text_of("trex.trex"))
    single.undo(5)
    assert records.continuation(single) == "single"
    # a match dealt other hands than its seed's: it replays, but a save could not hold it
    hands = Match.new(seed=5).dealt_hands
    other = Match(Rules(), FixedDealer(4, {(0, 0): hands}))
    for _ in range(6):
        other.play(other.legal_moves()[0])
    assert records.continuation(records.parse(write_record(other))) == "hands"  # type: ignore[arg-type]


# -- the replay viewer ------------------------------------------------------------------

def engine_steps(rec: Match) -> list[tuple[list[str], list[int], list[int], int | None]]:
    """(hands, deal scores, totals, who moved) after each number of moves, by the engine."""
    m = Match(rec.rules, rec.dealer, single_deal=rec.single_deal, first_king=rec.first_king)
    out: list[tuple[list[str], list[int], list[int], int | None]] = []
    seat = None
    for i in range(len(rec.history) + 1):
        o = observe(m, 0)
        out.append(([" ".join(card_text(c) for c in cards_of(h)) for h in m.hands],
                    list(o.deal_scores), list(o.totals), seat))
        if i < len(rec.history):
            seat = m.to_move if m.phase != "deal-over" else None
            m.play(rec.history[i])
    return out


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_the_viewer_steps_through_every_move_and_back(path: Path) -> None:
    rec = read_record(path.read_text(encoding="utf-8"))
    want = engine_steps(rec)
    v = records.Viewer(rec)
    assert v.steps == len(rec.history) == len(want) - 1

    def check(n: int) -> None:
        s = v.state()
        assert s["step"] == n
        assert [" ".join(h) for h in s["hands"]] == want[n][0], n
        assert (s["deal_scores"], s["totals"]) == (want[n][1], want[n][2]), n
        assert (s["last"] or {}).get("seat") == want[n][3], n
        html = recordview.replay_dialog(s)
        for seat in range(4):
            assert f'data-cards="{" ".join(view.sort_hand(s["hands"][seat]))}"' in html

    for n in range(v.steps + 1):
        v.go(n)
        check(n)
    for n in range(v.steps, -1, -1):
        v.go(n)
        check(n)
    v.action("last")
    assert v.step == v.steps and v.state()["totals"] == list(rec.totals)
    v.action("forward")
    assert v.step == v.steps
    v.action("first")
    v.action("back")
    assert v.step == 0


def test_the_viewer_shows_a_taken_trick_and_the_trex_layout() -> None:
    v = records.Viewer(read_record(text_of("king-of-hearts-doubled.trex")))
    v.go(9)  # the answers (4), the contract (1) and the first trick (4)
    s = v.state()
    assert s["trick_kind"].startswith("taken:") and len(s["trick"]) == 4
    assert "Taken by" in recordview.replay_dialog(s)
    v = records.Viewer(read_record(text_of("trex.trex")))
    v.go(30)
    html = recordview.replay_dialog(v.state())
    assert 'class="rv-layout"' in html
    assert 'data-action="replay-forward"' in html and "data-autofocus" in html
    v.go(v.steps)
    html = recordview.replay_dialog(v.state())
    forward = re.search(r'<button[^>]*data-action="replay-forward"[^>]*>', html)
    back = re.search(r'<button[^>]*data-action="replay-back"[^>]*>', html)
    assert forward and "disabled" in forward.group(0) and "data-autofocus" not in forward.group(0)
    assert back and "data-autofocus" in back.group(0)  # the focus stays on a step that works


# -- the dialogs' HTML ------------------------------------------------------------------

def test_a_records_problem_is_escaped_and_marked_as_english() -> None:
    problem = {"code": "record", "line": 7, "problem": "<script>x</script>"}
    html = recordview.records_dialog({"text": "<b>", "name": "t.trex", "url": "blob:x", "problem": problem})
    assert "<script>" not in html and "&lt;script&gt;" in html and "<b>" not in html
    assert "Line 7:" in html and 'lang="en" dir="ltr"' in html and 'role="alert"' in html
    strings.set_language("ar")
    html = recordview.records_dialog({"problem": {"code": "record", "line": 7, "problem": "bad"}})
    frame = re.sub(r'<span class="rec-problem".*?</span>', "", html)
    frame = re.sub(r"<[^>]+>", " ", frame)
    assert not re.search(r"[A-Za-z]{3,}", frame.replace("trex", "")), frame


def test_continuing_asks_first_with_the_safe_choice_focused() -> None:
    data = {"deal": 3, "deals": 20, "totals": [0, 5, -5, 0], "why": None}
    busy = recordview.continue_dialog(data, in_progress=True)
    assert re.search(r'data-action="close" data-autofocus', busy)
    assert "replaced" in busy
    idle = recordview.continue_dialog(data, in_progress=False)
    assert re.search(r'data-action="record-continue" data-autofocus', idle)
    cannot = recordview.continue_dialog(dict(data, why="hands"), in_progress=True)
    assert 'data-action="record-continue"' not in cannot and "not played on" in cannot


def test_moves_are_named_in_the_pages_words() -> None:
    assert recordview.move_text("QS") == "Q♠"
    assert recordview.move_text("double:QS,QH") == "doubles Q♠ Q♥"
    assert recordview.move_text("queens") == view.contract_name("queens")
    assert recordview.move_text("next") == "The next deal is dealt."


# -- the end of the match (§2.5) ----------------------------------------------------------

def result_of(totals: list[int], partnership: bool = False) -> str:
    rules = Rules(partnership=partnership)
    m = Match.new(seed=1, rules=rules)
    t = totals
    obs = dataclasses.replace(observe(m, 0), totals=(t[0], t[1], t[2], t[3]), is_over=True)
    return overlays.final_result(obs, list(m.kings), values.of(rules)["teams"])


def test_the_result_ranks_1st_to_4th_equal_totals_sharing_a_place() -> None:
    html = result_of([10, 30, 30, -70])
    ranked = re.findall(r'<li data-seat="(\d)" data-place="(\d)"', html)
    assert ranked == [("1", "1"), ("2", "1"), ("0", "3"), ("3", "4")]
    assert "Shared first place: East, North" in html
    assert 'data-action="new-game-now"' in html and 'data-action="records"' in html
    assert "Export record" in html and "New match" in html and 'class="sheet"' in html
    assert "You win!" in result_of([45, 15, -10, -50])


def test_the_result_in_partnership_ranks_the_teams() -> None:
    html = result_of([20, -40, 10, 10], partnership=True)
    ranked = re.findall(r'<li data-team="(\d)" data-place="(\d)"', html)
    assert ranked == [("0", "1"), ("1", "2")]
    assert "You win!" in html


# -- two tabs: the saves' stamps ----------------------------------------------------------

def test_a_save_carries_its_stamp_and_loads_as_before() -> None:
    m = Match.new(seed=12)
    for _ in range(9):
        m.play(m.legal_moves()[0])
    text = store.Save(12, m).text({}, (4, "tab1"))
    assert json.loads(text)["stamp"] == {"n": 4, "tab": "tab1"}
    assert store.stamp_of(text) == (4, "tab1")
    seed, again, _ui = store.load(text)
    assert seed == 12 and again.history == m.history
    old = json.loads(text)
    del old["stamp"]
    assert store.stamp_of(json.dumps(old)) == (0, "")  # an older version's save
    assert store.load(json.dumps(old))[1].history == m.history
    spaced = json.dumps(json.loads(text), indent=1)  # stamped, but not as this module writes it
    assert store.stamp_of(spaced) == (4, "tab1")
    assert store.stamp_of(None) is None and store.stamp_of("{bad") == (0, "")


def test_a_tab_never_overwrites_a_newer_save() -> None:
    first = store.next_stamp(None, None, "A")
    assert first == (1, "A")
    assert not store.newer(first, first)  # its own save
    b = store.next_stamp(first, first, "B")  # B resumed A's save and saved after it
    assert b == (2, "B")
    assert store.newer(b, first)  # A must not write now
    assert not store.newer(None, first)  # the save was removed: nothing to protect
    assert store.newer((0, ""), None) and store.newer((1, "B"), (1, "A"))
    assert store.next_stamp(b, first, "A") == (3, "A")  # after loading the newer: above all


def test_the_viewer_jumps_by_deal_and_by_trick() -> None:
    """A whole match is 20 deals and some 180 tricks away, not 1 001 moves."""
    m = read_record((ROOT / "tests" / "golden" / "match-levant.trex").read_text(encoding="utf-8"))
    v = records.Viewer(m)
    assert v.steps == len(m.history) and len(v.deal_starts) == m.deal_count
    assert [str(m.history[n - 1]) for n in v.deal_starts[1:]] == ["next"] * (m.deal_count - 1)
    v.action("trick-forward")
    first = v.step
    assert first > 0 and len(observe(v.m, 0).tricks) == 1 and not observe(v.m, 0).trick
    assert v.state()["trick_no"] == 1
    v.action("trick-forward")
    assert len(observe(v.m, 0).tricks) == 2
    v.action("deal-forward")
    assert v.step == v.deal_starts[1] and v.m.deal_number == 1 and not observe(v.m, 0).tricks
    v.action("trick-back")  # back over the deal's start (its ``next``) to the first deal's last trick
    assert v.step == v.deal_starts[1] - 1 and v.m.phase == "deal-over"
    v.action("deal-back")
    assert v.step == 0
    v.action("deal-back")
    assert v.step == 0
    v.go(v.steps)
    v.action("deal-forward")
    assert v.step == v.steps
    v.action("deal-back")
    assert v.step == v.deal_starts[-1]
    # every jump lands where the record's own moves put it (the engine's state, not a copy)
    again = Match(m.rules, m.dealer, single_deal=m.single_deal, first_king=m.first_king)
    for move in m.history[:v.step]:
        again.play(move)
    assert write_record(again, {}) == write_record(v.m, {})


def test_the_replay_has_jump_buttons_and_the_four_colour_classes() -> None:
    m = read_record((ROOT / "tests" / "golden" / "match-levant.trex").read_text(encoding="utf-8"))
    v = records.Viewer(m)
    with strings.language("en"):
        html = recordview.replay_dialog(v.state())
    for action, key in (("replay-deal-back", "PageUp"), ("replay-trick-back", "Shift+ArrowLeft"),
                        ("replay-trick-forward", "Shift+ArrowRight"), ("replay-deal-forward", "PageDown")):
        button = re.search(rf'<button[^>]*data-action="{action}"[^>]*>', html)
        assert button and f'aria-keyshortcuts="{key}"' in button.group(0), action
        assert ("disabled" in button.group(0)) == action.endswith("back"), "at the start only back is off"
    assert re.search(r'class="rv-card red s-D[ "]', html) and re.search(r'class="rv-card black s-C[ "]', html)
