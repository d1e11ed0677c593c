"""The first-game tutorial (app/flow/tutorial.py) against the engine, and its flow in the
controller, under CPython (tests/app/test_micropython_app.py plays it under
MicroPython too; tests/browser/test_tutorial.py in the page).

Every lesson is played with the engine: its position parses, each prepared throw is a
throw the sticks can make, each asked-for action is legal, and the lesson ends where
it says, at the point it teaches (the clause ids name the rule).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import View, no_sleep, run_async

import senet
from app.flow import tutorial
from app.flow.controller import Controller, Setup, loc_order
from app.flow.tutorial import DIFFERENCES, LESSONS, Tutorial, play_through
from senet import words
from senet.words import words as english_words
from senet.words.game import explain_text

ROOT = Path(__file__).resolve().parents[2]

BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def lesson_ids(lesson):
    return lesson.key


# ---------------------------------------------------------------- the lessons and the engine


@pytest.mark.parametrize("lesson", LESSONS, ids=lesson_ids)
def test_each_lesson_parses_and_plays_legally_to_its_end(lesson):
    start = lesson.start()
    assert start.variant == "kendall" and start.side == "b" and start.throw is None
    assert not start.is_terminal and start.position() == lesson.position  # the notation round trip
    steps = play_through(lesson)  # raises if a throw or an action is not possible
    assert len(steps) == len(lesson.beats) >= 1
    for (before, throw, action, _after), beat in zip(steps, lesson.beats):
        assert before.side == "b"
        if throw is None:
            assert senet.parse_move(action) in before.pre_throw_actions()
        else:
            assert throw in dict(before.chance_outcomes())  # the sticks can throw it (C2)
            assert senet.parse_move(action) in before.apply(throw).legal_actions()
        assert beat.before and (beat.throw is None or beat.after)
    assert steps[-1][3].position() == lesson.ends
    assert lesson.title and lesson.text and lesson.done


def test_the_lessons_cover_the_game_in_order():
    assert [lesson.key for lesson in LESSONS] == ["throw", "again", "bump", "pair", "beauty", "back", "water",
                                                  "rescue", "fall", "hit", "off"]


def test_k2_a_2_ends_the_turn_and_a_4_throws_again():
    (_, _, _, after), = play_through(BY_KEY["throw"])
    assert after.side == "w" and after.throw is None
    first, second = play_through(BY_KEY["again"])
    assert first[3].side == "b" and first[3].again  # the 4 earned another throw
    assert second[3].side == "w"  # the 3 ended the turn


def test_k5_a_bump_swaps_the_pieces():
    (before, _, _, after), = play_through(BY_KEY["bump"])
    assert before.square(16) == "b" and before.square(19) == "w"
    assert after.square(16) == "w" and after.square(19) == "b"


def test_k3_a_pair_cannot_be_landed_on_but_can_be_jumped():
    lesson = BY_KEY["pair"]
    state = lesson.start().apply(3)
    assert state.square(21) == state.square(22) == "w"
    assert senet.Move(19, 22) not in state.legal_actions()
    assert "protect" in explain_text(english_words(), state.rules.explain(state, senet.Move(19, 22)))
    assert senet.Move(20, 23) in state.legal_actions()  # over the pair: Kendall has no blockade


def test_k6_no_piece_passes_26():
    start = BY_KEY["beauty"].start()
    for throw in (4, 5):
        assert not any(m.src == 23 for m in start.apply(throw).legal_actions() if not m.is_special)
    (_, _, _, after), = play_through(BY_KEY["beauty"])
    assert after.square(26) == "b"


def test_k4_with_no_forward_move_a_piece_must_go_back_by_the_same_landing_rules():
    lesson = BY_KEY["back"]
    state = lesson.start().apply(3)
    assert not [m for m in state.legal_actions() if m.dst == senet.OFF or m.dst > m.src]  # nothing forward
    assert "past square 26" in explain_text(english_words(), state.rules.explain(state, senet.Move(24, 27)))  # K6 holds both pieces
    assert "past square 26" in explain_text(english_words(), state.rules.explain(state, senet.Move(25, 28)))
    assert "protect" in explain_text(english_words(), state.rules.explain(state, senet.Move(24, 21)))  # back onto the guarded pair: no (K3)
    assert state.legal_actions() == [senet.Move(25, 22)]
    (before, _, _, after), = play_through(lesson)
    assert before.square(25) == "b" and before.square(22) == "."
    assert after.square(22) == "b" and after.square(25) == "." and after.side == "w"  # it went back; a 3 ends the turn


def test_k4_c4_when_no_piece_can_move_either_way_the_throw_is_lost_even_a_4():
    """The "back" lesson's words: a 4 in its position moves nothing (forward past 26,
    back onto the guarded pair), so the throw is lost and the turn passes."""
    state = BY_KEY["back"].start().apply(4)
    assert state.legal_actions() == [senet.PASS]
    after = state.apply(senet.PASS)
    assert after.side == "w" and not after.again and after.board == state.board


def test_k4_backward_moves_bump_like_forward_ones_and_stop_at_square_1():
    """The "back" lesson says a piece forced back may land on a lone piece (a swap, K5)
    and never goes behind square 1."""
    lone = senet.parse_position(tutorial._position(white=(1, 3, 5, 7, 9, 11, 22), black=(25,), off_black=6))
    state = lone.apply(3)
    assert state.legal_actions() == [senet.Move(25, 22)]
    after = state.apply(senet.Move(25, 22))
    assert after.square(22) == "b" and after.square(25) == "w"  # swapped backward
    low = senet.parse_position(tutorial._position(white=(3, 4, 5, 7, 9, 11, 13), black=(2,), off_black=6))
    assert low.apply(2).legal_actions() == [senet.PASS]  # 2-0 would leave the board behind square 1


def test_k9_the_water_ends_the_turn_even_after_a_1():
    (_, throw, _, after), = play_through(BY_KEY["water"])
    assert throw == 1 and after.square(27) == "b" and after.side == "w" and not after.again


def test_k9_the_rescue_puts_the_piece_on_15_and_ends_the_turn():
    (before, throw, action, after), = play_through(BY_KEY["rescue"])
    assert throw is None and action == "rescue" and before.square(15) == "."
    assert after.square(15) == "b" and after.square(27) == "." and after.side == "w"


def test_k8_with_nothing_else_to_move_a_piece_on_28_or_29_falls_into_the_water_and_the_turn_ends():
    lesson = BY_KEY["fall"]
    state = lesson.start().apply(1)
    # neither piece can bear off with a 1 (K7), nothing else can move: either may fall, the side chooses
    assert sorted(state.legal_actions()) == [senet.Move(28, 27), senet.Move(29, 27)]
    (before, throw, _, after), = play_through(lesson)
    assert before.square(28) == "b" and before.square(27) == "."
    assert after.square(27) == "b" and after.square(28) == "." and after.square(29) == "b"
    assert throw == 1 and after.side == "w" and not after.again  # the 1's extra throw is gone: the water (K9)
    # and the player is told it fell, not just that it moved
    assert senet.describe(state, senet.Move(28, 27), after) == ["black moves from 28 to 27",
                                                                "black's piece falls back into the water"]


def test_k8_the_fall_only_when_nothing_else_moves_and_k11_it_swaps_with_a_piece_in_the_water():
    state = BY_KEY["fall"].start()
    assert senet.Move(29, senet.OFF) in state.apply(2).legal_actions()
    assert not any(m.dst == 27 for m in state.apply(2).legal_actions())  # a 2 bears off from 29: no fall
    other = senet.parse_position(tutorial._position(white=(1, 3, 5, 7, 9, 11, 13), black=(20, 28), off_black=5))
    assert senet.Move(28, 27) not in other.apply(1).legal_actions()  # 20-21 is possible
    # the lesson's last words: a white piece in the water swaps with the falling one
    wet = senet.parse_position(tutorial._position(white=(1, 3, 5, 7, 9, 11, 27), black=(28, 29), off_black=5))
    after = wet.apply(1).apply(senet.Move(28, 27))
    assert after.square(27) == "b" and after.square(28) == "w" and after.side == "w"
    assert senet.describe(wet.apply(1), senet.Move(28, 27), after)[1:] == [
        "black's piece falls back into the water", "white's piece on 27 is bumped to square 28"]
    # B2: in Bell pieces run down towards 1, so 28-27 is a plain move, with no water in it
    bell = senet.parse_position("bell " + "." * 9 + "w" + "." * 17 + "b.. b 1 w=9/0,b=9/0 -")
    moved = bell.apply(senet.Move(28, 27))
    assert senet.describe(bell, senet.Move(28, 27), moved) == ["black moves from 28 to 27"]


def test_k12_a_lone_piece_on_28_to_30_bumped_from_26_drops_into_the_water():
    lesson = BY_KEY["hit"]
    (before, _, _, after), = play_through(lesson)
    assert before.square(26) == "b" and before.square(29) == "w" and before.square(27) == "."
    assert after.square(29) == "b" and after.square(27) == "w" and after.square(26) == "."  # not swapped to 26
    assert after.side == "w"
    assert senet.RESCUE in after.pre_throw_actions()  # white's piece waits in the water (K9)


def test_k12_with_the_water_taken_the_swap_is_to_26_and_a_pair_on_28_to_30_is_guarded():
    taken = senet.parse_position(tutorial._position(white=(1, 3, 5, 7, 9, 27, 29), black=(2, 4, 6, 8, 10, 12, 26)))
    after = taken.apply(3).apply(senet.Move(26, 29))
    assert after.square(26) == "w" and after.square(27) == "w" and after.square(29) == "b"
    pair = senet.parse_position(tutorial._position(white=(1, 3, 5, 7, 9, 29, 30), black=(2, 4, 6, 8, 10, 12, 26)))
    state = pair.apply(3)
    assert senet.Move(26, 29) not in state.legal_actions()
    assert "protect" in explain_text(english_words(), state.rules.explain(state, senet.Move(26, 29)))


def test_k7_k13_exact_throws_bear_off_and_the_last_one_wins():
    lesson = BY_KEY["off"]
    state = lesson.start().apply(4)
    assert senet.Move(29, senet.OFF) not in state.legal_actions()  # 29 needs a 2
    assert senet.Move(30, senet.OFF) in state.legal_actions()  # 30 leaves on any throw
    steps = play_through(lesson)
    assert steps[0][3].again and steps[-1][3].winner == "b"


def test_every_other_rule_set_has_its_line():
    assert set(DIFFERENCES) == set(senet.VARIANTS) - {"kendall"}
    for variant, key in DIFFERENCES.items():
        line = words.t(key)
        assert senet.get_rules(variant).title in line and line.endswith(".")


# ---------------------------------------------------------------- the tutorial's words


def test_the_tutorial_says_what_to_do_at_each_moment():
    t = Tutorial("tait")
    assert t.heading() == f"How to play, 1 of {len(LESSONS)}: Throwing and moving"
    assert "Tait" in t.note()
    assert t.wants_throw() and t.task() == "Throw the sticks." and "throw the sticks" in t.hint()
    t.on_throw(2)
    assert not t.wants_throw() and t.task().startswith("You threw 2.")
    assert t.allows(senet.Move(14, 16)) and not t.allows(senet.Move(12, 14))
    assert "piece on 14 to 16" in t.hint()
    t.on_play(senet.Move(14, 16))
    assert t.done and "Next" in t.task()
    assert t.go(len(LESSONS) - 1) and t.last and not t.done and t.note() == ""
    assert not t.go(len(LESSONS))  # no such lesson: stays where it is
    t.beat = len(t.lesson.beats)
    assert words.t(DIFFERENCES["tait"]) in t.task()
    k = Tutorial("kendall", len(LESSONS) - 1)
    k.beat = len(k.lesson.beats)
    assert "Finish" in k.task() and "Finish" in k.hint() and Tutorial("kendall").note() == ""


# ---------------------------------------------------------------- in the controller


def _game_in_progress(replaced=None):
    view = View()
    saves = []
    ctl = Controller(view, setup=Setup("kendall", ("human", "human"), seed=5, speed="instant"), sleep=no_sleep,
                     autosave=lambda c: saves.append(c.table.state.position()),
                     on_replace=(lambda s: replaced.append(s.game.record_text())) if replaced is not None else None)
    ctl.start()
    ctl.throw()
    ctl.activate(sorted(ctl.table.movable, key=loc_order)[-1])
    ctl.throw()  # a throw pending in the game in progress
    return ctl, view, saves


def test_prepared_throws_and_wrong_clicks_in_the_controller():
    async def go():
        ctl, view, saves = _game_in_progress()
        live = (ctl.table.session.record_text(), ctl.table.game_id, ctl.table.state, ctl.table.last_throw, ctl.table.sticks)
        count = len(saves)
        ctl.lessons.open(Tutorial("kendall", 3))  # "Safety in pairs"
        assert ctl.table.state.position() == LESSONS[3].position and ctl.table.seat_name(2) == "You"
        assert not ctl.history.can_undo and not ctl.table.can_rescue and ctl.table.can_throw
        assert ctl.refusal(19) == "Throw the sticks first: the throw says how far a piece moves."
        assert ctl.throw() and ctl.table.state.throw == 3  # the prepared throw, from the engine's Game
        assert sum(ctl.table.sticks) == 3
        assert list(ctl.table.movable) == [20]  # only the piece the lesson is about glows
        before = ctl.table.state
        assert not ctl.activate(19)  # would land on the guarded pair
        assert ctl.table.state is before
        assert "protect" in view.messages[-1] and "piece on 20 to 23" in view.messages[-1]
        assert not ctl.activate(10)  # legal in a game, not this lesson's move
        assert view.messages[-1].startswith("That move is allowed in a game") and ctl.table.state is before
        assert ctl.activate(20) and ctl.table.tutorial.done and ctl.table.state.position() == LESSONS[3].ends
        assert ctl.refusal(23) == ctl.table.tutorial.hint()
        assert ctl.lessons.go(LESSONS.index(BY_KEY["rescue"])) and ctl.table.can_rescue and not ctl.table.can_throw  # the rescue lesson
        assert ctl.rescue() and ctl.table.tutorial.done
        await ctl.turn_loop.idle()
        assert len(saves) == count  # nothing saved over the game in progress
        assert ctl.lessons.close() and view.messages[-1] == "Back to your game."
        assert (ctl.table.session.record_text(), ctl.table.game_id, ctl.table.state, ctl.table.last_throw, ctl.table.sticks) == live
        assert ctl.table.tutorial is None and not ctl.lessons.close()
        assert ctl.table.movable  # the game goes on with its pending throw
    run_async(go())


def test_a_new_game_from_the_tutorial_keeps_the_game_in_progress():
    replaced = []
    ctl, _view, _saves = _game_in_progress(replaced)
    live = ctl.table.game.record_text()
    ctl.lessons.open(Tutorial())
    ctl.new_game(Setup("tait", ("human", "novice"), seed=2))
    assert ctl.table.tutorial is None and ctl.table.game.variant == "tait"
    assert replaced == [live]  # on_replace was handed the game in progress, not the lesson


def test_the_page_imports_the_tutorial_only_after_its_first_paint():
    """The page starts without it: a part loaded after the first paint or when it opens
    (app/boot/parts.py; tests/browser/test_boot.py checks page.pack holds it as bytecode)."""
    sources = {path.relative_to(ROOT / "app").as_posix(): path.read_text() for path in (ROOT / "app").rglob("*.py")
               if path.name != "tutorial.py"}
    top_level = [line for text in sources.values() for line in text.splitlines()
                 if line.startswith(("import ", "from "))]
    assert len(top_level) > 20 and not any("tutorial" in line for line in top_level)
    assert '(TUTORIAL, ("app.flow.tutorial",))' in sources["boot/parts.py"]  # the part the page opens it from
    assert "module.Tutorial(" in sources["boot/page.py"]
    assert tutorial.VARIANT == "kendall"
