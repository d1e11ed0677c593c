"""Where each seat's next action comes from: one class per kind of source.

The turn loop (app/flow/turn_loop.py) and the Controller's human actions ask the seat
whose turn it is, never the mode of the game:

- ``Person``: a person at this device; the page waits for a click, and plays it here.
- ``PersonOnline``: a person at this device playing a friend on another; a click is
  sent over the link first (app/online/flow.py), and the link plays it on both boards.
- ``Stranded``: a person at this device in a game between two devices whose link is
  gone from this device: nothing can be played, and the player is told why.
- ``Friend``: the seat played on the other device; its actions arrive over the link.
- ``PageComputer``: Novice and Average, deciding on the page.
- ``WorkerComputer``: the Expert, deciding in the worker (with a stand-in on the page
  when the worker fails; TurnLoop.ask_worker).

A new kind of seat (a spectator, a replay that plays itself) is one more class here with
the same few members: ``waits`` (the loop stops and waits for an event: a click or a
message), ``passes_alone`` (a lost throw of a waiting seat passes by itself after a
moment), ``throw(ctl)`` and ``decide(ctl, move)`` for the actions a person makes, and
``choose(loop, state, level, seed, seat)`` for a machine's decision, with ``elsewhere``
(it decides off the page: the loop asks at once, and the think overlaps the pace). Free
of the DOM.
"""

from app.flow.setup import WORKER_KINDS


class Person:
    """A person at this device: the page waits for a click and plays it here."""

    waits = True
    passes_alone = True  # a lost throw passes by itself after a moment (PASS_DELAY)

    def throw(self, ctl) -> bool:
        ctl.do_throw()
        ctl.changed()
        return True

    def decide(self, ctl, move) -> bool:
        ctl.do_play(move)
        ctl.changed()
        return True


class PersonOnline(Person):
    """A person at this device playing a friend on another: every action goes over the
    link first (``flow``: the OnlineFlow), which plays it on both boards; the link's
    protocol plays a lost throw itself."""

    passes_alone = False

    def __init__(self, flow):
        self.flow = flow

    def throw(self, ctl) -> bool:
        return self.flow.throw()

    def decide(self, ctl, move) -> bool:
        return self.flow.act(move)


class Stranded(Person):
    """A person at this device in a game between two devices whose link is gone from this
    device (its saved protocol could not be read): nothing can be played here."""

    passes_alone = False

    def throw(self, ctl) -> bool:
        return ctl.cannot_go_on()

    def decide(self, ctl, move) -> bool:
        return ctl.cannot_go_on()


class Friend:
    """The seat played on the other device: its throws and actions arrive over the link."""

    waits = True
    passes_alone = False


class PageComputer:
    """Novice or Average: decides on the page, at once."""

    waits = False
    elsewhere = False  # its think holds the page: it comes after the pace, not during it

    async def choose(self, loop, state, level: str, seed: int, seat: int):
        return loop.ask_page(state, level, seed)


class WorkerComputer:
    """The Expert: decides in the worker; a player no stronger than Average stands in on
    the page when the worker fails or takes too long."""

    waits = False
    elsewhere = True  # thinks in the worker: asked at once, its think overlaps the pace

    async def choose(self, loop, state, level: str, seed: int, seat: int):
        return await loop.ask_worker(state, level, seed, seat)


def seat_source(kind: str, stranded: bool = False):
    """The source of a seat's actions for a player kind of a game on this device
    (``stranded``: a game between two devices that cannot go on here)."""
    if kind == "human":
        return Stranded() if stranded else Person()
    return WorkerComputer() if kind in WORKER_KINDS else PageComputer()
