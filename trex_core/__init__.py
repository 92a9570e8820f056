"""trex_core: the rules of Trex, the Middle-Eastern card game of four kingdoms and five
contracts, as a pure-Python library.  See README.md for the API."""

from typing import Any

from .cards import card_symbol, card_text, cards_of, hand_text, parse_card, parse_hand
from .errors import IllegalMoveError, InvalidMoveError
from .match import ANNOUNCE, CHOOSE, OVER, PLAY, SEAT_NAMES, Attempt, Dealer, DealResult, Match
from .moves import Move, parse_move
from .observation import Observation
from .rules import PRESETS, Contract, Rules

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # The record module loads on first use: the page's start-up does not need it.
    if name == "RecordError":
        from .record import RecordError

        return RecordError
    raise AttributeError(f"module 'trex_core' has no attribute {name!r}")


__all__ = [
    "ANNOUNCE", "CHOOSE", "OVER", "PLAY", "PRESETS", "SEAT_NAMES", "Attempt", "Contract",
    "DealResult", "Dealer", "IllegalMoveError", "InvalidMoveError", "Match", "Move",
    "Observation", "RecordError", "Rules", "card_symbol", "card_text", "cards_of", "hand_text",
    "parse_card", "parse_hand", "parse_move", "__version__",
]
