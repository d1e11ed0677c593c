"""Issue 25 in CPython: one way of counting a game (app/game/counting.py) in the move log, the
replay, the review, the game-over summary and the kept games; a finished game stays
finished (no undo), resigning, playing without take-backs and take-back games counted
apart; the sticks after an undo."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from app_harness import View, engine_think, human_step, last, no_sleep, play_to_end, run_async

import senet
from app.flow.controller import Controller, Setup
from app.flow.review_data import GameReview
from app.game.counting import line_name, mark_name, marks, moment_name, replay_label, turns_played
from app.storage.formats import Settings, dump_settings, parse_settings
from app.storage.store import MemoryBackend, Store, outcome_for_stats
from app.words.move_log import summary
from app.words.records import stats_rows
from senet.ai.review import Reviewer
from senet.session import SaveError, Session, empty_stats, load_stats, record_result

ROOT = Path(__file__).resolve().parents[2]


def make(variant, seats, seed, results=None):
    def on_result(session):
        if results is not None:
            results.append((session.game.result, outcome_for_stats(session), session.took_back))

    return Controller(View(), engine_think, sleep=no_sleep, on_result=on_result,
                      setup=Setup(variant, seats, seed=seed, speed="instant"))


def people_game(variant, seed):
    """A whole game between two people, played by the harness."""
    ctl = make(variant, ("human", "human"), seed)
    ctl.start()
    for _ in range(20000):
        if ctl.table.game.over:
            return ctl
        assert human_step(ctl, piece=last)
    raise AssertionError("the game did not end")


def a_game(variant, seed):
    """A whole game of random legal choices, played on the engine alone (fast)."""
    import random

    rng = random.Random(seed)
    game = senet.Game(variant, seed=seed)
    for _ in range(20000):
        if game.over:
            return game
        state = game.state
        if state.to_act == senet.CHANCE:
            game.throw()
        else:
            actions = state.legal_actions()
            action = rng.choice(actions)
            if state.throw is None and action == senet.THROW:
                game.throw()
            else:
                game.play(action)
    raise AssertionError("the game did not end")


def log_turn_of_step(ctl) -> dict:
    """The move log's turn number of each replay step (the step after each record line)."""
    return {step: number for number, _who, steps in ctl.log_turns() for step, _text in steps}


# ---------------------------------------------------------------- one number for one moment


def test_a_turn_is_one_sides_throws_until_the_others_begin():
    game = a_game("kendall", 5)
    line_marks = marks(game)
    sides = [e.side for e in game.entries]
    # a turn begins where the side changes; an extra throw (a 1, 4 or 5) goes on with it
    changes = [i for i in range(len(sides)) if i == 0 or sides[i] != sides[i - 1]]
    assert turns_played(game) == len(changes) < len(game.entries)
    for number, first in enumerate(changes, 1):
        end = changes[number] if number < len(changes) else len(sides)
        assert [line_marks[i] for i in range(first, end)] == [
            (number, move, end - first) for move in range(1, end - first + 1)]
    extra = [i for i in range(1, len(sides)) if sides[i] == sides[i - 1]]
    assert extra and all(game.entries[i - 1].throw in (1, 4, 5) or game.entries[i].throw is None
                         for i in extra)
    i = extra[0]
    assert re.fullmatch(r"Move 2 of turn \d+", line_name(game, i)) and line_marks[i][0] == line_marks[i - 1][0]


def test_piccione_a_throw_used_in_parts_goes_on_with_its_turn():
    game = a_game("piccione", 3)
    line_marks = marks(game)
    parts = [i for i, e in enumerate(game.entries) if e.throw is None]
    assert parts, "no throw was used in parts in this game"
    for i in parts:  # a part goes on with the turn before it
        assert line_marks[i][0] == line_marks[i - 1][0] and line_marks[i][1] == line_marks[i - 1][1] + 1
        assert re.fullmatch(r"Move \d+ of turn \d+", line_name(game, i))
        assert line_marks[i][2] > 1
    sides = [e.side for e in game.entries]
    assert turns_played(game) == 1 + sum(1 for a, b in zip(sides, sides[1:]) if a != b)


def test_the_colour_draw_comes_before_turn_1():
    game = a_game("jequier", 2)
    line_marks = marks(game)
    draws = [i for i, e in enumerate(game.entries) if e.draw]
    assert draws == list(range(len(draws))) and draws
    assert all(line_marks[i][0] == 0 for i in draws) and line_marks[len(draws)][0] == 1
    assert line_name(game, 0) == "The colour draw" and moment_name(game, len(draws)) == "after the colour draw"
    assert replay_label(game, 0).startswith("Start of the game")
    # the review counts the lines it reviewed without the colour draw's: its first is turn 1
    review = GameReview(game)
    review.started(json.dumps({"total": len(game.entries) - len(draws), "nodes": 1}))
    review.progressed(json.dumps({"done": 1, "total": len(game.entries) - len(draws)}))
    assert review.progress_text() == f"Reviewing the game: turn 1 of {turns_played(game)}\u2026"


def test_the_same_moment_has_the_same_number_in_the_log_replay_review_and_game_over():
    ctl = people_game("kendall", 8)
    game = ctl.table.game
    total = turns_played(game)
    # the game-over panel's count, the log's newest group and the replay's total agree
    assert summary(game)["turns"] == total == ctl.log_turns()[0][0]
    log = log_turn_of_step(ctl)
    ctl.replays.open(game, 0, own=True)
    for step in range(1, len(game.entries) + 1):
        ctl.replays.go(step)
        label = ctl.replays.label()
        assert re.fullmatch(rf"(Move \d+ of t|T)urn {log[step]} of {total}", label), (step, label)
        assert ctl.table.message.startswith(f"Replay: {label}.")
    # the review names a decision by the turn the log puts its line in, and choosing it
    # shows the replay's counter at that same turn
    review = ctl.reviews.begin()
    worker = Reviewer(review.game, 200)
    review.started(json.dumps({"total": worker.total, "nodes": worker.nodes}))
    while not worker.finished:
        worker.step()
    review.finished(json.dumps(worker.result()))
    names = ctl.reviews.names()
    assert review.decisions
    for index, d in enumerate(review.decisions[:40]):
        turn = log[d["ply"]]  # the log's entry of that line is at step ply
        assert re.match(rf"(Move \d+ of t|T)urn {turn}: ", review.decision_text(index, names))
        ctl.reviews.show_decision(index)
        assert re.fullmatch(rf"(Move \d+ of t|T)urn {turn} of {total}, before the move", ctl.replays.label())
        assert re.search(rf"Review: (Move \d+ of t|T)urn {turn}: ", ctl.table.message)


def test_a_kept_game_and_the_resume_text_count_turns():
    ctl = make("tait", ("human", "novice"), 4)
    ctl.start()
    for _ in range(12):
        human_step(ctl)
    n = turns_played(ctl.table.game)
    from app.words.narration import resume_text

    assert f"({n} turn{'s' if n != 1 else ''} so far)" in resume_text(ctl.table)


# ---------------------------------------------------------------- a finished game stays finished


def test_no_undo_nor_redo_once_the_game_is_over():
    async def run():
        ctl = make("tait", ("human", "novice"), 6)
        ctl.start()
        await play_to_end(ctl)
        assert ctl.table.game.over and ctl.table.session.can_undo  # the session could, the page does not
        record = ctl.table.game.record_text()
        assert not ctl.history.can_undo and not ctl.history.can_redo
        assert not ctl.history.undo() and ctl.table.game.over and ctl.table.game.record_text() == record

    run_async(run())


def test_resigning_ends_the_game_as_a_loss_in_the_record_and_the_statistics():
    async def run():
        results = []
        ctl = make("kendall", ("human", "average"), 3, results)
        ctl.start()
        for _ in range(6):
            await ctl.turn_loop.idle()
            human_step(ctl)
        await ctl.turn_loop.idle()
        assert ctl.history.can_resign and not ctl.table.game.over
        assert ctl.history.resign()
        assert ctl.table.game.over and ctl.table.game.result == "b" and ctl.table.game.conceded == ("b", "resigned")
        assert ctl.table.message.startswith("You resigned.")
        assert not ctl.history.can_undo and not ctl.history.can_resign and not ctl.history.resign()
        # counted once, as a loss, and written in the record, which loads again
        assert results == [("b", ("kendall", "average", "lost"), False)]
        record = ctl.table.session.record_text()
        assert "\nresult b: resigned" in record
        again = senet.Game.from_record(record)
        assert again.over and again.result == "b" and again.conceded == ("b", "resigned")
        # the save keeps it finished
        back = Session.from_json(ctl.table.session.to_json())
        assert back.game.over and back.game.conceded == ("b", "resigned")
        entries = len(ctl.table.game.entries)
        await ctl.turn_loop.idle()
        assert len(ctl.table.game.entries) == entries  # the computer played nothing after it

    run_async(run())


def test_resigning_while_the_computer_thinks_drops_its_answer():
    async def run():
        gate = asyncio.Event()

        async def slow_think(position, level, seed):
            await gate.wait()
            return await engine_think(position, level, seed)

        ctl = Controller(View(), slow_think, sleep=no_sleep, setup=Setup("kendall", ("human", "expert"), seed=3,
                                                                           speed="instant"))
        ctl.start()
        for _ in range(400):
            await asyncio.sleep(0)
            if ctl.table.thinking is not None:
                break
            human_step(ctl)
        assert ctl.table.thinking is not None
        assert ctl.history.resign()
        entries = len(ctl.table.game.entries)
        gate.set()
        await ctl.turn_loop.idle()
        assert len(ctl.table.game.entries) == entries and ctl.table.game.conceded == ("b", "resigned")

    run_async(run())


def test_no_one_resigns_in_a_replay_nor_before_the_colours_are_drawn():
    ctl = make("jequier", ("human", "novice"), 1)
    ctl.start()
    assert ctl.table.state.opening and not ctl.history.can_resign
    ctl = make("kendall", ("novice", "average"), 1)
    assert not ctl.history.can_resign  # no human at the table
    ctl = make("kendall", ("human", "human"), 1)
    ctl.start()
    ctl.throw()
    assert ctl.history.resigner() == ctl.table.state.side  # between people: the side to play
    ctl.replays.open(ctl.table.game, 0, own=True)
    assert not ctl.history.can_resign


def test_without_take_backs_no_undo_against_the_computer_but_between_people():
    async def run():
        ctl = make("tait", ("human", "novice"), 5)
        ctl.history.no_takebacks = True
        ctl.start()
        for _ in range(20):
            await ctl.turn_loop.idle()
            human_step(ctl)
        await ctl.turn_loop.idle()
        assert ctl.table.session.can_undo and not ctl.history.can_undo and not ctl.history.undo()
        ctl.history.no_takebacks = False
        assert ctl.history.can_undo
        people = make("tait", ("human", "human"), 5)
        people.history.no_takebacks = True
        people.start()
        for _ in range(6):
            human_step(people)
        assert people.history.can_undo

    run_async(run())


def test_a_game_with_a_take_back_is_counted_apart():
    async def run():
        results = []
        ctl = make("tait", ("human", "novice"), 7, results)
        ctl.start()
        for _ in range(30):
            await ctl.turn_loop.idle()
            human_step(ctl)
        await ctl.turn_loop.idle()
        assert not ctl.table.session.took_back
        assert ctl.history.undo()
        assert ctl.table.session.took_back
        assert Session.from_json(ctl.table.session.to_json()).took_back  # kept by the save
        ctl.history.resign()
        assert results == [("b", ("tait", "novice", "lost"), True)]

    run_async(run())
    store = Store(MemoryBackend())
    store.add_result("kendall", "expert", "won", took_back=True)  # only with take-backs: one row, apart
    assert stats_rows(store.load_stats()) == []
    assert stats_rows(store.load_stats(), True) == [("kendall", "expert", 1, 0, 0)]
    store = Store(MemoryBackend())
    store.add_result("tait", "novice", "lost", took_back=True)
    store.add_result("tait", "novice", "won")
    stats = store.load_stats()
    assert stats_rows(stats) == [("tait", "novice", 1, 0, 0)]
    assert stats_rows(stats, True) == [("tait", "novice", 0, 1, 0)]
    assert stats_rows(load_stats(json.dumps(stats)), True) == [("tait", "novice", 0, 1, 0)]


def test_old_saves_statistics_and_settings_still_load():
    session = Session("kendall", seed=4)
    session.throw()
    data = json.loads(session.to_json())
    assert "took_back" not in data  # a save without a take-back reads as before
    assert Session.from_json(json.dumps(data)).took_back is False
    bad = dict(data, took_back="yes")
    try:
        Session.from_json(json.dumps(bad))
    except SaveError as exc:
        assert "took_back" in str(exc)
    else:
        raise AssertionError("a malformed take-back flag was accepted")
    old_stats = '{"format": "senet-stats", "version": 1, "results": {"kendall/expert": {"won": 2, "lost": 1}}}'
    stats = load_stats(old_stats)
    assert stats_rows(stats) == [("kendall", "expert", 2, 1, 0)] and stats_rows(stats, True) == []
    record_result(stats, "kendall", "expert", "drawn", took_back=True)
    assert stats["results"]["kendall/expert"] == {"won": 2, "lost": 1, "drawn_undo": 1}
    old_settings = json.dumps({"format": "senet-settings", "version": 1, "speed": "fast", "hints": True})
    settings = parse_settings(old_settings)
    assert settings.no_takebacks is False and settings.speed == "fast"
    assert parse_settings(dump_settings(Settings(no_takebacks=True))).no_takebacks is True
    garbled = json.dumps({"format": "senet-settings", "version": 1, "no_takebacks": "yes"})
    assert parse_settings(garbled).no_takebacks is False
    assert empty_stats()["results"] == {}


# ---------------------------------------------------------------- the sticks after an undo


def test_after_an_undo_the_sticks_show_the_pending_throw_never_the_one_to_come():
    async def run():
        ctl = make("tait", ("human", "novice"), 11)
        ctl.start()
        checked = 0
        for k in range(200):
            await ctl.turn_loop.idle()
            if ctl.table.game.over:
                break
            if k % 5 == 4 and ctl.history.can_undo:
                thrown_after = [e.throw for e in ctl.table.game.entries[ctl.table.session.last_human_decision() + 1:]
                                if e.throw is not None]
                ctl.history.undo()
                pending = ctl.table.state.throw
                assert ctl.table.last_throw == pending
                if pending is None:
                    assert ctl.table.sticks is None
                else:
                    assert (sum(ctl.table.sticks) or ctl.table.rules.none_value) == pending
                checked += bool(thrown_after)
                continue
            human_step(ctl)
        assert checked

    run_async(run())


def test_piccione_an_undo_in_the_middle_of_a_throw_shows_the_throw_and_what_is_left():
    for seed in range(200):
        ctl = Controller(View(), setup=Setup("piccione", ("human", "human"), seed=seed,
                                             position="piccione ..w....................b...... w - w=4/0,b=4/0 -"))
        ctl.throw()
        if ctl.table.state.throw >= 3:
            break
    throw = ctl.table.state.throw
    sticks = ctl.table.sticks
    assert ctl.activate(3) and ctl.activate(4)  # a part of 1
    assert ctl.activate(4) and ctl.activate(5)  # and another
    assert ctl.throw_words[0] == f"{throw - 2} left" and ctl.table.last_throw == throw
    assert ctl.history.undo()
    # the sticks still show the whole throw; the box says what is left of it
    assert ctl.table.state.throw == throw - 1 and ctl.throw_words[0] == f"{throw - 1} left"
    assert ctl.table.last_throw == throw and ctl.table.sticks == sticks
    assert ctl.history.undo()
    assert ctl.table.state.throw == throw and ctl.throw_words[0] == "" and ctl.table.last_throw == throw
    assert mark_name(marks(ctl.table.game)[-1]) == "Turn 1"
