"""``python -m senet review RECORD [--nodes N] [--json]``: the review of a game record
as a table and a summary per side (senet.ai.review; docs/review.md). CPython only."""

import json
import sys

from ..ai.review import BLUNDER, INACCURACY, MISTAKE, Reviewer
from ..errors import SenetError
from ..game import Game
from ..words import current
from ..words.game import side_name

USAGE = "usage: python -m senet review RECORD [--nodes N] [--json]   (RECORD: a file, or - for standard input)"


def _error(text: str) -> int:
    print(f"error: {text}", file=sys.stderr)
    return 2


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def table(review: dict) -> list:
    """The review as lines of text: one per decision that was not forced, then a
    summary per side."""
    lines = [f"{review['variant']}, {review['nodes']} nodes a search; equity = win probability "
             f"(a draw counts 1/2) of the side that acts; classes from a loss of {INACCURACY} "
             f"(inaccuracy), {MISTAKE} (mistake), {BLUNDER} (blunder); exact: judged by the "
             f"endgame tables",
             "",
             f"{'ply':>4} {'side':<5} {'throw':>5} {'played':<9} {'best':<9} {'before':>6} {'after':>6} "
             f"{'loss':>6}  class"]
    for d in review["decisions"]:
        if d["class"] == "forced":
            continue
        throw = "-" if d["throw"] is None else str(d["throw"])
        lines.append(f"{d['ply']:>4} {side_name(current(), d['side']):<5} {throw:>5} {d['played']:<9} {d['best']:<9} "
                     f"{d['before']:>6.3f} {d['after']:>6.3f} {d['loss']:>6.3f}  {d['class']}"
                     + ("  exact" if d.get("exact") else ""))
    lines.append("")
    for side in ("w", "b"):
        s = review["sides"][side]
        counts = ", ".join(f"{n} {c}" for c, n in s["counts"].items())
        rated = f" ({s['rating'].replace('_', ' ')})" if s.get("rating") else ""
        lines.append(f"{side_name(current(), side)}: {s['decisions']} decisions ({counts}); equity lost "
                     f"{s['equity_lost']:.3f} in all, {s['mean_loss']:.4f} a decision that mattered "
                     f"({s.get('counted', s['decisions'])} of them){rated}; luck {s['luck']:+.3f}")
    if not review["finished"]:
        lines.append(f"stopped after {review['done']} of {review['total']} lines")
    return lines


def main(args: list) -> int:
    path, nodes, as_json = None, None, False
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--json":
            as_json = True
        elif a == "--nodes" or a.startswith("--nodes="):
            if a == "--nodes":
                i += 1
                if i == len(args):
                    return _error("--nodes needs a number")
                text = args[i]
            else:
                text = a[len("--nodes="):]
            if not text.isdigit() or not text.isascii() or int(text) < 1 or len(text) > 9:
                return _error(f"--nodes must be a whole number from 1 to 999999999, not '{text}'")
            nodes = int(text)
        elif a.startswith("-") and a != "-":
            return _error(f"unknown option '{a}' (the options are --nodes N and --json)")
        elif path is None:
            path = a
        else:
            return _error(f"one record at a time ('{a}' is one too many)")
        i += 1
    if path is None:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        text = _read(path)
    except (OSError, UnicodeDecodeError) as exc:
        return _error(f"cannot read '{path}': {getattr(exc, 'strerror', None) or exc}")
    try:
        game = Game.from_record(text)
    except SenetError as exc:
        return _error(f"'{path}' is not a game record that replays: {exc}")
    review = Reviewer(game, nodes).run()
    for line in table(review):
        print(line)
    if as_json:
        print(json.dumps(review, separators=(",", ":")))
    return 0
