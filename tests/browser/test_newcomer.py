"""A newcomer's first ten minutes, as a player notices them, on a desktop (1280x800) and a
phone (390x844, touch): everything a newcomer needs is whole in the window when it matters
(the tutorial's offer, the lesson's task and buttons, each dialog's main button), Piccione's
throw area is as usable on a phone as Kendall's, the player at this device is "you" in a
game between two devices, the desktop's side panel gives its height to the move log,
notices cover nothing, and the words come at the moment of choice (a shorter move in
Piccione, one preview at a time with hints, a good first game); the review and the
statistics speak a player's words. axe finds nothing serious on the way.

No test asserts a duration: they wait for states and compare boxes and words. Every game
is seeded (the URL's seed, or conftest.py's seeded random for a first visit).
"""

from __future__ import annotations

import re

import pytest
from conftest import axe_violations
from helpers import (
    LINK,
    SIGHT,
    SIZES,
    box,
    connect,
    overlap,
    turns_until_a_choice,
    whole_in_sight,
    whole_in_window,
    your_turns,
)

from senet.online.qr import qr_matrix, svg_path
from senet.words import load

GAME = "?variant=kendall&white=novice&black=human&seed=4&speed=instant"
LAST_PIECE = "kendall+wwwwwww......................b+b+-+w=0/0,b=0/6+-"  # black's last piece on 30


# ---------------------------------------------------------------- the tutorial


def test_the_offer_then_the_lesson_and_its_buttons_are_whole_in_the_window(screen):
    screen.open()  # a first visit
    offer = screen.locator("#tutorial-offer")
    offer.wait_for(state="visible")
    # there from the first paint: its coming moved nothing, though it sits above the message line
    screen.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    ready = screen.evaluate("performance.getEntriesByName('senet:ready')[0].startTime")
    assert [s for s in screen.evaluate("window.__shifts") if s["t"] >= ready and not s["input"]] == []
    # right beside the board (desktop: first in the side panel) or right under it (phone)
    for sel in ("#tutorial-offer", '[data-action="tutorial-start"]', '[data-action="tutorial-decline"]'):
        assert whole_in_window(screen, sel), (sel, box(screen, sel))
    if screen.size == "phone":
        assert box(screen, "#tutorial-offer")[1] >= sum(box(screen, "#stage")[1::2]) - 1  # not under the board
    else:
        assert box(screen, "#tutorial-offer")[0] >= sum(box(screen, "#stage")[0::2])  # beside it
    assert axe_violations(screen) == []
    offer.get_by_role("button", name="Show me how to play").click()
    screen.locator("#tutorial").wait_for(state="visible")
    # the lesson's instruction and its buttons in view, with no empty panel under them
    for sel in ("#tutorial-title", "#tutorial-task", '[data-action="tutorial-next"]', '[data-action="tutorial-skip"]'):
        assert whole_in_window(screen, sel), (sel, box(screen, sel))
    panel, skip = box(screen, "#tutorial"), box(screen, '[data-action="tutorial-skip"]')
    assert panel[1] + panel[3] - (skip[1] + skip[3]) < 40
    # the first lesson's task once thrown says how to move a piece: a finger taps, twice
    screen.click('[data-action="throw"]')
    screen.wait_for_function("document.getElementById('tutorial-task').textContent.includes('16')")
    task = screen.inner_text("#tutorial-task")
    if screen.size == "phone":
        assert "tap it to see where it lands, then tap square 16" in task and "click" not in task
    else:
        assert "click it, or press Enter" in task
    assert whole_in_window(screen, "#tutorial-task")
    # and the task is played as it says
    if screen.size == "phone":  # a finger: the first tap shows where it lands, the second moves it
        screen.locator('[data-piece][data-at="14"]').tap()
        assert screen.get_attribute('[data-square="16"]', "data-target") == "true"
        screen.locator('[data-hit="16"]').tap()
    else:
        screen.locator('[data-piece][data-at="14"]').click()
    screen.wait_for_function("document.querySelector('[data-piece][data-at=\"16\"]') !== null")
    assert whole_in_window(screen, '[data-action="tutorial-next"]')
    assert axe_violations(screen) == []


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_after_the_lessons_throw_its_task_and_buttons_are_whole_in_sight(screen, lang):
    """Lesson 1 after the throw, in the longer words of French and German: on a desktop the
    instruction and Back, Next and Skip ("Passer le tutoriel") whole beside the board, not
    cut by the side panel's edge; on a phone the instruction in the window."""
    screen.open(f"index.{lang}.html")  # a first visit
    screen.click('[data-action="tutorial-start"]')
    screen.locator("#tutorial").wait_for(state="visible")
    screen.click('[data-action="throw"]')
    screen.wait_for_function("document.getElementById('tutorial-task').textContent.includes('16')")
    controls = ["#tutorial-task"]
    if screen.size == "desktop":
        controls += ["#tutorial-title", '[data-action="tutorial-back"]', '[data-action="tutorial-next"]',
                     '[data-action="tutorial-skip"]']
    for sel in controls:
        assert whole_in_sight(screen, sel), (sel, screen.evaluate(SIGHT, sel))


@pytest.mark.parametrize("screen", ["phone"], indirect=True)  # a desktop's menu has the whole width
def test_on_a_phone_the_menu_takes_one_line(screen):
    for page in ("index.html", "index.fr.html", "index.de.html", "index.ar.html"):
        screen.open(page)
        tops = screen.evaluate("() => [...document.querySelectorAll('header.site nav a')]"
                               ".map(a => Math.round(a.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, (page, tops)
        assert box(screen, "header.site")[3] < 60, (page, box(screen, "header.site"))


# ---------------------------------------------------------------- dialogs


def test_each_dialog_keeps_its_main_button_in_view(screen):
    screen.open("?ice=&variant=kendall&white=average&black=human&seed=3&speed=instant")
    # New game (Kendall shows its house rules): Start in view, scrolled to the top or the end
    screen.locator(".toolbar [data-action='new-game']").click()
    start = '#new-game button[value="start"]'
    for where in ("0", "d.scrollHeight"):
        screen.evaluate(f"() => {{ const d = document.getElementById('new-game'); d.scrollTop = {where}; }}")
        assert whole_in_window(screen, start), (where, box(screen, start))
        assert screen.evaluate("""s => { const b = document.querySelector(s).getBoundingClientRect();
            const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
            return hit !== null && document.querySelector(s).contains(hit); }""", start)  # nothing over it
    # the rule set for a first game says so where it is chosen
    assert "a good first game" in screen.locator('#ng-variant option[value="kendall"]').inner_text()
    assert axe_violations(screen) == []
    screen.locator("#new-game").get_by_role("button", name="Cancel").click()
    # Statistics after one throw: opened at its title, Close in view, and no test figure yet
    screen.click('[data-action="throw"]')
    screen.wait_for_function("document.getElementById('board').dataset.position.split(' ')[3] !== '-'"
                             " || document.getElementById('board').dataset.side === 'w'")
    screen.locator(".toolbar [data-action='stats']").click()
    screen.locator("#stats-dialog").wait_for(state="visible")
    assert whole_in_window(screen, "#stats-title") and whole_in_window(screen, "#stats-dialog button.primary")
    verdict = screen.inner_text("#throws-game .verdict")
    assert verdict.startswith("1 throw so far: too few to tell") and "chi-square" not in verdict, verdict
    screen.locator("#stats-dialog").get_by_role("button", name="Close").click()
    # Play a friend: once the invite shows, the answer's box and Connect are in view
    screen.locator(".toolbar [data-action='friend']").click()
    assert "a good first game" in screen.locator('#friend-variant option[value="kendall"]').inner_text()
    screen.click('[data-friend="invite"]')
    screen.wait_for_function("document.querySelector('[data-invite]').dataset.invite.length > 0")
    for sel in ("#friend-answer-in", '[data-friend="connect"]'):
        assert whole_in_window(screen, sel), (sel, box(screen, sel))
    screen.evaluate("() => { const d = document.getElementById('friend-dialog'); d.scrollTop = d.scrollHeight; }")
    assert whole_in_window(screen, '[data-friend="connect"]')
    assert screen.locator("#friend-qr path").count() == 1  # the QR code is still there, after them
    assert box(screen, "#friend-qr")[1] > box(screen, "#friend-answer-in")[1]


# ---------------------------------------------------------------- Piccione


def test_piccione_throws_as_easily_as_kendall_and_says_what_a_shorter_move_does(screen):
    screen.open("?variant=kendall&white=human&black=human&seed=3&speed=instant")
    kendall = box(screen, '[data-action="throw"]')
    screen.open("?variant=piccione&white=human&black=human&seed=3&speed=instant")
    throw = box(screen, '[data-action="throw"]')
    assert abs(throw[2] - kendall[2]) <= 1 and throw[2] >= 100, (throw, kendall)  # as wide as Kendall's
    assert screen.evaluate("() => { const b = document.querySelector('[data-action=\"throw\"]');"
                           " return b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight; }")
    left, sticks = box(screen, "#throw-left"), box(screen, "#sticks")
    assert screen.locator("#throw-left").is_visible() and not overlap(left, throw)
    if screen.size == "desktop":  # inside the sticks' box, as before
        assert sticks[0] <= left[0] and left[0] + left[2] <= sticks[0] + sticks[2]
    else:  # a line of its own under the sticks and Throw
        assert left[1] >= max(sticks[1] + sticks[3], throw[1] + throw[3]) - 1
    # the five spools waiting in the "Enter" tray stand apart, not one ribbon
    spools = screen.evaluate("""() => [...document.querySelectorAll('#pieces [data-colour="white"][data-at="supply"] .shape')]
        .map(e => { const r = e.getBoundingClientRect(); return [r.x, r.width]; }).sort((a, b) => a[0] - b[0])""")
    assert len(spools) == 5
    for (x1, w1), (x2, _w2) in zip(spools, spools[1:]):
        assert x2 - x1 >= 0.7 * w1, spools  # a spool's waist is 0.6 of its box
    prompt_before = box(screen, "#prompt")
    # play until a chosen piece offers a whole throw and shorter moves
    for _ in range(60):
        if screen.locator('[data-action="pass"]').is_visible():
            screen.evaluate("document.querySelector('[data-action=\"pass\"]').click()")
        elif screen.locator('[data-action="throw"]').is_enabled():
            screen.click('[data-action="throw"]')
        elif screen.locator('[data-movable="true"]').count():
            piece = screen.locator('[data-movable="true"]').last
            at = piece.get_attribute("data-at")
            piece.dispatch_event("click") if screen.size == "desktop" else piece.tap()
            targets = screen.locator('[data-target="true"]').count()
            if targets > 1:
                break
            if targets == 1:
                screen.locator('[data-target="true"]').first.dispatch_event("click")
            elif screen.locator(f'[data-piece][data-at="{at}"][data-selected="true"]').count():
                continue
        screen.wait_for_timeout(0)
    assert screen.locator('[data-target="true"]').count() > 1
    assert screen.inner_text("#prompt") == "Choose where to move it: a shorter move keeps the rest of the throw."
    # the words fit the prompt's kept room: one line on a desktop, two on a phone; nothing moved
    assert box(screen, "#prompt") == prompt_before
    assert screen.evaluate("() => { const p = document.getElementById('prompt');"
                           " return p.scrollHeight <= p.clientHeight && p.scrollWidth <= p.clientWidth; }")


# ---------------------------------------------------------------- the side panel and notices


def test_the_side_panel_gives_its_height_to_the_move_log_and_the_end_shows_whole(screen):
    screen.open(GAME)
    your_turns(screen, 4)
    status = screen.evaluate("""() => { const s = getComputedStyle(document.getElementById('status'));
        return [s.borderTopWidth, s.borderBottomWidth, s.borderLeftWidth, s.borderRightWidth].map(parseFloat); }""")
    assert all(width > 0 for width in status), status  # a box on every side
    if screen.size == "desktop":
        log = box(screen, "#log")
        # the log runs to the bottom of the side panel; the message box is no taller than its four lines
        assert log[1] + log[3] >= 800 - 80 and log[3] >= 300, log
        assert box(screen, "#status")[3] < 140
        newest = box(screen, "#log-list > li:first-child")
        assert newest[1] >= log[1] and newest[1] + newest[3] <= log[1] + log[3], (newest, log)
    # "ready to play offline" comes among the notices: over nothing of the game
    screen.wait_for_function("document.querySelector('#pwa-slot .pwa-message')"
                             " && document.querySelector('#pwa-slot .pwa-message').textContent.includes('offline')")
    message = box(screen, "#pwa-slot .pwa-message")
    for sel in ("#stage", ".toolbar", "#status", "#log", "#fair", "#side-tabs"):
        if screen.locator(sel).is_visible():
            assert not overlap(message, box(screen, sel)), sel
    # the end of a game: the panel's heading and Play again whole in the window, never under the board
    screen.open(f"?position={LAST_PIECE}&white=novice&black=human&seed=1&speed=instant")
    screen.click('[data-action="throw"]')
    piece = screen.locator('[data-movable="true"]').first
    piece.dispatch_event("click")
    if screen.locator('[data-target="true"]').count():
        screen.locator('[data-target="true"]').first.dispatch_event("click")
    screen.locator("#game-over").wait_for(state="visible")
    screen.wait_for_function("document.activeElement && document.activeElement.dataset.action === 'play-again'")
    for sel in ("#game-over-title", '#game-over [data-action="play-again"]'):
        assert whole_in_window(screen, sel), (sel, box(screen, sel))
    stage = box(screen, "#stage")
    title = box(screen, "#game-over-title")
    if screen.size == "phone":
        assert title[1] >= stage[1] + stage[3] - 1, (title, stage)  # below the pinned board
    else:
        side = box(screen, "#history")
        assert title[1] >= side[1], (title, side)  # not cut at the top of the panel
    assert screen.inner_text("#game-over-title") == "You beat Novice"
    assert axe_violations(screen) == []


def test_fair_throws_say_what_they_mean_with_the_details_one_click_away(screen):
    screen.open()  # a first visit: a new game whose throws are sealed (a link's seed= would not be)
    if screen.size == "phone":  # no tab of its own: under the move log, in the Moves part
        tabs = screen.locator("#side-tabs").get_by_role("button")
        assert tabs.all_inner_texts() == ["Game", "Moves"]
        screen.locator("#side-tabs").get_by_role("button", name="Moves").click()
    assert screen.inner_text("#fair summary") == "Fair throws: sealed before the first throw"
    assert not screen.locator("#fair-commit").is_visible()
    screen.click("#fair summary")
    assert re.fullmatch(r"[0-9a-f]{64}", screen.inner_text("#fair-commit"))
    assert screen.locator("#fair-commit").is_visible()


# ---------------------------------------------------------------- hints, the review (the worker)


# (a desktop's: a pointer hovers there; the worker's Expert suggests, at one size is enough)
def test_with_hints_one_preview_shows_at_a_time_and_the_suggested_piece_stands_out(app):
    screen = app
    screen.open(GAME)
    screen.locator(".toolbar [data-action='settings']").click()
    screen.check("#set-hints")
    screen.locator("#settings-dialog").get_by_role("button", name="Done").click()
    turns_until_a_choice(screen)  # your turns until the Expert suggests a move among several pieces
    screen.wait_for_selector(".piece.suggested", timeout=180_000)
    # after the throw the page put the focus on a piece: still the suggestion alone
    assert screen.locator(".square.suggest, .tray.suggest").count() == 1
    assert screen.locator(".square.hint, .tray.hint").count() == 0
    # the suggested piece stands out more than the other movable pieces' glow
    widths = screen.evaluate("""() => [document.querySelector('.piece.suggested .halo'),
        document.querySelector('[data-movable="true"]:not(.suggested) .halo')].map(h => parseFloat(getComputedStyle(h).strokeWidth))""")
    assert widths[0] > widths[1], widths
    # pointing at another movable piece: its preview alone, the suggestion's square gives way
    other = screen.locator('[data-movable="true"]:not(.suggested)').first
    other.hover()
    screen.wait_for_function("document.querySelectorAll('.square.hint, .tray.hint').length > 0")
    assert screen.locator(".square.suggest, .tray.suggest").count() == 0
    # back on the suggested piece: the suggestion again
    screen.locator(".piece.suggested").hover()
    screen.wait_for_function("document.querySelectorAll('.square.suggest, .tray.suggest').length === 1")
    assert screen.locator(".square.hint, .tray.hint").count() == 0


def test_the_review_speaks_from_the_players_side_and_per_decision(app):
    screen = app
    screen.open(f"?position={LAST_PIECE}&white=novice&black=human&seed=1&speed=instant")
    screen.click('[data-action="throw"]')
    screen.locator('[data-movable="true"]').first.dispatch_event("click")
    if screen.locator('[data-target="true"]').count():
        screen.locator('[data-target="true"]').first.dispatch_event("click")
    screen.locator("#game-over").get_by_role("button", name="Review this game").click()
    screen.wait_for_function("['done', 'failed'].includes(document.getElementById('review').dataset.state)",
                             timeout=180_000)
    assert screen.get_attribute("#review", "data-state") == "done"
    # you played black: the graph is your chance to win, you ahead above the line
    assert screen.inner_text("#review-axis") == "Your chance to win"
    assert screen.get_attribute("#review-graph", "data-side") == "b"
    assert screen.inner_text("#review-key").startswith("Above the middle line you are ahead, below it White is.")
    assert screen.text_content("#review-graph-label").startswith("Your chance to win")
    point = screen.locator("#review-points circle").first  # the last piece off: a sure win, at the top
    assert float(point.get_attribute("cy")) < 50
    # a decision's average cost, never a sum that grows with the game
    you = screen.locator('#review-summary-rows tr[data-side="b"]')
    assert you.locator('[data-field="lost"]').count() == 0
    assert you.locator('[data-field="mean"]').inner_text() == "0%"
    assert axe_violations(screen) == []


def test_the_end_of_a_game_puts_play_again_in_the_throws_place_and_the_review_opens_at_its_title(screen):
    """At the end no empty place stays where Throw was: Play again takes it (the result card
    has it too). The review, once done, shows from its title and its graph, the focus on its
    first entry, instead of scrolled to its last button."""
    screen.open(f"?position={LAST_PIECE}&white=novice&black=human&seed=1&speed=instant")
    assert not screen.locator('.controls [data-action="play-again"]').is_visible()  # not during the game
    screen.click('[data-action="throw"]')
    screen.locator('[data-movable="true"]').first.dispatch_event("click")
    if screen.locator('[data-target="true"]').count():
        screen.locator('[data-target="true"]').first.dispatch_event("click")
    screen.locator("#game-over").wait_for(state="visible")
    again = screen.locator('.controls [data-action="play-again"]')
    assert again.is_visible() and again.inner_text() == "Play again"
    placed = box(screen, '.controls [data-action="play-again"]')
    throw = box(screen, '[data-action="throw"]')  # hidden, its place kept
    assert overlap(placed, throw) and abs(placed[1] - throw[1]) < 20, (placed, throw)
    screen.locator("#game-over").get_by_role("button", name="Review this game").click()
    screen.wait_for_function("['done', 'failed'].includes(document.getElementById('review').dataset.state)",
                             timeout=180_000)
    assert screen.get_attribute("#review", "data-state") == "done"
    screen.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    for sel in ("#review-title", "#review-chart"):
        assert whole_in_sight(screen, sel), (sel, box(screen, sel))
    if screen.size == "phone":  # not under the board, which sticks to the top
        assert box(screen, "#review-title")[1] >= sum(box(screen, "#stage")[1::2]) - 1
    assert screen.evaluate("document.activeElement.closest('#review') !== null")
    again.click()  # the next game, from the throw's place
    screen.wait_for_function("!document.documentElement.classList.contains('game-over')")
    assert screen.locator('[data-action="throw"]').is_visible() and not again.is_visible()


# The width a select's chosen option needs, its arrow and padding included, against its own.
SELECT_FITS = """sel => {
  const s = document.querySelector(sel), style = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = style.font;
  const text = ctx.measureText(s.options[s.selectedIndex].text).width;
  const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 24;  // 24: the arrow
  return [text + pad, s.getBoundingClientRect().width];
}"""


@pytest.mark.parametrize("lang", ["en", "fr", "de", "ar"])
def test_play_a_friend_says_its_two_steps_and_the_next_one_is_in_view(screen, lang):
    words = load(lang)
    screen.open(("index.html" if lang == "en" else f"index.{lang}.html") + "?ice=&speed=instant")
    screen.locator(".toolbar [data-action='friend']").click()
    screen.locator("#friend-dialog").wait_for(state="visible")
    # the first screen says the invite goes one way and the answer comes back
    steps = screen.locator("#friend-steps li")
    assert steps.all_inner_texts() == [words.t("html.friend.step_invite"), words.t("html.friend.step_answer")]
    assert whole_in_window(screen, "#friend-steps")
    # "You are": each choice whole in its menu, the menu whole in the dialog
    dialog = box(screen, "#friend-dialog")
    for seat in ("1", "2"):
        screen.select_option("#friend-seat", seat)
        need, has = screen.evaluate(SELECT_FITS, "#friend-seat")
        assert need <= has, (seat, need, has)
        menu = box(screen, "#friend-seat")
        assert dialog[0] <= menu[0] and menu[0] + menu[2] <= dialog[0] + dialog[2]
        # no name given: the box is empty and shows what the game will call this player
        assert screen.input_value("#friend-name") == ""
        assert screen.get_attribute("#friend-name", "placeholder") == words.t("names.seat.player", seat=int(seat))
    screen.select_option("#friend-seat", "1")
    screen.click('[data-friend="invite"]')
    screen.wait_for_function("document.querySelector('[data-invite]').dataset.invite.length > 0")
    # the next step, in words, above the QR code and in view with the answer's box
    assert screen.inner_text("#friend-status") == words.t("friend.invite_made")
    for sel in ("#friend-status", "#friend-answer-in"):
        assert whole_in_window(screen, sel), (sel, box(screen, sel))
    assert box(screen, "#friend-status")[1] < box(screen, "#friend-qr")[1]


def test_the_guest_gets_a_qr_code_of_the_answer(guarded_context, server):
    pages = []
    for size in ("desktop", "phone"):
        context, _log = guarded_context(**SIZES[size])
        pages.append(context.new_page())
    host, guest = pages
    host.set_default_timeout(60_000)
    guest.set_default_timeout(60_000)
    connect(host, guest, server)
    answer = guest.get_attribute("[data-answer]", "data-answer")
    drawn = guest.get_attribute("#friend-answer-qr path", "d")
    assert drawn == svg_path(qr_matrix(answer))  # the answer link itself, for the host's camera
    assert guest.get_attribute("#friend-answer-qr", "aria-label") == "QR code of the answer link"


# ---------------------------------------------------------------- the Puzzles page

PUZZLE = "pages/puzzles.html?date=2026-03-01&rules=kendall"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_puzzle_has_a_legend_a_reason_and_labelled_answers(guarded_context, server, size):
    context, _log = guarded_context(**SIZES[size])
    page = context.new_page()
    page.goto(server.url + PUZZLE)
    page.wait_for_selector("#puzzle:not([hidden])")
    en = load("en")
    # the legend names the water's square and the pieces, each beside the mark the board shows
    water = page.locator('#puzzle-legend li[data-part="part-water"]')
    assert water.inner_text().strip() == "~ " + en.n("pages.board.legend", 1, squares="27",
                                                     part=en.t("pages.board.part.water"))
    assert page.locator("#puzzle-legend li").all_inner_texts()[-2:] == [
        " " + en.t("puzzles.legend.white"), " " + en.t("puzzles.legend.black")]
    assert page.locator("#puzzle-board text.mark").all_text_contents().count("~") == 1
    # the buttons look like the game's: rounded, a finger's height
    first = page.locator("#puzzle-actions button").first
    assert page.evaluate("b => parseFloat(getComputedStyle(b).borderTopLeftRadius)", first.element_handle()) > 0
    assert first.bounding_box()["height"] >= 44
    first.click()
    page.wait_for_selector("#puzzle-answer:not([hidden])")
    assert page.inner_text("#puzzle-reason").startswith("Why: ")
    # every chance cell says which column it is in: above it on a desktop, in the card on a phone
    cells = page.locator("#puzzle-values-rows td")
    assert [cells.nth(i).get_attribute("data-label") for i in range(2)] == [
        en.t("puzzles.page.col_chance"), en.t("puzzles.page.col_note")]
    if size == "phone":
        before = page.evaluate("td => getComputedStyle(td, '::before').content", cells.first.element_handle())
        assert before == '"' + en.t("puzzles.page.col_chance") + ': "', before


def test_the_arabic_puzzle_writes_its_numbers_and_lists_as_its_text(guarded_context, server):
    context, _log = guarded_context(**SIZES["phone"])
    page = context.new_page()
    page.goto(server.url + PUZZLE.replace("puzzles.html", "puzzles.ar.html"))
    page.wait_for_selector("#puzzle:not([hidden])")
    numbers = page.locator("#puzzle-board text.num").all_text_contents()
    assert numbers[:3] == ["١", "٢", "٣"] and not any(c.isascii() and c.isdigit() for n in numbers for c in n)
    assert "،" in page.inner_text("#puzzle-board-desc") and ", " not in page.inner_text("#puzzle-board-desc")
    assert "٢٧" in page.locator('#puzzle-legend li[data-part="part-water"]').inner_text()


# ---------------------------------------------------------------- the language in a link


def test_an_empty_tray_says_zero_in_a_word_in_arabic(screen):
    screen.open("index.ar.html" + GAME)
    counts = screen.locator("text.tray-count").all_text_contents()
    assert load("ar").t("view.tray.count_none") == "صفر"
    assert "صفر" in counts and "٠" not in counts, counts  # Kendall: both off trays empty at the start


def test_a_link_in_a_language_wins_over_the_remembered_one(guarded_context, server):
    context, _log = guarded_context(**SIZES["desktop"])
    page = context.new_page()
    page.goto(server.url + "pages/intro.html?lang=de")  # German chosen, and remembered
    page.wait_for_url("**/pages/intro.de.html")
    # a shared French page stays French
    page.goto(server.url + "pages/intro.fr.html")
    page.wait_for_load_state()
    assert page.evaluate("[document.documentElement.lang, document.documentElement.style.visibility]") == ["fr", ""]
    assert page.url.endswith("/pages/intro.fr.html")
    assert page.get_by_role("heading", level=1).inner_text() == load("fr").t("pages.intro.heading")
    # the French page did not change the remembered choice: a bare link follows it
    page.goto(server.url + "pages/about.html")
    page.wait_for_url("**/pages/about.de.html")
    # ?lang= in a link wins over a page's own language, and is remembered from then on
    page.goto(server.url + "pages/intro.de.html?lang=ar")
    page.wait_for_url("**/pages/intro.ar.html")
    page.goto(server.url + "pages/about.html")
    page.wait_for_url("**/pages/about.ar.html")


# ---------------------------------------------------------------- a game between two devices


@pytest.fixture
def host_and_guest(guarded_context):
    """The host at a desktop, the guest on a phone (touch)."""
    pages, logs = [], []
    for size in ("desktop", "phone"):
        context, log = guarded_context(**SIZES[size])
        page = context.new_page()
        page.set_default_timeout(60_000)  # a wait that succeeds returns at once
        pages.append(page)
        logs.append(log)
    yield pages
    for page, log in zip(pages, logs):
        assert page.evaluate("window.__csp === undefined ? [] : window.__csp") == []
        assert log.errors == []


def test_in_a_game_between_two_devices_the_player_at_each_is_you(host_and_guest, server):
    host, guest = host_and_guest
    connect(host, guest, server)  # Ann hosts as player 1 (white); Bob answers on a phone, black
    for page in (host, guest):
        page.wait_for_function(f"{LINK} === 'connected'")
        page.keyboard.press("Escape")  # the friend dialog closed: the board
    # Kendall: black throws first: the guest's own turn is the guest's, said as "you"
    guest.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
    assert guest.inner_text("#prompt") == "Your turn: throw the sticks."
    assert guest.inner_text('.player[data-seat="2"] .name') == "You"
    assert guest.inner_text('.player[data-seat="2"] .kind') == "black · on this device"
    assert guest.inner_text('.player[data-seat="1"] .name') == "Ann"
    assert guest.inner_text('.player[data-seat="1"] .kind') == "white · on another device"
    assert host.inner_text('.player[data-seat="1"] .name') == "You"
    assert host.inner_text('.player[data-seat="2"] .name') == "Bob"
    assert host.inner_text("#prompt") == "Bob to play\u2026"
    guest.click('[data-action="throw"]')
    guest.wait_for_function("document.getElementById('status').textContent.startsWith('You ')")


# ---------------------------------------------------------------- turns, keys and the Hint button


def test_the_log_numbers_turns_as_players_do_with_extra_throws_under_their_turn(screen):
    screen.open(GAME)  # Kendall, the Novice (white) against you (black), seed 4
    your_turns(screen, 8)
    if screen.size == "phone":
        screen.locator("#side-tabs").get_by_role("button", name="Moves").click()
    heads = screen.evaluate("""() => [...document.querySelectorAll('#log-list > li > .log-who')]
        .map(h => [Number(h.dataset.turn), h.textContent, h.parentElement.querySelectorAll('button').length])""")
    heads.reverse()  # oldest first
    assert [n for n, _text, _lines in heads] == list(range(1, len(heads) + 1))
    for (_n, who, _l), (_m, then, _k) in zip(heads, heads[1:]):
        assert who.split(":")[1] != then.split(":")[1], heads  # the sides take turns
    assert any(lines > 1 for _n, _text, lines in heads), heads  # an extra throw under its turn
    # the newest turn is marked "this turn" only while its side is still to act
    side = screen.get_attribute("#board", "data-side")
    newest = screen.locator("#log-list > li").first
    current = newest.get_attribute("class") == "current"
    assert current == (("You" in heads[-1][1]) == (side == "b")), (heads[-1], side)


def test_space_or_t_throws_and_the_page_lists_its_keys(screen):
    screen.open("?variant=kendall&white=human&black=human&seed=3&speed=instant")
    keys = screen.locator("#keys li")
    assert keys.count() == 5 and "throw the sticks" in keys.first.text_content()
    for key in ("t", " "):
        screen.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
        before = screen.get_attribute("#board", "data-position")
        screen.evaluate("() => document.activeElement && document.activeElement.blur()")
        screen.keyboard.press(key)
        screen.wait_for_function("p => document.getElementById('board').dataset.position !== p", arg=before)
        assert screen.get_attribute("#board", "data-position").split(" ")[3] != "-" or \
            screen.get_attribute("#board", "data-side") != before.split(" ")[2]
        # play the throw out: a piece, or the lost throw's OK
        if screen.locator('[data-action="pass"]').is_visible():
            screen.click('[data-action="pass"]')
        elif screen.locator('[data-movable="true"]').count():
            screen.locator('[data-movable="true"]').first.dispatch_event("click")
            if screen.locator('[data-target="true"]').count():
                screen.locator('[data-target="true"]').first.dispatch_event("click")


def test_the_hint_button_asks_the_expert_for_this_move(app):
    screen = app
    screen.open(GAME)
    assert not screen.is_checked("#set-hints")
    def no_hint_before_the_throw(page):  # nothing to weigh before the throw
        assert not page.locator("#hint-button").is_visible()

    turns_until_a_choice(screen, before_throw=no_hint_before_the_throw)  # until you have a choice
    button = screen.get_by_role("button", name="Hint")
    assert button.is_visible()
    assert screen.locator(".piece.suggested").count() == 0
    button.click()
    screen.wait_for_selector(".piece.suggested", timeout=180_000)
    assert screen.locator("#hint-text").inner_text()
    assert not button.is_visible()
    # the next move of yours asks again: no suggestion comes by itself
    screen.locator(".piece.suggested").dispatch_event("click")
    if screen.locator('[data-target="true"]').count():
        screen.locator('[data-target="true"]').first.dispatch_event("click")
    screen.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled"
                             " || document.getElementById('board').dataset.winner")
    assert screen.locator(".piece.suggested").count() == 0


# ---------------------------------------------------------------- the result, after resigning


@pytest.mark.parametrize("page_name", ["index.html", "index.ar.html"])
def test_after_resigning_the_result_card_is_in_view(screen, page_name):
    screen.open(f"{page_name}{GAME}")
    your_turns(screen, 2)
    screen.locator(".toolbar [data-action='resign']").click()
    screen.locator("#resign-dialog").wait_for(state="visible")
    screen.locator('#resign-dialog button[value="resign"]').click()
    screen.locator("#game-over").wait_for(state="visible")
    screen.wait_for_function("document.activeElement && document.activeElement.dataset.action === 'play-again'")
    screen.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    for sel in ("#game-over-title", '#game-over [data-action="play-again"]', '#game-over [data-action="review"]'):
        assert whole_in_window(screen, sel), (sel, box(screen, sel), screen.evaluate("scrollY"))
    if screen.size == "phone":  # and not under the board, which sticks to the top
        assert box(screen, "#game-over-title")[1] >= sum(box(screen, "#stage")[1::2]) - 1
