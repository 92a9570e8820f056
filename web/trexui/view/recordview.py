"""The HTML of the game-record dialogs: export and import, the
question before an unfinished record replaces the match, the replay viewer, and the notice
of a tab whose match was played on in another tab. Pure functions of plain data (records.py
gives the viewer's state), tested under CPython like view.py.

A record's problem text is the engine's (English, technical): it is shown as it is, marked
``lang="en" dir="ltr"``, inside a frame in the page's language that names the line.
"""
from __future__ import annotations

from html import escape
from typing import Any

from ..i18n.strings import t
from .faces import (
    SUIT_SYMBOL,
    SUITS,
    card_name,
    card_symbol,
    contract_name,
    row_text,
    score_text,
    seat_name,
    sort_hand,
    suit_class,
    suit_colour,
)
from .frame import overlay

REPLAY_ACTIONS = {"replay-first": "first", "replay-back": "back", "replay-forward": "forward",
                  "replay-last": "last", "replay-deal-back": "deal-back", "replay-trick-back": "trick-back",
                  "replay-trick-forward": "trick-forward", "replay-deal-forward": "deal-forward"}
REPLAY_KEYS = {"replay-first": "Home", "replay-back": "ArrowLeft", "replay-forward": "ArrowRight",
               "replay-last": "End", "replay-deal-back": "PageUp", "replay-trick-back": "Shift+ArrowLeft",
               "replay-trick-forward": "Shift+ArrowRight", "replay-deal-forward": "PageDown"}
"""The viewer's keys (recordui.on_key): a move, a trick with Shift, a deal a page at a time
(in the reading direction: in Arabic the left arrow goes on)."""


def problem_text(problem: dict[str, Any]) -> str:
    """A record that cannot be opened: the frame translated, the engine's problem as it is."""
    code = problem.get("code")
    if code == "record":
        return (f'{escape(t("rec.bad.line", line=problem.get("line", 0)))} '
                f'<span class="rec-problem" lang="en" dir="ltr">{escape(str(problem.get("problem", "")))}</span>')
    return escape(t("rec.bad.too_long" if code == "too-long" else "rec.bad.empty"))


def records_dialog(data: dict[str, Any], idp: str = "") -> str:
    """Export (download, copy, the text itself) and import (a file, a paste box).
    ``data``: {"text", "name", "url", "copied", "problem", "paste"} (recordui.py)."""
    said = ""
    if data.get("copied") is not None:
        said = f'<p class="note" role="status">{escape(t("rec.copied" if data["copied"] else "rec.select"))}</p>'
    problem = ""
    if data.get("problem"):
        problem = (f'<div class="rec-error" role="alert"><p>{problem_text(data["problem"])}</p>'
                   f'<p>{escape(t("rec.unchanged"))}</p></div>')
    url = data.get("url") or ""
    download = (f'<a class="button primary" href="{escape(url)}" download="{escape(data.get("name", "trex.trex"))}" '
                f'data-key="rec-download" data-autofocus>{escape(t("rec.download"))}</a>' if url else "")
    body = f"""<div class="records">
<section class="rec-export" aria-labelledby="{idp}rec-export">
<h3 id="{idp}rec-export">{escape(t("rec.export"))}</h3>
<p>{escape(t("rec.export.text"))}</p>
<label for="{idp}rec-text" class="sr-only">{escape(t("rec.export"))}</label>
<textarea id="{idp}rec-text" class="rec-text" readonly rows="4" dir="ltr" spellcheck="false">{escape(data.get("text", ""))}</textarea>
<p class="rec-row">{download}<button type="button" data-action="record-copy">{escape(t("rec.copy"))}</button></p>{said}
</section>
<section class="rec-import" aria-labelledby="{idp}rec-import">
<h3 id="{idp}rec-import">{escape(t("rec.import"))}</h3>
<p>{escape(t("rec.import.text"))}</p>
<p class="rec-label" id="{idp}rec-file-label">{escape(t("rec.file"))}</p>
<p class="rec-row"><input type="file" id="{idp}rec-file" class="rec-file" accept=".trex,.txt,text/plain" data-change="record-file" aria-labelledby="{idp}rec-file-label {idp}rec-choose">
<label for="{idp}rec-file" class="button" id="{idp}rec-choose">{escape(t("rec.choose"))}</label></p>
<label for="{idp}rec-paste">{escape(t("rec.paste"))}</label>
<textarea id="{idp}rec-paste" class="rec-paste" rows="4" dir="ltr" spellcheck="false">{escape(data.get("paste", ""))}</textarea>
<p class="rec-row"><button type="button" data-action="record-open">{escape(t("rec.open"))}</button></p>
{problem}
</section></div>"""
    buttons = f'<button type="button" data-action="close">{escape(t("btn.close"))}</button>'
    return overlay("records", t("rec.title"), body, buttons, idp)


def continue_dialog(data: dict[str, Any], in_progress: bool, idp: str = "") -> str:
    """An unfinished record: play it on as the table's match (replacing the one in progress:
    the safe choice, Cancel, has the focus then), or replay it so far. ``data``: records.summary
    plus ``why`` (records.continuation's reason when it cannot be played on)."""
    why = data.get("why")
    text = t("rec.continue.text", deal=data["deal"], deals=data["deals"])
    parts = [f"<p>{escape(text)}</p>"]
    totals = data["totals"]
    parts.append('<p class="rec-totals">' + escape(t("summary.total")) + ": "
                 + escape(t("list.comma").join(f"{seat_name(s)} {score_text(v)}" for s, v in enumerate(totals)))
                 + "</p>")
    if why:
        parts.append(f'<p class="note">{escape(t("rec.cannot." + why))}</p>')
    elif in_progress:
        parts.append(f'<p class="note">{escape(t("rec.continue.replace"))}</p>')
    buttons = ""
    if not why:
        focus = "" if in_progress else " data-autofocus"
        buttons += (f'<button type="button" class="primary" data-action="record-continue"{focus}>'
                    f'{escape(t("rec.continue.yes"))}</button>')
    buttons += f'<button type="button" data-action="record-replay">{escape(t("rec.continue.view"))}</button>'
    safe = " data-autofocus" if in_progress or why else ""
    buttons += f'<button type="button" data-action="close"{safe}>{escape(t("btn.cancel"))}</button>'
    return overlay("record-continue", t("rec.continue.title"), "".join(parts), buttons, idp)


def move_text(move: str) -> str:
    """A recorded move in the page's words: a card by its face, a contract by its name."""
    if len(move) == 2 and move[1] in SUIT_SYMBOL:
        return card_symbol(move)
    if move == "pass":
        return t("rec.move.pass")
    if move == "nodouble":
        return t("rec.move.nodouble")
    if move.startswith("double:"):
        cards = [c for c in move[len("double:"):].split(",") if c]
        return t("rec.move.double", cards=" ".join(card_symbol(c) for c in cards))
    if move == "redeal":
        return t("rec.move.redeal")
    if move == "next":
        return t("rec.move.next")
    return contract_name(move)


def small_card(card: str, *, cls: str = "") -> str:
    # s-<suit>: the four-colour deck (a setting) colours it as on the table (style.css)
    return (f'<span class="rv-card {suit_class(card)} s-{card[1]}{cls}" role="img" '
            f'aria-label="{escape(card_name(card))}" data-card="{card}">{escape(card_symbol(card))}</span>')


def replay_hand(state: dict[str, Any], seat: int) -> str:
    cards = sort_hand(state["hands"][seat])
    doubled = {c for c, _s in state["doubled"]}
    faces = "".join(small_card(c, cls=" doubled" if c in doubled else "") for c in cards)
    name = seat_name(seat)
    king = f' <span class="rv-king">{escape(t("rec.replay.king"))}</span>' if state["king"] == seat else ""
    taken = ""
    if state["contract"] and state["contract"] != "trex":
        taken = f'<span class="rv-taken">{escape(t("rec.replay.taken", n=state["taken"][seat]))}</span>'
    return (f'<section class="rv-seat rv-seat-{seat}" data-seat="{seat}" aria-label="{escape(name)}">'
            f'<h3>{escape(name)}{king}</h3>{taken}'
            f'<div class="rv-hand" data-cards="{" ".join(cards)}">{faces}</div></section>')


def replay_centre(state: dict[str, Any]) -> str:
    if state["contract"] == "trex" and state["phase"] == "play":
        rows = []
        for suit, row in zip(SUITS, state["layout"], strict=True):
            text = row_text(suit, *row) if row else SUIT_SYMBOL[suit] + " \u2014"
            rows.append(f'<li class="{suit_colour(suit)} s-{suit}">{escape(text)}</li>')
        return f'<ul class="rv-layout" aria-label="{escape(t("rec.replay.layout"))}">{"".join(rows)}</ul>'
    if not state["trick"]:
        return ""
    plays = "".join(f'<li data-seat="{s}">{escape(seat_name(s))}: {small_card(c)}</li>' for s, c in state["trick"])
    kind = state["trick_kind"]
    caption = ""
    if kind.startswith("taken:"):
        caption = f'<p class="rv-caption">{escape(t("rec.replay.taken_by", name=seat_name(int(kind[6:]))))}</p>'
    return f'<div class="rv-trick"><ol>{plays}</ol>{caption}</div>'


def replay_scores(state: dict[str, Any]) -> str:
    rows = "".join(f'<tr data-seat="{s}"><th scope="row">{escape(seat_name(s))}</th>'
                   f'<td class="num" data-k="deal">{score_text(state["deal_scores"][s])}</td>'
                   f'<td class="num" data-k="total">{score_text(state["totals"][s])}</td></tr>' for s in range(4))
    return (f'<table class="rv-scores"><thead><tr><th scope="col"><span class="sr-only">{escape(t("summary.player"))}</span></th>'
            f'<th scope="col">{escape(t("summary.score"))}</th><th scope="col">{escape(t("summary.total"))}</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def replay_dialog(state: dict[str, Any], idp: str = "") -> str:
    """The replay viewer: where the match is, the move just made, all four hands face up,
    the trick or the Trex layout, the scores as they were; First / Back / Forward / Last,
    and a deal or a trick back and on (their keys: REPLAY_KEYS)."""
    step, steps = state["step"], state["steps"]
    where = t("rec.replay.where", deal=state["deal"], deals=state["deals"], kingdom=state["kingdom"],
              name=seat_name(state["king"]))
    contract = contract_name(state["contract"]) if state["contract"] else t("bar.no_contract")
    if state.get("trick_no"):
        contract += " · " + t("rec.replay.trick", n=state["trick_no"])
    last = state["last"]
    if last is None:
        said = t("rec.replay.start")
    elif last["seat"] is None:
        said = move_text(last["move"])
    else:
        said = t("rec.replay.played", name=seat_name(last["seat"]), move=move_text(last["move"]))
    over = f'<p class="rv-over">{escape(t("status.over"))}</p>' if state["is_over"] and step == steps else ""
    body = f"""<div class="replay" data-step="{step}" data-steps="{steps}" tabindex="0" role="group" aria-label="{escape(t("rec.replay.title"))}">
<p class="rv-where">{escape(where)} · {escape(contract)}</p>
<p class="rv-move" aria-live="polite"><span class="rv-count">{escape(t("rec.replay.step", n=step, of=steps))}</span> {escape(said)}</p>
{over}
<div class="rv-table">{replay_hand(state, 2)}{replay_hand(state, 3)}<div class="rv-centre">{replay_centre(state)}</div>{replay_hand(state, 1)}{replay_hand(state, 0)}</div>
{replay_scores(state)}
</div>"""

    def btn(action: str, key: str, off: bool, focus: bool = False) -> str:
        dis = " disabled" if off else ""
        return (f'<button type="button" data-action="{action}" data-key="{action}"{dis}'
                f'{" data-autofocus" if focus else ""} aria-keyshortcuts="{REPLAY_KEYS[action]}">'
                f"{escape(t(key))}</button>")

    buttons = (f'<div class="rv-steps" role="group" aria-label="{escape(t("rec.replay.steps"))}">'
               + btn("replay-first", "rec.first", step == 0)
               + btn("replay-back", "rec.back", step == 0, focus=step == steps)
               + btn("replay-forward", "rec.forward", step == steps, focus=step < steps)
               + btn("replay-last", "rec.last", step == steps) + "</div>"
               + f'<div class="rv-steps rv-jumps" role="group" aria-label="{escape(t("rec.replay.jumps"))}">'
               + btn("replay-deal-back", "rec.deal_back", step == 0)
               + btn("replay-trick-back", "rec.trick_back", step == 0)
               + btn("replay-trick-forward", "rec.trick_forward", step == steps)
               + btn("replay-deal-forward", "rec.deal_forward", step == steps) + "</div>"
               + f'<p class="rv-keys note">{escape(t("rec.replay.keys"))}</p>'
               + f'<button type="button" data-action="close">{escape(t("btn.close"))}</button>')
    return overlay("replay", t("rec.replay.title"), body, buttons, idp)


def stale_dialog(idp: str = "") -> str:
    """Another tab has saved a newer match: this tab no longer saves."""
    body = f'<p>{escape(t("stale.text"))}</p>'
    buttons = (f'<button type="button" class="primary" data-action="load-newer" data-autofocus>{escape(t("stale.load"))}</button>'
               f'<button type="button" data-action="close">{escape(t("stale.keep"))}</button>')
    return overlay("stale", t("stale.title"), body, buttons, idp)
