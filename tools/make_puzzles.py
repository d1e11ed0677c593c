#!/usr/bin/env python3
"""The puzzles of the Puzzles page (pages/puzzles.html): endgame positions where one
action is clearly best, valued exactly by the endgame tables (docs/endgames.md).

    .venv/bin/python tools/make_puzzles.py [--count 200] [--seed 1]

For every rule set it plays seeded games between two Average players (natural
positions, reached in real games), and keeps the decisions with a throw to use that
fall in the tables where the best action is the only best and beats the next one by
at least GAP of the chance to win, and does not simply win at once. Writes
senet/ai/tables/puzzles.json: per rule set, [position, [[action, chance], ...] best
first]. tools/build.py puts it, with the page's words, in dist/puzzles.json; the page
needs no engine and no worker. ``daily_index`` is the page's choice of the day's
puzzle (app/puzzles/puzzles.js does the same): the same on every device.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "senet" / "ai" / "tables" / "puzzles.json"
GAP = 0.10  # the best action beats the next one by at least this much of the chance to win
VERSION = 1


def fnv1a(text: str) -> int:
    """FNV-1a, 32 bits, of the UTF-8 bytes of ``text`` (the page computes the same)."""
    h = 0x811C9DC5
    for byte in text.encode("utf-8"):
        h ^= byte
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def daily_index(date: str, variant: str, count: int) -> int:
    """The day's puzzle of ``variant`` among ``count``, for ``date`` (YYYY-MM-DD)."""
    return fnv1a(f"senet-puzzle/1|{date}|{variant}") % count


def puzzles(variant: str, count: int, seed: int, gap: float = GAP) -> list:
    """[position, [[action, chance], ...]] of ``count`` puzzles of ``variant``."""
    sys.path.insert(0, str(ROOT))
    from senet.ai import exact, get_player
    from senet.ai.players import play_out
    from senet.game import Game
    from senet.moves import format_move
    from senet.throws import MT19937

    out: list = []
    seen: set = set()
    average = get_player("average", seed=seed)
    game_seed = seed * 100003
    while len(out) < count:
        game = Game(variant, seed=game_seed, throws=MT19937)
        game_seed += 1
        for state in play_out(game, average):
            if state.throw is None or not exact.covers(state) or state.position() in seen:
                continue
            ranked = exact.analyse(state)
            if ranked is None or len(ranked) < 2 or ranked[0][1] - ranked[1][1] < gap:
                continue
            if state.apply(ranked[0][0]).winner is not None:
                continue  # bearing off the last piece: no puzzle
            seen.add(state.position())
            out.append([state.position(), [[format_move(a), round(p, 4)] for a, p in ranked]])
            if len(out) == count:
                break
    return out


LEGEND_WORDS = ("pages.board.legend", "pages.board.comma")


def site_data() -> bytes:
    """dist/puzzles.json (tools/build.py): the puzzles, the rule sets' names, the parts of
    their squares (as the rules pages draw them, tools/board_svg.py) and the script's words
    from the catalog (the messages "puzzles.*" of senet/words/en.po)."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tools"))
    from board_svg import square_parts
    from words import languages  # tools/words.py: the languages whose catalog exists

    from senet.variants import get_rules
    from senet.words import load
    from senet.words.game import rules_text

    data = json.loads(PUZZLES.read_text(encoding="utf-8"))
    langs = {lang: load(lang) for lang in languages()}
    out = {
        "version": data["version"],
        "variants": data["variants"],
        # each language's names of the rule sets, plural rule and words: the page takes
        # those of its <html lang>, English where the catalog has no such language
        "rules": {lang: {v: rules_text(w, get_rules(v)) for v in data["variants"]} for lang, w in langs.items()},
        "plural": {lang: w.rule for lang, w in langs.items()},
        "parts": {v: {str(n): kinds[0] for n, kinds in square_parts(get_rules(v)).items()} for v in data["variants"]},
        # the script's words; the page's own (puzzles.page.*) are in its HTML; the legend's
        # are the rules pages' (pages.board.*, tools/board_svg.py's legend)
        "words": {lang: {k: w.messages.get(k, langs["en"].messages[k]) for k in sorted(langs["en"].messages)
                         if (k.startswith("puzzles.") and not k.startswith("puzzles.page."))
                         or k in LEGEND_WORDS or k.startswith(("pages.board.part.", "pages.board.mark."))}
                  for lang, w in langs.items()},
    }
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode("utf-8")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=200, help="puzzles a rule set")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from senet.variants import VARIANTS

    data = {"version": VERSION, "gap": GAP, "seed": args.seed, "variants": {}}
    for variant in VARIANTS:
        data["variants"][variant] = puzzles(variant, args.count, args.seed)
        print(f"{variant}: {len(data['variants'][variant])} puzzles", flush=True)
    PUZZLES.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {PUZZLES.relative_to(ROOT)}: {PUZZLES.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
