"""Pinned counts (like perft in chess) so a refactor cannot silently change the rules.

walk(state, depth) is the number of distinct sequences of ``depth`` transitions from a
state, every legal action of State.apply alike: a throw at a chance node (the
jequier/havens colour draw included), a move or a pass, THROW or RESCUE before a throw.
steps(state, depth) groups the same walk as the engine before the turn model did: a
step is a throw with the action on it (THROW, when it comes first, with them), an
action taken instead of a throw, or a colour-draw throw; its numbers (PINNED_STEPS)
were pinned before the turn model and must not change. Depth 1 is checked against hand
counts in test_perft_depth1_by_hand.
"""

from __future__ import annotations

import pytest

import senet


def walk(state: senet.State, depth: int) -> int:
    if depth == 0 or state.is_terminal:
        return 1
    return sum(walk(state.apply(a), depth - 1) for a in state.legal_actions())


def steps(state: senet.State, depth: int) -> int:
    if depth == 0 or state.is_terminal:
        return 1
    total = 0
    for a in state.legal_actions():
        nxt = state.apply(a)
        if a == senet.THROW:  # THROW, a throw and its action: one step
            for t in nxt.legal_actions():
                thrown = nxt.apply(t)
                total += sum(steps(thrown.apply(m), depth - 1) for m in thrown.legal_actions())
        elif state.is_chance and nxt.throw is not None:  # a throw and its action: one step
            total += sum(steps(nxt.apply(m), depth - 1) for m in nxt.legal_actions())
        else:  # an action (a rescue instead of a throw, or on a pending throw), a colour-draw throw
            total += steps(nxt, depth - 1)
    return total


def test_perft_depth1_by_hand():
    # Kendall start, black to throw. A 1, 3 or 5 moves any of the 7 black pieces (each
    # white piece between two black ones is isolated; 15, 17, 19 are empty); a 2 only
    # 14-16 (every other even square holds black); a 4 only 12-16 and 14-18: 7+1+7+2+7.
    s = senet.start("kendall")
    by_throw = {t: len(s.apply(t).legal_actions()) for t in s.rules.throw_values}
    assert by_throw == {1: 7, 2: 1, 3: 7, 4: 2, 5: 7}
    # Thibault start, white first: the same shape with 5 pieces: 5+1+5+2+5
    s = senet.start("thibault")
    assert {t: len(s.apply(t).legal_actions()) for t in s.rules.throw_values} == {1: 5, 2: 1, 3: 5, 4: 2, 5: 5}
    # Tait and Bell: one entry square per throw (or a pass), five throw values
    assert sorted(map(str, senet.start("tait").apply(4).legal_actions())) == ["in-4"]
    assert sorted(map(str, senet.start("bell").apply(2).legal_actions())) == ["in-29"]


# steps of depth 1, 2, 3 from the start position (pinned before the turn model)
PINNED_STEPS = {
    "kendall": (24, 485, 8977),
    "jequier": (5, 38, 435),
    "tait": (5, 26, 139),
    "bell": (5, 25, 197),
    "thibault": (18, 273, 4073),
    "havens": (5, 38, 436),
}


# walk of depth 1 to 6 from the start position
PINNED = {
    "kendall": (5, 24, 120, 485, 2425, 8977),
    "jequier": (5, 25, 118, 562, 2531, 11539),
    "tait": (5, 5, 25, 26, 130, 139),
    "bell": (5, 5, 25, 25, 125, 197),
    "thibault": (5, 18, 90, 273, 1365, 4073),
    "havens": (5, 25, 118, 562, 2532, 11548),
    # all ten pieces in the supply: only a 1 enters (P3), then the entered piece moves
    "piccione": (5, 5, 25, 35, 145, 241),
}


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_perft_pinned(variant):
    s = senet.start(variant)
    got = tuple(walk(s, d) for d in range(1, 7))
    assert got == PINNED[variant], got


@pytest.mark.parametrize("variant", sorted(PINNED_STEPS))
def test_perft_steps_as_before_the_turn_model(variant):
    s = senet.start(variant)
    got = tuple(steps(s, d) for d in (1, 2, 3))
    assert got == PINNED_STEPS[variant], got


# Bell's goals are set only once a piece reaches square 1, far beyond depth 3 from the
# start, so Bell is pinned from a position with the goals set too: white (odd) holds 1,
# 5 and 7 with 3 empty, black (even) holds 2, 4, 8, 10. The counts changed with the
# revision of B6/B7: they were (11, 95, 1006) when every piece on an own goal
# square was home for good; now white's 5 and 7 (above the gap on 3) and black's 8 and
# 10 (above the gap on 6) may move and be hit, and only 1 (white) and 2, 4 (black) are
# home. The counts from the start did not change (5, 25, 197, 1391, 12633 to depth 5).
BELL_GOALS_SET = "bell wb.bw.wb.b.w.b.......w...b.... w - w=5/0,b=4/0 odd=w"
BELL_GOALS_SET_STEPS = (16, 281, 4374)
BELL_GOALS_SET_PINNED = (5, 16, 80, 281, 1405, 4374)


def test_perft_pinned_bell_with_goals_set():
    s = senet.parse_position(BELL_GOALS_SET)
    assert tuple(steps(s, d) for d in (1, 2, 3)) == BELL_GOALS_SET_STEPS
    assert tuple(walk(s, d) for d in range(1, 7)) == BELL_GOALS_SET_PINNED


# Kendall and Thibault with the water rescue on offer at the root (K9, H8): THROW and
# RESCUE are actions of the walk; the steps were counted before the turn model
WATER = {
    "kendall": "kendall wbwbwbwbwbwb.b............w... w - w=0/0,b=0/0 -",
    "thibault": "thibault wbwbwbwb.b................w... w - w=0/0,b=0/0 -",
}
WATER_STEPS = {"kendall": (6, 141, 2508), "thibault": (6, 79, 1148)}
WATER_PINNED = {"kendall": (2, 10, 29, 145, 616), "thibault": (2, 10, 23, 115, 367)}


@pytest.mark.parametrize("variant", sorted(WATER))
def test_perft_pinned_with_a_rescue(variant):
    s = senet.parse_position(WATER[variant])
    assert s.legal_actions() == [senet.THROW, senet.RESCUE]
    assert tuple(steps(s, d) for d in (1, 2, 3)) == WATER_STEPS[variant]
    assert tuple(walk(s, d) for d in range(1, 6)) == WATER_PINNED[variant]


# Piccione in the middle of a game: white to use a 4 in parts (P2), forward only (P5);
# 11 first parts by hand: 2-4, 2-5 (3 and 6 taken); 6-7, 6-8, 6-10; 14-15, 14-17, 14-18;
# 25-26, 25-27 (back to the supply, P7), 25-29 (28 taken).
PICCIONE_MID = {"white": [2, 6, 14, 25], "black": [3, 9, 16, 24, 28], "side": "w", "throw": 4, "supply": (1, 0)}
PICCIONE_MID_PINNED = (11, 60, 359, 2690)
# Kendall with every house rule (KO1-KO4) from its start, and in the middle of a game
KENDALL_ALL = "kendall+five+start+trap+homerow"
KENDALL_ALL_PINNED = (5, 9, 45, 113, 565, 1424)
KENDALL_ALL_MID = {"white": [5, 10, 19, 24], "black": [3, 14, 16, 20, 26], "side": "b", "flags": "began=wb", "off": (1, 0)}
KENDALL_ALL_MID_PINNED = (5, 22, 110, 430, 2129)


def test_perft_pinned_piccione_in_parts():
    from positions import position

    s = position("piccione", **PICCIONE_MID)
    assert len(s.legal_actions()) == 11
    assert tuple(walk(s, d) for d in range(1, 5)) == PICCIONE_MID_PINNED


def test_perft_pinned_kendall_with_every_house_rule():
    from positions import position

    s = senet.start(KENDALL_ALL)
    assert tuple(walk(s, d) for d in range(1, 7)) == KENDALL_ALL_PINNED
    s = position(KENDALL_ALL, **KENDALL_ALL_MID)
    assert tuple(walk(s, d) for d in range(1, 6)) == KENDALL_ALL_MID_PINNED
