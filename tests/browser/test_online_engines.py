"""A game between two devices (issue 27) across two browser engines: Chromium (Playwright)
hosts and Firefox ESR (Debian's, over WebDriver BiDi: tests/browser/engine_drivers.py)
joins. Both pages have no STUN server (``?ice=``) and connect by their host candidates
on this machine; they play a whole game by clicks on both pages and end with the same
record, which verifies.

Firefox hides its host candidates behind mDNS names by default, which Chromium here
cannot resolve (conftest's host resolver rules); its profile shows plain addresses
instead (``media.peerconnection.ice.obfuscate_host_addresses``), as Chromium does with
``--disable-features=WebRtcHideLocalIpsWithMdns``.
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import APP_PAGE_SETUP, DEFAULT_TIMEOUT_MS, position, wait_app_ready
from engine_drivers import FIREFOX, FIREFOX_OWN, DeadEndProxy, Firefox, proxied_host

import senet
from senet.verify import VERIFIED, verify_record

QUERY = "?ice=&speed=instant"
LINK = "document.documentElement.dataset.link"
BOARD = "document.getElementById('board').dataset"
# The record of the game on the page, read from the Game record dialog.
RECORD = """() => {
  document.querySelector('[data-action="record"]').click();
  const text = document.getElementById('record-text').value;
  document.getElementById('record-dialog').close();
  return text;
}"""
# This page's player does what they must (throw, or click the first movable piece):
# true, or false when it is not this page's turn.
ACT = """() => {
  const throwing = document.querySelector('[data-action="throw"]');
  if (!throwing.disabled && !throwing.hidden) { throwing.click(); return true; }
  const piece = document.querySelector('[data-movable="true"]');
  if (piece) { piece.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true; }
  return false;
}"""
MOVED = f"old => {BOARD}.position !== old"
SHOWS = f"pos => {BOARD}.position === pos"
FIREFOX_PREFS = {
    # plain host candidates, not mDNS names
    "media.peerconnection.ice.obfuscate_host_addresses": False,
}


class Chromium:
    """A Playwright page, with the same two calls as `Gecko`."""

    def __init__(self, page):
        self.page = page

    def call(self, fn: str, arg=None):
        return self.page.evaluate(fn, arg)

    def wait(self, fn: str, arg=None):
        return self.page.wait_for_function(fn, arg=arg, timeout=DEFAULT_TIMEOUT_MS).json_value()

    def position(self) -> str:
        return position(self.page)


class Gecko:
    """The Firefox driver's page: ``call`` runs a JS function on ``arg``, ``wait`` waits
    (in the page) until it gives a truthy value."""

    def __init__(self, firefox: Firefox):
        self.ff = firefox

    def _expression(self, fn, arg):
        return f"({fn})({json.dumps(arg)})"

    def call(self, fn: str, arg=None):
        return self.ff.evaluate(self._expression(fn, arg))

    def wait(self, fn: str, arg=None):
        return self.ff.wait_for(self._expression(fn, arg), DEFAULT_TIMEOUT_MS)

    def position(self) -> str:
        return self.ff.evaluate(f"{BOARD}.position")


@pytest.fixture
def firefox(tmp_path):
    if not os.access(FIREFOX, os.X_OK):
        pytest.fail(f"{FIREFOX} not found: install Debian firefox-esr (`make test` does)")
    proxy = DeadEndProxy()
    browser = Firefox(tmp_path / "profile", proxy, extra_prefs=FIREFOX_PREFS)
    try:
        yield browser, proxy
    finally:
        browser.quit()
        proxy.close()


@pytest.fixture
def chromium_page(guarded_context):
    context, log = guarded_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(DEFAULT_TIMEOUT_MS)  # a wait that succeeds returns at once
    page.add_init_script(APP_PAGE_SETUP)
    yield page
    assert page.evaluate("window.__csp === undefined ? [] : window.__csp") == []
    assert log.errors == []


def _connect(page, firefox, server):
    """Chromium invites, Firefox opens the invite and answers, Chromium takes the answer."""
    page.goto(server.url + QUERY)
    wait_app_ready(page)
    page.click('[data-action="friend"]')
    page.select_option("#friend-variant", "kendall")
    page.select_option("#friend-seat", "1")
    page.fill("#friend-name", "Ann")
    page.click('[data-friend="invite"]')
    page.wait_for_function("document.querySelector('[data-invite]').dataset.invite.length > 0")
    invite = page.get_attribute("[data-invite]", "data-invite")
    code = invite.split("#join=")[1]

    firefox.goto(server.url + QUERY + "#join=" + code)
    firefox.wait_for("document.documentElement.dataset.ready === 'true'"
                     " && !document.getElementById('friend-name-part').hidden", DEFAULT_TIMEOUT_MS)
    assert "Ann invites you" in firefox.evaluate("document.getElementById('friend-game').textContent")
    firefox.evaluate("""(() => {
      document.getElementById('friend-guest-name').value = 'Bob';
      document.querySelector('[data-friend="answer"]').click();
    })()""")
    answer = firefox.wait_for("document.querySelector('[data-answer]').dataset.answer", DEFAULT_TIMEOUT_MS)
    assert "#answer=" in answer

    page.fill("#friend-answer-in", answer)
    page.click('[data-friend="connect"]')
    page.wait_for_function(f"{LINK} === 'connected'")
    firefox.wait_for(f"{LINK} === 'connected'", DEFAULT_TIMEOUT_MS)


def _play_to_end(sides, limit=2000):
    """Whichever page may act does; after each action both boards show the same position
    before the next. Returns the number of actions."""
    for count in range(limit):
        if sides[0].call(f"() => {BOARD}.winner || ''"):
            sides[1].wait(SHOWS, sides[0].position())
            return count
        for side, other in (sides, sides[::-1]):
            old = side.position()
            if side.call(ACT):
                side.wait(MOVED, old)
                other.wait(SHOWS, side.position())
                break
        else:
            pytest.fail(f"neither page may act: {[s.position() for s in sides]}")
    pytest.fail("the game did not end")


def test_chromium_hosts_and_firefox_joins(chromium_page, firefox, server):
    ff, proxy = firefox
    _connect(chromium_page, ff, server)
    sides = (Chromium(chromium_page), Gecko(ff))
    actions = _play_to_end(sides)
    assert actions > 10
    records = [side.call(RECORD) for side in sides]
    assert records[0] == records[1]
    record = records[0]
    assert "throws sha256-duel" in record and "reveal 1 " in record and "reveal 2 " in record
    assert "player 1 human Ann" in record and "player 2 human Bob" in record
    assert verify_record(record).status == VERIFIED
    game = senet.Game.from_record(record)
    assert game.over and game.variant == "kendall"
    assert game.result == ff.evaluate(f"{BOARD}.winner")
    # Firefox: no error, nothing left 127.0.0.1 (nor the test server)
    assert ff.errors() == []
    leaks = [line for line in proxy.seen if not FIREFOX_OWN.search(proxied_host(line))]
    assert leaks == [], f"requests left 127.0.0.1: {leaks}"
    off_origin = [u for u in ff.requests() if not u.startswith((server.origin + "/", "data:", "blob:", "about:"))]
    assert off_origin == [], f"requests left the test server: {off_origin}"
