"""Helpers for engine tests: build positions from piece lists instead of 30-char strings.

Not a conftest.py: tests/browser/conftest.py is imported as `conftest` by the browser tests.
"""

from __future__ import annotations

import senet


def position(variant: str, white=(), black=(), side="w", throw=None, supply=(0, 0),
             off=None, flags="-") -> senet.State:
    """A State with white/black pieces on the given squares; `off` defaults to the rest."""
    rules = senet.get_rules(variant)
    cells = ["."] * 30
    for sq in white:
        cells[sq - 1] = "w"
    for sq in black:
        cells[sq - 1] = "b"
    if off is None:
        off = (rules.pieces - len(white) - supply[0], rules.pieces - len(black) - supply[1])
    t = "-" if throw is None else str(throw)
    text = f"{variant} {''.join(cells)} {side} {t} w={supply[0]}/{off[0]},b={supply[1]}/{off[1]} {flags}"
    return senet.parse_position(text)


def moves(state: senet.State) -> set[str]:
    acts = state.legal_actions() if state.throw is not None else state.pre_throw_actions()
    return {str(m) for m in acts}


def after(state: senet.State, move: str) -> senet.State:
    return state.apply(move)


def where(state: senet.State, side: str) -> list[int]:
    return state.pieces(side)
