"""The players' choices, pinned: ``python tools/check_players.py [--write] [--positions N]``.

For every rule set it collects decision positions from seeded games between Average
and Novice (every state where a player has a real choice, the choice before a throw
included), asks Novice, Average and Expert (a small node budget, no wall-clock cap, so
the choice depends on nothing but the position) what they choose there, and plays a
few seeded games with Expert to their end. With ``--write`` it stores all of it in
tests/engine/fixtures/players_baseline.json; without, it compares with that file and
prints the differences (exit status 1 when there are any).

The file was written with the engine before the turn model of issue "One turn model,
each fact in one place" (Player.choose_pre_throw, State.with_throw): the players must
choose exactly as they did then. tests/engine/test_turn_model.py checks the first
positions of every rule set; this script checks them all (about a minute).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from senet import VARIANTS
from senet.ai import get_player, play_out
from senet.game import Game
from senet.notation import parse_position
from senet.throws import MT19937

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "engine", "fixtures",
                       "players_baseline.json")
EXPERT_BUDGET = {"nodes": 400, "time_cap": None}
# the choice before a throw (rescue or throw) is rare in play: these rule sets get more
# of those positions, with a bigger Expert budget
PRE_THROW = ("kendall", "thibault")
PRE_THROW_BUDGET = {"nodes": 3000, "time_cap": None}


def players():
    return {
        "novice": get_player("novice", seed=3),
        "average": get_player("average"),
        "expert": get_player("expert", **EXPERT_BUDGET),
    }


def choice(player, state) -> str:
    """What ``player`` does at a decision ``state``, in notation ("throw" for the throw)."""
    if hasattr(player, "choose_pre_throw") and state.throw is None:  # the engine before the turn model
        move = player.choose_pre_throw(state)
        return "throw" if move is None else str(move)
    return str(player.choose(state))


def decision_positions(variant: str, count: int) -> list:
    out = []
    seed = 1
    novice, average = get_player("novice", seed=11), get_player("average")
    while len(out) < count:
        game = Game(variant, seed=seed, throws=MT19937)
        pair = (average, novice) if seed % 2 else (novice, average)
        for s in play_out(game, *pair):
            out.append(s.position())
        seed += 1
    return out[:count]


def pre_throw_positions(variant: str, count: int) -> list:
    out = []
    seed = 1000
    novice, average = get_player("novice", seed=5), get_player("average")
    while len(out) < count:
        game = Game(variant, seed=seed, throws=MT19937)
        for s in play_out(game, novice, average):
            if s.throw is None:
                out.append(s.position())
        seed += 1
    return out[:count]


def pre_throw_rows(variant: str, positions: list) -> list:
    ps = players()
    ps["expert"] = get_player("expert", **PRE_THROW_BUDGET)
    rows = []
    for pos in positions:
        state = parse_position(pos)
        rows.append([pos] + [choice(ps[k], state) for k in ("novice", "average", "expert")])
    return rows


def expert_games(variant: str, games: int = 2) -> list:
    records = []
    for seed in range(games):
        game = Game(variant, seed=100 + seed, throws=MT19937)
        expert = get_player("expert", seed=seed, **EXPERT_BUDGET)
        other = get_player("average" if seed % 2 else "novice", seed=seed)
        for _ in play_out(game, expert, other):
            pass
        records.append(game.record_text())
    return records


def arena_games(variant: str) -> list:
    """Summaries of seeded senet.commands.arena games (Expert against Average, each seat once)."""
    from senet.commands.arena import play_game

    out = []
    for seed, a_first in ((7, True), (7, False)):
        r = play_game(variant, "expert", "average", seed, a_first, EXPERT_BUDGET, None)
        out.append([r["a_colour"], r["result"], r["actions"], r["draw_reason"]])
    return out


def collect(count: int, variants=VARIANTS) -> dict:
    data = {}
    ps = players()
    for variant in variants:
        rows = []
        for pos in decision_positions(variant, count):
            state = parse_position(pos)
            rows.append([pos] + [choice(ps[k], state) for k in ("novice", "average", "expert")])
        data[variant] = {"choices": rows, "games": expert_games(variant),
                         "arena": arena_games(variant)}
        if variant in PRE_THROW:
            data[variant]["pre_throw"] = pre_throw_rows(variant, pre_throw_positions(variant, count // 5))
        print(f"{variant}: {len(rows)} positions", file=sys.stderr, flush=True)
    return data


def compare(expected: dict, limit: int | None = None, variants=VARIANTS) -> list:
    """The differences from ``expected`` (the first ``limit`` positions of each rule set)."""
    problems = []
    ps = players()
    for variant in variants:
        rows = expected[variant]["choices"][:limit]
        for pos, *want in rows:
            state = parse_position(pos)
            got = [choice(ps[k], state) for k in ("novice", "average", "expert")]
            if got != want:
                problems.append(f"{pos}: {want} became {got}")
        rows = expected[variant].get("pre_throw", [])[:limit]
        for want, got in zip(rows, pre_throw_rows(variant, [r[0] for r in rows])):
            if got != want:
                problems.append(f"{want[0]}: {want[1:]} became {got[1:]}")
        if limit is None:
            for want, got in zip(expected[variant]["games"], expert_games(variant)):
                if want != got:
                    problems.append(f"{variant}: an Expert game changed:\n{want}\n---\n{got}")
            if expected[variant]["arena"] != arena_games(variant):
                problems.append(f"{variant}: an arena game changed")
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--positions", type=int, default=300)
    args = ap.parse_args(argv)
    if args.write:
        data = collect(args.positions)
        if os.path.exists(FIXTURE):  # keep what older engines wrote
            with open(FIXTURE) as f:
                old = json.load(f)
            for variant, part in data.items():
                for key, value in part.items():
                    old.setdefault(variant, {}).setdefault(key, value)
            data = old
        with open(FIXTURE, "w") as f:
            json.dump(data, f, indent=0)
            f.write("\n")
        return 0
    with open(FIXTURE) as f:
        expected = json.load(f)
    missing = [v for v in VARIANTS if v not in expected]
    if missing:  # rule sets newer than the baseline: nothing to compare them with
        print(f"not in the baseline (not compared): {', '.join(missing)}")
    problems = compare(expected, variants=[v for v in VARIANTS if v in expected])
    for p in problems:
        print(p)
    n = sum(len(v["choices"]) + len(v.get("pre_throw", [])) for v in expected.values())
    print(f"{n} positions, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
