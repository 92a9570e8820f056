"""Who plays each seat (``seats``), the one place a bot is asked for a move (``bots``) and the
bots' pace at a table (``botdriver``).

May import ``page`` and ``i18n``; draws nothing.
"""
