"""The exact endgame tables at work: the Expert plays by them, and ``python -m senet
exact`` answers from them, or refuses with one line (docs/endgames.md)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from positions import position

from senet.ai import exact, get_player
from senet.ai.players import play_out
from senet.commands.cli import main
from senet.game import Game
from senet.moves import format_move
from senet.notation import parse_position

ROOT = Path(__file__).resolve().parents[2]
RULE_SETS = ("kendall", "kendall+trap+homerow", "jequier", "tait", "bell", "thibault", "havens", "piccione")


def endgame_decisions(variant: str, count: int, seed: int = 1) -> list:
    """Decisions of seeded games between Average players that fall in the tables."""
    out = []
    average = get_player("average")
    while len(out) < count:
        game = Game(variant, seed=seed)
        seed += 1
        out.extend(s for s in play_out(game, average) if exact.covers(s))
    return out[:count]


@pytest.mark.parametrize("variant", RULE_SETS)
def test_the_expert_picks_a_best_action_wherever_the_tables_reach(variant):
    expert = get_player("expert")
    decisions = endgame_decisions(variant, 25)
    for state in decisions:
        ranked = exact.analyse(state)
        best = ranked[0][1]
        chosen = expert.choose(state)
        assert expert.info.get("exact") is True
        assert dict(ranked)[chosen] == best, state.position()
        analysed = expert.analyse(state)
        assert analysed[0][1] == best
        win = expert.win_probability(state)
        assert abs(win - (best if state.side == "w" else 1.0 - best)) < 1e-12


def test_the_search_alone_can_be_asked_for():
    """``tables=False``: the Expert searches in the tables' reach too (the yardstick's)."""
    state = endgame_decisions("kendall", 1)[0]
    searcher = get_player("expert", tables=False, nodes=300)
    searcher.choose(state)
    assert "exact" not in searcher.info and searcher.info["nodes"] > 0


# -- the command line -------------------------------------------------------------------
# white to act with a 5: 26-off wins at once (K7), any other move gives black a throw
BEAR_OFF = position("kendall", white=(26,), black=(28,), throw=5).position()


def text(variant, white=(), black=(), **kw) -> str:
    return position(variant, white, black, **kw).position()


def run(capsys, *args):
    code = main(["exact", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_exact_answers_as_json(capsys):
    code, out, err = run(capsys, BEAR_OFF, "--json")
    assert code == 0 and err == ""
    answer = json.loads(out)
    assert answer["best"] == "26-off" and answer["win"] == 1.0
    assert set(answer["actions"]) == {format_move(m) for m in parse_position(BEAR_OFF).legal_actions()}
    assert max(answer["actions"].values()) == answer["win"]
    assert all(p < 1.0 for a, p in answer["actions"].items() if a != "26-off")


def test_exact_before_a_throw_and_with_a_rescue(capsys):
    # Kendall: white in the water, 15 empty: rescue or throw (K9), both valued
    code, out, _ = run(capsys, text("kendall", (27,), (30,)), "--json")
    answer = json.loads(out)
    assert code == 0 and set(answer["actions"]) == {"throw", "rescue"}
    assert answer["win"] == max(answer["actions"].values())
    # nothing to choose: the chance of the side about to throw, no action
    code, out, _ = run(capsys, text("kendall", (21,), (23,), side="b"), "--json")
    answer = json.loads(out)
    assert code == 0 and answer["best"] is None and answer["actions"] == {} and 0 < answer["win"] < 1


def test_exact_in_words(capsys):
    code, out, _ = run(capsys, BEAR_OFF)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "white wins 1.00000 (exact)"
    assert any(line.split()[0] == "26-off" and line.endswith("best") for line in lines[1:])


def _tables_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "senet" / "ai" / "tables").iterdir()):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


@pytest.mark.parametrize("args,fragment", [
    (["kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -"], "at most 2 pieces a side"),
    ([BEAR_OFF.rsplit(" ", 2)[0]], "6 fields"),
    (["chess" + BEAR_OFF[len("kendall"):]], "unknown variant"),
    ([text("kendall", (26,), (), off=(6, 7))], "the game is over"),
    (["jequier wbwbwbwbwb.................... w - w=0/0,b=0/0 opening"], "colour draw"),
    ([text("kendall+start", (20,), (22,), flags="began=b")], "first 1"),
    ([BEAR_OFF, "--deep"], "unknown option"),
])
def test_exact_refuses_with_one_line_and_changes_nothing(capsys, args, fragment):
    before = _tables_digest()
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and fragment in err
    assert _tables_digest() == before


def test_exact_without_a_position_prints_its_usage(capsys):
    code, out, err = run(capsys)
    assert code == 2 and out == "" and err.startswith("usage: python -m senet exact")


def test_exact_runs_as_a_command():
    done = subprocess.run([sys.executable, "-m", "senet", "exact", BEAR_OFF, "--json"],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["best"] == "26-off"


def test_the_yardstick_measures_each_level_against_exact_play():
    from senet.commands.yardstick import EQUAL, decisions, measure

    sample = decisions("thibault", 12, seed=3)
    assert len(sample) == 12
    for state, values in sample:
        assert exact.covers(state) and max(values.values()) - min(values.values()) > EQUAL
    row = measure("thibault", 12, 3, nodes=300)
    assert row["decisions"] == 12
    novice = get_player("novice", seed=3)
    losses = [max(v.values()) - v[novice.choose(s)] for s, v in sample]
    assert row["novice"]["error"] == round(sum(losses) / 12, 5)
    for level in ("novice", "average", "expert"):
        assert 0.0 <= row[level]["error"] < 0.5 and 0.0 <= row[level]["best_share"] <= 1.0
