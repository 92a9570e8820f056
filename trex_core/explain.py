"""Why a move is illegal, in the words a player at the table would use.

The reason comes from :func:`trex_core.legality.refusal`, the same functions that decide
legality, so an explanation can never disagree with the match.  The error's ``code`` and
``params`` are the language-free form (see :mod:`trex_core.errors`).
"""

from __future__ import annotations

from . import legality
from .errors import IllegalMoveError
from .match import Match
from .moves import Move


def refusal(m: Match, move: Move) -> IllegalMoveError | None:
    """None if ``move`` is legal now, else the error ``m.play(move)`` would raise."""
    return legality.refusal(m.state, m.rules, move)


def why_illegal(m: Match, move: Move) -> str:
    """The English reason ``move`` is illegal now ('' if it is legal)."""
    error = refusal(m, move)
    return str(error) if error is not None else ""
