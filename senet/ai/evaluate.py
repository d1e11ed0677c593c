"""Hand-made, variant-aware evaluations: an estimated win probability for white.

Every evaluation works on the raw board string and returns a number in [0, 1]: the
probability that white wins, a draw counting one half. It is the logistic of a score
in "pips" (squares of progress) over the square root of the race still to run, so that
a lead of a few squares means a lot near the end and little at the start:

    score = race(black) - race(white)          the race: what each side still has to travel
          + loss(black) - loss(white)          expected loss to a bump on the next throw
          + tempo * (+1 if white acts else -1) the side on throw is half a turn ahead
          + variant terms (blockades, walls, stuck pieces, ...)
    value = 1 / (1 + exp(-score / (scale * sqrt(race(white) + race(black) + 10))))

The race counts the squares to go with the detours of the rule set (the water, the exact
throws to bear off, the entry from the supply); a piece borne off counts 0. The bump
threat is the probability-weighted loss of the worst hit the opponent can make with each
throw value, counted in full for the side that just moved (its pieces are exposed now)
and at a smaller weight for the side on throw (it may still cover them).

``evaluator(variant)`` is Average's evaluation, ``evaluator(variant, expert=True)``
Expert's: the same terms, plus the solitaire endgame tables of senet.ai.endgame for the
race of the last two pieces (Kendall, Thibault, Jéquier, Havens), the trap term of
senet.ai.trap (Jéquier, Havens), and in Bell entry blocking, mobility and the goal claim.
``features(state)`` returns Average's separate terms. The terms live by duty:
senet.ai.terms (what they share), senet.ai.hand (six rule sets), senet.ai.bell_terms,
senet.ai.trap; senet.ai.tuning holds which serve a rule set and the weights. Everything
is plain Python on strings and lists, so that it runs in Pyodide too.
"""

from math import sqrt

from ..state import BLACK, WHITE, State
from .terms import positions as _positions
from .terms import settled_value, sigmoid
from .tuning import (
    EXPERT_FEATURES,
    EXPERT_WEIGHTS,
    FEATURES_OF,
    GOAL_CLAIMS,
    SOLO_RACE,
    SOLO_WATER,
    TRAP,
    WEIGHTS,
    tuned_as,
    weighed_as,
)

FEATURES = ("race", "threat", "threat_mover", "tempo", "extra")


def features(state: State) -> tuple[float, ...]:
    """(race, threat, threat_mover, tempo, extra, denominator), white's point of view."""
    return FEATURES_OF[state.rules.tuning or state.rules.name](state)


def _solo_race(state: State, start: dict, mid: dict, table: list[float], per_turn: float) -> tuple[float, float]:
    """(white's race, black's race) with the endgame tables for the two rearmost pieces."""
    water = state.rules.water_square
    out = []
    for x, squares in zip((WHITE, BLACK), _positions(state.board)):
        if not squares:
            out.append(0.0)
            continue
        solo = mid if (state.again and state.side == x) else start
        rear = tuple(squares[:2])
        r = per_turn * solo[rear]
        for sq in squares[2:]:
            r += table[sq] if sq != water else SOLO_WATER
        out.append(r)
    return out[0], out[1]


class Evaluator:
    """A callable giving white's win probability for a state (terminal states exact).

    ``solo`` (Expert) replaces the race of the last two pieces of every side by the
    solitaire endgame tables where the rule set has them.
    """

    def __init__(self, variant: str, weights: dict | None = None, solo: bool = False):
        variant = tuned_as(variant)
        self.variant = variant
        self.feat = FEATURES_OF[variant]
        w = dict(WEIGHTS[variant])
        if weights:
            w.update(weights)
        self.weights = w
        s = w["scale"]
        self.coef = tuple(w[f] / s for f in FEATURES)
        # Expert's Bell: entry, mobility, the goal claim (B5) weighed before it is made
        expert_feat = EXPERT_FEATURES.get(variant) if solo else None
        self.bell = expert_feat is not None
        if self.bell:
            self.feat = expert_feat
        self.solo = None
        if solo and variant in SOLO_RACE:
            from .endgame import turns

            start, mid = turns(variant)
            table, per_turn = SOLO_RACE[variant]
            self.solo = (start, mid, table, per_turn * w.get("solo", 1.0))
            self.feat = self._solo_features
        self.trap = TRAP.get(variant) if solo else None
        self.claims = GOAL_CLAIMS.get(variant)
        self.trap_weight = w.get("trap", 1.0)
        self.trap_later = w.get("trap_later", 0.5)

    def _solo_features(self, state: State) -> tuple[float, ...]:
        f = FEATURES_OF[self.variant](state)
        if f[5] == 1.0:  # a sure result already (kendall: the last piece on 30)
            return f
        rw, rb = _solo_race(state, *self.solo)
        if self.trap is not None:
            tw, tb = self.trap(state)
            # the side on throw meets the trap now, the other after its next turn
            if state.side == WHITE:
                tb *= self.trap_later
            else:
                tw *= self.trap_later
            rw += self.trap_weight * tw
            rb += self.trap_weight * tb
        return (rb - rw,) + f[1:5] + (sqrt(rw + rb + 10.0),) + f[6:]

    def __call__(self, state: State) -> float:
        v = settled_value(state)
        if v is not None:
            return v
        if self.bell:
            return self._bell_value(state)
        return self._value(self.feat(state))

    def _value(self, f: tuple) -> float:
        c = self.coef
        x = (c[0] * f[0] + c[1] * f[1] + c[2] * f[2] + c[3] * f[3] + c[4] * f[4]) / f[5]
        return sigmoid(x)

    def _bell_value(self, state: State) -> float:
        if state.odd is not None:
            return self._value(self.feat(state))
        p, fw, fb = self.claims(state)
        return p * self._value(fw) + (1 - p) * self._value(fb)


_CACHE: dict[tuple[str, bool], Evaluator] = {}


def evaluator(variant: str, expert: bool = False) -> Evaluator:
    """The shared evaluator of a rule set: Average's, or Expert's (``expert=True``)."""
    ev = _CACHE.get((variant, expert))
    if ev is None:
        ev = _CACHE[(variant, expert)] = Evaluator(variant, EXPERT_WEIGHTS.get(weighed_as(variant)) if expert else None,
                                                   solo=expert)
    return ev


def evaluate(state: State) -> float:
    """White's estimated win probability in ``state`` (a draw counts one half)."""
    return evaluator(state.rules.name)(state)
