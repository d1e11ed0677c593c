"""Short English descriptions of what an action did, for messages and screen readers."""

from .moves import OFF, PASS, RESCUE, SUPPLY, Move
from .state import COLOUR_NAME, WHITE, State, other


def _where(state: State, side: str) -> set[int]:
    return {i + 1 for i, c in enumerate(state.board) if c == side}


def describe(before: State, move: Move, after: State) -> list[str]:
    """Events of ``move`` played from ``before`` (with its pending throw) giving ``after``."""
    side = before.side
    me, them = COLOUR_NAME[side], COLOUR_NAME[other(side)]
    i = 0 if side == WHITE else 1
    events: list[str] = []
    if move == PASS:
        events.append(f"{me} cannot move with a {before.throw}: the throw is lost")
    elif move == RESCUE:
        (dst,) = _where(after, side) - _where(before, side) or {0}
        events.append(f"{me} rescues the piece from the water to square {dst}")
    else:
        src, dst = move
        if dst == OFF:
            events.append(f"{me} bears off the piece from square {src}")
        elif src == SUPPLY:
            events.append(f"{me} enters a piece on square {dst}")
        else:
            events.append(f"{me} moves from {src} to {dst}")
        if dst != OFF:
            mine_new = _where(after, side) - _where(before, side)
            if after.board[dst - 1] != side:
                if after.supply[i] > before.supply[i]:
                    events.append(f"{me}'s piece falls into the water and goes back to the supply")
                elif dst == 27 and mine_new:
                    events.append(f"{me}'s piece falls into the water and restarts on square {min(mine_new)}")
            elif dst == 27 and src in (28, 29) and before.rules.bears_off:
                # K8: where pieces run up to 30, a step down onto 27 is a fall back into the
                # water (in Bell, which runs down towards 1, it is an ordinary move)
                events.append(f"{me}'s piece falls back into the water")
        theirs_before, theirs_after = _where(before, other(side)), _where(after, other(side))
        lost = theirs_before - theirs_after
        gained = theirs_after - theirs_before
        for sq in sorted(lost):
            if gained:
                to = min(gained)
                note = " (into the water)" if to == 27 else ""
                events.append(f"{them}'s piece on {sq} is bumped to square {to}{note}")
            else:
                events.append(f"{them}'s piece on {sq} is sent back to the supply")
    if after.odd and not before.odd:
        parity = "odd" if after.odd == side else "even"
        events.append(f"{me} reached square 1 first and takes the {parity} goal squares")
    winner = after.winner
    if winner == "draw":
        events.append(f"the game is drawn: {after.draw_reason}")
    elif winner:
        events.append(f"{COLOUR_NAME[winner]} wins")
    elif after.side == side:
        events.append(f"{me} throws again")
    return events
