"""Fit the evaluation's weights to game outcomes: how well calibrated is it?

    python tools/fit_evaluation.py --variant kendall [--games 300] [--seed 11] [--average]

Plays games between Average and Novice players (a mix, for varied positions), takes
every third decision position, computes the evaluation's terms there (Expert's, or
Average's with --average) and the final result, and fits a logistic regression
(Newton's method, standard library only):

    P(white wins) = sigmoid(sum(w_i * term_i) / sqrt(race still to run + 10))

It prints the mean log-likelihood of the weights in use, of the best single rescaling
of them, and of the fitted weights, with the fitted weights written as the ``WEIGHTS``
entries of senet/ai/evaluate.py (race = 1, and the scale). A coin flip scores -0.693
(log 1/2); the closer to 0 the better. This is how Expert's calibrated scales in
``EXPERT_WEIGHTS`` were found. Not run by the tests (it takes a minute or two).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from senet import turns
from senet.ai import get_player
from senet.ai.evaluate import FEATURES, evaluator
from senet.game import Game
from senet.state import WHITE
from senet.throws import MT19937

N = len(FEATURES)


def collect(variant: str, games: int, seed: int, feat, every: int = 3) -> list[tuple[tuple, float]]:
    """(terms, white's result) for every ``every``-th decision of ``games`` games."""
    rows = []
    for g in range(games):
        game = Game(variant, seed=seed * 1000 + g, throws=MT19937)  # the legacy generator: the results in docs/ stay reproducible
        rng = random.Random(f"{seed}|{g}")
        players = {c: get_player(rng.choice(("average", "average", "novice")), seed=g) for c in "wb"}
        samples = []
        k = 0
        while True:
            kind, action = turns.game_step(game)
            if kind == turns.OVER:
                break
            if kind == turns.CHANCE:
                game.throw()
                continue
            s = game.state
            if s.throw is not None:  # every state with a pending throw, forced or not
                k += 1
                if k % every == 0:
                    samples.append(feat(s))
            game.apply(action if kind == turns.FORCED else players[s.side].choose(s))
        y = 0.5 if game.result == "draw" else 1.0 if game.result == WHITE else 0.0
        # a sure result (Kendall's last piece on 30) says nothing about the weights
        rows += [(f[:6], y) for f in samples if f[5] != 1.0]
    return rows


def log_likelihood(rows, w) -> float:
    total = 0.0
    for f, y in rows:
        x = max(-30.0, min(30.0, sum(w[i] * f[i] for i in range(N)) / f[5]))
        p = 1.0 / (1.0 + math.exp(-x))
        total += y * math.log(p + 1e-12) + (1 - y) * math.log(1 - p + 1e-12)
    return total / len(rows)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [a[i][:] + [b[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [m[r][k] - f * m[c][k] for k in range(n + 1)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows, iterations: int = 30) -> list[float]:
    """Maximum-likelihood weights (Newton's method from zero, a tiny ridge for terms
    that never vary in a rule set)."""
    w = [0.0] * N
    for _ in range(iterations):
        g = [0.0] * N
        h = [[1e-6 if i == j else 0.0 for j in range(N)] for i in range(N)]
        for f, y in rows:
            z = [f[i] / f[5] for i in range(N)]
            x = max(-30.0, min(30.0, sum(w[i] * z[i] for i in range(N))))
            p = 1.0 / (1.0 + math.exp(-x))
            for i in range(N):
                g[i] += (y - p) * z[i]
                for j in range(N):
                    h[i][j] += p * (1 - p) * z[i] * z[j]
        step = _solve(h, g)
        w = [w[i] + step[i] for i in range(N)]
        if max(abs(d) for d in step) < 1e-5:
            break
    return w


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--average", action="store_true", help="fit Average's evaluation instead of Expert's")
    args = ap.parse_args(argv)
    ev = evaluator(args.variant, expert=not args.average)
    # Bell: Expert mixes the two possible goal claims before anyone reaches square 1;
    # the fit sees the plain terms (no goals yet) there, as Average does.
    rows = collect(args.variant, args.games, args.seed, ev.feat)
    in_use = list(ev.coef)
    print(f"{args.variant}: {len(rows)} positions from {args.games} games")
    print(f"  weights in use      log-likelihood {log_likelihood(rows, in_use):.4f}")
    factors = (1, 1.5, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15)
    best = max(factors, key=lambda k: log_likelihood(rows, [c / k for c in in_use]))
    print(f"  scale x{best:<4}          log-likelihood {log_likelihood(rows, [c / best for c in in_use]):.4f}"
          f"  (scale {ev.weights['scale'] * best:.2f})")
    w = fit(rows)
    print(f"  fitted              log-likelihood {log_likelihood(rows, w):.4f}")
    if w[0] > 0:
        weights = {f: round(w[i] / w[0], 3) for i, f in enumerate(FEATURES)}
        weights["scale"] = round(1 / w[0], 3)
        print(f"  fitted as WEIGHTS   {weights}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
