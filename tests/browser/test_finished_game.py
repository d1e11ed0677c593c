"""Issue 25 in Chromium, as a player notices it: a finished game stays finished (no Undo
after the end), Resign asks first and ends the game as a loss, in the statistics and in
the record; a game with a move taken back is counted apart; Settings' "Play without
take-backs" turns Undo off against the computer.

The page fixture is conftest.py's `app`. No test asserts a duration: they wait for states.
"""

from __future__ import annotations

import helpers
from conftest import HUMAN_TURN, axe_violations, position, state_of, wait_position_change

LAST_PIECE = "kendall wwwwwww......................b b - w=0/0,b=0/6 -"  # black's last piece on 30


def human_step(app) -> None:
    """The human's next thing: throw, OK a lost throw, or move the first movable piece
    (helpers.human_step, until the board shows another position)."""
    helpers.human_step(app)


def stats_rows(app) -> list:
    app.locator(".toolbar [data-action='stats']").click()
    rows = [r.split("\t") for r in app.locator("#stats-table tbody tr").all_inner_texts()]
    app.locator("#stats-dialog").get_by_role("button", name="Close").click()
    return rows


def record_text(app) -> str:
    app.locator(".toolbar [data-action='record']").click()
    text = app.locator("#record-text").input_value()
    app.keyboard.press("Escape")
    app.wait_for_selector("#record-dialog", state="hidden")
    return text


def test_no_undo_once_the_game_is_over(app):
    app.open(f"?position={LAST_PIECE.replace(' ', '+')}&white=novice&black=human&seed=1&speed=instant")
    app.click('[data-action="throw"]')
    app.locator('[data-movable="true"]').first.click()
    app.locator("#game-over").wait_for(state="visible")
    # the game could be taken back move by move before; now nothing is offered
    assert app.locator('[data-action="undo"]').is_disabled()
    assert app.locator('[data-action="redo"]').is_disabled()
    assert app.locator('[data-action="resign"]').is_disabled()
    app.reopen()  # nor after a reload
    assert app.get_attribute("#board", "data-winner") == "b"
    assert app.locator('[data-action="undo"]').is_disabled()
    assert app.locator('[data-action="resign"]').is_disabled()


def test_no_one_resigns_for_the_computer(app):
    """A game between computers has no human to resign, from the first move to the end."""
    app.open("?variant=kendall&white=novice&black=novice&seed=4&speed=instant")
    assert app.locator('[data-action="resign"]').is_disabled()
    app.locator("#game-over").wait_for(state="visible", timeout=120_000)
    assert app.locator('[data-action="resign"]').is_disabled()


def test_resigning_asks_first_then_counts_a_loss_in_the_statistics_and_the_record(app):
    app.open("?variant=kendall&white=human&black=novice&seed=3&speed=instant")
    for _ in range(4):
        human_step(app)
    app.wait_for_function(HUMAN_TURN)
    before = app.get_attribute("#board", "data-position")
    resign = app.locator('.toolbar [data-action="resign"]')
    assert resign.is_enabled()
    # the dialog asks, the safe answer focused; Escape keeps the game as it was
    resign.click()
    dialog = app.get_by_role("dialog", name="Resign this game?")
    assert dialog.is_visible()
    assert "Novice wins" in app.inner_text("#resign-text") and "loss" in app.inner_text("#resign-text")
    assert app.evaluate("document.activeElement.value") == "cancel"
    assert axe_violations(app) == []
    app.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert app.get_attribute("#board", "data-position") == before and not app.get_attribute("#board", "data-winner")
    # Resign: the game ends, a loss
    resign.click()
    dialog.get_by_role("button", name="Resign", exact=True).click()
    app.locator("#game-over").wait_for(state="visible")
    assert app.get_attribute("#board", "data-winner") == "b"
    assert "You resigned." in app.inner_text("#game-over-detail")
    assert "You resigned." in app.inner_text("#status")
    assert app.locator('[data-action="undo"]').is_disabled() and resign.is_disabled()
    assert stats_rows(app) == [["Kendall", "Novice", "0", "1", "0"]]
    text = record_text(app)
    assert text.rstrip().endswith("result b: resigned")
    # the finished game stays finished after a reload, and is not counted twice
    app.reopen()
    assert app.get_attribute("#board", "data-winner") == "b"
    assert stats_rows(app) == [["Kendall", "Novice", "0", "1", "0"]]


def test_a_game_with_a_move_taken_back_is_counted_apart_and_take_backs_can_be_turned_off(app):
    app.open("?variant=tait&white=human&black=novice&seed=5&speed=instant")
    undo = app.locator('[data-action="undo"]')
    for _ in range(60):
        human_step(app)
        app.wait_for_function(HUMAN_TURN)
        if undo.is_enabled():
            break
    undo.click()
    app.wait_for_function("document.getElementById('status').textContent.includes('the throws stay the same')")
    app.locator('.toolbar [data-action="resign"]').click()
    app.get_by_role("dialog", name="Resign this game?").get_by_role("button", name="Resign", exact=True).click()
    app.locator("#game-over").wait_for(state="visible")
    assert stats_rows(app) == [["Tait", "Novice, with take-backs", "0", "1", "0"]]

    # Settings: play without take-backs; the next game against the computer has no Undo
    app.locator(".toolbar [data-action='settings']").click()
    app.check("#set-no-takebacks")
    app.locator("#settings-dialog").get_by_role("button", name="Done").click()
    app.locator("#game-over [data-action='play-again']").click()
    for _ in range(12):
        human_step(app)
    app.wait_for_function(HUMAN_TURN)
    assert undo.is_disabled() and "No take-backs" in undo.get_attribute("title")
    app.reopen()  # the choice is remembered
    assert undo.is_disabled()
    app.locator(".toolbar [data-action='settings']").click()
    assert app.is_checked("#set-no-takebacks")


def test_after_an_undo_against_the_computer_the_sticks_show_the_position_gone_back_to(app):
    app.open("?variant=tait&white=human&black=novice&seed=5&speed=instant")
    undo = app.locator('[data-action="undo"]')
    for _ in range(80):  # until the computer has thrown after a human move that can be taken back
        human_step(app)
        app.wait_for_function(HUMAN_TURN)
        if undo.is_enabled() and state_of(app).side == "w" and app.locator('[data-action="throw"]').is_enabled():
            break
    assert undo.is_enabled()
    old = position(app)
    undo.click()
    wait_position_change(app, old)
    pending = state_of(app).throw
    shown = app.inner_text("#throw-value")
    label = app.get_attribute("#sticks", "aria-label")
    if pending is None:
        assert shown == "" and label.startswith("The throwing sticks, not thrown yet")
    else:  # the throw of the decision gone back to, never one thrown after it
        assert shown == str(pending) and label.startswith(f"Last throw: {pending} ")
