"""The throw generators (C2, C5): the portable sha256 one of new games, and the legacy
mt19937 one that records and saves written before it existed still continue with."""

import json
import random

import pytest

import senet
from senet.game import Game
from senet.session import Seat, Session
from senet.throws import (
    MT19937,
    OUT_OF,
    SEED_BITS,
    SHA256,
    MersenneTwister,
    ThrowGenerator,
    distribution,
    new_seed,
    sha256_bits,
)

# Written by the code of commit 05924cc (before the sha256 generator existed): a Kendall
# game, seed 7, 20 throws, the last one pending; and the ten throws that came next.
OLD_RECORD = (
    "senet-record 1\nvariant kendall\nseed 7\nb 2 14-16\nw 4 13-17\nw 1 7-8\nw 2 11-13\nb 2 16-18\n"
    "w 5 13-18\nw 1 9-10\nw 3 17-20\nb 1 7-8\nb 1 6-7\nb 2 12-14\nw 2 20-22\nb 5 13-18\nb 3 9-12\n"
    "w 1 10-11\nw 2 22-24\nb 5 12-17\nb 1 14-15\nb 2 17-19\nw 2\n"
)
OLD_RECORD_NEXT = [1, 2, 1, 1, 2, 5, 3, 2, 1, 4]
# A session save of the same code: Jequier, seed 123456789, a human and Average, one
# move undone (so that a redo is saved), 14 throws made; the state and the next throws.
OLD_SAVE = (
    '{"format": "senet-save", "version": 1, "record": "senet-record 1\\nvariant jequier\\nseed 123456789\\n'
    'w 2 draw\\nb 3 draw\\nw 1 draw\\nb 3 2-5\\nw 4 7-11\\nw 3 9-12\\nb 3 6-9\\nw 3 3-6\\nb 2 4-6\\nw 2 1-3\\n'
    'b 2 8-10\\nw 4 11-15\\nw 3 15-18\\nb 1\\n", "seats": {"1": {"kind": "human", "name": "Ann"}, '
    '"2": {"kind": "average", "name": ""}}, "redo": [["b 1 7-8", "b 3"]]}'
)
OLD_SAVE_STATE = "jequier .wwwbbb.bb.w.....w............ b 1 w=0/0,b=0/0 -"
OLD_SAVE_NEXT = [3, 3, 2, 1, 2, 2, 2, 3, 1, 3]


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 2**32, 2**40 + 5, -3, 123456789, 2**128 - 1, 3**200])
def test_C5_legacy_generator_is_cpythons_random(seed):
    rng, mt = random.Random(seed), MersenneTwister(seed)
    assert [mt.getrandbits(4) for _ in range(1500)] == [rng.getrandbits(4) for _ in range(1500)]
    assert mt.uint32() == rng.getrandbits(32)


def test_C5_legacy_generator_throws_as_before():
    for seed in (0, 7, 2**31 - 1):
        rng = random.Random(seed)
        gen = ThrowGenerator(seed, 0, MT19937)
        for _ in range(700):  # past one twist of the 624-word state
            bits = rng.getrandbits(4)
            assert gen.sticks() == tuple(bool(bits >> i & 1) for i in range(4))
        assert ThrowGenerator(seed, 700, MT19937).throw(5) == gen.throw(5)


def test_C5_old_record_loads_replays_and_continues_with_the_same_throws():
    g = Game.from_record(OLD_RECORD)
    assert g.throws == MT19937 and g.seed == 7 and g.generator.count == 20
    assert g.record_text() == OLD_RECORD  # written back without a "throws" line
    # the recorded throws are those of the legacy generator
    thrown = [e.throw for e in g.entries]
    fresh = ThrowGenerator(7, 0, MT19937)
    assert thrown == [fresh.throw(5) for _ in range(20)]
    # the game goes on where it was: the pending throw, then the same throws as before
    assert g.state.throw == 2
    g.play(g.state.legal_actions()[0])
    nxt = []
    while len(nxt) < len(OLD_RECORD_NEXT):
        if g.state.throw is None:
            nxt.append(g.throw())
        else:
            g.play(g.state.legal_actions()[0])
    assert nxt == OLD_RECORD_NEXT


def test_C5_old_save_loads_and_continues_with_the_same_throws():
    s = Session.from_json(OLD_SAVE)
    assert s.state.position() == OLD_SAVE_STATE
    assert s.game.throws == MT19937 and s.game.generator.count == 14
    assert s.seats == {1: Seat("human", "Ann"), 2: Seat("average", "")}
    assert s.to_json() == OLD_SAVE  # saved again unchanged
    fresh = Session.from_json(OLD_SAVE).game.generator
    assert [fresh.throw(6) for _ in range(10)] == OLD_SAVE_NEXT
    assert s.redo()  # the undone move and the throw after it come back
    assert s.game.generator.count == 15
    s.game.undo_to(len(s.game.entries) - 2, keep_throw=True)
    assert [s.game.generator.throw(6) for _ in range(10)] == OLD_SAVE_NEXT


def test_C5_sha256_generator_is_documented_bytes():
    import hashlib

    for seed, n in ((0, 0), (7, 3), (2**127 + 5, 1000)):
        digest = hashlib.sha256(f"senet-throws/1:{seed}:{n}".encode()).digest()
        assert sha256_bits(seed, n) == digest[0] & 15
        gen = ThrowGenerator(seed, n, SHA256)
        bits = digest[0] & 15
        assert gen.sticks() == tuple(bool(bits >> i & 1) for i in range(4))


def test_C5_sha256_generator_resumes_in_constant_time():
    a = ThrowGenerator(2**100 + 3)
    first = [a.throw(5) for _ in range(50)]
    assert a.kind == SHA256 and a.count == 50
    b = ThrowGenerator(2**100 + 3, 20)
    assert b.last_sticks == ThrowGenerator(2**100 + 3, 19).sticks()
    assert [b.throw(5) for _ in range(30)] == first[20:]
    far = ThrowGenerator(5, 10**15)  # no replay of 10**15 throws
    assert far.count == 10**15 and far.throw(5) in (1, 2, 3, 4, 5)


def test_C2_sha256_throws_match_distribution():
    gen = ThrowGenerator(seed=12345)
    n = 64000
    counts = {}
    for _ in range(n):
        t = gen.throw(5)
        counts[t] = counts.get(t, 0) + 1
    for t, w in distribution(5):
        p = w / OUT_OF
        assert abs(counts[t] - n * p) < 4 * (n * p * (1 - p)) ** 0.5, (t, counts[t])


def test_C5_new_games_take_wide_seeds_and_the_sha256_generator():
    seeds = {new_seed() for _ in range(20)}
    assert len(seeds) == 20 and all(0 <= s < 2**SEED_BITS for s in seeds)
    assert max(seeds) >= 2**64  # 128 bits wide, not 31
    g = Game("kendall")
    assert g.throws == SHA256 and 0 <= g.seed < 2**SEED_BITS
    g = Game("kendall", seed=2**127 + 1)  # a page passes its own seed
    assert g.seed == 2**127 + 1 and g.generator.seed == g.seed


def test_C5_record_names_the_generator_and_round_trips():
    g = Game("tait", seed=2**127 + 11)
    for _ in range(30):
        if g.state.throw is None:
            g.throw()
        else:
            g.play(g.state.legal_actions()[-1])
    text = g.record_text()
    assert text.splitlines()[1:4] == ["variant tait", f"seed {2**127 + 11}", "throws sha256"]
    again = Game.from_record(text)
    assert again.throws == SHA256 and again.state == g.state and again.record_text() == text
    assert [again.generator.throw(6) for _ in range(10)] == [g.generator.throw(6) for _ in range(10)]
    # the same game with the legacy generator named explicitly
    legacy = Game.from_record(OLD_RECORD.replace("seed 7\n", "seed 7\nthrows mt19937\n"))
    assert legacy.throws == MT19937 and legacy.state == Game.from_record(OLD_RECORD).state


def test_C5_a_session_save_carries_the_generator():
    s = Session("havens", {1: Seat("human", "Ann"), 2: Seat("expert")}, seed=2**126 + 9)
    for _ in range(12):
        s.throw()
        if s.state.throw is not None:
            s.play(s.state.legal_actions()[0])
    data = json.loads(s.to_json())
    assert "\nthrows sha256\n" in data["record"]
    back = Session.from_json(s.to_json())
    assert back.game.throws == SHA256 and back.state == s.state
    assert [back.game.generator.throw(5) for _ in range(8)] == [s.game.generator.throw(5) for _ in range(8)]


def test_C5_unknown_generator_is_a_record_error():
    with pytest.raises(senet.RecordError, match="line 4: unknown throw generator 'xorshift'"):
        Game.from_record("senet-record 1\nvariant kendall\nseed 7\nthrows xorshift\n")
    with pytest.raises(senet.RecordError, match="'throws' is given twice"):
        Game.from_record("senet-record 1\nvariant kendall\nthrows sha256\nthrows sha256\n")
    with pytest.raises(ValueError, match="unknown throw generator"):
        Game("kendall", seed=1, throws="xorshift")
