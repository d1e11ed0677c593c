"""Benchmark of the Expert opponent: ``python -m senet.commands.ai_bench [--nodes N] [--positions K]``.

For every rule set it collects decision positions (two or more legal actions) from
seeded games between Average players, lets Expert choose in each, and prints the search
speed (nodes per second), the think time per decision (median, 90th percentile, max)
and the depth reached. A script that prints numbers, not a test: machines are noisy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from .. import VARIANTS
from ..ai import DEFAULT_NODES, get_player, play_out
from ..game import Game
from ..throws import MT19937


def positions(variant: str, count: int, seed: int) -> list:
    """Decision states met in games between Average players (a sample of them)."""
    rng = random.Random(seed)
    out: list = []
    game_seed = seed
    avg = get_player("average")
    while len(out) < count:
        game = Game(variant, seed=game_seed, throws=MT19937)  # the legacy generator: the results in docs/ stay reproducible
        game_seed += 1
        states = list(play_out(game, avg))
        out.extend(rng.sample(states, min(len(states), max(1, count // 4))))
    return out[:count]


def bench(variant: str, nodes: int, count: int, seed: int, time_cap: float | None) -> dict:
    expert = get_player("expert", nodes=nodes, time_cap=time_cap)
    times, depths, node_counts = [], [], []
    for s in positions(variant, count, seed):
        t0 = time.perf_counter()
        expert.choose(s)
        times.append(time.perf_counter() - t0)
        depths.append(expert.info.get("depth", 0))
        node_counts.append(expert.info.get("nodes", 0))
    times.sort()
    return {
        "variant": variant, "decisions": len(times),
        "nodes_per_s": sum(node_counts) / sum(times) if sum(times) else 0.0,
        "median_ms": 1000 * statistics.median(times),
        "p90_ms": 1000 * times[int(0.9 * (len(times) - 1))],
        "max_ms": 1000 * times[-1],
        "mean_depth": statistics.mean(depths),
        "mean_nodes": statistics.mean(node_counts),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m senet.commands.ai_bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="*", default=list(VARIANTS), choices=VARIANTS)
    ap.add_argument("--nodes", type=int, default=None, help="Expert node budget (default: per rule set, DEFAULT_NODES)")
    ap.add_argument("--positions", type=int, default=80, help="decisions per rule set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-cap", action="store_true", help="no wall-clock cap (pure node budget)")
    args = ap.parse_args(argv)
    cap = None if args.no_cap else get_player("expert").time_cap
    budget = args.nodes if args.nodes is not None else "default (" + ", ".join(f"{k} {v}" for k, v in DEFAULT_NODES.items()) + ")"
    print(f"Expert, node budget {budget}, time cap {cap} s, {args.positions} decisions per rule set "
          f"(Python {sys.version.split()[0]})")
    print(f"{'variant':9s} {'nodes/s':>8s} {'median ms':>10s} {'p90 ms':>8s} {'max ms':>8s} {'depth':>6s} {'nodes':>7s}")
    for v in args.variants:
        r = bench(v, args.nodes, args.positions, args.seed, cap)
        print(f"{v:9s} {r['nodes_per_s']:8.0f} {r['median_ms']:10.1f} {r['p90_ms']:8.1f} {r['max_ms']:8.1f} "
              f"{r['mean_depth']:6.2f} {r['mean_nodes']:7.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
