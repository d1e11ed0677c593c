"""The page's buttons, by name: ``data-action`` (and the game record dialog's
``data-record``) -> the handler that does what the button says.

Free of the DOM: each handler takes the page (app/boot/page.py's ``Page``: its ``ctl``,
``view``, ``policy`` and dialogs) and calls the Controller or a dialog. The dialogs are
parts loaded after the first paint (app/boot/parts.py): a handler reaches one through
``page.use(name, call)``, which answers a click made before it is there once it is.
tests/app/test_app_actions.py checks that every name in index.html has its handler
and that each reaches what it should. app/main.py finds the button that was clicked
and calls ``dispatch``.
"""


def _throw(page):
    ctl, view = page.ctl, page.view
    if view.offering and ctl.table.tutorial is None:
        view.offer_tutorial(False)  # playing is answer enough for now (the game is saved)
    if ctl.throw():
        view.restore_focus(ctl)


def _hint(page):
    page.ctl.advice.ask()  # its call to the worker starts the worker, if need be


def _rescue(page):
    if page.ctl.rescue():
        page.view.restore_focus(page.ctl)


def _pass(page):
    if page.ctl.pass_turn():
        page.view.restore_focus(page.ctl)


def _play_again(page):
    page.ctl.play_again()
    page.view.restore_focus(page.ctl)


def _review_stop(page):
    if page.ctl.reviews.review is not None:
        page.ctl.reviews.review.stop()
        page.view.render(page.ctl)


def _review_close(page):
    ctl = page.ctl
    if ctl.reviews.review is not None:
        ctl.reviews.review.stop()
        ctl.reviews.close()
        page.view.restore_focus(ctl)


def _undo(page):
    if page.ctl.history.undo():
        page.view.restore_focus(page.ctl, only_if_lost=True)


def _redo(page):
    if page.ctl.history.redo():
        page.view.restore_focus(page.ctl, only_if_lost=True)


def _throw_stats(page):
    def show(dialogs):
        dialogs.open_stats()
        page.scroll_to("throw-stats-title")
    page.use("settings", show, "stats")


def _use(part, method):
    """The handler that calls ``method`` of the part ``part`` (app/boot/parts.py), loaded
    after the first paint: a click before it is there is answered once it is."""
    return lambda page: page.use(part, lambda obj: getattr(obj, method)(), part + "." + method)


# -- the tutorial

def _tutorial_open(page):
    if page.ctl.table.tutorial is None:
        page.open_tutorial()


def _tutorial_decline(page):
    page.view.offer_tutorial(False)
    page.policy.answer_tutorial("declined")
    page.view.restore_focus(page.ctl)


def _tutorial_step(by):
    def go(page):
        tutorial = page.ctl.table.tutorial
        if tutorial is not None and page.ctl.lessons.go(tutorial.index + by):
            page.view.restore_focus(page.ctl)
    return go


def _tutorial_leave(finish):
    def leave(page):
        ctl = page.ctl
        tutorial = ctl.table.tutorial
        if tutorial is None:
            return
        if finish and tutorial.last:
            page.policy.answer_tutorial("finished")
        ctl.lessons.close()
        page.view.restore_focus(ctl)
        # nothing to play now: back where it was asked for
        page.focus_if_lost('.toolbar [data-action="tutorial"]')
    return leave


# -- the replay (its buttons do nothing once it is closed)

def _replay(step):
    def go(page):
        replay = page.ctl.table.replay
        if replay is not None:
            page.ctl.replays.go(step(replay))
    return go


def _replay_play(page):
    if page.ctl.table.replay is not None:
        page.use("play-here", lambda dialog: dialog.ask(), "ask")


def _replay_auto(page):
    if page.ctl.table.replay is not None:
        page.ctl.replays.toggle_autoplay()


def _replay_close(page):
    if page.ctl.table.replay is not None:
        page.ctl.replays.close()
        page.view.restore_focus(page.ctl)


ACTIONS = {
    "throw": _throw,
    "hint": _hint,
    "rescue": _rescue,
    "pass": _pass,
    "play-again": _play_again,
    "new-game": _use("new-game", "open_new_game"),
    "review": lambda page: page.start_review(),
    "review-stop": _review_stop,
    "review-close": _review_close,
    "undo": _undo,
    "redo": _redo,
    "resign": _use("resign", "ask"),
    "friend": lambda page: page.open_friend(),
    "corr": lambda page: page.open_corr(),
    "record": _use("record", "open"),
    "settings": _use("settings", "open_settings"),
    "stats": _use("settings", "open_stats"),
    "progress": _use("progress", "open"),
    "fair-phrase": lambda page: page.apply_phrase(),
    "verify": lambda page: page.view.fair_message(page.ctl.fair.verify_text()),
    "throw-stats": _throw_stats,
    "notice-dismiss": lambda page: page.view.dismiss_notice(),
    "notice-resume": lambda page: page.resume_previous(),
    "worker-retry": lambda page: page.retry_worker(),
    "tutorial": _tutorial_open,
    "tutorial-start": _tutorial_open,
    "tutorial-decline": _tutorial_decline,
    "tutorial-back": _tutorial_step(-1),
    "tutorial-next": _tutorial_step(1),
    "tutorial-skip": _tutorial_leave(False),
    "tutorial-finish": _tutorial_leave(True),
    "replay-start": _replay(lambda replay: 0),
    "replay-back": _replay(lambda replay: replay.step - 1),
    "replay-forward": _replay(lambda replay: replay.step + 1),
    "replay-end": _replay(lambda replay: replay.last),
    "replay-play": _replay_play,
    "replay-auto": _replay_auto,
    "replay-close": _replay_close,
}

# The game record dialog's buttons (data-record).
RECORD_ACTIONS = {
    "copy": lambda page: page.record.copy(),
    "download": lambda page: page.record.download(),
    "replay": lambda page: page.record.replay(),
    "verify": lambda page: page.record.verify(),
    "share": lambda page: page.record.share(),
}


def dispatch(page, action, table=ACTIONS) -> bool:
    """Run the handler of ``action``; False when there is none (nothing happens)."""
    handler = table.get(action)
    if handler is None:
        return False
    handler(page)
    return True
