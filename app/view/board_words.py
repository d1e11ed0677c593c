"""What the board says in words: a square's or a tray's name, a list, and the board's
description for a screen reader (app/view/board.py draws the board; these are its words,
in the words in use)."""

from app.words.names import rules_name
from senet.board import MARKED
from senet.words import n, t
from senet.words import number as in_digits

# The marked squares' names: their message ids (senet.board.MARKED).
SQUARE_NAMES = MARKED


def loc_text(loc) -> str:
    if loc == "supply":
        return t("view.where.supply")
    if loc == "off":
        return t("view.where.off")
    name = SQUARE_NAMES.get(loc)
    return t("view.where.marked", square=loc, name=t(name)) if name else t("view.where.square", square=loc)


def list_text(items) -> str:
    """``items`` as a list in words: "1, 2, 3"."""
    return t("view.list_sep").join(in_digits(item) if isinstance(item, int) else str(item) for item in items)


def label_key(state) -> tuple:
    """What ``board_words`` reads of a position: the pieces and the rule set's flags (not
    the side to act or the throw, so that a throw leaves the words as they are)."""
    return state.rules.name, state.board, state.supply, state.off, state.var


def board_words(state) -> str:
    """The board's description for a screen reader: where each side's pieces are, and
    Bell's goals and home pieces (B5-B7), asked of the rule set."""
    rules = state.rules
    sides = []
    for i, colour in enumerate("wb"):
        squares = state.pieces(colour)
        pieces = [t("view.board.on", squares=list_text(squares)) if squares else t("view.board.none")]
        if rules.has_supply:
            pieces.append(n("view.board.to_enter", state.supply[i]))
        if rules.bears_off:
            pieces.append(n("view.board.borne_off", state.off[i]))
        pieces = list_text(pieces)
        if rules.has_goals and state.odd:
            home = rules.home_squares(state, colour)
            goals = [t("view.board.goals_odd") if state.odd == colour else t("view.board.goals_even"),
                     t("view.board.home", squares=list_text(home)) if home else t("view.board.none_home")]
            low = rules.open_goal(state, colour)
            if low is not None:
                goals.append(t("view.board.next_goal", square=low))
            goals = list_text(goals)
            sides.append(t("view.board.white_goals", pieces=pieces, goals=goals) if colour == "w"
                         else t("view.board.black_goals", pieces=pieces, goals=goals))
        else:
            sides.append(t("view.board.white", pieces=pieces) if colour == "w" else t("view.board.black", pieces=pieces))
    return t("view.board.label", rules=rules_name(rules), white=sides[0], black=sides[1])
