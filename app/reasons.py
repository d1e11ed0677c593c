"""Why a piece cannot move, and why a throw is lost, in the page's words.

The engine says why as data (senet.describe.piece_obstacle, one piece; Rules'
lost_throw_reason, a whole throw); this module puts that data into words for the side
to act, "your" for the one human at the device and "white's"/"black's" otherwise. It
never reads the engine's English (Rules.explain is for the command line).
"""

import senet
from senet.describe import piece_obstacle

COLOUR = {"w": "white", "b": "black"}


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
    }
    return words.get(why, "no piece can move that far")


def piece_reason(state, src, you: bool = True) -> str:
    """Why the piece of the side to act on ``src`` (a square or senet.SUPPLY) cannot
    move with the pending throw."""
    return piece_words(piece_obstacle(state, src), state.side, you)


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
