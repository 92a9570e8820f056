"""Every word the page shows: ``strings``: the catalogues' reader (``t``, ``tn``, the table's
language), with the small ``.po`` reader and ``.mo`` writer build.py compiles them with.

Imports nothing of trexui.
"""
