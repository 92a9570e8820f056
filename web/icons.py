"""The app's icons, drawn with pure Python (zlib + struct, no image library): a cream card
with a red heart on the table's green felt. build.py writes them as PNGs for the web app
manifest; the same shapes as favicon.svg."""
from __future__ import annotations

import struct
import zlib

FELT = (0x1D, 0x5C, 0x3A)
CARD = (0xFF, 0xFD, 0xF6)
HEART = (0xB3, 0x26, 0x1E)
EDGE = (0x14, 0x44, 0x2A)


def _inside_round_rect(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def _inside_heart(x: float, y: float) -> bool:
    # the heart curve (x² + y² - 1)³ - x² y³ <= 0, centred on the card, point down
    u = (x - 0.5) / 0.17
    v = (0.50 - y) / 0.17
    a = u * u + v * v - 1
    return a * a * a - u * u * v * v * v <= 0


def _colour(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in the unit square. The card leaves a safe margin all round
    (a maskable icon may be cut to a circle of 80 %)."""
    if _inside_round_rect(x, y, 0.25, 0.17, 0.75, 0.83, 0.06):
        if not _inside_round_rect(x, y, 0.265, 0.185, 0.735, 0.815, 0.05):
            return EDGE
        return HEART if _inside_heart(x, y) else CARD
    return FELT


def png(size: int, samples: int = 2) -> bytes:
    """A size x size RGB PNG of the icon, each pixel the mean of samples² points."""
    rows = bytearray()
    n = samples * samples
    offsets = [(i + 0.5) / samples for i in range(samples)]
    for py in range(size):
        rows.append(0)  # filter: none
        for px in range(size):
            r = g = b = 0
            for oy in offsets:
                for ox in offsets:
                    c = _colour((px + ox) / size, (py + oy) / size)
                    r += c[0]
                    g += c[1]
                    b += c[2]
            rows += bytes((r // n, g // n, b // n))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
       '<rect width="100" height="100" fill="#1d5c3a"/>'
       '<rect x="25.75" y="17.75" width="48.5" height="64.5" rx="5.5" fill="#fffdf6" '
       'stroke="#14442a" stroke-width="1.5"/>'
       '<text x="50" y="60" font-size="34" text-anchor="middle" fill="#b3261e" '
       'font-family="serif">&#9829;</text></svg>\n')
