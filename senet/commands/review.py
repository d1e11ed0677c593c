"""``python -m senet review RECORD [--nodes N] [--json]``: the review of a game record
as a table and a summary per side (senet.ai.review; docs/review.md). CPython only."""

import argparse
import json
import sys

from ..ai.review import BLUNDER, INACCURACY, MISTAKE, Reviewer
from ..errors import SenetError
from ..game import Game
from ..words import current, t
from ..words.digits import localize
from ..words.game import error_text, side_name
from .said import cannot_read, fail

SUMMARY = "the review of a game record: a table of its decisions and a summary per side (docs/review.md)"


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def table(review: dict) -> list:
    """The review as lines of text in the words in use (``--lang``, else the environment's
    language): one per decision that was not forced, then a summary per side. The moves
    stay in notation; the numbers are written as the language writes them."""
    w = current()

    def num(text) -> str:
        return localize(str(text), w.lang)

    lines = [w.t("review.cli.heading", variant=review["variant"], nodes=review["nodes"], inaccuracy=INACCURACY,
                 mistake=MISTAKE, blunder=BLUNDER),
             "",
             f"{w.t('review.cli.col_ply'):>4} {w.t('review.cli.col_side'):<5} {w.t('review.cli.col_throw'):>5} "
             f"{w.t('review.cli.col_played'):<9} {w.t('review.cli.col_best'):<9} {w.t('review.cli.col_before'):>6} "
             f"{w.t('review.cli.col_after'):>6} {w.t('review.cli.col_loss'):>6}  {w.t('review.cli.col_class')}"]
    for d in review["decisions"]:
        if d["class"] == "forced":
            continue
        throw = "-" if d["throw"] is None else num(d["throw"])
        lines.append(f"{num(d['ply']):>4} {side_name(w, d['side']):<5} {throw:>5} {d['played']:<9} {d['best']:<9} "
                     f"{num(format(d['before'], '.3f')):>6} {num(format(d['after'], '.3f')):>6} "
                     f"{num(format(d['loss'], '.3f')):>6}  {w.t('review.cli.class.' + d['class'])}"
                     + ("  " + w.t("review.cli.exact") if d.get("exact") else ""))
    lines.append("")
    for side in ("w", "b"):
        s = review["sides"][side]
        counts = w.t("list.comma").join(w.t("review.cli.count", n=n, name=w.t("review.cli.class." + c))
                                        for c, n in s["counts"].items())
        rating = w.t("flow.review.rating." + s["rating"]) if s.get("rating") else None
        key = "review.cli.side_rated" if rating else "review.cli.side"
        lines.append(w.n(key, s["decisions"], side=side_name(w, side), counts=counts,
                         lost=num(format(s["equity_lost"], ".3f")), mean=num(format(s["mean_loss"], ".4f")),
                         rating=rating or "", luck=num(format(s["luck"], "+.3f"))))
    if not review["finished"]:
        lines.append(w.t("review.cli.stopped", done=review["done"], total=review["total"]))
    return lines


def nodes(text: str) -> int:
    """argparse type of --nodes: a whole number from 1 to 999999999."""
    if not text.isdigit() or not text.isascii() or int(text) < 1 or len(text) > 9:
        raise argparse.ArgumentTypeError(f"--nodes must be a whole number from 1 to 999999999, not '{text}'")
    return int(text)


def configure(parser) -> None:
    """The arguments of ``python -m senet review`` (senet.commands.cli)."""
    parser.add_argument("record", metavar="RECORD", help="a game record: a file, or - for standard input")
    option = parser.add_argument("--nodes", type=nodes, metavar="N",
                                 help="the search's node budget a decision (default: the review's own)")
    option.needs = "a number"
    parser.add_argument("--json", action="store_true", help="also the whole review as one line of JSON, last")


def run(options) -> int:
    path, as_json = options.record, options.json
    try:
        text = _read(path)
    except (OSError, UnicodeDecodeError) as exc:
        return fail(cannot_read(path, exc))
    try:
        game = Game.from_record(text)
    except SenetError as exc:
        return fail(t("cli.not_a_record", path=path, error=error_text(current(), exc)))
    review = Reviewer(game, options.nodes).run()
    for line in table(review):
        print(line)
    if as_json:
        print(json.dumps(review, separators=(",", ":")))
    return 0
