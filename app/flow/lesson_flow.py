"""The first-game tutorial on the board: a lesson (app/flow/tutorial.py) shown on a Table of
its own while the live game waits aside, untouched and not saved over, and the way back
to that game. A part of the Controller (app/flow/controller.py), like app/flow/replay_flow.py.
Free of the DOM.
"""

from senet.words import t


class LessonFlow:
    """Opens, moves between and closes the tutorial's lessons of the Controller ``ctl``."""

    def __init__(self, ctl):
        self.ctl = ctl

    def open(self, tutorial) -> None:
        """Show the tutorial's lesson on the board; the game in progress waits, untouched
        and unsaved-over, until close() (a replay showing is closed first)."""
        if self.ctl.table.replay is not None:
            self.ctl.replays.close()
        self._show(tutorial)

    def go(self, index: int) -> bool:
        """Lesson ``index`` from its start (Back, Next, or the same lesson again)."""
        tutorial = self.ctl.table.tutorial
        if tutorial is None or not tutorial.go(index):
            return False
        self._show(tutorial)
        return True

    def _show(self, tutorial) -> None:
        ctl = self.ctl
        ctl.show(tutorial.table(ctl.live.setup, ctl.new_game_id()))
        ctl.announce(t("flow.lesson.heading", heading=tutorial.heading()))  # the panel's own live region reads the lesson
        ctl.changed()

    def close(self) -> bool:
        """Back to the game in progress, exactly as it was."""
        if not self.leave():
            return False
        self.ctl.announce(t("flow.back_to_game"))
        self.ctl.changed()
        return True

    def leave(self) -> bool:
        """The live game back on the board if a lesson shows (without a word); False if none did."""
        ctl = self.ctl
        if ctl.table is None or ctl.table.tutorial is None:  # (None: the constructor's first game)
            return False
        ctl.back_to_live()
        return True
