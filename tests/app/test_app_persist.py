"""The app controller's saving, undo/redo, replay, hints and safe failure, under CPython.

The browser side of the same features is tests/browser/test_persist.py.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from app_harness import View, engine_think, human_step, no_sleep, play_to_end, run_async  # noqa: E402

import senet  # noqa: E402
from app.flow.controller import Controller, Setup  # noqa: E402
from app.flow.counting import mark_name, marks, turns_played  # noqa: E402
from app.flow.history import UNDO_NOTE  # noqa: E402
from app.flow.replay import game_prefix  # noqa: E402
from app.storage.store import MemoryBackend, SavedGame, Store, outcome_for_stats  # noqa: E402
from senet.ai import get_player  # noqa: E402


def make(setup, store=None, think=engine_think, **kw) -> Controller:
    saves = []

    def autosave(ctl):
        saves.append(ctl.state)
        if store is not None:
            store.save_game(SavedGame(ctl.session, ctl.setup.expert_nodes, ctl.counted))

    ctl = Controller(View(), think, sleep=no_sleep, setup=setup, autosave=autosave, **kw)
    ctl.saves = saves
    return ctl


async def human_decides(ctl):
    """Play the human's turns (app_harness.human_step) until they have a real choice;
    returns the state of that decision."""
    for _ in range(200):
        await ctl.idle()
        if ctl.movable and len(ctl.state.legal_actions()) > 1:
            return ctl.state
        if not human_step(ctl):
            await asyncio.sleep(0)
    raise AssertionError("no decision")


def play(ctl, index):
    moves = [m for moves in ctl.movable.values() for m in moves]
    move = moves[index % len(moves)]
    if not ctl.activate(move.src if move.src > 0 else "supply"):
        raise AssertionError("could not play")
    if ctl.selected is not None:
        ctl.activate(next(iter(ctl.targets)))


def test_every_throw_and_action_is_saved_and_resumes_exactly():
    async def run():
        store = Store(MemoryBackend())
        ctl = make(Setup("kendall", ("average", "human"), ("", "Ann"), seed=12, speed="instant"), store)
        ctl.start()
        await human_decides(ctl)
        assert ctl.saves[-1] is ctl.state  # the pending throw is saved
        pending = ctl.state
        saved = store.load_game()
        other = make(Setup(), store)
        other.load(saved.session, saved.expert_nodes, saved.counted)
        other.start()
        assert other.state == pending and other.state.throw == pending.throw
        assert other.setup.players == ("average", "human") and other.setup.names == ("", "Ann")
        assert other.setup.seed == 12
        assert other.message.startswith("Welcome back") and f"throw of {pending.throw}" in other.message
        # both go on identically: the same throws, the same computer replies
        play(ctl, 0)
        play(other, 0)
        await human_decides(ctl)
        await human_decides(other)
        assert ctl.game.record_text() == other.game.record_text()

    run_async(run())


def test_undo_against_a_computer_takes_back_its_reply_and_redo_restores():
    async def run():
        ctl = make(Setup("tait", ("human", "novice"), seed=5, speed="instant"))
        ctl.start()
        assert not ctl.can_undo and not ctl.can_redo
        for _ in range(50):  # until the computer has replied to a human move
            await human_decides(ctl)
            play(ctl, 1)
            await ctl.idle()
            if ctl.game.entries[-1].side == "b":
                break
        entries = ctl.game.entries
        i = max(k for k, e in enumerate(entries) if e.side == "w" and e.action not in (None, senet.PASS))
        decision = ctl.game.states[i].apply(entries[i].throw)
        after = ctl.state
        record = ctl.game.record_text()
        assert ctl.can_undo
        assert ctl.undo()
        assert ctl.state == decision  # the same position and the same throw, pending
        assert all(e.side == "w" for e in ctl.game.entries[i:])  # the computer's reply is gone
        assert UNDO_NOTE in ctl.message
        assert ctl.can_redo
        assert ctl.redo()
        assert ctl.state == after and ctl.game.record_text() == record
        assert not ctl.can_redo
        # undo, then a different move: the same throws follow (no re-rolls)
        ctl.undo()
        throws_before = [e.throw for e in ctl.game.entries]
        play(ctl, 0)
        await human_decides(ctl)
        assert [e.throw for e in ctl.game.entries][:len(throws_before)] == throws_before
        assert ctl.game.generator.count == sum(1 for e in ctl.game.entries if e.throw is not None)

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
        ctl = make(Setup("kendall", ("human", "expert"), seed=3, speed="instant"), think=slow)
        ctl.start()
        for _ in range(50):  # until the computer thinks about its reply to a human move
            await human_decides(ctl)
            block["on"] = True
            play(ctl, 0)
            for _ in range(1000):
                if ctl.thinking or ctl.human_to_act or ctl.game.over:
                    break
                await asyncio.sleep(0)
            if ctl.thinking:
                break
            block["on"] = False
        assert ctl.thinking
        entries = ctl.game.entries
        i = max(k for k, e in enumerate(entries) if e.side == "w" and e.action not in (None, senet.PASS))
        decision = ctl.game.states[i].apply(entries[i].throw)
        assert ctl.undo()
        gate.set()
        await ctl.idle()
        assert ctl.state == decision and ctl.human_to_act  # the late answer was not played

    run_async(run())


def test_replay_steps_and_play_from_here():
    async def run():
        ctl = make(Setup("thibault", ("novice", "average"), seed=9, speed="instant"))
        ctl.start()
        await asyncio.wait_for(ctl.idle(), 60)
        assert ctl.game.over
        text = ctl.game.record_text()
        live = ctl.session
        full = senet.Game.from_record(text)
        ctl.open_replay(full)
        assert ctl.replay.step == ctl.replay.last == len(full.entries)
        assert ctl.state == full.state and ctl.game.over
        assert not ctl.human_to_act and not ctl.can_undo
        ctl.replay_to(0)
        assert ctl.state == full.states[0] and "Start of the game" in ctl.message
        line_marks = marks(full)
        for k in range(1, 12):
            ctl.replay_to(k)
            assert ctl.state == full.states[k]
            assert ctl.message.startswith(f"Replay: {mark_name(line_marks[k - 1])} of {turns_played(full)}.")
        ctl.replay_to(5)
        ctl.close_replay()
        assert ctl.session is live and ctl.replay is None
        saves = len(ctl.saves)
        replaced = []
        live_id = ctl.game_id
        # on_replace sees the live game's id, not the replay's (app/main.py keeps it by that id)
        ctl.on_replace = lambda session, finished_too=False: replaced.append((session, ctl.live_game_id, finished_too))
        ctl.open_replay(full, 20)
        assert ctl.game_id != live_id and ctl.live_game_id == live_id
        assert len(ctl.saves) == saves  # replay never touches the save
        ctl.play_from_replay()
        assert replaced == [(live, live_id, True)]  # kept even when finished
        assert ctl.replay is None and ctl.game.actions == sum(1 for e in full.entries[:20] if e.action)
        assert ctl.state == full.states[20]
        assert ctl.saves[-1] is ctl.state
        await asyncio.wait_for(ctl.idle(), 60)
        # the computers play on with the record's own throws
        assert ctl.game.entries[20].throw == full.entries[20].throw

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
        ctl = make(Setup("kendall", ("expert", "average"), seed=2, speed="instant"), think=broken)
        ctl.start()
        await asyncio.wait_for(ctl.idle(), 60)
        return ctl

    ctl = run_async(run())
    assert ctl.game.over
    assert ctl.worker_down and len(calls) == 2  # asked twice, then left alone
    assert "Average chose this move" in ctl.view.notices[0]
    assert "Until you choose Try again or reload the page" in ctl.view.notices[-1]


def test_a_hanging_worker_times_out():
    async def hang(position, level, seed):
        await asyncio.sleep(3600)

    async def run():
        ctl = make(Setup("tait", ("expert", "expert"), seed=2, speed="instant"), think=hang,
                   think_timeout=0.05)
        ctl.start()
        await asyncio.wait_for(ctl.idle(), 60)
        return ctl

    ctl = run_async(run())
    assert ctl.game.over and ctl.worker_down
    assert "took too long to answer (more than 0.05 s)" in ctl.view.notices[0]
    assert "Average chose" in ctl.view.notices[0]


def test_statistics_are_counted_once_for_human_against_computer():
    results = []

    async def run():
        ctl = make(Setup("tait", ("human", "novice"), seed=1, speed="instant"), on_result=results.append)
        ctl.start()
        await play_to_end(ctl, 3000)
        assert ctl.counted
        ctl.undo()
        ctl.redo()
        return ctl

    ctl = run_async(run())
    assert results == [ctl.session]
    assert outcome_for_stats(ctl.session)[:2] == ("tait", "novice")


def test_hints_and_meter_come_from_the_analysis():
    asked = []

    async def analyse(position):
        asked.append(position)
        state = senet.parse_position(position)
        ranked = get_player("expert", nodes=300).analyse(state)
        return json.dumps([["throw" if m is None else str(m), p] for m, p in ranked])

    async def run():
        ctl = make(Setup("kendall", ("average", "human"), seed=6, speed="instant"), analyse=analyse)
        ctl.start()
        await human_decides(ctl)
        assert asked == [] and ctl.hint is None  # off by default
        ctl.set_advice(True, True)
        for _ in range(200):
            await asyncio.sleep(0)
            if ctl.hint:
                break
        assert asked == [ctl.state.position()]
        assert ctl.hint_move in ctl.state.legal_actions()
        assert 0.0 <= ctl.win_prob <= 1.0
        play(ctl, 0)
        assert ctl.hint is None  # advice belongs to the state it was made for
        ctl.set_advice(False, False)
        await human_decides(ctl)
        assert len(asked) == 1

    run_async(run())
