"""Position notation: ``VARIANT BOARD SIDE THROW OFFBOARD FLAGS`` (see docs/notation.md)."""

import re

from .errors import PositionError
from .state import BLACK, WHITE, State

_OFFBOARD = re.compile(r"^w=(\d+)/(\d+),b=(\d+)/(\d+)$")
DRAW_REASON = "neither side can ever move again (C6)"


def format_position(state: State) -> str:
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


def parse_position(text: str) -> State:
    """Parse a position; raises PositionError naming the faulty field."""
    from .variants import get_rules

    if not isinstance(text, str):
        raise PositionError("a position must be given as text")
    fields = text.strip().split(" ")
    if len(fields) != 6:
        raise PositionError(
            f"a position has 6 fields separated by single spaces "
            f"(VARIANT BOARD SIDE THROW OFFBOARD FLAGS), found {len(fields)}"
        )
    name, board, side, throw_text, offboard, flag_text = fields
    rules = get_rules(name)  # raises PositionError for an unknown variant
    if len(board) != 30 or set(board) - {"w", "b", "."}:
        raise PositionError("the board must be 30 characters, each 'w', 'b' or '.'")
    if side not in (WHITE, BLACK):
        raise PositionError(f"the side to act must be 'w' or 'b', not '{side}'")
    if throw_text == "-":
        throw = None
    elif throw_text.isdigit() and int(throw_text) in rules.throw_values and throw_text == str(int(throw_text)):
        throw = int(throw_text)
    else:
        values = ", ".join(map(str, rules.throw_values))
        raise PositionError(f"the throw must be '-' or one of {values} in {name}, not '{throw_text}'")
    m = _OFFBOARD.match(offboard)
    if not m:
        raise PositionError(f"the off-board field must look like w=0/0,b=0/0, not '{offboard}'")
    sw, ow, sb, ob = (int(m.group(i)) for i in (1, 2, 3, 4))
    odd = None
    again = opening = draw = False
    seen = set()
    for flag in ([] if flag_text == "-" else flag_text.split(",")):
        if flag in seen:
            raise PositionError(f"the flag '{flag}' is given twice")
        seen.add(flag)
        if flag in ("odd=w", "odd=b") and name == "bell":
            odd = flag[-1]
        elif flag == "again":
            again = True
        elif flag == "opening" and rules.has_opening:
            opening = True
        elif flag == "draw":
            draw = True
        else:
            raise PositionError(f"unknown flag '{flag}' for {name}")
    for colour, on_board, supply, off in ((WHITE, board.count("w"), sw, ow), (BLACK, board.count("b"), sb, ob)):
        total = on_board + supply + off
        who = "white" if colour == WHITE else "black"
        if total != rules.pieces:
            raise PositionError(
                f"{who} has {total} pieces (board {on_board}, supply {supply}, off {off}); "
                f"{name} uses {rules.pieces}"
            )
        if supply and not rules.has_supply:
            raise PositionError(f"{name} has no supply: {who}'s supply must be 0")
        if off and not rules.bears_off:
            raise PositionError(f"pieces are never borne off in {name}")
    state = State(rules, board, side, throw, (sw, sb), (ow, ob), odd=odd, again=again,
                  opening=opening, draw_reason=DRAW_REASON if draw else None)
    if opening and (board != rules.start_board() or throw is not None or again):
        raise PositionError("the 'opening' flag needs the starting board and no pending throw")
    reason = rules.validate(state)
    if reason:
        raise PositionError(reason)
    if rules.winner(state) is not None and (throw is not None or draw):
        raise PositionError("the game is already won: no throw or draw can follow")
    if draw and throw is not None:
        raise PositionError("a drawn game has no pending throw")
    return state
