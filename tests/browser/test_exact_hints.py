"""Hints and the win meter in a solved endgame, in Chromium: the worker fetches the exact
table of the rule set (tables/, docs/endgames.md) and the page says the chance is exact
and the hint the best play. The game is seeded; the test waits for conditions only."""

from __future__ import annotations

import re

from conftest import HUMAN_TURN, human_act, position, state_of, wait_position_change

from senet.ai import exact
from senet.notation import parse_position

# Kendall, two pieces a side: in the tables; white (a human) to throw
BOARD = "".join("w" if sq in (12, 18) else "b" if sq in (14, 20) else "." for sq in range(1, 31))
ENDGAME = f"kendall {BOARD} w - w=0/5,b=0/5 -"


def test_in_a_solved_endgame_the_hint_and_the_meter_are_exact(app):
    assert exact.covers(parse_position(ENDGAME))
    app.open("?position=" + ENDGAME.replace(" ", "+") + "&white=human&black=human&seed=2&speed=instant")
    app.locator(".toolbar [data-action='settings']").click()
    settings = app.locator("#settings-dialog")
    settings.get_by_label("Hints").check()
    settings.get_by_label("Win meter").check()
    settings.get_by_role("button", name="Done").click()
    for _ in range(20):  # until a throw gives the side to act a real choice
        app.wait_for_function(HUMAN_TURN)
        state = state_of(app)
        if state.throw is not None and len(state.legal_actions()) > 1:
            break
        old = position(app)
        human_act(app)
        wait_position_change(app, old)
    app.wait_for_selector('[data-suggested="true"]', timeout=180_000)
    state = state_of(app)
    best = exact.analyse(state)
    assert app.inner_text("#hint-text").endswith("Exact: this is the best play.")
    assert re.fullmatch(r"\d{1,3}% \(exact\)", app.inner_text("#meter-value"))
    assert app.inner_text("#meter-value") == f"{round(best[0][1] * 100)}% (exact)"
    # the suggested piece is one of a best action
    square = int(app.get_attribute('[data-suggested="true"]', "data-at"))
    assert any(m.src == square for m, p in best if p == best[0][1])

