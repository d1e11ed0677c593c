"""Kendall's rules (clauses K1-K13 of rules-spec.md), with the house rules KO1-KO4.

Seven pieces each, bumps are swaps, square 26 must be reached before the last squares,
27 is the water with its own rescue, and pieces on 28/29 may fall back into it (K8).

The house rules are options of the rule set, written after its name in the VARIANT
field in a fixed order (``kendall+five+start+trap+homerow``, any subset): ``five``
(KO1: five pieces each), ``start`` (KO2: no piece moves before the side's first 1;
the flag ``began=`` says which sides have thrown it), ``trap`` (KO3: a piece that may
not pass 26 may go into the empty water instead), ``homerow`` (KO4: no bearing off
while a piece of the side is on 1..10). ``Kendall.with_options`` reads the name.
"""

from ..errors import PositionError, shown
from ..moves import OFF, RESCUE, Move
from ..rules import Rules
from ..state import BLACK, WHITE, State, other

OPTIONS = ("five", "start", "trap", "homerow")  # KO1-KO4, in the order they are written
OPTION_CLAUSE = {"five": "KO1", "start": "KO2", "trap": "KO3", "homerow": "KO4"}

# Exact throw needed to bear off from squares 26..29 (K7); 30 bears off on any throw.
BEAR_OFF = {26: 5, 27: 4, 28: 3, 29: 2}


class Kendall(Rules):
    name = "kendall"
    invite_number = 0  # its number in an online invite (senet.online.invite): never change it
    title = "Kendall"
    pieces = 7
    none_value = 5
    first = BLACK
    extra_throws = frozenset({1, 4, 5})
    has_rescue = True
    water_square = 27  # K9
    water_holds_turn = True  # K9: while a piece is in the water no other piece moves
    rescue_target = 15  # K9
    gate_square = 26  # K6
    fall_back_squares = (28, 29)  # K8
    bear_off_only_squares = frozenset({27, 28, 29, 30})  # K7, K9 (K8 aside)
    options = ()
    house_rules = OPTIONS  # KO1-KO4, written after the name in this order
    tuning = "kendall"  # the opponents' evaluation tuned for Kendall serves every option
    # the house rules that change the end (KO3, KO4) have exact tables of their own; five
    # and start change nothing there (senet/ai/exact_index.py)
    table_names = ("kendall", "kendall+trap", "kendall+homerow", "kendall+trap+homerow")

    def __init__(self, options: tuple = ()) -> None:
        super().__init__()
        self.options = tuple(options)
        self.name = "+".join(("kendall",) + self.options)
        if options:
            self.title = "Kendall (" + ", ".join(self.options) + ")"
        self.five = "five" in options  # KO1
        self.start_rule = "start" in options  # KO2
        self.trap = "trap" in options  # KO3
        self.homerow = "homerow" in options  # KO4
        if self.five:
            self.pieces = 5
            self.expert_weights = "kendall+five"  # fitted to games of five pieces a side, any other options
        if self.start_rule:
            self.own_flags = (("began", ("w", "b", "wb")),)

    @property
    def table_name(self) -> str:
        return "+".join(("kendall",) + tuple(o for o in self.options if o in ("trap", "homerow")))

    def with_house_rules(self, text: str) -> "Kendall":
        return Kendall(self.option_names(text))

    @staticmethod
    def option_names(text: str) -> tuple:
        """KO1-KO4: the options written after "kendall+" in ``text`` (the part after the
        first "+"), checked: known, each once, in the order five, start, trap, homerow.
        Raises PositionError with one line otherwise."""
        names = tuple(text.split("+"))
        last = -1
        for n in names:
            if n not in OPTIONS:
                raise PositionError(f"unknown Kendall option '{shown(n)}' (options: {', '.join(OPTIONS)}, "
                                    "written in that order)")
            i = OPTIONS.index(n)
            if i == last:
                raise PositionError(f"the Kendall option '{n}' is given twice")
            if i < last:
                raise PositionError(f"the Kendall options must be written in the order {'+'.join(OPTIONS)}: "
                                    f"'{n}' comes before '{OPTIONS[last]}'")
            last = i
        return names

    def start_board(self) -> str:
        n = self.pieces
        return "wb" * n + "." * (30 - 2 * n)

    # KO2: which sides have thrown their first 1 (the flag began=)
    def began(self, state: State, side: str) -> bool:
        if not self.start_rule:
            return True
        b = state.flag("began")
        return b is not None and side in b

    def _mark_began(self, state: State) -> tuple:
        """KO2: the flags once the side to act has used (or lost) its first 1."""
        if not self.start_rule or state.throw != 1 or self.began(state, state.side):
            return state.var
        b = (state.flag("began") or "") + state.side
        return ("began=" + ("wb" if len(b) == 2 else b),)

    def may_bear_off(self, cells: str, side: str) -> bool:
        """KO4: with the home row option, not while a piece of the side is on 1..10."""
        return not self.homerow or side not in cells[1:11]

    # K3, K10: an opponent piece may be landed on unless a neighbour of its colour
    # (not the one on 27) protects it; a piece on 27 is never protected.
    @staticmethod
    def landing(cells: str, side: str, dst: int) -> str | None:
        c = cells[dst]
        if c == ".":
            return None
        if c == side:
            return "own"
        if dst != 27 and ((dst != 28 and cells[dst - 1] == c) or (dst != 26 and cells[dst + 1] == c)):
            return "protected"
        return None

    @staticmethod
    def protected(cells: str, sq: int) -> bool:
        """K3, K10: a neighbour of the piece's colour protects it, not across 27, and
        never on 27 (the test of ``landing``)."""
        c = cells[sq]
        return sq != 27 and ((sq != 28 and cells[sq - 1] == c) or (sq != 26 and cells[sq + 1] == c))

    def bear_off_throws(self, sq: int) -> tuple:
        """K7: the exact throw from 26..29; any throw from 30."""
        if sq == 30:
            return self.throw_values
        need = BEAR_OFF.get(sq)
        return (need,) if need else ()

    @staticmethod
    def rescue_square(cells: str):
        """K9: square 15, if it is empty."""
        return 15 if cells[15] == "." else None

    def forward_target(self, src: int, throw: int) -> int | None:
        """Destination of a forward move (OFF for bearing off), None when impossible."""
        if src == 30:
            return OFF
        if src >= 27:
            return OFF if BEAR_OFF[src] == throw else None
        if src == 26:
            return OFF if throw == 5 else 26 + throw
        dst = src + throw
        return dst if dst <= 26 else None

    def moves(self, state: State) -> list[Move]:
        side, t = state.side, state.throw
        if self.options:
            return self._moves_with_options(state)
        cells = " " + state.board + " "
        if cells[27] == side:  # K9: only the drowning piece acts, and only on a 4
            return [Move(27, OFF)] if t == 4 else []
        landing = self.landing
        forward = []
        for src in range(1, 31):
            if cells[src] != side:
                continue
            dst = self.forward_target(src, t)
            if dst == OFF:
                forward.append(Move(src, OFF))
            elif dst is not None and landing(cells, side, dst) is None:
                forward.append(Move(src, dst))
        if forward:
            return forward
        return self._backward(cells, side, t)

    def _moves_with_options(self, state: State) -> list[Move]:
        """moves() with the house rules KO2-KO4 (KO1 changes only the counts)."""
        side, t = state.side, state.throw
        if not self.began(state, side) and t != 1:
            return []  # KO2: every throw before the first 1 is lost
        cells = " " + state.board + " "
        bear = self.may_bear_off(cells, side)  # KO4
        if cells[27] == side:  # K9
            return [Move(27, OFF)] if t == 4 and bear else []
        landing = self.landing
        forward = []
        for src in range(1, 31):
            if cells[src] != side:
                continue
            dst = self.forward_target(src, t)
            if dst == OFF:
                if bear:
                    forward.append(Move(src, OFF))
            elif dst is not None:
                if landing(cells, side, dst) is None:
                    forward.append(Move(src, dst))
            elif self.trap and src < 26 and src + t > 26 and cells[27] == ".":
                forward.append(Move(src, 27))  # KO3: into the water instead of past 26
        if forward:
            return forward
        return self._backward(cells, side, t)

    def _backward(self, cells: str, side: str, t: int) -> list[Move]:
        landing = self.landing
        backward = []  # K4
        for src in range(2, 27):
            if cells[src] == side:
                dst = src - t
                if dst >= 1 and landing(cells, side, dst) is None:
                    backward.append(Move(src, dst))
        if backward:
            return backward
        # K8: a piece on 28 or 29 that cannot bear off falls back into the water.
        return [Move(src, 27) for src in (28, 29) if cells[src] == side]

    def apply_move(self, state: State, move: Move) -> State:
        side, t = state.side, state.throw
        src, dst = move
        cells = list(" " + state.board + " ")
        off = state.off
        if dst == OFF:
            cells[src] = "."
            off = (off[0] + 1, off[1]) if side == WHITE else (off[0], off[1] + 1)
            extra = t in self.extra_throws
        else:
            victim = cells[dst]
            cells[src] = "."
            cells[dst] = side
            if victim != ".":
                if src == 26 and dst >= 28 and cells[27] == ".":
                    cells[27] = victim  # K12: sent into the water
                else:
                    cells[src] = victim  # K5, K11, K12: swap
            # K9: putting one's own piece on 27 ends the turn at once.
            extra = dst != 27 and t in self.extra_throws
        if self.start_rule:
            return self.end_turn(state, "".join(cells[1:31]), state.supply, off, extra,
                                 var=self._mark_began(state))
        return self.end_turn(state, "".join(cells[1:31]), state.supply, off, extra)

    def apply_pass(self, state: State) -> State:
        if self.start_rule and state.throw == 1:  # KO2: a lost first 1 still counts
            state = state._replace(var=self._mark_began(state))
        return super().apply_pass(state)

    # K9: the rescue, instead of a throw at the start of a turn.
    def pre_throw_actions(self, state: State) -> list[Move]:
        b = state.board
        if not state.again and b[26] == state.side and b[14] == ".":
            return [RESCUE]
        return []

    def apply_pre_throw(self, state: State, move: Move) -> State:
        b = state.board
        board = b[:14] + state.side + b[15:26] + "." + b[27:]
        return self.end_turn(state, board, state.supply, state.off, False)

    def no_rescue_reason(self, state: State) -> dict:
        if state.board[26] != state.side:
            return {"why": "nothing_in_water", "square": 27}
        return {"why": "rescue_blocked", "clause": "K9", "square": 15}

    def explain_variant(self, state: State, move: Move) -> dict | None:
        side, t = state.side, state.throw
        src, dst = move
        cells = " " + state.board + " "
        if not self.began(state, side) and t != 1:
            return {"why": "first_1", "clause": "KO2"}
        if dst == OFF and not self.may_bear_off(cells, side):
            return {"why": "home_row", "clause": "KO4"}
        if self.trap and dst == 27 and src < 26 and src + t > 26:
            if cells[27] != ".":
                return {"why": "trap", "clause": "KO3"}
            return None
        if cells[27] == side and src != 27:
            return {"why": "water_only", "clause": "K9", "square": 27}
        if src == 27:
            return {"why": "water_bear_off", "clause": "K9", "throw": 4}
        if src in (28, 29) and dst == 27:
            return {"why": "fall_back", "clause": "K8"}
        if src >= 26 and dst == OFF:
            need = BEAR_OFF.get(src)
            return {"why": "exact", "clause": "K7", "square": src, "throw": need} if need else None
        if src >= 28:
            return {"why": "stuck", "clause": "K7"}
        if dst != OFF and dst > src:
            if dst != src + t and src != 26:
                return None
            if src < 26 and dst > 26:
                return {"why": "past_26", "clause": "K6"}
            reason = self.landing(cells, side, dst)
            if reason and reason != "own":
                return {"why": reason, "opp": other(side), "square": dst}
        if dst != OFF and dst < src and any(m.dst > m.src or m.dst == OFF for m in state.legal_actions()):
            return {"why": "backward", "clause": "K4"}
        if dst != OFF and dst < src and src - dst == t:
            reason = self.landing(cells, side, dst)
            if reason and reason != "own":
                return {"why": reason, "opp": other(side), "square": dst}
        return None
