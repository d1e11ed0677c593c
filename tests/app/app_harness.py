"""What the page-side tests need to drive the app's game flow (app/flow/controller.py) without
a browser, written once: a view that records what the controller says, a sleep that does
not wait, seeded random bytes (``seeded_bytes``), the worker's decision made in-process
(``engine_think``), a person playing the human seats (``human_step``, ``play_as_human``,
``play_to_end``) and asyncio.run in a thread of its own.

Used by tests/app/test_app_*.py in CPython and, copied next to the app's modules, by
tests/app/mpy_app_driver.py under MicroPython too: so only the subset both
understand at import time (run_async, CPython's, imports what it needs when called).
Not a conftest.py: tests/browser/conftest.py is imported as `conftest` by the browser tests.
"""

import asyncio

from app.flow.controller import Controller, NullView
from app.game.pieces import loc_order
from app.storage.store import SavedGame
from app.view.notices import NoticeQueue


class View(NullView):
    """Keeps what the controller announces, its notices and the errors it reports."""

    def __init__(self):
        self.messages, self.notices, self.errors = [], [], []
        self.queue = NoticeQueue()  # the notices as the page queues them (app/view/notices.py)

    def announce(self, text):
        self.messages.append(text)

    def notice(self, text, kind="", actions=()):
        if text:
            self.notices.append(text)
            self.queue.add(text, kind, actions)
        else:
            self.queue.withdraw(kind)

    def withdraw_notice(self, kind):
        self.queue.withdraw(kind)

    def report_error(self, text):
        self.errors.append(text)


async def no_sleep(_seconds):
    """The controller's pauses between a computer's steps, without the wait."""
    await asyncio.sleep(0)


def seeded_bytes(seed):
    """A stand-in for the page's ``random_bytes`` (crypto.getRandomValues): ``n`` bytes
    at a time from Knuth's MMIX generator seeded with ``seed``, the same in every run and
    in both interpreters. A Controller given it draws the same new games' seeds, phrases
    and ids every time."""
    state = [seed & 0xFFFFFFFFFFFFFFFF]

    def random_bytes(n):
        out = []
        for _ in range(n):
            state[0] = (state[0] * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            out.append(state[0] >> 56)
        return bytes(out)

    return random_bytes


async def engine_think(position, level, seed):
    """What the worker does for a computer's decision (app/worker/worker.py's think), in-process."""
    import senet
    from senet.ai import get_player

    return str(get_player(level, seed=seed).choose(senet.parse_position(position)))


def first(options):
    return options[0]


def last(options):
    return options[-1]


def human_step(ctl, piece=first, target=first, rescue=None) -> bool:
    """One decision of the human to act, as a person clicking would: throw (or rescue,
    when ``rescue()`` says so), pass a lost throw, or click the piece that ``piece``
    picks from the movable places in track order and, if it has several destinations,
    the one ``target`` picks. False when there is nothing to do."""
    if ctl.table.can_rescue and rescue is not None and rescue():
        assert ctl.rescue()
    elif ctl.table.can_throw:
        assert ctl.throw()
    elif ctl.table.must_pass:
        assert ctl.table.movable == {}
        assert ctl.pass_turn()
    elif ctl.table.movable:
        before = ctl.table.state
        loc = piece(sorted(ctl.table.movable, key=loc_order))
        assert ctl.activate(loc)
        if ctl.table.state is before:  # several destinations: the piece is selected
            assert ctl.table.selected == loc and ctl.table.targets
            assert ctl.activate(target(sorted(ctl.table.targets, key=loc_order)))
        assert ctl.table.state is not before
    else:
        return False
    return True


async def play_as_human(ctl, steps=5000, **how) -> bool:
    """human_step (``how``: its choices) for ``steps`` decisions or until the game ends,
    letting the computers play between. Returns True when the game is over."""
    for _ in range(steps):
        await ctl.turn_loop.idle()
        if ctl.table.game.over:
            return True
        if not human_step(ctl, **how):  # a computer's turn the loop has not taken up yet
            await asyncio.sleep(0)
    await ctl.turn_loop.idle()
    return ctl.table.game.over


async def play_to_end(ctl, steps=5000, **how) -> None:
    """play_as_human until the game is over; fails when it is not after ``steps``."""
    if not await play_as_human(ctl, steps, **how):
        raise AssertionError(f"the game did not end in {steps} steps: {ctl.table.state.position()}")


def people_play_to_end(ctl, steps=5000, **how) -> None:
    """A game between people to its end by human_step alone, outside any event loop (no
    task runs: a lost throw is passed by its button)."""
    for _ in range(steps):
        if ctl.table.game.over:
            return
        if not human_step(ctl, **how):
            raise AssertionError(f"nothing to do at {ctl.table.state.position()}")
    raise AssertionError(f"the game did not end in {steps} steps: {ctl.table.state.position()}")


def play_out(session):
    """A senet.session.Session played to its end, every seat taking its first legal action
    (the opening's throws too): the game a test's summary, record or statistics read."""
    while not session.game.over:
        if session.state.throw is None:
            session.throw()
        elif not session.state.opening:
            session.play(session.state.legal_actions()[0])
    return session


def saving_controller(setup, store=None, think=engine_think, **kw):
    """A Controller for ``setup`` whose autosave keeps each state it saved (``ctl.saves``)
    and, given a ``store``, writes the game there as the page does."""
    saves = []

    def autosave(ctl):
        saves.append(ctl.table.state)
        if store is not None:
            store.save_game(SavedGame(ctl.table.session, ctl.table.setup.expert_nodes, ctl.table.counted))

    ctl = Controller(View(), think, sleep=no_sleep, setup=setup, autosave=autosave, **kw)
    ctl.saves = saves
    return ctl


async def human_decides(ctl):
    """Play the human's turns (human_step) until they have a real choice;
    returns the state of that decision."""
    for _ in range(200):
        await ctl.turn_loop.idle()
        if ctl.table.movable and len(ctl.table.state.legal_actions()) > 1:
            return ctl.table.state
        if not human_step(ctl):
            await asyncio.sleep(0)
    raise AssertionError("no decision")


def run_async(coro):
    """asyncio.run in a thread of its own (Playwright's sync API keeps a loop running in
    the main thread when browser tests ran before)."""
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
