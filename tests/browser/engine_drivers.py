"""Drivers for the browser engines Playwright cannot drive here, both from Debian packages
(no browser download; docs/build.md, "Other browser engines"):

- `Firefox`: Firefox ESR (`firefox-esr`) over WebDriver BiDi, the WebSocket its own remote
  agent opens (`--remote-debugging-port`): no geckodriver. Playwright's BiDi channel
  (`moz-firefox`) needs a newer Firefox than ESR 153 (it sends
  `emulation.setMediaFeaturesOverride`, which 153 does not know).
- `WebKit`: WebKitGTK's MiniBrowser through Debian's `WebKitWebDriver` (classic WebDriver,
  JSON over HTTP, spoken with urllib), in an Xvfb display.

Both offer the same few calls: `goto(url)`, `reload()`, `evaluate(js)` (an expression;
a promise is awaited), `wait_for(js)` (until a JS expression is truthy: polled in the page,
never a sleep in Python), `errors()` (console errors and uncaught exceptions) and
`quit()`, which always leaves no browser process behind.

Nothing leaves 127.0.0.1: each browser is set to send every request for another host to
a `DeadEndProxy`, which answers none and records each one (`proxy.seen`); the tests
assert it saw nothing.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import re
import signal
import socket
import socketserver
import subprocess
import threading
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = "/usr/bin/Xvfb"
# How long a browser or its driver may take to start, and a command to answer (not a
# wait for the app: those get their own timeout, in the page).
START_TIMEOUT_S = 120
COMMAND_MARGIN_S = 60
SESSION_TIMEOUT_S = 60  # a launch that has not answered by then is hung (test_engines tries a fresh one)

# A function of (test, timeoutMs, source): resolves with test()'s value once it is truthy,
# rejects after timeoutMs.
_WAIT_FN = """(test, timeoutMs, source) => new Promise((resolve, reject) => {
  const started = performance.now();
  const check = () => {
    let value;
    try { value = test(); } catch (e) { reject(e); return; }
    if (value) { resolve(value); return; }
    if (performance.now() - started > timeoutMs) { reject(new Error("timed out waiting for: " + source)); return; }
    setTimeout(check, 50);
  };
  check();
})"""


def wait_script(expression: str, timeout_ms: int) -> str:
    """A JS expression: a promise of ``expression``'s value once it is truthy."""
    return f"({_WAIT_FN})(() => ({expression}), {int(timeout_ms)}, {json.dumps(expression)})"


class DriverError(RuntimeError):
    pass


# ---------------------------------------------------------------- the request guard

class DeadEndProxy:
    """An HTTP proxy on 127.0.0.1 that forwards nothing: every request a browser sends it
    (anything not for 127.0.0.1) is recorded in ``seen`` and refused with a 403."""

    def __init__(self):
        self.seen: list[str] = []
        seen = self.seen

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                line = self.rfile.readline(8192).decode("latin-1").strip()
                if line:
                    seen.append(line)
                self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")

        self._server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, name="dead-end-proxy", daemon=True).start()

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


# Firefox asks its own services now and then (remote settings, its updates and those of
# its plug-ins); the dead-end proxy refuses them like anything else, and they are no
# request of the page.
FIREFOX_OWN = re.compile(r"(^|\.)(mozilla\.(org|com|net)|firefox\.com)$|^update\.googleapis\.com$")


def proxied_host(line: str) -> str:
    """The host a request line to a proxy names: "CONNECT host:443 HTTP/1.1" or
    "GET http://host/path HTTP/1.1" ("" for anything else)."""
    parts = line.split()
    if len(parts) < 2:
        return ""
    target = parts[1] if parts[0] != "CONNECT" else "//" + parts[1]
    return urlsplit(target).hostname or ""


# ---------------------------------------------------------------- processes

def _stop_group(proc: subprocess.Popen | None) -> None:
    """End a process started with start_new_session=True, and everything it started."""
    if proc is None or proc.poll() is not None and not _group_alive(proc.pid):
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            continue
        if not _group_alive(proc.pid):
            return


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Xvfb:
    """A virtual X display for MiniBrowser (it has no headless mode)."""

    def __init__(self):
        read, write = os.pipe()
        self._proc = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()  # Xvfb writes the display number once it is up
        if not number:
            _stop_group(self._proc)
            raise DriverError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        _stop_group(self._proc)


# ---------------------------------------------------------------- Firefox over WebDriver BiDi

class Firefox:
    """Firefox ESR, headless, on a fresh profile, driven over WebDriver BiDi."""

    name = "firefox"

    def __init__(self, profile: Path, proxy: DeadEndProxy, extra_prefs: dict | None = None):
        """``extra_prefs``: the test's own preferences for the profile, added to (and
        over) the ones below."""
        import websocket  # websocket-client (requirements-dev.txt)

        profile.mkdir(parents=True, exist_ok=True)
        prefs = {
            # every request for another host goes to the dead-end proxy (Firefox never
            # proxies 127.0.0.1)
            "network.proxy.type": 1,
            "network.proxy.http": "127.0.0.1",
            "network.proxy.http_port": proxy.port,
            "network.proxy.ssl": "127.0.0.1",
            "network.proxy.ssl_port": proxy.port,
            "network.proxy.share_proxy_settings": True,
            "network.proxy.no_proxies_on": "",
            "network.dns.disablePrefetch": True,
            "network.prefetch-next": False,
            "browser.shell.checkDefaultBrowser": False,
            # Firefox's own background services (remote settings, updates, studies) stay
            # silent, so the proxy only ever sees what a page asked for
            "services.settings.server": "data:,#remote-settings-off",
            "app.update.disabledForTesting": True,
            "app.normandy.enabled": False,
            "browser.safebrowsing.update.enabled": False,
            "browser.safebrowsing.downloads.remote.enabled": False,
            "datareporting.policy.dataSubmissionEnabled": False,
            "toolkit.telemetry.server": "data:,",
            "extensions.getAddons.cache.enabled": False,
            "extensions.update.enabled": False,
            "network.captive-portal-service.enabled": False,
            "network.connectivity-service.enabled": False,
        }
        prefs.update(extra_prefs or {})
        (profile / "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()))
        self._log: list[str] = []
        self._forgotten: set[str] = set()
        self._proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", str(profile),
             "--remote-debugging-port=0", "--remote-allow-hosts=127.0.0.1", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        self._events: list[dict] = []
        self._replies: dict[int, queue.Queue] = {}
        self._ids = itertools.count(1)
        self._ws = None
        try:
            endpoint = self._endpoint()
            self._ws = websocket.create_connection(endpoint + "/session", timeout=None,
                                                   suppress_origin=True)
            threading.Thread(target=self._read, name="firefox-bidi", daemon=True).start()
            self.version = self.send("session.new", {"capabilities": {}})["capabilities"]["browserVersion"]
            self.send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]})
            self.context = self.send("browsingContext.getTree", {})["contexts"][0]["context"]
        except BaseException:
            self.quit()
            raise

    def _endpoint(self) -> str:
        """The remote agent prints its WebSocket address on stderr once it listens."""
        found: queue.Queue = queue.Queue()

        def scan():
            for line in self._proc.stderr:
                self._log.append(line)
                match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if match:
                    found.put(match.group(1))
            found.put(None)

        threading.Thread(target=scan, name="firefox-stderr", daemon=True).start()
        try:
            endpoint = found.get(timeout=START_TIMEOUT_S)
        except queue.Empty:
            endpoint = None
        if not endpoint:
            raise DriverError("Firefox did not open WebDriver BiDi:\n" + "".join(self._log[-20:]))
        return endpoint

    def _read(self) -> None:
        while True:
            try:
                message = json.loads(self._ws.recv())
            except Exception:  # closed
                for waiting in self._replies.values():
                    waiting.put({"type": "error", "error": "closed", "message": "the connection closed"})
                return
            if "id" in message and message["id"] in self._replies:
                self._replies[message["id"]].put(message)
            elif message.get("type") == "event":
                self._events.append(message)

    def send(self, method: str, params: dict, timeout_s: float = COMMAND_MARGIN_S) -> dict:
        ident = next(self._ids)
        self._replies[ident] = reply = queue.Queue()
        try:
            self._ws.send(json.dumps({"id": ident, "method": method, "params": params}))
            try:
                message = reply.get(timeout=timeout_s)
            except queue.Empty:
                raise DriverError(f"Firefox did not answer {method} in {timeout_s:.0f} s") from None
        finally:
            del self._replies[ident]
        if message.get("type") == "error":
            raise DriverError(f"{method}: {message.get('error')}: {message.get('message')}")
        return message["result"]

    def add_init_script(self, script: str) -> None:
        """Run ``script`` in every page before the page's own scripts (a BiDi preload
        script), as Playwright's add_init_script does."""
        self.send("script.addPreloadScript", {"functionDeclaration": "() => {\n" + script + "\n}"})

    def goto(self, url: str) -> None:
        self.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def evaluate(self, expression: str, timeout_s: float = COMMAND_MARGIN_S):
        result = self.send("script.evaluate", {
            "expression": expression, "target": {"context": self.context}, "awaitPromise": True,
            "resultOwnership": "none", "serializationOptions": {"maxObjectDepth": 4}}, timeout_s)
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise DriverError(f"{details.get('text')} (evaluating {expression[:200]!r})")
        return _bidi_value(result["result"])

    def wait_for(self, expression: str, timeout_ms: int):
        return self.evaluate(wait_script(expression, timeout_ms), timeout_ms / 1000 + COMMAND_MARGIN_S)

    def requests(self) -> list[str]:
        """The URL of every request the pages (and their workers) made."""
        return [event["params"]["request"]["url"] for event in list(self._events)
                if event.get("method") == "network.beforeRequestSent"]

    def errors(self) -> list[str]:
        out = []
        for event in list(self._events):
            if event.get("method") != "log.entryAdded":
                continue
            entry = event["params"]
            if entry.get("level") == "error":
                text = f"console.error: {entry.get('text')}" if entry.get("type") == "console" else \
                    f"{entry.get('type')}: {entry.get('text')}"
                if text not in self._forgotten:
                    out.append(text)
        return out

    def forget_errors(self, errors: list[str]) -> None:
        """Leave these (known, checked) errors out of `errors()` from now on."""
        self._forgotten.update(errors)

    def quit(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                self.send("browser.close", {}, timeout_s=20)
            with contextlib.suppress(Exception):
                self._ws.close()
            self._ws = None
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._proc.wait(timeout=20)
        _stop_group(self._proc)


def _bidi_value(remote: dict):
    """A BiDi serialized value as plain Python (what the tests read: primitives, arrays,
    objects)."""
    kind = remote.get("type")
    value = remote.get("value")
    if kind in ("undefined", "null"):
        return None
    if kind == "number" and isinstance(value, str):  # NaN, -0, Infinity
        return float(value.replace("Infinity", "inf"))
    if kind == "array":
        return [_bidi_value(v) for v in value or []]
    if kind == "object":
        return {k if isinstance(k, str) else _bidi_value(k): _bidi_value(v) for k, v in value or []}
    if kind in ("string", "number", "boolean", "bigint"):
        return value
    return {"type": kind}


# ---------------------------------------------------------------- WebKitGTK over WebDriver

class WebKit:
    """WebKitGTK's MiniBrowser in Xvfb, driven by WebKitWebDriver (classic WebDriver).

    Classic WebDriver cannot read the console: the page under test loads
    `CONSOLE_CAPTURE` first (see `capture_site` in test_engines.py), which keeps every
    console error and uncaught exception in sessionStorage, read by `errors()`."""

    name = "webkit"

    def __init__(self, proxy: DeadEndProxy):
        self._forgotten: set[str] = set()
        self._display = Xvfb()
        self._driver = None
        self._session = None
        try:
            port = _free_port()
            proxy_url = f"http://127.0.0.1:{proxy.port}"
            # every request for another host goes to the dead-end proxy. It is set as the
            # "system" proxy (libproxy reads these variables), not as WebDriver's "manual"
            # proxy: MiniBrowser 2.50 crashes at launch about one time in four with a
            # manual proxy's "noProxy" list (a segfault in webkit_network_proxy_settings_new,
            # seen in a core dump), and the driver then waits for it for ever.
            env = {key: value for key, value in os.environ.items()
                   if key.lower() not in {"http_proxy", "https_proxy", "all_proxy", "no_proxy"}
                   and key != "XDG_CURRENT_DESKTOP"}
            env.update(DISPLAY=self._display.display, GIO_USE_PROXY_RESOLVER="libproxy",
                       http_proxy=proxy_url, https_proxy=proxy_url, no_proxy="127.0.0.1")
            # Two settings for a test machine without a GPU, which change what the page
            # costs the machine, not what it does (docs/build.md, "Other browser engines"):
            # no compositing mode (the compositor drew every frame through Mesa's llvmpipe,
            # software OpenGL on two threads: 31 of the web process's 88 CPU-seconds in the
            # smoke test), and no OMG, JavaScriptCore's optimizing tier (it compiled
            # Pyodide's largest functions on a helper thread, 15-21 CPU-seconds that a test
            # of this length never earned back); the lower tiers run the same code.
            env.update(WEBKIT_DISABLE_COMPOSITING_MODE="1", JSC_useOMGJIT="false")
            self._driver = subprocess.Popen(
                [WEBKIT_DRIVER, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True, env=env)
            self._base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + START_TIMEOUT_S
            while True:  # the driver's own port opens within moments
                try:
                    self._call("GET", "/status", timeout_s=5)
                    break
                except OSError:
                    if time.monotonic() > deadline or self._driver.poll() is not None:
                        raise DriverError("WebKitWebDriver did not start") from None
                    time.sleep(0.1)
            caps = {
                "browserName": "MiniBrowser",
                "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]},
                "proxy": {"proxyType": "system"},  # the variables above
            }
            answer = self._call("POST", "/session", {"capabilities": {"alwaysMatch": caps}},
                                timeout_s=SESSION_TIMEOUT_S)
            self._session = answer["sessionId"]
            self.version = answer["capabilities"].get("browserVersion", "?")
            # no page load or script may be cut short by the driver's own defaults
            self._call("POST", self._at("/timeouts"), {"script": None, "pageLoad": 600_000})
        except BaseException:
            self.quit()
            raise

    def _at(self, path: str) -> str:
        return f"/session/{self._session}{path}"

    def _call(self, method: str, path: str, body: dict | None = None, timeout_s: float = COMMAND_MARGIN_S):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self._base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout_s) as response:
                payload = json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as exc:
            payload = json.loads(exc.read() or b"{}")
            value = payload.get("value", {})
            raise DriverError(f"{method} {path}: {value.get('error')}: {value.get('message')}") from None
        return payload.get("value")

    def goto(self, url: str) -> None:
        self._call("POST", self._at("/url"), {"url": url}, timeout_s=START_TIMEOUT_S)

    def reload(self) -> None:
        self._call("POST", self._at("/refresh"), {}, timeout_s=START_TIMEOUT_S)

    def evaluate(self, expression: str, timeout_s: float = COMMAND_MARGIN_S):
        script = ("const done = arguments[arguments.length - 1];"
                  f"Promise.resolve().then(() => ({expression}))"
                  ".then(value => done({value}), error => done({error: String(error)}));")
        answer = self._call("POST", self._at("/execute/async"), {"script": script, "args": []}, timeout_s)
        if answer is not None and "error" in answer:
            raise DriverError(f"{answer['error']} (evaluating {expression[:200]!r})")
        return None if answer is None else answer.get("value")

    def wait_for(self, expression: str, timeout_ms: int):
        return self.evaluate(wait_script(expression, timeout_ms), timeout_ms / 1000 + COMMAND_MARGIN_S)

    def errors(self) -> list[str]:
        return [e for e in self.evaluate("JSON.parse(sessionStorage.getItem('senet-test-errors') || '[]')") or []
                if e not in self._forgotten]

    def forget_errors(self, errors: list[str]) -> None:
        """Leave these (known, checked) errors out of `errors()` from now on."""
        self._forgotten.update(errors)

    def quit(self) -> None:
        if self._session is not None:
            with contextlib.suppress(Exception):
                self._call("DELETE", self._at(""), timeout_s=20)
            self._session = None
        _stop_group(self._driver)
        # MiniBrowser is the driver's child, in the driver's group; should it have left
        # that group, the display's end takes it down with it
        self._display.close()


# Loaded first by the page under test in WebKit (classic WebDriver has no console).
CONSOLE_CAPTURE = """// test only: keeps console errors and uncaught exceptions in sessionStorage
(() => {
  const KEY = "senet-test-errors";
  const keep = text => {
    const list = JSON.parse(sessionStorage.getItem(KEY) || "[]");
    list.push(String(text).slice(0, 500));
    sessionStorage.setItem(KEY, JSON.stringify(list));
  };
  const error = console.error.bind(console);
  console.error = (...args) => { keep("console.error: " + args.map(String).join(" ")); error(...args); };
  // A resource that fails to load says which element asked for it (an SVG element's href
  // is an SVGAnimatedString: its baseVal). Loads that a navigation or a reload of this page
  // cancels (it has begun to leave: beforeunload, pagehide) are not the page's errors.
  let leaving = false;
  addEventListener("beforeunload", () => { leaving = true; }, true);
  addEventListener("pagehide", () => { leaving = true; }, true);
  addEventListener("pageshow", () => { leaving = false; }, true);
  const asked = t => {
    const href = t.href && typeof t.href === "object" ? t.href.baseVal : t.href;
    return "<" + t.localName + "> " + (t.src || href || t.data || "");
  };
  addEventListener("error", e => {
    const element = e.target && e.target !== window && e.target.localName;
    if (element && leaving) return;
    keep("error: " + (e.message || (element ? asked(e.target) : e)));
  }, true);
  addEventListener("unhandledrejection", e => keep("unhandledrejection: " + e.reason));
  document.addEventListener("securitypolicyviolation", e => keep("csp: " + e.violatedDirective + " " + e.blockedURI));
})();
"""
