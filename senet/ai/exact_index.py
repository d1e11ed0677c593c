"""The index of the exact endgame tables: a perfect hash of the positions with at most
``k`` pieces a side still to finish, one rule set at a time (docs/endgames.md).

A table holds the positions before a throw (THROW "-"), white to act: a position with
black to act is looked up with the colours swapped (every rule set treats both colours
alike; the tests check it against a solve of both colours). What a position is made of
beyond its squares, per rule set:

* Kendall, Thibault: ``again`` matters only where the side to act has a piece in the
  water (no rescue on an extra throw, K9, H8); the positions with that piece and
  ``again`` form groups of their own, with the water square fixed.
* Piccione: the flag ``entered`` (the piece on square 1 moves first, P3) with square 1
  fixed (``Rules.entered_square``); the pieces in the supply.
* Tait: the pieces in the supply; no piece stands on 1, 2 or 3 (``Rules.standing_squares``).
* Bell (``Rules.has_goals``): who owns the odd goals (``odd=``) and the home pieces, which fill the side's
  lowest goal squares (B6) and never move again; the pieces not home are on the board
  or in the supply.
* Jéquier, Havens: the squares alone (the colour draw is over long before).

"Pieces still to finish" are those not borne off (Bell: not home). None ever comes
back: a piece borne off stays off, and a home piece in Bell is never hit or moved, so
the positions with at most ``k`` of them a side are closed under the rules.

A group fixes everything but the free pieces' squares: ``a`` white and ``b`` black
pieces on the group's squares ``S``. Its positions are numbered white's squares first
(their colex rank among C(|S|, a)), then black's among the squares white left. Some
numbers in Bell are no position (a piece on its side's lowest open goal would be home):
the solver marks them, and a lookup never reaches them.

Kendall's house rules ``five`` and ``start`` change nothing in such an endgame (the
count of pieces only decides when a side has none left; both sides have thrown their
first 1 long before, ``began=wb``), so those names share the tables of the name without
them; ``trap`` and ``homerow`` change the end and have tables of their own
(``Rules.table_name``, ``Rules.table_names``).
"""

from math import comb

from ..state import BLACK, WHITE, State
from ..variants import VARIANTS, get_rules

INDEX_VERSION = 1
# the tables, by name (Rules.table_names: a rule set's and its house rules'), in the
# order of VARIANTS
TABLE_NAMES = tuple(t for v in VARIANTS for t in get_rules(v).table_names)
_SWAP = str.maketrans("wb", "bw")


def table_name(rules):
    """The name of the table that holds ``rules``' endgames (Rules.table_name), or None."""
    name = rules.table_name
    return name if name in TABLE_NAMES else None


def file_name(name: str, k: int) -> str:
    """The file of a table: ``kendall-trap-k2.bin`` (no "+" in a URL)."""
    return f"{name.replace('+', '-')}-k{k}.bin"


def swapped(state: State) -> State:
    """``state`` with the colours swapped (board, side, counts, Bell's and KO2's flags)."""
    var = tuple(f.translate(_SWAP) if f[:4] in ("odd=", "bega") else f for f in state.var)
    (sw, sb), (ow, ob) = state.supply, state.off
    side = BLACK if state.side == WHITE else WHITE
    return State(state.rules, state.board.translate(_SWAP), side, state.throw, (sb, sw), (ob, ow),
                 var=var, again=state.again, draw_reason=state.draw_reason, throwing=state.throwing)


def colex_rank(indices) -> int:
    """The colex rank of increasing indices: sum of C(c_i, i + 1)."""
    r = 0
    for i, c in enumerate(indices):
        r += comb(c, i + 1)
    return r


class Group:
    """Positions sharing everything but the free pieces' squares (see the module)."""

    __slots__ = ("key", "a", "b", "squares", "pos", "fixed_w", "fixed_b", "supply", "off", "var",
                 "again", "offset", "size", "black_block")

    def __init__(self, key, a, b, squares, fixed_w=(), fixed_b=(), supply=(0, 0), off=(0, 0),
                 var=(), again=False):
        self.key = key
        self.a, self.b = a, b
        self.squares = tuple(squares)
        self.pos = {sq: i for i, sq in enumerate(self.squares)}
        self.fixed_w, self.fixed_b = tuple(fixed_w), tuple(fixed_b)
        self.supply, self.off, self.var, self.again = supply, off, var, again
        n = len(self.squares)
        self.black_block = comb(n - a, b)
        self.size = comb(n, a) * self.black_block
        self.offset = 0

    def rank(self, white: list, black: list):
        """The slot of free pieces on ``white``, ``black`` (squares, increasing), or None
        when one stands off the group's squares."""
        pos = self.pos
        wi = []
        for sq in white:
            i = pos.get(sq)
            if i is None:
                return None
            wi.append(i)
        bi = []
        for sq in black:
            i = pos.get(sq)
            if i is None:
                return None
            bi.append(i - sum(1 for j in wi if j < i))  # among the squares white left
        return self.offset + colex_rank(wi) * self.black_block + colex_rank(bi)

    def state(self, rules, white, black) -> State:
        """The position of this group with free pieces on ``white`` and ``black``."""
        cells = ["."] * 30
        for sq in self.fixed_w + tuple(white):
            cells[sq - 1] = WHITE
        for sq in self.fixed_b + tuple(black):
            cells[sq - 1] = BLACK
        return State(rules, "".join(cells), WHITE, None, self.supply, self.off, var=self.var,
                     again=self.again)


class Layout:
    """The groups of one table (rule set ``name``, at most ``k`` pieces a side)."""

    def __init__(self, rules, k: int):
        self.rules, self.k = rules, k
        self.name = table_name(rules)
        self.groups = []
        self.by_key = {}
        for g in _groups(rules, k):
            g.offset = self.size
            self.groups.append(g)
            self.by_key[g.key] = g

    @property
    def size(self) -> int:
        return sum(g.size for g in self.groups)

    def slot(self, state: State):
        """The slot of a position before a throw, white to act, or None outside the
        table. The position's flags must be the table's (see ``key``)."""
        key = _key(self, state)
        if key is None:
            return None
        gkey, white, black = key
        g = self.by_key.get(gkey)
        if g is None or len(white) != g.a or len(black) != g.b:
            return None
        return g.rank(white, black)


def _groups(rules, k):
    pieces = rules.pieces
    if rules.has_goals:
        yield from _goal_groups(rules, k)
        return
    squares = list(rules.standing_squares)
    supplied = rules.has_supply
    water = rules.water_square
    entered = rules.entered_square
    for nw in range(1, k + 1):
        for nb in range(1, k + 1):
            off = (pieces - nw, pieces - nb)
            for sw in range(nw + 1 if supplied else 1):
                for sb in range(nb + 1 if supplied else 1):
                    yield Group(("", nw, nb, sw, sb), nw - sw, nb - sb, squares, supply=(sw, sb), off=off)
                    if rules.has_rescue and nw - sw >= 1:  # a piece in the water, on an extra throw
                        yield Group(("again", nw, nb, sw, sb), nw - sw - 1, nb - sb,
                                    [s for s in squares if s != water], fixed_w=(water,), supply=(sw, sb),
                                    off=off, again=True)
                    if entered is not None and nw - sw >= 1:  # P3: the piece just entered moves first
                        yield Group(("entered", nw, nb, sw, sb), nw - sw - 1, nb - sb,
                                    [s for s in squares if s != entered], fixed_w=(entered,), supply=(sw, sb),
                                    off=off, var=("entered",), again=True)


def _goal_groups(rules, k):
    """Bell's groups: who owns the odd goals, and the home pieces on the lowest goals (B5, B6)."""
    for odd in (WHITE, BLACK):
        goals_w = rules.goals_for(odd, WHITE)
        goals_b = rules.goals_for(odd, BLACK)
        for nw in range(1, k + 1):
            for nb in range(1, k + 1):
                home_w, home_b = goals_w[:10 - nw], goals_b[:10 - nb]
                squares = [s for s in range(1, 31) if s not in home_w and s not in home_b]
                for sw in range(nw + 1):
                    for sb in range(nb + 1):
                        yield Group((odd, nw, nb, sw, sb), nw - sw, nb - sb, squares,
                                    fixed_w=home_w, fixed_b=home_b, supply=(sw, sb),
                                    var=("odd=" + odd,))


def _key(layout, state):
    """(group key, white's free squares, black's free squares) of a position before a
    throw with white to act, or None when the table cannot hold it."""
    board = state.board
    white = [i + 1 for i, c in enumerate(board) if c == WHITE]
    black = [i + 1 for i, c in enumerate(board) if c == BLACK]
    sw, sb = state.supply
    rules = layout.rules
    if rules.has_goals:
        odd = state.odd
        if odd is None:
            return None
        goals_w = rules.goals_for(odd, WHITE)
        goals_b = rules.goals_for(odd, BLACK)
        home_w = _home(board, goals_w, WHITE)
        home_b = _home(board, goals_b, BLACK)
        nw = len(white) - home_w + sw
        nb = len(black) - home_b + sb
        hw, hb = set(goals_w[:home_w]), set(goals_b[:home_b])
        return ((odd, nw, nb, sw, sb), [s for s in white if s not in hw], [s for s in black if s not in hb])
    pieces = state.rules.pieces  # kendall+five's count, although it reads kendall's table
    nw, nb = pieces - state.off[0], pieces - state.off[1]
    if nw != len(white) + sw or nb != len(black) + sb:
        return None
    kind = ""
    if "entered" in state.var:
        kind = "entered"
        white = white[1:]  # the piece on 1 (validate: the entered piece is there)
    elif state.again and rules.has_rescue and board[rules.water_square - 1] == WHITE:
        kind = "again"
        white = [s for s in white if s != rules.water_square]
    return ((kind, nw, nb, sw, sb), white, black)


def _home(board: str, goals: tuple, side: str) -> int:
    """B6: how many of ``side``'s lowest goals hold its pieces without a gap."""
    n = 0
    for g in goals:
        if board[g - 1] != side:
            break
        n += 1
    return n
