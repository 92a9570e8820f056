"""The rules screen (web/trexui/view/rulesview.py), without a browser: for each preset (§10) and
some option combinations it states the values the engine plays by, its §11 worked scores
are the engine's own, and every catalogue key it uses exists in all three languages."""
from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path

import pytest

from trex_core import PRESETS, Contract, Rules, parse_card, scoring

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
from trexui.i18n import strings  # noqa: E402
from trexui.view import rulesview  # noqa: E402

LANGS = strings.LANGUAGES
KH = Contract.KING_OF_HEARTS


def text(rules: Rules, lang: str = "en") -> str:
    strings.set_language(lang)
    try:
        html = rulesview.rules_html(rules)
    finally:
        strings.set_language("en")
    return unescape(re.sub(r"<[^>]+>", " ", html)).replace("\u2068", "").replace("\u2069", "")


def section(rules: Rules, name: str, lang: str = "en") -> str:
    strings.set_language(lang)
    try:
        html = rulesview.rules_html(rules)
    finally:
        strings.set_language("en")
    m = re.search(rf'<section class="rules-part" data-rules="{name}">(.*?)</section>', html)
    assert m, name
    return unescape(re.sub(r"<[^>]+>", " ", m.group(1))).replace("\u2068", "").replace("\u2069", "")


def catalogue(lang: str) -> dict[str, str]:
    path = ROOT / "web" / "locale" / lang / "LC_MESSAGES" / "trex.po"
    entries = strings.parse(path.read_text(encoding="utf-8"), str(path))
    return {e.msgid: e.msgstr[0] for e in entries if e.msgid}


CATS = {lang: catalogue(lang) for lang in LANGS}
COMBOS = [Rules.preset(p) for p in PRESETS] + [
    Rules.preset("levant", partnership=True), Rules.preset("pagat", complex=True),
    Rules.preset("western", doubling=False, redeal=False, early_end=False),
    Rules.preset("jawaker", swap_values=True, forced_discard=True, kingdom_order="right-then-across"),
    Rules.preset("levant", redeal_any_contract=True), Rules.preset("western", partnership=True, complex=True),
]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_s10_each_preset_is_named_and_states_its_direction_s1_3(preset: str) -> None:
    rules = Rules.preset(preset)
    body = text(rules)
    assert strings.catalog("en").gettext(f"preset.{preset}") in body
    clockwise = CATS["en"]["rules.direction.clockwise"]
    counter = CATS["en"]["rules.direction.counterclockwise"]
    if rules.direction == "clockwise":  # western only (§10)
        assert preset == "western" and clockwise in body and counter not in body
    else:
        assert counter in body and clockwise not in body
    # the Trex section says it too
    way = "clockwise" if rules.direction == "clockwise" else "counterclockwise"
    assert CATS["en"][f"rules.way.{way}"] in section(rules, "trex")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_s4_4_the_doubler_rule_of_each_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    dbl = section(rules, "doubling")
    # what the engine charges a doubler who takes his own K♥ in a trick seat 0 led
    kh = parse_card("KH")
    s = scoring.trick_deal_scores(KH, rules, [(0, [kh, 0, 1, 2], 1)], {kh: 1})
    if rules.self_capture == "jawaker":  # jawaker and pagat
        assert preset in ("jawaker", "pagat")
        assert s[1] == -150 and s[0] == 75
        assert "−150 (−50 for a queen)" in dbl and "gains +75 (+25)" in dbl
    else:
        assert s[1] == -75 and s[0] == 0
        assert "only the usual −75 (−25 for a queen)" in dbl


def test_s3_2_the_no_heart_lead_of_pagat_and_s2_3_the_first_king_of_western() -> None:
    lead = "nobody may lead a heart"
    assert lead in text(Rules.preset("pagat")) and lead not in text(Rules.preset("jawaker"))
    assert "first dealer, chosen at random" in text(Rules.preset("western"))
    assert "dealt the 7♥" in text(Rules.preset("levant"))


@pytest.mark.parametrize("rules", COMBOS, ids=lambda r: str(sorted(r.changes())))
def test_s3_5_s7_the_values_are_the_engines(rules: Rules) -> None:
    body = text(rules)
    per = rules.deals_per_kingdom
    assert f"{per} deals: {4 * per} deals in all" in body
    for c in rules.contracts:  # §7: each deal's total, under these rules
        assert f"{c.title} {strings.signed(scoring.deal_total(c, rules))}" in body
    if not rules.complex:
        tricks = section(rules, "tricks")
        diamond = scoring.card_values(Contract.DIAMONDS, rules)[parse_card("2D")]
        assert f"Diamonds: −{diamond} for each" in tricks
        assert f"Collections: −{scoring.trick_value(Contract.COLLECTIONS, rules)} for each trick" in tricks
    else:
        assert "Complex: all 13 tricks" in body
    assert ("There is no doubling" in body) == (not rules.doubling)
    no_redeal = not rules.redeal or rules.complex or rules.partnership
    assert ("may ask for a redeal" in body) == (not no_redeal)
    if not no_redeal:
        assert ("any contract he has not played" in body) == rules.redeal_any_contract
    assert ("play with North" in body) == rules.partnership
    assert ("shows his 2s" in body) == rules.partnership  # §8.2
    assert ("passes to the next player, then to the player across" in body) == (
        rules.kingdom_order == "right-then-across")
    assert ("played out to the thirteenth trick" in body) == (not rules.early_end)


def engine_examples(rules: Rules) -> dict[str, list[int]]:
    """§11 scored here, independently of rulesview, with the engine's scoring."""
    c = parse_card
    kh = c("KH")
    out: dict[str, list[int]] = {}
    if not rules.complex:
        out["1"] = scoring.trick_deal_scores(KH, rules, [(0, [kh, 0, 1, 2], 2)], {})
        if rules.doubling:
            out["2"] = scoring.trick_deal_scores(KH, rules, [(0, [kh, 0, 1, 2], 3)], {kh: 1})
            out["3"] = scoring.trick_deal_scores(KH, rules, [(0, [0, kh, 1, 2], 1)], {kh: 1})
            out["4"] = scoring.trick_deal_scores(
                Contract.QUEENS, rules, [(0, [c("QS"), c("QH"), 0, 1], 2), (0, [c("QD"), c("QC"), 2, 3], 3)],
                {c("QS"): 0})
    out["5"] = scoring.trex_deal_scores([2, 0, 3, 1])
    if rules.complex:
        out["6"] = scoring.trick_deal_scores(Contract.COMPLEX, rules,
                                             [(0, [kh, c("QD"), c("2D"), c("3D")], 1)], {})
    return out


@pytest.mark.parametrize("rules", COMBOS, ids=lambda r: str(sorted(r.changes())))
def test_s11_worked_scores_equal_the_engines(rules: Rules) -> None:
    want = engine_examples(rules)
    got = {key.rsplit(".", 1)[1]: scores for key, scores in rulesview.examples(rules)}
    assert got == want
    body = section(rules, "examples")
    for n, scores in want.items():
        for seat, v in enumerate(scores):
            if v:
                name = strings.catalog("en").gettext(f"compass.{seat}")
                assert f"{name} {strings.signed(v)}" in body, (n, seat)


def test_s11_the_worked_numbers_of_rules_md() -> None:
    """The numbers RULES.md §11 prints, as the screen shows them under levant and jawaker."""
    levant = {k: v for k, v in rulesview.examples(Rules.preset("levant"))}
    assert levant["rules.ex.1"] == [0, 0, -75, 0]
    assert levant["rules.ex.2"] == [0, 75, 0, -150]
    assert levant["rules.ex.3"] == [0, -75, 0, 0]
    assert levant["rules.ex.4"] == [25, 0, -75, -50] and sum(levant["rules.ex.4"]) == -100
    assert levant["rules.ex.5"] == [150, 50, 200, 100]
    jawaker = dict(rulesview.examples(Rules.preset("jawaker")))
    assert jawaker["rules.ex.3"] == [75, -150, 0, 0]
    complex_ = dict(rulesview.examples(Rules.preset("levant", complex=True)))
    assert complex_["rules.ex.6"] == [0, -145, 0, 0]
    assert "total −100" in section(Rules.preset("levant"), "examples")


def used_keys() -> set[str]:
    """Every catalogue key rulesview.py can use: its literal keys and those it builds."""
    src = (ROOT / "web" / "trexui" / "view" / "rulesview.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"((?:rules|tour|opt|preset|contract|compass|seat|list)\.[\w.-]+)"', src))
    keys = {k for k in keys if not k.endswith(".")}
    keys |= {f"rules.contract.{c.value}" for c in Contract if c.is_trick_contract}
    keys |= {f"rules.direction.{w}" for w in ("clockwise", "counterclockwise")}
    keys |= {f"rules.way.{w}" for w in ("clockwise", "counterclockwise")}
    keys |= {f"tour.{n}.{part}" for n in range(1, rulesview.TOUR_STEPS + 1) for part in ("title", "text")}
    keys |= {f"compass.{s}" for s in range(4)} | {f"seat.{s}" for s in range(4)}
    keys |= {f"preset.{p}" for p in PRESETS} | {"rules.ex.1", "rules.ex.2", "rules.ex.3", "rules.ex.4",
                                                "rules.ex.5", "rules.ex.6"}
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_the_rules_screen_uses_is_in_every_catalogue(lang: str) -> None:
    keys = used_keys()
    assert len(keys) > 60
    assert not keys - set(CATS[lang]), sorted(keys - set(CATS[lang]))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rules", COMBOS, ids=lambda r: str(sorted(r.changes())))
def test_the_screen_renders_in_every_language_without_a_missing_text(lang: str, rules: Rules) -> None:
    body = text(rules, lang)
    assert "rules." not in body and "{" not in body  # no key left as text, no unfilled placeholder
    if lang == "ar":
        assert "عكس عقارب الساعة" in body or "مع عقارب الساعة" in body
        assert not re.search(r"[A-Za-z]{2,}", body), re.findall(r"[A-Za-z]{2,}", body)
    for n in range(rulesview.TOUR_STEPS):
        strings.set_language(lang)
        try:
            title, tour_body, buttons = rulesview.tour_dialog(n)
        finally:
            strings.set_language("en")
        assert title and "tour." not in tour_body + buttons


def test_s10_options_changed_from_the_preset_are_named_with_their_values() -> None:
    body = text(Rules.preset("western", doubling=False, kingdom_order="right-then-across"))
    assert "rules of the Western (Dutch text) preset" in body
    assert "Doubling: off" in body and "Order of kingdoms: Right, then across" in body
    assert "Changed here" not in text(Rules.preset("pagat"))
