"""The browser, as the table's parts use it: JS values, local storage, the focus.

Small helpers over Pyodide's FFI that every part of a table (app.py's ``Table`` and the parts
it is built from) shares, so none of them repeats a guard against a refusing browser.
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any, Protocol

from js import Object

try:  # Pyodide >= 0.28 turns JS null into a JsNull object, not None
    from pyodide.ffi import jsnull as _JSNULL
except ImportError:  # pragma: no cover
    _JSNULL = None
from pyscript import window

# What a dialog can focus, for keeping Tab inside it.
FOCUSABLE = 'button, select, input, textarea, a[href], [tabindex]:not([tabindex="-1"])'


def js(value: Any) -> Any:
    """A JS value with null and undefined as None."""
    return None if value is None or value is _JSNULL else value


def storage_get(key: str) -> str | None:
    """localStorage, or None when the browser refuses storage (privacy settings)."""
    try:
        value: str | None = js(window.localStorage.getItem(key))  # a DOMString or null
        return value
    except Exception:
        return None


def storage_head(key: str, length: int = 160) -> str | None:
    """The start of a stored text (a save's stamp, store.stamp_of), read before every save.
    A JS string comes into Python as a str (the whole save is copied, tens of KB: a few
    microseconds), so it is sliced here; a JS ``slice`` on it raised, and the stamp was never
    read (tests/browser/test_two_tabs.py)."""
    value = storage_get(key)
    return None if value is None else value[:length]


def storage_set(key: str, value: str) -> bool:
    try:
        window.localStorage.setItem(key, value)
        return True
    except Exception:  # quota exceeded or storage disabled: play on without saving
        return False


def browser_languages() -> list[str]:
    try:
        return [str(lang) for lang in window.navigator.languages]
    except Exception:
        return []


def same(a: Any, b: Any) -> bool:
    """JavaScript's ``Object.is`` (``is`` is a keyword in Python)."""
    return bool(getattr(window.Object, "is")(a, b))


def disabled(el: Any) -> bool:
    """An element's ``disabled`` (elements without one, like <main>, are never disabled)."""
    return bool(getattr(el, "disabled", False))


def focus(el: Any, scroll: bool = True) -> None:
    """Give ``el`` the focus (nothing for None); ``scroll`` False keeps the page still."""
    if el is None:
        return
    opts = Object.new()
    opts.preventScroll = not scroll
    el.focus(opts)


class Speaker(Protocol):
    """A table whose handlers :func:`guarded` wraps: it speaks its own language, and shows a bug."""

    def speaking(self) -> AbstractContextManager[None]: ...

    def report_bug(self, exc: BaseException) -> None: ...


def guarded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """An event handler of a table: it runs in the table's language, and reports a bug on
    the page and in the console instead of leaving the table silently stuck."""
    def run(self: Speaker, *args: Any) -> Any:
        try:
            with self.speaking():
                return fn(self, *args)
        except Exception as exc:  # a bug: show it, log it (tests fail on console errors)
            self.report_bug(exc)
    run.__name__ = fn.__name__
    return run


class Stopwatch:
    """The steps of a table's tasks, timed for the benchmarks (``?autoplay=1``, or
    ``window.trexTiming`` set before the page starts): each ``(start ms, step, ms)``, which
    bench/link_play.py and bench/page_load.py match with the browser's long tasks to say
    what they are made of. Off, a step costs a test of a flag."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self.steps: list[tuple[float, str, float]] = []

    @contextlib.contextmanager
    def step(self, name: str) -> Iterator[None]:
        if not self.on:
            yield
            return
        t0 = float(window.performance.now())
        try:
            yield
        finally:
            self.steps.append((t0, name, float(window.performance.now()) - t0))


def log_bug(exc: BaseException) -> None:
    """A bug's traceback in the console (the browser tests fail on console errors)."""
    import traceback
    window.console.error("Trex UI error:\n" + "".join(traceback.format_exception(exc)))


def taps_to_raise(event: Any) -> bool:
    """Whether a click on a hand card only raises it (tap-to-raise): a touch or pen
    tap does; a mouse click and a keyboard press (Enter, Space: detail 0) play at once.
    Decided per click by the PointerEvent's pointerType, so a laptop with a touch
    screen does both; a browser whose clicks carry no pointerType asks the
    ``pointer: coarse`` media query (a touch screen is the main input)."""
    if js(getattr(event, "detail", 1)) == 0:
        return False
    kind = js(getattr(event, "pointerType", None))
    if kind:
        return kind in ("touch", "pen")
    return bool(window.matchMedia("(pointer: coarse)").matches)


def copy_code(button: Any) -> None:
    """A link's Copy button (linkview.py): the code's field just before it, copied, or
    selected to copy by hand where the clipboard is refused."""
    box = button.previousElementSibling
    box.select()
    with contextlib.suppress(Exception):
        window.navigator.clipboard.writeText(box.value)
