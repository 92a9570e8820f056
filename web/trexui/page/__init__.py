"""The browser as the table's parts use it: JS values and local storage (``dom``), the focus
(``focus``), byte code fetched after the first table (``bytecode``).

Imports nothing of trexui but ``i18n``.
"""
