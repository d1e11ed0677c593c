"""How much can a better player gain in the race alone? A report for Jéquier and Havens.

    python tools/race_ceiling.py [--variant jequier havens] [--races 40000] [--seed 3]
                                 [--pieces 5]

A side that plays alone (the opponent's pieces out of the way, as in the endgame tables
of senet.ai.endgame) still has choices: which piece to move, when to bear off, how to
avoid the landings on 27 (J8, V6) and the backward moves (J6, V4). This tool solves
that solitaire exactly, for every position of up to ``--pieces`` pieces:

1. it builds, with the engine, the positions of 1..N white pieces on the squares where a
   piece can rest, each at the start of a turn or on an extra throw, and for each throw
   the positions every legal action leads to;
2. by value iteration, the best policy: the fewest expected turns to bear off all;
3. the expected turns of two other policies in the same positions: Average's choice
   (its evaluation, one throw ahead) and the same choice with Expert's hand-made
   evaluation;
4. ``--races`` simulated races from the start (white on 1, 3, 5, ...) between two
   policies, each side alone, the first to bear off all winning, each moving first in
   half of them.

The best policy's score against Average's in that race is a ceiling on what better
racing alone can win against Average: the rest must come from the fight between the
sides (swaps, protection, blockades, pushing the opponent onto 27). docs/opponents.md
gives the numbers. Standard library only; a full rule set (5 pieces, about 245 000
positions) takes some 20 minutes of one core, mostly in the engine's move generation.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from bisect import bisect_left, bisect_right
from itertools import combinations
from pathlib import Path
from statistics import fmean, pstdev

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from senet.ai.endgame import own_squares, solo_state
from senet.ai.evaluate import evaluator
from senet.ai.players import Average
from senet.throws import OUT_OF
from senet.turns import after_throw
from senet.variants import get_rules

VARIANTS = ("jequier", "havens")
POLICIES = ("best", "average", "expert")
PAIRS = (("best", "average"), ("best", "expert"), ("expert", "average"))  # the races reported
DONE = -1  # the index of "all pieces borne off"


class Solitaire:
    """The positions of one side alone, their transitions, and three policies."""

    def __init__(self, variant: str, pieces: int | None = None):
        rules = get_rules(variant)
        self.variant = variant
        self.pieces = pieces or rules.pieces
        if not 1 <= self.pieces <= rules.pieces:
            raise ValueError(f"{variant} has {rules.pieces} pieces a side")
        self.total = rules.pieces
        self.probs = [w / OUT_OF for _, w in rules.outcomes]
        rest = [s for s in range(1, 31) if s not in rules.transit_squares]
        keys = [k for n in range(1, self.pieces + 1) for k in combinations(rest, n)]
        self.index = {}
        for k in keys:
            for again in (0, 1):
                self.index[(k, again)] = len(self.index)
        self.cost = [0.0 if again else 1.0 for (_, again) in self.index]  # a new turn costs 1
        # nexts[i][t]: the positions the legal actions lead to; chosen[policy][i][t]
        self.nexts: list = []
        self.chosen = {"average": [], "expert": []}
        self._build(rules)
        self.start_squares = tuple(range(1, 2 * self.pieces, 2))  # white's squares at the start
        self.start = self.index[(self.start_squares, 0)]

    def _build(self, rules) -> None:
        average = Average()
        expert_eval = evaluator(self.variant, expert=True)
        for key, again in self.index:
            st = solo_state(self.variant, key, bool(again), self.total)
            row, by_average, by_expert = [], [], []
            for t, _ in rules.outcomes:
                thrown = after_throw(st, t)
                moves = thrown.legal_actions()  # PASS when nothing else: the turn is lost
                outs, values = [], []
                for m in moves:
                    nx = thrown.apply(m)
                    k2 = own_squares(nx)
                    outs.append(self.index[(k2, 1 if nx.side == "w" else 0)] if k2 else DONE)
                    values.append(expert_eval(nx))  # white's win probability: white maximises
                row.append(outs)
                by_average.append(moves.index(average.choose(thrown)))
                by_expert.append(max(range(len(values)), key=values.__getitem__))
            self.nexts.append(row)
            self.chosen["average"].append(by_average)
            self.chosen["expert"].append(by_expert)

    def _iterate(self, rows: list, tolerance: float) -> list[float]:
        """Value iteration in place: per position, a turn's cost plus, for each throw, the
        fewest expected turns among ``rows[i][t]`` (the positions the choices lead to)."""
        values = [0.0] * len(self.index) + [0.0]  # values[DONE] is the last entry: 0
        probs, cost = self.probs, self.cost
        change = tolerance + 1
        while change > tolerance:
            change = 0.0
            for i, row in enumerate(rows):
                v = cost[i]
                for p, outs in zip(probs, row):
                    v += p * min(values[j] for j in outs)
                d = abs(v - values[i])
                if d > change:
                    change = d
                values[i] = v
        return values

    def best_policy(self, tolerance: float = 1e-6) -> tuple[list[float], list[list[int]]]:
        """The expected turns of the best policy, per position, and its choices."""
        values = self._iterate(self.nexts, tolerance)
        choices = [[min(range(len(outs)), key=lambda q, o=outs: values[o[q]]) for outs in row]
                   for row in self.nexts]
        return values, choices

    def follow(self, choices: list[list[int]]) -> list[list[int]]:
        """For a policy: the position each throw leads to, per position."""
        return [[outs[c] for outs, c in zip(row, pick)] for row, pick in zip(self.nexts, choices)]

    def expected_turns(self, choices: list[list[int]], tolerance: float = 1e-6) -> list[float]:
        """The expected turns of a policy, per position."""
        return self._iterate([[[j] for j in to] for to in self.follow(choices)], tolerance)

    def race_lengths(self, choices: list[list[int]], races: int, rng: random.Random) -> list[int]:
        """The turns a policy needs from the start in ``races`` simulated games alone."""
        step = self.follow(choices)
        cum, acc = [], 0.0
        for p in self.probs:
            acc += p
            cum.append(acc)
        last = len(cum) - 1
        cost = self.cost
        out = []
        for _ in range(races):
            i, turns = self.start, 0
            while i != DONE:
                if cost[i]:
                    turns += 1
                r = rng.random()
                t = next((n for n, c in enumerate(cum) if r < c), last)
                i = step[i][t]
            out.append(turns)
        return out


def race_score(a: list[int], b: list[int]) -> float:
    """A's share of races against B: moving first A wins ties, moving second it does not."""
    b_sorted = sorted(b)
    n = len(b_sorted)
    first = sum(n - bisect_left(b_sorted, x) for x in a)  # Tb >= Ta
    second = sum(n - bisect_right(b_sorted, x) for x in a)  # Tb > Ta
    return (first + second) / (2 * len(a) * n)


def report(variant: str, races: int, seed: int, pieces: int | None = None) -> dict:
    t0 = time.perf_counter()
    game = Solitaire(variant, pieces)
    values, best = game.best_policy()
    policies = {"best": best, **game.chosen}
    turns = {name: (values if name == "best" else game.expected_turns(ch))[game.start]
             for name, ch in policies.items()}
    rng = random.Random(f"{seed}|{variant}|{game.pieces}")
    lengths = {name: game.race_lengths(ch, races, rng) for name, ch in policies.items()}
    scores = {(a, b): race_score(lengths[a], lengths[b]) for a, b in PAIRS}
    start = " ".join(str(s) for s in game.start_squares)
    pieces = f"{game.pieces} piece" + ("s" if game.pieces > 1 else "")
    print(f"{variant}: one side alone, {pieces} from {start}, "
          f"{len(game.index)} positions ({time.perf_counter() - t0:.0f} s)")
    print("  expected turns to bear off all: " + ", ".join(
        f"{name} {turns[name]:.2f}" for name in POLICIES))
    for name in POLICIES:
        ls = lengths[name]
        print(f"  {name}: {races} races alone, {fmean(ls):.1f} turns on average, sd {pstdev(ls):.1f}")
    for a, b in PAIRS:
        print(f"  race, {a} against {b}: {scores[(a, b)]:.3f}")
    return {"turns": turns, "scores": scores, "positions": len(game.index)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    ap.add_argument("--races", type=int, default=40000)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--pieces", type=int, default=None,
                    help="pieces on the board at the start (the rest borne off); default all")
    args = ap.parse_args(argv)
    for variant in args.variant:
        try:
            report(variant, args.races, args.seed, args.pieces)
        except ValueError as e:
            ap.error(str(e))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
