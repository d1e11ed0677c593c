"""The app's game flow (app/flow/controller.py) under CPython: no browser needed.

The Controller is the DOM-free half of the page; these tests drive it the way the
page does (throws, clicks on places, the computer loop with a `think` coroutine)
and check the piece identities the view animates, the messages and the URL setup.
"""

import asyncio
import random
from pathlib import Path

import pytest
from app_harness import View, engine_think, no_sleep, play_as_human, play_to_end, run_async, seeded_bytes

import senet
from app.flow import turn_loop
from app.flow.controller import Controller, Setup
from app.flow.setup import setup_from_query
from app.flow.turn_loop import BURST_MS, HAND_BACK_S, PACE, PASS_DELAY
from app.game.pieces import PieceTracker, place_of_square

ROOT = Path(__file__).resolve().parents[2]


class RecordingView(View):
    """Checks after every render that the piece identities match the board."""

    def __init__(self):
        super().__init__()
        self.renders = 0

    def render(self, ctl):
        self.renders += 1
        assert_tracker_matches(ctl.table.tracker, ctl.table.state)


def assert_tracker_matches(tracker: PieceTracker, state: senet.State) -> None:
    for i, colour in enumerate("wb"):
        squares = sorted(loc for pid, loc in tracker.loc.items() if pid[0] == colour and isinstance(loc, int))
        assert squares == state.pieces(colour), state.position()
        assert len(tracker.at("supply", colour)) == state.supply[i], state.position()
        assert len(tracker.at("off", colour)) == state.off[i], state.position()


def make(setup: Setup, view=None, **kw) -> Controller:
    kw.setdefault("sleep", no_sleep)
    return Controller(view or RecordingView(), engine_think, setup=setup, **kw)


# ---------------------------------------------------------------- setup from the URL


def test_query_gives_a_setup():
    setup, warnings = setup_from_query("?variant=kendall&white=expert&black=human&seed=7&speed=instant")
    assert warnings == []
    assert setup == Setup("kendall", ("expert", "human"), ("", ""), 7, "instant")


def test_query_without_game_parameters_gives_none():
    assert setup_from_query("") == (None, [])
    assert setup_from_query("?utm=1") == (None, [])


def test_query_skips_bad_values_with_warnings():
    base = Setup("tait", ("human", "novice"))
    setup, warnings = setup_from_query("?variant=chess&white=robot&seed=x&speed=warp&black_name=Ann", base)
    assert setup.variant == "tait" and setup.players == ("human", "novice")
    assert setup.seed is None and setup.speed == "normal" and setup.names == ("", "Ann")
    assert len(warnings) == 4


def test_query_can_start_from_a_position():
    text = "kendall wbwbwbwbwbwbw.............b... b - w=0/0,b=0/0 -"
    setup, warnings = setup_from_query("?position=" + text.replace(" ", "+") + "&black=human")
    assert warnings == [] and setup.position == text and setup.variant == "kendall"
    ctl = make(setup)
    assert ctl.table.state.position() == text
    assert ctl.table.can_rescue
    _, warnings = setup_from_query("?position=kendall+nonsense")
    assert warnings and "bad position" in warnings[0]


def test_setup_checks_its_values():
    with pytest.raises(ValueError):
        Setup("kendall", ("human", "grandmaster")).checked()


# ---------------------------------------------------------------- computer games


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_computer_game_runs_to_the_end(variant):
    async def run():
        ctl = make(Setup(variant, ("novice", "average"), seed=11, speed="instant"))
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), timeout=120)
        return ctl

    ctl = run_async(run())
    assert ctl.table.game.over
    assert ctl.view.errors == []
    assert ctl.view.messages[-1].endswith(ctl.result_text())
    state = ctl.table.state
    assert state.is_terminal or ctl.table.game.result == "draw"


def _game_and_its_sleeps(setup: Setup):
    """A game of ``setup`` played to its end with a sleep that only notes what it is
    asked: (the Controller, the seconds of each sleep, in order)."""
    waited = []

    async def sleep(seconds):
        waited.append(seconds)
        await asyncio.sleep(0)

    async def run():
        ctl = make(setup, sleep=sleep)
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), timeout=60)
        return ctl

    return run_async(run()), waited


def test_paces_and_pass_delays_are_waited():
    ctl, waited = _game_and_its_sleeps(Setup("kendall", ("novice", "novice"), seed=3, speed="slow"))
    assert ctl.table.game.over
    assert PACE["slow"] in waited and PACE["slow"] * 0.6 in waited
    assert PASS_DELAY["slow"] not in waited  # only a human's lost throw waits for that


def test_the_experts_think_in_the_worker_overlaps_the_pace_and_the_steps_keep_it_apart(monkeypatch):
    """The worker is asked at once; the pace then waits only for what the think left of it
    (a first start's wait for the worker counts too), and a think longer than the pace is
    followed by no pace at all. A throw, which nobody thinks about, waits the whole pace."""
    clock = [0]
    monkeypatch.setattr(turn_loop, "ticks_ms", lambda: clock[0])
    events = []

    async def think(position, level, seed):
        took = 400 if not any(e[0] == "think" for e in events) else 2000  # ms: the first, then the others
        clock[0] += took
        events.append(("think", took))
        return str(senet.parse_position(position).legal_actions()[0])

    async def sleep(seconds):
        events.append(("sleep", seconds))
        await asyncio.sleep(0)

    async def run():
        ctl = Controller(RecordingView(), think, sleep=sleep,
                         setup=Setup("kendall", ("expert", "expert"), seed=5, speed="slow"))
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), timeout=60)
        return ctl

    ctl = run_async(run())
    assert ctl.table.game.over and ctl.view.errors == []
    pace = PACE["slow"]
    after = [events[i + 1] if i + 1 < len(events) else None for i, e in enumerate(events) if e[0] == "think"]
    assert len(after) > 20
    assert after[0] == ("sleep", pytest.approx(pace - 0.4))  # the first: 0.4 s of thinking, 0.8 s of pace left
    # later thinks take 2 s: no pace after them, only the shown move's 60% (or the next step's pace)
    assert all(e is None or e == ("sleep", pace * 0.6) or e == ("sleep", pace) for e in after[1:])
    assert ("sleep", pace * 0.6) in after[1:]
    throws = sum(1 for e in events if e == ("sleep", pace))
    assert throws > 20  # the throws (and forced moves) wait the whole pace before them


def test_the_experts_opening_book_answers_before_the_worker_is_asked():
    """TurnLoop.book (the page's opening book) is asked first at each of the Expert's
    decisions: where it answers, that action is played and the worker is not asked (nor
    waited for: ``before_think``); where it has none, the worker decides. Average's
    decisions on the page never ask the book."""
    book_asked, thought, waited = [], [], []

    async def book(state, level):
        book_asked.append((state.position(), level))
        return str(state.legal_actions()[-1]) if len(book_asked) <= 3 else None

    async def think(position, level, seed):
        thought.append(position)
        return str(senet.parse_position(position).legal_actions()[0])

    async def before_think():
        waited.append(True)

    async def run():
        ctl = Controller(RecordingView(), think, sleep=no_sleep, before_think=before_think,
                         setup=Setup("kendall", ("average", "expert"), seed=5, speed="instant"))
        ctl.turn_loop.book = book
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), timeout=60)
        return ctl

    ctl = run_async(run())
    assert ctl.table.game.over and ctl.view.errors == []
    assert {level for _, level in book_asked} == {"expert"}
    booked = [position for position, _ in book_asked[:3]]
    assert not set(booked) & set(thought)  # the book's decisions never reached the worker
    assert len(waited) == len(thought) == len(book_asked) - 3 > 10
    game = ctl.table.game
    played = {}
    for before, entry in zip(game.states, game.entries[:12]):  # the game's first lines
        decided = before.apply(entry.throw) if entry.throw is not None else before
        played.setdefault(decided.position(), entry.action)
    for position in booked:  # the book's action is what was played there
        assert played[position] == senet.parse_position(position).legal_actions()[-1]


@pytest.mark.parametrize("ms_per_read", [0, 7])
def test_at_speed_instant_the_computers_hand_the_page_back_once_they_held_it_burst_ms(monkeypatch, ms_per_read):
    """PyScript's MicroPython runs every ready task before the browser's next one, so
    sleep(0) alone would keep a game of two computers on the page's main thread to its end.
    A clock that advances ``ms_per_read`` at every reading: once the steps since the last
    hand-back have held it BURST_MS, the loop sleeps HAND_BACK_S (a browser timer) before
    its next step; a clock that stands still never asks for one."""
    clock = [0]

    def ticks_ms():
        clock[0] += ms_per_read
        return clock[0]

    monkeypatch.setattr(turn_loop, "ticks_ms", ticks_ms)
    ctl, waited = _game_and_its_sleeps(Setup("kendall", ("novice", "average"), seed=3, speed="instant"))
    assert ctl.table.game.over
    assert set(waited) <= {0, HAND_BACK_S, PASS_DELAY["instant"]}
    if not ms_per_read:
        assert HAND_BACK_S not in waited and waited.count(0) > 100
        return
    runs = "".join("h" if s == HAND_BACK_S else "." if s == 0 else "" for s in waited).split("h")
    assert len(runs) > 20  # handed back all through the game
    assert max(len(r) for r in runs) <= BURST_MS // ms_per_read + 1  # never held longer


def test_a_new_game_stops_the_old_computer_turn():
    gate = asyncio.Event()
    calls = []

    async def slow_think(position, level, seed):
        calls.append(position)
        await gate.wait()
        return str(senet.parse_position(position).legal_actions()[0])

    async def run():
        ctl = Controller(RecordingView(), slow_think, sleep=no_sleep,
                         setup=Setup("kendall", ("expert", "expert"), seed=5, speed="instant"))
        ctl.start()
        while not calls:
            await asyncio.sleep(0)
        old_game = ctl.table.game
        old_turns = list(ctl.turn_loop.tasks)  # the old game's computer turn, still waiting for its answer
        assert old_turns
        ctl.new_game(Setup("tait", ("human", "human"), seed=1))
        gate.set()
        # The stale answer arrives: wait until the old turn has dealt with it (not a fixed sleep).
        await asyncio.wait_for(asyncio.gather(*old_turns), timeout=60)
        return ctl, old_game

    ctl, old_game = run_async(run())
    assert ctl.table.game.variant == "tait" and ctl.table.game.actions == 0
    assert old_game.state.throw is not None  # the stale answer was never played


# ---------------------------------------------------------------- a human's turns


def play_human_game(variant: str, seed: int, rng: random.Random) -> Controller:
    """A human (random clicks, a rescue half the time) against a Novice, to the end."""

    async def run():
        ctl = make(Setup(variant, ("human", "novice"), seed=seed, speed="instant"))
        ctl.start()
        await play_to_end(ctl, piece=rng.choice, target=rng.choice, rescue=lambda: rng.random() < 0.5)
        return ctl

    return run_async(run())


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_human_against_a_computer(variant):
    rng = random.Random(variant)
    messages = []
    for seed in range(2):
        ctl = play_human_game(variant, seed, rng)
        assert ctl.table.game.over
        messages += ctl.view.messages
    text = "\n".join(messages)
    assert "threw" in text
    if variant not in ("bell",):
        assert "throws again" in text or variant == "bell"
    if variant == "piccione":  # P4: nothing is ever hit; pieces go back by themselves
        assert "bumped" not in text and "goes back to the supply" in text
    else:
        assert "bumped" in text or "sent back to the supply" in text


def test_messages_name_passes_bumps_and_the_water():
    rng = random.Random(1)
    text = ""
    for seed in range(4):
        text += "\n".join(play_human_game("kendall", seed, rng).view.messages)
    assert "the throw is lost" in text
    assert "cannot move with a" in text
    assert "bumped" in text
    assert "throws again" in text
    assert "water" in text


def test_clicks_that_mean_nothing_change_nothing():
    async def run():
        ctl = make(Setup("kendall", ("human", "human"), seed=7))
        ctl.start()
        before = ctl.table.state
        assert not ctl.activate(17)  # nothing to move before the throw
        assert ctl.throw()
        assert not ctl.throw()  # one throw at a time
        movable = ctl.table.movable
        empty = next(n for n in range(1, 31) if ctl.table.state.square(n) == "." and n not in movable)
        assert not ctl.activate(empty)
        assert ctl.table.state.throw is not None and ctl.table.state.board == before.board
        return ctl

    run_async(run())


def test_a_touch_selects_first_and_plays_on_the_second_tap():
    """On a touch screen a piece with one destination is selected by the first tap (its
    target shown), and played by a second tap on it; a tap elsewhere cancels."""
    async def run():
        ctl = make(Setup("kendall", ("human", "human"), seed=7))
        ctl.start()
        assert ctl.throw()
        single = [loc for loc, moves in ctl.table.movable.items() if len(moves) == 1]
        assert single, ctl.table.state.position()
        loc = single[0]
        move = ctl.table.movable[loc][0]
        before = ctl.table.state
        assert ctl.activate(loc, touch=True)
        assert ctl.table.state is before and ctl.table.selected == loc
        assert list(ctl.table.targets.values()) == [move]
        empty = next(n for n in range(1, 31) if ctl.table.state.square(n) == "." and n not in ctl.table.targets)
        assert not ctl.activate(empty, touch=True)  # a tap elsewhere cancels
        assert ctl.table.selected is None and ctl.table.state is before
        assert ctl.activate(loc, touch=True) and ctl.table.state is before
        assert ctl.activate(loc, touch=True)  # the second tap on the piece plays it
        assert ctl.table.state is not before and ctl.table.selected is None
        assert ctl.table.state.board == before.apply(move).board

    run_async(run())


def test_a_human_lost_throw_passes_by_itself():
    waited = []

    async def sleep(seconds):
        waited.append(seconds)
        await asyncio.sleep(0)

    async def run():
        for seed in range(200):
            ctl = make(Setup("kendall", ("human", "human"), seed=seed, speed="fast"), sleep=sleep)
            ctl.start()
            for _ in range(40):
                if not ctl.table.can_throw:
                    break
                ctl.throw()
                if ctl.table.state.legal_actions() == [senet.PASS]:
                    side = ctl.table.state.side
                    await ctl.turn_loop.idle()
                    assert PASS_DELAY["fast"] in waited
                    assert ctl.table.state.side != side or ctl.table.state.again is False
                    assert "cannot move with a" in ctl.table.message
                    return True
                moves = ctl.table.movable
                ctl.activate(next(iter(moves)))
        return False

    assert run_async(run())


def test_havens_result_shows_the_penalty():
    async def run():
        ctl = make(Setup("havens", ("novice", "novice"), seed=4, speed="instant"))
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), timeout=120)
        return ctl

    ctl = run_async(run())
    result = ctl.table.game.result
    assert result in ("w", "b")
    loser = "b" if result == "w" else "w"
    assert ctl.penalty == senet.penalty(ctl.table.state, loser)
    assert "penalty" in ctl.result_text()


def test_colour_draw_seats():
    async def run():
        ctl = make(Setup("jequier", ("human", "human"), ("Ann", "Bo"), seed=3))
        ctl.start()
        assert ctl.table.state.opening and ctl.table.colour_of(1) is None
        names = []
        while ctl.table.state.opening:
            names.append(ctl.table.seat_name(ctl.table.seat_to_act))
            ctl.throw()
        return ctl, names

    ctl, names = run_async(run())
    assert names[:2] == ["Ann", "Bo"]
    black_seat = ctl.table.seat_of("b")
    assert ctl.table.seat_to_act == black_seat  # black throws again after the draw
    assert f"{ctl.table.seat_name(black_seat)} plays black" in ctl.table.message
    assert ctl.table.tracker.loc  # the piece on 10 moved to 11
    assert 11 in ctl.table.state.pieces("b")


def test_place_of_square_names_the_supply_and_off():
    assert place_of_square(senet.SUPPLY) == "supply" and place_of_square(senet.OFF) == "off" and place_of_square(17) == 17


def test_the_top_piece_of_a_supply_enters():
    state = senet.start("bell").apply(2)
    tracker = PieceTracker(state)
    assert tracker.at("supply", "b") == [f"b{n}" for n in range(1, 11)]
    after = state.apply("in-29")
    tracker.update(after, senet.parse_move("in-29"), "b")
    assert tracker.loc["b10"] == 29
    assert_tracker_matches(tracker, after)


def test_play_again_starts_a_new_game_at_once():
    async def run():
        view = RecordingView()
        # the next game's seed comes from seeded bytes: the same game every run
        ctl = make(Setup("thibault", ("novice", "novice"), seed=3, speed="instant"), view,
                   random_bytes=seeded_bytes(3))
        ctl.start()
        await ctl.turn_loop.idle()
        assert ctl.table.game.over
        old_game, renders = ctl.table.game, view.renders
        ctl.play_again()
        assert ctl.table.game is not old_game and ctl.table.game.seed != 3
        assert view.renders > renders and view.messages[-1].startswith("New game")
        await ctl.turn_loop.idle()
        return ctl

    assert run_async(run()).table.game.over


# ---------------------------------------------------------------- names in a replayed record


def test_an_imported_record_replays_with_the_names_it_recorded():
    async def run():
        async def quick_think(position, level, seed):  # the Expert's seat, played fast
            return await engine_think(position, "novice", seed)

        ann = Controller(RecordingView(), quick_think, sleep=no_sleep,
                         setup=Setup("kendall", ("human", "expert"), ("Ann Lee", ""), seed=5, speed="instant"))
        ann.start()
        await play_to_end(ann)  # Ann plays her first legal move until the game is over
        exported = ann.record_text()
        assert "\nplayer 1 human Ann Lee\nplayer 2 expert\n" in exported
        assert ann.is_live_record(exported) and ann.is_live_record(ann.table.game.record_text())

        # someone else, playing their own game, imports it
        bo = make(Setup("kendall", ("human", "novice"), ("Bo", ""), seed=1, speed="instant"))
        bo.start()
        assert not bo.is_live_record(exported)
        bo.replays.open(senet.Game.from_record(exported), 0)
        assert (bo.table.seat_name(1), bo.table.seat_name(2)) == ("Ann Lee", "Expert")
        assert (bo.table.kind(1), bo.table.kind(2)) == ("human", "expert")
        assert bo.record_text() == exported  # exporting the replay keeps who played
        bo.replays.go(bo.table.replay.last)
        assert bo.table.game.result in ("w", "b")
        winner = "Ann Lee" if bo.table.game.result == "w" else "Expert"
        assert f"({winner}) wins" in bo.table.message
        bo.replays.close()
        assert (bo.table.seat_name(1), bo.table.seat_name(2)) == ("Bo", "Novice")

        # a record from before the "player" lines: the seats are "Player 1" and "Player 2"
        old = senet.Game.from_record(ann.table.game.record_text(players={}))
        bo.replays.open(old)
        assert (bo.table.seat_name(1), bo.table.seat_name(2)) == ("Player 1", "Player 2")
        assert (bo.table.kind(1), bo.table.kind(2)) == ("human", "human")
        # a record naming one seat only
        one = senet.Game.from_record(exported.replace("player 1 human Ann Lee\n", ""))
        bo.replays.open(one)
        assert (bo.table.seat_name(1), bo.table.seat_name(2)) == ("Player 1", "Expert")
        bo.replays.close()

        # the own game's record, pasted back in, keeps the live seats
        ann.replays.open(senet.Game.from_record(exported), own=True)
        assert (ann.table.seat_name(1), ann.table.seat_name(2)) == ("Ann Lee", "Expert")

    run_async(run())


# ---------------------------------------------------------------- one table shown, the live one aside


def test_a_replay_and_a_lesson_each_show_on_a_table_of_their_own():
    """The live game's Table waits aside, untouched, while a replay or a tutorial lesson
    shows on its own; closing them puts that very table back (what the controller once
    did by swapping 17 fields in and out)."""
    from app.flow.tutorial import Tutorial

    async def run():
        ctl = make(Setup("kendall", ("human", "novice"), seed=9, speed="instant"))
        ctl.start()
        assert not await play_as_human(ctl, 8)
        live = ctl.table
        assert ctl.live is live and live.replay is None and live.tutorial is None
        kept = (ctl.table.session.record_text(), ctl.table.state, ctl.table.game_id, ctl.table.last_move, ctl.table.last_throw, ctl.table.sticks,
                ctl.table.throws, dict(ctl.table.tracker.loc), ctl.table.message)

        ctl.replays.open(ctl.table.game, 1, own=True)
        shown = ctl.table
        assert shown is not live and ctl.live is live and ctl.table.replay is shown.replay is not None
        assert ctl.table.game_id != live.game_id and ctl.table.state is not live.state and not ctl.history.can_undo
        ctl.replays.go(ctl.table.replay.last)
        assert ctl.table.state.position() == live.state.position() and ctl.table.message.startswith(("Replay: Turn ", "Replay: Move "))

        ctl.lessons.open(Tutorial("kendall"))  # closes the replay first
        lesson = ctl.table
        assert lesson is not live and lesson is not shown and ctl.live is live
        assert ctl.table.tutorial is lesson.tutorial is not None and ctl.table.replay is None
        assert ctl.throw() and ctl.table.state is not lesson.session.game.start_state  # played on the lesson's board
        assert ctl.lessons.close()
        return ctl, live, kept

    ctl, live, kept = run_async(run())
    assert ctl.table is live and ctl.live is live
    now = (ctl.table.session.record_text(), ctl.table.state, ctl.table.game_id, ctl.table.last_move, ctl.table.last_throw, ctl.table.sticks,
           ctl.table.throws, dict(ctl.table.tracker.loc), ctl.table.message)
    assert now[:6] == kept[:6] and now[7] == kept[7]
    assert now[6] == 0  # the sticks are drawn again unanimated
    assert now[8] == "Back to your game."
