"""Engine benchmark: ``python -m senet.commands.bench [--seconds S]``.

Prints, for every rule set, action steps per second (list the legal actions of a state
with a pending throw and apply one of them) and random games per second, in this Python;
then the time to replay the record of a 10,000-action Jéquier game (``--replay`` alone:
only that line), which is linear in the record's length.
A script that prints numbers, not a test: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from .. import VARIANTS, start
from ..game import MAX_ACTIONS, Game
from ..state import other
from ..throws import OUT_OF


def random_game(variant: str, rng: random.Random) -> int:
    state = start(variant)
    values = state.rules.throw_values
    weights = [w / OUT_OF for _, w in state.chance_outcomes()]
    steps = 0
    while not state.is_terminal and steps < 20000:
        if state.throw is None:
            if not state.is_chance:  # THROW or RESCUE
                state = state.apply(state.legal_actions()[rng.random() < 0.5])
                continue
            state = state.apply(rng.choices(values, weights)[0])
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
                if not state.is_chance:  # THROW or RESCUE: throw
                    state = state.apply(state.legal_actions()[0])
                state = state.apply(rng.choice(state.rules.throw_values))
                continue
            pool.append(state.position())
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
    from ..notation import parse_position

    states = [parse_position(p) for p in pool]
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for s in states:
            fresh = s._replace()  # no cached move list
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


def long_record(seed: int = 9) -> str:
    """The record of a Jéquier game that runs into the C6 safeguard (MAX_ACTIONS = 10,000
    actions): both sides hit whenever they can and never bear off while they have
    another move. Deterministic: the sha256 throws of ``seed`` and no other chance."""
    game = Game("jequier", seed=seed, throws="sha256")
    while not game.over:
        state = game.state
        if state.throw is None:
            game.throw()  # jequier: no choice before a throw
            continue
        actions = state.legal_actions()
        opponent = other(state.side)
        hits = [a for a in actions if 0 < a.dst <= 30 and state.board[a.dst - 1] == opponent]
        stay = hits or [a for a in actions if a.dst <= 30] or actions
        game.play(stay[len(game.entries) % len(stay)])
    return game.record_text()


def bench_replay(repeat: int = 3) -> tuple[int, float]:
    """(actions, best seconds of ``repeat``) to replay long_record() with Game.from_record."""
    text = long_record()
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        game = Game.from_record(text)
        elapsed = time.perf_counter() - t0
        best = elapsed if best is None else min(best, elapsed)
    return game.actions, best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m senet.commands.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    parser.add_argument("--variant", choices=VARIANTS, action="append", help="only these rule sets")
    parser.add_argument("--replay", action="store_true", help="only the replay of the long Jéquier record")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]} ({sys.implementation.name})")
    if not args.replay:
        _bench_rule_sets(args)
    actions, seconds = bench_replay()
    assert actions == MAX_ACTIONS, actions
    print(f"replay of a {actions:,}-action jequier record: {seconds:.3f} s (best of 3)")
    return 0


def _bench_rule_sets(args) -> None:
    print(f"{'variant':<10} {'steps/s':>10} {'games/s':>9} {'actions/game':>13}")
    for variant in args.variant or VARIANTS:
        steps, games, length = bench_variant(variant, args.seconds)
        print(f"{variant:<10} {steps:>10,.0f} {games:>9.1f} {length:>13.0f}")


if __name__ == "__main__":
    raise SystemExit(main())
