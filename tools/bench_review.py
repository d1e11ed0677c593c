#!/usr/bin/env python3
"""Benchmark the game review (senet.ai.review) in CPython: the time to review a typical game
of each rule set at the default node budget (or ``--nodes``).

    .venv/bin/python tools/bench_review.py [--games 2] [--nodes N] [--variant NAME ...] [--json]

A typical game: the Expert (2000 nodes a decision, no time cap) against itself, from
seed 100, 101, ...; making the games is not timed. Prints, per rule set, the record's
lines, the decisions, the seconds per game and per line. The browser figure (the
review in the worker) is tools/bench_browser.py --review. Nothing here is a test: the
figures go in docs/review.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import senet  # noqa: E402
from senet.ai import get_player, play_out  # noqa: E402
from senet.ai.review import DEFAULT_NODES, Reviewer  # noqa: E402

GAME_NODES = 2000  # the players' budget in the games reviewed


def typical_game(variant: str, seed: int) -> senet.Game:
    """An Expert-against-Expert game (2000 nodes a decision): the kind of game reviewed."""
    game = senet.Game(variant, seed=seed)
    white = get_player("expert", seed=1, nodes=GAME_NODES, time_cap=None)
    black = get_player("expert", seed=2, nodes=GAME_NODES, time_cap=None)
    for _ in play_out(game, white, black):
        pass
    return game


def bench(variant: str, games: int, nodes: int | None) -> dict:
    seconds, lines, decisions = [], [], []
    for g in range(games):
        record = typical_game(variant, 100 + g).record_text()
        game = senet.Game.from_record(record)
        t0 = time.perf_counter()
        review = Reviewer(game, nodes).run()
        seconds.append(time.perf_counter() - t0)
        lines.append(review["total"])
        decisions.append(sum(1 for d in review["decisions"] if d["class"] != "forced"))
    return {"variant": variant, "nodes": nodes or DEFAULT_NODES[variant], "games": games,
            "lines": lines, "decisions": decisions, "seconds": seconds,
            "ms_per_line": 1000 * sum(seconds) / max(1, sum(lines))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per rule set (default 2)")
    parser.add_argument("--nodes", type=int, default=None, help="node budget a search (default: the review's)")
    parser.add_argument("--variant", action="append", choices=senet.VARIANTS,
                        help="a rule set (repeat; default all)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = [bench(v, args.games, args.nodes) for v in (args.variant or senet.VARIANTS)]
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"CPython {sys.version.split()[0]}, {os.cpu_count()} cpus, load {load:.2f}")
    for r in results:
        print(f"{r['variant']:<9} {r['nodes']:>6} nodes: median {statistics.median(r['seconds']):6.1f} s a game "
              f"({', '.join(f'{s:.1f}' for s in r['seconds'])} s; lines {', '.join(map(str, r['lines']))}; "
              f"decisions {', '.join(map(str, r['decisions']))}), {r['ms_per_line']:.0f} ms a line")
    return 0


if __name__ == "__main__":
    sys.exit(main())
