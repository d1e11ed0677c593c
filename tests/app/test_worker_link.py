"""app/worker/link.py without a browser: the worker answers one call at a time, and a
caller that times its own call (the controller's think_timeout) starts its clock only
once every earlier call was answered (under load, calls queued behind the
hints' analyses timed out before the worker had even started on them).

A stand-in `pyscript` module gives the link a window whose module worker (app/worker/players.js's
JSON messages) runs functions that wait on events the test sets: an order of events, never
a clock.
"""

import asyncio
import contextlib
import importlib
import json
import sys
import types

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

    def __getattr__(self, name):
        async def call(*args):
            self.log.append("start " + name)
            await self.gate(name).wait()
            self.log.append("end " + name)
            if name == "think":  # the first legal action of the position
                return str(senet.parse_position(args[0]).legal_actions()[0])
            if name == "fail":
                raise ValueError("no such position")
            return '[["throw", 0.5]]'
        return call


class FakeJsWorker:
    """app/worker/players.js as the page sees it: JSON texts both ways, "ready" once booted
    (or "failed", or an error event when ``boot`` says so), then one call at a time."""

    def __init__(self, worker, boot="ready"):
        self.worker = worker
        self.sent = []
        self.onmessage = self.onerror = None
        self.terminated = False
        self.queue = asyncio.Queue()
        asyncio.get_event_loop().call_soon(self._boot, boot)
        self.task = asyncio.ensure_future(self._serve())

    def _say(self, *message):
        self.onmessage(types.SimpleNamespace(data=json.dumps(message)))

    def _boot(self, boot):
        if boot == "ready":
            self._say("ready", "snapshot", "kendall,tait")
        elif boot == "failed":
            self._say("failed", "pyodide.asm.wasm answered 404")
        elif boot == "error":
            self.onerror(types.SimpleNamespace(message="SyntaxError: players.js"))
        # "silent": never answers

    def postMessage(self, text):
        assert isinstance(text, str)  # only text crosses
        self.sent.append(text)
        self.queue.put_nowait(text)

    async def _serve(self):
        while True:
            call_id, name, args = json.loads(await self.queue.get())
            try:
                self._say("ok", call_id, await getattr(self.worker, name)(*args))
            except ValueError as exc:
                self._say("error", call_id, str(exc))

    def terminate(self):
        self.terminated = True
        self.task.cancel()


def _fake_pyscript(worker, boot="ready", made=None):
    boots = list(boot) if isinstance(boot, list) else None  # one boot each, in turn

    def new(src, options):
        assert src == "./app/players.js" and options == {"type": "module"}
        js = FakeJsWorker(worker, boots.pop(0) if boots is not None else boot)
        if made is not None:
            made.append(js)
        return js

    window = types.SimpleNamespace(performance=types.SimpleNamespace(mark=lambda name: None),
                                   Worker=types.SimpleNamespace(new=new))
    ffi = types.SimpleNamespace(create_proxy=lambda f: f, to_js=lambda value: value)
    return types.SimpleNamespace(window=window, ffi=ffi), ffi


def _link(monkeypatch, worker, boot="ready", made=None, boot_timeout=60.0):
    pyscript, ffi = _fake_pyscript(worker, boot, made)
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    monkeypatch.setitem(sys.modules, "pyscript.ffi", ffi)
    monkeypatch.delitem(sys.modules, "app.worker.link", raising=False)
    worker_link = importlib.import_module("app.worker.link")  # imported anew, with this fake pyscript

    return worker_link.WorkerLink(_Element(), boot_timeout=boot_timeout)


def test_calls_cross_as_json_texts_and_answers_find_their_callers(monkeypatch):
    """Two calls in flight: each answer reaches its own caller; a call that raises in the
    worker fails with its message; the link says how the worker started."""
    worker = FakeWorker()
    made = []
    link = _link(monkeypatch, worker, made=made)

    async def run():
        first = asyncio.ensure_future(link.call("analyse", "pos"))
        second = asyncio.ensure_future(link.call("think", senet.Game("kendall").state.position(), "expert", 3))
        await link.ready()
        worker.gate("analyse").set()
        worker.gate("think").set()
        worker.gate("fail").set()
        answers = [await first, await second]
        try:
            await link.call("fail", "x")
        except worker_link_failed() as exc:
            answers.append(str(exc))
        return answers

    answers = run_async(run())
    first_action = str(senet.Game("kendall").state.legal_actions()[0])
    assert answers == ['[["throw", 0.5]]', first_action, "the worker's fail failed: no such position"]
    assert [json.loads(text)[1:] for text in made[0].sent] == [
        ["analyse", ["pos"]], ["think", [senet.Game("kendall").state.position(), "expert", 3]], ["fail", ["x"]]]
    assert link.state == "kendall,tait" and link.root.dataset.workerStart == "snapshot"
    assert link.busy == 0


def worker_link_failed():
    return sys.modules["app.worker.link"].WorkerFailed


def test_a_worker_that_cannot_boot_leaves_the_link_failed(monkeypatch):
    """"failed" from the worker, an error event from its script, or silence past the
    boot timeout: the state is "failed", calls raise at once, the JS worker is stopped."""
    for boot, error in (("failed", "pyodide.asm.wasm answered 404"), ("error", "SyntaxError: players.js"),
                        ("silent", "it took too long to start")):
        made = []
        link = _link(monkeypatch, FakeWorker(), boot=boot, made=made, boot_timeout=0.2)

        async def run(link=link):
            try:
                await link.call("think", "pos", "expert", 1)
            except worker_link_failed() as exc:
                return str(exc)

        assert run_async(run()) == f"the computer player could not start ({error})", boot
        assert link.state == "failed" and link.error == error
        assert made[0].terminated and made[0].sent == []


class _Downloading(_Dataset):
    """data-runtime-loaded as app/boot/offline.js keeps it: the bytes go up at each look until
    ``looks`` looks, then the worker says "ready" (so every boot timeout in between saw
    the download move on); with ``stall``, the bytes stop after the first look."""

    def __init__(self, made, looks, stall=False):
        self.made, self.looks, self.stall, self.seen = made, looks, stall, 0

    @property
    def runtimeLoaded(self):
        self.seen += 1
        if self.seen == self.looks and not self.stall:
            self.made[0]._say("ready", "fresh", "kendall")
        return str(1_000_000 * (1 if self.stall else self.seen))


def test_a_download_still_coming_in_keeps_the_boot_going(monkeypatch):
    """The boot timeout counts silence: while the runtime's download moves on (a slow
    connection), the page waits another boot timeout, as often as it moves; once it stops
    moving, the boot fails as a silent one does."""
    for stall, state in ((False, "kendall"), (True, "failed")):
        made = []
        link = _link(monkeypatch, FakeWorker(), boot="silent", made=made, boot_timeout=0.05)
        link.root.dataset = _Downloading(made, looks=4, stall=stall)

        async def run(link=link):
            with contextlib.suppress(worker_link_failed()):
                await link.ready()

        run_async(run())
        assert link.state == state, stall
        # a look when the boot starts, then one each time the timeout ran out
        assert link.root.dataset.seen == (4 if not stall else 2), stall
        assert made[0].terminated == stall


class _Box:
    """#worker-boot: its progress bar and its text."""

    def __init__(self):
        self.hidden = True
        self.bar = types.SimpleNamespace(max=1, value=None, removeAttribute=self._indeterminate)
        self.text = types.SimpleNamespace(textContent="")

    def _indeterminate(self, name):
        assert name == "value"
        self.bar.value = None

    def querySelector(self, selector):
        return {"progress": self.bar, ".boot-text": self.text}[selector]


def test_the_worker_s_download_progress_reaches_the_page_and_keeps_the_boot_going(monkeypatch):
    """The worker counts the runtime's bytes as they come ("progress"): each count is kept
    in data-runtime-loaded (the word that keeps the boot going on a slow connection, as in
    the test above) and drawn in #worker-boot in a player's words, with about how long is
    left once the pace is known (the view's clock is the test's), then that the Expert
    starts once every byte is in, and the overlay goes when the worker is up."""
    made, seen = [], []
    link = _link(monkeypatch, FakeWorker(), boot="silent", made=made)
    from app.worker.boot_view import BootView, boot_text

    box = _Box()
    clock = iter((0.0, 3.0, 4.0, 5.0, 6.0))  # seconds, at each drawing while bytes come
    view = BootView(types.SimpleNamespace(getElementById=lambda name: box if name == "worker-boot" else None),
                    clock=lambda: next(clock))

    def on_progress(loaded, total):
        seen.append((loaded, total, link.root.dataset.runtimeLoaded))
        view.render(link)
        seen.append((box.hidden, box.bar.value, box.text.textContent))

    link.on_progress = on_progress

    async def run():
        link.start()
        await asyncio.sleep(0)
        for loaded in (1_200_000, 3_100_000, 4_986_000):
            made[0]._say("progress", loaded, 4_986_000)
            await asyncio.sleep(0)
        made[0]._say("ready", "fresh", "kendall")
        await link.ready()

    run_async(run())
    assert seen[:2] == [(1_200_000, 4_986_000, "1200000"),
                        (False, 1_200_000, "Downloading the Expert: 1.2 of 5.0 MB")]
    assert seen[2:4] == [(3_100_000, 4_986_000, "3100000"),
                         (False, 3_100_000, "Downloading the Expert: 3.1 of 5.0 MB, about 3 s left")]
    # (1.9 MB in 3 s: the 1.9 MB left take about 3 s more)
    assert seen[5] == (False, None, "Starting the Expert: a few more seconds…")
    assert link.state == "kendall"
    view.render(link)
    assert box.hidden
    assert boot_text(0, 0) == "Starting the Expert: a few more seconds…"
    assert "Python" not in boot_text(1, 2) + boot_text(1, 2, 7.4)


class _Said(list):
    """A JavaScript array as MicroPython's FFI shows it: ``length`` and indexing."""

    @property
    def length(self):
        return len(self)


def test_a_worker_started_with_the_page_is_taken_over_with_what_it_said(monkeypatch):
    """A link to a game against the Expert: app/boot/start.js started the worker with the
    page (window.senetEarlyWorker); the link takes it over instead of starting another,
    hears what it said before (its progress, "ready"), and calls it; a restart later makes
    a new one."""
    made, seen = [], []
    link = _link(monkeypatch, FakeWorker(), made=made)
    window = sys.modules["pyscript"].window

    async def run():
        early = FakeJsWorker(FakeWorker(), boot="silent")
        said = _Said(types.SimpleNamespace(type="message", data=json.dumps(m))
                     for m in (["progress", 400, 1000], ["progress", 1000, 1000], ["ready", "fresh", "kendall"]))
        window.senetEarlyWorker = types.SimpleNamespace(worker=early, said=said)
        link.on_progress = lambda loaded, total: seen.append((loaded, total))
        await link.ready()
        early.worker.gate("analyse").set()
        answer = await link.call("analyse", "pos")
        return early, answer

    early, answer = run_async(run())
    assert link.worker is early and made == []  # taken over, none started
    assert window.senetEarlyWorker is None  # taken once
    assert seen == [(400, 1000), (1000, 1000)] and link.root.dataset.runtimeLoaded == "1000"
    assert link.state == "kendall" and link.start_kind == "fresh"
    assert answer == '[["throw", 0.5]]' and early.sent

    async def again():
        link.restart()
        await link.ready()

    run_async(again())
    assert len(made) == 1 and early.terminated  # a new worker, started by the link


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


def test_the_page_is_told_whether_a_call_waits_for_the_worker(monkeypatch):
    """<html data-worker-idle> (app/boot/pwa.js's first precache waits for it): "true" with no
    call made, "false" from the moment one is made until it is answered, failed or given up."""
    worker = FakeWorker()
    link = _link(monkeypatch, worker)
    seen = [link.root.dataset.workerIdle]

    async def run():
        first = asyncio.ensure_future(link.call("analyse", "pos"))
        seen.append(link.root.dataset.workerIdle)
        await link.ready()
        second = asyncio.ensure_future(link.call("prepare", "kendall"))
        worker.gate("analyse").set()
        await first
        seen.append(link.root.dataset.workerIdle)  # the second still waits
        worker.gate("prepare").set()
        await second
        seen.append(link.root.dataset.workerIdle)
        given_up = asyncio.ensure_future(link.call("review", "pos"))
        for _ in range(5):
            await asyncio.sleep(0)
        seen.append(link.root.dataset.workerIdle)
        given_up.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await given_up
        seen.append(link.root.dataset.workerIdle)

    run_async(run())
    assert seen == ["true", "false", "false", "true", "false", "true"]


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
    from app.flow.controller import Controller, Setup

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
        assert worker.log == ["start review_step"] and ctl.table.thinking is not None
        worker.gate("think").set()
        worker.gate("review_step").set()
        await held
        await asyncio.wait_for(ctl.turn_loop.idle(), 30)
        return ctl

    ctl = run_async(run())
    assert worker.log[:3] == ["start review_step", "end review_step", "start think"]
    assert ctl.turn_loop.worker_failures == 0 and not ctl.turn_loop.worker_down
    assert ctl.view.notices == [] and ctl.view.errors == []


def test_analyses_of_positions_already_left_are_never_sent(monkeypatch):
    """Hints and the meter ask for an analysis of every human turn. While the worker is
    busy, the players go on; once it is free, only the position on the board is sent,
    not the backlog of the ones left meanwhile."""
    from app.flow.controller import Controller, Setup

    worker = FakeWorker()
    link = _link(monkeypatch, worker)

    def analyse(position):
        return link.call("analyse", position)

    async def run():
        held = asyncio.ensure_future(link.call("review_step", 1))
        await link.ready()
        ctl = Controller(View(), setup=Setup("kendall", ("human", "human"), seed=4, speed="instant"),
                         sleep=no_sleep, analyse=analyse, think_timeout=30, before_think=link.free)
        ctl.advice.meter = True
        ctl.start()
        steps = 0
        while steps < 6 and not ctl.table.game.over:  # six human steps while the worker is busy
            await asyncio.sleep(0)
            if ctl.table.can_throw:
                ctl.throw()
            elif ctl.table.must_pass:
                ctl.pass_turn()
            else:
                ctl.activate(next(iter(ctl.table.movable)))
                if ctl.table.selected is not None:
                    ctl.activate(next(iter(ctl.table.targets)))
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
    """app/worker/worker.py's prepare (queued by the page ahead of the first decision, so that
    the decision's timeout counts its search alone) leaves the rule set's endgame tables
    built, where the Expert uses them. In a fresh interpreter: nothing built before."""
    import json
    import subprocess
    from pathlib import Path

    from senet.ai.evaluate import SOLO_RACE

    root = Path(__file__).resolve().parents[2]
    script = ("import json\nfrom app.worker import worker\nfrom senet.ai import endgame\nout = {}\n"
              "import senet\nfor v in senet.VARIANTS:\n"
              "    before = v in endgame._CACHE\n    worker.prepare(v)\n"
              "    out[v] = [before, v in endgame._CACHE]\nprint(json.dumps(out))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600,
                          env={"PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    built = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(built) == set(senet.VARIANTS)
    for variant, (before, after) in built.items():
        assert not before and after == (variant in SOLO_RACE), variant
    assert any(variant in SOLO_RACE for variant in senet.VARIANTS)


def test_try_again_starts_a_new_worker_after_a_failed_start(monkeypatch):
    """The first start fails (a download that failed); restart() starts a new worker,
    which answers. While the first is still starting, restart() does nothing."""
    worker = FakeWorker()
    made = []
    link = _link(monkeypatch, worker, boot=["failed", "ready"], made=made)

    async def run():
        link.start()
        link.restart()  # starting: nothing happens
        try:
            await link.ready()
        except worker_link_failed() as exc:
            first = str(exc)
        states = [link.state]
        link.restart()
        states.append(link.state)
        worker.gate("analyse").set()
        answer = await link.call("analyse", "pos")
        return first, states, answer

    first, states, answer = run_async(run())
    assert first == "the computer player could not start (pyodide.asm.wasm answered 404)"
    assert states == ["failed", "starting"]
    assert answer == '[["throw", 0.5]]' and link.state == "kendall,tait" and link.error == ""
    assert len(made) == 2 and made[0].terminated and made[1].sent  # the failed one was stopped


def test_try_again_stops_a_running_worker_and_fails_its_waiting_calls(monkeypatch):
    """A worker the page gave up on (it booted, its calls fail or hang) is stopped by
    restart(); a call still waiting for it fails at once, and the new worker answers."""
    worker = FakeWorker()
    made = []
    link = _link(monkeypatch, worker, made=made)

    async def run():
        stuck = asyncio.ensure_future(link.call("review_step", 1))  # its gate is never opened
        await link.ready()
        for _ in range(5):
            await asyncio.sleep(0)
        link.restart()
        try:
            await stuck
        except worker_link_failed() as exc:
            failed = str(exc)
        worker.gate("analyse").set()
        return failed, await link.call("analyse", "pos")

    failed, answer = run_async(run())
    assert failed == "the worker's review_step failed: the worker was started again"
    assert answer == '[["throw", 0.5]]'
    assert len(made) == 2 and made[0].terminated and not made[1].terminated
    assert link.busy == 0
