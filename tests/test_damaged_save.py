"""A damaged save is not the end of the match: the moves before the first
that does not fit are played on from, the dialog's default; the damaged save can be
downloaded as it is. Pure Python: store.salvage and the dialog's HTML."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from urllib.parse import unquote

from trex_core import Match, card_text, cards_of

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
from trexui.i18n import strings  # noqa: E402
from trexui.table import store  # noqa: E402
from trexui.view import dialogs, overlays  # noqa: E402


def damaged_save(seed: int = 3, moves: int = 35, bad: int = 8) -> tuple[str, Match]:
    """A save of ``moves`` moves whose move ``bad`` (1-based) is a card that does not fit,
    and the match of the moves before it."""
    m = Match.new(seed=seed)
    while len(m.history) < moves:
        m.play(m.legal_moves()[0])
    data = json.loads(store.dump(seed, m, {}))
    good = Match.new(seed=seed)
    for move in data["moves"][:bad - 1]:
        good.play(move)
    legal = {str(x) for x in good.legal_moves()}
    data["moves"][bad - 1] = next(card_text(c) for c in range(52) if card_text(c) not in legal
                                  and c not in cards_of(good.state.hands[0]))
    return json.dumps(data), good


def test_a_damaged_save_is_played_on_from_its_last_move_that_fits() -> None:
    text, good = damaged_save()
    try:
        store.load(text)
        raise AssertionError("the damaged save loaded")
    except store.SaveError as exc:
        assert exc.code == "move" and exc.params["number"] == 8
    salvage = store.salvage(text)
    assert salvage is not None and salvage.history == good.history and len(salvage.history) == 7
    assert salvage.dealer.seed == 3


def test_nothing_to_play_on_when_no_move_fits_or_nothing_is_readable() -> None:
    assert store.salvage("{bad") is None
    assert store.salvage('{"format": "trex-web/2", "seed": 3, "rules": {}, "moves": ["2C"]}') is None
    assert store.salvage('{"seed": true, "rules": {}, "moves": []}') is None


def test_the_dialog_offers_the_last_good_move_first_and_the_download() -> None:
    text, _good = damaged_save()
    why = {"code": "move", "params": {"number": 8, "move": "AS", "detail": ""}}
    ui = {"corrupt_why": why, "corrupt_text": text, "corrupt_salvage": store.salvage(text)}
    with strings.language("en"):
        html = dialogs.html("corrupt", None, ui)  # type: ignore[arg-type]  (the dialog reads no observation)
    first = re.search(r"<button[^>]*>", html)
    assert first and 'data-action="save-continue"' in first.group(0) and "data-autofocus" in first.group(0)
    assert "Continue from move 7" in html and 'data-action="new-game-now"' in html
    link = re.search(r'<a class="button" href="data:application/json;charset=utf-8,([^"]*)" '
                     r'download="([^"]+)"', html)
    assert link and unquote(link.group(1)) == text and link.group(2).endswith(".json")
    assert dialogs.closer("corrupt") == "save-default", "Escape takes the default way on"
    with strings.language("en"):
        html = overlays.corrupt_save(why, "", 0, text)
    assert "save-continue" not in html and 'data-autofocus data-action="new-game-now"' in html
