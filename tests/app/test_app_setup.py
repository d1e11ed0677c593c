"""The page's portable pieces under CPython: Setup and the other value classes, the URL
parser that stands in for urllib's, the injected randomness, and the stand-in player
that may fail to run on the page (the same run under MicroPython:
tests/app/test_micropython_app.py)."""

import asyncio
import random
import sys
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from app_harness import View, no_sleep, play_as_human, run_async

from app.flow.controller import Controller, Setup, system_random_bytes
from app.flow.setup import parse_query, setup_from_query, utf8_text
from app.flow.turn_loop import fallback_broken
from app.storage.store import KeptGame, SavedGame, Settings
from senet.session import Session

ROOT = Path(__file__).resolve().parents[2]

# ---------------------------------------------------------------- value classes


def test_setup_is_a_frozen_value_with_replace():
    setup = Setup("tait", ["human", "novice"], seed=3)
    assert setup.players == ("human", "novice")  # lists become tuples
    assert setup == Setup("tait", ("human", "novice"), ("", ""), 3, "normal", None, None)
    assert setup != Setup("tait", ("human", "novice"), seed=4) and setup != ("tait",)
    assert hash(setup) == hash(Setup("tait", ("human", "novice"), seed=3))
    faster = setup.replace(speed="fast", seed=None)
    assert (faster.speed, faster.seed, faster.variant, setup.speed) == ("fast", None, "tait", "normal")
    with pytest.raises(AttributeError):
        setup.speed = "fast"
    with pytest.raises(TypeError):
        setup.replace(sped="fast")
    assert repr(setup).startswith("Setup(variant='tait', players=('human', 'novice'),")
    assert setup.as_dict()["seed"] == 3


def test_storage_values_replace():
    settings = Settings()
    assert settings.replace(hints=True) == Settings("normal", True, False, True)
    with pytest.raises(AttributeError):
        settings.hints = True
    saved = SavedGame(Session("kendall", seed=1), 5000)
    stamped = saved.replace(saved_at=12)
    assert stamped.saved_at == 12 and saved.saved_at is None and stamped.session is saved.session
    saved.counted = True  # a saved game is not frozen
    kept = KeptGame("k", "t", "kendall", "Kendall", ["You", "Average"], 3, False, None)
    assert kept.players == ("You", "Average") and kept.replace(moves=4).summary().endswith("4 turns")


# ---------------------------------------------------------------- the URL


def test_the_query_parser_agrees_with_urllib_on_random_queries():
    rng = random.Random(7)
    pieces = ["a", "seed", "=", "&", "+", "%", "%2", "%41", "%e2%82", "%C3%A9", "%ff", "é", "?", "7", "%F0%9F%98%80"]
    for _ in range(5000):
        query = "".join(rng.choice(pieces) for _ in range(rng.randrange(12)))
        expected = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
        assert parse_query(query) == expected, query


def test_utf8_text_replaces_as_cpython_does():
    rng = random.Random(3)
    alphabet = [0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
    for _ in range(20000):
        data = bytes(rng.choice(alphabet) for _ in range(rng.randrange(1, 7)))
        assert utf8_text(data) == data.decode("utf-8", "replace"), data


def test_seeds_in_the_url():
    wide = str(2**128 + 5)
    setup, warnings = setup_from_query(f"?seed={wide}")
    assert setup.seed == 2**128 + 5 and warnings == []
    for bad in ("-3", "%2B3", "1_000", "²", "7.0", "x"):
        setup, warnings = setup_from_query(f"?seed={bad}&white=human")
        assert setup.seed is None and warnings[0].startswith("the seed must be a whole number"), bad
    setup, warnings = setup_from_query("?expert_nodes=²")  # a digit, but not one int() reads
    assert setup.expert_nodes is None and warnings[0].startswith("expert_nodes must be")
    setup, warnings = setup_from_query("?seed=" + "9" * 101)  # more digits than a record holds
    assert setup.seed is None and warnings[0].startswith("the seed must be a whole number"), warnings


def test_hostile_links_start_a_playable_game():
    """Issue 18: a position with a pending throw (a game begins with a throw), names with
    control or direction-override characters, and values that would break the message
    line are refused or cleaned where they enter, and the game they start plays."""
    pending = "kendall%20wbwbwbwbwbwbwb................%20b%204%20w=0/0,b=0/0%20-"
    setup, warnings = setup_from_query(f"?position={pending}&white_name=A%0AB%E2%80%AEC&speed=%0Afast")
    assert setup.position is None and any("pending throw" in w for w in warnings), warnings
    assert setup.names[0] == "A B C"
    assert all("\n" not in w and "\u202e" not in w for w in warnings), warnings
    ctl = Controller(setup=setup)
    ctl.table.game.throw()
    assert ctl.table.game.state.legal_actions()


# ---------------------------------------------------------------- randomness


def test_new_games_take_their_seed_and_id_from_random_bytes():
    asked = []

    def random_bytes(n):
        asked.append(n)
        return bytes(range(1, n + 1))

    ctl = Controller(setup=Setup("kendall", ("human", "human")), random_bytes=random_bytes)
    assert ctl.table.game.seed == int.from_bytes(bytes(range(1, 17)), "big") and ctl.table.game.seed > 2**120
    # 3 bytes pick the offered phrase's words (app/words/phrases.py): 1, 2, 3
    assert ctl.table.game_id == "0102030405060708" and asked == [16, 3, 8]
    assert ctl.table.game.throws == "sha256-commit" and ctl.table.game.phrase == "anchor barley beetle"
    ctl.new_game(Setup("kendall", ("human", "human"), seed=5), start=False)
    # a given seed takes no bytes, and without a phrase its throws are the plain sha256 ones
    assert ctl.table.game.seed == 5 and asked == [16, 3, 8, 8] and ctl.table.game.throws == "sha256"
    assert len(system_random_bytes(16)) == 16
    ids = {Controller(setup=Setup("kendall", ("human", "human"))).table.game_id for _ in range(20)}
    assert len(ids) == 20 and all(len(i) == 16 for i in ids)


# ---------------------------------------------------------------- the stand-in player


def test_without_a_stand_in_the_first_legal_move_is_played(monkeypatch):
    monkeypatch.setitem(sys.modules, "senet.ai", None)  # `from senet.ai import ...` fails

    async def run():
        ctl = Controller(View(), setup=Setup("tait", ("human", "novice"), seed=2, speed="instant"), sleep=no_sleep)
        ctl.start()
        assert await play_as_human(ctl, 200)  # to the end, with the first legal moves
        return ctl

    ctl = run_async(run())
    assert ctl.table.game.actions > 30 and ctl.turn_loop.fallback_error is not None
    assert ctl.view.notices == [fallback_broken(ctl.turn_loop.fallback_error)]  # told once


def test_a_failing_worker_without_a_stand_in(monkeypatch):
    monkeypatch.setitem(sys.modules, "senet.ai", None)

    async def broken(position, level, seed):
        raise RuntimeError("simulated worker failure")

    async def run():
        ctl = Controller(View(), broken, setup=Setup("kendall", ("expert", "expert"), seed=4,
                                                               speed="instant"), sleep=no_sleep)
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        return ctl

    ctl = run_async(run())
    assert ctl.table.game.over and ctl.turn_loop.worker_down
    first, last = ctl.view.notices
    assert first.startswith("The Expert player stopped working, and no other player could take its place")
    assert "the first possible move was played" in first and "chose this move" not in first
    assert last.endswith("Until you choose Try again or reload the page, the computer plays its first possible move.")


def test_a_worker_may_answer_with_any_awaitable():
    """On the page a worker call gives a JavaScript promise, not a coroutine."""
    calls = []

    def think(position, level, seed):
        calls.append(level)
        future = asyncio.get_running_loop().create_future()
        future.set_result("throw")
        return future

    async def run():
        ctl = Controller(View(), think, setup=Setup("tait", ("expert", "expert"), seed=1, speed="instant"),
                         sleep=no_sleep)
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        return ctl

    ctl = run_async(run())
    # "throw" is no move: each decision falls back to the first legal one, not to the stand-in
    assert ctl.table.game.over and calls and ctl.view.notices == [] and ctl.turn_loop.worker_failures == 0


def test_before_think_is_awaited_outside_the_timeout():
    """The page waits for the worker to boot (seconds) before asking it, and that wait
    does not count against think_timeout; a failing boot is a failing worker."""
    events = []

    async def boot():
        events.append("boot")
        await asyncio.sleep(0.05)

    async def think(position, level, seed):
        events.append("think")
        return "throw"

    async def run(before_think):
        ctl = Controller(View(), think, setup=Setup("tait", ("expert", "expert"), seed=1, speed="instant"),
                         sleep=no_sleep, think_timeout=0.03, before_think=before_think)
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        return ctl

    ctl = run_async(run(boot))
    assert ctl.table.game.over and not ctl.turn_loop.worker_down and ctl.view.notices == []
    assert events[:2] == ["boot", "think"] and events.count("boot") == events.count("think")

    async def no_boot():
        raise RuntimeError("the background player did not start")

    ctl = run_async(run(no_boot))
    assert ctl.table.game.over and ctl.turn_loop.worker_down and "stopped working" in ctl.view.notices[0]
    assert any("did not start" in e for e in ctl.view.errors)  # the error: for the console


def test_novice_and_average_decide_on_the_page_without_the_worker():
    """Issue 26: only the Expert thinks in the worker. A game of Novice against Average
    never waits for the worker to boot and never asks it, and each decision is marked
    (the page's performance "senet:think" measure) with its level."""
    asked, marked = [], []

    async def worker(*args):
        asked.append(args)
        return "throw"

    async def boot():
        asked.append("boot")

    def timer(level, what):
        return lambda: marked.append((level, what))

    async def run():
        ctl = Controller(View(), worker, setup=Setup("kendall", ("novice", "average"), seed=6,
                                                             speed="instant"),
                         sleep=no_sleep, before_think=boot, think_timer=timer)
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        return ctl

    ctl = run_async(run())
    assert ctl.table.game.over and asked == [] and ctl.view.notices == []
    assert {level for level, _ in marked} == {"novice", "average"}
    assert any(what == "pre-throw" for _, what in marked) and any(what == "move" for _, what in marked)


def test_each_name_once_kinds_colours_and_seat_labels():
    """app/words/names.py holds the page's names; the computer levels are the engine's."""
    import senet.ai
    from app.words import names

    assert names.KINDS == ("human",) + senet.ai.LEVELS
    assert names.KIND_NAMES["average"] == "Average" and names.SIDE_NAMES == {"w": "White", "b": "Black"}
    assert names.seat_label(("average", "human"), ("", ""), 2) == "You"
    assert names.seat_label(("human", "human"), ("", ""), 1) == "Player 1"
    assert names.seat_label(("expert", "expert"), ("", ""), 2) == "Expert 2"
    assert names.seat_label(("expert", "novice"), ("", " Ann "), 2) == "Ann"
    assert names.seat_label(("mystery", "human"), ("", ""), 1) == "mystery"  # an old save's kind
