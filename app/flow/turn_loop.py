"""The flow of turns: the loop that plays the computers' turns on the page, and the
stand-in when the worker fails.

Novice and Average decide here, on the page; the Expert's decisions come from the
injected ``think`` coroutine (the worker, app/worker/worker.py, reached once ``before_think``,
WorkerLink.free, says it is free). Each step reads ``senet.turns.step`` (over, chance,
forced, choice), as the engine's own driver does, and rechecks that the game has not
moved on meanwhile. A worker that fails or takes too long is replaced by a player no
stronger than Average on this thread, and the player is told. Free of the DOM.
"""

import asyncio

from app.flow.setup import KIND_NAMES
from app.words.names import STAND_IN

try:
    from time import ticks_diff, ticks_ms  # MicroPython (the page)
except ImportError:  # CPython (tests and tools)
    from time import monotonic

    def ticks_ms() -> int:
        return int(monotonic() * 1000)

    def ticks_diff(a: int, b: int) -> int:
        return a - b

import senet
from senet import PASS, THROW, turns
from senet.words import t

# Seconds a computer waits before each step of its turn (and after showing its choice,
# 60% of it), so that a person can follow; "instant" never waits.
PACE = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
# At speed "instant" the computers' steps follow one another at once, but once they have
# held the main thread this many ms the loop hands it back to the browser (to draw, and
# to take a click) with a sleep of HAND_BACK_S. PyScript's MicroPython runs every ready
# task before it returns to the browser, so asyncio.sleep(0) alone would keep a game of
# two computers on the main thread to its end (a Jequier game of 1,066 lines froze the
# page for 9 s); a sleep of 1 ms is a browser timer.
BURST_MS = 50
HAND_BACK_S = 0.001
# Seconds before a human's lost throw passes by itself (the OK button passes at once).
PASS_DELAY = {"slow": 2.5, "normal": 1.6, "fast": 0.9, "instant": 0.4}
# A computer decision asked of the worker gives up after this many seconds (the Expert's
# own cap is 1.5 s; three times that, but at least 10 s), and the main thread decides
# instead with a weaker player. After WORKER_GIVE_UP failures in a row the worker is
# no longer asked for the rest of the visit.
THINK_TIMEOUT = 10.0
WORKER_GIVE_UP = 2


def fallback_text(player: str, slow: bool, seconds: float, weaker: str | None = None, why: str | None = None) -> str:
    """What the player is told when the worker fails (a notice): the ``player`` (the level
    asked for) was too ``slow`` (more than ``seconds``) or stopped working, and the
    ``weaker`` level chose in its place; or, when the stand-in cannot run either
    (``why``), the first possible move was played."""
    if why is None:
        key = "flow.worker.decided_slow" if slow else "flow.worker.decided_failed"
    else:
        key = "flow.worker.first_legal_slow" if slow else "flow.worker.first_legal_failed"
    return t(key, player=player, seconds=seconds, weaker=weaker, why=why)


def fallback_broken(why: str) -> str:
    """The stand-in failed while the worker was not asked (given up, or none)."""
    return t("flow.worker.fallback_broken", why=why)


async def awaited(awaitable):
    """A coroutine around any awaitable (MicroPython's wait_for takes coroutines only)."""
    return await awaitable


def error_text(exc: BaseException) -> str:
    """An exception in a few words: the last line of its message, or its type."""
    text = str(exc).strip()
    return text.splitlines()[-1] if text else type(exc).__name__


def fallback_level(level: str) -> str:
    """The player that stands in on the main thread: Novice for Novice, else Average."""
    return "novice" if level == "novice" else STAND_IN


class TurnLoop:
    """Plays the computers' turns of the Controller's game (``ctl``) and keeps the tasks
    it runs; knows whether the worker still answers and whether the stand-in runs."""

    def __init__(self, ctl, think=None, sleep=None, think_timeout: float = THINK_TIMEOUT,
                 before_think=None, think_timer=None):
        self.ctl = ctl
        # (position, level, seed) -> awaitable action text: a move, or "throw" or
        # "rescue" before a throw (a coroutine, or a JavaScript promise on the page)
        self.think = think
        # () -> awaitable, awaited before each call to the worker, outside think_timeout
        # (the page: until the worker has booted and has answered every earlier call, so
        # that the timeout counts only the worker's own work on this call, never a queue
        # before it); raising counts as a failure of the worker. A call whose state is no
        # longer the game's once it returns is not made at all.
        self.before_think = before_think
        # (level, what) -> a callable to call once the decision is made, or None: the page
        # marks each computer decision (performance "senet:think") for tests and benchmarks
        self.think_timer = think_timer
        # (state, level) -> awaitable action text, or None: the Expert's opening book
        # (senet.book), asked before the worker; the page sets it (app/boot/page.py)
        self.book = None
        self.think_timeout = think_timeout
        self.sleep = sleep or asyncio.sleep
        self.loop_gen = None  # the game (ctl.gen) whose loop runs
        self.held_since = ticks_ms()  # when the loop last let the browser run (BURST_MS)
        self.tasks = set()
        self.worker_failures = 0  # worker failures in a row
        self.worker_down = False  # given up on the worker: computers decide on this thread
        # why, once worker_down: "start" (it never started) or "answer" (it stopped answering)
        self.down_why = ""
        self.fallback_error = None  # why the stand-in player cannot run on this thread

    def kick(self) -> None:
        """Start the turn loop unless one runs for this game (it stops at a human's turn)."""
        ctl = self.ctl
        if self.loop_gen == ctl.gen or ctl.table.game.over or ctl.table.replay is not None or ctl.table.tutorial is not None:
            return
        self.loop_gen = ctl.gen
        self.spawn(self._advance(ctl.gen))

    def spawn(self, coro) -> None:
        """Run ``coro`` as a task, held in ``tasks`` until it ends (a task nothing refers
        to may be collected before it ends)."""

        async def run():
            try:
                await coro
            finally:
                self.tasks.discard(task)

        runner = run()
        try:
            task = asyncio.create_task(runner)
        except RuntimeError:  # CPython, called outside a running loop (a test): the task
            task = asyncio.get_event_loop().create_task(runner)  # waits for that loop to run
        self.tasks.add(task)

    def stale(self, gen: int, state: senet.State) -> bool:
        """The game moved on, or ended (a resignation changes no state), since ``state``."""
        game = self.ctl.table.game
        return gen != self.ctl.gen or game.state is not state or game.over

    async def idle(self) -> None:
        """Wait until the turn loop stops (a human's turn or the end); for tests."""
        while self.loop_gen is not None:
            await asyncio.sleep(0)

    async def _advance(self, gen: int) -> None:
        ctl = self.ctl
        self.held_since = ticks_ms()  # the loop starts in a task of its own
        try:
            while gen == ctl.gen and not ctl.table.game.over:
                seat = ctl.table.seat_to_act
                state = ctl.table.state
                source = ctl.table.source(seat)  # app/flow/seats.py
                if source.waits:  # a person, here or on the other device
                    kind, action = turns.step(state)
                    if source.passes_alone and kind == turns.FORCED and action == PASS:
                        await self.sleep(PASS_DELAY[ctl.table.setup.speed])
                        if not self.stale(gen, state):
                            ctl.do_play(PASS)
                            ctl.view.render(ctl)
                        continue
                    break
                await self._computer_step(gen, seat, source)
        finally:
            if self.loop_gen == gen:
                self.loop_gen = None
        if gen == ctl.gen:
            ctl.advice.consider()  # a human's turn: hints and the meter, when asked for

    async def _computer_step(self, gen: int, seat: int, source) -> None:
        ctl = self.ctl
        state = ctl.table.state
        pace = PACE[ctl.table.setup.speed]
        level = ctl.table.kind(seat)
        seed = (ctl.table.game.seed or 0) * 2 + seat  # one player per seat, reproducible per game
        kind, move = turns.step(state)
        text = None
        if pace and kind == turns.CHOICE and source.elsewhere:
            # A decision made off the page (the worker's) is asked at once: its think, and a
            # first start's wait for the worker, take the place of the pace, which only waits
            # for what is left of it (the steps keep at least their pace apart).
            asked = ticks_ms()
            text = await source.choose(self, state, level, seed, seat)
            if self.stale(gen, state):
                return
            rest = pace - ticks_diff(ticks_ms(), asked) / 1000
            if rest > 0:
                await self.sleep(rest)
        else:
            await (self.sleep(pace) if pace else self._breathe())
            if kind == turns.CHOICE and not self.stale(gen, state):
                text = await source.choose(self, state, level, seed, seat)
        if self.stale(gen, state):
            return
        if kind == turns.CHANCE:
            ctl.do_throw()
            ctl.view.render(ctl)
            return
        legal = state.legal_actions()
        if kind == turns.CHOICE:  # a move, or before a throw THROW or RESCUE
            move = legal[0]
            try:
                chosen = senet.parse_move(text)
            except (senet.SenetError, TypeError):
                chosen = None
            if chosen in legal:
                move = chosen
            elif text is not None or state.throw is not None:
                ctl.view.report_error(f"{level} player chose '{text}', not a legal move; playing {move}")
        if move == THROW:
            ctl.do_throw()
            ctl.view.render(ctl)
            return
        if pace and not move.is_special:
            ctl.table.preview = move
            ctl.view.render(ctl)
            await self.sleep(pace * 0.6)
            if self.stale(gen, state):
                return
        ctl.do_play(move)
        ctl.view.render(ctl)

    async def _breathe(self) -> None:
        """Between steps at speed "instant": hand the main thread back to the browser once
        the steps have held it BURST_MS (see there), else go straight on."""
        if ticks_diff(ticks_ms(), self.held_since) < BURST_MS:
            await self.sleep(0)
            return
        await self.sleep(HAND_BACK_S)
        self.held_since = ticks_ms()

    def ask_page(self, state: senet.State, level: str, seed: int):
        """Novice's or Average's decision, on the page (app/flow/seats.py's PageComputer)."""
        done = self.mark_think(state, level)
        try:
            return self.decide_here(state, level, seed)
        finally:
            done()

    async def ask_worker(self, state: senet.State, level: str, seed: int, seat: int):
        """The Expert's decision (app/flow/seats.py's WorkerComputer): from its opening
        book where it has one (``book``), else from the worker
        (``think``) within ``think_timeout``; when it fails or takes too long, from a player
        no stronger than Average on this thread; None when that one cannot run either (the
        caller then plays the first legal action, or throws)."""
        ctl = self.ctl
        ctl.table.thinking = seat
        ctl.view.render(ctl)
        try:
            if self.book is not None:  # the first turn's decisions, worked out ahead
                answer = await self.book(state, level)
                if answer is not None or ctl.table.game.state is not state:
                    return answer  # (None when undone or replaced meanwhile: the caller drops it)
            failure = None
            if self.think is not None and not self.worker_down:
                try:
                    if self.before_think is not None:
                        await self.before_think()
                    if ctl.table.game.state is not state:
                        return None  # undone or replaced meanwhile: the caller drops it
                    done = self.mark_think(state, level)  # the worker's own work, not its queue
                    try:
                        answer = await asyncio.wait_for(awaited(self.think(state.position(), level, seed)),
                                                        self.think_timeout)
                    finally:
                        done()
                except Exception as exc:  # a failing or hanging worker must not stop the game
                    failure = exc
                else:
                    self.worker_failures = 0
                    return answer
            answer = self.decide_here(state, level, seed, tell=failure is None)
            if ctl.table.game.state is state:  # the Expert's seat played by a stand-in: counted so
                ctl.table.stood_in = True
            if failure is not None:
                self._worker_failed(failure, level)
            return answer
        finally:
            ctl.table.thinking = None

    def mark_think(self, state: senet.State, level: str):
        """Starts the page's mark of one computer decision; returns the call that ends it."""
        if self.think_timer is None:
            return lambda: None
        return self.think_timer(level, "move" if state.throw is not None else "pre-throw")

    def _worker_failed(self, exc: BaseException, level: str) -> None:
        """Tell the player what stood in for the worker that failed (``decide_here`` has run)."""
        view = self.ctl.view
        self.worker_failures += 1
        slow = isinstance(exc, asyncio.TimeoutError)
        player = KIND_NAMES.get(level, level)
        # the error itself is for the console, not for the player
        view.report_error(f"The {player} player failed ({error_text(exc)})")
        if self.fallback_error is None:
            text = fallback_text(player, slow, self.think_timeout, weaker=KIND_NAMES[fallback_level(level)])
        else:
            text = fallback_text(player, slow, self.think_timeout, why=self.fallback_error)
        if self.worker_failures >= WORKER_GIVE_UP and not self.worker_down:
            self.worker_down = True
            self.down_why = "answer"
            text = t("flow.worker.given_up" if self.fallback_error is None else "flow.worker.given_up_first_legal",
                     text=text)
        # a notice for the player (the error was reported on its own); a later one about the
        # worker takes its place; "Try again" is app/boot/page.py's retry_worker
        view.notice(text, "worker", ("worker-retry",) if self.worker_down else ())

    def decide_here(self, state: senet.State, level: str, seed: int, tell: bool = True):
        """Novice's or Average's decision on this thread (quick; imported on first use):
        their own, or the stand-in for a failed Expert. None when it cannot run:
        ``fallback_error`` then says why, and it is not tried again; the player is told
        once (``tell``: here, else the caller's own words name it)."""
        if self.fallback_error is not None:
            return None
        try:
            from senet.ai import kept_player

            return str(kept_player(fallback_level(level), seed).choose(state))
        except Exception as exc:  # not expected, but it must not stop the game either
            self.fallback_error = error_text(exc)
            if tell:
                text = fallback_broken(self.fallback_error)
                self.ctl.view.report_error(text)
                self.ctl.view.notice(text, "worker")
            return None
