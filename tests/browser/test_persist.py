"""Never lose a game, in Chromium: autosave and resume, a corrupt save, undo and redo,
game records (export, import, replay), hints and settings, statistics, a failing
worker, and the Content-Security-Policy (docs/saving.md).

Like tests/browser/test_app.py, the tests share one browser context (a warm cache);
each test's page starts with an empty localStorage (cleared once per page, not on
its reloads). Every test also checks that the page reported no CSP violation.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import helpers
import pytest
from conftest import (
    HUMAN_TURN,
    axe_violations,
    position,
    state_of,
    wait_app_ready,
    wait_position_change,
)

import senet
from app.game.counting import replay_label, turns_played
from app.words.records import ago_text  # what the kept-games list says of a save's age

CSP_PAGE = ("default-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; "
            "base-uri 'self'; form-action 'self'; manifest-src 'self'")


@pytest.fixture(scope="module")
def shared_context_args():
    """The module's pages (conftest's `shared` and `app`) are 900 pixels high and may
    download (an exported record)."""
    return {"viewport": {"width": 1280, "height": 900}, "accept_downloads": True}


def saved(page) -> dict | None:
    text = page.evaluate("localStorage.getItem('senet:save')")
    return None if text is None else json.loads(text)


def saved_entries(page) -> list[str]:
    record = saved(page)["session"]["record"]
    return [ln for ln in record.splitlines()[3:] if ln[:2] in ("w ", "b ")]


def human_step(page) -> str | None:
    """Do the human's next thing (throw, move, or OK a lost throw) and wait until it is
    saved (the save changes with every throw); returns what was done, None once the game
    is over. A move is played with its first movable piece (and first destination)."""
    return helpers.human_step(page, watch="save") or None


# ---------------------------------------------------------------- autosave and resume


def test_reload_mid_game_resumes_the_same_position_and_throw(app):
    app.open("?variant=kendall&white=novice&black=human&seed=7&speed=instant")
    assert "variant=" not in app.url  # used up: a reload resumes instead of starting again
    moves = 0
    while moves < 3 or state_of(app).throw is not None:
        done = human_step(app)
        moves += done == "move"
    app.click('[data-action="throw"]')  # a throw, not used yet
    app.wait_for_function("document.getElementById('board').dataset.position.split(' ')[3] !== '-'")
    before = state_of(app)
    assert before.throw is not None
    assert saved_entries(app)[-1] == f"b {before.throw}"  # saved at once, with the throw
    app.reopen()
    assert position(app) == before.position()
    assert app.inner_text("#throw-value") == str(before.throw)
    assert app.locator('[data-action="throw"]').is_disabled()  # no second throw by reloading
    assert "Welcome back" in app.inner_text("#status")
    names = app.locator(".players .name").all_inner_texts()
    assert names == ["Novice", "You"]
    movable = {m.src for m in before.legal_actions() if not m.is_special}
    assert app.locator('[data-movable="true"]').count() == len(movable)
    # The game goes on from there: a move, the computer's reply, and a save after each.
    human_step(app)
    app.wait_for_function(HUMAN_TURN)
    assert saved_entries(app)[-1] != f"b {before.throw}"
    app.reopen()
    assert state_of(app).board == senet.Game.from_record(saved(app)["session"]["record"]).state.board


def test_a_corrupt_save_is_reported_set_aside_and_the_app_plays(app):
    app.open()
    bad = json.dumps({"format": "senet-app-save", "version": 1, "session": {
        "format": "senet-save", "version": 1,
        "record": "senet-record 1\nvariant kendall\nseed 3\nb 4 2-6\n",
        "seats": {"1": {"kind": "average", "name": ""}, "2": {"kind": "human", "name": ""}}, "redo": []}})
    app.evaluate("""bad => { localStorage.setItem('senet:save', bad);
                             localStorage.setItem('senet:settings', '[1, 2'); }""", bad)
    app.reopen()
    notice = app.locator("#notice")
    assert notice.is_visible()
    text = notice.inner_text()
    assert "The saved game could not be read" in text and "line 4" in text
    assert "The saved settings could not be read" in text
    assert "A new game begins" in text
    kept = app.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('senet:quarantine:'))
                           .map(k => JSON.parse(localStorage.getItem(k)))""")
    assert sorted(k["from"] for k in kept) == ["senet:save", "senet:settings"]
    assert next(k for k in kept if k["from"] == "senet:save")["value"] == bad
    # A fresh, playable game, saved under the usual key.
    assert state_of(app) == senet.start("kendall")
    assert human_step(app) == "throw"
    assert senet.Game.from_record(saved(app)["session"]["record"]).state == state_of(app)
    app.click('[data-action="notice-dismiss"]')
    assert not notice.is_visible()
    app.reopen()  # the new game resumes; nothing more to report; the bad copy is still there
    assert not notice.is_visible()
    assert "Welcome back" in app.inner_text("#status")
    count = app.evaluate("Object.keys(localStorage).filter(k => k.startsWith('senet:quarantine:')).length")
    assert count == 2


def test_a_link_to_a_new_game_sets_the_game_in_progress_aside(app):
    app.open("?variant=kendall&white=human&black=human&seed=2&speed=instant")
    human_step(app)
    human_step(app)
    first = position(app)
    app.open("?variant=tait&white=human&black=novice&seed=1&speed=instant")
    assert app.get_attribute("#board", "data-variant") == "tait"
    notice = app.locator("#notice")
    assert "set aside" in notice.inner_text()
    assert app.evaluate("localStorage.getItem('senet:save:previous')") is not None
    notice.get_by_role("button", name="Resume that game").click()
    app.wait_for_function("document.getElementById('board').dataset.variant === 'kendall'")
    assert position(app) == first
    assert not notice.is_visible()


def test_links_in_a_row_keep_every_game_in_progress(app):
    """Each link sets the game in progress aside; the one set aside before is not
    overwritten but listed as an earlier game, and comes back from the list."""
    app.open("?variant=kendall&white=human&black=human&seed=2&speed=instant")
    test_start = app.evaluate("Date.now()")
    human_step(app)
    human_step(app)
    first = position(app)
    app.open("?variant=tait&white=human&black=human&seed=1&speed=instant")
    human_step(app)
    human_step(app)
    app.open("?variant=bell&white=human&black=human&seed=1&speed=instant")
    earlier = app.evaluate("Object.keys(localStorage).filter(k => k.startsWith('senet:save:earlier:'))")
    assert len(earlier) == 1
    before_listing = app.evaluate("Date.now()")
    app.locator(".toolbar [data-action='new-game']").click()
    rows = app.locator("#new-game #kept-list li")
    assert rows.count() == 2
    after_listing = app.evaluate("Date.now()")
    texts = rows.all_inner_texts()
    assert texts[0].startswith("Tait, Player 1 v Player 2") and texts[1].startswith("Kendall, Player 1 v Player 2")
    # Both were saved during this test, and their age is told in words: "just now" (under a
    # minute) on any reasonable machine, but the test does not count on the machine's speed.
    keys = rows.evaluate_all("els => els.map(e => e.dataset.key)")
    for text, key in zip(texts, keys):
        saved_at = json.loads(app.evaluate("k => localStorage.getItem(k)", key))["saved_at"]
        assert test_start <= saved_at <= before_listing
        ages = {ago_text(saved_at, now) for now in (before_listing, after_listing)}
        assert any(f"(replaced by a new game, saved {ago})" in text for ago in ages), (text, ages)
    rows.nth(1).get_by_role("button", name="Resume Kendall").click()
    app.wait_for_function("document.getElementById('board').dataset.variant === 'kendall'")
    assert position(app) == first
    # the Bell game that was on the board is now the previous game; the Tait game earlier
    app.locator(".toolbar [data-action='new-game']").click()
    assert [t.split(",")[0] for t in rows.all_inner_texts()] == ["Bell", "Tait"]
    app.locator("#new-game").get_by_role("button", name="Cancel").click()


def test_two_tabs_never_lose_either_game(app, shared, server):
    """Two tabs, two games, one senet:save: the tab that saves over the other's game keeps
    that game aside and offers it back; the other tab is told and keeps its own game."""
    app.open("?variant=kendall&white=human&black=human&seed=2&speed=instant")
    human_step(app)
    human_step(app)
    context, _ = shared
    other = context.new_page()  # not an `app` page: it must not clear the shared storage
    try:
        other.goto(server.url + "?variant=tait&white=human&black=human&seed=1&speed=instant")
        wait_app_ready(other)
        human_step(other)
        human_step(other)
        game_b = position(other)
        notice = app.locator("#notice")
        notice.wait_for(state="visible")  # the storage event: the first tab is told
        assert "open in another tab" in notice.inner_text()
        assert app.get_attribute("#board", "data-variant") == "kendall"  # and keeps its game
        app.click('[data-action="notice-dismiss"]')

        human_step(app)  # the first tab saves over the second tab's game: it is kept first
        game_a = position(app)
        assert "Another tab had saved a different game" in notice.inner_text()
        kept = app.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('senet:save:other:'))
                               .map(k => JSON.parse(localStorage.getItem(k)))""")
        assert len(kept) == 1
        assert senet.Game.from_record(kept[0]["session"]["record"]).state == senet.parse_position(game_b)
        assert kept[0]["game_id"] != saved(app)["game_id"]

        notice.get_by_role("button", name="Resume that game").click()  # the second tab's game
        app.wait_for_function("document.getElementById('board').dataset.variant === 'tait'")
        assert position(app) == game_b
        assert "The game from the other tab is back" in notice.inner_text()
        notice.get_by_role("button", name="Resume that game").click()  # and back again
        app.wait_for_function("document.getElementById('board').dataset.variant === 'kendall'")
        assert position(app) == game_a
        assert human_step(app) is not None  # still playable
    finally:
        other.close()


def test_two_copies_of_the_app_on_one_site_keep_their_games_apart(shared, serve_dist):
    """Two forks on one USER.github.io share localStorage: each keeps its keys under its
    own directory, and each gets a copy of a game saved before keys had a directory."""
    from senet.session import Seat, Session

    context, log = shared
    errors_before = len(log.errors)
    srv = serve_dist("/senet/", also=("/senet-dev/",))
    old = Session("kendall", {1: Seat("human", "Ann"), 2: Seat("human", "Bob")}, seed=3)
    while old.game.actions < 5:
        old.throw() if old.state.throw is None else old.play(old.state.legal_actions()[0])
    old_text = json.dumps({"format": "senet-app-save", "version": 1, "session": json.loads(old.to_json()),
                           "expert_nodes": None, "counted": False, "game_id": "savedbeforescopes"})
    page = context.new_page()

    def open_(url):
        page.goto(url)
        wait_app_ready(page)

    def stored(key):
        text = page.evaluate("k => localStorage.getItem(k)", key)
        return None if text is None else json.loads(text)

    try:
        page.goto(srv.url + "pages/about.html")  # a page of the site without the app: its storage
        page.evaluate("v => { localStorage.clear(); localStorage.setItem('senet:save', v); }", old_text)
        open_(srv.url)
        assert position(page) == old.state.position()  # copied into /senet/ and resumed
        assert not page.locator("#notice").is_visible()
        open_(srv.url + "?variant=tait&white=human&black=human&seed=1&speed=instant")
        assert stored("/senet/senet:save")["session"]["record"].startswith("senet-record 1\nvariant tait\n")
        previous = stored("/senet/senet:save:previous")["session"]["record"]
        assert senet.Game.from_record(previous).state == old.state  # set aside, not lost

        open_(srv.origin + "/senet-dev/")  # the fork: its own copy of the old game
        assert position(page) == old.state.position()
        assert not page.locator("#notice").is_visible()  # the other copy's game is not "another tab"
        fork_record = stored("/senet-dev/senet:save")["session"]["record"]
        assert senet.Game.from_record(fork_record).state == old.state
        page.locator(".toolbar [data-action='new-game']").click()
        assert page.locator("#kept-list li").count() == 0  # nothing of /senet/'s in its list
        page.locator("#new-game").get_by_role("button", name="Cancel").click()

        assert json.loads(page.evaluate("localStorage.getItem('senet:save')")) == json.loads(old_text)  # untouched
        open_(srv.url)  # and the first copy still has its own game
        assert page.get_attribute("#board", "data-variant") == "tait"
    finally:
        page.close()
    assert log.errors[errors_before:] == []


def test_kept_games_are_listed_resumed_and_deleted_from_the_new_game_dialog(app):
    """A game kept aside is in the New game dialog's list; resuming it keeps the game that
    was on the board in the list; deleting asks first."""
    from senet.session import Seat, Session

    app.open("?variant=kendall&white=human&black=human&seed=2&speed=instant")
    human_step(app)
    human_step(app)
    on_board = position(app)
    theirs = Session("tait", {1: Seat("human", "Ann"), 2: Seat("human", "Bob")}, seed=2)
    while theirs.game.actions < 6:
        theirs.throw() if theirs.state.throw is None else theirs.play(theirs.state.legal_actions()[0])
    now = app.evaluate("Date.now()")
    kept = json.dumps({"format": "senet-app-save", "version": 1, "session": json.loads(theirs.to_json()),
                       "expert_nodes": None, "counted": False, "game_id": "keptbyanothertab",
                       "saved_at": now - 5 * 60_000})
    app.evaluate("v => localStorage.setItem('senet:save:other:' + Date.now(), v)", kept)

    app.locator(".toolbar [data-action='new-game']").click()
    dialog = app.locator("#new-game")
    rows = dialog.locator("#kept-list li")
    assert rows.count() == 1 and not app.locator("#kept-empty").is_visible()
    assert rows.first.inner_text().startswith(
        "Tait, Ann v Bob, 6 turns (from another tab, saved 5 minutes ago)")
    assert axe_violations(app) == []
    resume = rows.first.get_by_role("button", name="Resume Tait, Ann v Bob, 6 turns")
    resume.focus()
    app.keyboard.press("Enter")  # reachable and usable from the keyboard
    app.wait_for_function("document.getElementById('board').dataset.variant === 'tait'")
    assert position(app) == theirs.state.position() and not dialog.is_visible()
    assert "New game\u2026 lists it under Kept games" in app.inner_text("#status")
    assert saved(app)["session"]["record"].startswith("senet-record 1\nvariant tait\nseed 2\n")

    # The Kendall game that was on the board is now the kept one, unchanged.
    keys = app.evaluate("Object.keys(localStorage).filter(k => k.startsWith('senet:save:other:'))")
    assert len(keys) == 1
    board_game = json.loads(app.evaluate("k => localStorage.getItem(k)", keys[0]))
    assert senet.Game.from_record(board_game["session"]["record"]).state == senet.parse_position(on_board)
    app.locator(".toolbar [data-action='new-game']").click()
    assert rows.count() == 1
    assert re.match(r"Kendall, Player 1 v Player 2, \d+ turns? \(from another tab, saved just now\)",
                    rows.first.inner_text())

    # Delete asks first; "No, keep it" keeps it; "Yes, delete it" deletes it.
    rows.first.get_by_role("button", name="Delete Kendall").click()
    assert rows.first.get_by_text("Delete this game for good?").is_visible()
    rows.first.get_by_role("button", name="No, keep it").click()
    assert app.evaluate("k => localStorage.getItem(k) !== null", keys[0])
    rows.first.get_by_role("button", name="Delete Kendall").click()
    rows.first.get_by_role("button", name="Yes, delete it").click()
    assert rows.count() == 0 and app.locator("#kept-empty").is_visible()
    assert app.inner_text("#kept-message") == "Deleted."
    assert app.evaluate("k => localStorage.getItem(k)", keys[0]) is None
    dialog.get_by_role("button", name="Cancel").click()
    assert position(app) == theirs.state.position()


# ---------------------------------------------------------------- undo and redo


def test_undo_and_redo_against_a_computer(app):
    app.open("?variant=tait&white=human&black=novice&seed=5&speed=instant")
    undo, redo = app.locator('[data-action="undo"]'), app.locator('[data-action="redo"]')
    assert undo.is_disabled() and redo.is_disabled()
    assert "the throws stay the same" in undo.get_attribute("title")
    decision = count = None
    for _ in range(60):  # until the computer has replied to a human move
        app.wait_for_function(HUMAN_TURN)
        if app.locator('[data-movable="true"]').count():
            decision, count = position(app), len(saved_entries(app))
        human_step(app)
        app.wait_for_function(HUMAN_TURN)
        if count is None:
            continue
        entries = saved_entries(app)
        if any(e.startswith("b ") for e in entries[count:]) and app.locator('[data-action="throw"]').is_enabled():
            break
    after = position(app)
    assert undo.is_enabled()
    undo.click()
    app.wait_for_function("p => document.getElementById('board').dataset.position === p", arg=decision)
    assert "the throws stay the same" in app.inner_text("#status")
    assert app.locator('[data-movable="true"]').count() > 0 and redo.is_enabled()
    assert saved(app)["session"]["redo"]  # the redo stack is saved too
    redo.click()
    app.wait_for_function("p => document.getElementById('board').dataset.position === p", arg=after)
    assert redo.is_disabled()
    # Undo, reload, redo: the undone moves survive a reload.
    undo.click()
    app.wait_for_function("p => document.getElementById('board').dataset.position === p", arg=decision)
    app.reopen()
    assert position(app) == decision and redo.is_enabled()
    redo.click()
    app.wait_for_function("p => document.getElementById('board').dataset.position === p", arg=after)


# ---------------------------------------------------------------- game records


def test_export_then_import_replays_to_the_same_position(app):
    app.open("?variant=thibault&white=novice&black=average&seed=4&speed=instant")
    app.wait_for_selector("#board[data-winner]")
    end = position(app)
    app.locator(".toolbar [data-action='record']").click()
    dialog = app.locator("#record-dialog")
    text = app.locator("#record-text").input_value()
    assert text.startswith("senet-record 1\nvariant thibault\nseed 4\n")
    full = senet.Game.from_record(text)
    assert full.state.position() == end
    with app.expect_download() as info:
        dialog.get_by_role("button", name="Download").click()
    assert Path(info.value.path()).read_text(encoding="utf-8") == text
    dialog.get_by_role("button", name="Close").click()

    # Another game, then the record pasted back in.
    app.open("?variant=kendall&white=human&black=human&seed=1&speed=instant")
    app.locator(".toolbar [data-action='record']").click()
    app.fill("#record-text", text)
    dialog.get_by_role("button", name="Replay").click()
    replay = app.locator("#replay")
    assert replay.is_visible() and not dialog.is_visible()
    assert position(app) == end
    last = len(full.entries)
    # the replay counts turns as players do (app/game/counting.py): one side's throws until
    # the other's begin, so a turn may hold several lines (an extra throw after 1, 4 or 5)
    turns = turns_played(full)
    assert turns < last  # this game has extra throws: lines are not turns
    assert app.inner_text("#replay-step") == replay_label(full, last) == f"Turn {turns} of {turns}"
    replay.get_by_role("button", name="Step back").click()
    assert position(app) == full.states[last - 1].position()
    replay.get_by_role("button", name="Step forward").click()
    assert position(app) == end
    replay.get_by_role("button", name="First step").click()
    assert position(app) == full.states[0].position()
    for _ in range(10):
        replay.get_by_role("button", name="Step forward").click()
    assert position(app) == full.states[10].position()
    assert f"Replay: {replay_label(full, 10)}." in app.inner_text("#status")
    assert not app.locator(".controls").is_visible()  # no throwing in a replay
    # Back to the game in progress, untouched.
    replay.get_by_role("button", name="Back to the game").click()
    assert position(app) == senet.start("kendall").position() and not replay.is_visible()

    # Play from here: the replayed position becomes the saved game in progress.
    app.locator(".toolbar [data-action='record']").click()
    app.fill("#record-text", text)
    dialog.get_by_role("button", name="Replay").click()
    replay.get_by_role("button", name="First step").click()
    for _ in range(6):
        replay.get_by_role("button", name="Step forward").click()
    replay.get_by_role("button", name="Play from here").click()
    app.get_by_role("dialog", name="Play from here?").get_by_role("button", name="Play from here").click()
    app.wait_for_selector("#replay", state="hidden")
    assert position(app) == full.states[6].position()
    app.reopen()
    assert position(app) == full.states[6].position()
    assert app.get_attribute("#board", "data-variant") == "thibault"


def test_a_malformed_record_is_rejected_naming_its_line(app):
    app.open("?variant=kendall&white=human&black=human&seed=1&speed=instant")
    before = position(app)
    app.locator(".toolbar [data-action='record']").click()
    dialog = app.locator("#record-dialog")
    bad = "senet-record 1\nvariant kendall\nseed 7\nb 4 14-18\nb 2 18-20\nw 3 99-16\n"
    app.fill("#record-text", bad)
    dialog.get_by_role("button", name="Replay").click()
    error = app.locator("#record-error")
    assert "line 6" in error.inner_text()
    assert dialog.is_visible() and not app.locator("#replay").is_visible()
    # The same from a file; then a good file replays.
    app.set_input_files("#record-file", files=[
        {"name": "bad.txt", "mimeType": "text/plain", "buffer": b"senet-record 1\nvariant chess\n"}])
    app.wait_for_function("document.getElementById('record-error').textContent.includes('line 2')")
    good = "senet-record 1\nvariant kendall\nseed 7\nb 4 14-18\n"
    app.set_input_files("#record-file", files=[
        {"name": "good.txt", "mimeType": "text/plain", "buffer": good.encode()}])
    app.wait_for_selector("#replay:not([hidden])")
    assert position(app) == senet.Game.from_record(good).state.position()
    app.locator("#replay").get_by_role("button", name="Back to the game").click()
    assert position(app) == before


def test_hostile_input_never_breaks_the_page_or_loses_a_game(app):
    """Issue 18: a corrupt save that used to load (a redo history that does not fit its
    game), statistics nested 100,000 deep, a ?position= link with a pending throw and
    hostile records to import: each is refused where it enters, with a reason on one
    line, the page keeps working and no game is lost."""
    from senet.session import Seat, Session

    # A save whose redo history does not fit the game: refused at load, kept aside as it was.
    session = Session("kendall", {1: Seat("human"), 2: Seat("human")}, seed=3)
    while session.game.actions < 4:
        session.throw() if session.state.throw is None else session.play(session.state.legal_actions()[0])
    data = json.loads(session.to_json())
    data["redo"] = [["b 4 14-18", "b 4 14-18"]]
    bad = json.dumps({"format": "senet-app-save", "version": 1, "session": data,
                      "expert_nodes": None, "counted": False})
    deep = "[" * 100_000 + "]" * 100_000
    app.open()
    app.evaluate("""([bad, deep]) => { localStorage.setItem('senet:save', bad);
                                       localStorage.setItem('senet:stats', deep); }""", [bad, deep])
    app.reopen()
    notice = app.locator("#notice")
    assert "The saved game could not be read" in notice.inner_text()
    # the reason in the player's words (app/storage/store.py reason_of): the engine's English
    # ("does not fit the game") is never shown; a redo history has no message of its own
    from senet.words import t
    assert f"({t('storage.bad.damaged')})" in notice.inner_text()
    assert "does not fit" not in notice.inner_text()
    kept = app.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('senet:quarantine:'))
                           .map(k => JSON.parse(localStorage.getItem(k)))""")
    assert next(k for k in kept if k["from"] == "senet:save")["value"] == bad
    assert human_step(app) == "throw"  # a fresh game plays
    app.click('[data-action="notice-dismiss"]')
    app.locator(".toolbar [data-action='stats']").click()  # the deep statistics: set aside, told in the dialog
    said = app.locator("#stats-dialog .dialog-notice")
    said.wait_for(state="visible")
    assert "statistics" in said.inner_text().lower()
    app.locator("#stats-dialog").get_by_role("button", name="Close").click()
    assert not notice.is_visible()

    # A game in progress between two people, then a link whose position has a pending throw.
    app.open("?variant=kendall&white=human&black=human&seed=5&speed=instant")
    for _ in range(3):
        human_step(app)
    mine = position(app)
    pending = "kendall%20wbwbwbwbwbwbwb................%20b%204%20w=0/0,b=0/0%20-"
    app.open(f"?position={pending}&white=human&black=human&white_name=A%0AB%E2%80%AE&speed=instant")
    assert state_of(app) == senet.start("kendall")  # the position is refused, the link's game starts
    assert "set aside" in notice.inner_text()
    assert "1 more notice" in notice.inner_text()  # the link's refused position, which waits its turn
    assert human_step(app) == "throw"
    notice.get_by_role("button", name="Resume that game").click()
    app.wait_for_function("p => document.getElementById('board').dataset.position === p", arg=mine)
    assert "pending throw" in notice.inner_text()
    app.click('[data-action="notice-dismiss"]')

    # Hostile records to import: refused naming the line, on one line; the game untouched.
    save = app.evaluate("localStorage.getItem('senet:save')")
    dialog = app.locator("#record-dialog")
    error = app.locator("#record-error")
    hostile = [
        ("\ufeffsenet-record 1\r\nvariant kendall\r\nseed 1_000\r\nb 4 14-18\r\n", "line 3: the seed"),
        ("senet-record 1\nvariant kendall\nseed 1\nb \u0663 14-18\n", "line 4: the throw must"),
        ("senet-record 1\nvariant kendall\nseed 1\nstart kendall wbwbwbwbwbwbwb................ b 4 "
         "w=0/0,b=0/0 -\nb - 14-18\n", "line 4: the start position may not"),
        ("senet-record 1\nvariant kendall\nseed 1\nplayer 1 human Ann\u202e\nb 4 14-18\n", "line 4: the player's name"),
        ("senet-record 1\nvariant kendall\nseed 1\nb 4 14-18\x0bb 2 18-20\u2028\n", "line 4: "),
    ]
    for text, line in hostile:
        app.locator(".toolbar [data-action='record']").click()
        app.fill("#record-text", text)
        app.evaluate("document.getElementById('record-error').textContent = ''")
        dialog.get_by_role("button", name="Replay").click()
        app.wait_for_function("t => document.getElementById('record-error').textContent.includes(t)",
                              arg=line)
        message = error.text_content()
        assert "\n" not in message and "\u202e" not in message and "\x0b" not in message, message
        assert dialog.is_visible() and not app.locator("#replay").is_visible()
        dialog.get_by_role("button", name="Close").click()
        assert position(app) == mine
    # A record with a byte-order mark and CRLF line ends, as editors write them, replays.
    good = "\ufeffsenet-record 1\r\nvariant kendall\r\nseed 7\r\nb 4 14-18\r\n"
    app.locator(".toolbar [data-action='record']").click()
    app.fill("#record-text", good)
    dialog.get_by_role("button", name="Replay").click()
    app.wait_for_selector("#replay:not([hidden])")
    assert position(app) == senet.Game.from_record(good).state.position()
    app.locator("#replay").get_by_role("button", name="Back to the game").click()
    assert position(app) == mine
    assert app.evaluate("localStorage.getItem('senet:save')") == save  # nothing written over
    app.reopen()
    assert position(app) == mine


# ---------------------------------------------------------------- hints, settings


def test_hints_and_the_win_meter_are_remembered_settings(app):
    app.open("?variant=kendall&white=average&black=human&seed=7&speed=instant")
    assert not app.locator("#advice").is_visible()  # off by default
    app.locator(".toolbar [data-action='settings']").click()
    settings = app.locator("#settings-dialog")
    settings.get_by_label("Hints").check()
    settings.get_by_label("Win meter").check()
    settings.get_by_role("button", name="Done").click()
    for _ in range(40):  # until a throw gives the human a real choice
        app.wait_for_function(HUMAN_TURN)
        state = state_of(app)
        if state.throw is not None and len(state.legal_actions()) > 1:
            break
        human_step(app)
    app.wait_for_selector('[data-suggested="true"]', timeout=180_000)
    hint = app.inner_text("#hint-text")
    assert hint.startswith("Hint: move the piece")
    assert re.fullmatch(r"\d{1,3}%", app.inner_text("#meter-value"))
    assert "Your chance to win" in app.inner_text("#meter-label")
    old = position(app)
    app.click('[data-suggested="true"]')
    wait_position_change(app, old)
    app.reopen()
    stored = json.loads(app.evaluate("localStorage.getItem('senet:settings')"))
    assert stored["hints"] is True and stored["meter"] is True and stored["speed"] == "instant"
    app.locator(".toolbar [data-action='settings']").click()
    assert settings.get_by_label("Hints").is_checked() and settings.get_by_label("Win meter").is_checked()
    settings.get_by_label("Highlight").uncheck()
    assert app.evaluate("document.documentElement.classList.contains('no-highlight')")
    settings.get_by_role("button", name="Done").click()


@pytest.mark.parametrize("variant", ["havens", "bell"])
def test_expert_plays_with_its_learned_network_in_the_worker(app, variant):
    """In Havens and Bell Expert searches with a trained network (senet/ai/tables/networks.bin):
    it must load and run in the worker's Pyodide, for moves and for the win meter."""
    app.open(f"?variant={variant}&white=human&black=expert&seed=4&speed=instant")
    app.locator(".toolbar [data-action='settings']").click()
    app.locator("#settings-dialog").get_by_label("Win meter").check()
    app.locator("#settings-dialog").get_by_role("button", name="Done").click()
    expert_thinks = """performance.getEntriesByName('senet:think')
        .filter(m => m.detail && m.detail.level === 'expert').length"""
    for _ in range(200):
        if app.evaluate(expert_thinks) >= 3 or human_step(app) is None:
            break
    assert app.evaluate(expert_thinks) >= 3
    app.wait_for_selector("#meter-box:not([hidden])", timeout=180_000)
    assert re.fullmatch(r"\d{1,3}%", app.inner_text("#meter-value"))
    notice = app.locator("#notice")
    assert not notice.is_visible() or "instead" not in notice.inner_text()
    # (the fixture fails the test on any console error, such as a worker that failed)


# ---------------------------------------------------------------- safe failure, statistics


def test_a_failing_worker_leaves_a_playable_game_that_ends(app, record_timing):
    app.allowed_errors = r"senet: The Expert player failed"
    app.open("?variant=thibault&white=human&black=expert&seed=2&speed=instant&fail_worker=1")
    assert "fail_worker=1" in app.url  # a test hook, not a game parameter: it stays
    start = app.evaluate("performance.now()")
    steps = 0
    while human_step(app) is not None:
        steps += 1
        assert steps < 1500
    record_timing(f"human against a failing worker, {steps} clicks to the end",
                  app.evaluate("performance.now()") - start)
    notice = app.locator("#notice")
    assert notice.is_visible()
    assert "Average chose this move in its place" in notice.inner_text()
    assert "Until you choose Try again or reload the page" in notice.inner_text()
    assert notice.get_by_role("button", name="Try again").is_visible()
    assert app.get_attribute("#board", "data-winner") in ("w", "b")
    # The finished game against the computer counts in the statistics: as a game against
    # Average, which played the Expert's seat (docs/saving.md, "Safe failure").
    app.locator(".toolbar [data-action='stats']").click()
    rows = app.locator("#stats-table tbody tr").all_inner_texts()
    assert len(rows) == 1 and rows[0].split("\t")[:2] == ["Thibault", "Average"]
    assert sorted(rows[0].split("\t")[2:]) == ["0", "0", "1"]
    app.locator("#stats-dialog").get_by_role("button", name="Close").click()


def test_statistics_list_results_per_rule_set_and_level(app):
    app.open()
    stats = {"format": "senet-stats", "version": 1, "results": {
        "tait/novice": {"won": 3, "lost": 1, "drawn": 0}, "kendall/expert": {"won": 0, "lost": 2, "drawn": 1}}}
    app.evaluate("s => localStorage.setItem('senet:stats', s)", json.dumps(stats))
    app.locator(".toolbar [data-action='stats']").click()
    rows = [r.split("\t") for r in app.locator("#stats-table tbody tr").all_inner_texts()]
    assert rows == [["Kendall", "Expert", "0", "2", "1"], ["Tait", "Novice", "3", "1", "0"]]
    assert "not counted" in app.inner_text("#stats-dialog")


# ---------------------------------------------------------------- CSP


def test_every_page_declares_its_content_security_policy(dist_dir):
    index = (dist_dir / "index.html").read_text()
    assert '<meta http-equiv="Content-Security-Policy"' in index
    assert "worker-src 'self' blob:" in index and "connect-src 'self'" in index
    for page in sorted((dist_dir / "pages").glob("*.html")):
        assert f'<meta http-equiv="Content-Security-Policy" content="{CSP_PAGE}">' in page.read_text(), page.name


def test_the_rules_pages_load_under_their_policy(app, server):
    app.goto(server.url + "pages/rules.html")
    assert app.locator("h1").inner_text() == "Rules of play"
    # both stylesheets load (the shared header's and the pages'), none blocked by the policy
    assert app.evaluate("[...document.styleSheets].map((s) => s.cssRules.length > 5)") == [True, True]
    app.goto(server.url + "index.html")  # the fixture checks for CSP violations on the app page
    wait_app_ready(app)


# ---------------------------------------------------------------- accessibility


def test_axe_on_the_notice_dialogs_and_replay(app):
    app.open("?variant=tait&white=human&black=novice&seed=2&speed=instant")
    app.evaluate("localStorage.setItem('senet:stats', 'not statistics')")
    app.locator(".toolbar [data-action='stats']").click()  # the bad statistics: said in the dialog
    app.locator("#stats-dialog .dialog-notice").wait_for(state="visible")
    assert axe_violations(app) == []
    app.locator("#stats-dialog").get_by_role("button", name="Close").click()
    app.locator(".toolbar [data-action='settings']").click()
    assert axe_violations(app) == []
    app.locator("#settings-dialog").get_by_label("Hints").check()
    app.locator("#settings-dialog").get_by_label("Win meter").check()
    app.locator("#settings-dialog").get_by_role("button", name="Done").click()
    human_step(app)  # a throw: the meter shows
    app.wait_for_selector("#meter-box:not([hidden])", timeout=180_000)
    assert axe_violations(app) == []
    app.locator(".toolbar [data-action='record']").click()
    app.fill("#record-text", "senet-record 1\nvariant tait\nseed 2\nbogus\n")
    app.locator("#record-dialog").get_by_role("button", name="Replay").click()
    assert "line 4" in app.inner_text("#record-error")
    assert axe_violations(app) == []
    app.fill("#record-text", "senet-record 1\nvariant tait\nseed 2\n")
    app.locator("#record-dialog").get_by_role("button", name="Replay").click()
    assert app.locator("#replay").is_visible()
    assert axe_violations(app) == []


# Written by the app as it was before the page moved to MicroPython (commit de61261: the
# Pyodide page, CPython's random.Random throws): Average (white) against a human.
PYODIDE_PAGE_SAVE = (
    '{"format": "senet-app-save", "version": 1, "session": {"format": "senet-save", "version": 1, '
    '"record": "senet-record 1\\nvariant kendall\\nseed 1234567\\nb 4 14-18\\nb 2 18-20\\nw 2 13-15\\n'
    'b 1 20-21\\nb 2 21-23\\nw 2 15-17\\nb 2 23-25\\nw 1 17-18\\nw 4 18-22\\nw 2 22-24\\n", '
    '"seats": {"1": {"kind": "average", "name": ""}, "2": {"kind": "human", "name": ""}}, "redo": []}, '
    '"expert_nodes": null, "counted": false, "game_id": "oldsave0001", "saved_at": 1763800000000}')


def test_a_game_saved_by_the_pyodide_page_resumes_with_the_same_throws(shared, server):
    """A game saved by the previous version of the page resumes on the MicroPython page,
    and its next throw is the one the old version would have made (the legacy generator,
    reproduced in pure Python: docs/record.md)."""
    context, log = shared
    errors_before = len(log.errors)
    page = context.new_page()
    try:
        page.goto(server.url + "pages/about.html")  # the site's origin, without the app
        page.evaluate("v => { localStorage.clear(); localStorage.setItem('senet:save', v); }",
                      PYODIDE_PAGE_SAVE)
        page.goto(server.url)
        wait_app_ready(page)
        assert position(page) == "kendall wbwbwbwbwbwb...........wb..... b - w=0/0,b=0/0 -"
        page.click('[data-action="throw"]')
        # The old version's next throw, with the same sticks (seed 1234567, throw 11).
        page.wait_for_function("() => document.getElementById('board').dataset.position.includes(' b 2 ')")
        assert position(page) == "kendall wbwbwbwbwbwb...........wb..... b 2 w=0/0,b=0/0 -"
        sticks = page.locator("#sticks .stick").evaluate_all("els => els.map(e => e.getAttribute('href'))")
        assert [h.endswith("#stick-light") for h in sticks] == [True, False, False, True]
        assert not page.locator("#notice").is_visible()
    finally:
        page.close()
    assert log.errors[errors_before:] == []
