"""On a phone (390x844, a touch screen) in Chromium: a first tap on a piece shows where it
lands and a second tap plays it; the tap areas are 44 CSS px; the square numbers never
lie over a piece. The New game dialog's Fair throws part, Swap sides and Random colours.
The information pages: a board drawing per rule set that matches the engine's start, a
Play these rules link that opens that rule set, no clause codes in the players' text,
no sideways scrolling, and axe clean. Every wait is for a state of the page."""

from __future__ import annotations

import json
import re

import pytest
from conftest import axe_violations, position, state_of, wait_position_change

import senet

PHONE = {"width": 390, "height": 844}
HUMANS = "?variant=kendall&white=human&black=human&seed={}&speed=instant"
MIN_TAP = 44


@pytest.fixture(scope="module")
def shared_context_args() -> dict:
    return {"viewport": PHONE, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def _throw(app) -> str:
    old = position(app)
    app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
    app.locator('[data-action="throw"]').tap()
    return wait_position_change(app, old)


def _box(locator) -> dict:
    box = locator.bounding_box()
    assert box is not None
    return box


def _overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def _single_move(app):
    """A movable piece with one destination, and its move (from the engine)."""
    state = state_of(app)
    moves = [m for m in state.legal_actions() if not m.is_special]
    by_src = {}
    for move in moves:
        by_src.setdefault(move.src, []).append(move)
    return next((ms[0] for ms in by_src.values() if len(ms) == 1), None)


def _numbers_clear_of_pieces(app) -> int:
    """Every square number shown lies clear of every piece on a square; returns how many show."""
    boxes = app.evaluate("""() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; };
        const numbers = [...document.querySelectorAll('#board .numbers text')]
            .filter((t) => getComputedStyle(t).display !== 'none').map((t) => [t.textContent, box(t)]);
        const pieces = [...document.querySelectorAll('#board .piece')]
            .filter((g) => /^\\d+$/.test(g.dataset.at)).map((g) => [g.dataset.at, box(g.querySelector('.shape'))]);
        return {numbers, pieces};
    }""")
    for n, nbox in boxes["numbers"]:
        for at, pbox in boxes["pieces"]:
            assert not _overlap(nbox, pbox), f"the number {n} lies over the piece on {at}"
    assert len(boxes["numbers"]) + len(boxes["pieces"]) >= 30  # every square shows its number or a piece
    return len(boxes["numbers"])


def test_a_first_tap_shows_the_target_and_a_second_tap_plays(app):
    app.open(HUMANS.format(7))
    for _ in range(10):  # a throw with a piece that has one destination
        _throw(app)
        move = _single_move(app)
        if move is not None:
            break
        app.evaluate("document.querySelector('[data-action=\"pass\"]').click()")
    assert move is not None
    before = position(app)
    piece = app.locator(f'#board .piece[data-movable="true"][data-at="{move.src}"]').first
    hit = _box(piece.locator(".hit"))
    assert hit["width"] >= MIN_TAP and hit["height"] >= MIN_TAP, hit
    piece.tap()
    app.wait_for_function(f"document.querySelector('#board [data-square=\"{move.dst}\"]').dataset.target === 'true'")
    assert position(app) == before  # the first tap moved nothing
    assert piece.get_attribute("data-selected") == "true"
    assert app.locator(f'#board [data-square="{move.dst}"]').get_attribute("class").split().count("target") == 1
    target_hit = _box(app.locator(f'#board .hits .hit.live[data-hit="{move.dst}"]'))
    assert target_hit["width"] >= MIN_TAP and target_hit["height"] >= MIN_TAP, target_hit
    piece.tap()  # the second tap on the piece plays it
    after = wait_position_change(app, before)
    assert after == senet.parse_position(before).apply(move).position()


def test_a_tap_on_the_target_plays_and_a_tap_elsewhere_cancels(app):
    app.open(HUMANS.format(11))
    for _ in range(10):
        _throw(app)
        move = _single_move(app)
        if move is not None:
            break
        app.evaluate("document.querySelector('[data-action=\"pass\"]').click()")
    assert move is not None
    before = position(app)
    piece = app.locator(f'#board .piece[data-movable="true"][data-at="{move.src}"]').first
    piece.tap()
    app.wait_for_function("document.querySelector('#board [data-selected=\"true\"]') !== null")
    state = state_of(app)
    empty = next(n for n in range(30, 0, -1) if state.square(n) == "." and n != move.dst)
    app.locator(f'#board [data-square="{empty}"]').tap()  # a tap elsewhere
    app.wait_for_function("document.querySelector('#board [data-selected=\"true\"]') === null")
    assert app.locator('#board [data-target="true"]').count() == 0 and position(app) == before
    piece.tap()
    app.wait_for_function(f"document.querySelector('#board [data-square=\"{move.dst}\"]').dataset.target === 'true'")
    app.locator(f'#board .hits .hit.live[data-hit="{move.dst}"]').tap()
    assert wait_position_change(app, before) == senet.parse_position(before).apply(move).position()


def test_square_numbers_never_lie_over_a_piece(app):
    app.open(HUMANS.format(5))
    shown = _numbers_clear_of_pieces(app)
    assert shown == 30 - len(state_of(app).pieces("w")) - len(state_of(app).pieces("b"))
    for _ in range(6):  # some moves, by taps
        _throw(app)
        move = _single_move(app)
        if move is None:
            app.evaluate("document.querySelector('[data-action=\"pass\"]').click()")
            continue
        before = position(app)
        piece = app.locator(f'#board .piece[data-movable="true"][data-at="{move.src}"]').first
        piece.tap()
        piece.tap()
        wait_position_change(app, before)
        app.wait_for_function("[...document.querySelectorAll('#board .piece')].every("
                              "(g) => g.getAnimations().length === 0)")
        _numbers_clear_of_pieces(app)


# ---------------------------------------------------------------- the New game dialog


def _open_new_game(app) -> None:
    app.locator(".toolbar [data-action='new-game']").tap()
    app.locator("#new-game").wait_for(state="visible")


def _saved_players(app) -> list[str]:
    """The saved game's seats, as a record's player lines say them."""
    seats = json.loads(app.evaluate("localStorage.getItem('senet:save')"))["session"]["seats"]
    return [f"player {n} {seats[n]['kind']} {seats[n]['name']}" for n in ("1", "2")]


def test_new_game_fair_throws_closed_and_swap_sides(app):
    app.open(HUMANS.format(3))
    _open_new_game(app)
    dialog = app.locator("#new-game")
    assert app.evaluate("document.getElementById('ng-fair').open") is False
    assert not app.locator("#ng-phrase").is_visible() and len(app.input_value("#ng-phrase").split(" ")) == 3
    assert "SHA-256" not in dialog.inner_text()  # the explanation waits inside the closed part
    app.select_option("#ng-player1", "human")
    app.fill("#ng-name1", "Ann")
    app.select_option("#ng-player2", "average")
    app.fill("#ng-name2", "Bot")
    dialog.get_by_role("button", name="Swap sides").tap()
    assert [app.input_value(s) for s in ("#ng-player1", "#ng-name1", "#ng-player2", "#ng-name2")] == [
        "average", "Bot", "human", "Ann"]
    dialog.locator("#ng-fair summary").tap()
    assert app.locator("#ng-phrase").is_visible() and "SHA-256" in dialog.inner_text()
    assert axe_violations(app) == []
    dialog.get_by_role("button", name="Start").tap()
    app.wait_for_function("document.querySelector('.player[data-seat=\"2\"] .name').textContent === 'Ann'")
    assert _saved_players(app) == ["player 1 average Bot", "player 2 human Ann"]
    _open_new_game(app)  # opens again with the game's seats, and Fair throws closed
    assert app.input_value("#ng-name1") == "Bot" and app.input_value("#ng-player2") == "human"
    assert app.evaluate("document.getElementById('ng-fair').open") is False


def test_random_colours_draws_the_sides_and_records_them(app):
    app.open(HUMANS.format(3))
    seen = set()
    for _ in range(12):  # a fair coin: both outcomes come up (the odds of not: 2 in 4096)
        _open_new_game(app)
        app.select_option("#ng-player1", "human")
        app.fill("#ng-name1", "Ann")
        app.select_option("#ng-player2", "human")
        app.fill("#ng-name2", "Nut")
        app.locator("#ng-random").check()
        old = app.evaluate("localStorage.getItem('senet:save')")
        app.locator("#new-game").get_by_role("button", name="Start").tap()
        app.wait_for_function("old => localStorage.getItem('senet:save') !== old", arg=old)
        players = _saved_players(app)
        ann = 1 if players == ["player 1 human Ann", "player 2 human Nut"] else 2
        if ann == 2:
            assert players == ["player 1 human Nut", "player 2 human Ann"]
        assert app.locator(f'.player[data-seat="{ann}"] .name').inner_text() == "Ann"
        white = "Ann" if ann == 1 else "Nut"  # seat 1 plays white in Kendall
        assert f"Sides drawn: {white} plays white." in app.inner_text("#status")
        seen.add(ann)
        if seen == {1, 2}:
            break
    assert seen == {1, 2}


# ---------------------------------------------------------------- the information pages

INFO_PAGES = ("intro", "rules", "history", "about") + tuple(f"rules-{name}" for name in senet.VARIANTS)
# A rule's clause id as the spec writes it (K10, C3, KO1, B5): never in the players' text.
CLAUSE = re.compile(r"\b[A-Z]{1,2}\d+\b")


def _open_info(app, server, name: str) -> None:
    app.goto(server.url + f"pages/{name}.html")
    app.wait_for_load_state("load")


@pytest.mark.parametrize("name", INFO_PAGES)
def test_info_page_fits_a_phone_without_clause_codes(app, server, name):
    _open_info(app, server, name)
    text = app.inner_text("main")
    assert not CLAUSE.findall(text), CLAUSE.findall(text)
    assert app.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # no sideways scroll
    # no table squeezes its text to a few words a line: a cell is at least 9em wide or short
    narrow = app.evaluate("""() => [...document.querySelectorAll('main td, main th')].filter((c) => {
        const r = c.getBoundingClientRect(), em = parseFloat(getComputedStyle(c).fontSize);
        return r.width < 9 * em && c.innerText.trim().split(/\\s+/).length > 4;
    }).map((c) => c.innerText.slice(0, 40))""")
    assert narrow == []
    assert axe_violations(app) == []


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_rule_page_draws_the_start_and_plays_these_rules(app, server, variant):
    _open_info(app, server, f"rules-{variant}")
    drawing = app.locator(f'svg.board-drawing[data-variant="{variant}"]')
    assert drawing.is_visible()
    drawn = app.evaluate("""(variant) => {
        const svg = document.querySelector(`svg.board-drawing[data-variant="${variant}"]`);
        const on = (colour) => [...svg.querySelectorAll(`circle[data-colour="${colour}"]`)]
            .map((c) => Number(c.dataset.square)).sort((a, b) => a - b);
        const trays = Object.fromEntries([...svg.querySelectorAll('[data-tray]')]
            .map((t) => [t.dataset.tray, Number(t.dataset.count)]));
        return {white: on('white'), black: on('black'), trays};
    }""", variant)
    state = senet.start(variant)
    assert drawn["white"] == state.pieces("w") and drawn["black"] == state.pieces("b")
    if senet.get_rules(variant).has_supply:
        assert drawn["trays"] == {"white": state.supply[0], "black": state.supply[1]}
    # the piece drawn on a square lies inside that square's box
    for colour, squares in (("white", state.pieces("w")), ("black", state.pieces("b"))):
        for n in squares:
            piece = _box(drawing.locator(f'circle[data-colour="{colour}"][data-square="{n}"]'))
            square = _box(drawing.locator(f'rect[data-n="{n}"]'))
            assert square["x"] <= piece["x"] and piece["x"] + piece["width"] <= square["x"] + square["width"] + 1
    link = app.get_by_role("link", name="Play these rules")
    assert link.count() == 1
    link.tap()
    app.wait_for_function("document.documentElement.dataset.ready === 'true'")
    assert app.get_attribute("#board", "data-variant") == variant


def test_the_intro_page_offers_a_game(app, server):
    _open_info(app, server, "intro")
    assert app.locator('svg.board-drawing[data-variant="kendall"]').is_visible()
    app.get_by_role("link", name="Play these rules").tap()
    app.wait_for_function("document.documentElement.dataset.ready === 'true'")
    assert app.get_attribute("#board", "data-variant") == "kendall"
