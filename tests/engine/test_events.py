"""senet.describe.events: what an action did, as data; and why a throw is lost, for
every rule set (the lost-throw reason), with positions built here."""

import senet
from senet import PASS, parse_position
from senet.describe import events, lost_throw_reason


def _board(**squares) -> str:
    cells = ["."] * 30
    for side, where in squares.items():
        for sq in where:
            cells[sq - 1] = side
    return "".join(cells)


def _lost(text: str) -> dict:
    state = parse_position(text)
    assert state.legal_actions() == [PASS], state.legal_actions()
    (event,) = [e for e in events(state, PASS, state.apply(PASS)) if e["kind"] == "pass"]
    assert event["side"] == state.side and event["throw"] == state.throw
    assert event["reason"] == lost_throw_reason(state)
    return event["reason"]


def test_T2_only_a_4_or_a_6_enters_a_piece():
    reason = _lost(f"tait {'.' * 30} b 2 w=5/0,b=5/0 -")
    assert reason == {"why": "no_entry", "throws": (4, 6)}
    state = parse_position(f"tait {'.' * 30} b 2 w=5/0,b=5/0 -")
    text = senet.describe(state, PASS, state.apply(PASS))[0]
    assert text == "black cannot move with a 2: the throw is lost (only a 4 or a 6 would enter a piece)"


def test_K9_the_piece_in_the_water_needs_a_4():
    board = _board(w=[1, 3, 5, 7, 9, 11, 13], b=[2, 4, 6, 8, 10, 12, 27])
    assert _lost(f"kendall {board} b 2 w=0/0,b=0/0 -") == {"why": "water", "square": 27, "throws": (4,)}


def test_H8_the_drowning_piece_needs_a_4():
    board = _board(w=[1, 3, 5, 7, 9], b=[2, 4, 6, 8, 27])
    assert _lost(f"thibault {board} b 3 w=0/0,b=0/0 -") == {"why": "water", "square": 27, "throws": (4,)}


def test_B3_the_entry_square_is_taken():
    board = _board(w=[28])
    reason = _lost(f"bell {board} b 3 w=9/0,b=10/0 -")
    assert reason == {"why": "entry_blocked", "square": 28}


def test_B6_home_pieces_never_move():
    # black owns the odd goals; 1 and 3 are home; the supply's entry square 29 is taken
    board = _board(b=[1, 3], w=[29])
    reason = _lost(f"bell {board} b 2 w=9/0,b=8/0 odd=b")
    assert reason["why"] == "blocked"
    assert reason["obstacles"] == {1: "home", 3: "home", "supply": "entry_blocked"}


def test_J4_protected_pieces_and_blockades():
    # J4: black on 12 faces a pair on 14, 15 with a 2; J6: the way back holds a piece
    board = _board(b=[12], w=[14, 15, 10, 1, 2])
    reason = _lost(f"jequier {board} b 2 w=0/0,b=0/4 -")
    assert reason == {"why": "blocked", "obstacles": {12: "protected"}}
    # J4: three in a row (13-15) stop a 4; J6: the way back is not empty either
    board = _board(b=[12], w=[13, 14, 15, 8, 1])
    reason = _lost(f"jequier {board} b 4 w=0/0,b=0/4 -")
    assert reason == {"why": "blocked", "obstacles": {12: "blockade"}}


def test_V7_a_piece_bears_off_only_with_all_on_the_last_row():
    # 5 -> 9 hits a pair (V5); 26 -> 30 would bear off, but 5 is not on the last row
    board = _board(b=[5, 26], w=[8, 9, 22, 1, 2])
    reason = _lost(f"havens {board} b 4 w=0/0,b=0/3 -")
    assert reason == {"why": "blocked", "obstacles": {5: "protected", 26: "not_all_home"}}


def test_H6_the_last_squares_need_an_exact_throw():
    board = _board(w=[1, 3, 5, 7, 9], b=[28, 29])
    reason = _lost(f"thibault {board} b 4 w=0/0,b=0/3 -")
    assert reason == {"why": "blocked", "obstacles": {28: "exact", 29: "exact"}}


def test_events_of_a_bump_and_an_extra_throw():
    state = parse_position(f"kendall {_board(w=[1, 3, 5, 7, 9, 11, 13], b=[2, 4, 6, 8, 10, 12, 17])} w 4 w=0/0,b=0/0 -")
    move = senet.parse_move("13-17")
    got = events(state, move, state.apply(move))
    assert got == [
        {"kind": "move", "side": "w", "from": 13, "to": 17},
        {"kind": "bump", "side": "b", "from": 17, "to": 13, "water": False},
        {"kind": "extra_throw", "side": "w"},
    ]
    assert senet.describe(state, move, state.apply(move)) == [
        "white moves from 13 to 17", "black's piece on 17 is bumped to square 13", "white throws again"]


def test_the_app_words_of_events_and_why_tait_loses_a_throw():

    from app.words.narration import voice

    state = parse_position(f"tait {'.' * 30} b 2 w=5/0,b=5/0 -")
    (event,) = events(state, PASS, state.apply(PASS))
    assert voice(event) == "black cannot move with a 2: the throw is lost (only a 4 or a 6 would enter a piece)"
    assert voice(event, "b") == "you cannot move with a 2: the throw is lost (only a 4 or a 6 would enter a piece)"
    # elsewhere the throw's message names the rule: the pass says no more than before
    board = _board(w=[1, 3, 5, 7, 9, 11, 13], b=[2, 4, 6, 8, 10, 12, 27])
    state = parse_position(f"kendall {board} b 2 w=0/0,b=0/0 -")
    (event,) = events(state, PASS, state.apply(PASS))
    assert voice(event, "b") == "you cannot move with a 2: the throw is lost"
    state = parse_position(f"kendall {_board(w=[1, 3, 5, 7, 9, 11, 13], b=[2, 4, 6, 8, 10, 12, 17])} w 4 w=0/0,b=0/0 -")
    move = senet.parse_move("13-17")
    words = [voice(e, "b") for e in events(state, move, state.apply(move))]
    assert words == ["white moves from 13 to 17", "your piece on 17 is bumped to square 13", "white throws again"]


def test_K9_H8_a_piece_that_lands_in_the_water_stays_there_and_the_move_says_so():
    for name in ("kendall", "thibault"):
        n = senet.get_rules(name).pieces
        state = parse_position(f"{name} {_board(w=[26], b=[2, 4, 6, 8])} w 1 w=0/{n - 1},b=0/{n - 4} -")
        move = senet.parse_move("26-27")
        got = events(state, move, state.apply(move))
        assert got[0] == {"kind": "move", "side": "w", "from": 26, "to": 27, "in_water": True}, name
        # the words are those of any move: the mark is for the app's sound and summary
        assert senet.describe(state, move, state.apply(move))[0] == "white moves from 26 to 27"


def test_a_piece_that_only_passes_the_water_or_stands_on_27_without_one_is_not_in_it_J8_B4():
    state = parse_position(f"kendall {_board(w=[1, 3, 5, 7, 9, 11, 24], b=[2, 4, 6, 8, 10, 12, 14])} w 2 w=0/0,b=0/0 -")
    move = senet.parse_move("24-26")
    assert "in_water" not in events(state, move, state.apply(move))[0]
    # Bell has no water: a piece entering on 27 is only entering
    state = parse_position(f"bell {'.' * 30} b 4 w=10/0,b=10/0 -")
    move = [m for m in state.legal_actions() if m.dst == 27][0]
    assert events(state, move, state.apply(move))[0] == {"kind": "enter", "side": "b", "to": 27}
