"""Command line: ``python -m senet moves "POSITION"`` and ``python -m senet play "POSITION" MOVE``."""

import sys

from .errors import SenetError
from .notation import parse_position

USAGE = ('usage: python -m senet moves "POSITION" | python -m senet play "POSITION" MOVE'
         ' | python -m senet review RECORD [--nodes N] [--json]')


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "review":  # python -m senet review RECORD [--nodes N] [--json]
        from .review_cli import main as review_main

        return review_main(args[1:])
    try:
        if len(args) == 2 and args[0] == "moves":
            state = parse_position(args[1])
            moves = state.legal_actions() if state.throw is not None else state.pre_throw_actions()
            for move in moves:
                print(move)
            return 0
        if len(args) == 3 and args[0] == "play":
            state = parse_position(args[1]).apply(args[2])
            print(state.position())
            winner = state.winner
            if winner == "draw":
                print("draw")
            elif winner:
                print(f"winner {winner}")
            return 0
    except SenetError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(USAGE, file=sys.stderr)
    return 2
