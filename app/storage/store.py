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

The previous game, the earlier ones and the other tabs' games are the "kept games":
``kept_games`` lists them with a one-line summary each (for the New game dialog),
``swap_previous`` brings one back (the game on the board is kept in its place) and
``delete_kept`` removes one.
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
    ago_text,
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
    stats_rows,
    to_json,
)
from senet.errors import SenetError
from senet.session import empty_stats, record_result
from senet.words import t

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


class Store:
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
        except Exception as exc:  # full, or blocked (app/boot/guard.py's Refused on the page)
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
        for extra in sorted(keys, key=lambda k: _stamp_of(k, prefix))[:-keep]:
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

    # -- games other tabs saved --------------------------------------------------------
    def others(self) -> list[str]:
        """The keys of the kept games of other tabs, oldest first."""
        keys = [k for k in self._keys() if k.startswith(OTHER_PREFIX)]
        return sorted(keys, key=lambda k: _stamp_of(k, OTHER_PREFIX))

    def _keep_other(self, raw: str, superseded: str | None = None) -> str | None:
        """Copy ``raw`` (what another tab saved) to a key of its own, unchanged; returns
        that key, or None when it could not be written. An older copy of the same game is
        replaced, so two tabs taking turns do not pile up copies; kept copies of the game
        ``superseded`` (the one this tab is about to save, further on) are dropped."""
        game_id = game_id_of(raw)
        found, stale = None, []
        for key in self.others():
            value = self._get(key)
            if value == raw:
                found = key  # already kept, word for word
            elif game_id_of(value) in {game_id, superseded} - {None}:
                stale.append(key)
        if found is None:
            found, _ = self._new_key(OTHER_PREFIX)
            if not self._set(found, raw):
                return None  # nothing removed: the older copies stay
        for key in stale:
            self._remove(key)
        self._prune(OTHER_PREFIX, MAX_OTHER)
        return found

    # -- earlier previous games ----------------------------------------------------------
    def earlier(self) -> list[str]:
        """The keys of the previous games pushed out by newer ones, oldest first."""
        keys = [k for k in self._keys() if k.startswith(EARLIER_PREFIX)]
        return sorted(keys, key=lambda k: _stamp_of(k, EARLIER_PREFIX))

    def _set_previous(self, text: str) -> bool:
        """Write ``text`` as the previous game. A different game already there is first
        moved to an earlier key (a newer copy of the same game just replaces it); when it
        cannot be moved, nothing is overwritten and the answer is False."""
        old = self._get(PREVIOUS_KEY)
        if old is not None and old != text:
            old_id = game_id_of(old)
            if old_id is None or old_id != game_id_of(text):
                key, _ = self._new_key(EARLIER_PREFIX)
                if not self._set(key, old):
                    return False
                self._prune(EARLIER_PREFIX, MAX_EARLIER)
        return self._set(PREVIOUS_KEY, text)

    def knows(self, text: object) -> bool:
        """``text`` is senet:save as this tab last read or wrote it (not another tab's)."""
        return text == self._seen

    def _protect_other(self, game_id: str | None) -> bool:
        """Before this tab writes its game ``game_id`` to senet:save: if another tab wrote
        there since this one last read or wrote it, keep that value elsewhere. False when
        it could not be kept (then it must not be overwritten)."""
        current = self._get(SAVE_KEY)
        if current is None or current == self._seen:
            return True
        # The other tab may have kept this tab's game when it took the save over: this
        # save supersedes that copy.
        kept = self._keep_other(current, superseded=game_id)
        if kept is None:
            if not self._other_failed:
                self._problem(t("storage.problem.other_tab_no_room"))
            self._other_failed = True
            return False
        self._other_failed = False
        self._seen = current  # dealt with: this tab now knows that value
        self.kept_other = (kept, game_id_of(current))
        return True

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
            reason = str(exc) or type(exc).__name__
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
            self._problem(t("storage.problem.not_saved", error=exc))
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
                self._problem(t("storage.problem.previous_not_kept", error=exc))
                return False
        else:
            text = self._get(SAVE_KEY)
            if text is None or text != self._seen:
                return False
        self._pending_previous.append(text)
        self._catch_up()
        return True

    def swap_previous(self, key: str = PREVIOUS_KEY) -> SavedGame | None:
        """Bring back the game kept at ``key`` (the previous game, an earlier one, or one
        of another tab's under senet:save:other:); the game in senet:save takes its place
        (for an earlier game, it becomes the previous game; for another tab's key, a fresh
        key: see ``kept_other``)."""
        if not _is_kept_key(key):
            return None
        if key == PREVIOUS_KEY and self._pending_previous:
            return self._swap_waiting()
        what = "previous" if key == PREVIOUS_KEY else "kept"
        back = self._read(key, parse_game, what)
        if back is None or self.save_blocked:
            return None
        current = self._get(SAVE_KEY)
        if current is not None and current != self._seen:
            current = None  # another tab's: save_game keeps it in a key of its own
        if key.startswith(EARLIER_PREFIX):
            # the board's game is kept first (as the previous game), so that a failure
            # at any step leaves at worst a second copy, never a lost game
            if current is not None and not self._set_previous(current):
                return None
            if not self.save_game(back):
                return None
            self._remove(key)
            return back
        kept = None
        if key != PREVIOUS_KEY and current is not None:
            kept = self._keep_other(current)  # this tab's game, kept before it is replaced
            if kept is None:
                return None
        if not self.save_game(back):
            return None
        if key == PREVIOUS_KEY:
            if current is not None:
                self._set(PREVIOUS_KEY, current)
            else:
                self._remove(PREVIOUS_KEY)
            return back
        if kept != key:
            self._remove(key)
        if kept is not None:
            self.kept_other = (kept, game_id_of(current))
        return back

    def _swap_waiting(self) -> SavedGame | None:
        """Bring back the game a new game replaced while the browser refused to keep it
        (it waits in memory; senet:save still holds its older copy): the game on the board
        waits to be kept in its place, if it has a move."""
        try:
            back = parse_game(self._pending_previous[-1])
        except Exception:  # it was written by this tab a moment ago: never expected
            return None
        self._pending_previous.pop()
        board = self._pending_game
        self._pending_game = None
        if board is not None and board.session.game.entries:
            try:  # noqa: SIM105 (MicroPython has no contextlib)
                self._pending_previous.append(dump_game(board.replace(saved_at=self._now_ms())))
            except (SenetError, ValueError, TypeError):  # never expected: the board's game was dumped before
                pass
        self.save_game(back)
        return back

    # -- the kept games, for the player to see ---------------------------------------------
    def kept_games(self, current_id: str | None = None) -> list[KeptGame]:
        """The previous game, the earlier ones and the other tabs' kept games, newest first
        (a game whose time is not known last). A value that cannot be read is set aside as
        usual (see ``problems``). Another tab's kept copy of the game ``current_id`` (the
        one on the board; the other tab kept it when it took the save over) is left out:
        this tab's next save replaces that copy anyway."""
        found = []
        for key in [PREVIOUS_KEY] + self.earlier()[::-1] + self.others()[::-1]:
            raw = self._get(key)
            what = "previous" if key == PREVIOUS_KEY else "a_kept"
            saved = self._parse(key, raw, parse_game, what)
            if saved is None:
                continue
            if key.startswith(OTHER_PREFIX) and current_id is not None and saved.game_id == current_id:
                continue
            stamp = None
            if key != PREVIOUS_KEY:
                prefix = OTHER_PREFIX if key.startswith(OTHER_PREFIX) else EARLIER_PREFIX
                stamp = _stamp_of(key, prefix)[0] or None
            found.append(kept_game(key, raw, saved, stamp))
        # the order above among equal times (the previous game first), told explicitly:
        # MicroPython's sort is not stable
        order = sorted(range(len(found)), key=lambda i: (-(found[i].saved_at if found[i].saved_at is not None
                                                           else -1), i))
        return [found[i] for i in order]

    def delete_kept(self, key: str, expected: str | None = None) -> bool:
        """Delete a kept game for good. With ``expected`` (the text that was listed), only
        when the key still holds exactly that: a game another tab put there since, which
        the player has not seen, is not deleted."""
        if not _is_kept_key(key):
            return False
        current = self._get(key)
        if current is None or (expected is not None and current != expected):
            return False
        self._remove(key)
        return self._get(key) is None

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
            self._problem(t("storage.problem.result_not_counted", error=exc))

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


def _is_kept_key(key: str) -> bool:
    return key == PREVIOUS_KEY or key.startswith((OTHER_PREFIX, EARLIER_PREFIX))


def _stamp_of(key: str, prefix: str = QUARANTINE_PREFIX) -> tuple[int, int]:
    tail = key[len(prefix):]
    stamp, _, n = tail.partition("-")
    try:
        return int(stamp), int(n or 0)
    except ValueError:
        return 0, 0


__all__ = [
    "EARLIER_PREFIX", "MAX_EARLIER", "MAX_OTHER", "MAX_QUARANTINE", "MIGRATED_KEY", "OTHER_PREFIX",
    "PREVIOUS_KEY", "QUARANTINE_PREFIX", "SAVE_KEY", "SETTINGS_KEY", "STATS_KEY", "THROWS_KEY", "ago_text",
    "dump_game", "dump_settings", "game_id_of", "kept_game", "KeptGame", "LocalStorage", "MemoryBackend",
    "outcome_for_stats", "parse_game", "parse_settings", "parse_stats", "parse_throw_stats", "SavedGame",
    "refusal_words", "scope_of", "ScopedBackend", "seat_label", "Settings", "stats_rows", "Store", "StoreKeys",
]
