"""A table's language on the page: shown on its element (or the page's, when the page is
this table's), and switched at once from Settings. Each table of a page of many reads and
lays out in its own language (strings.language, app.Table.speaking)."""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Protocol

from js import URLSearchParams, location
from pyscript import document, window

from ..i18n import strings
from ..i18n.strings import direction, t
from ..page.dom import js
from ..view.settingsform import SettingsForm
from .render import Renderer


class LanguageHost(Protocol):
    page: bool  # the page is this table's: its <html lang dir> and title follow the table
    main: bool
    lang: str
    root: Any
    settings: dict[str, Any]
    ui: dict[str, Any]
    form: SettingsForm
    renderer: Renderer

    def speaking(self) -> AbstractContextManager[None]: ...
    def save_settings(self) -> None: ...
    def keep_form(self) -> dict[str, Any]: ...
    def render(self, spread: bool = False) -> None: ...


def show(host: LanguageHost) -> None:
    """The table's language on the page: the page's own when the page is this table's
    (its title too), else the table's element's."""
    el = document.documentElement if host.page else host.root
    el.lang = host.lang
    el.dir = direction()
    if host.page:
        document.title = t("app.title")


def switch(host: LanguageHost, lang: str) -> None:
    """Switch the table's language at once (the match is untouched) and remember it."""
    host.lang = strings.supported(lang) or strings.DEFAULT
    with host.speaking():
        host.renderer.hush()  # what was announced in the old language has been read
        host.settings["lang"] = host.lang
        host.save_settings()
        host.ui.pop("notice_lang", None)
        params = URLSearchParams.new(location.search)
        if host.main and js(params.get("lang")) is not None:  # the address would override the choice on reload
            params.set("lang", host.lang)
            window.history.replaceState(None, "", "?" + str(params.toString()) + str(location.hash))
        if host.ui.get("form") is not None and host.form.is_open():
            host.keep_form()  # the dialog is drawn again in the new language
        show(host)
        host.render()
