"""Jéquier: clauses J1-J10."""

from __future__ import annotations

import pytest
from positions import after, moves, position, where

import senet


def test_J1_start_position():
    s = senet.start("jequier")
    assert s.position() == "jequier wbwbwbwbwb.................... w - w=0/0,b=0/0 opening"


def test_J2_colour_draw_until_a_1():
    g = senet.Game("jequier", seed=0)
    g.throw(3)  # first seat, no effect
    assert g.state.opening and g.state.side == "b"
    g.throw(2)  # second seat
    assert g.state.opening and g.state.side == "w"
    g.throw(1)  # first seat takes black; black 10 -> 11; black throws again
    assert not g.state.opening
    assert g.seat_colours == {1: "b", 2: "w"}
    assert where(g.state, "b") == [2, 4, 6, 8, 11] and g.state.side == "b" and g.state.again
    assert g.state.throw is None
    assert g.record_text().splitlines()[4:7] == ["w 3 draw", "b 2 draw", "w 1 draw"]


def test_J2_moves_refused_during_the_draw():
    s = senet.start("jequier")
    with pytest.raises(senet.IllegalMove, match="throw"):
        s.apply("9-10")


@pytest.mark.parametrize("throw,again", [(1, True), (4, True), (6, True), (2, False), (3, False)])
def test_J3_extra_throws_and_six(throw, again):
    s = position("jequier", white=[2], black=[20], side="w", throw=throw)
    assert (after(s, f"2-{2 + throw}").side == "w") is again


def test_J4_blockade_protection_and_own_colour():
    s = position("jequier", white=[3, 12], black=[5, 6, 7, 15], side="w", throw=6)
    m = moves(s)
    assert "3-9" not in m  # passes 5, 6, 7
    assert "12-18" in m
    s2 = position("jequier", white=[3], black=[5, 6], side="w", throw=2)
    assert "3-5" not in moves(s2)
    with pytest.raises(senet.IllegalMove, match="blockade"):
        s.apply("3-9")


def test_J5_safe_squares_26_to_30():
    s = position("jequier", white=[24, 5], black=[26], side="w", throw=2)
    assert "24-26" not in moves(s)
    with pytest.raises(senet.IllegalMove, match="safe"):
        s.apply("24-26")


def test_J6_backward_onto_empty_only():
    s = position("jequier", white=[29, 5], black=[4, 6], side="w", throw=2)
    # forward: 29+2 > 30; 5+2=7 empty -> forward exists
    assert moves(s) == {"5-7"}
    back = position("jequier", white=[29, 24], black=[22, 27 - 1], side="w", throw=2)
    assert moves(back) == {"29-27"}  # 24-22 would land on a piece; 24+2=26 safe


def test_J7_bump_swaps():
    s = position("jequier", white=[5], black=[8], side="w", throw=3)
    nxt = after(s, "5-8")
    assert where(nxt, "w") == [8] and where(nxt, "b") == [5]


def test_J8_landing_on_27_goes_to_lowest_empty_square():
    s = position("jequier", white=[25, 1, 2], black=[3], side="w", throw=2)
    nxt = after(s, "25-27")
    assert where(nxt, "w") == [1, 2, 4]


def test_J9_landing_on_30_bears_off_only_from_last_row():
    s = position("jequier", white=[27 - 1, 22], black=[3], side="w", throw=4)
    assert "26-off" in moves(s)
    behind = position("jequier", white=[26, 12], black=[3], side="w", throw=4)
    assert "26-off" not in moves(behind)
    with pytest.raises(senet.IllegalMove, match="21-30"):
        behind.apply("26-off")
    assert "28-off" not in moves(position("jequier", white=[28], black=[3], side="w", throw=3))


def test_J10_five_off_wins():
    assert after(position("jequier", white=[29], black=[3], side="w", throw=1), "29-off").winner == "w"
