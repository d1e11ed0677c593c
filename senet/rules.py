"""The base class of the rule sets: what every rule set shares, and the hooks and
queries each one (senet/variants/) overrides. A Rules makes the States of its rule set
(senet.state) and decides every transition; the State only calls it.
"""

from abc import ABC, abstractmethod

from .errors import IllegalMove, PositionError
from .moves import OFF, PASS, RESCUE, SUPPLY, THROW, Move
from .obstacles import lost_throw_reason
from .state import BLACK, FROZEN, WHITE, State, other
from .throws import distribution
from .words import words
from .words.game import rules_text


class Rules(ABC):
    """Base class of a rule set. Subclasses live in senet/variants/, one per rule set.
    The class attributes below describe the rule set; each subclass sets those that differ."""

    name = ""
    title = ""
    pieces = 5
    none_value = 5  # the value of a throw with no light side (C2)
    first = BLACK  # who acts first
    extra_throws = frozenset({1, 4, 5})
    has_supply = False
    has_opening = False
    has_rescue = False
    bears_off = True
    # squares that may never hold a piece at rest (a piece landing there moves on at once)
    transit_squares = frozenset()
    # The rule set's own flags, kept in State.var and written first in FLAGS, in this
    # order: pairs (name, values), ``values`` the texts allowed after "=" or None for a
    # flag without a value. docs/notation.md says what each one means.
    own_flags = ()

    def __init__(self) -> None:
        self.outcomes = distribution(self.none_value)
        self.throw_values = tuple(t for t, _ in self.outcomes)

    def flag_rank(self, flag: str):
        """The place of ``flag`` among this rule set's own flags, None when it is not one
        of them (or its value is not allowed)."""
        name, eq, value = flag.partition("=")
        for i, (own, values) in enumerate(self.own_flags):
            if own == name:
                if (values is None and not eq) or (values is not None and eq and value in values):
                    return i
                return None
        return None

    # -- setup --------------------------------------------------------------------
    def start_board(self) -> str:
        return "." * 30

    def start(self) -> State:
        supply = (self.pieces, self.pieces) if self.has_supply else (0, 0)
        # during a colour draw (J2, V2) SIDE names the seat to throw: the first seat is "w"
        side = WHITE if self.has_opening else self.first
        return State(self, self.start_board(), side, None, supply, (0, 0),
                     var=("opening",) if self.has_opening else ())

    # -- rule hooks (override in variants) ---------------------------------------
    @abstractmethod
    def moves(self, state: State) -> list[Move]:
        """Legal moves for the pending throw, [] when none (the engine adds PASS)."""

    @abstractmethod
    def apply_move(self, state: State, move: Move) -> State:
        """The state after a legal move (the variant's board changes and turn logic)."""

    def pre_throw_actions(self, state: State) -> list[Move]:
        return []

    def apply_pre_throw(self, state: State, move: Move) -> State:
        raise IllegalMove("there is nothing to do but throw")

    def pass_keeps_turn(self, state: State) -> bool:
        """C4: a lost throw passes the turn, unless a clause of the variant says otherwise."""
        return False

    def winner(self, state: State) -> str | None:
        w, b = state.off
        if w >= self.pieces:
            return WHITE
        if b >= self.pieces:
            return BLACK
        return None

    def penalty(self, state: State, side: str) -> int:
        return 0

    def opening_throw(self, state: State, throw: int) -> State:
        raise IllegalMove("this rule set has no colour draw")

    def validate(self, state: State) -> str | None:
        """Variant-specific checks of a parsed position; returns a reason or None."""
        if self.bears_off and min(state.off) >= self.pieces:
            return "both sides cannot have borne off every piece"
        for sq in sorted(self.transit_squares):
            if state.board[sq - 1] != ".":
                return f"square {sq} cannot hold a piece at rest in {self.name}"
        return None

    def explain_variant(self, state: State, move: Move) -> dict | None:
        """A specific reason why ``move`` is illegal (as explain gives it), or None to use
        the generic one."""
        return None

    # -- shared helpers -----------------------------------------------------------
    def end_turn(self, state: State, board: str, supply: tuple[int, int],
                 off: tuple[int, int], extra: bool, **changes) -> State:
        """The state after an action: the same side throws again or the turn passes."""
        side = state.side if extra else other(state.side)
        return State(self, board, side, None, supply, off,
                     var=changes.get("var", state.var), again=extra)

    def apply_pass(self, state: State) -> State:
        nxt = self.end_turn(state, state.board, state.supply, state.off,
                            self.pass_keeps_turn(state))
        if self.is_frozen(nxt):
            return nxt._replace(draw_reason=FROZEN)
        return nxt

    def is_frozen(self, state: State) -> bool:
        """C6: true when no throw lets either side act, so the board can never change."""
        for side in (WHITE, BLACK):
            probe = State(self, state.board, side, None, state.supply, state.off, var=state.var)
            if self.pre_throw_actions(probe):
                return False
            for t in self.throw_values:
                probe.throw = t
                if self.moves(probe):
                    return False
        return True

    def explain(self, state: State, move: Move) -> dict:
        """Why ``move`` is not legal in ``state``, as data: ``{"why": KIND, ...}`` with what
        its words need (squares, throws, moves in notation, "opp" a side, "rules" a rule
        set's name) and, where a clause of the rule set decides, ``"clause"`` (its id,
        "K9"). senet.words.game.explain_text says it (the message refused.KIND)."""
        if state.is_terminal:
            return {"why": "game_over"}
        if state.opening:
            return {"why": "colour_draw"}
        if move == THROW:
            if state.throw is not None:
                return {"why": "throw_waiting", "throw": state.throw}
            return {"why": "nothing_to_choose"}
        if move == RESCUE:
            if not self.has_rescue:
                return {"why": "no_rescue_rules", "rules": self.name}
            if state.throw is not None or state.throwing:
                return {"why": "rescue_after_throw"}
            if state.again:
                return {"why": "rescue_on_extra"}
            return self.no_rescue_reason(state)
        if state.throw is None:
            return {"why": "throw_first"}
        legal = state.legal_actions()
        if move == PASS:
            return {"why": "cannot_pass", "move": str(legal[0])}
        side = state.side
        src, dst = move
        if src == SUPPLY:
            if not self.has_supply:
                return {"why": "no_supply", "rules": self.name}
            if state.supply[0 if side == WHITE else 1] == 0:
                return {"why": "supply_empty"}
        elif state.board[src - 1] != side:
            return {"why": "not_yours", "square": src}
        if dst == SUPPLY and not self.back_to_supply:
            return {"why": "no_back_to_supply", "rules": self.name}
        if dst != OFF and dst != SUPPLY and state.board[dst - 1] == side:
            return {"why": "own_piece", "square": dst}
        reason = self.explain_variant(state, move)
        if reason:
            return reason
        if legal == [PASS]:
            return {"why": "must_pass", "throw": state.throw}
        own = [str(m) for m in legal if m.src == src]
        if own:
            return {"why": "this_piece", "move": str(move), "throw": state.throw, "moves": own}
        return {"why": "not_possible", "move": str(move), "throw": state.throw, "moves": [str(m) for m in legal]}

    def no_rescue_reason(self, state: State) -> dict:
        return {"why": "no_rescue"}

    # -- rule-set queries ---------------------------------------------------------------
    # What the evaluation, the players, the endgame tables and the descriptions ask of a
    # rule set instead of stating its rules again (docs/engine-api.md, "Rule-set
    # queries"). ``cells`` is always " " + board + " " (index 1..30, blanks at 0 and 31).
    direction = 1  # C1: pieces travel towards square 30 (Bell: -1, B2)
    water_square = None  # the square of the water, None where there is none
    water_holds_turn = False  # while a side has a piece in the water it moves no other
    rescue_target = None  # where a rescued piece goes (the water rescue)
    safe_squares = frozenset()  # squares where a piece can never be attacked
    blockade = 0  # a run of this many pieces no opponent passes (0: no blockades)
    gate_square = None  # no piece passes this square in one move
    fall_back_squares = ()  # squares from which a stuck piece falls back into the water
    bear_off_only_squares = frozenset()  # pieces there make no move but bearing off
    has_penalty = False  # the loser scores a penalty (Rules.penalty)
    has_goals = False  # goal squares, claimed by reaching square 1 (the odd= flag)
    back_to_supply = False  # a move A-in takes a piece back to the supply (Piccione, P5)
    throw_in_parts = False  # a throw is used in parts, what is left stays pending (P2)
    house_rules = ()  # the options that may follow the name, in their order (Kendall's KO1-KO4)
    options = ()  # the house rules in play (of house_rules, in that order)
    tuning = None  # the rule set whose opponents' tuning serves this one (None: its own)
    expert_weights = None  # the key of Expert's weights in senet.ai.tuning (None: the tuning's)
    opening_move = None  # the move the colour draw ends with, (from, to) (J2, V2)
    entered_square = None  # the square of a piece just entered that moves first (P3)
    table_pieces = 2  # the exact endgame tables shipped: at most this many pieces a side to finish
    invite_number = None  # the rule set's number in an online invite (senet.online.invite): never change one

    @property
    def standing_squares(self) -> tuple:
        """The squares a piece may stand on at rest (not a transit square)."""
        return tuple(s for s in range(1, 31) if s not in self.transit_squares)

    @property
    def table_name(self) -> str:
        """The name of the exact endgame table that holds this rule set's endgames: its
        own (Kendall's house rules that change nothing at the end share another's)."""
        return self.name

    @property
    def table_names(self) -> tuple:
        """Every exact endgame table of this rule set and its house rules."""
        return (self.name,)

    def with_house_rules(self, text: str) -> "Rules":
        """This rule set with the house rules written in ``text`` (the part after the
        first "+"); raises PositionError where it has none (``house_rules`` empty)."""
        raise PositionError(f"{self.name} has no house rules")

    def in_words(self) -> str:
        """The rule set as a sentence names it, in English: "Bell rules" (Kendall's adds its
        house rules); senet.words.game.rules_text says it in a catalog's words."""
        return rules_text(words(), self)

    def throw_in_use(self, state: State) -> bool:
        """A part of the pending throw has been used, so ``state.throw`` is what is left
        of it (P2); never for the rule sets that use a throw whole."""
        return False

    def throw_owed(self, state: State) -> bool:
        """One more throw is owed to the side once the pending throw is used up or lost (P8)."""
        return False

    def protected(self, cells: str, sq: int) -> bool:
        """Whether the piece on ``sq`` is protected by its neighbours (none here)."""
        return False

    def blockades(self, cells: str, side: str) -> list:
        """The blockades of ``side``: runs of ``blockade`` or more of its pieces, as
        (first square, last square); [] where the rule set has none."""
        n = self.blockade
        out = []
        if not n:
            return out
        s = 1
        while s <= 30:
            if cells[s] == side:
                e = s
                while e + 1 <= 30 and cells[e + 1] == side:
                    e += 1
                if e - s >= n - 1:
                    out.append((s, e))
                s = e + 1
            else:
                s += 1
        return out

    def entry_square(self, throw: int):
        """The square a piece from the supply enters on with ``throw``, or None."""
        return None

    def goals_for(self, odd, side: str) -> tuple:
        """The goal squares of ``side`` when ``odd`` owns the odd ones (none here)."""
        return ()

    def goal_squares(self, state: State, side: str) -> tuple:
        return self.goals_for(state.odd, side)

    def home_squares(self, state: State, side: str) -> tuple:
        """Squares of ``side``'s pieces that are home and never move again (none here)."""
        return ()

    def open_goal(self, state: State, side: str):
        """The lowest goal square of ``side`` still without one of its pieces (None here)."""
        return None

    def stranded(self, state: State, side: str) -> tuple:
        """Squares of ``side``'s pieces that can never move until hit (none here)."""
        return ()

    def may_bear_off(self, cells: str, side: str) -> bool:
        """Whether ``side``'s pieces may bear off now (the board allowing)."""
        return self.bears_off

    def bear_off_throws(self, sq: int) -> tuple:
        """The throws that bear a piece off from ``sq`` (may_bear_off allowing)."""
        return ()

    def rescue_square(self, cells: str):
        """Where a rescue would put the piece in the water now, or None (no rescue)."""
        return None

    def lost_throw_reason(self, state: State) -> dict:
        """Why no action is legal with ``state``'s throw (C4), as data (senet.obstacles):
        {"why": kind, "clause": id, ...}; see docs/engine-api.md, "Events"."""
        return lost_throw_reason(state)
