"""What the browser tests share (tests/browser/): the screen sizes, the layout-shift
watch, boxes, playing a person's turns by clicks, and two pages connected for a game
between two devices. The fixtures (`app`, `screen`, `guarded_context`...) are in
conftest.py; a test module imports from here and from conftest, never from another test
module (tests/engine/test_docs.py checks it)."""

from conftest import APP_PAGE_SETUP, axe_violations, wait_app_ready

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


QUERY = "?ice=&speed=instant"
LINK = "document.documentElement.dataset.link"
# The record of the game on the page, read from the Game record dialog.
RECORD = """() => {
  document.querySelector('[data-action="record"]').click();
  const text = document.getElementById('record-text').value;
  document.getElementById('record-dialog').close();
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
