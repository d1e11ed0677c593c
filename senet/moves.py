"""Moves and move notation: ``A-B``, ``A-off``, ``in-B``, ``A-in`` (back to the supply,
Piccione's P5), ``rescue``, ``pass``, ``throw``."""

from collections import namedtuple

from .errors import SPACES, MoveSyntaxError, decimal, shown

SUPPLY = 0  # source square of an entry from the supply
OFF = 31  # destination of a bearing off


class Move(namedtuple("Move", ("src", "dst"))):
    """A move from square ``src`` to square ``dst`` (1..30).

    ``src == SUPPLY`` enters a piece, ``dst == OFF`` bears one off; PASS, RESCUE and
    THROW (the choice to throw where a rescue could be taken instead) use negative numbers. Moves compare and hash as tuples; ``str()`` gives notation.
    """

    __slots__ = ()

    def __str__(self) -> str:
        return format_move(self)

    @property
    def is_special(self) -> bool:
        return self.src < 0


PASS = Move(-1, -1)
RESCUE = Move(-2, -2)
THROW = Move(-3, -3)


def format_move(move) -> str:
    src, dst = move
    if src < 0:
        return "pass" if move == PASS else "rescue" if move == RESCUE else "throw"
    a = "in" if src == SUPPLY else str(src)
    b = "off" if dst == OFF else "in" if dst == SUPPLY else str(dst)
    return f"{a}-{b}"


def _square(text: str, whole: str) -> int:
    n = decimal(text, 2)
    if n is None:
        raise MoveSyntaxError(f"'{shown(whole)}' is not a move: '{shown(text)}' is not a square number")
    if not 1 <= n <= 30:
        raise MoveSyntaxError(f"'{shown(whole)}' is not a move: square {n} is not between 1 and 30")
    return n


def parse_move(text: str) -> "Move":
    """Parse move notation; raises MoveSyntaxError with a readable reason. Squares are
    written in ASCII digits without leading zeros ("4-7", not "04-7")."""
    if not isinstance(text, str):
        raise MoveSyntaxError("a move must be given as text")
    t = text.strip(SPACES)
    if t == "pass":
        return PASS
    if t == "rescue":
        return RESCUE
    if t == "throw":
        return THROW
    parts = t.split("-")
    if len(parts) != 2 or not parts[0] or not parts[1]:
        raise MoveSyntaxError(
            f"'{shown(t)}' is not a move (write A-B, A-off, in-B, rescue, pass or throw)"
        )
    a, b = parts
    src = SUPPLY if a == "in" else _square(a, t)
    dst = OFF if b == "off" else SUPPLY if b == "in" else _square(b, t)
    if src == SUPPLY and dst == OFF:
        raise MoveSyntaxError(f"'{shown(t)}' is not a move: a piece cannot enter and bear off at once")
    if src == SUPPLY and dst == SUPPLY:
        raise MoveSyntaxError(f"'{shown(t)}' is not a move: it goes from the supply to the supply")
    if src == dst:
        raise MoveSyntaxError(f"'{shown(t)}' is not a move: it does not go anywhere")
    return Move(src, dst)
