"""The Trex table in the browser: rendering, input, bots' pace and saving.

Holds no rules: it renders ``observe(match, 0).to_dict()`` and sends back move texts.
"""
