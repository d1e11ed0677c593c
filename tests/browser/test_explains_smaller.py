"""Issue 19's smaller items in Chromium: the arrows that show the way the pieces run,
the information pages' shared header, "Play from here" that asks first and keeps the
game it replaces, and the replay that plays itself (and pauses when the page is hidden).

The page fixtures are conftest.py's `shared` and `app` (one shared context, fresh
localStorage per page).
No test here asserts a duration or a rate: they wait for conditions and compare orders.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import precached
from playwright.sync_api import expect

from app.game.counting import replay_label

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------- 1. the way the pieces run

# Each chevron of #way: its squares, its wings and tip (screen coordinates), and the centres
# of the squares it joins; the numbers' and the pieces' boxes, to check nothing is covered.
WAY = """() => {
  const board = document.getElementById('board');
  const m = board.getScreenCTM();
  const pt = (x, y) => { const p = board.createSVGPoint(); p.x = x; p.y = y; return p.matrixTransform(m); };
  const centre = (n) => { const r = board.querySelector(`[data-square="${n}"]`).getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2]; };
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const kids = [...board.children];
  return {
    hidden: document.getElementById('way').getAttribute('aria-hidden'),
    under: kids.indexOf(document.getElementById('way')) < kids.indexOf(document.getElementById('pieces')),
    arrows: [...document.querySelectorAll('#way polyline')].map((e) => {
      const pts = [...e.points].map((p) => { const q = pt(p.x, p.y); return [q.x, q.y]; });
      const a = +e.dataset.from, b = +e.dataset.to;
      return {from: a, to: b, points: pts, a: centre(a), b: centre(b), box: box(e)};
    }),
    numbers: [...board.querySelectorAll('.numbers text')].map(box),
    pieces: [...board.querySelectorAll('#pieces .piece .shape')].map(box),
  };
}"""


def _unit(dx: float, dy: float) -> tuple[int, int]:
    """The axis a vector mostly points along, as (-1|0|1, -1|0|1)."""
    if abs(dx) >= abs(dy):
        return (1 if dx > 0 else -1), 0
    return 0, (1 if dy > 0 else -1)


def _overlap(p, q) -> bool:
    return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]


def _way(page) -> dict:
    data = page.evaluate(WAY)
    for arrow in data["arrows"]:
        (x1, y1), (tx, ty), (x2, y2) = arrow["points"]
        arrow["points_to"] = _unit(tx - (x1 + x2) / 2, ty - (y1 + y2) / 2)  # from the wings to the tip
        (ax, ay), (bx, by) = arrow["a"], arrow["b"]
        arrow["a_to_b"] = _unit(bx - ax, by - ay)  # from one square's centre to the next's
    return data


def test_the_arrows_show_the_way_C1_and_bell_runs_backwards_B2(app):
    app.open("?variant=kendall&white=human&black=human&seed=1")
    kendall = _way(app)
    assert kendall["hidden"] == "true" and kendall["under"]  # decorative; drawn under the pieces
    arrows = kendall["arrows"]
    assert [(a["from"], a["to"]) for a in arrows] == [(n, n + 1) for n in range(1, 30)]
    for arrow in arrows:
        assert arrow["points_to"] == arrow["a_to_b"], arrow  # each points from a square to the next
        for other in kendall["numbers"] + kendall["pieces"]:
            assert not _overlap(arrow["box"], other), (arrow, other)
    way = {a["from"]: a["points_to"] for a in arrows}
    # C1: row 1 left to right, down at 10/11, row 2 right to left, down at 20/21, row 3 left to right
    assert way[1] == way[9] == way[21] == way[29] == (1, 0)
    assert way[11] == way[19] == (-1, 0)
    assert way[10] == way[20] == (0, 1)
    board = app.locator("#board")
    expect(board).to_have_accessible_description(re.compile(r"run from square 1 to square 30"))

    app.open("?variant=bell&white=human&black=human&seed=1")
    bell = _way(app)
    arrows = bell["arrows"]
    assert [(a["from"], a["to"]) for a in arrows] == [(n, n - 1) for n in range(30, 1, -1)]
    for arrow in arrows:
        assert arrow["points_to"] == arrow["a_to_b"], arrow
    back = {a["to"]: a["points_to"] for a in arrows}  # keyed by the lower square, as `way`
    for n in range(1, 30):  # every step the other way round (B2: towards square 1)
        assert back[n] == (-way[n][0], -way[n][1]), n
    expect(board).to_have_accessible_description(re.compile(r"run backwards, from square 30 towards square 1"))


# ---------------------------------------------------------------- 2. the pages share the game's header

PAGES = sorted(p.name for p in (ROOT / "pages").glob("*.html"))
# The header as the browser has it: its markup with every link resolved and the
# aria-current marks taken out (compared across pages), which links are marked, and the
# computed styles of its parts.
HEADER = """() => {
  const header = document.querySelector('header.site');
  if (!header) return null;
  const copy = header.cloneNode(true);
  copy.querySelectorAll('[aria-current]').forEach((e) => e.removeAttribute('aria-current'));
  copy.querySelectorAll('[href]').forEach((e) => e.setAttribute('href', new URL(e.getAttribute('href'), location.href).href));
  const style = (e) => { const s = getComputedStyle(e);
    return [s.backgroundColor, s.color, s.fontFamily, s.fontSize, s.fontWeight, s.borderBottomColor, s.borderBottomWidth]; };
  const links = [...header.querySelectorAll('nav a')];
  const r = header.getBoundingClientRect();
  return {
    markup: copy.outerHTML.replace(/\\s+/g, ' '),
    box: [r.x, r.y, r.width, r.height],
    header: style(header), brand: style(header.querySelector('.brand')),
    plain: links.filter((a) => !a.hasAttribute('aria-current')).map(style),
    marked: links.filter((a) => a.hasAttribute('aria-current')).map((a) => ({href: a.href, current: a.getAttribute('aria-current'), style: style(a)})),
    current: [...document.querySelectorAll('a[aria-current="page"]')].map((a) => a.href),
  };
}"""


def test_every_page_shares_the_game_header_and_marks_itself(app, server):
    app.open("?variant=kendall&white=human&black=human&seed=1")
    game = app.evaluate(HEADER)
    assert game["current"] == [server.url + "index.html"]
    plain_link = game["plain"][0]
    assert len(PAGES) >= 10
    for name in PAGES:
        app.goto(server.url + "pages/" + name)
        page = app.evaluate(HEADER)
        assert page is not None, name
        # the same markup (brand, links) and the same look as on the game's page
        assert page["markup"] == game["markup"], name
        assert page["box"] == game["box"], name
        assert (page["header"], page["brand"]) == (game["header"], game["brand"]), name
        assert all(style == plain_link for style in page["plain"]), name
        # exactly one link marks the current page, and it is this page
        assert page["current"] == [server.url + "pages/" + name], name
        # the header marks this page, or for a rule set's page its section, Rules; visibly
        (marked,) = page["marked"]
        if name.startswith("rules-"):
            assert marked["href"] == server.url + "pages/rules.html" and marked["current"] == "true"
        else:
            assert marked["href"] == server.url + "pages/" + name and marked["current"] == "page"
        assert marked["style"] == game["marked"][0]["style"] != plain_link, name


def test_the_header_links_work_offline_they_are_precached(dist_dir):
    listed = set(precached(dist_dir))
    for name in PAGES:
        html = (dist_dir / "pages" / name).read_text(encoding="utf-8")
        header = html[html.index('<header class="site">'):html.index("</header>")]
        links = re.findall(r'href="([^"#]+)', header) + re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
        assert len(links) >= 7, name
        for link in links:
            target = (dist_dir / "pages" / link).resolve().relative_to(dist_dir.resolve()).as_posix()
            assert target in listed, (name, link)


def test_the_build_refuses_a_page_without_the_header_mark():
    import build

    header = build.site_header((ROOT / "index.html").read_text(encoding="utf-8"))
    assert 'aria-current' not in header and 'href="../index.html"' in header and 'href="intro.html"' in header
    with pytest.raises(build.BuildError, match="pages/new.html must hold the site header's mark exactly once"):
        build.page_with_header("<body><main></main></body>", "new.html", header)
    page = build.page_with_header(f"<body>{build.HEADER_MARK}</body>", "history.html", header)
    assert page.count('aria-current="page"') == 1 and 'href="history.html" aria-current="page"' in page


# ---------------------------------------------------------------- 3. "Play from here" asks, and keeps

LAST_PIECE = "kendall wwwwwww......................b b - w=0/0,b=0/6 -"  # black's last piece on 30
SAVED = "() => localStorage.getItem('senet:save')"
KEPT_KEYS = "() => Object.keys(localStorage).filter((k) => k.startsWith('senet:save:')).sort()"


def _record(page) -> str:
    page.locator(".toolbar [data-action='record']").click()
    text = page.locator("#record-text").input_value()
    page.locator("#record-dialog").get_by_role("button", name="Close").click()
    return text


def test_play_from_here_asks_first_and_keeps_the_game_it_replaces(app):
    # a finished game (you bear off your last piece: one step, the throw and the move), reviewed
    app.open(f"?position={LAST_PIECE.replace(' ', '+')}&white=novice&black=human&seed=1&speed=instant")
    app.click('[data-action="throw"]')
    app.locator('[data-movable="true"]').first.click()
    app.wait_for_selector("#board[data-winner='b']")
    finished = app.get_attribute("#board", "data-position")
    record = _record(app)
    # its replay, from the record dialog, at the first step
    app.locator(".toolbar [data-action='record']").click()
    app.locator("#record-dialog").get_by_role("button", name="Replay").click()
    replay = app.locator("#replay")
    replay.get_by_role("button", name="First step").click()
    assert app.inner_text("#replay-step") == "Start of the game (1 turn)"
    step0 = app.get_attribute("#board", "data-position")
    assert step0 == LAST_PIECE
    saved, kept = app.evaluate(SAVED), app.evaluate(KEPT_KEYS)

    # asked in the page's own dialog, the safe answer focused; Escape cancels: nothing changes
    replay.get_by_role("button", name="Play from here").click()
    dialog = app.get_by_role("dialog", name="Play from here?")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_accessible_description(re.compile(r"position at the start of the replay becomes your game.*is kept"))
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()
    app.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert replay.is_visible() and app.inner_text("#replay-step") == "Start of the game (1 turn)"
    assert app.get_attribute("#board", "data-position") == step0
    assert (app.evaluate(SAVED), app.evaluate(KEPT_KEYS)) == (saved, kept)
    expect(replay.get_by_role("button", name="Play from here")).to_be_focused()
    # and so does the Cancel button
    replay.get_by_role("button", name="Play from here").click()
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    assert (app.evaluate(SAVED), app.evaluate(KEPT_KEYS)) == (saved, kept)

    # confirmed (by keyboard): play goes on from the start, your throw to come
    replay.get_by_role("button", name="Play from here").click()
    app.keyboard.press("Tab")
    expect(dialog.get_by_role("button", name="Play from here")).to_be_focused()
    app.keyboard.press("Enter")
    expect(replay).to_be_hidden()
    assert app.get_attribute("#board", "data-position") == step0
    assert app.get_attribute("#board", "data-winner") is None
    assert "The game it replaced is kept" in app.inner_text("#status")
    assert app.evaluate(KEPT_KEYS) == ["senet:save:previous"]

    # the finished game is listed among the kept games and comes back intact
    app.locator(".toolbar [data-action='new-game']").click()
    items = app.locator("#kept-list .kept-game")
    assert items.count() == 1 and "finished" in items.first.inner_text()
    items.first.get_by_role("button", name="Resume").click()
    app.wait_for_selector("#board[data-winner='b']")
    assert app.get_attribute("#board", "data-position") == finished
    assert _record(app) == record


# ---------------------------------------------------------------- 4. the replay plays itself

# Every text #replay-step shows and every change of the Play button, in order.
WATCH_REPLAY = """() => {
  window.__replay = [];
  const step = document.getElementById('replay-step');
  const auto = document.querySelector('[data-action="replay-auto"]');
  new MutationObserver(() => window.__replay.push(step.textContent)).observe(step, {childList: true, characterData: true, subtree: true});
  new MutationObserver(() => window.__replay.push('playing=' + auto.dataset.playing)).observe(auto, {attributes: true, attributeFilter: ['data-playing']});
}"""


def _a_record(entries: int):
    import senet

    game = senet.Game("kendall", seed=4)
    while len(game.entries) < entries:
        if game.state.throw is None:
            game.throw()
        game.play(game.state.legal_actions()[0])
    return game


def _replay_pasted(app, record):
    """A fresh page whose record dialog replays ``record``: the replay panel."""
    app.open("?variant=kendall&white=human&black=human&seed=1&speed=instant")
    app.locator(".toolbar [data-action='record']").click()
    app.fill("#record-text", record.record_text())
    app.locator("#record-dialog").get_by_role("button", name="Replay").click()
    return app.locator("#replay")


def test_the_replay_plays_itself_step_by_step_to_the_end_at_the_chosen_speed(app):
    full = _a_record(8)
    last = len(full.entries)
    replay = _replay_pasted(app, full)
    replay.get_by_role("button", name="First step").click()
    assert app.inner_text("#replay-step") == replay_label(full, 0)  # "Start of the game (N turns)"
    app.select_option("#replay-speed", "4")  # the fastest speed: the same code as any other
    app.evaluate(WATCH_REPLAY)
    play = replay.get_by_role("button", name="Play", exact=True)
    play.click()
    app.wait_for_function("n => document.getElementById('replay-step').textContent === n"
                          " && document.querySelector('[data-action=\"replay-auto\"]').dataset.playing === 'false'",
                          arg=replay_label(full, last))
    events = app.evaluate("window.__replay")
    assert events == ["playing=true"] + [replay_label(full, k) for k in range(1, last + 1)] + ["playing=false"]
    assert app.get_attribute("#board", "data-position") == full.state.position()
    expect(replay.get_by_role("button", name="Play", exact=True)).to_be_visible()  # stopped at the end
    saved = app.evaluate("JSON.parse(localStorage.getItem('senet:settings'))")
    assert saved["replay_speed"] == "4"

    # a step by hand pauses it: Play (from the last step it starts again at the first), Back
    app.select_option("#replay-speed", "0.5")
    app.evaluate(WATCH_REPLAY)
    play.click()
    expect(replay.get_by_role("button", name="Pause", exact=True)).to_be_visible()
    replay.get_by_role("button", name="Step back").click()
    expect(replay.get_by_role("button", name="Play", exact=True)).to_be_visible()
    events = app.evaluate("window.__replay")
    assert events[:2] == [replay_label(full, 0), "playing=true"] and events[-1] == "playing=false"

    # the speed is remembered: the next visit's replay starts at 0.5x
    _replay_pasted(app, full)
    assert app.locator("#replay-speed").input_value() == "0.5"


# Makes the page hidden, as when the player switches to another tab, the moment the replay
# shows step `at`: headless Chromium keeps a page in a background tab "visible" (measured:
# another page brought to the front leaves document.visibilityState at "visible" and fires
# no visibilitychange), so document.hidden and document.visibilityState are overridden and
# the event dispatched, the way the browser would.
HIDE_AT_STEP = """label => {
  const step = document.getElementById('replay-step');
  const observer = new MutationObserver(() => {
    if (step.textContent !== label) return;
    observer.disconnect();
    window.__replay.push('hidden');
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
    Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => 'hidden'});
    document.dispatchEvent(new Event('visibilitychange'));
  });
  observer.observe(step, {childList: true, characterData: true, subtree: true});
}"""
SHOW = """() => {
  window.__replay.push('visible');
  delete document.hidden;
  delete document.visibilityState;
  document.dispatchEvent(new Event('visibilitychange'));
}"""
# A mark in the event list, set by a page timer of `ms` milliseconds started now: any step
# the replay had already planned (its own timer, due within one step) comes before it.
WITNESS = "([name, ms]) => setTimeout(() => window.__replay.push(name), ms)"


def test_the_replay_pauses_when_the_page_is_hidden_and_goes_on_only_when_played_again(app):
    from app.game.replay import game_prefix, step_seconds

    full = _a_record(12)
    last = len(full.entries)
    four_steps_ms = 4 * step_seconds("4") * 1000
    replay = _replay_pasted(app, full)
    replay.get_by_role("button", name="First step").click()
    app.select_option("#replay-speed", "4")
    app.evaluate(WATCH_REPLAY)
    app.evaluate(HIDE_AT_STEP, replay_label(full, 2))
    replay.get_by_role("button", name="Play", exact=True).click()

    # hidden at step 2: paused at once, the button says Play again
    app.wait_for_function("window.__replay.includes('playing=false')")
    assert app.evaluate("document.hidden") is True
    expect(replay.get_by_role("button", name="Play", exact=True)).to_be_visible()
    # no step plays while the page stays hidden, not even the one already planned
    app.evaluate(WITNESS, ["later, hidden", four_steps_ms])
    app.wait_for_function("window.__replay.includes('later, hidden')")
    # nor when the page shows again: only the player's Play goes on
    app.evaluate(SHOW)
    assert app.evaluate("[document.hidden, document.visibilityState]") == [False, "visible"]
    app.evaluate(WITNESS, ["later, visible", four_steps_ms])
    app.wait_for_function("window.__replay.includes('later, visible')")
    assert app.inner_text("#replay-step") == replay_label(full, 2)
    assert app.get_attribute("#board", "data-position") == game_prefix(full, 2).state.position()
    expect(replay.get_by_role("button", name="Play", exact=True)).to_be_visible()
    events = app.evaluate("window.__replay")
    assert events == ["playing=true", replay_label(full, 1), replay_label(full, 2), "hidden", "playing=false",
                      "later, hidden", "visible", "later, visible"]

    # Play goes on from step 2 (not from the first step) to the end
    replay.get_by_role("button", name="Play", exact=True).click()
    app.wait_for_function("n => document.getElementById('replay-step').textContent === n"
                          " && document.querySelector('[data-action=\"replay-auto\"]').dataset.playing === 'false'",
                          arg=replay_label(full, last))
    events = app.evaluate("window.__replay")[len(events):]
    assert events == ["playing=true"] + [replay_label(full, k) for k in range(3, last + 1)] + ["playing=false"]
