"""Every word the page shows: the catalogues' reader (``strings``: ``t``, ``tn``, the table's
language) and the ``.po`` reader and ``.mo`` writer (``po``, used at build time).

Imports nothing of trexui.
"""
