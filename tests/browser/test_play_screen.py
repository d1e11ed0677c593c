"""Issue 25, the play screen's layout, as a player notices it, on a desktop (1280x800) and
a phone (390x844, touch): the board stays in view (a new game, the end of a game, a
review's decision), nothing in the play area moves during a whole game (the
`layout-shift` entries of Chromium, all of them), the Throw button and the sticks stay
put when Rescue or "OK, pass" come, the message line shows its whole message, notices
cover neither the toolbar nor a dialog, and the dark/light choice of Settings.

No test asserts a duration: they wait for states and compare boxes and counts.
"""

from __future__ import annotations

import json
import re

from conftest import CLICK_PASS, DEFAULT_TIMEOUT_MS, HUMAN_TURN, axe_violations, wait_app_ready
from helpers import BLUNDER_RECORD, BOX


def board_in_view(page) -> bool:
    box = page.evaluate(BOX, "#board")
    vp = page.viewport_size
    return box[1] >= 0 and box[0] >= 0 and box[1] + box[3] <= vp["height"] and box[0] + box[2] <= vp["width"]


def _status_fits(page):
    return page.evaluate("""() => { const s = document.getElementById('status');
        return [s.scrollWidth <= s.clientWidth, s.scrollHeight <= s.clientHeight, s.textContent]; }""")


def _move(page) -> None:
    """Plays the first movable piece as a person would: a click, and where the first click
    (or tap) only shows where it lands, a click on that square."""
    before = page.get_attribute("#board", "data-position")
    page.locator('[data-movable="true"]').first.click()
    page.wait_for_function(
        """old => document.getElementById('board').dataset.position !== old
                 || document.querySelector('[data-target="true"]')""", arg=before)
    if page.get_attribute("#board", "data-position") == before:
        page.locator('[data-target="true"]').first.click()


# Waits in the page for the human's turn (or the game's end), then says what there is to
# do: "over", "pass", "throw", "move", or "" (the turn changed hands meanwhile). One call
# to the browser where asking each button apart took four.
NEXT_THING = """async (timeoutMs) => {
  const turn = """ + HUMAN_TURN + """, started = performance.now();
  while (!turn()) {
    if (performance.now() - started > timeoutMs) throw new Error("no turn of the human's came");
    await new Promise(resolve => setTimeout(resolve, 20));
  }
  if (document.getElementById('board').dataset.winner) return "over";
  if (!document.querySelector('[data-action="pass"]').hidden) return "pass";
  if (!document.querySelector('[data-action="throw"]').disabled) return "throw";
  if (document.querySelector('[data-movable="true"]')) return "move";
  return "";
}"""


def play_to_the_end(page) -> int:
    """Plays the human's turns by clicks until the game is over; returns the clicks made."""
    clicks = 0
    while True:
        thing = page.evaluate(NEXT_THING, DEFAULT_TIMEOUT_MS)
        if thing == "over":
            return clicks
        if thing == "pass":
            page.evaluate(CLICK_PASS)  # it passes by itself too: a late click does nothing
        elif thing == "throw":
            page.locator('[data-action="throw"]').click()
        elif thing == "move":
            _move(page)
        else:
            continue
        clicks += 1
        assert clicks < 2000, "the game does not end"


# ---------------------------------------------------------------- nothing moves


def test_nothing_moves_from_the_first_paint_to_ready(screen):
    """A first visit (a fresh context, nothing cached) until the board is live and a frame
    after it: no layout shift of anything in the stage, and all shifts together under
    0.001. On a desktop the toolbar sits above the stage but comes after it in the
    document: a first paint made before the parser reached it moved the whole stage down
    by the toolbar's height (CLS 0.03-0.19, 7 loads of 8 before index.html's rel=expect)."""
    screen.open("?variant=kendall&white=average&black=human")
    screen.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    shifts = screen.evaluate("window.__shifts")
    assert not [s for s in shifts if any(x["stage"] for x in s["sources"])], shifts
    assert sum(s["value"] for s in shifts) < 0.001, shifts


def test_a_whole_game_moves_nothing_from_the_first_throw_to_the_game_over_panel(screen):
    """A quick game (five pieces each) against Novice at speed instant, every turn played
    by clicks, to the game-over panel: no layout shift, input or not, of anything in the
    stage, and all shifts together (CLS's sum) under 0.001."""
    screen.open("?variant=kendall%2Bfive&white=human&black=novice&seed=12&speed=instant")
    board = screen.evaluate(BOX, "#board")
    screen.locator('[data-action="throw"]').click()
    first = screen.evaluate("performance.now()")
    clicks = play_to_the_end(screen)
    screen.locator("#game-over").wait_for(state="visible")
    screen.locator('[data-action="play-again"]').first.wait_for(state="visible")
    assert clicks > 20  # a whole game was played by hand
    shifts = [s for s in screen.evaluate("window.__shifts") if s["t"] >= first]
    # The move log shows the newest turn first: as lines come, the older turns below it
    # move down (and up a little when a turn stops being the one under way). Its entries
    # are kept from line to line, not drawn again, so those moves are seen: they are the
    # only ones allowed.
    total = sum(s["value"] for s in shifts if not (s["sources"] and all(x["log"] for x in s["sources"])))
    moved = [(round(s["t"]), round(s["value"], 4), s["input"], [(x["node"], x["from"], x["to"]) for x in s["sources"]])
             for s in shifts]
    # nothing of the board, the players or the throw ever moved; the rest, by a hair at most
    # (the end of the page on a phone, when a message has a line more than the room kept)
    assert not any(x["stage"] for s in shifts for x in s["sources"]), "\n".join(map(str, moved))[:8000]
    assert total < 0.001, "\n".join(map(str, moved))[:8000]
    if screen.size == "desktop":  # a phone's page scrolls to Play again; its board sticks
        assert screen.evaluate(BOX, "#board") == board
    assert board_in_view(screen)


def test_throw_and_sticks_stay_put_when_rescue_or_pass_is_on_offer(screen):
    """Black's piece is in the water: Rescue is on offer before the throw; seed 1's throw
    is lost, so "OK, pass" comes, and goes by itself; then White throws with neither. The
    boxes of Throw and the sticks are read each time those buttons come or go."""
    water = "kendall wbwbwbwbwbwbw.............b... b - w=0/0,b=0/0 -"
    screen.open("?position=" + water.replace(" ", "+") + "&white=human&black=human&seed=1&speed=slow")
    screen.evaluate("""box => {
        window.__boxes = [];
        const read = () => window.__boxes.push({
            rescue: !document.querySelector('[data-action="rescue"]').hidden,
            pass: !document.querySelector('[data-action="pass"]').hidden,
            throw: (new Function('return ' + box))()('[data-action="throw"]'),
            sticks: (new Function('return ' + box))()('#sticks')});
        read();
        const observer = new MutationObserver(read);
        for (const name of ['rescue', 'pass'])
            observer.observe(document.querySelector(`[data-action="${name}"]`), {attributes: true, attributeFilter: ['hidden']});
    }""", BOX)
    assert screen.locator('[data-action="rescue"]').is_visible()
    screen.locator('[data-action="throw"]').click()
    # the lost throw passes by itself (or by a click): White to act, nothing on offer
    screen.wait_for_function("document.getElementById('board').dataset.side === 'w'")
    screen.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
    screen.evaluate(f"window.__boxes.push({{rescue: false, pass: false, throw: ({BOX})('[data-action=\"throw\"]'),"
                    f" sticks: ({BOX})('#sticks')}})")
    boxes = screen.evaluate("window.__boxes")
    kinds = {(b["rescue"], b["pass"]) for b in boxes}
    assert {(True, False), (False, True), (False, False)} <= kinds, boxes
    assert len({tuple(b["throw"]) for b in boxes}) == 1, boxes
    assert len({tuple(b["sticks"]) for b in boxes}) == 1, boxes


# ---------------------------------------------------------------- the board in view


def test_the_board_is_in_view_at_the_end_after_play_again_and_after_new_game(screen):
    """Two computers play to the end; the player, scrolled down to the end of the page,
    chooses Play again, and at the next end New game...: the board is in view each time."""
    screen.open("?variant=kendall%2Bfive&white=novice&black=novice&seed=3&speed=instant")
    screen.evaluate("""() => { window.__newGames = 0;
        new MutationObserver(() => { if (!document.getElementById('board').dataset.winner) window.__newGames++; })
            .observe(document.getElementById('board'), {attributes: true, attributeFilter: ['data-winner']}); }""")
    screen.wait_for_selector("#board[data-winner]")
    screen.locator("#game-over").wait_for(state="visible")
    assert board_in_view(screen)
    assert screen.locator("#game-over").get_by_role("button", name="Play again").is_visible()
    screen.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    screen.locator("#game-over").get_by_role("button", name="Play again").click()
    screen.wait_for_function("window.__newGames >= 1")
    assert board_in_view(screen)
    # the two computers play that game to its end too; then New game... from the panel
    screen.wait_for_selector("#board[data-winner]")
    screen.locator("#game-over").wait_for(state="visible")
    assert board_in_view(screen)
    screen.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    screen.locator("#game-over").get_by_role("button", name="New game").click()
    dialog = screen.locator("#new-game")
    dialog.get_by_label("Player").first.select_option("human")
    dialog.get_by_role("button", name="Start").click()
    screen.wait_for_function("window.__newGames >= 2")
    assert board_in_view(screen)
    screen.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")  # your turn
    assert board_in_view(screen)
    assert screen.evaluate("window.scrollY") == 0
    throw = screen.evaluate(BOX, '[data-action="throw"]')
    assert throw[1] >= 0 and throw[1] + throw[3] <= screen.viewport_size["height"]


def test_a_reviewed_decision_shows_on_a_board_in_view_and_the_messages_fit(screen):
    """The review of a record (the worker): choosing a decision in its list shows it on
    the board, which is in view; the message line holds the review's and the replay's
    longest messages whole, at both sizes."""
    screen.open("?speed=instant")
    screen.locator(".toolbar [data-action='record']").click()
    screen.fill("#record-text", BLUNDER_RECORD)
    screen.locator("#record-dialog").get_by_role("button", name="Replay").click()
    screen.wait_for_selector("#replay:not([hidden])")
    assert board_in_view(screen)
    fits = _status_fits(screen)
    assert fits[:2] == [True, True], fits
    screen.locator("#replay").get_by_role("button", name="Review this game").click()
    screen.wait_for_selector("#review:not([hidden])")
    screen.wait_for_function("['done', 'failed'].includes(document.getElementById('review').dataset.state)",
                             timeout=180_000)
    assert screen.get_attribute("#review", "data-state") == "done"
    fits = _status_fits(screen)
    assert fits[:2] == [True, True], fits
    screen.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    screen.locator("#review-list button").first.click()
    screen.wait_for_selector("#board [data-better='from']")
    assert board_in_view(screen), (screen.evaluate(BOX, "#board"), screen.evaluate("[window.scrollY, document.documentElement.scrollHeight, innerHeight, document.body.getBoundingClientRect().height]"), screen.evaluate(BOX, ".toolbar"))
    arrow = screen.evaluate(BOX, "#better-arrow")
    assert arrow[1] >= 0 and arrow[1] + arrow[3] <= screen.viewport_size["height"]
    fits = _status_fits(screen)
    assert fits[:2] == [True, True], fits
    assert "Better:" in fits[2]
    # a replay step's message (on a phone, in the Replay part), and at the narrowest phone
    if screen.size == "phone":
        screen.locator("#side-tabs").get_by_role("button", name="Replay").click()
    screen.locator("#replay").get_by_role("button", name="Step forward").click()
    screen.wait_for_selector("#better-arrow", state="hidden")
    assert board_in_view(screen)
    fits = _status_fits(screen)
    assert fits[:2] == [True, True], fits
    if screen.size == "phone":
        screen.set_viewport_size({"width": 320, "height": 640})
        fits = _status_fits(screen)
        assert fits[:2] == [True, True], fits
        assert board_in_view(screen)
    assert axe_violations(screen) == []


# ---------------------------------------------------------------- notices


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_a_notice_covers_neither_the_toolbar_nor_a_dialog(screen):
    """A link to a game sets the game in progress aside and says so in a notice; the first
    visit's tutorial offer and the "ready to play offline" message come as well. None
    overlaps the toolbar; an open dialog is above them all."""
    screen.open()  # a first visit: the offer of the tutorial, and the service worker installs
    offer = screen.locator("#tutorial-offer")
    offer.wait_for(state="visible")
    screen.wait_for_function("document.querySelector('#pwa-slot .pwa-message')"
                             " && document.querySelector('#pwa-slot .pwa-message').textContent.includes('offline')",
                             timeout=180_000)
    message = screen.evaluate(BOX, "#pwa-slot .pwa-message")
    for sel in (".toolbar", "#stage", "#side-tabs", "#tutorial-offer"):
        if screen.locator(sel).is_visible():
            assert not _overlap(message, screen.evaluate(BOX, sel)), sel
            if sel != "#tutorial-offer":
                assert not _overlap(screen.evaluate(BOX, "#tutorial-offer"), screen.evaluate(BOX, sel)), sel
    offer.get_by_role("button", name="No, thanks").click()
    screen.locator('[data-action="throw"]').click()
    screen.wait_for_selector('[data-movable="true"]')
    _move(screen)
    # a link to another game sets this one aside, and says so
    screen.open("?variant=tait&white=human&black=novice&seed=5&speed=instant")
    notice = screen.locator("#notice")
    notice.wait_for(state="visible")
    assert "set aside" in notice.inner_text()
    notice.scroll_into_view_if_needed()
    for sel in (".toolbar", "#stage", "#side-tabs"):
        if screen.locator(sel).is_visible():
            assert not _overlap(screen.evaluate(BOX, "#notice"), screen.evaluate(BOX, sel)), sel
    # a dialog opens over them: every corner of the dialog is the dialog's own
    screen.locator(".toolbar [data-action='settings']").click()
    dialog = screen.locator("#settings-dialog")
    dialog.wait_for(state="visible")
    hits = screen.evaluate("""() => { const d = document.getElementById('settings-dialog');
        const r = d.getBoundingClientRect();
        return [[r.left + 4, r.top + 4], [r.right - 4, r.top + 4], [r.left + 4, r.bottom - 4],
                [r.right - 4, r.bottom - 4], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]]
            .map(([x, y]) => d.contains(document.elementFromPoint(x, y))); }""")
    assert hits == [True] * 5
    # and the notices lie under the dialog's backdrop: a click there reaches nothing of theirs
    box = screen.evaluate(BOX, "#notice")
    if box[1] + box[3] > 0 and box[1] < screen.viewport_size["height"]:
        point = [box[0] + box[2] / 2, max(box[1], 0) + 4]
        assert not screen.evaluate("p => document.getElementById('notice').contains(document.elementFromPoint(...p))",
                                   point)


def test_the_offline_message_is_said_once_and_briefly(screen):
    """The first visit installs the service worker and says "ready to play offline"; the
    message goes by itself while the page stays (a wait for a state, not a duration), and
    the next visit, with the worker in place, does not say it again."""
    screen.open("?variant=kendall&white=human&black=novice&seed=4&speed=instant")
    said = "document.querySelector('#pwa-slot .pwa-message').textContent.includes('offline')"
    screen.wait_for_function(said, timeout=180_000)
    screen.wait_for_function("!" + said, timeout=180_000)
    screen.reload()
    wait_app_ready(screen)
    screen.wait_for_function("document.documentElement.dataset.sw === 'ready'", timeout=180_000)
    assert "offline" not in screen.locator("#pwa-slot").inner_text()


# ---------------------------------------------------------------- dark or light


def test_the_colour_choice_applies_and_is_remembered(screen):
    screen.emulate_media(color_scheme="light")
    screen.open("?variant=kendall&white=human&black=novice&seed=4&speed=instant")
    background = "getComputedStyle(document.documentElement).backgroundColor"
    light = screen.evaluate(background)
    assert screen.evaluate("document.documentElement.dataset.theme") is None  # the system's, by default
    screen.locator(".toolbar [data-action='settings']").click()
    select = screen.locator("#set-theme")
    assert select.input_value() == "system"
    select.select_option("dark")
    screen.wait_for_function("document.documentElement.dataset.theme === 'dark'")
    dark = screen.evaluate(background)
    assert dark != light
    screen.locator("#settings-dialog").get_by_role("button", name="Done").click()
    # remembered: the next visit is dark from its first paint (before Python is ready)
    screen.goto(screen.url.split("?")[0], wait_until="commit")
    screen.wait_for_selector("#board", state="attached")
    assert screen.evaluate("document.documentElement.dataset.theme") == "dark"
    wait_app_ready(screen)
    assert screen.evaluate(background) == dark
    assert axe_violations(screen) == []
    # light, on a system that prefers dark
    screen.emulate_media(color_scheme="dark")
    screen.locator(".toolbar [data-action='settings']").click()
    screen.locator("#set-theme").select_option("light")
    screen.wait_for_function("document.documentElement.dataset.theme === 'light'")
    assert screen.evaluate(background) == light
    screen.locator("#settings-dialog").get_by_role("button", name="Done").click()
    # "As the system" follows the system again
    screen.locator(".toolbar [data-action='settings']").click()
    screen.locator("#set-theme").select_option("system")
    screen.wait_for_function("document.documentElement.dataset.theme === undefined")
    assert screen.evaluate(background) == dark
    screen.locator("#settings-dialog").get_by_role("button", name="Done").click()
    # settings saved by an older version (no theme) load as the system's; a bad value too
    for stored in ({"format": "senet-settings", "version": 1, "speed": "fast"},
                   {"format": "senet-settings", "version": 1, "speed": "fast", "theme": "purple"}):
        screen.evaluate("s => localStorage.setItem('senet:settings', s)", json.dumps(stored))
        screen.reload()
        wait_app_ready(screen)
        assert screen.evaluate("document.documentElement.dataset.theme") is None
        assert screen.locator("#speed").input_value() == "fast"
        settings = json.loads(screen.evaluate("localStorage.getItem('senet:settings')"))
        assert settings.get("theme", "system") in ("system", "purple")
        screen.locator(".toolbar [data-action='settings']").click()
        assert screen.locator("#set-theme").input_value() == "system"
        screen.locator("#settings-dialog").get_by_role("button", name="Done").click()


# ---------------------------------------------------------------- a phone's parts


def test_a_phone_shows_one_part_at_a_time_below_a_board_that_stays(screen):
    if screen.size != "phone":
        assert not screen.locator("#side-tabs").is_visible()  # a desktop shows every part
        screen.open("?variant=kendall&white=human&black=novice&seed=4&speed=instant")
        for sel in ("#status", "#log", "#fair", ".toolbar"):
            assert screen.locator(sel).is_visible(), sel
        assert screen.evaluate("document.documentElement.scrollHeight") <= 800  # the page does not scroll
        return
    screen.open("?variant=kendall&white=human&black=novice&seed=4&speed=instant")
    tabs = screen.locator("#side-tabs")
    # two parts: the game, and its moves with Fair throws under them (no tab of its own)
    assert tabs.get_by_role("button").all_inner_texts() == ["Game", "Moves"]
    assert not screen.locator("#log").is_visible() and not screen.locator("#fair").is_visible()
    tabs.get_by_role("button", name="Moves").click()
    assert screen.locator("#log").is_visible() and screen.locator("#fair").is_visible()
    assert screen.locator("#fair").bounding_box()["y"] > screen.locator("#log").bounding_box()["y"]
    assert tabs.get_by_role("button", name="Moves").get_attribute("aria-pressed") == "true"
    screen.locator("#log").scroll_into_view_if_needed()
    assert board_in_view(screen)
    tabs.get_by_role("button", name="Game").click()
    assert not screen.locator("#fair").is_visible() and not screen.locator("#log").is_visible()
    assert screen.locator("#status").is_visible()  # the message line shows in every part
    assert axe_violations(screen) == []
    assert re.match(r"^\d+px$", screen.evaluate("getComputedStyle(document.documentElement)"
                                                ".getPropertyValue('--stage-height').trim()"))
