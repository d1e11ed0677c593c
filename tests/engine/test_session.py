"""Sessions: players, undo/redo without re-rolling, saving and loading, statistics."""

from __future__ import annotations

import json

import pytest

import senet
from senet.session import SaveError, Seat, Session, empty_stats, load_stats, record_result


def human_vs_computer(variant="kendall", seed=11) -> Session:
    return Session(variant, {1: Seat("average", "Ann"), 2: Seat("human", "Bo")}, seed=seed)


def advance_to_human_decision(s: Session) -> None:
    """Let the computer (first legal move) and the throws run until the human must move."""
    while not s.game.over:
        st = s.state
        if st.throw is None:
            s.throw()
            continue
        if s.to_act.is_human and st.legal_actions() != [senet.PASS]:
            return
        s.play(st.legal_actions()[0])


def test_undo_goes_back_to_the_humans_decision_including_computer_reply():
    s = human_vs_computer()
    advance_to_human_decision(s)
    before = s.state
    assert before.throw is not None and s.to_act.is_human
    s.play(before.legal_actions()[-1])
    advance_to_human_decision(s)  # computer replied
    assert s.can_undo
    s.undo()  # takes back the computer's reply and the human's move in one step
    assert s.state == before  # same position, same pending throw


def test_undo_never_rerolls_throws():
    s = human_vs_computer(seed=3)
    advance_to_human_decision(s)
    decision = s.state
    s.play(decision.legal_actions()[0])
    advance_to_human_decision(s)
    after_first = s.game.record_text()
    s.undo()
    assert s.state == decision
    s.play(decision.legal_actions()[0])  # the same decision again
    advance_to_human_decision(s)
    assert s.game.record_text() == after_first  # the same throws came again


def test_redo_restores_and_new_move_clears_redo():
    s = Session("thibault", seed=5)
    for _ in range(6):
        if s.state.throw is None:
            s.throw()
        s.play(s.state.legal_actions()[0])
    end = s.state
    assert s.undo() and s.undo()
    assert s.can_redo
    assert s.redo() and s.redo()
    assert s.state == end and not s.can_redo
    s.undo()
    s.play(s.state.legal_actions()[-1])
    assert not s.can_redo


def test_save_and_load_round_trip_keeps_everything():
    s = Session("havens", {1: Seat("human", "Nefertari"), 2: Seat("expert", "")}, seed=9)
    for _ in range(12):
        if s.game.over:
            break
        if s.state.throw is None:
            s.throw()
        elif not s.state.opening:
            s.play(s.state.legal_actions()[0])
    s.undo()
    text = s.to_json()
    loaded = Session.from_json(text)
    assert loaded.state == s.state
    assert loaded.seats == s.seats and loaded.game.seat_colours == s.game.seat_colours
    assert loaded.to_json() == text
    assert [loaded.game.generator.throw(5) for _ in range(5)] == [s.game.generator.throw(5) for _ in range(5)]


@pytest.mark.parametrize("text,fragment", [
    ("{not json", "not valid JSON"),
    ('"just a string"', "not a saved Senet game"),
    ('{"format": "senet-save", "version": 99}', "version"),
    ('{"format": "senet-save", "version": 1, "seats": {"1": {}}}', "who plays"),
    ('{"format": "senet-save", "version": 1, "seats": {"1": {"kind": "wizard"}, "2": {}}, "record": ""}', "unknown player kind"),
    ('{"format": "senet-save", "version": 1, "seats": {"1": {"kind": "human"}, "2": {"kind": "human"}}}', "no game record"),
    ('{"format": "senet-save", "version": 1, "seats": {"1": {"kind": "human"}, "2": {"kind": "human"}},'
     ' "record": "senet-record 1\\nvariant kendall\\nseed 1\\nb 4 2-6\\n"}', "line 4"),
])
def test_corrupt_saves_are_rejected_with_a_reason(text, fragment):
    with pytest.raises(SaveError, match=fragment):
        Session.from_json(text)


def test_seats_follow_the_colour_draw():
    s = Session("jequier", {1: Seat("human", "A"), 2: Seat("novice", "")}, seed=0)
    assert s.to_act.name == "A"  # seat 1 throws first in the draw
    s.game.throw(2)
    assert s.to_act.kind == "novice"
    s.game.throw(1)  # seat 2 threw the 1: it plays black
    assert s.player("b").kind == "novice" and s.player("w").name == "A"


def test_statistics_count_and_survive_corruption():
    stats = record_result(empty_stats(), "kendall", "expert", "won")
    stats = record_result(stats, "kendall", "expert", "lost")
    loaded = load_stats(json.dumps(stats))
    assert loaded["results"]["kendall/expert"] == {"won": 1, "lost": 1, "drawn": 0}
    assert load_stats("{broken") == empty_stats()
    with pytest.raises(senet.SenetError):
        record_result(stats, "chess", "expert", "won")


def test_undo_skips_a_humans_forced_pass():
    """A lost throw's pass is no decision: undo goes back to the human's move before it."""
    for seed in range(200):
        s = Session("kendall", {1: Seat("human"), 2: Seat("human")}, seed=seed)
        decision = None
        for _ in range(60):
            if s.game.over:
                break
            if s.state.throw is None:
                s.throw()
                continue
            legal = s.state.legal_actions()
            if legal == [senet.PASS]:
                if decision is None:
                    break
                s.play(senet.PASS)
                before, pending = decision
                s.undo()
                assert s.state == before and s.state.throw == pending
                return
            decision = (s.state, s.state.throw)
            s.play(legal[0])
    pytest.fail("no lost throw after a decision in 200 games")


def test_the_export_names_the_players_and_saves_still_load():
    s = Session("kendall", {1: Seat("human", "Ann Lee"), 2: Seat("expert", "")}, seed=7)
    for _ in range(8):
        if s.state.throw is None:
            s.throw()
        s.play(s.state.legal_actions()[0])
    exported = s.record_text()
    assert exported.splitlines()[4:6] == ["player 1 human Ann Lee", "player 2 expert"]
    assert senet.Game.from_record(exported).players == {1: ("human", "Ann Lee"), 2: ("expert", "")}
    # the save keeps the record as before (the seats are saved beside it)...
    text = s.to_json()
    assert json.loads(text)["record"] == s.game.record_text() and "player " not in json.loads(text)["record"]
    loaded = Session.from_json(text)
    assert loaded.state == s.state and loaded.seats == s.seats and loaded.to_json() == text
    # ...and a save whose record does name players loads too; the saved seats decide who plays
    data = json.loads(text)
    data["record"] = exported.replace("player 1 human Ann Lee", "player 1 novice Someone")
    again = Session.from_json(json.dumps(data))
    assert again.state == s.state and again.seats == s.seats
    assert again.record_text() == exported
