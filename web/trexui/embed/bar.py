"""An embedded table's own pieces of HTML (docs/EMBED.md): its bar in place of the main
table's top bar (what is played, whose deal, and the mode's controls), and the message a
frame shows instead of a table when a parameter is wrong. Pure functions, like view.py.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from trex_core import Move, Observation, card_text, cards_of
from trex_core.moves import CARD, DOUBLE, PASS, REDEAL

from ..i18n.strings import t
from ..view.board import Dialog, table_parts
from ..view.faces import UI, card_symbol, contract_name, refusal_text, seat_name

# Step icons (24×24, drawn with the text colour): no font has to hold ⏮ or ⏭.
ICON = {"first": '<path d="M6 5v14"/><path d="M18 5l-9 7 9 7z"/>',
        "back": '<path d="M16 5l-9 7 9 7z"/>',
        "forward": '<path d="M8 5l9 7-9 7z"/>',
        "last": '<path d="M18 5v14"/><path d="M6 5l9 7-9 7z"/>'}


def button(action: str, label: str, attrs: str = "", cls: str = "") -> str:
    return (f'<button type="button" class="tool{cls}" data-action="{action}" data-key="embed-{action}"'
            f'{attrs}>{escape(label)}</button>')


def step_button(action: str, key: str, disabled: bool) -> str:
    """A replay step button: a symbol, its name for screen readers and as a tooltip.
    Arrows point the way the reading goes (mirrored in a right-to-left page by the CSS)."""
    off = " disabled" if disabled else ""
    return (f'<button type="button" class="tool step-btn" data-action="{action}" data-key="embed-{action}" '
            f'title="{escape(t(key))}" aria-label="{escape(t(key))}"{off}>'
            f'<svg class="icon glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
            f'{ICON[action.removeprefix("step-")]}</svg></button>')


def bar(obs: Observation, ui: UI) -> str:
    """The embedded table's bar: the contract and the king, and the mode's controls."""
    e: dict[str, Any] = ui["embed"]
    contract = (t("bar.contract", name=contract_name(obs.contract)) if obs.contract
                else t("bar.no_contract"))
    controls = ""
    mode = e["mode"]
    if mode == "replay":
        step, n = e["step"], e["steps"]
        controls = (step_button("step-first", "embed.first", step == 0)
                    + step_button("step-back", "embed.back", step == 0)
                    + f'<span class="step-count" aria-live="off">{escape(t("embed.step", n=step, of=n))}</span>'
                    + step_button("step-forward", "embed.forward", step == n)
                    + step_button("step-last", "embed.last", step == n))
    elif mode == "play":
        controls = button("restart", t("embed.restart"))
    elif mode == "exercise":
        if e.get("judged") is not None:
            controls = button("try-again", t("embed.try_again"))
        controls += button("show-answer", t("embed.show_answer"), " disabled" if e.get("shown") else "")
    inert = " inert" if ui.get("inert") else ""
    return f"""
<header class="topbar embed-bar" data-part="topbar"{inert}>
  <ul class="counters" aria-label="{escape(t("bar.label"))}">
    <li data-k="contract">{escape(contract)}</li>
    <li data-k="king">{escape(t("bar.king", name=seat_name(obs.king)))}</li>
  </ul>
  <nav class="tools" aria-label="{escape(t("embed.controls." + mode))}">{controls}</nav>
</header>"""


def parts(obs: Observation, ui: UI, dialog: Dialog) -> list[tuple[str, str]]:
    """The table's parts (board.table_parts) with the embedded bar and no score sheet."""
    out = []
    table = table_parts(obs, ui, dialog)
    inert = 'class="dialog' in dict(table)["overlay"]  # a dialog is open: the bar waits behind it
    for name, html in table:
        if name == "topbar":
            html = bar(obs, dict(ui, inert=inert))
        elif name == "side":
            html = '<aside class="side" data-part="side" hidden></aside>'
        out.append((name, html))
    return out


# The engine's refusals that the table words for the reader ("You do not hold 9♠"): a move
# given in the address may be another seat's, so these name the seat that made it.
SEAT_REFUSALS = ("not-held", "must-play", "heart-lead", "follow-suit", "forced-discard")


def refusal_of(seat: Any, refusal: str, why: dict[str, Any]) -> str:
    """Why the engine refused a given move, naming the (real) seat that made it."""
    if not isinstance(seat, int) or refusal not in SEAT_REFUSALS:
        return refusal_text(refusal, why)
    return refusal_text(refusal, {**why, "seat": t(f"compass.{seat}")}, words="embed.refusal")


def problem_text(code: str, params: dict[str, Any]) -> str:
    """A wrong parameter's problem, in words (``embed.error.<code>``)."""
    kw = dict(params)
    if code == "illegal":
        kw = {"move": kw["move"], "why": refusal_of(kw.get("seat"), kw["refusal"], kw["why"])}
    elif code == "choice":
        kw = {"value": kw["value"], "choices": kw["choices"]}
    return t(f"embed.error.{code}", **kw)


def error(param: str, code: str, params: dict[str, Any]) -> str:
    """What a frame shows when a parameter is wrong: the parameter and the problem."""
    problem = problem_text(code, params)
    return (f'<div class="embed-error" role="alert"><h2>{escape(t("embed.error.title"))}</h2>'
            f'<p>{escape(t("embed.error.param", param=param))}</p><p class="problem">{escape(problem)}</p>'
            f'<p class="small">{escape(t("embed.error.help"))}</p></div>')


def answer_text(moves: Sequence[Move]) -> str:
    """The accepted moves as the reader sees them (cards by their faces)."""
    out = []
    for m in moves:
        if m.kind == CARD:
            out.append(card_symbol(card_text(m.card)))
        elif m.kind == DOUBLE and m.cards:
            out.append(t("embed.answer.double", cards=" ".join(card_symbol(card_text(c)) for c in cards_of(m.cards))))
        elif m.kind == DOUBLE:
            out.append(t("embed.answer.nodouble"))
        elif m.kind in (PASS, REDEAL):
            out.append(t(f"embed.answer.{m.kind}"))
        else:  # a contract (the king's choice)
            out.append(contract_name(str(m)))
    return t("list.comma").join(out)
