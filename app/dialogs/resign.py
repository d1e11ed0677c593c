"""The Resign dialog: it asks first, saying whether the loss is counted."""

from senet.words import t


class ResignDialog:
    def __init__(self, page):
        self.page = page
        self.dialog = page.document.getElementById("resign-dialog")

    def ask(self):
        """Resign asks first: the game ends as a loss, counted in the statistics."""
        ctl = self.page.ctl
        if not ctl.history.can_resign:
            return
        winner = "b" if ctl.history.resigner() == "w" else "w"
        self.page.document.getElementById("resign-text").textContent = t(
            "new_game.resign.counted" if ctl.history.against_computer else "new_game.resign.not_counted",
            winner=ctl.table.seat_name(ctl.table.seat_of(winner)))
        self.dialog.returnValue = ""
        self.dialog.showModal()

    def on_close(self, _event):
        """The dialog closed: "resign" ends the game; anything else (Keep playing, Escape)
        changes nothing."""
        page = self.page
        if str(self.dialog.returnValue) != "resign":
            page.view.restore_focus(page.ctl)
            return
        self.dialog.returnValue = ""
        page.ctl.history.resign()
        page.show_problems()
