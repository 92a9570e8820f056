"""The host's referee for a table shared with guests (trex_core/tools/referee.py).

Whole matches are played with the host at seat 0 and three guests who choose only from what
they were sent; every message a guest receives is read and checked for another seat's
unplayed cards. Then every kind of bad message is sent, and none changes the match."""
from __future__ import annotations

import json
import random
import re

import pytest

from tests.hostile_messages import KINDS, messages
from trex_core import DEAL_OVER, Match, card_text, cards_of, observe
from trex_core.errors import CODES as ENGINE_CODES
from trex_core.tools.referee import (
    BURST,
    CODES,
    MAX_MESSAGE,
    MAX_SEQ,
    PROTOCOL,
    RATE,
    Referee,
    hello,
    move_message,
    read,
)

GUESTS = (1, 2, 3)
VERSION = "build-1"  # the host page's (a site's build)
CARD = re.compile(r"(?<![0-9A-Z])([2-9TJQKA][SHDC])(?![0-9A-Z])")


def strings(value: object) -> list[str]:
    """Every string in a message's JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(k) + strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def hidden_from(m: Match, seat: int, obs: dict) -> set[str]:
    """The cards ``seat`` may not know now: the other seats' unplayed cards, but those the
    rules lay open (doubled cards §4.2, a redeal's shown hand §5.1, the 2s of §8.2)."""
    others = {card_text(c) for s in range(4) if s != seat for c in cards_of(m.hands[s])}
    public = {c for c, _ in obs["doubled"]} | {c for _, hand in obs["redeals"] for c in hand}
    public |= {c for twos in obs["shown_twos"] for c in twos}
    return others - public


class Table:
    """A host (seat 0, playing at random) and three guests over perfect channels."""

    def __init__(self, seed: int, **options: object) -> None:
        self.m = Match.new(seed=seed, **options)
        self.ref = Referee(self.m, GUESTS, VERSION)
        self.rng = random.Random(seed)
        self.inbox: dict[int, list[str]] = {s: [] for s in GUESTS}
        self.seen: dict[int, dict] = {}  # each guest's last state
        self.checked = 0

    def deliver(self, out: list[tuple[int, str]]) -> None:
        for seat, text in out:
            self.inbox[seat].append(text)
            message = json.loads(text)
            assert message["type"] == "state", message
            obs = message["obs"]
            assert obs == observe(self.m, seat).to_dict()  # its own seat's, as of now
            leaked = {c for s in strings(message) for c in CARD.findall(s)} & hidden_from(self.m, seat, obs)
            assert not leaked, f"seat {seat} was sent {leaked}"
            self.seen[seat] = message
            self.checked += 1

    def play(self) -> None:
        for s in GUESTS:
            self.deliver(self.ref.receive(s, hello(s, VERSION)))
        while not self.m.is_over:
            if self.m.phase == DEAL_OVER or self.m.to_move == 0:
                self.m.play(self.rng.choice(self.m.legal_moves()))  # the host (or its bot), and it deals on
                self.deliver(self.ref.changed())
                continue
            seat = self.m.to_move
            assert seat is not None
            state = self.seen[seat]
            move = self.rng.choice(state["obs"]["legal"])  # only what the guest was told
            self.deliver(self.ref.receive(seat, move_message(seat, state["seq"], move)))


@pytest.mark.parametrize("options", [{}, {"partnership": True}, {"complex": True}],
                         ids=["plain", "partnership", "complex"])
def test_a_whole_match_with_three_guests_sends_no_card_of_another_seat(options):
    """§1–§8 as the engine plays them; what each guest is sent is its own observation only."""
    t = Table(7, **options)
    t.play()
    assert t.m.is_over
    assert t.checked > 3 * len(t.m.history)  # every change reached every guest
    for seat in GUESTS:
        last = read(t.inbox[seat][-1])
        assert last.obs == observe(t.m, seat)  # the guest's page reads it back whole
        assert last.obs is not None and last.obs.is_over


def started(seed: int = 1) -> tuple[Match, Referee]:
    """A match whose first king (seed 1: seat 1) is a guest, every guest seated."""
    m = Match.new(seed=seed)
    ref = Referee(m, GUESTS, VERSION)
    for s in GUESTS:
        ref.receive(s, hello(s, VERSION))
    return m, ref


def refusal(out: list[tuple[int, str]], seat: int) -> dict:
    assert len(out) == 1 and out[0][0] == seat, out  # to the sender only
    message = json.loads(out[0][1])
    assert message["type"] == "refused"
    return message


def unchanged(m: Match, ref: Referee, before: tuple) -> None:
    assert (tuple(m.history), ref.seq) == before


def snapshot(m: Match, ref: Referee) -> tuple:
    return tuple(m.history), ref.seq


def test_a_move_out_of_turn_is_refused_with_the_engines_code():
    m, ref = started()
    seat = next(s for s in GUESTS if s != m.to_move)
    before = snapshot(m, ref)
    message = refusal(ref.receive(seat, move_message(seat, ref.seq, "QS")), seat)
    assert (message["code"], message["params"]) == ("not-your-turn", {"seat": seat, "to_move": m.to_move})
    unchanged(m, ref, before)


def test_an_illegal_move_says_which_rule():
    """§2.2: the king names a contract; a card is refused with the engine's code."""
    m, ref = started()
    king = m.to_move
    assert king in GUESTS
    message = refusal(ref.receive(king, move_message(king, ref.seq, "QS")), king)
    assert message["code"] == "name-contract" and message["move"] == "QS"


def test_a_move_sent_twice_is_played_once():
    m, ref = started()
    king = m.to_move
    contract = next(str(mv) for mv in m.legal_moves())
    text = move_message(king, ref.seq, contract)
    out = ref.receive(king, text)
    assert sorted(s for s, _ in out) == list(GUESTS)
    before = snapshot(m, ref)
    message = refusal(ref.receive(king, text), king)
    assert (message["code"], message["params"]) == ("stale", {"seq": 0, "now": 1})
    unchanged(m, ref, before)


@pytest.mark.parametrize("text", [
    "not json", "[1, 2]", "null", '{"type": "move"}', '{"type": "dance", "seat": 1}',
    '{"type": "move", "seat": true, "seq": 0, "move": "QS"}',
    '{"type": "move", "seat": 1, "seq": "0", "move": "QS"}',
    '{"type": "move", "seat": 1, "seq": 0, "move": 7}',
    '{"type": "move", "seat": 1, "seq": 0, "move": "QX"}',
    '{"type": "hello", "seat": "1"}',
    b'{"type": "hello"}', None, "x" * (MAX_MESSAGE + 1), "[" * 2000 + "]" * 2000,
], ids=lambda t: repr(t)[:24])
def test_a_malformed_message_is_refused_and_changes_nothing(text):
    m, ref = started()
    king = m.to_move
    assert king in GUESTS
    before = snapshot(m, ref)
    message = refusal(ref.receive(king, text), king)
    assert message["code"] == "malformed"
    unchanged(m, ref, before)


def test_a_move_for_another_seat_is_refused():
    """A guest holds one seat: it cannot move for the seat to move, even with its turn's seq."""
    m, ref = started()
    king = m.to_move
    other = next(s for s in GUESTS if s != king)
    contract = str(m.legal_moves()[0])
    before = snapshot(m, ref)
    message = refusal(ref.receive(other, move_message(king, ref.seq, contract)), other)
    assert (message["code"], message["params"]) == ("other-seat", {"seat": king, "yours": other})
    unchanged(m, ref, before)
    message = refusal(ref.receive(other, hello(king, VERSION)), other)  # nor sit in it
    assert message["code"] == "other-seat"


def played_until(done, seed: int) -> tuple[Match, Referee]:
    """A started table whose host has played random moves until ``done(m)``."""
    m, ref = started()
    rng = random.Random(seed)
    while not done(m):
        m.play(rng.choice(m.legal_moves()))
    ref.changed()
    return m, ref


@pytest.mark.parametrize("done, seed, seat, move, code", [
    (lambda m: m.is_over, 1, 2, "QS", "match-over"),  # after the match
    (lambda m: m.phase == DEAL_OVER, 2, 3, "next", "host-deals"),  # between deals: the host deals on
], ids=["after-the-match", "between-deals"])
def test_a_move_when_no_guest_may_move_is_refused(done, seed, seat, move, code):
    m, ref = played_until(done, seed)
    before = snapshot(m, ref)
    message = refusal(ref.receive(seat, move_message(seat, ref.seq, move)), seat)
    assert message["code"] == code
    unchanged(m, ref, before)


def test_a_guest_of_another_version_is_named_not_seated():
    m = Match.new(seed=1)
    ref = Referee(m, GUESTS, VERSION)
    text = hello(2, "build-0")
    message = refusal(ref.receive(2, text), 2)
    assert message["code"] == "version"
    assert message["params"] == {"host": {"protocol": PROTOCOL, "version": VERSION},
                                 "guest": {"protocol": PROTOCOL, "version": "build-0"}}
    assert ref.seated == set()
    message = refusal(ref.receive(2, move_message(2, 0, "QS")), 2)
    assert message["code"] == "hello-first"


def test_a_guest_who_dropped_is_sent_nothing_and_comes_back_with_the_table_as_it_is():
    m, ref = started()
    ref.dropped(2)
    m.play(m.legal_moves()[0])  # (the host page plays the dropped seat, or its king's choice)
    out = ref.changed()
    assert sorted(s for s, _ in out) == [1, 3]
    back = ref.receive(2, hello(2, VERSION))
    assert back == [(2, json.dumps({"type": "state", "seq": ref.seq, "obs": observe(m, 2).to_dict()},
                                   separators=(",", ":"), ensure_ascii=False))]


def test_the_host_page_cannot_take_a_message_from_a_seat_that_is_no_guest():
    m, ref = started()
    with pytest.raises(ValueError, match="not a guest"):
        ref.receive(0, hello(0, VERSION))
    with pytest.raises(ValueError, match="0..3"):
        Referee(m, [4], VERSION)


def test_every_referee_code_is_said_and_a_damaged_host_message_is_named():
    assert set(CODES) >= {"malformed", "version", "other-seat", "stale", "hello-first", "host-deals"}
    for bad, why in [("{", "not JSON"), ('{"type": "state"}', "no seq"),
                     ('{"type": "state", "seq": 1, "obs": {"seat": 1}}', "cannot be read"),
                     ('{"type": "chat", "seq": 1}', "no known type")]:
        with pytest.raises(ValueError, match=why):
            read(bad)


def test_who_is_away_is_told_to_every_seated_guest_and_read_back() -> None:
    """The host page says who is away (a guest yet to join or dropped):
    every seated guest is told, and reads it; a damaged one is named."""
    m = Match.new(seed=8)
    ref = Referee(m, (1, 2, 3), "v")
    for seat in (1, 3):
        ref.receive(seat, hello(seat, "v"))
    out = ref.away([2, 2])
    assert [s for s, _ in out] == [1, 3]
    msg = read(out[0][1])
    assert msg.type == "seats" and msg.away == (2,) and msg.seq == ref.seq
    with pytest.raises(ValueError):
        read('{"type": "seats", "seq": 0, "away": [7]}')


def test_a_dropped_guests_countdown_is_told_to_every_seated_guest() -> None:
    """A dropped friend's seconds before a bot plays their seat go to every seated guest
    with who is away, so every table shows the same countdown; a damaged one is named."""
    m = Match.new(seed=8)
    ref = Referee(m, (1, 2, 3), "v")
    for seat in (1, 3):
        ref.receive(seat, hello(seat, "v"))
    out = ref.away([2], {2: 17})
    assert [s for s, _ in out] == [1, 3]
    msg = read(out[1][1])
    assert msg.away == (2,) and msg.left == ((2, 17),)
    assert read(ref.away([2])[0][1]).left == ()  # yet to join: no countdown
    for bad in ('{"type": "seats", "seq": 0, "away": [2], "left": [[9, 3]]}',
                '{"type": "seats", "seq": 0, "away": [2], "left": [[2, -1]]}',
                '{"type": "seats", "seq": 0, "away": [2], "left": {"2": 3}}'):
        with pytest.raises(ValueError):
            read(bad)


def test_a_guest_let_go_is_told_its_seat_is_gone_not_that_the_connection_dropped() -> None:
    """A new game whose seats differ lets the guests go: each seated guest is sent a ``bye``
    first, so its page says the seat is gone (the play-test found a friend let go told "your
    seat is kept for you", which is what a dropped connection means); a dropped guest is
    sent none."""
    m = Match.new(seed=8)
    ref = Referee(m, (1, 2, 3), "v")
    for seat in (1, 2, 3):
        ref.receive(seat, hello(seat, "v"))
    ref.dropped(2)
    out = ref.bye()
    assert [s for s, _ in out] == [1, 3]
    msg = read(out[0][1])
    assert msg.type == "bye" and msg.seq == ref.seq and msg.obs is None
    assert ref.tally[1].sent == 2  # its state when it said hello, then the bye


# -- a hostile guest ------------------------------------------------------------------------

HOSTILE = 2


def test_a_guests_ration_is_a_burst_then_four_a_second_on_the_callers_clock() -> None:
    """A flood of refusals: 16 answered at once, then 4 a second; the rest only counted."""
    m, ref = started()
    bad = "not json"
    answered = [bool(ref.receive(HOSTILE, bad, now=0.0)) for _ in range(40)]
    assert answered == [True] * BURST + [False] * (40 - BURST)
    assert [bool(ref.receive(HOSTILE, bad, now=t / 8)) for t in range(1, 9)] == [False, True] * 4  # 4/s
    tally = ref.counts()[HOSTILE]
    assert tally["heard"] == 1 + 48 and tally["refused"] == {"malformed": 48}  # (its hello: greeted)
    assert (tally["greeted"], tally["answered"], tally["withheld"]) == (1, 1 + BURST + 4, 48 - BURST - 4)
    assert ref.receive(1, bad, now=0.5)  # another guest's ration is its own
    assert _flooded() == _flooded()  # the same times, the same answers


def _flooded() -> list[bool]:
    ref = Referee(Match.new(seed=1), GUESTS, VERSION)
    return [bool(ref.receive(HOSTILE, "not json", now=t / 50)) for t in range(200)]


@pytest.mark.parametrize("text", [
    json.dumps({"type": "move", "seat": 4, "seq": 0, "move": "QS"}),
    json.dumps({"type": "move", "seat": -1, "seq": 0, "move": "QS"}),
    json.dumps({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "seat": 9}),
    json.dumps({"type": "move", "seat": HOSTILE, "seq": -1, "move": "QS"}),
    json.dumps({"type": "move", "seat": HOSTILE, "seq": MAX_SEQ + 1, "move": "QS"}),
    json.dumps({"type": "move", "seat": HOSTILE, "seq": 10**400, "move": "QS"}),
    '{"type": "move", "seat": 2, "seq": NaN, "move": "QS"}',
    '{"type": "move", "seat": 2, "seq": Infinity, "move": "QS"}',
    json.dumps({"type": "move", "seat": HOSTILE, "seq": 0, "move": "QS" * 40}),
    json.dumps({"type": "move", "seat": HOSTILE, "seq": 0, "move": "Q\u0000S"}),
    json.dumps({"type": "move", "seat": HOSTILE, "seq": 0, "move": "\ud83c"}),
    json.dumps({"type": "move", "seat": HOSTILE, "seq": 0, "move": "دينار"}),
    json.dumps({"type": "move", "seat": HOSTILE, "seq": 0, "move": [[[["QS"]]]]}),
    json.dumps({"type": "hello", "protocol": PROTOCOL, "version": "v" * 100, "seat": HOSTILE}),
    json.dumps({"type": "hello", "protocol": [PROTOCOL], "version": VERSION, "seat": HOSTILE}),
    json.dumps({"type": "move", "seat": HOSTILE, "seq": 0, "move": "QS", **{f"x{i}": i for i in range(9)}}),
    '{"a":' * 9 + "1" + "}" * 9,
], ids=lambda t: t[:40])
def test_a_stricter_reading_refuses_as_malformed(text):
    """Seats out of 0..3, seq out of its bounds, long or non-ASCII words, nesting, many fields."""
    m, ref = started()
    before = snapshot(m, ref)
    message = refusal(ref.receive(HOSTILE, text), HOSTILE)
    assert message["code"] == "malformed"
    unchanged(m, ref, before)


@pytest.mark.parametrize("seed, options", [(11, {}), (12, {"partnership": True}), (13, {"complex": True})],
                         ids=["plain", "partnership", "complex"])
def test_ten_thousand_hostile_messages_change_nothing_but_legal_moves_and_leak_nothing(seed, options):
    """A hostile guest (seat 2) sends 10,000 mutated messages (tests/hostile_messages.py) at
    1,000 a second while the host (seat 0), an honest guest (seats 1, 3) and the hostile
    seat's own legal moves play on: no exception; the match is the legal moves replayed;
    no answer to the hostile guest holds a card it may not know; its counts add up."""
    sent = messages(HOSTILE, 10_000, seed, VERSION)
    m = Match.new(seed=seed, **options)
    ref = Referee(m, GUESTS, VERSION)
    rng = random.Random(seed)
    seen: dict[int, dict] = {}
    legal: list[str] = []  # every move the table made, in order
    got = own = 0  # answers the hostile guest got; its seat's own moves, sent as an honest page would

    def deliver(out: list[tuple[int, str]], text: str = "") -> None:
        nonlocal got
        for seat, answer in out:
            message = json.loads(answer)
            if message["type"] == "state":
                obs = message["obs"]
                assert obs == observe(m, seat).to_dict()
                seen[seat] = message
                hidden = hidden_from(m, seat, obs)
            else:
                assert message["type"] == "refused" and seat == HOSTILE, message
                assert message["code"] in CODES or message["code"] in ENGINE_CODES, message
                # (its own words said back are no leak)
                hidden = hidden_from(m, seat, seen[seat]["obs"]) - set(CARD.findall(text))
            leaked = {c for s in strings(message) for c in CARD.findall(s)} & hidden
            assert not leaked, f"seat {seat} was sent {leaked} answering {text[:80]!r}"
            got += seat == HOSTILE

    for s in GUESTS:
        deliver(ref.receive(s, hello(s, VERSION), now=0.0))
    for i, (kind, text) in enumerate(sent):
        now = i / 1000
        if i % 25 == 0 and not m.is_over:  # the table plays on: one legal move
            if m.phase == DEAL_OVER or m.to_move == 0:
                move = str(rng.choice(m.legal_moves()))
                m.play(move)
                deliver(ref.changed())
            else:
                seat = m.to_move
                state = seen[seat]
                move = rng.choice(state["obs"]["legal"])
                deliver(ref.receive(seat, move_message(seat, state["seq"], move), now=now))
                own += seat == HOSTILE
            legal.append(move)
        before = len(m.history)
        to_move = m.to_move
        out = ref.receive(HOSTILE, text, now=now)
        if len(m.history) != before:  # a mutation that was a legal move of its own seat
            assert len(m.history) == before + 1 and to_move == HOSTILE, (kind, text)
            legal.append(json.loads(text)["move"])
        deliver(out, text)
    twin = Match.new(seed=seed, **options)
    for move in legal:
        twin.play(move)
    assert twin.history == m.history and twin.hands == m.hands  # nothing but the legal moves
    tally = ref.counts()[HOSTILE]
    refused = sum(tally["refused"].values())
    assert tally["heard"] == 1 + own + len(sent) == tally["played"] + tally["greeted"] + refused
    assert tally["answered"] + tally["withheld"] == tally["greeted"] + refused + tally["played"]
    assert got == tally["sent"] >= tally["answered"]
    assert tally["answered"] - tally["played"] <= BURST + RATE * len(sent) / 1000 + 1  # the ration held
    kinds = {k: sum(1 for kk, _ in sent if kk == k) for k in KINDS}
    assert all(kinds.values()) and sum(kinds.values()) == len(sent)
    print(f"\n{kinds}\nrefused {tally['refused']}\n{tally}")
