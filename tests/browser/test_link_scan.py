"""A friend in the same room is seated by the host's camera (web/trexui/friends/scan.py): the friend's
page shows its reply as a QR code, the host taps "Scan the reply", and the page reads the
code from the camera's frames and takes the reply as if pasted.

The camera is Chromium's fake one, playing a file the test writes (a .y4m video of one
frame): at first an empty screen, then the friend's reply code, drawn from the same matrix
the friend's page draws. Chromium opens the file each time a capture starts, so the file
can change between two scans in one browser. Headless Chromium on Linux has no
BarcodeDetector: the page's own reader (qrscan.py) runs, and the test says which did."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from test_a11y import axe
from test_link_play import DESKTOP, LINK_ARGS, host_with_friends, invitation

from conftest import BOOT_TIMEOUT_MS, CHROMIUM, NO_TOUR, STORAGE_ON_LOAD, Guard, Table

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from trexui.friends import qr  # noqa: E402

W, H = 640, 480  # the fake camera's frame


def write_y4m(path: Path, matrix: list[list[bool]] | None) -> None:
    """One frame of 4:2:0 video: a light screen, with ``matrix`` on it (and its quiet zone)
    as large as the frame allows."""
    luma = bytearray([200]) * (W * H)
    if matrix is not None:
        n = len(matrix) + 8
        scale = min(W, H) // n
        left, top = (W - n * scale) // 2, (H - n * scale) // 2
        for y in range(n * scale):
            row = y // scale - 4
            for x in range(n * scale):
                col = x // scale - 4
                dark = 0 <= row < len(matrix) and 0 <= col < len(matrix) and matrix[row][col]
                luma[(top + y) * W + left + x] = 30 if dark else 220
    chroma = bytes([128]) * (W * H // 4)
    # written aside and moved in whole: a camera still reading the old frame keeps it, and
    # the next one opened reads the new frame, never a half-written one
    part = path.with_suffix(".part")
    part.write_bytes(f"YUV4MPEG2 W{W} H{H} F5:1 Ip A1:1 C420jpeg\n".encode() + b"FRAME\n"
                     + bytes(luma) + chroma + chroma)
    part.replace(path)


@pytest.fixture(scope="module")
def camera_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("camera") / "screen.y4m"
    write_y4m(path, None)
    return path


@pytest.fixture(scope="module")
def camera_browser(browser, camera_file):
    """A Chromium whose camera is the file, and which allows it without asking (the host's
    tap is the ask; a real browser then shows its own prompt)."""
    args = LINK_ARGS + ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                        f"--use-file-for-fake-video-capture={camera_file}"]
    b = browser.browser_type.launch(executable_path=CHROMIUM, args=args, headless=True)
    yield b
    b.close()


@pytest.fixture
def device(camera_browser, site_url):
    made: list[Table] = []

    def make(viewport=DESKTOP, locale: str = "en", relay: None = None, **options) -> Table:
        context = camera_browser.new_context(viewport=viewport, locale=locale, service_workers="block",
                                             **options)
        context.add_init_script(NO_TOUR)
        context.add_init_script(STORAGE_ON_LOAD)
        guard = Guard(context)
        page = guard.watch(context.new_page())
        page.set_default_timeout(30_000)
        t = Table(context, page, guard, site_url)
        made.append(t)
        return t

    yield make
    for t in made:
        t.guard.check()
        t.context.close()


SCAN = "() => JSON.parse(window.trexTest.state()).link.scan"


def scan_state(host: Table) -> dict:
    return host.page.evaluate(SCAN)


def test_the_host_seats_a_friend_in_the_same_room_by_scanning_their_reply(device, camera_file):
    host = host_with_friends(device, {1: "link", 2: "link"}, seed=21)
    invitation(host, 1)
    dialog = host.page.locator("[data-overlay=link]")
    # what the camera is for is said before it is asked for; nothing has asked for it yet
    assert "no picture is kept or leaves this device" in dialog.inner_text()
    assert scan_state(host) == {"state": None, "path": None, "frames": 0, "live": 0, "longest_ms": 0}
    assert host.page.locator("[data-overlay=link] video").count() == 0

    # a scan of an empty screen reads frames, finds nothing, and is stopped: the camera let go
    host.click("[data-overlay=link] [data-action=scan-reply][data-seat='2']")
    host.page.wait_for_function(f"() => ({SCAN})().state === 'looking' && ({SCAN})().frames >= 2")
    assert scan_state(host)["live"] == 1
    axe(host, "the invitations while the camera reads", "en")
    host.page.locator("[data-overlay=link] video").scroll_into_view_if_needed()
    host.screenshot("link-scan-looking")
    blank_ms = scan_state(host)["longest_ms"]
    host.click("[data-action=scan-stop]")
    host.page.wait_for_function(f"() => ({SCAN})().live === 0 && ({SCAN})().state === null")
    assert host.page.locator("[data-overlay=link] video").count() == 0

    # the friend opens the invitation; their page shows the reply as a QR code
    guest = device()
    guest.page.goto(invitation(host, 1))
    guest.wait_ready()
    box = guest.page.locator("[data-overlay=join] textarea[data-code=reply]")
    box.wait_for(timeout=20_000)
    reply = box.input_value()
    guest.page.wait_for_selector("[data-overlay=join] details.link-qr svg.qr path", state="attached")
    matrix = qr.matrix(reply)
    shown = guest.page.locator("[data-overlay=join] details.link-qr svg.qr path").get_attribute("d")
    assert shown == qr.drawing(matrix)[1]  # the very code the friend's screen shows
    write_y4m(camera_file, matrix)

    # the host scans it: the friend is seated with nothing pasted or sent back
    t0 = time.monotonic()
    host.click("[data-overlay=link] [data-action=scan-reply][data-seat='1']")
    host.page.wait_for_selector("[data-overlay=link] [data-seat='1'][data-status=seated]", timeout=60_000)
    took = time.monotonic() - t0
    guest.page.wait_for_selector("[data-overlay=join]", state="detached", timeout=20_000)
    assert host.page.locator("textarea.link-reply").input_value() == ""  # (not by the paste)
    done = scan_state(host)
    has_detector = host.page.evaluate("'BarcodeDetector' in window")
    assert done["state"] is None and done["live"] == 0, done  # the camera let go once read
    assert done["path"] == ("detector" if has_detector else "page"), (done, has_detector)
    assert done["frames"] >= 1

    # a scan the host walks away from: closing the dialog lets the camera go
    write_y4m(camera_file, None)
    host.click("[data-overlay=link] [data-action=scan-reply][data-seat='2']")
    host.page.wait_for_function(f"() => ({SCAN})().state === 'looking' && ({SCAN})().live === 1")
    host.click("[data-overlay=link] [data-action=close]")
    host.page.wait_for_function(f"() => ({SCAN})().live === 0 && ({SCAN})().state === null")
    print(f"\nseated by the camera in {took:.1f} s after the tap, {done['frames']} frame(s) read, "
          f"reader: {done['path']} (BarcodeDetector {'present' if has_detector else 'absent'}); "
          f"the reply: {len(reply)} characters, a code of {len(matrix)} modules a side; the longest task "
          f"of reading a frame: {blank_ms:.0f} ms (no code), {done['longest_ms']:.0f} ms (the reply's)")


def test_a_refused_camera_is_said_and_the_paste_still_seats_the_friend(browser, site_url):
    """Without the flag that allows it, headless Chromium refuses the camera."""
    args = LINK_ARGS + ["--use-fake-device-for-media-stream"]  # (a camera, but no one to allow it)
    b = browser.browser_type.launch(executable_path=CHROMIUM, args=args, headless=True)
    try:
        context = b.new_context(viewport=DESKTOP, locale="nl", service_workers="block")
        context.add_init_script(NO_TOUR)
        context.add_init_script(STORAGE_ON_LOAD)
        guard = Guard(context)
        host = Table(context, guard.watch(context.new_page()), guard, site_url)
        host.page.set_default_timeout(30_000)
        host.goto("?speed=fast&lang=nl&seed=21")
        host.wait_idle()
        host.click("[data-action=settings]")
        host.page.select_option(".settings [name=seat1]", "link")
        host.click("[data-action=apply-rules]")  # (no question: the host has not played yet)
        invitation(host, 1)
        host.click("[data-overlay=link] [data-action=scan-reply][data-seat='1']")
        alert = host.page.locator("[data-overlay=link] [data-scan=refused]")
        alert.wait_for()
        assert "Plak het antwoord hieronder" in alert.inner_text()
        assert scan_state(host)["live"] == 0
        guest_context = b.new_context(viewport=DESKTOP, service_workers="block")
        guest_context.add_init_script(NO_TOUR)
        guest_guard = Guard(guest_context)
        guest = guest_guard.watch(guest_context.new_page())
        guest.goto(invitation(host, 1))
        box = guest.locator("[data-overlay=join] textarea[data-code=reply]")
        box.wait_for(timeout=BOOT_TIMEOUT_MS)
        reply = box.input_value()
        assert reply.startswith("http"), reply
        host.page.locator("textarea.link-reply").fill(reply)
        host.click("[data-action=link-accept]")
        # the reply taken: the box is emptied (a refused one stays, with its reason)
        host.page.wait_for_function("() => !document.querySelector('textarea.link-reply')?.value")
        # then the channel opens: on a machine busy with other pages that may take a while
        host.page.wait_for_selector("[data-overlay=link] [data-seat='1'][data-status=seated]",
                                    timeout=BOOT_TIMEOUT_MS)
        guard.check()
        guest_guard.check()
    finally:
        b.close()
