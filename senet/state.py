"""The game state shared by every rule set, and its notation.

A State is immutable. ``to_act`` says who acts next: a side ("w" or "b") at a decision,
CHANCE when the sticks are thrown next, None when the game is over. ``legal_actions()``
lists what may happen next (at a chance node: the throw values, plain ints) and
``apply(action)`` is the one transition, for a throw as for a move, returning a new
State. Where the side may rescue instead of throwing (Kendall, Thibault), the state
before the throw is a decision between THROW and RESCUE, and THROW leads to a chance
node of the same position, marked by the flag ``throwing``. Everything a rule set does
differently lives in its Rules subclass in ``senet/variants/`` (the base class:
senet/rules.py); this module holds only what all of them share. A State knows its rule
set as ``rules`` and only calls it: it imports none of them.
"""

from .errors import IllegalMove
from .moves import PASS, THROW, Move, parse_move
from .words import words
from .words.game import explain_text

WHITE, BLACK = "w", "b"
CHANCE = "chance"  # State.to_act at a chance node: the sticks are thrown next
COLOUR_NAME = {WHITE: "white", BLACK: "black"}  # as the parsers' messages name a side
# Why a game is drawn (C6), as a code: State.draw_reason (FROZEN) and Game.draw_reason
# (LIMIT too); senet.words.game.draw_text says it, senet.record writes it.
FROZEN = "frozen"  # neither side can ever move again
LIMIT = "limit"  # the safeguard: no winner after MAX_ACTIONS actions (Game.apply)
MAX_ACTIONS = 10000


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
        rules,  # the rule set, a senet.rules.Rules
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
            action = parse_move(action)
        if self.throw is not None:
            if type(action) is int:
                raise refused({"why": "throw_waiting", "throw": self.throw})
            if action not in self.legal_actions():
                raise refused(self.rules.explain(self, action))
            if action == PASS:
                return self.rules.apply_pass(self)
            return self.rules.apply_move(self, action)
        if type(action) is int:
            return self._thrown(action)
        if self.is_terminal:
            raise refused({"why": "game_over"})
        if action == THROW:
            if self.to_act == CHANCE:
                raise refused({"why": "nothing_to_choose"})
            return self._replace(throwing=True)
        if action in self.pre_throw_actions():
            return self.rules.apply_pre_throw(self, action)
        raise refused(self.rules.explain(self, action))

    def _thrown(self, throw: int) -> "State":
        """The state after the throw ``throw`` at a chance node (the colour draw included)."""
        if self.is_terminal:
            raise refused({"why": "game_over"})
        if throw not in self.rules.throw_values:
            raise refused({"why": "not_a_throw", "throw": throw, "rules": self.rules.name,
                           "throws": [str(t) for t in self.rules.throw_values]})
        if "opening" in self.var:
            return self.rules.opening_throw(self, throw)
        if not self.throwing and self.rules.has_rescue and self.rules.pre_throw_actions(self):
            raise refused({"why": "choose_first"})
        return State(self.rules, self.board, self.side, throw, self.supply, self.off,
                     var=self.var, again=self.again)


def refused(reason: dict) -> IllegalMove:
    """The IllegalMove of a refusal: ``reason`` as data (Rules.explain's), and its words,
    in English for now (senet.words.game.explain_text)."""
    return IllegalMove(explain_text(words(), reason), reason)


def format_position(state: State) -> str:
    """The notation of ``state``: ``VARIANT BOARD SIDE THROW OFFBOARD FLAGS`` (docs/notation.md;
    senet.notation reads it back)."""
    flags = state.flag_list()
    (sw, sb), (ow, ob) = state.supply, state.off
    return " ".join((
        state.rules.name,
        state.board,
        state.side,
        "-" if state.throw is None else str(state.throw),
        f"w={sw}/{ow},b={sb}/{ob}",
        ",".join(flags) if flags else "-",
    ))
