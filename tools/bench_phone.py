#!/usr/bin/env python3
"""A phone's first visit, measured: a game against the Expert and one against Average,
served by a server that does not compress and shares a link's rate among its connections.

    nice .venv/bin/python tools/bench_browser.py --phone [--rates 9,1.6] [--runs 1] [--dist DIR]
    nice .venv/bin/python tools/bench_phone.py [the same options]

For each rate (Mbit/s) and run, a fresh Chromium profile (empty HTTP cache, no service
worker) opens the game, cold, and waits until the computer's first turn is over (the
board's position says White is to act). Reported, for each game: the seconds from
navigation start to that moment, the bytes the server had sent by then (headers and
bodies, each write stamped with its time), the bytes it sent in all until the service
worker controls the page and (for the Expert) keeps the whole runtime, and any file it
sent twice (a 200 of the same path, the query aside).

- the Expert: ``?variant=kendall&white=human&black=expert&seed=4`` (the Expert opens);
  goal: its first turn over within 12 s at 9 Mbit/s, having sent at most 4.5 MB;
- Average: ``?variant=kendall&white=human&black=average&seed=4``, beside it in the same run.

The throttle is the server's (every connection's writes take turns in one budget of
bytes a second): the service worker's and the web worker's requests are slowed like the
page's, which Chromium's network emulation would not do (it applies to the page alone).
docs/build.md has the figures and history.md their dates.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_browser import CHROMIUM, CHROMIUM_ARGS, CONTROLLED, DIST, READY, TURN_WATCH  # noqa: E402

GAMES = {
    "Expert": "?variant=kendall&white=human&black=expert&seed=4",
    "Average": "?variant=kendall&white=human&black=average&seed=4",
}
CHUNK = 16 * 1024  # bytes a write may send in one turn of the link
TURN_OVER = "() => window.__whiteAt !== null"
RUNTIME_KEPT = "() => document.documentElement.dataset.offline === 'all'"
# ms since navigation start: the page's ready, and the worker's ("senet:worker"; null without one)
MARKS = """() => { const at = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? m.startTime : null; };
  return [performance.timeOrigin, window.__whiteAt, at('senet:ready'), at('senet:worker')]; }"""


class Link:
    """One link's rate shared by every connection: a write of n bytes waits for its turn,
    then takes n / rate seconds of the link. Each write is logged with its time."""

    def __init__(self, bits_per_second: float):
        self.rate = bits_per_second / 8
        self._lock = threading.Lock()
        self._free_at = 0.0
        self.writes: list[tuple[float, int]] = []  # (time.time() at its end, bytes)

    def send(self, stream, data: bytes) -> None:
        view = memoryview(data)
        for at in range(0, len(view), CHUNK):
            part = view[at:at + CHUNK]
            with self._lock:
                start = max(time.monotonic(), self._free_at)
                self._free_at = start + len(part) / self.rate
                end = self._free_at
            delay = end - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            stream.write(part)
            with self._lock:
                self.writes.append((time.time(), len(part)))

    def sent_by(self, moment: float) -> int:
        with self._lock:
            return sum(n for at, n in self.writes if at <= moment)

    def sent(self) -> int:
        with self._lock:
            return sum(n for _, n in self.writes)

    def reset(self) -> None:
        with self._lock:
            self.writes.clear()
            self._free_at = 0.0


class _Throttled:
    def __init__(self, stream, link: Link):
        self._stream, self._link = stream, link

    def write(self, data) -> int:
        self._link.send(self._stream, bytes(data))
        return len(data)

    def __getattr__(self, name):
        return getattr(self._stream, name)


class _Handler(SimpleHTTPRequestHandler):
    link: Link = None  # set by serve()
    log: list = []  # (path, status) of every answer

    def setup(self):
        super().setup()
        self.wfile = _Throttled(self.wfile, self.link)

    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        self.log.append((self.path, int(code) if str(code).isdigit() else code))


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(directory: Path, link: Link):
    handler = type("Handler", (_Handler,), {"link": link, "log": []})
    httpd = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, handler, f"http://127.0.0.1:{httpd.server_address[1]}/"


def first_visit(playwright, url: str, query: str, link: Link, handler, expert: bool) -> dict:
    """One cold first visit, in a fresh profile."""
    link.reset()
    handler.log.clear()
    with tempfile.TemporaryDirectory(prefix="senet-phone-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM,
                                                                 args=CHROMIUM_ARGS, headless=True)
        try:
            page = context.new_page()
            page.add_init_script(TURN_WATCH)
            page.goto(url + "index.html" + query, timeout=600_000)
            page.wait_for_function(READY, timeout=600_000)
            page.wait_for_function(TURN_OVER, timeout=600_000)
            origin, turn_ms, ready_ms, worker_ms = page.evaluate(MARKS)
            by_turn = link.sent_by((origin + turn_ms) / 1000)
            page.wait_for_function(CONTROLLED, timeout=600_000)
            if expert:
                page.wait_for_function(RUNTIME_KEPT, timeout=600_000)
            time.sleep(1.0)  # the last answers leave the server
        finally:
            context.close()
    counts = collections.Counter(path.split("?")[0] for path, status in handler.log if status == 200)
    return {"turn_s": turn_ms / 1000, "ready_s": ready_ms / 1000,
            "worker_s": worker_ms / 1000 if worker_ms is not None else None,
            "bytes_by_turn": by_turn, "bytes_all": link.sent(),
            "requests": len(handler.log), "twice": sorted(p for p, n in counts.items() if n > 1)}


def bench(dist: Path, rates: list[float], runs: int, games=tuple(GAMES)) -> dict:
    from playwright.sync_api import sync_playwright

    out = {}
    with sync_playwright() as playwright:
        for rate in rates:
            link = Link(rate * 1e6)
            httpd, handler, url = serve(dist, link)
            try:
                for name in games:
                    query = GAMES[name]
                    out[f"{name} at {rate:g} Mbit/s"] = [
                        first_visit(playwright, url, query, link, handler, name == "Expert") for _ in range(runs)]
            finally:
                httpd.shutdown()
    return out


def report(results: dict) -> None:
    for label, runs in results.items():
        turn = statistics.median(r["turn_s"] for r in runs)
        by_turn = statistics.median(r["bytes_by_turn"] for r in runs)
        total = statistics.median(r["bytes_all"] for r in runs)
        twice = ", ".join(sorted({p for r in runs for p in r["twice"]})) or "nothing"
        each = ", ".join(f"{r['turn_s']:.1f} s" for r in runs)
        ready = statistics.median(r["ready_s"] for r in runs)
        workers = [r["worker_s"] for r in runs if r["worker_s"] is not None]
        worker = f", the worker up at {statistics.median(workers):.1f} s" if workers else ""
        print(f"{label:<24} first turn over {turn:5.1f} s, {by_turn / 1e6:5.2f} MB sent by then, "
              f"{total / 1e6:5.2f} MB in all (runs: {each}; ready at {ready:.1f} s{worker}); sent twice: {twice}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="9,1.6", help="link rates in Mbit/s, comma-separated (default 9,1.6)")
    parser.add_argument("--runs", type=int, default=1, help="first visits of each game at each rate (default 1)")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to measure (default dist/)")
    parser.add_argument("--games", default=",".join(GAMES), help=f"which games (default {','.join(GAMES)})")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    dist = args.dist.resolve()
    if not (dist / "index.html").is_file():
        print(f"{dist} has no index.html: run `make build` first", file=sys.stderr)
        return 1
    results = bench(dist, [float(r) for r in args.rates.split(",")], args.runs, args.games.split(","))
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print(f"{dist} ({os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})")
        report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
