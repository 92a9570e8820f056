"""Every text the page's Python formats gets each of its placeholders (a
message such as "Open game {seed}?" once reached the player with ``{seed}`` in it).

strings.t formats a text only with the names its caller passes, and leaves a ``{name}``
it was not given as it is (a text called with none is not formatted at all). So every
call of ``t("key", …)`` / ``tn("key", n, …)`` in web/trexui is read here with Python's
own parser, and every placeholder of the key's English text (the other languages have the
same ones: test_catalogues.py) must be among the names the call passes. A key built at
run time (``t("opt." + name)``) or a call that passes ``**params`` names its text or its
placeholders at run time: the browser tests' page helper (conftest.Table.act) looks for
a ``{name}`` left in what the page shows.
"""
from __future__ import annotations

import ast
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(WEB))
from trexui.i18n import strings  # noqa: E402

EN_PO = (WEB / "locale/en/LC_MESSAGES/trex.po").read_text(encoding="utf-8")
EN = {e.msgid: e for e in strings.parse(EN_PO, "en") if e.msgid}


def fields(key: str) -> set[str]:
    e = EN[key]
    return {name for text in e.msgstr for _, name, _, _ in string.Formatter().parse(text) if name}


def keys_of(node: ast.expr) -> list[str]:
    """The catalogue key a call's first argument names ([] for a key built at run time)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in EN:
        return [node.value]
    return []


def calls() -> list[tuple[str, int, list[str], set[str]]]:
    """(file, line, the keys it can be, the names passed) of every t()/tn() call."""
    found = []
    for path in sorted((WEB / "trexui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("t", "tn") and node.args):
                continue
            if any(k.arg is None for k in node.keywords):
                continue  # **params: named at run time
            names = {k.arg for k in node.keywords if k.arg}
            if node.func.id == "tn":
                names.add("n")
            found.append((path.name, node.lineno, keys_of(node.args[0]), names))
    return found


def test_every_call_passes_every_placeholder_of_its_text() -> None:
    found = calls()
    assert len(found) > 300, "the calls were not found"
    missing = [f"{file}:{line} {key} lacks {sorted(fields(key) - names)}"
               for file, line, keys, names in found for key in keys if fields(key) - names]
    assert not missing, "\n".join(missing)
