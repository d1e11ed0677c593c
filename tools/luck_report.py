"""How much is a lead worth? A report on the luck of each rule set.

    python tools/luck_report.py [--variant jequier ...] [--games 2000] [--seed 5]

Two measurements per rule set:

1. Leads in pieces borne off (in Bell, where nothing is borne off: in home pieces, B6).
   Average plays Average for ``--games`` games. The first time in a game that one side
   has k more such pieces than the other (k = 1, 2, 3), that side is the leader; the
   report gives how often the leader went on to win (a draw counts one half). In a game
   of skill the leader nearly always wins; near 50% the lead is worth little.
2. The slow last piece. For the rule sets with exact throws at the end, the expected
   number of turns a lone piece needs to bear off from a few squares, from the
   solitaire tables of senet.ai.endgame. When a piece at the end of the track still needs
   most of the turns that one at the start needs, the length of the track matters
   little beside the wait for the right throws.

These numbers explain why a stronger player wins only a little more often against
Average in some rule sets (docs/opponents.md). Standard library only; not run by the
tests (about a minute per rule set for 2000 games).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from senet.ai import get_player, play_out
from senet.ai.endgame import SOLO_VARIANTS, turns
from senet.game import Game
from senet.state import BLACK, WHITE
from senet.throws import MT19937
from senet.variants import get_rules

LEADS = (1, 2, 3)
REPORT_SQUARES = (1, 10, 20, 25, 26, 28, 29)
RACE_VARIANTS = ("kendall", "jequier", "tait", "thibault", "havens")
VARIANTS = (*RACE_VARIANTS, "bell")


def progress(state) -> tuple[int, int]:
    """White's and black's pieces that are done: borne off, or home in Bell (B6)."""
    if state.rules.has_goals:  # B6: done is home, not borne off
        return len(state.rules.home_squares(state, WHITE)), len(state.rules.home_squares(state, BLACK))
    return state.off


def play(variant: str, seed: int) -> tuple[dict[int, str], str]:
    """One Average-vs-Average game: {k: side that first led by k pieces done}, result."""
    game = Game(variant, seed=seed, throws=MT19937)  # the legacy generator: the results in docs/ stay reproducible
    leader: dict[int, str] = {}

    def note_leads() -> None:
        w_off, b_off = progress(game.state)
        for k in LEADS:
            if k not in leader and abs(w_off - b_off) >= k:
                leader[k] = WHITE if w_off > b_off else BLACK

    for _ in play_out(game, get_player("average", seed=seed)):
        note_leads()  # seen at the next decision: forced actions are played in between
    note_leads()
    return leader, game.result


def lead_report(variant: str, games: int, seed: int) -> list[str]:
    t0 = time.perf_counter()
    counts = {k: [0, 0.0] for k in LEADS}
    for g in range(games):
        leader, result = play(variant, seed * 100003 + g)
        for k, side in leader.items():
            counts[k][0] += 1
            counts[k][1] += 0.5 if result == "draw" else 1.0 if result == side else 0.0
    lines = [f"{variant}: {games} games of Average against Average ({time.perf_counter() - t0:.0f} s)"]
    what = "home" if get_rules(variant).has_goals else "in bearing off"
    for k in LEADS:
        n, won = counts[k]
        if n:
            lines.append(f"  first {k} piece(s) ahead {what}: {n} games, the leader won {won / n:.3f}")
        else:
            lines.append(f"  first {k} piece(s) ahead {what}: never")
    return lines


def solo_report(variant: str) -> list[str]:
    start, _ = turns(variant)
    cells = []
    for sq in REPORT_SQUARES:
        if (sq,) in start:
            cells.append(f"{sq}: {start[(sq,)]:.1f}")
    return [f"  turns a lone piece needs to bear off, by square: {', '.join(cells)}"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", action="append", choices=VARIANTS,
                    help="a rule set (repeatable; default: all)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    for variant in args.variant or VARIANTS:
        lines = lead_report(variant, args.games, args.seed)
        if variant in SOLO_VARIANTS:
            lines += solo_report(variant)
        print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
