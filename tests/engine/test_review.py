"""The game review (senet.ai.review, python -m senet review): the Expert's view of every
decision, the classes of the errors, and the luck of the throws."""

from __future__ import annotations

import json

import pytest
from positions import position

import senet
from senet.ai.review import BLUNDER, INACCURACY, MISTAKE, Reviewer, classify, review_record
from senet.commands.cli import main as cli_main
from senet.throws import OUT_OF

NODES = 300


def record(start: senet.State, *lines: str, seed: int = 1) -> str:
    head = ["senet-record 1", f"variant {start.variant}", f"seed {seed}", "throws sha256",
            f"start {start.position()}"]
    return "\n".join(head + list(lines)) + "\n"


# Kendall: white has 26 and 30 left, black one piece on 29. With a 5, 26-off keeps the
# turn (K2) and the piece on 30 bears off on any throw (K7): a sure win. 30-off instead
# leaves the piece on 26, which needs another exact 5.
SURE_WIN = position("kendall", white=(26, 30), black=(29,), side="w")


def test_k7_throwing_away_a_sure_win_is_a_blunder():
    review = review_record(record(SURE_WIN, "w 5 30-off"), NODES)
    (d,) = review["decisions"]
    assert (d["ply"], d["side"], d["throw"], d["played"], d["best"]) == (1, "w", 5, "30-off", "26-off")
    assert d["before"] == 1.0
    assert d["after"] < 0.9
    assert d["loss"] == pytest.approx(d["before"] - d["after"], abs=1e-4)
    assert d["loss"] >= BLUNDER and d["class"] == "blunder"
    white = review["sides"]["w"]
    assert white["decisions"] == 1 and white["counts"]["blunder"] == 1
    assert white["equity_lost"] == d["loss"]


def test_k7_the_best_action_loses_nothing():
    review = review_record(record(SURE_WIN, "w 5 26-off", "w 3 30-off", "result w"), NODES)
    first, second = review["decisions"]
    assert (first["played"], first["best"], first["loss"], first["class"]) == ("26-off", "26-off", 0.0, "best")
    # the last piece alone on 30: one legal action, a forced decision
    assert (second["class"], second["loss"], second["options"]) == ("forced", 0.0, 1)
    assert review["sides"]["w"]["decisions"] == 1
    assert review["sides"]["w"]["equity_lost"] == 0.0


def test_forced_decisions_lose_nothing_and_are_not_counted():
    # a real game: every decision with one option is forced, loses nothing, and the
    # counts per side are those of the other decisions
    game = _game(3)
    review = Reviewer(game, NODES).run()
    forced = [d for d in review["decisions"] if d["class"] == "forced"]
    chosen = [d for d in review["decisions"] if d["class"] != "forced"]
    assert forced and chosen
    for d in forced:
        assert d["loss"] == 0.0 and d["before"] == d["after"] and d["played"] == d["best"]
    for d in review["decisions"]:
        if d["options"] == 1:
            assert d["class"] == "forced"
    for side in ("w", "b"):
        mine = [d for d in chosen if d["side"] == side]
        s = review["sides"][side]
        assert s["decisions"] == len(mine) == sum(s["counts"].values())
        assert s["equity_lost"] == pytest.approx(sum(d["loss"] for d in mine), abs=1e-3)


def test_a_decision_whose_options_are_all_equal_is_forced(monkeypatch):
    # two options of exactly the same equity: nothing to lose, whichever is played
    state = SURE_WIN.apply(5)
    reviewer = Reviewer(senet.Game.from_record(record(SURE_WIN, "w 5 30-off")), NODES)
    options = state.legal_actions()
    monkeypatch.setattr(reviewer, "_analyse", lambda s: [(m, 0.625) for m in options])
    reviewer.run()
    (d,) = reviewer.decisions
    assert (d["class"], d["loss"], d["options"]) == ("forced", 0.0, 2)
    assert reviewer.result()["sides"]["w"]["decisions"] == 0


@pytest.mark.parametrize("loss,cls", [
    (0.0, "best"), (INACCURACY - 1e-6, "best"), (INACCURACY, "inaccuracy"), (MISTAKE - 1e-6, "inaccuracy"),
    (MISTAKE, "mistake"), (BLUNDER - 1e-6, "mistake"), (BLUNDER, "blunder"), (1.0, "blunder"),
])
def test_classes_follow_the_stated_thresholds(loss, cls):
    assert classify(loss) == cls


def _game(seed: int, variant: str = "kendall") -> senet.Game:
    from senet.ai import get_player, play_out

    game = senet.Game(variant, seed=seed)
    for _ in play_out(game, get_player("average", seed=1), get_player("novice", seed=2)):
        pass
    return game


def test_c2_the_luck_of_the_possible_throws_averages_to_zero():
    # Luck is measured against the average throw: at a chance point, the luck of each
    # possible throw weighted by its odds (C2) sums to zero. Record the same position
    # once with each throw value (the best action played after it).
    start = position("kendall", white=(20, 23, 25), black=(18, 21, 24), side="w")
    lucks = {}
    for t, w in start.chance_outcomes():
        best = senet.ai.Expert(nodes=NODES, time_cap=None).analyse(start.apply(t))[0][0]
        review = review_record(record(start, f"w {t} {best}"), NODES)
        (throw,) = review["throws"]
        assert throw["throw"] == t and throw["side"] == "w"
        lucks[t] = (w / OUT_OF, throw["luck"])
        assert review["sides"]["w"]["luck"] == throw["luck"]
        assert review["sides"]["b"]["luck"] == 0.0
    assert max(luck for _, luck in lucks.values()) > 0.01  # the throws do differ here
    assert min(luck for _, luck in lucks.values()) < -0.01
    assert sum(p * luck for p, luck in lucks.values()) == pytest.approx(0.0, abs=1e-3)


def test_k7_throws_that_change_nothing_have_no_luck():
    # A game whose every throw is average: white's last piece is on 30, which bears off
    # on any throw (K7), so every throw value leads to the same outcome (a win) and the
    # luck of the throw is exactly zero. Measuring luck without the average, or from
    # the wrong side, would give 1 or -1.
    start = position("kendall", white=(30,), black=(2, 4), side="w")
    review = review_record(record(start, "w 2 30-off", "result w"), NODES)
    assert [t["luck"] for t in review["throws"]] == [0.0]
    assert review["sides"]["w"]["luck"] == 0.0 and review["sides"]["b"]["luck"] == 0.0


def test_k7_a_lucky_throw_is_luck_for_the_side_that_throws():
    # black's last piece on 29 bears off on a 2 only (K7): a 2 is good luck for black,
    # anything else bad luck; white's luck is untouched by black's throws
    start = position("kendall", white=(3, 5), black=(29,), side="b")
    lucky = review_record(record(start, "b 2 29-off", "result b"), NODES)
    assert lucky["sides"]["b"]["luck"] > 0.1
    assert lucky["sides"]["w"]["luck"] == 0.0
    unlucky = review_record(record(start, "b 3 29-27"), NODES)  # K8: back into the water
    assert unlucky["sides"]["b"]["luck"] < 0.0


def test_review_json_shape():
    game = _game(5)
    review = Reviewer(game, NODES).run()
    text = json.dumps(review)
    data = json.loads(text)
    assert data["finished"] is True and data["done"] == data["total"] > 0
    assert data["decisions"]
    for d in data["decisions"]:
        assert set(d) >= {"ply", "side", "throw", "played", "best", "loss", "class", "before", "after"}
        assert d["side"] in ("w", "b") and 1 <= d["ply"] <= len(game.entries)
        assert d["class"] in ("forced", "best", "inaccuracy", "mistake", "blunder")
        assert 0.0 <= d["after"] <= d["before"] <= 1.0 and d["loss"] >= 0.0
    plies = [d["ply"] for d in data["decisions"]]
    assert plies == sorted(plies)
    for side in ("w", "b"):
        s = data["sides"][side]
        assert set(s) >= {"equity_lost", "luck", "decisions", "mean_loss", "counts"}
    assert data["sides"]["w"]["luck"] == pytest.approx(
        sum(t["luck"] for t in data["throws"] if t["side"] == "w"), abs=1e-3)


def test_reviewer_reports_progress_and_stops_when_asked():
    game = _game(5)
    reviewer = Reviewer(game, NODES)
    seen = []
    review = reviewer.run(progress=lambda done, total: seen.append((done, total)), stop=lambda: len(seen) >= 4)
    assert seen == [(1, reviewer.total), (2, reviewer.total), (3, reviewer.total), (4, reviewer.total)]
    assert review["done"] == 4 and review["finished"] is False
    review = reviewer.run()  # and goes on from there
    assert review["finished"] is True and review["done"] == review["total"]


def test_review_is_reproducible():
    text = _game(4).record_text()
    assert review_record(text, NODES) == review_record(text, NODES)


def test_cli_review_prints_a_table_and_json_last(tmp_path, capsys):
    path = tmp_path / "game.txt"
    path.write_text(record(SURE_WIN, "w 5 30-off"))
    assert cli_main(["review", str(path), "--nodes", str(NODES), "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert data["decisions"][0]["class"] == "blunder" and data["nodes"] == NODES
    assert any("30-off" in line and "26-off" in line and "blunder" in line for line in out[:-1])
    assert any(line.startswith("white: 1 decision (") for line in out)
    assert cli_main(["review", str(path), "--nodes", str(NODES)]) == 0
    assert not capsys.readouterr().out.strip().splitlines()[-1].startswith("{")


@pytest.mark.parametrize("args,fragment", [
    (["review"], "usage"),
    (["review", "/no/such/file.txt"], "cannot read"),
    (["review", "GAME", "--nodes", "zero"], "--nodes must be a whole number"),
    (["review", "GAME", "--nodes", "0"], "--nodes must be a whole number"),
    (["review", "GAME", "--nodes"], "--nodes needs a number"),
    (["review", "GAME", "--colour"], "unknown option"),
    (["review", "GAME", "GAME"], "one record at a time"),
    (["review", "BAD"], "is not a game record that replays: line 6"),
])
def test_cli_review_bad_input_exits_2_with_one_line(tmp_path, capsys, args, fragment):
    good = tmp_path / "good.txt"
    good.write_text(record(SURE_WIN, "w 5 30-off"))
    bad = tmp_path / "bad.txt"
    bad.write_text(record(SURE_WIN, "w 5 12-17"))
    args = [str(good) if a == "GAME" else str(bad) if a == "BAD" else a for a in args]
    assert cli_main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert fragment in captured.err.splitlines()[0]


def test_each_side_is_rated_on_gnu_backgammons_scale():
    from senet.ai.review import RATINGS, rating

    assert [rating(x) for x in (0.0, 0.0019, 0.002, 0.0049, 0.005, 0.0119, 0.0179, 0.0259, 0.026, 0.4)] == [
        "flawless", "flawless", "world_class", "world_class", "master", "advanced", "intermediate", "casual",
        "beginner", "beginner"]
    assert [bound for bound, _ in RATINGS][:-1] == sorted(bound for bound, _ in RATINGS[:-1])
    # the blunder of K7: a third of a game lost in one decision; black chose nothing
    review = review_record(record(SURE_WIN, "w 5 30-off"), NODES)
    white, black = review["sides"]["w"], review["sides"]["b"]
    assert white["rating"] == "beginner" and white["mean_loss"] >= BLUNDER
    assert black["decisions"] == 0 and black["rating"] is None


def test_the_endgame_tables_judge_where_they_reach_and_say_so(capsys):
    # two white pieces and one black: in the tables, so every value there is exact
    review = review_record(record(SURE_WIN, "w 5 30-off"), NODES)
    (d,) = review["decisions"]
    assert d["exact"] and review["throws"][0]["exact"]
    assert review["sides"]["w"]["exact_decisions"] == 1
    from senet.ai import exact

    ranked = dict(exact.analyse(SURE_WIN.apply(5)))
    assert d["before"] == round(ranked[senet.Move(26, senet.OFF)], 4)
    assert d["after"] == round(ranked[senet.Move(30, senet.OFF)], 4)
    # the opening: far from the tables, the Expert's search judges
    game = _game(3)
    opening = Reviewer(game, NODES)
    for _ in range(4):
        opening.step()
    assert opening.decisions and not any(x["exact"] for x in opening.decisions)


def test_a_decision_whose_options_barely_differ_did_not_matter(monkeypatch):
    """Options less than MATTERS apart: the decision is not forced (its class counts) but
    it is left out of the error per decision, and a side with no other has no rating."""
    from senet.ai.review import MATTERS

    state = SURE_WIN.apply(5)
    reviewer = Reviewer(senet.Game.from_record(record(SURE_WIN, "w 5 30-off")), NODES)
    best, other = state.legal_actions()[0], state.legal_actions()[1]
    monkeypatch.setattr(reviewer, "_analyse", lambda s: [(best, 0.6), (other, 0.6 - MATTERS / 2)])
    reviewer.run()
    (d,) = reviewer.decisions
    assert d["class"] != "forced" and d["matters"] is False
    white = reviewer.result()["sides"]["w"]
    assert (white["decisions"], white["counted"], white["mean_loss"], white["rating"]) == (1, 0, 0.0, None)


def test_the_error_per_decision_counts_only_the_decisions_that_mattered():
    review = Reviewer(_game(3), NODES).run()
    for side in ("w", "b"):
        mattered = [d["loss"] for d in review["decisions"] if d["side"] == side and d["matters"]]
        s = review["sides"][side]
        assert s["counted"] == len(mattered) <= s["decisions"]
        assert s["mean_loss"] == pytest.approx(sum(mattered) / len(mattered), abs=1e-4)
    assert any(not d["matters"] for d in review["decisions"] if d["class"] != "forced")
    assert review["thresholds"]["matters"] > 0 and review["scale"][-1] == [None, "beginner"]


def test_each_rule_sets_scale_keeps_the_words_in_order():
    from senet.ai.review import RATINGS, SCALES, scale

    assert sorted(SCALES) == sorted(senet.VARIANTS)
    for bounds in SCALES.values():
        assert [name for _, name in bounds] == [name for _, name in RATINGS]
        numbers = [b for b, _ in bounds[:-1]]
        assert numbers == sorted(numbers) and all(b > 0 for b in numbers) and bounds[-1][0] is None
    assert scale("kendall+five") is SCALES["kendall"] and scale(None) is RATINGS


def test_the_two_best_words_need_enough_decisions_that_mattered():
    from senet.ai.review import MIN_FOR_TOP, rating

    assert rating(0.0, "kendall", MIN_FOR_TOP - 1) == "master"
    assert rating(0.0, "kendall", MIN_FOR_TOP) == "flawless"
    assert rating(0.0) == "flawless"  # no count given: the scale alone


@pytest.mark.parametrize("variant,seed", [("kendall", 1), ("kendall", 2), ("tait", 1), ("bell", 1)])
def test_a_player_who_always_moves_the_first_piece_never_reads_world_class(variant, seed):
    """The naive strategy (the first legal action, always) against Average, seeded."""
    from senet.ai import get_player, play_out
    from senet.ai.review import TOP_WORDS

    class First:
        def choose(self, state):
            return state.legal_actions()[0]

    game = senet.Game(variant, seed=seed)
    for _ in play_out(game, First(), get_player("average")):
        pass
    white = Reviewer(senet.Game.from_record(game.record_text()), NODES).run()["sides"]["w"]
    assert white["rating"] not in TOP_WORDS and white["rating"] != "master"
