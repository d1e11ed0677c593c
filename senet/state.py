"""The game state shared by every rule set, and the base class of the rule sets.

A State is immutable. ``to_act`` says who acts next: a side ("w" or "b") at a decision,
CHANCE when the sticks are thrown next, None when the game is over. ``legal_actions()``
lists what may happen next (at a chance node: the throw values, plain ints) and
``apply(action)`` is the one transition, for a throw as for a move, returning a new
State. Where the side may rescue instead of throwing (Kendall, Thibault), the state
before the throw is a decision between THROW and RESCUE, and THROW leads to a chance
node of the same position, marked by the flag ``throwing``. Everything a rule set does differently lives in its Rules
subclass in ``senet/variants/``; this module holds only what all of them share.
"""

from abc import ABC, abstractmethod

from .errors import IllegalMove
from .moves import OFF, PASS, RESCUE, SUPPLY, THROW, Move
from .throws import distribution

WHITE, BLACK = "w", "b"
CHANCE = "chance"  # State.to_act at a chance node: the sticks are thrown next
COLOUR_NAME = {WHITE: "white", BLACK: "black"}


def other(side: str) -> str:
    return BLACK if side == WHITE else WHITE


class State:
    """One position: board, side to act, pending throw, supply/off counts and flags."""

    __slots__ = (
        "rules", "board", "side", "throw", "supply", "off",
        "var", "again", "draw_reason", "throwing", "_legal", "_key",
    )

    def __init__(
        self,
        rules: "Rules",
        board: str,
        side: str,
        throw: int | None = None,
        supply: tuple[int, int] = (0, 0),
        off: tuple[int, int] = (0, 0),
        *,
        var: tuple = (),
        again: bool = False,
        draw_reason: str | None = None,
        throwing: bool = False,
    ):
        self.rules = rules
        self.board = board
        self.side = side
        self.throw = throw
        self.supply = supply
        self.off = off
        # the rule set's own state: its flags as written in FLAGS, in the order its
        # Rules.own_flags declares (Bell's "odd=w", Jéquier's "opening", ...)
        self.var = var
        self.again = again
        self.draw_reason = draw_reason
        # the side chose THROW where it could have rescued: the sticks are thrown next
        self.throwing = throwing
        self._legal = None  # list of Move, once computed
        self._key = None  # tuple, once computed

    # -- identity ---------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def key(self) -> tuple:
        """Everything that defines the position (for hashing and transposition tables)."""
        k = self._key
        if k is None:
            k = self._key = (
                self.rules.name, self.board, self.side, self.throw, self.supply,
                self.off, self.var, self.again, self.draw_reason is not None,
                self.throwing,
            )
        return k

    def __eq__(self, other_state: object) -> bool:
        return isinstance(other_state, State) and self.key == other_state.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"State({self.position()!r})"

    def flag_list(self) -> list[str]:
        """The position's flags in notation order (docs/notation.md)."""
        f = list(self.var)
        if self.again:
            f.append("again")
        if self.throwing:
            f.append("throwing")
        if self.draw_reason is not None:
            f.append("draw")
        return f

    def flag(self, name: str):
        """The rule set's own flag ``name``: its value (the text after "="), True for a
        flag without a value, None when the position does not have it."""
        for f in self.var:
            if f == name:
                return True
            if f.startswith(name) and f[len(name):len(name) + 1] == "=":
                return f[len(name) + 1:]
        return None

    @property
    def odd(self):
        """Bell (B5): who owns the odd goal squares (flag ``odd=``), None before the claim."""
        for f in self.var:
            if f[:4] == "odd=":
                return f[4]
        return None

    @property
    def opening(self) -> bool:
        """Jéquier, Havens (J2, V2): the colour draw is not over yet (flag ``opening``)."""
        return "opening" in self.var

    @property
    def flags(self) -> frozenset[str]:
        return frozenset(self.flag_list())

    def position(self) -> str:
        from .notation import format_position

        return format_position(self)

    def _replace(self, **changes) -> "State":
        """A copy with some fields changed, unchecked: for the engine's own transitions."""
        fields = {
            "board": self.board, "side": self.side, "throw": self.throw,
            "supply": self.supply, "off": self.off, "var": self.var,
            "again": self.again, "draw_reason": self.draw_reason,
            "throwing": self.throwing,
        }
        fields.update(changes)
        return State(self.rules, **fields)

    # -- queries ----------------------------------------------------------------
    def square(self, n: int) -> str:
        """Contents of square n (1..30): 'w', 'b' or '.'."""
        return self.board[n - 1]

    def pieces(self, side: str) -> list[int]:
        return [i + 1 for i, c in enumerate(self.board) if c == side]

    @property
    def winner(self) -> str | None:
        if self.draw_reason is not None:
            return "draw"
        return self.rules.winner(self)

    @property
    def is_terminal(self) -> bool:
        return self.winner is not None

    @property
    def to_act(self):
        """Who acts next: WHITE or BLACK at a decision, CHANCE when the sticks are thrown
        next (the colour draw's throws included), None when the game is over."""
        if self.throw is not None:
            return self.side
        if self.is_terminal:
            return None
        if self.throwing or "opening" in self.var or not self.rules.has_rescue:
            return CHANCE
        return self.side if self.rules.pre_throw_actions(self) else CHANCE

    @property
    def is_chance(self) -> bool:
        """True when the sticks are thrown next (and the game is not over)."""
        return self.to_act == CHANCE

    @property
    def is_decision(self) -> bool:
        """True when a side chooses the next action (a move, a pass, THROW or RESCUE)."""
        to_act = self.to_act
        return to_act is not None and to_act != CHANCE

    def chance_outcomes(self) -> tuple:
        """((throw, ways), ...): each throw with its probability in sixteenths, ``ways``
        out of OUT_OF (= 16, senet.throws); the ways sum to 16 (C2)."""
        return self.rules.outcomes

    def pre_throw_actions(self) -> list[Move]:
        """Actions allowed instead of throwing (the water rescue), usually none; none
        once the side has chosen to throw (flag ``throwing``)."""
        if self.throw is not None or "opening" in self.var or self.throwing or self.is_terminal:
            return []
        return self.rules.pre_throw_actions(self)

    def legal_actions(self) -> list:
        """What may happen next: with a pending throw its legal actions ([PASS] when no
        move is legal); before a throw where the side may rescue, [THROW, RESCUE]; at a
        chance node the throw values (ints, see chance_outcomes()); [] when it is over."""
        moves = self._legal
        if moves is None:
            if self.throw is not None:
                moves = self.rules.moves(self) or [PASS]
            else:
                to_act = self.to_act
                if to_act is None:
                    moves = []
                elif to_act == CHANCE:
                    moves = list(self.rules.throw_values)
                else:
                    moves = [THROW] + self.rules.pre_throw_actions(self)
            self._legal = moves
        return moves

    # -- the transition ------------------------------------------------------------
    def apply(self, action) -> "State":
        """The state after ``action``: a throw (an int) at a chance node, a Move (or its
        notation) at a decision. Raises IllegalMove, saying why, when it is not legal."""
        if isinstance(action, str):
            from .moves import parse_move

            action = parse_move(action)
        if self.throw is not None:
            if type(action) is int:
                raise IllegalMove(f"a throw of {self.throw} is already waiting to be used")
            if action not in self.legal_actions():
                raise IllegalMove(self.rules.explain(self, action))
            if action == PASS:
                return self.rules.apply_pass(self)
            return self.rules.apply_move(self, action)
        if type(action) is int:
            return self._thrown(action)
        if self.is_terminal:
            raise IllegalMove("the game is over")
        if action == THROW:
            if self.to_act == CHANCE:
                raise IllegalMove("there is nothing to choose before this throw: throw the sticks")
            return self._replace(throwing=True)
        if action in self.pre_throw_actions():
            return self.rules.apply_pre_throw(self, action)
        raise IllegalMove(self.rules.explain(self, action))

    def _thrown(self, throw: int) -> "State":
        """The state after the throw ``throw`` at a chance node (the colour draw included)."""
        if self.is_terminal:
            raise IllegalMove("the game is over")
        if throw not in self.rules.throw_values:
            raise IllegalMove(
                f"{throw} is not a possible throw in {self.rules.name} "
                f"(possible: {', '.join(map(str, self.rules.throw_values))})"
            )
        if "opening" in self.var:
            return self.rules.opening_throw(self, throw)
        if not self.throwing and self.rules.has_rescue and self.rules.pre_throw_actions(self):
            raise IllegalMove("choose first: throw the sticks (THROW) or rescue")
        return State(self.rules, self.board, self.side, throw, self.supply, self.off,
                     var=self.var, again=self.again)


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

    def explain_variant(self, state: State, move: Move) -> str | None:
        """A specific reason why ``move`` is illegal, or None to use the generic one."""
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
            return nxt._replace(draw_reason="neither side can ever move again (C6)")
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

    def explain(self, state: State, move: Move) -> str:
        """Why ``move`` is not legal in ``state``, in words a player can read."""
        if state.is_terminal:
            return "the game is over"
        if state.opening:
            return "the colour draw comes first: throw the sticks"
        if move == THROW:
            if state.throw is not None:
                return f"a throw of {state.throw} is already waiting to be used"
            return "there is nothing to choose before this throw: throw the sticks"
        if move == RESCUE:
            if not self.has_rescue:
                return f"there is no water rescue in {self.name}"
            if state.throw is not None or state.throwing:
                return "a rescue replaces the throw, so it is not possible once you have thrown"
            if state.again:
                return "no rescue on an extra throw: it is only possible at the start of a turn"
            return self.no_rescue_reason(state)
        if state.throw is None:
            return "throw the sticks first"
        legal = state.legal_actions()
        if move == PASS:
            return f"you cannot pass: {legal[0]} is possible"
        side = state.side
        src, dst = move
        if src == SUPPLY:
            if not self.has_supply:
                return f"pieces do not enter from a supply in {self.name}"
            if state.supply[0 if side == WHITE else 1] == 0:
                return "you have no piece left to enter"
        elif state.board[src - 1] != side:
            return f"square {src} holds no piece of yours"
        if dst == SUPPLY and not self.back_to_supply:
            return f"no move takes a piece back to the supply in {self.name}"
        if dst != OFF and dst != SUPPLY and state.board[dst - 1] == side:
            return f"square {dst} holds your own piece"
        reason = self.explain_variant(state, move)
        if reason:
            return reason
        if legal == [PASS]:
            return f"no move is possible with a throw of {state.throw}: you must pass"
        own = [str(m) for m in legal if m.src == src]
        if own:
            return f"{move} is not possible with a throw of {state.throw}; this piece can play {', '.join(own)}"
        return (f"{move} is not possible with a throw of {state.throw}; "
                f"legal moves: {', '.join(map(str, legal))}")

    def no_rescue_reason(self, state: State) -> str:
        return "no rescue is possible now"

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
    expert_weights = None  # the key of Expert's weights in senet.ai.evaluate (None: the tuning's)

    def in_words(self) -> str:
        """The rule set as a sentence names it: "Bell rules" (Kendall's adds its house rules)."""
        return self.title + " rules"

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
        """Why no action is legal with ``state``'s throw (C4), as data (senet.describe):
        {"why": kind, "clause": id, ...}; see docs/engine-api.md, "Events"."""
        from .describe import lost_throw_reason

        return lost_throw_reason(state)
