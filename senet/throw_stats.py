"""Throw statistics (C2): how often each throw came, against the 4:6:4:1:1 odds of the
four sticks, with a chi-square test (4 degrees of freedom). Portable: the page uses it.

Throws are counted by light sides up: 1, 2, 3, 4, and 0 for "no light side", which is
worth 5 or 6 depending on the rule set; a throw value is turned into its category with
``category(throw, none_value)``. Counts are a dict {category: count} over CATEGORIES.
"""

import math

from .throws import OUT_OF

CATEGORIES = (1, 2, 3, 4, 0)  # light sides up; 0: none (worth 5 or 6)
WAYS = {1: 4, 2: 6, 3: 4, 4: 1, 0: 1}  # stick patterns out of OUT_OF (16)
DEGREES = len(CATEGORIES) - 1
# The chi-square approximation wants every expected count to be at least this.
MIN_EXPECTED = 5
MIN_THROWS = MIN_EXPECTED * OUT_OF // min(WAYS.values())  # 80


def category(throw, none_value):
    """The category of a throw value: its number of light sides (0 for ``none_value``)."""
    return 0 if throw == none_value else throw


def empty_counts():
    return dict.fromkeys(CATEGORIES, 0)


def count_throws(values, none_value):
    """Counts by category of the throw values ``values`` (ints)."""
    counts = empty_counts()
    for v in values:
        c = category(v, none_value)
        if c in counts:
            counts[c] += 1
    return counts


def game_counts(game):
    """Counts of every throw recorded in ``game`` (a senet.Game), colour-draw throws and
    a pending throw included."""
    return count_throws([e.throw for e in game.entries if e.throw is not None], game.rules.none_value)


def add_counts(a, b):
    """The sum of two count dicts."""
    return {c: a.get(c, 0) + b.get(c, 0) for c in CATEGORIES}


def expected(total):
    """{category: expected count} for ``total`` throws."""
    return {c: total * WAYS[c] / OUT_OF for c in CATEGORIES}


def chi_square(counts):
    """The chi-square statistic of ``counts`` against the 4:6:4:1:1 odds (0.0 for none)."""
    total = sum(counts.get(c, 0) for c in CATEGORIES)
    if not total:
        return 0.0
    exp = expected(total)
    return sum((counts.get(c, 0) - exp[c]) ** 2 / exp[c] for c in CATEGORIES)


def p_value(x):
    """P(X >= x) for a chi-square variable with 4 degrees of freedom: exp(-x/2)(1 + x/2)."""
    if x <= 0:
        return 1.0
    return math.exp(-x / 2) * (1 + x / 2)


class ThrowReport:
    """``counts`` with their total, the expected counts, chi-square, p-value, whether the
    test applies (``enough``: at least MIN_THROWS throws) and ``verdict``, a sentence."""

    __slots__ = ("counts", "total", "expected", "chi2", "p", "enough", "verdict")

    def __init__(self, counts):
        self.counts = {c: counts.get(c, 0) for c in CATEGORIES}
        self.total = sum(self.counts.values())
        self.expected = expected(self.total)
        self.chi2 = chi_square(self.counts)
        self.p = p_value(self.chi2)
        self.enough = self.total >= MIN_THROWS
        self.verdict = _verdict(self)


def _verdict(r):
    if not r.total:
        return "No throws yet."
    stat = f"chi-square {r.chi2:.2f} with {DEGREES} degrees of freedom, p = {r.p:.3f}"
    if not r.enough:
        few = "1 throw is" if r.total == 1 else f"{r.total} throws are"
        return (f"{few} too few for the chi-square test: it needs at least {MIN_THROWS}, "
                f"so that every kind of throw is expected at least {MIN_EXPECTED} times ({stat}).")
    if r.p < 0.01:
        return (f"Over {r.total} throws the counts are further from the 4:6:4:1:1 odds than fair sticks "
                f"would give in 1 try out of 100 ({stat}).")
    return f"Over {r.total} throws the counts fit the 4:6:4:1:1 odds of fair sticks ({stat})."


def report(counts):
    return ThrowReport(counts)
