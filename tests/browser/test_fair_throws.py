"""Throws anyone can verify, in Chromium (docs/fair-throws.md): the commitment shown before
the first throw is the SHA-256 of the seed revealed at the end; no record shown before
the end holds the seed; the phrase changes the throws; the New game dialog's phrase (in
the first throw when the computer throws first, refused when the rules refuse it);
Verify in the game's information and in the record dialog; the throw statistics' chart.

Games start from a position near the end (two pieces each) so that they end in a few
dozen clicks; a link without `seed=` starts a committed game with a random seed (in the
tests, from conftest's seeded `crypto.getRandomValues`: the same game every run). What
the tests assert before the end holds for every game from that position: none ends in
fewer than 8 clicks (throws, moves and passes), so none within the 5 steps they take.
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from conftest import DEFAULT_TIMEOUT_MS, HUMAN_TURN
from helpers import human_step

import senet
from senet import throw_stats
from senet.throws import COMMIT, ThrowGenerator

# Two pieces each, near the end of the track: a game of a few dozen throws.
ENDGAME = "kendall ....................bbww...... b - w=0/5,b=0/5 -"
TWO_PEOPLE = "?white=human&black=human&speed=instant&position=" + ENDGAME.replace(" ", "+")


@pytest.fixture(scope="module")
def shared_context_args():
    """The module's pages (conftest's `shared` and `app`) are 900 pixels high."""
    return {"viewport": {"width": 1280, "height": 900}}


def saved_record(page) -> str:
    return json.loads(page.evaluate("localStorage.getItem('senet:save')"))["session"]["record"]


def record_dialog_text(page) -> str:
    page.click('[data-action="record"]')
    page.wait_for_selector("#record-dialog[open]")  # a part: a click before it is loaded is answered then
    text = page.input_value("#record-text")
    page.click('#record-dialog button[value="close"]')
    return text


def open_info(page) -> None:
    if page.get_attribute("#fair", "open") is None:
        page.click("#fair summary")


def step(page) -> bool:
    """One human thing (throw, move or OK a lost throw), until the save has changed;
    False once the game is over."""
    return human_step(page, watch="save") != ""


def play_to_end(page) -> None:
    for _ in range(400):
        if not step(page):
            return
    raise AssertionError("the game did not end")


def fewest_clicks_to_the_end(position: str) -> int:
    """The fewest clicks (a throw, a move or the OK of a lost throw) that end a game from
    ``position``, over every throw and every choice."""
    import heapq

    start = senet.parse_position(position)
    best, queue, states = {position: 0}, [(0, position)], {position: start}
    while queue:
        clicks, key = heapq.heappop(queue)
        if clicks > best[key]:
            continue
        for action in states[key].legal_actions():
            after = states[key].apply(action)
            cost = clicks + (action != senet.THROW)  # THROW then its value: one click
            if after.is_terminal:
                return cost
            if cost < best.get(after.position(), cost + 1):
                best[after.position()] = cost
                states[after.position()] = after
                heapq.heappush(queue, (cost, after.position()))
    raise AssertionError("no game ends")


def test_no_game_from_the_endgame_ends_within_the_steps_the_tests_take():
    # the tests below take up to 5 steps and then expect the game to go on, whatever the throws
    assert fewest_clicks_to_the_end(ENDGAME) == 8


def test_commitment_before_the_first_throw_is_the_sha256_of_the_seed_revealed_at_the_end(app):
    app.open(TWO_PEOPLE)
    open_info(app)
    commit = app.inner_text("#fair-commit")
    assert re.fullmatch(r"[0-9a-f]{64}", commit)
    # the summary in a player's words; the commitment is inside the box, one click away
    assert app.inner_text("#fair-summary") == "sealed before the first throw"
    assert app.inner_text("#fair-seed") == "revealed when the game ends"
    assert app.locator("#fair-phrase").is_visible()  # the phrase may still change
    assert app.get_attribute("#board", "data-position").split(" ")[3] == "-"  # no throw yet
    play_to_end(app)
    seed = app.inner_text("#fair-seed")
    assert re.fullmatch(r"\d+", seed) and hashlib.sha256(seed.encode()).hexdigest() == commit
    assert "seed revealed" in app.inner_text("#fair-summary")
    exported = record_dialog_text(app)
    assert f"\ncommit {commit}\n" in exported and f"\nseed {seed}\n" in exported
    assert senet.Game.from_record(exported).over


def test_the_exported_record_before_the_end_has_no_seed(app):
    app.open(TWO_PEOPLE)
    for _ in range(5):
        step(app)
    assert not app.get_attribute("#board", "data-winner")
    exported = record_dialog_text(app)
    assert "\ncommit " in exported and "seed" not in exported
    seed = senet.Game.from_record(saved_record(app)).seed  # the save on this device keeps it
    assert seed is not None and str(seed) not in exported
    # nowhere on the page, shown or not (the game's information, the messages, the log)
    assert str(seed) not in app.text_content("body") and str(seed) not in app.content()
    open_info(app)
    assert app.inner_text("#fair-seed") == "revealed when the game ends"


def test_the_phrase_changes_the_throws(app):
    app.open(TWO_PEOPLE)
    open_info(app)
    offered = app.input_value("#fair-phrase")
    assert len(offered.split(" ")) == 3  # a random phrase, accepted unless changed
    seed = senet.Game.from_record(saved_record(app)).seed
    # a phrase whose first throws differ from the offered one's
    mine = next(p for p in (f"my phrase {i}" for i in range(50))
                if [ThrowGenerator(seed, 0, COMMIT, p).throw(5) for _ in range(3)]
                != [ThrowGenerator(seed, 0, COMMIT, offered).throw(5) for _ in range(3)])
    app.fill("#fair-phrase", mine)
    app.press("#fair-phrase", "Enter")
    app.wait_for_function("p => document.getElementById('status').textContent.includes(p)", arg=mine)
    assert f"\nphrase {mine}\n" in saved_record(app)
    throws = []
    while len(throws) < 3:
        before = [ln for ln in saved_record(app).splitlines() if ln[:2] in ("w ", "b ")]
        step(app)
        after = [ln for ln in saved_record(app).splitlines() if ln[:2] in ("w ", "b ")]
        if len(after) > len(before):
            throws.append(int(after[-1].split(" ")[1]))
    expected = ThrowGenerator(seed, 0, COMMIT, mine)
    assert throws == [expected.throw(5) for _ in range(3)]
    assert not app.locator("#fair-phrase").is_visible()  # fixed after the first throw
    assert app.inner_text("#fair-phrase-text") == f"\u201c{mine}\u201d"


def test_a_link_with_a_seed_and_a_phrase_gives_those_throws(app):
    seed = 12345
    app.open(TWO_PEOPLE + f"&seed={seed}&phrase=Ra+and+Nut")
    step(app)
    first = int([ln for ln in saved_record(app).splitlines() if ln[:2] in ("w ", "b ")][0].split(" ")[1])
    assert first == ThrowGenerator(seed, 0, COMMIT, "Ra and Nut").throw(5)
    assert "phrase=" not in app.url  # used up, like the other game parameters


def tampered_record() -> tuple[str, str, int]:
    """A finished committed record with one throw changed where the move stays legal,
    and that line's number."""
    import random

    game = senet.Game("kendall", seed=99, throws=COMMIT, phrase="scarab")
    rng = random.Random(4)
    while not game.over:
        if game.state.throw is None:
            game.throw()
        else:
            game.play(rng.choice(game.state.legal_actions()))
    text = game.record_text()
    lines = text.split("\n")
    for n, line in enumerate(lines, 1):
        parts = line.split(" ")
        if parts[0] not in ("w", "b") or len(parts) != 3 or parts[1] == "-":
            continue
        for other in "12345":
            if other == parts[1]:
                continue
            candidate = "\n".join(lines[:n - 1] + [f"{parts[0]} {other} {parts[2]}"] + lines[n:])
            try:
                senet.Game.from_record(candidate)
            except senet.SenetError:
                continue
            return text, candidate, n
    raise AssertionError("no throw could be changed")


def test_verify_in_the_app_says_verified_and_names_the_tampered_line(app):
    app.open(TWO_PEOPLE)
    play_to_end(app)
    open_info(app)
    app.click('[data-action="verify"]')
    app.wait_for_function("document.getElementById('fair-message').textContent !== ''")
    assert app.inner_text("#fair-message").startswith("Verified: ")
    good, bad, n = tampered_record()
    # the record dialog checks the text in its box, with that text's line numbers
    app.click('[data-action="record"]')
    app.fill("#record-text", good)
    app.click('[data-record="verify"]')
    assert app.inner_text("#record-error").startswith("Verified: ")
    app.fill("#record-text", bad)
    app.click('[data-record="verify"]')
    assert app.inner_text("#record-error").startswith(f"Not verified: line {n}: the record has a ")
    # imported and replayed: the game's information checks the imported text
    app.click('[data-record="replay"]')
    app.wait_for_function("document.documentElement.classList.contains('replaying')")
    app.click('[data-action="verify"]')
    app.wait_for_function("document.getElementById('fair-message').textContent.startsWith('Not verified')")
    assert app.inner_text("#fair-message").startswith(f"Not verified: line {n}: ")


def test_an_imported_sealed_record_replays_but_cannot_go_on(app):
    app.open(TWO_PEOPLE)
    for _ in range(4):
        step(app)
    sealed = record_dialog_text(app)
    app.open("?white=human&black=human&speed=instant&seed=3")
    app.click('[data-action="record"]')
    app.fill("#record-text", sealed)
    app.click('[data-record="replay"]')
    app.wait_for_function("document.documentElement.classList.contains('replaying')")
    app.click('[data-action="replay-start"]')
    app.click('[data-action="replay-play"]')
    assert "cannot go on here" in app.inner_text("#status")
    assert app.evaluate("document.documentElement.classList.contains('replaying')")
    open_info(app)
    assert "does not reveal its seed" in app.inner_text("#fair-note")
    app.click('[data-action="verify"]')
    app.wait_for_function("document.getElementById('fair-message').textContent !== ''")
    assert app.inner_text("#fair-message").startswith("Cannot verify yet: ")


def test_the_stats_chart_shows_the_games_counts(app):
    # A seeded game, the same every run: the chi-square test needs MIN_THROWS throws, and
    # this game has fewer, so the page says so.
    app.open(TWO_PEOPLE + "&seed=12")
    play_to_end(app)
    game = senet.Game.from_record(saved_record(app))
    throws = [e.throw for e in game.entries if e.throw is not None]
    app.click('[data-action="stats"]')
    for label, value in (("1", 1), ("2", 2), ("3", 3), ("4", 4), ("none (5)", 5)):
        bar = app.locator(f'#throws-game rect[data-category="{label}"]')
        assert bar.get_attribute("data-count") == str(throws.count(value))
    words = app.inner_text("#throws-game .verdict")
    assert len(throws) < throw_stats.MIN_THROWS
    # too few throws to judge: said so, with no figure of a test that means nothing yet
    assert words == (f"{len(throws)} throws so far: too few to tell whether the sticks are fair. "
                     f"That takes at least {throw_stats.MIN_THROWS}.")
    assert "chi-square" not in words and "p =" not in words
    # every finished game on this device: this one was counted when it ended
    total = sum(int(app.locator("#throws-all rect").nth(i).get_attribute("data-count")) for i in range(5))
    assert total == len(throws) and "(1 game counted)" in app.inner_text("#throws-all .verdict")
    stored = json.loads(app.evaluate("localStorage.getItem('senet:throws')"))
    assert stored["games"] == 1 and sum(stored["counts"].values()) == len(throws)


# ---------------------------------------------------------------- the New game dialog's phrase


def open_new_game(page) -> None:
    page.locator(".toolbar [data-action='new-game']").click()
    page.locator("#new-game").wait_for(state="visible")


def test_the_new_game_dialogs_phrase_is_in_the_first_throw_when_the_computer_throws_first_B1(app):
    """Bell: black acts first (B1). With the Novice as black the computer throws at once,
    so the phrase can only come from the dialog: the game has it from throw 0."""
    app.open(TWO_PEOPLE)
    open_new_game(app)
    offered = app.input_value("#ng-phrase")
    assert len(offered.split(" ")) == 3  # random words, offered each time the dialog opens
    assert app.get_attribute("#ng-phrase", "aria-describedby") == "ng-phrase-help ng-phrase-error"
    assert not app.locator("#ng-phrase").is_visible()  # in the Fair throws part, closed at first
    app.locator("#ng-fair summary").click()
    app.fill("#ng-phrase", "not kept")
    first_commit = app.get_attribute("#ng-commit", "data-commit")
    app.locator("#new-game").get_by_role("button", name="Cancel").click()
    open_new_game(app)
    assert app.get_attribute("#ng-commit", "data-commit") != first_commit  # a new seed each time
    assert app.input_value("#ng-phrase") != "not kept" and len(app.input_value("#ng-phrase").split(" ")) == 3
    commit = app.get_attribute("#ng-commit", "data-commit")  # shown before the phrase is typed
    assert app.evaluate("document.getElementById('ng-fair').open") is False  # closed again
    app.locator("#ng-fair summary").click()
    assert re.fullmatch(r"[0-9a-f]{64}", commit) and app.inner_text("#ng-commit").startswith(commit[:8])
    mine = "Thoth's: 42 \u00e9"
    app.select_option("#ng-variant", "bell")
    app.select_option("#ng-player1", "human")
    app.select_option("#ng-player2", "novice")
    app.get_by_label("Phrase", exact=True).fill(mine)
    app.locator("#new-game").get_by_role("button", name="Start").click()
    app.wait_for_function("document.getElementById('board').dataset.variant === 'bell'")
    app.wait_for_function(HUMAN_TURN, timeout=DEFAULT_TIMEOUT_MS)  # the Novice has thrown and moved
    record = saved_record(app)
    assert f"\nphrase {mine}\n" in record
    first = [ln for ln in record.splitlines() if ln[:2] in ("w ", "b ")][0]
    assert first.startswith("b ")  # the computer's throw, before the player could do anything
    seed = senet.Game.from_record(record).seed  # the save on this device keeps the seed
    assert hashlib.sha256(str(seed).encode()).hexdigest() == commit and f"\ncommit {commit}\n" in record
    assert int(first.split(" ")[1]) == ThrowGenerator(seed, 0, COMMIT, mine).throw(5)
    open_info(app)
    assert app.inner_text("#fair-commit") == commit
    assert app.inner_text("#fair-phrase-text") == f"\u201c{mine}\u201d"
    assert not app.locator("#fair-phrase").is_visible()  # fixed since the first throw


def test_the_new_game_dialog_refuses_a_phrase_the_rules_refuse_and_starts_nothing(app):
    app.open(TWO_PEOPLE)
    position = app.get_attribute("#board", "data-position")
    save = app.evaluate("localStorage.getItem('senet:save')")
    open_new_game(app)
    app.select_option("#ng-variant", "tait")
    app.fill("#ng-name1", "Ann")
    commit = app.get_attribute("#ng-commit", "data-commit")
    app.locator("#ng-fair summary").click()
    app.fill("#ng-phrase", "x" * 61)
    app.locator("#new-game").get_by_role("button", name="Start").click()
    app.wait_for_function("document.getElementById('ng-phrase-error').textContent !== ''")
    assert app.inner_text("#ng-phrase-error") == "The phrase has at most 60 characters, this one has 61."
    assert app.locator("#new-game").is_visible()  # not started, and nothing else changed
    assert app.get_attribute("#ng-phrase", "aria-invalid") == "true"
    assert app.evaluate("document.activeElement.id") == "ng-phrase"
    assert app.input_value("#ng-variant") == "tait" and app.input_value("#ng-name1") == "Ann"
    assert app.get_attribute("#board", "data-position") == position
    assert app.evaluate("localStorage.getItem('senet:save')") == save
    # Enter in the field checks it too; the refusal follows the typing and goes when fine
    app.fill("#ng-phrase", "left\u202eright")
    app.press("#ng-phrase", "Enter")
    app.wait_for_function("document.getElementById('ng-phrase-error').textContent.includes('U+202E')")
    assert app.locator("#new-game").is_visible() and app.get_attribute("#board", "data-variant") == "kendall"
    app.fill("#ng-phrase", "lotus and reed")
    app.wait_for_function("document.getElementById('ng-phrase-error').textContent === ''")
    assert app.get_attribute("#ng-phrase", "aria-invalid") is None
    app.press("#ng-phrase", "Enter")  # starts the game from the keyboard
    app.wait_for_function("document.getElementById('board').dataset.variant === 'tait'")
    assert not app.locator("#new-game").is_visible()
    assert "\nphrase lotus and reed\n" in saved_record(app)
    assert f"\ncommit {commit}\n" in saved_record(app)  # the seed committed to as the dialog opened
    assert app.locator('.player[data-seat="1"] .name').inner_text() == "Ann"
