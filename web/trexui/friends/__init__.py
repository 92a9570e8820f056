"""Friends at a table over a link: the invitation and reply (``invite``), the host's side
(``link``), its dialogs (``linkview``), the QR code (``qr``), how codes travel (``relay``,
``rtc``) and the table's door to all of them (``loader``).

``link``, ``linkview``, ``qr``, ``relay`` and ``rtc`` (with ``table.guest``) are byte code
of their own zip (build.py LINK_MODULES), fetched only by a table with a link seat or a
friend's page: nothing imports them but ``loader`` (after the fetch) and ``table.guest``.
May import ``view``, ``players``, ``page`` and ``i18n``; nothing of the table.
"""
