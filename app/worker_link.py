"""The page's link to the worker "players" (app/worker.py), where the Expert, hints,
the win meter and the game review run on Pyodide, off the page's thread.

The page itself runs on MicroPython and is ready long before Pyodide could be: the
worker is started only when a game needs it (an Expert seat, hints, the win meter or a
review), by adding its script tag, with its own config (worker.toml). Until it answers,
callers wait in ``call``; its state is shown on the page as ``data-worker`` on <html>:

    off          not needed yet (no Expert seat, no hints or meter, no review)
    starting     Pyodide is booting in the worker
    VARIANTS     ready: the rule sets the worker's engine knows, comma-separated
    failed       it did not start (or a test asked it to fail); the page decides instead

Runs unchanged in MicroPython (the page) and Pyodide.
"""

import asyncio

from pyscript import document, window, workers

NAME = "players"
SRC = "./app/worker.py"
CONFIG = "./worker.toml"
BOOT_TIMEOUT = 60.0  # seconds for Pyodide to boot in the worker; then the page decides alone


class WorkerFailed(Exception):
    pass


class WorkerLink:
    """Starts the worker on first need and forwards calls to it.

    ``fail`` is the test hook of the page's URL (docs/app.md): "1" makes every call fail
    at once, "hang" makes every call wait forever (as a stuck worker would).
    ``on_change(state)`` is called whenever the state changes.
    """

    def __init__(self, root, fail="", on_change=None, boot_timeout=BOOT_TIMEOUT):
        self.root = root
        self.fail = fail
        self.on_change = on_change
        self.boot_timeout = boot_timeout
        self.worker = None
        self.error = ""
        self._booted = asyncio.Event()
        # The worker answers one call at a time, in order: calls made and not answered
        # yet, and an event set whenever that count falls to zero.
        self.busy = 0
        self._free = asyncio.Event()
        self._free.set()
        self._set_state("off")

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

    async def _boot(self):
        async def boot():
            script = document.createElement("script")
            script.type = "py"
            script.src = SRC
            script.setAttribute("worker", "")
            script.setAttribute("name", NAME)
            script.setAttribute("config", CONFIG)
            document.body.append(script)
            worker = await workers[NAME]
            return worker, str(await worker.ping())

        try:
            self.worker, variants = await asyncio.wait_for(boot(), self.boot_timeout)
        except Exception as exc:  # the game goes on: the page decides for the computers
            self.error = str(exc) or "it took too long to start"
            self._set_state("failed")
        else:
            self._set_state(variants)
            window.performance.mark("senet:worker")  # tools/bench_browser.py reads it
        self._booted.set()

    async def ready(self):
        """Start the worker if needed and wait until it has booted (or failed)."""
        self.start()
        await self._booted.wait()
        if self.worker is None:
            raise WorkerFailed(f"the computer player could not start ({self.error})")

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
        return self._call(name, args)

    async def _call(self, name, args):
        try:
            if self.fail == "hang":
                await asyncio.Event().wait()  # never answers
            if self.fail:
                raise WorkerFailed("the worker failed (simulated by ?fail_worker)")
            await self.ready()
            return await getattr(self.worker, name)(*args)
        finally:  # answered, failed, or given up by its caller (cancelled)
            self.busy -= 1
            if not self.busy:
                self._free.set()
