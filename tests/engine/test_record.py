"""Game records: export, replay, and clear errors naming the faulty line."""

from __future__ import annotations

import random

import pytest

import senet
from senet.game import Game


def play_random(variant: str, seed: int, actions: int | None = None) -> Game:
    rng = random.Random(seed)
    g = Game(variant, seed=seed)
    n = 0
    while not g.over and (actions is None or n < actions):
        pre = g.state.pre_throw_actions()
        if pre and rng.random() < 0.5:
            g.play(pre[0])
        else:
            g.throw()
            while not g.over and g.state.throw is not None:  # piccione: a throw in parts (P2)
                g.play(rng.choice(g.state.legal_actions()))
        n += 1
    return g


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_record_replays_to_same_position(variant):
    g = play_random(variant, 5)
    text = g.record_text()
    again = Game.from_record(text)
    assert again.state == g.state and again.result == g.result
    assert again.record_text() == text


def test_record_of_unfinished_game_with_pending_throw_and_generator_continues():
    g = play_random("kendall", 3, actions=25)
    g.throw()
    text = g.record_text()
    again = Game.from_record(text)
    assert again.state == g.state and again.state.throw is not None
    assert [again.generator.throw(5) for _ in range(10)] == [g.generator.throw(5) for _ in range(10)]


def test_record_example_from_docs():
    text = """senet-record 1
variant kendall
seed 7
b 4 14-18
b 2 18-20
w 3 13-16
"""
    g = Game.from_record(text)
    assert g.state.position() == "kendall wbwbwbwbwbwb...w...b.......... b - w=0/0,b=0/0 -"


@pytest.mark.parametrize("text,line,fragment", [
    ("hello\n", 1, "starts with"),
    ("senet-record 1\nvariant chess\n", 2, "unknown variant"),
    ("senet-record 1\nseed 3\n", 1, "variant"),
    ("senet-record 1\nvariant kendall\nseed x\n", 3, "whole number"),
    ("senet-record 1\nvariant kendall\nseed 0\nb 4 14-18\nb 2 2-4\n", 5, "own piece"),
    ("senet-record 1\nvariant kendall\nseed 0\nw 4 13-17\n", 4, "black's turn"),
    ("senet-record 1\nvariant kendall\nseed 0\nb 9 14-18\n", 4, "not a possible throw"),
    ("senet-record 1\nvariant kendall\nseed 0\nb 4 14-1x\n", 4, "not a move"),
    ("senet-record 1\nvariant kendall\nseed 0\nb 4\nb 2 18-20\n", 4, "only the last line"),
    ("senet-record 1\nvariant kendall\nseed 0\nb 4 14-18\nresult w\n", 5, "claims"),
    ("senet-record 1\nvariant jequier\nseed 0\nw 3 9-12\n", 4, "colour draw"),
    ("senet-record 1\nvariant kendall\nseed 0\nstart kendall nonsense\n", 4, "6 fields"),
    ("senet-record 1\nvariant kendall\nseed 0\nb 4 14-18 extra words\n", 4, "expected"),
])
def test_malformed_record_names_the_line(text, line, fragment):
    with pytest.raises(senet.RecordError) as info:
        Game.from_record(text)
    assert info.value.line == line, str(info.value)
    assert fragment in str(info.value)
    assert str(info.value).startswith(f"line {line}:")


def test_record_with_custom_start():
    start = senet.parse_position("thibault .b........................w... w - w=0/4,b=0/4 -")
    g = Game("thibault", seed=1, start=start)
    g.throw(1)
    assert g.state.legal_actions() == [senet.PASS]  # H8: drowning, a 1 moves nothing...
    g.play("pass")
    assert g.state.side == "w"  # ...but gives a throw again
    g.throw(4)
    g.play("27-off")
    assert g.result == "w"
    again = Game.from_record(g.record_text())
    assert again.state == g.state and "start thibault" in g.record_text()


# ---------------------------------------------------------------- who played ("player" lines)

DOC_EXAMPLE = "senet-record 1\nvariant kendall\nseed 7\nb 4 14-18\nb 2 18-20\nw 3 13-16\n"


@pytest.mark.parametrize("variant", ["kendall", "jequier"])
def test_player_lines_round_trip(variant):
    g = play_random(variant, 8, actions=30)
    players = {1: ("human", "Ann  Lee-Ñandú 鳥 🦅"), 2: ("expert", "")}
    text = g.record_text(players)
    lines = text.splitlines()
    assert lines[4:6] == ["player 1 human Ann  Lee-Ñandú 鳥 🦅", "player 2 expert"]
    again = Game.from_record(text)
    assert again.players == players
    assert again.state == g.state and again.entries == g.entries
    assert again.record_text() == text  # the players it read are written back
    assert again.record_text(players={}) == g.record_text()  # ...and can be left out


def test_a_record_without_player_lines_loads_as_before():
    g = Game.from_record(DOC_EXAMPLE)
    assert g.players == {}
    assert g.record_text() == DOC_EXAMPLE
    named = Game.from_record(DOC_EXAMPLE.replace("seed 7\n", "seed 7\nplayer 2 novice\n"))
    assert named.state == g.state and named.generator.count == g.generator.count
    assert named.players == {2: ("novice", "")}


def test_player_lines_go_anywhere_among_the_headers():
    text = "senet-record 1\nplayer 2 Average Bo\nvariant kendall\n\n# a comment\nplayer 1 human Ann\nseed 7\n"
    g = Game.from_record(text + "b 4 14-18\n")
    assert g.players == {1: ("human", "Ann"), 2: ("average", "Bo")}
    assert g.seed == 7 and g.state.side == "b"


def test_a_name_of_forty_characters_is_the_longest():
    forty = "é" * 40
    g = Game.from_record(f"senet-record 1\nvariant tait\nseed 1\nplayer 1 human {forty}\n")
    assert g.players[1] == ("human", forty)


@pytest.mark.parametrize("line,fragment", [
    ("player", "expected 'player SEAT KIND NAME'"),
    ("player 1", "expected 'player SEAT KIND NAME'"),
    ("player 3 human Ann", "seat of a player is 1 or 2, not '3'"),
    ("player one human Ann", "seat of a player is 1 or 2"),
    ("player 1 wizard Ann", "unknown player kind 'wizard'"),
    ("player 1 human " + "x" * 41, "at most 40 characters, this one has 41"),
    ("player 1 human Ann\tLee", "control characters (found U+0009)"),
    ("player 2 expert Bo\x07", "control characters (found U+0007)"),
    ("player 2 expert \x1b[31mRed", "control characters (found U+001B)"),
    ("player 1 human A\x00B", "control characters (found U+0000)"),
    ("player 1 human A\x9bB", "control characters (found U+009B)"),
])
def test_a_malformed_player_line_is_refused_naming_it(line, fragment):
    text = f"senet-record 1\nvariant kendall\nseed 7\n{line}\nb 4 14-18\n"
    with pytest.raises(senet.RecordError) as info:
        Game.from_record(text)
    assert info.value.line == 4, str(info.value)
    assert fragment in str(info.value) and str(info.value).startswith("line 4:")


def test_a_player_given_twice_or_after_the_first_throw_is_refused():
    with pytest.raises(senet.RecordError, match="line 5: 'player 1' is given twice"):
        Game.from_record("senet-record 1\nvariant kendall\nplayer 1 human Ann\nplayer 2 expert\nplayer 1 human Bo\nseed 1\n")
    with pytest.raises(senet.RecordError, match="line 5: a 'player' line belongs with the header"):
        Game.from_record("senet-record 1\nvariant kendall\nseed 1\nb 4 14-18\nplayer 1 human Ann\n")


def test_writing_never_makes_an_unreadable_record():
    """A name with control characters or too long (from an old save or a URL) is cleaned
    when written: control characters become spaces and the name is cut at 40."""
    g = play_random("thibault", 2, actions=10)
    text = g.record_text({1: ("human", " Ann\nLee\t\x07 "), 2: ("average", "B" * 60), 3: ("human", "x")})
    again = Game.from_record(text)
    assert again.players == {1: ("human", "Ann Lee"), 2: ("average", "B" * 40)}
    assert "\nplayer 3" not in text
    assert Game.from_record(g.record_text({1: ("wizard", "Ann")})).players == {}  # an unknown kind is left out


@pytest.mark.parametrize("variant", ["kendall", "bell", "havens"])
def test_the_kept_record_lines_follow_every_play_undo_redo_and_replay(variant):
    """Game keeps its record's lines joined between saves (_entries_text): after any
    sequence of throws, moves, undos, redos and a replay's cut-down copy, the record is
    what joining every line again gives."""
    from senet.session import Seat, Session

    rng = random.Random(5)
    session = Session(variant, {1: Seat("human"), 2: Seat("human")}, seed=11)
    game = session.game
    checked = 0
    for _ in range(400):
        roll = rng.random()
        if roll < 0.15 and session.can_undo:
            session.undo()
        elif roll < 0.25 and session.can_redo:
            session.redo()
        elif session.game.over:
            break
        elif session.state.throw is None:
            session.throw()
        else:
            legal = session.state.legal_actions()
            session.play(legal[rng.randrange(len(legal))])
        game = session.game
        assert game._entries_text() == "\n".join(e.text() for e in game.entries)
        assert game._entries_text() == "\n".join(e.text() for e in game.entries)  # the kept text, again
        checked += 1
    assert checked > 100
    # a replay's copy: the same Entry objects in a new, shorter list
    cut = list(game.entries[: len(game.entries) // 2])
    game.entries = cut
    assert game._entries_text() == "\n".join(e.text() for e in cut)
