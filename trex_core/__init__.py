"""trex_core: the rules of Trex, the Middle-Eastern card game of four kingdoms and five
contracts, as a pure-Python library.  See README.md for the API.

The modules form layers; each imports only from the layers above it, never from below
(as python-chess's ``Board`` never imports ``chess.pgn``):

1. values — ``cards``, ``rules`` (options, presets, seats), ``moves``, ``errors`` (refusal
   codes), ``tricks`` (the rules of play on plain ints that ``Match`` and ``fast`` share:
   what may be played to a trick, its winner, early end, what a doubled card pays, the
   layout's places), ``scoring`` (values and the deal ledger), ``state`` (the match's
   plain data), ``position`` (a deal's position as text);
2. rules — ``legality``: pure functions from a state and the rules to the legal moves and
   the reason for a refusal;
3. the game — ``match``: the state machine that applies moves;
4. readers — ``observation``, ``explain``, ``record``: they use the match's public API
   only;
5. players — ``fast`` (bit-level playouts) and ``randomplay``, ``bots``.

Two rooms stand beside them: ``records`` (``record``, ``position``) and ``tools`` (``arena``,
``cli``, ``render``, ``referee``), which the rules never import.  The modules' old paths
(``trex_core.record``, ``trex_core.arena``, ...) still import them (:data:`MOVED`).
"""

import sys
from typing import Any

from .cards import card_symbol, card_text, cards_of, hand_text, parse_card, parse_hand
from .errors import IllegalMoveError, InvalidMoveError
from .match import ANNOUNCE, CHOOSE, DEAL_OVER, OVER, PLAY, SEAT_NAMES, Attempt, Dealer, DealResult, Match
from .moves import Move, parse_move
from .observation import Observation, observe
from .rules import PRESETS, Contract, Rules
from .scoring import Entry

__version__ = "0.2.0"


def write_record(match: Match, tags: dict[str, str] | None = None) -> str:
    """The game record of ``match`` (docs/RECORD.md); see :func:`trex_core.record.write`."""
    from .records.record import write  # loaded on first use: the page's start-up does not need it

    return write(match, tags)


def read_record(text: str) -> Match:
    """Replay a game record, checking every move; raises ``RecordError``."""
    from .records.record import read

    return read(text)


# Where each module that moved into a room now is: its old path imports it, on first use only
# (nothing more is imported when the package is; the page's start-up needs none of them).
MOVED = {
    "trex_core.record": "trex_core.records.record",
    "trex_core.position": "trex_core.records.position",
    "trex_core.arena": "trex_core.tools.arena",
    "trex_core.cli": "trex_core.tools.cli",
    "trex_core.render": "trex_core.tools.render",
    "trex_core.referee": "trex_core.tools.referee",
}


class _OldPaths:
    """A finder and loader on ``sys.meta_path`` for :data:`MOVED`: ``import trex_core.record``
    gives the module ``trex_core.records.record`` itself (one module, under both names)."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        if name not in MOVED:
            return None
        return type(__spec__)(name, _OldPaths)  # type: ignore[arg-type]  # a ModuleSpec, no import

    @staticmethod
    def create_module(spec: Any) -> Any:
        from importlib import import_module

        module = import_module(MOVED[spec.name])
        spec.loader_state = module.__spec__  # the import system sets __spec__: put it back
        return module

    @staticmethod
    def exec_module(module: Any) -> None:
        module.__spec__ = module.__spec__.loader_state

    @staticmethod
    def get_code(name: str) -> Any:
        """For ``python -m trex_core.arena`` (runpy asks for the code to run): code that runs
        the moved module as ``__main__`` under its own name (its relative imports need it)."""
        run = f"import runpy\nrunpy.run_module({MOVED[name]!r}, run_name='__main__', alter_sys=True)"
        return compile(run, f"<{name}: {MOVED[name]}>", "exec")


if _OldPaths not in sys.meta_path:
    sys.meta_path.insert(0, _OldPaths)  # before any finder that would look for the old file


def __getattr__(name: str) -> Any:
    # The record and position modules load on first use: the page's start-up needs neither.
    if name == "RecordError":
        from .records.record import RecordError

        return RecordError
    if name in ("Position", "PositionError"):
        from .records import position

        return getattr(position, name)
    if f"trex_core.{name}" in MOVED:  # trex_core.record and the others, as before
        from importlib import import_module

        return import_module(f"trex_core.{name}")
    raise AttributeError(f"module 'trex_core' has no attribute {name!r}")


__all__ = [
    "ANNOUNCE", "CHOOSE", "DEAL_OVER", "OVER", "PLAY", "PRESETS", "SEAT_NAMES", "Attempt",
    "Contract", "DealResult", "Dealer", "Entry", "IllegalMoveError", "InvalidMoveError", "Match",
    "Move", "Observation", "Position", "PositionError", "RecordError", "Rules", "__version__",
    "card_symbol", "card_text", "cards_of", "hand_text", "observe", "parse_card", "parse_hand",
    "parse_move", "read_record", "write_record",
]
