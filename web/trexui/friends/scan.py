"""The host's camera reads a friend's reply QR code (link.py): a friend in the same room
shows the reply on their screen and sends nothing back.

The camera is asked for only when the host taps "Scan the reply", and is let go (each
track stopped) as soon as a reply is read, the host stops, or the invitations' dialog is
gone. Frames are read in the page and dropped: the browser's ``BarcodeDetector`` where it
has one that reads QR codes, else the page's own decoder (qrscan.py) on a small canvas
copy of the frame, a few times a second, so no task runs long. Nothing of a frame is sent
or stored. A reply read goes to the same place a pasted one does (``accept``).
"""
from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from js import Object
from pyodide.ffi import to_js
from pyscript import document, window

from ..page.dom import js
from . import qrscan

EVERY_SECONDS = 0.4  # between two frames read: 2-3 a second
WIDTH = 480  # the canvas's width for the page's own decoder (its height keeps the frame's shape)
VIDEO = "[data-overlay=link] video.link-scan"  # where the dialog shows what the camera sees


class Scanner:
    """``state``: None (no camera), ``asking`` (the browser asks the host), ``looking``
    (frames are read), ``refused`` or ``missing`` (no camera to use: the paste stays).
    ``path`` says which reader ran: ``detector`` (the browser's) or ``page`` (qrscan.py)."""

    def __init__(self, render: Callable[[], None], accept: Callable[[str], bool],
                 report: Callable[[BaseException], None]) -> None:
        self.render = render
        self.accept = accept  # the path a pasted reply takes
        self.report = report
        self.state: str | None = None
        self.path: str | None = None
        self.frames = 0  # frames read since the camera started (the tests read it)
        self.longest = 0.0  # ms: the longest task of reading a frame (the page's own reader)
        self.stream: Any = None
        self.task: asyncio.Task[None] | None = None

    def view(self) -> dict[str, Any]:
        live = 0
        if self.stream is not None:
            live = sum(1 for track in self.stream.getTracks() if track.readyState == "live")
        return {"state": self.state, "path": self.path, "frames": self.frames, "live": live,
                "longest_ms": round(self.longest, 1)}

    def start(self) -> None:
        if self.task is not None and not self.task.done():
            return
        self.state, self.frames, self.longest = "asking", 0, 0.0
        self.render()
        self.task = asyncio.ensure_future(self._run())

    def stop(self, state: str | None = None, render: bool = True) -> None:
        """The camera let go: every track stopped (the browser's camera light goes off)."""
        if self.task is None and self.stream is None and self.state == state:
            return
        if self.stream is not None:
            for track in self.stream.getTracks():
                track.stop()
            self.stream = None
        video = js(document.querySelector(VIDEO))
        if video is not None:
            video.srcObject = None
        if self.task is not None and self.task is not _current():
            self.task.cancel()
        self.task = None
        self.state = state
        if render:
            self.render()

    async def _run(self) -> None:
        try:
            media = js(getattr(window.navigator, "mediaDevices", None))
            if media is None or js(getattr(media, "getUserMedia", None)) is None:
                self.stop("missing")
                return
            try:
                asked = to_js({"audio": False, "video": {"facingMode": "environment"}},
                              dict_converter=Object.fromEntries)
                self.stream = await media.getUserMedia(asked)
            except Exception as exc:
                self.stop("refused" if "NotAllowed" in str(exc) or "Security" in str(exc) else "missing")
                return
            self.state = "looking"
            self.render()
            await self._look()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.stop("missing")
            self.report(exc)

    async def _look(self) -> None:
        video = js(document.querySelector(VIDEO))
        if video is None:
            self.stop()
            return
        video.srcObject = self.stream
        with contextlib.suppress(Exception):
            await video.play()
        detector = await _detector()
        self.path = "detector" if detector is not None else "page"
        canvas = document.createElement("canvas")
        while self.stream is not None:
            await asyncio.sleep(EVERY_SECONDS)
            if self.stream is None:
                return
            shown = js(document.querySelector(VIDEO))
            if shown is None or not shown.isSameNode(video):  # the dialog closed (or went)
                self.stop()
                return
            if not video.videoWidth:
                continue
            text = await (_detected(detector, video) if detector is not None else self._decoded(canvas, video))
            if self.stream is None:  # (stopped while the frame was read)
                return
            self.frames += 1
            if text is not None and "reply=" in text:  # (another code, the host's own invitation: not a reply)
                self.stop()
                self.accept(text)
                return


    async def _decoded(self, canvas: Any, video: Any) -> str | None:
        """The page's own reader on a small copy of the frame, drawn to a canvas no one
        sees: the copy in one task, each step of the reading in one of its own."""
        now = window.performance.now
        t0 = now()
        w, h = int(video.videoWidth), int(video.videoHeight)
        width = min(WIDTH, w)
        height = max(1, round(h * width / w))
        canvas.width, canvas.height = width, height
        context = canvas.getContext("2d", to_js({"willReadFrequently": True}, dict_converter=Object.fromEntries))
        context.drawImage(video, 0, 0, width, height)
        grey = qrscan.grey_of_rgba(context.getImageData(0, 0, width, height).data.to_py(), width, height)
        self.longest = max(self.longest, now() - t0)
        steps = qrscan.reading(grey, width, height)
        while True:  # a task per step: thresholds, finders, a grid (qrscan.reading)
            await asyncio.sleep(0)
            t0 = now()
            try:
                step = next(steps)
            except (StopIteration, qrscan.NoCode):
                return None
            finally:
                self.longest = max(self.longest, now() - t0)
            if step is not None:
                try:
                    return step.decode("utf-8")
                except UnicodeDecodeError:
                    return None


def _current() -> asyncio.Task[Any] | None:
    with contextlib.suppress(RuntimeError):
        return asyncio.current_task()
    return None


async def _detector() -> Any:
    """The browser's QR reader, if it has one."""
    kind = js(getattr(window, "BarcodeDetector", None))
    if kind is None:
        return None
    try:
        formats = await kind.getSupportedFormats()
        if "qr_code" not in list(formats):
            return None
        return kind.new(to_js({"formats": ["qr_code"]}, dict_converter=Object.fromEntries))
    except Exception:
        return None


async def _detected(detector: Any, video: Any) -> str | None:
    try:
        codes = await detector.detect(video)
    except Exception:
        return None
    for code in codes:
        return str(code.rawValue)
    return None


