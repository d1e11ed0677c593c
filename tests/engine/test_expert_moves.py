"""The opponents choose as the fixture says: Expert's moves (its default node budget, no
wall-clock cap, so the choice depends on nothing but the position), Average's moves and
the evaluations behind them (hand-made, network, exact tables, solitaire tables), on a
seeded sample of positions of every rule set and of Kendall with house rules.

The fixture (tests/engine/fixtures/expert_moves.json) is a record of what the engine
chose before a change meant to change no choice (rule sets asked instead of named, the
networks and tables read from data files, the evaluation split by duty). Write it again
only when a change of play is meant: ``.venv/bin/python -m tests.engine.test_expert_moves``.
"""

import json
import os

import pytest

import senet
from senet.ai import get_player, play_out
from senet.ai.evaluate import evaluator
from senet.ai.network import network_evaluation
from senet.game import Game
from senet.throws import MT19937

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "expert_moves.json")
RULE_SETS = senet.VARIANTS + ("kendall+trap", "kendall+homerow", "kendall+five+start+trap+homerow")
EXPERT_POSITIONS = 8  # per rule set, spread over one seeded game (the last near its end)
EVALUATED_POSITIONS = 16  # per rule set: the evaluations alone (cheap)
PLACES = 12  # the digits a value is compared to


def _decisions(name: str) -> list:
    """The decision states of one seeded game between Average and Novice."""
    game = Game(name, seed=7, throws=MT19937)
    return list(play_out(game, get_player("average"), get_player("novice", seed=5)))


def _spread(states: list, count: int) -> list:
    if len(states) <= count:
        return states
    return [states[round(i * (len(states) - 1) / (count - 1))] for i in range(count)]


def _values(state) -> dict:
    out = {"average": round(evaluator(state.rules.name)(state), PLACES),
           "expert": round(evaluator(state.rules.name, expert=True)(state), PLACES)}
    net = network_evaluation(state.rules.name)
    if net is not None:
        out["network"] = round(net(state), PLACES)
    return out


def _expert(state) -> dict:
    expert = get_player("expert", time_cap=None)
    move = expert.choose(state)
    return {"move": str(move), "exact": bool(expert.info.get("exact")),
            "value": round(expert.info.get("value", 0.0), PLACES)}


def record(name: str) -> dict:
    states = _decisions(name)
    return {
        "expert": [dict(position=s.position(), **_expert(s)) for s in _spread(states, EXPERT_POSITIONS)],
        "evaluated": [dict(position=s.position(), average_move=str(get_player("average").choose(s)), **_values(s))
                      for s in _spread(states, EVALUATED_POSITIONS)],
    }


def _fixture() -> dict:
    with open(FIXTURE, encoding="utf-8") as fh:
        return json.load(fh)


@pytest.mark.parametrize("name", RULE_SETS)
def test_expert_plays_the_recorded_moves(name):
    want = _fixture()[name]["expert"]
    assert len(want) == EXPERT_POSITIONS
    for entry in want:
        state = senet.parse_position(entry["position"])
        got = _expert(state)
        assert got["move"] == entry["move"], entry["position"]
        assert got["exact"] == entry["exact"], entry["position"]
        assert got["value"] == pytest.approx(entry["value"], abs=10 ** -PLACES * 10), entry["position"]


@pytest.mark.parametrize("name", RULE_SETS)
def test_average_and_the_evaluations_are_as_recorded(name):
    want = _fixture()[name]["evaluated"]
    assert len(want) == EVALUATED_POSITIONS
    for entry in want:
        state = senet.parse_position(entry["position"])
        assert str(get_player("average").choose(state)) == entry["average_move"], entry["position"]
        got = _values(state)
        assert set(got) == {k for k in entry if k not in ("position", "average_move")}
        for key, value in got.items():
            assert value == pytest.approx(entry[key], abs=10 ** -PLACES * 10), (key, entry["position"])


def test_the_sample_reaches_the_tables_and_the_networks():
    """The sample is worth its time: some of Expert's positions lie in the exact tables,
    and the rule sets with a network are evaluated by it."""
    data = _fixture()
    assert set(data) == set(RULE_SETS)
    assert any(e["exact"] for name in data for e in data[name]["expert"])
    assert any(not e["exact"] for name in data for e in data[name]["expert"])
    assert {name for name in data if "network" in data[name]["evaluated"][0]} == {"bell", "havens"}


if __name__ == "__main__":
    with open(FIXTURE, "w", encoding="utf-8") as fh:
        json.dump({name: record(name) for name in RULE_SETS}, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print(f"wrote {FIXTURE}")
