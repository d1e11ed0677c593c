"""The app's side of Piccione's rules and Kendall's house rules: the rule set from a
link (both spellings of "+", refusals in one line), from the New game dialog, the
statistics' keys, what the sticks say of a throw used in parts ("3 left"), Undo part
by part, and the tutorial's line of what differs."""

from pathlib import Path

import pytest
from app_harness import View, human_step, last, no_sleep, people_play_to_end, run_async, seeded_bytes

import senet
from app.flow.controller import Controller, Setup
from app.flow.setup import dialog_setup, rule_set_name, setup_from_query
from app.flow.tutorial import Tutorial
from app.storage.store import MemoryBackend, SavedGame, Store
from app.words.narration import throw_words
from app.words.records import stats_rows
from senet.session import empty_stats, load_stats, record_result
from senet.words import t

ROOT = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------- links


@pytest.mark.parametrize("query", ["?variant=kendall%2Bfive", "?variant=kendall+five", "?variant=Kendall%20%2B%20Five",
                                   "?variant=kendall%2Bfive&white=human"])
def test_a_link_with_house_rules_starts_that_rule_set(query):
    setup, warnings = setup_from_query(query)
    assert warnings == []
    assert setup.variant == "kendall+five"
    assert senet.get_rules(setup.variant).pieces == 5


def test_a_link_names_piccione_and_all_four_options():
    assert setup_from_query("?variant=piccione")[0].variant == "piccione"
    setup, warnings = setup_from_query("?variant=kendall+five+start+trap+homerow")
    assert (setup.variant, warnings) == ("kendall+five+start+trap+homerow", [])


@pytest.mark.parametrize("value, words", [
    ("kendall%2Btrap%2Bfive", "'kendall+trap+five'"), ("kendall+five+five", "'kendall five five'"),
    ("kendall+quick", "'kendall quick'"), ("tait%2Bfive", "'tait+five'"), ("piccione+five", "'piccione five'"),
    ("chess", "'chess'"),
])
def test_a_link_with_bad_house_rules_is_refused_in_one_line_and_changes_nothing(value, words):
    """The warning names what the link asked for, in the catalog's words (never the engine's
    English), and the rule set played instead."""
    base = Setup("tait", ("human", "expert"), seed=9)
    setup, warnings = setup_from_query(f"?variant={value}&seed=4", base)
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert warnings[0] == t("flow.query.unknown_rules", variant=words.strip("'"), playing="tait")
    assert words in warnings[0] and warnings[0].endswith("; playing tait")
    assert setup.variant == "tait" and setup.players == ("human", "expert") and setup.seed == 4


def test_a_position_link_with_house_rules_escapes_its_plus():
    five = "kendall%2Bfive+wbwbwbwbwb...................." + "+w+-+w=0/0,b=0/0+-"
    setup, warnings = setup_from_query("?position=" + five)
    assert warnings == [] and setup.variant == "kendall+five"
    assert setup.position.startswith("kendall+five wbwbwbwbwb")


def test_rule_set_name_and_the_setup_check():
    assert rule_set_name(" kendall  five trap ") == "kendall+five+trap"
    with pytest.raises(senet.SenetError):
        rule_set_name("kendall+homerow+five")
    assert Setup("kendall+five").checked().variant == "kendall+five"
    with pytest.raises(ValueError, match=r"write it 'kendall\+five'"):
        Setup("kendall five").checked()
    with pytest.raises(ValueError, match="order"):
        Setup("kendall+trap+five").checked()


# ---------------------------------------------------------------- the New game dialog


def test_the_dialog_starts_a_game_with_house_rules_or_refuses_in_one_line():
    base = Setup()
    setup, problem = dialog_setup(base, "kendall+five+trap", ("human", "average"), ("", ""), "lapis", 12)
    assert problem is None and setup.variant == "kendall+five+trap"
    ctl = Controller(View(), setup=setup)
    assert ctl.table.rules.name == "kendall+five+trap"
    assert len(ctl.table.state.pieces("w")) == 5 and len(ctl.table.state.pieces("b")) == 5
    setup, problem = dialog_setup(base, "kendall+start+five", ("human", "average"), ("", ""), "lapis", 12)
    assert setup is None and "order" in problem and "\n" not in problem


# ---------------------------------------------------------------- statistics


def test_statistics_count_each_rule_set_with_its_options_apart():
    stats = empty_stats()
    record_result(stats, "kendall", "average", "won")
    record_result(stats, "kendall+five", "average", "lost")
    record_result(stats, "piccione", "novice", "won")
    assert set(stats["results"]) == {"kendall/average", "kendall+five/average", "piccione/novice"}
    with pytest.raises(senet.SenetError):
        record_result(stats, "kendall+five+five", "average", "won")
    assert [row[:2] for row in stats_rows(stats)] == [("kendall", "average"), ("kendall+five", "average"),
                                                       ("piccione", "novice")]


def test_old_statistics_still_load_and_bad_keys_are_dropped():
    old = ('{"format": "senet-stats", "version": 1, "results": {"kendall/expert": {"won": 2, "lost": 1, "drawn": 0},'
           ' "tait/novice": {"won": 1}, "kendall+trap+five/average": {"won": 1}, "kendall five/average": {"won": 1},'
           ' "kendall+five/average": {"won": 3}}}')
    stats = load_stats(old)
    assert set(stats["results"]) == {"kendall/expert", "tait/novice", "kendall+five/average"}
    assert stats["results"]["kendall/expert"] == {"won": 2, "lost": 1, "drawn": 0}


# ---------------------------------------------------------------- "3 left"


def test_throw_words_say_what_is_left_and_a_throw_owed():
    piccione = senet.get_rules("piccione")
    part = senet.parse_position("piccione ...w...............b.......... w 3 w=4/0,b=4/0 dir=f")
    assert throw_words(part, piccione) == ("3 left", "")
    owed = senet.parse_position("piccione ...w...............b.......... w 3 w=4/0,b=4/0 dir=f,owe")
    assert throw_words(owed, piccione) == ("3 left", "then a throw more")
    fresh = senet.parse_position("piccione ..w....................b...... w 4 w=4/0,b=4/0 -")
    assert throw_words(fresh, piccione) == ("", "")
    five = senet.parse_position("piccione ..w....................b...... w 5 w=4/0,b=4/0 -")
    assert throw_words(five, piccione) == ("", "then a throw more")
    kendall = senet.get_rules("kendall")
    assert throw_words(senet.Game("kendall").state, kendall) == ("", "")
    assert throw_words(senet.parse_position("piccione .............................. b - w=5/0,b=5/0 -"),
                       piccione) == ("", "")


def _thrown_at_least(n):
    """A two-human Piccione game from white's piece on 3, thrown until the throw is n or more."""
    for seed in range(200):
        ctl = Controller(View(), setup=Setup("piccione", ("human", "human"), seed=seed,
                                             position="piccione ..w....................b...... w - w=4/0,b=4/0 -"))
        ctl.throw()
        if ctl.table.state.throw >= n:
            return ctl
    raise AssertionError("no seed gave the throw")


def test_a_person_plays_a_part_sees_what_is_left_and_undo_takes_back_that_part():
    async def main():
        ctl = _thrown_at_least(3)
        throw = ctl.table.state.throw
        assert ctl.throw_words[0] == ""
        assert ctl.activate(3)  # the piece on 3: several parts possible, so it is selected
        assert ctl.table.selected == 3
        assert ctl.activate(4)  # a part of 1
        await ctl.turn_loop.idle()
        assert ctl.table.state.square(4) == "w" and ctl.table.state.throw == throw - 1
        assert ctl.throw_words[0] == f"{throw - 1} left"
        assert ctl.activate(4) and ctl.activate(5)  # a second part of 1, same side
        await ctl.turn_loop.idle()
        assert ctl.throw_words[0] == f"{throw - 2} left"
        assert ctl.history.undo()  # one part back, not the whole throw
        assert ctl.table.state.square(4) == "w" and ctl.table.state.throw == throw - 1
        assert ctl.view.messages[-1].startswith(f"Move taken back: back to Player 1's throw with {throw - 1} left")
        assert ctl.history.undo()
        assert ctl.table.state.square(3) == "w" and ctl.table.state.throw == throw and ctl.throw_words[0] == ""
    run_async(main())


def test_a_piece_goes_back_to_the_supply_by_a_click():
    async def main():
        # White on 1 cannot go forward (2..6 are black's) nor enter (1 is taken): it goes
        # back past square 1 to the supply, whatever the throw (P5, the move 1-in).
        ctl = Controller(View(), setup=Setup("piccione", ("human", "human"), seed=3,
                                             position="piccione wbbbbb........................ w - w=4/0,b=0/0 -"))
        assert ctl.throw()
        assert [str(m) for m in ctl.table.movable[1]] == ["1-in"] and list(ctl.table.movable) == [1]
        tracked = [pid for pid, loc in ctl.table.tracker.loc.items() if loc == 1]
        assert ctl.activate(1)
        await ctl.turn_loop.idle()
        assert ctl.table.state.square(1) == "." and ctl.table.state.supply[0] == 5
        assert ctl.table.tracker.loc[tracked[0]] == "supply"  # the same piece, drawn in the supply
    run_async(main())


# ---------------------------------------------------------------- records, saves, verification


@pytest.mark.parametrize("variant", ["kendall+five+trap", "piccione"])
def test_a_game_with_house_rules_or_piccione_is_recorded_saved_verified_and_counted(variant):
    # a committed game (no seed in its setup), its seed drawn from seeded bytes
    ctl = Controller(View(), setup=Setup(variant, ("human", "human"), speed="instant"), sleep=no_sleep,
                     random_bytes=seeded_bytes(7))
    ctl.start()
    for _ in range(12):  # a few decisions, then the save in the middle of the game
        assert human_step(ctl)
    store = Store(MemoryBackend())
    store.save_game(SavedGame(ctl.table.session))
    saved = store.load_game()
    assert saved.session.game.variant == variant
    assert saved.session.game.state.position() == ctl.table.state.position()
    people_play_to_end(ctl, piece=last, target=last)  # the front piece, furthest: the game ends
    text = ctl.record_text()
    assert senet.Game.from_record(text).variant == variant
    assert ctl.fair.verify_text().startswith("Verified: ")
    assert ctl.fair.record_file_name().startswith(f"senet-{variant}-")
    from senet.ai.review import review_record

    review = review_record(text, nodes=200)  # what the worker's review runs on the record
    assert review["variant"] == variant and review["finished"] and review["done"] == review["total"] > 0
    store.add_result(variant, "average", "won")  # as a game against a computer ends
    assert stats_rows(store.load_stats())[0][:3] == (variant, "average", 1)


# ---------------------------------------------------------------- the tutorial


def test_the_tutorial_says_what_house_rules_change():
    assert Tutorial("kendall").difference == "" and Tutorial("kendall").note() == ""
    lessons = Tutorial("kendall+five+homerow")
    assert lessons.difference.startswith("Your game adds house rules to Kendall's: five pieces each")
    assert "1 to 10" in lessons.difference
    assert "house rules" in lessons.note()
    assert Tutorial("piccione").difference.startswith("Your game uses Piccione's rules")
    assert "Piccione's" in Tutorial("piccione").note()
