"""The table drawn: HTML from seat 0's observation as pure functions (tested in CPython):
``faces`` (the small pieces), ``board`` (the table), ``frame``, ``overlays`` and ``dialogs``
(the dialogs, one registry, handed to the board by the table), ``recordview``,
``rulesview``, ``settingsform``, and what the table says (``announce``) and plays
(``sound``); ``values``, the numbers it shows.

May import ``players`` (whose seat is whose), ``page`` and ``i18n``: a room that draws
imports nothing of the table.
"""
