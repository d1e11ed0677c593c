"""Calibrate the computer levels: Elo-style ratings of Novice, Average and the Expert in
each rule set, fitted from arena games between them, written to senet/level_ratings.py.

    nice -n 10 python tools/calibrate_levels.py [--variants kendall ...] [--seed 1]
        [--games-na 200] [--games-ea 20] [--games-en 0] [--jobs 1] [--out FILE] [--dry-run]
        [--keep-others]

Each pair plays the arena's games (senet.commands.arena: pairs of games on the same
throws, the colours swapped; the Expert at its default node budget, the one the player
meets, without the wall-clock cap). The ratings are the maximum-likelihood fit of the
logistic model on Elo's scale, E = 1 / (1 + 10^(-(Ra - Rb) / 400)), a draw counting one
half, with one virtual draw added to each pair played (so that a clean sweep still gives
a finite rating). The scale is anchored once: Average is 1500 in every rule set. Each
rating's deviation is the standard error of the fit (the inverse of the Fisher
information, Average's being fixed), the RD the player's rating reads it with
(senet.rating, docs/opponents.md "Calibrated levels").
"""

import argparse
import math
import runpy
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from senet.commands import arena  # noqa: E402
from senet.variants import VARIANTS  # noqa: E402

LEVELS = ("novice", "average", "expert")
ANCHOR, ANCHOR_RATING = "average", 1500.0
Q = math.log(10) / 400.0
OUT = ROOT / "senet" / "level_ratings.py"
FORMAT = 1


def fit(pairs: dict) -> dict:
    """{level: (rating, deviation)} from {(a, b): (games, score of a)}; ANCHOR fixed.

    Newton's method on the log-likelihood, each pair's score with one virtual draw."""
    free = [lv for lv in LEVELS if lv != ANCHOR and any(lv in p for p in pairs)]
    r = dict.fromkeys(LEVELS, ANCHOR_RATING)
    for _ in range(100):
        grad = dict.fromkeys(free, 0.0)
        hess = {(i, j): 0.0 for i in free for j in free}
        for (a, b), (n, s) in pairs.items():
            n, s = n + 1, s + 0.5  # the virtual draw
            e = 1.0 / (1.0 + 10 ** (-(r[a] - r[b]) / 400.0))
            w = n * Q * Q * e * (1 - e)
            for x, sign in ((a, 1), (b, -1)):
                if x in grad:
                    grad[x] += sign * Q * (s - n * e)
            for x, sx in ((a, 1), (b, -1)):
                for y, sy in ((a, 1), (b, -1)):
                    if x in grad and y in grad:
                        hess[(x, y)] += sx * sy * w
        inv = _invert(free, hess)
        step = {x: sum(inv[(x, y)] * grad[y] for y in free) for x in free}
        for x in free:
            r[x] += step[x]
        if max((abs(v) for v in step.values()), default=0.0) < 1e-9:
            break
    out = {ANCHOR: (ANCHOR_RATING, 0.0)}
    for x in free:
        out[x] = (r[x], math.sqrt(inv[(x, x)]))
    return out


def _invert(keys: list, m: dict) -> dict:
    """The inverse of a small symmetric matrix (Gauss-Jordan), as a dict like ``m``."""
    n = len(keys)
    a = [[m[(keys[i], keys[j])] for j in range(n)] + [1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda i: abs(a[i][c]))
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        a[c] = [v / piv for v in a[c]]
        for i in range(n):
            if i != c:
                f = a[i][c]
                a[i] = [vi - f * vc for vi, vc in zip(a[i], a[c])]
    return {(keys[i], keys[j]): a[i][n + j] for i in range(n) for j in range(n)}


def calibrate(variant: str, games: dict, seed: int, jobs: int) -> dict:
    """Play the pairs of ``games`` ({(a, b): n}) in ``variant``; the fitted levels."""
    pairs, played = {}, {}
    for (a, b), n in games.items():
        if n < 1:
            continue
        t0 = time.process_time()
        s = arena.run(variant, a, b, n, seed, jobs, arena.level_budget(a, None, None),
                      arena.level_budget(b, None, None), progress=False)
        score = s["win_rate_a"] * s["games"]
        pairs[(a, b)] = (s["games"], score)
        played[f"{a}-{b}"] = {"games": s["games"], "score": round(score, 1), "draws": s["draws"]}
        print(f"  {variant} {a} vs {b}: {s['games']} games, {a} scores {s['win_rate_a']:.3f} "
              f"({s['seconds']} s, {time.process_time() - t0:.0f} s of this process's CPU)", flush=True)
    fitted = fit(pairs)
    levels = {lv: {"rating": round(fitted[lv][0], 1), "rd": round(fitted[lv][1], 1)} for lv in LEVELS if lv in fitted}
    return {"levels": levels, "games": played}


def write(data: dict, path: Path) -> None:
    lines = [
        '"""The ratings of the computer levels in each rule set, written by tools/calibrate_levels.py',
        "(do not edit by hand): Elo-style ratings fitted from arena games, Average anchored at",
        "1500, each with its deviation (the standard error of the fit), read by senet.profile as",
        'the Glicko-2 rating of the opponent (docs/opponents.md, "Calibrated levels").',
        "Each rule set's entry holds the command that made it (the same command, the same",
        "ratings: the arena's games are seeded).",
        '"""',
        "",
        f"FORMAT = {FORMAT}",
        f"ANCHOR = {{\"level\": \"{ANCHOR}\", \"rating\": {ANCHOR_RATING}}}",
        "# rule set -> {\"levels\": {level: {\"rating\", \"rd\"}}, \"games\": {\"a-b\": {\"games\", \"score\" of a,",
        "#              \"draws\"}}, \"command\": the command that made it}",
        "RATINGS = {",
    ]
    for v, d in data.items():
        lines.append(f"    \"{v}\": {{")
        lines.append("        \"levels\": {")
        for lv, x in d["levels"].items():
            lines.append(f"            \"{lv}\": {{\"rating\": {x['rating']}, \"rd\": {x['rd']}}},")
        lines.append("        },")
        lines.append("        \"games\": {")
        for k, g in d["games"].items():
            lines.append(f"            \"{k}\": {{\"games\": {g['games']}, \"score\": {g['score']}, \"draws\": {g['draws']}}},")
        lines.append("        },")
        lines.append(f"        \"command\": \"{d['command']}\",")
        lines.append("    },")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n")


def table(data: dict) -> str:
    rows = ["| rule set | Novice | Average | Expert | games (Novice-Average, Expert-Average, Expert-Novice) |",
            "| --- | --- | --- | --- | --- |"]
    for v, d in data.items():
        cells = []
        for lv in LEVELS:
            x = d["levels"].get(lv)
            cells.append("" if x is None else (f"{x['rating']:.0f} ± {x['rd']:.0f}" if x["rd"] else f"{x['rating']:.0f}"))
        g = d["games"]
        counts = ", ".join(str(g[k]["games"]) if k in g else "0"
                           for k in ("novice-average", "expert-average", "expert-novice"))
        rows.append(f"| {v} | {' | '.join(cells)} | {counts} |")
    return "\n".join(rows)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS, metavar="VARIANT")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games-na", type=int, default=200, help="games of Novice against Average (cheap)")
    ap.add_argument("--games-ea", type=int, default=20, help="games of the Expert against Average")
    ap.add_argument("--games-en", type=int, default=0, help="games of the Expert against Novice")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (this machine: 2 at most)")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--dry-run", action="store_true", help="print the table, write nothing")
    ap.add_argument("--keep-others", action="store_true",
                    help="keep the rule sets of the file that this run does not play (each keeps its command)")
    args = ap.parse_args(argv)
    if min(args.games_na, args.games_ea, args.games_en) < 0:
        ap.error("a number of games cannot be negative")
    if args.games_na < 1 and args.games_en < 1:
        ap.error("Novice needs games: --games-na or --games-en")
    if args.games_ea < 1 and args.games_en < 1:
        print("the Expert plays no game: it gets no rating (a game against it is not rated)", file=sys.stderr)
    games = {("novice", "average"): args.games_na, ("expert", "average"): args.games_ea,
             ("expert", "novice"): args.games_en}
    t0 = time.perf_counter()
    command = (f"python tools/calibrate_levels.py --seed {args.seed} --games-na {args.games_na} "
               f"--games-ea {args.games_ea} --games-en {args.games_en}")
    data = {}
    for v in args.variants:
        data[v] = calibrate(v, games, args.seed, max(1, args.jobs))
        data[v]["command"] = command + " --variants " + v
    print(table(data))
    print(f"{time.perf_counter() - t0:.0f} s wall clock, {time.process_time():.0f} s CPU in this process")
    if not args.dry_run:
        if args.keep_others and args.out.exists():
            kept = runpy.run_path(str(args.out))["RATINGS"]
            data = {v: data[v] if v in data else kept[v] for v in VARIANTS if v in data or v in kept}
        write(data, args.out)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
