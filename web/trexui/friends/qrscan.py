"""A QR code found in a camera's frame, for a browser without ``BarcodeDetector``: the host
scans a friend's reply from their screen (link.py). Pure Python, in C's loops where it can
(bytes.translate, re), and in steps (:func:`reading`) the page awaits between, so a frame of a
few hundred pixels a side never makes a long task:

1. grey levels (a frame's green channel), and a threshold per tile of the frame, from the
   darkest and lightest of the tile and its neighbours (a screen lit unevenly);
2. the three finder patterns: runs of dark, light, dark, light, dark in the ratio 1:1:3:1:1
   along every other row, checked down their column, along their row and across both
   diagonals, with the light of their separator beyond;
3. the version, from the finders' distance in modules (and its neighbours, in the order
   their timing patterns fit); a perspective transform from the finders' centres and, from
   version 2, the bottom-right alignment pattern found near where the three finders put it
   (a code held at a slant);
4. the grid sampled at each module's centre (a vote of five points), and qrread.py reads it
   (format bits, version bits, unmasking, Reed–Solomon, the segments).

No frame is kept: :func:`decode` returns the bytes or raises :class:`NoCode`.
"""
from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator, Sequence

from . import qrread

Point = tuple[float, float]
TILES = 8  # tiles a side, each with its own threshold
MIN_CONTRAST = 24  # grey levels: a tile flatter than this takes its neighbours' threshold
RUNS = re.compile(rb"1+|0+")
ROW_STEP = 2  # rows a finder search steps by: a finder's centre is 3 modules tall


class NoCode(ValueError):
    """No QR code could be read in the frame: ``reason`` is ``finders`` (none found),
    ``grid`` (found, but its modules are not where a code's are) or qrread's reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def grey_of_rgba(rgba: bytes | memoryview, width: int, height: int) -> bytes:
    """A frame's grey levels (its green channel, which carries most of the light) from a
    canvas's RGBA bytes."""
    return bytes(rgba[1:width * height * 4:4])


_TABLES: dict[int, bytes] = {}


def _table(threshold: int) -> bytes:
    """The translation of grey levels to b"1" (dark: below ``threshold``) or b"0"."""
    table = _TABLES.get(threshold)
    if table is None:
        table = _TABLES[threshold] = b"1" * threshold + b"0" * (256 - threshold)
    return table


class Frame:
    """One frame thresholded: ``rows`` of b"1" (dark) and b"0" (light)."""

    def __init__(self, grey: bytes, width: int, height: int) -> None:
        if len(grey) < width * height or width < 21 or height < 21:
            raise NoCode("finders")
        self.width, self.height = width, height
        tw, th = -(-width // TILES), -(-height // TILES)
        lows = [[255] * TILES for _ in range(TILES)]
        highs = [[0] * TILES for _ in range(TILES)]
        for y in range(0, height, 2):
            row = grey[y * width:(y + 1) * width]
            ty = y // th
            for tx in range(TILES):
                part = row[tx * tw:(tx + 1) * tw:2]
                if part:
                    lows[ty][tx] = min(lows[ty][tx], min(part))
                    highs[ty][tx] = max(highs[ty][tx], max(part))
        whole = (min(map(min, lows)) + max(map(max, highs))) // 2
        cuts = [[whole] * TILES for _ in range(TILES)]
        for ty, tx in itertools.product(range(TILES), range(TILES)):
            near = [(lows[y][x], highs[y][x]) for y in range(max(0, ty - 1), min(TILES, ty + 2))
                    for x in range(max(0, tx - 1), min(TILES, tx + 2))]
            low, high = min(n[0] for n in near), max(n[1] for n in near)
            if high - low >= MIN_CONTRAST:
                cuts[ty][tx] = (low + high + 1) // 2
        self.rows: list[bytes] = []
        for y in range(height):
            row = grey[y * width:(y + 1) * width]
            cut = cuts[y // th]
            self.rows.append(b"".join(row[tx * tw:(tx + 1) * tw].translate(_table(cut[tx]))
                                      for tx in range(TILES)))

    def dark(self, x: float, y: float) -> bool:
        xi, yi = int(x), int(y)
        return 0 <= xi < self.width and 0 <= yi < self.height and self.rows[yi][xi] == 49


# ---------------------------------------------------------------- finder patterns
def _ratio(runs: Sequence[int], shape: Sequence[int], slack: float) -> float | None:
    """The module size if ``runs`` are in the ratio ``shape`` (within ``slack`` modules)."""
    unit = sum(runs) / sum(shape)
    if unit < 1:
        return None
    ok = all(abs(r - s * unit) <= s * unit * slack + 0.5 for r, s in zip(runs, shape, strict=True))
    return unit if ok else None


def _line(frame: Frame, x: int, y: int, dx: int, dy: int, limit: int) -> list[int] | None:
    """The runs of a finder through (x, y) along (dx, dy): the dark centre's two halves
    counted once, then light, dark outwards each way, as five runs; None if cut off, or if
    the light beyond (a finder's separator, or the quiet zone) is not half a module long."""
    def out(sx: int, sy: int) -> list[int] | None:
        runs, want, cx, cy = [0, 0, 0], True, x, y
        i = 0
        while i < 3:
            cx += sx
            cy += sy
            if not (0 <= cx < frame.width and 0 <= cy < frame.height):
                return runs if i == 2 and runs[2] else None
            if (frame.rows[cy][cx] == 49) == want:
                runs[i] += 1
                if runs[i] > limit:
                    return None
            else:
                i += 1
                want = not want
                if i < 3:
                    runs[i] = 1
        light = 1  # (the pixel that ended the third run)
        while light < (runs[1] + runs[2]) / 4:
            cx += sx
            cy += sy
            if not (0 <= cx < frame.width and 0 <= cy < frame.height):
                break
            if frame.rows[cy][cx] == 49:
                return None
            light += 1
        return runs

    up, down = out(-dx, -dy), out(dx, dy)
    if up is None or down is None:
        return None
    return [up[2], up[1], up[0] + down[0] + 1, down[1], down[2]]


def _centre(frame: Frame, x: int, y: int, limit: int) -> tuple[float, float, float] | None:
    """A finder's centre and module size, checked down its column, along its row and across
    both diagonals."""
    v = _line(frame, x, y, 0, 1, limit)
    if v is None or (mv := _ratio(v, (1, 1, 3, 1, 1), 0.7)) is None:
        return None
    cy = _middle(frame, x, y, 0, 1)
    iy = int(cy)
    h = _line(frame, x, iy, 1, 0, limit)
    if h is None or (mh := _ratio(h, (1, 1, 3, 1, 1), 0.7)) is None:
        return None
    cx = _middle(frame, x, iy, 1, 0)
    for dy in (1, -1):
        d = _line(frame, int(cx), iy, 1, dy, limit)
        if d is None or _ratio(d, (1, 1, 3, 1, 1), 0.8) is None:
            return None
    return cx, cy, (mv + mh) / 2


def _middle(frame: Frame, x: int, y: int, dx: int, dy: int) -> float:
    """The middle of the dark run through (x, y) along (dx, dy), in pixel coordinates."""
    a = b = x if dx else y
    row = frame.rows
    if dx:
        while a > 0 and row[y][a - 1] == 49:
            a -= 1
        while b + 1 < frame.width and row[y][b + 1] == 49:
            b += 1
    else:
        while a > 0 and row[a - 1][x] == 49:
            a -= 1
        while b + 1 < frame.height and row[b + 1][x] == 49:
            b += 1
    return (a + b + 1) / 2


def finders(frame: Frame) -> list[tuple[float, float, float, int]]:
    """Finder candidates: (x, y, module size, rows that found it), most found first."""
    found: list[list[float]] = []
    limit = max(frame.width, frame.height)
    for y in range(0, frame.height, ROW_STEP):
        runs = [(m.start(), m.end() - m.start(), m.group()[0] == 49) for m in RUNS.finditer(frame.rows[y])]
        for i in range(len(runs) - 4):
            if not runs[i][2]:
                continue
            window = [r[1] for r in runs[i:i + 5]]
            if _ratio(window, (1, 1, 3, 1, 1), 0.5) is None:
                continue
            start, length, _ = runs[i + 2]
            got = _centre(frame, start + length // 2, y, limit)
            if got is None:
                continue
            cx, cy, unit = got
            for f in found:
                if abs(f[0] - cx) <= unit * 2 and abs(f[1] - cy) <= unit * 2 and abs(f[2] - unit) <= unit * 0.6:
                    n = f[3]
                    f[0], f[1], f[2], f[3] = ((f[0] * n + cx) / (n + 1), (f[1] * n + cy) / (n + 1),
                                              (f[2] * n + unit) / (n + 1), n + 1)
                    break
            else:
                found.append([cx, cy, unit, 1])
    found.sort(key=lambda f: -f[3])
    return [(f[0], f[1], f[2], int(f[3])) for f in found]


def _dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def corners(found: list[tuple[float, float, float, int]]) -> tuple[Point, Point, Point, float]:
    """The three finders that make a code's corner (top-left, top-right, bottom-left, in
    the code's own turn) and their module size: of the most-found candidates, the three of
    like size whose triangle is nearest a right isosceles one."""
    best: tuple[float, tuple[Point, Point, Point, float]] | None = None
    for trio in itertools.combinations([f for f in found[:20] if f[3] >= 2], 3):
        units = [f[2] for f in trio]
        if max(units) > min(units) * 1.6:
            continue
        pts = [(f[0], f[1]) for f in trio]
        sides = [(_dist(pts[1], pts[2]), 0), (_dist(pts[0], pts[2]), 1), (_dist(pts[0], pts[1]), 2)]
        sides.sort()
        (s1, _), (s2, _), (hyp, corner) = sides
        if s1 < 7 * min(units):
            continue
        score = abs(s1 / s2 - 1) + abs(hyp / math.hypot(s1, s2) - 1) * 4 + (max(units) / min(units) - 1)
        a = pts[corner]
        b, c = (pts[i] for i in range(3) if i != corner)
        if (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) < 0:
            b, c = c, b
        if best is None or score < best[0]:
            best = (score, (a, b, c, sum(units) / 3))
    if best is None or best[0] > 0.6:
        raise NoCode("finders")
    return best[1]


# ---------------------------------------------------------------- the grid
def homography(src: Sequence[Point], dst: Sequence[Point]) -> list[float]:
    """The perspective transform taking four points ``src`` to ``dst`` (8 coefficients)."""
    rows: list[list[float]] = []
    for (x, y), (u, v) in zip(src, dst, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
    for col in range(8):
        pivot = max(range(col, 8), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise NoCode("grid")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(8):
            if r != col:
                k = rows[r][col] / rows[col][col]
                rows[r] = [a - k * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][8] / rows[i][i] for i in range(8)]


def _apply(h: list[float], x: float, y: float) -> Point:
    w = h[6] * x + h[7] * y + 1
    return (h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w


def _alignment(frame: Frame, guess: Point, unit: float) -> Point | None:
    """The alignment pattern nearest ``guess``: a dark module in a light ring in a dark
    one, dark-light-dark-light-dark across its row and its column (the outer dark runs
    may go on into the data), the inner three of one module each."""
    reach = int(unit * 7) + 2
    gx, gy = int(guess[0]), int(guess[1])
    best: tuple[float, Point] | None = None
    x0, x1 = max(0, gx - reach), min(frame.width, gx + reach + 1)
    for y in range(max(0, gy - reach), min(frame.height, gy + reach + 1)):
        runs = [(m.start() + x0, m.end() - m.start(), m.group()[0] == 49) for m in RUNS.finditer(frame.rows[y][x0:x1])]
        for i in range(2, len(runs) - 2):
            if not runs[i][2]:
                continue
            if _ratio([r[1] for r in runs[i - 1:i + 2]], (1, 1, 1), 0.6) is None:
                continue
            if abs(runs[i][1] - unit) > unit * 0.7 or min(runs[i - 2][1], runs[i + 2][1]) < unit * 0.5:
                continue
            cx = runs[i][0] + runs[i][1] / 2
            column = _column(frame, int(cx), y, int(unit * 3) + 2)
            if column is None:
                continue
            cy, size = column
            if abs(size - unit) > unit * 0.7:
                continue
            d = _dist((cx, cy), guess)
            if best is None or d < best[0]:
                best = (d, (cx, cy))
    return best[1] if best else None


def _column(frame: Frame, x: int, y: int, limit: int) -> tuple[float, float] | None:
    """Down a column through a dark module: light of like size each side of it, and dark
    beyond (half a module at least)."""
    def walk(step: int) -> tuple[int, int] | None:
        dark, light, cy = 0, 0, y
        while 0 <= cy < frame.height and frame.rows[cy][x] == 49:
            dark += 1
            cy += step
            if dark > limit:
                return None
        while 0 <= cy < frame.height and frame.rows[cy][x] != 49:
            light += 1
            cy += step
            if light > limit:
                return None
        outer = 0
        while 0 <= cy < frame.height and frame.rows[cy][x] == 49 and outer < limit:
            outer += 1
            cy += step
        return (dark, light) if outer * 2 >= light else None

    up, down = walk(-1), walk(1)
    if up is None or down is None:
        return None
    middle = up[0] + down[0] - 1
    if _ratio([up[1], middle, down[1]], (1, 1, 1), 0.6) is None:
        return None
    return y + (down[0] - up[0]) / 2, middle


def _sample(frame: Frame, h: list[float], size: int, unit: float) -> qrread.Grid:
    """Each module's colour: the vote of its centre and four points a quarter of a module
    (``unit`` pixels) away from it."""
    q = unit / 4
    rows, width, height = frame.rows, frame.width, frame.height
    grid: qrread.Grid = []
    for r in range(size):
        row = []
        for c in range(size):
            x, y = _apply(h, c + 0.5, r + 0.5)
            votes = 0
            for px, py in ((x, y), (x - q, y - q), (x + q, y - q), (x - q, y + q), (x + q, y + q)):
                xi, yi = int(px), int(py)
                if 0 <= xi < width and 0 <= yi < height and rows[yi][xi] == 49:
                    votes += 1
            row.append(votes >= 3)
        grid.append(row)
    return grid


def _timing(frame: Frame, h: list[float], size: int) -> float:
    """How well the timing patterns (row 6 and column 6, dark and light in turn) fit a
    transform: the share of their modules where it finds them (a quick test of a version)."""
    hits = 0
    for i in range(8, size - 8):
        hits += frame.dark(*_apply(h, i + 0.5, 6.5)) == (i % 2 == 0)
        hits += frame.dark(*_apply(h, 6.5, i + 0.5)) == (i % 2 == 0)
    return hits / max(1, 2 * (size - 16))


def _transforms(frame: Frame, tl: Point, tr: Point, bl: Point, unit: float,
                version: int) -> list[list[float]]:
    """The transforms a version's grid may have: the fourth corner at the alignment pattern
    found, else where the three finders put it."""
    size = version * 4 + 17
    far = size - 3.5
    guess = (tr[0] + bl[0] - tl[0], tr[1] + bl[1] - tl[1])
    fourth: list[tuple[Point, Point]] = [((far, far), guess)]
    if version >= 2:
        k = 1 - 3 / (size - 7)  # the alignment's centre lies 3 modules inside the corner
        guess = (tl[0] + k * (guess[0] - tl[0]), tl[1] + k * (guess[1] - tl[1]))
        found = _alignment(frame, guess, unit)
        fourth = [((size - 6.5, size - 6.5), p) for p in ([found] if found else []) + [guess]]
    return [homography([(3.5, 3.5), (far, 3.5), (3.5, far), src], [tl, tr, bl, dst]) for src, dst in fourth]


def reading(grey: bytes, width: int, height: int) -> Iterator[bytes | None]:
    """:func:`decode` in steps: None after each (the page awaits between two, so no task
    is long), the code's bytes last; NoCode when there is none.

    The grids tried, likeliest first: the versions from the finders' distance and its two
    neighbours (a blurred finder looks a little wide), in the order their timing patterns
    fit, and from 7 up the one its version bits say."""
    frame = Frame(grey, width, height)
    yield None
    tl, tr, bl, unit = corners(finders(frame))
    yield None
    modules = (_dist(tl, tr) + _dist(tl, bl)) / 2 / unit + 7
    near = round((modules - 17) / 4)
    fits: list[tuple[float, int, list[float]]] = []
    for version in (near, near + 1, near - 1):
        if 1 <= version <= 40:
            for h in _transforms(frame, tl, tr, bl, unit, version):
                fits.append((_timing(frame, h, version * 4 + 17), version, h))
    fits.sort(key=lambda f: -f[0])
    yield None
    reason = "grid"
    tried: set[int] = set()
    while fits:
        _, version, h = fits.pop(0)
        grid = _sample(frame, h, version * 4 + 17, unit)
        yield None
        try:
            yield qrread.read(grid, version)
            return
        except qrread.Unreadable as exc:
            reason = exc.reason
        if version >= 7 and version not in tried:
            tried.add(version)
            said = qrread.version_bits(grid, "right") or qrread.version_bits(grid, "left")
            if said is not None and all(v != said for _, v, _ in fits) and 1 <= said <= 40:
                fits[:0] = [(1.0, said, t) for t in _transforms(frame, tl, tr, bl, unit, said)]
    raise NoCode(reason)


def decode(grey: bytes, width: int, height: int) -> bytes:
    """The bytes of the QR code in a frame's grey levels (row by row, ``width`` a row);
    NoCode when there is none to read."""
    for step in reading(grey, width, height):
        if step is not None:
            return step
    raise NoCode("grid")
