"""Draw the app icons as PNG files, with nothing but the standard library.

Usage: python tools/make_icons.py OUTDIR

Writes icon-192.png, icon-512.png, icon-maskable-512.png and favicon-32.png:
a sand-coloured Senet board of 3 x 10 squares on lapis blue, with a dark cone
and a light spool standing on it. Shapes are signed distance functions, so each
pixel gets an anti-aliased coverage from its distance to the edge. The output is
deterministic: the same bytes on every run.
"""

import argparse
import math
import struct
import sys
import zlib
from pathlib import Path

LAPIS = (0x1F, 0x3A, 0x6E)
SAND = (0xE8, 0xCB, 0x8C)
SAND_LINE = (0x9C, 0x74, 0x38)
CONE = (0x16, 0x19, 0x22)
SPOOL = (0xFA, 0xF4, 0xE4)
OUTLINE = (0x0E, 0x1A, 0x33)

# Board geometry in unit coordinates (0..1 across the icon).
BOARD_X0, BOARD_Y0, CELL = 0.10, 0.52, 0.08
BOARD_X1, BOARD_Y1 = BOARD_X0 + 10 * CELL, BOARD_Y0 + 3 * CELL


# --- signed distances (negative inside), all in unit coordinates -----------------

def sd_box(px, py, cx, cy, hx, hy, r=0.0):
    qx = abs(px - cx) - hx + r
    qy = abs(py - cy) - hy + r
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def sd_circle(px, py, cx, cy, r):
    return math.hypot(px - cx, py - cy) - r


def sd_polygon(px, py, pts):
    """Exact signed distance to a simple polygon (after Inigo Quilez)."""
    d = (px - pts[0][0]) ** 2 + (py - pts[0][1]) ** 2
    s = 1.0
    j = len(pts) - 1
    for i in range(len(pts)):
        (xi, yi), (xj, yj) = pts[i], pts[j]
        ex, ey = xj - xi, yj - yi
        wx, wy = px - xi, py - yi
        t = max(0.0, min(1.0, (wx * ex + wy * ey) / (ex * ex + ey * ey)))
        bx, by = wx - ex * t, wy - ey * t
        d = min(d, bx * bx + by * by)
        c1, c2, c3 = py >= yi, py < yj, ex * wy > ey * wx
        if (c1 and c2 and c3) or (not c1 and not c2 and not c3):
            s = -s
        j = i
    return s * math.sqrt(d)


# --- the drawing ------------------------------------------------------------------

def cone(px, py):
    # A tall triangle with rounded corners: shrink it, then round by r.
    r = 0.018
    pts = [(0.385, 0.20 + r * 2.2), (0.505 - r, 0.635 - r), (0.265 + r, 0.635 - r)]
    return sd_polygon(px, py, pts) - r


def spool(px, py):
    # A reel: a rounded block with a circular bite out of each side.
    body = sd_box(px, py, 0.635, 0.44, 0.10, 0.19, 0.022)
    return max(body, -sd_circle(px, py, 0.435, 0.44, 0.14),
               -sd_circle(px, py, 0.835, 0.44, 0.14))


def shapes(size, maskable):
    """The layers, bottom first: (colour, distance function, bbox in design units).

    A bbox of None means the whole image (the background)."""
    layers = []
    if maskable:  # full bleed: the platform cuts its own mask shape
        layers.append((LAPIS, lambda x, y: -1.0, None))
    else:
        layers.append((LAPIS, lambda x, y: sd_box(x, y, 0.5, 0.5, 0.5, 0.5, 0.19), None))
    layers.append((SAND, lambda x, y: sd_box(
        x, y, (BOARD_X0 + BOARD_X1) / 2, (BOARD_Y0 + BOARD_Y1) / 2,
        (BOARD_X1 - BOARD_X0) / 2, (BOARD_Y1 - BOARD_Y0) / 2, 0.008),
        (BOARD_X0, BOARD_Y0, BOARD_X1, BOARD_Y1)))
    half = max(0.5 / size, 0.004)  # grid lines at least one pixel wide
    lines = [(BOARD_X0 + 0.01, BOARD_Y0 + k * CELL, BOARD_X1 - 0.01, BOARD_Y0 + k * CELL)
             for k in (1, 2)]
    if size >= 64:  # column lines would only blur a favicon
        lines += [(BOARD_X0 + k * CELL, BOARD_Y0 + 0.01, BOARD_X0 + k * CELL, BOARD_Y1 - 0.01)
                  for k in range(1, 10)]
    for x0, y0, x1, y1 in lines:
        cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 + half, (y1 - y0) / 2 + half
        layers.append((SAND_LINE, lambda x, y, a=(cx, cy, hx, hy): sd_box(x, y, *a),
                       (cx - hx, cy - hy, cx + hx, cy + hy)))
    ring = 0.014
    for colour, fn, box in ((CONE, cone, (0.25, 0.19, 0.52, 0.65)),
                            (SPOOL, spool, (0.51, 0.23, 0.76, 0.66))):
        grown = (box[0] - ring, box[1] - ring, box[2] + ring, box[3] + ring)
        layers.append((OUTLINE, lambda x, y, f=fn: f(x, y) - ring, grown))
        layers.append((colour, fn, box))
    return layers


def render(size, maskable=False):
    """RGBA pixel rows (bytes) of one icon."""
    # Maskable icons keep the design inside the central safe circle (radius 0.4).
    k = 0.74 if maskable else 1.0
    rgba = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]
    for colour, fn, box in shapes(size, maskable):
        if box is None:
            px0, py0, px1, py1 = 0, 0, size, size
        else:
            bx0, by0, bx1, by1 = box
            px0 = max(0, int((0.5 + (bx0 - 0.5) * k) * size) - 2)
            py0 = max(0, int((0.5 + (by0 - 0.5) * k) * size) - 2)
            px1 = min(size, int((0.5 + (bx1 - 0.5) * k) * size) + 3)
            py1 = min(size, int((0.5 + (by1 - 0.5) * k) * size) + 3)
        cr, cg, cb = colour
        for py in range(py0, py1):
            uy = 0.5 + ((py + 0.5) / size - 0.5) / k
            row = py * size
            for px in range(px0, px1):
                ux = 0.5 + ((px + 0.5) / size - 0.5) / k
                cover = 0.5 - fn(ux, uy) * k * size  # distance in pixels
                if cover <= 0.0:
                    continue
                a = min(1.0, cover)
                p = rgba[row + px]
                out_a = a + p[3] * (1.0 - a)
                w = p[3] * (1.0 - a)
                p[0] = (cr * a + p[0] * w) / out_a
                p[1] = (cg * a + p[1] * w) / out_a
                p[2] = (cb * a + p[2] * w) / out_a
                p[3] = out_a
    rows = []
    for py in range(size):
        line = bytearray()
        for p in rgba[py * size:(py + 1) * size]:
            line += bytes((round(p[0]), round(p[1]), round(p[2]), round(p[3] * 255)))
        rows.append(bytes(line))
    return rows


def png_bytes(rows, width, height):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)  # filter type 0 on every row
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


ICONS = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
    ("favicon-32.png", 32, False),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", metavar="OUTDIR", type=Path, help="the folder to write the icons into")
    out = parser.parse_args(argv).outdir
    out.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in ICONS:
        (out / name).write_bytes(png_bytes(render(size, maskable), size, size))
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
