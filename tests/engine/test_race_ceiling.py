"""tools/race_ceiling.py: the solitaire race of Jéquier and Havens, solved exactly."""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

import pytest

from senet.ai.endgame import turns

_SPEC = importlib.util.spec_from_file_location(
    "race_ceiling", Path(__file__).resolve().parents[2] / "tools" / "race_ceiling.py")
ceiling = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ceiling)


@pytest.fixture(scope="module", params=["jequier", "havens"])
def two_pieces(request):
    game = ceiling.Solitaire(request.param, pieces=2)
    return game, *game.best_policy(tolerance=1e-9)


def test_best_policy_agrees_with_the_endgame_tables_J8_V6(two_pieces):
    # two implementations of the same solitaire (senet.ai.endgame has its own loop)
    game, values, _ = two_pieces
    start, again = turns(game.variant)
    for (key, extra), i in game.index.items():
        assert values[i] == pytest.approx((again if extra else start)[key], abs=1e-5)


def test_no_policy_beats_the_best_one(two_pieces):
    game, values, best = two_pieces
    assert game.expected_turns(best, tolerance=1e-9) == pytest.approx(values, abs=1e-5)
    for name in ("average", "expert"):
        other = game.expected_turns(game.chosen[name], tolerance=1e-9)
        assert all(o >= v - 1e-6 for o, v in zip(other, values))
    # Average does not play the solitaire perfectly: somewhere it needs more turns
    average = game.expected_turns(game.chosen["average"], tolerance=1e-9)
    assert max(o - v for o, v in zip(average, values)) > 0.1


def test_races_follow_the_rules_of_the_race(two_pieces):
    game, _, best = two_pieces
    lengths = game.race_lengths(best, 300, random.Random(1))
    assert len(lengths) == 300 and min(lengths) >= 1
    # J8, V6: a piece sent back from 27 makes some races far longer than the track
    assert max(lengths) > 30
    assert ceiling.race_score(lengths, lengths) == pytest.approx(0.5)
    faster = [max(1, n - 5) for n in lengths]
    assert ceiling.race_score(faster, lengths) > 0.5
    assert ceiling.race_score(faster, lengths) + ceiling.race_score(lengths, faster) == pytest.approx(1.0)


def test_the_report_prints_turns_and_race_scores(capsys):
    assert ceiling.main(["--variant", "havens", "--pieces", "1", "--races", "200"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("havens: one side alone, 1 piece from 1, 56 positions")
    best, average, _ = (float(x) for x in re.search(
        r"best (\d+\.\d+), average (\d+\.\d+), expert (\d+\.\d+)", out).groups())
    assert best == pytest.approx(turns("havens")[0][(1,)], abs=0.006)  # printed to two decimals
    assert average >= best - 1e-6
    scores = [float(x) for x in re.findall(r"against \w+: (\d\.\d+)", out)]
    assert len(scores) == 3 and all(0.0 <= s <= 1.0 for s in scores)


def test_too_many_pieces_is_refused():
    with pytest.raises(SystemExit) as exc:
        ceiling.main(["--variant", "jequier", "--pieces", "6"])
    assert exc.value.code == 2
