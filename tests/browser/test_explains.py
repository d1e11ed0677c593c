"""Issue 19, "A game that explains itself", in Chromium: the words (you, not "You wins"),
the reasons for lost throws and refused clicks, a calm layout (no layout shift after
ready), the move log, the game-over summary and the sound setting.

The page fixtures are test_app.py's (one shared context, fresh localStorage per page).
No test here asserts a duration or a rate: they wait for conditions and compare orders.
"""

from __future__ import annotations

import test_app

app, shared = test_app.app, test_app.shared  # the fixtures, shared with test_app.py

WATER = "kendall wbwbwbwbwbwbw.............b... b - w=0/0,b=0/0 -"  # black (you) drowning on 27
LAST_PIECE = "kendall wwwwwww......................b b - w=0/0,b=0/6 -"  # black's last piece on 30


def _q(position: str) -> str:
    return position.replace(" ", "+")


def status(page) -> str:
    return page.locator("#status").inner_text()


# ---------------------------------------------------------------- 1. words


def test_messages_about_the_human_say_you(app):
    app.open(f"?position={_q(LAST_PIECE)}&white=novice&black=human&seed=1&speed=instant")
    assert app.locator('.players [data-seat="2"] .name').inner_text() == "You"
    app.click('[data-action="throw"]')
    app.wait_for_function("document.getElementById('status').textContent.includes('threw')")
    assert status(app).startswith("You threw 2")
    assert "Black threw" not in status(app)
    app.locator('[data-movable="true"]').first.click()
    app.wait_for_selector("#board[data-winner='b']")
    text = status(app)
    assert "You bear off the piece from square 30" in text
    assert "You win" in text and "wins" not in text
    assert app.locator("#game-over-title").inner_text() == "You win"
    detail = app.locator("#game-over-detail").inner_text()
    assert "You win" in detail and "You wins" not in detail


def test_no_developer_words_when_the_computer_player_fails(app):
    app.open("?variant=kendall&white=average&black=novice&seed=3&speed=instant&fail_worker=1")
    notice = app.locator("#notice")
    notice.wait_for(state="visible")
    text = notice.inner_text()
    for word in ("main page", "background player", "worker", "Python", "on this page instead"):
        assert word not in text, word
    assert "The game goes on" in text
    # the error itself goes to the console only
    app.log.errors[:] = [e for e in app.log.errors if "player failed (" not in e]


# ---------------------------------------------------------------- 2. reasons


def test_a_lost_throw_names_the_rule(app):
    # seed 1: black (you) throws a 2 with a piece in the water: only a 4 would do
    app.open(f"?position={_q(WATER)}&white=human&black=human&black_name=You&seed=1&speed=slow")
    app.click('[data-action="throw"]')
    app.wait_for_function("document.getElementById('status').textContent.includes('threw')")
    text = status(app)
    assert "You threw 2: the throw is lost." in text
    assert "While your piece is in the water (27) you may move no other piece" in text
    assert "bears off only with a throw of 4" in text
    assert "(K9)" not in text  # plain words, not the rule's clause


def test_refused_clicks_say_why(app):
    app.open(f"?position={_q(WATER)}&white=novice&black=human&seed=5&speed=slow")
    # before the throw
    app.locator('[data-piece][data-at="2"]').click()
    app.wait_for_function("document.getElementById('status').textContent.startsWith('Throw the sticks first')")
    # a piece of the other side
    app.locator('[data-piece][data-at="1"]').click()
    app.wait_for_function("document.getElementById('status').textContent.includes('you play black')")
    assert status(app) == "That is a white piece; you play black."
    # seed 5 throws a 4: only the piece in the water may move
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    before = app.get_attribute("#board", "data-position")
    app.locator('[data-piece][data-at="4"]').click()
    app.wait_for_function("document.getElementById('status').textContent.startsWith('This piece cannot move')")
    text = status(app)
    assert "while your piece is in the water (27) you may move no other piece" in text
    assert app.get_attribute("#board", "data-position") == before  # nothing moved
