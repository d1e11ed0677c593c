"""The save of a session: JSON text (format "senet-save", version 1) that holds its
game's record (with the seed, for this device), who sits at each seat, the steps undone
(which a redo plays again) and whether a move was taken back. Loading checks all of it
and raises SaveError with a readable reason instead of half-loading anything."""

from .errors import RecordError, SaveError, SenetError, shown
from .game import Entry, Game, clean_player_name, entry_fields
from .json_text import dumps, dumps_safe, json_object, load_json
from .moves import parse_move
from .seats import MAX_NAME, Seat
from .undo import redo_problem

SAVE_FORMAT = "senet-save"
SAVE_VERSION = 1


def save_text(game: Game, seats: dict, redo_groups: list, took_back: bool) -> str:
    """The save of a session: its game, seats, steps undone and take-back flag."""
    # The seats are saved beside the record, so the record is kept without "player"
    # lines: a save reads the same as before they existed (an older copy of the app
    # in another tab can still load it).
    seat_text = json_object(
        (str(k), json_object((("kind", dumps(s.kind)), ("name", dumps(s.name)))))
        for k, s in sorted(seats.items())
    )
    return json_object((
        ("format", dumps(SAVE_FORMAT)),
        ("version", dumps(SAVE_VERSION)),
        ("record", dumps(game.record_text(players={}, keep_seed=True))),
        ("seats", seat_text),
        ("redo", dumps([[e.text() for e in group] for group in redo_groups])),
    ) + ((("took_back", "true"),) if took_back else ()))


def read_save(text: str) -> tuple:
    """(game, seats, redo_groups, took_back) of a save; raises SaveError saying what is
    wrong (and naming the field)."""
    data = load_json(text, "the saved game")
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a saved Senet game")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise SaveError(f"saved game version {shown(dumps_safe(version))} is not supported")
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
    except RecordError as exc:  # its message id, words and line kept: the page says why in words
        error = SaveError(f"the saved game record is broken: {exc}", exc.key, **exc.words)
        error.line = exc.line
        raise error from None
    redo = data.get("redo", [])
    if not isinstance(redo, list) or not all(isinstance(g, list) and g for g in redo):
        raise SaveError("the saved undo history (\"redo\") is malformed")
    groups = [[_parse_entry(line) for line in group] for group in redo]
    problem = redo_problem(game, groups)
    if problem is not None:
        raise SaveError(f"the saved undo history (\"redo\") does not fit the game: {problem}")
    took_back = data.get("took_back", False)  # saves from before take-backs were counted: none
    if type(took_back) is not bool:
        raise SaveError("the saved game's take-back flag (\"took_back\") is not true or false")
    return game, seats, groups, took_back


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
