"""The turn model (docs/engine-api.md): State.to_act, one transition State.apply for
throws and actions alike, THROW as the choice before a throw where a rescue is possible
(K9, H8), senet.turns, and what older versions wrote still loading the same.

tests/engine/fixtures/records.json (tools/make_record_fixtures.py) and
players_baseline.json (tools/check_players.py) were written with the engine before the
turn model; the records and saves must replay to the same positions and the players
must choose as they did then.
"""

import json
import os

import pytest

import senet
from senet import turns
from senet.ai import get_player
from senet.game import Game
from senet.session import Session

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")

# Kendall: white's piece in the water (27) with 15 free, at the start of white's turn (K9)
WET = "kendall wbwbwbwbwbwb.b............w... w - w=0/0,b=0/0 -"


def load(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return json.load(f)


RECORDS = load("records.json")


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_what_older_versions_wrote_replays_to_the_same_positions(name):
    item = RECORDS[name]
    if item["kind"] == "record":
        game = Game.from_record(item["text"])
        session = None
    else:
        session = Session.from_json(item["text"])
        game = session.game
        assert session.to_json() == item["text"]  # saved again, it reads the same
    assert [s.position() for s in game.states] == item["positions"]
    assert game.state.position() == item["state"]
    if item["kind"] == "record":
        assert game.record_text() == item["text"] or game.sealed or not game.over
    if "after_redo" in item:
        assert session.redo()
        assert session.state.position() == item["after_redo"]


def test_the_fixtures_hold_rescues_colour_draws_passes_and_both_generators():
    text = "".join(item["text"] for item in RECORDS.values())
    for needle in (" - rescue", " draw\n", " pass\n", "throws sha256-commit", "commit "):
        assert needle in text, needle
    assert any("throws" not in item["text"] and item["kind"] == "record" for item in RECORDS.values())  # mt19937


def test_who_acts():
    s = senet.start("kendall")
    assert s.to_act == senet.CHANCE and s.is_chance and not s.is_decision
    assert s.legal_actions() == [1, 2, 3, 4, 5]
    t = s.apply(4)
    assert t.to_act == "b" and t.is_decision and not t.is_chance
    draw = senet.start("jequier")
    assert draw.to_act == senet.CHANCE and draw.legal_actions() == [1, 2, 3, 4, 6]
    assert draw.apply(1).position() == "jequier wbwbwbwbw.b................... b - w=0/0,b=0/0 again"
    over = senet.parse_position("tait ............................w. b - w=0/4,b=0/5 -")
    assert over.to_act is None and over.legal_actions() == [] and turns.step(over) == (turns.OVER, None)


def test_the_choice_before_a_throw_is_a_decision_and_throw_leads_to_its_chance_node():
    s = senet.parse_position(WET)
    assert s.to_act == "w" and s.legal_actions() == [senet.THROW, senet.RESCUE]
    with pytest.raises(senet.IllegalMove):
        s.apply(4)  # choose first
    thrown = s.apply("throw")
    assert thrown.throwing and thrown.is_chance and thrown.legal_actions() == [1, 2, 3, 4, 5]
    assert thrown.position() == WET[:-1] + "throwing"
    assert senet.parse_position(thrown.position()) == thrown
    with pytest.raises(senet.IllegalMove):
        thrown.apply(senet.RESCUE)  # the choice is made
    assert thrown.apply(4).position() == WET.replace(" - w=", " 4 w=")
    assert turns.after_throw(s, 4) == thrown.apply(4)
    assert senet.parse_move("throw") == senet.THROW and str(senet.THROW) == "throw"
    with pytest.raises(senet.PositionError):  # no rescue possible: no such chance node
        senet.parse_position("kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 throwing")
    with pytest.raises(senet.IllegalMove):
        senet.start("kendall").apply(senet.THROW)


def test_a_game_records_throw_as_the_line_of_its_throw():
    game = Game("kendall", seed=3, start=senet.parse_position(WET))
    game.apply(senet.THROW)
    assert game.state.throwing and game.entries == []
    game.apply(4)
    game.apply("27-off")
    assert game.record_text().splitlines()[-1] == "w 4 27-off"
    again = Game.from_record(game.record_text())  # the reader applies THROW itself
    assert again.state == game.state
    game.undo_to(0, keep_throw=True)
    assert game.state.position() == WET.replace(" - w=", " 4 w=")
    game.undo_to(0)
    assert game.state.position() == WET  # back to the choice, not to the chance node
    assert game.throw() in game.rules.throw_values  # Game.throw chooses THROW itself
    with pytest.raises(senet.RecordError):
        Game.from_record(game.record_text().replace("\nw ", "\nw - throw\nw ", 1))


def test_steps_of_a_game():
    game = Game("kendall", seed=1, start=senet.parse_position(WET))
    assert turns.game_step(game) == (turns.CHOICE, None)
    game.apply(senet.RESCUE)
    assert turns.game_step(game) == (turns.CHANCE, None)
    game.throw(2)
    kind, action = turns.game_step(game)
    legal = game.state.legal_actions()
    assert (kind, action) == ((turns.FORCED, legal[0]) if len(legal) == 1 else (turns.CHOICE, None))


def _in_baseline() -> list:
    """The rule sets of tools/check_players.py's baseline (Piccione came after the turn model)."""
    import json

    path = os.path.join(os.path.dirname(__file__), "fixtures", "players_baseline.json")
    with open(path) as f:
        baseline = json.load(f)
    return [v for v in senet.VARIANTS if v in baseline]


@pytest.mark.parametrize("variant", _in_baseline())
def test_players_choose_as_before_the_turn_model(variant):
    """The first positions of tools/check_players.py (run it for all of them)."""

    import check_players

    expected = load("players_baseline.json")
    assert check_players.compare(expected, limit=25, variants=[variant]) == []


def test_players_answer_throw_or_rescue_before_a_throw():
    s = senet.parse_position(WET)
    for level in ("novice", "average", "expert"):
        assert get_player(level, nodes=200, time_cap=None).choose(s) in (senet.THROW, senet.RESCUE)
    ranked = get_player("expert", nodes=300, time_cap=None).analyse(s)
    assert {m for m, _ in ranked} == {senet.THROW, senet.RESCUE}
