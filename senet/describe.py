"""What an action did, as data (``events``) and in short English (``describe``), for
messages, logs and screen readers.

``events(before, move, after)`` returns a list of dicts, each with a ``kind`` and the
side concerned (docs/engine-api.md, "Events"):

    {"kind": "move", "side": s, "from": a, "to": b}
    {"kind": "enter", "side": s, "to": b}
    {"kind": "bear_off", "side": s, "from": a}
    {"kind": "rescue", "side": s, "to": b}
    {"kind": "pass", "side": s, "throw": t, "reason": {...}}   (lost_throw_reason)
    {"kind": "into_water", "side": s, "square": 27, "then": "supply" | square | None,
     "fall_back": bool}                                 the mover's own piece
    {"kind": "bump", "side": s, "from": a, "to": square | "supply", "water": bool}
                                                        the opponent's piece on a is moved
    {"kind": "claim", "side": s, "goals": "odd" | "even"}
    {"kind": "draw", "reason": text}
    {"kind": "win", "side": s}
    {"kind": "extra_throw", "side": s}
    {"kind": "to_supply", "side": s, "from": a}         the mover's piece goes back to its
                                                        supply (P5 past square 1, P3)
    {"kind": "left", "side": s, "throw": n}             n of the throw is left for more
                                                        parts (P2)
    {"kind": "pass", ..., "rest": True}                 what was left of a throw is lost (P2)

``describe(before, move, after)`` is the same list in English (``event_text``).
"""

from .moves import OFF, PASS, RESCUE, SUPPLY, Move

# the reasons of the events' lost throws, public here too (senet.obstacles holds them)
from .obstacles import lost_throw_reason, piece_obstacle  # noqa: F401
from .state import COLOUR_NAME, WHITE, State, other


def _where(state: State, side: str) -> set[int]:
    return {i + 1 for i, c in enumerate(state.board) if c == side}


def events(before: State, move: Move, after: State) -> list:
    """The events of ``move`` played from ``before`` (with its pending throw) giving ``after``."""
    side = before.side
    rules = before.rules
    i = 0 if side == WHITE else 1
    out: list = []
    if move == PASS:
        out.append({"kind": "pass", "side": side, "throw": before.throw,
                    "reason": rules.lost_throw_reason(before)})
        if after.supply[i] > before.supply[i]:  # P3: the entered piece goes back
            for sq in sorted(_where(before, side) - _where(after, side)):
                out.append({"kind": "to_supply", "side": side, "from": sq})
    elif move == RESCUE:
        (dst,) = _where(after, side) - _where(before, side) or {0}
        out.append({"kind": "rescue", "side": side, "to": dst})
    else:
        src, dst = move
        if dst == OFF:
            out.append({"kind": "bear_off", "side": side, "from": src})
        elif src == SUPPLY:
            out.append({"kind": "enter", "side": side, "to": dst})
        elif dst == SUPPLY:  # P5: backward past square 1
            out.append({"kind": "to_supply", "side": side, "from": src})
        else:
            out.append({"kind": "move", "side": side, "from": src, "to": dst})
        water = rules.water_square
        if dst != OFF and dst != SUPPLY:
            mine_new = _where(after, side) - _where(before, side)
            if after.board[dst - 1] != side:
                if after.supply[i] > before.supply[i]:  # T4
                    out.append({"kind": "into_water", "side": side, "square": dst,
                                "then": "supply", "fall_back": False})
                elif dst == water and mine_new:  # J8, V6
                    out.append({"kind": "into_water", "side": side, "square": dst,
                                "then": min(mine_new), "fall_back": False})
            elif dst == water and src in rules.fall_back_squares:
                # K8: a step down from 28 or 29 onto 27 is a fall back into the water
                out.append({"kind": "into_water", "side": side, "square": dst,
                            "then": None, "fall_back": True})
            elif dst == water and src < dst and rules.water_holds_turn:
                # KO3: a piece that may not pass 26 goes into the water instead
                out.append({"kind": "into_water", "side": side, "square": dst,
                            "then": None, "fall_back": False})
        them = other(side)
        theirs_before, theirs_after = _where(before, them), _where(after, them)
        lost = theirs_before - theirs_after
        gained = theirs_after - theirs_before
        for sq in sorted(lost):
            if gained:
                to = min(gained)
                out.append({"kind": "bump", "side": them, "from": sq, "to": to,
                            "water": to == water})
            else:
                out.append({"kind": "bump", "side": them, "from": sq, "to": "supply", "water": False})
    if after.odd and not before.odd:
        out.append({"kind": "claim", "side": side, "goals": "odd" if after.odd == side else "even"})
    if rules.throw_in_parts and not move.is_special:
        if after.throw is not None and after.side == side:
            out.append({"kind": "left", "side": side, "throw": after.throw})
        else:
            rest = rules.rest_state(before, move)
            if rest is not None:  # P2: no part was legal for what was left
                out.append({"kind": "pass", "side": side, "throw": rest.throw, "rest": True,
                            "reason": rules.lost_throw_reason(rest)})
    winner = after.winner
    if winner == "draw":
        out.append({"kind": "draw", "reason": after.draw_reason})
    elif winner:
        out.append({"kind": "win", "side": winner})
    elif after.side == side and after.throw is None:
        out.append({"kind": "extra_throw", "side": side})
    return out


OBSTACLE_WORDS = {
    "home": "pieces home never move again",
    "stranded": "pieces below the lowest free goal square wait to be hit",
    "below_goal": "no piece may go below the lowest free goal square",
    "exact": "bearing off needs an exact throw",
    "not_all_home": "pieces bear off only when all are on the last row",
    "gate": "no piece may pass square 26",
    "end": "no piece may go past square 1",
    "blockade": "a blockade stands in the way",
    "own": "own pieces stand where the pieces would land",
    "safe": "the pieces that would be hit are safe there",
    "protected": "the pieces that would be hit are protected",
    "no_entry": "this throw enters no piece",
    "entry_blocked": "the entry square is taken",
    "other": "no piece can move that far",
    "occupied": "every square the pieces could reach is taken",
    "forward_only": "the parts of this throw go forward and none can",
}


def _or(values) -> str:
    words = ["a " + str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def reason_text(reason: dict) -> str:
    """A lost throw's reason (lost_throw_reason) in a few English words."""
    why = reason.get("why")
    if why == "entered_blocked":
        return (f"the piece just entered on {reason['square']} must move first and every square "
                f"it could reach is taken")
    if why == "water":
        return f"only {_or(reason['throws'])} bears off the piece in the water ({reason['square']})"
    if why == "no_entry":
        return f"only {_or(reason['throws'])} would enter a piece"
    if why == "entry_blocked":
        return f"square {reason['square']} is taken, so no piece can enter"
    kinds = []
    for sq in sorted(reason.get("obstacles", {}), key=str):
        kind = reason["obstacles"][sq]
        if kind not in kinds:
            kinds.append(kind)
    return "; ".join(OBSTACLE_WORDS[k] for k in kinds) or "no piece can move"


# -- in English -----------------------------------------------------------------------------
def event_text(event: dict, you: str | None = None, reason: bool = True) -> str:
    """One event in English. ``you``: the side that reads "you" ("you move", "your
    piece"); ``reason``: whether a lost throw says why."""
    kind = event["kind"]
    side = event.get("side")
    if side is not None and side == you:
        me, mine, s = "you", "your", ""
    elif side is not None:
        me = COLOUR_NAME[side]
        mine, s = me + "'s", "s"
    if kind == "move":
        return f"{me} move{s} from {event['from']} to {event['to']}"
    if kind == "enter":
        return f"{me} enter{s} a piece on square {event['to']}"
    if kind == "bear_off":
        return f"{me} bear{s} off the piece from square {event['from']}"
    if kind == "rescue":
        return f"{me} rescue{s} the piece from the water to square {event['to']}"
    if kind == "pass" and event.get("rest"):
        text = f"{me} cannot use the {event['throw']} left of the throw: it is lost"
        if reason and event.get("reason"):
            text += f" ({reason_text(event['reason'])})"
        return text
    if kind == "pass":
        text = f"{me} cannot move with a {event['throw']}: the throw is lost"
        if reason and event.get("reason"):
            text += f" ({reason_text(event['reason'])})"
        return text
    if kind == "to_supply":
        return f"{mine} piece on {event['from']} goes back to the supply"
    if kind == "left":
        return f"{me} ha{'ve' if me == 'you' else 's'} {event['throw']} of the throw left"
    if kind == "into_water":
        if event["fall_back"]:
            return f"{mine} piece falls back into the water"
        then = event["then"]
        if then is None:
            return f"{mine} piece falls into the water"
        if then == "supply":
            return f"{mine} piece falls into the water and goes back to the supply"
        return f"{mine} piece falls into the water and restarts on square {then}"
    if kind == "bump":
        if event["to"] == "supply":
            return f"{mine} piece on {event['from']} is sent back to the supply"
        note = " (into the water)" if event["water"] else ""
        return f"{mine} piece on {event['from']} is bumped to square {event['to']}{note}"
    if kind == "claim":
        return f"{me} reached square 1 first and take{s} the {event['goals']} goal squares"
    if kind == "draw":
        return f"the game is drawn: {event['reason']}"
    if kind == "win":
        return f"{me} win{s}"
    if kind == "extra_throw":
        return f"{me} throw{s} again"
    raise ValueError(f"unknown event kind '{kind}'")


def describe(before: State, move: Move, after: State) -> list[str]:
    """The events of ``move`` played from ``before`` (with its pending throw) giving
    ``after``, in English."""
    return [event_text(e) for e in events(before, move, after)]
