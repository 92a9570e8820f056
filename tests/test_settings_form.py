"""The Settings dialog's rules are the engine's options (trex_core/rules.py): every option of
``Rules`` has its field, every word a choice allows its menu entry, every preset (§10) its
entry, and every label and word is in every catalogue (web/locale/*/LC_MESSAGES/trex.po)."""
import dataclasses
import re
import sys
from pathlib import Path

import pytest

from trex_core import PRESETS, Rules
from trex_core.rules import CHOICES, OPTION_NAMES, SWITCHES

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))
from trexui.i18n import strings  # noqa: E402
from trexui.table import store  # noqa: E402
from trexui.view import overlays  # noqa: E402

LANGS = strings.LANGUAGES


def form_html() -> str:
    return overlays.settings_overlay(store.default_settings(), ["medium"], [[0, 2], [1, 3]])


def test_every_option_of_rules_is_a_choice_or_a_switch() -> None:
    for f in dataclasses.fields(Rules):
        if f.type == "bool":
            assert f.name in SWITCHES and f.name not in CHOICES, f.name
        else:
            assert f.name in CHOICES, f"{f.name}: a choice of words needs its words in rules.CHOICES"
            assert getattr(Rules(), f.name) == CHOICES[f.name][0]
    assert set(CHOICES) | set(SWITCHES) == set(OPTION_NAMES)


def test_settings_has_a_field_for_every_option_and_word() -> None:
    html = form_html()
    fields = set(re.findall(r'<(?:select|input[^>]*?) name="(\w+)"', html))
    assert set(OPTION_NAMES) <= fields, set(OPTION_NAMES) - fields
    for name, words in CHOICES.items():
        menu = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html)
        assert menu, name
        assert re.findall(r'<option value="([^"]+)"', menu[1]) == list(words), name
    for name in SWITCHES:
        assert f'<input type="checkbox" name="{name}"' in html, name
    menu = re.search(r'<select name="preset"[^>]*>(.*?)</select>', html)
    assert menu and re.findall(r'<option value="([^"]+)"', menu[1]) == list(PRESETS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_label_and_word_is_in_the_catalogue(lang: str) -> None:
    catalogue = strings.parse((ROOT / f"web/locale/{lang}/LC_MESSAGES/trex.po").read_text(encoding="utf-8"))
    keys = {e.msgid for e in catalogue if e.msgstr and all(s.strip() for s in e.msgstr)}
    want = [f"opt.{name}" for name in OPTION_NAMES]
    want += [f"opt.{name}.{word}" for name, words in CHOICES.items() for word in words]
    want += [f"preset.{name}" for name in PRESETS]
    assert not set(want) - keys, sorted(set(want) - keys)


@pytest.mark.parametrize("lang", LANGS)
def test_the_servers_forms_are_typed_text_beside_the_note_in_every_language(lang: str) -> None:
    """The servers' note says what the field does in the table's language; the two forms of
    a line (stun:…, turn:…) follow it as typed, left to right and marked not for translation,
    so that no sentence of a right-to-left language holds them."""
    with strings.language(lang):
        html = form_html()
        note = strings.t("settings.ice.note")
    assert f'<p class="note" id="set-ice-note">{note}</p>' in html.replace("&#x27;", "'")
    forms = re.search(r'<p class="note ice-forms" dir="ltr" translate="no">(.*?)</p>', html)
    assert forms, "the forms follow the note"
    assert re.findall(r"<code>(.*?)</code>", forms.group(1)) == list(overlays.ICE_FORMS)
    if lang == "ar":  # the sentence is all Arabic
        assert not re.findall(r"[A-Za-z]{2,}", note)
