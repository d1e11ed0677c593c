"""What the page saves and when, and what it says when several tabs share one save.

Free of the DOM (tests/app/test_app_save_policy.py drives it in CPython): app/boot/page.py
asks it and shows its answers. It holds the tab's ``Store`` and ``Settings`` and decides:

- at boot, which game a link's new game sets aside (``open_link_game``) and whether this
  is a first visit (``first_visit``);
- on every autosave, whether another tab's game was found in the save and kept, and
  which kept game the notice's "Resume that game" brings back (``resume_key``);
- on a storage event, whether another tab now plays a different game (``other_tab_saved``);
- when a kept game comes back, where this tab's game went and what to say (``swap``,
  ``resumed``);
- the game a new game replaces (``replaced``), the finished game's statistics
  (``count_result``, ``record_line``) and the player's settings (``set_settings``,
  ``answer_tutorial``).

Each other tab's game is mentioned once (``told_other``): by its game id, or by the key
it was kept under when it has none. See docs/saving.md.
"""

from app.flow.setup import KIND_NAMES
from app.storage.formats import (
    OTHER_PREFIX,
    PREVIOUS_KEY,
    SAVE_KEY,
    SavedGame,
    game_id_of,
    outcome_for_stats,
)
from app.words.records import stats_rows
from senet.words import t

# The two notices app/main.py and app/boot/page.py show, in the language in use when
# this module is imported (the other notices are put into words when they are said).
NEW_GAME_BEGINS = t("storage.policy.new_game_begins")
NOT_BROUGHT_BACK = t("storage.policy.not_brought_back")


class SavePolicy:
    """One tab's saving: its ``store`` (app/storage/store.py) and ``settings`` (kept up to date here)."""

    def __init__(self, store, settings):
        self.store = store
        self.settings = settings
        self.shown = 0  # how many of store.problems the player has been shown
        # What the notice's "Resume that game" button brings back: the previous game, or
        # the key where another tab's game was kept (see autosave).
        self.resume_key = PREVIOUS_KEY
        self.told_other = set()  # the other tabs' games already mentioned in a notice
        self.replaced_kept = False  # the game replaced last was kept
        self.told_unsaved = None  # why games are not saved, as the player was last told (None: saved)

    # -- problems ------------------------------------------------------------------------
    def has_new_problems(self) -> bool:
        return len(self.store.problems) > self.shown

    def problems_text(self, extra: str = "") -> str:
        """The storage problems not shown yet, as sentences (a fragment gets a capital and a
        full stop), then ``extra``; "" for none. They count as shown from now on."""
        new = self.store.problems[self.shown:]
        self.shown = len(self.store.problems)
        parts = [p[0].upper() + p[1:] + ("" if p.endswith(".") else ".") for p in new]
        if extra:
            parts.append(extra)
        return " ".join(parts)

    def saving_news(self):
        """Whether games are being saved on this device, when that changed since the player
        was last told: the notice that they are not, and why (said once; "" once saving
        works again: the notice goes), or None when nothing changed."""
        why = self.store.unsaved
        if why == self.told_unsaved:
            return None
        self.told_unsaved = why
        if why is None:
            return ""
        key = "storage.unsaved.notice_lost" if self.store.memory_only else "storage.unsaved.notice"
        return t(key, why=why)

    # -- boot ----------------------------------------------------------------------------
    def open_link_game(self, saved, speed: str) -> tuple:
        """A link asks for a new game: it replaces the save, and an unfinished game with
        moves is kept as the previous game. Returns (the notice, whether it offers
        Resume); the link's speed is remembered."""
        notice, offer = "", False
        if saved is not None and not saved.session.game.over and saved.session.game.entries:
            offer = self.store.keep_previous(saved)
            if offer:
                notice = t("storage.policy.link_set_aside")
        if speed != self.settings.speed:
            self.set_settings(self.settings.replace(speed=speed))
        return notice, offer

    def first_visit(self, link_game: bool, saved, tutorial_asked: bool) -> bool:
        """Nothing saved, no answer to the tutorial yet, no game or tutorial asked for by a
        link, nothing to report: the tutorial is offered."""
        return (not link_game and saved is None and self.settings.tutorial is None and not self.store.problems
                and not tutorial_asked)

    # -- saving --------------------------------------------------------------------------
    def autosave(self, saved: SavedGame) -> tuple:
        """Save this tab's game. Returns (the notice to show, None for none; whether it
        offers "Resume that game"). Another tab's game found in the save was kept under a
        key of its own: the first time for that game, the notice says so and Resume
        brings it back; again for the same game (both tabs playing), Resume follows its
        newest copy."""
        store = self.store
        store.save_game(saved)
        kept, store.kept_other = store.kept_other, None
        extra = ""
        if kept is not None:
            key, game_id = kept
            tag = game_id or key
            if tag not in self.told_other:
                self.told_other.add(tag)
                self.resume_key = key
                extra = t("storage.policy.other_tab_kept")
            elif self.resume_key.startswith(OTHER_PREFIX):
                self.resume_key = key
        if extra or self.has_new_problems():
            return self.problems_text(extra), bool(extra)
        return None, False

    def other_tab_saved(self, key, value):
        """A storage event: ``key`` the app's name of the key written (None: another copy
        of the app's), ``value`` its new text. Returns the notice to show (another tab
        saved a different game, said once a game; it waits behind the notices shown), or
        None. This tab's game is left as it is."""
        if not isinstance(key, str) or not isinstance(value, str):
            return None
        if key != SAVE_KEY or self.store.knows(value):
            return None
        tag = "tab:" + (game_id_of(value) or "")
        if tag in self.told_other:
            return None
        self.told_other.add(tag)
        return t("storage.policy.other_tab_playing")

    def replaced(self, session, expert_nodes, game_id, finished_too: bool = False) -> bool:
        """A new game replaces ``session``: an unfinished game with moves is kept as the
        previous game (``finished_too``: a finished one too, as "Play from here" replaces it)."""
        game = session.game
        self.replaced_kept = False
        if game.entries and (finished_too or not game.over):
            self.replaced_kept = self.store.keep_previous(SavedGame(session, expert_nodes, game.over, game_id))
        return self.replaced_kept

    # -- kept games back -----------------------------------------------------------------
    def swap(self, key: str) -> tuple:
        """Bring back the kept game at ``key`` (after this tab's game was saved): returns
        (the SavedGame, None when it could not be; where this tab's game was kept, as
        (key, game id), or None)."""
        saved = self.store.swap_previous(key)
        kept, self.store.kept_other = self.store.kept_other, None
        return saved, kept

    def resumed(self, key: str, kept, from_notice: bool) -> tuple:
        """The game at ``key`` is on the board; ``kept`` from ``swap``. Returns (the notice,
        "" to clear it; whether it offers Resume; the words added to the announcement)."""
        if not from_notice:  # from the New game dialog's list
            self.resume_key = PREVIOUS_KEY
            if kept is not None:
                self.told_other.add(kept[1] or kept[0])
            return "", False, t("storage.policy.list_back")
        if key.startswith(OTHER_PREFIX) and kept is not None:
            self.resume_key = kept[0]
            self.told_other.add(kept[1] or kept[0])
            return t("storage.policy.other_tab_back"), True, ""
        self.resume_key = PREVIOUS_KEY
        return "", False, ""

    # -- statistics and settings ---------------------------------------------------------
    def count_result(self, session, throw_counts: dict, outcome=None, stood_in: bool = False) -> None:
        """A game ended: its result (between one human and one computer, or ``outcome``:
        a game between two devices, senet.session.ONLINE) and its throws (every finished
        game, docs/fair-throws.md) go into the statistics. ``stood_in``: Average decided
        for the Expert at least once: a game against Average (formats.outcome_for_stats)."""
        outcome = outcome or outcome_for_stats(session, stood_in)
        if outcome is not None:
            self.store.add_result(*outcome, took_back=session.took_back)
        self.store.add_throws(throw_counts)

    def record_line(self, session, rules_title: str, stood_in: bool = False) -> str:
        """The game-over panel's line: your record against this level in this rule set
        (after saying so when Average stood in for the Expert)."""
        outcome = outcome_for_stats(session, stood_in)
        if outcome is None:
            return ""
        variant, level, _ = outcome
        line = ""
        for row_variant, opponent, won, lost, drawn in stats_rows(self.store.load_stats()):
            if row_variant == variant and opponent == level:
                key = "storage.record.line_drawn" if drawn else "storage.record.line"
                line = t(key, level=KIND_NAMES.get(level, level), rules=rules_title, won=won, lost=lost,
                         drawn=drawn)
        asked = outcome_for_stats(session)[1]
        if line and asked != level:  # the Expert was asked for, Average stood in
            line = t("storage.record.stood_in", player=KIND_NAMES.get(asked, asked),
                     weaker=KIND_NAMES.get(level, level), line=line)
        return line

    def set_settings(self, settings) -> None:
        self.settings = settings
        self.store.save_settings(settings)

    def answer_tutorial(self, answer: str) -> None:
        """Remember the player's answer to the tutorial (Settings.tutorial); "taken" never
        replaces "finished"."""
        if answer == "taken" and self.settings.tutorial == "finished":
            return
        if self.settings.tutorial != answer:
            self.set_settings(self.settings.replace(tutorial=answer))
