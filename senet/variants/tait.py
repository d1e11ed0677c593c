"""Tait's rules (clauses T1-T6 of rules-spec.md).

Every piece starts in the supply and enters on 4 or 6; bumped pieces go back to the
supply (15 is safe); 27 sends a piece home; pieces bear off from 25..30 on the exact
throw 31 - square; a 6, a move to 26 and a bearing off give one extra throw.
"""

from ..moves import OFF, SUPPLY, Move
from ..rules import Rules
from ..state import BLACK, WHITE, State

ENTRY_SQUARES = (4, 6)  # T2: a throw of 4 enters on 4, a throw of 6 on 6


class Tait(Rules):
    name = "tait"
    invite_number = 2  # its number in an online invite (senet.online.invite): never change it
    title = "Tait"
    pieces = 5
    none_value = 6
    first = BLACK
    extra_throws = frozenset({6})
    has_supply = True
    transit_squares = frozenset({27})  # T4: a piece never rests on 27
    water_square = 27  # T4: a piece landing there goes back to its owner's supply
    safe_squares = frozenset({15})  # T3
    # T2: a piece enters on 4 or 6, so none ever stands on 1, 2 or 3; T4: nor on 27
    standing_squares = tuple(s for s in range(4, 31) if s != 27)

    @staticmethod
    def entry_square(throw: int):
        """T2: a 4 enters on 4, a 6 on 6; other throws enter no piece."""
        return throw if throw in ENTRY_SQUARES else None

    def bear_off_throws(self, sq: int) -> tuple:
        """T2: from square n on the throw 31 - n."""
        return (31 - sq,) if 31 - sq in self.throw_values else ()

    @staticmethod
    def landing(cells: str, side: str, dst: int) -> str | None:
        c = cells[dst]
        if c == side:
            return "own"
        if c != "." and dst == 15:
            return "safe"  # T3
        return None

    def moves(self, state: State) -> list[Move]:
        side, t = state.side, state.throw
        cells = " " + state.board + " "
        landing = self.landing
        moves = []
        water = []
        if t in ENTRY_SQUARES and state.supply[0 if side == WHITE else 1] and landing(cells, side, t) is None:
            moves.append(Move(SUPPLY, t))
        for src in range(1, 31):
            if cells[src] != side:
                continue
            dst = src + t
            if dst == 31:
                moves.append(Move(src, OFF))
            elif dst < 31 and landing(cells, side, dst) is None:
                (water if dst == 27 else moves).append(Move(src, dst))
        return moves or water  # T4: into 27 only when nothing else is legal

    def apply_move(self, state: State, move: Move) -> State:
        side, t = state.side, state.throw
        src, dst = move
        cells = list(" " + state.board + " ")
        sw, sb = state.supply
        ow, ob = state.off
        mine = 0 if side == WHITE else 1
        if src == SUPPLY:
            if mine == 0:
                sw -= 1
            else:
                sb -= 1
        else:
            cells[src] = "."
        if dst == OFF:
            if mine == 0:
                ow += 1
            else:
                ob += 1
        else:
            if cells[dst] != ".":  # T3: the bumped piece returns to its owner's supply
                if mine == 0:
                    sb += 1
                else:
                    sw += 1
            if dst == 27:  # T4: the mover goes back to its own supply
                cells[dst] = "."
                if mine == 0:
                    sw += 1
                else:
                    sb += 1
            else:
                cells[dst] = side
        extra = t == 6 or dst == 26 or dst == OFF  # T5, one extra throw at most
        return self.end_turn(state, "".join(cells[1:31]), (sw, sb), (ow, ob), extra)

    def validate(self, state: State) -> str | None:
        reason = super().validate(state)
        if reason:
            return reason
        # T2: pieces enter on 4 or 6 and only move forward, so none ever stands below 4
        for sq in (1, 2, 3):
            if state.board[sq - 1] != ".":
                return f"no piece can reach square {sq} in tait: pieces enter on 4 or 6 and move forward (T2)"
        return None

    def pass_keeps_turn(self, state: State) -> bool:
        return state.throw == 6  # T5: a 6 gives its extra throw even when lost

    def explain_variant(self, state: State, move: Move) -> dict | None:
        side, t = state.side, state.throw
        src, dst = move
        cells = " " + state.board + " "
        if src == SUPPLY:
            if dst not in ENTRY_SQUARES:
                return {"why": "entry_4_or_6", "clause": "T2"}
            if t != dst:
                return {"why": "entry_throw", "clause": "T2", "square": dst}
        if dst == OFF and src + t != 31:
            return {"why": "exactly", "clause": "T2", "square": src, "throw": 31 - src}
        if dst != OFF and src and dst < src:
            return {"why": "never_backward", "clause": "T2"}
        if dst == 27 and src + t == 27:
            return {"why": "water_last", "clause": "T4", "square": 27}
        target = t if src == SUPPLY else src + t
        if dst == target:
            reason = self.landing(cells, side, dst)
            if reason and reason != "own":
                return {"why": "safe_square", "clause": "T3", "square": dst}
        return None


