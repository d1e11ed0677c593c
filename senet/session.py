"""A session: one game with its players, undo/redo, saving and statistics.

Everything here is plain Python so that the browser layer (app/main.py) stays thin
and all of it is tested without a browser. Saved data is JSON text; loading checks it
fully and raises SaveError with a readable reason instead of half-loading anything.
"""

import json

from .errors import RecordError, SenetError, shown
from .game import (
    MAX_ACTIONS,
    MAX_PLAYER_NAME,
    PLAYER_KINDS,
    Entry,
    Game,
    clean_player_name,
    entry_fields,
    player_name_problem,
)
from .moves import PASS, THROW, parse_move
from .state import WHITE, State
from .variants import is_rule_set_name

SAVE_FORMAT = "senet-save"
SAVE_VERSION = 1
KINDS = PLAYER_KINDS
MAX_NAME = MAX_PLAYER_NAME
# JSON that nests deeper than this is not ours: refused before json.loads, whose
# recursion would otherwise fail (RecursionError) on thousands of brackets.
MAX_JSON_DEPTH = 32


class SaveError(SenetError):
    """Saved data that cannot be loaded; the message says why."""


class Seat:
    """Who sits at a seat: a ``kind`` (KINDS) and a ``name`` ("" for none). Immutable;
    seats compare and hash by their fields."""

    __slots__ = ("kind", "name")

    def __init__(self, kind: str = "human", name: str = ""):
        if not isinstance(kind, str) or kind not in KINDS:
            raise SaveError(f"unknown player kind '{shown(kind)}' (choose from {', '.join(KINDS)})")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise SaveError(f"a player name must be text of at most {MAX_NAME} characters")
        problem = player_name_problem(name)
        if problem is not None:
            raise SaveError(problem)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "name", name)

    def __setattr__(self, name, value):
        raise AttributeError(f"a Seat cannot be changed (field '{name}')")

    def __eq__(self, other) -> bool:
        return isinstance(other, Seat) and (self.kind, self.name) == (other.kind, other.name)

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.kind, self.name))

    def __repr__(self) -> str:
        return f"Seat(kind={self.kind!r}, name={self.name!r})"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def label(self, seat: int) -> str:
        if self.name:
            return self.name
        return f"Player {seat}" if self.is_human else f"{self.kind[:1].upper()}{self.kind[1:]} (computer)"


class Session:
    """A game plus who plays it. Seat 1 plays white and seat 2 black, except in rule
    sets with a colour draw (jequier, havens), where the draw decides."""

    def __init__(self, variant: str, seats: dict[int, Seat] | None = None, seed: int | None = None,
                 game: Game | None = None):
        self.game = game if game is not None else Game(variant, seed=seed)
        self.seats = seats or {1: Seat(), 2: Seat()}
        self.redo_groups = []  # lists of Entry undone, the last undone last
        self.took_back = False  # a move was taken back (undo): the statistics count it apart

    # -- who acts ------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.game.state

    def seat_of(self, side: str) -> int:
        """The seat playing colour ``side`` (during a colour draw: the seat throwing)."""
        colours = self.game.seat_colours
        if colours is None:
            return 1 if side == WHITE else 2
        return next(seat for seat, colour in colours.items() if colour == side)

    def player(self, side: str) -> Seat:
        return self.seats[self.seat_of(side)]

    @property
    def to_act(self) -> Seat:
        return self.player(self.state.side)

    # -- play ----------------------------------------------------------------------
    def throw(self, value: int | None = None) -> int:
        """Throw the sticks, or inject the throw ``value`` (C5: a prepared throw, as the
        app's tutorial uses); returns the throw."""
        return self.game.throw(value)

    def play(self, move) -> State:
        state = self.game.play(move)
        self.redo_groups.clear()  # a new decision replaces what was undone
        return state

    # -- undo / redo -----------------------------------------------------------------
    def _is_human_decision(self, index: int) -> bool:
        """A human's action; a pass (the only legal action after a lost throw) is no
        decision, so undo skips it and goes back to the move before."""
        entry = self.game.entries[index]
        return (entry.action is not None and entry.action != PASS
                and self.seats[self._seat_at(index)].is_human)

    def _seat_at(self, index: int) -> int:
        state = self.game.states[index]  # the state before entry ``index``
        colours = self._colours_at(index)
        side = state.side
        if colours is None:
            return 1 if side == WHITE else 2
        return next(seat for seat, colour in colours.items() if colour == side)

    def _colours_at(self, index: int) -> dict[int, str] | None:
        if self.game.seat_colours is None or self.game.states[index].opening:
            return None
        return self.game.seat_colours

    def last_human_decision(self) -> int | None:
        if not any(seat.is_human for seat in self.seats.values()):
            return None  # computers only: no need to read the whole record (asked every drawing)
        for i in range(len(self.game.entries) - 1, -1, -1):
            if self._is_human_decision(i):
                return i
        return None

    @property
    def can_undo(self) -> bool:
        return self.last_human_decision() is not None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_groups)

    def undo(self) -> bool:
        """Go back to just before the last human decision, with its throw still pending.

        Against a computer this also takes back the computer's reply. Throws are never
        thrown again: the generator is rewound, so the same throws come back.
        """
        i = self.last_human_decision()
        if i is None:
            return False
        removed = self.game.entries[i:]
        self.redo_groups.append(list(removed))
        self.took_back = True
        self.game.undo_to(i, keep_throw=removed[0].throw is not None)
        return True

    def redo(self) -> bool:
        if not self.redo_groups:
            return False
        game = self.game
        if redo_problem(game, self.redo_groups[-1:]) is not None:  # never expected: checked at load
            self.redo_groups.clear()
            return False
        group = self.redo_groups.pop()
        for k, entry in enumerate(group):
            if k == 0 and entry.throw is not None and game.state.throw == entry.throw:
                pass  # the throw is already pending
            elif entry.draw or entry.throw is not None:
                game.throw(entry.throw)
            if entry.action is not None:
                game.play(entry.action)
        game._sync_generator()
        return True

    # -- records and saving ------------------------------------------------------------
    def record_text(self) -> str:
        """The game record with a "player" line for each seat (docs/record.md): what an
        export should hold, so that a replay elsewhere knows who played."""
        return self.game.record_text({n: (s.kind, s.name) for n, s in self.seats.items()})

    def to_json(self) -> str:
        # The seats are saved beside the record, so the record is kept without "player"
        # lines: a save reads the same as before they existed (an older copy of the app
        # in another tab can still load it).
        seats = _json_object(
            (str(k), _json_object((("kind", _dumps(s.kind)), ("name", _dumps(s.name)))))
            for k, s in sorted(self.seats.items())
        )
        return _json_object((
            ("format", _dumps(SAVE_FORMAT)),
            ("version", _dumps(SAVE_VERSION)),
            ("record", _dumps(self.game.record_text(players={}, keep_seed=True))),
            ("seats", seats),
            ("redo", _dumps([[e.text() for e in group] for group in self.redo_groups])),
        ) + ((("took_back", "true"),) if self.took_back else ()))

    @classmethod
    def from_json(cls, text: str) -> "Session":
        """Load a saved session; raises SaveError saying what is wrong (and naming the field)."""
        data = load_json(text, "the saved game")
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("this is not a saved Senet game")
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:
            raise SaveError(f"saved game version {shown(_dumps_safe(version))} is not supported")
        seats_data = data.get("seats")
        if not isinstance(seats_data, dict) or set(seats_data) != {"1", "2"}:
            raise SaveError("the saved game does not say who plays (\"seats\")")
        seats = {}
        for key in ("1", "2"):
            value = seats_data[key]
            if not isinstance(value, dict):
                raise SaveError(f"the saved game's player {key} is malformed (\"seats\")")
            kind, name = value.get("kind", ""), value.get("name", "")
            if not isinstance(name, str) or len(name) > MAX_NAME:
                raise SaveError(f"the name of player {key} must be text of at most {MAX_NAME} characters")
            # control and direction-override characters become spaces, as in a record
            seats[int(key)] = Seat(kind, clean_player_name(name))
        record = data.get("record")
        if not isinstance(record, str):
            raise SaveError("the saved game has no game record (\"record\")")
        try:
            game = Game.from_record(record)
        except RecordError as exc:
            raise SaveError(f"the saved game record is broken: {exc}") from None
        session = cls(game.variant, seats, game=game)
        redo = data.get("redo", [])
        if not isinstance(redo, list) or not all(isinstance(g, list) and g for g in redo):
            raise SaveError("the saved undo history (\"redo\") is malformed")
        groups = [[_parse_entry(line) for line in group] for group in redo]
        problem = redo_problem(game, groups)
        if problem is not None:
            raise SaveError(f"the saved undo history (\"redo\") does not fit the game: {problem}")
        session.redo_groups = groups
        took_back = data.get("took_back", False)  # saves from before take-backs were counted: none
        if type(took_back) is not bool:
            raise SaveError("the saved game's take-back flag (\"took_back\") is not true or false")
        session.took_back = took_back
        return session


def redo_problem(game: Game, groups: list) -> str | None:
    """Why redoing ``groups`` (the last first, as Session.redo does) from ``game``'s
    state would fail, or None when every step replays. The game is not changed."""
    state = game.state
    actions = game.actions
    over = game.over
    for step, group in enumerate(reversed(groups), 1):
        for k, entry in enumerate(group):
            where = f"step {step}, '{shown(entry.text())}'"
            try:
                if over:
                    raise SenetError("the game is over")
                if entry.side != state.side:
                    raise SenetError(f"it is {'white' if state.side == WHITE else 'black'}'s turn")
                if k == 0 and entry.throw is not None and state.throw == entry.throw and not entry.draw:
                    pass  # the throw is already pending
                elif entry.draw != state.opening:
                    raise SenetError("a colour-draw throw only during the colour draw")
                elif entry.throw is not None:
                    if state.is_decision and state.throw is None:
                        state = state.apply(THROW)  # the choice before the throw: throw
                    state = state.apply(entry.throw)
                if entry.action is not None:
                    state = state.apply(entry.action)
                    actions += 1
                elif not entry.draw and k != len(group) - 1:
                    raise SenetError("a throw without an action ends a step")
            except SenetError as exc:
                return f"{where}: {exc}"
            over = state.is_terminal or actions >= MAX_ACTIONS
    return None


def load_json(text, what: str):
    """``json.loads(text)`` for saved data: SaveError (naming ``what``) when ``text`` is
    not JSON text, or nests deeper than MAX_JSON_DEPTH."""
    if not isinstance(text, str):
        raise SaveError(f"{what} is not text")
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and _json_depth(text) > MAX_JSON_DEPTH:
        raise SaveError(f"{what} nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(text)
    except (TypeError, ValueError, RuntimeError, MemoryError):  # RecursionError is a RuntimeError
        raise SaveError(f"{what} is not valid JSON") from None


def _json_depth(text: str) -> int:
    """The deepest nesting of [ and { in JSON text, outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "[" or c == "{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif c == "]" or c == "}":
            depth -= 1
    return deepest


def _dumps_safe(value) -> str:
    """``value`` as JSON text for a message (repr when it has none)."""
    try:
        return _dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def _dumps_keeping_text(data) -> str:
    return json.dumps(data, ensure_ascii=False)


def _json_keeps_text() -> bool:
    """Whether this json.dumps takes ``ensure_ascii`` (CPython); MicroPython's has no such
    argument and writes non-ASCII text as it is anyway."""
    try:
        json.dumps("", ensure_ascii=False)
    except TypeError:
        return False
    return True


# JSON text with non-ASCII characters kept as they are. Chosen once: a TypeError at each
# call would cost MicroPython in the browser a thrown JavaScript exception (its longjmp),
# and a save writes thousands of values.
_dumps = _dumps_keeping_text if _json_keeps_text() else json.dumps


def _json_object(pairs) -> str:
    """A JSON object from (key, JSON text of the value) pairs, the keys in the order
    given, as json.dumps writes a dict in CPython (MicroPython's dicts keep no order)."""
    return "{" + ", ".join(_dumps(k) + ": " + v for k, v in pairs) + "}"


def _parse_entry(line: object) -> Entry:
    if not isinstance(line, str):
        raise SaveError("the saved undo history (\"redo\") has a line that is not text")
    try:
        side, throw, action, draw = entry_fields(line)
        if draw or action is None:
            return Entry(side, throw, None, draw=draw)
        return Entry(side, throw, parse_move(action))
    except SenetError as exc:
        raise SaveError(f"the saved undo history (\"redo\") has a bad line '{shown(line)}': {exc}") from None


# -- statistics ---------------------------------------------------------------------
# The opponents a statistics row counts against ("kendall/expert"): the computer levels,
# and "online", a person on another device (games between two devices, kept apart).
ONLINE = "online"
STATS_OPPONENTS = tuple(k for k in KINDS if k != "human") + (ONLINE,)


# A row's counts: games played without take-backs ("won"), and games in which the human
# took a move back, counted apart ("won_undo"; statistics from before have none).
UNDO_SUFFIX = "_undo"
STATS_FIELDS = ("won", "lost", "drawn", "won" + UNDO_SUFFIX, "lost" + UNDO_SUFFIX, "drawn" + UNDO_SUFFIX)


def empty_stats() -> dict:
    return {"format": "senet-stats", "version": 1, "results": {}}


def load_stats(text: str | None) -> dict:
    """Parse saved statistics; anything malformed gives empty statistics. Only rows of a
    known rule set (with its options, if any) and level ("kendall/expert",
    "kendall+five/novice") are kept, and in them only counts that
    are whole numbers from 0 (not true or false, not 2.0)."""
    try:
        data = load_json(text, "the statistics") if text else None
    except SaveError:
        data = None
    if not isinstance(data, dict) or data.get("format") != "senet-stats" or not isinstance(data.get("results"), dict):
        return empty_stats()
    clean = empty_stats()
    for key, value in data["results"].items():
        variant, _, opponent = key.partition("/") if isinstance(key, str) else ("", "", "")
        if is_rule_set_name(variant) and opponent in STATS_OPPONENTS and isinstance(value, dict):
            clean["results"][key] = {k: v for k, v in value.items()
                                     if k in STATS_FIELDS and type(v) is int and 0 <= v < 10 ** 15}
    return clean


def record_result(stats: dict, variant: str, opponent: str, outcome: str, took_back: bool = False) -> dict:
    """Count a finished game: ``outcome`` is 'won', 'lost' or 'drawn' for the human;
    ``opponent`` a computer level or ONLINE (a game between two devices, counted apart);
    ``took_back``: the human took a move back, and the game is counted apart ("won_undo")."""
    if not is_rule_set_name(variant) or opponent not in KINDS + (ONLINE,) or outcome not in ("won", "lost", "drawn"):
        raise SenetError("unknown variant, opponent or outcome for statistics")
    row = stats["results"].setdefault(f"{variant}/{opponent}", {"won": 0, "lost": 0, "drawn": 0})
    field = outcome + UNDO_SUFFIX if took_back else outcome
    row[field] = row.get(field, 0) + 1
    return stats
