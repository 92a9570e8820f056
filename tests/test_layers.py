"""The rooms of the page's Python (web/trexui, web/main.py) and of the engine (trex_core): every
import goes one way, none makes a circle, and the longest chain of imports stays short.

Imports are read from the sources, wherever they stand: at the top, in a function (a module
loaded on first use is still a module the importer needs) or under TYPE_CHECKING."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"

# web/trexui's rooms, from the bottom: a room imports only from itself and the rooms before it
# (each room's __init__ says what it holds)
WEB_ROOMS = ("i18n", "page", "players", "view", "embed", "aids", "friends", "table", "start")
# the longest chain of imports in web/ (web/main.py -> trexui.table.app -> ... -> a leaf): the
# table's parts stand on one floor and app.py builds a table of them, handing each the others
# it needs (early.replay gets controls.tap; the board gets the dialogs' registry)
LONGEST_WEB_CHAIN = 8

# trex_core's rooms, from the bottom: the rules and the match (the package's own modules),
# records and positions, the bots, the tools, and the old module paths (_moved)
CORE_ROOMS = ("", "records", "bots", "tools", "_moved")


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root``, by dotted name."""
    out = {}
    for p in sorted((root / package).rglob("*.py")):
        if "__pycache__" not in p.parts:
            out[".".join(p.relative_to(root).with_suffix("").parts).removesuffix(".__init__")] = p
    return out


def imports(name: str, path: Path, known: set[str]) -> dict[str, int]:
    """The modules of ``known`` that module ``name`` (at ``path``) imports, with a line of each."""
    out: dict[str, int] = {}

    def add(target: str, line: int) -> None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            out.setdefault(target, line)

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                add(full if full in known else base, node.lineno)
    return out


def graph(found: dict[str, Path]) -> dict[str, dict[str, int]]:
    return {name: imports(name, path, set(found)) for name, path in found.items()}


def circle(g: dict[str, dict[str, int]]) -> list[str] | None:
    """A circle of imports in ``g`` (its modules in order), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for d in sorted(g[m]):
            if state.get(d) == 1:
                return stack[stack.index(d):] + [d]
            if d not in state and (found := visit(d)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(g):
        if m not in state and (found := visit(m)):
            return found
    return None


def longest_chain(g: dict[str, dict[str, int]]) -> list[str]:
    """The longest chain of imports in ``g`` (no circle in it), as its modules."""
    @functools.cache
    def chain(m: str) -> tuple[str, ...]:
        return (m, *max((chain(d) for d in g[m]), key=len, default=()))
    return list(max((chain(m) for m in g), key=len))


def web_graph() -> dict[str, dict[str, int]]:
    found = modules(WEB, "trexui") | {"main": WEB / "main.py"}
    return graph(found)


def web_room(module: str) -> int:
    """Where ``module`` of web/ stands: the package's __init__ lowest, web/main.py on top."""
    if module == "main":
        return len(WEB_ROOMS)
    parts = module.split(".")
    return WEB_ROOMS.index(parts[1]) if len(parts) > 1 else -1


def test_the_checks_can_fail() -> None:
    """A circle and a long chain are seen in a made-up graph (the checks below are real)."""
    g = {"a": {"b": 1}, "b": {"c": 1}, "c": {"a": 1}}
    assert circle(g) == ["a", "b", "c", "a"]
    assert longest_chain({"a": {"b": 1}, "b": {"c": 1}, "c": {}}) == ["a", "b", "c"]


def test_relative_imports_are_read(tmp_path: Path) -> None:
    """``from ..view import board`` in a function is an import of trexui.view.board."""
    src = tmp_path / "m.py"
    src.write_text("def f():\n    from ..view import board\n    from . import store\n")
    found = imports("trexui.table.m", src, {"trexui.view.board", "trexui.table.store", "trexui.view"})
    assert set(found) == {"trexui.view.board", "trexui.table.store"}


def test_web_has_no_import_circle() -> None:
    assert circle(web_graph()) is None


def test_each_web_room_imports_only_the_rooms_below_it() -> None:
    """A room that draws (view, embed) imports nothing of the table; the table imports no
    ``start`` (tables painted without a browser, which import the table); only web/main.py
    stands above all."""
    wrong = [f"{m} imports {d} (line {line})" for m, deps in web_graph().items()
             for d, line in deps.items() if web_room(d) > web_room(m)]
    assert not wrong, "\n".join(wrong)


def test_the_links_code_is_imported_only_once_fetched() -> None:
    """The link's zip (build.py LINK_MODULES, fetched by a table with a link seat or a
    friend's page) is imported by its own modules and the table's door to it
    (friends/loader.py, after the fetch), and by the page's start at a #join= (table/app.py)."""
    link = set(build.LINK_MODULES)
    allowed = link | {"trexui.friends.loader", "trexui.table.app"}
    wrong = [f"{m} imports {d}" for m, deps in web_graph().items() for d in deps
             if d in link and m not in allowed]
    assert not wrong, "\n".join(wrong)


def test_the_longest_import_chain_in_web_is_short() -> None:
    chain = longest_chain(web_graph())
    assert len(chain) <= LONGEST_WEB_CHAIN, " -> ".join(chain)


def test_no_web_room_holds_more_than_fifteen_modules() -> None:
    for room in WEB_ROOMS:
        held = [p for p in (WEB / "trexui" / room).glob("*.py") if p.name != "__init__.py"]
        assert 0 < len(held) <= 15, room
    assert [p.name for p in (WEB / "trexui").glob("*.py")] == ["__init__.py"]


def core_room(module: str) -> int:
    parts = module.split(".")
    return CORE_ROOMS.index(parts[1]) if len(parts) > 2 else 0


def test_trex_core_has_no_import_circle() -> None:
    assert circle(graph(modules(ROOT, "trex_core"))) is None


def test_the_rules_never_import_the_tools() -> None:
    """The rules and the match, the records and the bots import nothing of ``trex_core.tools``
    (the arena, the command line, the referee, ...); the bots nothing of the records."""
    g = graph(modules(ROOT, "trex_core"))
    tools = CORE_ROOMS.index("tools")
    wrong = [f"{m} imports {d}" for m, deps in g.items() for d in deps
             if core_room(d) == tools and core_room(m) < tools and m != "trex_core.__main__"]
    assert not wrong, "\n".join(wrong)
    bots = [f"{m} imports {d}" for m, deps in g.items() for d in deps
            if core_room(m) == CORE_ROOMS.index("bots") and core_room(d) == CORE_ROOMS.index("records")]
    assert not bots, "\n".join(bots)


def test_no_core_folder_holds_more_than_fifteen_modules() -> None:
    for folder in {p.parent for p in (ROOT / "trex_core").rglob("*.py")}:
        assert len(list(folder.glob("*.py"))) <= 15, folder


MOVED = {"record": "trex_core.records.record", "position": "trex_core.records.position",
         "arena": "trex_core.tools.arena", "cli": "trex_core.tools.cli", "render": "trex_core.tools.render",
         "referee": "trex_core.tools.referee"}
OLD_PATHS = ("record", "position", "arena", "cli", "render", "referee", "randomplay", "fast", "cards",
             "rules", "legality", "tricks", "scoring", "match", "observation", "moves", "state", "errors",
             "explain", "bots")


def test_every_old_module_path_still_imports() -> None:
    """A user's ``import trex_core.record`` or ``from trex_core.arena import play_deal`` keeps
    working after the move into rooms: the old path is the same module as the new one."""
    import importlib

    import trex_core
    for name in OLD_PATHS:
        module = importlib.import_module(f"trex_core.{name}")
        assert getattr(trex_core, name) is module
        new = MOVED.get(name, f"trex_core.{name}")
        assert importlib.import_module(new) is module and module.__name__ == new
    from trex_core.arena import play_deal
    from trex_core.record import RecordError
    from trex_core.tools.arena import play_deal as new_play_deal
    assert play_deal is new_play_deal and RecordError is trex_core.RecordError


def test_the_old_paths_import_nothing_when_the_package_is(tmp_path: Path) -> None:
    """The page imports trex_core at its start: the old paths add no module to it, and
    ``python -m trex_core.arena`` still runs the arena."""
    import subprocess
    import sys
    code = ("import sys; before = set(sys.modules); import trex_core; "
            "print(sorted(m for m in set(sys.modules) - before if m.startswith('trex_core.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    shown = out.stdout.strip()
    assert "records" not in shown and "tools" not in shown and "importlib" not in shown, shown
    run = subprocess.run([sys.executable, "-m", "trex_core.arena", "--help"], capture_output=True,
                         text=True, cwd=ROOT)
    assert run.returncode == 0 and "--baseline" in run.stdout, run.stderr
