"""Position and move notation, and the command line."""

from __future__ import annotations

import subprocess
import sys

import pytest

import senet

GOOD = [
    "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -",
    "kendall wbwbwbwbwbwbwb................ b 5 w=0/0,b=0/0 -",
    "jequier wbwbwbwbwb.................... w - w=0/0,b=0/0 opening",
    "tait ...w.b........................ w 6 w=4/0,b=4/0 again",
    "bell w...........b.........b.....w. b 2 w=8/0,b=8/0 odd=w",
    "thibault ..........................w... w - w=0/4,b=0/5 -",
    "havens .........bw......w.b.......... b 5 w=0/3,b=0/3 again",
]


@pytest.mark.parametrize("text", GOOD)
def test_position_round_trip(text):
    state = senet.parse_position(text)
    assert state.position() == text


@pytest.mark.parametrize("text,fragment", [
    ("chess wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -", "unknown variant"),
    ("kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0", "6 fields"),
    ("kendall wbwbwbwbwbwbwb............... b - w=0/0,b=0/0 -", "30 characters"),
    ("kendall wbwbwbwbwbwbwx................ b - w=0/0,b=0/0 -", "30 characters"),
    ("kendall wbwbwbwbwbwbwb................ x - w=0/0,b=0/0 -", "side to act"),
    ("kendall wbwbwbwbwbwbwb................ b 6 w=0/0,b=0/0 -", "throw"),
    ("jequier wbwbwbwbwb.................... b 5 w=0/0,b=0/0 -", "throw"),
    ("kendall wbwbwbwbwbwbwb................ b - w=0/0 -", "off-board"),
    ("kendall wbwbwbwbwbwbwb................ b - w=0/1,b=0/0 -", "white has 8 pieces"),
    ("kendall wbwbwbwbwbwbw................. b - w=0/0,b=0/0 -", "black has 6 pieces"),
    ("kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 odd=w", "unknown flag"),
    ("kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 again,again", "twice"),
    ("kendall wbwbwbwbwbwbw.................. b - w=1/0,b=0/0 -", "30 characters"),
    ("jequier wbwbwbwbwb................w... b - w=0/0,b=0/0 -", "white has 6"),
    ("jequier .bwbwbwbwb................w... b - w=0/0,b=0/0 -", "square 27"),
    ("bell b............................. b - w=10/0,b=9/0 -", "odd="),
    ("jequier wbwbwbwbwb.................... b 2 w=0/0,b=0/0 opening", "opening"),
])
def test_malformed_positions_are_rejected_with_reason(text, fragment):
    with pytest.raises(senet.PositionError, match=fragment):
        senet.parse_position(text)


@pytest.mark.parametrize("text,move", [
    ("14-17", senet.Move(14, 17)), ("28-off", senet.Move(28, senet.OFF)),
    ("in-4", senet.Move(senet.SUPPLY, 4)), ("rescue", senet.RESCUE), ("pass", senet.PASS),
])
def test_move_notation_round_trip(text, move):
    assert senet.parse_move(text) == move and str(move) == text


@pytest.mark.parametrize("bad", ["", "14", "14-", "-17", "0-3", "3-31", "a-b", "in-off", "5-5", "14-17-20", "014-17"])
def test_malformed_moves(bad):
    with pytest.raises(senet.MoveSyntaxError):
        senet.parse_move(bad)


def run(*args):
    return subprocess.run([sys.executable, "-m", "senet", *args], capture_output=True, text=True, timeout=60)


def test_cli_moves_lists_legal_actions():
    r = run("moves", "kendall wbwbwbwbwbwbwb................ b 4 w=0/0,b=0/0 -")
    assert r.returncode == 0 and r.stdout.split() == ["12-16", "14-18"]


def test_cli_moves_pass_and_rescue():
    r = run("moves", "kendall w.....................b...b... b 2 w=0/6,b=0/5 -")
    assert r.stdout.split() == ["pass"]
    r = run("moves", "kendall w.....................b...b... b - w=0/6,b=0/5 -")
    assert r.stdout.split() == ["rescue"]
    r = run("moves", "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -")
    assert r.returncode == 0 and r.stdout == ""


def test_cli_play_prints_position_and_winner():
    r = run("play", "kendall wbwbwbwbwbwbwb................ b 4 w=0/0,b=0/0 -", "14-18")
    assert r.returncode == 0
    assert r.stdout == "kendall wbwbwbwbwbwbw....b............ b - w=0/0,b=0/0 again\n"
    r = run("play", "kendall w............................b b 3 w=0/6,b=0/6 -", "30-off")
    assert r.stdout.splitlines() == ["kendall w............................. w - w=0/6,b=0/7 -", "winner b"]


def test_cli_play_reports_draw(monkeypatch, capsys):
    # This Bell position was frozen under the first reading of B6 (every piece on an own
    # goal square home), and the pass drew the game (C6). Under the chain rule white's 3
    # is stuck below its lowest open goal (20), but black (home on 1 only) may hit it
    # with a 2 or a 4 (B7): no legal position of any rule set freezes now, so the "draw"
    # line is shown with a Bell whose pieces never move.
    pos = "bell bwwwbwbwbwbwbwbwbwbb.......... w 1 w=0/0,b=0/0 odd=b"
    assert senet.parse_position(pos).legal_actions() == [senet.PASS]  # white: all stuck
    assert [str(m) for m in senet.parse_position(pos.replace(" w 1 ", " b 2 ")).legal_actions()] == ["5-3"]
    r = run("play", pos, "pass")
    assert r.returncode == 0 and r.stdout.splitlines() == ["bell bwwwbwbwbwbwbwbwbwbb.......... b - w=0/0,b=0/0 odd=b"]
    from senet.commands.cli import main
    from senet.variants.bell import Bell

    monkeypatch.setattr(Bell, "moves", lambda self, state: [])
    assert main(["play", pos, "pass"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "draw"


@pytest.mark.parametrize("args,fragment", [
    (("moves", "nonsense"), "6 fields"),
    (("play", "kendall wbwbwbwbwbwbwb................ b 4 w=0/0,b=0/0 -", "2-6"), "own piece"),
    (("play", "kendall wbwbwbwbwbwbwb................ b 4 w=0/0,b=0/0 -", "2-x"), "not a move"),
    (("play", "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -", "14-18"), "throw the sticks first"),
    (("frobnicate",), "usage"),
    ((), "usage"),
])
def test_cli_bad_input_exits_2_with_one_line(args, fragment):
    r = run(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in r.stderr
