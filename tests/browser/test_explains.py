"""Issue 19, "A game that explains itself", in Chromium: the words (you, not "You wins"),
the reasons for lost throws and refused clicks, a calm layout (no layout shift after
ready), the move log, the game-over summary and the sound setting.

The page fixtures are conftest.py's `shared` and `app` (one shared context, fresh
localStorage per page).
No test here asserts a duration or a rate: they wait for conditions and compare orders.
"""

from __future__ import annotations

import pytest
from conftest import wait_app_ready
from helpers import LAYOUT_SHIFTS

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
    assert app.locator("#game-over-title").inner_text() == "You beat Novice"
    detail = app.locator("#game-over-detail").inner_text()
    assert "You win" in detail and "You wins" not in detail


def test_no_developer_words_when_the_computer_player_fails(app):
    app.open("?variant=kendall&white=expert&black=novice&seed=3&speed=instant&fail_worker=1")
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


# ---------------------------------------------------------------- 3. a calm layout

# The parts of the page that must never move once it is ready.
STEADY = ("header.site", ".players", "#board", ".controls", "#status", ".toolbar")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_nothing_moves_after_ready_not_even_the_offline_banner(guarded_context, server, size):
    """A first visit (a fresh profile: the service worker installs and says "ready to play
    offline"), a few moves against the computer: no layout shift after senet:ready, on a
    desktop and on a phone (where the players' cards are narrower and wrap)."""
    context, log = guarded_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.add_init_script(LAYOUT_SHIFTS)
    page.goto(server.url + "?variant=kendall&white=novice&black=human&seed=4&speed=fast")
    page.wait_for_function("document.documentElement.dataset.ready === 'true'")
    steady = {sel: page.locator(sel).first.bounding_box() for sel in STEADY}
    # the banner comes (the service worker installed) and goes again
    page.wait_for_function("document.querySelector('#pwa-slot .pwa-message')"
                           " && document.querySelector('#pwa-slot .pwa-message').textContent.includes('offline')")
    assert {sel: page.locator(sel).first.bounding_box() for sel in STEADY} == steady
    _play_turns(page, 3)  # your turns; the computer's in between
    page.wait_for_function("!document.querySelector('#pwa-slot .pwa-message').textContent")
    ready = page.evaluate("performance.getEntriesByName('senet:ready')[0].startTime")
    shifts = page.evaluate("window.__shifts")
    # the move log's older turns move as new lines come above them (newest first): only they may
    after = [s for s in shifts if s["t"] >= ready and not s["input"] and not (s["sources"] and all(x["log"] for x in s["sources"]))]
    assert after == [], after
    assert {sel: page.locator(sel).first.bounding_box() for sel in STEADY} == steady
    assert not log.errors and not log.off_origin


def test_desktop_fits_board_sticks_and_buttons_without_scrolling(app):
    app.open("?variant=kendall&white=novice&black=human&seed=4")
    assert app.viewport_size == {"width": 1280, "height": 800}
    for selector in ("#board", "#sticks", '[data-action="throw"]', "#status", ".toolbar button",
                     ".toolbar #speed", "#rules-link"):
        for box in [el.bounding_box() for el in app.locator(selector).all()]:
            assert box["y"] >= 0 and box["y"] + box["height"] <= 800, selector
            assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, selector


def test_phone_intro_diagram_fits_numbers_show_and_targets_are_big(app):
    app.set_viewport_size({"width": 390, "height": 844})
    app.open("?variant=kendall&white=human&black=novice&seed=1")
    # the game: every button and link of the page's controls is a 44 px touch target
    small = app.evaluate("""() => [...document.querySelectorAll('main button, main select, header a')]
        .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 44)
        .map((e) => e.textContent.trim())""")
    assert small == []
    # square numbers are drawn above the pieces
    order = app.evaluate("""() => { const b = document.getElementById('board');
        const kids = [...b.children]; return [kids.indexOf(b.querySelector('#pieces')),
        kids.indexOf(b.querySelector('.numbers'))]; }""")
    assert order[0] < order[1]
    # the Intro page: the diagram fits the phone's width, and so does the page
    app.click('header a[href$="intro.html"]')
    app.wait_for_selector("table.board")
    assert app.evaluate("document.documentElement.scrollWidth") <= 390
    box = app.locator("table.board").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    small = app.evaluate("""() => [...document.querySelectorAll('header a, button')]
        .filter((e) => e.getClientRects().length && e.getBoundingClientRect().height < 44)
        .map((e) => e.textContent.trim())""")
    assert small == []


# ---------------------------------------------------------------- 4. the move log


def _play_turns(page, turns):
    """Your turns against the computer (the computer's in between), by clicks."""
    for _ in range(turns):
        page.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled"
                               " || document.getElementById('board').dataset.winner")
        if page.get_attribute("#board", "data-winner"):
            return
        page.click('[data-action="throw"]')
        page.wait_for_function("document.querySelector('[data-movable=\"true\"]')"
                               " || !document.querySelector('[data-action=\"pass\"]').hidden"
                               " || document.getElementById('board').dataset.side === 'w'")
        movable = page.locator('[data-movable="true"]')
        if movable.count():
            movable.first.click()


def _wait_your_turn(page):
    page.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled"
                           " || document.getElementById('board').dataset.winner")


LOG_TURNS = "[...document.querySelectorAll('#log-list > li')]"


def test_a_new_turn_builds_only_its_own_part_of_the_log_which_reads_as_one_drawn_afresh(app):
    # The log is not drawn again from nothing after every line (a long game slowed down
    # line by line): the older turns stay the same elements, and what shows is the same
    # as the log a reload draws from nothing, also after an undo.
    app.open("?variant=kendall&white=novice&black=human&seed=4&speed=instant")
    _play_turns(app, 4)
    _wait_your_turn(app)
    before = app.locator("#log-list > li").count()
    app.evaluate(f"{LOG_TURNS}.forEach(li => {{ li.__drawn_before = true; }})")
    _play_turns(app, 2)
    _wait_your_turn(app)
    turns = app.locator("#log-list > li").count()
    new = app.evaluate(f"{LOG_TURNS}.filter(li => !li.__drawn_before).length")
    assert turns > before
    # the new turns, and the turn that was under way (it has grown or is no longer current)
    assert new <= turns - before + 1
    assert app.evaluate(f"{LOG_TURNS}.filter(li => li.__drawn_before).length") == turns - new >= before - 1
    shown = app.inner_html("#log-list")
    app.open("")  # the saved game, its log drawn from nothing
    assert app.inner_html("#log-list") == shown
    # an undo changes the log's newest lines: again the same as drawn from nothing
    app.click('[data-action="undo"]')
    app.wait_for_function("html => document.getElementById('log-list').innerHTML !== html", arg=shown)
    app.wait_for_function("document.querySelector('[data-movable=\"true\"]')")  # the throw is back
    shown = app.inner_html("#log-list")
    app.open("")
    assert app.inner_html("#log-list") == shown


# From the start of the page: what the move log's note says when the page says ready,
# and when the log gets its first turn (performance.now()).
LOG_AFTER_READY = """
window.__log = {};
new MutationObserver((changes) => {
  const root = document.documentElement;
  if (root.dataset.ready === "true" && window.__log.ready === undefined) {
    window.__log.ready = performance.now();
    window.__log.note = document.getElementById("log-empty").textContent;
  }
  for (const change of changes) {
    if (change.target.id === "log-list" && change.addedNodes.length && window.__log.filled === undefined) {
      window.__log.filled = performance.now();
    }
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
"""


def test_a_long_game_resumed_is_live_before_its_log_which_then_reads_as_before(app):
    # Putting a long record into words took longer than the rest of the first drawing:
    # the board is live first, the log says its moves are on the way, then shows them all.
    app.open("?variant=kendall&white=novice&black=average&seed=21&speed=instant")
    app.wait_for_selector("#board[data-winner]", timeout=300_000)
    lines = app.locator("#log-list [data-log-step]").count()
    assert lines > 80  # more than app/main.py's LOG_AT_ONCE
    shown = app.inner_html("#log-list")
    app.add_init_script(LOG_AFTER_READY)
    app.reopen()
    app.wait_for_function("window.__log.filled !== undefined")
    log = app.evaluate("window.__log")
    assert log["note"] == "Writing out the moves\u2026"
    assert log["ready"] < log["filled"]  # the board was live before the log came
    app.wait_for_function("document.getElementById('log-empty').hidden")
    assert app.inner_html("#log-list") == shown
    assert app.get_attribute("#board", "data-winner")


def test_the_move_log_lists_every_throw_newest_first_and_opens_the_replay(app):
    app.open("?variant=kendall&white=novice&black=human&seed=4&speed=instant")
    log = app.get_by_role("list", name="Moves")
    assert log.count() == 1
    _play_turns(app, 3)
    app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled"
                          " || document.getElementById('board').dataset.winner")
    entries = app.locator("#log-list [data-log-step]")
    steps = [int(s) for s in entries.evaluate_all("els => els.map(e => e.dataset.logStep)")]
    total = len(steps)
    assert steps == sorted(steps, reverse=True) and steps[-1] == 1 and steps[0] == total  # newest first, all
    texts = entries.all_inner_texts()
    assert any(t.startswith("You threw") for t in texts) and any(t.startswith("White threw") for t in texts)
    # grouped by turn, with whose turn it was; the newest group is this turn
    heads = app.locator("#log-list .log-who").all_inner_texts()
    assert heads[0].startswith(f"Turn {len(heads)}:") and heads[-1].startswith("Turn 1:")
    assert any("You (black)" in h for h in heads) and any("Novice (white)" in h for h in heads)
    # each turn's entries are a list of their own with a name
    assert app.locator("#log-list ol[aria-label]").count() == len(heads)
    # an entry opens the replay at that moment
    pick = entries.nth(len(steps) - 2)
    turn = pick.evaluate("b => b.closest('ol').parentElement.querySelector('.log-who').dataset.turn")
    # its move within the turn (a turn is one side's throws until the other's begin: an
    # extra throw is a move of the same turn), counted from the turn's first, the list
    # being newest first
    moves, move = pick.evaluate("b => { const all = [...b.closest('ol').querySelectorAll('[data-log-step]')];"
                                " return [all.length, all.length - all.indexOf(b)]; }")
    pick.click()
    app.wait_for_selector("#replay:not([hidden])")
    # the same moment, the same number: the log's turn is the replay's (app/game/counting.py)
    mark = f"Move {move} of turn {turn}" if moves > 1 else f"Turn {turn}"
    assert app.locator("#replay-step").inner_text() == f"{mark} of {len(heads)}"
    app.click('[data-action="replay-close"]')
    app.wait_for_selector("#replay", state="hidden")


# ---------------------------------------------------------------- 5. a real ending

WHITE_LAST = "kendall bbbbbbb......................w w - w=0/6,b=0/0 -"  # white's last piece on 30


def test_the_game_over_summary_counts_and_keeps_your_record(app):
    app.open(f"?position={_q(LAST_PIECE)}&white=novice&black=human&seed=1&speed=instant")
    app.click('[data-action="throw"]')
    app.locator('[data-movable="true"]').first.click()
    panel = app.locator("#game-over")
    panel.wait_for(state="visible")
    assert app.locator("#game-over-title").inner_text() == "You beat Novice"
    rows = app.locator("#game-over-summary li").all_inner_texts()
    assert rows[0] == "1 turn."
    assert "You bumped 0 pieces and had yours bumped 0 times; 0 pieces lost to the water." in rows
    assert app.locator("#game-over-record").inner_text() == \
        "Your record against Novice (Kendall rules): 1 won, 0 lost."
    for name in ("Play again", "New game…", "Review this game"):
        assert panel.get_by_role("button", name=name).is_visible()
    # the same level beats you next: the record counts both
    app.open(f"?position={_q(WHITE_LAST)}&white=novice&black=human&seed=1&speed=instant")
    panel.wait_for(state="visible")
    assert app.locator("#game-over-title").inner_text() == "Novice beat you"
    assert app.locator("#game-over-record").inner_text() == \
        "Your record against Novice (Kendall rules): 1 won, 1 lost."
    # Review this game opens the review (tests/browser/test_game_review.py); Play again starts
    # a new game and closes it
    panel.get_by_role("button", name="Review this game").click()
    app.wait_for_selector("#review:not([hidden])")
    app.locator('#game-over [data-action="play-again"]').click()
    app.wait_for_selector("#review", state="hidden")
    app.wait_for_function("!document.getElementById('board').dataset.winner")
    assert not panel.is_visible()


def test_the_summary_counts_bumps_and_the_water():
    import senet
    from app.flow.controller import Controller, Setup

    ctl = Controller(setup=Setup("kendall", ("novice", "human"), seed=3))
    game = ctl.table.game
    bumps = {"w": 0, "b": 0}
    water = {"w": 0, "b": 0}
    import random
    rng = random.Random(5)
    while not game.over:
        state = game.state
        if state.is_chance:
            game.throw()
            continue
        move = rng.choice(state.legal_actions())
        after = game.play(move)
        other = "b" if state.side == "w" else "w"
        for event in senet.describe(state, move, after):
            bumps[state.side] += " is bumped " in event
            water[other] += event.endswith("(into the water)")
        water[state.side] += not move.is_special and move.dst == 27 and after.square(27) == state.side
    facts = ctl.summary()
    assert sum(bumps.values()) > 0 and sum(water.values()) > 0
    for side in "wb":
        other = "b" if side == "w" else "w"
        assert facts[side]["bumps"] == bumps[side] and facts[side]["bumped"] == bumps[other]
        assert facts[side]["water"] == water[side]
    assert 0 < facts["turns"] <= len(game.entries)


# ---------------------------------------------------------------- 6. sound


def test_sound_is_off_under_test_until_turned_on_and_then_follows_the_game(app):
    app.open(f"?position={_q(LAST_PIECE)}&white=novice&black=human&seed=1&speed=instant")
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    # off by default in a browser driven by a test (navigator.webdriver): nothing played
    assert app.evaluate("window.senetSound.played") == []
    app.click('[data-action="settings"]')
    app.wait_for_selector("#settings-dialog[open]")  # a part: opened once it is loaded
    sound = app.locator("#set-sound")
    assert not sound.is_checked() and app.locator("#set-volume").is_disabled()
    sound.check()
    app.locator("#settings-dialog").get_by_role("button", name="Done").click()
    saved = app.evaluate("JSON.parse(localStorage.getItem('senet:settings'))")
    assert saved["sound"] is True and saved["volume"] == 60
    app.locator('[data-movable="true"]').first.click()  # bears off the last piece: you win
    app.wait_for_selector("#board[data-winner='b']")
    app.wait_for_function("window.senetSound.played.length >= 1")
    assert app.evaluate("window.senetSound.played") == ["win"]
    # remembered; a new game against the computer: the sticks, then a move of some kind
    app.open(f"?position={_q(WATER)}&white=novice&black=human&seed=5&speed=instant")
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    app.locator('[data-movable="true"]').first.click()  # seed 5: a 4, the drowning piece bears off
    app.wait_for_function("window.senetSound.played.length >= 2")
    played = app.evaluate("window.senetSound.played")
    assert played[:2] == ["throw", "off"]
    # muted: the volume at 0 plays nothing more
    app.click('[data-action="settings"]')
    app.locator("#set-volume").fill("0")
    app.locator("#set-volume").dispatch_event("change")
    app.locator("#settings-dialog").get_by_role("button", name="Done").click()
    count = len(app.evaluate("window.senetSound.played"))
    app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled"
                          " || document.getElementById('board').dataset.winner")
    if app.locator('[data-action="throw"]').is_enabled():
        app.click('[data-action="throw"]')
    app.wait_for_function("document.getElementById('board').dataset.position.split(' ')[3] !== '-'"
                          " || document.querySelector('[data-action=\"throw\"]').disabled")
    assert len(app.evaluate("window.senetSound.played")) == count


# Counts the AudioContexts the page makes. And the page's sticky activation as the browser
# keeps it, but from trusted input only: Playwright's evaluate() counts as a gesture of its
# own, so the real navigator.userActivation is true as soon as a test looks at the page.
COUNT_AUDIO_CONTEXTS = """(() => {
  window.__audioContexts = 0;
  const Made = window.AudioContext;
  if (Made) window.AudioContext = class extends Made {
    constructor(...args) { super(...args); window.__audioContexts += 1; }
  };
  let active = false;
  for (const type of ['pointerdown', 'keydown']) {
    window.addEventListener(type, (event) => { if (event.isTrusted) active = true; }, true);
  }
  Object.defineProperty(navigator, 'userActivation', {configurable: true,
    value: {get hasBeenActive() { return active; }, get isActive() { return active; }}});
})();"""


def test_sounds_before_the_first_gesture_make_no_audio_context_then_the_first_after_one_does(app, server):
    # the browser would keep a context made before any gesture suspended (its autoplay
    # policy): the computer's first throw asks for its sound, which makes none
    app.open("?speed=instant")
    app.click('[data-action="settings"]')
    app.wait_for_selector("#settings-dialog[open]")
    app.locator("#set-sound").check()
    app.locator("#settings-dialog").get_by_role("button", name="Done").click()
    assert app.evaluate("JSON.parse(localStorage.getItem('senet:settings'))")["sound"] is True
    fresh = app.context.new_page()  # a tab of its own (the same storage): no gesture on it yet
    fresh.add_init_script(COUNT_AUDIO_CONTEXTS)
    fresh.goto(server.url + "?variant=kendall&white=human&black=average&seed=3&speed=instant")  # Average first
    wait_app_ready(fresh)
    assert fresh.evaluate("navigator.userActivation.hasBeenActive") is False
    fresh.wait_for_selector('[data-action="throw"]:not([disabled])')  # the human's turn
    assert fresh.evaluate("window.senetSound.played")[:1] == ["throw"]  # the computer's throw, asked for
    assert fresh.evaluate("window.__audioContexts") == 0
    count = len(fresh.evaluate("window.senetSound.played"))
    fresh.click('[data-action="throw"]')  # a gesture: this throw's sound makes the context
    fresh.wait_for_function("n => window.senetSound.played.length > n", arg=count)
    assert fresh.evaluate("window.senetSound.played")[count] == "throw"
    assert fresh.evaluate("window.__audioContexts") == 1
    fresh.close()
