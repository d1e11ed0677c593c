"""Piccione: clauses P1-P9 (Ludii's rules text citing Piccione 1977), and C6."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from positions import moves, position, where

import senet
from senet import turns
from senet.describe import describe, events
from senet.game import Game

START = "piccione .............................. b - w=5/0,b=5/0 -"


def test_P1_all_pieces_in_the_supply_and_black_first():
    s = senet.start("piccione")
    assert s.position() == START
    assert s.side == "b" and s.is_chance
    assert s.rules.throw_values == (1, 2, 3, 4, 5)  # no light side = 5


def test_P2_a_part_leaves_the_rest_pending_for_the_same_side():
    s = position("piccione", white=[3], black=[20], side="w", throw=4, supply=(4, 4))
    assert moves(s) == {"3-4", "3-5", "3-6", "3-7"}  # any size from 1 to the throw
    nxt = s.apply("3-4")
    assert nxt.side == "w" and nxt.throw == 3 and nxt.to_act == "w"
    assert nxt.position() == "piccione ...w...............b.......... w 3 w=4/0,b=4/0 dir=f"
    assert moves(nxt) == {"4-5", "4-6", "4-7"}
    done = nxt.apply("4-7")  # the throw is used up: the turn passes
    assert done.side == "b" and done.throw is None and done.var == ()


def test_P2_a_part_larger_than_what_is_left_is_refused():
    s = position("piccione", white=[3], black=[20], side="w", throw=2, supply=(4, 4), flags="dir=f")
    with pytest.raises(senet.IllegalMove, match=r"3-6 uses 3 squares, but only 2 is left \(P2\)"):
        s.apply("3-6")


def test_P2_the_rest_is_lost_when_no_part_is_legal():
    # white's piece on 29 bears off with a part of 2; nothing can use the 2 left
    s = position("piccione", white=[29], black=[20], side="w", throw=4, supply=(0, 4), off=(4, 0))
    assert moves(s) == {"29-30", "29-off"}
    nxt = s.apply("29-off")
    assert nxt.is_terminal and nxt.winner == "w"
    s = position("piccione", white=[29, 10], black=[11], side="w", throw=4, supply=(0, 4), off=(3, 0))
    nxt = s.apply("29-off")  # 2 left: 10 passes over 11 to 12
    assert nxt.throw == 2 and moves(nxt) == {"10-12"}
    s = position("piccione", white=[29, 10], black=[11, 12], side="w", throw=4, supply=(0, 3), off=(3, 0))
    nxt = s.apply("29-off")  # 2 left, 11 and 12 taken, and the parts go forward (P5)
    assert nxt.side == "b" and nxt.throw is None
    ev = events(s, senet.parse_move("29-off"), nxt)
    lost = [e for e in ev if e["kind"] == "pass"]
    assert lost and lost[0]["rest"] and lost[0]["throw"] == 2
    assert "cannot use the 2 left of the throw" in " ".join(describe(s, senet.parse_move("29-off"), nxt))


def test_P2_an_entry_is_never_a_part():
    s = position("piccione", white=[5], black=[20], side="w", throw=1, supply=(4, 4), flags="dir=f")
    assert "in-1" not in moves(s)
    with pytest.raises(senet.IllegalMove, match="whole throw of 1"):
        s.apply("in-1")


def test_P3_entry_on_1_then_a_throw_again_with_that_piece_first():
    s = position("piccione", white=[5], black=[20], side="w", throw=1, supply=(4, 4))
    assert "in-1" in moves(s) and "5-6" in moves(s)
    nxt = s.apply("in-1")
    assert nxt.side == "w" and nxt.is_chance and {"entered", "again"} <= nxt.flags
    thrown = nxt.apply(3)
    assert moves(thrown) == {"1-2", "1-3", "1-4"}  # only the entered piece, forward
    with pytest.raises(senet.IllegalMove, match="must move first"):
        thrown.apply("5-6")
    rest = thrown.apply("1-2")
    assert rest.throw == 2 and "entered" not in rest.flags
    assert moves(rest) == {"2-3", "2-4", "5-6", "5-7"}  # then any piece


def test_P3_an_entered_piece_that_cannot_move_goes_back_and_the_throw_is_lost():
    s = position("piccione", white=[1, 2, 3], black=[4, 20], side="w", supply=(2, 3), flags="entered,again")
    thrown = s.apply(3)
    assert thrown.legal_actions() == [senet.PASS]
    nxt = thrown.apply("pass")
    assert where(nxt, "w") == [2, 3] and nxt.supply == (3, 3) and nxt.side == "b"
    kinds = [e["kind"] for e in events(thrown, senet.PASS, nxt)]
    assert kinds == ["pass", "to_supply"]
    assert thrown.rules.lost_throw_reason(thrown)["why"] == "entered_blocked"
    # a lost 5 still gives one more throw (P8)
    five = s.apply(5)
    assert five.legal_actions() == [senet.Move(1, 5), senet.Move(1, 6)]


def test_P4_no_landing_on_any_piece_but_passing_over_is_allowed():
    s = position("piccione", white=[3, 5], black=[4, 6], side="w", throw=3, supply=(3, 3))
    m = moves(s)
    assert "3-4" not in m and "3-5" not in m and "5-6" not in m  # no hitting, not onto own
    assert {"3-6"} - m == {"3-6"} and "5-8" in m and "5-7" in m
    with pytest.raises(senet.IllegalMove, match="occupied"):
        s.apply("5-6")


def test_P5_backward_only_when_no_part_goes_forward():
    # white's only pieces: 28, 29, 30 (never backward) and 25 blocked ahead
    s = position("piccione", white=[10], black=[11, 12], side="w", throw=2, supply=(4, 3))
    assert moves(s) == {"10-9", "10-8"}  # 11 and 12 taken: nothing goes forward
    with pytest.raises(senet.IllegalMove, match="a part can move forward"):
        position("piccione", white=[10], black=[11], side="w", throw=2, supply=(4, 4)).apply("10-9")


def test_P5_all_parts_of_one_throw_go_the_same_way():
    s = position("piccione", white=[10, 20], black=[11, 12, 13, 14, 15], side="w", throw=4, supply=(3, 0))
    nxt = s.apply("20-21")  # forward: the rest goes forward too
    assert "dir=f" in nxt.flags and all(int(m.split("-")[1]) > int(m.split("-")[0]) for m in moves(nxt))
    back = position("piccione", white=[10, 28], black=[11, 12, 13, 29, 30], side="w", throw=2, supply=(3, 0))
    assert moves(back) == {"10-9", "10-8"}  # 28 never goes back; 10 cannot go forward
    nxt = back.apply("10-9")
    assert nxt.throw == 1 and "dir=b" in nxt.flags and moves(nxt) == {"9-8"}
    with pytest.raises(senet.IllegalMove, match="go the same way"):
        position("piccione", white=[9, 28], black=[11, 12, 13, 29, 30], side="w", throw=1, supply=(3, 0),
                 flags="dir=b").apply("9-10")


def test_P5_backward_past_square_1_returns_to_the_supply():
    s = position("piccione", white=[2], black=[3, 4, 5, 6, 7], side="w", throw=4, supply=(4, 0))
    assert moves(s) == {"2-1", "2-in"}
    nxt = s.apply("2-in")  # a part of 2: just past square 1; the 2 left has no use
    assert nxt.supply == (5, 0) and nxt.throw is None and nxt.side == "b"
    assert describe(s, senet.parse_move("2-in"), nxt)[0] == "white's piece on 2 goes back to the supply"
    assert senet.parse_move("2-in") == senet.Move(2, senet.SUPPLY) and str(senet.Move(2, 0)) == "2-in"


def test_P6_bearing_off_with_an_exact_part():
    s = position("piccione", white=[26, 28], black=[20], side="w", throw=5, supply=(0, 4), off=(3, 0))
    m = moves(s)
    assert "26-off" in m and "28-off" in m  # 26 on 5, 28 on a part of 3
    assert "26-27" in m  # 27: back to the supply (P7)
    with pytest.raises(senet.IllegalMove, match="uses 6 squares"):
        position("piccione", white=[25], black=[20], side="w", throw=5, supply=(4, 4)).apply("25-off")


def test_P7_a_piece_landing_on_27_goes_back_to_the_supply():
    s = position("piccione", white=[24], black=[20], side="w", throw=3, supply=(4, 4))
    nxt = s.apply("24-27")
    assert where(nxt, "w") == [] and nxt.supply == (5, 4)
    assert "27" in "".join(describe(s, senet.parse_move("24-27"), nxt))
    with pytest.raises(senet.PositionError, match="square 27"):
        position("piccione", white=[27], black=[20], side="w", supply=(4, 4))


@pytest.mark.parametrize("throw,move,again", [
    (5, "3-4", True),  # a 5 owes a throw, even used in parts
    (2, "13-15", True),  # landing on 15
    (3, "23-26", True),  # landing on 26
    (3, "3-6", False),
])
def test_P8_one_more_throw_after_a_5_or_a_landing_on_15_or_26(throw, move, again):
    s = position("piccione", white=[3, 13, 23], black=[20], side="w", throw=throw, supply=(2, 4))
    nxt = s.apply(move)
    while nxt.throw is not None:  # use up the rest
        nxt = nxt.apply(nxt.legal_actions()[0])
    assert (nxt.side == "w") is again and ("again" in nxt.flags) is again


def test_P8_several_reasons_in_one_throw_give_one_more_throw_and_a_lost_5_too():
    s = position("piccione", white=[10], black=[12], side="w", throw=5, supply=(4, 4))
    nxt = s.apply("10-11").apply("11-15")  # a 5 and a landing on 15: one throw
    assert nxt.side == "w" and nxt.is_chance
    for throw, again in ((5, True), (3, False)):  # every piece in the supply: only a 1 enters
        lost = position("piccione", white=[], black=[20], side="w", throw=throw, supply=(5, 4))
        assert lost.legal_actions() == [senet.PASS]
        assert (lost.apply("pass").side == "w") is again  # a lost 5 still owes its throw


def test_P9_first_to_bear_off_all_five_wins():
    s = position("piccione", white=[30], black=[20], side="w", throw=1, supply=(0, 4), off=(4, 0))
    nxt = s.apply("30-off")
    assert nxt.winner == "w" and nxt.to_act is None


def test_C6_piccione_games_always_end():
    # no hitting and backward moves: random play still ends every game with a winner,
    # and the Game's action limit (C6 safeguard) stands behind it
    rng = random.Random(7)
    for seed in range(40):
        game = Game("piccione", seed=seed)
        turns.play(game, lambda st: rng.choice(st.legal_actions()))
        assert game.result in ("w", "b"), game.draw_reason


def test_records_write_further_parts_and_replay():
    game = Game("piccione", seed=11)
    rng = random.Random(3)
    turns.play(game, lambda st: rng.choice(st.legal_actions()))
    text = game.record_text()
    assert any(line.split(" ")[1] == "-" for line in text.splitlines() if line[:2] in ("w ", "b "))
    again = Game.from_record(text)
    assert again.state == game.state and again.result == game.result


A = "piccione ..w....................b...... "  # white on 3, black on 24


@pytest.mark.parametrize("text,fragment", [
    (A + "w 5 w=4/0,b=4/0 dir=f", "at most 4 left"),
    ("piccione ..wbbb........................ w 3 w=4/0,b=2/0 dir=f", "no part is legal"),
    (A + "w - w=4/0,b=4/0 dir=f", "need a pending throw"),
    (A + "w 2 w=4/0,b=4/0 owe", "comes with 'dir='"),
    (A + "w - w=4/0,b=4/0 entered,again", "square 1"),
    (A + "w 2 w=4/0,b=4/0 dir=x", "unknown flag"),
    ("kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 dir=f", "unknown flag"),
])
def test_positions_that_break_P_clauses_are_refused(text, fragment):
    with pytest.raises(senet.PositionError, match=fragment):
        senet.parse_position(text)


def run(*args):
    return subprocess.run([sys.executable, "-m", "senet", *args], capture_output=True, text=True, timeout=60)


def test_cli_refuses_a_part_larger_than_the_pending_throw_with_one_line():
    pos = A + "w 2 w=4/0,b=4/0 dir=f"
    r = run("play", pos, "3-6")
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1
    assert "only 2 is left" in r.stderr
    r = run("play", pos, "3-4")
    assert r.returncode == 0 and r.stdout.strip() == "piccione ...w...................b...... w 1 w=4/0,b=4/0 dir=f"
    r = run("moves", "piccione ..wbbb........................ w 3 w=4/0,b=2/0 dir=f")
    assert r.returncode == 2 and "no part is legal" in r.stderr and "Traceback" not in r.stderr


RECORD = "senet-record 1\nvariant piccione\nseed 1\nthrows sha256\nb 2 pass\nw 1 in-1\n"


def test_records_refuse_a_part_larger_than_the_throw_or_a_part_with_no_throw_left():
    Game.from_record(RECORD + "w 3 1-3\nw - 3-4\n")  # the seed's throws: b 2, w 1, w 3
    with pytest.raises(senet.RecordError, match=r"line 7: 1-9 uses 8 squares, but only 3 was thrown \(P2\)"):
        Game.from_record(RECORD + "w 3 1-9\n")
    with pytest.raises(senet.RecordError, match="line 8: it is black's turn"):
        Game.from_record(RECORD + "w 3 1-4\nw - 4-5\n")  # the 3 is used up: black's turn


def test_saves_undo_and_redo_go_part_by_part():
    from senet.session import Seat, Session

    rng = random.Random(4)
    session = Session("piccione", {1: Seat("human"), 2: Seat("human")}, seed=5)
    while not session.game.over and len(session.game.entries) < 300:
        state = session.state
        if state.is_chance:
            session.throw()
        else:
            session.play(rng.choice(state.legal_actions()))
    assert any(e.throw is None and e.action is not None for e in session.game.entries)  # parts
    latest = session.state.position()
    for _ in range(40):  # back to each human decision, its throw (or rest) still pending
        assert session.undo() and session.state.throw is not None
    again = Session.from_json(session.to_json())
    assert again.state == session.state and again.can_redo
    while again.redo():
        pass
    assert again.state.position() == latest
