"""The Puzzles page in Chromium (pages/puzzles.html, app/puzzles/puzzles.js,
docs/endgames.md): the day's puzzle is the same on two devices, an answer says whether
it was the best with every move's exact chance, and the streak stays on the device.
Each page is told its day (``?date=``), so nothing depends on the clock."""

from __future__ import annotations

import json
from pathlib import Path

import make_puzzles
import pytest
from conftest import axe_violations

ROOT = Path(__file__).resolve().parents[2]

DATA = json.loads(make_puzzles.PUZZLES.read_text(encoding="utf-8"))


def _open(page, server, query: str) -> None:
    page.goto(server.url + "pages/puzzles.html" + query)
    page.wait_for_selector("#puzzle:not([hidden])")


def _shown(page) -> tuple:
    box = page.locator("#puzzle")
    return box.get_attribute("data-rules"), int(box.get_attribute("data-index")), box.get_attribute("data-position")


def test_the_puzzle_of_a_date_is_the_same_on_two_devices(guarded_context, server):
    seen = []
    for _ in range(2):  # two devices: two contexts, nothing shared
        context, log = guarded_context()
        page = context.new_page()
        _open(page, server, "?date=2026-11-28")
        seen.append(_shown(page))
        assert page.get_attribute("#puzzle", "data-daily") == "true"
        assert "28, 2026" in page.inner_text("#puzzle-title") and "Kendall rules" in page.inner_text("#puzzle-title")
        assert not log.errors
    assert seen[0] == seen[1]
    index = make_puzzles.daily_index("2026-11-28", "kendall", len(DATA["variants"]["kendall"]))
    assert seen[0] == ("kendall", index, DATA["variants"]["kendall"][index][0])
    # another day, another rule set: the puzzle follows
    _open(page, server, "?date=2026-11-29&rules=tait")
    index = make_puzzles.daily_index("2026-11-29", "tait", len(DATA["variants"]["tait"]))
    assert _shown(page)[:2] == ("tait", index)


def _answer(page, best: bool) -> str:
    rules, index, position = _shown(page)
    ranked = DATA["variants"][rules][index][1]
    action = ranked[0][0] if best else ranked[-1][0]
    page.locator(f'#puzzle-actions button[data-action="{action}"]').click()
    page.wait_for_selector("#puzzle-answer:not([hidden])")
    return action


def test_an_answer_shows_every_moves_exact_chance_and_the_streak_stays_on_the_device(guarded_context, server):
    context, log = guarded_context()
    page = context.new_page()
    _open(page, server, "?date=2026-11-28")
    rules, index, position = _shown(page)
    ranked = DATA["variants"][rules][index][1]
    assert page.locator("#puzzle-actions button").count() == len(ranked)
    assert page.locator("#puzzle-board circle.piece").count() == sum(c != "." for c in position.split(" ")[1])
    assert "Which move is best?" in page.inner_text("#puzzle-task")
    _answer(page, best=True)
    assert page.get_attribute("#puzzle-answer", "data-verdict") == "best"
    assert page.inner_text("#puzzle-verdict").startswith("Best!")
    rows = page.locator("#puzzle-values-rows tr")
    assert rows.count() == len(ranked)
    assert [t.strip() for t in page.locator("#puzzle-values-rows td:nth-child(2)").all_inner_texts()] == [
        f"{round(p * 100)}%" for _, p in ranked]
    assert page.locator('#puzzle-values-rows tr[data-best="true"][data-chosen="true"]').count() == 1
    assert page.locator("#puzzle-actions button:not([disabled])").count() == 0
    assert "1 day in a row" in page.inner_text("#puzzle-streak")
    # the next day, a wrong answer: the streak ends, the longest stays
    _open(page, server, "?date=2026-11-29")
    assert "1 day in a row" in page.inner_text("#puzzle-streak")  # yesterday's still counts today
    _answer(page, best=False)
    assert page.get_attribute("#puzzle-answer", "data-verdict") == "not-best"
    assert page.inner_text("#puzzle-verdict").startswith("Not the best.")
    assert "0 days in a row (longest: 1)" in page.inner_text("#puzzle-streak")
    # reopened on the same day: the answer shows again and counts once
    page.reload()
    page.wait_for_selector("#puzzle-answer:not([hidden])")
    assert page.get_attribute("#puzzle-answer", "data-verdict") == "not-best"
    stored = json.loads(page.evaluate("localStorage.getItem('senet:puzzles')"))
    assert stored["streak"] == 0 and stored["best"] == 1 and stored["answered"] == "2026-11-29"
    # more puzzles: another one, not the day's, does not touch the streak
    page.locator("#puzzle-another").click()
    page.wait_for_function("document.getElementById('puzzle').dataset.daily === 'false'")
    assert page.get_attribute("#puzzle-answer", "hidden") is not None
    _answer(page, best=True)
    assert json.loads(page.evaluate("localStorage.getItem('senet:puzzles')"))["streak"] == 0
    assert not log.errors


@pytest.mark.parametrize("rules", ["piccione", "bell"])
def test_puzzles_of_every_rule_set_read_in_words(guarded_context, server, rules):
    context, log = guarded_context()
    page = context.new_page()
    _open(page, server, f"?date=2026-12-01&rules={rules}")
    assert page.get_attribute("#puzzle", "data-rules") == rules
    assert page.locator("#puzzle-rules").input_value() == rules
    texts = page.locator("#puzzle-actions button").all_inner_texts()
    assert texts and all(t and "{" not in t for t in texts)
    assert "{" not in page.inner_text("#puzzle")
    if rules == "bell":
        assert "goals are the odd squares" in page.inner_text("#puzzle-counts")
    _answer(page, best=False)
    assert axe_violations(page) == []  # the board, the buttons and the table of chances
    assert not log.errors


def test_a_browser_that_refuses_storage_still_plays_and_says_so(guarded_context, server):
    context, log = guarded_context()
    context.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('refused', 'SecurityError'); }});")
    page = context.new_page()
    _open(page, server, "?date=2026-11-28")
    _answer(page, best=True)
    assert page.get_attribute("#puzzle-answer", "data-verdict") == "best"
    assert "streak is not kept" in page.inner_text("#puzzle-streak")
