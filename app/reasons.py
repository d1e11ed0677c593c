"""Why not, in plain words: why a click on the board does nothing, why a piece cannot
move, why a throw is lost. The rules' own explanations (``Rules.explain``) without their
clause ids, put from the side to act's point of view. Functions of a Table
(app/table.py); free of the DOM.
"""

import re

from narration import sentence
from table import COLOUR

import senet
from senet import PASS

# Words of the engine's explanations that a reason in plain words leaves out: the rule's
# clause ("(K9)") and the general "not possible" lines that name no rule.
RULE_CLAUSE = re.compile(r"\s*\([A-Z]\d+[^)]*\)")
GENERIC_REASONS = ("you must pass", "is not possible with a throw", "backward", "towards square",
                   "throw the sticks first")


def plain_reason(text: str) -> str:
    """An engine explanation without its rule clause."""
    return RULE_CLAUSE.sub("", str(text)).strip()


def piece_reason(state: senet.State, src):
    """Why the piece at ``src`` (a square, or senet.SUPPLY) cannot move with the throw."""
    t = state.throw
    rules = state.rules
    if src == senet.SUPPLY:
        dsts = [t, 31 - t]
    else:
        dsts = [d for d in (src + t, src - t) if 1 <= d <= 30] + [senet.OFF]
    found = []
    for dst in dsts:
        try:
            reason = plain_reason(rules.explain(state, senet.Move(src, dst)))
        except Exception:  # an odd candidate the rules cannot even explain
            continue
        if not any(g in reason for g in GENERIC_REASONS):
            found.append(reason)
    # a rule that holds back every piece ("while your piece is in the water...") first
    general = [r for r in found if r.startswith("while")]
    return (general or found or [None])[0]


def lost_reason(table, state: senet.State) -> str:
    """Why no move is possible with ``state``'s throw, in one short clause: the rule
    that holds back most pieces (and the one that holds back the rest, if another)."""
    side = state.side
    srcs = list(state.pieces(side))
    if state.rules.has_supply and state.supply[0 if side == "w" else 1] > 0:
        srcs.append(senet.SUPPLY)
    counts = {}
    for src in srcs:
        reason = piece_reason(state, src)
        if reason is not None:
            counts[reason] = counts.get(reason, 0) + 1
    if not counts:
        return f"no piece can move {state.throw} square{'s' if state.throw != 1 else ''}"
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], not kv[0].startswith("while"), kv[0]))
    own = [r for r, _ in ranked if r.startswith("square ") and r.endswith("holds your own piece")]
    others = [r for r, _ in ranked if r not in own]
    parts = others[:2]
    if own and len(parts) < 2:
        parts.append("your own pieces stand where the others would land" if len(own) > 1 else own[0])
    text = ", and ".join(parts)
    if table.actor(side) != "You":
        colour = COLOUR[side]
        text = (text.replace("your own", colour + "'s own").replace(" your ", f" {colour}'s ")
                .replace("you may", colour + " may").replace("your ", colour + "'s "))
    return text


def refusal(table, loc):
    """Why a click on ``loc`` (a square, "supply" or "off") does nothing, or None when
    there is nothing to say (an empty square, a replay). In the tutorial: the rule's
    reason, and what the lesson asks for."""
    if table.replay is not None:
        return None
    tutorial = table.tutorial
    if tutorial is None:
        return game_refusal(table, loc)
    if tutorial.done:
        return tutorial.hint()
    state = table.state
    src = senet.SUPPLY if loc == "supply" else loc
    legal = [m for m in state.legal_actions() if not m.is_special and m.src == src] \
        if state.throw is not None and isinstance(src, int) else []
    if legal:
        return f"That move is allowed in a game, but not the one this lesson is about. {tutorial.hint()}"
    why = game_refusal(table, loc)
    if why is not None and why.startswith("Throw the sticks first"):
        if tutorial.wants_throw():
            return why  # says it all
        why = None  # a rescue first: the hint says so
    return f"{why} {tutorial.hint()}" if why else tutorial.hint()


def game_refusal(table, loc):
    """refusal() in a game."""
    state = table.state
    if table.game.over:
        return "The game is over: Play again or New game… starts another."
    if isinstance(loc, int):
        owner = state.square(loc)
        owner = owner if owner in ("w", "b") else None
    elif loc == "supply" and table.rules.has_supply:
        owner = None  # the trays: only the side to act's supply is worth a word
        if table.human_to_act and state.supply[0 if state.side == "w" else 1] > 0:
            owner = state.side
    else:
        return None
    if owner is None:
        return None
    seat = table.seat_to_act
    if not table.human_to_act:
        return f"Please wait: it is {table.seat_name(seat)}'s turn." if seat is not None else None
    if state.opening:
        return "Throw the sticks first: the colour draw decides who plays black."
    if owner != state.side:
        return (f"That is a {COLOUR[owner]} piece; you play {COLOUR[state.side]}."
                if table.actor(state.side) == "You" else
                f"That is a {COLOUR[owner]} piece; {COLOUR[state.side]} is to play.")
    if state.throw is None:
        return "Throw the sticks first: the throw says how far a piece moves."
    if state.legal_actions() == [PASS]:
        return sentence(f"No piece can move with this throw: {lost_reason(table, state)}")
    src = senet.SUPPLY if loc == "supply" else loc
    reason = piece_reason(state, src)
    what = "This piece"
    if reason is None:
        return sentence(f"{what} cannot move {state.throw} with this throw; another one can")
    return sentence(f"{what} cannot move with a {state.throw}: {reason}")
