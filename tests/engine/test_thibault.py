"""Thibault: clauses H1-H9."""

from __future__ import annotations

import pytest
from positions import after, moves, position, where

import senet


def test_H1_start_white_first_five_each():
    s = senet.start("thibault")
    assert s.position() == "thibault wbwbwbwbwb.................... w - w=0/0,b=0/0 -"
    assert dict(s.chance_outcomes())[5] == 1  # one way in OUT_OF = 16


@pytest.mark.parametrize("throw,again", [(1, True), (4, True), (5, True), (2, False), (3, False)])
def test_H2_extra_throws(throw, again):
    s = position("thibault", white=[10], black=[1], side="w", throw=throw)
    assert (after(s, f"10-{10 + throw}").side == "w") is again


def test_H3_backward_only_without_forward_then_lost():
    s = position("thibault", white=[25], black=[1], side="w", throw=3)
    assert moves(s) == {"25-22"}
    stuck = position("thibault", white=[29], black=[1], side="w", throw=3)
    assert moves(stuck) == {"pass"}


def test_H4_swap_in_either_direction_unless_pair_protects():
    s = position("thibault", white=[5], black=[8], side="w", throw=3)
    nxt = after(s, "5-8")
    assert where(nxt, "w") == [8] and where(nxt, "b") == [5]
    pair = position("thibault", white=[5], black=[8, 9], side="w", throw=3)
    assert "5-8" not in moves(pair)
    back = position("thibault", white=[25], black=[22], side="w", throw=3)
    nxt = after(back, "25-22")
    assert where(nxt, "b") == [25]


def test_H4_no_protection_on_28_to_30_or_while_owner_drowns():
    s = position("thibault", white=[26], black=[29, 30], side="w", throw=3)
    nxt = after(s, "26-29")
    assert where(nxt, "b") == [27, 30]  # H7: dropped into the water
    drowning = position("thibault", white=[10], black=[27, 13, 14], side="w", throw=3)
    assert "10-13" in moves(drowning)


def test_H5_no_passing_26_and_moves_from_26():
    assert "24-27" not in moves(position("thibault", white=[24, 1], black=[2], side="w", throw=3))
    for throw, exp in ((5, "26-off"), (2, "26-28"), (3, "26-29"), (4, "26-30")):
        assert exp in moves(position("thibault", white=[26], black=[2], side="w", throw=throw))


def test_H5_26_to_27_only_without_other_forward_action():
    s = position("thibault", white=[26, 5], black=[2], side="w", throw=1)
    assert moves(s) == {"5-6"}
    alone = position("thibault", white=[26], black=[2], side="w", throw=1)
    assert moves(alone) == {"26-27"}


@pytest.mark.parametrize("square,throw", [(28, 3), (29, 2), (30, 1)])
def test_H6_bear_off_exactly(square, throw):
    assert f"{square}-off" in moves(position("thibault", white=[square], black=[2], side="w", throw=throw))
    wrong = 3 if throw != 3 else 2
    assert moves(position("thibault", white=[square], black=[2], side="w", throw=wrong)) == {"pass"}


def test_H7_attacked_piece_drops_in_water_and_previous_drowner_goes_to_15():
    s = position("thibault", white=[26], black=[27, 28], side="w", throw=2)
    nxt = after(s, "26-28")
    assert where(nxt, "b") == [15, 27] and where(nxt, "w") == [28]
    s2 = position("thibault", white=[26, 15, 14], black=[27, 28], side="w", throw=2)
    assert where(after(s2, "26-28"), "b") == [13, 27]


def test_H8_drowning_rules():
    s = position("thibault", white=[27, 5], black=[2], side="w", throw=4)
    assert moves(s) == {"27-off"}
    for throw, keeps in ((1, True), (5, True), (2, False), (3, False)):
        st = position("thibault", white=[27, 5], black=[2], side="w", throw=throw)
        assert moves(st) == {"pass"}
        assert (after(st, "pass").side == "w") is keeps


def test_H8_rescue_to_15_or_below_not_on_extra_throw():
    s = position("thibault", white=[27, 15], black=[14], side="w")
    assert moves(s) == {"rescue"}
    assert where(after(s, "rescue"), "w") == [13, 15]
    assert moves(position("thibault", white=[27], black=[14], side="w", flags="again")) == set()


def test_H8_landing_on_drowning_piece_swaps_it_out():
    s = position("thibault", white=[26], black=[27], side="w", throw=1)
    nxt = after(s, "26-27")
    assert where(nxt, "b") == [26] and where(nxt, "w") == [27]


def test_H9_all_five_off_wins():
    s = position("thibault", white=[30], black=[2], side="w", throw=1)
    assert after(s, "30-off").winner == "w"
