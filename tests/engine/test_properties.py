"""Property tests: random games of every rule set keep the invariants of the rules."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import senet
from senet.game import MAX_ACTIONS
from senet.moves import OFF, SUPPLY, Move
from senet.words import words
from senet.words.game import draw_text

ALL_CANDIDATES = (
    [Move(a, b) for a in range(1, 31) for b in range(1, 31) if a != b]
    + [Move(a, OFF) for a in range(1, 31)]
    + [Move(SUPPLY, b) for b in range(1, 31)]
    + [senet.PASS, senet.RESCUE]
)


def check_invariants(state: senet.State) -> None:
    rules = state.rules
    for i, side in enumerate("wb"):
        assert state.board.count(side) + state.supply[i] + state.off[i] == rules.pieces
    assert len(state.board) == 30  # one character per square: no square holds two pieces
    assert senet.parse_position(state.position()) == state
    assert senet.parse_position(state.position()).position() == state.position()


def check_refusals(state: senet.State, rng: random.Random) -> None:
    legal = set(state.legal_actions() if state.throw is not None else state.pre_throw_actions())
    for move in rng.sample(ALL_CANDIDATES, 40):
        if move in legal:
            continue
        with pytest.raises(senet.IllegalMove) as info:
            state.apply(move)
        assert str(info.value)  # a readable reason, never empty


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(senet.VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_random_game_keeps_invariants_and_ends(variant, seed):
    rng = random.Random(seed)
    game = senet.Game(variant, seed=seed)
    check_invariants(game.state)
    steps = 0
    while not game.over:
        state = game.state
        pre = state.pre_throw_actions()
        if pre and rng.random() < 0.5:
            game.play(pre[0])
        else:
            game.throw()
            state = game.state
            while state.throw is not None and not game.over:  # piccione: a throw in parts (P2)
                if steps % 7 == 0:
                    check_refusals(state, rng)
                game.play(rng.choice(state.legal_actions()))
                state = game.state
        steps += 1
        if steps % 5 == 0:
            check_invariants(game.state)
    check_invariants(game.state)
    assert game.result in ("w", "b", "draw")
    if game.result == "draw":
        assert game.draw_reason and "C6" in draw_text(words(), game.draw_reason, MAX_ACTIONS)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(senet.VARIANTS), seed=st.integers(0, 10**9))
def test_refused_move_leaves_state_unchanged(variant, seed):
    rng = random.Random(seed)
    state = senet.start(variant)
    for _ in range(rng.randrange(1, 60)):
        if state.is_terminal:
            break
        # a chance node takes a throw; a side's decision (a move, or THROW/RESCUE before
        # a throw where a rescue is possible) one of its actions
        state = state.apply(rng.choice(state.legal_actions()))
    before = state.position()
    for move in rng.sample(ALL_CANDIDATES, 30):
        with contextlib.suppress(senet.IllegalMove):
            state.apply(move)
    assert state.position() == before
