"""Why a piece cannot move and why a throw is lost: the engine gives data
(senet.describe.piece_obstacle, Rules.lost_throw_reason) and the page's app/words/reasons.py
puts it into words, without reading the engine's English."""

import random
import re

import senet
from app.words import reasons
from senet.describe import piece_obstacle

CLAUSE = re.compile(r"\([A-Z]+\d+\)")


def _random_states(variant, games, seed):
    """Positions of random games of ``variant`` where a throw waits for the side to act."""
    rng = random.Random(seed)
    for _ in range(games):
        state = senet.start(variant)
        for _ in range(600):
            if state.is_terminal:
                break
            actions = state.legal_actions()
            if state.to_act != senet.CHANCE and state.throw is not None:
                yield state
            state = state.apply(rng.choice(actions))


def _stuck_pieces(state):
    """The side to act's pieces (and its supply) that no legal action moves."""
    moved = {m.src for m in state.legal_actions() if not m.is_special}
    srcs = list(state.pieces(state.side))
    if state.rules.has_supply and state.supply[0 if state.side == "w" else 1] > 0:
        srcs.append(senet.SUPPLY)
    return [s for s in srcs if s not in moved]


def test_K9_a_piece_in_the_water_holds_the_turn_in_words():
    state = senet.parse_position("kendall ....................bw....wb.. w 2 w=0/5,b=0/5 -")
    assert state.legal_actions() == [senet.PASS]
    assert reasons.lost_words(state, you=True) == (
        "while your piece is in the water (27) you may move no other piece, "
        "and the piece in the water bears off only with a throw of 4")
    assert reasons.lost_words(state, you=False).startswith(
        "while white's piece is in the water (27) white may move no other piece")
    assert piece_obstacle(state, 21)["why"] == "water"


def test_T2_a_lost_throw_says_which_throws_enter():
    state = senet.parse_position("tait .............................. w 1 w=5/0,b=5/0 -")
    assert state.legal_actions() == [senet.PASS]
    assert reasons.lost_words(state) == "only a throw of 4 or 6 enters a piece"
    assert piece_obstacle(state, senet.SUPPLY) == {
        "why": "no_entry", "from": senet.SUPPLY, "to": None, "throws": (4, 6), "in_water": False,
        "rest": False}


def test_C4_every_piece_that_cannot_move_has_a_reason_in_every_rule_set():
    """Over random games of every rule set: each piece no action moves gets words of its
    own (not the catch-all), the words name no rule clause, and an own piece in the way
    is named with its square."""
    seen_own = 0
    for variant in senet.VARIANTS:
        for state in _random_states(variant, 25, seed=len(variant)):
            for src in _stuck_pieces(state):
                ob = piece_obstacle(state, src)
                words = reasons.piece_reason(state, src)
                assert ob["why"] != "other", (str(state), src)
                assert words != "no piece can move that far", (str(state), src)
                assert not CLAUSE.search(words), words
                if ob["why"] == "own":
                    seen_own += 1
                    assert state.board[ob["to"] - 1] == state.side
                    assert words == f"square {ob['to']} holds your own piece"
            if state.legal_actions() == [senet.PASS]:
                text = reasons.lost_words(state, you=False)
                assert text and "your" not in text and not CLAUSE.search(text), (str(state), text)
    assert seen_own > 0


def test_P4_a_piece_with_every_landing_square_taken_says_so():
    """Piccione has no hitting: the words say the squares are taken, not who is there."""
    state = senet.parse_position("piccione wwww.b........................ w 1 w=1/0,b=4/0 -")
    ob = piece_obstacle(state, 3)
    assert ob["why"] == "occupied" and ob["to"] == 4
    assert reasons.piece_reason(state, 3) == (
        "every square this piece could reach is taken, and no piece lands on another")


def test_a_second_reason_joins_the_first_only_when_it_differs():
    state = senet.parse_position("kendall ....................bw....wb.. w 2 w=0/5,b=0/5 -")
    text = reasons.lost_words(state)
    parts = text.split(", and ")
    assert len(parts) == len(set(parts)) == 2


def test_T2_P3_where_no_throw_enters_a_piece_the_reason_is_a_whole_sentence_of_its_own():
    # no rule set has it today; the words stay a sentence ("only no throw ..." was one)
    assert reasons.piece_words({"why": "no_entry", "throws": ()}, "w") == "no throw enters a piece"
    assert reasons.piece_words({"why": "no_entry", "throws": (1,)}, "w") == "only a throw of 1 enters a piece"


def test_J9_V7_your_pieces_must_all_be_on_21_to_30_to_bear_off():
    state = senet.parse_position("jequier .b.w.....b.................w.. w 2 w=0/3,b=0/3 -")
    words = reasons.piece_words(piece_obstacle(state, 28), "w", you=True)
    assert words == "a piece bears off only when all of your pieces on the board are on squares 21-30"
