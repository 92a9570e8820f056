"""The Trex table in the browser: rendering, input, bots' pace and saving.

Holds no rules: it renders ``observe(match, 0)`` (a ``trex_core.Observation``) and sends back
move texts.
"""
