"""Parts of the page loaded after its first paint: a part's modules are imported in the
background once the board is live, or at once on the first click that needs them; a
click made before they are there is kept and answered as soon as they are.

A part is a name, the modules it imports (deepest first: each import is a short task of
its own in the background) and ``make``, which builds the part's object from its last
module (a dialog, a drawing). The page's composition (app/boot/parts.py) registers its
parts; a handler asks for one by name::

    parts = Parts(on_failed=say_it)                  # say_it(name, error, asked): a notice
    parts.add("settings", ("app.words.records", "app.dialogs.settings"),
              lambda module: module.SettingsDialogs(page))
    parts.when("settings", lambda dialogs: dialogs.open_settings())   # a click's handler
    dialogs = await parts.need("settings")           # async code: the object, or the error raised
    dialogs = parts.now("settings")                  # a boot step that cannot wait: imported now
    parts.later(busy)                                # after ready and once busy() is False: the rest

``prepare`` (an async call, optional) is what every part needs before its first import:
the page's parts' pack, fetched and added to the mounted page pack (app/main.py). It is
awaited once, by whichever asks first (``later``, a click, ``need``); a failure fails the
part asked for and is tried again at the next ask. ``now`` cannot wait: a boot step that
needs a part awaits ``ready()`` first.

``when`` calls at once when the part is there; otherwise it keeps the call (one per
``key``: a second click on the same button during the load is not answered twice),
hurries the part (its modules imported in one task, the next one) and calls it then. A
part whose import fails calls ``on_failed`` and drops the calls it kept; the next
``when`` tries again. The page goes on without it.

Free of the DOM, so that CPython's tests drive it (tests/app/test_lazy.py); MicroPython's
``__import__`` and ``asyncio`` are all it uses.
"""

import asyncio
import sys


class Part:
    def __init__(self, name, modules, make):
        self.name = name
        self.modules = tuple(modules)
        self.make = make
        self.value = None  # the object ``make`` built, once loaded
        self.loaded = False
        self.loading = False
        self.waiting = []  # [(key, call)] kept until the part is there
        self.error = None  # the last attempt's failure, if any


def import_module(name):
    """The module ``name`` (dotted), imported."""
    __import__(name)
    return sys.modules[name]


class Parts:
    def __init__(self, on_failed=None, on_change=None, pause=None, fail=(), prepare=None):
        self.parts = {}
        self.order = []  # the order ``later`` loads them in: the order they were added
        # (name, error, asked): the player is told when a click or ``need`` asked for the
        # part (asked True); a failure in the background is only logged (asked False)
        self.on_failed = on_failed
        self.on_change = on_change  # (parts): which parts are there (a test hook marks the page)
        self.pause = pause or (lambda: asyncio.sleep(0))  # between two background imports
        self.fail = tuple(fail)  # test hook (?fail_part=name): these parts fail to load
        self.background = None  # the task of ``later``
        self.prepare = prepare  # async (): what every part needs first, awaited once
        self.prepared = prepare is None
        self._preparing = False

    def add(self, name, modules, make):
        if name in self.parts:
            raise ValueError(f"a part named {name!r} is registered already")
        part = self.parts[name] = Part(name, modules, make)
        self.order.append(name)
        return part

    def get(self, name):
        """The part's object if it is loaded, else None (never loads)."""
        part = self.parts[name]
        return part.value if part.loaded else None

    def loaded(self):
        return [name for name in self.order if self.parts[name].loaded]

    # -- asking for a part -----------------------------------------------------------------
    def when(self, name, call, key=None):
        """Call ``call(object)`` now if the part ``name`` is loaded; else keep it (replacing
        a call kept under the same ``key``) and load the part in the next task."""
        part = self.parts[name]
        if part.loaded:
            call(part.value)
            return True
        part.waiting = [(k, c) for k, c in part.waiting if key is None or k != key] + [(key, call)]
        if not part.loading:
            part.loading = True
            asyncio.create_task(self._hurry(part))
        return False

    def now(self, name):
        """The part's object, loaded in this task if need be (a boot step that cannot go
        on without it: an online game taken up again); raises what its import raised."""
        part = self.parts[name]
        if not part.loaded:
            part.loading = True
            self._load(part, hurry=True)
            if not part.loaded:
                raise part.error
        return part.value

    async def need(self, name):
        """The part's object, loaded first if need be; raises what its import raised."""
        part = self.parts[name]
        while part.loading:  # a load under way (``later``'s or a click's): wait for it
            await self.pause()  # the browser's turn too: the load may be waiting for one
        if not part.loaded:
            part.loading = True
            self._load(part, hurry=True, failure=await self._ready_or_error())
        if not part.loaded:
            raise part.error
        return part.value

    async def ready(self):
        """Await ``prepare`` unless it has succeeded already (once at a time: a second
        caller waits for the first); raises what it raised."""
        while self._preparing:
            await self.pause()
        if self.prepared:
            return
        self._preparing = True
        try:
            await self.prepare()
            self.prepared = True
        finally:
            self._preparing = False

    async def _ready_or_error(self):
        """None once ``ready``, else what it raised."""
        try:
            await self.ready()
        except Exception as exc:
            return exc
        return None

    def later(self, busy=None, most=10.0, every=0.05):
        """Load every part not loaded yet, one module a task, in the order they were
        added (called once the board is live); while ``busy()`` says the page has more
        urgent work (the computer's first turn), for ``most`` seconds at most, wait first."""
        if self.background is None:
            self.background = asyncio.create_task(self._later(busy, most, every))
        return self.background

    # -- loading ---------------------------------------------------------------------------
    async def _hurry(self, part):
        await asyncio.sleep(0)  # the click's handler returns first
        self._load(part, hurry=True, failure=await self._ready_or_error())

    async def _later(self, busy, most, every):
        waited = 0.0
        while busy is not None and waited < most and busy():
            await asyncio.sleep(every)
            waited += every
        failure = await self._ready_or_error()
        if failure is not None:  # said once, for the first part not loaded; a click asks again
            for name in self.order:
                part = self.parts[name]
                if not part.loaded and not part.loading:
                    part.loading = True
                    self._load(part, hurry=False, failure=failure)
                    break
            return
        for name in self.order:
            part = self.parts[name]
            if part.loaded or part.loading:
                continue
            part.loading = True
            for module in part.modules[:-1]:
                await self.pause()
                if part.loaded:  # a click hurried it meanwhile
                    break
                try:
                    import_module(module)
                except Exception:  # the part's own load below says it
                    break
            await self.pause()
            if not part.loaded:
                self._load(part, hurry=False)

    def _load(self, part, hurry, failure=None):
        try:
            if failure is not None:
                raise failure
            if part.name in self.fail:
                raise ImportError(f"the part {part.name} was made to fail (?fail_part)")
            module = None
            for name in part.modules:
                module = import_module(name)
            part.value = part.make(module)
            part.loaded, part.error = True, None
        except Exception as exc:
            part.error = exc
            part.loading = False
            waiting, part.waiting = part.waiting, []
            if self.on_failed is not None:  # asked: a click or ``need`` waits for it
                self.on_failed(part.name, exc, hurry or bool(waiting))
            return
        part.loading = False
        if self.on_change is not None:
            self.on_change(self)
        waiting, part.waiting = part.waiting, []
        for _key, call in waiting:
            call(part.value)
