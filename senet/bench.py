"""Engine benchmark: ``python -m senet.bench [--seconds S]``.

Prints, for every rule set, action steps per second (list the legal actions of a state
with a pending throw and apply one of them) and random games per second, in this Python.
A script that prints numbers, not a test: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from . import VARIANTS, start
from .throws import OUT_OF


def random_game(variant: str, rng: random.Random) -> int:
    state = start(variant)
    values = state.rules.throw_values
    weights = [w / OUT_OF for _, w in state.chance_outcomes()]
    steps = 0
    while not state.is_terminal and steps < 20000:
        if state.throw is None:
            pre = state.pre_throw_actions()
            if pre and rng.random() < 0.5:
                state = state.apply(pre[0])
                continue
            state = state.with_throw(rng.choices(values, weights)[0])
            continue
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return steps


def bench_variant(variant: str, seconds: float, seed: int = 1) -> tuple[float, float, float]:
    rng = random.Random(seed)
    # a pool of states with pending throws, taken from random games
    pool = []
    while len(pool) < 2000:
        state = start(variant)
        while not state.is_terminal and len(pool) < 2000:
            if state.throw is None:
                state = state.with_throw(rng.choice(state.rules.throw_values))
                continue
            pool.append(state.position())
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
    from .notation import parse_position

    states = [parse_position(p) for p in pool]
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for s in states:
            fresh = s.replace()  # no cached move list
            actions = fresh.legal_actions()
            fresh.apply(actions[steps % len(actions)])
            steps += 1
    steps_per_s = steps / (time.perf_counter() - t0)
    games = total_steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        total_steps += random_game(variant, rng)
        games += 1
    elapsed = time.perf_counter() - t0
    return steps_per_s, games / elapsed, total_steps / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m senet.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    parser.add_argument("--variant", choices=VARIANTS, action="append", help="only these rule sets")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} ({sys.implementation.name})")
    print(f"{'variant':<10} {'steps/s':>10} {'games/s':>9} {'actions/game':>13}")
    for variant in args.variant or VARIANTS:
        steps, games, length = bench_variant(variant, args.seconds)
        print(f"{variant:<10} {steps:>10,.0f} {games:>9.1f} {length:>13.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
