"""senet.profile: the fairness rules of the player's rating, the text and its loading,
the review summaries and the positions to practise."""

import json

import pytest

import senet
from senet.ai import get_player, play_out
from senet.ai.review import Reviewer
from senet.notation import parse_position
from senet.profile import (
    CORRUPT,
    NEWER,
    PART_DROPPED,
    Profile,
    ProfileError,
    decision_position,
    key_mistakes,
    level_rating,
    review_summary,
)
from senet.rating import Rating, update

DAY = 86400000
T0 = 1764000000000


def game(gid, result="win", opponent="expert", played_by=None, end="finished", variant="tait", t=T0, **extra):
    g = {"id": gid, "variant": variant, "opponent": opponent, "played_by": played_by or opponent,
         "result": result, "end": end, "hints": 0, "undos": 0, "time": t}
    g.update(extra)
    return g


def test_a_finished_game_is_rated_against_the_levels_calibrated_rating():
    p = Profile()
    assert p.record_game(game("g1", "win")) == "profile.outcome.rated"
    expert = level_rating("tait", "expert")
    assert _rounded(p.rating("tait")) == _rounded(update(Rating(), [(expert, 1.0)]))
    assert p.rating("tait").rating > 1500
    assert [h["game"] for h in p.history("tait")] == ["g1"]
    assert p.game("g1")["opponent_rating"] == round(expert.rating, 1) and p.game("g1")["rated"]


def _rounded(r):
    return round(r.rating, 2), round(r.rd, 2), round(r.volatility, 6)


def test_a_game_with_the_stand_in_does_not_count_against_the_expert():
    """The Expert could not run and Average played for it: rated against Average."""
    stand_in, average, expert = Profile(), Profile(), Profile()
    assert stand_in.record_game(game("g", "win", "expert", played_by="average")) == "profile.outcome.stand_in"
    average.record_game(game("g", "win", "average"))
    expert.record_game(game("g", "win", "expert"))
    assert stand_in.rating("tait") == average.rating("tait") != expert.rating("tait")
    kept = stand_in.game("g")
    assert kept["stand_in"] and kept["played_by"] == "average"
    assert kept["opponent_rating"] == round(level_rating("tait", "average").rating, 1)
    assert not any(g["played_by"] == "expert" for g in stand_in.games)


def test_a_resignation_is_a_loss():
    p, q = Profile(), Profile()
    assert p.record_game(game("g", "draw", end="resigned")) == "profile.outcome.rated"
    q.record_game(game("g", "loss"))
    assert p.rating("tait") == q.rating("tait") and p.game("g")["result"] == "loss"


def test_an_abandoned_game_is_kept_and_not_rated():
    p = Profile()
    assert p.record_game(game("g", "loss", end="abandoned")) == "profile.outcome.unfinished"
    assert p.history("tait") == [] and p.rating("tait") == Rating()
    assert p.game("g")["rated"] is False


def test_a_game_from_a_set_position_is_kept_marked_and_not_rated():
    p = Profile()
    assert p.record_game(game("g", "win", set_position=True)) == "profile.outcome.set_position"
    assert p.history("tait") == [] and p.game("g")["set_position"] is True and p.game("g")["rated"] is False
    again = Profile.from_text(p.to_text())  # kept through the text, and a game without the mark loads as before
    assert again.game("g")["set_position"] is True and again.game("g")["outcome"] == "profile.outcome.set_position"


def test_a_game_with_a_hint_or_an_undo_is_kept_marked_and_not_rated():
    p = Profile()
    assert p.record_game(game("g1", "win", hints=2)) == "profile.outcome.assisted"
    assert p.record_game(game("g2", "win", undos=1)) == "profile.outcome.assisted"
    assert p.history("tait") == [] and p.game("g1")["hints"] == 2 and p.game("g2")["undos"] == 1


def test_games_against_a_friend_keep_a_head_to_head_rating_apart():
    p = Profile()
    assert p.record_game(game("f1", "win", "friend", friend="Ana")) == "profile.outcome.friend"
    assert p.record_game(game("f2", "win", "friend", friend="Ana", t=T0 + DAY)) == "profile.outcome.friend"
    me, them, wins, losses, draws = p.head_to_head("Ana", "tait")
    assert me.rating > 1500 > them.rating and (wins, losses, draws) == (2, 0, 0)
    assert p.history("tait") == [] and p.head_to_head("Bo", "tait") is None


def test_a_long_pause_widens_the_band():
    near, far = Profile(), Profile()
    for p, later in ((near, T0 + DAY), (far, T0 + 400 * DAY)):
        p.record_game(game("a", "win", "average"))
        p.record_game(game("b", "loss", "average", t=later))
    assert far.rating("tait").rd > near.rating("tait").rd


def test_bad_games_change_nothing():
    p = Profile()
    p.record_game(game("g", "win"))
    before = p.to_text()
    for bad in (game("x", "won"), game("x", end="left"), game("x", opponent="grandmaster"), {"id": 3},
                game("x", throws={"1": -2}), game("x", throws=[1, 2])):
        with pytest.raises(ValueError):
            p.record_game(bad)
    with pytest.raises(KeyError):
        p.record_game(game("g", "loss"))  # already kept: not counted twice
    assert p.to_text() == before


def _full_profile():
    p = Profile()
    p.record_game(game("g1", "win", "expert", throws={"1": 9, "2": 14, "3": 8, "4": 2, "5": 1}))
    p.record_game(game("g2", "loss", "novice", t=T0 + 3 * DAY))
    p.record_game(game("g3", "win", "friend", friend="Ana"))
    p.add_review("g1", {"mean_loss": 0.01, "counted": 20, "luck": -0.1, "rating": "casual", "mistakes": [
        {"ply": 5, "throw": 2, "played": "3-5", "best": "1-3", "loss": 0.2, "position": "POS"}]})
    return p


def test_the_profile_survives_its_text():
    p = _full_profile()
    text = p.to_text()
    q = Profile.from_text(text)
    assert q.to_text() == text and q.problems == [] and q.rating("tait") == p.rating("tait")
    assert q.head_to_head("Ana", "tait")[0] == p.head_to_head("Ana", "tait")[0] and len(q.practice) == 1


def test_a_profile_written_by_format_1_still_loads():
    """The fixture is a format-1 profile: every later version must load it."""
    with open("tests/engine/fixtures/profile-1.json", encoding="utf-8") as f:
        text = f.read()
    p = Profile.from_text(text)
    assert p.problems == [] and len(p.games) == 3 and len(p.history("tait")) == 2 and p.practice


@pytest.mark.parametrize("text", ["", "{", "[]", "42", json.dumps({"kind": "other", "format": 1}),
                                  json.dumps({"kind": "senet-profile"}), "[" * 5000])
def test_a_corrupt_profile_is_refused_with_a_message_id(text):
    with pytest.raises(ProfileError) as err:
        Profile.from_text(text)
    assert err.value.message_id == CORRUPT


def test_a_newer_profile_is_refused_with_its_own_message_id():
    with pytest.raises(ProfileError) as err:
        Profile.from_text(json.dumps({"kind": "senet-profile", "format": 99}))
    assert err.value.message_id == NEWER


def test_a_damaged_part_is_left_out_and_the_rest_loads():
    data = json.loads(_full_profile().to_text())
    data["games"][1]["result"] = "maybe"
    data["ratings"]["bell"] = "nonsense"
    data["practice"].append({"id": 1})
    p = Profile.from_text(json.dumps(data))
    assert p.problems == [PART_DROPPED]
    assert [g["id"] for g in p.games] == ["g1", "g3"] and "bell" not in p.ratings
    assert len(p.history("tait")) == 2 and len(p.practice) == 1


def test_a_review_by_hand_is_not_replaced_by_the_idle_one():
    p = _full_profile()
    assert p.add_review("g2", {"mean_loss": 0.03, "mistakes": []}, by_hand=True)
    assert not p.add_review("g2", {"mean_loss": 0.05, "mistakes": []})
    assert p.game("g2")["review"]["mean_loss"] == 0.03
    assert not p.add_review("nope", {"mistakes": []})


def test_a_position_solved_twice_in_a_row_leaves_the_practice_list():
    p = _full_profile()
    pid = p.practice[0]["id"]
    assert p.practise(pid, True) is False
    assert p.practise(pid, False) is False  # a miss: the count starts again
    assert p.practise(pid, True) is False and p.practice
    assert p.practise(pid, True) is True and p.practice == []
    with pytest.raises(KeyError):
        p.practise(pid, True)


def test_a_practise_puzzle_comes_from_a_games_worst_decision():
    """A seeded Kendall game of a first-piece player (white) against Average, reviewed:
    the first position to practise is that of white's decision that lost the most."""
    g = senet.Game("kendall", seed=11)

    class First:
        def choose(self, state):
            return state.legal_actions()[0]

    for _ in play_out(g, First(), get_player("average")):
        pass
    record = g.record_text()
    review = Reviewer(senet.Game.from_record(record), nodes=150).run()
    worst = max((d for d in review["decisions"] if d["side"] == "w"), key=lambda d: d["loss"])
    assert worst["loss"] >= 0.05  # a real mistake to practise
    p = Profile()
    p.record_game(game("k", "loss", "average", variant="kendall"))
    summary = review_summary(review, "w", record)
    assert summary["mistakes"][0]["loss"] == worst["loss"]
    assert p.add_review("k", summary)
    first = p.practice[0]
    assert first["position"] == decision_position(senet.Game.from_record(record), worst["ply"], worst["throw"])
    state = parse_position(first["position"])
    assert state.side == "w" and state.throw == worst["throw"] and first["best"] == worst["best"]
    assert key_mistakes(review, "w")[0]["ply"] == worst["ply"]


def test_every_rule_set_has_its_levels_calibrated_with_average_at_1500():
    from senet.level_ratings import ANCHOR, FORMAT, RATINGS

    assert FORMAT == 1 and ANCHOR == {"level": "average", "rating": 1500.0}
    assert sorted(RATINGS) == sorted(senet.VARIANTS)
    for variant, entry in RATINGS.items():
        levels = entry["levels"]
        assert levels["average"] == {"rating": 1500.0, "rd": 0.0}
        assert levels["novice"]["rating"] < 1500 and levels["novice"]["rd"] > 0
        assert entry["games"]["novice-average"]["games"] >= 100
        if "expert" in levels:  # a rule set whose Expert has no games yet has no Expert rating
            assert levels["expert"]["rd"] > 0 and entry["games"]["expert-average"]["games"] >= 2
            assert level_rating(variant, "expert").rd == levels["expert"]["rd"]
        else:
            assert level_rating(variant, "expert") is None
    assert level_rating("kendall+five", "novice") == level_rating("kendall", "novice")
    assert level_rating("kendall", "grandmaster") is None
