"""The same seed and the same moves give the same game in CPython and in the browser.

A deal is played through clicks in Pyodide with medium bots; the page's game record is then
replayed natively: the deal from the same seed has the same hands, every move is legal, and
every bot move is the one the same bot with the same seeded generator chooses in CPython.
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
    assert st["seed"] == SEED and st["history"], st
    page = json.loads(t.page.evaluate("window.trexTest.record()"))

    native = Match.new(seed=SEED)  # the page's default rules: levant
    bot = get_bot("medium")
    for i, text in enumerate(page["moves"]):
        seat = native.to_move
        assert seat is not None
        if seat != 0:  # a bot's move: CPython's bot, same observation and seed, same move
            obs = observe(native, seat)
            assert str(bot.choose(obs, random.Random(f"{SEED}:{i}"))) == text, (i, text)
        native.play(text)
    assert write_record(native) == page["record"]
    assert read_record(page["record"]).totals == native.totals
