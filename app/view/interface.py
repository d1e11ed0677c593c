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

    def notice(self, text: str) -> None:
        """A message that stays until dismissed (a saved game set aside, a worker failure)."""

    def notice_action(self, action: str, visible: bool) -> None:
        """Shows or hides a button of the notice (``worker-retry``: start the worker again)."""

    def sound(self, name: str) -> None:
        """A sound: throw, move, bump, water, off, win or loss (app/view/sound.js)."""
