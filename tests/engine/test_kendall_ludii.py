"""Kendall where Ludii's Senet plays otherwise: our side of each measured difference.

docs/rules-decisions.md ("Our readings beside Ludii's Senet") lists the differences found
by comparing Ludii's legal moves with ours position by position. Each test here builds
one such position and asserts our exact set of actions, so that a change towards
Ludii's reading of a clause fails by the clause's name.
"""

from __future__ import annotations

import pytest
from positions import after, moves, position, where

import senet


@pytest.mark.parametrize("throw", [1, 2, 3, 5])
def test_K9_a_throw_other_than_4_leaves_the_drowning_piece_in_the_water(throw):
    # Ludii lets this throw carry the piece from 27 to 15; here the throw is simply lost
    # and the turn ends, even on a 1 or a 5 (15 is empty, so that is not the reason).
    s = position("kendall", white=[1], black=[5, 27], side="b", throw=throw)
    assert moves(s) == {"pass"}
    with pytest.raises(senet.IllegalMove):
        s.apply("27-15")
    nxt = after(s, "pass")
    assert nxt.side == "w" and where(nxt, "b") == [5, 27]


def test_K9_the_rescue_replaces_the_throw_at_the_start_of_a_turn():
    s = position("kendall", white=[1], black=[5, 27], side="b")
    assert moves(s) == {"rescue"}  # offered before the sticks are thrown
    nxt = after(s, "rescue")
    assert where(nxt, "b") == [5, 15] and nxt.side == "w" and nxt.throw is None


def test_K9_the_rescued_piece_on_15_is_not_forced_to_move_next():
    # Ludii makes the piece rescued to 15 the only one its side may move next; here the
    # rescue ends the turn and nothing of it is remembered.
    s = after(position("kendall", white=[1], black=[5, 9, 27], side="b"), "rescue")
    s = after(s.apply(2), "1-3")  # white's turn, which a 2 ends
    assert s.side == "b" and s.throw is None
    assert moves(s) == set()  # nothing is offered instead of throwing any more
    assert moves(s.apply(2)) == {"5-7", "9-11", "15-17"}


@pytest.mark.parametrize("throw", [1, 3, 4, 5])
def test_K8_a_lone_piece_on_29_falls_back_rather_than_the_throw_being_lost(throw):
    # Ludii never moves a piece on 28 or 29 backwards: it passes here.
    s = position("kendall", white=[1], black=[29], side="b", throw=throw)
    assert moves(s) == {"29-27"}
    nxt = after(s, "29-27")
    assert where(nxt, "b") == [27] and nxt.side == "w"


@pytest.mark.parametrize("target", [28, 29, 30])
def test_K12_hitting_from_26_onto_28_to_30_is_a_forward_move(target):
    # Ludii never allows this hit (its guard on the empty water can never hold), so its
    # piece on 26 would have to move backwards instead.
    s = position("kendall", white=[1, target], black=[26], side="b", throw=target - 26)
    assert moves(s) == {f"26-{target}"}
    nxt = after(s, f"26-{target}")
    assert where(nxt, "w") == [1, 27] and where(nxt, "b") == [target]


def test_K12_with_the_water_taken_the_hit_piece_goes_to_26():
    # Ludii's text keeps 28-30 safe while a piece is in the water; the seed swaps as usual.
    s = position("kendall", white=[27, 29], black=[26], side="b", throw=3)
    assert moves(s) == {"26-29"}
    nxt = after(s, "26-29")
    assert where(nxt, "w") == [26, 27] and where(nxt, "b") == [29]


def test_K11_landing_on_the_opponent_in_the_water_is_allowed():
    # Ludii never lands on an occupied 27: its piece on 26 would move back to 25.
    s = position("kendall", white=[1, 27], black=[26], side="b", throw=1)
    assert moves(s) == {"26-27"}
    nxt = after(s, "26-27")
    assert where(nxt, "w") == [1, 26] and where(nxt, "b") == [27]
    assert nxt.side == "w"  # black's own piece is now in the water: the turn ends (K9)


def test_K10_a_piece_on_27_does_not_guard_its_neighbour_on_26():
    # Ludii counts 26 and 27 as a guarding pair, so 24-26 would be refused there.
    s = position("kendall", white=[26, 27], black=[24], side="b", throw=2)
    assert moves(s) == {"24-26"}
    nxt = after(s, "24-26")
    assert where(nxt, "w") == [24, 27] and where(nxt, "b") == [26]


@pytest.mark.parametrize("own,target,attacker", [(1, 20, 17), (30, 11, 8)])
def test_C3_squares_that_touch_across_the_fold_do_not_guard(own, target, attacker):
    # On the drawn board 20 lies under 1 and 30 under 11; Ludii's scan for a guarding
    # neighbour reaches across that fold. The numbers are not consecutive: no guard.
    s = position("kendall", white=[attacker], black=[own, target], side="w", throw=3)
    assert moves(s) == {f"{attacker}-{target}"}
    nxt = after(s, f"{attacker}-{target}")
    assert where(nxt, "w") == [target] and where(nxt, "b") == sorted([own, attacker])
