"""Player aids: undo, hint and the deal review, as pure Python.

Nothing here touches the page: app.py asks for a hint's or a review's thinking, steps it in
slices between frames (as the bots think, bots.py), and renders what these functions return.
The tests run every function here in CPython (tests/test_page_aids.py).

* **Undo** takes back your own last decision and the bots' replies to it: the match goes back
  to the last position of the current deal where you (seat 0) were to decide
  (``undo_steps``). A deal's summary is final: a finished deal is never taken back.
* **Hint**: the move the strongest level ("hard") would make, with a fixed number of samples
  (``AID_SAMPLES``) and a generator seeded by the match's seed and the move number
  (``aid_rng``), so the same position always gets the same hint (and the deal review the same
  verdict). ``reason`` puts the move in words from the position: a handful of kinds per
  contract, chosen by plain rules (the search does not explain itself).
* **Deal review** (dealreview.py): your decisions in the deal (``decisions``), thought about
  again by the same bot: the contract you named as king, your doubling answer and your
  cards; those it would have made otherwise, with its choice and, where its numbers are an
  expected score, what it expects the difference to cost (``Thought.value``).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable
from html import escape
from typing import Any

from trex_core import DEAL_OVER, Contract, Match, Move, Observation, card_text, cards_of, observe, parse_card
from trex_core.cards import FULL_DECK, JACK, SUIT_MASK, Hand, highest, lowest, mask_of, rank_of, suit_of
from trex_core.legality import layout_playable
from trex_core.moves import CARD, DOUBLE
from trex_core.scoring import penalty_cards
from trex_core.tricks import winning_index

from ..i18n.strings import t
from ..players.seats import deciding
from ..view.faces import SUITS, card_symbol, contract_name, score_text

AID_SAMPLES = 32
"""Samples per decision of the aids' hard bot: fixed, so a hint is reproducible (measured in
CPython: about 60 ms a card decision, a few times that in the page, thought in slices)."""
AIDS = ("undo", "hint", "review")
SETTING = {aid: f"aid_{aid}" for aid in AIDS}  # the settings' switches (store.default_settings)
_bot: Any = None


def enabled(settings: dict[str, Any], aid: str) -> bool:
    """Whether the player has ``aid`` switched on (on unless switched off)."""
    return bool(settings.get(SETTING[aid], True))


def practice(used: dict[str, list[str]]) -> bool:
    """Undo was used in this match: a practice match (stats.py)."""
    return any("undo" in v for v in used.values())


def tools(settings: dict[str, Any], used: dict[str, list[str]], main: bool = True) -> dict[str, Any]:
    """What the aids always add to the view's state (the top bar's Undo and Hint; whether
    the match is practice): app.py's AidPanel, and the openings painted before Python."""
    return {"aid_tools": {a: main and enabled(settings, a) for a in ("undo", "hint")}, "practice": practice(used)}


def aid_rng(seed: int | str, n: int) -> random.Random:
    """The generator of the aids' bot at move number ``n`` (``len(match.history)``) of the
    match with ``seed``: a hint and the review of the same position think alike."""
    return random.Random(f"aid:{seed}:{n}")


def hard_bot() -> Any:
    """The aids' bot: the hard level with ``AID_SAMPLES`` samples (imported on first use, after
    the page has loaded the bots, bots.preload)."""
    global _bot
    if _bot is None:
        from trex_core.bots import get_bot

        _bot = get_bot("hard", samples=AID_SAMPLES)
    return _bot


def think(obs: Observation, seed: int | str, n: int) -> Any:
    """The hard bot's decision for ``obs`` as a resumable ``Thought`` (step it, then ``move()``)."""
    return hard_bot().think(obs, aid_rng(seed, n))


def hint_move(match: Match, seed: int | str) -> Move:
    """The hint for seat 0 now, thought in one go (CPython and the tests; the page slices it)."""
    return think(observe(match, 0), seed, len(match.history)).finish()  # type: ignore[no-any-return]


# ---------------------------------------------------------------- positions of the deal
def deal_start(match: Match) -> int:
    """The index in ``match.history`` of the current deal's first move (after the last ``next``)."""
    history = match.history
    for i in range(len(history) - 1, -1, -1):
        if str(history[i]) == "next":
            return i + 1
    return 0


def replay_deal(match: Match, visit: Callable[[int, Move], None]) -> None:
    """Take the current deal back to its start and play it forward again, calling
    ``visit(move number, move)`` before each move is played, so ``match`` ends exactly as it was."""
    history = match.history
    start = deal_start(match)
    tail = list(history[start:])
    match.undo(len(tail))
    try:
        for i, move in enumerate(tail):
            visit(start + i, move)
            match.play(move)
    finally:
        for move in tail[len(match.history) - start:]:  # an error half way: the rest back on
            match.play(move)


def decisions(match: Match, seat: int = 0) -> list[tuple[int, Observation, Move]]:
    """Each decision ``seat`` made in the current deal: (move number, what it saw, drawn from
    its chair (``Observation.turned``), its move)."""
    out: list[tuple[int, Observation, Move]] = []

    def visit(n: int, move: Move) -> None:
        if (obs := deciding(match, seat)) is not None:
            out.append((n, obs.turned(seat) if seat else obs, move))
    replay_deal(match, visit)
    return out


def undo_steps(match: Match, seat: int = 0, people: Collection[int] = ()) -> int:
    """How many moves to take back to reach ``seat``'s previous decision in this deal (the
    bots' replies included); 0 when there is none (a new deal, or the deal is over), and
    in pass-and-play when another of ``people`` moved since: undo never takes back another
    person's move."""
    if match.phase == DEAL_OVER or match.is_over:
        return 0
    made = len(match.history)
    movers: dict[int, int | None] = {}
    mine: list[int] = []

    def visit(n: int, move: Move) -> None:
        movers[n] = match.to_move
        if deciding(match, seat) is not None:
            mine.append(n)
    replay_deal(match, visit)
    if not mine:
        return 0
    back = mine[-1]
    if any(movers[n] in people and movers[n] != seat for n in range(back, made)):
        return 0
    return made - back


# ---------------------------------------------------------------- a move in words
def move_label(move: str) -> str:
    """A move as a player names it: a card by its face, a contract by its name."""
    if move == "pass":
        return t("btn.pass")
    if move == "nodouble":
        return t("aid.move.nodouble")
    if move == "redeal":
        return t("aid.move.redeal")
    if move.startswith("double:"):
        return t("aid.move.double", cards=" ".join(card_symbol(c) for c in move[7:].split(",")))
    if len(move) == 2:
        return card_symbol(move)
    return contract_name(move)


def symbol(c: int) -> str:
    return card_symbol(card_text(c))


def suit_name(c: int) -> str:
    return t("suit." + SUITS[suit_of(c)])


def reason(obs: Observation, move: str) -> str:
    """One line on why ``move`` is good for seat 0 in ``obs``: the first rule of its kind
    that fits the position; a plain line when none does."""
    if obs.phase == "choose":
        return t("aid.why.choose", contract=contract_name(move))
    if obs.phase == "announce":
        return announce_reason(obs, move)
    if move != "pass" and [str(m) for m in obs.legal] == [move]:  # nothing to choose (§3.1, §6)
        return t("aid.why.forced", card=card_symbol(move))
    if obs.contract is Contract.TREX:
        return trex_reason(obs, move)
    return trick_reason(obs, parse_card(move))


def announce_reason(obs: Observation, move: str) -> str:
    if move == "redeal":
        return t("aid.why.redeal")
    if move.startswith("double:"):
        return t("aid.why.double", cards=" ".join(card_symbol(c) for c in move[7:].split(",")))
    mine = mask_of(c for m in obs.legal if m.kind == DOUBLE for c in cards_of(m.cards))
    if mine:  # the first by its text ("KH", then QC QD QH QS)
        return t("aid.why.nodouble", card=card_symbol(min(card_text(c) for c in cards_of(mine))))
    return t("aid.why.plain")


def still_out(obs: Observation, suit: int, penalty: Hand) -> list[int]:
    """Penalty cards of ``suit`` neither played nor in your hand, highest first."""
    return cards_of(penalty & SUIT_MASK[suit] & ~(obs.played | obs.hand))[::-1]


def trick_reason(obs: Observation, card: int) -> str:
    """Kinds: lead low, lead a suit with no penalty left, duck under the trick's best card,
    take a clean trick as last to play, take what you cannot duck with your highest, discard
    a penalty card or a dangerous high card when void. The penalty cards and the card
    winning the trick are the engine's (``scoring.penalty_cards``: none in Collections,
    where every trick costs alike; ``tricks.winning_index``)."""
    contract = obs.contract
    penalty = penalty_cards(contract, obs.rules) if contract else 0
    collections = contract is Contract.COLLECTIONS
    trick = [c for _, c in obs.trick]
    suit = suit_of(card)
    if not trick:
        if not still_out(obs, suit, penalty) and not collections and not penalty >> card & 1:
            return t("aid.why.lead_safe", suit=suit_name(card))
        if rank_of(card) <= rank_of(parse_card("7S")) and card == lowest(obs.hand & SUIT_MASK[suit]):
            return t("aid.why.lead_low", card=symbol(card))
        return t("aid.why.plain")
    led = suit_of(trick[0])
    best = trick[winning_index(trick)]  # the card winning the trick so far (§3.1)
    if suit != led:  # void in the suit led
        key = "aid.why.discard_penalty" if penalty >> card & 1 else "aid.why.discard_high"
        return t(key, card=symbol(card), suit=suit_name(trick[0]))
    if card < best:
        out = [c for c in still_out(obs, led, penalty) if c != card]
        if out:
            return t("aid.why.duck_out", card=symbol(out[0]), best=symbol(best))
        return t("aid.why.duck", best=symbol(best))
    if len(trick) == 3 and not penalty & mask_of(trick) and not collections:
        return t("aid.why.take_clean")
    if all(m.card > best for m in obs.legal if m.kind == CARD):
        key = "aid.why.take_high_open" if can_be_beaten(obs, trick, card) else "aid.why.take_high"
        return t(key, best=symbol(best), card=symbol(card))
    return t("aid.why.plain")


def can_be_beaten(obs: Observation, trick: list[int], card: int) -> bool:
    """Whether a player after you may still take the trick from ``card``: someone is still to
    play and a card you have not seen would win the trick over it (the engine's
    ``winning_index`` says which card wins)."""
    if len(trick) + 1 >= len(obs.hand_sizes):  # you play last
        return False
    unseen = FULL_DECK & ~(obs.played | obs.hand | mask_of(trick))
    mine = len(trick)
    return any(winning_index([*trick, card, other]) != mine for other in cards_of(unseen))


def layout_ends(obs: Observation, laid: int = -1) -> tuple[list[int], list[int]]:
    """The Trex rows' lowest and highest ranks (-1: not open), with ``laid`` added."""
    lo = [row[0] if row else -1 for row in obs.layout]
    hi = [row[1] if row else -1 for row in obs.layout]
    if laid >= 0:
        s, r = suit_of(laid), rank_of(laid)
        lo[s], hi[s] = (r, r) if lo[s] < 0 else (min(lo[s], r), max(hi[s], r))
    return lo, hi


def trex_reason(obs: Observation, move: str) -> str:
    """Kinds: a forced pass, a card that lets your own next card follow, a jack that opens a
    row for your cards, holding back the cards the others wait for. What a card opens is
    the engine's (``legality.layout_playable`` after it, less what was playable before)."""
    if move == "pass":
        return t("aid.why.trex_pass")
    card = parse_card(move)
    opened = layout_playable(*layout_ends(obs, card)) & ~layout_playable(*layout_ends(obs)) & obs.hand
    if rank_of(card) == JACK:
        if opened:  # the card above the jack first
            return t("aid.why.trex_open", card=symbol(card), next=symbol(highest(opened)))
        return t("aid.why.trex_jack", card=symbol(card))
    if opened:
        return t("aid.why.trex_chain", card=symbol(card), next=symbol(highest(opened)))
    others = [m.card for m in obs.legal if m.kind == CARD and m.card != card]
    if others:
        return t("aid.why.trex_hold", card=symbol(others[0]))
    return t("aid.why.plain")


def hint_text(obs: Observation, move: str) -> str:
    return t("aid.hint", move=move_label(move), why=reason(obs, move))


def mark_hint(parts: Iterable[tuple[str, str]], move: str | None) -> list[tuple[str, str]]:
    """The table's parts with the hinted move's control marked (``data-hint``, style.css):
    a card, a contract or an answer button, or the queens' boxes to tick."""
    out = list(parts)
    if not move:
        return out
    needles = [f'data-move="{move}"']
    if move.startswith("double:") and "," in move:
        needles = [f'value="{c}" data-key="choice-dbl-{c}"' for c in move[7:].split(",")]
        needles.append('data-action="double-selected"')
    marked = []
    for name, html in out:
        if name in ("you", "centre"):
            for needle in needles:
                html = html.replace(needle, needle + " data-hint", 1)
        marked.append((name, html))
    return marked


# ---------------------------------------------------------------- the deal summary
def summary_note(used: Iterable[str]) -> str:
    """The deal summary's line on the aids used in that deal (none: no line)."""
    names = [t("aid.name." + a) for a in AIDS if a in set(used)]
    if not names:
        return ""
    return f'<p class="note aids-used" data-aids="{" ".join(a for a in AIDS if a in set(used))}">' \
           f'{escape(t("aid.used", aids=t("list.comma").join(names)))}</p>'


# ---------------------------------------------------------------- the statistics dialog
def stats_overlay(data: dict[str, Any]) -> tuple[str, str, str]:
    """The statistics dialog's (title, body, buttons): totals, then per bot level and preset
    the matches and your average score per contract as king and not (stats.py)."""
    from . import stats

    played, won, practice = stats.totals(data)
    close = f'<button type="button" class="primary" data-action="close">{escape(t("btn.close"))}</button>'
    if not played:
        return t("aid.stats.title"), f'<p class="stats-none">{escape(t("aid.stats.none"))}</p>', close
    parts = [f'<p class="stats-total" data-played="{played}" data-won="{won}" data-practice="{practice}">'
             f'{escape(t("aid.stats.total", played=played, won=won))}'
             + (f' {escape(t("aid.stats.practice", n=practice))}' if practice else "") + "</p>"]
    for row in stats.rows(data):
        preset = t("preset." + row["preset"]) if row["preset"] != "custom" else t("aid.stats.custom")
        head = t("aid.stats.group", level=t("level." + row["level"]), preset=preset)
        rate = "" if row["rate"] is None else t("aid.stats.rate", pct=round(100 * row["rate"]))
        lines = []
        for contract in Contract:
            c = contract.value
            if c not in row["averages"]:
                continue
            king, other = row["averages"][c]
            cells = "".join(f'<td class="num">{"" if v is None else score_text(round(v))}</td>' for v in (king, other))
            lines.append(f'<tr data-contract="{c}"><th scope="row">{escape(contract_name(c))}</th>{cells}</tr>')
        table = ""
        if lines:
            table = (f'<table class="stats"><thead><tr><th scope="col">{escape(t("aid.stats.contract"))}</th>'
                     f'<th scope="col" class="num">{escape(t("aid.stats.as_king"))}</th>'
                     f'<th scope="col" class="num">{escape(t("aid.stats.not_king"))}</th></tr></thead>'
                     f'<tbody>{"".join(lines)}</tbody></table>')
        parts.append(f'<section class="stats-group" data-level="{escape(row["level"])}" data-preset="{escape(row["preset"])}">'
                     f'<h3>{escape(head)}</h3><p>{escape(t("aid.stats.line", played=row["played"], won=row["won"]))}'
                     f'{" " + escape(rate) if rate else ""}</p>{table}</section>')
    buttons = (close + f'<button type="button" class="danger" data-action="stats-reset">'
               f'{escape(t("aid.stats.reset"))}</button>')
    return t("aid.stats.title"), "".join(parts), buttons


def stats_reset_overlay() -> tuple[str, str, str]:
    """Reset: a destructive choice, so the safe one (keep) has the focus."""
    buttons = (f'<button type="button" class="danger" data-action="stats-reset-now">{escape(t("aid.stats.reset_now"))}</button>'
               f'<button type="button" data-action="stats" data-autofocus>{escape(t("aid.stats.keep"))}</button>')
    return t("aid.stats.reset_title"), f'<p>{escape(t("aid.stats.reset_text"))}</p>', buttons
