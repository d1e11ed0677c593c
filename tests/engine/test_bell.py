"""Bell: clauses B1-B8."""

from __future__ import annotations

import pytest
from positions import after, moves, position, where

import senet


def test_B1_ten_in_supply_black_first_no_extra_throws():
    s = senet.start("bell")
    assert s.position() == "bell .............................. b - w=10/0,b=10/0 -"
    nxt = after(s.with_throw(1), "in-30")
    assert nxt.side == "w"


def test_B2_pieces_travel_towards_square_1():
    s = position("bell", white=[20], black=[30], side="w", throw=3, supply=(9, 9))
    assert "20-17" in moves(s) and "20-23" not in moves(s)


@pytest.mark.parametrize("throw", [1, 2, 3, 4, 5])
def test_B3_enter_on_31_minus_throw_if_empty(throw):
    s = senet.start("bell").with_throw(throw)
    assert moves(s) == {f"in-{31 - throw}"}
    blocked = position("bell", white=[31 - throw], side="b", throw=throw, supply=(9, 10))
    assert f"in-{31 - throw}" not in moves(blocked)


def test_B4_bump_to_supply_but_not_on_26_to_30():
    s = position("bell", white=[20], black=[23], side="b", throw=3, supply=(9, 9))
    nxt = after(s, "23-20")
    assert where(nxt, "w") == [] and nxt.supply == (10, 9)
    assert "30-27" not in moves(position("bell", white=[27], black=[30], side="b", throw=3, supply=(9, 9)))


def test_B5_first_to_square_1_owns_the_odd_squares():
    s = position("bell", white=[3], black=[25], side="w", throw=2, supply=(9, 9))
    nxt = after(s, "3-1")
    assert nxt.odd == "w" and "odd=w" in nxt.flags


def test_B6_home_pieces_never_move_cannot_be_hit_but_can_be_passed():
    s = position("bell", white=[1, 5], black=[8, 12], side="w", throw=3, supply=(8, 8), flags="odd=w")
    assert not any(m.startswith("5-") for m in moves(s))
    s2 = position("bell", white=[1, 10], black=[8, 12], side="w", throw=2, supply=(8, 8), flags="odd=w")
    assert "10-8" not in moves(s2)  # black is home on 8
    s3 = position("bell", white=[1, 12], black=[8, 10], side="w", throw=5, supply=(8, 8), flags="odd=w")
    assert "12-7" in moves(s3)  # passes over black's home pieces on 8 and 10


def test_B7_no_landing_below_lowest_free_goal():
    # white owns the odd squares and has 1 and 3: its lowest free goal square is 5
    s2 = position("bell", white=[1, 3, 8], black=[12, 14], side="w", throw=4, supply=(7, 8), flags="odd=w")
    assert "8-4" not in moves(s2)  # 4 < 5
    assert "8-5" in moves(s2.replace(throw=3))


def test_B7_may_capture_a_stray_on_its_own_goal_square():
    s = position("bell", white=[1, 8], black=[3, 12], side="w", throw=5, supply=(8, 8), flags="odd=w")
    nxt = after(s, "8-3")
    assert where(nxt, "w") == [1, 3] and nxt.supply == (8, 9)


def test_B8_all_ten_home_wins():
    white = [1, 3, 5, 7, 9, 11, 13, 15, 17, 21]
    s = position("bell", white=white, black=[2, 4], side="w", throw=2, supply=(0, 8), flags="odd=w")
    nxt = after(s, "21-19")
    assert nxt.winner == "w"
