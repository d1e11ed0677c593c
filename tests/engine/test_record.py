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
            if not g.over and g.state.throw is not None:
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
    ("senet-record 1\nvariant kendall\nb 4 14-18\nb 2 2-4\n", 4, "own piece"),
    ("senet-record 1\nvariant kendall\nw 4 13-17\n", 3, "black's turn"),
    ("senet-record 1\nvariant kendall\nb 9 14-18\n", 3, "not a possible throw"),
    ("senet-record 1\nvariant kendall\nb 4 14-1x\n", 3, "not a move"),
    ("senet-record 1\nvariant kendall\nb 4\nb 2 18-20\n", 3, "only the last line"),
    ("senet-record 1\nvariant kendall\nb 4 14-18\nresult w\n", 4, "claims"),
    ("senet-record 1\nvariant jequier\nw 3 9-12\n", 3, "colour draw"),
    ("senet-record 1\nvariant kendall\nstart kendall nonsense\n", 3, "6 fields"),
    ("senet-record 1\nvariant kendall\nb 4 14-18 extra words\n", 3, "expected"),
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
