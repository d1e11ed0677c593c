"""The app in the other browser engines: Firefox (ESR, Gecko) and WebKit (WebKitGTK), both
from Debian packages and driven without Playwright (tests/browser/engine_drivers.py says
how). One smoke test per engine, on one browser, walks what a player does: boot, a game
against Average to the end with a reload that resumes it on the way, the Expert
answering from the Pyodide worker, and the offline reopen; no console error, and no
request leaves 127.0.0.1.

The Chromium tests cover the details; these check that the same site works elsewhere.
WebKit is slow here (its Pyodide worker took about 45 s to boot): every wait is for a
state, in the page, with the suite's generous timeout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DEFAULT_TIMEOUT_MS, ROOT, DistServer
from engine_drivers import (
    COMMAND_MARGIN_S,
    CONSOLE_CAPTURE,
    FIREFOX,
    FIREFOX_OWN,
    MINIBROWSER,
    WEBKIT_DRIVER,
    XVFB,
    DeadEndProxy,
    DriverError,
    Firefox,
    WebKit,
    proxied_host,
)
from helpers import EXPERT_AGAINST_AVERAGE, EXPERT_THINKS, HINT, HINTED_GAME, LATE, LATE_POSITION, PLAY, READY, REVIEW

# You (black) against Average (white), which decides on the page.
AGAINST_AVERAGE = "variant=kendall&white=average&black=human&seed=7&speed=instant" + LATE
CONTROLLED = ("navigator.serviceWorker.controller !== null"
              " && document.documentElement.dataset.sw === 'ready'")
WORKER_UP = "(document.documentElement.dataset.worker || '').includes('kendall')"
# The worker is up, or it failed (then the page says why in its notices).
WORKER_SETTLED = WORKER_UP + " || document.documentElement.dataset.worker === 'failed'"
WORKER_STATE = "document.documentElement.dataset.worker"
WINNER = "document.getElementById('board').dataset.winner"
POSITION = "document.getElementById('board').dataset.position"
THINKS = ("performance.getEntriesByName('senet:think')"
          ".map(m => [m.detail && m.detail.level, Math.round(m.startTime), Math.round(m.duration)])")
READY_MS = "performance.getEntriesByName('senet:ready')[0].startTime"
WORKER_MS = "performance.getEntriesByName('senet:worker')[0].startTime"
# Waits (polling in the page, up to the suite's timeout) until the worker's snapshot cache
# holds one snapshot: the state "kept", which comes after the worker said "ready".
SNAPSHOT_KEPT = f"""(async () => {{
  const until = performance.now() + {DEFAULT_TIMEOUT_MS};
  while (performance.now() < until) {{
    const cache = await caches.open("senet-snapshot /senet/");
    if ((await cache.keys()).length === 1) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }}
  return false;
}})()"""
# Hints off again (the Settings' checkbox, as a click would set it).
HINTS_OFF = """(() => {
  const hints = document.getElementById('set-hints');
  hints.checked = false;
  hints.dispatchEvent(new Event('change', {bubbles: true}));
  return true;
})()"""

NEEDS = {
    "firefox": [(FIREFOX, "firefox-esr")],
    "webkit": [(WEBKIT_DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "webkit2gtk-driver"), (XVFB, "xvfb")],
}


@pytest.fixture(scope="module")
def engine_site(dist_dir, tmp_path_factory) -> Path:
    """A copy of dist/ whose index.html first loads CONSOLE_CAPTURE (WebKit's classic
    WebDriver cannot read the console), its service worker redone to precache it."""
    site = tmp_path_factory.mktemp("engines") / "site"
    shutil.copytree(dist_dir, site)
    (site / "test-console.js").write_text(CONSOLE_CAPTURE)
    index = site / "index.html"
    start = '<script src="./app/start.js"'
    html = index.read_text()
    assert html.count(start) == 1
    index.write_text(html.replace(start, '<script src="./test-console.js"></script>\n  ' + start))
    subprocess.run([sys.executable, str(ROOT / "tools" / "pwa.py"), "refresh", str(site)],
                   check=True, capture_output=True)
    return site


@pytest.fixture(scope="module")
def engine_server(engine_site):
    srv = DistServer(engine_site, "/senet/")
    yield srv
    srv.close()


@pytest.fixture(scope="module")
def proxy():
    dead_end = DeadEndProxy()
    yield dead_end
    dead_end.close()


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def engine(request, proxy, tmp_path_factory):
    """One browser of the engine for the module; always quit at the end."""
    for path, package in NEEDS[request.param]:
        if not os.access(path, os.X_OK):
            pytest.fail(f"{path} not found: install Debian {package} (`make test` does)")
    if request.param == "firefox":
        browser = Firefox(tmp_path_factory.mktemp("firefox") / "profile", proxy)
    else:
        browser = _launch_webkit(proxy)
    try:
        yield browser
    finally:
        browser.quit()


def _launch_webkit(proxy, attempts: int = 3):
    """MiniBrowser with its driver. Should a launch still hang (the driver never answers
    the new session; its known cause, a crash with a manual proxy, is avoided in
    engine_drivers.WebKit), that launch is quit and a fresh one tried, up to ``attempts``
    in all. Only the launch is tried again, never a step of the app."""
    for attempt in range(1, attempts + 1):
        try:
            return WebKit(proxy)
        except (OSError, DriverError) as exc:  # a timeout is an OSError
            if attempt == attempts:
                raise
            print(f"webkit: launch {attempt} failed ({exc!r}); trying a fresh one")


def _ready(browser) -> dict:
    browser.wait_for(READY, DEFAULT_TIMEOUT_MS)
    # app/boot/pwa.js starts once the board is live (app/boot/later.js) and reads the version then
    browser.wait_for("document.documentElement.dataset.version !== undefined", DEFAULT_TIMEOUT_MS)
    data = browser.evaluate("({...document.documentElement.dataset,"
                            " failures: [...document.querySelectorAll('.py-error')].map(e => e.textContent)})")
    assert not data["failures"], "\n".join(data["failures"])
    assert data["ready"] == "true"
    return data


def _worker_up(browser) -> None:
    browser.wait_for(WORKER_SETTLED, DEFAULT_TIMEOUT_MS)
    state = browser.evaluate(WORKER_STATE)
    assert "kendall" in state, (state, browser.errors())


def _play(browser, stop_after: int = -1) -> dict:
    return browser.evaluate(f"({PLAY})({stop_after}, {DEFAULT_TIMEOUT_MS})", DEFAULT_TIMEOUT_MS / 1000 + 60)


def test_smoke(engine, engine_server, proxy, record_timing):
    browser, srv = engine, engine_server
    srv.start()  # serving, whatever the other engine's test left (a no-op when it is)
    proxy.seen.clear()
    version = json.loads((srv.directory / "build-info.json").read_text())["version"]

    # Boot: the static board, then the app, against Average; the service worker
    # precaches the site meanwhile (the offline reopen below needs it).
    browser.goto(srv.url + "?" + AGAINST_AVERAGE)
    assert browser.evaluate("document.querySelectorAll('#board rect.square').length") == 30
    data = _ready(browser)
    assert data["version"] == version
    record_timing(f"{browser.name} {browser.version}: ready, cold", browser.evaluate(READY_MS))
    browser.wait_for(CONTROLLED, DEFAULT_TIMEOUT_MS)

    # A few turns by clicks, then a reload resumes the game where it was.
    first = _play(browser, stop_after=2)
    assert first["winner"] is None and first["acts"] >= 2, first
    browser.reload()
    _ready(browser)
    assert browser.evaluate(POSITION) == first["position"]

    # ... and the game goes on to its end.
    end = _play(browser)
    assert end["winner"] in ("w", "b"), end
    assert end["acts"] >= 1
    assert browser.evaluate(WINNER) == end["winner"]

    # The Expert answers from the worker (Pyodide) in a game that plays itself to the end.
    browser.goto(srv.url + "?" + EXPERT_AGAINST_AVERAGE)
    _ready(browser)
    _worker_up(browser)
    assert browser.wait_for(WINNER, DEFAULT_TIMEOUT_MS) in ("w", "b")
    # the Expert's decisions came from the worker (its evaluation was built by the
    # worker's prepare, queued before the first decision, outside that decision's timeout)
    assert browser.evaluate(EXPERT_THINKS) >= 1, browser.evaluate(THINKS)
    assert browser.errors() == [], browser.evaluate(THINKS)
    # That first start kept a snapshot of the worker's interpreter (app/worker/players.js): the
    # next game against the Expert starts the worker from it.
    assert browser.evaluate("document.documentElement.dataset.workerStart") == "fresh"
    fresh_ms = browser.evaluate(WORKER_MS)
    assert browser.evaluate(SNAPSHOT_KEPT, DEFAULT_TIMEOUT_MS / 1000 + COMMAND_MARGIN_S) is True
    browser.goto(srv.url + "?" + EXPERT_AGAINST_AVERAGE.replace("seed=7", "seed=8"))
    _ready(browser)
    _worker_up(browser)
    assert browser.evaluate("document.documentElement.dataset.workerStart") == "snapshot"
    assert browser.wait_for(WINNER, DEFAULT_TIMEOUT_MS) in ("w", "b")
    assert browser.evaluate(EXPERT_THINKS) >= 1, browser.evaluate(THINKS)
    record_timing(f"{browser.name}: the worker up, fresh", fresh_ms)
    record_timing(f"{browser.name}: the worker up, from its snapshot", browser.evaluate(WORKER_MS))

    # Offline: with the server stopped, the site reopens from the service worker's cache,
    # and a human can play.
    srv.stop()
    try:
        browser.goto(srv.url + "index.html?" + AGAINST_AVERAGE)  # a query string: the same cached page
        data = _ready(browser)
        assert data["version"] == version
        record_timing(f"{browser.name}: ready, offline reopen", browser.evaluate(READY_MS))
        offline = _play(browser, stop_after=1)
        assert offline["acts"] >= 1 and offline["position"] != LATE_POSITION
    finally:
        srv.start()

    errors = browser.errors()
    assert errors == [], (errors, browser.evaluate(THINKS))
    leaks = [line for line in proxy.seen if not (browser.name == "firefox" and FIREFOX_OWN.search(proxied_host(line)))]
    assert leaks == [], f"requests left 127.0.0.1: {leaks}"
    if browser.name == "firefox":
        off_origin = [u for u in browser.requests()
                      if not u.startswith((srv.origin + "/", "data:", "blob:", "about:"))]
        assert off_origin == [], f"requests left the test server: {off_origin}"
    # The proxy check above can fail: a request for another host does reach the proxy.
    browser.goto("http://offsite.invalid/probe")
    assert any("offsite.invalid/probe" in line for line in proxy.seen), proxy.seen


RUNTIME_CACHED = """(async () => {
  const out = [];
  for (const name of await caches.keys())
    if (name.endsWith(" runtime")) for (const r of await (await caches.open(name)).keys()) out.push(r.url);
  return out;
})()"""


def test_the_expert_hints_and_reviews(engine, engine_server):
    """The trimmed, compressed runtime (tools/runtime.py) in this engine: with hints on, the
    Expert in the worker hints the human's decision; a game the Expert played to its end
    is reviewed in the worker to its end."""
    browser, srv = engine, engine_server
    srv.start()
    srv.log.clear()
    browser.goto(srv.url + "?" + HINTED_GAME)
    _ready(browser)
    hint = browser.evaluate(f"({HINT})({DEFAULT_TIMEOUT_MS})", DEFAULT_TIMEOUT_MS / 1000 + 60)
    assert hint is not None and hint["text"].startswith("Hint: ") and hint["squares"], hint
    browser.evaluate(HINTS_OFF)  # the profile as the other tests expect it
    browser.goto(srv.url + "?" + EXPERT_AGAINST_AVERAGE.replace("seed=7", "seed=9") + "&review_nodes=40")
    _ready(browser)
    assert browser.wait_for(WINNER, DEFAULT_TIMEOUT_MS) in ("w", "b")
    review = browser.evaluate(f"({REVIEW})({DEFAULT_TIMEOUT_MS})", DEFAULT_TIMEOUT_MS / 1000 + 60)
    assert review["state"] == "done", review
    assert review["points"] >= 1, review
    assert browser.errors() == []
    # This engine decoded the Zstandard twins with the vendored decoder: neither the gzipped
    # twins nor the files they compress came. The worker fetched its runtime once, in this
    # module's earlier test (test_smoke), and the service worker kept each file it fetched in
    # its runtime cache; since then the runtime comes from that cache, so the server's log
    # here holds none of it. The cache tells what this engine fetched; the log, that nothing
    # of the runtime's other forms came since.
    kept = [url.split("?")[0] for url in browser.evaluate(RUNTIME_CACHED)]  # less the ?sri=
    assert any(url.endswith("/vendor/fzstd/fzstd.js") for url in kept), kept
    assert any(url.endswith("/pyodide.asm.wasm.zst") for url in kept), kept
    plain_or_gz = ("/pyodide.asm.wasm", "/pyodide.asm.mjs", ".gz")
    assert not any(url.endswith(plain_or_gz) for url in kept), kept
    asked = [line.split()[1] for line in srv.log]
    assert not any(path.split("?")[0].endswith(plain_or_gz) for path in asked), asked
