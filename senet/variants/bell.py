"""Bell's rules (clauses B1-B8 of rules-spec.md).

Ten pieces each enter on 26..30 and travel down towards square 1. The first side to
reach square 1 takes the odd goal squares 1..19, the other the even ones 2..20; a
piece on one of its own goal squares is home for good. All ten home wins.
"""

from ..moves import SUPPLY, Move
from ..state import BLACK, WHITE, Rules, State

STALL_REASON = "neither side can fill its goal squares any more (C6)"
ODD_GOALS = tuple(range(1, 20, 2))
EVEN_GOALS = tuple(range(2, 21, 2))


def goals(state: State, side: str) -> tuple[int, ...]:
    """The goal squares of ``side`` (empty before anyone has reached square 1)."""
    if state.odd is None:
        return ()
    return ODD_GOALS if state.odd == side else EVEN_GOALS


class Bell(Rules):
    name = "bell"
    title = "Bell"
    pieces = 10
    none_value = 5
    first = BLACK
    extra_throws = frozenset()
    has_supply = True
    bears_off = False

    @staticmethod
    def floor(cells: str, mine: tuple[int, ...], side: str) -> int:
        """B7: the lowest own goal square still without an own piece (1 before goals)."""
        for g in mine:
            if cells[g] != side:
                return g
        return 31

    def moves(self, state: State) -> list[Move]:
        side, t = state.side, state.throw
        opp = "b" if side == WHITE else "w"
        cells = " " + state.board
        moves = []
        if state.supply[0 if side == WHITE else 1] and cells[31 - t] == ".":  # B3
            moves.append(Move(SUPPLY, 31 - t))
        mine = goals(state, side)
        theirs = goals(state, opp)
        low = self.floor(cells, mine, side) if mine else 1
        for src in range(1, 31):
            if cells[src] != side or src in mine:  # B6: home pieces never move
                continue
            dst = src - t
            if dst < low:  # B7
                continue
            c = cells[dst]
            if c == side:
                continue
            if c == opp and (dst >= 26 or dst in theirs):  # B4, B6
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
        odd = state.odd if state.odd is not None or dst != 1 else side  # B5
        after = self.end_turn(state, "".join(cells[1:31]), (sw, sb), state.off, False, odd=odd)
        # C6: only a move touching squares 1..20 can change who may still fill the goals
        # (squares 21..30 are always reachable from the entry squares).
        if odd is not None and (dst <= 20 or 0 < src <= 20) and after.winner is None:
            board = " " + after.board
            if not self.can_still_win(board, WHITE, odd) and not self.can_still_win(board, BLACK, odd):
                return after.replace(draw_reason=STALL_REASON)
        return after

    @staticmethod
    def can_still_win(cells: str, side: str, odd: str) -> bool:
        """False when ``side`` can never fill all its goal squares, whatever is thrown.

        An optimistic test: every piece not yet home might be captured and enter again,
        opponent pieces not home might move away, and the floor (B7) can only rise. Home
        pieces never move and cannot be landed on, so five of them in a row form a wall
        that no throw (at most 5) can cross. A goal square no piece can reach is final.
        """
        opp = BLACK if side == WHITE else WHITE
        mine, theirs = (ODD_GOALS, EVEN_GOALS) if odd == side else (EVEN_GOALS, ODD_GOALS)
        unfilled = [g for g in mine if cells[g] != side]
        if not unfilled:
            return True
        blocked = {g for g in mine if cells[g] == side} | {g for g in theirs if cells[g] == opp}
        sinks = set(unfilled)
        floor = unfilled[0]
        reach = [False] * 36
        for x in range(30, floor - 1, -1):
            if x in blocked:
                continue
            if x >= 21 or cells[x] == side:
                reach[x] = True
                continue
            for y in range(x + 1, x + 6):
                if reach[y] and y not in sinks:
                    reach[x] = True
                    break
        return all(reach[g] for g in unfilled)

    def winner(self, state: State) -> str | None:
        if state.odd is None:
            return None
        for side in (WHITE, BLACK):
            if all(state.board[g - 1] == side for g in goals(state, side)):  # B8
                return side
        return None

    def validate(self, state: State) -> str | None:
        if state.odd is None and state.board[0] != ".":
            return "a piece stands on square 1, so the 'odd=' flag must say who owns the odd squares"
        if state.odd is not None and state.board[0] != state.odd:
            return "square 1 must hold a piece of the side that owns the odd squares (B5, B6)"
        if state.odd is not None and all(
            all(state.board[g - 1] == s for g in goals(state, s)) for s in (WHITE, BLACK)
        ):
            return "both sides cannot have every piece home"
        return None

    def explain_variant(self, state: State, move: Move) -> str | None:
        side, t = state.side, state.throw
        src, dst = move
        opp = "b" if side == WHITE else "w"
        cells = " " + state.board
        if src == SUPPLY:
            if dst != 31 - t:
                return f"with a throw of {t} a piece enters on square {31 - t} (B3)"
            if cells[dst] != ".":
                return f"square {dst} is occupied, so no piece can enter there (B3)"
            return None
        if src in goals(state, side):
            return f"the piece on {src} is home and never moves again (B6)"
        if dst > src:
            return "pieces move towards square 1 only (B2)"
        if src - dst != t:
            return None
        mine = goals(state, side)
        if mine and dst < self.floor(cells, mine, side):
            return (f"you may not go below square {self.floor(cells, mine, side)}, "
                    "your lowest goal square still free (B7)")
        if cells[dst] == opp:
            if dst >= 26:
                return f"the piece on {dst} stands on a marked square and cannot be attacked (B4)"
            if dst in goals(state, opp):
                return f"the piece on {dst} is home and cannot be attacked (B6)"
        return None
