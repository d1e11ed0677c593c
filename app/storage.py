"""What the app keeps in the browser, and how it reads it back without trusting it.

Free of the DOM: app/main.py hands ``Store`` a small backend over ``localStorage``
(``get``/``set``/``remove``/``all_keys``), scoped to the page's directory by
``ScopedBackend``; the tests hand it a dict. See docs/saving.md.

Keys (all text, JSON):

- ``senet:save``           the game in progress: an app envelope around the engine's
                           ``Session.to_json()`` (record with seed, seats, redo stack)
                           plus what the app adds (the Expert's budget, whether the
                           result is already in the statistics)
- ``senet:save:previous``  the unfinished game a new game replaced
- ``senet:save:earlier:<ms>`` a previous game that a newer one pushed out of
                           ``senet:save:previous`` (the newest MAX_EARLIER are kept)
- ``senet:save:other:<ms>`` a game another tab had saved in ``senet:save``, kept when
                           this tab saved over it (one copy per game, the newest
                           MAX_OTHER are kept)
- ``senet:settings``       speed, hints, win meter, move highlighting, sound, and the
                           answer to the first-game tutorial's offer
- ``senet:stats``          wins, losses and draws per rule set and opponent level
- ``senet:throws``         how many throws of each kind every finished game on this
                           device made (docs/fair-throws.md)
- ``senet:quarantine:<ms>`` a value that could not be read, set aside with the reason,
                           never overwritten (the newest MAX_QUARANTINE are kept)

Reading never raises: a corrupt or foreign value is moved to a quarantine key and the
caller gets a readable reason to show. Writing never raises either: a full or blocked
storage gives a reason, and the game goes on unsaved.

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

from replay import REPLAY_SPEEDS
from values import FrozenValue, Value

from senet.errors import SenetError, shown
from senet.session import SaveError, Session, empty_stats, load_json, load_stats, record_result

SAVE_KEY = "senet:save"
PREVIOUS_KEY = "senet:save:previous"
OTHER_PREFIX = "senet:save:other:"
MAX_OTHER = 10
EARLIER_PREFIX = "senet:save:earlier:"
MAX_EARLIER = 20
SETTINGS_KEY = "senet:settings"
STATS_KEY = "senet:stats"
THROWS_KEY = "senet:throws"
THROWS_FORMAT = "senet-throw-stats"
# The categories of senet.throw_stats (light sides up; 0: none) as the stored keys.
THROW_KEYS = (("1", 1), ("2", 2), ("3", 3), ("4", 4), ("none", 0))
QUARANTINE_PREFIX = "senet:quarantine:"
MAX_QUARANTINE = 10

APP_FORMAT = "senet-app-save"
APP_VERSION = 1
SETTINGS_FORMAT = "senet-settings"
SPEEDS = ("slow", "normal", "fast", "instant")
TUTORIAL_ANSWERS = ("declined", "taken", "finished")  # Settings.tutorial
MAX_TEXT = 2_000_000  # characters; anything longer is not ours
GAME_ID_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-")
MAX_GAME_ID = 64


def is_game_id(value: object) -> bool:
    """1 to 64 letters, digits, "_" or "-" (what a tab names its game)."""
    return isinstance(value, str) and 0 < len(value) <= MAX_GAME_ID and all(c in GAME_ID_CHARS for c in value)


def to_json(data) -> str:
    """JSON with the text as it is (é, not \\u00e9): MicroPython's json.dumps writes it
    so and has no ensure_ascii."""
    try:
        return json.dumps(data, ensure_ascii=False)
    except TypeError:  # MicroPython
        return json.dumps(data)


def to_json_safe(value) -> str:
    """``value`` as JSON text for a message (its repr when it has none)."""
    try:
        return to_json(value)
    except (TypeError, ValueError):
        return repr(value)


# ------------------------------------------------------------------ the saved game


class SavedGame(Value):
    """A session plus what the app needs to resume it exactly. A copy with some fields
    changed: ``saved.replace(saved_at=...)``.

    ``expert_nodes``: the Expert's search budget (None: the engine's); ``counted``: the
    finished game is already in the statistics; ``game_id``: which game this is (saves
    older than the id have none); ``saved_at``: when it was written, in ms since 1970
    (older saves: None).
    """

    __slots__ = ("session", "expert_nodes", "counted", "game_id", "saved_at")

    def __init__(self, session: Session, expert_nodes: int | None = None, counted: bool = False,
                 game_id: str | None = None, saved_at: int | None = None):
        self.session = session
        self.expert_nodes = expert_nodes
        self.counted = counted
        self.game_id = game_id
        self.saved_at = saved_at


def dump_game(saved: SavedGame) -> str:
    data = {
        "format": APP_FORMAT,
        "version": APP_VERSION,
        "session": json.loads(saved.session.to_json()),
        "expert_nodes": saved.expert_nodes,
        "counted": saved.counted,
    }
    if saved.game_id is not None:
        data["game_id"] = saved.game_id
    if saved.saved_at is not None:
        data["saved_at"] = saved.saved_at
    return to_json(data)


def game_id_of(text: object) -> str | None:
    """The ``game_id`` of a saved game's text, without checking the rest; None when it
    has none or is not a saved game at all. Cheap: no record is replayed."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    try:
        data = load_json(text, "the saved game")
    except SaveError:
        return None
    value = data.get("game_id") if isinstance(data, dict) else None
    return value if is_game_id(value) else None


def parse_game(text: object) -> SavedGame:
    """Read a saved game; raises SaveError saying what is wrong. A bare
    ``Session.to_json()`` (format ``senet-save``) is accepted too."""
    if not isinstance(text, str):
        raise SaveError("the saved game is not text")
    if len(text) > MAX_TEXT:
        raise SaveError("the saved game is too long to be a Senet game")
    data = load_json(text, "the saved game")
    if isinstance(data, dict) and data.get("format") == "senet-save":
        return SavedGame(Session.from_json(text))
    if not isinstance(data, dict) or data.get("format") != APP_FORMAT:
        raise SaveError("this is not a saved Senet game")
    version = data.get("version")
    if type(version) is not int or version != APP_VERSION:  # not true, not 1.0
        raise SaveError(f"saved game version {shown(to_json_safe(version))} is not supported")
    session_data = data.get("session")
    if not isinstance(session_data, dict):
        raise SaveError("the saved game has no game in it")
    session = Session.from_json(json.dumps(session_data))
    nodes = data.get("expert_nodes")
    if nodes is not None and not (isinstance(nodes, int) and not isinstance(nodes, bool)
                                  and 100 <= nodes <= 1_000_000):
        raise SaveError("the saved Expert budget is not a number from 100 to 1000000")
    counted = data.get("counted", False)
    if not isinstance(counted, bool):
        raise SaveError("the saved game's statistics flag is malformed")
    game_id = data.get("game_id")  # absent in saves made before games had an id
    if game_id is not None and not is_game_id(game_id):
        raise SaveError("the saved game's id is malformed")
    # Only shown in the list of kept games: a strange value is dropped, not fatal.
    saved_at = data.get("saved_at")
    if not (isinstance(saved_at, int) and not isinstance(saved_at, bool) and 0 <= saved_at < 10**15):
        saved_at = None
    return SavedGame(session, nodes, counted, game_id, saved_at)


# ------------------------------------------------------------------ kept games

SEAT_KINDS = {"human": "Human", "novice": "Novice", "average": "Average", "expert": "Expert"}


class KeptGame(FrozenValue):
    """One kept game, as the New game dialog lists it.

    ``key``: PREVIOUS_KEY, an EARLIER_PREFIX or an OTHER_PREFIX key; ``text``: the
    stored value as listed (delete_kept checks it is still the same); ``title``: the
    rule set's name, "Kendall"; ``players``: seat 1 and seat 2, named as the board
    names them; ``saved_at``: ms since 1970, None when not known.
    """

    __slots__ = ("key", "text", "variant", "title", "players", "moves", "over", "saved_at")

    def __init__(self, key: str, text: str, variant: str, title: str, players: tuple, moves: int,
                 over: bool, saved_at: int | None):
        self._init(key, text, variant, title, tuple(players), moves, over, saved_at)

    @property
    def source(self) -> str:
        if self.key == PREVIOUS_KEY:
            return "previous"
        return "earlier" if self.key.startswith(EARLIER_PREFIX) else "other"

    def summary(self) -> str:
        """Rule set, players and moves: "Kendall, Average v You, 12 moves"."""
        moves = f"{self.moves} move{'s' if self.moves != 1 else ''}"
        if self.over:
            moves += ", finished"
        return f"{self.title}, {self.players[0]} v {self.players[1]}, {moves}"

    def line(self, now_ms: int) -> str:
        """The summary with where it came from and when it was saved."""
        where = "from another tab" if self.source == "other" else "replaced by a new game"
        when = f", saved {ago_text(self.saved_at, now_ms)}" if self.saved_at is not None else ""
        return f"{self.summary()} ({where}{when})"


def seat_label(seats: dict, seat: int) -> str:
    """A seat's name as the board shows it (app/controller.py, Controller.seat_name)."""
    name = seats[seat].name.strip()
    if name:
        return name
    kinds = [seats[1].kind, seats[2].kind]
    kind = kinds[seat - 1]
    if kind == "human":
        return "You" if kinds.count("human") == 1 else f"Player {seat}"
    label = SEAT_KINDS.get(kind, kind)
    return f"{label} {seat}" if kinds[0] == kinds[1] else label


def ago_text(then_ms: int, now_ms: int) -> str:
    """How long ago, in words: "just now", "5 minutes ago", "3 days ago"."""
    seconds = max(0, (now_ms - then_ms) // 1000)
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        n, unit = seconds // 60, "minute"
    elif seconds < 2 * 86_400:
        n, unit = seconds // 3600, "hour"
    else:
        n, unit = seconds // 86_400, "day"
    return f"{n} {unit}{'s' if n != 1 else ''} ago"


def kept_game(key: str, text: str, saved: SavedGame, stamp: int | None = None) -> KeptGame:
    import senet

    session = saved.session
    game = session.game
    seats = session.seats
    return KeptGame(key, text, game.variant, senet.get_rules(game.variant).title,
                    (seat_label(seats, 1), seat_label(seats, 2)), game.actions, game.over,
                    saved.saved_at if saved.saved_at is not None else stamp)


# ------------------------------------------------------------------ settings


class Settings(FrozenValue):
    """The player's choices, remembered across visits.
    A copy with some changed: ``settings.replace(speed="fast")``.

    ``speed``: slow, normal, fast, instant; ``hints``: the Expert's suggested action on
    a human's turn; ``meter``: the Expert's estimate of the win probability of the side
    to act; ``highlight``: the last move, the movable pieces and the destinations;
    ``sound``: the sounds of the game (app/sound.js) on or off, or None when never chosen
    (on, except in a browser driven by a test); ``volume``: their loudness, a whole
    number from 0 to 100; ``replay_speed``: how fast a replay plays itself, one of
    replay.REPLAY_SPEEDS ("0.5", "1", "2", "4": times 1x); ``tutorial``: the player's
    answer to the first-game tutorial (app/tutorial.py), None until it is offered and
    answered: "declined", "taken" or "finished". Settings saved before a field existed
    load with its default (None for ``tutorial``).
    """

    __slots__ = ("speed", "hints", "meter", "highlight", "sound", "volume", "replay_speed", "tutorial")

    def __init__(self, speed: str = "normal", hints: bool = False, meter: bool = False, highlight: bool = True,
                 sound: bool | None = None, volume: int = 60, replay_speed: str = "1", tutorial: str | None = None):
        self._init(speed, hints, meter, highlight, sound, volume, replay_speed, tutorial)

    def checked(self) -> "Settings":
        defaults = Settings()
        clean = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if name == "speed":
                ok = value in SPEEDS
            elif name == "replay_speed":
                ok = value in REPLAY_SPEEDS
            elif name == "volume":
                ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100
            elif name == "sound":
                ok = value is None or isinstance(value, bool)
            elif name == "tutorial":
                ok = value is None or value in TUTORIAL_ANSWERS
            else:
                ok = isinstance(value, bool)
            clean[name] = value if ok else getattr(defaults, name)
        return Settings(**clean)


def dump_settings(settings: Settings) -> str:
    data = {"format": SETTINGS_FORMAT, "version": 1}
    data.update(settings.as_dict())
    return json.dumps(data)


def parse_settings(text: object) -> Settings:
    """Read settings; a value of the wrong kind falls back to its default, but text that
    is not settings at all raises SaveError (and is set aside by the Store)."""
    if not isinstance(text, str) or len(text) > 10_000:
        raise SaveError("the settings are not short text")
    data = load_json(text, "the settings")
    if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
        raise SaveError("these are not Senet settings")
    return Settings(**{k: v for k, v in data.items() if k in Settings.__slots__}).checked()


# ------------------------------------------------------------------ statistics


def parse_stats(text: object) -> dict:
    """Read statistics; raises SaveError when the value is not statistics at all
    (rows of the wrong shape are dropped by senet.session.load_stats)."""
    if not isinstance(text, str) or len(text) > 100_000:
        raise SaveError("the statistics are not short text")
    data = load_json(text, "the statistics")
    if not isinstance(data, dict) or data.get("format") != "senet-stats" or not isinstance(data.get("results"), dict):
        raise SaveError("these are not Senet statistics")
    return load_stats(text)


def parse_throw_stats(text: object) -> tuple:
    """(counts by category, games) from ``senet:throws``; raises SaveError for anything
    that is not exactly what dump_throw_stats writes (the Store sets it aside)."""
    if not isinstance(text, str) or len(text) > 10_000:
        raise SaveError("the throw statistics are not short text")
    data = load_json(text, "the throw statistics")
    if not isinstance(data, dict) or data.get("format") != THROWS_FORMAT:
        raise SaveError("these are not Senet throw statistics")
    version = data.get("version")
    if type(version) is not int or version != 1:
        raise SaveError(f"throw statistics version {shown(str(version))} is not supported")
    counts, games = data.get("counts"), data.get("games")
    if not isinstance(counts, dict) or set(counts) != {k for k, _ in THROW_KEYS}:
        raise SaveError("the throw statistics do not hold a count of each throw (\"counts\")")
    for value in list(counts.values()) + [games]:
        if type(value) is not int or not 0 <= value < 10 ** 15:
            raise SaveError("a count of the throw statistics is not a whole number from 0")
    return {category: counts[key] for key, category in THROW_KEYS}, games


def dump_throw_stats(counts: dict, games: int) -> str:
    return to_json({"format": THROWS_FORMAT, "version": 1,
                    "counts": {key: counts.get(category, 0) for key, category in THROW_KEYS}, "games": games})


def stats_rows(stats: dict) -> list[tuple[str, str, int, int, int]]:
    """(variant, opponent, won, lost, drawn) rows, in rule-set then level order."""
    from senet import VARIANTS

    levels = ("novice", "average", "expert")
    rows = []
    for key, value in stats.get("results", {}).items():
        variant, _, opponent = key.partition("/")
        if variant in VARIANTS and opponent in levels:
            rows.append((variant, opponent, value.get("won", 0), value.get("lost", 0), value.get("drawn", 0)))
    rows.sort(key=lambda r: (VARIANTS.index(r[0]), levels.index(r[1])))
    return rows


def outcome_for_stats(session: Session) -> tuple[str, str, str] | None:
    """(variant, opponent level, "won"/"lost"/"drawn") for a finished game between exactly
    one human and one computer; None for any other game (not counted)."""
    game = session.game
    if not game.over:
        return None
    humans = [seat for seat, s in session.seats.items() if s.is_human]
    if len(humans) != 1:
        return None
    human = humans[0]
    opponent = session.seats[3 - human].kind
    result = game.result
    if result == "draw":
        return game.variant, opponent, "drawn"
    colours = game.seat_colours or {1: "w", 2: "b"}
    return game.variant, opponent, "won" if colours[human] == result else "lost"


# ------------------------------------------------------------------ the store


class Store:
    """Reads and writes the app's keys through ``backend``; never raises.

    ``problems`` collects readable reasons (corrupt values set aside, storage full or
    blocked) for the page to show.
    """

    def __init__(self, backend, clock=time.time):
        self.backend = backend
        self.clock = clock
        self.problems: list[str] = []
        self.save_blocked = False  # a bad save could not be set aside: never overwrite it
        self._write_failed = False
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
            self._problem(f"the browser's storage cannot be read ({exc})")
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> bool:
        try:
            self.backend.set(key, value)
        except Exception as exc:  # full, or blocked
            if not self._write_failed:
                self._problem(f"the game cannot be saved in this browser ({exc})")
            self._write_failed = True
            return False
        self._write_failed = False
        return True

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
                self._problem("another tab's game is in the save and there is no room to keep it "
                              "elsewhere, so this tab's game is not saved over it")
            self._other_failed = True
            return False
        self._other_failed = False
        self._seen = current  # dealt with: this tab now knows that value
        self.kept_other = (kept, game_id_of(current))
        return True

    def _read(self, key: str, parse, what: str):
        """Parse the value of ``key``; a bad value is set aside and reported."""
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
        if where is None:
            if key == SAVE_KEY:
                self.save_blocked = True
            self._problem(f"{what} could not be read ({reason}); it could not be set aside either, "
                          f"so it is left as it was and nothing will be saved over it")
        else:
            self._problem(f"{what} could not be read ({reason}). It was set aside as '{where}'")

    def set_aside_save(self, reason: str) -> None:
        """Quarantine the saved game although it parsed (the app could not use it)."""
        raw = self._get(SAVE_KEY)
        if raw is not None:
            self._set_aside(SAVE_KEY, raw, reason, "The saved game")

    # -- the game ------------------------------------------------------------------------
    def load_game(self) -> SavedGame | None:
        raw = self._get(SAVE_KEY)
        saved = self._parse(SAVE_KEY, raw, parse_game, "The saved game")
        self._seen = raw if saved is not None else self._get(SAVE_KEY)
        return saved

    def load_previous(self) -> SavedGame | None:
        return self._read(PREVIOUS_KEY, parse_game, "The previous game")

    def has_save(self) -> bool:
        return self._get(SAVE_KEY) is not None

    def has_previous(self) -> bool:
        return self._get(PREVIOUS_KEY) is not None

    def save_game(self, saved: SavedGame) -> bool:
        if self.save_blocked:
            return False
        try:
            text = dump_game(saved.replace(saved_at=self._now_ms()))
        except (SenetError, ValueError, TypeError) as exc:  # never expected; never fatal
            self._problem(f"the game could not be saved ({exc})")
            return False
        if not self._protect_other(saved.game_id) or not self._set(SAVE_KEY, text):
            return False
        self._seen = text
        return True

    def keep_previous(self, saved: SavedGame | None = None) -> bool:
        """Keep the game a new game is about to replace as the previous game: ``saved``
        when given (the tab's own game, whatever another tab put in senet:save since),
        else a copy of senet:save as this tab last read or wrote it."""
        if self.save_blocked:
            return False
        if saved is not None:
            try:
                text = dump_game(saved.replace(saved_at=self._now_ms()))
            except (SenetError, ValueError, TypeError) as exc:  # never expected
                self._problem(f"the previous game could not be kept ({exc})")
                return False
            return self._set_previous(text)
        raw = self._get(SAVE_KEY)
        if raw is None or raw != self._seen:
            return False
        return self._set_previous(raw)

    def swap_previous(self, key: str = PREVIOUS_KEY) -> SavedGame | None:
        """Bring back the game kept at ``key`` (the previous game, an earlier one, or one
        of another tab's under senet:save:other:); the game in senet:save takes its place
        (for an earlier game, it becomes the previous game; for another tab's key, a fresh
        key: see ``kept_other``)."""
        if not _is_kept_key(key):
            return None
        what = "The previous game" if key == PREVIOUS_KEY else "The kept game"
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
            what = "The previous game" if key == PREVIOUS_KEY else "A kept game"
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
        return self._read(SETTINGS_KEY, parse_settings, "The saved settings") or Settings()

    def save_settings(self, settings: Settings) -> bool:
        return self._set(SETTINGS_KEY, dump_settings(settings.checked()))

    def load_stats(self) -> dict:
        return self._read(STATS_KEY, parse_stats, "The statistics") or empty_stats()

    def add_result(self, variant: str, opponent: str, outcome: str) -> dict:
        stats = self.load_stats()
        try:
            record_result(stats, variant, opponent, outcome)
        except SenetError as exc:
            self._problem(f"the result could not be counted ({exc})")
            return stats
        self._set(STATS_KEY, json.dumps(stats))
        return stats


    def load_throw_stats(self) -> tuple:
        """(counts by category, games counted) of every finished game on this device; a
        value that cannot be read is set aside (and reported) and counting starts again."""
        return self._read(THROWS_KEY, parse_throw_stats, "The throw statistics") or ({c: 0 for _, c in THROW_KEYS}, 0)

    def add_throws(self, counts: dict) -> tuple:
        """Add one finished game's throw counts."""
        total, games = self.load_throw_stats()
        total = {c: total.get(c, 0) + counts.get(c, 0) for _, c in THROW_KEYS}
        self._set(THROWS_KEY, dump_throw_stats(total, games + 1))
        return total, games + 1


def _is_kept_key(key: str) -> bool:
    return key == PREVIOUS_KEY or key.startswith((OTHER_PREFIX, EARLIER_PREFIX))


def _stamp_of(key: str, prefix: str = QUARANTINE_PREFIX) -> tuple[int, int]:
    tail = key[len(prefix):]
    stamp, _, n = tail.partition("-")
    try:
        return int(stamp), int(n or 0)
    except ValueError:
        return 0, 0


def scope_of(pathname: str) -> str:
    """The storage scope of the copy of the app served at ``pathname``: the directory
    of the page ("/senet/" for "/senet/index.html"), or "" at the root of a site."""
    base = pathname[:pathname.rfind("/") + 1] if "/" in pathname else "/"
    return "" if base in ("", "/") else base


MIGRATED_KEY = "senet:migrated"


class ScopedBackend:
    """Keeps one copy of the app's keys apart from another's on the same origin.

    ``localStorage`` belongs to the origin, so two copies of the app on one site (two
    forks on ``USER.github.io``) would read and overwrite each other's games. Each
    copy's keys are stored under its scope (``/senet/senet:save``); at the root of a
    site the scope is empty and the keys are the plain ones. The first time a copy
    runs under a scope, it copies the plain keys (written before keys had a scope) into
    it, leaving them in place for the other copies, and notes that with
    ``senet:migrated``; a copy that fails half-way is tried again at the next start.
    """

    def __init__(self, backend, scope: str):
        self.backend = backend
        self.scope = scope
        self.copied = 0  # plain keys copied into the scope at this start
        self.problem: str | None = None
        if scope:
            try:
                self._migrate()
            except Exception as exc:  # full or blocked: the plain keys stay; tried again next time
                self.problem = (f"the games saved before this copy of the app had its own storage "
                                f"could not all be copied ({exc}); they are still there")

    def _migrate(self) -> None:
        if self.backend.get(self.scope + MIGRATED_KEY) is not None:
            return
        for key in self.backend.all_keys():
            key = str(key)
            if key.startswith("senet:") and self.backend.get(self.scope + key) is None:
                value = self.backend.get(key)
                if isinstance(value, str):
                    self.backend.set(self.scope + key, value)
                    self.copied += 1
        self.backend.set(self.scope + MIGRATED_KEY, "1")

    def key_of(self, stored_key: str) -> str | None:
        """The app's name for a key as stored (a storage event's key); None when the key
        belongs to another scope (or to none, under a scope)."""
        if not self.scope:
            return None if stored_key.startswith("/") else stored_key
        return stored_key[len(self.scope):] if stored_key.startswith(self.scope) else None

    def get(self, key):
        return self.backend.get(self.scope + key)

    def set(self, key, value):
        self.backend.set(self.scope + key, value)

    def remove(self, key):
        self.backend.remove(self.scope + key)

    def all_keys(self):
        keys = (str(k) for k in self.backend.all_keys())
        return [k for k in map(self.key_of, keys) if k is not None]


class MemoryBackend:
    """A dict with the backend interface (tests, and the page when storage is blocked)."""

    def __init__(self, data: dict | None = None):
        self.data = dict(data or {})

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = str(value)

    def remove(self, key):
        self.data.pop(key, None)

    def all_keys(self):
        return list(self.data)


__all__ = [
    "EARLIER_PREFIX", "MAX_EARLIER", "MAX_OTHER", "MAX_QUARANTINE", "OTHER_PREFIX",
    "PREVIOUS_KEY", "QUARANTINE_PREFIX", "SAVE_KEY", "SETTINGS_KEY", "STATS_KEY", "THROWS_KEY", "ago_text",
    "dump_game", "dump_settings", "game_id_of", "kept_game", "KeptGame", "MemoryBackend",
    "outcome_for_stats", "parse_game", "parse_settings", "parse_stats", "parse_throw_stats", "SavedGame",
    "scope_of", "ScopedBackend", "seat_label", "Settings", "stats_rows", "Store",
]
