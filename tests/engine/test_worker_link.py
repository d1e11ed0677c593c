"""app/worker_link.py without a browser: the worker answers one call at a time, and a
caller that times its own call (the controller's think_timeout) starts its clock only
once every earlier call was answered (issue 29: under load, calls queued behind the
hints' analyses timed out before the worker had even started on them).

A stand-in `pyscript` module gives the link a document, a window and a worker whose
functions wait on events the test sets: an order of events, never a clock.
"""

import asyncio
import contextlib
import sys
import types

import app_harness  # noqa: F401  (puts app/ on sys.path)
from app_harness import View, no_sleep, run_async

import senet


class _Dataset:
    pass


class _Element:
    def __init__(self):
        self.dataset = _Dataset()
        self.attributes = {}

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def append(self, child):
        pass


class FakeWorker:
    """Each call waits until the test releases it; calls are logged in order."""

    def __init__(self):
        self.log = []
        self.gates = {}

    def gate(self, name):
        return self.gates.setdefault(name, asyncio.Event())

    async def ping(self):
        return "kendall,tait"

    def __getattr__(self, name):
        async def call(*args):
            self.log.append("start " + name)
            await self.gate(name).wait()
            self.log.append("end " + name)
            if name == "think":  # the first legal action of the position
                return str(senet.parse_position(args[0]).legal_actions()[0])
            return '[["throw", 0.5]]'
        return call


def _fake_pyscript(worker):
    async def booted():
        return worker

    class Workers:
        def __getitem__(self, name):
            return booted()

    document = types.SimpleNamespace(createElement=lambda tag: _Element(), body=_Element())
    window = types.SimpleNamespace(performance=types.SimpleNamespace(mark=lambda name: None))
    return types.SimpleNamespace(document=document, window=window, workers=Workers())


def _link(monkeypatch, worker):
    monkeypatch.setitem(sys.modules, "pyscript", _fake_pyscript(worker))
    monkeypatch.delitem(sys.modules, "worker_link", raising=False)
    import worker_link

    return worker_link.WorkerLink(_Element())


def test_free_waits_until_every_earlier_call_is_answered(monkeypatch):
    worker = FakeWorker()
    link = _link(monkeypatch, worker)
    order = []

    async def run():
        first = asyncio.ensure_future(link.call("analyse", "pos"))
        await link.ready()  # booted; the first call is counted from the moment it was made
        assert link.busy == 1

        async def waiter():
            await link.free()
            order.append("free")

        waiting = asyncio.ensure_future(waiter())
        for _ in range(20):
            await asyncio.sleep(0)
        order.append("release")
        worker.gate("analyse").set()
        assert await first == '[["throw", 0.5]]'
        await waiting
        assert link.busy == 0

    run_async(run())
    assert order == ["release", "free"]
    assert worker.log == ["start analyse", "end analyse"]


def test_a_call_its_caller_gives_up_frees_the_worker(monkeypatch):
    worker = FakeWorker()
    link = _link(monkeypatch, worker)

    async def run():
        await link.free()
        call = asyncio.ensure_future(link.call("think", "pos"))
        await asyncio.sleep(0)
        call.cancel()  # what wait_for does when its timeout expires
        with contextlib.suppress(asyncio.CancelledError):
            await call
        await asyncio.wait_for(link.free(), 5)
        return link.busy

    assert run_async(run()) == 0


def test_the_experts_timeout_counts_only_its_own_call(monkeypatch):
    """An earlier call (a review step) holds the worker for six times the Expert's
    timeout; the Expert's decision, due meanwhile, waits for it without a clock and is
    answered in time: no fallback, no error, the move played is the worker's."""
    from controller import Controller, Setup

    worker = FakeWorker()
    link = _link(monkeypatch, worker)

    def think(position, level, seed):
        return link.call("think", position, level, seed)

    async def run():
        held = asyncio.ensure_future(link.call("review_step", 1))
        await link.ready()
        # Kendall: black (the Expert) acts first; seed 2 gives it a throw with a choice
        ctl = Controller(View(), think, setup=Setup("kendall", ("human", "expert"), seed=2, speed="instant"),
                         sleep=no_sleep, think_timeout=0.05, before_think=link.free)
        ctl.start()
        await asyncio.sleep(0.3)  # the review step goes on; the Expert's clock must not run
        assert worker.log == ["start review_step"] and ctl.thinking is not None
        worker.gate("think").set()
        worker.gate("review_step").set()
        await held
        await asyncio.wait_for(ctl.idle(), 30)
        return ctl

    ctl = run_async(run())
    assert worker.log[:3] == ["start review_step", "end review_step", "start think"]
    assert ctl.worker_failures == 0 and not ctl.worker_down
    assert ctl.view.notices == [] and ctl.view.errors == []


def test_analyses_of_positions_already_left_are_never_sent(monkeypatch):
    """Hints and the meter ask for an analysis of every human turn. While the worker is
    busy, the players go on; once it is free, only the position on the board is sent,
    not the backlog of the ones left meanwhile."""
    from controller import Controller, Setup

    worker = FakeWorker()
    link = _link(monkeypatch, worker)

    def analyse(position):
        return link.call("analyse", position)

    async def run():
        held = asyncio.ensure_future(link.call("review_step", 1))
        await link.ready()
        ctl = Controller(View(), setup=Setup("kendall", ("human", "human"), seed=4, speed="instant"),
                         sleep=no_sleep, analyse=analyse, think_timeout=30, before_think=link.free)
        ctl.meter = True
        ctl.start()
        steps = 0
        while steps < 6 and not ctl.game.over:  # six human steps while the worker is busy
            await asyncio.sleep(0)
            if ctl.can_throw:
                ctl.throw()
            elif ctl.must_pass:
                ctl.pass_turn()
            else:
                ctl.activate(next(iter(ctl.movable)))
                if ctl.selected is not None:
                    ctl.activate(next(iter(ctl.targets)))
            steps += 1
        for _ in range(50):
            await asyncio.sleep(0)
        assert worker.log == ["start review_step"]
        worker.gate("analyse").set()
        worker.gate("review_step").set()
        await held
        for _ in range(200):
            await asyncio.sleep(0)
        return ctl, steps

    ctl, steps = run_async(run())
    assert steps == 6
    assert worker.log == ["start review_step", "end review_step", "start analyse", "end analyse"]
    assert ctl.view.errors == []


def test_the_workers_prepare_builds_the_experts_tables_before_any_decision():
    """app/worker.py's prepare (queued by the page ahead of the first decision, so that
    the decision's timeout counts its search alone) leaves the rule set's endgame tables
    built, where the Expert uses them. In a fresh interpreter: nothing built before."""
    import json
    import subprocess
    from pathlib import Path

    from senet.ai.evaluate import _SOLO

    root = Path(__file__).resolve().parents[2]
    script = ("import json, worker\nfrom senet.ai import endgame\nout = {}\n"
              "import senet\nfor v in senet.VARIANTS:\n"
              "    before = v in endgame._CACHE\n    worker.prepare(v)\n"
              "    out[v] = [before, v in endgame._CACHE]\nprint(json.dumps(out))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                          env={"PYTHONPATH": f"{root / 'app'}:{root}"})
    assert done.returncode == 0, done.stderr
    built = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(built) == set(senet.VARIANTS)
    for variant, (before, after) in built.items():
        assert not before and after == (variant in _SOLO), variant
    assert any(variant in _SOLO for variant in senet.VARIANTS)
