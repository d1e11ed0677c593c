"""Developer tool: calibrate Expert's evaluation on self-play games (not used at run time).

    python -m senet.ai.tune --variant kendall --games 4000 --seed 1 [--jobs 2] [--out FILE]

Plays games between Average players that pick a random action now and then (for
variety), records the positions after each action with the final result, and fits a
logistic regression of the result on the hand-made terms (race, bump threats, tempo,
variant extras) plus a per-square correction of the race table ("piece-square" counts,
white minus black, with the supply as square 0), all divided by the square root of the
race still to run exactly as in senet.ai.evaluate. L2 regularisation keeps the
corrections small. It prints the coefficients in the form of senet/ai/weights.py and the
log-loss of the hand-made and the fitted evaluation on held-out games.

Needs numpy (a development dependency only; the engine and the opponents do not).
"""

from __future__ import annotations

import argparse
import math
import random
import sys

from ..game import Game
from .evaluate import FEATURES, _sigmoid, evaluator
from .players import Average

SAMPLE = 0.35  # share of positions kept (neighbouring positions are much alike)


def play_records(args):
    """Positions (as feature rows) and white's score of one self-play game."""
    variant, seed, epsilon = args
    rng = random.Random(seed * 7919 + 1)
    game = Game(variant, seed=seed)
    player = Average(seed)
    states = []
    while not game.over:
        s = game.state
        if s.opening:
            game.throw()
            continue
        if s.throw is None:
            pre = s.pre_throw_actions()
            if pre:
                m = rng.choice(pre + [None]) if rng.random() < epsilon else player.choose_pre_throw(s)
                if m is not None:
                    game.play(m)
                    if rng.random() < SAMPLE and not game.state.is_terminal:
                        states.append(game.state)
                    continue
            game.throw()
            continue
        moves = s.legal_actions()
        m = rng.choice(moves) if rng.random() < epsilon else player.choose(s)
        game.play(m)
        if rng.random() < SAMPLE and not game.state.is_terminal:
            states.append(game.state)
    r = game.result
    y = 1.0 if r == "w" else 0.0 if r == "b" else 0.5
    return [row(s) for s in states], y


EXPERT = False


def row(state) -> list[float]:
    f = evaluator(state.rules.name, expert=EXPERT).feat(state)
    denom = f[5]
    counts = [0.0] * 31  # square 0 = supply
    for i, c in enumerate(state.board):
        if c == "w":
            counts[i + 1] += 1.0
        elif c == "b":
            counts[i + 1] -= 1.0
    counts[0] = float(state.supply[0] - state.supply[1])
    hand = list(f[:5])
    risks = list(f[6:8]) if len(f) > 6 else [0.0, 0.0]
    return [x / denom for x in hand] + [x / denom for x in counts] + risks


def fit(X, y, l2_hand=1e-3, l2_table=5.0, iters=30):
    import numpy as np

    n, d = X.shape
    w = np.zeros(d)
    reg = np.full(d, l2_table)
    reg[:5] = l2_hand
    for _ in range(iters):
        z = X @ w
        p = 1.0 / (1.0 + np.exp(-z))
        g = X.T @ (p - y) + reg * w
        h = (X * (p * (1 - p))[:, None]).T @ X + np.diag(reg)
        step = np.linalg.solve(h, g)
        w -= step
        if np.max(np.abs(step)) < 1e-6:
            break
    return w


def logloss(p, y):
    eps = 1e-9
    return -sum(yi * math.log(max(pi, eps)) + (1 - yi) * math.log(max(1 - pi, eps)) for pi, yi in zip(p, y)) / len(y)


def main(argv=None) -> int:
    import numpy as np

    ap = argparse.ArgumentParser(prog="python -m senet.ai.tune")
    ap.add_argument("--variant", required=True)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--epsilon", type=float, default=0.1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--l2", type=float, default=5.0)
    ap.add_argument("--expert", action="store_true", help="fit Expert's evaluation (endgame tables)")
    args = ap.parse_args(argv)
    global EXPERT
    EXPERT = args.expert
    tasks = [(args.variant, args.seed * 1000003 + i, args.epsilon) for i in range(args.games)]
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            games = pool.map(play_records, tasks, chunksize=8)
    else:
        games = [play_records(t) for t in tasks]
    split = int(len(games) * 0.8)
    train = [(r, y) for rows, y in games[:split] for r in rows]
    test = [(r, y) for rows, y in games[split:] for r in rows]
    Xtr = np.array([r for r, _ in train])
    ytr = np.array([y for _, y in train])
    Xte = np.array([r for r, _ in test])
    yte = np.array([y for _, y in test])
    ev = evaluator(args.variant, expert=args.expert)
    coef = np.array(ev.coef)
    # hand-made evaluation on the test set
    ph = [_sigmoid(float(np.dot(coef, x[:5]))) for x in Xte]
    mixed = args.variant == "bell"
    d = Xtr.shape[1] - (0 if mixed else 2)
    w = fit(Xtr[:, :d], ytr, l2_table=args.l2)
    pf = 1.0 / (1.0 + np.exp(-(Xte[:, :d] @ w)))
    print(f"# {args.variant}: {len(train)} training and {len(test)} test positions "
          f"from {args.games} games", file=sys.stderr)
    print(f"# log-loss on held-out games: hand {logloss(ph, yte):.4f}, fitted {logloss(list(pf), list(yte)):.4f}, "
          f"constant {logloss([float(ytr.mean())] * len(yte), list(yte)):.4f}", file=sys.stderr)
    print(f'    "{args.variant}": {{')
    print(f'        "coef": ({", ".join(f"{x:.4f}" for x in w[:5])}),  # {", ".join(FEATURES)}')
    print(f'        "table": ({", ".join(f"{x:.3f}" for x in w[5:36])}),')
    print("    },")
    return 0


if __name__ == "__main__":
    sys.exit(main())
