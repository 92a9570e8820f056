"""Tables painted without a browser: the openings, painted before Python starts (``opening``,
at build time) and an embedded table's first picture (``paint``: author.html's snippet and
``python -m trex_core render``).

The top: may import every room; nothing imports it but the page's message handler, which is
given ``paint`` as a collaborator.
"""
