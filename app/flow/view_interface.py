"""What the Controller (app/flow/controller.py) asks of a view: ``NullView``, the interface
app/view/view.py implements, doing nothing. Tests subclass it to record what they need
(tests/app/app_harness.py). Free of the DOM; runs in CPython, Pyodide and MicroPython.
"""


class NullView:
    """The view interface (app/view/view.py implements it); does nothing."""

    def render(self, ctl) -> None:
        """Draw ``ctl``, the Controller, as it is now."""

    def announce(self, text: str) -> None:
        pass

    def set_speed(self, speed: str) -> None:
        pass

    def report_error(self, text: str) -> None:
        pass

    def notice(self, text: str, kind: str = "", actions=()) -> None:
        """A message that stays until read or answered (a saved game set aside, a worker
        failure); notices queue, and one of the same ``kind`` takes the place of the one
        queued. ``actions``: its buttons besides OK ("worker-retry": start the worker
        again; "notice-resume": Resume that game). Empty text withdraws the notice of
        ``kind``."""

    def withdraw_notice(self, kind: str) -> None:
        """The notice of ``kind`` is over: it goes, read or not."""

    def sound(self, name: str) -> None:
        """A sound: throw, move, bump, water, off, win or loss (app/view/sound.js)."""
