"""Board geometry (C1) and the names of the marked squares, shared by the app and docs."""

# The marked squares, each with the message id of its name (senet/words: "House of Beauty",
# "Haus der Schönheit", ...): a name is read in the words in use, ``senet.words.t(MARKED[26])``.
MARKED = {
    15: "board.square.15",
    26: "board.square.26",
    27: "board.square.27",
    28: "board.square.28",
    29: "board.square.29",
    30: "board.square.30",
}


def square_cell(n: int) -> tuple[int, int]:
    """(row, column) of square n, drawn boustrophedon: 1-10, then 20-11, then 21-30 (C1)."""
    if not 1 <= n <= 30:
        raise ValueError(f"square {n} is not between 1 and 30")
    row, k = divmod(n - 1, 10)
    return row, (9 - k if row == 1 else k)


def cell_square(row: int, col: int) -> int:
    """The square number drawn at (row, column)."""
    return row * 10 + (10 - col if row == 1 else col + 1)
