"""One table on the page: its controller (``app``), its match and every move (``pipeline``,
``tablestate``, ``store``), its controls, showing it (``render``, ``pagelang``), how it is
used (``game``, ``modes``, ``ending``), the rules screen's part (``guide``), the early table's part
(``early``) and a friend's table (``guest``, in the link's zip).

May import every room but ``start``. Its parts import none of one another but the
small ones below them (``store``, ``tablestate``, ``game``, ``ending``, ``render``, ``guide``):
``app`` builds a table and hands each part the others it needs.
"""
