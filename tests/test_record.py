"""The game record (docs/RECORD.md): write → read → write gives the same text, replay gives
the same scores, golden records per contract are stable byte for byte, and every kind of
hand edit is refused with a RecordError naming the right line.

Regenerate the golden records after a deliberate format change with
``TREX_REGEN_GOLDEN=1 python -m pytest tests/test_record.py`` and review the diff.
"""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trex_core import Contract, Match, Rules, observe
from trex_core.cards import card_text, parse_card
from trex_core.match import ANNOUNCE, DEAL_OVER, Dealer
from trex_core.moves import DOUBLE, NEXT, NEXT_MOVE, REDEAL, Move
from trex_core.records.record import (
    RecordError,
    dump,
    dumps,
    load,
    loads,
    parse_option,
    read,
    record_tags,
    rules_tags,
    write,
)

GOLDEN = Path(__file__).parent / "golden"


# -- building games ----------------------------------------------------------------------


def doubling_player(m: Match, rng: random.Random, *, redeal: bool = False) -> Move:
    """Seeded random play, except that every holder doubles all he can (§4.1) and, when
    ``redeal``, a seat that may claim a redeal does (§5.1)."""
    legal = m.legal_moves()
    if m.phase == DEAL_OVER:
        return NEXT_MOVE  # no choice: the generator is not drawn from
    if m.phase == ANNOUNCE:
        claims = [mv for mv in legal if mv.kind == REDEAL]
        if redeal and claims:
            return claims[0]
        return max((mv for mv in legal if mv.kind == DOUBLE), key=lambda mv: mv.cards.bit_count())
    return rng.choice(legal)


def play_out(m: Match, rng: random.Random, *, moves: int | None = None, redeal: bool = False) -> Match:
    made = 0
    while not m.is_over and (moves is None or made < moves):
        move = m.play(doubling_player(m, rng, redeal=redeal))
        made += move.kind != NEXT  # the goldens count the moves made at the table
    return m


def single_deal(contract: str, seed: str, rng_seed: int, rules: Rules | None = None,
                redeal: bool = False) -> Match:
    """A single deal of ``contract`` from the seed's hands, South (0) the king."""
    hands = Dealer(seed).hands(0, 0)
    m = Match.deal(hands, 0, contract, rules, seed=seed)
    return play_out(m, random.Random(rng_seed), redeal=redeal)


def golden_matches() -> dict[str, Match]:
    """Each golden record's game (the seeds were picked so that each shows its feature)."""
    return {
        # §4.3: West doubles K♥ and North takes it: North −150, West +75.
        "king-of-hearts-doubled": single_deal("king-of-hearts", "golden:kh:4", 4),
        "queens-doubled": single_deal("queens", "golden:queens:0", 0),
        "diamonds": single_deal("diamonds", "golden:diamonds:0", 0),
        "collections": single_deal("collections", "golden:collections:0", 0),
        "trex": single_deal("trex", "golden:trex:0", 0),
        "complex": single_deal("complex", "golden:complex:0", 0, Rules(complex=True)),
        "king-of-hearts-redeal": single_deal("king-of-hearts", "golden:redeal:17", 17, redeal=True),
        "match-levant": play_out(Match.new(7), random.Random(7)),
        "unfinished-pagat-partnership-complex": play_out(
            Match.new("browser", Rules.preset("pagat", partnership=True, complex=True)),
            random.Random(3), moves=217,
        ),
    }


# -- golden records ----------------------------------------------------------------------

_built: dict[str, Match] = {}


def golden(name: str) -> Match:
    if not _built:
        _built.update(golden_matches())
    return _built[name]


GOLDEN_NAMES = sorted(golden_matches())


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_record_is_written_byte_for_byte(name: str) -> None:
    text = write(golden(name))
    path = GOLDEN / f"{name}.trex"
    if os.environ.get("TREX_REGEN_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    assert path.read_bytes() == text.encode("utf-8")


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_golden_record_reads_back_to_the_same_game(name: str) -> None:
    path = GOLDEN / f"{name}.trex"
    m = load(path)
    original = golden(name)
    assert dumps(m) == path.read_text(encoding="utf-8")
    assert [r.scores for r in m.results] == [r.scores for r in original.results]
    assert m.totals == original.totals and m.hands == original.hands
    assert (m.phase, m.to_move, m.legal_moves()) == (original.phase, original.to_move, original.legal_moves())


def test_golden_every_contract_is_covered() -> None:
    contracts = {r.contract for name in GOLDEN_NAMES for r in load(GOLDEN / f"{name}.trex").results}
    assert contracts == set(Contract)


def test_golden_doubled_king_of_hearts_taken_by_another_seat_4_3() -> None:
    text = (GOLDEN / "king-of-hearts-doubled.trex").read_text(encoding="utf-8")
    assert "3:double:KH" in text
    assert "Scores 0 0 -150 75" in text  # North took West's doubled K♥


def test_golden_doubled_queens_4_3() -> None:
    m = load(GOLDEN / "queens-doubled.trex")
    r = m.results[0]
    assert len(r.doubled) == 4 and sum(r.scores) == -100  # §4.5


def test_golden_redeal_5_2() -> None:
    text = (GOLDEN / "king-of-hearts-redeal.trex").read_text(encoding="utf-8")
    m = loads(text)
    r = m.results[0]
    assert len(r.attempts) == 2 and r.attempts[0].redeal_by is not None
    assert r.contract is not Contract.KING_OF_HEARTS  # §5.2: another contract after a redeal
    assert f"Redeal {r.attempts[0].redeal_by}" in text and text.count("Hand 0 ") == 2


def test_golden_trex_6_3() -> None:
    text = (GOLDEN / "trex.trex").read_text(encoding="utf-8")
    assert "Turns " in text and "Trick " not in text
    assert sum(load(GOLDEN / "trex.trex").results[0].scores) == 500


def test_golden_full_match_has_forced_last_contracts_2_2() -> None:
    text = (GOLDEN / "match-levant.trex").read_text(encoding="utf-8")
    assert text.count(" forced\n") == 4 and text.endswith("Result " + " ".join(
        str(p) for p in golden("match-levant").places()) + "\n")


# -- round trips -------------------------------------------------------------------------


ROUND_TRIP_RULES = [
    Rules.preset(p, partnership=part, complex=cx)
    for p in ("levant", "western", "jawaker", "pagat")
    for part in (False, True)
    for cx in (False, True)
] + [Rules(forced_discard=True, early_end=False, swap_values=True, redeal_any_contract=True,
           kingdom_order="right-then-across", doubling=False)]


def _rules_id(rules: Rules) -> str:
    return "-".join(f"{k}={v}" for k, v in rules.changes().items()) or "levant"


@pytest.mark.parametrize("rules", ROUND_TRIP_RULES, ids=_rules_id)
def test_write_read_write_is_identical(rules: Rules) -> None:
    """Finished matches (seed 0) and matches stopped at a random move."""
    for seed in range(3):
        rng = random.Random(seed)
        stop = None if seed == 0 else rng.randrange(1, 700)
        m = play_out(Match.new(seed, rules), rng, moves=stop, redeal=seed == 2)
        text = write(m)
        again = read(text)
        assert write(again) == text
        assert [r.scores for r in again.results] == [r.scores for r in m.results]
        assert again.totals == m.totals and again.hands == m.hands
        assert (again.phase, again.to_move, again.moves) == (m.phase, m.to_move, m.moves)


def test_unfinished_match_continues_after_reading_exactly_as_the_original() -> None:
    m = Match.new(11, Rules.preset("western"))
    rng = random.Random(11)
    for _ in range(333):
        m.play(rng.choice(m.legal_moves()))
    again = read(write(m))
    r1, r2 = random.Random(5), random.Random(5)
    while not m.is_over:
        a, b = r1.choice(m.legal_moves()), r2.choice(again.legal_moves())
        assert a == b
        m.play(a)
        again.play(b)
    assert write(m) == write(again) and again.totals == m.totals


@pytest.mark.parametrize("moves", [0, 1, 3, 5, 6, 7, 8, 9, 10, 57])
def test_every_phase_of_a_deal_round_trips(moves: int) -> None:
    """Before the contract, mid-answers, after the answers, mid-trick, between tricks."""
    m = play_out(Match.new(2), random.Random(2), moves=moves)
    text = write(m)
    assert write(read(text)) == text and read(text).moves == m.moves


def test_a_record_saved_right_after_a_redeal_claim_round_trips_5_2() -> None:
    hands = Dealer("golden:redeal:17").hands(0, 0)
    m = Match.deal(hands, 0, "king-of-hearts", seed="golden:redeal:17")
    for _ in range(4):
        m.play(doubling_player(m, random.Random(0), redeal=True))
    assert not m.moves and m.phase == "choose"  # redealt: the king chooses again
    text = write(m)
    assert "Redeal " in text and text.count("Hand 0 ") == 2
    again = read(text)
    assert write(again) == text and again.hands == m.hands


def test_a_record_keeps_its_tags() -> None:
    m = Match.new(3)
    text = write(m, {"Event": 'Club "night"', "South": "Layla", "Date": "2026.11.29"})
    assert '[Event "Club \\"night\\""]' in text
    again = read(text)
    assert record_tags(again) == {"Event": 'Club "night"', "South": "Layla", "Date": "2026.11.29"}
    assert write(again) == text
    with pytest.raises(ValueError, match="unknown tag"):
        write(m, {"Players": "x"})
    two_lines = write(m, {"Event": "two\nlines"})  # a line break is escaped: one tag line
    assert '[Event "two\\nlines"]' in two_lines
    assert record_tags(read(two_lines))["Event"] == "two\nlines"


def test_a_word_seed_round_trips_and_deals_the_same() -> None:
    m = Match.new('a "quoted" seed\\')
    again = read(write(m))
    assert again.dealer.seed == 'a "quoted" seed\\' and again.hands == m.hands
    assert read(write(Match.new("007"))).dealer.seed == "007"
    assert read(write(Match.new(-3))).dealer.seed == -3
    assert read(write(Match.new(" "))).hands == Match.new(" ").hands
    assert read(write(Match.new(""))).hands == Match.new("").hands
    assert read(write(Match.new("\n"))).hands == Match.new("\n").hands


def test_rules_are_written_as_a_preset_and_the_options_that_differ_10() -> None:
    assert rules_tags(Rules.preset("pagat", partnership=True)) == ("pagat", [("partnership", "true")])
    assert rules_tags(Rules(self_capture="jawaker", direction="clockwise")) == (
        "jawaker", [("direction", "clockwise")])
    text = write(Match.new(1, Rules.preset("western", swap_values=True, complex=True)))
    assert '[Rules "western"]\n[Option "swap_values=true"]\n[Option "complex=true"]\n' in text
    assert read(text).rules == Rules.preset("western", swap_values=True, complex=True)
    assert '[Deals "8"]' in text


def test_parse_option() -> None:
    assert parse_option("early-end", "off") == ("early_end", False)
    with pytest.raises(ValueError, match="true or false"):
        parse_option("early_end", "perhaps")
    with pytest.raises(ValueError, match="unknown rule option"):
        parse_option("trumps", "true")
    with pytest.raises(ValueError, match="must be one of"):
        parse_option("direction", "sideways")


def test_dump_and_load_paths_and_files(tmp_path: Path) -> None:
    m = golden("diamonds")
    path = tmp_path / "deal.trex"
    dump(m, path)
    assert write(load(path)) == write(m) == path.read_text(encoding="utf-8")
    buf = io.StringIO()
    dump(m, buf)
    buf.seek(0)
    assert write(load(buf)) == write(m)
    path.write_bytes(b'[Seed "1"]\n[Rules "levant"]\n\xff\n')
    with pytest.raises(RecordError, match="line 3: this line is not UTF-8"):
        load(path)


def test_a_record_error_is_a_value_error_and_pickles() -> None:
    import pickle

    err = pickle.loads(pickle.dumps(RecordError(7, "bad")))
    assert isinstance(err, ValueError) and (err.line, err.problem, str(err)) == (7, "bad", "line 7: bad")


def test_read_wants_text() -> None:
    with pytest.raises(TypeError):
        read(b"[Seed 1]")  # type: ignore[arg-type]


# -- hand-edited records ----------------------------------------------------------------


def lines_of(name: str) -> list[str]:
    return (GOLDEN / f"{name}.trex").read_text(encoding="utf-8").split("\n")


def line_no(lines: list[str], start: str, nth: int = 0) -> int:
    """The 1-based number of the ``nth`` line starting with ``start``."""
    found = [i + 1 for i, ln in enumerate(lines) if ln.startswith(start)]
    return found[nth]


def refused(lines: list[str]) -> RecordError:
    with pytest.raises(RecordError) as info:
        read("\n".join(lines))
    err = info.value
    assert isinstance(err, ValueError) and str(err) == f"line {err.line}: {err.problem}"
    return err


def edit(lines: list[str], n: int, old: str, new: str) -> list[str]:
    out = list(lines)
    assert old in out[n - 1], (old, out[n - 1])
    out[n - 1] = out[n - 1].replace(old, new, 1)
    return out


def test_refused_an_illegal_move_3_1() -> None:
    lines = lines_of("diamonds")
    n = line_no(lines, "Trick ", 1)
    trick = lines[n - 1].split()
    # The second card of the second trick: first no card at all, then a card the seat
    # does not hold.
    seat, card = trick[2].split(":")
    err = refused(edit(lines, n, f"{seat}:{card}", f"{seat}:XX"))
    assert err.line == n and "'XX' is not a move" in err.problem
    hand = next(ln for ln in lines if ln.startswith(f"Hand {seat} ")).split()[2:]
    not_held = next(c for c in ("AS", "KS", "QS", "JS", "AH", "KH", "AC", "KC") if c not in hand)
    err = refused(edit(lines, n, f"{seat}:{card}", f"{seat}:{not_held}"))
    assert err.line == n and "cannot play" in err.problem and "do not hold" in err.problem


def test_refused_not_following_suit_names_the_rule_3_1() -> None:
    lines = lines_of("collections")
    m = loads("\n".join(lines))
    # find a trick where the second player followed suit while holding another suit
    for k, (_, cards, _) in enumerate(m.results[0].tricks):
        second = cards[1]
        n = line_no(lines, "Trick ", k)
        seat = lines[n - 1].split()[3].split(":")[0]
        hand_line = next(ln for ln in lines if ln.startswith(f"Hand {seat} "))
        others = [c for c in hand_line.split()[2:] if c[1] != "SHDC"[cards[0] // 13]]
        if second // 13 == cards[0] // 13 and others:
            # a card of another suit that is still in hand at this trick
            played_before = {c for _, cs, _ in m.results[0].tricks[:k] for c in cs}
            still = [c for c in others if parse_card(c) not in played_before]
            if still:
                err = refused(edit(lines, n, f"{seat}:{card_text(second)}", f"{seat}:{still[0]}"))
                assert err.line == n and "must follow" in err.problem and "§3.1" in err.problem
                return
    pytest.fail("no trick to edit")


def test_refused_a_wrong_score() -> None:
    lines = lines_of("king-of-hearts-doubled")
    n = line_no(lines, "Scores ")
    err = refused(edit(lines, n, "Scores 0 0 -150 75", "Scores 0 0 -75 0"))
    assert err.line == n and "the scores of deal 1 (King of Hearts) are 0 0 -150 75" in err.problem


def test_refused_a_card_dealt_twice_1_2() -> None:
    lines = lines_of("trex")
    first = lines[line_no(lines, "Hand 0 ") - 1].split()[2]
    n = line_no(lines, "Hand 2 ")
    victim = lines[n - 1].split()[2]
    err = refused(edit(lines, n, victim, first))
    assert err.line == n and f"{first} is also in seat 0's hand" in err.problem


def test_refused_a_card_twice_in_one_hand_and_a_short_hand() -> None:
    lines = lines_of("trex")
    n = line_no(lines, "Hand 1 ")
    cards = lines[n - 1].split()
    err = refused(edit(lines, n, cards[3], cards[2]))
    assert err.line == n and "written twice" in err.problem
    err = refused(edit(lines, n, " " + cards[3], ""))
    assert err.line == n and "12 cards, not 13" in err.problem


@pytest.mark.parametrize("tag", ["Seed", "Rules", "FirstKing", "Deals"])
def test_refused_a_missing_tag(tag: str) -> None:
    lines = [ln for ln in lines_of("queens-doubled") if not ln.startswith(f"[{tag} ")]
    err = refused(lines)
    assert err.line == line_no(lines, "Deal 1 ") and f"the tag {tag} is missing" in err.problem


@pytest.mark.parametrize(("tag", "value", "words"), [
    ("Rules", "levantine", "unknown rules 'levantine'"),
    ("FirstKing", "4", "FirstKing is the first king's seat, 0 to 3"),
    ("Deals", "19", "Deals is 1 (a single deal) or 20"),
])
def test_refused_a_bad_tag_value(tag: str, value: str, words: str) -> None:
    lines = lines_of("match-levant")
    n = line_no(lines, f"[{tag} ")
    lines[n - 1] = f'[{tag} "{value}"]'
    err = refused(lines)
    assert err.line == n and words in err.problem


@pytest.mark.parametrize(("line", "words"), [
    ('[Option "swap_values=maybe"]', "true or false"),
    ('[Option "trumps=true"]', "unknown rule option"),
    ('[Option "direction"]', "name=value"),
    ('[Player "x"]', "unknown tag"),
    ("[Event unquoted]", 'a tag line reads [Name "value"]'),
    ('[Event "bad \\escape"]', "backslash"),
    ('[Seed "9"]', "the tag Seed is given twice (first on line 1)"),
])
def test_refused_bad_tag_lines(line: str, words: str) -> None:
    lines = lines_of("diamonds")
    lines.insert(4, line)
    err = refused(lines)
    assert err.line == 5 and words in err.problem


def test_refused_an_option_given_twice() -> None:
    lines = lines_of("complex")
    n = line_no(lines, "[Option ")
    lines.insert(n, lines[n - 1])
    err = refused(lines)
    assert err.line == n + 1 and "given twice" in err.problem


def test_refused_the_wrong_deal_count_for_complex_9_1() -> None:
    lines = [ln for ln in lines_of("unfinished-pagat-partnership-complex") if ln != '[Option "complex=true"]']
    err = refused(lines)
    assert "Deals is 1 (a single deal) or 20" in err.problem and lines[err.line - 1] == '[Deals "8"]'


@pytest.mark.parametrize("cut", [1, 2, 3, 5, 20, 60])
def test_refused_a_truncated_record(cut: int) -> None:
    lines = lines_of("match-levant")
    while lines and not lines[-1]:
        lines.pop()
    kept = lines[:-cut]
    err = refused(kept)
    last = max(i + 1 for i, ln in enumerate(kept) if ln.strip())
    assert err.line == last and "cut short" in err.problem


def test_refused_an_empty_record_and_tags_only() -> None:
    assert refused([""]).problem.startswith("this is not a Trex record")
    lines = lines_of("diamonds")
    tags = lines[: line_no(lines, "Deal 1 ") - 1]
    err = refused(tags)
    assert "no deals" in err.problem


def test_refused_a_move_after_the_deal_is_over_3_4() -> None:
    lines = lines_of("king-of-hearts-doubled")  # early end: the deal stops when K♥ is taken
    n = line_no(lines, "Scores ")
    last = int(lines[n - 2].split()[1])
    lines.insert(n - 1, f"Trick {last + 1} 0:2C")
    err = refused(lines)
    assert err.line == n and "one too many" in err.problem


def test_refused_the_wrong_seat() -> None:
    lines = lines_of("collections")
    n = line_no(lines, "Trick ", 2)
    first = lines[n - 1].split()[2]
    seat = int(first.split(":")[0])
    err = refused(edit(lines, n, first, f"{(seat + 1) % 4}:{first.split(':')[1]}"))
    assert err.line == n and "turn" in err.problem


def test_refused_a_missing_move() -> None:
    lines = lines_of("collections")
    n = line_no(lines, "Trick ", 12)
    lines.pop(n - 1)
    err = refused(lines)
    assert "not over yet" in err.problem and err.line == n


def test_refused_an_unknown_line_and_a_tag_in_the_body() -> None:
    lines = lines_of("queens-doubled")
    n = line_no(lines, "Trick ", 3)
    err = refused(lines[: n - 1] + ["Lead 0:AS"] + lines[n - 1:])
    assert err.line == n and "'Lead' does not begin a record line" in err.problem
    err = refused(lines[: n - 1] + ['[Event "late"]'] + lines[n - 1:])
    assert err.line == n and "tags belong at the top" in err.problem


def test_refused_a_wrong_deal_header() -> None:
    lines = lines_of("match-levant")
    n = line_no(lines, "Deal 6 ")
    err = refused(edit(lines, n, "Deal 6", "Deal 7"))
    assert err.line == n and "deal 6 should come here, not deal 7" in err.problem
    king = lines[n - 1].split()[-1]
    err = refused(edit(lines, n, f"king {king}", f"king {(int(king) + 1) % 4}"))
    assert err.line == n and "deal 6 belongs to kingdom 2, whose king is" in err.problem


def test_refused_wrong_totals_and_result_2_5() -> None:
    lines = lines_of("match-levant")
    n = line_no(lines, "Totals ")
    total0 = lines[n - 1].split()[1]
    err = refused(edit(lines, n, f"Totals {total0}", f"Totals {int(total0) + 5}"))
    assert err.line == n and "the totals of the scores above are" in err.problem
    r = line_no(lines, "Result ")
    places = lines[r - 1].split()[1:]
    err = refused(edit(lines, r, "Result " + " ".join(places), "Result " + " ".join(reversed(places))))
    assert err.line == r and "the places by the totals are" in err.problem
    err = refused(lines[: n - 1] + ["Result *"])
    assert err.line == n and "the match is over" in err.problem


def test_refused_a_finished_result_on_an_unfinished_match() -> None:
    lines = lines_of("unfinished-pagat-partnership-complex")
    r = line_no(lines, "Result *")
    err = refused(edit(lines, r, "Result *", "Result 1 2 1 2"))
    assert err.line == r and "not over" in err.problem
    err = refused(lines[: r - 1] + ["Totals 0 0 0 0"] + lines[r - 1:])
    assert err.line == r and "no totals yet" in err.problem


def test_refused_forced_contract_marks_2_2() -> None:
    lines = lines_of("match-levant")
    n = line_no(lines, "Contract ", 4)  # the fifth deal: the king's last contract is forced
    assert lines[n - 1].endswith(" forced")
    err = refused(edit(lines, n, " forced", ""))
    assert err.line == n and "forced here" in err.problem
    n1 = line_no(lines, "Contract ")
    err = refused(edit(lines, n1, lines[n1 - 1], lines[n1 - 1] + " forced"))
    assert err.line == n1 and "not forced" in err.problem


def test_refused_redeal_edits_5() -> None:
    lines = lines_of("king-of-hearts-redeal")
    n = line_no(lines, "Redeal ")
    err = refused(lines[: n - 1] + lines[n:])
    assert err.line == n and "must follow a Redeal line" in err.problem
    a = line_no(lines, "Answers ")
    err = refused(edit(lines, a, ":redeal", ":nodouble"))
    assert err.line == line_no(lines, "Hand 0 ", 1) and "no redeal was claimed" in err.problem
    # moves of the new dealing written before its hands
    err = refused(lines[:a] + ["Trick 1 0:2C"] + lines[a:])
    assert err.line == a + 1 and "belong to the new dealing" in err.problem


def test_a_record_cut_after_a_finished_deal_waits_in_deal_over() -> None:
    """A match saved between deals (phase ``deal-over``) has no block for the next deal:
    it reads back paused after the finished one, and writes back the same."""
    lines = lines_of("match-levant")
    n = line_no(lines, "Deal 20 ")
    text = "\n".join(lines[: n - 1] + ["Result *"]) + "\n"
    m = read(text)
    assert m.phase == DEAL_OVER and len(m.results) == 19 and m.deal_number == 18
    assert [str(x) for x in m.legal_moves()] == ["next"]
    assert write(m) == text
    m.play("next")
    assert m.deal_number == 19 and m.phase in ("choose", "announce", "play")


def test_refused_lines_after_the_result_and_grouping_edits() -> None:
    lines = lines_of("diamonds")
    while not lines[-1]:
        lines.pop()
    err = refused([*lines, "Trick 1 0:AS"])
    assert err.line == len(lines) + 1 and "nothing may follow the Result line" in err.problem
    # a trick split over two lines, the later lines renumbered: only the replay sees it
    n = line_no(lines, "Trick ", 1)
    moves = lines[n - 1].split()[2:]
    later = [f"Trick {int(ln.split()[1]) + 1} {' '.join(ln.split()[2:])}"
             for ln in lines[n:] if ln.startswith("Trick ")]
    rest = [ln for ln in lines[n:] if not ln.startswith("Trick ")]
    split = lines[: n - 1] + ["Trick 2 " + " ".join(moves[:2]), "Trick 3 " + " ".join(moves[2:])]
    err = refused(split + later + rest)
    assert err.line == n and "this line should read `Trick 2 " in err.problem


def test_refused_a_trick_left_out_or_repeated() -> None:
    lines = lines_of("king-of-hearts-doubled")  # trick 1 can go unseen but for its number
    n = line_no(lines, "Trick 1 ")
    err = refused(lines[: n - 1] + lines[n:])
    assert err.line == n and "trick 1 should come here, not 2" in err.problem
    err = refused(lines[:n] + lines[n - 1:])
    assert err.line == n + 1 and "trick 2 should come here, not 1" in err.problem


def test_refused_cards_out_of_their_written_order() -> None:
    lines = lines_of("diamonds")
    n = line_no(lines, "Hand 0 ")
    cards = lines[n - 1].split()[2:]
    swapped = " ".join([cards[1], cards[0], *cards[2:]])
    err = refused(edit(lines, n, " ".join(cards), swapped))
    assert err.line == n and f"this line should read `Hand 0 {' '.join(cards)}`" in err.problem


def test_the_example_in_docs_record_md_is_the_golden_record() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "RECORD.md").read_text(encoding="utf-8")
    blocks = [b for b in doc.split("```") if b.startswith("\n[Seed")]
    assert len(blocks) == 1
    assert blocks[0][1:] == (GOLDEN / "king-of-hearts-doubled.trex").read_text(encoding="utf-8")
    read(blocks[0][1:])


def test_windows_line_ends_and_a_byte_order_mark_are_read(tmp_path: Path) -> None:
    text = (GOLDEN / "complex.trex").read_text(encoding="utf-8")
    assert write(read("\ufeff" + text.replace("\n", "\r\n"))) == text
    path = tmp_path / "bom.trex"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert write(load(path)) == text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.builds(
        Rules,
        direction=st.sampled_from(["counterclockwise", "clockwise"]),
        first_king=st.sampled_from(["seven-of-hearts", "random-dealer"]),
        kingdom_order=st.sampled_from(["next", "right-then-across"]),
        no_heart_lead=st.booleans(), forced_discard=st.booleans(), early_end=st.booleans(),
        swap_values=st.booleans(), doubling=st.booleans(),
        self_capture=st.sampled_from(["plain", "jawaker"]), redeal=st.booleans(),
        redeal_any_contract=st.booleans(), partnership=st.booleans(), complex=st.booleans(),
    ),
    seed=st.integers(0, 10**6) | st.text(max_size=8),
    stop=st.none() | st.integers(0, 600),
    redeal=st.booleans(),
)
def test_any_rules_any_stopping_point_round_trips(rules: Rules, seed: int | str, stop: int | None,
                                                  redeal: bool) -> None:
    m = play_out(Match.new(seed, rules), random.Random(str(seed)), moves=stop, redeal=redeal)
    text = write(m)
    again = read(text)
    assert write(again) == text
    assert (again.totals, again.hands, again.phase, again.to_move) == (m.totals, m.hands, m.phase, m.to_move)
    assert observe(again, 0) == observe(m, 0)


def test_an_unfinished_deal_after_two_redeals_round_trips_5() -> None:
    """The writer takes the current deal's redealt dealings from ``Match.attempts``."""
    from trex_core.match import FixedDealer

    hands = Dealer("golden:redeal:17").hands(0, 0)  # North may claim a redeal (§5.1)
    dealer = FixedDealer("twice", {(0, 0): hands, (0, 1): hands})
    m = Match(Rules(redeal_any_contract=True), dealer)
    seen = 0
    for _ in range(2):  # King of Hearts, a redeal, King of Hearts again (§5.2 option), a redeal
        m.play("king-of-hearts")
        for _ in range(4):
            m.play(doubling_player(m, random.Random(0), redeal=True))
    rng = random.Random(1)
    for _ in range(40):
        seen = max(seen, len(m.attempts))
        text = write(m)
        assert write(read(text)) == text
        m.play(doubling_player(m, rng))
    assert seen == 2


def test_a_first_king_without_the_seven_of_hearts_is_refused_at_its_tag_2_3() -> None:
    text = write(Match.new(seed=7))  # South holds 7♥
    edited = text.replace('[FirstKing "0"]', '[FirstKing "1"]').replace("king 0", "king 1")
    with pytest.raises(RecordError) as e:
        read(edited)
    assert e.value.line == text.splitlines().index('[FirstKing "0"]') + 1
    assert "holder of 7♥" in e.value.problem
