"""What an action did, as data (``events``), for messages, logs and screen readers;
``describe`` says it in short English through the words layer (senet.words.game).

``events(before, move, after)`` returns a list of dicts, each with a ``kind`` and the
side concerned (docs/engine-api.md, "Events"):

    {"kind": "move", "side": s, "from": a, "to": b}
    {"kind": "move", ..., "in_water": True}             the piece stays in the water on b
                                                        (K9, H8: until a rescue or a 4)
    {"kind": "enter", "side": s, "to": b}
    {"kind": "bear_off", "side": s, "from": a}
    {"kind": "rescue", "side": s, "to": b}
    {"kind": "pass", "side": s, "throw": t, "reason": {...}}   (lost_throw_reason)
    {"kind": "into_water", "side": s, "square": 27, "then": "supply" | square | None,
     "fall_back": bool}                                 the mover's own piece
    {"kind": "bump", "side": s, "from": a, "to": square | "supply", "water": bool}
                                                        the opponent's piece on a is moved
    {"kind": "claim", "side": s, "goals": "odd" | "even"}
    {"kind": "draw", "reason": code}                    State.draw_reason: "frozen" (C6)
    {"kind": "win", "side": s}
    {"kind": "extra_throw", "side": s}
    {"kind": "to_supply", "side": s, "from": a}         the mover's piece goes back to its
                                                        supply (P5 past square 1, P3)
    {"kind": "left", "side": s, "throw": n}             n of the throw is left for more
                                                        parts (P2)
    {"kind": "pass", ..., "rest": True}                 what was left of a throw is lost (P2)

``describe(before, move, after)`` is the same list in English; senet.words.game's
``event_text(words, event, you)`` says one event with a catalog's words.
"""

from .moves import OFF, PASS, RESCUE, SUPPLY, Move

# the reasons of the events' lost throws, public here too (senet.obstacles holds them)
from .obstacles import lost_throw_reason, piece_obstacle  # noqa: F401
from .state import WHITE, State, other
from .words import words
from .words.game import event_text


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
        if dst == water and after.board[dst - 1] == side:  # K9, H8: it stays there
            out[-1]["in_water"] = True
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


def describe(before: State, move: Move, after: State) -> list[str]:
    """The events of ``move`` played from ``before`` (with its pending throw) giving
    ``after``, in English (senet.words.game.event_text)."""
    english = words()
    return [event_text(english, e) for e in events(before, move, after)]
