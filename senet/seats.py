"""Who sits at a seat: a Seat is a kind of player (a person, "human", or a computer
level) and a name, as a record's "player" line names them (senet.record)."""

from .errors import SaveError, shown
from .record import MAX_PLAYER_NAME, PLAYER_KINDS, player_name_problem

KINDS = PLAYER_KINDS
MAX_NAME = MAX_PLAYER_NAME
class Seat:
    """Who sits at a seat: a ``kind`` (KINDS) and a ``name`` ("" for none). Immutable;
    seats compare and hash by their fields."""

    __slots__ = ("kind", "name")

    def __init__(self, kind: str = "human", name: str = ""):
        if not isinstance(kind, str) or kind not in KINDS:
            raise SaveError(f"unknown player kind '{shown(kind)}' (choose from {', '.join(KINDS)})")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise SaveError(f"a player name must be text of at most {MAX_NAME} characters")
        problem = player_name_problem(name)
        if problem is not None:
            raise SaveError(problem)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)

    def __setattr__(self, name, value):
        raise AttributeError(f"a Seat cannot be changed (field '{name}')")

    def __eq__(self, other) -> bool:
        return isinstance(other, Seat) and (self.kind, self.name) == (other.kind, other.name)

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.kind, self.name))

    def __repr__(self) -> str:
        return f"Seat(kind={self.kind!r}, name={self.name!r})"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def label(self, seat: int) -> str:
        if self.name:
            return self.name
        return f"Player {seat}" if self.is_human else f"{self.kind[:1].upper()}{self.kind[1:]} (computer)"
