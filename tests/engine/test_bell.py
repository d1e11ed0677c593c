"""Bell: clauses B1-B8."""

from __future__ import annotations

import pytest
from positions import after, moves, position, where

import senet
from senet.variants.bell import home_squares, is_home, open_goal, stranded


def test_B1_ten_in_supply_black_first_no_extra_throws():
    s = senet.start("bell")
    assert s.position() == "bell .............................. b - w=10/0,b=10/0 -"
    nxt = after(s.apply(1), "in-30")
    assert nxt.side == "w"


def test_B2_pieces_travel_towards_square_1():
    s = position("bell", white=[20], black=[30], side="w", throw=3, supply=(9, 9))
    assert "20-17" in moves(s) and "20-23" not in moves(s)


@pytest.mark.parametrize("throw", [1, 2, 3, 4, 5])
def test_B3_enter_on_31_minus_throw_if_empty(throw):
    s = senet.start("bell").apply(throw)
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


def test_B5_claim_with_pieces_already_on_goal_squares_of_both_sides():
    # before the claim: black on 3, 4, 7; white on 2, 5, 6. Black reaches 1 first.
    s = position("bell", white=[2, 5, 6, 20], black=[3, 4, 7, 22], side="b", throw=3, supply=(6, 6))
    assert home_squares(s, "w") == () and home_squares(s, "b") == ()
    nxt = after(s, "4-1")
    assert nxt.odd == "b"
    # black: 1 and 3 form the chain; 5 is white's, so black's 7 is above a gap
    assert home_squares(nxt, "b") == (1, 3) and open_goal(nxt, "b") == 5
    # white: 2 is home at once; 4 has just emptied, so white's 6 is above a gap
    assert home_squares(nxt, "w") == (2,) and open_goal(nxt, "w") == 4
    assert "6-4" in moves(nxt._replace(throw=2))  # white's 6 moves on
    assert "5-4" in moves(nxt._replace(throw=1))  # so does white's stray on black's goal 5
    assert "20-17" in moves(nxt._replace(throw=3))  # and 7 may be hit: it is not home
    assert "22-20" not in moves(nxt._replace(throw=2))  # own piece
    black = nxt._replace(side="b", throw=2)
    assert "7-5" in moves(black)  # black may hit white's stray on its goal 5
    assert "22-20" in moves(black)
    assert not any(m.endswith("-2") for m in moves(nxt._replace(side="b", throw=5)))  # white home on 2


def test_B6_the_chains_pieces_never_move_and_cannot_be_hit_but_can_be_passed():
    # white (odd) holds 1, 3, 5: an unbroken chain, all home; black (even) holds 2, 4
    s = position("bell", white=[1, 3, 5, 12], black=[2, 4, 9], side="w", throw=3, supply=(6, 7), flags="odd=w")
    assert home_squares(s, "w") == (1, 3, 5) and home_squares(s, "b") == (2, 4)
    assert not any(m.startswith(("1-", "3-", "5-")) for m in moves(s))
    assert "12-9" in moves(s)  # black's piece on white's goal 9 is a stray: white may hit it
    hit = position("bell", white=[1, 3, 5, 7], black=[2, 4, 8, 10], side="b", throw=3, supply=(6, 6), flags="odd=w")
    assert "8-5" not in moves(hit)  # white's 5 is home
    assert "10-7" not in moves(hit)  # and so is 7
    own = position("bell", white=[1, 3, 5, 9], black=[2, 4, 8, 10], side="w", throw=2, supply=(6, 6), flags="odd=w")
    assert "9-7" in moves(own)
    assert "10-8" not in moves(own._replace(side="b"))  # black's own piece, home anyway
    passing = position("bell", white=[1, 12], black=[2, 4, 6, 8, 10], side="w", throw=5, supply=(8, 5),
                       flags="odd=w")
    assert "12-7" in moves(passing)  # passes over black's home pieces on 8 and 10


def test_B6_a_piece_above_a_gap_moves_and_can_be_hit():
    # white (odd) holds 1 and 5 but not 3: the piece on 5 is not home
    s = position("bell", white=[1, 5], black=[8, 12], side="w", throw=2, supply=(8, 8), flags="odd=w")
    assert home_squares(s, "w") == (1,) and not is_home(s, 5)
    assert "5-3" in moves(s)  # it may move on, down to the gap
    assert "5-4" in moves(s._replace(throw=1))
    black = s._replace(side="b", throw=3)
    assert "8-5" in moves(black)  # and it may be hit
    nxt = after(black, "8-5")
    assert where(nxt, "w") == [1] and nxt.supply == (9, 8)
    # a black piece on its own goal 8 above its empty 2..6 is no more home than white's
    s2 = position("bell", white=[1, 10], black=[8, 12], side="w", throw=2, supply=(8, 8), flags="odd=w")
    assert "10-8" in moves(s2)


def test_B6_filling_the_gap_makes_the_pieces_above_it_home():
    s = position("bell", white=[1, 5, 7, 9, 6], black=[2, 12, 14], side="w", throw=3, supply=(5, 7),
                 flags="odd=w")
    assert home_squares(s, "w") == (1,)
    nxt = after(s, "6-3")
    assert home_squares(nxt, "w") == (1, 3, 5, 7, 9)
    assert open_goal(nxt, "w") == 11
    # now black cannot hit 9 (it could before) and white's 5 never moves again
    assert "14-9" in moves(s._replace(side="b", throw=5))
    assert "14-9" not in moves(nxt._replace(throw=5))
    assert not any(m.startswith(("5-", "7-", "9-")) for m in moves(nxt._replace(side="w", throw=2)))


def test_B7_a_piece_stranded_below_the_lowest_open_goal_cannot_move_and_can_be_hit():
    # white (odd) filled 1..7 after its piece reached 6 (black's goal): 9 is its lowest open goal
    s = position("bell", white=[1, 3, 5, 7, 6, 15], black=[8, 12], side="w", throw=1, supply=(4, 8),
                 flags="odd=w")
    assert open_goal(s, "w") == 9 and stranded(s, "w") == (6,)
    for t in (1, 2, 3, 4, 5):
        assert not any(m.startswith("6-") for m in moves(s._replace(throw=t)))
    hit = after(s._replace(side="b", throw=2), "8-6")  # black's lowest open goal is 2: it may land on 6
    assert where(hit, "w") == [1, 3, 5, 7, 15] and hit.supply == (5, 8)
    with pytest.raises(senet.IllegalMove, match="B7"):
        s.apply("6-4")


def test_B7_no_landing_below_lowest_free_goal():
    # white owns the odd squares and has 1 and 3: its lowest free goal square is 5
    s2 = position("bell", white=[1, 3, 8], black=[12, 14], side="w", throw=4, supply=(7, 8), flags="odd=w")
    assert "8-4" not in moves(s2)  # 4 < 5
    assert "8-5" in moves(s2._replace(throw=3))


def test_B7_may_capture_a_stray_on_its_own_goal_square():
    s = position("bell", white=[1, 8], black=[3, 12], side="w", throw=5, supply=(8, 8), flags="odd=w")
    nxt = after(s, "8-3")
    assert where(nxt, "w") == [1, 3] and nxt.supply == (8, 9)


def test_B8_all_ten_home_wins():
    white = [1, 3, 5, 7, 9, 11, 13, 15, 17, 21]
    s = position("bell", white=white, black=[2, 4], side="w", throw=2, supply=(0, 8), flags="odd=w")
    nxt = after(s, "21-19")
    assert nxt.winner == "w"
