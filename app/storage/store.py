"""The app's keys in the browser: ``Store`` reads and writes them without trusting them.

Free of the DOM: app/main.py hands ``Store`` a backend over ``localStorage``
(``get``/``set``/``remove``/``all_keys``, app/storage/backends.py), scoped to the page's directory
by ``ScopedBackend``; the tests hand it a dict. The keys and the formats of their values
are in app/storage/formats.py (their names are importable from here too). See docs/saving.md.

Reading never raises: a corrupt or foreign value is moved to a quarantine key and the
caller gets a readable reason to show. Writing never raises either: when the browser
refuses a write (its storage full, or blocked), ``unsaved`` says why in plain words and
what could not be written waits in memory (the game, the settings, the results, a game a
new game set aside); every later write tries it again first, in order, and once all of
it is written ``unsaved`` is None again. Nothing on the device is written over by less:
while a game that a new game replaced waits to be kept, senet:save (which still holds
it) is not written, and a value that could not be read nor set aside is left alone.

Several tabs share ``senet:save``. Each envelope names its game (``game_id``, made fresh
by the tab whenever it starts or loads a game), and a ``Store`` remembers the exact text
it last read from or wrote to ``senet:save``. If the key holds anything else when the
tab saves, another tab wrote it: that value is copied to ``senet:save:other:<ms>``
before it is overwritten, and ``kept_other`` tells the page where it went.

The previous game, the earlier ones and the other tabs' games are the "kept games"
(app/storage/kept.py, a part of the Store): ``kept_games`` lists them with a one-line
summary each (for the New game dialog), ``swap_previous`` brings one back (the game on
the board is kept in its place) and ``delete_kept`` removes one.
"""

import json
import time

from app.storage.backends import MIGRATED_KEY, LocalStorage, MemoryBackend, ScopedBackend, scope_of
from app.storage.formats import (
    EARLIER_PREFIX,
    MAX_EARLIER,
    MAX_OTHER,
    MAX_QUARANTINE,
    OTHER_PREFIX,
    PREVIOUS_KEY,
    QUARANTINE_PREFIX,
    SAVE_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    THROW_KEYS,
    THROWS_KEY,
    KeptGame,
    SavedGame,
    Settings,
    dump_game,
    dump_settings,
    dump_throw_stats,
    game_id_of,
    kept_game,
    outcome_for_stats,
    parse_game,
    parse_settings,
    parse_stats,
    parse_throw_stats,
    seat_label,
    to_json,
)
from app.storage.kept import KeptGames, stamp_of
from senet.errors import SenetError
from senet.session import empty_stats, record_result
from senet.words import current, t
from senet.words.game import error_text

# What a value that cannot be read is, for the sentence that says so: its id (the
# ``what`` of Store._read) -> (the message when it was set aside, the message when it
# could not be set aside either).
_UNREADABLE = {
    "save": ("storage.unreadable.save", "storage.unreadable_left.save"),
    "previous": ("storage.unreadable.previous", "storage.unreadable_left.previous"),
    "kept": ("storage.unreadable.kept", "storage.unreadable_left.kept"),
    "a_kept": ("storage.unreadable.a_kept", "storage.unreadable_left.a_kept"),
    "settings": ("storage.unreadable.settings", "storage.unreadable_left.settings"),
    "stats": ("storage.unreadable.stats", "storage.unreadable_left.stats"),
    "throws": ("storage.unreadable.throws", "storage.unreadable_left.throws"),
}

# ------------------------------------------------------------------ the store


class Store(KeptGames):
    """Reads and writes the app's keys through ``backend``; never raises.

    ``problems`` collects readable reasons (corrupt values set aside, storage full or
    blocked) for the page to show, each a sentence.
    """

    def __init__(self, backend, clock=time.time):
        self.backend = backend
        self.clock = clock
        self.problems: list[str] = []
        # Why games are not being saved on this device now, in plain words (a fragment:
        # "the browser's storage for this site is full"); None while saving works.
        self.unsaved: str | None = None
        self.memory_only = False  # the browser blocks storage: the backend is a dict, never saved
        # key -> (raw, reason, what): a value that could not be read nor set aside, left
        # where it is and never written over (set aside again once there is room)
        self._left: dict = {}
        # what the browser refused to store, written first by every later write
        self._pending_game: SavedGame | None = None  # the newest game not written
        self._pending_previous: list[str] = []  # games a new game replaced, not kept yet
        self._pending: dict = {}  # key -> its newest text (the settings)
        self._pending_results: list[tuple] = []  # (variant, opponent, outcome, took_back)
        self._pending_throws: list[dict] = []  # a finished game's throw counts each
        self.on_unsaved = None  # () -> None, called when ``unsaved`` changes (the page's notice)
        # senet:save exactly as this tab last read or wrote it; anything else found there
        # when saving was written by another tab.
        self._seen: str | None = None
        # (key, game id) where the last game found from another tab was kept; the page
        # reads it after saving, tells the player and sets it back to None.
        self.kept_other: tuple[str, str | None] | None = None
        self._other_failed = False

    # -- raw access ------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        try:
            value = self.backend.get(key)
        except Exception as exc:  # storage blocked (privacy settings, sandboxed frame)
            self._problem(t("storage.problem.cannot_read", error=exc))
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> bool:
        if key in self._left:  # a value that could not be set aside: never written over
            return False
        try:
            self.backend.set(key, value)
        except Exception as exc:  # full, or blocked (app/platform/guard.py's Refused on the page)
            if self.unsaved is None:
                self._unsaved(refusal_words(exc))
            return False
        return True

    def _unsaved(self, why: str | None) -> None:
        if why != self.unsaved:
            self.unsaved = why
            if self.on_unsaved is not None:
                self.on_unsaved()

    def _remove(self, key: str) -> None:
        try:  # noqa: SIM105 (MicroPython has no contextlib)
            self.backend.remove(key)
        except Exception:  # nothing to do: the value stays where it was
            pass

    def _keys(self) -> list[str]:
        try:
            return [str(k) for k in self.backend.all_keys()]
        except Exception:
            return []

    def _problem(self, text: str) -> None:
        self.problems.append(text)

    def _now_ms(self) -> int:
        return int(self.clock() * 1000)

    @property
    def save_blocked(self) -> bool:
        """The saved game could not be read nor set aside: nothing is saved over it."""
        return SAVE_KEY in self._left

    def blocked(self, why: str) -> None:
        """The browser lets the page store nothing (the backend is a dict): ``why``, in
        plain words, stays the reason games are not saved for the whole visit."""
        self.memory_only = True
        self._unsaved(why)

    @property
    def waiting(self) -> bool:
        """Something the browser refused to store waits in memory."""
        return bool(self._left or self._pending_game is not None or self._pending_previous or self._pending
                    or self._pending_results or self._pending_throws)

    def _catch_up(self) -> None:
        """Write what waits, in order: a bad value set aside at last, the games a new game
        replaced, the game, the settings, the results. Once nothing waits, saving works
        again (``unsaved`` is None), unless the browser blocks storage altogether."""
        for key in list(self._left):
            raw, reason, what = self._left[key]
            if self._get(key) != raw:  # gone, or written by another tab: nothing left to protect
                del self._left[key]
                continue
            del self._left[key]
            if self.quarantine(key, raw, reason) is None:
                self._left[key] = (raw, reason, what)
        while self._pending_previous and self._set_previous(self._pending_previous[0]):
            self._pending_previous.pop(0)
        if self._pending_game is not None and not self._pending_previous and self._write_game(self._pending_game):
            self._pending_game = None
        for key in list(self._pending):
            if self._set(key, self._pending[key]):
                del self._pending[key]
        if self._pending_results:
            stats = self._stored_stats()
            if stats is not None:
                for variant, opponent, outcome, took_back in self._pending_results:
                    self._count(stats, variant, opponent, outcome, took_back)
                if self._set(STATS_KEY, json.dumps(stats)):
                    self._pending_results = []
        if self._pending_throws:
            total, games = self._stored_throws()
            for counts in self._pending_throws:
                total = {c: total.get(c, 0) + counts.get(c, 0) for _, c in THROW_KEYS}
            if self._set(THROWS_KEY, dump_throw_stats(total, games + len(self._pending_throws))):
                self._pending_throws = []
        if not self.waiting and not self.memory_only:
            self._unsaved(None)

    # -- quarantine --------------------------------------------------------------------
    def quarantined(self) -> list[str]:
        return sorted(k for k in self._keys() if k.startswith(QUARANTINE_PREFIX))

    def _new_key(self, prefix: str) -> tuple[str, int]:
        """A free key ``prefix<ms>`` (``prefix<ms>-<n>`` for a second one in the same ms)."""
        stamp = int(self.clock() * 1000)
        new_key = f"{prefix}{stamp}"
        existing = set(self._keys())
        n = 1
        while new_key in existing:
            new_key = f"{prefix}{stamp}-{n}"
            n += 1
        return new_key, stamp

    def _prune(self, prefix: str, keep: int) -> None:
        """Delete all but the newest ``keep`` keys starting with ``prefix``."""
        keys = [k for k in self._keys() if k.startswith(prefix)]
        for extra in sorted(keys, key=lambda k: stamp_of(k, prefix))[:-keep]:
            self._remove(extra)

    def quarantine(self, key: str, raw: str, reason: str) -> str | None:
        """Move the value of ``key`` aside, unchanged; returns the new key, or None when it
        could not be written (then the original stays where it is)."""
        new_key, stamp = self._new_key(QUARANTINE_PREFIX)
        record = to_json({"format": "senet-quarantine", "from": key, "reason": reason,
                          "at": stamp, "value": raw})
        if not self._set(new_key, record):
            return None
        self._remove(key)
        self._prune(QUARANTINE_PREFIX, MAX_QUARANTINE)
        return new_key

    def _read(self, key: str, parse, what: str):
        """Parse the value of ``key``; a bad value is set aside and reported (``what``:
        which value it is, a key of _UNREADABLE)."""
        return self._parse(key, self._get(key), parse, what)

    def _parse(self, key: str, raw: str | None, parse, what: str):
        if raw is None:
            return None
        try:
            return parse(raw)
        except Exception as exc:  # SaveError, but a bug must not stop the app either
            reason = reason_of(exc, "storage.bad.damaged")
        self._set_aside(key, raw, reason, what)
        return None

    def _set_aside(self, key: str, raw: str, reason: str, what: str) -> None:
        where = self.quarantine(key, raw, reason)
        set_aside, left = _UNREADABLE[what]
        if where is None:
            self._left[key] = (raw, reason, what)  # never written over; set aside once there is room
            self._problem(t(left, reason=reason))
        else:
            self._problem(t(set_aside, reason=reason, where=where))

    def set_aside_save(self, reason: str) -> None:
        """Quarantine the saved game although it parsed (the app could not use it)."""
        raw = self._get(SAVE_KEY)
        if raw is not None:
            self._set_aside(SAVE_KEY, raw, reason, "save")

    # -- the game ------------------------------------------------------------------------
    def load_game(self) -> SavedGame | None:
        raw = self._get(SAVE_KEY)
        saved = self._parse(SAVE_KEY, raw, parse_game, "save")
        self._seen = raw if saved is not None else self._get(SAVE_KEY)
        return saved

    def load_previous(self) -> SavedGame | None:
        return self._read(PREVIOUS_KEY, parse_game, "previous")

    def has_save(self) -> bool:
        return self._get(SAVE_KEY) is not None

    def has_previous(self) -> bool:
        return self._get(PREVIOUS_KEY) is not None

    def save_game(self, saved: SavedGame) -> bool:
        """Save this tab's game (what waits from before is written first); False when it
        could not be written now (it then waits in memory: ``unsaved`` says why)."""
        self._pending_game = saved
        self._catch_up()
        return self._pending_game is None

    def _write_game(self, saved: SavedGame) -> bool:
        try:
            text = dump_game(saved.replace(saved_at=self._now_ms()))
        except (SenetError, ValueError, TypeError) as exc:  # never expected; never fatal
            self._problem(t("storage.problem.not_saved", error=reason_of(exc)))
            return True  # not written, and never will be: it waits no longer
        if not self._protect_other(saved.game_id) or not self._set(SAVE_KEY, text):
            return False
        self._seen = text
        return True

    def keep_previous(self, saved: SavedGame | None = None) -> bool:
        """Keep the game a new game is about to replace as the previous game: ``saved``
        when given (the tab's own game, whatever another tab put in senet:save since),
        else a copy of senet:save as this tab last read or wrote it. When the browser
        refuses to store it, it waits in memory (Resume brings it back) and senet:save is
        not written until it is kept."""
        if self.save_blocked:
            return False
        if saved is not None:
            try:
                text = dump_game(saved.replace(saved_at=self._now_ms()))
            except (SenetError, ValueError, TypeError) as exc:  # never expected
                self._problem(t("storage.problem.previous_not_kept", error=reason_of(exc)))
                return False
        else:
            text = self._get(SAVE_KEY)
            if text is None or text != self._seen:
                return False
        self._pending_previous.append(text)
        self._catch_up()
        return True

    # -- settings and statistics -----------------------------------------------------------
    def load_settings(self) -> Settings:
        return self._read(SETTINGS_KEY, parse_settings, "settings") or Settings()

    def save_settings(self, settings: Settings) -> bool:
        return self.put(SETTINGS_KEY, dump_settings(settings.checked()))

    def put(self, key: str, text: str) -> bool:
        """Store ``text`` under ``key`` (the settings, the name last given...); when the
        browser refuses, it waits in memory and every later write tries it again. False
        when it could not be written now."""
        self._pending[key] = text
        self._catch_up()
        return key not in self._pending

    def get(self, key: str) -> str | None:
        """The text under ``key``, as this tab last stored it (None: nothing, or the browser
        refuses to read)."""
        if key in self._pending:
            return self._pending[key]
        return self._get(key)

    def _stored_stats(self) -> dict | None:
        """The statistics on the device (None: they could not be read nor set aside, and
        are left alone)."""
        stats = self._read(STATS_KEY, parse_stats, "stats")
        if STATS_KEY in self._left:
            return None
        return stats or empty_stats()

    def _count(self, stats: dict, variant: str, opponent: str, outcome: str, took_back: bool) -> None:
        try:
            record_result(stats, variant, opponent, outcome, took_back)
        except SenetError as exc:
            self._problem(t("storage.problem.result_not_counted", error=reason_of(exc)))

    def load_stats(self) -> dict:
        """The statistics, with the results that wait to be stored."""
        stats = self._stored_stats() or empty_stats()
        for variant, opponent, outcome, took_back in self._pending_results:
            self._count(stats, variant, opponent, outcome, took_back)
        return stats

    def add_result(self, variant: str, opponent: str, outcome: str, took_back: bool = False) -> dict:
        check = empty_stats()
        self._count(check, variant, opponent, outcome, took_back)
        if check == empty_stats():  # refused (an unknown rule set or level): said, not kept
            return self.load_stats()
        self._pending_results.append((variant, opponent, outcome, took_back))
        self._catch_up()
        return self.load_stats()

    def _stored_throws(self) -> tuple:
        return self._read(THROWS_KEY, parse_throw_stats, "throws") or ({c: 0 for _, c in THROW_KEYS}, 0)

    def load_throw_stats(self) -> tuple:
        """(counts by category, games counted) of every finished game on this device (those
        that wait to be stored included); a value that cannot be read is set aside (and
        reported) and counting starts again."""
        total, games = self._stored_throws()
        for counts in self._pending_throws:
            total = {c: total.get(c, 0) + counts.get(c, 0) for _, c in THROW_KEYS}
        return total, games + len(self._pending_throws)

    def add_throws(self, counts: dict) -> tuple:
        """Add one finished game's throw counts."""
        self._pending_throws.append(dict(counts))
        self._catch_up()
        return self.load_throw_stats()


class StoreKeys:
    """The page's other keys (the name last given, the STUN servers, this device's side of
    a game between two devices) with a backend's ``get``/``set``, through ``store``: a
    write the browser refuses waits in memory like the game's and never raises.
    ``key_of`` is the scoped backend's: a storage event's key in the app's names."""

    def __init__(self, store: Store, scoped):
        self.store = store
        self.scoped = scoped

    def get(self, key: str) -> str | None:
        return self.store.get(key)

    def set(self, key: str, value) -> None:
        self.store.put(key, str(value))

    def key_of(self, stored_key: str) -> str | None:
        return self.scoped.key_of(stored_key)


def reason_of(exc: BaseException, fallback: str = "storage.bad.unexpected") -> str:
    """Why a value could not be read or written, in the words in use: the message of an
    error that has one (app/storage/formats.py's, the engine's with a message id), else
    ``fallback``'s (the engine's English and a bug's text are never shown)."""
    return error_text(current(), exc, fallback)


def refusal_words(exc: BaseException) -> str:
    """Why the browser refused to store a value, in plain words (a fragment for
    storage.unsaved.notice): its storage full, storage not allowed, or its own words."""
    name = str(getattr(exc, "name", "") or "")
    text = str(exc)
    if "QUOTA" in (name + " " + text).upper():  # QuotaExceededError; Firefox: NS_ERROR_DOM_QUOTA_REACHED
        return t("storage.unsaved.full")
    if name == "SecurityError" or "SecurityError" in text:
        return t("storage.unsaved.denied")
    return t("storage.unsaved.refused", error=text or name or type(exc).__name__)


__all__ = [
    "EARLIER_PREFIX", "MAX_EARLIER", "MAX_OTHER", "MAX_QUARANTINE", "MIGRATED_KEY", "OTHER_PREFIX",
    "PREVIOUS_KEY", "QUARANTINE_PREFIX", "SAVE_KEY", "SETTINGS_KEY", "STATS_KEY", "THROWS_KEY",
    "dump_game", "dump_settings", "game_id_of", "kept_game", "KeptGame", "LocalStorage", "MemoryBackend",
    "outcome_for_stats", "parse_game", "parse_settings", "parse_stats", "parse_throw_stats", "SavedGame",
    "reason_of", "refusal_words", "scope_of", "ScopedBackend", "seat_label", "Settings", "Store", "StoreKeys",
]
