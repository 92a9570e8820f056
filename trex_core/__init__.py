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
(``trex_core.record``, ``trex_core.arena``, ...) still import them (``_moved/``).
"""

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


# The modules' old paths (trex_core.record, trex_core.arena, ...): small modules in _moved/
# that hand over the moved module itself when one is imported (nothing is imported now).
__path__.append(__path__[0] + "/_moved")


def __getattr__(name: str) -> Any:
    # The record and position modules load on first use: the page's start-up needs neither.
    if name == "RecordError":
        from .records.record import RecordError

        return RecordError
    if name in ("Position", "PositionError"):
        from .records import position

        return getattr(position, name)
    raise AttributeError(f"module 'trex_core' has no attribute {name!r}")


__all__ = [
    "ANNOUNCE", "CHOOSE", "DEAL_OVER", "OVER", "PLAY", "PRESETS", "SEAT_NAMES", "Attempt",
    "Contract", "DealResult", "Dealer", "Entry", "IllegalMoveError", "InvalidMoveError", "Match",
    "Move", "Observation", "Position", "PositionError", "RecordError", "Rules", "__version__",
    "card_symbol", "card_text", "cards_of", "hand_text", "observe", "parse_card", "parse_hand",
    "parse_move", "read_record", "write_record",
]
