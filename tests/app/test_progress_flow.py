"""app/flow/progress_game.py and app/storage/progress.py under CPython: what a finished
game tells the player's profile, and the profile kept through the Store (docs/progress.md)."""

import json

from app_harness import play_out

from app.flow.progress_game import apply_answers, game_entry, player_side, player_throws
from app.storage.progress import ANSWERS_KEY, PRACTICE_KEY, PROFILE_KEY, Progress, practice_text
from app.storage.store import MemoryBackend, Store
from senet.game import Game
from senet.notation import parse_position
from senet.profile import Profile
from senet.session import Seat, Session

T0 = 1764000000000




def finished(opponent="expert", seed=3, variant="kendall"):
    return play_out(Session(variant, {1: Seat("human"), 2: Seat(opponent)}, seed=seed))


def test_a_finished_game_against_the_expert_is_entered_with_its_result():
    session = finished()
    entry = game_entry(session, "g1", T0)
    side = player_side(session)
    assert entry["opponent"] == entry["played_by"] == "expert"
    assert entry["end"] == "finished"
    assert entry["result"] == ("win" if session.game.result == side else "loss")
    assert entry["hints"] == entry["undos"] == 0
    assert sum(entry["throws"].values()) == sum(1 for i, e in enumerate(session.game.entries)
                                               if e.throw is not None and session.game.states[i].side == side)
    assert Profile().record_game(entry) == "profile.outcome.rated"


def test_the_stand_in_plays_average_and_never_counts_against_the_expert():
    entry = game_entry(finished(), "g1", T0, stood_in=True)
    assert (entry["opponent"], entry["played_by"]) == ("expert", "average")
    p = Profile()
    assert p.record_game(entry) == "profile.outcome.stand_in"
    assert p.games[0]["opponent_rating"] == 1500.0  # Average's anchor, not the Expert's rating


def test_hints_undo_and_an_unfinished_game_are_kept_unrated():
    p = Profile()
    assert p.record_game(game_entry(finished(seed=4), "h", T0, hinted=True)) == "profile.outcome.assisted"
    left = Session("kendall", {1: Seat("human"), 2: Seat("novice")}, seed=5)
    left.throw()
    entry = game_entry(left, "u", T0)
    assert entry["end"] == "abandoned"
    assert p.record_game(entry) == "profile.outcome.unfinished"
    assert p.ratings == {}


def test_a_game_from_a_set_position_is_kept_and_not_rated():
    """A link's position= (three pieces each, four borne off): not the rules' start, so
    the game is marked and kept, never rated; the same players from the start are rated."""
    late = parse_position("kendall ...............wb.w.b.w.b..... w - w=0/4,b=0/4 -")
    session = play_out(Session("kendall", {1: Seat("human"), 2: Seat("average")},
                               game=Game("kendall", seed=2, start=late)))
    entry = game_entry(session, "s", T0)
    assert entry["set_position"] is True and entry["end"] == "finished"
    p = Profile()
    assert p.record_game(entry) == "profile.outcome.set_position"
    assert p.ratings == {} and p.game("s")["rated"] is False and p.game("s")["set_position"] is True
    whole = game_entry(finished("average", seed=2), "w", T0)
    assert "set_position" not in whole and p.record_game(whole) == "profile.outcome.rated"


def test_games_the_profile_does_not_keep():
    two = play_out(Session("kendall", {1: Seat("human"), 2: Seat("human")}, seed=3))
    assert game_entry(two, "x", T0) is None
    computers = play_out(Session("kendall", {1: Seat("novice"), 2: Seat("expert")}, seed=3))
    assert game_entry(computers, "x", T0) is None
    assert game_entry(Session("kendall", {1: Seat("human"), 2: Seat("expert")}, seed=3), "x", T0) is None


def test_a_friends_game_is_a_head_to_head():
    session = play_out(Session("kendall", {1: Seat("human", "Me"), 2: Seat("human", "Ana")}, seed=6))
    entry = game_entry(session, "f", T0, friend="Ana", online_result="win", seat=1)
    p = Profile()
    assert p.record_game(entry) == "profile.outcome.friend"
    assert p.head_to_head("Ana", "kendall")[2] == 1


def test_player_throws_count_one_side():
    session = finished()
    both = player_throws(session.game, "w")["1"] + player_throws(session.game, "b")["1"]
    assert both == sum(1 for e in session.game.entries if e.throw == 1)


def store():
    return Store(MemoryBackend())


def test_progress_saved_and_read_back():
    s = store()
    progress = Progress(s)
    assert progress.record(game_entry(finished(), "g1", T0)) == "profile.outcome.rated"
    assert progress.record(game_entry(finished(), "g1", T0)) is None  # never counted twice
    again = Progress(s).profile()
    assert [g["id"] for g in again.games] == ["g1"]
    assert json.loads(s.get(PRACTICE_KEY)) == {"format": "senet-practice", "positions": []}


def test_a_corrupt_or_newer_profile_is_left_untouched():
    for text, message in (("{not json", "could not be read"), (json.dumps({"kind": "senet-profile", "format": 99}),
                                                                  "newer version")):
        s = store()
        s.put(PROFILE_KEY, text)
        progress = Progress(s)
        assert progress.profile() is None and progress.refused
        assert message in progress.problem
        assert progress.record(game_entry(finished(), "g1", T0)) is None
        assert s.get(PROFILE_KEY) == text


def test_a_refused_write_is_said_and_the_game_goes_on():
    class Full(MemoryBackend):
        def set(self, key, value):
            raise RuntimeError("QuotaExceededError")
    s = Store(Full())
    progress = Progress(s)
    assert progress.record(game_entry(finished(), "g1", T0)) == "profile.outcome.rated"
    assert progress.not_kept and s.unsaved


def review_with_mistake(session, side):
    """A review (senet.ai.review's shape) whose worst decision of ``side`` is the first
    decision of that side with a choice."""
    game = session.game
    for i, e in enumerate(game.entries):
        if e.action is not None and game.states[i].side == side:
            ply = i + 1
            break
    decisions = [{"ply": ply, "side": side, "throw": game.entries[ply - 1].throw, "played": "a", "best": "b",
                  "loss": 0.2, "class": "blunder", "matters": True}]
    s = {"mean_loss": 0.2, "counted": 1, "decisions": 1, "luck": 0.1, "rating": "beginner"}
    return {"decisions": decisions, "sides": {"w": s, "b": s}}


def test_a_review_makes_a_practice_position_and_the_puzzles_answers_are_applied():
    s = store()
    progress = Progress(s)
    session = finished()
    side = player_side(session)
    progress.record(game_entry(session, "g1", T0))
    assert progress.add_review("g1", review_with_mistake(session, side), side, session.game.record_text())
    practice = json.loads(s.get(PRACTICE_KEY))["positions"]
    assert len(practice) == 1 and practice[0]["best"] == "b" and practice[0]["loss"] == 0.2
    pid = practice[0]["id"]
    assert progress.set_ranked(pid, [("b", 0.6), ("a", 0.4)])
    assert json.loads(s.get(PRACTICE_KEY))["positions"][0]["ranked"] == [["b", 0.6], ["a", 0.4]]
    # the idle review never replaces the player's own
    assert progress.add_review("g1", review_with_mistake(session, side), side, None, by_hand=True)
    assert not progress.add_review("g1", review_with_mistake(session, side), side, None)
    # the Puzzles page solved it twice in a row: gone at the next load
    s.put(ANSWERS_KEY, json.dumps([{"id": pid, "solved": True}, {"id": pid, "solved": True}]))
    again = Progress(s)
    assert again.profile().practice == []
    assert json.loads(s.get(ANSWERS_KEY)) == []
    assert json.loads(s.get(PRACTICE_KEY))["positions"] == []


def test_apply_answers_passes_over_the_unknown():
    p = Profile()
    p.add_practice("kendall", "pos", "b", 0.3, "g")
    assert apply_answers(p, [{"id": "nope", "solved": True}, "junk", {"id": "kendall|pos", "solved": False}]) == 1
    assert p.practice[0]["streak"] == 0
    assert json.loads(practice_text(p))["positions"][0]["id"] == "kendall|pos"
