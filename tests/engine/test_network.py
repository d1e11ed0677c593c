"""Expert's learned evaluations (senet.ai.network, senet/ai/tables/networks.bin) and their training tool."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest
from positions import position

from senet import datafile
from senet.ai import get_player
from senet.ai.evaluate import Evaluator
from senet.ai.network import (
    N_INPUTS,
    N_INPUTS_BELL,
    N_INPUTS_TRAPS,
    Network,
    NetworkEvaluation,
    decode_networks,
    encode,
    encode_bell,
    encode_networks,
    encoder,
    forced_onto_27,
    network_evaluation,
    stored_networks,
)
from senet.game import Game
from senet.throws import MT19937
from senet.variants import bell

ROOT = Path(__file__).resolve().parents[2]
NETS = stored_networks()
NET_VARIANTS = sorted(NETS)


def sig(x):
    return 1 / (1 + math.exp(-x))


def swap_colours(state):
    """The same position with the colours exchanged (white's pieces become black's)."""
    return position(state.variant, white=state.pieces("b"), black=state.pieces("w"),
                    side="b" if state.side == "w" else "w", off=(state.off[1], state.off[0]))


def _spec(weights, games=1, note="n"):
    return {"inputs": 1, "hidden": 1, "games": games, "note": note, "weights": weights}


def test_the_networks_file_round_trips_float32_and_refuses_a_damaged_one():
    values = [0.0, 1.0, -2.5, 0.1, 1e-3, 123.456]
    data = encode_networks({"b": _spec(values[:2]), "a": _spec(values[2:], 7, "x")})
    back = decode_networks(data)
    assert sorted(back) == ["a", "b"] and back["a"]["games"] == 7 and back["a"]["note"] == "x"
    assert back["b"]["weights"] == [0.0, 1.0] and back["a"]["weights"][0] == -2.5
    assert back["a"]["weights"][1] == pytest.approx(0.1, rel=1e-7) and back["a"]["weights"][1] != 0.1  # float32
    assert decode_networks(encode_networks(back)) == back
    damaged = bytearray(data)
    damaged[-3] ^= 0xFF
    with pytest.raises(datafile.DataFileError):
        decode_networks(bytes(damaged))
    with pytest.raises(datafile.DataFileError, match="not a networks file"):
        decode_networks(b"senet-exact\n{}\n")


def test_network_output_matches_a_hand_computation():
    # 3 inputs, 2 hidden units: rows (1, -1), (0.5, 2), (-3, 0); biases (0.25, -0.5);
    # output weights (2, -1), output bias 0.1
    net = Network(3, 2, [1, -1, 0.5, 2, -3, 0, 0.25, -0.5, 2, -1, 0.1])
    h = [1 + 0.5 + 0.25, -1 + 2 - 0.5]  # inputs 0 and 1 on
    assert net([0, 1]) == pytest.approx(sig(0.1 + 2 * sig(h[0]) - sig(h[1])))
    assert net([]) == pytest.approx(sig(0.1 + 2 * sig(0.25) - sig(-0.5)))
    with pytest.raises(ValueError, match="has 11 weights, not 10"):
        Network(3, 2, [0.0] * 10)


def test_encode_sees_the_position_from_the_side_to_throw():
    s = position("havens", white=[21, 26, 29], black=[3, 22], side="w")  # white: 2 off, black: 3
    on = encode(s)
    assert on == [20, 25, 28, 30 + 2, 30 + 21, 60, 61, 65, 66, 67, 70]
    # black to throw: the same board seen from black's side; black has a piece below 21
    s = position("havens", white=[21, 26, 29], black=[3, 22], side="b")
    assert encode(s) == [2, 21, 30 + 20, 30 + 25, 30 + 28, 60, 61, 62, 65, 66, 71]
    assert max(encode(s)) < N_INPUTS


@pytest.mark.parametrize("variant, white, black, forced_w, forced_b", [
    # J8: a lone piece on 26 with a 1; with a piece on 21 the 1 has another forward move
    # (21-22), but a 6 can only take 21 onto 27
    ("jequier", [26], [1], [1], []),
    ("jequier", [21, 26], [1], [6], []),
    ("jequier", [24, 29], [1], [3], []),  # 29 cannot move 3: 24-27 is the only move
    ("jequier", [24, 28], [1, 25], [3], []),  # black's 2 may take 1-3 instead of 25-27
    # V6: no piece passes 26, so only a piece on 26 can reach 27, with a 1
    ("havens", [26], [4], [1], []),
    ("havens", [25, 26], [4], [1], []),  # 25-26 is blocked by white's own piece
    ("havens", [26, 29], [4], [], []),  # 29 bears off with the 1
    ("havens", [23], [26], [], [1]),
])
def test_forced_onto_27_J8_V6(variant, white, black, forced_w, forced_b):
    s = position(variant, white=white, black=black, side="w")
    values = s.rules.throw_values
    for side, expected in (("w", forced_w), ("b", forced_b)):
        got = [t for t, f in zip(values, forced_onto_27(s, side)) if f]
        brute = [t for t in values
                 if (m := s._replace(side=side, throw=t).legal_actions())
                 and all(x[1] == 27 for x in m)]
        assert got == brute == expected


@pytest.mark.parametrize("variant", ["jequier", "havens"])
def test_forced_onto_27_agrees_with_the_moves_in_played_positions_J8_V6(variant):
    avg = get_player("average")
    seen = 0
    for seed in range(3):
        game = Game(variant, seed=seed)
        while not game.over:
            s = game.state
            if s.throw is None and not s.opening:
                for side in ("w", "b"):
                    brute = []
                    for t in s.rules.throw_values:
                        m = s._replace(side=side, throw=t).legal_actions()
                        brute.append(bool(m) and all(x[1] == 27 for x in m))
                    assert forced_onto_27(s, side) == brute, s.position()
                    seen += sum(brute)
            if s.opening or s.throw is None:
                game.throw()
            else:
                moves = s.legal_actions()
                game.play(moves[0] if len(moves) == 1 else avg.choose(s))
    assert seen > 10  # the trap is common: the check met it many times


def test_encode_with_traps_adds_the_forced_throws_of_both_sides():
    s = position("jequier", white=[21, 26], black=[24, 29], side="w")
    base = encode(s)
    on = encode(s, traps=True)
    assert on[:len(base)] == base
    # white: a 6 forces 21-27 (values 1, 2, 3, 4, 6: the fifth); black: a 3 forces 24-27
    assert on[len(base):] == [72 + 4, 77 + 2]
    s = s._replace(side="b")
    assert encode(s, traps=True)[len(encode(s)):] == [72 + 2, 77 + 4]
    with pytest.raises(ValueError, match="no input encoding has 50 inputs"):
        NetworkEvaluation(Network(50, 1, [0.0] * 53))


def test_B5_B6_bell_encoding_sees_the_goal_claim_the_supply_and_the_home_chain():
    # goals not set: block 0; white to throw: its pieces first, then black's (90 + ...)
    s = position("bell", white=[27, 12], black=[5], side="w", supply=(8, 9), off=(0, 0))
    assert encode_bell(s) == [11, 26, 90 + 4, *range(180, 188), *range(190, 199)]
    # the side to throw owns the odd goals: block 30 for both sides' pieces. White's 1 and
    # 3 are home, its 7 waits above the gap at 5; black's 2 and 4 are home, 8 waits above 6
    s = position("bell", white=[1, 3, 7], black=[2, 4, 8], side="w", supply=(7, 7), off=(0, 0),
                 flags="odd=w")
    on = encode_bell(s)
    assert on == [30 + 0, 30 + 2, 30 + 6, 120 + 1, 120 + 3, 120 + 7,
                  *range(180, 187), *range(190, 197), 200, 201, 210, 211]
    # the same position with black to throw: black's view, it owns the even goals (block 60)
    s = s._replace(side="b")
    assert encode_bell(s) == [60 + 1, 60 + 3, 60 + 7, 150 + 0, 150 + 2, 150 + 6,
                              *range(180, 187), *range(190, 197), 200, 201, 210, 211]
    # B7: a white piece on 4 (black's goal) below white's lowest open goal 5 is stranded
    s = position("bell", white=[1, 3, 4, 9], black=[2, 6], side="b", supply=(6, 8), off=(0, 0),
                 flags="odd=w")
    on = encode_bell(s)
    assert 210 in on and 211 in on and 212 not in on  # white (the opponent): 1, 3 home
    assert 222 in on and 223 not in on  # one stranded white piece
    assert 200 in on and 201 not in on and 220 not in on  # black: 2 home, 6 above the gap


def test_B6_B7_bell_encoding_agrees_with_the_rules_in_played_positions():
    """Home counts and stranded pieces as the rule set's own functions find them, the
    supply, and every piece in the block of its goal claim, in every position of three
    seeded games between Average players."""
    average = get_player("average")
    seen = 0
    for seed in (1, 2, 3):
        game = Game("bell", seed=seed, throws=MT19937)
        while not game.over:
            s = game.state
            if s.throw is None:
                game.throw()
                continue
            on = set(encode_bell(s))
            assert max(on) < N_INPUTS_BELL
            me = s.side
            op = "b" if me == "w" else "w"
            block = 0 if s.odd is None else 30 if s.odd == me else 60
            for sq in range(1, 31):
                c = s.board[sq - 1]
                assert (block + sq - 1 in on) == (c == me)
                assert (90 + block + sq - 1 in on) == (c == op)
            for base, side in ((180, me), (190, op)):
                n = s.supply[0 if side == "w" else 1]
                assert {i for i in on if base <= i < base + 10} == set(range(base, base + n))
            for base, extra, side in ((200, 220, me), (210, 222, op)):
                home = len(bell.home_squares(s, side))
                assert {i for i in on if base <= i < base + 10} == set(range(base, base + home))
                stuck = len(bell.stranded(s, side))
                assert (extra in on) == (stuck >= 1) and (extra + 1 in on) == (stuck >= 2)
            seen += stuck > 0
            game.play(average.choose(s))
    assert seen  # stranded pieces do occur, so the check above was exercised


def test_a_bell_network_reads_its_thermometers_compacted_to_the_same_value():
    """NetworkEvaluation adds one running-sum row per thermometer instead of every row
    of it: the same value (up to rounding) as the full encoding, with fewer inputs."""
    import random

    rnd = random.Random(3)
    n, h = N_INPUTS_BELL, 6
    net = Network(n, h, [rnd.uniform(-0.5, 0.5) for _ in range(n * h + 2 * h + 1)])
    ev = NetworkEvaluation(net)
    average = get_player("average")
    game = Game("bell", seed=4, throws=MT19937)
    fewer = 0
    while not game.over:
        s = game.state
        if s.throw is None:
            game.throw()
            continue
        full = encode_bell(s)
        compact = encode_bell(s, compact=True)
        assert set(compact) <= set(full)
        fewer += len(compact) < len(full)
        p = net(full)
        assert ev(s) == pytest.approx(p if s.side == "w" else 1 - p, abs=1e-12)
        game.play(average.choose(s))
    assert fewer


def test_each_network_size_has_its_encoding():
    s = position("bell", white=[27], black=[28], side="b", supply=(9, 9), off=(0, 0))
    assert encoder(N_INPUTS_BELL)(s) == encode_bell(s)
    h = position("havens", white=[21, 26, 29], black=[3, 22], side="w")
    assert encoder(N_INPUTS)(h) == encode(h)
    assert encoder(N_INPUTS_TRAPS)(h) == encode(h, traps=True)
    with pytest.raises(ValueError, match="no input encoding has 50 inputs"):
        encoder(50)


RACE_NET_VARIANTS = [v for v in NET_VARIANTS if v != "bell"]


@pytest.mark.parametrize("variant", RACE_NET_VARIANTS)
def test_shipped_networks_load_and_give_probabilities(variant):
    spec = NETS[variant]
    assert spec["inputs"] in (N_INPUTS, N_INPUTS_TRAPS)
    net = network_evaluation(variant)
    assert isinstance(net, NetworkEvaluation)
    s = position(variant, white=[20, 22, 24, 25, 26], black=[2, 4, 6, 8, 11], side="b")
    v = net(s)
    assert 0.0 < v < 1.0
    # white some 80 squares ahead in the race is the favourite (Average against itself
    # wins 0.59 of the games from here in Havens, 0.62 in Jéquier: a lead is worth little)
    assert v > 0.5
    # the colours exchanged: the same estimate for the other colour
    assert net(swap_colours(s)) == pytest.approx(1 - v, abs=1e-12)
    # the game over: the result itself
    assert net(position(variant, white=[], black=[3, 5], side="b")) == 1.0
    assert net(position(variant, white=[3, 5], black=[], side="w")) == 0.0


def test_B6_B8_the_bell_network_favours_the_side_further_up_its_chain():
    assert NETS["bell"]["inputs"] == N_INPUTS_BELL
    net = network_evaluation("bell")
    # white owns the odd goals and has six home, black one: white is the favourite
    s = position("bell", white=[1, 3, 5, 7, 9, 11, 24], black=[2, 15, 22, 27], side="b",
                 supply=(3, 6), off=(0, 0), flags="odd=w")
    v = net(s)
    assert 0.7 < v < 1.0
    # the colours exchanged (pieces, supply, goal claim, side to throw): the same for black
    t = position("bell", white=[2, 15, 22, 27], black=[1, 3, 5, 7, 9, 11, 24], side="w",
                 supply=(6, 3), off=(0, 0), flags="odd=b")
    assert net(t) == pytest.approx(1 - v, abs=1e-12)
    # at the start black throws first (B1): an estimate, not a certainty
    assert 0.2 < net(position("bell", side="b", supply=(10, 10), off=(0, 0))) < 0.8
    # B8: all ten of white's pieces home is the result itself
    done = position("bell", white=list(range(1, 20, 2)), black=[2, 16], side="b",
                    supply=(0, 8), off=(0, 0), flags="odd=w")
    assert net(done) == 1.0


def test_expert_searches_with_the_network_where_there_is_one():
    expert = get_player("expert")
    for variant in ("kendall", "jequier", "tait", "bell", "thibault", "havens"):
        ev = expert._evaluator(variant)
        assert (ev is network_evaluation(variant)) == (variant in NETS)
        if variant not in NETS:
            assert isinstance(ev, Evaluator)
    hand = get_player("expert", evaluation="hand")
    for variant in NET_VARIANTS:
        assert isinstance(hand._evaluator(variant), Evaluator)
    with pytest.raises(ValueError, match="unknown evaluation"):
        get_player("expert", evaluation="neural")


def _tool():
    spec = importlib.util.spec_from_file_location("train_network", ROOT / "tools" / "train_network.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Shape:
    def __init__(self, *shape):
        self.shape = shape


class _FakeTrainer:
    """What write_nets reads from a trainer (numpy is not needed for this)."""

    def __init__(self, hidden, weights, games):
        self.W1 = _Shape(N_INPUTS, hidden)
        self._weights = weights
        self.games = games

    def flat(self):
        return self._weights


def test_the_tool_writes_a_networks_file_the_engine_reads(tmp_path, monkeypatch):
    tool = _tool()
    target = tmp_path / "networks.bin"
    monkeypatch.setattr(tool, "NETS_FILE", target)
    n = N_INPUTS * 3 + 2 * 3 + 1
    weights = [((i * 37) % 101 - 50) / 64 for i in range(n)]  # exact in float32
    tool.write_nets("jequier", _FakeTrainer(3, weights, 1234), "a test")
    tool.write_nets("havens", _FakeTrainer(3, weights[::-1], 99), "another")
    tool.write_nets("jequier", _FakeTrainer(3, weights[::-1], 5), "replaced")
    nets = decode_networks(target.read_bytes())
    assert sorted(nets) == ["havens", "jequier"]
    assert nets["jequier"]["games"] == 5 and nets["jequier"]["note"] == "replaced"
    assert nets["havens"]["weights"] == weights[::-1]
    net = Network(N_INPUTS, 3, nets["jequier"]["weights"])
    assert net.out_bias == weights[0]
