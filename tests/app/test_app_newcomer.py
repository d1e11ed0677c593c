"""A newcomer's first ten minutes, the DOM-free parts: a game between two devices calls
the player at this device "you"; the board previews one thing at a time (the Expert's
suggestion or the piece the player looks at); the pieces in a tray stand apart; a
Piccione piece chosen says that a shorter move keeps the rest of the throw; the
tutorial says "tap" on a touch screen; the throw statistics give no test figure before
it means something (docs/app.md)."""

import pytest
from online_pair import connect, deliver

from app.flow.controller import Controller, Setup
from app.flow.tutorial import Tutorial
from app.game.pieces import TRAY_SCALE, TRAY_SPACING, tray_row
from app.view.previews import one_preview
from app.view.throw_chart import chart_words
from senet.throw_stats import MIN_THROWS


def test_a_game_between_two_devices_calls_the_player_at_each_you():
    host, guest = connect()  # Ann hosts as player 1 (white); Bob, the guest, plays black
    assert host.ctl.table.seat_name(1) == "You" and host.ctl.table.seat_name(2) == "Bob"
    assert guest.ctl.table.seat_name(2) == "You" and guest.ctl.table.seat_name(1) == "Ann"
    assert (host.ctl.table.you, guest.ctl.table.you) == ("w", "b")
    assert (host.ctl.table.here, guest.ctl.table.here) == (1, 2)
    # Kendall: black throws first: the guest's own turn is said to the guest as "you"
    assert guest.ctl.throw()
    deliver(host, guest)
    assert guest.ctl.table.message.startswith("You "), guest.ctl.table.message
    assert host.ctl.table.message.startswith("Black "), host.ctl.table.message  # the other side by its colour
    # the record keeps the names the players gave
    record = host.ctl.table.session.record_text()
    assert "player 1 human Ann" in record and "player 2 human Bob" in record


class _Move:
    def __init__(self, src, dst):
        self.src, self.dst = src, dst


def test_the_board_previews_one_thing_at_a_time():
    hints = {7, 8}
    suggested = _Move(4, 7)
    # no suggestion: the piece the player looks at
    assert one_preview(None, 5, True, hints, None) == (hints, None)
    # a suggestion, nothing looked at (or a focus the page placed): the suggestion alone
    assert one_preview(None, None, True, set(), suggested) == (set(), 7)
    assert one_preview(None, 5, False, hints, suggested) == (set(), 7)
    # the player points at, tabs to or selects another piece: its preview alone
    assert one_preview(None, 5, True, hints, suggested) == (hints, None)
    assert one_preview(5, None, True, set(), suggested) == (set(), None)
    # the suggested piece itself: the suggestion
    assert one_preview(None, 4, True, {7}, suggested) == (set(), 7)
    assert one_preview(4, None, True, set(), suggested) == (set(), 7)


@pytest.mark.parametrize("width,count", [(396, 7), (396, 10), (143, 5), (143, 4), (143, 2), (143, 1)])
def test_pieces_in_a_tray_stand_apart_and_inside_it(width, count):
    piece = 68
    scale, step = tray_row(width, count, piece)
    size = piece * scale
    assert 0 < scale <= TRAY_SCALE
    if count > 1:
        assert step >= TRAY_SPACING * size - 0.01  # two spools (0.6 of their box wide) never overlap
        assert (count - 1) * step + size <= width + 0.01
    # Kendall's trays keep the size they always had; only a crowded narrow tray shrinks
    assert (scale == TRAY_SCALE) == (width / (1 + TRAY_SPACING * max(0, count - 1)) / piece >= TRAY_SCALE)


def test_piccione_a_piece_chosen_says_a_shorter_move_keeps_the_rest():
    from app.view.controls import ControlsDrawing

    class Drawing(ControlsDrawing):
        worker_starting = False

    ctl = Controller(setup=Setup("piccione", ("human", "human"), seed=3, speed="instant"))
    words = []
    for _ in range(400):  # two people's turns until a piece has several targets
        table = ctl.table
        if table.can_throw:
            ctl.throw()
        elif table.must_pass:
            ctl.pass_turn()
        elif table.movable:
            loc = max(table.movable, key=lambda at: len(table.movable[at]))
            ctl.activate(loc, touch=True)  # a tap: the piece is chosen, its targets shown
            words.append((len(ctl.table.targets), Drawing.prompt_text(Drawing(), ctl)))
            if len(ctl.table.targets) > 1:
                break
            ctl.activate(next(iter(ctl.table.targets)), touch=True)
    assert words[-1] == (words[-1][0], "Choose where to move it: a shorter move keeps the rest of the throw.")
    assert words[-1][0] > 1
    # with one target only (nothing shorter to choose), the plain words
    assert all(text == "Choose where to move it." for count, text in words if count == 1)
    # Kendall uses a throw whole: the plain words
    kendall = Controller(setup=Setup("kendall", ("human", "human"), seed=3, speed="instant"))
    assert "shorter" not in Drawing.prompt_text(Drawing(), kendall)


def test_the_tutorial_says_tap_on_a_touch_screen():
    for touch, words in ((False, "click it, or press Enter"), (True, "tap it to see where it lands, then tap square 16")):
        tutorial = Tutorial("kendall", touch=touch)
        tutorial.on_throw(2)
        assert words in tutorial.task()
        assert ("click" in tutorial.task()) is not touch


def test_the_throw_statistics_give_no_test_figure_before_it_means_something():
    one_four = {1: 0, 2: 0, 3: 0, 4: 1, 0: 0}  # one throw of 4: chi-square 15, p = 0.005
    words = chart_words(one_four)
    assert words == f"1 throw so far: too few to tell whether the sticks are fair. That takes at least {MIN_THROWS}."
    assert "chi-square" not in words and "p =" not in words
    fair = {1: 20, 2: 30, 3: 20, 4: 5, 0: 5}
    assert chart_words(fair).startswith("Over 80 throws the counts fit the 4:6:4:1:1 odds of fair sticks (chi-square")
    assert chart_words(dict.fromkeys((1, 2, 3, 4, 0), 0)) == "No throws yet."


def test_the_first_paints_guess_of_a_first_visit_reads_the_keys_the_app_decides_by():
    # app/view/theme.js shows the tutorial's offer before Python runs: its lists must be the
    # app's own, or the offer would come and go after the first paint
    import json
    import re
    from pathlib import Path

    from app.storage.formats import SAVE_KEY, SETTINGS_KEY, TUTORIAL_ANSWERS
    from app.words.names import QUERY_KEYS

    text = (Path(__file__).resolve().parents[2] / "app" / "view" / "theme.js").read_text(encoding="utf-8")
    link_keys = json.loads(re.search(r"LINK_KEYS = (\[[^\]]*\])", text).group(1))
    answers = json.loads(re.search(r"ANSWERS = (\[[^\]]*\])", text).group(1))
    assert sorted(link_keys) == sorted([*QUERY_KEYS, "tutorial"])
    assert sorted(answers) == sorted(TUTORIAL_ANSWERS)
    assert f'"{SAVE_KEY}"' in text and f'"{SETTINGS_KEY}"' in text


# ---------------------------------------------------------------- a turn as players count it


def _seeded_game_to_end():
    """Kendall, the Novice (white) against you (black), seed 4, played to its end by
    app_harness.human_step; returns the Controller and the saved session (JSON) at each
    moment you were about to throw right after the Novice's turn."""
    import asyncio

    from app_harness import View, engine_think, human_step, no_sleep, run_async

    ctl = Controller(View(), engine_think, sleep=no_sleep,
                     setup=Setup("kendall", ("novice", "human"), seed=4, speed="instant"))
    saved = []

    async def run():
        ctl.start()
        for _ in range(5000):
            await ctl.turn_loop.idle()
            if ctl.table.game.over:
                return
            entries = ctl.table.game.entries
            if ctl.table.can_throw and entries and entries[-1].side == "w" and not entries[-1].draw:
                saved.append(ctl.table.session.to_json())
            if not human_step(ctl):
                await asyncio.sleep(0)
        raise AssertionError("the game did not end")

    run_async(run())
    return ctl, saved


def _turns_by_hand(entries) -> int:
    """The record's turns, counted as players do: a new turn where the side changes."""
    sides = [e.side for e in entries if not e.draw]
    return (1 + sum(1 for a, b in zip(sides, sides[1:]) if a != b)) if sides else 0


def test_the_log_numbers_turns_as_players_do_and_groups_extra_throws_under_them():
    from app.game.counting import turn_under_way, turns_played
    from app.view.panels import count_words

    ctl, _saved = _seeded_game_to_end()
    game = ctl.table.game
    groups = ctl.log_groups()  # oldest first: (number, who, ((step, text, mark), ...newest first))
    expected = _turns_by_hand(game.entries)
    assert expected < len(game.entries)  # some turns had extra throws
    assert [g[0] for g in groups] == list(range(1, expected + 1))
    # the game-over card's count is the log's
    assert turns_played(game) == expected == ctl.summary()["turns"]
    assert count_words(ctl.summary()["turns"]) == f"{expected} turns"
    for (_n, who, _steps), (_m, then, _s) in zip(groups, groups[1:]):
        assert who != then  # never "Turn 13: You (black)", then "Turn 14: You (black)"
    extra = 0
    for number, _who, steps in groups:
        lines = [game.entries[step - 1] for step, _text, _mark in reversed(steps)]  # oldest first
        assert len({e.side for e in lines}) == 1
        # a throw is followed within its turn only by the extra throw a 1, 4 or 5 gives
        for before, line in zip(lines, lines[1:]):
            assert before.throw in (1, 4, 5) or line.throw is None, (number, lines)
            extra += 1
        assert [mark for _step, _text, mark in reversed(steps)] == [
            (number, k, len(lines)) for k in range(1, len(lines) + 1)]
    assert extra
    assert game.over and not turn_under_way(game)


def test_after_a_reload_no_turn_is_under_way_until_the_side_to_act_throws():
    from app_harness import View, engine_think, no_sleep

    from app.game.counting import turn_under_way, turns_played
    from app.words.narration import resume_text
    from senet.session import Session

    _ctl, saved = _seeded_game_to_end()
    assert len(saved) > 10
    reloaded = Controller(View(), engine_think, sleep=no_sleep, setup=Setup())
    reloaded.load(Session.from_json(saved[10]), 0, True)
    reloaded.start()
    game = reloaded.table.game
    assert reloaded.table.can_throw and game.state.side == "b"
    # the Novice's turn is over, yours has no line yet: the log marks no turn "this turn"
    assert not turn_under_way(game)
    newest = reloaded.log_groups()[-1]
    assert "Novice" in newest[1] and newest[0] == turns_played(game) == _turns_by_hand(game.entries)
    assert f"({newest[0]} turns so far)" in resume_text(reloaded.table)
    # you throw: your turn begins, numbered next, and is the one under way until it ends
    assert reloaded.throw()
    assert turn_under_way(game := reloaded.table.game)
    assert reloaded.log_groups()[-1][0] == newest[0] + 1


# ---------------------------------------------------------------- a forced move, said why


def _you_throw(position, value, players=("novice", "human")):
    """A Controller at ``position`` (before its throw) where you throw ``value``."""
    from app_harness import View, engine_think, no_sleep

    ctl = Controller(View(), engine_think, sleep=no_sleep,
                     setup=Setup("kendall", players, seed=1, speed="instant", position=position))
    ctl.start()
    ctl.do_throw(value)
    return ctl


def test_k6_when_every_move_goes_back_the_throw_says_why():
    # black to throw: 14, 16 and 25; a 2 moves no piece forward (16 and 25 blocked, 14 onto 16)
    ctl = _you_throw("kendall ...ww....w...b.b.ww..w..b..... b - w=0/1,b=0/4 -", 2)
    moves = [m for m in ctl.table.state.legal_actions() if not m.is_special]
    assert moves and all(m.dst < m.src for m in moves)
    assert ctl.table.message == ("You threw 2. No piece can move forward (the white piece on 18 is protected by"
                                 " a neighbour of its colour, and no piece may move past square 26 in one move),"
                                 " so a piece must move back.")


def test_when_only_one_piece_may_move_the_throw_says_why_the_others_cannot():
    ctl = _you_throw("kendall wbwwwbbbwbwbwb................ w - w=0/0,b=0/0 -", 2, ("human", "novice"))
    assert {m.src for m in ctl.table.state.legal_actions()} == {13}
    assert ctl.table.message == ("You threw 2. Only your piece on 13 can move: the black piece on 6 is protected"
                                 " by a neighbour of its colour, and the black piece on 7 is protected by a"
                                 " neighbour of its colour.")
    # a throw with a choice says only the throw
    ctl = _you_throw("kendall wbwwwbbbwbwbwb................ w - w=0/0,b=0/0 -", 1, ("human", "novice"))
    if len({m.src for m in ctl.table.state.legal_actions()}) > 1:
        assert ctl.table.message == "You threw 1."
