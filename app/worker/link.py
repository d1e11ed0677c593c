"""The page's link to the worker "players" (app/worker/players.js running app/worker/worker.py), where
the Expert, hints, the win meter and the game review run on Pyodide, off the page's thread.

The page itself runs on MicroPython and is ready long before Pyodide could be: the
worker is started only when a game needs it (an Expert seat, hints, the win meter or a
review), as a module worker; for a link to a game against the Expert, app/boot/start.js
has started it with the page's start already, and the link takes it over. Only strings cross: each call goes as one JSON text
``[id, name, [args...]]`` and comes back as ``["ok", id, value]`` or ``["error", id,
message]`` (app/worker/players.js lists the messages). Until the worker answers, callers wait in
``call``; its state is shown on the page as ``data-worker`` on <html>:

    off          not needed yet (no Expert seat, no hints or meter, no review)
    starting     Pyodide is booting in the worker
    VARIANTS     ready: the rule sets the worker's engine knows, comma-separated
    failed       it did not start (or a test asked it to fail); the page decides instead

and, once it is ready, how it started as ``data-worker-start``: "snapshot" (restored from
the memory snapshot this device kept) or "fresh". While it starts, the bytes of the runtime
received from the network so far are ``data-runtime-loaded`` (the worker counts them:
"progress"), and ``on_progress(loaded, total)`` is called.

Runs unchanged in MicroPython (the page) and CPython (tests/app/test_worker_link.py).
"""

import asyncio
import json

from pyscript import window
from pyscript.ffi import create_proxy, to_js

from app.platform import guard
from senet.words import t

SRC = "./app/players.js"
# Seconds the worker may boot without a word: then the page decides alone. A download
# of the runtime that is still coming in (the worker's "progress", kept in
# data-runtime-loaded, as is the service worker's by app/boot/offline.js) counts as a
# word, so a slow connection is not cut off.
BOOT_TIMEOUT = 60.0


class WorkerFailed(Exception):
    pass


class WorkerLink:
    """Starts the worker on first need and forwards calls to it.

    ``fail`` is the test hook of the page's URL (docs/app.md): "1" makes every call fail
    at once, "hang" makes every call wait forever (as a stuck worker would).
    ``on_change(state)`` is called whenever the state changes.
    """

    def __init__(self, root, fail="", on_change=None, boot_timeout=BOOT_TIMEOUT, on_progress=None, lang="en"):
        self.root = root
        self.lang = lang  # the page's language: the worker says its words in it too
        self.fail = fail
        self.on_change = on_change
        self.on_progress = on_progress
        self.boot_timeout = boot_timeout
        self.worker = None  # the JS Worker, once started
        self._reset()
        self._waiting = {}  # call id -> [event, ok, value or message]
        self._next_id = 0
        # The worker answers one call at a time, in order: calls made and not answered
        # yet, and an event set whenever that count falls to zero.
        self.busy = 0
        self._free = asyncio.Event()
        self._free.set()
        self._set_state("off")
        self._tell_idle()

    def _reset(self):
        """What a start of the worker finds out, forgotten (a new link, or restart())."""
        self.error = ""
        self.variants = None  # what the worker's "ready" said
        self.start_kind = ""  # "snapshot" or "fresh"
        self.loaded = self.total = 0  # the runtime's bytes from the network: received, expected
        self._started = asyncio.Event()  # the worker said "ready" or "failed", or its script failed
        self._booted = asyncio.Event()

    @property
    def starting(self):
        return self.state == "starting"

    def _set_state(self, state):
        self.state = state
        self.root.dataset.worker = state
        if self.on_change is not None:
            self.on_change(state)

    def start(self):
        """Start the worker unless it was started already (returns at once)."""
        if self.state != "off":
            return
        self._set_state("starting")
        asyncio.create_task(self._boot())

    def restart(self):
        """Start the worker again ("Try again" after it failed to start, or after the page
        gave up on it): a worker still running is stopped first, and the calls waiting for
        it fail. Does nothing while it is starting."""
        if self.state == "starting":
            return
        if self.worker is not None:
            self.worker.terminate()
            self.worker = None
        self._fail_waiting(t("worker.restarted"))
        self._reset()
        self._set_state("off")
        self.start()

    async def _boot(self):
        try:
            src = SRC if self.lang == "en" else f"{SRC}?lang={self.lang}"
            # through app/platform/guard.py: a browser that refuses a worker throws (SecurityError)
            early = self._early_worker()  # app/boot/start.js's, started with the page's language
            self.worker = early.worker if early is not None else guard.construct(
                window.Worker, src, to_js({"type": "module"}))
            self.worker.onmessage = self._on_message_proxy = create_proxy(self._on_message)
            self.worker.onerror = self._on_error_proxy = create_proxy(self._on_error)
            if early is not None:  # what it said before this link listened
                for i in range(int(early.said.length)):
                    event = early.said[i]
                    (self._on_error if str(event.type) == "error" else self._on_message)(event)
            await self._wait_started()
            if self.variants is None:
                raise WorkerFailed(self.error)
        except Exception as exc:  # the game goes on: the page decides for the computers
            self.error = str(exc) or t("worker.too_slow_to_start")
            if self.worker is not None:
                self.worker.terminate()
                self.worker = None
            self._set_state("failed")
            self._fail_waiting(self.error)
        else:
            self.root.dataset.workerStart = self.start_kind
            self._set_state(self.variants)
            window.performance.mark("senet:worker")  # tools/bench_browser.py reads it
        self._booted.set()

    @staticmethod
    def _early_worker():
        """The worker app/boot/start.js started with the page for a link to a game against
        the Expert (window.senetEarlyWorker: {worker, said}), taken once; else None."""
        early = getattr(window, "senetEarlyWorker", None)
        if not early:  # None, or JavaScript's undefined or null
            return None
        window.senetEarlyWorker = None
        return early

    async def _wait_started(self):
        """Until the worker said "ready" or "failed": a boot_timeout at a time, for as long
        as the runtime's download moves on in between."""
        seen = self._download_mark()
        while True:
            try:
                await asyncio.wait_for(self._started.wait(), self.boot_timeout)
                return
            except TimeoutError:
                now = self._download_mark()
                if now == seen:
                    raise
                seen = now

    def _download_mark(self):
        """The runtime's bytes received so far, as app/boot/offline.js last heard from the
        service worker ("" when it heard nothing)."""
        mark = getattr(self.root.dataset, "runtimeLoaded", None)
        return mark if isinstance(mark, str) else ""

    def _on_message(self, event):
        """A message from the worker (a JSON text, app/worker/players.js)."""
        try:
            message = json.loads(str(event.data))
            kind = message[0]
        except (ValueError, TypeError, IndexError):
            return  # not ours
        if kind == "progress":
            self.loaded, self.total = int(message[1]), int(message[2])
            self.root.dataset.runtimeLoaded = str(self.loaded)  # a word: the boot goes on
            if self.on_progress is not None:
                self.on_progress(self.loaded, self.total)
        elif kind == "ready":
            self.start_kind, self.variants = str(message[1]), str(message[2])
            self._started.set()
        elif kind == "failed":
            self.error = str(message[1])
            self._started.set()
        elif kind in ("ok", "error") and message[1] in self._waiting:
            slot = self._waiting.pop(message[1])
            slot[1], slot[2] = kind == "ok", message[2]
            slot[0].set()

    def _on_error(self, event):
        """The worker's script failed (it could not load, or threw outside any call)."""
        message = getattr(event, "message", None)
        self.error = str(message) if message else t("worker.script_failed")
        self._started.set()
        self._fail_waiting(self.error)

    def _fail_waiting(self, error):
        for slot in self._waiting.values():
            slot[1], slot[2] = False, error
            slot[0].set()
        self._waiting.clear()

    async def ready(self):
        """Start the worker if needed and wait until it has booted (or failed)."""
        self.start()
        await self._booted.wait()
        if self.worker is None:
            raise WorkerFailed(t("worker.not_started", error=self.error))

    async def free(self):
        """Start the worker if needed and wait until it has booted and has answered every
        call made before (an event, not a clock: a caller that times its own call then
        times only the worker's work on it, not the calls queued before it)."""
        await self.ready()
        while self.busy:
            self._free.clear()
            await self._free.wait()

    def call(self, name, *args):
        """Call the worker's function ``name`` (waiting for it to boot first); returns
        the awaitable answer. The call counts as queued from this moment, so that a
        ``free()`` that returned just before sees it at once."""
        self.busy += 1
        self._free.clear()
        self._tell_idle()
        return self._call(name, args)

    def _tell_idle(self):
        """<html data-worker-idle>: "true" while no call waits for the worker. On a first
        visit app/boot/pwa.js precaches the shell only once the worker is up and idle and a
        person is to act, so that the precache shares the link neither with the runtime's
        download nor with a question the player waits for (the Expert's move, a hint)."""
        self.root.dataset.workerIdle = "false" if self.busy else "true"

    async def _call(self, name, args):
        try:
            if self.fail == "hang":
                await asyncio.Event().wait()  # never answers
            if self.fail:
                raise WorkerFailed(t("worker.simulated_failure"))
            await self.ready()
            self._next_id += 1
            call_id = self._next_id
            slot = [asyncio.Event(), False, None]
            self._waiting[call_id] = slot
            try:
                self.worker.postMessage(json.dumps([call_id, name, list(args)]))
                await slot[0].wait()
            finally:
                self._waiting.pop(call_id, None)
            if not slot[1]:
                raise WorkerFailed(t("worker.call_failed", name=name, error=slot[2]))
            return slot[2]
        finally:  # answered, failed, or given up by its caller (cancelled)
            self.busy -= 1
            if not self.busy:
                self._free.set()
                self._tell_idle()
