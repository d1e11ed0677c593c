"""Exceptions raised by the engine. All are ValueErrors with a message a player can read."""


class SenetError(ValueError):
    """Base class of every error the engine raises on bad input."""


class PositionError(SenetError):
    """A position string (or position data) is malformed or impossible."""


class MoveSyntaxError(SenetError):
    """A move string is not in move notation."""


class IllegalMove(SenetError):
    """A well-formed move that the rules do not allow in this position."""


class RecordError(SenetError):
    """A game record is malformed or does not replay; `line` is its 1-based line number."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message
