"""Every word the table shows, in one place: one dict per language.

English only for now. Arabic (right-to-left) and Dutch drop in as more dicts;
``DIRECTION`` says which way a language reads, and the CSS uses logical
properties so the page mirrors. Keys are plain names; values are
``str.format`` templates. Messages from the engine (why a move is illegal)
are the engine's refusal codes (``refusal.<code>``), never its English text.
"""
from __future__ import annotations

DIRECTION = {"en": "ltr", "ar": "rtl", "nl": "ltr"}

EN = {
    # seats, from the player's chair: 0 you (bottom), 1 right, 2 across, 3 left
    "seat.0": "You",
    "seat.1": "East",
    "seat.2": "North",
    "seat.3": "West",
    "seat.0.long": "You (South)",
    "seat.1.long": "East, on your right",
    "seat.2.long": "North, across",
    "seat.3.long": "West, on your left",
    "team.0": "You & North",
    "team.1": "East & West",
    # contracts (move texts of trex_core.Contract)
    "contract.king-of-hearts": "King of Hearts",
    "contract.queens": "Queens",
    "contract.diamonds": "Diamonds",
    "contract.collections": "Collections",
    "contract.trex": "Trex",
    "contract.complex": "Complex",
    "contract.short.king-of-hearts": "K\u2665",
    "contract.short.queens": "Queens",
    "contract.short.diamonds": "Diamonds",
    "contract.short.collections": "Collections",
    "contract.short.trex": "Trex",
    "contract.short.complex": "Complex",
    # {v}: the engine's value, as a score (\u221275); {places}: the Trex places' scores
    "contract.help.king-of-hearts": "{v} for taking the K\u2665",
    "contract.help.queens": "{v} per queen taken",
    "contract.help.diamonds": "{v} per diamond taken",
    "contract.help.collections": "{v} per trick taken",
    "contract.help.trex": "Build rows from the jacks; {places}",
    "contract.help.complex": "All penalties at once",
    "suit.S": "spades", "suit.H": "hearts", "suit.D": "diamonds", "suit.C": "clubs",
    "rank.A": "ace", "rank.K": "king", "rank.Q": "queen", "rank.J": "jack", "rank.T": "10",
    "card.aria": "{rank} of {suit}",
    # top bar
    "app.title": "Trex",
    "bar.kingdom": "Kingdom {n} of 4",
    "bar.deal": "Deal {n} of {of}",
    "bar.finished": "Deal over",
    "bar.king": "King: {name}",
    "bar.contract": "Contract: {name}",
    "bar.no_contract": "Contract: \u2014",
    "bar.turn": "Turn: {name}",
    "bar.turn.you": "Your turn",
    "bar.turn.answering": "Others answering\u2026",
    "bar.unsaved": "Not saved: this browser blocks local storage",
    "bar.tools": "Game",
    "btn.sheet": "Score sheet",
    "btn.last_trick": "Last trick",
    "btn.settings": "Settings",
    "btn.new_game": "New game",
    "btn.close": "Close",
    "btn.next_deal": "Next deal",
    "btn.see_result": "See the result",
    "btn.pass": "Pass",
    "btn.double": "Double",
    "btn.no_double": "Don't double",
    "btn.double_selected": "Double the marked queens",
    "btn.redeal": "Claim a redeal (shows your hand)",
    "btn.apply": "Start a new game with these rules",
    "btn.cancel": "Cancel",
    # seats
    "badge.king": "King",
    "badge.partner": "Partner",
    "badge.out": "Out {place}",
    "badge.passes": "{n} pass",
    "badge.passes.many": "{n} passes",
    "badge.passed": "Passed",
    "badge.laid": "Laid",
    "badge.cards": "{n} cards",
    "badge.answered": "Answered",
    "badge.thinking": "Thinking\u2026",
    "taken.label": "Taken face up",
    "doubled.label": "Doubled",
    "deal_score": "This deal: {score}",
    # status line
    "status.your_card": "Your turn: play a card.",
    "status.your_lead": "Your lead: play any card.",
    "status.your_trex": "Your turn: add a card to the layout.",
    "status.tap_again": "Tap {card} again to play it.",
    "status.must_pass": "You have no card that fits the layout: pass.",
    "status.wait": "{name} to play\u2026",
    "status.choose": "You are the king: name a contract.",
    "status.wait_choose": "{name}, the king, is choosing a contract\u2026",
    "status.announce": "Answer before the first lead.",
    "status.forced_answer": "Nothing to double: waiting for the others to answer\u2026",
    "status.wait_announce": "Everyone answers in turn, before the first lead\u2026",
    "status.over": "The match is over.",
    "status.deal_over": "The deal is over.",
    "status.trick_won": "{name} took the trick.",
    "status.trick_won.you": "You took the trick.",
    "status.invalid": "The game does not know that move.",
    "status.bug": "Something went wrong in the game ({why}). Your match is saved; reloading the page may help.",
    # prompts
    "prompt.choose.title": "Name a contract",
    "prompt.choose.text": "You are the king of this kingdom. Contracts you have not played yet:",
    "prompt.double_kh.title": "Double the K\u2665?",
    "prompt.double_kh.text": "Reveal your K\u2665 to double it: whoever else takes it scores {loss} and you gain {gain}.",
    "prompt.double_q.title": "Double your queens?",
    "prompt.double_q.text": "Reveal any of your queens to double it: whoever else takes one scores {loss} and you gain {gain}.",
    "prompt.double_cx.title": "Double in Complex?",
    "prompt.double_cx.text": "You may reveal the K\u2665 and any of your queens to double them.",
    "prompt.redeal.title": "Claim a redeal?",
    "prompt.redeal.text": "Your only heart is the K\u2665 (or K\u2665 and A\u2665): you may claim a redeal. Your hand is then shown to all.",
    "prompt.answer.title": "Before the first lead",
    "prompt.answer.text": "Every player answers in turn, so nobody learns who holds what.",
    "prompt.answered": "Your answer is given; waiting for the others\u2026",
    "prompt.redeal_claimed": "{name} claimed a redeal and showed: {cards}",
    # trick / layout
    "trick.label": "The trick",
    "trick.last": "Last trick",
    "trick.last_by": "Last trick: {leader} led, {name} took it",
    "trick.last_prev": "Last trick of the previous deal: {leader} led, {name} took it",
    "trick.last_by.same": "Last trick: {name} led and took it",
    "trick.last_prev.same": "Last trick of the previous deal: {name} led and took it",
    "trick.led": "led",
    "trick.none": "No trick has been played in this deal yet.",
    "layout.label": "The Trex layout",
    "layout.empty": "Only a jack can open a row.",
    # score sheet
    "sheet.title": "Score sheet",
    "sheet.kingdom": "Kingdom {n} \u2014 king {name}",
    "sheet.total": "Total",
    "sheet.running": "Running total",
    "sheet.teams": "Teams",
    "sheet.here": "The score sheet is on the right.",
    # summary
    "summary.title": "Kingdom {k}, deal {n} of {of}: {contract}",
    "summary.king": "King: {name}",
    "summary.score": "This deal",
    "summary.total": "Total",
    "summary.took": "Took",
    "summary.tricks": "{n} tricks",
    "summary.tricks.one": "{n} trick",
    "summary.doubled_taken": "{card} doubled \u00d72 {score}",
    "summary.own_double": "{card} (own double) {score}",
    "summary.double_paid": "doubled {card} taken by {name} {score}",
    "summary.double_lead": "led the trick: {name} took own doubled {card} {score}",
    "summary.double_lead.self": "led that trick too: own doubled {card} {score}",
    "summary.out": "Place {n}",
    "summary.redealt": "Redealt after a claim by {name}.",
    # why a move was refused: one entry per trex_core.errors.CODES, formatted by
    # view.refusal_text (seats: "you" or a name; cards and suits as symbols; contracts by name)
    "refusal.match-over": "The match is over.",
    "refusal.no-such-seat": "There is no seat {seat} at this table.",
    "refusal.not-your-turn": "Not now: it is the turn of {to_move}, not of {seat}.",
    "refusal.deal-over": "The deal is over: press Next deal to go on.",
    "refusal.no-deal-over": "The deal is still going on.",
    "refusal.name-contract": "First {king}, the king, must name a contract.",
    "refusal.contract-not-played": "{contract} is not played under these rules.",
    "refusal.contract-used": "{contract} has already been played in this kingdom.",
    "refusal.contract-after-redeal": "After a redeal the king names a contract other than King of Hearts.",
    "refusal.answer-double": "Before that, {seat} must answer whether to double.",
    "refusal.answer-redeal": "Before that, {seat} must answer whether to claim a redeal.",
    "refusal.redeal-partnership": "There is no redeal in partnership play.",
    "refusal.redeal-contract": "A redeal can only be claimed in King of Hearts.",
    "refusal.redeal-off": "Redeals are off under these rules.",
    "refusal.redeal-last-contract": "No redeal when King of Hearts is the king's last contract.",
    "refusal.redeal-hand": "Only a player whose only heart is the K\u2665, or whose only hearts are the K\u2665 and A\u2665, may claim a redeal.",
    "refusal.doubling-off": "Doubling is off under these rules.",
    "refusal.nothing-doublable": "Nothing can be doubled in {contract}.",
    "refusal.not-doublable": "In {contract} only {cards_or} can be doubled.",
    "refusal.not-held": "You do not hold {cards}.",
    "refusal.play-card": "Play a card: {contract} is played in tricks.",
    "refusal.layout-card": "Add a card to the layout, or pass if none fits.",
    "refusal.must-play": "You cannot pass while a card fits: you can play {cards_or}.",
    "refusal.row-closed": "The {suit} row is not open yet: only the J{suit} opens it.",
    "refusal.row-ends": "The {suit} row runs {row}: only {cards_or} fits there now.",
    "refusal.heart-lead": "In King of Hearts you may not lead a heart while you hold another suit.",
    "refusal.follow-suit": "You must follow {suit_name} ({suit}): you hold {cards}.",
    "refusal.forced-discard": "You have no {suit_name}, so you must discard {cards_or}.",
    "refusal.undo-negative": "Moves cannot be taken back a negative number of times.",
    "refusal.undo-too-many": "Only {made} moves have been made; {n} cannot be taken back.",
    "refusal.you": "you",
    "list.none": "no card",
    "list.or": " or ",
    # result
    "result.title": "The match is over",
    "result.winner": "{name} wins!",
    "result.team_wins": "{name} win!",
    "result.winners": "Shared first place: {names}",
    "result.you_win": "You win!",
    "result.place": "{n}.",
    # settings
    "settings.title": "Settings",
    "settings.rules": "Rules (a change starts a new game)",
    "settings.play": "Play",
    "settings.preset": "Rule preset",
    "preset.levant": "Levant (default)",
    "preset.western": "Western (Dutch text)",
    "preset.jawaker": "Jawaker",
    "preset.pagat": "Pagat",
    "opt.direction": "Direction of play",
    "opt.direction.counterclockwise": "Counter-clockwise",
    "opt.direction.clockwise": "Clockwise",
    "opt.first_king": "First king",
    "opt.first_king.seven-of-hearts": "Holder of 7\u2665",
    "opt.first_king.random-dealer": "Random first dealer",
    "opt.kingdom_order": "Order of kingdoms",
    "opt.kingdom_order.next": "Next seat",
    "opt.kingdom_order.right-then-across": "Right, then across",
    "opt.self_capture": "Doubler takes his own card",
    "opt.self_capture.plain": "Normal loss only",
    "opt.self_capture.jawaker": "Double loss, the trick's leader gains",
    "opt.no_heart_lead": "No heart lead in King of Hearts",
    "opt.forced_discard": "Forced discards",
    "opt.early_end": "End a deal when no penalty is left",
    "opt.swap_values": "Swap diamond and trick values",
    "opt.doubling": "Doubling",
    "opt.redeal": "King of Hearts redeal",
    "opt.redeal_any_contract": "After a redeal, any contract",
    "opt.partnership": "Partnership (you and North)",
    "opt.complex": "Complex (Trex and Complex per kingdom)",
    "settings.level": "Bot level",
    "level.random": "Random",
    "level.easy": "Easy",
    "level.medium": "Medium",
    "level.hard": "Hard",
    "settings.speed": "Bot speed",
    "settings.look": "Cards",
    "opt.four_colour": "Four-colour deck (\u2660 black, \u2665 red, \u2666 blue, \u2663 green)",
    "speed.slow": "Slow",
    "speed.normal": "Normal",
    "speed.fast": "Fast",
    "speed.instant": "Instant",
    "settings.saved": "Saved.",
    # saves
    "save.corrupt.title": "Your saved match could not be restored",
    "save.corrupt.text": "The save in this browser is damaged or from an older version ({why}). It was not loaded.",
    "save.corrupt.new": "Start a new game",
    "confirm.new_game": "Abandon this match and start a new one?",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN}
LANG = "en"


def t(key: str, **kw: object) -> str:
    """The text for ``key`` in the current language (English if missing)."""
    text = STRINGS.get(LANG, EN).get(key)
    if text is None:
        text = EN.get(key, key)
    return text.format(**kw) if kw else text


def tn(key: str, n: int, **kw: object) -> str:
    """A counted text: ``key + '.one'`` for exactly one (if the language has it), else ``key``.
    Languages with more plural forms (Arabic) add their own suffixed keys here."""
    table = STRINGS.get(LANG, EN)
    if n == 1 and (key + ".one" in table or key + ".one" in EN):
        key += ".one"
    return t(key, n=n, **kw)


def direction() -> str:
    return DIRECTION.get(LANG, "ltr")
