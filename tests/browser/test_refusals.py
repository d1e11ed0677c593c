"""Whatever the browser refuses, the game goes on (docs/saving.md, "When the browser says
no"), in Chromium: its storage full from the start or filling up mid-game (another site on
the same origin took the room) and coming back, storage blocked or absent, the Expert's
runtime that never comes, and the notices that say so, queued, each until read or
answered. Each game is played to its end by clicks, the words the player reads are
asserted, and no page error is allowed (the `app` fixture fails a test on any page or
console error; the tests without a runtime allow only the failed downloads' console
lines).

The JavaScript errors are the browser's own: a localStorage whose every setItem throws
QuotaExceededError (an init script), one really filled to its quota under another key, a
window.localStorage whose getter throws SecurityError (as Chromium's "Don't allow sites
to save data" does), and the runtime's requests aborted (a route).
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import HUMAN_TURN, axe_violations, position, wait_app_ready
from helpers import BLOCKED, FULL, LATE, STORAGE_BLOCKED, human_step

from app.storage.formats import parse_game
from senet.words import n, t

# Every localStorage.setItem throws, as in a browser whose storage for the site is full.
STORAGE_FULL = """(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
})();"""
# Fills localStorage to its quota under keys of another site on the same origin (as on
# USER.github.io): chunks ever smaller, then the last one grown until not one character
# more fits. Returns the keys.
FILL_STORAGE = """() => {
  const keys = [];
  const fits = (key, value) => {
    try { localStorage.setItem(key, value); return true; }
    catch (e) { if (e.name !== "QuotaExceededError") throw e; return false; }
  };
  for (let size = 1 << 20; size >= 1; size = Math.floor(size / 4)) {
    while (fits("another-site:" + keys.length, "x".repeat(size))) keys.push("another-site:" + keys.length);
  }
  const last = keys[keys.length - 1];
  let value = localStorage.getItem(last);
  for (let step = 256; step >= 1; step = Math.floor(step / 2)) {
    while (fits(last, value + "x".repeat(step))) value += "x".repeat(step);
  }
  return keys;
}"""
WORKER_FAILED = "() => document.documentElement.dataset.worker === 'failed'"


def play_step(page) -> bool:
    """The human's next thing by clicks (throw, OK a lost throw, a piece and its target),
    until the board shows another position; False once the game is over."""
    return human_step(page) != ""


def play_to_end(page, limit: int = 2000) -> str:
    """Clicks until the game is over; returns the winner ("w" or "b")."""
    for _ in range(limit):
        if not play_step(page):
            return page.get_attribute("#board", "data-winner")
    raise AssertionError(f"the game did not end in {limit} steps: {position(page)}")


def notice(page) -> str:
    box = page.locator("#notice")
    box.wait_for(state="visible")
    return page.inner_text("#notice-text")


def notices_waiting(page) -> str:
    more = page.locator("#notice .notice-more")
    return more.inner_text() if more.count() and more.is_visible() else ""


def stats_rows(page) -> list:
    page.locator(".toolbar [data-action='stats']").click()
    rows = [r.split("\t") for r in page.locator("#stats-table tbody tr").all_inner_texts()]
    page.locator("#stats-dialog").get_by_role("button", name="Close").click()
    return rows


def our_keys(page) -> list:
    return page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('senet:')).sort()")


# ---------------------------------------------------------------- storage full


def test_a_link_game_plays_to_its_end_when_every_write_is_refused(app):
    """Storage full from the start (every setItem throws QuotaExceededError): the link's
    game starts (it used to stay at "Setting out the board…"), the player is told once
    why games are not saved, and the game is played to its end."""
    app.add_init_script(STORAGE_FULL)
    app.open()  # the page's own game: it answers after its first throw (it used to freeze there)
    assert notice(app) == FULL
    for _ in range(3):
        old = position(app)
        assert play_step(app) and position(app) != old
    app.open("?variant=kendall&white=human&black=novice&seed=3&speed=instant" + LATE)
    assert notice(app) == FULL
    assert notices_waiting(app) == ""
    winner = play_to_end(app)
    assert winner in ("w", "b")
    assert app.locator("#game-over").is_visible()
    assert app.inner_text("#game-over-title") in ("You beat Novice", "Novice beat you")
    assert notice(app) == FULL and notices_waiting(app) == ""  # said once, and still there
    assert our_keys(app) == []  # nothing could be written
    # the result is kept for the visit: the statistics show it
    assert [row[:2] for row in stats_rows(app)] == [["Kendall", "Novice"]]


def test_storage_filled_by_another_site_mid_game_then_freed(app):
    """The game plays on while another site's data fills the storage: the move is played
    and shown (it once said "You move from 13 to 14" and froze), the save on the device
    stays as it was (never less), the notice says why; when the room comes back the next
    move saves the whole game and the notice goes; a reload resumes it."""
    app.open("?variant=kendall&white=novice&black=human&seed=5&speed=instant")
    for _ in range(4):
        play_step(app)
    app.wait_for_function(HUMAN_TURN)  # Novice's turn is over, and saved
    before = app.evaluate("localStorage.getItem('senet:save')")
    keys = app.evaluate(FILL_STORAGE)
    assert keys, "the storage did not fill"
    moved = 0
    while moved < 3:  # moves by the human, each played on the board though it cannot be saved
        old = position(app)
        assert play_step(app)
        assert position(app) != old
        if app.inner_text("#status").startswith("You move"):
            moved += 1
    assert notice(app) == FULL
    assert app.evaluate("localStorage.getItem('senet:save')") == before  # untouched: never less
    app.evaluate("keys => keys.forEach(k => localStorage.removeItem(k))", keys)
    play_step(app)  # the next write has room: everything is saved, the notice goes
    app.locator("#notice").wait_for(state="hidden")
    shown = position(app)
    stored = parse_game(app.evaluate("localStorage.getItem('senet:save')"))
    assert stored.session.state.position() == shown
    assert len(stored.session.game.entries) > len(parse_game(before).session.game.entries)
    app.reopen()
    assert position(app) == shown
    assert not app.locator("#notice").is_visible()
    assert play_to_end(app) in ("w", "b")


def test_a_link_while_the_storage_is_full_keeps_the_game_it_replaces(app):
    """A link opened while the storage is full: the game in progress cannot be moved to
    the previous game's key, so senet:save, which holds it, is not written over; the
    notice's Resume brings it back from memory."""
    app.open("?variant=kendall&white=novice&black=human&seed=5&speed=instant")
    for _ in range(4):
        play_step(app)
    app.wait_for_function(HUMAN_TURN)  # Novice's turn is over, and saved
    board = position(app)
    before = app.evaluate("localStorage.getItem('senet:save')")
    keys = app.evaluate(FILL_STORAGE)
    app.goto(app.url.split("?")[0] + "?variant=tait&white=human&black=average&seed=2&speed=instant")
    wait_app_ready(app)
    assert notice(app) == t("storage.policy.link_set_aside")
    assert app.locator("#notice").get_by_role("button", name="Resume that game").is_visible()
    assert notices_waiting(app) == n("view.notice.more", 1)
    assert axe_violations(app) == []
    for _ in range(3):
        play_step(app)  # the link's game
    assert app.evaluate("localStorage.getItem('senet:save')") == before
    app.locator("#notice").get_by_role("button", name="Resume that game").click()
    app.wait_for_function("p => document.getElementById('board').dataset.position === p", arg=board)
    assert notice(app) == FULL  # the next notice, the one waiting
    app.evaluate("keys => keys.forEach(k => localStorage.removeItem(k))", keys)
    play_step(app)
    app.locator("#notice").wait_for(state="hidden")
    kept = parse_game(app.evaluate("localStorage.getItem('senet:save:previous')"))
    assert kept.session.game.variant == "tait"  # the link's game, kept in its turn
    assert play_to_end(app) in ("w", "b")


# ---------------------------------------------------------------- storage blocked or absent


def test_the_page_plays_when_the_browser_blocks_storage(app):
    """Reading window.localStorage throws SecurityError: the board comes (it used to stay
    at "Setting out the board…"), the notice says the game will be gone when the page
    closes, and a game is played to its end; what was played stays for the visit."""
    app.add_init_script(STORAGE_BLOCKED)
    app.open()
    assert notice(app) == BLOCKED
    app.select_option("#speed", "instant")
    assert play_to_end(app) in ("w", "b")
    assert notice(app) == BLOCKED and notices_waiting(app) == ""
    assert [row[:2] for row in stats_rows(app)] == [["Kendall", "Average"]]


def test_no_storage_at_all_is_said_in_plain_words(app):
    app.add_init_script('Object.defineProperty(window, "localStorage", {configurable: true, value: null});')
    app.open("?variant=kendall&white=human&black=novice&seed=4&speed=instant" + LATE)
    text = notice(app)
    assert text == t("storage.unsaved.notice_lost", why=t("storage.unsaved.none"))
    for word in ("NoneType", "getItem", "attribute"):
        assert word not in text
    assert play_to_end(app) in ("w", "b")


# ---------------------------------------------------------------- no runtime for the Expert


@pytest.fixture
def no_runtime(guarded_context):
    """A context of its own where every request for the Expert's runtime fails (no service
    worker, which could answer it from its cache). Allowed console errors: the failed
    downloads and the page's line saying the worker did not start; never a page error."""
    ctx, log = guarded_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.route("**/vendor/pyodide/**", lambda route: route.abort())
    page = ctx.new_page()
    yield page
    errors = [e for e in log.errors
              if not re.search(r"ERR_FAILED|pyodide|players\.js|did not start|no hint: the computer player could not start"
                                r"|Failed to load|Failed to fetch", e)]
    assert errors == []
    assert not [e for e in log.errors if e.startswith("pageerror")]


def _open(page, server, query: str) -> None:
    page.goto(server.url + query)
    wait_app_ready(page)


def test_average_in_the_experts_place_is_said_shown_and_counted_as_average(no_runtime, server):
    """The runtime never comes. A link's game against the Expert sets the game in
    progress aside: that notice, with its Resume, stays until read, the worker's waiting
    behind it. Average plays the Expert's seat, the card says so, the game ends, and it
    counts as a game against Average."""
    page = no_runtime
    _open(page, server, "?variant=kendall&white=novice&black=human&seed=5&speed=instant")
    for _ in range(3):
        play_step(page)
    _open(page, server, "?variant=kendall&white=human&black=expert&seed=2&speed=instant" + LATE)
    page.wait_for_function(WORKER_FAILED)
    assert notice(page) == t("storage.policy.link_set_aside")
    assert page.locator("#notice").get_by_role("button", name="Resume that game").is_visible()
    assert notices_waiting(page) == n("view.notice.more", 1)
    page.locator("#notice").get_by_role("button", name="OK").click()
    assert notice(page) == t("page.worker_failed")
    assert page.locator("#notice").get_by_role("button", name="Try again").is_visible()
    assert notices_waiting(page) == ""
    card = page.inner_text('.players [data-seat="2"] .kind')
    assert card.endswith(t("view.player.stand_in", weaker="Average", player="Expert"))
    assert "expert" not in card.replace("Expert's", "")
    winner = play_to_end(page)
    stood_in = t("view.over.stood_in", weaker="Average", player="Expert")
    title = page.inner_text("#game-over-title")
    assert title == (t("view.over.you_beat", name=stood_in) if winner == "w" else t("view.over.beat_you", name=stood_in))
    record = page.inner_text("#game-over-record")
    assert record.startswith("Average played in the Expert's place in this game, so it counts as a game against "
                             "Average. Your record against Average (Kendall rules): ")
    assert [row[:2] for row in stats_rows(page)] == [["Kendall", "Average"]]
    results = json.loads(page.evaluate("localStorage.getItem('senet:stats')"))["results"]
    assert list(results) == ["kendall/average"]
    # a reload keeps the mark: the game stays Average's
    assert json.loads(page.evaluate("localStorage.getItem('senet:save')"))["stood_in"] is True


def test_hints_without_a_runtime_say_they_are_unavailable_and_why(no_runtime, server):
    """Hints and the meter on, against Novice: no word of "the computer opponents playing
    more simply" (Novice is Novice); the notice and the hint line say hints and the meter
    are unavailable, and why; the card stays Novice's."""
    page = no_runtime
    _open(page, server, "")
    settings = {"format": "senet-settings", "version": 1, "hints": True, "meter": True, "tutorial": "declined"}
    page.evaluate("s => localStorage.setItem('senet:settings', s)", json.dumps(settings))
    _open(page, server, "?variant=kendall&white=novice&black=human&seed=6&speed=instant")
    page.wait_for_function(WORKER_FAILED)
    text = notice(page)
    assert text == t("page.worker_failed_advice")
    assert "more simply" not in text
    page.wait_for_function(HUMAN_TURN)
    advice = page.locator("#advice")
    assert advice.is_visible() and page.inner_text("#hint-text") == t("view.advice.not_started")
    assert page.inner_text('.players [data-seat="1"] .kind').endswith(t("view.player.novice"))
    assert play_to_end(page) in ("w", "b")


# ---------------------------------------------------------------- smaller


def test_settings_that_are_not_json_are_said_in_plain_words(app):
    app.open()
    app.evaluate("localStorage.setItem('senet:settings', '{not json')")
    app.reopen()
    text = notice(app)
    assert text.startswith("The saved settings could not be read (not valid JSON). They were set aside as "
                           "'senet:quarantine:")
    assert "is not valid JSON" not in text


def test_statistics_that_cannot_be_read_are_said_in_the_open_dialog(app):
    app.open()
    app.evaluate("localStorage.setItem('senet:stats', '{\"format\": \"senet-stats\", \"results\": 7}')")
    app.locator(".toolbar [data-action='stats']").click()
    said = app.locator("#stats-dialog .dialog-notice")
    said.wait_for(state="visible")
    assert said.inner_text().startswith("The statistics could not be read (these are not Senet statistics).")
    assert said.get_attribute("role") == "alert"
    assert not app.locator("#notice").is_visible()  # not behind the dialog, unseen
    app.locator("#stats-dialog").get_by_role("button", name="Close").click()
    app.wait_for_function("() => !document.querySelector('#stats-dialog .dialog-notice')")  # gone with the dialog
    app.locator(".toolbar [data-action='stats']").click()  # opened again: the statistics start afresh, unsaid
    app.locator("#stats-dialog").wait_for(state="visible")
    assert app.locator("#stats-dialog .dialog-notice").count() == 0
    app.locator("#stats-dialog").get_by_role("button", name="Close").click()


def test_a_links_ignored_values_stay_in_a_notice_when_the_computer_moves_first(app):
    app.open("?variant=kendall&white=human&black=average&seed=3&speed=warp")
    text = notice(app)
    assert text.startswith("The link's game has started without some of its values")
    assert "unknown speed 'warp'" in text
    app.wait_for_function("() => document.getElementById('status').textContent.startsWith('Black')")
    assert notice(app) == text  # the computer's first move did not take its place
    assert "Ignored" not in app.inner_text("#status")
    app.locator("#notice").get_by_role("button", name="OK").click()
    assert not app.locator("#notice").is_visible()


# ---------------------------------------------------------------- the clipboard and the share sheet

# The clipboard refuses (its promise rejects with NotAllowedError), the selection's copy
# throws, and the share sheet throws at once: a refusal of each kind.
CLIPBOARD_REFUSED = """(() => {
  Object.defineProperty(navigator, "clipboard", {configurable: true, value: {
    writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"))}});
  Document.prototype.execCommand = () => { throw new DOMException("Not allowed.", "SecurityError"); };
  Object.defineProperty(navigator, "share", {configurable: true, value: () => {
    throw new TypeError("Failed to execute 'share' on 'Navigator': the sheet is busy."); }});
})();"""


def test_a_refused_clipboard_and_share_sheet_say_so_and_change_nothing(app):
    """Copy and Share refused: the player is told to copy by hand (the text is selected)
    or to use Copy; no page error, and the game goes on."""
    app.add_init_script(CLIPBOARD_REFUSED)
    app.open("?variant=kendall&white=human&black=novice&seed=3&speed=instant&ice=" + LATE)
    app.locator(".toolbar [data-action='record']").click()
    app.locator("#record-dialog").get_by_role("button", name="Copy").click()
    app.wait_for_function("() => document.getElementById('record-error').textContent.length > 0")
    assert app.inner_text("#record-error") == t("record.copy_by_hand")
    app.keyboard.press("Escape")
    app.click('[data-action="friend"]')
    app.click('[data-friend="invite"]')
    app.wait_for_function("document.querySelector('[data-invite]').dataset.invite.length > 0")
    app.click('[data-friend="copy-invite"]')
    app.wait_for_function("t => document.getElementById('friend-status').textContent === t",
                          arg=t("friend.copy_by_hand"))
    assert app.evaluate("String(getSelection())") == app.get_attribute("[data-invite]", "data-invite")
    app.click('[data-friend="share"]')
    app.wait_for_function("t => document.getElementById('friend-status').textContent === t",
                          arg=t("friend.share_refused"))
    app.keyboard.press("Escape")
    assert play_to_end(app) in ("w", "b")
