"""The table's HTML (web/trexui/view/board.py) rendered natively for every position of
random matches under each preset, partnership and Complex: no exception, every
legal card of yours is a playable button, nothing of another seat's hand leaks;
each finished deal's summary explains every score from the engine's ledger; every
refusal code has words. Runs without a browser in well under a second per match."""
import json
import random
import re
import sys
from pathlib import Path

import pytest

from trex_core import DEAL_OVER, IllegalMoveError, Match, Rules, observe, write_record
from trex_core.errors import CODES

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from trexui.i18n import strings  # noqa: E402
from trexui.table import store  # noqa: E402
from trexui.view import board as view
from trexui.view import dialogs, faces, overlays, values  # noqa: E402

CASES = [("levant", {}), ("western", {}), ("pagat", {"partnership": True}),
         ("jawaker", {"complex": True}), ("levant", {"partnership": True, "complex": True})]


def ui_for(m, obs):
    ui = {"kings": list(m.kings), "levels": ["random"], "overlay": None, "values": values.of(m.rules)}
    if obs["tricks"] and obs["contract"] != "trex":
        leader, cards, winner = obs["tricks"][-1]
        plays = list(zip(m.rules.seat_order(leader), cards, strict=True))
        ui["last_trick"] = {"plays": plays, "winner": winner}
        ui["held"] = ui["last_trick"]
        ui["show_last"] = True
    return ui


@pytest.mark.parametrize("preset,options", CASES)
def test_every_position_renders(preset, options):
    rng = random.Random(preset + str(options))
    m = Match.new(seed=rng.randrange(10**6), rules=Rules.preset(preset, **options))
    while True:
        typed = observe(m, 0)
        obs = typed.to_dict()  # the test reads it as plain data; the view takes the Observation
        html = view.table(typed, ui_for(m, obs), dialogs.html)
        playable = set(re.findall(r'class="card [^"]*\bin-hand playable[^"]*"[^>]*data-move="(\w\w)"', html))
        if obs["phase"] == "play" and obs["to_move"] == 0:
            assert playable == {c for c in obs["legal"] if c != "pass"}
        else:
            assert not playable
        # every card face on screen is yours, played, or shown to all (§4.2, §5.1, §8.2)
        public = set(obs["hand"]) | view.played_cards(typed) | {c for c, _ in obs["doubled"]}
        public |= {c for two in obs["shown_twos"] for c in two}
        public |= {c for _, cards in obs["redeals"] for c in cards}
        faces = set(re.findall(r'data-card="(\w\w)"', html))
        assert faces <= public, faces - public
        if obs["forced_answer"]:  # nothing to decide: the page does not say it is your turn
            assert "Your turn" not in html and "waiting for the others to answer" in html
        if m.phase == DEAL_OVER or m.is_over:
            check_summary(m, obs, typed)
        if m.is_over:
            break
        m.play(rng.choice(m.legal_moves()))
    result = overlays.final_result(typed, list(m.kings), values.of(m.rules)["teams"])
    assert "winner" in result
    assert "&amp; West wins" not in result and "&amp; North wins" not in result  # a team wins -> "win"
    assert result.count("Score sheet") == 1


def check_summary(m, obs, typed):
    """Over a finished deal its summary shows, with the deal as it lies behind it (nobody
    to move); every ledger entry is on a seat's line: each doubled card on the taker's and
    the doubler's (or the leader's, §4.4 jawaker) line, and the lines add up."""
    r = m.results[-1]
    ui = dict(ui_for(m, obs), overlay="summary")
    html = view.table(typed, ui, dialogs.html)
    assert 'data-overlay="summary"' in html
    assert "badge thinking" not in html and "is-turn" not in html and 'data-prompt="choose"' not in html
    assert "in-hand playable" not in html and "Your turn" not in html
    per = len(obs["contracts"])
    assert (obs["kingdom"], obs["deal_number"], obs["contract"]) == (r.kingdom, r.number, r.contract.value)
    assert obs["deal_scores"] == list(r.scores)
    title = f"Kingdom {r.kingdom + 1}, deal {r.number % per + 1} of {per}"
    assert title in html
    assert f'<li data-k="deal">Deal {r.number % per + 1} of {per}</li>' in html
    assert " 1 tricks" not in html
    lines = {s: overlays.took_lines(typed, s) for s in range(4)}
    taker = {e["card"]: e["seat"] for e in obs["ledger"] if e["reason"] == "doubled"}
    for e in obs["ledger"]:
        mine = lines[e["seat"]]
        if e["reason"] == "place":
            assert ("First", "Second", "Third", "Last")[e["card"]] in mine  # the place went out in (§6.3)
        elif e["reason"] in ("card", "doubled") and e["card"] in dict(obs["doubled"]):
            sym = view.card_symbol(e["card"])
            assert any(line.startswith(sym) for line in mine), (e, mine)
        elif e["reason"] == "card":
            assert view.card_symbol(e["card"]) in mine[0], (e, mine)
        elif e["reason"] in ("double-paid", "leader-paid"):
            name = "" if taker[e["card"]] == e["seat"] else view.seat_name(taker[e["card"]])
            assert any(view.card_symbol(e["card"]) in line and name in line
                       and line.endswith(view.score_text(e["points"])) for line in mine), (e, mine)
    doubled = dict(obs["doubled"])
    for _, cards, winner in obs["tricks"]:
        for c in cards:
            if c in doubled and doubled[c] != winner and any(e["card"] == c for e in obs["ledger"]):
                sym = view.card_symbol(c)
                assert any(f"{sym} doubled \u00d72" in line for line in lines[winner]), lines[winner]
                assert any(f"doubled {sym} taken by {view.seat_name(winner)}" in line
                           for line in lines[doubled[c]]), lines[doubled[c]]


def test_save_round_trip_and_refusals():
    m = Match.new(seed=3)
    rng = random.Random(1)
    save = store.Save(3, m)
    while m.phase != DEAL_OVER:  # through a whole deal, saved after every move
        m.play(rng.choice(m.legal_moves()))
        text = save.text({})
    seed, again, ui = store.load(text)
    assert seed == 3 and ui == {} and again.phase == DEAL_OVER
    assert again.hands == m.hands and write_record(again) == write_record(m) and again.history == m.history
    m.play("next")
    assert store.load(save.text({}))[1].history == m.history
    for bad in ("", "[]", '{"format": "old"}', '{"format": "trex-web/1"}'):
        with pytest.raises(store.SaveError):
            store.load(bad)


def test_the_page_offers_the_bots_levels() -> None:
    from trex_core.bots import LEVELS
    from trexui.players import bots

    assert bots.levels() == list(LEVELS)


SAMPLE = {"seat": 0, "to_move": 1, "king": 2, "contract": "queens", "cards": ["QS", "TH"],
          "suit": "S", "low": 8, "high": 10, "n": 3, "made": 1}


def test_every_refusal_code_has_words() -> None:
    """The page says why a move was refused from the engine's code and params, never its
    English text: a catalogue entry per code, formatted with the page's symbols."""
    for code in CODES:
        assert strings.catalog("en").gettext(f"refusal.{code}") != f"refusal.{code}", code
        text = faces.refusal_text(code, SAMPLE)
        assert text and "{" not in text and "\u00a7" not in text, (code, text)
        assert "QS" not in text and "TH" not in text, (code, text)  # cards as symbols
    assert faces.refusal_text("follow-suit", {"suit": "H", "cards": ["QH", "2H"]}) == \
        "You must follow hearts (\u2665): you hold Q\u2665, 2\u2665."
    assert faces.refusal_text("answer-double", {"seat": 0}).startswith("Before that, you must")
    assert "10\u2660\u2013Q\u2660" in faces.refusal_text("row-ends", SAMPLE)


def test_real_refusals_have_words() -> None:
    """Refusals the engine raises in random play turn into the page's words."""
    rng = random.Random(5)
    m = Match.new(seed=5)
    seen = set()
    while not m.is_over and len(seen) < 4:
        for card in ("2S", "QH", "KH", "AD", "JC", "pass", "next", "queens"):
            try:
                m.play(card)
            except IllegalMoveError as exc:
                seen.add(exc.code)
                text = faces.refusal_text(exc.code, exc.params)
                assert "{" not in text and text != f"refusal.{exc.code}", text
            else:
                m.undo()
        m.play(rng.choice(m.legal_moves()))
    assert len(seen) >= 4, seen


def test_the_hand_in_halves_and_a_raised_card() -> None:
    """A hand of more than seven cards comes in two halves (two rows on a narrow phone);
    a raised card (tap-to-raise) is marked pressed only while it may be played."""
    m = Match.new(seed=3)
    while m.phase != "play" or m.to_move != 0:
        m.play(m.legal_moves()[0])
    typed = observe(m, 0)
    obs = typed.to_dict()
    legal = [c for c in obs["legal"] if c != "pass"]
    ui = dict(ui_for(m, obs), raised=legal[0])
    html = view.hand_view(typed, ui)
    rows = re.findall(r'<div class="hand-row" style="--row:(\d+)">', html)
    n = len(obs["hand"])
    assert [int(r) for r in rows] == ([(n + 1) // 2, n // 2] if n > 7 else [n])
    assert html.count('aria-pressed="true"') == 1
    assert re.search(rf'class="[^"]*raised[^"]*" data-card="{legal[0]}"', html)
    assert "again to play" in view.status_line(typed, ui)
    other = next(c for c in obs["hand"] if c not in obs["legal"]) if len(legal) < n else None
    if other:  # a card you may not play is never shown raised
        assert 'aria-pressed' not in view.hand_view(typed, dict(ui, raised=other))


def test_four_colour_setting_round_trip() -> None:
    s = store.load_settings(None)
    assert s["four_colour"] is False
    s["four_colour"] = True
    assert store.load_settings(store.dump_settings(s))["four_colour"] is True
    assert store.load_settings('{"four_colour": "yes"}')["four_colour"] is False
    form = dict(s, rules=s["rules"])
    html = overlays.settings_overlay(form, ["medium"], [[0, 2], [1, 3]])
    assert 'id="set-four_colour" data-change="play" checked' in html


def test_team_labels_come_from_the_engines_partners(monkeypatch) -> None:
    """Partnership (§8.1): the teams on the sheet and the result, and the partner badge,
    are the engine's partners (``Rules.partner``), not seats assumed by the page."""
    rules = Rules.preset("levant", partnership=True)
    m = Match.new(seed=4, rules=rules)
    typed = observe(m, 0)
    obs = typed.to_dict()
    assert values.of(rules)["teams"] == [[0, 2], [1, 3]]
    sheet = view.score_sheet(typed, list(m.kings), values.of(rules)["teams"])
    assert "You &amp; North" in sheet and "East &amp; West" in sheet
    # were the engine to seat partners side by side, the page would follow it
    monkeypatch.setattr(Rules, "partner", staticmethod(lambda seat: seat ^ 1))
    monkeypatch.setattr(values, "_CACHE", {})
    ui = ui_for(m, obs)
    assert ui["values"]["teams"] == [[0, 1], [2, 3]]
    html = view.table(typed, ui, dialogs.html)
    assert "You &amp; East" in html and "North &amp; West" in html and "You &amp; North" not in html
    assert re.search(r'data-seat="1"[^>]*>\s*<div class="seat-head">.*?badge partner', html)
    assert not re.search(r'data-seat="2"[^>]*>\s*<div class="seat-head">[^\n]*badge partner', html)
    form = {"preset": "levant", "rules": rules.to_dict(), "level": "medium", "speed": "normal"}
    assert "Partnership (you and East)" in overlays.settings_overlay(form, ["medium"], ui["values"]["teams"])
    strings.set_language("ar")
    try:
        result = overlays.final_result(typed, list(m.kings), ui["values"]["teams"])
        assert "أنت واليمين" in result
    finally:
        strings.set_language("en")


def test_a_damaged_save_says_why_in_the_language() -> None:
    """A save that cannot be restored says why by its code (store.WHY), in the page's
    language; a move the engine refuses says why by the refusal's code."""
    bad = {"format": "trex-web/2", "seed": 3, "rules": Rules.preset("levant").to_dict(), "ui": {},
           "moves": ["2C"]}  # a card before the king has named a contract
    reasons = []
    for text in ("{not json", "[]", '{"format": "trex-web/0"}', '{"format": "trex-web/2", "moves": []}',
                 json.dumps(dict(bad, moves=[1])), json.dumps(bad), json.dumps(dict(bad, moves=["zz"]))):
        with pytest.raises(store.SaveError) as info:
            store.load(text)
        reasons.append({"code": info.value.code, "params": info.value.params})
    codes = ["unreadable", "not-a-save", "format", "damaged", "moves", "move", "move"]
    assert [r["code"] for r in reasons] == codes
    assert reasons[5]["params"]["refusal"] == "name-contract"
    assert overlays.save_error_text(reasons[5]).startswith("move 1 (2\u2663) does not fit: First ")
    for lang in strings.LANGUAGES:
        strings.set_language(lang)
        try:
            for why in [*reasons, {"code": "bug", "params": {"detail": "KeyError: 'x'"}},
                        *({"code": c, "params": {"found": "'x'", "expected": "'y'", "number": 1, "move": "QS",
                                                 "detail": "d"}} for c in store.WHY)]:
                text = overlays.save_error_text(why)
                assert text and "{" not in text and not text.startswith("save.why."), (lang, why, text)
                assert "does not fit" not in text or lang == "en", (lang, text)
            if lang == "ar":
                said = overlays.save_error_text(reasons[5])
                assert "الملك" in said and not re.search("[A-Za-z]{2,}", said), said
        finally:
            strings.set_language("en")


def test_each_mark_is_shown_once_in_the_legend() -> None:
    """The legend said "⚑ ⚑ Taken card shown face up" (its mark, then the word's
    own). Each mark appears once, in every language."""
    m = Match.new(seed=3)
    m.play(next(mv for mv in m.legal_moves() if str(mv) == "king-of-hearts"))
    while not any(observe(m, 0).face_up):  # the king of hearts doubled, then taken (§3.6)
        moves = m.legal_moves()
        m.play(next((mv for mv in moves if str(mv).startswith("double")), moves[0]))
    typed = observe(m, 0)
    assert typed.doubled
    for lang in strings.LANGUAGES:
        strings.set_language(lang)
        try:
            legend = view.marks_legend(typed)
        finally:
            strings.set_language("en")
        text = re.sub(r"<[^>]+>", "", legend)
        assert text.count("\u2691") == 1 and text.count("\u00d72") == 1, (lang, text)


def test_a_screen_reader_hears_who_played_each_card_and_the_layout_by_suit() -> None:
    """The trick read "2 of spades, led, 3 of spades" (no names), and the Trex
    layout was one flat list of cards. Each card of the trick (and of the last trick) is named
    with its player, the leader said once; the layout is a labelled group per suit."""
    m = Match.new(seed=3)
    m.play(next(mv for mv in m.legal_moves() if str(mv) == "queens"))
    while not (m.phase == "play" and len(observe(m, 0).trick) == 2):
        m.play(m.legal_moves()[0])
    typed = observe(m, 0)
    obs = typed.to_dict()
    html = view.trick_view(typed, ui_for(m, obs))
    said = re.findall(r'role="img" aria-label="([^"]+)"', html)
    (s1, c1), (s2, c2) = typed.trick
    assert said == [f"{view.seat_name(s1)} led: {view.card_name(faces.card_text(c1))}",
                    f"{view.seat_name(s2)}: {view.card_name(faces.card_text(c2))}"]
    assert '<span class="led" aria-hidden="true">' in html
    # the Trex layout: four groups, one per suit, named by the suit
    m = Match.new(seed=3)
    m.play(next(mv for mv in m.legal_moves() if str(mv) == "trex"))
    while len(observe(m, 0).layout_plays) < 6:
        m.play(m.legal_moves()[0])
    html = view.layout_view(observe(m, 0))
    rows = re.findall(r'<div class="row (open|closed)[^"]*" data-suit="(\w)" role="group" '
                      r'aria-label="([^"]+)">', html)
    assert [s for _, s, _ in rows] == ["S", "H", "D", "C"]
    for state, suit, label in rows:
        assert label.startswith(f"The {strings.t('suit.' + suit)} row"), label
        assert ("no jack" in label) == (state == "closed")


# a signed number followed by Arabic words in the same text: drawn "−25 عن كل", its minus
# sits between the digits and the words and an Arabic reader takes it for "25−"
NUMBER_THEN_WORDS = re.compile("[+\u2212]\\d+(?:/\\d+)*\u2069?[ \u00a0]*[\u0621-\u064a]")


def test_arabic_names_the_king_one_way_and_ends_a_phrase_with_its_number() -> None:
    """The king card was شايب in the announcements and الشيخ in the Rules, and the
    contract buttons read "25−" (the number first, the words after it) where the summary read
    "−75". The card is شايب everywhere (الشيخ only in the contract's own name, شيخ الكبة),
    and a score never comes before the words of its phrase: on the contract buttons, the
    doubling prompts, the seats and the rules screen."""
    from trexui.view import rulesview
    rules = Rules.preset("levant")
    strings.set_language("ar")
    try:
        contract = (strings.t("contract.king-of-hearts"), strings.t("contract.short.king-of-hearts"))
        m = Match.new(seed=3)
        typed = observe(m, 0)
        ui = ui_for(m, typed.to_dict())
        texts = [rulesview.rules_html(rules), view.prompt_view(typed, ui), view.card_name("KH")]
        texts += [strings.t(k, loss=faces.score_text(-150), gain=faces.score_text(75))
                  for k in ("prompt.double_kh.text", "prompt.double_q.text")]
        texts.append(strings.t("deal_score", score=faces.score_text(-15)))
        said = "\n".join(texts)
        assert "شايب" in view.card_name("KH")
        for name in contract:
            said = said.replace(name, "")
        assert "شيخ" not in said, [line for line in said.split("\n") if "شيخ" in line]
        assert not NUMBER_THEN_WORDS.findall(said), NUMBER_THEN_WORDS.findall(said)
        assert "\u2212" in said
    finally:
        strings.set_language("en")


def test_the_table_shows_totals_the_kings_contracts_left_and_doubles() -> None:
    """What a Trix player missed: each seat's match total on its panel (not only
    "this deal"); the king's contracts still to come in the top bar, while he chooses (a
    bot king too) and during the deal; a doubled card still held as a red badge by the
    holder's name, named for a screen reader."""
    m = Match.new(seed=next(s for s in range(1, 99) if Match.new(seed=s).king != 0))
    for _ in range(2):  # two deals of the first kingdom (a bot's), every seat playing its first legal move
        while m.phase != DEAL_OVER:
            m.play(m.legal_moves()[0])
        m.play("next")
    typed = observe(m, 0)
    ui = ui_for(m, typed.to_dict())
    assert any(typed.totals) and typed.phase == "choose"
    for seat in range(4):
        panel = view.seat_panel(typed, seat, ui)
        assert f'<span class="total">Total: {faces.score_text(typed.totals[seat])}</span>' in panel
    left = [c for c in m.rules.contracts if c not in m.used_contracts]
    assert len(left) == len(m.rules.contracts) - 2
    names = ", ".join(strings.t(f"contract.short.{c.value}") for c in left)
    assert f'<li data-k="left">Still to play: {names}</li>' in view.topbar(typed, ui)
    if m.to_move != 0:  # a bot king chooses: the centre says from what
        assert f'<p class="note" data-k="left">Still to play: {names}</p>' in view.centre(typed, ui)
    m.play(left[-1].value)  # the king names the last of them: no longer to come
    bar = view.topbar(observe(m, 0), ui)
    names = ", ".join(strings.t(f"contract.short.{c.value}") for c in left[:-1])
    assert f'<li data-k="left">Still to play: {names}</li>' in bar, bar
    # a doubled K♥, still held: a badge by its holder's name
    m = Match.new(seed=3)
    m.play("king-of-hearts")
    while not observe(m, 0).doubled:
        moves = m.legal_moves()
        m.play(next((mv for mv in moves if str(mv).startswith("double")), moves[0]))
    typed = observe(m, 0)
    (card, holder), = typed.doubled
    panel = view.seat_panel(typed, holder, ui_for(m, typed.to_dict()))
    assert re.search(r'<div class="seat-head">.*<span class="badge doubled" role="img" '
                     r'aria-label="Doubled: king of hearts">', panel), panel
    assert "K\u2665" in panel.split('class="badge doubled"')[1].split("</span></span>")[0]
