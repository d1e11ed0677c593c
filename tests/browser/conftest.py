"""Browser test fixtures: a local server for dist/, Debian chromium, an off-origin guard.

- `dist_dir` (session): dist/, rebuilt with tools/build.py when missing or older
  than the sources.
- `server` (session): dist/ served at http://127.0.0.1:PORT/.
- the browser: Debian's chromium-headless-shell (CHROMIUM_SHELL), the full chromium
  (CHROMIUM) only where a test says so.
- `serve_dist(prefix="/senet/", also=())`: start another server with dist/ under a sub-path
  (like GitHub Pages' /REPO/), and under the prefixes in `also` on the same origin (two
  copies of the app on one site); anything outside them is a 404. The returned
  DistServer can be stop()ped and start()ed again on the same port (offline tests).
- `context` / `page`: pytest-playwright's, with every request recorded
  (`browser_log.requests`); a request to any origin other than a test
  server fails the test. Page errors and console errors are collected in
  `browser_log.errors` for tests to assert on.
- `guard_context(ctx)`: attach the same guard (and the same generous default timeout)
  to a context made by hand (for example `launch_persistent_context`); returns its
  BrowserLog. Every context the suite makes goes through it (tests/engine/test_seeded.py
  checks), and it seeds the pages' randomness (below).
- `guarded_context(**options)`: a new context of the test's own (a fresh profile), guarded
  and closed at the end of the test; returns (context, BrowserLog).
- `shared` (module): one guarded context for a whole test module (a warm HTTP cache and
  service worker, like a returning visitor), made with the options of the module's
  `shared_context_args` fixture, which a module overrides to change them.
- `app`: a fresh page of `shared` (empty localStorage): `app.open(query)`, `app.reopen()`,
  `app.log`, `app.allowed_errors`; at its end it fails the test on a page or console
  error, a Content-Security-Policy violation or a request that left the test server.

Chromium runs with `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1`,
so nothing can reach the network even by accident.

No game a test plays depends on chance. The page draws everything random through
`crypto.getRandomValues` (a new game's seed when its link has no `seed=`, the New game
dialog's seed and phrase, game ids, Random colours, an online game's secrets); in every
page of a guarded context that function is a small generator (`SEEDED_RANDOM`) seeded
from the test's node id and the page's number in the test (`seed_words`), so a game is
the same on every run, and two pages of one test (two players, two tabs) draw apart. A
page keeps drawing where it was across reloads (its state is in the tab's
sessionStorage). Firefox's page in test_online_engines.py gets the same script
(`seeded_random_script`). A test that needs a given game still passes `seed=`.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import senet

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
# The browser tests run on Debian's headless shell: the same Chromium build (Blink, V8,
# the network stack, service workers, WebRTC) without the browser's UI, on which the same
# suite took 14% less time here (docs/build.md). The full browser is kept for what
# only it does: offering to install the app (test_pwa.py's install button).
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_SHELL = os.environ.get("CHROMIUM_SHELL", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    # WebRTC host candidates as plain addresses, not mDNS ".local" names, which the rule
    # above would leave unresolved: two pages of a game between two devices then connect
    # (tests/browser/test_online_play.py; docs/online.md).
    "--disable-features=WebRtcHideLocalIpsWithMdns",
]
# Inputs of tools/build.py: dist/ is rebuilt when any is newer than dist/build-info.json.
BUILD_INPUTS = (
    "index.html", "pyscript.toml", "package.json", "package-lock.json",
    "app", "styles", "pages", "assets", "icons", "senet", "tools",
)

# Origins of the test servers started in this process. A closed server's origin stays in:
# a page's service worker may still fetch from it in the background (its precache) after
# the test that served it has ended, and such a request reaches this machine's loopback,
# never the network; that order of events is chance, and must not fail another test.
_LIVE_ORIGINS: set[str] = set()
# CI machines are shared and sometimes slow: waits that succeed return at once, so a
# generous default only matters when something would otherwise time out spuriously.
# Three minutes: a computer's move may first wait for the Pyodide worker to boot, which
# takes seconds on a quiet machine and far longer with both cores busy.
DEFAULT_TIMEOUT_MS = 180_000
# Clicks "OK, pass" in the page. A lost throw also passes by itself after a moment, and a
# Playwright click that comes later would wait for the hidden button to show again.
CLICK_PASS = "document.querySelector('[data-action=\"pass\"]').click()"


# ---------------------------------------------------------------- waits

# Playwright's wait_for_function checks its condition at every animation frame unless told
# otherwise, and a page polled so draws 60 frames a second for as long as the test waits:
# 0.98 s of Chromium's CPU in 10 s of waiting here, against 0.29 s when it looks every
# 20 ms. On a shared 2-core machine those frames slow the other worker's browser, so the
# suite's waits look every 20 ms unless a test asks for frames (polling="raf").
POLL_MS = 20


def _polling_every(ms, wait_for_function):
    def wait(self, expression, *, arg=None, polling=None, timeout=None):
        return wait_for_function(self, expression, arg=arg, polling=ms if polling is None else polling,
                                 timeout=timeout)
    wait.__doc__ = wait_for_function.__doc__
    return wait


def _poll_every_20_ms() -> None:
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        if not getattr(cls.wait_for_function, "polls_every", None):
            cls.wait_for_function = _polling_every(POLL_MS, cls.wait_for_function)
            cls.wait_for_function.polls_every = POLL_MS


_poll_every_20_ms()


# ---------------------------------------------------------------- build

def _newest_input_mtime() -> float:
    newest = 0.0
    for name in BUILD_INPUTS:
        path = ROOT / name
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        elif path.is_dir():
            for sub in path.rglob("*"):
                if sub.is_file() and "__pycache__" not in sub.parts:
                    newest = max(newest, sub.stat().st_mtime)
    return newest


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    # Under pytest-xdist each worker asks: one builds while the other waits on the lock,
    # then finds dist/ fresh.
    import fcntl

    with open(ROOT / ".dist-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        info = DIST / "build-info.json"
        if not info.is_file() or info.stat().st_mtime < _newest_input_mtime():
            if not (ROOT / "node_modules").is_dir():
                pytest.fail("dist/ is missing or stale and node_modules/ is absent: run `make build`")
            subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], cwd=ROOT, check=True)
    return DIST


# ---------------------------------------------------------------- server

class _Handler(SimpleHTTPRequestHandler):
    prefixes: tuple[str, ...] = ("/",)
    log: list[str]

    def translate_path(self, path):
        url_path = urlsplit(path).path
        for prefix in self.prefixes:
            if url_path.startswith(prefix):
                return super().translate_path("/" + url_path[len(prefix):])
            if url_path + "/" == prefix:  # "/senet" -> directory redirect, like a real host
                return super().translate_path("/")
        return str(Path(self.directory) / ".outside-prefix")  # never exists: 404

    def log_message(self, format, *args):  # keep test output clean; remember what was served
        self.log.append(f"{self.command} {self.path} {args[1] if len(args) > 1 else ''}".strip())

    def log_request(self, code="-", size="-"):
        self.log.append(f"{self.command} {self.path} {code}")


class _Server(ThreadingHTTPServer):
    """A browser that closes a connection in the middle of an answer (a page or context
    closed while it downloads, which the end of many tests does) is not an error of the
    server's: say nothing of it, as a real host would. Any other fault is printed."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError
            return
        super().handle_error(request, client_address)


class DistServer:
    """dist/ over HTTP on 127.0.0.1, optionally under a sub-path prefix (and, with
    ``also``, under more prefixes on the same origin: two copies of the app on one site)."""

    def __init__(self, directory: Path, prefix: str = "/", also: tuple[str, ...] = ()):
        for p in (prefix, *also):
            if not (p.startswith("/") and p.endswith("/")):
                raise ValueError("prefix must start and end with '/'")
        self.directory = Path(directory)
        self.prefix = prefix
        self.prefixes = (prefix, *also)
        self.log: list[str] = []
        self.port = 0
        self._httpd: ThreadingHTTPServer | None = None
        self.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return self.origin + self.prefix

    def start(self) -> None:
        """Serve (again) on the same port as before, so the origin does not change."""
        if self._httpd:
            return
        handler = type("Handler", (_Handler,), {"prefixes": self.prefixes, "log": self.log})

        def factory(*args, **kwargs):
            return handler(*args, directory=str(self.directory), **kwargs)

        self._httpd = _Server(("127.0.0.1", self.port), factory)
        self.port = self._httpd.server_address[1]
        threading.Thread(target=self._httpd.serve_forever, name=f"dist:{self.port}", daemon=True).start()
        _LIVE_ORIGINS.add(self.origin)

    def stop(self) -> None:
        """Stop serving (the origin stays allowed for the off-origin guard)."""
        if self._httpd:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def close(self) -> None:
        """Stop serving for good (the origin stays allowed, as with stop(): see _LIVE_ORIGINS)."""
        self.stop()


@pytest.fixture(scope="session")
def server(dist_dir):
    srv = DistServer(dist_dir)
    yield srv
    srv.close()


@pytest.fixture
def serve_dist(dist_dir):
    started: list[DistServer] = []

    def start(prefix: str = "/senet/", also: tuple[str, ...] = ()) -> DistServer:
        srv = DistServer(dist_dir, prefix, also)
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.close()


# ---------------------------------------------------------------- a site of its own, a profile of its own
# (the service worker's tests: tests/browser/test_pwa.py, test_expert_runtime.py)

@pytest.fixture(scope="session")
def site(dist_dir, tmp_path_factory) -> Path:
    """A private copy of dist/: other test runs may rebuild dist/ while a worker precaches."""
    copy = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(dist_dir, copy)
    return copy


@pytest.fixture
def serve_site(serve_dist, site):
    def start(directory: Path = site):
        srv = serve_dist("/senet/")
        srv.directory = directory
        return srv

    return start


@pytest.fixture
def launch_profile(browser_type, browser_type_launch_args, tmp_path):
    """launch_profile(full=False) -> (context, page, log): Chromium on one profile dir,
    guarded; the headless shell like every browser test, or with `full` the whole browser
    (only it offers to install an app)."""
    profile = tmp_path / "profile"
    opened = []

    def launch(full: bool = False):
        args = dict(browser_type_launch_args)
        if full:
            if not os.access(CHROMIUM, os.X_OK):
                pytest.fail(f"{CHROMIUM} not found: install Debian chromium (`make test` does)")
            args["executable_path"] = CHROMIUM
        ctx = browser_type.launch_persistent_context(str(profile), **args)
        opened.append(ctx)
        log = guard_context(ctx)
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        return ctx, page, log

    yield launch
    for ctx in opened:
        with contextlib.suppress(Exception):  # already closed by the test
            ctx.close()


# ---------------------------------------------------------------- browser

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.access(CHROMIUM_SHELL, os.X_OK):
        pytest.fail(f"{CHROMIUM_SHELL} not found: install Debian chromium-headless-shell (`make test` does)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM_SHELL,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS],
    }


def _allowed(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "about"):
        return True
    if parts.scheme == "blob":
        return _allowed(url[len("blob:"):])
    return f"{parts.scheme}://{parts.netloc}" in _LIVE_ORIGINS


@dataclass
class BrowserLog:
    requests: list[str] = field(default_factory=list)
    off_origin: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def _on_request(self, request) -> None:
        self.requests.append(request.url)
        if not _allowed(request.url):
            self.off_origin.append(request.url)

    def _on_page(self, page) -> None:
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("console", self._on_console)

    def _on_console(self, msg) -> None:
        if msg.type == "error":
            self.errors.append(f"console.error: {msg.text}")


def guard_context(context) -> BrowserLog:
    """Record the context's requests and errors, fail off-origin requests, give its
    waits the generous DEFAULT_TIMEOUT_MS (Playwright's own default is 30 s), and make
    `crypto.getRandomValues` in its pages a generator seeded by the test (SEEDED_RANDOM)."""
    log = BrowserLog()
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    context.on("request", log._on_request)
    context.on("page", log._on_page)
    for page in context.pages:
        log._on_page(page)
    _seed_random(context)
    return log


# ---------------------------------------------------------------- seeded randomness

# crypto.getRandomValues in the tests' pages (the module's docstring says why): sfc32, a
# small generator of 32-bit words, from four seed words (the page's, else the context's,
# for a page the context opened by itself). Its state is kept in the tab's sessionStorage
# under a key of its seed, so a reload or another link in the tab goes on drawing instead
# of repeating. The real function runs first, so it still refuses what it refuses.
# crypto.randomUUID, crypto.subtle and WebRTC's own keys are left as they are: nothing in
# a game comes from them.
SEEDED_RANDOM = """(() => {
  const seed = %s, context = %s;
  if (seed !== null) { globalThis.__senetTestSeed = seed; }
  if (globalThis.__senetTestRandom) return;
  globalThis.__senetTestRandom = true;
  const real = Crypto.prototype.getRandomValues;
  const memory = {};
  const load = key => {
    try { const kept = sessionStorage.getItem(key); if (kept) return JSON.parse(kept); } catch (e) {}
    return memory[key] || null;
  };
  const store = (key, state) => {
    memory[key] = state;
    try { sessionStorage.setItem(key, JSON.stringify(state)); } catch (e) {}  // opaque origins
  };
  const sfc32 = s => {
    const t = (s[0] + s[1] | 0) + s[3] | 0;
    s[3] = s[3] + 1 | 0;
    s[0] = s[1] ^ s[1] >>> 9;
    s[1] = s[2] + (s[2] << 3) | 0;
    s[2] = (s[2] << 21 | s[2] >>> 11) + t | 0;
    return t >>> 0;
  };
  Crypto.prototype.getRandomValues = function (array) {
    real.call(this, array);  // the real checks: an integer typed array of at most 65,536 bytes
    const words = globalThis.__senetTestSeed || context;
    const key = "senet-test-random " + words.join(".");
    let state = load(key);
    if (!state) { state = words.slice(); for (let i = 0; i < 12; i++) sfc32(state); }
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i += 4) {
      let r = sfc32(state);
      for (let j = i; j < Math.min(i + 4, bytes.length); j++, r >>>= 8) bytes[j] = r & 255;
    }
    store(key, state);
    return array;
  };
})();"""


def seed_words(node: str, what: str) -> list[int]:
    """SEEDED_RANDOM's seed, four 32-bit words, for the test ``node`` (its node id) and
    ``what`` ("page 1", "page 2"... in the order the test's pages were made)."""
    digest = hashlib.sha256(f"{node} {what}".encode()).digest()
    return [int.from_bytes(digest[i:i + 4], "big") for i in range(0, 16, 4)]


@dataclass
class _TestRandom:
    """The test that runs and how many pages and contexts it has seeded so far."""
    node: str = ""
    pages: int = 0
    contexts: int = 0

    def words(self, what: str) -> list[int]:
        return seed_words(self.node, what)

    def page_script(self) -> str:
        self.pages += 1
        return SEEDED_RANDOM % (json.dumps(self.words(f"page {self.pages}")), "null")


_TEST_RANDOM = _TestRandom()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    _TEST_RANDOM.node, _TEST_RANDOM.pages, _TEST_RANDOM.contexts = item.nodeid, 0, 0


def seeded_random_script() -> str:
    """SEEDED_RANDOM for one more page of the running test, for a browser that is not
    Playwright's (engine_drivers.Firefox's add_init_script)."""
    return _TEST_RANDOM.page_script()


def _seed_random(context) -> None:
    """SEEDED_RANDOM in every page of ``context``: each page it has and each page
    `context.new_page()` makes gets its own seed (the test's node id and the page's
    number); a page the context opens by itself (a popup) gets the context's."""
    _TEST_RANDOM.contexts += 1
    context.add_init_script(SEEDED_RANDOM % ("null", json.dumps(_TEST_RANDOM.words(f"context {_TEST_RANDOM.contexts}"))))
    for page in context.pages:
        page.add_init_script(_TEST_RANDOM.page_script())
    new_page = context.new_page

    def seeded_new_page(*args, **kwargs):
        page = new_page(*args, **kwargs)
        page.add_init_script(_TEST_RANDOM.page_script())
        return page

    context.new_page = seeded_new_page


@pytest.fixture
def browser_log():
    """Filled by the `context` fixture below."""
    return BrowserLog()


@pytest.fixture
def context(context, browser_log):
    log = guard_context(context)  # which also sets the generous default timeout
    browser_log.requests = log.requests
    browser_log.off_origin = log.off_origin
    browser_log.errors = log.errors
    yield context
    assert not log.off_origin, f"requests left the test server: {log.off_origin}"


def _new_guarded_context(browser, options: dict):
    context = browser.new_context(**options)
    return context, guard_context(context)


def _close_guarded_context(context, log: BrowserLog) -> None:
    context.close()
    assert not log.off_origin, f"requests left the test server: {log.off_origin}"


@pytest.fixture
def guarded_context(browser, server):
    """guarded_context(**options) -> (context, BrowserLog): a context of the test's own,
    made with `browser.new_context(**options)`; closed when the test ends, which then
    fails if any of its requests left the test server."""
    made: list[tuple] = []

    def make(**options):
        made.append(_new_guarded_context(browser, options))
        return made[-1]

    yield make
    for context, log in made:
        _close_guarded_context(context, log)


# ---------------------------------------------------------------- the app in a shared context

# PyScript shows a Python exception in a .py-error element: a wait for ready stops then.
READY_OR_FAILED = (
    "() => document.documentElement.dataset.ready === 'true'"
    " || document.querySelector('.py-error') !== null"
)
READY_TIMEOUT_MS = DEFAULT_TIMEOUT_MS  # a wait that succeeds returns at once
# Runs before the page's own scripts on every load of an `app` page: localStorage is
# cleared on its first load only (sessionStorage survives its reloads and its visits to
# the other pages), and the Content-Security-Policy violations are kept for the check at
# the end of the test.
APP_PAGE_SETUP = """
if (!sessionStorage.getItem("senet-test")) { localStorage.clear(); sessionStorage.setItem("senet-test", "1"); }
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  e => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
"""
# A human has something to do (throw, move or OK a lost throw), or the game is over.
HUMAN_TURN = """() => {
  const b = document.getElementById('board');
  return b.dataset.winner || !document.querySelector('[data-action="throw"]').disabled
    || document.querySelector('[data-movable="true"]') !== null
    || !document.querySelector('[data-action="pass"]').hidden;
}"""
# One human thing, chosen and done in one step inside the page: a throw, the OK of a lost
# throw, or a click on the first movable piece. Returns "throw", "pass", "move", or ""
# when there is nothing to do at that moment. One step because a lost throw also passes
# by itself after a moment: a choice made over several calls from Python could see the OK
# button, miss it, and then wait for a piece that never becomes movable.
HUMAN_ACT = """() => {
  const throwing = document.querySelector('[data-action="throw"]');
  if (!throwing.disabled && !throwing.hidden) { throwing.click(); return "throw"; }
  const pass = document.querySelector('[data-action="pass"]');
  if (!pass.hidden) { pass.click(); return "pass"; }
  const piece = document.querySelector('[data-movable="true"]');
  if (piece) { piece.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window})); return "move"; }
  return "";
}"""


@pytest.fixture(scope="module")
def shared_context_args() -> dict:
    """The options of the module's `shared` context (`browser.new_context(**options)`); a
    test module overrides this fixture to change them (viewport, accept_downloads...)."""
    return {"viewport": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def shared(browser, server, shared_context_args):
    """One guarded context for the test module: (context, BrowserLog). At the module's end
    it is closed, and the module fails if any of its requests left the test server."""
    context, log = _new_guarded_context(browser, shared_context_args)
    yield context, log
    _close_guarded_context(context, log)


def wait_app_ready(page) -> None:
    """Wait until the app on the page says ready; fail with PyScript's error if it failed."""
    page.wait_for_function(READY_OR_FAILED, timeout=READY_TIMEOUT_MS)
    failures = page.locator(".py-error").all_inner_texts()
    assert not failures, "\n".join(failures)


@pytest.fixture
def app(shared, server):
    """A fresh page (empty localStorage) of the module's shared context:
    - `app.open(query="")` loads the app at server.url + query, checks that the static
      board is there before Python runs, and waits until the app is ready;
    - `app.reopen()` reloads the page the same way (its storage is kept);
    - `app.log` is the context's BrowserLog; `app.allowed_errors`, a regex the page's
      console errors may match (None: none may).
    When the test ends the page must have reported no Content-Security-Policy violation,
    no page or console error, and no request may have left the test server."""
    context, log = shared
    page = context.new_page()
    page.add_init_script(APP_PAGE_SETUP)
    errors_before = len(log.errors)

    def load(navigate) -> None:
        navigate()
        assert page.locator("#board rect.square").count() == 30  # the skeleton is static
        wait_app_ready(page)

    page.open = lambda query="": load(lambda: page.goto(server.url + query))
    page.reopen = lambda: load(page.reload)
    page.log = log
    page.allowed_errors = None
    yield page
    csp = page.evaluate("window.__csp === undefined ? [] : window.__csp")  # [] if never loaded
    page.close()
    assert csp == [], f"the Content-Security-Policy blocked something: {csp}"
    errors = log.errors[errors_before:]
    if page.allowed_errors:
        errors = [e for e in errors if not re.search(page.allowed_errors, e)]
    assert errors == []
    assert not log.off_origin, f"requests left the test server: {log.off_origin}"


def position(page) -> str:
    """The position the board shows (its data-position, senet.parse_position's text)."""
    return page.get_attribute("#board", "data-position")


def state_of(page) -> senet.State:
    """The board's position as a senet.State."""
    return senet.parse_position(position(page))


def human_act(page) -> str:
    """`HUMAN_ACT`; a piece that offers its targets is then moved to the first of them."""
    old = position(page)
    done = page.evaluate(HUMAN_ACT)
    if done == "move" and position(page) == old and page.locator('[data-target="true"]').count():
        page.locator('[data-target="true"]').first.click()
    return done


def wait_position_change(page, old: str, timeout: int = DEFAULT_TIMEOUT_MS) -> str:
    """Wait until the board shows another position than ``old``; returns the new one."""
    page.wait_for_function(
        "old => document.getElementById('board').dataset.position !== old", arg=old, timeout=timeout)
    return position(page)


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@functools.cache
def _axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def axe_violations(page) -> list[dict]:
    """axe-core's serious and critical findings on the page as it is now."""
    # Evaluated through the DevTools protocol: the page's Content-Security-Policy (rightly)
    # refuses an inline <script>, which is what add_script_tag would insert. Once per
    # document: a page that ran it already keeps `axe` (about 0.5 MB of script to parse).
    if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(_axe_source() + "\n;undefined")
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
        return r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


# ---------------------------------------------------------------- report

def pytest_configure(config):
    # pytest-playwright's base_url fixture trips a pytest 9 deprecation; not ours to fix.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning",
    )


@pytest.fixture
def record_timing(request):
    """record_timing("ready, cold, /", 3120.5) -> printed in the terminal summary
    (tests/conftest.py). Kept in the test's report, which pytest-xdist brings back from its
    workers."""
    return lambda label, ms: request.node.user_properties.append(("browser timing", (label, ms)))


@pytest.fixture(params=["desktop", "phone"])
def screen(request, guarded_context, server):
    """A fresh page at the param's size (tests/browser/helpers.py's SIZES; phone: touch),
    with `open(query)` and `size`, watching layout shifts (helpers.LAYOUT_SHIFTS)."""
    from helpers import LAYOUT_SHIFTS, SIZES

    context, log = guarded_context(**SIZES[request.param])
    page = context.new_page()
    page.add_init_script(APP_PAGE_SETUP)
    page.add_init_script(LAYOUT_SHIFTS)

    def open_(query=""):
        page.goto(server.url + query)
        wait_app_ready(page)

    page.open = open_
    page.size = request.param
    yield page
    assert not log.errors, log.errors
    assert not log.off_origin
