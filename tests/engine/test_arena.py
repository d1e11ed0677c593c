"""The arena (python -m senet.commands.arena): colours swap, the summary adds up, bad input is refused."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from senet.ai import get_player
from senet.commands.arena import run


def test_games_come_in_pairs_with_colours_swapped():
    r = run("thibault", "average", "random", games=6, seed=3, progress=False)
    assert r["games"] == 6
    assert r["wins_a"] + r["wins_b"] + r["draws"] == 6
    lo, hi = r["ci95"]
    assert 0.0 <= lo <= r["win_rate_a"] <= hi <= 1.0
    # the same seed gives the same result
    again = run("thibault", "average", "random", games=6, seed=3, progress=False)
    assert {k: again[k] for k in ("wins_a", "wins_b", "avg_actions")} == {k: r[k] for k in ("wins_a", "wins_b", "avg_actions")}


def test_json_line_holds_the_promised_fields():
    out = subprocess.run(
        [sys.executable, "-m", "senet.commands.arena", "--variant", "kendall", "--a", "average", "--b", "novice",
         "--games", "2", "--seed", "1", "--json", "--no-progress"],
        capture_output=True, text=True, check=True,
    )
    last = json.loads(out.stdout.strip().splitlines()[-1])
    for key in ("win_rate_a", "games", "ci95", "think_median_ms_a", "think_median_ms_b"):
        assert key in last
    assert last["games"] == 2


def test_depth_limit_reaches_expert_and_bad_depth_is_refused():
    from senet.commands.arena import level_budget

    assert level_budget("expert", 500, None, 1) == {"time_cap": None, "nodes": 500, "max_depth": 1}
    assert level_budget("average", 500, None, 1) == {}
    # Expert held to one decision plays the action its evaluation likes best, as Average does
    # with its own evaluation: with Average's evaluation the two agree game for game
    r = run("bell", "expert", "average", games=2, seed=4, progress=False,
            budget_a={"time_cap": None, "max_depth": 1, "evaluation": "average"})
    assert r["win_rate_a"] == 0.5 and r["draws"] == 0
    out = subprocess.run(
        [sys.executable, "-m", "senet.commands.arena", "--variant", "bell", "--a", "expert", "--b", "average",
         "--a-depth", "0"],
        capture_output=True, text=True,
    )
    assert out.returncode == 2
    assert "--a-depth" in out.stderr


def test_unknown_level_is_refused():
    out = subprocess.run(
        [sys.executable, "-m", "senet.commands.arena", "--variant", "kendall", "--a", "grandmaster", "--b", "novice"],
        capture_output=True, text=True,
    )
    assert out.returncode == 2
    assert "grandmaster" in out.stderr
    with pytest.raises(ValueError, match="unknown level"):
        get_player("grandmaster")


@pytest.mark.parametrize("variant", ["kendall", "havens", "bell"])
def test_random_mover_plays_only_legal_actions(variant):
    from senet.game import Game

    game = Game(variant, seed=5)
    mover = get_player("random", seed=2)
    chosen = set()
    while not game.over and game.actions < 400:
        s = game.state
        if s.is_chance:
            game.throw()
            continue
        m = mover.choose(s)
        assert m in s.legal_actions()
        if len(s.legal_actions()) > 1:
            chosen.add(s.legal_actions().index(m))
        game.play(m)
    assert len(chosen) > 1  # it does not always take the first action
