"""A game between two devices in Chromium: two browser contexts (two players
who share nothing but the invite and the answer) connect over a WebRTC data channel
with no STUN server (`?ice=`, docs/online.md), play a whole game by clicks on both pages
and end with the same record, which verifies; crafted messages change nothing."""

import re

import pytest
from conftest import APP_PAGE_SETUP, DEFAULT_TIMEOUT_MS, position, wait_app_ready
from helpers import ACT, ACT_AND_WAIT, LINK, QUERY, RECORD, connect, open_page

import senet
from senet.verify import VERIFIED, verify_record

# Dispatch a message as if it had come over the data channel (app/online/link.js's event).
INJECT = """text => window.dispatchEvent(new CustomEvent("senet:link",
  {detail: {type: "message", value: text}}))"""


def _act(page) -> bool:
    return page.evaluate(ACT)


def _same_board(page, other, shown=None):
    """Wait until ``other`` shows the position ``page`` shows (``shown``, when the caller
    read it already): its message has come."""
    other.wait_for_function("pos => document.getElementById('board').dataset.position === pos",
                            arg=position(page) if shown is None else shown)


def _play_to_end(host, guest, limit=2000):
    """Whichever page may act does (a throw or a click on a piece); after each action
    both boards show the same position before the next."""
    pages = (host, guest)
    for _ in range(limit):
        for page, other in ((host, guest), (guest, host)):
            done = page.evaluate(ACT_AND_WAIT, DEFAULT_TIMEOUT_MS)
            if done["winner"] or done["acted"]:
                _same_board(page, other, done["position"])
                if done["winner"]:
                    return
                break
        else:
            pytest.fail(f"neither page may act: {[position(p) for p in pages]}")
    pytest.fail("the game did not end")


@pytest.fixture
def two_pages(guarded_context):
    pages, logs = [], []
    for _ in range(2):
        context, log = guarded_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.set_default_timeout(60_000)  # a wait that succeeds returns at once
        pages.append(page)
        logs.append(log)
    yield pages
    for page, log in zip(pages, logs):  # no page error, no console error, nothing the CSP blocked
        assert page.evaluate("window.__csp === undefined ? [] : window.__csp") == []
        assert log.errors == []


def test_a_whole_game_between_two_pages(two_pages, server):
    host, guest = two_pages
    connect(host, guest, server)
    _play_to_end(host, guest)
    records = [p.evaluate(RECORD) for p in (host, guest)]
    assert records[0] == records[1]
    record = records[0]
    assert "throws sha256-duel" in record and "reveal 1 " in record and "reveal 2 " in record
    assert "player 1 human Ann" in record and "player 2 human Bob" in record
    assert verify_record(record).status == VERIFIED
    game = senet.Game.from_record(record)
    assert game.over and game.variant == "kendall"
    # the app's Verify: the record as it is, then with seat 1's reveal changed
    guest.click('[data-action="record"]')
    guest.click('[data-record="verify"]')
    guest.wait_for_function("document.getElementById('record-error').textContent.startsWith('Verified')")
    line = next(i for i, text in enumerate(record.splitlines(), 1) if text.startswith("reveal 1 "))
    guest.fill("#record-text", re.sub(r"reveal 1 [0-9a-f]{32}", "reveal 1 " + "0" * 32, record))
    guest.click('[data-record="verify"]')
    guest.wait_for_function("document.getElementById('record-error').textContent.startsWith('Not verified')")
    assert f"line {line}:" in guest.inner_text("#record-error")


STATUS = "document.getElementById('friend-status').textContent"


def _opened_in_a_new_tab(context, url, words):
    """A new tab of ``context`` opened at ``url`` (an answer link): once its dialog's line
    says ``words`` (one line), the tab; it has no link of its own (off)."""
    tab = context.new_page()
    tab.goto(url)
    wait_app_ready(tab)
    tab.wait_for_function(f"w => {STATUS}.startsWith(w)", arg=words)
    assert "\n" not in tab.evaluate(STATUS) and tab.evaluate(LINK) == "off"
    return tab


def test_the_answer_link_opened_in_another_tab_reaches_the_waiting_tab(two_pages, server):
    """The host opens the friend's answer link in a new tab of the same browser: that tab
    hands it to the host's tab (a BroadcastChannel), which connects; with no tab waiting,
    the new tab says so and nothing changes."""
    host, guest = two_pages
    open_page(host, server.url + QUERY)
    context = host.context
    answer_url = server.url + QUERY + "#answer="
    # no tab waits for an answer yet
    lone = _opened_in_a_new_tab(context, answer_url + "AQI", "No tab of this browser is waiting for this answer")
    assert host.evaluate(LINK) == "off"
    lone.close()
    # the host invites; the friend answers
    host.click('[data-action="friend"]')
    host.fill("#friend-name", "Ann")
    host.click('[data-friend="invite"]')
    host.wait_for_function("document.querySelector('[data-invite]').dataset.invite.length > 0")
    invite = host.get_attribute("[data-invite]", "data-invite")
    open_page(guest, server.url + QUERY + "#join=" + invite.split("#join=")[1])
    guest.wait_for_selector("#friend-guest-name")
    guest.fill("#friend-guest-name", "Bob")
    guest.click('[data-friend="answer"]')
    guest.wait_for_function("document.querySelector('[data-answer]').dataset.answer.length > 0")
    answer = guest.get_attribute("[data-answer]", "data-answer")
    # a broken answer link: the waiting tab refuses it, and says so in both tabs
    broken = _opened_in_a_new_tab(context, answer_url + "AQI", "Your game in the other tab cannot use this answer")
    host.wait_for_function(f"{STATUS}.startsWith('An answer opened in another tab cannot be used')")
    assert host.evaluate(LINK) == "inviting"
    broken.close()
    # the friend's answer link, opened in a new tab: the host's tab takes it and connects
    tab = _opened_in_a_new_tab(context, answer_url + answer.split("#answer=")[1],
                               "Answer passed to your game in the other tab; you can close this one.")
    for page in (host, guest):
        page.wait_for_function(f"{LINK} === 'connected'")
    assert tab.evaluate(LINK) == "off"
    tab.close()
    for _ in range(4):  # the game is on: a few actions reach the other board
        for page, other in ((guest, host), (host, guest)):
            old = position(page)
            if _act(page):
                page.wait_for_function("old => document.getElementById('board').dataset.position !== old", arg=old)
                _same_board(page, other)
                break
        else:
            pytest.fail("neither page may act")


def test_a_reconnections_answer_opened_in_another_tab_reaches_the_waiting_tab(two_pages, server):
    """After a reload, the host's Reconnect invite is answered; the answer link, opened in
    a new tab of the host's browser, reaches the host's waiting tab and the game goes on."""
    host, guest = two_pages
    connect(host, guest, server)
    for _ in range(4):
        for page, other in ((guest, host), (host, guest)):
            old = position(page)
            if _act(page):
                page.wait_for_function("old => document.getElementById('board').dataset.position !== old", arg=old)
                _same_board(page, other)
                break
    host.reload()
    wait_app_ready(host)
    guest.wait_for_function(f"{LINK} === 'lost'")
    host.click('[data-action="friend"]')
    host.click('[data-friend="reconnect"]')
    host.wait_for_function("document.querySelector('[data-invite]').dataset.invite.includes('#rejoin=')")
    first_answer = guest.get_attribute("[data-answer]", "data-answer")
    guest.click('[data-action="friend"]')
    guest.fill("#friend-rejoin-in", host.get_attribute("[data-invite]", "data-invite"))
    guest.click('[data-friend="rejoin"]')
    guest.wait_for_function("""first => {
      const answer = document.querySelector('[data-answer]').dataset.answer;
      return answer.includes('#answer=') && answer !== first;
    }""", arg=first_answer)
    answer = guest.get_attribute("[data-answer]", "data-answer")
    tab = _opened_in_a_new_tab(host.context, server.url + QUERY + "#answer=" + answer.split("#answer=")[1],
                               "Answer passed to your game in the other tab; you can close this one.")
    for page in (host, guest):
        page.wait_for_function(f"{LINK} === 'connected'")
    tab.close()
    for page, other in ((guest, host), (host, guest)):  # the game goes on
        old = position(page)
        if _act(page):
            page.wait_for_function("old => document.getElementById('board').dataset.position !== old", arg=old)
            _same_board(page, other)
            break
    else:
        pytest.fail("neither page may act")


def _stats_rows(page) -> list:
    page.click(".toolbar [data-action='stats']")
    page.wait_for_selector("#stats-dialog[open]")  # its part may still be loading: the click is kept
    rows = [r.split("\t") for r in page.locator("#stats-table tbody tr").all_inner_texts()]
    page.locator("#stats-dialog").get_by_role("button", name="Close").click()
    return rows


def test_an_invite_to_kendalls_house_rules(two_pages, server):
    """The host ticks house rules in the dialog (the New game dialog's boxes, shown only for
    Kendall); the friend's page says them in words; the game, its record and the
    statistics of both pages name them."""
    host, guest = two_pages
    open_page(host, server.url + QUERY)
    host.click('[data-action="friend"]')
    # the dialog's part may still be loading: the click is kept, and it opens once loaded
    host.wait_for_selector("#friend-dialog[open] #friend-options")
    labels = [text.strip() for text in host.locator("#friend-options label").all_text_contents()]
    assert labels == [text.strip() for text in host.locator("#ng-options label").all_text_contents()]
    assert len(labels) == 4 and labels[0] == "Quick game: five pieces each"
    host.select_option("#friend-variant", "bell")
    assert host.locator("#friend-options").is_hidden()
    host.select_option("#friend-variant", "kendall")
    assert host.locator("#friend-options").is_visible()
    host.keyboard.press("Escape")
    connect(host, guest, server, house_rules=("five", "trap"))
    assert "(Kendall rules, five pieces, the trap on 27)" in guest.inner_text("#friend-game")
    assert senet.parse_position(position(host)).variant == "kendall+five+trap"
    _play_to_end(host, guest)
    records = [p.evaluate(RECORD) for p in (host, guest)]
    assert records[0] == records[1] and "\nvariant kendall+five+trap\n" in records[0]
    assert verify_record(records[0]).status == VERIFIED
    for page in (host, guest):  # one online game each, under the rule set with its house rules
        rows = [row[:2] + [int(row[2]) + int(row[3])] for row in _stats_rows(page)]
        assert rows == [["Kendall (five pieces, the trap on 27)", "A friend online", 1]]


def _sync(record, host_seat=1, host_name="Ann", guest_name="Bob"):
    """(EVENTS, MARK) of the game ``record`` holds, as a message from either side writes
    them (docs/online.md, "Messages"): computed here from the record alone."""
    from senet.moves import format_move
    from senet.online.duel import next_mark
    from senet.online.offer import Offer

    game = senet.Game.from_record(record)
    guest_seat = 3 - host_seat
    tag = Offer(game.variant, host_seat, host_name, game.anchors[host_seat]).tag()
    mark = next_mark(b"senet-duel/1", f"{tag}|{game.anchors[guest_seat]}|{guest_name}")
    events = 0
    for entry in game.entries:
        if entry.throw is not None:
            mark, events = next_mark(mark, f"t{entry.throw}"), events + 1
        if entry.action is not None:
            mark, events = next_mark(mark, "a" + format_move(entry.action)), events + 1
    return events, mark.hex()


def _refused(page, text, words):
    """Inject ``text`` on ``page``: the board, the record and the link stay as they were,
    and the message line says ``words`` in one line."""
    before = (position(page), page.evaluate(RECORD))
    page.evaluate(INJECT, text)
    page.wait_for_function("w => document.getElementById('status').textContent.toLowerCase().includes(w)",
                           arg=words.lower())
    status = page.inner_text("#status")
    assert "\n" not in status.strip()
    assert (position(page), page.evaluate(RECORD)) == before
    assert page.evaluate(LINK) == "connected"


def test_crafted_messages_change_nothing(two_pages, server):
    host, guest = two_pages
    connect(host, guest, server)
    # Kendall: the guest (black, player 2) throws first; nothing is thrown yet
    record = host.evaluate(RECORD)
    events, mark = _sync(record)
    assert events == 0
    _refused(host, "garbage", "expected 'KIND EVENTS MARK")
    _refused(host, "a 0 " + mark + " " + "x" * 200, "at most 160 characters")
    _refused(host, f"t {events} {mark} 0 " + "00" * 16, "does not lead to your anchor")
    _refused(host, f"a {events} {mark} 14-16", "not your turn")
    _refused(host, f"t {events} {mark} 0 " + "0" * 31, "32 lowercase hex digits")
    _refused(host, f"a {events + 3} {mark} 14-16", "ahead of this game")
    # the guest throws until the game waits for the guest's move: an illegal one is refused
    for _ in range(60):
        state = senet.parse_position(position(host))
        if state.throw is not None and state.side == "b" and len(state.legal_actions()) > 1:
            break
        for page, other in ((guest, host), (host, guest)):
            old = position(page)
            if _act(page):
                page.wait_for_function("old => document.getElementById('board').dataset.position !== old", arg=old)
                _same_board(page, other)
                break
    else:
        pytest.fail("the guest never had a choice of moves")
    events, mark = _sync(host.evaluate(RECORD))
    # an illegal move in this position (the throws differ from game to game: "1-2" may be
    # legal in one), refused with the engine's own words for it
    state = senet.parse_position(position(host))
    for text in (f"{n}-{n + 1}" for n in range(1, 30)):
        try:
            state.apply(senet.parse_move(text))
        except senet.SenetError as exc:
            move, why = text, str(exc)
            break
    else:
        pytest.fail(f"every step of one square is legal in {state.position()}")
    _refused(host, f"a {events} {mark} {move}", why)
    _refused(host, f"x {events} {mark} extra", "argument")
    # the game goes on: the guest's real move reaches the host
    old = position(guest)
    assert _act(guest)
    guest.wait_for_function("old => document.getElementById('board').dataset.position !== old", arg=old)
    _same_board(guest, host)


def test_a_reloaded_page_reconnects_and_the_game_goes_on(two_pages, server):
    host, guest = two_pages
    connect(host, guest, server, house_rules=("five",))  # five pieces each: a shorter game to the end
    for _ in range(12):  # a few turns
        for page, other in ((guest, host), (host, guest)):
            old = position(page)
            if _act(page):
                page.wait_for_function("old => document.getElementById('board').dataset.position !== old", arg=old)
                _same_board(page, other)
                break
    shown, record = position(host), host.evaluate(RECORD)
    host.reload()  # the host's page closes and comes back: the game is kept, the link is lost
    wait_app_ready(host)
    guest.wait_for_function(f"{LINK} === 'lost'")
    assert host.evaluate(LINK) == "lost"
    assert position(host) == shown and host.evaluate(RECORD) == record
    # Reconnect: the host's new invite, pasted on the guest's page, and its answer back
    host.click('[data-action="friend"]')
    host.click('[data-friend="reconnect"]')
    host.wait_for_function("document.querySelector('[data-invite]').dataset.invite.includes('#rejoin=')")
    invite = host.get_attribute("[data-invite]", "data-invite")
    first_answer = guest.get_attribute("[data-answer]", "data-answer")
    guest.click('[data-action="friend"]')
    guest.fill("#friend-rejoin-in", invite)
    guest.click('[data-friend="rejoin"]')
    guest.wait_for_function("""first => {
      const answer = document.querySelector('[data-answer]').dataset.answer;
      return answer.includes('#answer=') && answer !== first;
    }""", arg=first_answer)
    host.fill("#friend-answer-in", guest.get_attribute("[data-answer]", "data-answer"))
    host.click('[data-friend="connect"]')
    for page in (host, guest):
        page.wait_for_function(f"{LINK} === 'connected'")
    _play_to_end(host, guest)
    records = [p.evaluate(RECORD) for p in (host, guest)]
    assert records[0] == records[1] and records[0].startswith(record.split("\nplayer")[0].split("\nreveal")[0])
    assert verify_record(records[0]).status == VERIFIED


def test_the_connection_servers_are_a_setting(page, server):
    """Settings name the STUN servers online play asks: the default pair at first; a bad
    entry is named in one line and changes nothing; an empty list is kept (one network)."""
    page.goto(server.url + "?variant=kendall&white=human&black=human")
    wait_app_ready(page)
    stored = "() => localStorage.getItem('senet:stun')"
    page.click('.toolbar [data-action="settings"]')
    field = page.locator("#set-stun")
    assert field.input_value() == "stun:stun.l.google.com:19302 stun:stun.cloudflare.com:3478"
    field.fill("stun:stun.example.org:3478 https://example.org")
    field.press("Tab")  # the change is committed
    page.wait_for_function("() => document.getElementById('set-stun-error').textContent !== ''")
    assert "'https://example.org' is not a STUN server" in page.inner_text("#set-stun-error")
    assert page.evaluate(stored) is None  # nothing saved
    field.fill("  ")
    field.press("Tab")
    page.wait_for_function(f"() => ({stored})() === ''")
    assert page.inner_text("#set-stun-error") == ""
    page.keyboard.press("Escape")
    page.reload()
    wait_app_ready(page)
    page.click('.toolbar [data-action="settings"]')
    assert page.locator("#set-stun").input_value() == ""  # remembered: no server at all


def test_an_invite_asked_for_before_the_link_script_has_run(page, server):
    """app/link.js (``window.senetLink``) is a module script of its own, started in no
    order with Python's start: on a busy machine its request came in after the page was
    ready, and an invite answered at once never got its answer. Here its request is held
    until the page is ready and "Make the invite" is clicked: the page waits for the
    script, and the invite comes once the script has run."""
    held = []
    page.route("**/app/link.js", lambda route: held.append(route))
    page.add_init_script(APP_PAGE_SETUP)
    page.goto(server.url + QUERY, wait_until="commit")  # the held script delays the load event
    wait_app_ready(page)
    assert held and page.evaluate("window.senetLink === undefined")
    page.click('[data-action="friend"]')
    page.fill("#friend-name", "Ann")
    page.click('[data-friend="invite"]')
    status = "() => document.getElementById('friend-status').textContent"
    said = page.wait_for_function(f"() => {LINK} === 'inviting' && ({status})()").json_value()
    assert said == "Gathering this device's network addresses\u2026"  # not "could not be made"
    for route in held:
        route.continue_()
    page.wait_for_function("() => document.querySelector('[data-invite]').dataset.invite.length > 0")
    assert page.evaluate(status) == "Send the link to your friend, then paste their answer below."
