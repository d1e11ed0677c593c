"""Board geometry (C1) and the names of the marked squares, shared by the app and docs."""

# The marked squares and their names in English, for developers; a player reads each name
# in the words in use, its message board.square.N (senet/words).
MARKED = {
    15: "House of Rebirth",
    26: "House of Beauty",
    27: "House of Water",
    28: "House of Three Truths",
    29: "House of Re-Atoum",
    30: "House of the Rising Sun",
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
