"""Records and positions: a whole match as a game record (``record``, docs/RECORD.md) and one
deal as a position (``position``, docs/POSITION.md), read and written as text.

``position`` imports the values only (cards, rules, moves, errors); ``record`` the match.  The
rules load ``position`` on first use (``Match.from_position``); nothing here imports the bots
or the tools.
"""
