"""The page's side of the game review (app/flow/review_data.py and the Controller's review
methods) under CPython, fed with what the worker would send (senet.ai.review's JSON)."""

import json
import re
import sys
from pathlib import Path

import senet
from app.flow.controller import Controller, Setup
from app.flow.review_data import GRAPH_H, GameReview, action_words, percent_fine
from senet.ai.review import Reviewer

ROOT = Path(__file__).resolve().parents[2]

# Kendall: white throws away a sure win at the first line (K2, K7), then black wins.
RECORD = """senet-record 1
variant kendall
seed 1
throws sha256
start kendall .........................w..bw w - w=0/5,b=0/6 -
w 5 30-off
w 2 26-28
b 2 29-off
result b
"""


def _fed(review: GameReview, stop_after: int | None = None) -> GameReview:
    """Run the worker's side in this process and feed ``review`` as the page does."""
    worker = Reviewer(review.game, 300)
    review.started(json.dumps({"total": worker.total, "nodes": worker.nodes}))
    while not worker.finished and (stop_after is None or worker.done < stop_after):
        worker.step()
        review.progressed(json.dumps({"done": worker.done, "total": worker.total}))
    review.finished(json.dumps(worker.result()), stopped=stop_after is not None)
    return review


def test_k7_the_page_review_of_a_blunder():
    game = senet.Game.from_record(RECORD)
    review = _fed(GameReview(game))
    assert review.state == "done" and review.done == review.total == 3
    ds = review.decisions
    points = review.points()
    assert len(points) == len(ds)
    assert [p[2] for p in points] == list(range(len(ds)))
    assert [p[0] for p in points] == sorted(p[0] for p in points)
    # white's equity on the graph: black's decisions are turned round
    for (_x, y, _i, cls), d in zip(points, ds):
        white = d["before"] if d["side"] == "w" else 1 - d["before"]
        assert abs(y - GRAPH_H * (1 - white)) < 0.01 and cls == d["class"]
    assert ds[0]["class"] == "blunder" and review.listed() == [0]
    text = review.decision_text(0, {"w": "You", "b": "Novice"})
    assert text.startswith("Move 1 of turn 1: You threw 5 and chose to move the piece on 30 off the board: a blunder")
    assert "Better: move the piece on 26 off the board." in text
    assert review.better_move(0) == ("26", "off")
    assert [review.at_step(step) for step in range(4)] == [0, 1, 2, None]
    rows = review.summary_rows({"w": "You", "b": "Novice"})
    assert [r["side"] for r in rows] == ["w", "b"] and rows[0]["blunder"] == 1 and rows[0]["who"] == "You (White)"
    assert "1 mistake or blunder marked" in review.graph_label()
    # a player's words: percentages everywhere, never the engine's words; what a decision
    # cost on average (to a tenth below 10%), never the sum, which grows with the game
    sides = review.data["sides"]
    assert "lost" not in rows[0]
    luck = round(sides["b"]["luck"] * 100)
    assert rows[1]["luck"] == (f"+{luck}%" if luck > 0 else f"{luck}%" if luck else "0%")
    for row in rows:
        for field in ("mean", "luck"):
            assert row[field].endswith(("%", "%)"))
    # what a decision lost on average, after its name on GNU Backgammon's scale
    assert rows[0]["mean"] == f"Beginner ({percent_fine(sides['w']['mean_loss'])})"
    assert rows[1]["mean"] == "0%"  # black had no choice: nothing to rate
    # the endgame here is solved: every decision is judged exactly, and says so
    assert all(d["exact"] for d in ds) and text.endswith("(Exact: the endgame is solved.)")
    # the graph from the side of the player at this device: black's is white's turned round
    for (_x, y, _i, _c), (_x2, y_black, _i2, _c2) in zip(points, review.points("b")):
        assert abs(y + y_black - GRAPH_H) < 0.02
    assert review.graph_label("b").startswith("Your chance to win") and review.graph_label().startswith("White's")
    assert review.progress_text() == f"Review done: {review.checked()} decision{'s' if review.checked() != 1 else ''} checked."
    assert "line" not in review.progress_text() and "nodes" not in review.progress_text()
    # white erred, black did not: said in words
    assert review.clean_text({"w": "You", "b": "Novice"}) == "No mistakes by Novice (Black)."


def test_a_decision_s_average_cost_reads_to_a_tenth_of_a_percent():
    # "Best 76 of 76" beside "Chance lost 24%" read oddly: the sum of 76 small losses. A
    # decision's average cost is small: it shows to a tenth, never "under 1%".
    assert [percent_fine(x) for x in (0, 0.0003, 0.003, 0.0034, 0.0249, 0.0996, 0.1234, 1.0)] == \
        ["0%", "under 0.1%", "0.3%", "0.3%", "2.5%", "10%", "12%", "100%"]


def test_a_stopped_review_says_where_it_stopped():
    review = _fed(GameReview(senet.Game.from_record(RECORD)), stop_after=1)
    assert review.state == "stopped" and review.done == 1
    assert re.match(r"Review stopped at (move \d+ of )?turn 1 of \d+", review.progress_text())
    assert len(review.points()) == len(review.decisions) == 1


def test_action_words():
    assert action_words("14-17") == "move the piece on 14 to square 17"
    assert action_words("in-4") == "move the piece from the supply to square 4"
    assert action_words("26-off") == "move the piece on 26 off the board"
    assert action_words("throw") == "throw the sticks"
    assert action_words("rescue") == "rescue the piece from the water"


def test_k7_the_controller_shows_a_reviewed_decision_with_the_better_move():
    ctl = Controller(setup=Setup("kendall", ("human", "human"), seed=3))
    live = ctl.table.game
    game = senet.Game.from_record(RECORD)
    ctl.replays.open(game, 3)
    review = ctl.reviews.begin()
    assert review.game is game and not review.own
    _fed(review)
    assert ctl.reviews.better_move is None  # the replay is not at the decision
    ctl.reviews.show_decision(0)
    assert ctl.table.replay.step == 0 and ctl.reviews.focus == 0
    assert ctl.reviews.better_move == senet.Move(26, senet.OFF)
    assert re.search(r"Review: (Move \d+ of t|T)urn 1: ", ctl.replays.step_text()) and "Better: move the piece on 26 off the board." in ctl.replays.step_text()
    # the counter names the same turn as the review, and both moves are drawn
    assert re.fullmatch(r"(Move \d+ of t|T)urn 1 of \d+, before the move", ctl.replays.label())
    assert ctl.reviews.played_move == senet.Move(30, senet.OFF)
    ctl.replays.go(1)  # stepping on: the decision taken there (forced), no better move
    assert ctl.reviews.focus == 1 and ctl.reviews.better_move is None and ctl.reviews.played_move is None
    assert "Review: Move 2 of turn 1: " in ctl.replays.step_text() and "the only choice" in ctl.replays.step_text()
    assert ctl.replays.label() == "Move 2 of turn 1 of 2, before the move"
    ctl.replays.go(3)  # the end: no decision there
    assert ctl.reviews.focus is None and "Review:" not in ctl.replays.step_text()
    assert ctl.replays.label() == "Turn 2 of 2"
    ctl.replays.go(0)  # stepping back to the blunder shows it again
    assert ctl.reviews.focus == 0 and ctl.reviews.better_move == senet.Move(26, senet.OFF)
    ctl.replays.close()
    assert ctl.table.game is live and ctl.reviews.better_move is None
    ctl.reviews.show_decision(0)  # from the game in progress: the replay opens again
    assert ctl.table.replay is not None and ctl.table.replay.full is game and ctl.reviews.focus == 0
    ctl.replays.close()
    ctl.play_again()  # a new game ends the review
    assert ctl.reviews.review is None


def test_the_review_of_the_game_in_progress_is_its_own():
    ctl = Controller(setup=Setup("kendall", ("human", "human"), seed=3))
    review = ctl.reviews.begin()
    assert review.game is ctl.table.game and review.own


MPY_SCRIPT = """
import json
import senet
from app.flow.review_data import GameReview
review = GameReview(senet.Game.from_record(RECORD))
review.started(STARTED)
review.progressed(PROGRESS)
review.finished(RESULT)
out = {
    "state": review.state, "points": [list(p) for p in review.points()], "label": review.graph_label(),
    "texts": [review.decision_text(i, {"w": "You", "b": "Novice"}) for i in range(len(review.decisions))],
    "rows": review.summary_rows({"w": "You", "b": "Novice"}), "listed": review.listed(),
    "steps": [review.at_step(s) for s in range(5)], "better": [review.better_move(i) for i in review.listed()],
    "progress": review.progress_text(), "ticks": [list(t) for t in review.turn_ticks()],
    "clean": review.clean_text({"w": "You", "b": "Novice"}),
}
print(json.dumps(out))
"""


def test_the_page_review_reads_the_same_under_micropython(tmp_path):
    # review_data runs on the page's MicroPython: the same numbers give the same words
    import shutil
    import subprocess

    worker = Reviewer(senet.Game.from_record(RECORD), 300)
    result = worker.run()
    script = (f"STARTED = {json.dumps(json.dumps({'total': worker.total, 'nodes': 300}))}\n"
              f"PROGRESS = {json.dumps(json.dumps({'done': worker.total, 'total': worker.total}))}\n"
              f"RESULT = {json.dumps(json.dumps(result))}\nRECORD = {json.dumps(RECORD)}\n" + MPY_SCRIPT)
    path = tmp_path / "review_mpy.py"
    path.write_text(script)
    lib = tmp_path / "lib"  # the engine, which app/words/names.py reads the colours from
    shutil.copytree(ROOT / "senet", lib / "senet", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "app", lib / "app", ignore=shutil.ignore_patterns("__pycache__", "*.js", "*.css"))
    done = subprocess.run(["node", str(ROOT / "tools" / "mpy_run.mjs"), "--path", str(lib), str(path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    here = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT)})
    assert here.returncode == 0, here.stderr
    mpy, cpy = json.loads(done.stdout.strip().splitlines()[-1]), json.loads(here.stdout.strip().splitlines()[-1])
    assert mpy == cpy
    assert cpy["listed"] == [0] and "Better: move the piece on 26 off the board." in cpy["texts"][0]
