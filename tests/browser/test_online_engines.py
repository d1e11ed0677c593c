"""A game between two devices across two browser engines: Chromium (Playwright)
and Firefox ESR (Debian's, over WebDriver BiDi: tests/browser/engine_drivers.py), each
way round (who hosts). Both pages have no STUN server (``?ice=``) and connect by their
host candidates on this machine; they play a whole game by clicks on both pages and end
with the same record, which verifies.

Firefox hides its host candidates behind mDNS names by default (``….local``), which
Chromium here cannot resolve (conftest's host resolver rules); its profile shows plain
addresses instead (``media.peerconnection.ice.obfuscate_host_addresses`` false), as
Chromium does with ``--disable-features=WebRtcHideLocalIpsWithMdns``. (Measured: with
Firefox's default both games still connected, through Chromium's plain candidates and the
peer-reflexive one Firefox's checks reveal; the preference keeps the test from depending
on that.)
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import APP_PAGE_SETUP, DEFAULT_TIMEOUT_MS, seeded_random_script, wait_app_ready
from engine_drivers import FIREFOX, FIREFOX_OWN, DeadEndProxy, DriverError, Firefox, proxied_host
from helpers import ACT_AND_WAIT, LINK, QUERY, RECORD  # the page played as in test_online_play.py
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import senet
from senet.verify import VERIFIED, verify_record

BOARD = "document.getElementById('board').dataset"
SHOWS = f"pos => {BOARD}.position === pos"
FIREFOX_PREFS = {
    # plain host candidates, not mDNS names
    "media.peerconnection.ice.obfuscate_host_addresses": False,
}
# What a page says of the link, given with a wait that failed: which step stalled.
LINK_STATE = """({link: document.documentElement.dataset.link, senetLink: typeof window.senetLink,
  status: document.getElementById('friend-status').textContent})"""
READY = "document.documentElement.dataset.ready === 'true' || document.querySelector('.py-error') !== null"
# Set form fields by their selectors ({selector: value}; true or false ticks a checkbox),
# then click a button's selector.
FILL_AND_CLICK = """([fields, button]) => {
  for (const [selector, value] of Object.entries(fields)) {
    const field = document.querySelector(selector);
    if (typeof value === 'boolean') field.checked = value; else field.value = value;
    field.dispatchEvent(new Event('change', {bubbles: true}));
  }
  document.querySelector(button).click();
  return true;
}"""


class Chromium:
    """A Playwright page: ``call`` runs a JS function on ``arg``, ``wait`` waits (in the
    page) until it gives a truthy value and returns that value."""

    name = "Chromium"

    def __init__(self, page):
        self.page = page

    def goto(self, url: str) -> None:
        self.page.goto(url)
        wait_app_ready(self.page)

    def call(self, fn: str, arg=None):
        return self.page.evaluate(fn, arg)

    def wait(self, fn: str, arg=None):
        try:
            return self.page.wait_for_function(fn, arg=arg, timeout=DEFAULT_TIMEOUT_MS).json_value()
        except PlaywrightTimeoutError:
            pytest.fail(f"Chromium never showed {fn}: the page shows {self.page.evaluate(LINK_STATE)}")


class Gecko:
    """The Firefox driver's page, with the same calls."""

    name = "Firefox"

    def __init__(self, firefox: Firefox):
        self.ff = firefox

    def goto(self, url: str) -> None:
        self.ff.goto(url)
        self.ff.wait_for(READY, DEFAULT_TIMEOUT_MS)
        assert self.ff.evaluate("document.querySelectorAll('.py-error').length") == 0

    def call(self, fn: str, arg=None):
        return self.ff.evaluate(f"({fn})({json.dumps(arg)})")

    def wait(self, fn: str, arg=None):
        try:
            return self.ff.wait_for(f"({fn})({json.dumps(arg)})", DEFAULT_TIMEOUT_MS)
        except DriverError as exc:
            pytest.fail(f"Firefox never showed {fn} ({exc}): the page shows {self.ff.evaluate(LINK_STATE)}, "
                        f"console errors {self.ff.errors()}")


def _position(side) -> str:
    return side.call(f"() => {BOARD}.position")


@pytest.fixture
def firefox(tmp_path):
    if not os.access(FIREFOX, os.X_OK):
        pytest.fail(f"{FIREFOX} not found: install Debian firefox-esr (`make test` does)")
    proxy = DeadEndProxy()
    browser = Firefox(tmp_path / "profile", proxy, extra_prefs=FIREFOX_PREFS)
    try:
        browser.add_init_script(seeded_random_script())  # its chain's secret, as Chromium's: seeded
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


def _connect(host, guest, server, house_rules, rules_words):
    """The host invites (Kendall's rules with ``house_rules``), the guest opens the invite
    (which says ``rules_words``) and answers, the host takes the answer."""
    host.goto(server.url + QUERY)
    host.call("() => document.querySelector('[data-action=\"friend\"]').click()")
    # the dialog's part may still be loading: the click is kept, and the dialog opens once it is
    host.wait("() => document.querySelector('#friend-dialog[open] #friend-options') !== null")
    fields = {"#friend-variant": "kendall", "#friend-seat": "1", "#friend-name": "Ann"}
    fields.update({f"#friend-opt-{option}": True for option in house_rules})
    host.call(FILL_AND_CLICK, [fields, '[data-friend="invite"]'])
    invite = host.wait("() => document.querySelector('[data-invite]').dataset.invite")
    code = invite.split("#join=")[1]

    guest.goto(server.url + QUERY + "#join=" + code)
    guest.wait("() => !document.getElementById('friend-name-part').hidden")
    words = guest.call("() => document.getElementById('friend-game').textContent")
    assert words.startswith(f"Ann invites you to a game of Senet ({rules_words}): you are player 2")
    guest.call(FILL_AND_CLICK, [{"#friend-guest-name": "Bob"}, '[data-friend="answer"]'])
    answer = guest.wait("() => document.querySelector('[data-answer]').dataset.answer")
    assert "#answer=" in answer

    host.call(FILL_AND_CLICK, [{"#friend-answer-in": answer}, '[data-friend="connect"]'])
    for side in (host, guest):
        side.wait(f"() => {LINK} === 'connected'")


def _play_to_end(sides, limit=2000):
    """Whichever page may act does (ACT_AND_WAIT: one call, which waits in the page until
    its board moved); after each action both boards show the same position before the
    next. Returns the number of actions."""
    for count in range(limit):
        for side, other in (sides, sides[::-1]):
            done = side.call(ACT_AND_WAIT, DEFAULT_TIMEOUT_MS)
            if done["winner"] or done["acted"]:
                other.wait(SHOWS, done["position"])
                if done["winner"]:
                    return count
                break
        else:
            pytest.fail(f"neither page may act: {[_position(s) for s in sides]}")
    pytest.fail("the game did not end")


# Each way round: Chromium hosts a Kendall game; Firefox hosts one with five pieces each
# (Kendall's house rule KO1: a shorter game, and house rules across the two engines).
@pytest.mark.parametrize("firefox_hosts, house_rules, rules_words",
                         [(False, (), "Kendall rules"), (True, ("five",), "Kendall rules, five pieces")],
                         ids=["chromium-hosts", "firefox-hosts-five"])
def test_a_whole_game_between_chromium_and_firefox(chromium_page, firefox, server, firefox_hosts, house_rules,
                                                   rules_words):
    ff, proxy = firefox
    sides = (Chromium(chromium_page), Gecko(ff))
    host, guest = sides[::-1] if firefox_hosts else sides
    _connect(host, guest, server, house_rules, rules_words)
    for side in sides:  # both chains' secrets came from the test's seeded generators
        assert side.call("() => globalThis.__senetTestRandom === true")
    variant = "+".join(("kendall",) + house_rules)
    actions = _play_to_end(sides)
    assert actions > 10
    records = [side.call(RECORD) for side in sides]
    assert records[0] == records[1]
    record = records[0]
    assert "throws sha256-duel" in record and "reveal 1 " in record and "reveal 2 " in record
    assert "player 1 human Ann" in record and "player 2 human Bob" in record  # the host is player 1
    assert verify_record(record).status == VERIFIED
    game = senet.Game.from_record(record)
    assert game.over and game.variant == variant
    assert game.result == ff.evaluate(f"{BOARD}.winner")
    # Firefox: no error, nothing left 127.0.0.1 (nor the test server)
    assert ff.errors() == []
    leaks = [line for line in proxy.seen if not FIREFOX_OWN.search(proxied_host(line))]
    assert leaks == [], f"requests left 127.0.0.1: {leaks}"
    off_origin = [u for u in ff.requests() if not u.startswith((server.origin + "/", "data:", "blob:", "about:"))]
    assert off_origin == [], f"requests left the test server: {off_origin}"
