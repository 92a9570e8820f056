"""The tools around the rules: the arena that pits bots against each other (``arena``), the
command line (``cli``, ``python -m trex_core``), an embedded table's picture (``render``) and
the referee of a table over a link (``referee``).

They may import every other room of trex_core (the rules, the records, the bots); none of
those imports them.
"""
