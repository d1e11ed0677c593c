"""Play computer opponents against each other and report the result.

    python -m senet.commands.arena --variant kendall --a expert --b average --games 400 --seed 1 \\
        [--jobs 2] [--json] [--a-nodes N] [--b-nodes N] [--a-depth D] [--b-depth D]

Games come in pairs with the same seed (the same throw sequence), A taking white in one
and black in the other, so the sides swap colours and who starts. In Jequier and Havens,
where the colour draw decides the colours, A sits in the first seat in one game of the
pair and in the second in the other. Forced actions (a single legal action, a pass) are
played without asking the players; think time is measured per real decision. A draw
counts one half. The 95% interval is mean +- 1.96 standard errors of the per-game score.
Expert plays at its node budget without the wall-clock cap (unless --time-cap is
given), so that the results are reproducible on a busy machine; think times are wall
clock and do depend on the load.
With ``--json`` the last line of the output is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time

from .. import turns
from ..ai import LEVELS, get_player
from ..errors import SenetError
from ..game import MAX_ACTIONS, Game
from ..state import BLACK, WHITE
from ..throws import MT19937
from ..variants import VARIANTS, get_rules
from ..words import words
from ..words.game import draw_text


def play_game(variant: str, level_a: str, level_b: str, game_seed: int, a_first: bool,
              budget_a: dict | None = None, budget_b: dict | None = None, players: tuple | None = None) -> dict:
    """One game; A is white (or the first seat) when ``a_first``. Returns a summary.
    ``players``: A and B made by the caller (tools/best_response.py), else by level."""
    game = Game(variant, seed=game_seed, throws=MT19937)  # the legacy generator: the results in docs/ stay reproducible
    if players is not None:
        a, b = players
    else:
        a = get_player(level_a, seed=game_seed, **(budget_a or {}))
        b = get_player(level_b, seed=game_seed + 1, **(budget_b or {}))
    think = {"a": [], "b": []}

    def seated() -> dict:
        """colour -> player, once the colours are known (after the colour draw: seat 1
        is A when a_first)."""
        seat1, seat2 = game.seat_colours[1], game.seat_colours[2]
        return {seat1: a, seat2: b} if a_first else {seat1: b, seat2: a}

    def choose(s):
        player = seated()[s.side]
        t0 = time.perf_counter()
        move = player.choose(s)
        think["a" if player is a else "b"].append(time.perf_counter() - t0)
        return move

    turns.play(game, choose)
    players = seated()
    result = game.result
    a_colour = next(c for c, p in players.items() if p is a)
    if result == "draw":
        score = 0.5
    else:
        score = 1.0 if result == a_colour else 0.0
    return {
        "seed": game_seed, "a_colour": a_colour, "result": result, "score": score,
        "actions": game.actions, "think_a": think["a"], "think_b": think["b"],
        "draw_reason": game.draw_reason,
    }


def _job(args):
    return args[0], play_game(*args[1:])


def game_plan(games: int, seed: int) -> list[tuple[int, int, bool]]:
    """(index, game seed, whether A plays first) of each game of a run: the colours swap
    in pairs on the same throws. tools/best_response.py plays the same games."""
    return [(i, seed * 100003 + i // 2, i % 2 == 0) for i in range(games)]


def play_all(job, tasks: list, jobs: int = 1, progress: bool = True) -> tuple[list, float]:
    """Run ``job`` (a top-level function: task -> (index, result)) on every task, in
    ``jobs`` processes; returns the results in the tasks' order and the seconds taken."""
    results: list = [None] * len(tasks)
    t0 = time.perf_counter()
    bar = _Progress(len(tasks)) if progress else None
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for i, res in pool.imap_unordered(job, tasks):
                results[i] = res
                if bar:
                    bar.step(res)
    else:
        for task in tasks:
            i, res = job(task)
            results[i] = res
            if bar:
                bar.step(res)
    if bar:
        bar.done()
    return results, time.perf_counter() - t0


def run(variant: str, level_a: str, level_b: str, games: int, seed: int, jobs: int = 1,
        budget_a: dict | None = None, budget_b: dict | None = None, progress: bool = True) -> dict:
    tasks = [(i, variant, level_a, level_b, game_seed, a_first, budget_a, budget_b)
             for i, game_seed, a_first in game_plan(games, seed)]
    results, elapsed = play_all(_job, tasks, jobs, progress)
    return summarise(variant, level_a, level_b, seed, results, elapsed)


def summarise(variant, level_a, level_b, seed, results, elapsed) -> dict:
    n = len(results)
    scores = [r["score"] for r in results]
    wins_a = sum(1 for s in scores if s == 1.0)
    wins_b = sum(1 for s in scores if s == 0.0)
    draws = n - wins_a - wins_b
    mean = sum(scores) / n if n else 0.0
    sd = statistics.pstdev(scores) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    think_a = [t for r in results for t in r["think_a"]]
    think_b = [t for r in results for t in r["think_b"]]

    def ms(values, f):
        return round(1000 * f(values), 2) if values else 0.0

    draw_reasons: dict = {}
    for r in results:
        if r["result"] == "draw":
            draw_reasons[r["draw_reason"]] = draw_reasons.get(r["draw_reason"], 0) + 1
    return {
        "variant": variant, "a": level_a, "b": level_b, "games": n, "seed": seed,
        "wins_a": wins_a, "wins_b": wins_b, "draws": draws,
        "win_rate_a": round(mean, 4),
        "ci95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
        "win_rate_a_as_white": _rate([r for r in results if r["a_colour"] == WHITE]),
        "win_rate_a_as_black": _rate([r for r in results if r["a_colour"] == BLACK]),
        "avg_actions": round(sum(r["actions"] for r in results) / n, 1) if n else 0.0,
        "decisions_a": len(think_a), "decisions_b": len(think_b),
        "think_median_ms_a": ms(think_a, statistics.median), "think_max_ms_a": ms(think_a, max),
        "think_median_ms_b": ms(think_b, statistics.median), "think_max_ms_b": ms(think_b, max),
        "draw_reasons": draw_reasons,
        "seconds": round(elapsed, 1),
    }


def _rate(results) -> float | None:
    if not results:
        return None
    return round(sum(r["score"] for r in results) / len(results), 4)


class _Progress:
    """A progress bar on stderr (a line every 10% when stderr is not a terminal)."""

    def __init__(self, total: int):
        self.total = total
        self.count = 0
        self.score = 0.0
        self.t0 = time.perf_counter()
        self.tty = sys.stderr.isatty()
        self.last_tenth = -1

    def step(self, res: dict) -> None:
        self.count += 1
        self.score += res["score"]
        n, total = self.count, self.total
        elapsed = time.perf_counter() - self.t0
        eta = elapsed / n * (total - n)
        width = 30
        filled = width * n // total
        line = (f"[{'#' * filled}{'.' * (width - filled)}] {n}/{total} games, "
                f"A scores {self.score / n:.3f}, {elapsed:.0f}s elapsed, ~{eta:.0f}s left")
        if self.tty:
            sys.stderr.write("\r" + line)
            sys.stderr.flush()
        elif 10 * n // total != self.last_tenth:
            self.last_tenth = 10 * n // total
            sys.stderr.write(line + "\n")
            sys.stderr.flush()

    def done(self) -> None:
        if self.tty:
            sys.stderr.write("\n")
            sys.stderr.flush()


def draw_words(reason: str) -> str:
    """A draw reason (Game.draw_reason) in English."""
    return draw_text(words(), reason, MAX_ACTIONS)


def report(s: dict) -> str:
    lo, hi = s["ci95"]
    lines = [
        f"{s['variant']}: A = {s['a']} vs B = {s['b']}, {s['games']} games, seed {s['seed']}",
        f"  wins: A {s['wins_a']}, B {s['wins_b']}, draws {s['draws']}"
        + (f" ({', '.join(f'{draw_words(k)}: {v}' for k, v in s['draw_reasons'].items())})" if s["draws"] else ""),
        f"  win rate of A: {s['win_rate_a']:.3f}  (95% interval {lo:.3f} - {hi:.3f}; "
        f"as white {s['win_rate_a_as_white']}, as black {s['win_rate_a_as_black']})",
        f"  average game length: {s['avg_actions']} actions",
        f"  think time per decision: A median {s['think_median_ms_a']} ms, max {s['think_max_ms_a']} ms "
        f"({s['decisions_a']} decisions); B median {s['think_median_ms_b']} ms, "
        f"max {s['think_max_ms_b']} ms ({s['decisions_b']} decisions)",
        f"  {s['seconds']} s",
    ]
    return "\n".join(lines)


def _variant(name: str) -> str:
    """argparse type: a rule set's name, Kendall's house rules included (KO1-KO4)."""
    try:
        return get_rules(name).name
    except SenetError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def level_budget(level: str, nodes: int | None, time_cap: float | None, depth: int | None = None) -> dict:
    if level != "expert":
        return {}
    budget: dict = {"time_cap": time_cap}
    if nodes is not None:
        budget["nodes"] = nodes
    if depth is not None:
        budget["max_depth"] = depth
    return budget


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m senet.commands.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True, type=_variant, metavar="VARIANT",
                    help=f"{', '.join(VARIANTS)}; kendall may add house rules: kendall+five+start+trap+homerow")
    levels = (*LEVELS, "random")  # random: every legal action equally likely, a yardstick
    ap.add_argument("--a", required=True, choices=levels, help="level of player A")
    ap.add_argument("--b", required=True, choices=levels, help="level of player B")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (this machine: 2 at most)")
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    ap.add_argument("--a-nodes", type=int, default=None, help="Expert node budget of A")
    ap.add_argument("--b-nodes", type=int, default=None, help="Expert node budget of B")
    ap.add_argument("--a-depth", type=int, default=None,
                    help="Expert's depth limit of A in decisions (1: its evaluation one throw ahead)")
    ap.add_argument("--b-depth", type=int, default=None, help="Expert's depth limit of B")
    ap.add_argument("--time-cap", type=float, default=None,
                    help="Expert's wall-clock cap per decision in seconds (default: none, so that "
                         "results depend on the node budget only, however busy the machine)")
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    if any(d is not None and d < 1 for d in (args.a_depth, args.b_depth)):
        ap.error("--a-depth and --b-depth must be at least 1")
    summary = run(args.variant, args.a, args.b, args.games, args.seed, max(1, args.jobs),
                  level_budget(args.a, args.a_nodes, args.time_cap, args.a_depth),
                  level_budget(args.b, args.b_nodes, args.time_cap, args.b_depth),
                  progress=not args.no_progress)
    print(report(summary))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
