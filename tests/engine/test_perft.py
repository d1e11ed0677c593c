"""Pinned action counts (like perft in chess) so a refactor cannot silently change the rules.

count(state, depth) is the number of distinct sequences of (throw, action) steps of the
given depth from the start, over every throw value; a throw of the jequier/havens colour
draw counts as a step too. The numbers were produced by the engine; depth 1 is checked
against hand counts in test_perft_depth1_by_hand.
"""

from __future__ import annotations

import pytest

import senet


def count(state: senet.State, depth: int) -> int:
    if depth == 0 or state.is_terminal:
        return 1
    total = 0
    if state.throw is None:
        for move in state.pre_throw_actions():
            total += count(state.apply(move), depth - 1)
        for throw in state.rules.throw_values:
            nxt = state.with_throw(throw)
            if nxt.throw is None:  # a colour-draw throw is a whole step
                total += count(nxt, depth - 1)
            else:
                total += sum(count(nxt.apply(m), depth - 1) for m in nxt.legal_actions())
        return total
    return sum(count(state.apply(m), depth - 1) for m in state.legal_actions())


def test_perft_depth1_by_hand():
    # Kendall start, black to throw. A 1, 3 or 5 moves any of the 7 black pieces (each
    # white piece between two black ones is isolated; 15, 17, 19 are empty); a 2 only
    # 14-16 (every other even square holds black); a 4 only 12-16 and 14-18: 7+1+7+2+7.
    s = senet.start("kendall")
    by_throw = {t: len(s.with_throw(t).legal_actions()) for t in s.rules.throw_values}
    assert by_throw == {1: 7, 2: 1, 3: 7, 4: 2, 5: 7}
    # Thibault start, white first: the same shape with 5 pieces: 5+1+5+2+5
    s = senet.start("thibault")
    assert {t: len(s.with_throw(t).legal_actions()) for t in s.rules.throw_values} == {1: 5, 2: 1, 3: 5, 4: 2, 5: 5}
    # Tait and Bell: one entry square per throw (or a pass), five throw values
    assert sorted(map(str, senet.start("tait").with_throw(4).legal_actions())) == ["in-4"]
    assert sorted(map(str, senet.start("bell").with_throw(2).legal_actions())) == ["in-29"]


# depth 1, 2, 3 from the start position
PINNED = {
    "kendall": (24, 485, 8977),
    "jequier": (5, 38, 435),
    "tait": (5, 26, 139),
    "bell": (5, 25, 197),
    "thibault": (18, 273, 4073),
    "havens": (5, 38, 436),
}


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_perft_pinned(variant):
    s = senet.start(variant)
    got = tuple(count(s, d) for d in (1, 2, 3))
    assert got == PINNED[variant], got


# Bell's goals are set only once a piece reaches square 1, far beyond depth 3 from the
# start, so Bell is pinned from a position with the goals set too: white (odd) holds 1,
# 5 and 7 with 3 empty, black (even) holds 2, 4, 8, 10. The counts changed with the
# revision of B6/B7 (issue 15): they were (11, 95, 1006) when every piece on an own goal
# square was home for good; now white's 5 and 7 (above the gap on 3) and black's 8 and
# 10 (above the gap on 6) may move and be hit, and only 1 (white) and 2, 4 (black) are
# home. The counts from the start did not change (5, 25, 197, 1391, 12633 to depth 5).
BELL_GOALS_SET = "bell wb.bw.wb.b.w.b.......w...b.... w - w=5/0,b=4/0 odd=w"
BELL_GOALS_SET_PINNED = (16, 281, 4374)


def test_perft_pinned_bell_with_goals_set():
    s = senet.parse_position(BELL_GOALS_SET)
    got = tuple(count(s, d) for d in (1, 2, 3))
    assert got == BELL_GOALS_SET_PINNED, got
