"""The way the pieces run along the board (C1; Bell backwards, B2 and B3), for the view:
the small arrows drawn between neighbouring squares and the same in words.

Free of the DOM and of the engine's state, so it runs unchanged in CPython and
MicroPython (the page). app/view/view.py draws ``arrows(...)`` into ``#way`` and puts
``words(...)`` in the board's description.
"""

from senet.board import square_cell
from senet.words import t

# A chevron's size in board units (a square is 92 wide, 100 apart): short along the way,
# wider across it. They sit in the 8-unit gaps between squares, level with the pieces'
# centres (or under them at a row's turn), where no piece, number or mark is drawn.
LENGTH = 10
HALF_WIDTH = 8


def backwards(rules) -> bool:
    """Bell's pieces enter on 26..30 and run towards square 1 (B2, B3)."""
    return rules.direction < 0


def gap_centre(a: int, b: int) -> tuple[float, float]:
    """The point between neighbouring squares ``a`` and ``b``: the gap in a row, level with
    the pieces' centres; the gap between two rows (10/11, 20/21), under the pieces' centre."""
    (ra, ca), (rb, cb) = square_cell(a), square_cell(b)
    if ra == rb:
        return 100 * max(ca, cb), 100 * ra + 55
    return 100 * ca + 54, 100 * max(ra, rb)


def chevron(cx: float, cy: float, dx: int, dy: int) -> list[tuple[float, float]]:
    """An open chevron centred on (cx, cy) pointing along (dx, dy) (a unit step on one
    axis): [wing, tip, wing]."""
    half = LENGTH / 2
    tip = (cx + dx * half, cy + dy * half)
    back = (cx - dx * half, cy - dy * half)
    nx, ny = -dy, dx  # across the way
    return [(back[0] + nx * HALF_WIDTH, back[1] + ny * HALF_WIDTH), tip,
            (back[0] - nx * HALF_WIDTH, back[1] - ny * HALF_WIDTH)]


def arrows(rules) -> list[tuple[int, int, list]]:
    """(from square, to square, [wing, tip, wing]) for each of the 29 steps of the track,
    in the order the pieces take them."""
    out = []
    steps = [(n, n + 1) for n in range(1, 30)]
    if backwards(rules):
        steps = [(b, a) for a, b in reversed(steps)]
    for a, b in steps:
        (ra, ca), (rb, cb) = square_cell(a), square_cell(b)
        dx, dy = (cb > ca) - (cb < ca), (rb > ra) - (rb < ra)
        cx, cy = gap_centre(a, b)
        out.append((a, b, chevron(cx, cy, dx, dy)))
    return out


def points_text(points) -> str:
    """SVG ``points`` of a polyline: "x,y x,y x,y", whole numbers where they are whole."""
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _num(v: float) -> str:
    return str(int(v)) if v == int(v) else str(v)


def words(rules) -> str:
    """The way in words, for the board's accessible description."""
    return t("view.way.backwards") if backwards(rules) else t("view.way.forwards")
