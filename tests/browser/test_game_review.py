"""Issue 17, the game review in Chromium: "Review this game" for an imported record and
at the end of a game runs senet.ai.review in the worker, with a progress bar that advances
and a Stop button; the graph has one point per decision and a blunder opens the replay
at that decision with the better move on the board.

The page fixtures are conftest.py's `shared` and `app`. No test asserts a duration: they
wait for conditions and compare the order of what the page showed.
"""

from __future__ import annotations

import pytest
from conftest import DEFAULT_TIMEOUT_MS
from helpers import BLUNDER_RECORD

import senet
from app.flow.review_data import percent_fine, rated, rating_scale, signed_percent
from app.game.counting import line_name, replay_label, turns_played
from senet.ai import get_player, play_out
from senet.ai.review import review_record

# Records the progress bar's values, in order, as the page sets them.
WATCH_PROGRESS = """() => {
  window.__progress = [];
  const bar = document.getElementById('review-progress');
  new MutationObserver(() => window.__progress.push([Number(bar.getAttribute('value')),
                                                     Number(bar.getAttribute('max'))]))
    .observe(bar, {attributes: true, attributeFilter: ['value', 'max']});
}"""


def _replay(app, text: str) -> None:
    app.locator(".toolbar [data-action='record']").click()
    app.fill("#record-text", text)
    app.locator("#record-dialog").get_by_role("button", name="Replay").click()
    app.wait_for_selector("#replay:not([hidden])")


def _wait_state(app, *states: str) -> str:
    app.wait_for_function("states => states.includes(document.getElementById('review').dataset.state)",
                          arg=list(states), timeout=DEFAULT_TIMEOUT_MS)
    return app.get_attribute("#review", "data-state")


def test_k7_a_review_runs_to_the_end_and_shows_the_better_move_of_a_blunder(app):
    expected = review_record(BLUNDER_RECORD)  # the engine's own review: same budget, same numbers
    app.open("?speed=instant")
    _replay(app, BLUNDER_RECORD)
    app.evaluate(WATCH_PROGRESS)
    app.locator("#replay").get_by_role("button", name="Review this game").click()
    app.wait_for_selector("#review:not([hidden])")
    assert _wait_state(app, "done", "failed") == "done", app.inner_text("#review-status")

    # the progress bar advanced line by line, up to every line of the record
    seen = [v for v, m in app.evaluate("window.__progress") if m == expected["total"]]
    assert seen == sorted(seen) and seen[-1] == expected["total"]
    assert len(set(seen)) > 3
    assert app.get_attribute("#review-progress", "value") == str(expected["total"])
    checked = sum(1 for d in expected["decisions"] if d["class"] != "forced")
    status = app.inner_text("#review-status")
    assert status == f"Review done: {checked} decision{'s' if checked != 1 else ''} checked."

    # the graph: one point per decision, the blunder marked
    decisions = expected["decisions"]
    assert app.locator("#review-points circle").count() == len(decisions)
    assert app.get_attribute("#review-graph", "data-decisions") == str(len(decisions))
    classes = app.eval_on_selector_all("#review-points circle", "els => els.map(e => e.dataset.class)")
    assert classes == [d["class"] for d in decisions]
    assert classes[0] == "blunder"

    # the summary per side, from the same numbers
    white = app.locator('#review-summary-rows tr[data-side="w"]')
    assert white.locator('[data-field="blunder"]').inner_text() == str(expected["sides"]["w"]["counts"]["blunder"])
    # what a decision cost on average, never a sum that grows with the game, after its name
    # on the rule set's own scale (senet.ai.tuning's), with that scale in its title
    w = expected["sides"]["w"]
    mean = white.locator('[data-field="mean"]')
    assert mean.inner_text() == rated(w["mean_loss"], w["rating"]) and mean.inner_text().endswith("%)")
    assert percent_fine(w["mean_loss"]) in mean.inner_text()
    assert expected["scale"]
    assert mean.get_attribute("title") == rating_scale(expected["scale"])
    assert white.locator('[data-field="lost"]').count() == 0
    # the decisions of this endgame are judged by the exact tables (fetched by the worker), and say so
    assert all(d["exact"] for d in decisions)
    items = app.locator("#review-list button").all_inner_texts()
    assert items and all(text.endswith("(Exact: the endgame is solved.)") for text in items)
    luck = expected["sides"]["b"]["luck"]
    black = app.locator('#review-summary-rows tr[data-side="b"]')
    assert black.locator('[data-field="luck"]').inner_text() == signed_percent(luck)
    # who played each side said once: "White" alone, never "White (white)"
    assert [h.lower() for h in app.locator("#review-summary-rows th").all_inner_texts()] == ["white", "black"]
    # the graph's axes in words, with turn numbers under it
    chart = app.inner_text("#review-chart")
    assert "White's chance to win" in chart and "100%" in chart and "50%" in chart and "0%" in chart
    assert "Turn" in chart
    ticks = [int(t) for t in app.locator("#review-ticks span").all_inner_texts()]
    assert ticks and ticks == sorted(ticks) and ticks[-1] <= turns_played(senet.Game.from_record(BLUNDER_RECORD))

    # the blunder on the graph opens the replay at that decision, the better move shown
    app.locator('#review-points circle[data-class="blunder"]').first.click()
    app.wait_for_selector("#board [data-better='from']")
    # the review's item and the replay's counter name the same turn
    blunder = senet.Game.from_record(BLUNDER_RECORD)
    assert app.inner_text("#replay-step") == replay_label(blunder, 0, before=True)  # "Turn 1 of N, before the move"
    assert app.inner_text("#review-decision").startswith(line_name(blunder, 0) + ": ")
    assert app.get_attribute("#board", "data-position") == senet.Game.from_record(BLUNDER_RECORD).states[0].position()
    # the move played is drawn too, distinct from the better one, with a legend in words
    assert app.is_visible("#played-arrow") and app.get_attribute("#played-arrow", "data-move") == "30-off"
    assert "the move played" in app.inner_text("#review-legend")
    assert "the better move" in app.inner_text("#review-legend")
    assert app.get_attribute("#board [data-better='from']", "data-square") == "26"
    assert app.locator("#board [data-tray='w-off'][data-better='to']").count() == 1
    assert app.is_visible("#better-arrow")
    assert app.get_attribute("#better-arrow", "data-move") == "26-off"
    text = app.inner_text("#review-decision")
    assert "a blunder" in text and "Better: move the piece on 26 off the board." in text
    assert "Better: move the piece on 26 off the board." in app.inner_text("#status")

    # stepping away hides the better move; the keyboard brings it back from the list
    app.locator("#replay").get_by_role("button", name="Step forward").click()
    app.wait_for_selector("#better-arrow", state="hidden")
    assert app.locator("#board [data-better]").count() == 0 and not app.is_visible("#played-arrow")
    # the replay's steps are the review's too: the (forced) decision taken at step 1
    app.wait_for_function("name => document.getElementById('review-decision').textContent.startsWith(name)",
                          arg=line_name(blunder, 1) + ": ")
    assert app.inner_text("#replay-step") == replay_label(blunder, 1, before=True)
    assert "the only choice" in app.inner_text("#review-decision")
    button = app.locator("#review-list button").first
    button.focus()
    app.keyboard.press("Enter")
    app.wait_for_selector("#board [data-better='from']")
    assert app.evaluate("document.activeElement.dataset.decision") == "0"
    assert app.inner_text("#replay-step") == replay_label(blunder, 0, before=True)

    app.locator("#review").get_by_role("button", name="Close the review").click()
    app.wait_for_selector("#review", state="hidden")
    assert app.locator("#board [data-better]").count() == 0


def _long_record() -> str:
    game = senet.Game("kendall", seed=11)
    for _ in play_out(game, get_player("average", seed=1), get_player("novice", seed=2)):
        pass
    return game.record_text()


def test_a_review_can_be_stopped_and_keeps_what_it_found(app):
    record = _long_record()
    total = sum(1 for e in senet.Game.from_record(record).entries if not e.draw)
    app.open("?speed=instant")
    _replay(app, record)
    app.locator("#replay").get_by_role("button", name="Review this game").click()
    app.wait_for_function("Number(document.getElementById('review-progress').getAttribute('value')) >= 2",
                          timeout=DEFAULT_TIMEOUT_MS)
    stop = app.locator("#review").get_by_role("button", name="Stop")
    stop.click()
    assert _wait_state(app, "stopped", "done", "failed") == "stopped"
    assert not stop.is_visible()
    done = int(app.get_attribute("#review-progress", "value"))
    assert 2 <= done < total
    # named by the turn of the last line reviewed, of the game's turns (app/game/counting.py)
    game = senet.Game.from_record(record)
    reviewed = [i for i, e in enumerate(game.entries) if not e.draw]
    where = f"{line_name(game, reviewed[done - 1], False)} of {turns_played(game)}"
    assert app.inner_text("#review-status").startswith(f"Review stopped at {where}: ")
    # what was reviewed is shown: a point per decision of the lines done
    partial = review_record(record)
    decided = [d for d in partial["decisions"] if d["ply"] <= _ply_of_line(record, done)]
    assert app.locator("#review-points circle").count() == len(decided) > 0
    # the page stayed responsive: the replay steps while the review is stopped
    app.locator("#replay").get_by_role("button", name="Step back").click()
    app.wait_for_function("document.getElementById('replay-step').textContent.startsWith('Turn ')")


def _ply_of_line(record: str, lines: int) -> int:
    """The record line (ply) of the ``lines``-th reviewed line (colour draws are not reviewed)."""
    entries = senet.Game.from_record(record).entries
    count = 0
    for i, e in enumerate(entries):
        if not e.draw:
            count += 1
            if count == lines:
                return i + 1
    return len(entries)


LAST_PIECE = "kendall wwwwwww......................b b - w=0/0,b=0/6 -"  # black's last piece on 30


def test_review_this_game_at_the_end_of_a_game(app):
    app.open(f"?position={LAST_PIECE.replace(' ', '+')}&white=novice&black=human&seed=1&speed=instant")
    app.click('[data-action="throw"]')
    app.locator('[data-movable="true"]').first.click()
    panel = app.locator("#game-over")
    panel.wait_for(state="visible")
    panel.get_by_role("button", name="Review this game").click()
    assert _wait_state(app, "done", "failed") == "done", app.inner_text("#review-status")
    # one decision, forced (the last piece on 30 bears off on any throw, K7)
    assert app.locator("#review-points circle").count() == 1
    assert app.get_attribute("#review-points circle", "data-class") == "forced"
    assert app.locator('#review-summary-rows tr[data-side="b"] [data-field="decisions"]').inner_text() == "0"
    assert app.locator("#review-list button").count() == 0
    # nobody erred: said in words, not an empty list
    assert app.inner_text("#review-clean").startswith("No mistakes")
    assert app.inner_text("#review-status") == "Review done: 0 decisions checked."


def test_on_a_phone_the_review_does_not_scroll_sideways(app):
    app.set_viewport_size({"width": 390, "height": 844})
    app.open("?speed=instant")
    _replay(app, BLUNDER_RECORD)
    app.locator("#replay").get_by_role("button", name="Review this game").click()
    assert _wait_state(app, "done", "failed") == "done", app.inner_text("#review-status")
    app.locator("#review-summary").scroll_into_view_if_needed()
    assert app.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    table = app.locator("#review .review-table")
    assert table.evaluate("t => t.scrollWidth <= t.clientWidth")
    summary = app.locator("#review-summary")
    assert summary.evaluate("t => t.getBoundingClientRect().right <= window.innerWidth")
    # every figure is still there, each with its label (a card per side)
    white = app.locator('#review-summary-rows tr[data-side="w"]')
    blunders = review_record(BLUNDER_RECORD)["sides"]["w"]["counts"]["blunder"]  # the endgame tables judge
    assert white.locator('[data-field="blunder"]').inner_text() == str(blunders)
    assert white.locator('[data-field="mean"]').evaluate("td => getComputedStyle(td, '::before').content") \
        == '"Average loss per decision"'
    # the list and the graph fit too
    assert app.locator("#review-chart").evaluate("f => f.getBoundingClientRect().right <= window.innerWidth")


@pytest.mark.parametrize("fail", ["1"])
def test_a_review_without_the_worker_says_so(app, fail):
    app.open(f"?speed=instant&fail_worker={fail}")
    _replay(app, BLUNDER_RECORD)
    app.locator("#replay").get_by_role("button", name="Review this game").click()
    assert _wait_state(app, "failed", "done") == "failed"
    assert app.inner_text("#review-status").startswith("The review could not run")
    assert app.locator("#review-points circle").count() == 0
