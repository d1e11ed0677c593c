"""Measure Senet's own players on the review's error per decision, in each rule set: the
figures the review's scale of words is set from (senet.ai.review.SCALES, docs/review.md).

    nice -n 10 python tools/review_scale.py [--variants kendall ...] [--games 6]
        [--games-first 12] [--seed 1] [--players first novice expert]
        [--json] [--scale-from FILE ...]

Players: ``first`` always plays the first legal action (the first movable piece in the
engine's order; before a throw, the throw), as a new player who clicks the first piece
would; Novice, Average and the Expert (its default node budget, no time cap). Each of
first, Novice and the Expert plays Average (``--games`` games, ``--games-first`` for
first, the colours alternating, game seeds from ``--seed``); every game is reviewed at
the review's default budget and both sides are measured, so Average's figures pool all
its games. Error per decision: a side's equity lost over the decisions that mattered
(senet.ai.review.MATTERS), pooled over its games (sum of losses / sum of decisions);
beside it each game's own figure: the lowest, the median and the highest.
Prints a table per rule set and the scale each rule set gets by the rule of
``proposed_scale`` (below); nothing here is a test.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import senet  # noqa: E402
from senet.ai import get_player, play_out  # noqa: E402
from senet.ai.players import Player  # noqa: E402
from senet.ai.review import RATINGS, Reviewer  # noqa: E402
from senet.state import BLACK, WHITE  # noqa: E402
from senet.variants import VARIANTS  # noqa: E402

PLAYERS = ("first", "novice", "average", "expert")
FLOOR = 0.0001  # no bound below this: a tenth of a thousandth of a game a decision


class FirstMover(Player):
    """The first legal action, always: the first movable piece, or the throw."""

    level = "first"

    def choose(self, state):
        return state.legal_actions()[0]


def make(level: str, seed: int) -> Player:
    if level == "first":
        return FirstMover(seed)
    if level == "expert":
        return get_player("expert", seed=seed, time_cap=None)
    return get_player(level, seed=seed)


def measure(variant: str, games: int, games_first: int, seed: int, players=("first", "novice", "expert")) -> dict:
    """{player: [(counted decisions, equity lost over them)] one item a game}; ``players``:
    those that play Average (Average is measured in all their games)."""
    per = {p: [] for p in PLAYERS}
    for level, n in (("first", games_first), ("novice", games), ("expert", games)):
        if level not in players:
            continue
        for i in range(n):
            game_seed = seed * 1000 + i
            x, avg = make(level, game_seed), make("average", game_seed + 1)
            white, black = (x, avg) if i % 2 == 0 else (avg, x)
            game = senet.Game(variant, seed=game_seed)
            for _ in play_out(game, white, black):
                pass
            review = Reviewer(senet.Game.from_record(game.record_text())).run()
            for side, player in ((WHITE, white), (BLACK, black)):
                mine = [d["loss"] for d in review["decisions"] if d["side"] == side and d["matters"]]
                per[player.level].append((len(mine), sum(mine)))
    return per


def summary(items: list) -> dict:
    if not items:
        return {"games": 0, "counted": 0, "per_game_counted": 0, "mean_loss": None, "lowest": None,
                "median": None, "highest": None}
    counted = sum(n for n, _ in items)
    lost = sum(x for _, x in items)
    means = [x / n for n, x in items if n]
    return {
        "games": len(items), "counted": counted,
        "per_game_counted": round(counted / len(items), 1) if items else 0,
        "mean_loss": round(lost / counted, 4) if counted else None,
        "lowest": round(min(means), 4) if means else None,
        "median": round(statistics.median(means), 4) if means else None,
        "highest": round(max(means), 4) if means else None,
    }


def proposed_scale(s: dict) -> list:
    """The bounds of a rule set's scale from its players' pooled error per decision (F:
    the first-piece player, N: Novice, A: Average, E: the Expert; F_low: the first-piece
    player's best game): casual below F; intermediate below the lower of N and F/2;
    advanced below A; master below the midpoint of A and E, and below F_low/2; world
    class below the lower of A/3 and half of master's bound; flawless below a quarter of
    world class's. Each bound is at most the one above it and at least FLOOR."""
    f, n, a = s["first"]["mean_loss"], s["novice"]["mean_loss"], s["average"]["mean_loss"]
    e = s["expert"]["mean_loss"]
    f_low = s["first"]["lowest"]
    casual = f
    intermediate = min(n, f / 2)
    advanced = a
    master = min((a + e) / 2, f_low / 2)
    world = min(a / 3, master / 2)
    flawless = world / 4
    bounds = [max(FLOOR, b) for b in (flawless, world, master, advanced, intermediate, casual)]
    for i in range(len(bounds) - 2, -1, -1):
        bounds[i] = min(bounds[i], bounds[i + 1])
    names = [name for _, name in RATINGS]
    return [[round(b, 4), name] for b, name in zip(bounds, names)] + [[None, names[-1]]]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS, metavar="VARIANT")
    ap.add_argument("--games", type=int, default=6, help="games of Novice and of the Expert against Average")
    ap.add_argument("--games-first", type=int, default=12, help="games of the first-piece player against Average")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", nargs="+", default=["first", "novice", "expert"],
                    choices=("first", "novice", "expert"), help="who plays Average (default: all three)")
    ap.add_argument("--json", action="store_true", help="a line of JSON after each rule set")
    ap.add_argument("--scale-from", type=Path, nargs="+", metavar="FILE",
                    help="play nothing: the scales from the JSON lines of the FILEs (earlier runs' output; "
                         "for Average, the run with more of its games)")
    args = ap.parse_args(argv)
    if args.scale_from is not None:
        players = {}
        for path in args.scale_from:
            try:
                data = {}
                for line in path.read_text().splitlines():
                    if line.startswith("{"):
                        data.update(json.loads(line))
            except (OSError, ValueError) as exc:
                ap.error(f"cannot read a run's JSON from {path}: {exc}")
            for v, d in data.items():  # the players measured in each run, Average's from the run with most
                mine = players.setdefault(v, {})
                for p, x in d["players"].items():
                    if x["games"] and (p not in mine or p == "average" and x["games"] > mine[p]["games"]):
                        mine[p] = x
        for v, s in players.items():
            if all(p in s for p in PLAYERS):
                print(f"{v}: " + ", ".join(f"{name} < {b}" if b is not None else name
                                            for b, name in proposed_scale(s)))
            else:
                print(f"{v}: not every player measured ({', '.join(sorted(s))})")
        return 0
    if args.games < 1 or args.games_first < 1:
        ap.error("--games and --games-first must be at least 1")
    out = {}
    t0 = time.perf_counter()
    for v in args.variants:
        per = measure(v, args.games, args.games_first, args.seed, args.players)
        s = {p: summary(per[p]) for p in PLAYERS}
        out[v] = {"players": s, "scale": proposed_scale(s) if all(s[p]["games"] for p in PLAYERS) else None}
        print(f"{v}:")
        for p in PLAYERS:
            x = s[p]
            print(f"  {p:8} {x['games']:3} games, {x['per_game_counted']:5} decisions that mattered a game, "
                  f"error per decision {x['mean_loss']}  (games: lowest {x['lowest']}, median {x['median']}, "
                  f"highest {x['highest']})")
        if args.json:  # one line a rule set, as it comes: a long run stopped keeps what it measured
            print(json.dumps({v: out[v]}, sort_keys=True), flush=True)
        if out[v]["scale"]:
            print("  scale: " + ", ".join(f"{name} < {b}" if b is not None else name for b, name in out[v]["scale"]),
                  flush=True)
    print(f"{time.perf_counter() - t0:.0f} s wall clock, {time.process_time():.0f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
