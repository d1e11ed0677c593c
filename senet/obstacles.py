"""Why a throw is lost, or why one piece cannot move with it, as data: the judgement of
the rule set (its queries, senet/rules.py) for a whole throw (``lost_throw_reason``, C4)
and for one piece (``piece_obstacle``). The events of a lost throw carry it
(senet.describe); the words layer says it (senet.words.game.reason_text), and so do the
app's refusals (app/words/reasons.py).
"""

from .moves import SUPPLY
from .state import WHITE, State, other


def _obstacle(state: State, cells: str, sq: int, homes: tuple, stuck: tuple, low) -> str:
    """Why the piece of the side to act on ``sq`` makes no forward move with the throw."""
    rules, side, t = state.rules, state.side, state.throw
    if sq in homes:
        return "home"  # B6
    if sq in stuck:
        return "stranded"  # B7
    if sq in rules.bear_off_only_squares:
        return "exact"  # K7, H6: these pieces only bear off, on an exact throw
    dst = sq + rules.direction * t
    gate = rules.gate_square
    if gate is not None and sq < gate < dst:
        return "gate"  # K6, H5, V6
    if dst > 30:
        return "exact"  # J9, T2, V7: no move goes past the end
    if low is not None and dst < low:
        return "below_goal"  # B7
    if dst < 1:
        return "end"  # B7
    if dst == 30 and rules.bears_off and not rules.may_bear_off(cells, side):
        return "not_all_home"  # J9, V7
    lo, hi = (sq, dst) if dst > sq else (dst, sq)
    for a, b in rules.blockades(cells, other(side)):
        if lo < a and b < hi:
            return "blockade"  # J4, V5
    c = cells[dst]
    if c == side:
        return "own"
    if c != ".":
        if dst in rules.safe_squares or dst in rules.home_squares(state, c):
            return "safe"  # J5, T3, B4, B6
        if rules.protected(cells, dst):
            return "protected"  # K3, H4, J4, V5
    return "other"


def lost_throw_reason(state: State) -> dict:
    """Why no action is legal with ``state``'s throw (C4), as data:

    {"why": "water", "square": 27, "throws": (4,)}      K9, H8: only the piece in the
                                                         water may act, on these throws
    {"why": "no_entry", "throws": (4, 6)}                T2: every piece waits in the
                                                         supply and only these throws enter
    {"why": "entry_blocked", "square": n}                B3: every piece waits in the
                                                         supply and square n is taken
    {"why": "blocked", "obstacles": {square: obstacle}}  what stops each piece on the board
                                                         (and "supply": the entry)

    An obstacle is one of "home", "stranded", "below_goal" (B6, B7), "exact" (bearing
    off needs an exact throw), "not_all_home" (J9, V7), "gate" (no passing 26), "end",
    "blockade", "own", "safe", "protected", "no_entry", "entry_blocked" or "other".
    """
    rules, side, t = state.rules, state.side, state.throw
    cells = " " + state.board + " "
    water = rules.water_square
    if rules.water_holds_turn and cells[water] == side:
        return {"why": "water", "square": water, "throws": rules.bear_off_throws(water)}
    supply = rules.has_supply and state.supply[0 if side == WHITE else 1] > 0
    entry = rules.entry_square(t) if supply else None
    entry_obstacle = None
    if supply:
        entry_obstacle = "no_entry" if entry is None else "entry_blocked"
    mine = state.pieces(side)
    if supply and not mine:
        if entry is None:
            return {"why": "no_entry",
                    "throws": tuple(x for x in rules.throw_values if rules.entry_square(x) is not None)}
        return {"why": "entry_blocked", "square": entry}
    homes = rules.home_squares(state, side)
    stuck = rules.stranded(state, side)
    goals = rules.goal_squares(state, side)
    low = None
    if goals:
        low = 31
        for g in goals:
            if cells[g] != side:
                low = g
                break
    obstacles = {sq: _obstacle(state, cells, sq, homes, stuck, low) for sq in mine}
    if entry_obstacle:
        obstacles["supply"] = entry_obstacle
    return {"why": "blocked", "obstacles": obstacles}


def piece_obstacle(state: State, src) -> dict:
    """Why one piece of the side to act, on square ``src`` (or SUPPLY, the next piece to
    enter), makes no move with the pending throw, as data for the words of a caller (the
    app's refusals). The judgement is the rule set's lost_throw_reason, for one piece:

    {"why": "water", "square": 27, "throws": (4,)}     another piece is in the water and
                                                        holds the turn (K9, H8)
    {"why": KIND, "from": src, "to": dst, "throws": (...), "in_water": bool, "rest": bool}
        KIND as in lost_throw_reason's obstacles (or its "no_entry", "entry_blocked",
        "entered_blocked"), or "water_last" (a move into the water waits until nothing
        else moves); "to" is where the piece would land (None off the board); "throws"
        the throws that bear it off ("exact") or that enter a piece ("no_entry");
        "in_water": src is the water square; "rest": the throw is partly used (piccione)
    """
    rules, side, t = state.rules, state.side, state.throw
    if t is None:
        raise ValueError("no throw is pending")
    cells = " " + state.board + " "
    water = rules.water_square
    if rules.water_holds_turn and cells[water] == side and src != water:
        return {"why": "water", "square": water, "throws": rules.bear_off_throws(water)}
    reason = rules.lost_throw_reason(state)
    why = reason["why"]
    if why == "water":
        why = "exact"  # the piece in the water itself: it leaves only on its throws
    elif why == "blocked":
        why = reason["obstacles"].get("supply" if src == SUPPLY else src, "other")
    throws = ()
    if src == SUPPLY:
        dst = rules.entry_square(t)
        if why == "no_entry":
            throws = reason.get("throws") or tuple(
                x for x in rules.throw_values if rules.entry_square(x) is not None)
    else:
        dst = src + rules.direction * t
        if why == "other" and dst == water:
            why = "water_last"  # K8, T4, H5: into the water only when nothing else moves
        if why == "exact":
            throws = rules.bear_off_throws(src)
        if not 1 <= dst <= 30:
            dst = None
    return {"why": why, "from": src, "to": dst, "throws": throws, "in_water": src == water,
            "rest": bool(reason.get("rest"))}
