"""Tait: clauses T1-T6."""

from __future__ import annotations

import pytest
from positions import after, moves, position, where

import senet


def test_T1_all_pieces_in_supply_black_first_six_for_none():
    s = senet.start("tait")
    assert s.position() == "tait .............................. b - w=5/0,b=5/0 -"
    assert 6 in dict(s.chance_outcomes()) and 5 not in dict(s.chance_outcomes())


def test_T2_enter_on_4_and_6_only():
    s = senet.start("tait")
    assert moves(s.apply(4)) == {"in-4"}
    assert moves(s.apply(6)) == {"in-6"}
    for t in (1, 2, 3):
        assert moves(s.apply(t)) == {"pass"}


@pytest.mark.parametrize("square", [25, 28, 29, 30])
def test_T2_bear_off_on_exact_throw(square):
    throw = 31 - square
    s = position("tait", white=[square], black=[5], side="w", throw=throw, supply=(0, 4))
    assert f"{square}-off" in moves(s)


def test_T2_a_piece_on_26_cannot_bear_off_directly():
    # 31 - 26 = 5, and Tait has no throw of 5 (no light side counts 6): it must move on
    for t in (1, 2, 3, 4, 6):
        s = position("tait", white=[26], black=[5], side="w", throw=t, supply=(0, 4), off=(4, 0))
        assert "26-off" not in moves(s)


def test_T2_never_past_31_never_backward():
    s = position("tait", white=[29], black=[5], side="w", throw=3, supply=(0, 4))
    assert moves(s) == {"pass"}
    with pytest.raises(senet.IllegalMove, match="backward"):
        position("tait", white=[10], black=[5], side="w", throw=3, supply=(0, 4)).apply("10-7")


def test_T3_hit_sends_to_supply_except_on_15():
    s = position("tait", white=[10], black=[13], side="w", throw=3, supply=(4, 4))
    nxt = after(s, "10-13")
    assert where(nxt, "b") == [] and nxt.supply == (4, 5)
    safe = position("tait", white=[12], black=[15], side="w", throw=3, supply=(4, 4))
    assert "12-15" not in moves(safe)
    entry = position("tait", white=[], black=[4], side="w", throw=4, supply=(5, 4))
    nxt = after(entry, "in-4")
    assert where(nxt, "w") == [4] and nxt.supply == (4, 5)


def test_T3_no_landing_on_own_colour():
    s = position("tait", white=[4, 8], black=[5], side="w", throw=4, supply=(3, 4))
    assert moves(s) == {"8-12"}


def test_T4_water_sends_home_only_as_last_resort():
    s = position("tait", white=[25, 10], black=[5], side="w", throw=2, supply=(3, 4))
    assert moves(s) == {"10-12"}
    last = position("tait", white=[25], black=[5, 12], side="w", throw=2, supply=(4, 3))
    assert moves(last) == {"25-27"}
    nxt = after(last, "25-27")
    assert where(nxt, "w") == [] and nxt.supply == (5, 3)


def test_T5_extra_throw_on_6_on_26_and_bear_off_only_once():
    s = position("tait", white=[20], black=[5], side="w", throw=6, supply=(4, 4))
    nxt = after(s, "20-26")
    assert nxt.side == "w" and nxt.again  # one extra throw although two reasons
    assert after(position("tait", white=[23], black=[5], side="w", throw=3, supply=(4, 4)), "23-26").side == "w"
    assert after(position("tait", white=[28], black=[5], side="w", throw=3, supply=(3, 4)), "28-off").side == "w"
    assert after(position("tait", white=[10], black=[5], side="w", throw=3, supply=(4, 4)), "10-13").side == "b"


def test_T5_a_lost_six_still_gives_its_extra_throw():
    s = position("tait", white=[29, 30], black=[5], side="w", throw=6, supply=(0, 4), off=(3, 0))
    assert moves(s) == {"pass"}
    assert after(s, "pass").side == "w"


def test_T6_five_off_wins():
    s = position("tait", white=[30], black=[5], side="w", throw=1, supply=(0, 4))
    assert after(s, "30-off").winner == "w"
