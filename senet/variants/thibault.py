"""Thibault's rules (clauses H1-H9 of rules-spec.md).

Five pieces each, white first. Bumps are swaps ("dancing") unless the target stands in
a pair; 26 must be reached exactly; 27 drowns a piece, which can be rescued to 15.
"""

from ..moves import OFF, RESCUE, Move
from ..rules import Rules
from ..state import WHITE, State, other


def rescue_square(cells: str) -> int:
    """Square 15, or the nearest empty square below it (H7, H8)."""
    for sq in range(15, 0, -1):
        if cells[sq] == ".":
            return sq
    raise AssertionError("squares 1-15 cannot all be full with ten pieces")


class Thibault(Rules):
    name = "thibault"
    invite_number = 4  # its number in an online invite (senet.online.invite): never change it
    title = "Thibault"
    pieces = 5
    none_value = 5
    first = WHITE
    extra_throws = frozenset({1, 4, 5})
    has_rescue = True
    water_square = 27  # H8
    water_holds_turn = True  # H8: while drowning, no other piece moves
    rescue_target = 15  # H8
    gate_square = 26  # H5
    bear_off_only_squares = frozenset({27, 28, 29, 30})  # H6

    rescue_square = staticmethod(rescue_square)  # H7, H8

    def start_board(self) -> str:
        return "wb" * 5 + "." * 20

    @staticmethod
    def landing(cells: str, side: str, dst: int) -> str | None:
        c = cells[dst]
        if c == ".":
            return None
        if c == side:
            return "own"
        # H4: pairs protect, but never on 28..30, nor while the owner has a piece on 27.
        if dst <= 26 and cells[27] != c and (cells[dst - 1] == c or cells[dst + 1] == c):
            return "protected"
        return None

    @staticmethod
    def protected(cells: str, sq: int) -> bool:
        """H4: two or more consecutive pieces of a side protect each other, but never on
        28..30, nor while their side has a piece on 27 (the test of ``landing``)."""
        c = cells[sq]
        return sq <= 26 and cells[27] != c and (cells[sq - 1] == c or cells[sq + 1] == c)

    def bear_off_throws(self, sq: int) -> tuple:
        """H5, H6, H8: from 26 on a 5, 27 on a 4, 28, 29, 30 on 3, 2, 1."""
        need = 31 - sq if sq >= 28 else {26: 5, 27: 4}.get(sq)
        return (need,) if need else ()

    def moves(self, state: State) -> list[Move]:
        side, t = state.side, state.throw
        cells = " " + state.board + " "
        if cells[27] == side:  # H8: a 4 bears the drowning piece off; nothing else moves
            return [Move(27, OFF)] if t == 4 else []
        landing = self.landing
        forward = []
        into_water = None
        for src in range(1, 31):
            if cells[src] != side:
                continue
            if src >= 28:  # H6
                if src + t == 31:
                    forward.append(Move(src, OFF))
                continue
            if src == 26:  # H5
                if t == 5:
                    forward.append(Move(26, OFF))
                    continue
                dst = 26 + t
                if dst == 27:
                    if landing(cells, side, 27) is None:
                        into_water = Move(26, 27)
                    continue
            else:
                dst = src + t
                if dst > 26:
                    continue
            if landing(cells, side, dst) is None:
                forward.append(Move(src, dst))
        if forward:
            return forward
        if into_water:  # H5: 26 -> 27 only when nothing else goes forward
            return [into_water]
        backward = []  # H3
        for src in range(2, 27):
            if cells[src] == side:
                dst = src - t
                if dst >= 1 and landing(cells, side, dst) is None:
                    backward.append(Move(src, dst))
        return backward

    def apply_move(self, state: State, move: Move) -> State:
        side, t = state.side, state.throw
        src, dst = move
        cells = list(" " + state.board + " ")
        off = state.off
        cells[src] = "."
        if dst == OFF:
            off = (off[0] + 1, off[1]) if side == WHITE else (off[0], off[1] + 1)
        else:
            victim = cells[dst]
            cells[dst] = side
            if victim != ".":
                if dst >= 28:  # H7: the attacked piece drops into the water
                    if cells[27] == victim:
                        cells[rescue_square(cells)] = victim
                    cells[27] = victim
                else:
                    cells[src] = victim  # H4 swap, H8 swapping the drowning piece out
        return self.end_turn(state, "".join(cells[1:31]), state.supply, off, t in self.extra_throws)

    def pass_keeps_turn(self, state: State) -> bool:
        # H8: while drowning, a 1 or 5 means throw again even though nothing moved.
        return state.board[26] == state.side and state.throw in (1, 5)

    def pre_throw_actions(self, state: State) -> list[Move]:
        if not state.again and state.board[26] == state.side:
            return [RESCUE]
        return []

    def apply_pre_throw(self, state: State, move: Move) -> State:
        cells = list(" " + state.board + " ")
        cells[27] = "."
        cells[rescue_square(cells)] = state.side
        return self.end_turn(state, "".join(cells[1:31]), state.supply, state.off, False)

    def no_rescue_reason(self, state: State) -> dict:
        return {"why": "nothing_drowning", "square": 27}

    def explain_variant(self, state: State, move: Move) -> dict | None:
        side, t = state.side, state.throw
        src, dst = move
        cells = " " + state.board + " "
        if cells[27] == side:
            if src != 27:
                return {"why": "drowning_only", "clause": "H8", "square": 27}
            return {"why": "drowning_bear_off", "clause": "H8", "throw": 4}
        if src >= 28:
            if dst == OFF:
                return {"why": "exact", "clause": "H6", "square": src, "throw": 31 - src}
            return {"why": "no_board_moves", "clause": "H6"}
        if src < 26 and dst != OFF and dst > 26:
            return {"why": "past_26", "clause": "H5"}
        if src == 26 and dst == 27:
            return {"why": "into_water_last", "clause": "H5", "move": "26-27"}
        if dst != OFF and dst < src and any(m.dst == OFF or m.dst > m.src for m in state.legal_actions()):
            return {"why": "backward", "clause": "H3"}
        if dst != OFF and abs(dst - src) == t:
            reason = self.landing(cells, side, dst)
            if reason and reason != "own":
                return {"why": reason, "clause": "H4", "opp": other(side), "square": dst}
        return None

