"""Jéquier's rules (clauses J1-J10 of rules-spec.md).

Five pieces each; a colour draw decides who plays black; pairs protect, three in a row
block; the last five squares are safe; 27 sends a piece back to the first empty square;
landing exactly on 30 bears off once every piece of the side is on the last row.
Havens (havens.py) shares most of this and overrides what differs.
"""

from ..moves import OFF, Move
from ..rules import Rules
from ..state import BLACK, WHITE, State, other


class Jequier(Rules):
    name = "jequier"
    invite_number = 1  # its number in an online invite (senet.online.invite): never change it
    title = "Jéquier"
    pieces = 5
    none_value = 6
    first = BLACK  # after the colour draw, black acts (J2)
    extra_throws = frozenset({1, 4, 6})
    has_opening = True
    own_flags = (("opening", None),)  # J2 / V2: the colour draw is not over yet
    transit_squares = frozenset({27, 30})  # J8, J9: a piece never rests on 27 or 30
    clause = "J"
    no_passing_26 = False
    water_square = 27  # J8 / V6: a piece landing there restarts on the lowest empty square
    safe_squares = frozenset(range(26, 31))  # J5 / V5
    blockade = 3  # J4 / V5

    def start_board(self) -> str:
        return "wb" * 5 + "." * 20

    # J2 / V2: the colour draw. SIDE names the seat to throw: "w" the first seat, "b" the second.
    opening_move = (10, 11)  # J2, V2: the colour draw ends with black's piece on 10 moving to 11

    def opening_throw(self, state: State, throw: int) -> State:
        if throw != 1:
            return state._replace(side=other(state.side))
        b = state.board
        board = b[:9] + "." + b[9] + b[11:]  # the black piece on 10 moves to 11
        return State(self, board, BLACK, None, state.supply, state.off, again=True)

    def landing(self, cells: str, side: str, dst: int) -> str | None:
        """Why a piece of ``side`` may not land on ``dst``: "own", "safe" (J5, V5),
        "protected" (J4, V5); None when it may."""
        c = cells[dst]
        if c == ".":
            return None
        if c == side:
            return "own"
        if dst >= 26:
            return "safe"
        if cells[dst - 1] == c or cells[dst + 1] == c:
            return "protected"
        return None

    @staticmethod
    def blockaded(cells: str, opp: str) -> list[bool]:
        """Which squares (index 1..30) belong to a run of three or more opponent pieces."""
        mask = [False] * 32
        run = 0
        for sq in range(1, 32):
            if sq <= 30 and cells[sq] == opp:
                run += 1
                continue
            if run >= 3:
                for k in range(sq - run, sq):
                    mask[k] = True
            run = 0
        return mask

    def all_on_last_row(self, cells: str, side: str) -> bool:
        return side not in cells[1:21]

    @staticmethod
    def protected(cells: str, sq: int) -> bool:
        """J4 / V5: a neighbour of the piece's colour protects it (26..30 are safe anyway)."""
        c = cells[sq]
        return cells[sq - 1] == c or cells[sq + 1] == c

    def may_bear_off(self, cells: str, side: str) -> bool:
        """J9 / V7: only with every piece of the side on the board on 21..30."""
        return self.all_on_last_row(cells, side)

    def bear_off_throws(self, sq: int) -> tuple:
        """J9 / V7: landing exactly on 30 bears off (V6: not from below 26 in Havens)."""
        if sq in self.transit_squares or (self.gate_square is not None and sq < self.gate_square):
            return ()
        return (30 - sq,) if 30 - sq in self.throw_values else ()

    def moves(self, state: State) -> list[Move]:
        side, t = state.side, state.throw
        opp = other(side)
        cells = " " + state.board + " "
        mask = self.blockaded(cells, opp) if t >= 4 else None
        landing = self.landing
        forward = []
        mine = [sq for sq in range(1, 31) if cells[sq] == side]
        for src in mine:
            dst = src + t
            if dst > 30 or (self.no_passing_26 and src < 26 < dst):
                continue
            if mask and any(mask[src + 1:dst]):
                continue
            if dst == 30:
                if self.all_on_last_row(cells, side):
                    forward.append(Move(src, OFF))
            elif landing(cells, side, dst) is None:
                forward.append(Move(src, dst))
        if forward:
            return forward
        backward = []
        for src in mine:
            dst = src - t
            if dst >= 1 and cells[dst] == "." and not (mask and any(mask[dst + 1:src])):
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
            if victim != ".":
                cells[src] = victim  # J7 / V5: swap
            if dst == 27:  # J8 / V6: back to the lowest empty square
                cells[cells.index(".", 1)] = side
            else:
                cells[dst] = side
        return self.end_turn(state, "".join(cells[1:31]), state.supply, off, t in self.extra_throws)

    def explain_variant(self, state: State, move: Move) -> dict | None:
        side, t = state.side, state.throw
        src, dst = move
        opp = other(side)
        cells = " " + state.board + " "
        target = 30 if dst == OFF else dst
        if target > src:
            if target != src + t:
                return None
            if self.no_passing_26 and src < 26 < target:
                return {"why": "past_26", "clause": self.clause_id(6)}
            if any(self.blockaded(cells, opp)[src + 1:target]):
                return {"why": "blockade", "opp": opp}
            if target == 30:
                return {"why": "last_row"}
            reason = self.landing(cells, side, target)
            if reason and reason != "own":
                return {"why": reason, "opp": opp, "square": target}
            return None
        if any(m.dst == OFF or m.dst > m.src for m in state.legal_actions()):
            return {"why": "backward"}
        if src - target == t:
            if cells[target] != ".":
                return {"why": "backward_empty"}
            if any(self.blockaded(cells, opp)[target + 1:src]):
                return {"why": "blockade", "opp": opp}
        return None

    def clause_id(self, n: int) -> str:
        return f"{self.clause}{n}"

