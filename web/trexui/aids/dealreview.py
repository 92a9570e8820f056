"""The deal review, as pure Python: your decisions in the deal, thought
about again by the aids' hard bot (aids.py ``think``: the same level, samples and seeded
generator as the hint), and those it would have made otherwise.

The decisions reviewed (``reviewed``): the contract you named as king (§2.2), your answer to
the doubling question (§4.1, §4.2; a redeal claim, §5.1, is an answer too) and every card
you played with a choice of cards. A forced answer, a forced card and the forced last
contract are no decisions.

What a different decision costs comes from the bot's own samples (``Thought.value``): a
card's difference of mean score; a doubling answer's the difference of the gains the
doubling search measured for each card's double (each card against no double, on the same
samples). The contract choice has no cost (``review_item`` says why), nor has a redeal claim
(the bot claims it whenever it may, without a search).

aidpanel.py steps the thinking in slices in the page; ``review_deal`` thinks in one go
(CPython and the tests, tests/test_page_aids.py).
"""
from __future__ import annotations

from html import escape
from typing import Any

from trex_core import Match, Move, Observation, card_text

from ..i18n.strings import t, tn
from ..view.faces import (
    SUIT_SYMBOL,
    SUITS,
    card_face,
    card_symbol,
    contract_name,
    legal_texts,
    row_text,
    seat_name,
    sort_hand,
    texts,
)
from .advice import decisions, move_label, think


def reviewed(match: Match, seat: int = 0) -> list[tuple[int, Observation, Move]]:
    """The decisions of ``seat`` in the current deal that the review thinks over (aids.py
    ``decisions``: the match is left as it was)."""
    return [d for d in decisions(match, seat) if d[1].phase != "play" or len(d[1].legal) > 1]


def review_item(n: int, obs: Observation, played: Move, thought: Any) -> dict[str, Any] | None:
    """One of your decisions, thought through (``thought`` finished): None when the bot
    agrees (the same move, or a card it counts as the same: equivalent cards); else what it
    would do and how many points it expects your decision to cost (``cost``), or None for
    no cost.

    The contract choice (§2.2) gets no cost. The hard level names the contract by
    trex_core/bots/choice.py: ``contract_edges`` is, per open contract, a least-squares
    estimate of the king's score with this hand in that contract (medium play) minus a
    quarter of that contract's deal total (``FAIR_SHARE``), not minus the king's own average
    in it. Those are points, but the difference of two edges is no expected difference of
    your score: the two are measured from different baselines, and the contract not named
    now is played later in the kingdom with a hand nobody knows yet. So the review names the
    bot's contract and prices nothing."""
    best = thought.move()
    if best == played or (obs.phase == "play" and thought.candidate(played) == thought.candidate(best)):
        return None
    mine, theirs = thought.value(played), thought.value(best)
    cost = None if obs.phase == "choose" or mine is None or theirs is None else round(theirs - mine, 1)
    # plain data (the page's test hook shows the review as JSON), cards as texts
    return {"n": n, "phase": obs.phase, "played": str(played), "best": str(best), "cost": cost,
            "trick": len(obs.tricks) + 1, "contract": obs.contract.value if obs.contract else None,
            "hand": texts(obs.hand), "plays": [[s, card_text(c)] for s, c in obs.trick],
            "layout": [list(row) if row else None for row in obs.layout],
            "open": legal_texts(obs) if obs.phase == "choose" else []}


def review_deal(match: Match, seed: int | str) -> list[dict[str, Any]]:
    """The review of seat 0's current deal, thought in one go (the page slices it)."""
    items = []
    for n, obs, move in reviewed(match):
        thought = think(obs, seed, n)
        thought.finish()
        item = review_item(n, obs, move, thought)
        if item is not None:
            items.append(item)
    return items


def cost_text(cost: float | None) -> str:
    if cost is None:
        return t("aid.review.unpriced")
    if cost < 1:
        return t("aid.review.close")
    return tn("aid.review.cost", round(cost))


def item_label(it: dict[str, Any]) -> str:
    played, best = move_label(it["played"]), move_label(it["best"])
    if it["phase"] == "choose":
        return t("aid.review.choose", played=played, best=best)
    if it["phase"] == "announce":
        return t("aid.review.answer", played=played, best=best)
    if it["contract"] == "trex":
        return t("aid.review.trex_move", played=played, best=best)
    return t("aid.review.move", trick=it["trick"], played=played, best=best)


def review_overlay(items: list[dict[str, Any]] | None, done: int, total: int, shown: int | None,
                   idp: str = "") -> tuple[str, str, str]:
    """The review dialog's (title, body, buttons): progress while it thinks, then the
    decisions the bot would have made otherwise, each with a button to see the position."""
    close = f'<button type="button" class="primary" data-action="review-close">{escape(t("btn.close"))}</button>'
    if items is None:
        body = (f'<p role="status">{escape(t("aid.review.thinking", done=done, total=total))}</p>'
                f'<progress max="{max(total, 1)}" value="{done}"></progress>')
        return t("aid.review.title"), body, close
    if not items:
        return t("aid.review.title"), f'<p class="review-none">{escape(t("aid.review.none"))}</p>', close
    rows = []
    for i, it in enumerate(items):
        pressed = "true" if shown == i else "false"
        unpriced = " unpriced" if it["cost"] is None else ""
        rows.append(f'<li data-n="{it["n"]}" data-phase="{it["phase"]}" data-played="{it["played"]}" '
                    f'data-best="{it["best"]}">'
                    f'<span class="review-move">{escape(item_label(it))}</span> '
                    f'<span class="review-cost{unpriced}">{escape(cost_text(it["cost"]))}</span> '
                    f'<button type="button" data-action="review-show" data-item="{i}" data-key="review-{i}" '
                    f'aria-pressed="{pressed}">{escape(t("aid.review.see"))}</button>'
                    + (position_view(it) if shown == i else "") + "</li>")
    body = (f'<p>{escape(t("aid.review.intro"))}</p>'
            f'<ol class="review">{"".join(rows)}</ol>')
    return t("aid.review.title"), body, close


def doubled(move: str) -> set[str]:
    """The cards a doubling answer's text doubles (none for ``nodouble`` or a redeal)."""
    return set(move[7:].split(",")) if move.startswith("double:") else set()


def position_view(it: dict[str, Any]) -> str:
    """A reviewed decision's position, read-only: the trick so far (or the layout, or the
    deal's start for a contract or a doubling answer) and your hand, your card(s) and the
    bot's marked."""
    played, best = {it["played"]}, {it["best"]}
    if it["phase"] == "announce":
        played, best = doubled(it["played"]), doubled(it["best"])
    hand = "".join(card_face(c, cls="mini" + (" played" if c in played else "")
                             + (" preferred" if c in best else "")) for c in sort_hand(it["hand"]))
    if it["phase"] == "choose":
        contracts = t("list.comma").join(contract_name(c) for c in it["open"])
        table = f'<p class="review-trick">{escape(t("aid.review.at_choice", contracts=contracts))}</p>'
    elif it["phase"] == "announce":
        table = f'<p class="review-trick">{escape(t("aid.review.at_answer", contract=contract_name(it["contract"])))}</p>'
    elif it["contract"] == "trex":
        rows = []
        for suit, row in zip(SUITS, it["layout"], strict=True):
            text = row_text(suit, *row) if row else t("aid.review.closed")
            rows.append(f'<li><span aria-hidden="true">{SUIT_SYMBOL[suit]}</span> '
                        f'<span class="sr-only">{escape(t("suit." + suit))}</span> {escape(text)}</li>')
        table = f'<ul class="review-layout" aria-label="{escape(t("layout.label"))}">{"".join(rows)}</ul>'
    elif it["plays"]:
        table = ('<p class="review-trick">' + escape(t("aid.review.trick_so_far")) + " "
                 + " ".join(f'{escape(seat_name(s))} {card_face(c, cls="mini")}' for s, c in it["plays"]) + "</p>")
    else:
        table = f'<p class="review-trick">{escape(t("aid.review.you_lead"))}</p>'
    if it["phase"] == "play":
        mine = card_symbol(it["played"]) if len(it["played"]) == 2 else move_label(it["played"])
        legend = t("aid.review.legend", played=mine, best=move_label(it["best"]))
    else:
        legend = t("aid.review.legend_choice", played=move_label(it["played"]), best=move_label(it["best"]))
    return (f'<div class="review-position" role="group" aria-label="{escape(t("aid.review.position"))}">'
            f'{table}<div class="review-hand">{hand}</div>'
            f'<p class="review-legend">{escape(legend)}</p></div>')
