"""Piccione's rules (clauses P1-P9 of rules-spec.md), as Ludii's rules text gives them.

Five pieces each start in the supply and enter on square 1 with a throw of 1 (P3). A
throw may be used in parts (P2): each part moves one piece, and what is left stays
pending for the same side, so a throw is a sequence of decisions of one side (the
THROW field shows what is left). No piece lands on another and none is hit (P4); all
parts of a throw go forward, or, when no part can, backward (P5). A part of exactly
31 - n bears a piece off from n (P6), 27 sends a piece back to the supply (P7), and a
5 or a landing on 15 or 26 owes one more throw (P8).

The rule set's own flags (State.var, docs/notation.md):
    dir=f, dir=b   a part of this throw has been used, and its parts go forward / backward
    entered        the piece on 1 was just entered: it moves first in this throw (P3)
    owe            one more throw is owed once this throw is used up or lost (P8)

When no part is legal for what is left of a throw, the rest is lost at once, as part
of the action that left it (P2): a position never waits with a rest that has no use,
so a recorded ``pass`` is always the loss of a whole throw.
"""

from ..moves import OFF, SUPPLY, Move
from ..rules import Rules
from ..state import BLACK, FROZEN, WHITE, State, other

ENTRY = 1  # P3: pieces enter on square 1
EXTRA_SQUARES = (15, 26)  # P8
NO_BACKWARD = frozenset({28, 29, 30})  # P5
FORWARD, BACKWARD = "dir=f", "dir=b"


class Piccione(Rules):
    name = "piccione"
    invite_number = 6  # its number in an online invite (senet.online.invite): never change it
    title = "Piccione"
    pieces = 5
    none_value = 5
    first = BLACK  # P1 (a decision: the source is silent)
    extra_throws = frozenset({5})  # P8 (with the landings on 15 and 26)
    has_supply = True
    transit_squares = frozenset({27})  # P7: a piece never rests on 27
    water_square = 27  # P7: a piece landing there goes back to its owner's supply
    entered_square = 1  # P3: the piece just entered on 1 moves first (the flag entered)
    own_flags = (("dir", ("f", "b")), ("entered", None), ("owe", None))
    throw_in_parts = True  # P2
    back_to_supply = True  # P5: a piece moving back past square 1

    @staticmethod
    def entry_square(throw: int):
        """P3: a 1 enters a piece on square 1; no other throw enters one."""
        return ENTRY if throw == 1 else None

    def bear_off_throws(self, sq: int) -> tuple:
        """P6: from square n a part of exactly 31 - n."""
        return (31 - sq,) if 31 - sq in self.throw_values and sq != 27 else ()

    # -- the legal parts -------------------------------------------------------------
    def moves(self, state: State) -> list[Move]:
        side, t = state.side, state.throw
        cells = " " + state.board + " "
        var = state.var
        if "entered" in var:  # P3: the entered piece moves first, forward, onto an empty square
            return [Move(ENTRY, ENTRY + k) for k in range(1, t + 1) if cells[ENTRY + k] == "."]
        way = FORWARD if FORWARD in var else BACKWARD if BACKWARD in var else None
        out = []
        if way is None and t == 1 and cells[ENTRY] == "." and state.supply[0 if side == WHITE else 1]:
            out.append(Move(SUPPLY, ENTRY))  # P3: a whole throw of 1, never a part
        mine = [sq for sq in range(1, 31) if cells[sq] == side]
        if way != BACKWARD:
            forward = []
            for src in mine:
                for k in range(1, t + 1):
                    dst = src + k
                    if dst == 31:
                        forward.append(Move(src, OFF))  # P6
                    elif dst < 31 and cells[dst] == ".":  # P4 (27 is always empty: P7)
                        forward.append(Move(src, dst))
            if forward or way == FORWARD:
                return out + forward
        for src in mine:  # P5: backward only when no part goes forward
            if src in NO_BACKWARD:
                continue
            for k in range(1, t + 1):
                dst = src - k
                if dst == 0:
                    out.append(Move(src, SUPPLY))  # P5: past square 1, back to the supply
                    break
                if cells[dst] == ".":
                    out.append(Move(src, dst))
        return out

    @staticmethod
    def part_size(move: Move) -> int:
        """How much of the throw a part uses (P2); an entry uses the whole throw of 1."""
        src, dst = move
        if src == SUPPLY:
            return 1
        if dst == OFF:
            return 31 - src
        if dst == SUPPLY:
            return src  # P5: the part that takes it just past square 1
        return abs(dst - src)

    # -- the transitions --------------------------------------------------------------
    def _after_part(self, state: State, move: Move):
        """(board, supply, off, way, owe) after the part ``move``."""
        side, t = state.side, state.throw
        src, dst = move
        cells = list(" " + state.board + " ")
        sw, sb = state.supply
        ow, ob = state.off
        white = side == WHITE
        cells[src] = "."
        way = FORWARD if dst == OFF or (dst != SUPPLY and dst > src) else BACKWARD
        if dst == OFF:
            if white:
                ow += 1
            else:
                ob += 1
        elif dst == SUPPLY or dst == self.water_square:  # P5, P7: back to the supply
            if white:
                sw += 1
            else:
                sb += 1
        else:
            cells[dst] = side
        fresh = "dir=f" not in state.var and "dir=b" not in state.var
        owe = "owe" in state.var or (fresh and t == 5) or dst in EXTRA_SQUARES  # P8
        return "".join(cells[1:31]), (sw, sb), (ow, ob), way, owe

    def rest_state(self, state: State, move: Move):
        """The state with what is left of the throw after the part ``move``, before the
        rest is used or lost; None when nothing is left (or the move is an entry)."""
        if move.src == SUPPLY:
            return None
        left = state.throw - self.part_size(move)
        board, supply, off, way, owe = self._after_part(state, move)
        if left <= 0 or max(off) >= self.pieces:
            return None
        var = (way, "owe") if owe else (way,)
        return State(self, board, state.side, left, supply, off, var=var, again=state.again)

    def apply_move(self, state: State, move: Move) -> State:
        side = state.side
        if move.src == SUPPLY:  # P3: enter on 1, then throw again with that piece first
            sw, sb = state.supply
            supply = (sw - 1, sb) if side == WHITE else (sw, sb - 1)
            board = side + state.board[1:]
            return State(self, board, side, None, supply, state.off, var=("entered",), again=True)
        board, supply, off, way, owe = self._after_part(state, move)
        left = state.throw - self.part_size(move)
        if left > 0 and max(off) < self.pieces:
            var = (way, "owe") if owe else (way,)
            rest = State(self, board, side, left, supply, off, var=var, again=state.again)
            if self.moves(rest):
                return rest  # P2: the same side uses what is left
            return self._lose(rest)  # P2: no part is legal, the rest is lost
        return self._done(state, board, supply, off, owe)

    def _done(self, state: State, board: str, supply, off, extra: bool) -> State:
        """The throw is used up or lost: one more throw if owed (P8), else the turn passes."""
        return State(self, board, state.side if extra else other(state.side), None, supply, off,
                     again=extra)

    def _lose(self, state: State) -> State:
        """The throw (or its rest) is lost (C4, P2, P3)."""
        board, supply = state.board, state.supply
        if "entered" in state.var:  # P3: the entered piece goes back to the supply
            board = "." + board[1:]
            sw, sb = supply
            supply = (sw + 1, sb) if state.side == WHITE else (sw, sb + 1)
        nxt = self._done(state, board, supply, state.off, self.pass_keeps_turn(state))
        # C6: checked where a throw is lost, as Rules.apply_pass does (a frozen board
        # shows itself first by a lost throw)
        if self.is_frozen(nxt):
            return nxt._replace(draw_reason=FROZEN)
        return nxt

    def apply_pass(self, state: State) -> State:
        return self._lose(state)

    def pass_keeps_turn(self, state: State) -> bool:
        """P8: a lost throw of 5, or the lost rest of a throw that owes one, still gives
        one more throw."""
        var = state.var
        return "owe" in var or (state.throw == 5 and "dir=f" not in var and "dir=b" not in var)

    def throw_in_use(self, state: State) -> bool:
        """P2: a part of the pending throw is used (the flag dir=); THROW is what is left."""
        return FORWARD in state.var or BACKWARD in state.var

    def throw_owed(self, state: State) -> bool:
        """P8: one more throw is owed once this one is used up or lost: the flag owe, or
        a fresh 5 (its extra throw is owed from the start)."""
        if state.throw is None:
            return False
        return "owe" in state.var or (state.throw == 5 and not self.throw_in_use(state))

    # -- checks and reasons --------------------------------------------------------------
    def validate(self, state: State) -> str | None:
        reason = super().validate(state)
        if reason:
            return reason
        var = state.var
        part = "dir=f" in var or "dir=b" in var
        if "entered" in var:
            if part:
                return "'entered' and 'dir=' cannot go together: the entered piece moves the first part (P3)"
            if state.board[0] != state.side:
                return "the 'entered' flag needs a piece of the side to act on square 1 (P3)"
            if state.throw is None and not state.again:
                return "the 'entered' flag comes with 'again': the side throws again after an entry (P3)"
        if (part or "owe" in var) and state.throw is None:
            return "the flags 'dir=' and 'owe' belong to a throw in use: they need a pending throw (P2, P8)"
        if "owe" in var and not part:
            return "the flag 'owe' comes with 'dir=': it marks a throw already partly used (P8)"
        if part and state.throw == 5:
            return "a throw partly used has at most 4 left: a throw is at most 5 (P2)"
        if part and not self.moves(state):
            return ("no part is legal with what is left of the throw, so it would have been "
                    "lost already (P2)")
        return None

    def explain_variant(self, state: State, move: Move) -> dict | None:
        t = state.throw
        src, dst = move
        var = state.var
        cells = " " + state.board + " "
        if src == SUPPLY:
            if dst != ENTRY:
                return {"why": "entry_on_1", "clause": "P3"}
            if "dir=f" in var or "dir=b" in var:
                return {"why": "entry_whole_throw", "clause": "P2, P3"}
            if "entered" in var:
                return {"why": "entered_first", "clause": "P3"}
            if t != 1:
                return {"why": "entry_with_1", "clause": "P3"}
            if cells[ENTRY] != ".":
                return {"why": "entry_taken", "clause": "P3, P4"}
            return None
        if "entered" in var and src != ENTRY:
            return {"why": "entered_moves_first", "clause": "P3"}
        size = self.part_size(move)
        if size > t:
            left = "dir=f" in var or "dir=b" in var
            return {"why": "part_too_long_left" if left else "part_too_long", "clause": "P2",
                    "move": str(move), "size": size, "throw": t}
        if dst == OFF:
            return None
        if dst == SUPPLY:
            if any(m.dst == OFF or (m.src != SUPPLY and m.dst != SUPPLY and m.dst > m.src)
                   for m in state.legal_actions()):
                return {"why": "forward_first", "clause": "P5"}
            return None
        if dst != self.water_square and cells[dst] != ".":
            return {"why": "occupied", "clause": "P4", "square": dst}
        if dst < src:
            if src in NO_BACKWARD:
                return {"why": "no_backward_end", "clause": "P5"}
            if "dir=f" in var:
                return {"why": "same_way_forward", "clause": "P5"}
            return {"why": "forward_first", "clause": "P5"}
        if "dir=b" in var:
            return {"why": "same_way_backward", "clause": "P5"}
        return None

    def lost_throw_reason(self, state: State) -> dict:
        """Why no part is legal (C4, P2-P5), as data (senet.describe): P3's entered piece
        that cannot move ("entered_blocked"), or what stops each piece: "occupied" (every
        square it could reach is taken, P4), "exact" (it could only go past 30, P6),
        "forward_only" (this throw's parts go forward, P5), and for the supply
        "no_entry" (only a whole throw of 1 enters) or "entry_blocked" (square 1 taken)."""
        side, t = state.side, state.throw
        var = state.var
        if "entered" in var:
            return {"why": "entered_blocked", "clause": "P3", "square": ENTRY, "throw": t}
        cells = " " + state.board + " "
        part = FORWARD in var or BACKWARD in var
        obstacles = {}
        for sq in state.pieces(side):
            reach = [sq + k for k in range(1, t + 1) if sq + k <= 30]
            if FORWARD in var and sq not in NO_BACKWARD and any(
                    cells[sq - k] == "." for k in range(1, min(t, sq - 1) + 1)):
                obstacles[sq] = "forward_only"
            elif not reach:
                obstacles[sq] = "exact"
            else:
                obstacles[sq] = "occupied"
        if state.supply[0 if side == WHITE else 1]:
            obstacles["supply"] = "no_entry" if part or t != 1 else "entry_blocked"
        if not state.pieces(side):
            if t != 1 or part:
                return {"why": "no_entry", "throws": (1,)}
            return {"why": "entry_blocked", "square": ENTRY}
        reason = {"why": "blocked", "obstacles": obstacles}
        if part:
            reason["rest"] = True
        return reason
