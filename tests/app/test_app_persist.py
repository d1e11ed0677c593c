"""The app controller's saving, undo/redo, replay, hints and safe failure, under CPython.

The browser side of the same features is tests/browser/test_persist.py.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from app_harness import engine_think, human_decides, play_to_end, run_async, saving_controller

import senet
from app.flow.controller import Setup
from app.flow.history import undo_note
from app.game.counting import mark_name, marks, turns_played
from app.game.replay import game_prefix
from app.storage.store import MemoryBackend, SavedGame, Store, outcome_for_stats
from senet.ai import get_player

ROOT = Path(__file__).resolve().parents[2]


def play(ctl, index):
    moves = [m for moves in ctl.table.movable.values() for m in moves]
    move = moves[index % len(moves)]
    if not ctl.activate(move.src if move.src > 0 else "supply"):
        raise AssertionError("could not play")
    if ctl.table.selected is not None:
        ctl.activate(next(iter(ctl.table.targets)))


def test_every_throw_and_action_is_saved_and_resumes_exactly():
    async def run():
        store = Store(MemoryBackend())
        ctl = saving_controller(Setup("kendall", ("average", "human"), ("", "Ann"), seed=12, speed="instant"), store)
        ctl.start()
        await human_decides(ctl)
        assert ctl.saves[-1] is ctl.table.state  # the pending throw is saved
        pending = ctl.table.state
        saved = store.load_game()
        other = saving_controller(Setup(), store)
        other.load(saved.session, saved.expert_nodes, saved.counted)
        other.start()
        assert other.table.state == pending and other.table.state.throw == pending.throw
        assert other.table.setup.players == ("average", "human") and other.table.setup.names == ("", "Ann")
        assert other.table.setup.seed == 12
        assert other.table.message.startswith("Welcome back") and f"throw of {pending.throw}" in other.table.message
        # both go on identically: the same throws, the same computer replies
        play(ctl, 0)
        play(other, 0)
        await human_decides(ctl)
        await human_decides(other)
        assert ctl.table.game.record_text() == other.table.game.record_text()

    run_async(run())


def test_undo_against_a_computer_takes_back_its_reply_and_redo_restores():
    async def run():
        ctl = saving_controller(Setup("tait", ("human", "novice"), seed=5, speed="instant"))
        ctl.start()
        assert not ctl.history.can_undo and not ctl.history.can_redo
        for _ in range(50):  # until the computer has replied to a human move
            await human_decides(ctl)
            play(ctl, 1)
            await ctl.turn_loop.idle()
            if ctl.table.game.entries[-1].side == "b":
                break
        entries = ctl.table.game.entries
        i = max(k for k, e in enumerate(entries) if e.side == "w" and e.action not in (None, senet.PASS))
        decision = ctl.table.game.states[i].apply(entries[i].throw)
        after = ctl.table.state
        record = ctl.table.game.record_text()
        assert ctl.history.can_undo
        assert ctl.history.undo()
        assert ctl.table.state == decision  # the same position and the same throw, pending
        assert all(e.side == "w" for e in ctl.table.game.entries[i:])  # the computer's reply is gone
        assert undo_note() in ctl.table.message
        assert ctl.history.can_redo
        assert ctl.history.redo()
        assert ctl.table.state == after and ctl.table.game.record_text() == record
        assert not ctl.history.can_redo
        # undo, then a different move: the same throws follow (no re-rolls)
        ctl.history.undo()
        throws_before = [e.throw for e in ctl.table.game.entries]
        play(ctl, 0)
        await human_decides(ctl)
        assert [e.throw for e in ctl.table.game.entries][:len(throws_before)] == throws_before
        assert ctl.table.game.generator.count == sum(1 for e in ctl.table.game.entries if e.throw is not None)

    run_async(run())


def test_undo_while_the_computer_thinks_drops_its_answer():
    gate = asyncio.Event()
    block = {"on": False}

    async def slow(position, level, seed):
        if block["on"]:
            await gate.wait()
        return await engine_think(position, level, seed)

    async def run():
        # the Expert thinks in the worker (Novice and Average decide on the page at once)
        ctl = saving_controller(Setup("kendall", ("human", "expert"), seed=3, speed="instant"), think=slow)
        ctl.start()
        for _ in range(50):  # until the computer thinks about its reply to a human move
            await human_decides(ctl)
            block["on"] = True
            play(ctl, 0)
            for _ in range(1000):
                if ctl.table.thinking or ctl.table.human_to_act or ctl.table.game.over:
                    break
                await asyncio.sleep(0)
            if ctl.table.thinking:
                break
            block["on"] = False
        assert ctl.table.thinking
        entries = ctl.table.game.entries
        i = max(k for k, e in enumerate(entries) if e.side == "w" and e.action not in (None, senet.PASS))
        decision = ctl.table.game.states[i].apply(entries[i].throw)
        assert ctl.history.undo()
        gate.set()
        await ctl.turn_loop.idle()
        assert ctl.table.state == decision and ctl.table.human_to_act  # the late answer was not played

    run_async(run())


def test_replay_steps_and_play_from_here():
    async def run():
        ctl = saving_controller(Setup("thibault", ("novice", "average"), seed=9, speed="instant"))
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        assert ctl.table.game.over
        text = ctl.table.game.record_text()
        live = ctl.table.session
        full = senet.Game.from_record(text)
        ctl.replays.open(full)
        assert ctl.table.replay.step == ctl.table.replay.last == len(full.entries)
        assert ctl.table.state == full.state and ctl.table.game.over
        assert not ctl.table.human_to_act and not ctl.history.can_undo
        ctl.replays.go(0)
        assert ctl.table.state == full.states[0] and "Start of the game" in ctl.table.message
        line_marks = marks(full)
        for k in range(1, 12):
            ctl.replays.go(k)
            assert ctl.table.state == full.states[k]
            assert ctl.table.message.startswith(f"Replay: {mark_name(line_marks[k - 1])} of {turns_played(full)}.")
        ctl.replays.go(5)
        ctl.replays.close()
        assert ctl.table.session is live and ctl.table.replay is None
        saves = len(ctl.saves)
        replaced = []
        live_id = ctl.table.game_id
        # on_replace sees the live game's id, not the replay's (app/main.py keeps it by that id)
        ctl.on_replace = lambda session, finished_too=False: replaced.append((session, ctl.live_game_id, finished_too))
        ctl.replays.open(full, 20)
        assert ctl.table.game_id != live_id and ctl.live_game_id == live_id
        assert len(ctl.saves) == saves  # replay never touches the save
        ctl.replays.play_on()
        assert replaced == [(live, live_id, True)]  # kept even when finished
        assert ctl.table.replay is None and ctl.table.game.actions == sum(1 for e in full.entries[:20] if e.action)
        assert ctl.table.state == full.states[20]
        assert ctl.saves[-1] is ctl.table.state
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        # the computers play on with the record's own throws
        assert ctl.table.game.entries[20].throw == full.entries[20].throw

    run_async(run())


def test_game_prefix_continues_the_generator():
    game = senet.Game("kendall", seed=4)
    for _ in range(30):
        if game.state.throw is None:
            game.throw()
        game.play(game.state.legal_actions()[0])
    prefix = game_prefix(game, 10)
    assert prefix.state == game.states[10] and len(prefix.entries) == 10
    again = senet.Game.from_record(game.record_text())
    again.undo_to(10)
    assert prefix.generator.count == again.generator.count
    assert [prefix.generator.throw(5) for _ in range(5)] == [again.generator.throw(5) for _ in range(5)]


def test_a_failing_worker_falls_back_and_the_game_ends():
    calls = []

    async def broken(position, level, seed):
        calls.append(position)
        raise RuntimeError("simulated worker failure")

    async def run():
        ctl = saving_controller(Setup("kendall", ("expert", "average"), seed=2, speed="instant"), think=broken)
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        return ctl

    ctl = run_async(run())
    assert ctl.table.game.over
    assert ctl.turn_loop.worker_down and len(calls) == 2  # asked twice, then left alone
    assert "Average chose this move" in ctl.view.notices[0]
    assert "Until you choose Try again or reload the page" in ctl.view.notices[-1]
    assert ctl.table.stood_in  # the game is marked: Average played the Expert's seat
    assert [n.kind for n in ctl.view.queue.items] == ["worker"]  # one notice of the worker, the newest


def test_a_game_where_average_stood_in_is_saved_so_and_counted_against_average():
    """The worker fails once in a human's game against the Expert: Average decides that
    move, the game is marked (saved with it, resumed with it) and, once over, counted as a
    game against Average; a game the Expert played throughout is the Expert's."""
    from app.storage.policy import SavePolicy
    from app.storage.store import Settings

    failures = [1]

    async def once_broken(position, level, seed):
        if failures[0]:
            failures[0] -= 1
            raise RuntimeError("the worker stopped")
        return await engine_think(position, level, seed)

    store = Store(MemoryBackend())
    policy = SavePolicy(store, Settings())
    counted = []

    async def run(think):
        ctl = saving_controller(Setup("tait", ("human", "expert"), seed=4, speed="instant", expert_nodes=200),
                                store=store, think=think, on_result=lambda session: counted.append(ctl.table.stood_in))
        ctl.start()
        await play_to_end(ctl, 3000)
        return ctl

    ctl = run_async(run(once_broken))
    assert ctl.table.stood_in and not ctl.turn_loop.worker_down and counted == [True]
    policy.count_result(ctl.table.session, {}, stood_in=True)
    line = policy.record_line(ctl.table.session, "Tait", stood_in=True)
    assert line.startswith("Average played in the Expert's place in this game, so it counts as a game against "
                           "Average. Your record against Average (Tait rules): ")
    assert list(store.load_stats()["results"]) == ["tait/average"]
    resumed = saving_controller(Setup(), think=engine_think)
    saved = SavedGame(ctl.table.session, 200, True, "g", stood_in=ctl.table.stood_in)
    from app.storage.formats import dump_game, parse_game

    back = parse_game(dump_game(saved))
    resumed.load(back.session, back.expert_nodes, back.counted, back.stood_in)
    assert resumed.table.stood_in
    fine = run_async(run(engine_think))
    assert not fine.table.stood_in and counted == [True, False]


def test_a_hanging_worker_times_out():
    async def hang(position, level, seed):
        await asyncio.sleep(3600)

    async def run():
        ctl = saving_controller(Setup("tait", ("expert", "expert"), seed=2, speed="instant"), think=hang,
                                think_timeout=0.05)
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        return ctl

    ctl = run_async(run())
    assert ctl.table.game.over and ctl.turn_loop.worker_down
    assert "took too long to answer (more than 0.05 s)" in ctl.view.notices[0]
    assert "Average chose" in ctl.view.notices[0]


def test_statistics_are_counted_once_for_human_against_computer():
    results = []

    async def run():
        ctl = saving_controller(Setup("tait", ("human", "novice"), seed=1, speed="instant"), on_result=results.append)
        ctl.start()
        await play_to_end(ctl, 3000)
        assert ctl.table.counted
        ctl.history.undo()
        ctl.history.redo()
        return ctl

    ctl = run_async(run())
    assert results == [ctl.table.session]
    assert outcome_for_stats(ctl.table.session)[:2] == ("tait", "novice")


def test_hints_and_meter_come_from_the_analysis():
    asked = []

    async def analyse(position):
        asked.append(position)
        state = senet.parse_position(position)
        ranked = get_player("expert", nodes=300).analyse(state)
        return json.dumps([["throw" if m is None else str(m), p] for m, p in ranked])

    async def run():
        ctl = saving_controller(Setup("kendall", ("average", "human"), seed=6, speed="instant"), analyse=analyse)
        ctl.start()
        await human_decides(ctl)
        assert asked == [] and ctl.advice.hint is None  # off by default
        ctl.advice.set(True, True)
        for _ in range(200):
            await asyncio.sleep(0)
            if ctl.advice.hint:
                break
        assert asked == [ctl.table.state.position()]
        assert ctl.advice.hint_move in ctl.table.state.legal_actions()
        assert 0.0 <= ctl.advice.win_prob <= 1.0
        play(ctl, 0)
        assert ctl.advice.hint is None  # advice belongs to the state it was made for
        ctl.advice.set(False, False)
        await human_decides(ctl)
        assert len(asked) == 1

    run_async(run())
