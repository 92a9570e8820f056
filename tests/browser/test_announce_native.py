"""The announcements (web/trexui/view/announce.py) and the view's identities, natively (no
browser): over random matches, observation by observation, each other seat's card,
Trex card and pass, each double and each trick taken is announced exactly once, your
own moves never, "your turn" once each time the game starts to wait for you, every
deal's scores once; at a fast pace the same words go out coalesced (nothing dropped)
in about one message per trick. Every rendering gives each ``data-key`` to one element
only (the view is morphed by key) and has no fixed id."""
import random
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from trex_core import Match, Rules, observe

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from trexui.view import announce, dialogs, values  # noqa: E402
from trexui.view import board as view
from trexui.view.board import card_name, seat_name  # noqa: E402

CASES = [("levant", {}), ("jawaker", {"complex": True}), ("pagat", {"partnership": True})]


def play_match(preset, options, seed):
    """Yield (match, seat to move, move text) for a whole random match, after each move."""
    rng = random.Random(seed)
    m = Match.new(seed=seed, rules=Rules.preset(preset, **options))
    while not m.is_over:
        seat = m.to_move
        move = str(rng.choice(m.legal_moves()))
        m.play(move)
        yield m, seat, move


@pytest.mark.parametrize("preset,options", CASES)
def test_each_event_is_announced_once(preset, options):
    plain = announce.Announcer()
    fast = announce.Announcer()
    said: list[str] = []
    coalesced: list[str] = []
    expected: Counter[str] = Counter()
    tricks = turns = deals_over = 0
    m0 = Match.new(seed=7, rules=Rules.preset(preset, **options))
    said += plain.update(observe(m0, 0), coalesce=False)
    coalesced += fast.update(observe(m0, 0), coalesce=True)
    for m, seat, move in play_match(preset, options, 7):
        obs = observe(m, 0)
        new = plain.update(obs, coalesce=False)
        said += new
        coalesced += fast.update(obs, coalesce=True)
        if seat != 0 and len(move) == 2:
            verb = "laid" if view.is_trex(obs) else "played"
            expected[f"{seat_name(seat)} {verb} the {card_name(move)}."] += 1
        if seat != 0 and move == "pass":
            expected[f"{seat_name(seat)} passed."] += 1
        if seat != 0 and move.startswith("double:"):
            expected[f"{seat_name(seat)} doubled the "] += 1
        tricks += sum(1 for s in new if "took the trick" in s)
        turns += sum(1 for s in new if s == view.status_text(obs) and announce.waits_for_you(obs))
        deals_over += sum(1 for s in new if s.startswith("Deal over."))
    counted = Counter()
    for text in said:
        for key in expected:
            counted[key] += text.count(key)
    assert counted == expected, {k: (counted[k], v) for k, v in expected.items() if counted[k] != v}
    assert not any(s.startswith("You played") or s.startswith("You laid") or s.startswith("You passed")
                   for s in said), "your own moves are not announced"
    assert deals_over == len(m.results)
    assert turns > 0 and tricks > 0
    # fast: the same words, fewer messages; nothing is dropped
    assert " ".join(said).split() == " ".join(coalesced + fast.flush()).split()
    assert len(coalesced) < len(said) * 0.6, (len(coalesced), len(said))


def test_a_trick_says_who_took_it_and_what_it_cost():
    m = Match.new(seed=3)
    m.play("queens")
    while m.phase == "announce":
        m.play("nodouble" if "nodouble" in map(str, m.legal_moves()) else m.legal_moves()[0])
    a = announce.Announcer()
    a.update(observe(m, 0), coalesce=False)
    said = []
    while len(m.results) == 0 and m.phase == "play":
        m.play(m.legal_moves()[0])
        said += a.update(observe(m, 0), coalesce=False)
    costly = [s for s in said if "took the trick:" in s]
    assert costly and all(re.search(r"took the trick: \u221225", s) for s in costly[:1]), costly


def test_a_fast_pace_coalesces_a_trick_into_one_message():
    m = Match.new(seed=5)
    a = announce.Announcer()
    out = a.update(observe(m, 0), coalesce=True)
    rng = random.Random(1)
    per_move = []
    while not m.results:
        m.play(rng.choice(m.legal_moves()))
        per_move.append(a.update(observe(m, 0), coalesce=True))
    out += [x for msgs in per_move for x in msgs]
    tricks = sum(s.count("took the trick") for s in out)
    plays = sum(s.count(" played the ") for s in out)
    assert tricks >= 10 and plays >= 3 * tricks - 13
    messages_in_play = sum(1 for s in out if " played the " in s or "took the trick" in s)
    assert messages_in_play <= 2 * tricks + 2, (messages_in_play, tricks)


def test_data_keys_are_unique_and_ids_prefixed():
    rng = random.Random(9)
    m = Match.new(seed=9, rules=Rules.preset("levant", partnership=False))
    n = 0
    while not m.is_over and n < 400:
        obs = observe(m, 0)
        ui = {"kings": list(m.kings), "levels": ["random"], "values": values.of(m.rules), "idp": "t9-",
              "overlay": ["sheet", "settings", "help", "confirm", None][n % 5],
              "form": {"preset": "levant", "rules": m.rules.to_dict(), "level": "random", "speed": "fast"}}
        html = view.table(obs, ui, dialogs.html)
        keys = re.findall(r'data-key="([^"]+)"', html)
        dup = [k for k, c in Counter(keys).items() if c > 1]
        assert not dup, dup
        assert all(i.startswith("t9-") for i in re.findall(r'\bid="([^"]+)"', html))
        flips = re.findall(r'data-flip="([^"]+)"', html)
        assert len(flips) == len(set(flips)), "a moving card is in one place only"
        m.play(rng.choice(m.legal_moves()))
        n += 1
