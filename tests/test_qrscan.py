"""The page's own QR reader (web/trexui/friends/qrscan.py finds the code in a frame, qrread.py reads
its grid), for a browser without BarcodeDetector: codes made by the page's encoder (qr.py)
and by an independent one (python-qrcode, a test dependency only, at every level of
correction and with its own choice of segments), drawn to grey pixels at several scales,
with noise, a slant, a perspective, a frame around, and damage that Reed–Solomon mends; and
a clear refusal of an image that holds no code."""
from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest
import qrcode
from qrcode.constants import ERROR_CORRECT_H, ERROR_CORRECT_L, ERROR_CORRECT_M, ERROR_CORRECT_Q

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from trexui.friends import qr, qrread, qrscan  # noqa: E402

ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"


def reply(n: int, seed: int = 0) -> str:
    """A reply link's shape: the page's address and n characters of URL-safe base64."""
    rnd = random.Random(seed)
    return "http://127.0.0.1:8000/trex/#reply=" + "".join(rnd.choice(ALPHABET) for _ in range(n))


def draw(m: list[list[bool]], scale: float, angle: float = 0.0, slant: float = 0.0, noise: float = 0.0,
         quiet: int = 4, frame: int = 0, seed: int = 0, dark: int = 40,
         light: int = 215) -> tuple[bytes, int, int]:
    """A photo of a code, as grey levels: ``scale`` pixels a module, turned by ``angle``
    radians, seen at a perspective (``slant``: how much nearer its bottom is), with Gaussian
    ``noise``, a quiet zone of ``quiet`` modules and, beyond it, a dark ``frame`` (a phone's
    edge) of that many modules."""
    n = len(m)
    side = (n + 2 * (quiet + frame)) * scale
    w = h = int(side * 1.25) + 8
    rnd = random.Random(seed)
    ca, sa = math.cos(angle), math.sin(angle)
    out = bytearray(w * h)
    for y in range(h):
        for x in range(w):
            dx, dy = x + 0.5 - w / 2, y + 0.5 - h / 2
            u, v = ca * dx + sa * dy, -sa * dx + ca * dy
            k = 1 + slant * v / side
            col, row = (u / k) / scale + n / 2, (v / k) / scale + n / 2
            i, j = math.floor(row), math.floor(col)
            if 0 <= i < n and 0 <= j < n:
                g = dark if m[i][j] else light
            elif -quiet <= i < n + quiet and -quiet <= j < n + quiet:
                g = light
            elif -quiet - frame <= i < n + quiet + frame and -quiet - frame <= j < n + quiet + frame:
                g = dark
            else:
                g = light - 40  # (a table or a wall around the screen)
            if noise:
                g = max(0, min(255, int(g + rnd.gauss(0, noise))))
            out[y * w + x] = g
    return bytes(out), w, h


def theirs(text: str, level: int, mode: int | None = None) -> list[list[bool]]:
    code = qrcode.QRCode(error_correction=level, border=0)
    code.add_data(qrcode.util.QRData(text.encode(), mode=mode) if mode else text)
    code.make(fit=True)
    return code.get_matrix()


@pytest.mark.parametrize("text,scale", [("T", 3), ("trex", 8), (reply(120), 3), (reply(120), 5),
                                        (reply(600), 3), (reply(600), 4), (reply(1100), 3)])
def test_the_pages_own_codes_are_read_at_several_scales(text, scale):
    grey, w, h = draw(qr.matrix(text), scale)
    assert qrscan.decode(grey, w, h) == text.encode()


@pytest.mark.parametrize("level", [ERROR_CORRECT_L, ERROR_CORRECT_M, ERROR_CORRECT_Q, ERROR_CORRECT_H])
@pytest.mark.parametrize("text", ["https://example.org/trex/#reply=abc", reply(300, 2)])
def test_another_encoders_codes_are_read_at_every_level(level, text):
    grey, w, h = draw(theirs(text, level), 4)
    assert qrscan.decode(grey, w, h) == text.encode()


def test_numeric_and_alphanumeric_segments_are_read():
    for text, mode in (("31415926535897932384626433", qrcode.util.MODE_NUMBER),
                       ("HTTPS://EXAMPLE.ORG/TREX 42", qrcode.util.MODE_ALPHA_NUM)):
        grey, w, h = draw(theirs(text, ERROR_CORRECT_M, mode), 4)
        assert qrscan.decode(grey, w, h) == text.encode()
    mixed = "TREX" * 8 + "2026" * 10 + "tail"  # python-qrcode splits it into segments of each mode
    grey, w, h = draw(theirs(mixed, ERROR_CORRECT_L), 4)
    assert qrscan.decode(grey, w, h) == mixed.encode()


@pytest.mark.parametrize("chars,scale,angle,slant,noise,seed", [
    (120, 4, 0.12, 0.0, 0, 1), (120, 4, -0.2, 0.0, 20, 2), (300, 4, 0.0, 0.06, 10, 3),
    (300, 5, 0.07, -0.05, 20, 4), (600, 4, -0.08, 0.04, 15, 5), (600, 3, 0.03, 0.0, 25, 6),
])
def test_a_code_held_at_a_slant_and_photographed_with_noise_is_read(chars, scale, angle, slant, noise, seed):
    text = reply(chars, seed)
    grey, w, h = draw(qr.matrix(text), scale, angle=angle, slant=slant, noise=noise, seed=seed)
    assert qrscan.decode(grey, w, h) == text.encode()


def test_a_code_on_a_screen_with_a_dark_edge_and_a_narrow_quiet_zone_is_read():
    text = reply(300, 7)
    grey, w, h = draw(qr.matrix(text), 4, quiet=1, frame=6)
    assert qrscan.decode(grey, w, h) == text.encode()
    grey, w, h = draw(qr.matrix(text), 4, dark=90, light=170, noise=8)  # a dim screen, little contrast
    assert qrscan.decode(grey, w, h) == text.encode()


def test_reed_solomon_mends_up_to_half_its_correction_codewords_in_each_block_and_refuses_more():
    text = reply(600, 8)
    m = qr.matrix(text)
    version = (len(m) - 17) // 4
    level, mask = qrread.format_bits(m)
    assert level == "L"
    words = qrread.codewords(m, version, mask)
    blocks, ec = qrread.BLOCKS["L"][version - 1], qrread.EC_PER_BLOCK["L"][version - 1]
    assert blocks > 1
    rnd = random.Random(8)
    damaged = list(words)
    for b in range(blocks):  # interleaved: block b holds every blocks-th codeword
        mine = list(range(b, blocks * (len(words) // blocks - ec), blocks))[: ec // 2]
        for i in mine:
            damaged[i] ^= rnd.randrange(1, 256)
    assert qrread.segments(qrread.data_codewords(damaged, version, "L"), version) == text.encode()
    assert qrread.data_codewords(words, version, "L") == qrread.data_codewords(damaged, version, "L")
    too_many = list(words)
    for i in range(0, ec * blocks, blocks):  # ec wrong codewords in block 0: twice what it mends
        too_many[i] ^= 0x5A
    with pytest.raises(qrread.Unreadable):
        qrread.data_codewords(too_many, version, "L")


def test_a_smudge_over_the_data_is_mended_in_the_photo():
    text = reply(300, 9)
    m = [row[:] for row in qr.matrix(text)]
    n = len(m)
    for r in range(n - 16, n - 12):  # a 4 by 4 patch of modules turned: a few codewords wrong
        for c in range(n - 16, n - 12):
            m[r][c] = not m[r][c]
    grey, w, h = draw(m, 4, noise=10)
    assert qrscan.decode(grey, w, h) == text.encode()


def test_an_image_without_a_code_is_refused_clearly():
    rnd = random.Random(10)
    w, h = 320, 240
    blank = bytes([200]) * (w * h)
    speckle = bytes(rnd.randrange(256) for _ in range(w * h))
    stripes = bytes(40 if (x // 6) % 2 else 215 for _ in range(h) for x in range(w))
    for grey in (blank, stripes):
        with pytest.raises(qrscan.NoCode) as refused:
            qrscan.decode(grey, w, h)
        assert refused.value.reason == "finders"
    with pytest.raises(qrscan.NoCode):  # (speckle may look like finders here and there: no grid holds)
        qrscan.decode(speckle, w, h)
    with pytest.raises(qrscan.NoCode):
        qrscan.decode(b"", 0, 0)
    # three finders and nothing sound between them: refused by the format or the correction
    m = qr.matrix(reply(300, 11))
    n = len(m)
    for r in range(n):
        for c in range(n):
            if 9 <= r < n - 9 and 9 <= c < n - 9:
                m[r][c] = rnd.random() < 0.5
            elif r == 8 or c == 8:
                m[r][c] = rnd.random() < 0.5  # (the format bits too)
    grey, w, h = draw(m, 4)
    with pytest.raises(qrscan.NoCode) as refused:
        qrscan.decode(grey, w, h)
    assert refused.value.reason in ("format", "correction", "data", "grid")


def test_a_canvas_frame_is_read_through_its_green_channel():
    m = qr.matrix("trex")
    grey, w, h = draw(m, 5)
    rgba = bytes(v for g in grey for v in (255 - g, g, 0, 255))  # (red and blue would mislead)
    assert qrscan.grey_of_rgba(rgba, w, h) == grey
    assert qrscan.decode(qrscan.grey_of_rgba(memoryview(rgba), w, h), w, h) == b"trex"


def bleed(grey: bytes, w: int, h: int) -> bytes:
    """Dark spread by a pixel right and down (a blurred copy, thresholded): a finder of 21
    pixels looks 22 wide, and the code's size in modules, from the finders, comes out short."""
    out = bytearray(grey)
    for y in range(h - 1):
        for x in range(w - 1):
            out[y * w + x] = min(grey[y * w + x], grey[y * w + x + 1], grey[(y + 1) * w + x])
    return bytes(out)


def test_a_large_code_whose_finders_look_wide_is_read():
    """A reply's code of 89 modules a side at 3 pixels a module, as a canvas copy of the
    camera's frame drew it (the page's reader reads frames at most 480 pixels wide)."""
    text = reply(660, 12)
    m = qr.matrix(text)
    assert len(m) == 89
    grey, w, h = draw(m, 3)
    assert qrscan.decode(bleed(grey, w, h), w, h) == text.encode()
