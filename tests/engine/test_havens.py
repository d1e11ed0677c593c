"""Havens: clauses V1-V8."""

from __future__ import annotations

import pytest
from positions import after, moves, position, where

import senet


def test_V1_start_position():
    assert senet.start("havens").position() == "havens wbwbwbwbwb.................... w - w=0/0,b=0/0 opening"


def test_V2_colour_draw_as_jequier():
    g = senet.Game("havens", seed=0)
    g.throw(2)
    g.throw(1)  # second seat throws the 1 and takes black
    assert g.seat_colours == {1: "w", 2: "b"}
    assert g.state.side == "b" and where(g.state, "b")[-1] == 11


@pytest.mark.parametrize("throw,again", [(1, True), (4, True), (5, True), (2, False), (3, False)])
def test_V3_extra_throws(throw, again):
    s = position("havens", white=[2], black=[20], side="w", throw=throw)
    assert (after(s, f"2-{2 + throw}").side == "w") is again


def test_V4_backward_onto_empty_only_else_lost():
    s = position("havens", white=[25], black=[23, 3], side="w", throw=2)
    assert moves(s) == {"pass"}  # 25-27 passes 26; 25-23 is occupied
    s2 = position("havens", white=[25], black=[3], side="w", throw=2)
    assert moves(s2) == {"25-23"}


def test_V5_lone_bump_pairs_protect_blockades_and_havens():
    s = position("havens", white=[5], black=[8], side="w", throw=3)
    assert where(after(s, "5-8"), "b") == [5]
    assert "5-8" not in moves(position("havens", white=[5, 1], black=[8, 9], side="w", throw=3))
    assert "3-8" not in moves(position("havens", white=[3], black=[5, 6, 7], side="w", throw=5))
    assert "24-26" not in moves(position("havens", white=[24, 2], black=[26], side="w", throw=2))


def test_V6_no_passing_26_and_27_sends_back():
    assert "24-28" not in moves(position("havens", white=[24, 1], black=[3], side="w", throw=4))
    s = position("havens", white=[26, 1], black=[2], side="w", throw=1)
    nxt = after(s, "26-27")
    assert where(nxt, "w") == [1, 3]


def test_V7_exact_landing_on_30_from_last_row():
    assert "26-off" in moves(position("havens", white=[26, 22], black=[3], side="w", throw=4))
    assert "26-off" not in moves(position("havens", white=[26, 12], black=[3], side="w", throw=4))
    # a 5 overshoots 30 from 26, and 22-27 would pass 26: only backward moves remain
    assert moves(position("havens", white=[26, 22], black=[3], side="w", throw=5)) == {"22-17", "26-21"}


def test_V7_no_move_past_30():
    s = position("havens", white=[28], black=[3], side="w", throw=5)
    assert moves(s) == {"28-23"}


def test_V8_penalty_score():
    s = position("havens", white=[30 - 1], black=[3, 12, 22, 27 - 1], side="w", throw=1)
    nxt = after(s, "29-off")
    assert nxt.winner == "w"
    assert senet.penalty(nxt, "b") == 3 + 2 + 1 + 0
