"""The rules screen and the first-visit tour, as HTML: pure functions, tested in CPython.

The rules screen is written from the very :class:`~trex_core.Rules` value the engine plays
by (a preset and its options, §10): which way play goes (§1.3), the first king and the
order of the kingdoms (§2.3, §2.4), the contracts with their values (§3.5, §9.2), doubling
and what it pays (§4.3, §4.4), the redeal (§5), the Trex layout (§6), the teams (§8) and
the end (§2.5, §7). Every number comes from the engine's scoring (``trex_core.scoring``),
and the §11 worked scores are scored by it here, so the screen cannot disagree with the
game. Every word comes from the catalogues (``rules.*`` and ``tour.*`` keys); the HTML
holds nothing from a URL, a save or a record.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from trex_core import Contract, Rules, parse_card, scoring
from trex_core.rules import CLOCKWISE, JAWAKER, RIGHT_THEN_ACROSS, SEVEN_OF_HEARTS

from ..i18n.strings import iso, signed, t

TOUR_STEPS = 4
"""The steps of the first-visit tour: the king's choice, playing a card, the score sheet,
Settings and the rules (``tour.N.title`` / ``tour.N.text``)."""

KH, QUEENS, DIAMONDS, COLLECTIONS, TREX, COMPLEX = (
    Contract.KING_OF_HEARTS, Contract.QUEENS, Contract.DIAMONDS, Contract.COLLECTIONS, Contract.TREX,
    Contract.COMPLEX)


def _name(c: Contract) -> str:
    return t(f"contract.{c.value}")


def _who(seat: int) -> str:
    """A seat in a worked example: its compass name (South, East, North, West), as §11
    numbers seats 0..3."""
    return t(f"compass.{seat}")


def _join(items: Iterable[str]) -> str:
    return t("list.comma").join(items)


def _option(name: str, rules: Rules) -> str:
    """An option as Settings names it, with its value here: "Doubling: off"."""
    label = (t("opt.partnership", partner=t(f"seat.{rules.partner(0)}")) if name == "partnership"
             else t(f"opt.{name}"))
    value = getattr(rules, name)
    if isinstance(value, bool):
        return t("rules.option.on" if value else "rules.option.off", option=label)
    return t("rules.option.value", option=label, value=t(f"opt.{name}.{value}"))


def _p(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def _section(key: str, heading: str, paras: Iterable[str]) -> str:
    body = "".join(_p(x) for x in paras)
    return f'<section class="rules-part" data-rules="{key}"><h3>{escape(heading)}</h3>{body}</section>'


def _ledger(contract: Contract, rules: Rules, tricks: Sequence[tuple[int, Sequence[str], int]],
            doubled: dict[str, int]) -> list[int]:
    """The engine's scores of a few tricks ``(leader, cards, taker)``, cards as text."""
    parsed = [(leader, [parse_card(c) for c in cards], taker) for leader, cards, taker in tricks]
    return scoring.trick_deal_scores(contract, rules, parsed, {parse_card(c): s for c, s in doubled.items()})


def _double(contract: Contract, rules: Rules, card: str, taker: int) -> tuple[int, int, int]:
    """What ``card``, doubled by seat 1 and taken by ``taker`` in a trick seat 0 led, scores
    (§4.3, §4.4): (the taker's, the doubler's, the leader's points for that card alone; a
    trick's own cost in Complex is left out)."""
    c = parse_card(card)
    ledger = scoring.trick_ledger(contract, rules, [(0, [c, *(parse_card(x) for x in ("2C", "3C", "4C"))], taker)],
                                  {c: 1})
    s = [sum(e.points for e in ledger if e.seat == seat and e.card == c) for seat in range(4)]
    return s[taker], s[1], s[0]


def examples(rules: Rules) -> list[tuple[str, list[int]]]:
    """The §11 worked scores that apply under ``rules``: (catalogue key of the example,
    the four seats' scores as the engine's scoring gives them)."""
    out: list[tuple[str, list[int]]] = []
    if not rules.complex:
        out.append(("rules.ex.1", _ledger(KH, rules, [(0, ["KH", "2C", "3C", "4C"], 2)], {})))
        if rules.doubling:
            out.append(("rules.ex.2", _ledger(KH, rules, [(0, ["KH", "2C", "3C", "4C"], 3)], {"KH": 1})))
            out.append(("rules.ex.3", _ledger(KH, rules, [(0, ["2H", "KH", "3C", "4C"], 1)], {"KH": 1})))
            out.append(("rules.ex.4", _ledger(QUEENS, rules, [(0, ["QS", "QH", "2C", "3C"], 2),
                                                              (0, ["QD", "QC", "4C", "5C"], 3)], {"QS": 0})))
    out.append(("rules.ex.5", scoring.trex_deal_scores([2, 0, 3, 1])))
    if rules.complex:
        out.append(("rules.ex.6", _ledger(COMPLEX, rules, [(0, ["KH", "QD", "2D", "3D"], 1)], {})))
    return out


# §11's seats in each worked example: the seats its text names ({a}, {b}, ...) and the
# seats whose scores it lists, in that order (the ones that scored).
_EXAMPLE_SEATS: dict[str, tuple[dict[str, int], tuple[int, ...]]] = {
    "rules.ex.1": ({"b": 2}, (2,)),
    "rules.ex.2": ({"a": 1, "b": 3}, (1, 3)),
    "rules.ex.3": ({"a": 1, "b": 0}, (1, 0)),
    "rules.ex.4": ({"a": 0, "b": 2, "c": 3}, (2, 0, 3)),
    "rules.ex.5": ({"a": 2, "b": 0, "c": 3, "d": 1}, (2, 0, 3, 1)),
    "rules.ex.6": ({"a": 1}, (1,)),
}


def _example(key: str, scores: list[int]) -> str:
    named, order = _EXAMPLE_SEATS[key]
    text = t(key, kh=_name(KH), queens=_name(QUEENS), trex=_name(TREX), complex=_name(COMPLEX),
             **{k: _who(seat) for k, seat in named.items()})
    result = _join(t("rules.ex.score", name=_who(s), v=signed(scores[s])) for s in order if scores[s])
    if key == "rules.ex.4":  # §11.4 names the contract's total
        result = t("rules.ex.total", scores=result, v=signed(sum(scores)))
    return (f'<li data-example="{key.rsplit(".", 1)[1]}"><span>{escape(text)}</span> '
            f'<strong class="rules-result">{escape(result)}</strong></li>')


def rules_html(rules: Rules) -> str:
    """The rules of a table under ``rules``, in the current language: sections of short
    paragraphs, every value the engine's."""
    preset, changed = rules.nearest_preset()
    intro = t("rules.preset", preset=t(f"preset.{preset}"))
    if changed:
        intro += " " + t("rules.changed", options=_join(_option(name, rules) for name in changed))
    parts = [f'<p class="rules-intro" data-preset="{escape(preset)}">{escape(intro)}</p>']

    clockwise = rules.direction == CLOCKWISE
    way = "clockwise" if clockwise else "counterclockwise"
    parts.append(_section("table", t("rules.h.table"), [t("rules.table"), t(f"rules.direction.{way}")]))

    per = rules.deals_per_kingdom
    king = [t("rules.kingdoms", n=per, total=4 * per),
            t("rules.choice", contracts=_join(_name(c) for c in rules.contracts)),
            t("rules.first_king.seven" if rules.first_king == SEVEN_OF_HEARTS else "rules.first_king.random"),
            t("rules.order.across" if rules.kingdom_order == RIGHT_THEN_ACROSS else "rules.order.next")]
    parts.append(_section("kingdoms", t("rules.h.kingdoms"), king))

    values = {c: -v for c, v in (
        (KH, scoring.card_values(KH, rules)[parse_card("KH")]),
        (QUEENS, scoring.card_values(QUEENS, rules)[parse_card("QS")]),
        (DIAMONDS, scoring.card_values(DIAMONDS, rules)[parse_card("2D")]),
        (COLLECTIONS, scoring.trick_value(COLLECTIONS, rules)))}
    tricks = [t("rules.tricks")]
    if rules.complex:
        cv = scoring.card_values(COMPLEX, rules)
        tricks.append(t("rules.contract.complex", name=_name(COMPLEX),
                        trick=signed(-scoring.trick_value(COMPLEX, rules)), diamond=signed(-cv[parse_card("2D")]),
                        queen=signed(-cv[parse_card("QS")]), kh=signed(-cv[parse_card("KH")])))
    else:
        # card: the K♥ as the table shows it, isolated left-to-right (K then ♥ on an Arabic page too)
        tricks += [t(f"rules.contract.{c.value}", name=_name(c), v=signed(v), card=iso("K\u2665"))
                   for c, v in values.items()]
        if rules.no_heart_lead:
            tricks.append(t("rules.no_heart_lead", kh=_name(KH)))
    if rules.forced_discard:
        tricks.append(t("rules.forced_discard"))
    tricks.append(t("rules.early_end.on" if rules.early_end else "rules.early_end.off"))
    parts.append(_section("tricks", t("rules.h.tricks"), tricks))

    if rules.doubling:
        dbl = COMPLEX if rules.complex else KH
        dbq = COMPLEX if rules.complex else QUEENS
        kh_other = _double(dbl, rules, "KH", 2)
        q_other = _double(dbq, rules, "QS", 2)
        kh_self = _double(dbl, rules, "KH", 1)
        q_self = _double(dbq, rules, "QS", 1)
        how = (t("rules.double.how.complex", complex=_name(COMPLEX)) if rules.complex
               else t("rules.double.how", kh=_name(KH), queens=_name(QUEENS)))
        dbl_text = [how, t("rules.double.answer"),
                    t("rules.double.other", kh_taker=signed(kh_other[0]), kh_gain=signed(kh_other[1]),
                      q_taker=signed(q_other[0]), q_gain=signed(q_other[1]))]
        if rules.self_capture == JAWAKER:
            dbl_text.append(t("rules.double.self.jawaker", kh=signed(kh_self[1]), q=signed(q_self[1]),
                              kh_gain=signed(kh_self[2]), q_gain=signed(q_self[2])))
        else:
            dbl_text.append(t("rules.double.self.plain", kh=signed(kh_self[1]), q=signed(q_self[1])))
    else:
        dbl_text = [t("rules.double.off")]
    parts.append(_section("doubling", t("rules.h.doubling"), dbl_text))

    if rules.redeal and not rules.complex and not rules.partnership:
        redeal = [t("rules.redeal", kh=_name(KH)),
                  t("rules.redeal.any" if rules.redeal_any_contract else "rules.redeal.other", kh=_name(KH)),
                  t("rules.redeal.last", kh=_name(KH))]
    elif rules.redeal and rules.partnership and not rules.complex:
        redeal = [t("rules.redeal.partnership")]
    else:
        redeal = [t("rules.redeal.off")]
    parts.append(_section("redeal", t("rules.h.redeal"), redeal))

    trex = [t("rules.trex.rows"),
            t("rules.trex.turns", direction=t(f"rules.way.{way}")),
            t("rules.trex.places", places=_join(signed(p) for p in scoring.TREX_PLACES))]
    if rules.partnership:
        trex.append(t("rules.trex.twos"))
    parts.append(_section("trex", t("rules.h.trex", trex=_name(TREX)), trex))

    if rules.partnership:
        teams = [t("rules.teams.on", partner=t(f"seat.{rules.partner(0)}"),
                   a=t("seat.1"), b=t("seat.3"))]
    else:
        teams = [t("rules.teams.off")]
    parts.append(_section("teams", t("rules.h.teams"), teams))

    totals = _join(t("rules.total.item", name=_name(c), v=signed(scoring.deal_total(c, rules)))
                   for c in rules.contracts)
    end = [t("rules.end.teams" if rules.partnership else "rules.end", total=4 * per),
           t("rules.totals", totals=totals)]
    parts.append(_section("end", t("rules.h.end"), end))

    items = "".join(_example(key, scores) for key, scores in examples(rules))
    parts.append(f'<section class="rules-part" data-rules="examples"><h3>{escape(t("rules.h.examples"))}</h3>'
                 f'<ol class="rules-examples">{items}</ol></section>')
    return f'<div class="rules-text">{"".join(parts)}</div>'


def rules_dialog(rules: Rules, *, pending: bool = False) -> tuple[str, str, str]:
    """(title, body, buttons) of the rules screen. ``pending``: the rules are the ones chosen
    in Settings, not yet those of the match on the table (Close goes back to Settings)."""
    note = f'<p class="rules-note">{escape(t("rules.pending"))}</p>' if pending else ""
    # the text scrolls in its own box, which the keyboard can focus (and scroll)
    body = (f'<div class="rules-scroll" tabindex="0" role="region" aria-label="{escape(t("rules.title"))}">'
            f"{note}{rules_html(rules)}</div>")
    buttons = (f'<button type="button" class="primary" data-action="close-rules" data-autofocus>'
               f'{escape(t("btn.close"))}</button>')
    return t("rules.title"), body, buttons


def tour_dialog(step: int) -> tuple[str, str, str]:
    """(title, body, buttons) of the tour's ``step`` (0-based)."""
    step = max(0, min(step, TOUR_STEPS - 1))
    dots = t("tour.step", n=step + 1, of=TOUR_STEPS)
    body = (f'<p class="tour-step" data-tour-step="{step + 1}">{escape(dots)}</p>'
            f'<p class="tour-text">{escape(t(f"tour.{step + 1}.text"))}</p>')
    last = step == TOUR_STEPS - 1
    buttons = (f'<button type="button" class="primary" data-action="{"tour-done" if last else "tour-next"}"'
               f' data-autofocus>{escape(t("tour.done" if last else "tour.next"))}</button>')
    if step:
        buttons += f'<button type="button" data-action="tour-back">{escape(t("tour.back"))}</button>'
    if last:
        buttons += f'<button type="button" data-action="tour-rules">{escape(t("tour.rules"))}</button>'
    else:
        buttons += f'<button type="button" data-action="tour-done">{escape(t("tour.skip"))}</button>'
    return t(f"tour.{step + 1}.title"), body, buttons


def dialog(kind: str, ui: dict[str, Any]) -> tuple[str, str, str]:
    """The ``rules`` or ``tour`` dialog from the page's state: ``ui["rules_of"]`` (the rules
    to explain, as ``Rules.to_dict``), ``ui["rules_pending"]``, ``ui["tour_step"]``."""
    if kind == "tour":
        return tour_dialog(int(ui.get("tour_step") or 0))
    return rules_dialog(Rules.from_dict(ui.get("rules_of") or {}), pending=bool(ui.get("rules_pending")))


def help_top() -> str:
    """The top of the help dialog: the rules screen and the tour, then the shortcuts' heading."""
    return (f'<p class="help-links"><button type="button" data-action="rules">{escape(t("btn.rules"))}</button>'
            f'<button type="button" data-action="tour">{escape(t("help.tour"))}</button>'
            f'<button type="button" data-action="about">{escape(t("about.open"))}</button></p>'
            f'<h3 class="help-keys">{escape(t("keys.title"))}</h3>')


def settings_link() -> str:
    """The Settings dialog's way to the rules screen, for the rules chosen there."""
    return (f'<p class="share-row"><button type="button" data-action="rules-form">'
            f'{escape(t("btn.rules"))}</button></p>')
