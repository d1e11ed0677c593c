"""Issue 19, the first-game tutorial, in Chromium: offered once to a new visitor without
moving anything, remembered once answered, opened from the game's toolbar and from the
Rules page, played to its end with the keyboard alone, wrong clicks explained without
advancing, and the game in progress given back untouched.

The page fixtures are conftest.py's `shared` and `app` (one shared context, fresh
localStorage per page).
The lessons themselves are checked against the engine in tests/app/test_app_tutorial.py.
No test here asserts a duration: they wait for conditions.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import DEFAULT_TIMEOUT_MS, axe_violations, position
from helpers import LAYOUT_SHIFTS

import senet
from app.flow.tutorial import LESSONS

ROOT = Path(__file__).resolve().parents[2]

GAME = "?variant=kendall&white=novice&black=human&seed=4&speed=instant"


def status(page) -> str:
    return page.locator("#status").inner_text()


def focused(page) -> str:
    """What has the focus: its data-action, "piece N" or its id."""
    return page.evaluate("""() => { const e = document.activeElement;
        if (!e) return ''; if (e.dataset.action) return e.dataset.action;
        if (e.dataset.piece) return 'piece ' + e.dataset.at; return e.id || e.tagName; }""")


def settings(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('senet:settings')") or "{}")


def _a_game_in_progress(page):
    """Your game against Novice, two of your turns in, with a throw of yours pending."""
    page.open(GAME)
    for _ in range(2):
        page.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
        page.click('[data-action="throw"]')
        page.wait_for_function("document.querySelector('[data-movable=\"true\"]')"
                               " || !document.querySelector('[data-action=\"pass\"]').hidden")
        if page.locator('[data-movable="true"]').count():
            page.locator('[data-movable="true"]').first.click()
    page.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
    page.click('[data-action="throw"]')
    page.wait_for_function("document.getElementById('board').dataset.position.split(' ')[3] !== '-'")


# ---------------------------------------------------------------- the offer


def test_a_new_visitor_is_offered_the_tutorial_once_and_nothing_moves(app):
    app.add_init_script(LAYOUT_SHIFTS)
    app.open()
    offer = app.locator("#tutorial-offer")
    offer.wait_for(state="visible")
    assert "New to Senet?" in offer.inner_text()
    # first in the side panel, above the message line, whole in the window (there from the
    # first paint, so nothing moved when it came), and it covers no control of the toolbar
    offer_box, toolbar = offer.bounding_box(), app.locator(".toolbar").bounding_box()
    assert offer_box["y"] + offer_box["height"] <= app.locator("#status").bounding_box()["y"]
    for button in offer.get_by_role("button").all():
        box = button.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    assert (offer_box["y"] >= toolbar["y"] + toolbar["height"] or offer_box["x"] >= toolbar["x"] + toolbar["width"]
            or offer_box["y"] + offer_box["height"] <= toolbar["y"]), (offer_box, toolbar)
    assert app.locator('[data-action="throw"]').is_enabled()  # the game is there, not behind it
    # the "ready to play offline" message (also at the bottom of the window) does not cover it
    app.wait_for_function("document.querySelector('#pwa-slot .pwa-message')"
                          " && document.querySelector('#pwa-slot .pwa-message').textContent.includes('offline')",
                          timeout=DEFAULT_TIMEOUT_MS)
    message, box = (app.locator(sel).bounding_box() for sel in ("#pwa-slot .pwa-message", "#tutorial-offer"))
    assert (message["y"] + message["height"] <= box["y"] or box["y"] + box["height"] <= message["y"]), (message, box)
    # nor does its coming move the offer, or anything else, however late it comes: read once
    # the message is there (it came before the offer under load, or after it)
    ready = app.evaluate("performance.getEntriesByName('senet:ready')[0].startTime")
    assert [s for s in app.evaluate("window.__shifts") if s["t"] >= ready and not s["input"]] == []
    offer.get_by_role("button", name="No, thanks").click()
    offer.wait_for(state="hidden")
    assert settings(app)["tutorial"] == "declined"
    # remembered: even a visitor with no game saved is not asked again
    app.evaluate("localStorage.removeItem('senet:save')")
    app.reload()
    app.wait_for_function("document.documentElement.dataset.ready === 'true'")
    assert not offer.is_visible()
    # without the answer (settings of an older version), a visit with nothing saved is a first one
    app.evaluate("""() => { localStorage.removeItem('senet:save');
        localStorage.setItem('senet:settings', JSON.stringify({format: 'senet-settings', version: 1,
                                                               speed: 'fast'})); }""")
    app.reload()
    app.wait_for_function("document.documentElement.dataset.ready === 'true'")
    offer.wait_for(state="visible")
    assert app.locator("#speed").input_value() == "fast"  # the old settings still load


def test_a_link_to_a_game_or_a_first_throw_is_not_interrupted(app):
    app.open(GAME)  # a link that starts a game: no offer
    assert not app.locator("#tutorial-offer").is_visible()
    app.evaluate("localStorage.clear()")
    app.open()
    offer = app.locator("#tutorial-offer")
    offer.wait_for(state="visible")
    app.click('[data-action="throw"]')  # playing answers it for now
    offer.wait_for(state="hidden")
    app.wait_for_function("document.getElementById('board').dataset.position.split(' ')[3] !== '-'")


# ---------------------------------------------------------------- keyboard and screen reader


def test_the_tutorial_can_be_completed_with_the_keyboard_alone(app):
    app.open()
    app.locator("#tutorial-offer").wait_for(state="visible")
    for _ in range(20):  # Tab to the offer's button, as a keyboard user would
        if focused(app) == "tutorial-start":
            break
        app.keyboard.press("Tab")
    assert focused(app) == "tutorial-start"
    app.keyboard.press("Enter")
    app.wait_for_selector("#tutorial:not([hidden])")
    words = app.locator("#tutorial-words")
    assert focused(app) == "tutorial-words" and words.get_attribute("aria-live") == "polite"
    assert settings(app)["tutorial"] == "taken"
    app.keyboard.press("Shift+Tab")  # the throw comes just before the lesson's words
    for number, lesson in enumerate(LESSONS, 1):
        app.wait_for_function("n => document.getElementById('tutorial-title').textContent.includes(n + ' of ')",
                              arg=str(number))
        assert position(app) == lesson.position
        for beat in lesson.beats:
            if beat.throw is None:
                assert focused(app) == "rescue"
            else:
                assert focused(app) == "throw", lesson.key
                app.keyboard.press("Enter")
                app.wait_for_function("t => document.getElementById('board').dataset.position.split(' ')[3] === t",
                                      arg=str(beat.throw))  # the prepared throw
                assert words.inner_text().endswith(beat.after)
                app.wait_for_function(f"document.activeElement.dataset.at === '{beat.move.src}'")
            before = position(app)
            app.keyboard.press("Enter")  # the glowing piece plays, or the rescue
            app.wait_for_function("p => document.getElementById('board').dataset.position !== p", arg=before)
        app.wait_for_function("document.activeElement.dataset.action === 'tutorial-next'"
                              " || document.activeElement.dataset.action === 'tutorial-finish'")
        assert position(app) == lesson.ends
        assert lesson.done in words.inner_text()
        app.keyboard.press("Enter")  # Next, and at the end Finish
    app.wait_for_selector("#tutorial", state="hidden")
    assert status(app) == "Back to your game."
    assert position(app) == senet.start("kendall").position()  # the game, untouched
    assert not app.locator("#game-over").is_visible()
    assert settings(app)["tutorial"] == "finished"
    assert app.evaluate("localStorage.getItem('senet:stats')") is None  # the lessons' win is not counted


# ---------------------------------------------------------------- wrong clicks, Skip, Escape


def test_a_wrong_click_says_why_and_does_not_advance(app):
    app.open(GAME)
    app.click('.toolbar [data-action="tutorial"]')
    app.wait_for_selector("#tutorial:not([hidden])")
    for _ in range(3):
        app.click('[data-action="tutorial-next"]')
    app.wait_for_function("document.getElementById('tutorial-title').textContent.includes('Safety in pairs')")
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    assert app.locator('[data-movable="true"]').evaluate_all("els => els.map(e => e.dataset.at)") == ["20"]
    before, task = position(app), app.inner_text("#tutorial-task")
    app.locator('[data-piece][data-at="19"]').click()  # onto white's guarded pair
    app.wait_for_function("document.getElementById('status').textContent.includes('protect')")
    assert "This lesson asks you to move the piece on 20 to 23" in status(app)
    assert position(app) == before and app.inner_text("#tutorial-task") == task
    app.locator('[data-piece][data-at="10"]').click()  # allowed in a game, not this lesson's move
    app.wait_for_function("document.getElementById('status').textContent.startsWith('That move is allowed')")
    assert position(app) == before and app.inner_text("#tutorial-task") == task
    app.locator('[data-piece][data-at="20"]').click()
    app.wait_for_function("document.activeElement.dataset.action === 'tutorial-next'")


def test_skip_and_escape_give_back_the_game_in_progress_untouched(app):
    _a_game_in_progress(app)
    saved = app.evaluate("localStorage.getItem('senet:save')")
    before = position(app)
    movable = app.locator('[data-movable="true"]').evaluate_all("els => els.map(e => e.dataset.at)")
    log = app.locator("#log-list [data-log-step]").count()
    app.click('.toolbar [data-action="tutorial"]')
    app.wait_for_selector("#tutorial:not([hidden])")
    assert position(app) == LESSONS[0].position and not app.locator("#log").is_visible()
    app.click('[data-action="throw"]')
    app.locator('[data-movable="true"]').first.click()  # a move of the lesson
    app.wait_for_function("document.activeElement.dataset.action === 'tutorial-next'")
    app.click('[data-action="tutorial-skip"]')
    app.wait_for_selector("#tutorial", state="hidden")
    assert position(app) == before and app.evaluate("localStorage.getItem('senet:save')") == saved
    assert app.locator('[data-movable="true"]').evaluate_all("els => els.map(e => e.dataset.at)") == movable
    assert app.locator("#log-list [data-log-step]").count() == log
    assert status(app) == "Back to your game."
    # Escape leaves it too, from any lesson
    app.click('.toolbar [data-action="tutorial"]')
    app.wait_for_selector("#tutorial:not([hidden])")
    app.click('[data-action="tutorial-next"]')
    app.keyboard.press("Escape")
    app.wait_for_selector("#tutorial", state="hidden")
    assert position(app) == before and app.evaluate("localStorage.getItem('senet:save')") == saved
    # and the game goes on: the pending throw is played
    app.locator('[data-movable="true"]').first.click()
    app.wait_for_function("b => document.getElementById('board').dataset.position !== b", arg=before)


def test_the_rules_page_opens_the_tutorial_over_the_game(app, server):
    _a_game_in_progress(app)
    before = position(app)
    app.click('header a[href$="rules.html"]')
    app.get_by_role("link", name="Learn by playing").click()
    app.wait_for_function("document.documentElement.dataset.ready === 'true'")
    app.wait_for_selector("#tutorial:not([hidden])")
    assert "tutorial" not in app.url  # a reload resumes the game, not the tutorial
    assert position(app) == LESSONS[0].position
    app.click('[data-action="tutorial-skip"]')
    app.wait_for_selector("#tutorial", state="hidden")
    assert position(app) == before


def test_the_last_lesson_says_what_differs_in_your_rule_set(app):
    app.open("?variant=tait&white=novice&black=human&seed=2&speed=instant")
    app.click('.toolbar [data-action="tutorial"]')
    app.wait_for_selector("#tutorial:not([hidden])")
    assert "your game uses Tait's" in app.inner_text("#tutorial-note")
    for _ in range(len(LESSONS) - 1):
        app.click('[data-action="tutorial-next"]')
    app.wait_for_function("n => document.getElementById('tutorial-title').textContent.includes(n + ' of ' + n)",
                          arg=str(len(LESSONS)))
    assert not app.locator('[data-action="tutorial-next"]').is_visible()
    for _ in LESSONS[-1].beats:
        app.click('[data-action="throw"]')
        app.wait_for_selector('[data-movable="true"]')
        app.locator('[data-movable="true"]').first.click()
    app.wait_for_function("document.activeElement.dataset.action === 'tutorial-finish'")
    assert "Your game uses Tait's rules instead" in app.inner_text("#tutorial-task")
    assert not app.locator("#game-over").is_visible()  # the lesson's win is no game over
    app.keyboard.press("Enter")
    app.wait_for_selector("#tutorial", state="hidden")
    assert app.get_attribute("#board", "data-variant") == "tait"


def test_axe_finds_no_serious_violation_in_the_offer_or_the_lesson(app):
    app.open()
    app.locator("#tutorial-offer").wait_for(state="visible")
    assert axe_violations(app) == []
    app.click('[data-action="tutorial-start"]')
    app.wait_for_selector("#tutorial:not([hidden])")
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    assert axe_violations(app) == []
