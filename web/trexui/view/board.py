"""The table as HTML, from seat 0's observation (a ``trex_core.Observation``: cards are
ints, hands bit masks) plus a little UI state. Pure functions: no DOM, no engine moves,
so this module also runs (and can be tested) under ordinary CPython. The HTML names
cards by their §12 texts ("QS": ``data-card``, ``data-move``, ``flip_id``).

No rule is restated here: what is legal, what lies face up (§3.6), whether an
answer is forced (§4.2) and every score with its reason (the deal's ``ledger``)
come in the observation; the values the prompts quote come from the engine's
scoring through ``ui["values"]`` (values.py).

Every clickable thing carries ``data-action`` (and ``data-move`` for moves): the
page has one delegated click handler (app.py). Cards are <button>s, so they are
keyboard-focusable; a card you may not play is ``aria-disabled`` but still
clickable, so that clicking it says why (the engine's refusal code, in the
page's words: ``refusal_text``).

The page applies each rendering by morphing the previous one (web/tableview.js),
so the markup gives things their identity: ``data-key`` on the elements of lists
that change (your cards, the trick's slots, dialogs, prompts; unique within the
table), ``data-flip`` on card faces that may move (hand, trick, layout) and
``data-from`` on another seat's card that appears. No id is fixed: ids are
prefixed with ``ui["idp"]`` (one per table), so a page could hold several tables.
Keyboard groups (arrows move inside them) are ``data-nav``; the control a dialog
focuses first is ``data-autofocus``.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

from trex_core import Contract, Observation, card_text, cards_of
from trex_core.moves import DOUBLE

from ..i18n.strings import current, iso, t, tn
from .faces import (
    HAND_SUITS,
    POS,
    RANKS,
    SUIT_SYMBOL,
    SUITS,
    TIMES_TWO_TEXT,
    UI,
    card_face,
    card_name,
    card_symbol,
    contract_name,
    dealt,
    doubled_map,
    finished,
    flip_id,
    is_trex,
    lang_notice,
    legal_texts,
    played_cards,
    rank_label,
    score_text,
    seat_long,
    seat_name,
    sort_hand,
    status_text,
    suit_class,
    texts,
    times_two,
    tricks_won,
)
from .frame import overlay
from .overlays import param_notice, score_sheet

# ---------------------------------------------------------------- top bar
# Tool icons (24×24, drawn with the text colour). On narrow screens the buttons show
# the icon only and the label stays for screen readers (class "label", CSS).
ICONS = {
    "last-trick": '<path d="M3.5 12a8.5 8.5 0 1 0 2.6-6.1"/><path d="M3 4v5h5"/><path d="M12 7.5V12l3 2.5"/>',
    "sheet": '<rect x="4.5" y="3" width="15" height="18" rx="2"/><path d="M8 8h8M8 12h8M8 16h5"/>',
    "settings": ('<path d="M4 7h9M17 7h3M4 12h3M11 12h9M4 17h11M19 17h1"/>'
                 '<circle cx="15" cy="7" r="2"/><circle cx="9" cy="12" r="2"/><circle cx="17" cy="17" r="2"/>'),
    "new-game": '<circle cx="12" cy="12" r="8.5"/><path d="M12 8v8M8 12h8"/>',
    "share": ('<circle cx="6" cy="12" r="2.5"/><circle cx="18" cy="6" r="2.5"/><circle cx="18" cy="18" r="2.5"/>'
              '<path d="M8.2 10.8l7.6-3.6M8.2 13.2l7.6 3.6"/>'),
    "rules": '<path d="M4 5.5C6.5 4 9.5 4 12 6c2.5-2 5.5-2 8-.5V19c-2.5-1.5-5.5-1.5-8 .5-2.5-2-5.5-2-8-.5z"/><path d="M12 6v13.5"/>',
    "help": '<circle cx="12" cy="12" r="8.5"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6"/><path d="M12 17h.01"/>',
    "undo": '<path d="M9 14L4 9l5-5"/><path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11"/>',  # the aids (aids.py)
    "link": ('<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/>'  # friends joined by link
             '<path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>'),
    "hint": '<path d="M9 18h6M10 21h4"/><path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"/>',
}


SHORTCUT_KEYS = {"last-trick": "L", "sheet": "S", "help": "?", "pass": "P", "rules": "R", "undo": "U",
                 "hint": "H"}


def tool(action: str, key: str, attrs: str = "", cls: str = "") -> str:
    shortcut = SHORTCUT_KEYS.get(action)
    attrs += f' data-key="tool-{action}"' + (f' aria-keyshortcuts="{shortcut}"' if shortcut else "")
    return (f'<button type="button" class="tool{cls}" data-action="{action}" title="{escape(t(key))}"{attrs}>'
            f'<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">{ICONS[action]}</svg>'
            f'<span class="label">{escape(t(key))}</span></button>')


def stale_bar(ui: UI) -> str:
    """The top bar's reminder while this tab's match is not the newest (an <li>)."""
    if not ui.get("stale"):
        return ""
    return (f'<li class="notice stale" role="status">{escape(t("stale.bar"))} '
            f'<button type="button" data-action="load-newer" data-key="stale-load">{escape(t("stale.load"))}</button></li>')


def topbar(obs: Observation, ui: UI) -> str:
    per = len(obs.rules.contracts)
    deal_in_kingdom = obs.deal_number % per + 1
    turn = obs.to_move
    you = turn == 0 and not obs.forced_answer and not finished(obs)
    if obs.is_over:
        turn_txt = t("status.over")
    elif finished(obs):
        turn_txt = t("bar.finished")
    elif obs.forced_answer:
        turn_txt = t("bar.turn.answering")
    elif turn == 0:
        turn_txt = t("bar.turn.you")
    else:
        turn_txt = t("bar.turn", name=seat_name(turn or 0))
    contract = (t("bar.contract", name=contract_name(obs.contract)) if obs.contract
                else t("bar.no_contract"))
    last_disabled = "" if ui.get("last_trick") else " disabled"
    inert = " inert" if ui.get("inert") else ""
    return f"""
<header class="topbar" data-part="topbar"{inert}>
  <h1 class="brand">{escape(t("app.title"))}</h1>
  <ul class="counters" data-part="counters" aria-label="{escape(t("bar.label"))}">
    <li data-k="kingdom">{escape(t("bar.kingdom", n=obs.kingdom + 1))}</li>
    <li data-k="deal">{escape(t("bar.deal", n=deal_in_kingdom, of=per))}</li>
    <li data-k="king">{escape(t("bar.king", name=seat_name(obs.king)))}</li>
    <li data-k="contract">{escape(contract)}</li>
    {kings_left(obs)}
    <li data-k="turn" class="turn{" you" if you else ""}">{escape(turn_txt)}</li>
    {f'<li class="unsaved">{escape(t("bar.unsaved"))}</li>' if ui.get("unsaved") and not ui.get("stale") else ""}
    {stale_bar(ui)}
    {f'<li class="notice" role="status">{escape(lang_notice(ui["notice_lang"]))}</li>' if ui.get("notice_lang") else ""}
    {"".join(f'<li class="notice" role="status">{escape(param_notice(p, v))}</li>' for p, v in ui.get("notices", ()))}
    {"".join(f'<li class="notice">{escape(note)}</li>' for note in ui.get("link_notes", ()))}
    {f'<li class="practice" title="{escape(t("aid.practice.title"))}">{escape(t("aid.practice"))}</li>' if ui.get("practice") else ""}
  </ul>
  <nav class="tools" data-part="tools" aria-label="{escape(t("bar.tools"))}">
    {tools_of(ui, you, last_disabled)}
  </nav>
</header>"""


def tools_of(ui: UI, you: bool, last_disabled: str) -> str:
    """The top bar's tools: the aids the player switched on, then the table's own; a table
    that names its ``tools`` has only those (a guest's: the rest are its host's, guest.py)."""
    aid = ui.get("aid_tools", {})
    tools = [("undo", tool("undo", "btn.undo") if aid.get("undo") else ""),
             ("hint", tool("hint", "btn.hint", "" if you else " disabled") if aid.get("hint") else ""),
             ("last-trick", tool("last-trick", "btn.last_trick", last_disabled)),
             ("sheet", tool("sheet", "btn.sheet", cls=" sheet-btn")),
             ("link", tool("link", "btn.link") if ui.get("link") else ""),
             ("settings", tool("settings", "btn.settings")), ("new-game", tool("new-game", "btn.new_game")),
             ("share", tool("share", "btn.share")), ("rules", tool("rules", "btn.rules")),
             ("help", tool("help", "btn.help"))]
    only = ui.get("tools")
    return "\n    ".join(html for name, html in tools if html and (only is None or name in only))


def kings_left(obs: Observation) -> str:
    """The king's contracts still to come in his kingdom, while he chooses (a bot too) and
    during the deal (an <li>; none: nothing). The engine lists the contracts in play and
    those the king has played (``used_contracts``); the one being played is not to come."""
    text = left_text(obs)
    return f'<li data-k="left">{escape(text)}</li>' if text else ""


def left_text(obs: Observation) -> str:
    """"Still to play: Queens, Trex" (kings_left), or "" when none is left."""
    left = [c for c in obs.rules.contracts if c not in obs.used_contracts and c != obs.contract]
    names = t("list.comma").join(t(f"contract.short.{c.value}") for c in left)
    return t("bar.left", contracts=names) if left else ""


# ---------------------------------------------------------------- seats
def seat_panel(obs: Observation, seat: int, ui: UI) -> str:
    contract = obs.contract
    doubled = doubled_map(obs)
    played = played_cards(obs)
    taken = texts(obs.face_up[seat])
    turn = obs.to_move == seat and not finished(obs)
    cls = ["seat", f"pos-{POS[seat]}"]
    if turn:
        cls.append("is-turn")
    badges = []
    if obs.king == seat:
        badges.append(f'<span class="badge king">\u265a {escape(t("badge.king"))}</span>')
    if obs.rules.partnership and seat != 0 and [0, seat] in ui["values"]["teams"]:  # your partner
        badges.append(f'<span class="badge partner">{escape(t("badge.partner"))}</span>')
    held = [c for c, s in doubled.items() if s == seat and c not in played]  # doubled, still held (§4.2)
    if held:  # a red badge by the name: seen at a glance on a phone too
        names = t("list.comma").join(card_name(c) for c in held)
        badges.append(f'<span class="badge doubled" role="img" aria-label="{escape(t("badge.doubled", cards=names))}">'
                      f'{times_two(cls="x2")} {" ".join(card_symbol(c) for c in held)}</span>')
    if obs.phase == "announce" and obs.answered[seat]:
        badges.append(f'<span class="badge">{escape(t("badge.answered"))}</span>')
    if seat in ui.get("away", ()):  # a friend joined by link who is not there now (link.py)
        badges.append(f'<span class="badge away">{escape(t("badge.away"))}</span>')
    if turn and seat != 0 and not ui.get("still") and seat not in ui.get("away", ()):  # (a diagram's do not think)
        badges.append(f'<span class="badge thinking">{escape(t("badge.thinking"))}</span>')
    info = []
    if is_trex(obs) and dealt(obs):
        if seat in obs.out_order:
            info.append(f'<span class="badge out">{escape(t("badge.out", place=obs.out_order.index(seat) + 1))}</span>')
        npass = sum(1 for _, s in obs.passes if s == seat)
        if npass:
            info.append(f'<span class="badge pass">{escape(tn("badge.passes", npass))}</span>')
        # the seat's last Trex turn: the card it laid, or its pass (§6.5: passes are public)
        last = next((c for s, c in reversed(obs.layout_plays) if s == seat), None)  # -1: a pass
        if last == -1:
            info.append(f'<span class="bubble">{escape(t("badge.passed"))}</span>')
        elif last is not None:
            laid = card_text(last)
            info.append(f'<span class="bubble last-laid">{escape(t("badge.laid"))} '
                        f'<b class="{suit_class(laid)}">{card_symbol(laid)}</b></span>')
    if dealt(obs) and obs.contract:
        info.append(f'<span class="deal-score">{escape(t("deal_score", score=score_text(obs.deal_scores[seat])))}</span>')
    # the match so far, always in sight (the score sheet is a dialog on a phone)
    info.append(f'<span class="total">{escape(t("seat.total", score=score_text(obs.totals[seat])))}</span>')
    if contract in (Contract.COLLECTIONS, Contract.COMPLEX) and dealt(obs):
        info.append(f'<span class="tricks-won">{escape(tn("summary.tricks", tricks_won(obs)[seat]))}</span>')
    # Face-up cards: the taken cards the engine says lie face up (§3.6), 2s laid down in
    # partnership Trex (§8.2); doubled cards still held are the badge above.
    shown = [c for c in texts(obs.shown_twos[seat]) if c not in held and c not in played]
    faces = ""
    if shown:
        faces += '<div class="shown">' + "".join(
            card_face(c, cls="mini", doubled=c in doubled) for c in shown) + "</div>"
    if taken:
        faces += (f'<div class="taken" role="group" aria-label="{escape(t("taken.label"))}" title="{escape(t("marks.taken"))}">'
                  + "".join(card_face(c, cls="mini", doubled=c in doubled) for c in taken)
                  + "</div>")
    backs = ""
    open_hand = ui.get("open_hands", {}).get(seat)
    if open_hand is not None:  # an embedded table shows this hand face up (embed.py)
        backs = open_hand_view(open_hand, doubled)
    elif seat != 0 and obs.hand_sizes[seat]:
        n = obs.hand_sizes[seat]
        # one back and the count (its edges drawn by the CSS as a stack): a hand is one
        # image to a screen reader, and a few elements less to lay out at every render
        backs = (f'<div class="backs" role="img" aria-label="{escape(tn("badge.cards", n))}">'
                 f'<span class="back{" many" if n > 1 else ""}"></span><span class="count">{n}</span></div>')
    return f"""
<section class="{" ".join(cls)}" data-seat="{seat}" data-part="seat-{seat}" aria-label="{escape(seat_long(seat))}">
  <div class="seat-head"><span class="seat-name">{escape(seat_name(seat))}</span>{"".join(badges)}</div>
  {backs}
  <div class="seat-info">{"".join(info)}</div>
  {faces}
</section>"""


def open_hand_view(cards: list[str], doubled: Mapping[str, int]) -> str:
    """A hand face up, a line per suit as in a bridge diagram: readable in a small frame."""
    lines = []
    for suit in HAND_SUITS:
        ranks = [c for c in sort_hand(cards) if c[1] == suit]
        named = ", ".join(card_name(c) for c in ranks) or t("hand.void")
        text = " ".join(rank_label(c) + (TIMES_TWO_TEXT if c in doubled else "") for c in ranks) or "\u2014"
        lines.append(f'<li class="{"red" if suit in "HD" else "black"} s-{suit}" aria-label="{escape(t("suit." + suit))}: {escape(named)}">'
                     f'<span class="s" aria-hidden="true">{SUIT_SYMBOL[suit]}</span>'
                     f'<span class="ranks" aria-hidden="true">{escape(text)}</span></li>')
    return f'<ul class="open-hand" aria-label="{escape(t("hand.open"))}">{"".join(lines)}</ul>'


# ---------------------------------------------------------------- centre
def trick_view(obs: Observation, ui: UI) -> str:
    held = ui.get("held")  # a just-completed trick still on show: {"plays", "winner"}
    doubled = doubled_map(obs)
    if obs.trick or not held:
        plays = [(s, card_text(c)) for s, c in obs.trick]
        winner = None
        number = len(obs.tricks)
    else:
        plays, winner = held["plays"], held["winner"]
        number = len(obs.tricks) - 1
    slots = []
    for i, (seat, card) in enumerate(plays):
        win = " winner" if winner is not None and seat == winner else ""
        # data-from: another seat's card comes from that seat's panel (tableview.js)
        face = card_face(card, doubled=card in doubled, flip=flip_id(obs, card), attrs=f'data-from="{seat}"',
                         spoken=played_by(seat, card, led=i == 0))
        led = f'<span class="led" aria-hidden="true">{escape(t("trick.led"))}</span>' if i == 0 else ""
        slots.append(f'<div class="slot slot-{POS[seat]}{win}" data-key="slot-{seat}">{face}{led}</div>')
    caption = ""
    taker = ""
    if winner is not None:
        caption = t("status.trick_won.you") if winner == 0 else t("status.trick_won", name=seat_name(winner))
        taker = f' data-taker="{winner}"'
    # The caption sits under the trick, never over its cards; its line is always there,
    # so the trick does not jump when it appears.
    return (f'<div class="trick-wrap"><div class="trick" role="group" aria-label="{escape(t("trick.label"))}" '
            f'data-cards="{len(plays)}" data-trick="{obs.deal_number}-{number}"{taker}>'
            + "".join(slots) + "</div>"
            f'<p class="trick-caption">{escape(caption)}</p></div>')


def played_by(seat: int, card: str, led: bool) -> str:
    """A trick's card as a screen reader says it: who played it, and who led ("West led:
    2 of spades"); the slot's place and the "led" badge say it to the eye."""
    return t("trick.played_led" if led else "trick.played", name=seat_name(seat), card=card_name(card))


def layout_view(obs: Observation) -> str:
    """§6: four rows, one per suit, growing from the jack; unplayed places outlined."""
    rows = []
    legal = set(legal_texts(obs)) if obs.to_move == 0 else set()
    laid_by = {card_text(c): s for s, c in obs.layout_plays if c >= 0}  # a pass is -1
    latest = next(reversed(laid_by), None)
    for suit, row in zip(SUITS, obs.layout, strict=True):
        cells = []
        for r in range(13):
            card = RANKS[r] + suit
            if row and row[0] <= r <= row[1]:
                cells.append(card_face(card, cls="cell latest" if card == latest else "cell", flip=flip_id(obs, card),
                                       attrs=f'data-from="{laid_by[card]}"' if card in laid_by else ""))
            else:
                hint = " next" if card in legal else ""
                jack = " jack" if r == 9 else ""
                cells.append(f'<span class="cell empty{jack}{hint}" aria-hidden="true">'
                             f'{rank_label(card) if r == 9 else ""}</span>')
        state = "open" if row else "closed"
        # a group per suit, so a screen reader hears the layout by suit, not 16 cards in a row
        said = t("layout.row" if row else "layout.row_closed", suit=t("suit." + suit))
        rows.append(f'<div class="row {state} {suit_class("x" + suit)}" data-suit="{suit}" role="group" '
                    f'aria-label="{escape(said)}">'
                    f'<span class="row-suit" aria-hidden="true">{SUIT_SYMBOL[suit]}</span>'
                    + "".join(cells) + "</div>")
    hint = "" if any(obs.layout) else f'<p class="layout-hint">{escape(t("layout.empty"))}</p>'
    return (f'<div class="layout" role="group" aria-label="{escape(t("layout.label"))}">'
            + "".join(rows) + hint + "</div>")


# The doubling question's safe answer (no double, no redeal): the prompt focuses it first,
# so a habitual Enter does not double (focus.py), and P gives it (controls.py).
SAFE = f' data-autofocus aria-keyshortcuts="{SHORTCUT_KEYS["pass"]}"'


def prompt_view(obs: Observation, ui: UI) -> str:
    """The king's contract picker and the doubling/redeal answers (§2.2, §4, §5)."""
    if obs.to_move != 0:
        return ""
    legal = legal_texts(obs)
    values = ui["values"]  # from the engine's scoring (values.py)
    title_id = ui.get("idp", "") + "prompt-title"
    nav = 'data-nav="prompt"'
    if obs.phase == "choose":
        per = values["contract"]
        places = iso("/".join(score_text(p) if i == 0 else str(p) for i, p in enumerate(values["places"])))
        buttons = "".join(
            f'<button type="button" class="contract-btn" data-action="move" data-move="{c}" data-key="choice-{c}" {nav}>'
            f'<strong>{escape(contract_name(c))}</strong>'
            f'<small>{escape(t("contract.help." + c, v=score_text(per.get(c, 0)), places=places))}</small></button>'
            for c in legal)
        return f"""
<div class="prompt" role="group" aria-labelledby="{title_id}" data-prompt="choose" data-key="prompt-choose">
  <h2 id="{title_id}">{escape(t("prompt.choose.title"))}</h2>
  <p>{escape(t("prompt.choose.text"))}</p>
  <div class="choices">{buttons}</div>
</div>"""
    if obs.phase == "announce":
        doublable = sorted({card_text(c) for m in obs.legal if m.kind == DOUBLE for c in cards_of(m.cards)},
                           key=lambda c: (SUITS.index(c[1]), c[0]))
        parts = []
        if len(doublable) == 1:
            c = doublable[0]
            loss, gain = values["double"][c]
            key = "prompt.double_kh" if c == "KH" else "prompt.double_q"
            title = t(key + ".title")
            text = t(key + ".text", loss=score_text(loss), gain=score_text(gain))
            parts.append(f"""<h2 id="{title_id}">{escape(title)}</h2><p>{escape(text)}</p>
<div class="choices">
  <button type="button" data-action="move" data-move="double:{c}" data-key="choice-double" {nav}>{escape(t("btn.double"))} {card_symbol(c)}</button>
  <button type="button" data-action="move" data-move="nodouble" data-key="choice-nodouble" {nav}{SAFE}>{escape(t("btn.no_double"))}</button>
</div>""")
        elif doublable:
            cx = obs.contract is Contract.COMPLEX
            loss, gain = values["double"][doublable[0]]
            title = t("prompt.double_cx.title") if cx else t("prompt.double_q.title")
            text = (t("prompt.double_cx.text") if cx
                    else t("prompt.double_q.text", loss=score_text(loss), gain=score_text(gain)))
            marked = [c for c in doublable if c in (ui.get("dbl") or ())]  # ticked so far (app.py)
            boxes = "".join(
                f'<label class="dbl"><input type="checkbox" name="dbl" value="{c}" data-key="choice-dbl-{c}" '
                f'data-change="dbl"{" checked" if c in marked else ""} {nav}> '
                f'{card_face(c, cls="pick")}</label>' for c in doublable)
            # the button says what it will do as the boxes are ticked: with none ticked it is the
            # "no double" answer itself (and the only one shown)
            label = (t("btn.double_these", cards=" ".join(card_symbol(c) for c in marked)) if marked
                     else t("btn.no_double"))
            none = "" if marked else ' data-move="nodouble"' + SAFE
            plain = (f'<button type="button" data-action="move" data-move="nodouble" data-key="choice-nodouble" {nav}{SAFE}>'
                     f'{escape(t("btn.no_double"))}</button>' if marked else "")
            parts.append(f"""<h2 id="{title_id}">{escape(title)}</h2><p>{escape(text)}</p>
<div class="choices">{boxes}</div>
<div class="choices">
  <button type="button" data-action="double-selected" data-key="choice-double-selected"{none} {nav}>{escape(label)}</button>
  {plain}
</div>""")
        if "redeal" in legal:
            if not parts:
                parts.append(f'<h2 id="{title_id}">{escape(t("prompt.redeal.title"))}</h2>')
            no_double = ("" if doublable else
                         f'<button type="button" data-action="move" data-move="nodouble" data-key="choice-nodouble" '
                         f'{nav}{SAFE}>{escape(t("btn.no_double"))}</button>')
            parts.append(f"""<p>{escape(t("prompt.redeal.text"))}</p>
<div class="choices">
  <button type="button" data-action="move" data-move="redeal" data-key="choice-redeal" {nav}>{escape(t("btn.redeal"))}</button>
  {no_double}
</div>""")
        if not parts:
            return ""
        return (f'<div class="prompt" role="group" aria-labelledby="{title_id}" data-prompt="announce" '
                f'data-key="prompt-announce">' + "".join(parts) + "</div>")
    return ""


def centre(obs: Observation, ui: UI) -> str:
    parts = []
    if obs.phase in ("choose", "announce"):
        p = prompt_view(obs, ui)
        if p:
            parts.append(p)
        else:
            key = "status.wait_choose" if obs.phase == "choose" else "status.wait_announce"
            parts.append(f'<p class="waiting">{escape(t(key, name=seat_name(obs.king)))}</p>')
            if obs.phase == "choose":  # what a bot king chooses from (your own picker shows it)
                parts.append(f'<p class="note" data-k="left">{escape(left_text(obs))}</p>')
        for claimant, cards in obs.redeals:
            shown = " ".join(card_symbol(c) for c in sort_hand(texts(cards)))
            parts.append(f'<p class="note">{escape(t("prompt.redeal_claimed", name=seat_name(claimant), cards=shown))}</p>')
    elif is_trex(obs):
        parts.append(layout_view(obs))
    else:
        parts.append(trick_view(obs, ui))
    last = ui.get("last_trick")
    if ui.get("show_last") and last:
        title, trick = last_trick(last)
        last_id = ui.get("idp", "") + "last-title"
        parts.append(f"""<div class="last-trick" role="dialog" aria-labelledby="{last_id}" data-key="last-trick">
<h2 id="{last_id}">{escape(title)}</h2>
{trick}
{CLOSE_LAST.format(escape(t("btn.close")))}</div>""")
    parts.append(marks_legend(obs))
    # No live region here: the page announces what happens in one polite region outside
    # the rendered table (announce.py), once per event.
    return (f'<section class="centre" data-part="centre" aria-label="{escape(t("centre.label"))}">'
            f'{"".join(parts)}</section>')


def last_trick(last: Mapping[str, Any]) -> tuple[str, str]:
    """The last trick's title ("Last trick: West led, you took it") and its cards."""
    winner = last["winner"]
    doubled = {c for c, _ in last.get("doubled", [])}
    leader = last.get("leader", last["plays"][0][0])
    faces = "".join(
        f'<div class="slot slot-{POS[s]}{" winner" if s == winner else ""}" data-key="last-{s}">'
        f'{card_face(c, doubled=c in doubled, spoken=played_by(s, c, led=s == leader))}'
        + (f'<span class="led" aria-hidden="true">{escape(t("trick.led"))}</span>' if s == leader else "")
        + "</div>"
        for s, c in last["plays"])
    key = "trick.last_prev" if last.get("prev") else "trick.last_by"
    title = t(key + (".same" if leader == winner else ""), leader=seat_name(leader), name=seat_name(winner))
    return title, f'<div class="trick" role="group" aria-label="{escape(t("trick.last"))}">{faces}</div>'


CLOSE_LAST = '<button type="button" data-action="close-last" data-autofocus>{}</button>'


def last_trick_dialog(ui: UI) -> str:
    """L on a deal's summary: the deal's last trick in a dialog of its own, in the
    summary's place until it closes (controls.py)."""
    title, trick = last_trick(ui["last_trick"])
    return overlay("last-trick", title, trick, CLOSE_LAST.format(escape(t("btn.close"))), ui.get("idp", ""))


def marks_legend(obs: Observation) -> str:
    """A line explaining the marks on the table while there are any: ⚑ before the cards a
    seat took that lie face up (§3.6), ×2 on a doubled card (§4)."""
    lines = []
    if any(obs.face_up):
        lines.append(f'<span data-mark="taken"><span aria-hidden="true">\u2691</span> {escape(t("marks.taken"))}</span>')
    if obs.doubled:
        lines.append(f'<span data-mark="doubled">{times_two(hidden=True)} {escape(t("marks.doubled"))}</span>')
    return f'<p class="marks-legend">{" ".join(lines)}</p>' if lines else ""


# ---------------------------------------------------------------- your hand
def hand_view(obs: Observation, ui: UI) -> str:
    """Your cards, sorted, as buttons. A long hand comes in two halves (``hand-row``): the
    CSS shows them as two rows on a narrow screen and as one fan elsewhere. ``ui["raised"]``
    is the card a first tap raised on a touch screen (app.py): a second tap plays it."""
    doubled = doubled_map(obs)
    hand = sort_hand(texts(obs.hand))
    if ui.get("readonly"):  # a diagram (an embedded table's view and replay): nothing to press
        # as cards, and as suit lines that a small frame shows instead (style.css)
        faces = "".join(card_face(c, cls="in-hand", doubled=c in doubled, flip=flip_id(obs, c)) for c in hand)
        return (f'<div class="hand readonly" role="group" aria-label="{escape(t("hand.label"))}" '
                f'data-count="{len(hand)}" style="--count:{max(len(hand), 1)}"><div class="hand-row" '
                f'style="--row:{len(hand)}">{faces}</div></div><div class="hand-lines" aria-hidden="true">'
                f'{open_hand_view(hand, doubled)}</div>')
    your_play = obs.to_move == 0 and obs.phase == "play"
    legal = set(legal_texts(obs)) if your_play else set()
    raised = ui.get("raised") if your_play else None
    cards = []
    # One Tab stop for the whole hand (arrows move inside it): the first card you may play.
    entry = next((c for c in hand if c in legal), hand[0] if hand else None)
    for c in hand:
        playable = c in legal
        cls = "playable" if playable else ("unplayable" if your_play else "")
        if playable and c == raised:
            cls += " raised"
        attrs = (f'data-action="move" data-move="{c}" data-key="hand-{c}" data-nav="hand" '
                 f'tabindex="{0 if c == entry else -1}"' + ("" if playable else ' aria-disabled="true"'))
        if playable and c == raised:
            attrs += ' aria-pressed="true"'
        cards.append(card_face(c, cls=f"in-hand {cls}", doubled=c in doubled, attrs=attrs, tag="button",
                               flip=flip_id(obs, c)))
    n = len(cards)
    halves = [cards[:(n + 1) // 2], cards[(n + 1) // 2:]] if n > 7 else [cards]
    rows = "".join(f'<div class="hand-row" style="--row:{len(h)}">{"".join(h)}</div>' for h in halves)
    pass_btn = ""
    if "pass" in legal:
        pass_btn = (f'<button type="button" class="pass-btn" data-action="move" data-move="pass" data-key="pass" '
                    f'data-nav="hand" aria-keyshortcuts="{SHORTCUT_KEYS["pass"]}">{escape(t("btn.pass"))}</button>')
    return (f'<div class="hand" data-part="hand" role="group" aria-label="{escape(t("hand.label"))}" '
            f'data-count="{n}" style="--count:{max(n, 1)}">{rows}</div>{pass_btn}')


def status_line(obs: Observation, ui: UI) -> str:
    """What the game waits for, under the felt. Not a live region: announce.py says what
    happens, once, in the table's one polite region; a refused move is an alert."""
    msg = ui.get("message")
    if msg:
        return f'<p class="status refused" role="alert">{escape(msg)}</p>'
    note = ui.get("note")  # an embedded table's caption, an exercise's feedback, a friend's page offline: (class, text)
    if note:
        return f'<p class="status {note[0]}">{escape(note[1])}</p>'
    drops = ui.get("drops") or {}
    tm = obs.to_move
    if tm is not None and tm in drops and not finished(obs):  # a friend by link to move has dropped (link.py)
        return f'<p class="status dropped">{escape(t("link.status.dropped", name=seat_name(tm), n=drops[tm]))}</p>'
    yours = " yours" if obs.to_move == 0 and not finished(obs) and not obs.forced_answer else ""
    return f'<p class="status{yours}">{escape(status_text(obs, ui.get("raised")))}</p>'


# ---------------------------------------------------------------- the page
# The table's parts, each one element with ``data-part``; the page re-applies only the
# parts whose HTML changed (one bot's card changes its seat, the centre and the top bar;
# the score sheet, half of the table's elements, changes once a deal). The felt's own
# part is its element without children (``data-shell``): its children are parts.
FELT_PARTS = ("seat-2", "seat-3", "centre", "seat-1", "you")


# Parts inside parts: the top bar's counters (a move changes its turn) and its tools (whose
# icons are most of its HTML, and rarely change); your seat's line and your hand. When only
# they changed, only they are morphed (narrow): the page parses and compares less HTML.
SUBPARTS = {"topbar": ("counters", "tools"), "you": ("you-line", "hand")}


def _element(html: str, part: str) -> tuple[int, int] | None:
    """Where the element ``data-part="<part>"`` starts and ends in ``html`` (this module's
    HTML: its text is escaped, so a tag is a tag), or None."""
    at = html.find(f' data-part="{part}"')
    if at < 0:
        return None
    start = html.rfind("<", 0, at)
    tag = re.match(r"<([a-z0-9]+)", html[start:])
    if tag is None:
        return None
    depth = 0
    for m in re.compile(rf"<(/?){tag.group(1)}[\s>]").finditer(html, start):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return start, html.index(">", m.start()) + 1
    return None


def narrow(name: str, old: str | None, new: str) -> list[list[str]]:
    """What to morph for part ``name`` whose HTML went from ``old`` to ``new``: its parts
    inside (SUBPARTS) that changed when nothing else of it did, else the whole part."""
    subs = SUBPARTS.get(name)
    whole_part = [[name, new]]
    if not subs or old is None:
        return whole_part
    out = []
    for sub in subs:
        a, b = _element(old, sub), _element(new, sub)
        if a is None or b is None:
            return whole_part
        if old[a[0]:a[1]] != new[b[0]:b[1]]:
            out.append([sub, new[b[0]:b[1]]])
        old, new = old[:a[0]] + old[a[1]:], new[:b[0]] + new[b[1]:]
    return out if old == new and out else whole_part


Dialog = Callable[[str | None, Observation, UI], str]
"""Draws the dialog ``ui["overlay"]`` names ("" for none): dialogs.html, the one registry,
handed in by the table that draws (the board draws the table behind it, not the dialogs)."""


def table(obs: Observation, ui: UI, dialog: Dialog) -> str:
    """The whole table. ``ui["idp"]`` prefixes every id (one prefix per table on a page)."""
    return whole(table_parts(obs, ui, dialog))


# A table's elements: the table's view (morphed), the screen reader's live region, and the
# layer the cards move in. render.py puts them into a table's element, unless they are there:
# build.py writes them into index.html's #app (early.js paints an opening into them) and
# into a lesson's painted tables (embedpaint.py).
def skeleton(view_html: str = "") -> str:
    """A table element's inside around its view's HTML (empty: render.py's first state)."""
    return ('<div class="table-view">' + view_html + '</div>'
            '<div class="sr-only" role="log" aria-live="polite" data-region="announce"></div>'
            '<div class="fx" aria-hidden="true"></div>')


SKELETON = skeleton()


def whole(parts: list[tuple[str, str]]) -> str:
    """The table's HTML from its parts (``table_parts``)."""
    p = dict(parts)
    tag = p["felt"][1:p["felt"].index(" ")]
    felt = (p["felt"].removesuffix(f" data-shell></{tag}>") + ">" + "".join(p[name] for name in FELT_PARTS)
            + f"</{tag}>")
    return f'{p["topbar"]}\n<div class="main">{felt}{p["side"]}</div>\n{p["overlay"]}'


_SHEETS: dict[tuple[Any, ...], str] = {}  # side_part's HTML by everything it is drawn from


def side_part(obs: Observation, kings: list[int], teams: list[list[int]], inert: str) -> str:
    """The score sheet beside the felt. It changes once a deal, and is half of the table's
    elements: made again only when what it is drawn from changes (the language, the seats'
    names, the rules, the deals' scores, the deal being played, the totals, the kings, the
    teams), else the HTML made last time (the page then skips it as unchanged)."""
    key = (current(), tuple(seat_name(s) for s in range(4)), obs.rules, obs.history, obs.kingdom,
           obs.contract, obs.is_over, obs.totals, tuple(kings), tuple(map(tuple, teams)), inert)
    html = _SHEETS.get(key)
    if html is None:
        html = (f'<aside class="side" data-part="side" tabindex="-1" aria-label="{escape(t("sheet.title"))}"{inert}>'
                f"{score_sheet(obs, kings, teams)}</aside>")
        if len(_SHEETS) >= 16:  # (a page of many tables, a language switched: a few kept)
            _SHEETS.clear()
        _SHEETS[key] = html
    return html


def table_parts(obs: Observation, ui: UI, dialog: Dialog) -> list[tuple[str, str]]:
    """The table as its parts, in order: (name, HTML of that element), with the dialog on
    screen drawn by ``dialog``."""
    kings = ui["kings"]
    teams = ui["values"]["teams"]
    kind = ui.get("overlay")
    # L on a deal's summary: the deal's last trick instead, until it closes (controls.py)
    peek = kind == "summary" and ui.get("peek_last") and ui.get("show_last") and ui.get("last_trick")
    ov = last_trick_dialog(ui) if peek else dialog(kind, obs, ui)  # the dialog on screen, if any
    if kind == "summary" and ov:
        # behind it, the finished deal as it lies, its last trick still on show
        ui = dict(ui, held=ui.get("held") or ui.get("last_trick"), show_last=False, message=None)
    mode = "trex" if is_trex(obs) and dealt(obs) else "tricks"
    # a modal dialog makes the table behind it inert: no focus, no clicks, hidden from
    # screen readers (the dialog is the page until it closes)
    inert = " inert" if ov else ""
    ui = dict(ui, inert=bool(ov))
    tag = ui.get("felt_tag", "main")  # a page of many tables has no <main> per table
    label = f' aria-label="{escape(t("table.label"))}"' if tag != "main" else ""
    felt = (f'<{tag} class="felt" data-part="felt" data-mode="{mode}" data-phase="{obs.phase}" tabindex="-1"'
            f'{label}{inert}')
    # your seat and the status line in one line box (.you-line: a row on short screens);
    # the hand outside it, so no flexbox has to lay the hand out to size itself (style.css)
    you = (f'<section class="you" data-part="you"><div class="you-line" data-part="you-line">{seat_panel(obs, 0, ui)}'
           f'{status_line(obs, ui)}</div>{hand_view(obs, ui)}</section>')
    side = side_part(obs, kings, teams, inert)
    return [("topbar", topbar(obs, ui)), ("felt", felt + f" data-shell></{tag}>"),
            ("seat-2", seat_panel(obs, 2, ui)), ("seat-3", seat_panel(obs, 3, ui)), ("centre", centre(obs, ui)),
            ("seat-1", seat_panel(obs, 1, ui)), ("you", you), ("side", side),
            ("overlay", f'<div class="overlay-slot" data-part="overlay">{ov}</div>')]

