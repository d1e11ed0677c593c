"""Kendall: clauses K1-K13."""

from __future__ import annotations

import pytest
from positions import after, moves, position, where

import senet

START = "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -"


def test_K1_start_position_and_black_first():
    s = senet.start("kendall")
    assert s.position() == START
    assert where(s, "w") == [1, 3, 5, 7, 9, 11, 13] and where(s, "b") == [2, 4, 6, 8, 10, 12, 14]
    assert s.side == "b" and s.is_chance


@pytest.mark.parametrize("throw,again", [(1, True), (4, True), (5, True), (2, False), (3, False)])
def test_K2_extra_throw_after_1_4_5(throw, again):
    s = position("kendall", white=[1, 2, 3, 4, 5, 6, 7], black=[10], side="b", throw=throw)
    nxt = s.apply(f"10-{10 + throw}")
    assert (nxt.side == "b") is again
    assert ("again" in nxt.flags) is again


def test_K3_may_hit_isolated_but_not_protected_or_own():
    s = position("kendall", white=[5, 12, 13], black=[2, 9, 16, 20], side="b", throw=3)
    m = moves(s)
    assert "2-5" in m  # isolated white piece
    assert "9-12" not in m  # protected by 13
    assert "16-19" in m  # empty


def test_K3_illegal_onto_own_colour_has_readable_reason():
    s = position("kendall", white=[5, 12, 13], black=[2, 9, 11, 16], side="b", throw=2)
    with pytest.raises(senet.IllegalMove, match="square 11 holds your own piece"):
        s.apply("9-11")
    with pytest.raises(senet.IllegalMove, match="protected"):
        position("kendall", white=[5, 12, 13], black=[2, 9, 16], side="b", throw=3).apply("9-12")


def test_K4_backward_only_when_no_forward():
    # black's only piece on 25 with a 2 cannot pass 26 (K6): it must go back to 23
    s = position("kendall", white=[1], black=[25], side="b", throw=2)
    assert moves(s) == {"25-23"}
    with pytest.raises(senet.IllegalMove, match="forward"):
        position("kendall", white=[1], black=[20], side="b", throw=2).apply("20-18")


def test_K4_backward_not_below_square_1():
    s = position("kendall", white=[5, 6], black=[2, 25], side="b", throw=3)
    assert moves(s) == {"25-22"}


def test_K5_bump_swaps_forward_and_backward():
    s = position("kendall", white=[12], black=[9], side="b", throw=3)
    nxt = after(s, "9-12")
    assert where(nxt, "b") == [12] and where(nxt, "w") == [9]
    back = position("kendall", white=[22, 1], black=[25], side="b", throw=3)
    nxt = after(back, "25-22")
    assert where(nxt, "b") == [22] and 25 in where(nxt, "w")


def test_K6_no_piece_passes_26():
    s = position("kendall", white=[1], black=[24, 2], side="b", throw=3)
    assert "24-27" not in moves(s)
    assert moves(position("kendall", white=[1], black=[24], side="b", throw=2)) == {"24-26"}
    with pytest.raises(senet.IllegalMove, match="past square 26"):
        position("kendall", white=[1], black=[24, 2], side="b", throw=3).apply("24-27")


@pytest.mark.parametrize("throw,expected", [(1, "26-27"), (2, "26-28"), (3, "26-29"), (4, "26-30"), (5, "26-off")])
def test_K6_moves_from_26(throw, expected):
    s = position("kendall", white=[1], black=[26], side="b", throw=throw)
    assert expected in moves(s)


@pytest.mark.parametrize("square,throw", [(28, 3), (29, 2)])
def test_K7_exact_bear_off(square, throw):
    s = position("kendall", white=[1], black=[square, 5], side="b", throw=throw)
    assert f"{square}-off" in moves(s)
    wrong = position("kendall", white=[1], black=[square, 5], side="b", throw=1)
    assert f"{square}-off" not in moves(wrong) and moves(wrong) == {"5-6"}


@pytest.mark.parametrize("throw", [1, 2, 3, 4, 5])
def test_K7_piece_on_30_bears_off_on_any_throw(throw):
    assert "30-off" in moves(position("kendall", white=[1], black=[30], side="b", throw=throw))


def test_K8_piece_on_28_falls_into_water_when_nothing_else():
    s = position("kendall", white=[1], black=[28], side="b", throw=1)
    assert moves(s) == {"28-27"}
    nxt = after(s, "28-27")
    assert where(nxt, "b") == [27] and nxt.side == "w"  # falling ends the turn (K9)


def test_K8_side_chooses_between_28_and_29_and_swaps_with_opponent_on_27():
    s = position("kendall", white=[27], black=[28, 29], side="b", throw=1)
    assert moves(s) == {"28-27", "29-27"}
    nxt = after(s, "29-27")
    assert where(nxt, "w") == [29] and where(nxt, "b") == [27, 28]


def test_K9_landing_on_27_ends_turn_even_on_a_1():
    s = position("kendall", white=[1], black=[26], side="b", throw=1)
    nxt = after(s, "26-27")
    assert nxt.side == "w" and not nxt.again


def test_K9_piece_in_water_blocks_other_moves_and_bears_off_on_4():
    s = position("kendall", white=[1], black=[27, 5], side="b", throw=2)
    assert moves(s) == {"pass"}
    with pytest.raises(senet.IllegalMove, match="water"):
        s.apply("5-7")
    four = position("kendall", white=[1], black=[27, 5], side="b", throw=4)
    assert moves(four) == {"27-off"}
    nxt = after(four, "27-off")
    assert nxt.side == "b" and nxt.off[1] == 6  # K2 gives another throw


def test_K9_rescue_at_start_of_turn_only_if_15_empty():
    s = position("kendall", white=[1], black=[27, 5], side="b")
    assert moves(s) == {"rescue"}
    nxt = after(s, "rescue")
    assert where(nxt, "b") == [5, 15] and nxt.side == "w"
    blocked = position("kendall", white=[15], black=[27, 5], side="b")
    assert moves(blocked) == set()
    with pytest.raises(senet.IllegalMove, match="15 is occupied"):
        blocked.apply("rescue")
    extra = position("kendall", white=[1], black=[27, 5], side="b", flags="again")
    assert moves(extra) == set()
    with pytest.raises(senet.IllegalMove, match="extra throw"):
        extra.apply("rescue")


def test_K10_piece_on_27_is_not_protected_and_does_not_protect():
    s = position("kendall", white=[27, 28], black=[26], side="b", throw=2)
    # white 28 has white neighbour 27, which does not protect: K12 sends it... 27 is occupied -> to 26
    nxt = after(s, "26-28")
    assert where(nxt, "b") == [28] and where(nxt, "w") == [26, 27]
    s2 = position("kendall", white=[27, 26], black=[24], side="b", throw=2)
    assert "24-26" in moves(s2)  # 27 does not protect 26


def test_K11_landing_on_27_swaps_the_drowning_piece_out():
    s = position("kendall", white=[27], black=[26], side="b", throw=1)
    nxt = after(s, "26-27")
    assert where(nxt, "w") == [26] and where(nxt, "b") == [27]


@pytest.mark.parametrize("target", [28, 29, 30])
def test_K12_hit_on_28_to_30_goes_to_water(target):
    s = position("kendall", white=[target], black=[26], side="b", throw=target - 26)
    nxt = after(s, f"26-{target}")
    assert where(nxt, "w") == [27] and where(nxt, "b") == [target]


def test_K12_hit_on_29_goes_to_water():
    s = position("kendall", white=[29, 2], black=[26], side="b", throw=3)
    nxt = after(s, "26-29")
    assert where(nxt, "w") == [2, 27]


def test_K12_goes_to_26_when_water_is_occupied():
    s = position("kendall", white=[26], black=[29, 27], side="w", throw=3)
    nxt = after(s, "26-29")
    assert where(nxt, "b") == [26, 27] and where(nxt, "w") == [29]


def test_K13_first_to_bear_off_all_seven_wins():
    s = position("kendall", white=[5], black=[30], side="b", throw=2)
    nxt = after(s, "30-off")
    assert nxt.is_terminal and nxt.winner == "b"
    assert not nxt.is_chance
