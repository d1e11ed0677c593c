"""Senet: the rules of seven reconstructions of the ancient Egyptian game, in pure Python.

The package has no third-party dependencies, and its rules, records and sessions use
only what CPython, Pyodide and MicroPython share, so that they run unchanged in all
three (tests/engine/test_micropython.py). See docs/engine-api.md for a tour of the API.
"""

from .describe import describe
from .errors import IllegalMove, MoveSyntaxError, PositionError, RecordError, SenetError
from .game import Game
from .moves import OFF, PASS, RESCUE, SUPPLY, THROW, Move, format_move, parse_move
from .notation import format_position, parse_position
from .rules import Rules
from .state import BLACK, CHANCE, WHITE, State, other
from .throws import OUT_OF, ThrowGenerator, distribution
from .variants import DEFAULT_VARIANT, VARIANTS, get_rules

__version__ = "0.1.0"


def start(variant: str) -> State:
    """The starting state of a rule set (the side to act must throw first)."""
    return get_rules(variant).start()


def penalty(state: State, side: str) -> int:
    """Havens' penalty points (V8) of ``side`` in ``state``; 0 in the other rule sets."""
    return state.rules.penalty(state, side)


__all__ = [
    "BLACK", "CHANCE", "DEFAULT_VARIANT", "OFF", "OUT_OF", "PASS", "RESCUE", "SUPPLY", "THROW", "VARIANTS", "WHITE",
    "Game", "IllegalMove", "Move", "MoveSyntaxError", "PositionError", "RecordError",
    "Rules", "SenetError", "State", "ThrowGenerator",
    "describe", "distribution", "format_move", "format_position", "get_rules", "other",
    "parse_move", "parse_position", "penalty", "start",
]
