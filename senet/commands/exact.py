"""``python -m senet exact "POSITION" [--json]``: the exact chance that the side to act
wins a position of the endgame tables (senet.ai.exact, docs/endgames.md), its best
action and every action's chance. Outside the tables, or for bad input, one line on
stderr and exit status 2. CPython only."""

import json
import sys

from ..ai import exact
from ..errors import SenetError
from ..moves import format_move
from ..notation import parse_position

SUMMARY = ("the exact chance that the side to act wins a position of the endgame tables, its best action "
           "and every action's chance")
DIGITS = 5  # a stored chance is a multiple of 1/65535: five decimals say all of it


def _error(text: str) -> int:
    print(f"error: {text}", file=sys.stderr)
    return 2


def answer(state) -> dict | None:
    """``{"win": p, "best": action or None, "actions": {action: p}}`` for a position in
    the tables (best first; no actions where the sticks are thrown next), else None."""
    ranked = exact.analyse(state)
    if ranked is None:
        return None
    if ranked[0][0] is None:
        return {"win": round(ranked[0][1], DIGITS), "best": None, "actions": {}}
    actions = {format_move(a): round(p, DIGITS) for a, p in ranked}
    return {"win": round(ranked[0][1], DIGITS), "best": format_move(ranked[0][0]), "actions": actions}


def outside(state) -> str:
    """Why ``state`` is not in the tables, in one line."""
    if state.winner is not None:
        return "the game is over: there is nothing to solve"
    if not exact.covers(state):
        from ..ai.exact_index import table_name

        name = table_name(state.rules)
        if name is None:
            return f"{state.rules.name} has no endgame tables"
        if state.opening:
            return "the colour draw is not over: the tables hold endgames"
        k = exact.K[name]
        if max(exact.left(state, "w"), exact.left(state, "b")) > k:
            return (f"not in the endgame tables: they hold positions with at most {k} pieces a side "
                    f"still to finish (white has {exact.left(state, 'w')}, black {exact.left(state, 'b')})")
        return "not in the endgame tables: kendall+start before both sides have thrown their first 1 (KO2)"
    return f"the endgame table of {state.rules.name} cannot be read"


def configure(parser) -> None:
    """The arguments of ``python -m senet exact`` (senet.commands.cli)."""
    parser.add_argument("position", metavar="POSITION",
                        help="a position in notation (docs/notation.md), one argument: quote it")
    parser.add_argument("--json", action="store_true", help='one line of JSON: {"win", "best", "actions"}')


def run(options) -> int:
    as_json = options.json
    try:
        state = parse_position(options.position)
    except SenetError as exc:
        from .said import fail, said

        return fail(said(exc, "error.position"))
    result = answer(state)
    if result is None:
        return _error(outside(state))
    if as_json:
        print(json.dumps(result))
        return 0
    side = "white" if state.side == "w" else "black"
    print(f"{side} wins {result['win']:.{DIGITS}f} (exact)")
    if result["best"] is None:
        print("no choice: the sticks are thrown next")
    for action, p in result["actions"].items():
        mark = "  best" if action == result["best"] else ""
        print(f"  {action:<9} {p:.{DIGITS}f}{mark}")
    return 0
