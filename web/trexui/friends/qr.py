"""A QR code of a link, drawn as SVG: friends in one room scan the invitation from the host's
screen, and the host scans the reply from theirs. Pure Python (the page
loads no library for it): byte mode, error correction level L (the codes are long and the
screens close), the smallest version that holds the text, the mask of least penalty, as
ISO/IEC 18004 lays them out. tests/test_qr.py checks every mask against an independent
encoder.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import escape

# Error correction level L, per version 1..40: codewords of correction per block, blocks.
EC_PER_BLOCK = (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
                28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30)
BLOCKS = (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25)
LEVEL_L = 1  # the level's two bits in the format information
CAPACITY = 2953  # the bytes a QR code holds (version 40, level L, byte mode)

Matrix = list[list[bool]]


def _codewords(version: int) -> int:
    """All codewords a symbol of ``version`` holds (data and correction)."""
    modules = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        modules -= (25 * align - 10) * align - 55
        if version >= 7:
            modules -= 36
    return modules // 8


def _data_codewords(version: int) -> int:
    return _codewords(version) - EC_PER_BLOCK[version - 1] * BLOCKS[version - 1]


def _alignment(version: int) -> list[int]:
    if version == 1:
        return []
    count = version // 7 + 2
    size = version * 4 + 17
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    return [6] + sorted(size - 7 - i * step for i in range(count - 1))


# ---------------------------------------------------------------- Reed-Solomon over GF(256)
def _tables() -> tuple[list[int], list[int]]:
    exp, log = [0] * 512, [0] * 256
    v = 1
    for i in range(255):
        exp[i], log[v] = v, i
        v = (v << 1) ^ (0x11D if v & 0x80 else 0)
    for i in range(255, 512):
        exp[i] = exp[i - 255]
    return exp, log


EXP, LOG = _tables()  # GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1


def _gf_mul(a: int, b: int) -> int:
    return EXP[LOG[a] + LOG[b]] if a and b else 0


def _generator(degree: int) -> list[int]:
    g = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            g[j] = _gf_mul(g[j], root)
            if j + 1 < degree:
                g[j] ^= g[j + 1]
        root = _gf_mul(root, 0x02)
    return g


def _remainder(data: list[int], gen: list[int]) -> list[int]:
    out = [0] * len(gen)
    for b in data:
        factor = b ^ out.pop(0)
        out.append(0)
        for i, coef in enumerate(gen):
            out[i] ^= _gf_mul(coef, factor)
    return out


# ---------------------------------------------------------------- the symbol
def _bits(text: bytes, version: int) -> list[int]:
    """The data codewords: byte mode, the count, the bytes, the terminator and the pads."""
    bits: list[int] = []

    def put(value: int, n: int) -> None:
        bits.extend((value >> i) & 1 for i in range(n - 1, -1, -1))

    put(0b0100, 4)
    put(len(text), 8 if version < 10 else 16)
    for b in text:
        put(b, 8)
    capacity = _data_codewords(version) * 8
    put(0, min(4, capacity - len(bits)))
    put(0, -len(bits) % 8)
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(words) < capacity // 8:
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    return words


def _interleaved(data: list[int], version: int) -> list[int]:
    blocks, ec = BLOCKS[version - 1], EC_PER_BLOCK[version - 1]
    short = _codewords(version) // blocks - ec  # data codewords of a short block (long ones: +1)
    longs = _codewords(version) % blocks
    gen = _generator(ec)
    parts, at = [], 0
    for i in range(blocks):
        n = short + (1 if i >= blocks - longs else 0)
        block = data[at:at + n]
        at += n
        parts.append((block, _remainder(block, gen)))
    out: list[int] = []
    for i in range(short + 1):
        out.extend(block[i] for block, _ in parts if i < len(block))
    for i in range(ec):
        out.extend(rem[i] for _, rem in parts)
    return out


def _bch(value: int, poly: int, bits: int) -> int:
    rem = value << bits
    top = poly.bit_length()
    while rem.bit_length() >= top:
        rem ^= poly << (rem.bit_length() - top)
    return (value << bits) | rem


class _Symbol:
    def __init__(self, version: int) -> None:
        self.version = version
        self.size = version * 4 + 17
        self.dark: Matrix = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]
        self._patterns()

    def set(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def _patterns(self) -> None:
        n = self.size
        for i in range(n):  # timing
            self.set(6, i, i % 2 == 0)
            self.set(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (n - 4, 3), (3, n - 4)):  # finders and their separators
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    x, y = cx + dx, cy + dy
                    if 0 <= x < n and 0 <= y < n:
                        d = max(abs(dx), abs(dy))
                        self.set(x, y, d not in (2, 4))
        pos = _alignment(self.version)
        last = len(pos) - 1
        for i, cx in enumerate(pos):
            for j, cy in enumerate(pos):
                if (i, j) in ((0, 0), (0, last), (last, 0)):
                    continue  # (on a finder)
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
        self._format(0)  # reserved; drawn for real with the mask
        if self.version >= 7:
            info = _bch(self.version, 0x1F25, 12)
            for i in range(18):
                bit = bool((info >> i) & 1)
                a, b = n - 11 + i % 3, i // 3
                self.set(a, b, bit)
                self.set(b, a, bit)

    def _format(self, mask: int) -> None:
        n = self.size
        bits = _bch(LEVEL_L << 3 | mask, 0x537, 10) ^ 0x5412
        for i in range(6):
            self.set(8, i, bool((bits >> i) & 1))
        self.set(8, 7, bool((bits >> 6) & 1))
        self.set(8, 8, bool((bits >> 7) & 1))
        self.set(7, 8, bool((bits >> 8) & 1))
        for i in range(9, 15):
            self.set(14 - i, 8, bool((bits >> i) & 1))
        for i in range(8):
            self.set(n - 1 - i, 8, bool((bits >> i) & 1))
        for i in range(8, 15):
            self.set(8, n - 15 + i, bool((bits >> i) & 1))
        self.set(8, n - 8, True)  # the dark module

    def place(self, words: list[int]) -> None:
        """The codewords in the zigzag of two-module columns, right to left."""
        n, i = self.size, 0
        total = len(words) * 8
        right = n - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(n):
                for j in range(2):
                    x = right - j
                    upward = ((right + 1) & 2) == 0
                    y = n - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = bool((words[i >> 3] >> (7 - (i & 7))) & 1)
                        i += 1
            right -= 2

    def rows(self, which: range | None = None) -> list[int]:
        """Rows (all, or ``which``) as bit masks, bit x for column x: the dark modules
        (masking and scoring a row at a time keeps it quick in Pyodide)."""
        return [sum(1 << x for x, v in enumerate(self.dark[y]) if v) for y in which or range(self.size)]

    def free(self) -> list[int]:
        """The modules a mask may flip, as row bit masks."""
        return [sum(1 << x for x, v in enumerate(row) if not v) for row in self.fixed]


MASKS: tuple[Callable[[int, int], bool], ...] = (lambda x, y: (x + y) % 2 == 0, lambda x, y: y % 2 == 0, lambda x, y: x % 3 == 0,
         lambda x, y: (x + y) % 3 == 0, lambda x, y: (x // 3 + y // 2) % 2 == 0,
         lambda x, y: x * y % 2 + x * y % 3 == 0, lambda x, y: (x * y % 2 + x * y % 3) % 2 == 0,
         lambda x, y: ((x + y) % 2 + x * y % 3) % 2 == 0)
FINDER_LIKE = ("10111010000", "00001011101")  # 1:1:3:1:1 with four light modules on one side


def _mask_rows(mask: int, size: int) -> list[int]:
    test = MASKS[mask]
    return [sum(1 << x for x in range(size) if test(x, y)) for y in range(size)]


def _line_score(line: str) -> int:
    score = sum(len(run) - 2 for run in re.findall(r"0{5,}|1{5,}", line))
    return score + 40 * sum(line.count(p) for p in FINDER_LIKE)


def _score(rows: list[int], size: int) -> int:
    """ISO/IEC 18004's four penalty rules: runs, 2×2 blocks, finder-like runs, balance."""
    full = (1 << size) - 1
    texts = [format(r, f"0{size}b")[::-1] for r in rows]  # (column 0 first)
    score = sum(_line_score(line) for line in texts)
    score += sum(_line_score("".join(col)) for col in zip(*texts, strict=True))
    pair = full >> 1
    for a, b in zip(rows, rows[1:], strict=False):
        both, neither = a & b, ~(a | b) & full
        score += 3 * (bin(both & (both >> 1) & pair).count("1") + bin(neither & (neither >> 1) & pair).count("1"))
    dark = sum(bin(r).count("1") for r in rows)
    return score + abs(dark * 20 - size * size * 10) // (size * size) * 10


def penalty(m: Matrix) -> int:
    """The penalty of a drawn symbol (the rules of :func:`_score`)."""
    return _score([sum(1 << x for x, v in enumerate(row) if v) for row in m], len(m))


def masked(text: str, mask: int | None = None) -> Iterator[Matrix | None]:
    """The QR code of ``text`` (UTF-8) one mask at a time: None after each mask tried, then
    the symbol with the mask of least penalty (or ``mask``), True for dark. A page draws it
    a step per task (:func:`matrix` at once). Raises ValueError for a text no version holds."""
    data = text.encode("utf-8")
    version = next((v for v in range(1, 41)
                    if 4 + (8 if v < 10 else 16) + 8 * len(data) <= _data_codewords(v) * 8), None)
    if version is None:
        raise ValueError(f"a QR code holds at most {CAPACITY} bytes, not {len(data)}")
    symbol = _Symbol(version)
    symbol.place(_interleaved(_bits(data, version), version))
    size = symbol.size
    free, dark = symbol.free(), symbol.rows()
    best: list[int] = []
    best_score = -1
    for k in range(8) if mask is None else (mask,):
        symbol._format(k)  # (the format modules: rows 0-8, and the last 8 rows' column 8)
        dark[:9] = symbol.rows(range(9))
        dark[size - 8:] = symbol.rows(range(size - 8, size))
        rows = [d ^ (f & m) for d, f, m in zip(dark, free, _mask_rows(k, size), strict=True)]
        score = _score(rows, size) if mask is None else 0
        if not best or score < best_score:
            best, best_score = rows, score
        yield None
    yield [[bool((r >> x) & 1) for x in range(size)] for r in best]


def matrix(text: str, mask: int | None = None) -> Matrix:
    """The QR code of ``text`` at once (:func:`masked`)."""
    return [m for m in masked(text, mask) if m is not None][0]


Drawing = tuple[int, str]
"""A QR code drawn: the side in modules (quiet zone included) and its SVG path."""


def drawing(m: Matrix) -> Drawing:
    """The dark modules as one SVG path, a rectangle per run along a row."""
    path = []
    for y, row in enumerate(m):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                path.append(f"M{start + 4} {y + 4}h{x - start}v1h{start - x}z")
            else:
                x += 1
    return len(m) + 8, "".join(path)


def svg(d: Drawing, label: str) -> str:
    """A QR code as an SVG image (dark on white, a quiet zone of four modules), named
    ``label`` for a screen reader."""
    n, path = d
    return (f'<svg class="qr" viewBox="0 0 {n} {n}" role="img" aria-label="{escape(label)}" '
            f'shape-rendering="crispEdges"><rect width="{n}" height="{n}" fill="#fff"/>'
            f'<path d="{path}" fill="#000"/></svg>')


async def drawn(text: str) -> Drawing | None:
    """The QR code of ``text``, drawn a mask per task (a slow phone's page stays responsive);
    None when ``text`` is too long for one (a link is then only sent as text)."""
    import asyncio
    if len(text.encode("utf-8")) > CAPACITY:
        return None
    for m in masked(text):
        if m is not None:
            return drawing(m)
        await asyncio.sleep(0)
    raise AssertionError("masked() ends with the symbol")
