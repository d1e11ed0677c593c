"""What the app stores, as text: the saved game, the kept games' summaries, the settings
and the statistics, written and read back without trusting what is read.

Free of the DOM and of storage itself: app/storage/store.py's ``Store`` reads and writes these
under the keys below. Every format an earlier version wrote still loads (docs/saving.md).

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
- ``senet:profile``, ``senet:practice``, ``senet:practice:answers``: the player's
                           progress and the positions to practise (app/storage/progress.py)
- ``senet:quarantine:<ms>`` a value that could not be read (or one an imported file
                           replaced: app/storage/backup.py), set aside with the reason,
                           never overwritten (the newest MAX_QUARANTINE are kept)
"""

import json

from app.game.counting import count_words, turns_played
from app.game.replay import REPLAY_SPEEDS
from app.values import FrozenValue, Value
from app.words import names
from app.words.names import SPEEDS
from app.words.records import ago_text
from senet.errors import shown
from senet.json_text import MAX_JSON_DEPTH, dumps, json_depth
from senet.session import SaveError, Session, load_stats
from senet.words import t

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
TUTORIAL_ANSWERS = ("declined", "taken", "finished")  # Settings.tutorial
THEMES = ("system", "light", "dark")  # Settings.theme
MAX_TEXT = 2_000_000  # characters; anything longer is not ours
GAME_ID_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-")
MAX_GAME_ID = 64


def is_game_id(value: object) -> bool:
    """1 to 64 letters, digits, "_" or "-" (what a tab names its game)."""
    return isinstance(value, str) and 0 < len(value) <= MAX_GAME_ID and all(c in GAME_ID_CHARS for c in value)


# JSON with the text as it is (é, not \\u00e9), as senet.json_text writes it; MicroPython's
# json.dumps writes it so and has no ensure_ascii.
to_json = dumps


def _bad(key: str, **args) -> SaveError:
    """A SaveError in the catalog's words that keeps its message id (senet.words.game's
    error_text says it again in the words in use)."""
    return SaveError(t(key, **args), key, **args)


def load_json(text: str):
    """``json.loads(text)`` for a stored value; SaveError in the catalog's words when it is
    not JSON, or nests deeper than MAX_JSON_DEPTH (checked first: json.loads would fail on
    thousands of brackets). The notice names the value itself ("The settings could not be
    read (not valid JSON)"), so the reason does not."""
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and json_depth(text) > MAX_JSON_DEPTH:
        raise _bad("storage.bad.too_deep", levels=MAX_JSON_DEPTH)
    try:
        return json.loads(text)
    except (TypeError, ValueError, RuntimeError, MemoryError):  # RecursionError is a RuntimeError
        raise _bad("storage.bad.not_json") from None


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
    (older saves: None); ``stood_in``: a player on the page decided for the Expert's
    seat at least once (the worker failed): the game counts against that player (saves
    from before have no such field: False).
    """

    __slots__ = ("session", "expert_nodes", "counted", "game_id", "saved_at", "stood_in")

    def __init__(self, session: Session, expert_nodes: int | None = None, counted: bool = False,
                 game_id: str | None = None, saved_at: int | None = None, stood_in: bool = False):
        self.session = session
        self.expert_nodes = expert_nodes
        self.counted = counted
        self.game_id = game_id
        self.saved_at = saved_at
        self.stood_in = stood_in


def dump_game(saved: SavedGame) -> str:
    """The saved game as JSON text. The session's own JSON goes in as it is, not read
    and written again: the page saves after every line of a long game."""
    pairs = [
        ("format", to_json(APP_FORMAT)),
        ("version", to_json(APP_VERSION)),
        ("session", saved.session.to_json()),
        ("expert_nodes", to_json(saved.expert_nodes)),
        ("counted", to_json(saved.counted)),
    ]
    if saved.game_id is not None:
        pairs.append(("game_id", to_json(saved.game_id)))
    if saved.saved_at is not None:
        pairs.append(("saved_at", to_json(saved.saved_at)))
    if saved.stood_in:  # written only when true: a save without it reads as before
        pairs.append(("stood_in", "true"))
    return "{" + ", ".join(to_json(key) + ": " + value for key, value in pairs) + "}"


def game_id_of(text: object) -> str | None:
    """The ``game_id`` of a saved game's text, without checking the rest; None when it
    has none or is not a saved game at all. Cheap: no record is replayed."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    try:
        data = load_json(text)
    except SaveError:
        return None
    value = data.get("game_id") if isinstance(data, dict) else None
    return value if is_game_id(value) else None


def parse_game(text: object) -> SavedGame:
    """Read a saved game; raises SaveError saying what is wrong. A bare
    ``Session.to_json()`` (format ``senet-save``) is accepted too."""
    if not isinstance(text, str):
        raise _bad("storage.bad.save_not_text")
    if len(text) > MAX_TEXT:
        raise _bad("storage.bad.save_too_long")
    data = load_json(text)
    if isinstance(data, dict) and data.get("format") == "senet-save":
        return SavedGame(Session.from_json(text))
    if not isinstance(data, dict) or data.get("format") != APP_FORMAT:
        raise _bad("storage.bad.not_a_save")
    version = data.get("version")
    if type(version) is not int or version != APP_VERSION:  # not true, not 1.0
        raise _bad("storage.bad.save_version", version=shown(to_json_safe(version)))
    session_data = data.get("session")
    if not isinstance(session_data, dict):
        raise _bad("storage.bad.save_empty")
    session = Session.from_json(json.dumps(session_data))
    nodes = data.get("expert_nodes")
    if nodes is not None and not (isinstance(nodes, int) and not isinstance(nodes, bool)
                                  and 100 <= nodes <= 1_000_000):
        raise _bad("storage.bad.expert_budget")
    counted = data.get("counted", False)
    if not isinstance(counted, bool):
        raise _bad("storage.bad.counted_flag")
    game_id = data.get("game_id")  # absent in saves made before games had an id
    if game_id is not None and not is_game_id(game_id):
        raise _bad("storage.bad.game_id")
    # Only shown in the list of kept games: a strange value is dropped, not fatal.
    saved_at = data.get("saved_at")
    if not (isinstance(saved_at, int) and not isinstance(saved_at, bool) and 0 <= saved_at < 10**15):
        saved_at = None
    stood_in = data.get("stood_in", False)  # absent in saves made before it existed
    if not isinstance(stood_in, bool):
        raise _bad("storage.bad.stood_in_flag")
    return SavedGame(session, nodes, counted, game_id, saved_at, stood_in)


# ------------------------------------------------------------------ kept games



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
        """Rule set, players and turns (app/game/counting.py): "Kendall, Average v You, 12 turns"."""
        key = "storage.kept.summary_over" if self.over else "storage.kept.summary"
        return t(key, rules=self.title, first=self.players[0], second=self.players[1],
                 turns=count_words(self.moves))

    def line(self, now_ms: int) -> str:
        """The summary with where it came from and when it was saved."""
        other = self.source == "other"
        if self.saved_at is None:
            return t("storage.kept.line_other" if other else "storage.kept.line_replaced", summary=self.summary())
        return t("storage.kept.line_other_ago" if other else "storage.kept.line_replaced_ago",
                 summary=self.summary(), ago=ago_text(self.saved_at, now_ms))


def seat_label(seats: dict, seat: int) -> str:
    """A seat's name as the board shows it (names.seat_label), from a session's seats."""
    return names.seat_label((seats[1].kind, seats[2].kind), (seats[1].name, seats[2].name), seat)


def kept_game(key: str, text: str, saved: SavedGame, stamp: int | None = None) -> KeptGame:
    import senet

    session = saved.session
    game = session.game
    seats = session.seats
    return KeptGame(key, text, game.variant, names.rules_name(senet.get_rules(game.variant)),
                    (seat_label(seats, 1), seat_label(seats, 2)), turns_played(game), game.over,
                    saved.saved_at if saved.saved_at is not None else stamp)


# ------------------------------------------------------------------ settings


class Settings(FrozenValue):
    """The player's choices, remembered across visits.
    A copy with some changed: ``settings.replace(speed="fast")``.

    ``speed``: slow, normal, fast, instant; ``hints``: the Expert's suggested action on
    a human's turn; ``meter``: the Expert's estimate of the win probability of the side
    to act; ``highlight``: the last move, the movable pieces and the destinations;
    ``sound``: the sounds of the game (app/view/sound.js) on or off, or None when never chosen
    (on, except in a browser driven by a test); ``volume``: their loudness, a whole
    number from 0 to 100; ``replay_speed``: how fast a replay plays itself, one of
    replay.REPLAY_SPEEDS ("0.5", "1", "2", "4": times 1x); ``tutorial``: the player's
    answer to the first-game tutorial (app/flow/tutorial.py), None until it is offered and
    answered: "declined", "taken" or "finished"; ``no_takebacks``: play against the
    computer without Undo (off: Undo is offered, and a game with a move taken back is
    counted apart in the statistics); ``theme``: the page's colours, one of THEMES
    ("system" follows prefers-color-scheme; app/view/theme.js applies it before the first
    paint). Settings saved before a field existed load with its default (None for
    ``tutorial``, False for ``no_takebacks``, "system" for ``theme``).
    """

    __slots__ = ("speed", "hints", "meter", "highlight", "sound", "volume", "replay_speed", "tutorial",
                 "no_takebacks", "theme")

    def __init__(self, speed: str = "normal", hints: bool = False, meter: bool = False, highlight: bool = True,
                 sound: bool | None = None, volume: int = 60, replay_speed: str = "1", tutorial: str | None = None,
                 no_takebacks: bool = False, theme: str = "system"):
        self._init(speed, hints, meter, highlight, sound, volume, replay_speed, tutorial, no_takebacks, theme)

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
            elif name == "theme":
                ok = value in THEMES
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
        raise _bad("storage.bad.settings_not_text")
    data = load_json(text)
    if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
        raise _bad("storage.bad.not_settings")
    return Settings(**{k: v for k, v in data.items() if k in Settings.__slots__}).checked()


# ------------------------------------------------------------------ statistics


def parse_stats(text: object) -> dict:
    """Read statistics; raises SaveError when the value is not statistics at all
    (rows of the wrong shape are dropped by senet.session.load_stats)."""
    if not isinstance(text, str) or len(text) > 100_000:
        raise _bad("storage.bad.stats_not_text")
    data = load_json(text)
    if not isinstance(data, dict) or data.get("format") != "senet-stats" or not isinstance(data.get("results"), dict):
        raise _bad("storage.bad.not_stats")
    return load_stats(text)


def parse_throw_stats(text: object) -> tuple:
    """(counts by category, games) from ``senet:throws``; raises SaveError for anything
    that is not exactly what dump_throw_stats writes (the Store sets it aside)."""
    if not isinstance(text, str) or len(text) > 10_000:
        raise _bad("storage.bad.throws_not_text")
    data = load_json(text)
    if not isinstance(data, dict) or data.get("format") != THROWS_FORMAT:
        raise _bad("storage.bad.not_throws")
    version = data.get("version")
    if type(version) is not int or version != 1:
        raise _bad("storage.bad.throws_version", version=shown(str(version)))
    counts, games = data.get("counts"), data.get("games")
    if not isinstance(counts, dict) or set(counts) != {k for k, _ in THROW_KEYS}:
        raise _bad("storage.bad.throws_counts")
    for value in list(counts.values()) + [games]:
        if type(value) is not int or not 0 <= value < 10 ** 15:
            raise _bad("storage.bad.throws_count")
    return {category: counts[key] for key, category in THROW_KEYS}, games


def dump_throw_stats(counts: dict, games: int) -> str:
    return to_json({"format": THROWS_FORMAT, "version": 1,
                    "counts": {key: counts.get(category, 0) for key, category in THROW_KEYS}, "games": games})


def outcome_for_stats(session: Session, stood_in: bool = False) -> tuple[str, str, str] | None:
    """(variant, opponent level, "won"/"lost"/"drawn") for a finished game between exactly
    one human and one computer; None for any other game (not counted). ``stood_in``: a
    player on the page decided for the Expert (the worker failed): the game counts against
    that player, Average (turn_loop.fallback_level), never as a game against the Expert."""
    game = session.game
    if not game.over:
        return None
    humans = [seat for seat, s in session.seats.items() if s.is_human]
    if len(humans) != 1:
        return None
    human = humans[0]
    opponent = session.seats[3 - human].kind
    if stood_in and opponent in names.WORKER_KINDS:
        opponent = names.STAND_IN
    result = game.result
    if result == "draw":
        return game.variant, opponent, "drawn"
    colours = game.seat_colours or {1: "w", 2: "b"}
    return game.variant, opponent, "won" if colours[human] == result else "lost"
