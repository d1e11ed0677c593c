"""What the browser tests share (tests/browser/): the screen sizes, the layout-shift
watch, boxes, playing a person's turns by clicks, two pages connected for a game between
two devices, the games and the scripts that play, hint and review in any engine (Chromium
through Playwright, Firefox and WebKit through engine_drivers.py), the words of the
storage's refusals, and the service worker's lists and states. The fixtures (`app`,
`screen`, `guarded_context`, `site`, `serve_site`, `launch_profile`...) are in
conftest.py; a test module imports from here and from conftest, never from another test
module (tests/engine/test_docs.py checks it)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import (
    APP_PAGE_SETUP,
    DEFAULT_TIMEOUT_MS,
    HUMAN_ACT,
    HUMAN_TURN,
    READY_TIMEOUT_MS,
    axe_violations,
    wait_app_ready,
)

from senet.words import t

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
BOX = "sel => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }"

# Every layout shift from the start of the page, with what moved (its node and boxes, and
# whether it is in the stage or one of the move log's entries). A shift may be reported
# when the page has no #stage (while it is being left): the checks allow for that, since
# an exception here would be a page error of the test's own making.
LAYOUT_SHIFTS = """
window.__shifts = [];
const within = (id, node) => { const el = document.getElementById(id); return Boolean(el && node && el.contains(node)); };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__shifts.push({t: e.startTime, input: e.hadRecentInput, value: e.value,
      sources: (e.sources || []).map((s) => ({
        stage: within('stage', s.node),
        log: within('log-list', s.node),
        node: s.node && s.node.nodeType === 1
          ? s.node.tagName + "#" + s.node.id + "." + (s.node.getAttribute("class") || "") : String(s.node),
        from: [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height],
        to: [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height]}))});
  }
}).observe({type: "layout-shift", buffered: true});
"""


def box(page, sel) -> list:
    return page.evaluate(BOX, sel)


def whole_in_window(page, sel) -> bool:
    """The element is entirely inside the window (not cut by an edge)."""
    x, y, w, h = box(page, sel)
    vp = page.viewport_size
    return w > 0 and h > 0 and x >= 0 and y >= 0 and x + w <= vp["width"] + 0.5 and y + h <= vp["height"] + 0.5


# The element's box, and whether some part of it is cut by the window or by a box around it
# that scrolls or clips (a side panel that scrolls by itself hides what is past its edge).
SIGHT = """sel => {
  const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  let top = 0, left = 0, bottom = innerHeight, right = innerWidth;
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowY !== 'visible' || s.overflowX !== 'visible') {
      const c = p.getBoundingClientRect();
      top = Math.max(top, c.top); left = Math.max(left, c.left);
      bottom = Math.min(bottom, c.bottom); right = Math.min(right, c.right);
    }
  }
  const whole = r.width > 0 && r.height > 0 && r.top >= top - 0.5 && r.left >= left - 0.5
    && r.bottom <= bottom + 0.5 && r.right <= right + 0.5;
  return [whole, [r.x, r.y, r.width, r.height]];
}"""


def whole_in_sight(page, sel) -> bool:
    """The element is entirely in view: inside the window and every box around it that
    scrolls or clips."""
    return page.evaluate(SIGHT, sel)[0]


def overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] - 0.5 and b[0] < a[0] + a[2] - 0.5 and a[1] < b[1] + b[3] - 0.5 and b[1] < a[1] + a[3] - 0.5


def your_turns(page, turns: int) -> None:
    """Your turns against the computer by clicks (a tap shows a piece's target first)."""
    for _ in range(turns):
        page.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled"
                               " || document.getElementById('board').dataset.winner")
        if page.get_attribute("#board", "data-winner"):
            return
        page.click('[data-action="throw"]')
        page.wait_for_function("document.querySelector('[data-movable=\"true\"]')"
                               " || !document.querySelector('[data-action=\"pass\"]').hidden"
                               " || document.getElementById('board').dataset.side === 'w'")
        before = page.get_attribute("#board", "data-position")
        movable = page.locator('[data-movable="true"]')
        if movable.count():
            movable.first.dispatch_event("click")
            if page.get_attribute("#board", "data-position") == before and page.locator('[data-target="true"]').count():
                page.locator('[data-target="true"]').first.dispatch_event("click")


def turns_until_a_choice(page, turns: int = 12, before_throw=None) -> None:
    """Your turns by clicks (the first movable piece) until a throw leaves several pieces
    to choose from, at most ``turns``; ``before_throw(page)`` checks each turn before
    its throw."""
    for _ in range(turns):
        page.wait_for_function("!document.querySelector('[data-action=\"throw\"]').disabled")
        if before_throw is not None:
            before_throw(page)
        page.click('[data-action="throw"]')
        page.wait_for_function("document.querySelector('[data-movable=\"true\"]')"
                               " || !document.querySelector('[data-action=\"pass\"]').hidden"
                               " || document.getElementById('board').dataset.side === 'w'")
        if page.locator('[data-movable="true"]').count() > 1:
            return
        if page.locator('[data-movable="true"]').count():
            page.locator('[data-movable="true"]').first.dispatch_event("click")


# The human's next thing, waited for and done in one call inside the page: waits until the
# human has something to do (conftest.HUMAN_TURN) or the game is over, does it
# (conftest.HUMAN_ACT: a throw, the OK of a lost throw, the first movable piece) and waits
# until what the test watches has changed: the board's position ("position") or the save
# in localStorage ("save"). One call, not five: each call to the browser waits its turn
# on a busy machine. Resolves with [what was done, the watched value before], "" when the
# game is over, or "target" when the piece offers its targets (the test clicks one).
HUMAN_STEP = """async ([watch, timeoutMs]) => {
  const started = performance.now();
  const board = document.getElementById('board');
  const read = () => watch === 'save' ? localStorage.getItem('senet:save') : board.dataset.position;
  const until = async (test, what) => {
    while (!test()) {
      if (performance.now() - started > timeoutMs) throw new Error('timed out waiting for ' + what + ' at ' + board.dataset.position);
      await new Promise(resolve => setTimeout(resolve, 20));
    }
  };
  for (;;) {
    await until(""" + HUMAN_TURN + """, "the human's turn");
    if (board.dataset.winner) return ["", null];
    const old = read(), shown = board.dataset.position;
    const done = (""" + HUMAN_ACT + """)();
    if (!done) continue;  // the turn changed hands meanwhile (a lost throw passed by itself)
    if (done === "move" && board.dataset.position === shown && document.querySelector('[data-target="true"]'))
      return ["target", old];
    await until(() => read() !== old, "the " + watch + " to change");
    return [done, old];
  }
}"""


def human_step(page, watch: str = "position") -> str:
    """The human's next thing by clicks (HUMAN_STEP), waiting until ``watch`` ("position"
    or "save") has changed after it; a piece that offers its targets is moved to the first
    of them. Returns "throw", "pass" or "move", or "" when the game is over."""
    done, old = page.evaluate(HUMAN_STEP, [watch, DEFAULT_TIMEOUT_MS])
    if done == "target":
        page.locator('[data-target="true"]').first.click()
        changed = ("old => localStorage.getItem('senet:save') !== old" if watch == "save"
                   else "old => document.getElementById('board').dataset.position !== old")
        page.wait_for_function(changed, arg=old)
        done = "move"
    return done


QUERY = "?ice=&speed=instant"
LINK = "document.documentElement.dataset.link"
# The record of the game on the page, read from the Game record dialog. The dialog is a
# part loaded after the first paint (app/boot/parts.py): a click before it is there is kept
# and answered once it is, so the text is read once the dialog is open, then it is closed.
RECORD = """async () => {
  const dialog = document.getElementById('record-dialog');
  document.querySelector('[data-action="record"]').click();
  const started = performance.now();
  while (!dialog.open) {
    if (performance.now() - started > 30000) throw new Error('the Game record dialog did not open');
    await new Promise(done => setTimeout(done, 20));
  }
  const text = document.getElementById('record-text').value;
  dialog.close();
  return text;
}"""


# Does what this page's player must: throw or move (the first movable piece); false when
# it is not this page's turn.
ACT = """() => {
  const throwing = document.querySelector('[data-action="throw"]');
  if (!throwing.disabled && !throwing.hidden) { throwing.click(); return true; }
  const piece = document.querySelector('[data-movable="true"]');
  if (piece) { piece.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true; }
  return false;
}"""


# `ACT` and, when it acted, a wait in the page until its board shows another position,
# in one call: {winner, acted, position}.
ACT_AND_WAIT = """async (timeoutMs) => {
  const board = document.getElementById('board');
  const old = board.dataset.position;
  if (board.dataset.winner) return {winner: board.dataset.winner, acted: false, position: old};
  if (!(""" + ACT + """)()) return {winner: null, acted: false, position: old};
  const until = performance.now() + timeoutMs;
  while (board.dataset.position === old) {
    if (performance.now() > until) throw new Error('the board still shows ' + old);
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  return {winner: null, acted: true, position: board.dataset.position};
}"""


def open_page(page, url):
    page.add_init_script(APP_PAGE_SETUP)
    page.goto(url)
    wait_app_ready(page)


def connect(host, guest, server, variant="kendall", seat="1", house_rules=()):
    """The host invites (to ``variant`` with Kendall's ``house_rules`` ticked), the guest
    opens the invite, the host pastes the answer."""
    open_page(host, server.url + QUERY)
    host.click('[data-action="friend"]')
    host.select_option("#friend-variant", variant)
    for option in house_rules:
        host.check(f"#friend-opt-{option}")
    host.select_option("#friend-seat", seat)
    host.fill("#friend-name", "Ann")
    host.click('[data-friend="invite"]')
    host.wait_for_function("document.querySelector('[data-invite]').dataset.invite.length > 0")
    invite = host.get_attribute("[data-invite]", "data-invite")
    assert host.evaluate(LINK) == "inviting"
    assert "#join=" in invite and len(invite) < 600
    assert host.locator("#friend-qr path").count() == 1
    assert axe_violations(host) == []  # the dialog with its invite, as a screen reader meets it
    code = invite.split("#join=")[1]
    open_page(guest, server.url + QUERY + "#join=" + code)
    guest.wait_for_selector("#friend-guest-name")
    assert "invites you" in guest.inner_text("#friend-game")
    assert axe_violations(guest) == []
    guest.fill("#friend-guest-name", "Bob")
    guest.click('[data-friend="answer"]')
    guest.wait_for_function("document.querySelector('[data-answer]').dataset.answer.length > 0")
    answer = guest.get_attribute("[data-answer]", "data-answer")
    assert "invites you" in guest.inner_text("#friend-game")
    host.fill("#friend-answer-in", answer)
    host.click('[data-friend="connect"]')
    for page in (host, guest):
        page.wait_for_function(f"{LINK} === 'connected'")


# Kendall: white throws away a sure win at the first line (K2, K7: 26-off with a 5 keeps
# the turn and the piece on 30 bears off on any throw); the game goes on to its end.
BLUNDER_RECORD = """senet-record 1
variant kendall
seed 4
throws sha256
start kendall .......................b.w.b.w w - w=0/5,b=0/5 -
w 5 30-off
w 1 26-27
b 1 24-25
b 3 28-off
w 5 pass
b 2 25-23
w - rescue
b 2 23-25
w 3 15-18
b 5 25-20
b 1 20-21
b 2 21-23
w 2 18-20
b 1 23-24
b 1 24-25
b 3 25-22
w 3 20-23
b 2 22-24
w 2 23-25
b 1 24-25
b 3 25-22
w 2 24-26
b 3 22-25
w 5 26-off
result w
"""


# ------------------------------------------------------------------ games and engines

# Late in a game (three pieces each on the board, four borne off), white to act: a game
# from here ends in a few turns of each side.
LATE_POSITION = "kendall ...............wb.w.b.w.b..... w - w=0/4,b=0/4 -"
LATE = "&position=" + LATE_POSITION.replace(" ", "+")
# The Expert (white, in the worker, a small search) against Average: plays by itself.
EXPERT_AGAINST_AVERAGE = "variant=kendall&white=expert&black=average&seed=7&speed=instant&expert_nodes=300" + LATE
# Computer against computer (the UI's test hook), Expert playing white, from LATE_POSITION:
# a whole game from the start took most of the offline test's time and covered nothing more.
COMPUTER_GAME = "variant=kendall&white=expert&black=novice&seed=7&speed=instant" + LATE
GAME_TIMEOUT_MS = 180_000

# The page is ready, or it failed (an expression, for every engine's driver).
READY = ("document.documentElement.dataset.ready === 'true'"
         " || document.querySelector('.py-error') !== null")
# How many decisions the Expert has made on this page (an expression).
EXPERT_THINKS = ("performance.getEntriesByName('senet:think')"
                 ".filter(m => m.detail && m.detail.level === 'expert').length")

# Plays the human's side by clicks (synthetic click events, the same for every engine):
# throw, OK a lost throw, pick a piece and its target. Stops at the game's end, or, with
# stopAfter >= 0, at the human's first throw after that many actions. Every wait is for a
# state.
PLAY = """async (stopAfter, timeoutMs) => {
  const started = performance.now();
  const $ = s => document.querySelector(s);
  const board = () => document.getElementById('board');
  const tap = el => el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const until = async test => {
    while (!test()) {
      if (performance.now() - started > timeoutMs) throw new Error('timed out at ' + board().dataset.position);
      await new Promise(resolve => setTimeout(resolve, 30));
    }
  };
  const throwButton = () => $('[data-action="throw"]');
  const passButton = () => $('[data-action="pass"]');
  let acts = 0;
  for (;;) {
    await until(() => board().dataset.winner || !throwButton().disabled || !passButton().hidden
                      || $('[data-target="true"]') || $('[data-movable="true"]'));
    const position = board().dataset.position;
    if (board().dataset.winner) return {winner: board().dataset.winner, acts, position};
    if (!throwButton().disabled) {
      if (stopAfter >= 0 && acts >= stopAfter) return {winner: null, acts, position};
      throwButton().click();
      await until(() => board().dataset.position !== position);
    } else if (!passButton().hidden) {
      passButton().click();  // it also passes by itself after a moment
      await until(() => board().dataset.position !== position);
    } else if ($('[data-target="true"]')) {
      tap($('[data-target="true"]'));
      await until(() => board().dataset.position !== position);
    } else {
      tap($('[data-movable="true"]'));  // moves at once, or offers its targets
      await until(() => board().dataset.position !== position || $('[data-target="true"]'));
    }
    acts++;
  }
}"""

# Hints on (the Settings' checkbox, as a click would set it), then the human's decisions
# until one with two pieces or more to move, which the Expert, in the worker, hints:
# "Hint: ..." in #hint-text, and on the board the square it suggests (class "suggest").
# Returns {text, squares, position}, or null if the game ended first.
HINT = """async (timeoutMs) => {
  const started = performance.now();
  const $ = s => document.querySelector(s);
  const board = () => document.getElementById('board');
  const tap = el => el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const until = async (test, what) => {
    while (!test()) {
      if (performance.now() - started > timeoutMs) throw new Error('timed out: ' + what + ' at ' + board().dataset.position);
      await new Promise(resolve => setTimeout(resolve, 30));
    }
  };
  const thinking = 'Hint: the Expert is thinking\u2026';
  // the Settings dialog is a part loaded after ready (app/boot/parts.py): its checkbox is
  // answered once the part is there (a player opens the dialog first, which waits for it)
  await until(() => (document.documentElement.dataset.parts || '').split(',').includes('settings'),
              'the settings part');
  const hints = document.getElementById('set-hints');
  if (!hints.checked) {
    hints.checked = true;
    hints.dispatchEvent(new Event('change', {bubbles: true}));
  }
  await until(() => (document.documentElement.dataset.worker || '').includes('kendall'), 'the worker');
  while (!board().dataset.winner) {
    await until(() => board().dataset.winner || !$('[data-action="throw"]').disabled
                      || !$('[data-action="pass"]').hidden || $('[data-movable="true"]'), 'the human');
    const position = board().dataset.position;
    if (board().dataset.winner) break;
    if (document.querySelectorAll('[data-movable="true"]').length > 1) {  // a real choice: the Expert hints it
      await until(() => !$('#hint-text').hidden && $('#hint-text').textContent !== thinking, 'the hint');
      await until(() => document.querySelector('#board .suggest'), 'the hint on the board');
      return {text: $('#hint-text').textContent, position,
              squares: [...document.querySelectorAll('#board .square.suggest')].map(e => Number(e.dataset.square))};
    }
    if (!$('[data-action="throw"]').disabled) {
      $('[data-action="throw"]').click();
      await until(() => board().dataset.position !== position, 'a throw');
    } else if (!$('[data-action="pass"]').hidden) {
      $('[data-action="pass"]').click();
      await until(() => board().dataset.position !== position, 'a pass');
    } else {
      tap($('[data-movable="true"]'));
      await until(() => board().dataset.position !== position || $('[data-target="true"]'), 'a move');
      if ($('[data-target="true"]')) {
        tap($('[data-target="true"]'));
        await until(() => board().dataset.position !== position, 'its target');
      }
    }
  }
  return null;
}"""

# A game from its start, you (black) against Average: real choices come soon.
HINTED_GAME = "variant=kendall&white=average&black=human&seed=9&speed=instant"
# The game over, "Review this game": resolves with the review's state once it ends.
REVIEW = """async (timeoutMs) => {
  const started = performance.now();
  document.querySelector('#game-over [data-action="review"]').click();
  const review = document.getElementById('review');
  while (!['done', 'failed', 'stopped'].includes(review.dataset.state)) {
    if (performance.now() - started > timeoutMs) throw new Error('the review timed out: ' + review.dataset.state);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  return {state: review.dataset.state, status: document.getElementById('review-status').textContent,
          points: document.querySelectorAll('#review-points circle').length};
}"""


# ------------------------------------------------------------------ the storage's refusals

FULL = t("storage.unsaved.notice", why=t("storage.unsaved.full"))
BLOCKED = t("storage.unsaved.notice_lost", why=t("storage.unsaved.denied"))
# Reading window.localStorage throws, as with Chromium's "Don't allow sites to save data".
STORAGE_BLOCKED = """Object.defineProperty(window, "localStorage", {
  configurable: true, get() { throw new DOMException("Access is denied for this document.", "SecurityError"); }});"""


# ------------------------------------------------------------------ the service worker

CONTROLLED = "() => navigator.serviceWorker.controller !== null && document.documentElement.dataset.sw === 'ready'"
RUNTIME_STATE = "(s) => document.documentElement.dataset.runtime === s"
CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).length;
  return out;
}"""


def build_info(site: Path) -> dict:
    """site/build-info.json: the version and the files of a build."""
    return json.loads((site / "build-info.json").read_text())


def sw_list(site: Path, name: str) -> list[list]:
    """The rows of the list ``name`` (PRECACHE, RUNTIME or EXTRA) in site/sw.js."""
    text = (site / "sw.js").read_text()
    start = text.index(f"const {name} = [")
    listing = text[start + len(f"const {name} = "): text.index("];", start) + 1]
    return json.loads(listing.replace(",\n]", "\n]"))


def languages(site: Path) -> dict[str, list[str]]:
    """{lang: [path]}: each language's files in site/sw.js (LANGS), precached for the
    languages a visit is in (English's: the information pages)."""
    text = (site / "sw.js").read_text()
    start = text.index("const LANGS = ")
    listing = text[start + len("const LANGS = "): text.index("\n};", start) + 2]
    langs = json.loads(listing.replace(",\n]", "\n]").replace("],\n}", "]\n}"))
    return {lang: [row[0] for row in rows] for lang, rows in langs.items()}


def precached(site: Path, lang: str = "en") -> list[str]:
    """The paths the service worker precaches (site/sw.js) for a visit in ``lang``: the
    app shell, and that language's files."""
    return [row[0] for row in sw_list(site, "PRECACHE")] + languages(site).get(lang, [])


def runtime_needed(site: Path) -> list[list]:
    """The rows of the runtime a worker fetches: the Zstandard twins, not the gzipped ones
    nor the files they compress (tools/pwa.py, twin_kind)."""
    return [row for row in sw_list(site, "RUNTIME") if row[3] in ("", "zst")]


def boot_app(page, url: str | None = None) -> dict:
    """Opens ``url`` (or stays on the page), waits until the app is ready and app/boot/pwa.js
    has read the version; returns the root element's data attributes."""
    if url:
        page.goto(url)
    wait_app_ready(page)
    # app/boot/pwa.js starts once the board is live (app/boot/later.js) and reads the version then
    page.wait_for_function("document.documentElement.dataset.version !== undefined", timeout=READY_TIMEOUT_MS)
    return page.evaluate("() => ({...document.documentElement.dataset})")
