"""Why not, in plain words: why a click on the board does nothing, why a piece cannot
move, why a throw is lost. Functions of a Table (app/flow/table.py); free of the DOM.

The engine says why as data (senet.describe.piece_obstacle for one piece, the reasons of
Rules.lost_throw_reason for a whole throw); this module puts that data into words for
the side to act: "your" for the one human at the device, "white's" or "black's"
otherwise. It never reads the engine's English (Rules.explain is the command line's).
"""

import senet
from app.flow.table import COLOUR
from app.words.narration import sentence
from senet import PASS
from senet.describe import piece_obstacle


def _throws(values) -> str:
    """(4,) -> "a throw of 4"; (4, 6) -> "a throw of 4 or 6"."""
    words = [str(v) for v in values]
    if not words:
        return "no throw"
    return "a throw of " + (words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1])


def _whose(side: str, you: bool) -> tuple:
    """("your", "you") for the human at the device, else ("white's", "white")."""
    return ("your", "you") if you else (COLOUR[side] + "'s", COLOUR[side])


def piece_words(ob: dict, side: str, you: bool = True) -> str:
    """One obstacle (senet.describe.piece_obstacle) as a clause: "square 14 holds your
    own piece"."""
    your, subject = _whose(side, you)
    opp = COLOUR["b" if side == "w" else "w"]
    why, dst = ob["why"], ob.get("to")
    if why == "water":
        return f"while {your} piece is in the water ({ob['square']}) {subject} may move no other piece"
    if why == "exact":
        src = ob["from"]
        if ob.get("throws"):
            if ob.get("in_water"):
                return f"the piece in the water bears off only with {_throws(ob['throws'])}"
            return f"a piece on {src} bears off only with {_throws(ob['throws'])}"
        return "no move goes past square 30"
    words = {
        "home": "this piece is home and never moves again",
        "stranded": "a piece below the lowest free goal square waits to be hit",
        "below_goal": "no piece may go below the lowest free goal square",
        "end": "no piece may go past square 1",
        "not_all_home": f"a piece bears off only when every piece of {your} on the board is on squares 21-30"
        if you else f"a piece bears off only when all of {subject}'s pieces are on squares 21-30",
        "gate": "no piece may move past square 26 in one move",
        "blockade": f"three {opp} pieces in a row form a blockade that no piece may pass",
        "own": f"square {dst} holds {your} own piece",
        "safe": f"square {dst} is safe: a piece there cannot be attacked",
        "protected": f"the {opp} piece on {dst} is protected by a neighbour of its colour",
        "no_entry": f"only {_throws(ob.get('throws', ()))} enters a piece",
        "entry_blocked": f"square {dst} is taken, so no piece can enter",
        "water_last": "a piece goes into the water only when no other move is possible",
        "occupied": "every square this piece could reach is taken, and no piece lands on another",
        "forward_only": "the parts of this throw go forward, so no piece moves backward now",
        "entered_blocked": "the piece just entered on square 1 must move first, and it cannot",
    }
    return words.get(why, "no piece can move that far")


def piece_reason(state, src, you: bool = True) -> str:
    """Why the piece of the side to act on ``src`` (a square or senet.SUPPLY) cannot
    move with the pending throw."""
    return piece_words(piece_obstacle(state, src), state.side, you)


def lost_reason(table, state: senet.State) -> str:
    """lost_words for the side to act of ``table``'s game, "you" for the one human."""
    return lost_words(state, table.actor(state.side) == "You")


def lost_words(state, you: bool = True) -> str:
    """Why no piece can move with ``state``'s throw: the reason that holds back most
    pieces, and a second one if another holds back the rest."""
    side = state.side
    srcs = list(state.pieces(side))
    if state.rules.has_supply and state.supply[0 if side == "w" else 1] > 0:
        srcs.append(senet.SUPPLY)
    obstacles = [piece_obstacle(state, src) for src in srcs]
    if not obstacles:
        return f"no piece can move {state.throw} square{'s' if state.throw != 1 else ''}"
    counts, first = {}, {}
    own = 0
    for i, ob in enumerate(obstacles):
        if ob["why"] == "own":
            own += 1
        text = piece_words(ob, side, you)
        counts[text] = counts.get(text, 0) + 1
        first.setdefault(text, (0 if ob["why"] == "water" else 1, i))
    ranked = sorted(counts, key=lambda k: (-counts[k], first[k]))
    own_texts = [k for k in ranked if k.startswith("square ") and k.endswith(" own piece")]
    parts = [k for k in ranked if k not in own_texts][:2]
    if own_texts and len(parts) < 2:
        your, _ = _whose(side, you)
        parts.append(f"{your} own pieces stand where the others would land" if own > 1 else own_texts[0])
    return ", and ".join(parts)


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
    return sentence(f"This piece cannot move with a {state.throw}: {piece_reason(state, src)}")
