"""A QR code's grid of modules read back into its bytes: the format bits (the level of
error correction and the mask), the version bits, the mask undone, the codewords taken in
their zigzag, each block corrected by Reed–Solomon, and the data's segments (byte, and the
numeric and alphanumeric modes another encoder may choose), as ISO/IEC 18004 lays them
out. qrscan.py finds the grid in a camera's frame; this is the half that needs no image.
Pure Python, so CPython's tests read the codes qr.py makes, and the page reads them the same.
"""
from __future__ import annotations

from .qr import EXP, LOG, MASKS

Grid = list[list[bool]]  # rows of modules, True for dark

# Per level (in the format bits' order: M, L, H, Q), per version 1..40: codewords of
# correction per block, and blocks.
EC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
          28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
          30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
          23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
          25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}
LEVELS = ("M", "L", "H", "Q")  # by the format's two level bits
ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


class Unreadable(ValueError):
    """A grid that is no QR code, or one too damaged for its correction to mend:
    ``reason`` says which part failed (format, version, correction, data)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _bch(value: int, poly: int, bits: int) -> int:
    rem = value << bits
    top = poly.bit_length()
    while rem.bit_length() >= top:
        rem ^= poly << (rem.bit_length() - top)
    return (value << bits) | rem


FORMATS = {_bch(d, 0x537, 10) ^ 0x5412: d for d in range(32)}
VERSIONS = {_bch(v, 0x1F25, 12): v for v in range(7, 41)}


def _nearest(read: int, codes: dict[int, int], most: int) -> int | None:
    """The value whose code differs from ``read`` in the fewest bits (at most ``most``)."""
    best, value = most + 1, None
    for code, v in codes.items():
        d = bin(code ^ read).count("1")
        if d < best:
            best, value = d, v
    return value


def alignment(version: int) -> list[int]:
    """The rows (and columns) of the alignment patterns' centres."""
    if version == 1:
        return []
    count = version // 7 + 2
    size = version * 4 + 17
    step = 26 if version == 32 else (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    return [6] + sorted(size - 7 - i * step for i in range(count - 1))


def version_bits(grid: Grid, corner: str) -> int | None:
    """The version its version bits say (7 and up), read by the top-right block (``corner``
    "right") or the bottom-left one; None when neither is near a code."""
    n = len(grid)
    read = 0
    for i in range(18):
        a, b = n - 11 + i % 3, i // 3
        if grid[b][a] if corner == "right" else grid[a][b]:
            read |= 1 << i
    return _nearest(read, VERSIONS, 3)


def format_bits(grid: Grid) -> tuple[str, int]:
    """(level, mask) from the format bits: either copy, the one nearer a code."""
    n = len(grid)
    first = [(8, i) for i in range(6)] + [(8, 7), (8, 8), (7, 8)] + [(14 - i, 8) for i in range(9, 15)]
    second = [(n - 1 - i, 8) for i in range(8)] + [(8, n - 15 + i) for i in range(8, 15)]
    for most in range(4):
        for cells in (first, second):
            read = sum(1 << i for i, (x, y) in enumerate(cells) if grid[y][x])
            found = _nearest(read, FORMATS, most)
            if found is not None:
                return LEVELS[found >> 3], found & 7
    raise Unreadable("format")


def _function(version: int) -> list[list[bool]]:
    """The modules that are patterns and format, not data."""
    n = version * 4 + 17
    f = [[False] * n for _ in range(n)]
    for i in range(n):
        f[6][i] = f[i][6] = True
    for y in range(9):
        for x in range(9):
            f[y][x] = True
            if x < 8:
                f[y][n - 1 - x] = True
                f[n - 1 - x][y] = True
    pos = alignment(version)
    last = len(pos) - 1
    for i, cx in enumerate(pos):
        for j, cy in enumerate(pos):
            if (i, j) not in ((0, 0), (0, last), (last, 0)):
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        f[cy + dy][cx + dx] = True
    if version >= 7:
        for i in range(18):
            a, b = n - 11 + i % 3, i // 3
            f[b][a] = f[a][b] = True
    return f


def codewords(grid: Grid, version: int, mask: int) -> list[int]:
    """The codewords in the zigzag of two-module columns, right to left, unmasked."""
    n = len(grid)
    fixed = _function(version)
    flip = MASKS[mask]
    words: list[int] = []
    value, count = 0, 0
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(n):
            y = n - 1 - vert if upward else vert
            for x in (right, right - 1):
                if not fixed[y][x]:
                    value = value << 1 | (grid[y][x] ^ flip(x, y))
                    count += 1
                    if count == 8:
                        words.append(value)
                        value, count = 0, 0
        right -= 2
    return words


# ---------------------------------------------------------------- Reed-Solomon over GF(256)
def _mul(a: int, b: int) -> int:
    return EXP[LOG[a] + LOG[b]] if a and b else 0


def _div(a: int, b: int) -> int:
    return EXP[(LOG[a] - LOG[b]) % 255] if a else 0


def _eval(poly: list[int], x: int) -> int:
    """``poly`` (highest degree first) at ``x``."""
    y = 0
    for c in poly:
        y = _mul(y, x) ^ c
    return y


def _add(p: list[int], q: list[int]) -> list[int]:
    r = [0] * max(len(p), len(q))
    for i, c in enumerate(p):
        r[i + len(r) - len(p)] = c
    for i, c in enumerate(q):
        r[i + len(r) - len(q)] ^= c
    return r


def _scale(p: list[int], k: int) -> list[int]:
    return [_mul(c, k) for c in p]


def _times(p: list[int], q: list[int]) -> list[int]:
    r = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        for j, b in enumerate(q):
            r[i + j] ^= _mul(a, b)
    return r


def correct(block: list[int], ec: int) -> list[int]:
    """A block (data then correction) with up to ``ec`` // 2 wrong codewords mended
    (Berlekamp–Massey finds where, Forney by how much); Unreadable past that."""
    synd = [_eval(block, EXP[i]) for i in range(ec)]
    if not any(synd):
        return block
    loc, old = [1], [1]  # the error locator, lowest degree last
    for i in range(ec):
        delta = synd[i]
        for j in range(1, min(len(loc), i + 1)):
            delta ^= _mul(loc[-(j + 1)], synd[i - j])
        old = old + [0]
        if delta:
            if len(old) > len(loc):
                new = _scale(old, delta)
                old = _scale(loc, _div(1, delta))
                loc = new
            loc = _add(loc, _scale(old, delta))
    while loc and loc[0] == 0:
        loc.pop(0)
    errors = len(loc) - 1
    if errors * 2 > ec:
        raise Unreadable("correction")
    n = len(block)
    rev = loc[::-1]
    where = [n - 1 - i for i in range(n) if _eval(rev, EXP[i]) == 0]
    if len(where) != errors:
        raise Unreadable("correction")
    powers = [n - 1 - p for p in where]  # each error's degree in the block's polynomial
    # Forney (the first root is 1): each error is the evaluator, the syndromes times the
    # locator modulo x^(errors+1), at the error's inverse, over the locator's other factors.
    errata = [1]
    for p in powers:
        errata = _times(errata, [EXP[p], 1])
    evaluator = _times(synd[::-1], errata)[-(errors + 1):] if errors else [0]
    xs = [EXP[p] for p in powers]
    out = list(block)
    for i, x in enumerate(xs):
        inv = _div(1, x)
        prime = 1
        for j, other in enumerate(xs):
            if j != i:
                prime = _mul(prime, 1 ^ _mul(inv, other))
        y = _eval(evaluator, inv)
        if prime == 0:
            raise Unreadable("correction")
        out[where[i]] ^= _div(y, prime)
    if any(_eval(out, EXP[i]) for i in range(ec)):
        raise Unreadable("correction")
    return out


def _total(version: int) -> int:
    """All codewords a symbol of ``version`` holds (data and correction)."""
    modules = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        modules -= (25 * align - 10) * align - 55
        if version >= 7:
            modules -= 36
    return modules // 8


def data_codewords(words: list[int], version: int, level: str) -> list[int]:
    """The data codewords: the blocks taken apart from their interleaving, each corrected."""
    blocks, ec = BLOCKS[level][version - 1], EC_PER_BLOCK[level][version - 1]
    total = _total(version)
    if len(words) < total:
        raise Unreadable("data")
    short = total // blocks - ec
    longs = total % blocks
    sizes = [short + (1 if i >= blocks - longs else 0) for i in range(blocks)]
    parts: list[list[int]] = [[] for _ in range(blocks)]
    at = 0
    for i in range(short + 1):
        for b in range(blocks):
            if i < sizes[b]:
                parts[b].append(words[at])
                at += 1
    for _ in range(ec):
        for b in range(blocks):
            parts[b].append(words[at])
            at += 1
    out: list[int] = []
    for b, part in enumerate(parts):
        out.extend(correct(part, ec)[:sizes[b]])
    return out


def segments(data: list[int], version: int) -> bytes:
    """The data's segments (byte, numeric, alphanumeric; an ECI designator is passed over)
    up to the terminator, as bytes."""
    bits = "".join(f"{w:08b}" for w in data)
    at = 0
    group = 0 if version < 10 else 1 if version < 27 else 2

    def take(n: int) -> int:
        nonlocal at
        if at + n > len(bits):
            raise Unreadable("data")
        at += n
        return int(bits[at - n:at], 2)

    out = bytearray()
    while len(bits) - at >= 4:
        mode = take(4)
        if mode == 0:
            break
        if mode == 0b0100:
            count = take((8, 16, 16)[group])
            out.extend(take(8) for _ in range(count))
        elif mode == 0b0010:
            count = take((9, 11, 13)[group])
            for _ in range(count // 2):
                v = take(11)
                out.extend((ALPHANUMERIC[v // 45] + ALPHANUMERIC[v % 45]).encode())
            if count % 2:
                out.extend(ALPHANUMERIC[take(6)].encode())
        elif mode == 0b0001:
            count = take((10, 12, 14)[group])
            for _ in range(count // 3):
                out.extend(f"{take(10):03d}".encode())
            rest = count % 3
            if rest:
                out.extend(f"{take(4 if rest == 1 else 7):0{rest}d}".encode())
        elif mode == 0b0111:
            first = take(8)
            take(0 if first < 0x80 else 8 if first < 0xC0 else 16)
        else:
            raise Unreadable("data")
    return bytes(out)


def read(grid: Grid, version: int) -> bytes:
    """The bytes a grid of ``version`` holds; Unreadable if it holds none."""
    level, mask = format_bits(grid)
    return segments(data_codewords(codewords(grid, version, mask), version, level), version)
