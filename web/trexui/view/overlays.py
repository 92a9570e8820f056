"""The table's dialogs as HTML: a deal's summary, the match's result, the score sheet,
Settings, Help, the questions before a new game, the share links and a damaged save.
Pure functions of seat 0's observation and plain data, as view.py; dialogs.py says which
kind shows which (and what closes it).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from html import escape
from urllib.parse import quote

from trex_core import Contract, Observation, card_text
from trex_core.rules import CHOICES, PRESETS, SWITCHES
from trex_core.scoring import Entry

from ..i18n.strings import LANGUAGES, current, direction, iso, language_name, t, tn
from ..players import seats
from . import rulesview
from .faces import (
    RANKS,
    SUIT_SYMBOL,
    Data,
    card_symbol,
    contract_name,
    doubled_map,
    is_trex,
    refusal_text,
    score_text,
    seat_name,
    sort_hand,
    tricks_won,
)
from .frame import overlay

ICE_FORMS = ("stun:host:port", "turn:host:port user password")  # a servers line (rtc.ice_servers)


# ---------------------------------------------------------------- score sheet
def team_name(members: Iterable[int]) -> str:
    """A partnership by its players' names ("You & North")."""
    a, b = members
    return t("team.name", a=seat_name(a), b=seat_name(b))



def score_sheet(obs: Observation, kings: list[int], teams: list[list[int]],
                current: bool = True, caption: bool = True) -> str:
    """Like the paper sheet: a block per kingdom, a row per contract, a running total;
    in partnership a total per team (``teams``: ``values.of(rules)["teams"]``)."""
    by_kingdom: dict[int, dict[Contract, tuple[int, int, int, int]]] = {}
    for kingdom, _king, contract, scores in obs.history:
        by_kingdom.setdefault(kingdom, {})[contract] = scores
    head = "".join(f'<th scope="col">{escape(seat_name(s))}</th>' for s in range(4))
    body = []
    running = [0, 0, 0, 0]
    for k in range(4):
        played = by_kingdom.get(k, {})
        body.append(f'<tr class="kingdom"><th colspan="5" scope="rowgroup">'
                    f'{escape(t("sheet.kingdom", n=k + 1, name=seat_name(kings[k])))}</th></tr>')
        for c in obs.rules.contracts:
            sc = played.get(c)
            now = current and not obs.is_over and obs.kingdom == k and obs.contract is c
            cls = ' class="now"' if now else ""
            cells = "".join(f"<td>{score_text(v) if sc else ''}</td>" for v in (sc or (0, 0, 0, 0)))
            body.append(f'<tr{cls} data-kingdom="{k}" data-contract="{c.value}"><th scope="row">'
                        f'{escape(t("contract.short." + c.value))}</th>{cells}</tr>')
            if sc:
                running = [a + b for a, b in zip(running, sc, strict=True)]
        if played:
            body.append('<tr class="running"><th scope="row">' + escape(t("sheet.running")) + "</th>"
                        + "".join(f"<td>{score_text(v)}</td>" for v in running) + "</tr>")
    foot = ('<tr class="total"><th scope="row">' + escape(t("sheet.total")) + "</th>"
            + "".join(f'<td data-seat="{s}">{score_text(v)}</td>' for s, v in enumerate(obs.totals))
            + "</tr>")
    if obs.rules.partnership:
        # a row per team (the engine's partners, §8.1), its total under each member's column
        for team, members in enumerate(teams):
            total = sum(obs.totals[s] for s in members)
            cells = "".join(f'<td data-seat="{s}">{score_text(total)}</td>' if s in members else "<td></td>"
                            for s in range(4))
            foot += (f'<tr class="teams team-{team}" data-team="{team}"><th scope="row">'
                     f'{escape(team_name(members))}</th>{cells}</tr>')
    cap = f'<caption>{escape(t("sheet.title"))}</caption>' if caption else ""
    return (f'<table class="sheet">{cap}'
            f'<thead><tr><th scope="col"><span class="sr-only">{escape(t("sheet.contract"))}</span></th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody>'
            f"<tfoot>{foot}</tfoot></table>")


# ---------------------------------------------------------------- overlays
def deal_summary(obs: Observation, idp: str = "", buttons: str = "", aids: str = "", more: str = "") -> str:
    """Over the finished deal (phase ``deal-over``, or the match's last deal): what each
    seat took and why it scored what it did (the deal's ledger), its score and total."""
    rows = []
    for s in range(4):
        took = "".join(f'<span class="line">{escape(line)}</span>' for line in took_lines(obs, s))
        rows.append(f'<tr data-seat="{s}"><th scope="row">{escape(seat_name(s))}</th><td class="took">{took}</td>'
                    f'<td class="num">{score_text(obs.deal_scores[s])}</td>'
                    f'<td class="num">{score_text(obs.totals[s])}</td></tr>')
    note = ""
    if obs.redeals:
        note = f'<p class="note">{escape(t("summary.redealt", name=seat_name(obs.redeals[-1][0])))}</p>'
    body = (f'<p>{escape(t("summary.king", name=seat_name(obs.king)))}</p>{note}'
            f'<table class="summary"><thead><tr><th scope="col"><span class="sr-only">{escape(t("summary.player"))}</span></th>'
            f'<th scope="col">{escape(t("summary.finished" if is_trex(obs) else "summary.took"))}</th>'
            f'<th scope="col" class="num">{escape(t("summary.score"))}</th>'
            f'<th scope="col" class="num">{escape(t("summary.total"))}</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{aids}')
    if not buttons:
        label = t("btn.see_result") if obs.is_over else t("btn.next_deal")
        buttons = f'<button type="button" class="primary" data-action="next-deal">{escape(label)}</button>{more}'
    per = len(obs.rules.contracts)
    title = t("summary.title", k=obs.kingdom + 1, n=obs.deal_number % per + 1, of=per,
              contract=contract_name(obs.contract))
    return overlay("summary", title, body, buttons, idp)


def entry_card(e: Entry) -> str | None:
    """The card of a ledger entry as its text (None: no card, or a Trex place)."""
    return card_text(e.card) if e.card >= 0 and e.reason != "place" else None


def took_lines(obs: Observation, s: int) -> list[str]:
    """What seat ``s`` took in the deal on the table, one line per reason for its score,
    read from the deal's ledger: its place in Trex; else its tricks and plain penalty
    cards, then each doubled card it took (§4.3, §4.4) or was paid for."""
    ledger = obs.ledger
    mine = [e for e in ledger if e.seat == s]
    if is_trex(obs):
        return [t(f"summary.place.{e.card + 1}") for e in mine if e.reason == "place"]
    doubler = doubled_map(obs)
    taken = sort_hand([card_text(e.card) for e in mine if e.reason == "card"])
    plain = [c for c in taken if c not in doubler]
    lines = [tn("summary.tricks", tricks_won(obs)[s])
             + (" \u00b7 " + " ".join(card_symbol(c) for c in plain) if plain else "")]
    for c in taken:
        if c in doubler:
            points = sum(e.points for e in mine if entry_card(e) == c and e.reason in ("card", "doubled"))
            key = "summary.own_double" if doubler[c] == s else "summary.doubled_taken"
            lines.append(t(key, card=card_symbol(c), score=score_text(points)))
    taker = {entry_card(e): e.seat for e in ledger if e.reason == "doubled"}
    for e in mine:
        if e.reason in ("double-paid", "leader-paid"):
            card = entry_card(e)
            if e.reason == "double-paid":
                key = "summary.double_paid"
            else:  # §4.4 jawaker; ".self": the doubler led that trick himself
                key = "summary.double_lead" + (".self" if taker[card] == s else "")
            lines.append(t(key, card=card_symbol(card or ""), name=seat_name(taker[card]),
                           score=score_text(e.points)))
    return lines


def final_result(obs: Observation, kings: list[int], teams: list[list[int]],
                 idp: str = "") -> str:
    """The match's result: the winner, the final ranking with each place
    (equal totals share a place, §2.5; in partnership by team, §8.1, ``teams``:
    ``values.of(rules)["teams"]``), the score sheet, and New match / Export record / Close
    (Escape too: the table behind it then offers the result again, ending.over_prompt)."""
    totals = obs.totals
    partnership = obs.rules.partnership
    if partnership:
        sides = [(team_name(members), sum(totals[s] for s in members), f'data-team="{i}"')
                 for i, members in enumerate(teams)]
        you_win_of = [0 in members for members in teams]
    else:
        sides = [(seat_name(s), totals[s], f'data-seat="{s}"') for s in range(4)]
        you_win_of = [s == 0 for s in range(4)]
    sums = [total for _name, total, _attr in sides]
    places = [1 + sum(1 for u in sums if u > v) for v in sums]  # §2.5: equal totals share the place
    names = [sides[i][0] for i in range(len(sides)) if places[i] == 1]
    you_win = any(places[i] == 1 and you_win_of[i] for i in range(len(sides)))
    order = sorted(range(len(sides)), key=lambda i: (places[i], i))
    ranking = "".join(
        f'<li {sides[i][2]} data-place="{places[i]}"{" class=first" if places[i] == 1 else ""}>'
        f'<span class="place">{escape(t("result.place", n=places[i]))}</span> '
        f'<span class="who">{escape(sides[i][0])}</span> <strong class="total">{score_text(sums[i])}</strong></li>'
        for i in order)
    if you_win and len(names) == 1:
        head = t("result.you_win")
    elif len(names) == 1 and partnership:
        head = t("result.team_wins", name=names[0])
    elif len(names) == 1:
        head = t("result.winner", name=names[0])
    else:
        head = t("result.winners", names=t("list.comma").join(names))
    body = (f'<p class="winner" data-winner="{escape(",".join(names))}">{escape(head)}</p>'
            f'<ol class="ranking" aria-label="{escape(t("result.ranking"))}">{ranking}</ol>'
            f'<div class="sheet-wrap">{score_sheet(obs, kings, teams, current=False)}</div>')
    buttons = (f'<button type="button" class="primary" data-action="new-game-now">{escape(t("result.new_match"))}</button>'
               f'<button type="button" data-action="records">{escape(t("result.export"))}</button>'
               f'<button type="button" data-action="close">{escape(t("btn.close"))}</button>')
    return overlay("result", t("result.title"), body, buttons, idp)


def save_error_text(why: Data) -> str:
    """Why a save was not restored, in the page's words: ``{"code", "params"}`` of a
    ``store.SaveError`` (or ``bug``, an unexpected error). A move the engine refused says
    why by the refusal's code; ``detail`` (a Python error's text) stays technical."""
    code = str(why.get("code") or "bug")
    params: dict[str, object] = dict(why.get("params") or {})
    move = params.get("move")
    if isinstance(move, str) and len(move) == 2 and move[0] in RANKS and move[1] in SUIT_SYMBOL:
        params["move"] = card_symbol(move)  # a card as on its face
    refusal = params.get("refusal")
    if isinstance(refusal, str):
        given = params.get("refusal_params")
        params["detail"] = refusal_text(refusal, given if isinstance(given, dict) else {})
    params.setdefault("detail", "")
    return t(f"save.why.{code}", **params)


def corrupt_save(why: Data, idp: str = "", good_moves: int = 0, text: str = "") -> str:
    """A save that cannot be restored: why, and the ways on (ending.py). ``good_moves``:
    the moves before the first that does not fit, which can be played on from (the
    default, for Enter and Escape). ``text``: the damaged save, downloaded as it is from a
    ``data:`` link (nothing leaves the browser)."""
    body = f'<p>{escape(t("save.corrupt.text", why=save_error_text(why)))}</p>'
    buttons = ""
    if good_moves:
        body += f'<p>{escape(t("save.corrupt.salvage", n=good_moves))}</p>'
        buttons += (f'<button type="button" class="primary" data-action="save-continue" data-autofocus>'
                    f'{escape(t("save.corrupt.continue", n=good_moves))}</button>')
    primary = "" if good_moves else ' class="primary" data-autofocus'
    buttons += (f'<button type="button"{primary} data-action="new-game-now">{escape(t("save.corrupt.new"))}</button>'
                f'<a class="button" href="data:application/json;charset=utf-8,{quote(text)}" '
                f'download="trex-damaged-save.json" data-key="save-download">{escape(t("save.corrupt.download"))}</a>')
    return overlay("corrupt", t("save.corrupt.title"), body, buttons, idp)


def confirm_new_game(idp: str = "") -> str:
    # A destructive choice: the safe one (Cancel) has the focus, so Enter keeps the match.
    buttons = (f'<button type="button" class="primary" data-action="new-game-now">{escape(t("btn.new_game"))}</button>'
               f'<button type="button" data-action="close" data-autofocus>{escape(t("btn.cancel"))}</button>')
    return overlay("confirm", t("confirm.new_game"), "", buttons, idp)


def confirm_rules(idp: str = "") -> str:
    """Settings' "Start a new game with these rules" while a match is in progress: the same
    question as New game's (ending.py). Keeping the match has the focus (Enter, Escape) and
    goes back to Settings as they were left."""
    body = f'<p>{escape(t("confirm.rules.text"))}</p>'
    buttons = (f'<button type="button" class="primary" data-action="rules-now">{escape(t("btn.new_game"))}</button>'
               f'<button type="button" data-action="rules-keep" data-autofocus>{escape(t("confirm.seed.keep"))}</button>')
    return overlay("confirm-rules", t("confirm.new_game"), body, buttons, idp)


def confirm_seed(seed: int | str, idp: str = "") -> str:
    """The address names a game (?seed=) other than the saved match: the player chooses.
    Keeping the match is the safe choice and has the focus."""
    body = f'<p>{escape(t("confirm.seed.text", seed=seed))}</p>'
    buttons = (f'<button type="button" class="primary" data-action="seed-game">{escape(t("confirm.seed.play", seed=seed))}</button>'
               f'<button type="button" data-action="close" data-autofocus>{escape(t("confirm.seed.keep"))}</button>')
    return overlay("confirm-seed", t("confirm.seed.title", seed=seed), body, buttons, idp)


def share_overlay(links: Mapping[str, str], copied: bool | None, idp: str = "") -> str:
    """Links to the deal on the table (docs/EMBED.md): to replay it up to here, or to play
    it on from here. The first is in a read-only box, selected by Copy."""
    if not links:
        body = f'<p>{escape(t("share.none"))}</p>'
        buttons = f'<button type="button" data-action="close" data-autofocus>{escape(t("btn.close"))}</button>'
        return overlay("share", t("share.title"), body, buttons, idp)
    said = ""
    if copied is not None:
        said = f'<p class="note" role="status">{escape(t("share.copied" if copied else "share.select"))}</p>'
    body = (f'<p>{escape(t("share.text"))}</p>'
            f'<label for="{idp}share-link">{escape(t("share.replay"))}</label>'
            f'<textarea id="{idp}share-link" class="share-link" readonly rows="3">{escape(links["replay"])}</textarea>'
            f'{said}<p><a href="{escape(links["play"])}" target="_blank" rel="noopener">{escape(t("share.play"))}</a></p>')
    buttons = (f'<button type="button" class="primary" data-action="copy-link" data-autofocus>{escape(t("share.copy"))}</button>'
               f'<button type="button" data-action="close">{escape(t("btn.close"))}</button>')
    return overlay("share", t("share.title"), body, buttons, idp)


def param_notice(param: str, value: str) -> str:
    """An address parameter the table did not use, and what it took instead."""
    return t(f"notice.param.{param}", value=value)


def sheet_overlay(obs: Observation, kings: list[int], teams: list[list[int]], idp: str = "") -> str:
    buttons = f'<button type="button" data-action="close">{escape(t("btn.close"))}</button>'
    return overlay("sheet", t("sheet.title"),
                   f'<div class="sheet-wrap">{score_sheet(obs, kings, teams, caption=False)}</div>', buttons, idp)


# The keyboard shortcuts (app.Table.on_key), as the help panel lists them: (keys, what).
SHORTCUTS = (("keys.arrows", "keys.arrows.do"), ("keys.enter", "keys.enter.do"),
             ("keys.s", "keys.s.do"), ("keys.l", "keys.l.do"), ("keys.p", "keys.p.do"), ("keys.r", "keys.r.do"),
             ("keys.u", "keys.u.do"), ("keys.h", "keys.h.do"),
             ("keys.help", "keys.help.do"),
             ("keys.escape", "keys.escape.do"), ("keys.tab", "keys.tab.do"))


def help_overlay(idp: str = "") -> str:
    rows = "".join(f'<tr><th scope="row"><kbd>{escape(t(k))}</kbd></th><td>{escape(t(d))}</td></tr>'
                   for k, d in SHORTCUTS)
    body = (f'<table class="keys"><thead><tr><th scope="col">{escape(t("keys.key"))}</th>'
            f'<th scope="col">{escape(t("keys.does"))}</th></tr></thead><tbody>{rows}</tbody></table>')
    buttons = f'<button type="button" class="primary" data-action="close">{escape(t("btn.close"))}</button>'
    return overlay("help", t("help.title"), rulesview.help_top() + body, buttons, idp)


# The rules' form is the engine's options (trex_core/rules.py): a menu per choice with the
# words it allows, a box per switch, a menu of the presets (§10); each labelled "opt.<name>",
# "opt.<name>.<word>", "preset.<name>" (tests/test_settings_form.py checks every catalogue).
PRESET_NAMES = tuple(PRESETS)
SPEED_NAMES = ("slow", "normal", "fast", "instant")


def language_select(idp: str = "") -> str:
    """The language menu: each language by its own name; a change applies at once."""
    opts = "".join(f'<option value="{lang}" lang="{lang}" dir="{direction(lang)}"'
                   f'{" selected" if lang == current() else ""}>{escape(language_name(lang))}</option>'
                   for lang in LANGUAGES)
    return f'<select name="lang" id="{idp}set-lang" data-change="lang">{opts}</select>'


def settings_overlay(form: Data, levels: list[str], teams: list[list[int]], idp: str = "",
                     quick_bytes: int | None = None) -> str:
    """``form``: {"preset", "rules": {...}, "level", "speed", "four_colour"}. Fields have ids
    ``{idp}set-<name>`` (for their labels); the app reads them by name. ``teams``: the
    engine's partnerships (values.py), to name your partner on the option. ``quick_bytes``:
    the size of the quick start kept in this browser (0: none; None: a page that keeps none)."""
    rules = form["rules"]
    partner = next(s for team in teams if 0 in team for s in team if s != 0)

    def option(name: str) -> str:
        if name == "partnership":
            return t("opt.partnership", partner=seat_name(partner))
        return t("opt." + name)

    def sel(name: str, options: Iterable[str], value: str, label: str | Callable[[str], str], action: str = "",
            first: bool = False) -> str:
        """A menu; ``label``: its options' catalogue prefix, or what names each."""
        named = label if callable(label) else (lambda o: t(label + o))
        opts = "".join(f'<option value="{o}"{" selected" if o == value else ""}>{escape(named(o))}</option>'
                       for o in options)
        act = f' data-change="{action}"' if action else ""
        focus = " data-autofocus" if first else ""  # not the button that abandons the match
        return f'<select name="{name}" id="{idp}set-{name}"{act}{focus}>{opts}</select>'

    # who plays each seat of the new game (seats.py): you at South; a bot at the table's level
    # or at its own, a person on this device, a friend by link
    kinds = form.get("seats") or seats.ALONE
    offered = ("bot", *(f"bot:{level}" for level in levels), *seats.KINDS[2:])

    def kind_name(kind: str) -> str:
        if kind.startswith("bot:"):
            return t("seats.bot_level", level=t("level." + kind.removeprefix("bot:")))
        return t("seats." + kind)
    fields = [f'<span class="seat-you">{escape(t("compass.0"))}</span><span>{escape(t("seats.you"))}</span>']
    fields += [f'<label for="{idp}set-seat{s}">{escape(t(f"compass.{s}"))}</label>'
               + sel(f"seat{s}", offered, kinds[s], kind_name) for s in (1, 2, 3)]
    # friends on other networks: the servers a host names, and what naming them means (rtc.py)
    fields.append(f'<label class="ice" for="{idp}set-ice">{escape(t("settings.ice"))}</label>'
                  f'<div class="ice"><textarea name="ice" id="{idp}set-ice" dir="ltr" rows="2" spellcheck="false" autocomplete="off" '
                  f'aria-describedby="{idp}set-ice-note" placeholder="stun:stun.example.org:3478">'
                  f'{escape(str(form.get("ice") or ""))}</textarea>'
                  f'<p class="note" id="{idp}set-ice-note">{escape(t("settings.ice.note"))}</p>'
                  # the two forms of a line, as typed: the same in every language
                  f'<p class="note ice-forms" dir="ltr" translate="no"><code>{ICE_FORMS[0]}</code><br>'
                  f'<code>{ICE_FORMS[1]}</code></p></div>')
    fields.append(f'<label for="{idp}set-preset">{escape(t("settings.preset"))}</label>'
                  + sel("preset", PRESET_NAMES, form["preset"], "preset.", "preset"))
    for name, options in CHOICES.items():
        fields.append(f'<label for="{idp}set-{name}">{escape(t("opt." + name))}</label>'
                      + sel(name, options, rules[name], f"opt.{name}."))
    checks = "".join(
        f'<label class="check"><input type="checkbox" name="{n}" id="{idp}set-{n}"{" checked" if rules[n] else ""}> '
        f'{escape(option(n))}</label>' for n in SWITCHES)
    play = (f'<label for="{idp}set-lang">{escape(t("settings.lang"))}</label>' + language_select(idp)
            + f'<label for="{idp}set-level">{escape(t("settings.level"))}</label>'
            + sel("level", levels, form["level"], "level.", "play", first=True)
            + f'<label for="{idp}set-speed">{escape(t("settings.speed"))}</label>'
            + sel("speed", SPEED_NAMES, form["speed"], "speed.", "play"))
    look = (f'<label class="check"><input type="checkbox" name="four_colour" id="{idp}set-four_colour" '
            f'data-change="play"{" checked" if form.get("four_colour") else ""}> {escape(t("opt.four_colour"))}</label>'
            f'<label class="check"><input type="checkbox" name="sound" id="{idp}set-sound" '
            f'data-change="play"{" checked" if form.get("sound") else ""}> {escape(t("opt.sound"))}</label>')
    body = f"""<form class="settings">
<fieldset><legend>{escape(t("settings.play"))}</legend><div class="grid">{play}</div>
<div class="checks look">{look}</div>
<p class="share-row"><button type="button" data-action="share">{escape(t("btn.share"))}</button>
<button type="button" data-action="records">{escape(t("rec.button"))}</button></p></fieldset>
{quick_start(quick_bytes)}{aid_settings(form, idp)}
<fieldset><legend>{escape(t("settings.rules"))}</legend><div class="grid">{"".join(fields)}</div>
<div class="checks">{checks}</div>{rulesview.settings_link()}</fieldset></form>"""
    buttons = (f'<button type="button" class="primary" data-action="apply-rules">{escape(t("btn.apply"))}</button>'
               f'<button type="button" data-action="close">{escape(t("btn.close"))}</button>')
    return overlay("settings", t("settings.title"), body, buttons, idp)


def quick_start(size: int | None) -> str:
    """Under the offline note: the memory snapshot this browser keeps for a quicker start
    (web/pystart.mjs), its size, and a button that clears it."""
    if size is None:
        return ""
    if not size:
        return (f'<fieldset class="quick"><legend>{escape(t("settings.quick"))}</legend>'
                f'<p class="note">{escape(t("settings.quick.offline"))}</p>'
                f'<p class="note">{escape(t("settings.quick.none"))}</p></fieldset>')
    mb = iso(f"{size / 1_000_000:.1f}")
    return (f'<fieldset class="quick"><legend>{escape(t("settings.quick"))}</legend>'
            f'<p class="note">{escape(t("settings.quick.offline"))}</p>'
            f'<p class="note">{escape(t("settings.quick.kept", size=mb))}</p>'
            f'<p class="share-row"><button type="button" data-action="quick-clear">'
            f'{escape(t("settings.quick.clear"))}</button></p></fieldset>')


AID_SWITCHES = ("aid_undo", "aid_hint", "aid_review")  # aids.SETTING's values (view.py imports no aids)


def aid_settings(form: Data, idp: str = "") -> str:
    """The aids' switches (on unless switched off; applied at once) and the statistics."""
    checks = "".join(
        f'<label class="check"><input type="checkbox" name="{n}" id="{idp}set-{n}" data-change="play"'
        f'{" checked" if form.get(n, True) else ""}> {escape(t("opt." + n))}</label>' for n in AID_SWITCHES)
    return (f'<fieldset class="aids"><legend>{escape(t("settings.aids"))}</legend><div class="checks">{checks}</div>'
            f'<p class="share-row"><button type="button" data-action="stats">{escape(t("aid.stats.open"))}</button></p>'
            '</fieldset>')


