"""Bad input never crashes and never loses a game: every input surface fuzzed.

Valid positions, moves, game records, saves and statistics from every rule set are
mutated (characters inserted, deleted, replaced or repeated; fields swapped; JSON values
replaced by hostile ones) and fed back. The only outcomes allowed: the project's own
error (a SenetError) with a message on one line, or a result that passes the same
validation as a parsed one (it writes back to text that reads back the same, and play
goes on from it). Seeded and bounded: Hypothesis with derandomize=True and a small
max_examples, no deadline, so the whole file runs in seconds and never flakes. The
command line is run through a subprocess: exit status 2 and exactly one line on stderr.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import senet
from app.storage.store import SavedGame, dump_game, game_id_of, parse_game, parse_settings, parse_stats
from app.words.records import stats_rows
from senet import turns
from senet.errors import SenetError, one_line
from senet.game import Game
from senet.record import DRAW_REASONS
from senet.session import SaveError, Seat, Session, load_stats

ROOT = Path(__file__).resolve().parents[2]

# SENET_FUZZ_EXAMPLES=5000 runs a longer hunt (the suite: 150 examples a test, derandomized)
FUZZ = settings(derandomize=True, max_examples=int(os.environ.get("SENET_FUZZ_EXAMPLES", "150")),
                deadline=None, database=None, suppress_health_check=list(HealthCheck))

# Characters a hostile user (or a broken editor) puts in: digits of other scripts and
# superscripts, fullwidth digits, line breaks of every kind, controls, a byte-order mark,
# direction overrides, the separators of each format, and plain text.
HOSTILE = ("0", "1", "4", "9", "-", "_", "+", " ", "\t", "\n", "\r", "\r\n", "\x00", "\x0b", "\x1b",
           "\x85", "\u2028", "\u202e", "\ufeff", "\u00b2", "\u0663", "\uff13", "\u3000", "\u00a0",
           "w", "b", ".", "/", ",", "=", ":", "#", "in", "off", "draw", "pass", "rescue", "again",
           "\u00e9", "\U0001f600", "9" * 50, "1" * 5000)


def _one_line(exc: BaseException) -> None:
    message = str(exc)
    assert isinstance(exc, SenetError), repr(exc)
    assert one_line(message) == message, repr(message)
    assert "\n" not in message and "\r" not in message


def _apply(text: str, ops) -> str:
    """``text`` after the mutations ``ops`` (op, position, piece)."""
    for op, where, piece in ops:
        i = where % (len(text) + 1)
        if op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "replace":
            text = text[:i] + piece + text[i + 1:]
        elif op == "delete":
            text = text[:i] + text[i + 1 + where % 7:]
        elif op == "repeat":
            text = text[:i] + text[i:i + 1 + where % 9] * 2 + text[i + 1 + where % 9:]
        elif op == "swap":  # two space-separated fields (or lines) change places
            sep = "\n" if "\n" in text and where % 2 else " "
            parts = text.split(sep)
            j, k = where % len(parts), (where // 7) % len(parts)
            parts[j], parts[k] = parts[k], parts[j]
            text = sep.join(parts)
        elif op == "cut":
            text = text[:i]
    return text


MUTATIONS = st.lists(st.tuples(st.sampled_from(("insert", "replace", "delete", "repeat", "swap", "cut")),
                               st.integers(0, 10**6), st.sampled_from(HOSTILE)), min_size=1, max_size=4)


def _games():
    """A few games of every rule set, played from their start with the engine's own throws;
    choices by a fixed rule (no randomness beyond the seeded throws)."""
    games = []
    for variant in senet.VARIANTS:
        for seed, length in ((1, 12), (2, 60), (3, 400)):
            game = Game(variant, seed=seed)
            while not game.over and game.actions < length:
                state = game.state
                pre = state.pre_throw_actions()
                if pre and game.actions % 3 == 0:
                    game.play(pre[0])
                elif state.throw is None:
                    game.throw()
                else:
                    legal = state.legal_actions()
                    game.play(legal[(game.actions * 7 + seed) % len(legal)])
            games.append(game)
    return games


GAMES = _games()
POSITIONS = sorted({s.position() for g in GAMES for s in g.states[::3]})
RECORDS = [g.record_text({1: ("human", "Ann"), 2: ("expert", "")}) for g in GAMES[::2]]


def _sessions():
    sessions = []
    for game in GAMES[::3]:
        session = Session(game.variant, {1: Seat("human", "Ann"), 2: Seat("human", "")},
                          game=Game.from_record(game.record_text()))
        session.undo()
        session.undo()
        sessions.append(session)
    return sessions


SESSIONS = _sessions()
SAVES = [s.to_json() for s in SESSIONS]
APP_SAVES = [dump_game(SavedGame(s, None, False, "abc123", 1_700_000_000_000)) for s in SESSIONS]
STATS = json.dumps({"format": "senet-stats", "version": 1, "results": {
    "kendall/expert": {"won": 3, "lost": 1, "drawn": 0}, "tait/novice": {"won": 0, "lost": 2, "drawn": 1}}})


def _check_state(state: senet.State) -> None:
    """A state passes the checks of a parsed one: its text reads back the same, and each
    step from it (a throw, an action) gives a state that does too, or an own error."""
    text = state.position()
    assert senet.parse_position(text) == state and senet.parse_position(text).position() == text
    if state.throw is None:
        for move in state.pre_throw_actions():
            state.apply(move).position()
        if not state.is_terminal:
            for throw in state.rules.throw_values:
                after = turns.after_throw(state, throw)  # THROW first where a rescue is on offer
                assert senet.parse_position(after.position()) == after
    else:
        for move in state.legal_actions():
            after = state.apply(move)
            assert senet.parse_position(after.position()) == after


def _check_game(game: Game) -> None:
    """A game read from a record: it writes the same record back, and play goes on."""
    again = Game.from_record(game.record_text())
    assert again.state == game.state and again.result == game.result
    assert again.record_text() == game.record_text()
    for _ in range(6):  # a few throws and actions (a colour draw's throws have no action)
        if game.over:
            break
        if game.state.throw is None:
            game.throw()
        else:
            game.play(game.state.legal_actions()[0])


def _check_session(session: Session) -> None:
    """A session read from a save: it saves the same text back, and every redo replays."""
    text = session.to_json()
    again = Session.from_json(text)
    assert again.state == session.state and again.to_json() == text
    while again.redo():
        pass
    assert not again.redo_groups


# -- positions and moves -----------------------------------------------------------------


@FUZZ
@given(st.sampled_from(POSITIONS), MUTATIONS)
def test_mutated_positions_parse_or_raise_own_errors(position, ops):
    text = _apply(position, ops)
    try:
        state = senet.parse_position(text)
    except SenetError as exc:
        _one_line(exc)
        return
    _check_state(state)


MOVE_TEXTS = sorted({str(m) for g in GAMES for s in g.states for m in s.legal_actions()} | {"in-4", "rescue"})


@FUZZ
@given(st.sampled_from(POSITIONS), st.sampled_from(MOVE_TEXTS), MUTATIONS)
def test_mutated_moves_parse_or_raise_own_errors(position, move, ops):
    text = _apply(move, ops)
    try:
        parsed = senet.parse_move(text)
    except SenetError as exc:
        _one_line(exc)
    else:
        assert senet.parse_move(str(parsed)) == parsed
    state = senet.parse_position(position)
    try:
        after = state.apply(text)
    except SenetError as exc:
        _one_line(exc)
        return
    assert senet.parse_position(after.position()) == after


# -- records ---------------------------------------------------------------------------------


@FUZZ
@given(st.sampled_from(RECORDS), MUTATIONS)
def test_mutated_records_replay_or_name_their_line(record, ops):
    text = _apply(record, ops)
    try:
        game = Game.from_record(text)
    except senet.RecordError as exc:
        _one_line(exc)
        assert 1 <= exc.line <= text.count("\n") + text.count("\r") + 1
        assert str(exc).startswith(f"line {exc.line}: ")
        return
    _check_game(game)


# -- saves, settings and statistics ------------------------------------------------------------

HOSTILE_VALUES = (None, True, False, 0, 1, 1.0, -1, 10**30, "", "x", "\n\u202e", "1_000", [], {}, [[[[[]]]]],
                  {"kind": "human", "name": "A\x00\u202eB"}, ["b 4 14-18"], [["b 9 1-2"]], [["w - rescue"]],
                  "senet-record 1\nvariant kendall\nseed 1\nb 4 14-18\n")


def _paths(data, prefix=()):
    """Every (path, value) inside JSON data."""
    yield prefix, data
    if isinstance(data, dict):
        for key in sorted(data):
            yield from _paths(data[key], prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, prefix + (i,))


def _set(data, path, value):
    if not path:
        return value
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@st.composite
def json_mutations(draw, texts):
    """A saved text with one value replaced by a hostile one (or its record mutated)."""
    text = draw(st.sampled_from(texts))
    data = json.loads(text)
    paths = [p for p, _ in _paths(data)]
    path = draw(st.sampled_from(paths))
    old = data
    for key in path:
        old = old[key]
    if isinstance(old, str) and draw(st.booleans()):
        value = _apply(old, draw(MUTATIONS))
    else:
        value = draw(st.sampled_from(HOSTILE_VALUES))
    return json.dumps(_set(data, path, value), ensure_ascii=draw(st.booleans()))


@FUZZ
@given(st.one_of(st.builds(_apply, st.sampled_from(SAVES), MUTATIONS), json_mutations(SAVES)))
def test_mutated_saves_load_or_raise_save_errors(text):
    try:
        session = Session.from_json(text)
    except SaveError as exc:
        _one_line(exc)
        return
    _check_session(session)


@FUZZ
@given(st.one_of(st.builds(_apply, st.sampled_from(APP_SAVES), MUTATIONS), json_mutations(APP_SAVES)))
def test_mutated_app_saves_load_or_raise_save_errors(text):
    game_id_of(text)  # never raises
    try:
        saved = parse_game(text)
    except SaveError as exc:
        _one_line(exc)
        return
    _check_session(saved.session)
    assert parse_game(dump_game(saved)).session.to_json() == saved.session.to_json()


SETTINGS = json.dumps({"format": "senet-settings", "version": 1, "speed": "fast", "hints": True,
                       "meter": False, "highlight": True})


@FUZZ
@given(st.one_of(st.builds(_apply, st.just(STATS), MUTATIONS), json_mutations([STATS]),
                 st.builds(_apply, st.just(SETTINGS), MUTATIONS), json_mutations([SETTINGS])))
def test_mutated_statistics_and_settings_never_crash(text):
    stats = load_stats(text)  # anything malformed: empty statistics
    assert stats_rows(stats) == stats_rows(load_stats(json.dumps(stats)))
    for row in stats_rows(stats):
        assert all(type(n) is int and n >= 0 for n in row[2:])
    for parse in (parse_stats, parse_settings):
        try:
            parse(text)
        except SaveError as exc:
            _one_line(exc)


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_deeply_nested_json_is_refused_not_a_recursion_error(depth):
    deep = "[" * depth + "]" * depth
    wrapped = '{"format": "senet-save", "version": 1, "redo": ' + deep + "}"
    for text in (deep, wrapped, '{"format": "senet-stats", "results": {"x": ' + "{" * depth + "}" * depth + "}}"):
        for parse in (Session.from_json, parse_game, parse_settings, parse_stats):
            with pytest.raises(SaveError) as info:
                parse(text)
            _one_line(info.value)
        assert load_stats(text) == load_stats(None)
        assert game_id_of(text) is None


# -- the classes of the issue, one example each -----------------------------------------------

START = "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -"


@pytest.mark.parametrize("text", [
    "kendall wbwbwbwbwbwbwb................ b \u00b2 w=0/0,b=0/0 -",  # a superscript digit
    "kendall wbwbwbwbwbwbwb................ b \u0664 w=0/0,b=0/0 -",  # an Arabic-Indic digit
    "kendall wbwbwbwbwbwbwb................ b 04 w=0/0,b=0/0 -",  # a leading zero
    "kendall wbwbwbwbwbwbwb................ b - w=\uff13/2,b=0/0 -",  # fullwidth: not rewritten to 3
    "kendall wbwbwbwbwbwbwb................ b - w=" + "1" * 5000 + "/0,b=0/0 -",  # too long for int()
    START.replace(" -", " draw", 1)[:-2] + " draw",  # a draw flag on a position that plays on
    "tait w.b........................... b - w=4/0,b=4/0 -",  # Tait pieces on 1 and 3: unreachable
    START + "\nkendall",  # a second line
])
def test_positions_the_issue_found_are_refused(text):
    with pytest.raises(senet.PositionError) as info:
        senet.parse_position(text)
    _one_line(info.value)


def test_a_draw_flag_is_kept_where_no_side_can_ever_move(monkeypatch):
    """C6: the flag is written only when neither side can ever move again; such a
    position reads back (no legal position freezes under today's rules, so one is
    pretended), any other is refused."""
    text = START[:-1] + "draw"
    with pytest.raises(senet.PositionError, match="draw"):
        senet.parse_position(text)
    rules = senet.get_rules("kendall")
    monkeypatch.setattr(type(rules), "is_frozen", lambda self, state: True)
    assert senet.parse_position(text).position() == text


@pytest.mark.parametrize("move", ["\u00b2-5", "\u0663-5", "04-7", "4-0007", "1" * 5000 + "-3", "4-\n7"])
def test_moves_the_issue_found_are_refused(move):
    with pytest.raises(senet.MoveSyntaxError) as info:
        senet.parse_move(move)
    _one_line(info.value)


HEAD = "senet-record 1\nvariant kendall\nseed 7\n"


@pytest.mark.parametrize("text,line,fragment", [
    ("senet-record 1\nvariant kendall\nseed 1_000\n", 3, "seed"),
    ("senet-record 1\nvariant kendall\nseed \u0663\n", 3, "seed"),
    ("senet-record 1\nvariant kendall\nseed " + "9" * 101 + "\n", 3, "seed"),
    ("senet-record 1\nvariant kendall\nb 4 14-18\n", 1, "seed"),  # no seed line: no made-up seed 0
    (HEAD + "b \u0663 14-18\n", 4, "throw"),
    (HEAD + "b 04 14-18\n", 4, "throw"),
    (HEAD + "b \u00b2 14-18\n", 4, "throw"),
    (HEAD + "b 4 \u00b2-5\n", 4, "square"),
    (HEAD + "start kendall wbwbwbwbwbwbwb................ b 4 w=0/0,b=0/0 -\nb - 14-18\n", 4, "pending throw"),
    (HEAD + "start kendall wbwbwbwbwbwbwb................ b 4 w=0/0,b=0/0 -\nb 4 14-18\n", 4, "pending throw"),
    (HEAD + "b 4 14-18\nresult draw: nonsense\n", 5, "result"),
    (HEAD + "player 1 human A\u202eB\n", 4, "direction-override"),
    (HEAD + "b 4 14-18\u2028b 2 18-20\n", 4, "expected"),
    (HEAD + "b 4 14-18\nb 2 18-20\n\nw 9 1-2 \n\x0c", 7, "not a possible throw"),
])
def test_records_the_issue_found_are_refused_naming_the_line(text, line, fragment):
    with pytest.raises(senet.RecordError) as info:
        Game.from_record(text)
    _one_line(info.value)
    assert info.value.line == line and fragment in str(info.value), str(info.value)


def test_a_bom_and_crlf_are_accepted_and_a_drawn_result_names_its_reason():
    plain = HEAD + "b 4 14-18\nb 2 18-20\n"
    expected = Game.from_record(plain).state
    for text in ("\ufeff" + plain, plain.replace("\n", "\r\n"), "\ufeff" + plain.replace("\n", "\r")):
        assert Game.from_record(text).state == expected
    game = next(g for g in GAMES if g.result == "draw") if any(g.result == "draw" for g in GAMES) else None
    if game is not None:
        text = game.record_text()
        assert Game.from_record(text).result == "draw"
        with pytest.raises(senet.RecordError, match="result"):
            Game.from_record(text.replace(f"result draw: {DRAW_REASONS[game.draw_reason]}", "result draw: I say so"))


def test_a_game_cannot_start_with_a_pending_throw():
    start = senet.parse_position(START.replace(" b - ", " b 4 "))
    with pytest.raises(SenetError, match="pending throw"):
        Game("kendall", seed=1, start=start)


def _save_with(**changes) -> str:
    session = SESSIONS[0]
    data = json.loads(session.to_json())
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("changes,fragment", [
    ({"version": True}, "version"),
    ({"version": 1.0}, "version"),
    ({"redo": [["b 4 14-18", "b 4 14-18"]]}, "does not fit"),
    ({"redo": [[]]}, "redo"),
    ({"redo": [["b \u0663 14-18"]]}, "redo"),
])
def test_saves_the_issue_found_are_refused(changes, fragment):
    with pytest.raises(SaveError) as info:
        Session.from_json(_save_with(**changes))
    _one_line(info.value)
    assert fragment in str(info.value), str(info.value)


def test_control_and_override_characters_in_saved_names_are_cleaned_as_a_record_writes_them():
    seats = {"1": {"kind": "human", "name": "Ann\n\u202eLee"}, "2": {"kind": "expert", "name": "\x1b[31m"}}
    session = Session.from_json(_save_with(seats=seats))
    assert session.seats[1].name == "Ann  Lee" and session.seats[2].name == "[31m"
    with pytest.raises(SaveError):
        Seat("human", "A\u202eB")


def test_statistics_keep_only_whole_counts_of_known_rows():
    text = json.dumps({"format": "senet-stats", "version": 1, "results": {
        "kendall/expert": {"won": True, "lost": 2.0, "drawn": 3}, "chess/expert": {"won": 1}, "x": []}})
    assert load_stats(text)["results"] == {"kendall/expert": {"drawn": 3}}


# -- the command line ---------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["play", START.replace(" b - ", " b 4 "), "\u00b2-5"],
    ["play", START.replace(" b - ", " b 4 "), "1" * 5000 + "-5"],
    ["play", START.replace(" b - ", " b 4 "), "14-\n18"],
    ["moves", START.replace(" b - ", " b \u0663 ")],
    ["moves", START + "\nkendall\u202e"],
    ["moves", "tait w.b........................... b - w=4/0,b=4/0 -"],
    ["moves", START[:-1] + "draw"],
    ["moves", START.replace("w=0/0", "w=" + "9" * 5000 + "/0")],
    ["play", START, "14-18"],  # no throw yet
    ["moves"],
])
def test_the_command_line_exits_2_with_one_line_on_stderr(args):
    r = subprocess.run([sys.executable, "-m", "senet", *args], capture_output=True, text=True, cwd=ROOT,
                       encoding="utf-8", errors="replace", timeout=120)
    assert r.returncode == 2, r.stderr
    assert len(r.stderr.splitlines()) == 1 and r.stderr.endswith("\n"), r.stderr
    assert r.stdout == ""
