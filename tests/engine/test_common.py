"""Clauses C1-C6 shared by every rule set."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from positions import after, moves, position

import senet
from senet.board import square_cell
from senet.throws import OUT_OF, ThrowGenerator, distribution
from senet.words import words
from senet.words.game import draw_text


def test_C1_boustrophedon_layout():
    assert [square_cell(n) for n in (1, 10)] == [(0, 0), (0, 9)]
    assert square_cell(11) == (1, 9) and square_cell(20) == (1, 0)  # 20 under 1
    assert square_cell(21) == (2, 0) and square_cell(30) == (2, 9)
    assert len({square_cell(n) for n in range(1, 31)}) == 30


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_C2_exact_distribution(variant):
    rules = senet.get_rules(variant)
    dist = dict(distribution(rules.none_value))
    none = 6 if variant in ("jequier", "tait") else 5
    # probabilities in sixteenths (ways out of OUT_OF = 16)
    assert OUT_OF == 16
    assert dist == {1: 4, 2: 6, 3: 4, 4: 1, none: 1}
    assert sum(w for _, w in senet.start(variant).chance_outcomes()) == OUT_OF


def test_C2_sampled_throws_match_distribution():
    gen = ThrowGenerator(seed=12345)
    n = 64000
    counts = Counter(gen.throw(5) for _ in range(n))
    for t, w in distribution(5):
        p = w / OUT_OF
        expected = n * p
        sigma = (n * p * (1 - p)) ** 0.5
        assert abs(counts[t] - expected) < 4 * sigma, (t, counts[t], expected)


def test_C3_squares_10_and_11_are_adjacent_for_protection():
    # black on 10 and 11 protect each other across the row break
    s = position("kendall", white=[8, 1, 3, 5, 7, 12, 13], black=[10, 11, 2, 4, 6, 14, 16], side="w", throw=2)
    assert "8-10" not in moves(s)


def test_C3_squares_touching_across_rows_are_not_adjacent():
    # 1 and 20 touch on the drawn board but are not consecutive: black on 20 is isolated
    s = position("kendall", white=[17, 3, 5, 7, 9, 11, 13], black=[20, 1, 22, 24, 26, 14, 16], side="w", throw=3)
    assert "17-20" in moves(s)


def test_C4_no_legal_action_means_pass_and_loses_extra_throw():
    # thibault: white's last piece is on 28, which bears off only on a 3 (H6)
    s = position("thibault", white=[28], black=[2, 4, 6, 8, 10], side="w", throw=1)
    assert s.legal_actions() == [senet.PASS]
    nxt = after(s, "pass")
    assert nxt.side == "b" and nxt.throw is None  # a 1 would have given an extra throw


def test_C4_a_throw_is_used_by_exactly_one_action():
    s = senet.start("kendall").apply(2)
    nxt = s.apply(s.legal_actions()[0])
    assert nxt.throw is None
    with pytest.raises(senet.IllegalMove, match="throw the sticks first"):
        nxt.apply("2-4")


def test_C5_generator_is_seedable_and_resumable():
    a = ThrowGenerator(7)
    first = [a.throw(5) for _ in range(20)]
    b = ThrowGenerator(7)
    assert [b.throw(5) for _ in range(20)] == first
    c = ThrowGenerator(7, count=10)
    assert [c.throw(5) for _ in range(10)] == first[10:]


def test_C5_replays_inject_throws():
    g = senet.Game("kendall", seed=1)
    g.throw(3)
    assert g.state.throw == 3
    with pytest.raises(senet.IllegalMove):
        senet.start("kendall").apply(6)  # not a kendall throw


def test_C6_frozen_position_is_a_draw_with_reason():
    # Since Bell's B6/B7 were revised no legal position of the six rule sets is frozen
    # (the last ones were Bell's), so the engine's check is shown on a rule set whose
    # pieces never move: a lost throw that leaves neither side an action ends the game.
    from senet.variants.bell import Bell

    class Stuck(Bell):
        def moves(self, state):
            return []

    s = senet.State(Stuck(), "w" + "." * 28 + "b", "w", 1, (9, 9), (0, 0), var=("odd=w",))
    nxt = s.apply("pass")
    assert nxt.is_terminal and nxt.winner == "draw"
    assert "C6" in draw_text(words(), nxt.draw_reason) and "draw" in nxt.flags


def test_C6_bell_home_pieces_no_longer_wall_the_board_off():
    # Under the first reading of B6 every piece on an own goal square was home, so the
    # pieces on 16..20 walled off the lower goals of both sides and this move drew the
    # game (C6). Home pieces now form a chain from the lowest goal (white: 1 only; black:
    # none), the pieces on 16..20 may move and be hit, and the game goes on.
    s2 = position("bell", white=[1, 17, 19, 27], black=[16, 18, 21, 25], side="b", throw=1,
                  supply=(6, 6), flags="odd=w")
    nxt2 = s2.apply("21-20")
    assert nxt2.winner is None and nxt2.draw_reason is None
    assert "19-18" in moves(nxt2.apply(1))  # white's 19 hits black's 18


def test_C6_bell_never_freezes_and_always_finishes():
    # No Bell position stalls (senet/variants/bell.py): in random games neither side is
    # ever without an action for every throw, and every game ends with a winner.
    rules = senet.get_rules("bell")
    rng = random.Random(15)
    for _ in range(12):
        g = senet.Game("bell", seed=rng.randrange(10**6))
        while not g.over:
            s = g.state
            assert not rules.is_frozen(s), s.position()
            g.throw()
            if not g.over:
                g.play(rng.choice(g.state.legal_actions()))
        assert g.result in ("w", "b")


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_C6_random_games_always_end(variant):
    rng = random.Random(99)
    for _ in range(10):
        g = senet.Game(variant, seed=rng.randrange(10**6))
        while not g.over:
            pre = g.state.pre_throw_actions()
            if pre and rng.random() < 0.5:
                g.play(pre[0])
                continue
            g.throw()
            while not g.over and not g.state.opening and g.state.throw is not None:  # P2: parts
                g.play(rng.choice(g.state.legal_actions()))
        assert g.result in ("w", "b", "draw")
