"""Why not, in plain words: why a click on the board does nothing, why a piece cannot
move, why a throw is lost. Functions of a Table (app/flow/table.py); free of the DOM.

The engine says why as data (senet.describe.piece_obstacle for one piece, the reasons of
Rules.lost_throw_reason for a whole throw); this module puts that data into words for
the side to act: "your" for the one human at the device, "white's" or "black's"
otherwise. It never reads the engine's English (Rules.explain is the command line's).
"""

import senet
from app.words.names import COLOUR_WORDS
from senet import PASS
from senet.describe import piece_obstacle
from senet.words import n, t


def _or_list(words: list) -> str:
    """["4"] -> "4"; ["4", "6"] -> "4 or 6"; ["2", "4", "6"] -> "2, 4 or 6"."""
    if len(words) == 1:
        return words[0]
    head = words[0]
    for word in words[1:-1]:
        head = t("reasons.list.comma", first=head, next=word)
    return t("reasons.list.or", first=head, last=words[-1])


def _throws(values) -> str:
    """(4,) -> "a throw of 4"; (4, 6) -> "a throw of 4 or 6" (at least one value: where
    no throw would do, the reason is a message of its own)."""
    return t("reasons.throws.some", values=_or_list([str(v) for v in values]))


# The obstacles said the same way for every side: why -> message id.
_PLAIN = {
    "home": "reasons.piece.home",
    "stranded": "reasons.piece.stranded",
    "below_goal": "reasons.piece.below_goal",
    "end": "reasons.piece.end",
    "gate": "reasons.piece.gate",
    "water_last": "reasons.piece.water_last",
    "occupied": "reasons.piece.occupied",
    "forward_only": "reasons.piece.forward_only",
    "entered_blocked": "reasons.piece.entered_blocked",
}


def piece_words(ob: dict, side: str, you: bool = True) -> str:
    """One obstacle (senet.describe.piece_obstacle) as a clause: "square 14 holds your
    own piece"; ``you``: said to the human at the device ("your"), else of ``side``
    ("white's")."""
    colour = COLOUR_WORDS[side]
    why, dst = ob["why"], ob.get("to")
    if why == "water":
        if you:
            return t("reasons.piece.water_you", square=ob["square"])
        return t("reasons.piece.water_other", square=ob["square"], colour=colour)
    if why == "exact":
        src = ob["from"]
        if ob.get("throws"):
            if ob.get("in_water"):
                return t("reasons.piece.exact_in_water", throws=_throws(ob["throws"]))
            return t("reasons.piece.exact_from", square=src, throws=_throws(ob["throws"]))
        return t("reasons.piece.exact_past")
    if why in _PLAIN:
        return t(_PLAIN[why])
    if why == "not_all_home":
        return t("reasons.piece.not_all_home_you") if you else t("reasons.piece.not_all_home_other", colour=colour)
    if why == "own":
        return t("reasons.piece.own_you", square=dst) if you else t("reasons.piece.own_other", square=dst,
                                                                       colour=colour)
    opponent = COLOUR_WORDS["b" if side == "w" else "w"]
    if why == "blockade":
        return t("reasons.piece.blockade", opponent=opponent)
    if why == "protected":
        return t("reasons.piece.protected", opponent=opponent, square=dst)
    if why == "safe":
        return t("reasons.piece.safe", square=dst)
    if why == "no_entry":
        throws = ob.get("throws", ())
        return t("reasons.piece.no_entry", throws=_throws(throws)) if throws else t("reasons.piece.no_entry_none")
    if why == "entry_blocked":
        return t("reasons.piece.entry_blocked", square=dst)
    return t("reasons.piece.too_far")


def piece_reason(state, src, you: bool = True) -> str:
    """Why the piece of the side to act on ``src`` (a square or senet.SUPPLY) cannot
    move with the pending throw."""
    return piece_words(piece_obstacle(state, src), state.side, you)


def lost_reason(table, state: senet.State) -> str:
    """lost_words for the side to act of ``table``'s game, "you" for the one human."""
    return lost_words(state, table.you == state.side)


def _sources(state) -> list:
    """The places a piece of the side to act may move from: its squares, and its supply."""
    side = state.side
    srcs = list(state.pieces(side))
    if state.rules.has_supply and state.supply[0 if side == "w" else 1] > 0:
        srcs.append(senet.SUPPLY)
    return srcs


def lost_words(state, you: bool = True, skip=None) -> str:
    """Why no piece can move with ``state``'s throw: the reason that holds back most
    pieces, and a second one if another holds back the rest. ``skip``: a place whose
    piece does move, left out (why the others cannot)."""
    side = state.side
    srcs = [src for src in _sources(state) if src != skip]
    obstacles = [piece_obstacle(state, src) for src in srcs]
    if not obstacles:
        return n("reasons.lost.no_piece", state.throw)
    counts, first, own_text = {}, {}, set()
    own = 0
    for i, ob in enumerate(obstacles):
        text = piece_words(ob, side, you)
        if ob["why"] == "own":
            own += 1
            own_text.add(text)
        counts[text] = counts.get(text, 0) + 1
        first.setdefault(text, (0 if ob["why"] == "water" else 1, i))
    ranked = sorted(counts, key=lambda k: (-counts[k], first[k]))
    own_texts = [k for k in ranked if k in own_text]
    parts = [k for k in ranked if k not in own_texts][:2]
    if own_texts and len(parts) < 2:
        if own > 1:
            parts.append(t("reasons.lost.own_pieces_you") if you
                         else t("reasons.lost.own_pieces_other", colour=COLOUR_WORDS[side]))
        else:
            parts.append(own_texts[0])
    return parts[0] if len(parts) == 1 else t("reasons.lost.two", first=parts[0], second=parts[1])


def forced_words(table, state):
    """Why the side to act has so little choice with ``state``'s throw, said at the throw,
    or None when there is a choice (or nothing moves: flow.throw.lost says that):
    every legal move goes back (K6: no piece can move forward), or only one piece may
    move while others are on the board. For the one human at the device."""
    if state.throw is None or table.you != state.side:
        return None
    moves = [m for m in state.legal_actions() if not m.is_special]
    if not moves or len(moves) != len(state.legal_actions()):
        return None
    forward = state.rules.direction
    squares = [m for m in moves if isinstance(m.src, int) and m.src > 0 and isinstance(m.dst, int) and m.dst > 0]
    try:
        if len(squares) == len(moves) and all((m.dst - m.src) * forward < 0 for m in moves):
            return t("reasons.forced.back", reason=lost_words(state, True))
        srcs = {m.src for m in moves}
        if len(srcs) == 1 and len(_sources(state)) > 1 and len(squares) == len(moves):
            src = moves[0].src
            return t("reasons.forced.one", square=src, reason=lost_words(state, True, skip=src))
    except ValueError:  # a position the obstacles do not cover: the plain prompt says enough
        return None
    return None


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
        return t("reasons.lesson.other_move", hint=tutorial.hint())
    why = game_refusal(table, loc)
    if why is not None and why in (t("reasons.click.draw_first"), t("reasons.click.throw_first")):
        if tutorial.wants_throw():
            return why  # says it all
        why = None  # a rescue first: the hint says so
    return t("reasons.lesson.why_and_hint", why=why, hint=tutorial.hint()) if why else tutorial.hint()


def game_refusal(table, loc):
    """refusal() in a game."""
    state = table.state
    if table.game.over:
        return t("reasons.click.over")
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
        return t("reasons.click.wait", name=table.seat_name(seat)) if seat is not None else None
    if state.opening:
        return t("reasons.click.draw_first")
    if owner != state.side:
        if table.you == state.side:
            return t("reasons.click.not_yours_you", colour=COLOUR_WORDS[owner], own=COLOUR_WORDS[state.side])
        return t("reasons.click.not_yours_other", colour=COLOUR_WORDS[owner], own=COLOUR_WORDS[state.side])
    if state.throw is None:
        return t("reasons.click.throw_first")
    if state.legal_actions() == [PASS]:
        return t("reasons.click.no_move", reason=lost_reason(table, state))
    src = senet.SUPPLY if loc == "supply" else loc
    return t("reasons.click.piece_stuck", throw=state.throw, reason=piece_reason(state, src))
