"""Kendall's house rules: clauses KO1-KO4, written kendall+five+start+trap+homerow."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest
from positions import moves, position, where

import senet
from senet import turns
from senet.describe import describe
from senet.game import Game

ALL = "kendall+five+start+trap+homerow"


def test_KO1_five_pieces_each_and_five_borne_off_win():
    s = senet.start("kendall+five")
    assert s.position() == "kendall+five wbwbwbwbwb.................... b - w=0/0,b=0/0 -"
    assert where(s, "w") == [1, 3, 5, 7, 9] and where(s, "b") == [2, 4, 6, 8, 10] and s.side == "b"
    last = position("kendall+five", white=[30], black=[20], side="w", throw=2)
    assert last.off == (4, 4) and last.apply("30-off").winner == "w"
    with pytest.raises(senet.PositionError, match="uses 5"):
        senet.parse_position("kendall+five wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -")


def test_KO2_no_piece_moves_before_the_sides_first_1():
    s = senet.start("kendall+start")
    for t in (2, 3, 4, 5):
        thrown = s.apply(t)
        assert thrown.legal_actions() == [senet.PASS]  # lost, the turn passes (C4)
        assert thrown.apply("pass").side == "w"
        with pytest.raises(senet.IllegalMove, match="first throw of 1"):
            thrown.apply("14-" + str(14 + t))
    one = s.apply(1)
    assert "14-15" in moves(one)  # the first 1 is used as usual
    nxt = one.apply("14-15")
    assert nxt.flag("began") == "b" and nxt.side == "b"  # K2: a 1 throws again
    assert "13-15" not in moves(nxt._replace(side="w", throw=2, again=False))  # white has not begun
    both = position("kendall+start", white=[1, 3, 5, 7, 9, 11, 13], black=[2, 4, 6, 8, 10, 12, 15],
                    side="w", throw=1, flags="began=b").apply("13-14")
    assert both.flag("began") == "wb"


def test_KO2_a_lost_first_1_still_counts():
    # black's only moves with a 1 are blocked: the 1 is lost, but black has begun
    s = position("kendall+start", white=[1, 2, 4, 5, 7, 8], black=[3, 6], side="b", throw=1)
    assert s.legal_actions() == [senet.PASS]
    assert s.apply("pass").flag("began") == "b"


def test_KO3_a_piece_that_may_not_pass_26_may_go_into_the_empty_water():
    s = position("kendall+trap", white=[24], black=[10], side="w", throw=4)
    assert moves(s) == {"24-27"}  # 24 + 4 passes 26 (K6): into the water instead
    nxt = s.apply("24-27")
    assert nxt.side == "b" and where(nxt, "w") == [27]  # K9: the turn ends at once
    assert describe(s, senet.parse_move("24-27"), nxt) == [
        "white moves from 24 to 27", "white's piece falls into the water"]
    plain = position("kendall", white=[24], black=[10], side="w", throw=4)
    assert moves(plain) == {"24-20"}  # without the option: backward (K4)
    full = position("kendall+trap", white=[24], black=[10, 27], side="w", throw=4)
    assert moves(full) == {"24-20"}  # 27 taken: no trap move
    with pytest.raises(senet.IllegalMove, match="only when 27 is empty"):
        full.apply("24-27")


def test_KO3_the_trap_move_is_forward_so_no_backward_move_with_it():
    s = position("kendall+trap", white=[24, 12], black=[13, 10], side="w", throw=4)
    assert moves(s) == {"24-27", "12-16"}
    s = position("kendall+trap", white=[25], black=[21, 10], side="w", throw=4)
    assert moves(s) == {"25-27"}
    with pytest.raises(senet.IllegalMove, match="forward"):
        s.apply("25-21")


def test_KO4_no_bearing_off_while_a_piece_stands_on_1_to_10():
    s = position("kendall+homerow", white=[30, 9], black=[20], side="w", throw=3)
    assert "30-off" not in moves(s) and moves(s) == {"9-12"}
    with pytest.raises(senet.IllegalMove, match="KO4"):
        s.apply("30-off")
    free = position("kendall+homerow", white=[30, 11], black=[20], side="w", throw=3)
    assert "30-off" in moves(free)
    water = position("kendall+homerow", white=[27, 5], black=[20], side="w", throw=4)
    assert water.legal_actions() == [senet.PASS]  # K9's bearing off on a 4 waits too


def test_KO_all_options_together_play_and_replay():
    game = Game(ALL, seed=5)
    rng = random.Random(5)
    turns.play(game, lambda st: rng.choice(st.legal_actions()))
    assert game.result in ("w", "b")
    text = game.record_text()
    assert f"variant {ALL}" in text
    assert Game.from_record(text).state == game.state


@pytest.mark.parametrize("name,fragment", [
    ("kendall+trap+five", r"in the order five\+start\+trap\+homerow"),
    ("kendall+fast", "unknown Kendall option 'fast'"),
    ("kendall+five+five", "given twice"),
    ("kendall+", "unknown Kendall option ''"),
    ("jequier+five", "only kendall has house rules"),
    ("tait+trap", "only kendall has house rules"),
])
def test_KO_options_out_of_order_unknown_or_on_another_rule_set_are_refused(name, fragment):
    with pytest.raises(senet.PositionError, match=fragment):
        senet.get_rules(name)
    with pytest.raises(senet.PositionError, match=fragment):
        senet.parse_position(f"{name} wbwbwbwbwb.................... b - w=0/0,b=0/0 -")
    with pytest.raises(senet.RecordError, match=fragment):
        Game.from_record(f"senet-record 1\nvariant {name}\nseed 1\n")
    r = subprocess.run([sys.executable, "-m", "senet", "moves",
                        f"{name} wbwbwbwbwb.................... b 1 w=0/0,b=0/0 -"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1
    assert re.search(fragment, r.stderr) and "Traceback" not in r.stderr


def test_KO_the_began_flag_belongs_to_the_start_option_only():
    with pytest.raises(senet.PositionError, match="unknown flag"):
        senet.parse_position("kendall+five wbwbwbwbwb.................... b - w=0/0,b=0/0 began=b")
    s = senet.parse_position("kendall+start wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 began=wb")
    assert s.position().endswith("began=wb")
