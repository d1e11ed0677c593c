"""The page's parts loaded after its first paint (app/platform/lazy.py): the dialogs, the
statistics, the tutorial, online play, the game review. Each is registered here with the modules it
imports and how it is made and wired to its own elements; app/main.py calls
``register`` before ready and ``Parts.later`` after it, and the buttons ask for a part
through ``Page.use`` (app/input/actions.py).

A part's ``make`` puts its object on the page too (``page.settings_dialogs``, ...), where
the handlers that run only once it is open (its own buttons) find it.
"""

from app.platform.dom import on, window
from senet.words import t

# The order the parts load in after ready: what a player is likeliest to open first.
# (name, modules, deepest first: each a task of its own in the background)
NEW_GAME = "new-game"
SETTINGS = "settings"
RECORD = "record"
RESIGN = "resign"
PLAY_HERE = "play-here"
TUTORIAL = "tutorial"
FRIEND = "friend"
REVIEW = "review"
CORR = "corr"
PROGRESS = "progress"
BOOK = "book"
# a tuple, not a dict: MicroPython's dicts keep no order
MODULES = (
    (NEW_GAME, ("app.view.kept_view", "app.dialogs.new_game")),
    (SETTINGS, ("app.online.stun", "app.words.records", "senet.throw_stats", "app.view.throw_chart",
                "app.storage.backup", "app.dialogs.backup", "app.dialogs.settings")),
    (RESIGN, ("app.dialogs.resign",)),
    (RECORD, ("app.platform.clipboard", "senet.online.offer", "senet.online.sdp", "senet.online.invite",
              "senet.online.corr_link", "senet.online.corr_ahead", "senet.online.corr", "senet.online.share",
              "app.dialogs.record")),
    (PLAY_HERE, ("app.dialogs.play_here",)),
    (TUTORIAL, ("app.flow.tutorial",)),
    (FRIEND, ("senet.online.duel", "app.online.flow", "app.dialogs.friend")),
    # the game review's data and its panel: app/flow/review_focus.py and app/view/panels.py
    # import them when a review starts, from here once they are loaded
    (REVIEW, ("app.flow.review_data", "app.view.review_view")),
    (PROGRESS, ("app.view.progress_charts", "app.dialogs.progress")),  # the Progress panel (docs/progress.md)
    (CORR, ("senet.online.corr", "senet.online.corr_save", "app.online.corr_flow", "app.dialogs.corr")),
    # the reader of the Expert's opening book (app/boot/page.py's ``book_choice``; the book
    # itself, book.bin, is fetched only by a game with an Expert seat)
    (BOOK, ("senet.datafile", "senet.book")),
)
# Parts whose failure the game covers by itself (the worker answers without the book):
# logged, never a notice.
QUIET = (BOOK,)


def _new_game(page, module):
    dialogs = page.new_game = module.NewGameDialog(page)
    on(dialogs.field("variant"), "change", dialogs.update_labels)
    for seat in (1, 2):
        on(dialogs.field(f"player{seat}"), "change", dialogs.on_player_change)
    on(page.document.getElementById("ng-swap"), "click", dialogs.swap_sides)
    on(dialogs.dialog, "close", dialogs.on_close)
    on(dialogs.form, "submit", dialogs.on_submit)
    on(dialogs.field("phrase"), "keydown", dialogs.on_phrase_key)
    on(dialogs.field("phrase"), "input", dialogs.on_phrase_input)
    on(page.document.getElementById("kept"), "click", dialogs.on_kept_click)
    return dialogs


def _settings(page, module):
    dialogs = page.settings_dialogs = module.SettingsDialogs(page)
    document = page.document
    for element_id in module.CHECKS.values():
        on(document.getElementById(element_id), "change", dialogs.on_setting)
    on(dialogs.volume_input, "change", dialogs.on_setting)
    on(dialogs.stun_input, "change", dialogs.on_stun)
    on(dialogs.theme_select, "change", dialogs.on_setting)
    on(dialogs.lang_select, "change", dialogs.on_language)
    on(document.getElementById("data-export"), "click", lambda _event: dialogs.backup.export())  # Your data
    on(dialogs.backup.file, "change", dialogs.backup.on_file)
    return dialogs


def _resign(page, module):
    dialog = page.resign = module.ResignDialog(page)
    on(dialog.dialog, "close", dialog.on_close)
    return dialog


def _record(page, module):
    dialog = page.record = module.RecordDialog(page)
    on(dialog.dialog, "click", page.board_input.on_record_click)
    on(dialog.file, "change", dialog.on_file)
    return dialog


def _play_here(page, module):
    dialog = page.play_here = module.PlayHereDialog(page)
    on(dialog.dialog, "close", dialog.on_close)
    return dialog


def _friend(page, module):
    dialog = page.friend = module.FriendDialog(page)
    return dialog


def _progress(page, module):
    dialog = page.progress_dialog = module.ProgressDialog(page)
    return dialog


def _corr(page, module):
    return module.CorrDialog(page)


MAKE = {NEW_GAME: _new_game, SETTINGS: _settings, RESIGN: _resign, RECORD: _record, PLAY_HERE: _play_here,
        TUTORIAL: lambda page, module: module, FRIEND: _friend, REVIEW: lambda page, module: module, CORR: _corr,
        PROGRESS: _progress, BOOK: lambda page, module: module}


def register(parts, page):
    """Add the page's parts to ``parts`` (a Parts), in the order they load after ready."""
    for name, modules in MODULES:
        make = MAKE[name]
        parts.add(name, modules, lambda module, make=make: make(page, module))
    return parts


def failed(page):
    """The Parts' ``on_failed``: a part asked for that could not load is said in a notice
    (the game goes on without it); one that failed in the background is only logged."""

    def say(name, error, asked):
        window.console.warn(f"senet: the part '{name}' could not be loaded: {error}")
        if asked and name not in QUIET:
            page.view.notice(t("page.part_failed", error=str(error)), "part")

    return say
