"""The Trex table in the browser: rendering, input, bots' pace and saving.

Holds no rules: it renders ``observe(match, 0)`` (a ``trex_core.Observation``) and sends back
move texts.  Its rooms, each importing only the ones before it in this list:
``i18n`` (words), ``page`` (the browser), ``players`` (seats and bots), ``view`` (the HTML),
``embed`` (a lesson's table), ``aids``, ``friends`` (over a link), ``table`` (one table) and
``start`` (tables painted without a browser).  tests/test_layers.py keeps them so.
"""
