"""The replay that plays itself, under CPython: app/flow/controller.py's autoplay
and the replay speed in the settings (app/storage/store.py).

The Controller's sleep is injected: each wait is recorded (its length says which speed
was used) and returns at once, so these tests follow the order of the steps and never
a duration.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from app_harness import run_async

import senet
from app.flow.controller import Controller, NullView, Setup
from app.game.replay import REPLAY_SPEEDS, step_seconds
from app.storage.store import MemoryBackend, Settings, Store, dump_settings, parse_settings

ROOT = Path(__file__).resolve().parents[2]


class StepView(NullView):
    """Records the replay step of every render while a replay shows."""

    def __init__(self):
        self.steps: list[tuple[int, bool]] = []

    def render(self, ctl):
        if ctl.table.replay is not None:
            self.steps.append((ctl.table.replay.step, ctl.replays.autoplay is not None))


def a_record(n: int = 8) -> senet.Game:
    game = senet.Game("kendall", seed=4)
    while len(game.entries) < n:
        if game.state.throw is None:
            game.throw()
        game.play(game.state.legal_actions()[0])
    return game


def make(waits: list, hook=None) -> Controller:
    async def sleep(seconds):
        waits.append(seconds)
        if hook is not None:
            hook(len(waits))
        await asyncio.sleep(0)

    return Controller(StepView(), sleep=sleep, setup=Setup("kendall", ("human", "human"), seed=1))


async def until_stopped(ctl: Controller) -> None:
    for _ in range(10_000):
        if ctl.replays.autoplay is None:
            return
        await asyncio.sleep(0)
    raise AssertionError("the replay never stopped playing itself")


def test_autoplay_steps_in_order_to_the_end_and_stops():
    full = a_record()
    last = len(full.entries)

    async def run():
        waits = []
        ctl = make(waits)
        ctl.replays.set_speed("4")
        ctl.replays.open(full, 0)
        ctl.view.steps.clear()
        assert ctl.replays.toggle_autoplay() is True and ctl.replays.autoplay is not None
        await until_stopped(ctl)
        steps = [step for step, _ in ctl.view.steps]
        assert steps == list(range(0, last + 1))  # every step once, in order, none skipped
        assert ctl.view.steps[-1] == (last, False)  # the last step drawn with the run over
        assert ctl.table.replay.step == last and ctl.table.state == full.state
        assert waits == [step_seconds("4")] * last
        # Play again from the last step starts at the first
        ctl.view.steps.clear()
        ctl.replays.toggle_autoplay()
        await until_stopped(ctl)
        assert [step for step, _ in ctl.view.steps][:2] == [0, 0] and ctl.table.replay.step == last

    run_async(run())


def test_a_step_by_hand_or_leaving_pauses_it():
    full = a_record(12)

    async def run():
        waits = []
        ctl = make(waits)
        ctl.replays.open(full, 0)
        ctl.replays.toggle_autoplay()
        while ctl.table.replay.step < 3:
            await asyncio.sleep(0)
        ctl.replays.go(ctl.table.replay.step - 1)  # the player steps back
        assert ctl.replays.autoplay is None
        shown = ctl.table.replay.step
        for _ in range(50):
            await asyncio.sleep(0)
        assert ctl.table.replay.step == shown  # nothing more played by itself
        # the same when the player leaves the replay
        ctl.replays.toggle_autoplay()
        while ctl.table.replay.step < shown + 2:
            await asyncio.sleep(0)
        live = ctl.live_session
        ctl.replays.close()
        assert ctl.replays.autoplay is None and ctl.table.replay is None and ctl.table.session is live
        for _ in range(50):
            await asyncio.sleep(0)
        assert ctl.table.replay is None and ctl.table.session is live
        # and the pause button
        ctl.replays.open(full, 0)
        ctl.replays.toggle_autoplay()
        while ctl.table.replay.step < 2:
            await asyncio.sleep(0)
        assert ctl.replays.toggle_autoplay() is False and ctl.replays.autoplay is None
        shown = ctl.table.replay.step
        for _ in range(50):
            await asyncio.sleep(0)
        assert ctl.table.replay.step == shown

    run_async(run())


def test_a_new_speed_counts_from_the_next_step():
    full = a_record()
    ctl_box = []

    def hook(n):
        if n == 2:
            ctl_box[0].replays.set_speed("0.5")

    async def run():
        waits = []
        ctl = make(waits, hook)
        ctl_box.append(ctl)
        ctl.replays.open(full, 0)
        ctl.replays.toggle_autoplay()
        await until_stopped(ctl)
        assert waits[:3] == [step_seconds("1"), step_seconds("1"), step_seconds("0.5")]
        assert step_seconds("0.5") == 2 * step_seconds("1") == 8 * step_seconds("4")
        ctl.replays.set_speed("9")  # not a speed: ignored
        assert ctl.replays.speed == "0.5"

    run_async(run())


def test_the_replay_speed_is_remembered_and_old_settings_still_load():
    store = Store(MemoryBackend())
    assert store.load_settings().replay_speed == "1"
    assert store.save_settings(store.load_settings().replace(replay_speed="4"))
    assert store.load_settings().replay_speed == "4"
    # settings saved before the replay speed existed
    old = {"format": "senet-settings", "version": 1, "speed": "fast", "hints": True, "meter": False,
           "highlight": True, "sound": None, "volume": 40}
    settings = parse_settings(json.dumps(old))
    assert settings == Settings("fast", True, False, True, None, 40, "1")
    # a value that is not a speed falls back to 1x, the rest is kept
    for bad in ("3", 4, None, "fast"):
        assert parse_settings(json.dumps(dict(old, replay_speed=bad))).replay_speed == "1"
        assert parse_settings(json.dumps(dict(old, replay_speed=bad))).volume == 40
    for speed in REPLAY_SPEEDS:
        assert parse_settings(dump_settings(Settings(replay_speed=speed))).replay_speed == speed
