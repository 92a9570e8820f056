"""One table on the page: its controller (``app``), its match and every move (``pipeline``,
``tablestate``, ``store``), its controls, showing it (``render``, ``pagelang``), how it is
used (``modes``, ``ending``), the rules screen's part (``guide``), the early table's part
(``early``) and a friend's table (``guest``, in the link's zip).

May import every room but ``start``.
"""
