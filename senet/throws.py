"""The throwing sticks (C2) and a seedable throw generator (C5).

Four two-sided sticks: the throw is the number of light sides up (1..4), and no light
side counts as 5 or 6 depending on the rule set. A generator records how many throws it
has made, so that a saved game can rebuild it exactly from (seed, count).
"""

from __future__ import annotations

import random
from fractions import Fraction

# Number of the 16 equally likely stick patterns giving 1, 2, 3, 4 light sides, and none.
_WAYS = {1: 4, 2: 6, 3: 4, 4: 1}


def distribution(none_value: int) -> tuple[tuple[int, Fraction], ...]:
    """The exact C2 distribution: ((throw, probability), ...) in throw order."""
    out = [(t, Fraction(w, 16)) for t, w in _WAYS.items()]
    out.append((none_value, Fraction(1, 16)))
    return tuple(out)


def sticks_to_throw(sticks: tuple[bool, ...] | list[bool], none_value: int) -> int:
    """Value of four sticks (True = light side up)."""
    light = sum(1 for s in sticks if s)
    return light if light else none_value


class ThrowGenerator:
    """Seedable throws; ``ThrowGenerator(seed, count)`` resumes after ``count`` throws."""

    def __init__(self, seed: int, count: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number")
        if not isinstance(count, int) or count < 0:
            raise ValueError("the throw count must be a whole number >= 0")
        self.seed = seed
        self.count = 0
        self._rng = random.Random(seed)
        self.last_sticks: tuple[bool, ...] = (False, False, False, False)
        for _ in range(count):
            self.sticks()

    def sticks(self) -> tuple[bool, ...]:
        """Throw the four sticks; True means the light side is up."""
        bits = self._rng.getrandbits(4)
        self.count += 1
        self.last_sticks = tuple(bool(bits >> i & 1) for i in range(4))
        return self.last_sticks

    def throw(self, none_value: int) -> int:
        return sticks_to_throw(self.sticks(), none_value)
