"""The app in Chromium: boot, human moves by mouse and keyboard, computer games to the
end in every rule set, the Expert in the worker while frames keep coming, the pages,
the new-game dialog, small screens, reduced motion and an axe-core check.

dist/ is served by the `server` fixture (conftest.py); the browser cannot reach
anything else. Most tests share one browser context (warm HTTP cache and service
worker, like a returning visitor) guarded the same way as the `context` fixture; each
test's page starts with an empty localStorage, so no game or setting is left over from
the test before (the `shared` and `app` fixtures of conftest.py).
"""

from __future__ import annotations

import json
import re
import statistics
from collections import Counter

import pytest
from conftest import (
    CLICK_PASS,
    HUMAN_TURN,
    READY_OR_FAILED,
    axe_violations,
    human_act,
    position,
    state_of,
    wait_position_change,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import senet

# Counts animation frames from the very start of the page (for the worker test).
FRAME_COUNTER = """
window.__frames = [];
(function tick(t) { window.__frames.push(t); requestAnimationFrame(tick); })(performance.now());
"""


# ---------------------------------------------------------------- boot


def test_boot_shows_the_game_with_no_off_origin_request(page, server, browser_log):
    # Until Python is ready, the served page says the board is being set out (checked in
    # the HTML itself: once loaded, the page may already be ready on MicroPython).
    html = page.request.get(server.url).text()
    assert re.search(r'<p id="status"[^>]*>(<span[^>]*></span>)?Setting out the board', html)
    page.goto(server.url)
    assert page.locator("#board rect.square").count() == 30
    page.wait_for_function(READY_OR_FAILED)
    assert page.locator(".py-error").count() == 0
    assert page.evaluate("performance.getEntriesByName('senet:ready').length") == 1
    state = state_of(page)
    assert state == senet.start("kendall")
    pieces = page.locator("[data-piece]")
    assert pieces.count() == 14
    for colour, squares in (("white", state.pieces("w")), ("black", state.pieces("b"))):
        at = page.locator(f'[data-piece][data-colour="{colour}"]').evaluate_all(
            "els => els.map(e => Number(e.dataset.at))")
        assert sorted(at) == squares
    for n in range(1, 31):
        assert page.locator(f'#board [data-square="{n}"]').count() == 1
    assert page.locator('[data-action="throw"]').is_enabled()
    assert page.locator("#pwa-slot").count() == 1
    assert browser_log.errors == []
    assert not browser_log.off_origin
    assert all(u.removeprefix("blob:").startswith(server.origin)
               for u in browser_log.requests if not u.startswith("data:"))


def test_url_parameters_start_the_game(app):
    app.open("?variant=havens&white=human&black=novice&seed=3&speed=instant")
    state = state_of(app)
    assert state.variant == "havens" and state.opening
    assert app.get_attribute("#board", "data-variant") == "havens"
    assert "throws first" in app.locator('.player[data-seat="1"]').inner_text()
    assert app.locator("#speed").input_value() == "instant"
    assert app.get_attribute("#rules-link", "href").endswith("pages/rules-havens.html")


def test_piccione_is_set_up_by_link(app):
    app.open("?variant=piccione&white=human&black=human&seed=3&speed=instant")
    state = state_of(app)
    assert state == senet.start("piccione")  # P1: every piece in the supply, black to throw
    assert app.get_attribute("#board", "data-variant") == "piccione"
    assert app.get_attribute("#rules-link", "href").endswith("pages/rules-piccione.html")


# ---------------------------------------------------------------- human moves


def test_human_move_by_clicks(app):
    app.open("?variant=kendall&white=human&black=human&seed=7&speed=instant")
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    thrown = state_of(app)
    assert thrown.throw is not None and not app.locator('[data-action="throw"]').is_enabled()
    movable = app.locator('[data-movable="true"]')
    origins = sorted(int(a) for a in movable.evaluate_all("els => els.map(e => e.dataset.at)"))
    assert origins == sorted({m.src for m in thrown.legal_actions()})

    piece = movable.last
    pid, src = piece.get_attribute("data-piece"), int(piece.get_attribute("data-at"))
    moves = [m for m in thrown.legal_actions() if m.src == src]
    old = position(app)
    piece.click()
    if len(moves) > 1:  # then its destinations are highlighted and one is clicked
        target = app.locator('[data-target="true"]').first
        target.click()
    after = wait_position_change(app, old)
    played = next(m for m in moves if thrown.apply(m).position() == after)
    assert app.get_attribute(f'[data-piece="{pid}"]', "data-at") == str(played.dst)
    assert app.locator('[data-movable="true"]').count() == 0
    assert "moves from" in app.locator("#status").inner_text()


COVERED_NUMBERS = """() => [...document.querySelectorAll('#board .numbers text')]
  .map((t, i) => t.classList.contains('covered') ? i + 1 : 0).filter(n => n)"""


def test_a_piece_under_the_pointer_shows_its_destination_and_the_numbers_follow_the_pieces(app):
    """Hovering a movable piece marks the square it would go to; the pointer gone, the
    mark follows the focus (the piece the page focused for the keyboard), and with the
    focus gone too, nothing is marked. Square numbers hide under the pieces."""
    app.open("?variant=kendall&white=human&black=human&seed=7&speed=instant")
    start = state_of(app)
    assert app.evaluate(COVERED_NUMBERS) == [i + 1 for i, c in enumerate(start.board) if c != "."]
    assert app.locator("#board .square.hint").count() == 0
    for _ in range(40):  # throw (and play) until two pieces can move, each to one square
        app.click('[data-action="throw"]')
        app.wait_for_function(HUMAN_TURN)
        thrown = state_of(app)
        moves = [m for m in thrown.legal_actions() if isinstance(m, senet.Move)]
        from_each = Counter(m.src for m in moves)
        single = {m.src: m.dst for m in moves if m.dst <= 30 and from_each[m.src] == 1}
        if len(single) >= 2:
            break
        old = position(app)
        human_act(app)
        wait_position_change(app, old)
        app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
    else:
        pytest.fail("no throw let two pieces move")
    focused = app.evaluate("document.activeElement.dataset.at")
    assert focused is not None and thrown.throw is not None  # the page focused a movable piece

    def hinted():
        return app.locator("#board .square.hint").evaluate_all("els => els.map(e => +e.dataset.square)")

    other = max(src for src in single if str(src) != focused)
    app.hover(f'[data-movable="true"][data-at="{other}"]')
    app.wait_for_function("n => document.querySelector(`#board .square[data-square='${n}']`).classList.contains('hint')",
                          arg=single[other])
    assert hinted() == [single[other]]
    app.mouse.move(1, 1)  # the pointer gone: the focused piece's destination again
    focused_dst = {m.dst for m in thrown.legal_actions() if str(m.src) == focused}
    app.wait_for_function("n => !document.querySelector(`#board .square[data-square='${n}']`).classList.contains('hint')",
                          arg=single[other])
    assert set(hinted()) == {d for d in focused_dst if d <= 30}
    app.evaluate("document.activeElement.blur()")  # the focus gone too: nothing marked
    app.wait_for_function("document.querySelectorAll('#board .square.hint').length === 0")
    old = position(app)
    app.click(f'[data-movable="true"][data-at="{other}"]')
    after = senet.parse_position(wait_position_change(app, old))
    covered = app.evaluate(COVERED_NUMBERS)
    assert covered == [i + 1 for i, c in enumerate(after.board) if c != "."]
    assert other not in covered and single[other] in covered


def test_entering_from_the_supply_by_a_click(app):
    app.open("?variant=bell&white=human&black=human&seed=4&speed=instant")
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    thrown = state_of(app)
    piece = app.locator('[data-movable="true"][data-at="supply"]')
    assert piece.count() == 1  # the top piece of the supply tray
    pid = piece.get_attribute("data-piece")
    piece.click()
    wait_position_change(app, thrown.position())
    assert app.get_attribute(f'[data-piece="{pid}"]', "data-at") == str(31 - thrown.throw)
    assert app.locator('[data-piece][data-at="supply"][data-colour="black"]').count() == 9


def test_human_move_by_keyboard(app):
    app.open("?variant=tait&white=human&black=human&seed=2&speed=instant")
    # Tab to the throw button, as a keyboard user would.
    for _ in range(40):
        app.keyboard.press("Tab")
        if app.evaluate("document.activeElement.dataset.action") == "throw":
            break
    else:
        pytest.fail("Tab never reached the throw button")
    for _ in range(20):  # in Tait a piece enters on a 4 or a 6: throw until one can move
        old = position(app)
        app.keyboard.press("Enter")
        wait_position_change(app, old)
        state = state_of(app)
        if state.throw is not None and state.legal_actions() != [senet.PASS]:
            break
        app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
        app.focus('[data-action="throw"]')
    thrown = state_of(app)
    # Focus went to a movable piece; the arrows move among the movable pieces.
    assert app.evaluate("document.activeElement.dataset.movable") == "true"
    app.keyboard.press("ArrowRight")
    assert app.evaluate("document.activeElement.dataset.movable") == "true"
    label = app.evaluate("document.activeElement.getAttribute('aria-label')")
    assert "movable" in label
    src = app.evaluate("document.activeElement.dataset.at")
    old = position(app)
    app.keyboard.press("Enter")
    after = wait_position_change(app, old)
    src_n = senet.SUPPLY if src == "supply" else int(src)
    assert any(thrown.apply(m).position() == after for m in thrown.legal_actions() if m.src == src_n)


# Bell with the goals set (white has the odd squares): white holds 1 and 3, not 5, so its
# 7 is above a gap; black holds 2, not 4, so its 6 is too. Black acts: its next goal is 4.
BELL_GOALS = "bell wbw..bw....w..b.........b..... b - w=6/0,b=6/0 odd=w"


def test_bell_board_marks_goals_home_pieces_and_the_next_goal(app):
    app.open("?variant=bell&white=human&black=human&seed=5&speed=instant&position="
             + BELL_GOALS.replace(" ", "+"))
    assert position(app) == BELL_GOALS
    goal = {n: app.get_attribute(f'#board [data-square="{n}"]', "data-goal") for n in range(1, 31)}
    assert goal == {n: ("w" if n % 2 else "b") if n <= 20 else None for n in range(1, 31)}
    assert app.locator('#board [data-next-goal="true"]').count() == 1
    assert app.get_attribute('#board [data-next-goal="true"]', "data-square") == "4"
    home = sorted((app.get_attribute(f'[data-piece="{pid}"]', "data-colour"),
                   int(app.get_attribute(f'[data-piece="{pid}"]', "data-at")))
                  for pid in app.locator('[data-piece][data-home="true"]').evaluate_all(
                      "els => els.map(e => e.dataset.piece)"))
    assert home == [("black", 2), ("white", 1), ("white", 3)]
    for sq in (6, 7):  # on own goal squares above a gap: not home
        assert app.get_attribute(f'[data-piece][data-at="{sq}"]', "data-home") is None
    assert "home on 1, 3" in app.get_attribute("#board", "aria-label")
    # after black's throw and move, white acts: its next goal, 5, is marked instead
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"], [data-action="pass"]:not([hidden])')
    thrown = position(app)
    if app.locator('[data-action="pass"]:not([hidden])').count():
        app.evaluate(CLICK_PASS)  # a lost throw also passes by itself: a late click does nothing
    else:
        app.locator('[data-movable="true"]').first.click()
        if app.locator('#board [data-target="true"]').count():
            app.locator('#board [data-target="true"]').first.click()
    wait_position_change(app, thrown)
    app.wait_for_function("() => document.querySelector('#board [data-next-goal=\"true\"]')"
                          " && document.getElementById('board').dataset.side === 'w'")
    state = state_of(app)
    from senet.variants.bell import open_goal
    assert app.get_attribute('#board [data-next-goal="true"]', "data-square") == str(open_goal(state, "w"))


WATER = "kendall wbwbwbwbwbwbw.............b... b - w=0/0,b=0/0 -"  # black drowning on 27


def test_water_rescue_is_an_action(app):
    app.open("?position=" + WATER.replace(" ", "+") + "&white=human&black=human&seed=3&speed=instant")
    rescue = app.locator('[data-action="rescue"]')
    assert rescue.is_visible() and app.locator('[data-action="throw"]').is_enabled()
    drowning = app.locator('[data-piece][data-at="27"]').get_attribute("data-piece")
    rescue.click()
    wait_position_change(app, WATER)
    assert app.get_attribute(f'[data-piece="{drowning}"]', "data-at") == "15"
    assert "rescues the piece from the water to square 15" in app.locator("#status").inner_text()
    assert not rescue.is_visible()


def test_a_lost_throw_is_shown_and_passes(app):
    # Black on 27 may move nothing but that piece, and only on a 4: most throws are lost.
    app.open("?position=" + WATER.replace(" ", "+") + "&white=human&black=human&seed=1&speed=fast")
    for _ in range(30):
        app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
        if state_of(app).side == "w":
            app.click('[data-action="throw"]')
            app.wait_for_selector('[data-movable="true"]')
            app.locator('[data-movable="true"]').first.click()
            continue
        app.click('[data-action="throw"]')
        state = state_of(app)
        if state.legal_actions() == [senet.PASS]:
            break
        app.locator('[data-movable="true"]').first.click()
    else:
        pytest.fail("black never lost a throw")
    ok = app.locator('[data-action="pass"]')
    assert ok.is_visible()
    assert "the throw is lost" in app.locator("#status").inner_text()
    ok.click()
    app.wait_for_function("document.getElementById('board').dataset.side === 'w'")
    assert "cannot move with a" in app.locator("#status").inner_text()


# ---------------------------------------------------------------- computer games


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_computer_game_to_the_end(app, variant):
    app.open(f"?variant={variant}&white=novice&black=average&seed=21&speed=instant")
    # A whole game of both computer seats (Jéquier's seed-21 game is 533 steps, each a
    # round trip to the worker): generous, so a busy machine only makes it slower.
    app.wait_for_selector("#board[data-winner]", timeout=400_000)
    state = state_of(app)
    winner = app.get_attribute("#board", "data-winner")
    assert state.is_terminal and state.winner == winner
    panel = app.locator("#game-over")
    assert panel.is_visible()
    title = panel.locator("h2").inner_text()
    assert ("wins" in title) if winner in ("w", "b") else ("draw" in title.lower())
    if variant == "havens" and winner != "draw":
        loser = "b" if winner == "w" else "w"
        assert f"{senet.penalty(state, loser)} point" in panel.inner_text()
    thinks = app.evaluate("performance.getEntriesByName('senet:think').length")
    assert thinks > 0
    # Play again starts a fresh game with the same players. (Novice and Average decide on
    # the page: at speed "instant" the new game may be over again before the test looks,
    # so the test checks that it is another game, saved under a new id.)
    game_id = "JSON.parse(localStorage.getItem('senet:save')).game_id"
    first = app.evaluate(game_id)
    app.click('[data-action="play-again"]')
    app.wait_for_function(f"{game_id} !== {json.dumps(first)}")
    assert position(app).startswith(variant + " ")


# Installed before the app: the board's position at each frame the page draws, and the
# board's winner (if any) at the moment the settings dialog opens.
DRAWN_AND_OPENED = """
window.__drawn = [];
const look = () => {
  const board = document.getElementById('board');
  if (board && board.dataset.position) window.__drawn.push(board.dataset.position);
  requestAnimationFrame(look);
};
requestAnimationFrame(look);
window.__passed = [];
document.addEventListener('DOMContentLoaded', () => {
  // every position the board held, in order (a record's old value is the one it replaced)
  new MutationObserver(records => { for (const r of records) window.__passed.push(r.oldValue); })
    .observe(document.getElementById('board'),
             {attributes: true, attributeFilter: ['data-position'], attributeOldValue: true});
  const dialog = document.getElementById('settings-dialog');
  new MutationObserver(() => {
    if (dialog.open && window.__openedWith === undefined)
      window.__openedWith = document.getElementById('board').dataset.winner || 'no winner yet';
  }).observe(dialog, {attributes: true, attributeFilter: ['open']});
});
"""


def test_two_computers_at_speed_instant_leave_the_page_free_to_draw_and_to_take_a_click(app):
    """PyScript's MicroPython runs every ready task before the browser's next one: a game
    of two computers at speed "instant" once held the page's main thread from its first
    step to its last (a Jequier game of 1,066 lines: 9 s without a frame or a click). The
    turn loop now hands the page back to the browser between steps (app/flow/turn_loop.py,
    BURST_MS): the page draws positions of the game under way and a click on Settings
    opens the dialog before the game ends (Kendall's game here: 4-7 s from ready)."""
    app.add_init_script(DRAWN_AND_OPENED)
    app.open("?variant=kendall&white=novice&black=average&seed=21&speed=instant")
    app.click('[data-action="settings"]')
    app.wait_for_function("window.__openedWith !== undefined")
    assert app.evaluate("window.__openedWith") == "no winner yet"
    app.keyboard.press("Escape")
    app.wait_for_selector("#board[data-winner]", timeout=400_000)
    drawn = app.evaluate("window.__drawn")
    passed = app.evaluate("window.__passed") + [position(app)]
    # the positions the frames showed, each once, in the order they were drawn, come in
    # the order the board passed through them, and some lie in the middle half of the game
    # (the page boots in steps, so even a loop that held the page drew a few at the start)
    shown = list(dict.fromkeys(drawn))
    at = []
    for p in shown:
        start = at[-1] + 1 if at else 0
        assert p in passed[start:], (p, "drawn out of the order the board held it")
        at.append(passed.index(p, start))
    # A busy machine does not make this less likely: BURST_MS counts the time the steps
    # held the thread, so the slower each step, the more hand-backs (and frames) a
    # position gets.
    quarter = len(passed) // 4
    assert any(quarter < i < len(passed) - quarter for i in at), "no frame showed the middle of the game"


def _frames_during_thinks(page, level="expert"):
    thinks = page.evaluate("""level => performance.getEntriesByName('senet:think')
        .filter(m => m.detail && m.detail.level === level).map(m => [m.startTime, m.duration])""", level)
    frames = page.evaluate("window.__frames")
    inside, gaps = 0, []
    for start, duration in thinks:
        within = [t for t in frames if start <= t <= start + duration]
        inside += len(within)
        edges = [start, *within, start + duration]
        gaps += [b - a for a, b in zip(edges, edges[1:])]
    total = sum(d for _, d in thinks)
    return thinks, (inside / (total / 1000) if total else 0.0), max(gaps, default=0.0)


def _first_turn_from_the_book(setup):
    """The Expert's decisions in the first turn of ``setup``'s game, played in CPython by
    the same Controller with the opening book (senet/book.py) and a worker that fails:
    ([(position, action)], the position once a person is to act)."""
    import asyncio

    from app_harness import no_sleep, run_async

    from app.flow.controller import Controller
    from senet.book import Book
    from senet.datafile import read

    book, asked = Book(read("book.bin")), []

    async def from_book(state, level):
        asked.append((state.position(), book.choice(state.position())))
        return asked[-1][1]

    async def worker(position, level, seed):
        raise RuntimeError("not asked: every decision of this turn is in the book")

    async def run():
        ctl = Controller(None, worker, sleep=no_sleep, setup=setup)
        ctl.turn_loop.book = from_book
        ctl.start()
        await asyncio.wait_for(ctl.turn_loop.idle(), timeout=60)
        return ctl.table.state.position()

    return asked, run_async(run())


def test_the_experts_first_turn_comes_from_its_opening_book_before_the_worker_answers(app):
    """The Expert opens (Black in Kendall) and its worker never answers (?fail_worker=hang):
    its first turn is played all the same, at once, from its opening book. Each of its
    five decisions is a "senet:book" mark with the book's action, in the order CPython's
    Controller plays them; the board then waits for White with the position CPython
    reaches, and nothing was asked of the worker or of a stand-in."""
    from app.flow.controller import Setup

    expected, after = _first_turn_from_the_book(Setup("kendall", ("human", "expert"), seed=11, speed="instant"))
    assert len(expected) == 5 and None not in dict(expected).values()
    app.open("?variant=kendall&white=human&black=expert&seed=11&speed=instant&fail_worker=hang")
    app.wait_for_function(f"() => document.getElementById('board').dataset.position === {json.dumps(after)}")
    marks = app.evaluate("""performance.getEntriesByName('senet:book')
        .map(m => [m.detail.position, m.detail.action])""")
    assert [tuple(mark) for mark in marks] == expected
    assert app.evaluate("performance.getEntriesByName('senet:think').length") == 0
    assert not app.locator("#notice").is_visible()


def test_expert_game_to_the_end(app, record_timing):
    """The Expert (default budget) plays a whole game; frames keep coming meanwhile."""
    app.add_init_script(FRAME_COUNTER)
    app.open("?variant=kendall&white=expert&black=novice&seed=5&speed=instant")
    app.wait_for_selector("#board[data-winner]", timeout=240_000)
    assert state_of(app).is_terminal
    thinks, fps, gap = _frames_during_thinks(app)
    assert len(thinks) >= 10
    durations = [d for _, d in thinks]
    record_timing(f"expert think (default budget), median of {len(thinks)}", statistics.median(durations))
    record_timing("expert think (default budget), max", max(durations))
    record_timing(f"longest frame gap during those thinks ({fps:.0f} frames per second)", gap)
    # Reported, not asserted: a frame rate or a gap in ms measures how busy the machine is.
    # That the page stays responsive is proved by the order of events in the next test;
    # tools/bench_browser.py reports the frame figures with a heavy search budget.


# Installed once the page is ready: logs, with performance.now() stamps, the input events
# the page receives and what its handlers change (the settings dialog opening and closing,
# the highlight setting switching the root's class), each followed by a frame drawn after it.
EVENT_LOG = """() => {
  const log = window.__events = [];
  const stamp = what => log.push({what, t: performance.now()});
  const drawn = what => requestAnimationFrame(() => requestAnimationFrame(() => stamp('drawn: ' + what)));
  document.addEventListener('pointerdown', () => stamp('input: pointerdown'), true);
  document.addEventListener('keydown', e => stamp('input: ' + e.key), true);
  const dialog = document.getElementById('settings-dialog');
  new MutationObserver(() => {
    const what = 'settings ' + (dialog.open ? 'open' : 'closed');
    stamp(what);
    drawn(what);
  }).observe(dialog, {attributes: true, attributeFilter: ['open']});
  const root = document.documentElement;
  let off = root.classList.contains('no-highlight');
  new MutationObserver(() => {
    if (root.classList.contains('no-highlight') === off) return;
    off = !off;
    const what = 'highlight ' + (off ? 'off' : 'on');
    stamp(what);
    drawn(what);
  }).observe(root, {attributes: true, attributeFilter: ['class']});
}"""
# The page's long tasks (50 ms or more on its thread), from the start of the page.
LONG_TASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]); })
    .observe({type: 'longtask', buffered: true});
} catch (e) { window.__longtasks = null; }
"""
HANDLED = ("settings open", "highlight off", "highlight on", "settings closed")


def test_the_page_handles_input_while_the_expert_thinks_in_the_worker(app, record_timing):
    """While the Expert searches (a big budget) the page takes clicks and keys, runs its
    handlers and draws the result, all before the worker's answer arrives.

    Proved by the order of events, never by a clock: the test sees "is thinking", then
    opens Settings, switches the highlight off and on again and closes the dialog with
    Escape; every one of those changes, and a frame drawn after it, must come before the
    end of that decision's `senet:think` measure (the answer arriving on the page). A
    search on the page's own thread would hold all of them back until after the answer.
    A decision may end before the test's input arrives (a quick one): then the next is
    tried."""
    app.add_init_script(LONG_TASKS)
    app.open("?variant=kendall&white=expert&black=expert&seed=8&speed=instant&expert_nodes=100000")
    app.wait_for_function("['failed', 'kendall'].some(s => (document.documentElement.dataset.worker"
                          " || '').includes(s))", timeout=180_000)
    assert app.evaluate("document.documentElement.dataset.worker") != "failed"
    app.evaluate(EVENT_LOG)
    settings = app.locator("#settings-dialog")
    highlight = settings.get_by_label("Highlight")
    tries = []
    for _ in range(12):
        try:  # polled at animation frames: a page busy searching would draw none meanwhile
            app.wait_for_function("document.getElementById('prompt').textContent.includes('is thinking')"
                                  " || document.getElementById('board').dataset.winner")
        except PlaywrightTimeoutError:
            raise AssertionError("the page never drew a frame while a player was thinking") from None
        if app.get_attribute("#board", "data-winner"):
            break
        app.evaluate("window.__events.length = 0")
        seen = app.evaluate("performance.now()")  # the test saw a decision under way
        app.locator(".toolbar [data-action='settings']").click()
        highlight.uncheck()
        highlight.check()
        app.keyboard.press("Escape")
        app.wait_for_function("window.__events.some(e => e.what === 'drawn: settings closed')")
        # The decision that was under way when the test saw "is thinking": the first
        # measure to end after that moment (measures are made when the answer arrives).
        app.wait_for_function("""seen => performance.getEntriesByName('senet:think')
            .some(m => m.startTime + m.duration >= seen)""", arg=seen)
        start, duration = app.evaluate("""seen => performance.getEntriesByName('senet:think')
            .filter(m => m.startTime + m.duration >= seen)
            .map(m => [m.startTime, m.duration])
            .sort((a, b) => (a[0] + a[1]) - (b[0] + b[1]))[0]""", seen)
        end = start + duration
        events = {e["what"]: e["t"] for e in app.evaluate("window.__events")}
        assert all(what in events and "drawn: " + what in events for what in HANDLED), events
        assert events["input: Escape"] < events["settings closed"]
        tries.append(duration)
        if start <= seen and all(events["drawn: " + what] < end for what in HANDLED):
            break  # all handled and drawn while the worker was still thinking
    else:
        raise AssertionError(f"the page never handled the input before the Expert's answer ({tries} ms)")
    assert app.get_attribute("#board", "data-winner") is None, (
        f"the game ended before any decision outlasted the test's input ({tries} ms)")
    record_timing(f"expert think (100000 nodes) that the page's input overtook (try {len(tries)})", duration)
    # The page's own long tasks meanwhile are short next to the search (a search on the
    # page's thread would be one long task as long as the whole decision).
    long_tasks = app.evaluate("window.__longtasks")
    if long_tasks is not None:
        overlapping = [d for s, d in long_tasks if s < end and s + d > start]
        assert max(overlapping, default=0) < 0.5 * duration, (overlapping, duration)
    assert app.evaluate("document.documentElement.classList.contains('no-highlight')") is False


# ---------------------------------------------------------------- pages, dialog


def test_nav_links_open_the_pages(app, server):
    app.open("?variant=bell&white=human&black=human&seed=1")
    for name, heading in (("Intro", "Senet"), ("Rules", "Rules"), ("History", ""), ("About", "")):
        with app.expect_navigation():  # the page the link leads to, not the one still shown
            app.locator("header nav").get_by_role("link", name=name, exact=True).click()
        assert app.locator("h1").count() == 1 and heading in app.locator("h1").inner_text()
        app.go_back()
    app.wait_for_function(READY_OR_FAILED)
    app.click("#rules-link")
    app.wait_for_url("**/pages/rules-bell.html")
    assert app.url.endswith("pages/rules-bell.html")
    assert "Bell" in app.locator("h1").inner_text()
    for variant in senet.VARIANTS:
        assert app.request.get(server.url + f"pages/rules-{variant}.html").status == 200


def test_new_game_dialog(app):
    app.open("?variant=kendall&white=human&black=human&seed=1&speed=instant")
    app.locator(".toolbar [data-action='new-game']").click()
    dialog = app.locator("#new-game")
    assert dialog.is_visible()
    app.select_option("#ng-variant", "tait")
    app.select_option("#ng-player1", "human")
    app.select_option("#ng-player2", "novice")
    app.fill("#ng-name1", "Ann")
    dialog.get_by_role("button", name="Start").click()
    app.wait_for_function("document.getElementById('board').dataset.variant === 'tait'")
    assert not dialog.is_visible()
    assert app.locator('.player[data-seat="1"] .name').inner_text() == "Ann"
    assert app.locator('[data-tray="w-supply"]').count() == 1
    # White (the human) waits; black (the Novice) throws first and may already have entered.
    assert app.locator('[data-piece][data-colour="white"][data-at="supply"]').count() == 5
    assert app.locator("[data-piece]").count() == 10
    # Cancel keeps the game.
    old = position(app)
    app.locator(".toolbar [data-action='new-game']").click()
    dialog.get_by_role("button", name="Cancel").click()
    assert position(app) == old and app.get_attribute("#board", "data-variant") == "tait"


# ---------------------------------------------------------------- screens, motion, a11y


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_layout_fits(app, size):
    width, height = size
    app.set_viewport_size({"width": width, "height": height})
    app.open("?variant=kendall&white=human&black=novice&seed=1")
    assert app.evaluate("document.documentElement.scrollWidth") <= width
    for selector in ("#board", '[data-action="throw"]', "#status"):
        box = app.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector
        assert box["y"] + box["height"] <= height, f"{selector} is below the fold at {size}"
    square = app.locator('#board [data-square="1"]').bounding_box()
    assert square["width"] >= 30  # still a comfortable tap target on a phone


def test_reduced_motion_stops_the_animations(app):
    app.emulate_media(reduced_motion="reduce")
    app.open("?variant=kendall&white=human&black=human&seed=7&speed=slow")
    duration = app.evaluate(
        "getComputedStyle(document.querySelector('[data-piece]')).transitionDuration")
    assert duration == "0s"
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    animation = app.evaluate(
        "getComputedStyle(document.querySelector('[data-movable=true] .halo')).animationName")
    assert animation == "none"
    assert app.evaluate(TOSS) == "none"  # the sticks land without a toss


def test_the_board_animates_briefly_and_not_at_speed_instant(app):
    """The movable pieces' glow pulses three times, under five seconds, then holds still
    (a pulse that never stops repaints the board for as long as a player thinks), and
    the squares' colour fades only at the speeds that show the pieces moving."""
    app.open("?variant=kendall&white=human&black=human&seed=7&speed=normal")
    square = "getComputedStyle(document.querySelector('#board [data-square=\"1\"]')).transitionDuration"
    assert app.evaluate(square) == "0.2s"
    app.click('[data-action="throw"]')
    app.wait_for_selector('[data-movable="true"]')
    glow = app.evaluate("""() => {
      const style = getComputedStyle(document.querySelector('[data-movable=true] .halo'));
      return [style.animationName, style.animationIterationCount, style.animationDuration];
    }""")
    assert glow == ["glow", "3", "1.6s"]
    app.select_option("#speed", "instant")
    app.wait_for_function(f"{square} === '0s'")
    app.select_option("#speed", "fast")
    app.wait_for_function(f"{square} === '0.2s'")


# The animation of the sticks, as the browser applies it.
TOSS = "getComputedStyle(document.querySelector('#sticks svg')).animationName"


def test_each_throw_tosses_the_sticks_again(app):
    """Every throw starts the toss again: the sticks switch between two animations of the
    same frames (restarting one would force a layout from script on every throw)."""
    app.open("?variant=kendall&white=human&black=human&seed=7&speed=instant")
    assert app.evaluate(TOSS) == "none"
    tosses = []
    while len(tosses) < 3:
        app.wait_for_function(HUMAN_TURN)
        old = position(app)
        done = human_act(app)
        if done:
            wait_position_change(app, old)
        if done == "throw":
            tosses.append(app.evaluate(TOSS))
    assert tosses == ["toss", "toss-again", "toss"]


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_axe_finds_no_serious_violations(app, size):
    app.set_viewport_size({"width": size[0], "height": size[1]})
    app.open("?variant=tait&white=human&black=novice&seed=9&speed=instant")
    assert axe_violations(app) == []
    throw = app.locator('[data-action="throw"]')
    throw.wait_for(state="visible")
    app.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
    before = position(app)
    # Clicked in the page: this test checks the states' accessibility, and twice, on a
    # busy machine, a pointer click here right after axe ran was never handled (the cause
    # is not found; the pointer clicks of the other tests cover the button itself).
    app.evaluate("document.querySelector('[data-action=\"throw\"]').click()")  # highlights, buttons, messages change
    wait_position_change(app, before)
    assert axe_violations(app) == []
    app.locator(".toolbar [data-action='new-game']").click()
    assert axe_violations(app) == []


def test_axe_on_the_game_over_panel(app):
    app.open("?variant=thibault&white=novice&black=novice&seed=3&speed=instant")
    app.wait_for_selector("#board[data-winner]")
    assert axe_violations(app) == []
