# The page's Python entry point (PyScript, main thread). Everything lives in the
# trexui package (unpacked from the site's trexui-*.zip); a failure while starting
# is shown on the loading screen instead of a blank page.
# PyScript runs this file with top-level await, which CPython's compiler (and so mypy)
# rejects in a module: that one error code is switched off for this file only.
# mypy: disable-error-code="top-level-await"
from pyscript import window

window.performance.mark("trex:python")  # phases for bench/page_load.py
try:
    from trexui.table.app import start

    window.performance.mark("trex:imported")

    def paint(command: object) -> tuple[str, str | None, str | None]:
        """author.html's snippet, painted: loaded on its first ``prepaint`` command only."""
        from trexui.start.paint import answer

        return answer(command)

    await start(paint)  # noqa: F704 - PyScript runs this module with top-level await
except Exception as exc:  # pragma: no cover - shown to the player
    window.trexLoader.fail(f"{type(exc).__name__}: {exc}")
    raise
