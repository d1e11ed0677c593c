"""The replay's Play from here dialog: it asks first, saying what becomes of the game in
progress (kept among the kept games, which New game... lists)."""

from app.game.counting import count_words, moment_name, turns_played
from app.words.names import rules_name
from senet.words import t


class PlayHereDialog:
    def __init__(self, page):
        self.page = page
        self.dialog = page.document.getElementById("play-here-dialog")

    def ask(self):
        """The replay's Play from here asks first, in a dialog of the page: the game in progress
        is replaced (and kept among the kept games, where New game... lists it)."""
        ctl = self.page.ctl
        ctl.replays.stop_autoplay()
        replay = ctl.table.replay
        if replay is not None and replay.full.sealed:
            ctl.replays.play_on()  # refused, with the reason: a sealed record cannot go on
            return
        live = ctl.live_session
        moment = moment_name(replay.full, replay.step)
        if not live.game.entries:
            text = t("new_game.play_here.nothing_kept", moment=moment)
        else:
            text = t("new_game.play_here.kept_finished" if live.game.over else "new_game.play_here.kept",
                     moment=moment, title=rules_name(live.game.rules), turns=count_words(turns_played(live.game)))
        self.page.document.getElementById("play-here-text").textContent = text
        self.dialog.returnValue = ""
        self.dialog.showModal()

    def on_close(self, _event):
        """The dialog closed: "play" plays on from the step shown; anything else (Cancel,
        Escape) changes nothing."""
        page = self.page
        ctl = page.ctl
        if str(self.dialog.returnValue) != "play" or ctl.table.replay is None:
            page.document.querySelector('#replay [data-action="replay-play"]').focus()
            return
        self.dialog.returnValue = ""
        ctl.replays.play_on()
        if page.policy.replaced_kept:
            page.view.announce(t("new_game.play_here.replaced_kept", message=ctl.table.message))
        page.show_problems()  # the game replaced could not be kept: say why
        page.need_worker()
        page.view.restore_focus(ctl)
