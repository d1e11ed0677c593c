"""Position notation: ``VARIANT BOARD SIDE THROW OFFBOARD FLAGS`` (see docs/notation.md).
A State writes itself (``State.position()``, senet.state.format_position); reading one
back needs the rule sets, so it lives here, above them."""

from .errors import SPACES, PositionError, decimal, shown

# format_position: public here too, beside parse_position
from .state import BLACK, COLOUR_NAME, FROZEN, WHITE, State, format_position  # noqa: F401
from .variants import get_rules


def _offboard(text: str):
    """(sw, ow, sb, ob) from ``w=S/O,b=S/O``, or None when it is not written so."""
    parts = text.split(",")
    if len(parts) != 2 or not parts[0].startswith("w=") or not parts[1].startswith("b="):
        return None
    counts = []
    for part in parts:
        pair = part[2:].split("/")
        if len(pair) != 2:
            return None
        for number in pair:
            n = decimal(number, 2)
            if n is None:
                return None
            counts.append(n)
    return counts


def parse_position(text: str) -> State:
    """Parse a position; raises PositionError naming the faulty field."""
    if not isinstance(text, str):
        raise PositionError("a position must be given as text")
    fields = text.strip(SPACES).split(" ")
    if len(fields) != 6:
        raise PositionError(
            f"a position has 6 fields separated by single spaces "
            f"(VARIANT BOARD SIDE THROW OFFBOARD FLAGS), found {len(fields)}"
        )
    name, board, side, throw_text, offboard, flag_text = fields
    rules = get_rules(name)  # PositionError for an unknown name or house rule (KO1-KO4)
    if len(board) != 30 or set(board) - {"w", "b", "."}:
        raise PositionError("the board must be 30 characters, each 'w', 'b' or '.'")
    if side not in (WHITE, BLACK):
        raise PositionError(f"the side to act must be 'w' or 'b', not '{shown(side)}'")
    if throw_text == "-":
        throw = None
    else:
        throw = decimal(throw_text, 1)
        if throw not in rules.throw_values:
            values = ", ".join(map(str, rules.throw_values))
            raise PositionError(f"the throw must be '-' or one of {values} in {name}, not '{shown(throw_text)}'")
    counts = _offboard(offboard)
    if counts is None:
        raise PositionError(f"the off-board field must look like w=0/0,b=0/0, not '{shown(offboard)}'")
    sw, ow, sb, ob = counts
    own = []
    again = draw = throwing = False
    seen = set()
    for flag in ([] if flag_text == "-" else flag_text.split(",")):
        if flag in seen:
            raise PositionError(f"the flag '{shown(flag)}' is given twice")
        seen.add(flag)
        rank = rules.flag_rank(flag)
        if rank is not None:
            if any(r == rank for r, _ in own):
                raise PositionError(f"the flag '{shown(flag)}' is given twice")
            own.append((rank, flag))
        elif flag == "again":
            again = True
        elif flag == "throwing" and rules.has_rescue:
            throwing = True
        elif flag == "draw":
            draw = True
        else:
            raise PositionError(f"unknown flag '{shown(flag)}' for {name}")
    for colour, on_board, supply, off in ((WHITE, board.count("w"), sw, ow), (BLACK, board.count("b"), sb, ob)):
        total = on_board + supply + off
        who = COLOUR_NAME[colour]
        if total != rules.pieces:
            raise PositionError(
                f"{who} has {total} pieces (board {on_board}, supply {supply}, off {off}); "
                f"{name} uses {rules.pieces}"
            )
        if supply and not rules.has_supply:
            raise PositionError(f"{name} has no supply: {who}'s supply must be 0")
        if off and not rules.bears_off:
            raise PositionError(f"pieces are never borne off in {name}")
    own.sort()
    state = State(rules, board, side, throw, (sw, sb), (ow, ob), var=tuple(f for _, f in own),
                  again=again, draw_reason=FROZEN if draw else None, throwing=throwing)
    opening = state.opening
    if opening and (board != rules.start_board() or throw is not None or again):
        raise PositionError("the 'opening' flag needs the starting board and no pending throw")
    if throwing and (throw is not None or draw or rules.winner(state) is not None
                     or not rules.pre_throw_actions(state)):
        raise PositionError("the 'throwing' flag is only for a position where the side to act could "
                            "rescue instead of throwing and chose to throw: no pending throw")
    reason = rules.validate(state)
    if reason:
        raise PositionError(reason)
    if rules.winner(state) is not None and (throw is not None or draw):
        raise PositionError("the game is already won: no throw or draw can follow")
    if draw and throw is not None:
        raise PositionError("a drawn game has no pending throw")
    if draw and (opening or not rules.is_frozen(state)):
        raise PositionError("the 'draw' flag is only for a position where neither side can ever move "
                            "again (C6), and this one can still be played")
    return state
