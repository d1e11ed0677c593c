"""What the board previews on the player's turn, one thing at a time (docs/app.md).

Two previews may be on offer: the destinations of the movable piece the player points at
or tabs to (``hints``: a dashed turquoise outline, Settings' highlighting), and the
Expert's suggestion (``suggested``, Settings' hints: a ring on its piece and its
destination outlined in lapis). Shown together they read as two answers; so the board
shows the suggestion unless the player looks at another piece (points at it, tabs to it,
or selects it), and then that piece's preview alone. A focus the page placed itself (on
the first movable piece after a throw) is not the player's choice: the suggestion stays.

Free of the DOM; runs in CPython and MicroPython (app/view/board.py draws the result).
"""

from app.game.pieces import place_of_square


def one_preview(selected, hint_loc, chosen: bool, hints: set, suggested) -> tuple:
    """(the hinted destinations to draw, the suggested move's destination square to draw,
    or None). ``selected``: the selected piece's place, or None; ``hint_loc``: the piece
    whose destinations ``hints`` are; ``chosen``: the player put it there (the pointer, or
    a focus of the player's own); ``suggested``: the Expert's move, or None."""
    if suggested is None:
        return hints, None
    looking = selected if selected is not None else (hint_loc if hints and chosen else None)
    if looking is not None and looking != place_of_square(suggested.src):
        return hints, None  # another piece: its preview alone (the ring still marks the Expert's)
    return set(), suggested.dst  # the suggestion alone, on its piece or on nothing chosen
