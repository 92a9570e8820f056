"""A table embedded in a lesson (docs/EMBED.md): its parameters checked (``params``), its own
bar of HTML (``bar``) and the page that embeds it (``hostpage``).

May import ``view``, ``players``, ``page`` and ``i18n``; nothing of the table.
"""
