"""Each level against exact play: ``python -m senet.commands.yardstick [--decisions N]
[--seed S] [--variants NAME ...] [--nodes N] [--json]``.

For every rule set it plays seeded games between two Average players, keeps the
decisions that fall in the exact endgame tables (senet.ai.exact) and are not forced
(GNU Backgammon's "unforced": the options do not all have the same exact value), asks
each level to choose in each, and prints the equity each level loses a decision
against exact play: the exact chance of the best option less that of the option
chosen, averaged over the decisions (equity as in the review: the chance to win, a
draw counting one half). The same decisions for every level. The Expert is measured
with its search alone (``tables=False``): with the tables it loses nothing there, by
construction. Its node budget is its default (senet.ai.tuning.DEFAULT_NODES) without
the wall-clock cap, so the figures depend on nothing but the seed. docs/opponents.md
has the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from ..ai import exact, get_player
from ..ai.players import play_out
from ..ai.review import rating
from ..game import Game
from ..throws import MT19937
from ..variants import VARIANTS, get_rules

LEVELS = ("novice", "average", "expert")
EQUAL = 1e-9  # options within this of one another count as one (a forced decision)


def decisions(variant: str, count: int, seed: int) -> list:
    """Unforced decisions in the tables, from seeded games between two Average players,
    with their exact rankings: [(state, {action: p})]."""
    out = []
    average = get_player("average", seed=seed)
    game_seed = seed * 100003
    while len(out) < count:
        game = Game(variant, seed=game_seed, throws=MT19937)
        game_seed += 1
        for state in play_out(game, average):
            if not exact.covers(state):
                continue
            ranked = exact.analyse(state)
            if ranked is None or ranked[0][1] - ranked[-1][1] <= EQUAL:
                continue
            out.append((state, dict(ranked)))
            if len(out) == count:
                break
    return out


def measure(variant: str, count: int, seed: int, nodes: int | None) -> dict:
    sample = decisions(variant, count, seed)
    players = {
        "novice": get_player("novice", seed=seed),
        "average": get_player("average", seed=seed),
        "expert": get_player("expert", seed=seed, time_cap=None, tables=False,
                             **({"nodes": nodes} if nodes else {})),
    }
    row = {"variant": variant, "decisions": len(sample), "seed": seed}
    for level, player in players.items():
        t0 = time.process_time()
        losses = []
        for state, values in sample:
            best = max(values.values())
            losses.append(best - values[player.choose(state)])
        n = len(losses)
        mean = sum(losses) / n if n else 0.0
        sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (n - 1)) if n > 1 else 0.0
        row[level] = {
            "error": round(mean, 5), "se": round(sd / math.sqrt(n), 5) if n else 0.0,
            "best_share": round(sum(1 for x in losses if x <= EQUAL) / n, 3) if n else 0.0,
            "rating": rating(mean), "cpu_s": round(time.process_time() - t0, 1),
        }
    return row


def _variant(name: str) -> str:
    return get_rules(name).name


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m senet.commands.yardstick", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="*", type=_variant, default=list(VARIANTS),
                    help="rule sets (kendall may add house rules: kendall+trap+homerow)")
    ap.add_argument("--decisions", type=int, default=400, help="unforced decisions per rule set")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=None, help="the Expert's node budget (default: its own)")
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    args = ap.parse_args(argv)
    if args.decisions < 1:
        ap.error("--decisions must be at least 1")
    print(f"equity lost a decision against exact play (the endgame tables), {args.decisions} unforced "
          f"decisions a rule set from games between two Average players, seed {args.seed}; "
          "the Expert by its search alone")
    print(f"{'rule set':22s} {'decisions':>9s}  " + "  ".join(f"{lv:>24s}" for lv in LEVELS))
    rows = []
    for v in args.variants:
        row = measure(v, args.decisions, args.seed, args.nodes)
        rows.append(row)
        cells = "  ".join(f"{row[lv]['error']:.4f} ±{row[lv]['se']:.4f} {row[lv]['rating']:>12s}" for lv in LEVELS)
        print(f"{v:22s} {row['decisions']:>9d}  {cells}", flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
