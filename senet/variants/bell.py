"""Bell's rules (clauses B1-B8 of rules-spec.md).

Ten pieces each enter on 26..30 and travel down towards square 1. The first side to
reach square 1 takes the odd goal squares 1..19, the other the even ones 2..20. Goals
fill from the bottom up (B6): a piece is home when it stands on one of its own goal
squares and every lower goal square of its side holds a piece of that side, so home
pieces always form an unbroken chain from the side's lowest goal. Home pieces never move
and cannot be hit; a piece on an own goal square above a gap is not home yet. No piece
lands below its side's lowest open goal (B7). All ten home wins (B8).

Whether a piece is home follows from the board and the goal claim alone, so the
position notation needs nothing more than the ``odd=`` flag.

C6 in Bell: under these rules no position stalls. Between two goal squares of one side
lies a goal square of the other, so the opponent's home pieces never stand on two
adjacent squares, and the own goal squares (above the lowest open one) are never home
for the opponent: a side's pieces can always step down its own goal squares two at a
time, whatever stands on them (an opponent piece there is a stray that may be hit). A
side whose only pieces not home are left below its lowest open goal (B7) cannot move,
but then the other side has none such (its lowest open goal lies below that piece), so
it can still move, and hitting the stranded piece frees it. Every side can still fill
its goals, and a position where neither side can act is impossible; the generic
frozen-position check of the engine (``Rules.is_frozen``) stays in place regardless.
"""

from ..moves import SUPPLY, Move
from ..rules import Rules
from ..state import BLACK, WHITE, State, other

ODD_GOALS = tuple(range(1, 20, 2))
EVEN_GOALS = tuple(range(2, 21, 2))


def owner(state: State):
    """B5: who owns the odd goal squares, None before the claim (Bell's one flag,
    ``odd=``, is all State.var ever holds here: read it directly, it is asked often)."""
    var = state.var
    return var[0][4] if var else None


def goals(state: State, side: str) -> tuple:
    """The goal squares of ``side`` (empty before anyone has reached square 1)."""
    var = state.var  # owner(state), inline: asked several times a move
    if not var:
        return ()
    return ODD_GOALS if var[0][4] == side else EVEN_GOALS


def _floor(cells: str, mine: tuple, side: str) -> int:
    """B6, B7: the lowest goal square of ``mine`` without a piece of ``side`` (31 when
    every one holds one; 1 before the goals are set). ``cells`` is " " + board."""
    if not mine:
        return 1
    for g in mine:
        if cells[g] != side:
            return g
    return 31


def open_goal(state: State, side: str):
    """B7: the lowest goal square of ``side`` still without one of its pieces: the next
    square its chain of home pieces needs. None before the goals are set or when all
    its goal squares are filled."""
    mine = goals(state, side)
    if not mine:
        return None
    low = _floor(" " + state.board, mine, side)
    return None if low == 31 else low


def home_squares(state: State, side: str) -> tuple:
    """B6: the squares of ``side``'s home pieces, lowest first (the unbroken chain of its
    goal squares from its lowest goal up to the first one it does not hold)."""
    out = []
    board = state.board
    for g in goals(state, side):
        if board[g - 1] != side:
            break
        out.append(g)
    return tuple(out)


def is_home(state: State, square: int) -> bool:
    """B6: whether the piece on ``square`` (1..30) is home."""
    side = state.board[square - 1]
    return side != "." and square in home_squares(state, side)


def stranded(state: State, side: str) -> tuple:
    """B7: the squares of ``side``'s pieces that are not home but lie below its lowest
    open goal: they cannot move (any move would land below it), but may be hit."""
    mine = goals(state, side)
    if not mine:
        return ()
    low = _floor(" " + state.board, mine, side)
    board = state.board
    return tuple(s for s in range(1, low) if board[s - 1] == side and s not in mine)


class Bell(Rules):
    name = "bell"
    invite_number = 3  # its number in an online invite (senet.online.invite): never change it
    title = "Bell"
    pieces = 10
    none_value = 5
    first = BLACK
    extra_throws = frozenset()
    has_supply = True
    bears_off = False

    floor = staticmethod(_floor)
    direction = -1  # B2
    has_goals = True  # B5
    own_flags = (("odd", ("w", "b")),)  # B5: who owns the odd goal squares
    safe_squares = frozenset(range(26, 31))  # B4
    # the home pieces leave few squares: the exact tables reach three pieces a side
    # (790,254 slots against 16.6 million for Kendall's three, docs/endgames.md)
    table_pieces = 3

    @staticmethod
    def entry_square(throw: int):
        """B3: a piece enters on 31 - throw (if that square is empty)."""
        return 31 - throw

    @staticmethod
    def goals_for(odd, side: str) -> tuple:
        """B5: the odd goal squares for the side that claimed them (``odd``), the even
        ones for the other; none before the claim."""
        if odd is None:
            return ()
        return ODD_GOALS if odd == side else EVEN_GOALS

    home_squares = staticmethod(home_squares)  # B6
    stranded = staticmethod(stranded)  # B7
    open_goal = staticmethod(open_goal)  # B7

    def moves(self, state: State) -> list:
        side, t = state.side, state.throw
        opp = other(side)
        cells = " " + state.board
        moves = []
        if state.supply[0 if side == WHITE else 1] and cells[31 - t] == ".":  # B3
            moves.append(Move(SUPPLY, 31 - t))
        theirs = goals(state, opp)
        low = _floor(cells, goals(state, side), side)
        their_low = _floor(cells, theirs, opp)
        # B7: nothing lands below `low`; so home pieces (below it, B6) and pieces left
        # below it never move: only pieces from low + t up have a move
        for src in range(low + t, 31):
            if cells[src] != side:
                continue
            dst = src - t
            c = cells[dst]
            if c == side:
                continue
            if c == opp and (dst >= 26 or (dst < their_low and dst in theirs)):  # B4, B6
                continue
            moves.append(Move(src, dst))
        return moves

    def apply_move(self, state: State, move: Move) -> State:
        side = state.side
        src, dst = move
        cells = list(" " + state.board)
        sw, sb = state.supply
        if src == SUPPLY:
            if side == WHITE:
                sw -= 1
            else:
                sb -= 1
        else:
            cells[src] = "."
            if cells[dst] != ".":  # B4: the bumped piece goes back to its supply
                if side == WHITE:
                    sb += 1
                else:
                    sw += 1
        cells[dst] = side
        var = state.var if state.var or dst != 1 else ("odd=" + side,)  # B5
        # C6: no Bell position stalls under B6/B7 as revised (see the module docstring)
        return self.end_turn(state, "".join(cells[1:31]), (sw, sb), state.off, False, var=var)

    def winner(self, state: State):
        if not state.var:  # B5: no goals before the claim
            return None
        for side in (WHITE, BLACK):
            if all(state.board[g - 1] == side for g in goals(state, side)):  # B8
                return side
        return None

    def validate(self, state: State):
        if state.odd is None and state.board[0] != ".":
            return "a piece stands on square 1, so the 'odd=' flag must say who owns the odd squares"
        if state.odd is not None and state.board[0] != state.odd:
            return "square 1 must hold a piece of the side that owns the odd squares (B5, B6)"
        if state.odd is not None and all(
            all(state.board[g - 1] == s for g in goals(state, s)) for s in (WHITE, BLACK)
        ):
            return "both sides cannot have every piece home"
        return None

    def explain_variant(self, state: State, move: Move):
        side, t = state.side, state.throw
        src, dst = move
        opp = other(side)
        cells = " " + state.board
        if src == SUPPLY:
            if dst != 31 - t:
                return {"why": "entry_square", "clause": "B3", "throw": t, "square": 31 - t}
            if cells[dst] != ".":
                return {"why": "entry_occupied", "clause": "B3", "square": dst}
            return None
        if src in home_squares(state, side):
            return {"why": "home", "clause": "B6", "square": src}
        if dst > src:
            return {"why": "towards_1", "clause": "B2"}
        low = _floor(cells, goals(state, side), side)
        if src < low:
            return {"why": "below_goal_piece", "clause": "B7", "square": src, "goal": low}
        if src - dst != t:
            return None
        if dst < low:
            return {"why": "below_goal", "clause": "B7", "goal": low}
        if cells[dst] == opp:
            if dst >= 26:
                return {"why": "marked_square", "clause": "B4", "square": dst}
            if dst in home_squares(state, opp):
                return {"why": "home_safe", "clause": "B6", "square": dst}
        return None
