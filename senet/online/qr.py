"""A QR code encoder in plain Python (ISO/IEC 18004), for the invite and the answer:
byte mode, error correction level L or M, versions 1 to 20 (up to 858 bytes at L), the
mask chosen by the standard's penalty rules. ``qr_matrix(data)`` gives the modules (rows
of booleans, True = dark); ``svg_path(matrix)`` the path data of the dark modules, one
unit per module, for an SVG whose viewBox adds a quiet zone of 4 modules. Runs in
MicroPython (the page draws the invite's code itself: no request leaves the origin).
"""

from ..errors import SenetError

LEVELS = ("L", "M")
MAX_VERSION = 20
QUIET_ZONE = 4
# (version) -> {level: (EC codewords per block, [(blocks, data codewords per block), ...])}
_BLOCKS = {
    1: {"L": (7, ((1, 19),)), "M": (10, ((1, 16),))},
    2: {"L": (10, ((1, 34),)), "M": (16, ((1, 28),))},
    3: {"L": (15, ((1, 55),)), "M": (26, ((1, 44),))},
    4: {"L": (20, ((1, 80),)), "M": (18, ((2, 32),))},
    5: {"L": (26, ((1, 108),)), "M": (24, ((2, 43),))},
    6: {"L": (18, ((2, 68),)), "M": (16, ((4, 27),))},
    7: {"L": (20, ((2, 78),)), "M": (18, ((4, 31),))},
    8: {"L": (24, ((2, 97),)), "M": (22, ((2, 38), (2, 39)))},
    9: {"L": (30, ((2, 116),)), "M": (22, ((3, 36), (2, 37)))},
    10: {"L": (18, ((2, 68), (2, 69))), "M": (26, ((4, 43), (1, 44)))},
    11: {"L": (20, ((4, 81),)), "M": (30, ((1, 50), (4, 51)))},
    12: {"L": (24, ((2, 92), (2, 93))), "M": (22, ((6, 36), (2, 37)))},
    13: {"L": (26, ((4, 107),)), "M": (22, ((8, 37), (1, 38)))},
    14: {"L": (30, ((3, 115), (1, 116))), "M": (24, ((4, 40), (5, 41)))},
    15: {"L": (22, ((5, 87), (1, 88))), "M": (24, ((5, 41), (5, 42)))},
    16: {"L": (24, ((5, 98), (1, 99))), "M": (28, ((7, 45), (3, 46)))},
    17: {"L": (28, ((1, 107), (5, 108))), "M": (28, ((10, 46), (1, 47)))},
    18: {"L": (30, ((5, 120), (1, 121))), "M": (26, ((9, 43), (4, 44)))},
    19: {"L": (28, ((3, 113), (4, 114))), "M": (26, ((3, 44), (11, 45)))},
    20: {"L": (28, ((3, 107), (5, 108))), "M": (26, ((3, 41), (13, 42)))},
}
_FORMAT_LEVEL = {"L": 1, "M": 0}

# GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1
GF_EXP = [0] * 512
GF_LOG = [0] * 256
_x = 1
for _i in range(255):
    GF_EXP[_i] = _x
    GF_LOG[_x] = _i
    _x <<= 1
    if _x & 0x100:
        _x ^= 0x11D
for _i in range(255, 512):
    GF_EXP[_i] = GF_EXP[_i - 255]


def gf_mul(a, b):
    if a == 0 or b == 0:
        return 0
    return GF_EXP[GF_LOG[a] + GF_LOG[b]]


def _generator(degree):
    """The Reed-Solomon generator polynomial's coefficients (highest first, leading 1 left out)."""
    poly = [1]
    for i in range(degree):
        nxt = [0] * (len(poly) + 1)
        for j, c in enumerate(poly):
            nxt[j] ^= c
            nxt[j + 1] ^= gf_mul(c, GF_EXP[i])
        poly = nxt
    return poly[1:]


_GENERATOR_LOGS = {}  # degree -> [(k, log of the generator's k-th coefficient)], its nonzero ones


def ec_codewords(data, degree):
    """The ``degree`` Reed-Solomon check bytes of ``data`` (a list of bytes)."""
    terms = _GENERATOR_LOGS.get(degree)
    if terms is None:
        terms = _GENERATOR_LOGS[degree] = [(k, GF_LOG[c]) for k, c in enumerate(_generator(degree)) if c]
    exp = GF_EXP
    rem = [0] * degree
    for b in data:
        factor = b ^ rem[0]
        rem = rem[1:] + [0]
        if factor:  # gf_mul(c, factor), its logarithms looked up once
            at = GF_LOG[factor]
            for k, log in terms:
                rem[k] ^= exp[log + at]
    return rem


def capacity(version, level):
    """Data codewords of a version at a level."""
    return sum(n * size for n, size in _BLOCKS[version][level][1])


def _bytes_capacity(version, level):
    header = 4 + (8 if version < 10 else 16)
    return (capacity(version, level) * 8 - header) // 8


def choose_version(length, level):
    for version in range(1, MAX_VERSION + 1):
        if _bytes_capacity(version, level) >= length:
            return version
    raise SenetError(f"a QR code here holds at most {_bytes_capacity(MAX_VERSION, level)} bytes at level "
                     f"{level}; this text has {length}")


def _codewords(data, version, level):
    bits = []

    def put(value, width):
        for i in range(width - 1, -1, -1):
            bits.append((value >> i) & 1)

    put(0b0100, 4)
    put(len(data), 8 if version < 10 else 16)
    for b in data:
        put(b, 8)
    total = capacity(version, level) * 8
    put(0, min(4, total - len(bits)))
    while len(bits) % 8:
        bits.append(0)
    words = [int("".join(str(b) for b in bits[i:i + 8]), 2) for i in range(0, len(bits), 8)]
    pad = (0xEC, 0x11)
    k = 0
    while len(words) < capacity(version, level):
        words.append(pad[k % 2])
        k += 1
    degree, groups = _BLOCKS[version][level]
    blocks, checks = [], []
    at = 0
    for count, size in groups:
        for _ in range(count):
            block = words[at:at + size]
            at += size
            blocks.append(block)
            checks.append(ec_codewords(block, degree))
    out = []
    for i in range(max(len(b) for b in blocks)):
        for block in blocks:
            if i < len(block):
                out.append(block[i])
    for i in range(degree):
        for check in checks:
            out.append(check[i])
    return out


def _alignment_positions(version):
    if version == 1:
        return []
    count = version // 7 + 2
    step = (version * 4 + count * 2 + 1) // (count * 2 - 2) * 2
    positions = [6]
    pos = version * 4 + 10
    for _ in range(count - 1):
        positions.insert(1, pos)
        pos -= step
    return positions


def format_bits(level, mask):
    """The 15 format bits of an error correction level and a mask."""
    data = (_FORMAT_LEVEL[level] << 3) | mask
    rem = data << 10
    for i in range(14, 9, -1):
        if rem >> i & 1:
            rem ^= 0x537 << (i - 10)
    return ((data << 10) | rem) ^ 0x5412


def version_bits(version):
    """The 18 version bits (versions 7 and up)."""
    rem = version << 12
    for i in range(17, 11, -1):
        if rem >> i & 1:
            rem ^= 0x1F25 << (i - 12)
    return (version << 12) | rem


class _Grid:
    def __init__(self, size, dark=None, fixed=None):
        self.size = size
        self.dark = dark if dark is not None else [[False] * size for _ in range(size)]
        self.fixed = fixed if fixed is not None else [[False] * size for _ in range(size)]

    def set(self, x, y, dark):
        self.dark[y][x] = dark
        self.fixed[y][x] = True


def _function_patterns(grid, version):
    size = grid.size
    for i in range(size):  # timing patterns
        grid.set(6, i, i % 2 == 0)
        grid.set(i, 6, i % 2 == 0)
    for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):  # finders with their separators
        for dy in range(-4, 5):
            for dx in range(-4, 5):
                x, y = cx + dx, cy + dy
                if 0 <= x < size and 0 <= y < size:
                    d = max(abs(dx), abs(dy))
                    grid.set(x, y, d not in (2, 4))
    positions = _alignment_positions(version)
    last = len(positions) - 1
    for i, cx in enumerate(positions):
        for j, cy in enumerate(positions):
            if (i == 0 and j == 0) or (i == 0 and j == last) or (i == last and j == 0):
                continue
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    grid.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1)
    _draw_format(grid, 0)  # reserve the places; drawn for real once the mask is known
    if version >= 7:
        bits = version_bits(version)
        for i in range(18):
            bit = bool(bits >> i & 1)
            a, b = size - 11 + i % 3, i // 3
            grid.set(a, b, bit)
            grid.set(b, a, bit)


def _format_places(size):
    """(x, y, bit) of the format information's modules: bit i of the 15, or -1 for the
    module that is always dark."""
    places = [(8, i, i) for i in range(6)] + [(8, 7, 6), (8, 8, 7), (7, 8, 8)]
    places += [(14 - i, 8, i) for i in range(9, 15)]
    places += [(size - 1 - i, 8, i) for i in range(8)]
    places += [(8, size - 15 + i, i) for i in range(8, 15)]
    places.append((8, size - 8, -1))
    return places


def _draw_format(grid, bits):
    for x, y, i in _format_places(grid.size):
        grid.set(x, y, i < 0 or bool(bits >> i & 1))


def _place(grid, words):
    size = grid.size
    i = 0
    total = len(words) * 8
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5
        for vert in range(size):
            for j in range(2):
                x = right - j
                upward = ((right + 1) & 2) == 0
                y = size - 1 - vert if upward else vert
                if not grid.fixed[y][x] and i < total:
                    grid.dark[y][x] = bool(words[i >> 3] >> (7 - (i & 7)) & 1)
                    i += 1
        right -= 2


def _mask_at(mask, x, y):
    if mask == 0:
        return (x + y) % 2 == 0
    if mask == 1:
        return y % 2 == 0
    if mask == 2:
        return x % 3 == 0
    if mask == 3:
        return (x + y) % 3 == 0
    if mask == 4:
        return (x // 3 + y // 2) % 2 == 0
    if mask == 5:
        return x * y % 2 + x * y % 3 == 0
    if mask == 6:
        return (x * y % 2 + x * y % 3) % 2 == 0
    return ((x + y) % 2 + x * y % 3) % 2 == 0


def _to_int(bits):
    n = 0
    for b in bits:
        n = n << 1 | (1 if b else 0)
    return n


_PATTERNS = {}  # (mask, size) -> its 12 rows and 12 columns as ints: the same for every code


def _mask_lines(mask, size):
    key = (mask, size)
    if key not in _PATTERNS:
        _PATTERNS[key] = ([_to_int(_mask_at(mask, x, y) for x in range(size)) for y in range(12)],
                          [_to_int(_mask_at(mask, x, y) for y in range(size)) for x in range(12)])
    return _PATTERNS[key]


def _masked_lines(grid, level):
    """For each mask: (mask, rows, columns), each line an int whose most significant of
    ``size`` bits is the first module, with the mask applied and the format drawn. Masks
    repeat every 12 rows and columns, so 12 lines of each pattern are computed, once for
    each size (_PATTERNS: they were two thirds of a code's time in the page's MicroPython)."""
    size = grid.size
    dark, fixed = grid.dark, grid.fixed
    rows = [_to_int(r) for r in dark]
    rows_fixed = [_to_int(r) for r in fixed]
    cols = [_to_int(column) for column in zip(*dark)]
    cols_fixed = [_to_int(column) for column in zip(*fixed)]
    places = _format_places(size)
    top = size - 1
    out = []
    for mask in range(8):
        row_pattern, col_pattern = _mask_lines(mask, size)
        r = [rows[y] ^ (row_pattern[y % 12] & ~rows_fixed[y]) for y in range(size)]
        c = [cols[x] ^ (col_pattern[x % 12] & ~cols_fixed[x]) for x in range(size)]
        bits = format_bits(level, mask)
        for x, y, i in places:
            on = i < 0 or bits >> i & 1
            if on:
                r[y] |= 1 << (top - x)
                c[x] |= 1 << (top - y)
            else:
                r[y] &= ~(1 << (top - x))
                c[x] &= ~(1 << (top - y))
        out.append((mask, r, c))
    return out


def _text(line, size):
    return ("0" * size + bin(line)[2:])[-size:]


_FINDERS = ("10111010000", "00001011101")


def _runs_and_finders(line):
    """Penalty rules 1 and 3 on one row or column written as "0"/"1" text."""
    score = 0
    n = len(line)
    for five, one in (("11111", "1"), ("00000", "0")):
        i = line.find(five)
        while i >= 0:
            j = i + 5
            while j < n and line[j] == one:
                j += 1
            score += j - i - 2
            i = line.find(five, j)
    for pattern in _FINDERS:
        i = line.find(pattern)
        while i >= 0:
            score += 40
            i = line.find(pattern, i + 1)
    return score


def _penalty(rows, cols, size):
    """The standard's penalty of a masked matrix (rules 1 to 4): the lowest wins."""
    score = 0
    dark = 0
    for line in rows:
        text = _text(line, size)
        dark += text.count("1")
        score += _runs_and_finders(text)
    for line in cols:
        score += _runs_and_finders(_text(line, size))
    full = (1 << (size - 1)) - 1  # 2x2 blocks of one colour, by whole rows at once
    for y in range(size - 1):
        a, b = rows[y], rows[y + 1]
        same = ~(a ^ b) & ~(a ^ (a >> 1)) & ~(b ^ (b >> 1)) & full
        score += 3 * bin(same).count("1")
    total = size * size
    k = (abs(dark * 20 - total * 10) + total - 1) // total - 1
    score += max(k, 0) * 10
    return score


def qr_matrix(data, level="L", mask=None):
    """The QR code of ``data`` (bytes, or text taken as UTF-8) in byte mode at ``level``:
    rows of booleans, True for a dark module. ``mask`` forces one of the 8 masks (tests);
    None picks the one with the lowest penalty."""
    if isinstance(data, str):
        data = data.encode()
    if not isinstance(data, (bytes, bytearray)):
        raise SenetError("a QR code encodes text or bytes")
    if level not in LEVELS:
        raise SenetError(f"the error correction level is one of {', '.join(LEVELS)}")
    version = choose_version(len(data), level)
    grid = _Grid(17 + 4 * version)
    _function_patterns(grid, version)
    _place(grid, _codewords(data, version, level))
    size = grid.size
    best = None
    for m, rows, cols in _masked_lines(grid, level):
        if mask is not None and m != mask:
            continue
        score = _penalty(rows, cols, size) if mask is None else 0
        if best is None or score < best[0]:
            best = (score, rows)
    return [[c == "1" for c in _text(row, size)] for row in best[1]]


def svg_path(matrix):
    """SVG path data drawing the dark modules of ``matrix`` at one unit each, offset by
    the quiet zone: put it in ``<path d="..."/>`` in an SVG with ``viewBox="0 0 N N"``,
    N = len(matrix) + 2 * QUIET_ZONE. Runs of dark modules in a row make one rectangle."""
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        n = len(row)
        while x < n:
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                parts.append(f"M{start + QUIET_ZONE} {y + QUIET_ZONE}h{x - start}v1h-{x - start}z")
            else:
                x += 1
    return "".join(parts)
