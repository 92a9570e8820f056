"""The player aids: undo, hint and the statistics (``advice``, ``stats``), the deal review
(``dealreview``), game records (``records``, ``recordui``), the table's panel of them
(``aidpanel``) and what a table offers them (``api``, protocols).

May import ``embed``, ``view``, ``players``, ``page`` and ``i18n``; they reach the table only
through ``api``'s protocols.
"""
