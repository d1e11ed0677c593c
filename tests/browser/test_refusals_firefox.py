"""Whatever the browser refuses, the game goes on, in Firefox ESR (Gecko) too: its
localStorage filled to its quota by another site's data, then freed, and then blocked
(reading window.localStorage throws SecurityError). Each game is played to its end by
clicks (helpers.py's PLAY), the notice's words are asserted, and Firefox reports no
error. The Chromium tests (test_refusals.py) cover the details; Firefox is driven over
WebDriver BiDi (tests/browser/engine_drivers.py).
"""

from __future__ import annotations

import json
import os

import pytest
from conftest import DEFAULT_TIMEOUT_MS, DistServer
from engine_drivers import FIREFOX, DeadEndProxy, Firefox
from helpers import BLOCKED, FULL, LATE, PLAY, READY, STORAGE_BLOCKED

from app.storage.formats import parse_game

# test_refusals.FILL_STORAGE, for Firefox's name of the refusal (QuotaExceededError, or
# NS_ERROR_DOM_QUOTA_REACHED in older versions): another site's data up to the quota.
FILL_STORAGE = """(() => {
  const keys = [];
  const fits = (key, value) => {
    try { localStorage.setItem(key, value); return true; }
    catch (e) { if (!/quota/i.test(e.name)) throw e; return false; }
  };
  for (let size = 1 << 20; size >= 1; size = Math.floor(size / 4)) {
    while (fits("another-site:" + keys.length, "x".repeat(size))) keys.push("another-site:" + keys.length);
  }
  const last = keys[keys.length - 1];
  let value = localStorage.getItem(last);
  for (let step = 256; step >= 1; step = Math.floor(step / 2)) {
    while (fits(last, value + "x".repeat(step))) value += "x".repeat(step);
  }
  return keys;
})()"""
NOTICE = ("(() => { const n = document.getElementById('notice');"
          " return n.hidden ? '' : document.getElementById('notice-text').textContent; })()")


@pytest.fixture(scope="module")
def firefox(tmp_path_factory):
    if not os.access(FIREFOX, os.X_OK):
        pytest.fail(f"{FIREFOX} not found: install Debian firefox-esr (`make test` does)")
    proxy = DeadEndProxy()
    browser = Firefox(tmp_path_factory.mktemp("firefox") / "profile", proxy)
    try:
        yield browser
    finally:
        browser.quit()
        proxy.close()


def _open(browser, url: str) -> None:
    browser.goto(url)
    browser.wait_for(READY, DEFAULT_TIMEOUT_MS)
    failures = browser.evaluate("[...document.querySelectorAll('.py-error')].map(e => e.textContent)")
    assert failures == [], failures


def _play(browser) -> dict:
    return browser.evaluate(f"({PLAY})(-1, {DEFAULT_TIMEOUT_MS})", DEFAULT_TIMEOUT_MS / 1000 + 60)


def test_firefox_plays_on_when_its_storage_is_full_then_freed_then_blocked(firefox, dist_dir):
    browser = firefox
    srv = DistServer(dist_dir, "/senet/")
    try:
        # A game in progress, saved; then another site's data fills the storage.
        _open(browser, srv.url + "?variant=kendall&white=novice&black=human&seed=5&speed=instant" + LATE)
        first = browser.evaluate(f"({PLAY})(2, {DEFAULT_TIMEOUT_MS})", DEFAULT_TIMEOUT_MS / 1000 + 60)
        assert first["winner"] is None
        before = browser.evaluate("localStorage.getItem('/senet/senet:save')")
        keys = browser.evaluate(FILL_STORAGE)
        assert keys
        end = _play(browser)  # to the end, by clicks, though nothing can be saved
        assert end["winner"] in ("w", "b") and end["acts"] >= 1
        assert browser.evaluate(NOTICE) == FULL
        assert browser.evaluate("localStorage.getItem('/senet/senet:save')") == before  # never less
        assert browser.evaluate("localStorage.getItem('/senet/senet:stats')") is None
        # Room again: the next game's first save writes what waited (the result too).
        browser.evaluate(f"{json.dumps(keys)}.forEach(k => localStorage.removeItem(k))")
        browser.evaluate("document.querySelector('[data-action=\"play-again\"]').click()")
        browser.wait_for("document.getElementById('notice').hidden", DEFAULT_TIMEOUT_MS)
        stats = json.loads(browser.evaluate("localStorage.getItem('/senet/senet:stats')"))
        assert sum(stats["results"]["kendall/novice"].values()) == 1
        saved = parse_game(browser.evaluate("localStorage.getItem('/senet/senet:save')"))
        assert not saved.session.game.over  # the new game
        # Blocked: reading window.localStorage throws. The page plays, and says so.
        browser.add_init_script(STORAGE_BLOCKED)
        _open(browser, srv.url + "?variant=kendall&white=human&black=novice&seed=4&speed=instant" + LATE)
        assert browser.evaluate(NOTICE) == BLOCKED
        end = _play(browser)
        assert end["winner"] in ("w", "b")
        assert browser.evaluate(NOTICE) == BLOCKED
        assert browser.errors() == []
    finally:
        srv.close()
