"""Piccione's rules and Kendall's house rules in Chromium: the New game dialog (the
house rules shown for Kendall only), a person using a throw in parts by clicks and
seeing what is left by the sticks, a piece sent back to the supply by a click on its
tray, and a link with house rules (``kendall%2Bfive``). Every wait is for a state of
the page, never for a time."""

from __future__ import annotations

from conftest import axe_violations, position, state_of, wait_position_change

import senet
from senet import OFF, SUPPLY

SQUARE = '#board [data-square="{}"]'
PIECE_AT = '[data-piece][data-movable="true"][data-at="{}"]'
# The board has changed, or the selected piece shows its destinations.
MOVED_OR_SELECTED = ("old => document.getElementById('board').dataset.position !== old"
                     " || document.querySelector('#board [data-target=\"true\"]') !== null")


def _at(square: int) -> str:
    return "supply" if square == SUPPLY else "off" if square == OFF else str(square)


def _click_move(app, move) -> str:
    """Play ``move`` as a person does: click its piece, then its destination if asked."""
    old = position(app)
    app.locator(PIECE_AT.format(_at(move.src))).first.click()
    app.wait_for_function(MOVED_OR_SELECTED, arg=old)
    if position(app) == old:
        if move.dst == SUPPLY:
            # the highlighted tray, at its corner (its pieces cover the middle)
            app.locator(f'[data-tray="{state_of(app).side}-supply"][data-target="true"]').click(
                position={"x": 6, "y": 6})
        else:
            app.locator(SQUARE.format(_at(move.dst))).click()
    return wait_position_change(app, old)


def _throw(app) -> str:
    old = position(app)
    app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
    app.locator('[data-action="throw"]').click()
    return wait_position_change(app, old)


def test_new_game_dialog_piccione_and_a_throw_used_in_parts(app):
    app.open("?variant=kendall&white=human&black=human&seed=1&speed=instant")
    app.locator(".toolbar [data-action='new-game']").click()
    dialog = app.locator("#new-game")
    options = app.locator("#ng-options")
    assert dialog.is_visible() and options.is_visible()  # Kendall: its house rules are offered
    assert dialog.get_by_label("Quick game: five pieces each").is_visible()
    assert axe_violations(app) == []
    legend = dialog.locator('fieldset[data-seat="1"] legend')
    assert legend.inner_text() == "White (spools)"
    app.select_option("#ng-variant", "jequier")  # a colour draw (the rule set's has_opening)
    assert legend.inner_text() == "First to throw" and options.is_hidden()
    app.select_option("#ng-variant", "piccione")
    assert options.is_hidden() and legend.inner_text() == "White (spools)"
    app.select_option("#ng-player1", "human")
    app.select_option("#ng-player2", "human")
    dialog.get_by_role("button", name="Start").click()
    app.wait_for_function("document.getElementById('board').dataset.variant === 'piccione'")
    assert app.locator("#throw-left").is_visible()  # its place is kept from the start
    sticks_before = app.locator("#sticks").bounding_box()
    seen = []
    for _ in range(400):  # throws and moves by clicks until a throw is used in parts twice
        state = state_of(app)
        if state.is_terminal:
            break
        if state.throw is None:
            _throw(app)
            continue
        moves = state.rules.moves(state)
        if not moves:
            old = position(app)
            app.locator('[data-action="pass"]').click()
            wait_position_change(app, old)
            continue
        part = next((m for m in moves if not m.is_special and 1 <= m.src <= 30 and 1 <= m.dst <= 30
                     and abs(m.dst - m.src) == 1 and state.throw >= 2), None)
        _click_move(app, part or moves[0])
        after = state_of(app)
        if part is not None and after.side == state.side and after.throw == state.throw - 1:
            text = app.locator("#throw-left .left").inner_text()
            assert text == f"{state.throw - 1} left"
            assert f"{state.throw - 1} left" in app.get_attribute("#sticks", "aria-label")
            seen.append(text)
            if len(seen) == 2:
                break
    assert len(seen) == 2, seen
    assert app.locator("#sticks").bounding_box() == sticks_before  # nothing moved when the words came
    assert axe_violations(app) == []


def test_a_piece_goes_back_to_the_supply_by_a_click_on_the_tray(app):
    start = senet.parse_position("piccione ..wbbbbb...................... w - w=4/0,b=0/0 -")
    # A seed whose first throw is 3 or more: the piece on 3 may go to 2, 1 or the supply.
    seed = next(s for s in range(1, 50) if senet.Game("piccione", seed=s, start=start).throw() >= 3)
    app.open(f"?variant=piccione&white=human&black=human&seed={seed}&speed=instant"
             f"&position={start.position().replace('+', '%2B').replace(' ', '+')}")
    _throw(app)
    state = state_of(app)
    assert state.throw >= 3 and "3-in" in [str(m) for m in state.rules.moves(state)]
    _click_move(app, senet.parse_move("3-in"))
    after = state_of(app)
    assert after.square(3) == "." and after.supply[0] == 5
    assert app.locator('[data-piece][data-colour="white"][data-at="supply"]').count() == 5


def test_an_undo_in_the_middle_of_a_throw_shows_the_throw_and_what_is_left(app):
    # after a part of a throw is taken back, the sticks still show the
    # whole throw and the box says what is left of it
    start = senet.parse_position("piccione ..w....................b...... w - w=4/0,b=4/0 -")
    seed = next(s for s in range(1, 80) if senet.Game("piccione", seed=s, start=start).throw() >= 3)
    app.open(f"?variant=piccione&white=human&black=human&seed={seed}&speed=instant"
             f"&position={start.position().replace('+', '%2B').replace(' ', '+')}")
    _throw(app)
    throw = state_of(app).throw
    _click_move(app, senet.parse_move("3-4"))
    _click_move(app, senet.parse_move("4-5"))
    assert app.locator("#throw-left .left").inner_text() == f"{throw - 2} left"
    old = position(app)
    app.locator('[data-action="undo"]').click()
    wait_position_change(app, old)
    assert state_of(app).throw == throw - 1
    assert app.locator("#throw-left .left").inner_text() == f"{throw - 1} left"
    assert app.inner_text("#throw-value") == str(throw)
    label = app.get_attribute("#sticks", "aria-label")
    assert label.startswith(f"Last throw: {throw} ") and f"{throw - 1} left" in label


def test_a_link_with_house_rules_starts_a_five_piece_game(app):
    for query in ("?variant=kendall%2Bfive", "?variant=kendall+five"):
        app.open(query + "&white=human&black=human&seed=3&speed=instant")
        state = state_of(app)
        assert state.variant == "kendall+five" and state == senet.start("kendall+five")
        assert app.locator("[data-piece]").count() == 10
        assert app.get_attribute("#rules-link", "href").endswith("pages/rules-kendall.html")
        assert app.locator("#throw-left").is_hidden()
    app.locator(".toolbar [data-action='new-game']").click()
    assert app.locator('#ng-options input[name="opt-five"]').is_checked()  # the dialog offers the same game
