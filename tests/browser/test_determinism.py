"""The same seed and the same moves give the same game in CPython and in the browser.

Two deals are played through clicks in Pyodide with medium bots (the player closes the first
deal's summary: the move ``next``); the page's history is then replayed natively: the deals
from the same seed have the same hands, every move is legal, and every bot move is the one the
same bot chooses in CPython with its generator seeded the page's way, by the seed and the
length of the match's history before the move.
"""

from __future__ import annotations

import json
import random

from trex_core import Match, observe, read_record, write_record
from trex_core.bots import get_bot

SEED = 4242


def test_a_seeded_deal_in_the_browser_replays_identically_in_cpython(new_table) -> None:
    t = new_table()
    t.goto(f"?seed={SEED}&level=medium&speed=instant")
    st = t.play_deal()
    assert st["seed"] == SEED and st["history"] and st["phase"] == "deal-over", st
    t.act("[data-action=next-deal]")
    st = t.play_deal()
    assert len(st["history"]) == 2, st
    page = json.loads(t.page.evaluate("window.trexTest.record()"))
    assert page["moves"].count("next") == 1

    native = Match.new(seed=SEED)  # the page's default rules: levant
    bot = get_bot("medium")
    for i, text in enumerate(page["moves"]):
        seat = native.to_move
        assert seat is not None
        # a bot's move (not "next": the player's click): CPython's bot, same observation,
        # its generator seeded with the history's length before the move, same move
        if seat != 0 and text != "next":
            obs = observe(native, seat)
            assert str(bot.choose(obs, random.Random(f"{SEED}:{i}"))) == text, (i, text)
        native.play(text)
    assert write_record(native) == page["record"]
    assert read_record(page["record"]).totals == native.totals


def test_a_bot_of_its_own_level_plays_its_seat_as_that_bot_does_in_cpython(new_table) -> None:
    """Settings' seats: East a random bot, North the table's level
    (medium), West an easy bot; each bot move of a deal is the one that seat's bot chooses
    in CPython, seeded the page's way."""
    t = new_table()
    t.goto("?level=medium&speed=instant")
    t.wait_idle()
    t.act("[data-action=settings]")
    for seat, kind in {1: "bot:random", 2: "bot", 3: "bot:easy"}.items():
        t.page.select_option(f".settings [name=seat{seat}]", kind)
    assert t.page.locator(".settings [name=seat3] option:checked").inner_text() == "A bot: Easy"
    t.act("[data-action=apply-rules]")  # (no question: the player has not played yet)
    st = t.play_deal()
    assert st["seats"] == ["you", "bot:random", "bot", "bot:easy"] and st["history"], st
    page = json.loads(t.page.evaluate("window.trexTest.record()"))
    native = Match.new(seed=st["seed"], rules=read_record(page["record"]).rules)
    bots = {1: get_bot("random"), 2: get_bot("medium"), 3: get_bot("easy")}
    chose = {1: 0, 2: 0, 3: 0}
    for i, text in enumerate(page["moves"]):
        seat = native.to_move
        assert seat is not None
        if seat != 0 and text != "next":
            obs = observe(native, seat)
            if len(obs.legal) > 1:
                chose[seat] += 1
            assert str(bots[seat].choose(obs, random.Random(f"{st['seed']}:{i}"))) == text, (i, seat, text)
        native.play(text)
    assert write_record(native) == page["record"]
    assert all(chose.values()), chose  # each bot had choices to make
    # a reload keeps each bot's level (the save holds the seats)
    t.page.reload()
    t.wait_ready()
    assert t.state()["seats"] == ["you", "bot:random", "bot", "bot:easy"]
