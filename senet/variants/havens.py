"""Havens' rules (clauses V1-V8 of rules-spec.md).

Like Jéquier (colour draw, protection in pairs, blockades of three, 27 sends a piece to
the first empty square, exact landing on 30 bears off) but with 5 for no light side,
extra throws on 1, 4 and 5, no passing of square 26, and a penalty score for the loser.
"""

from ..state import State
from .jequier import Jequier

# V8: penalty points per piece by square range; nothing for 26..30 or off the board.
PENALTY_BANDS = ((1, 10, 3), (11, 20, 2), (21, 25, 1))


class Havens(Jequier):
    name = "havens"
    invite_number = 5  # its number in an online invite (senet.online.invite): never change it
    title = "Havens"
    none_value = 5
    extra_throws = frozenset({1, 4, 5})
    clause = "V"
    no_passing_26 = True  # V6
    gate_square = 26  # V6
    has_penalty = True  # V8

    def penalty(self, state: State, side: str) -> int:
        total = 0
        for i, c in enumerate(state.board):
            if c == side:
                sq = i + 1
                for lo, hi, points in PENALTY_BANDS:
                    if lo <= sq <= hi:
                        total += points
        return total


