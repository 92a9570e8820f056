"""The engine's two move errors (after python-chess): bad notation versus an illegal move."""


class InvalidMoveError(ValueError):
    """The text is not a move at all (e.g. ``'QX'``).  The game is unchanged."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow now; the message says why in a
    player's words.  The game is unchanged."""
