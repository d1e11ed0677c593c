#!/usr/bin/env python3
"""Benchmark the app in Chromium: time to ready, the worker, Expert think time, frames.

    .venv/bin/python tools/bench_browser.py [--runs 5] [--games 1] [--variant kendall]
                                            [--dist DIR] [--json]
    .venv/bin/python tools/bench_browser.py --page-games --variant kendall,jequier --runs 3
    .venv/bin/python tools/bench_browser.py --clicks --runs 3 [--dist DIR]
    nice .venv/bin/python tools/bench_browser.py --phone [--rates 9,1.6] [--runs 1] [--dist DIR]

Needs a built dist/ (`make build`), Playwright (in .venv) and Debian's chromium
(CHROMIUM=/path to use another). dist/ is served from 127.0.0.1 on a free port and
Chromium cannot resolve any other host, as in the browser tests. ``--dist`` measures
another build (for example one of an older commit, for a before/after comparison).

- cold ready: a fresh browser context each time (empty HTTP cache, no service worker);
- warm ready: reloads in one context (HTTP cache and service worker warm);
  both read the page's own `senet:ready` performance mark (ms since navigation start);
- floor: the same for a bare MicroPython page served the same way (PyScript and
  MicroPython from the same dist/, a script that only sets the mark): what no app on
  this interpreter can beat; the app's ratio to it is printed;
- worker: when the worker "players" has booted and answered (the `senet:worker` mark,
  or when `data-worker` lists the rule sets for builds without the mark), in a game
  with a computer seat;
- offline reopen: ready with the server stopped, from the service worker's cache;
- first visit: bytes the server sent (headers included) on a first visit to a game
  against Average, until the service worker controls the page (its precache
  included), and how many of them were Pyodide's; goal: under 2 MB;
- Average's first turn, cold: a fresh context opens a game in which Average (black)
  plays first, at speed=instant; ms from navigation start until White is to act (the
  computer's whole turn played), as a ratio of the floor's cold ready; goal <= 2x;
- Expert's first answer, warm: a context that has played the Expert once (service
  worker and runtime cached) opens a game of two Experts; ms from
  navigation start to the end of its first `senet:think` (level expert), with Pyodide's
  boot; goal < 3.5 s;
- Expert: whole games Expert against Expert at speed=instant; every `senet:think`
  measure of level "expert" (the round trip to the worker, as the page sees it);
- frames: requestAnimationFrame callbacks counted while the Expert thinks, also with a
  heavy search budget (``--heavy-nodes``, ``expert_nodes=`` in the URL) so that each
  decision lasts long enough for a blocked main thread to show. These figures are only
  reported here: they depend on the machine and its load, so the test suite proves that
  the page stays responsive by the order of events instead (tests/browser/test_app.py).
- compare (``--compare OTHER_DIST``, alone): ready, cold and warm, of this build, another
  one and the floor, booted in turn round by round, so that the machine's other load
  weighs on all alike (builds measured one after the other on this shared machine
  differ by more than most changes to the boot do); beside them the floor's two lines
  on MicroPython alone, loaded by `micropython.mjs` without PyScript, and the difference
  between the two floors: PyScript's own start;
- page games (``--page-games``, alone): whole games of Novice against Average at
  speed=instant, decided and drawn on the page (no worker), in each rule set given by
  ``--variant`` (a comma-separated list): ms from ready to the end, and per decision
  (each `senet:think` measure is one decision; every throw and move is drawn). What a
  turn costs the page, and what most of the suite's whole games by the computer cost;
- clicks (``--clicks``, alone): a game between two people played by clicks, 150 actions
  on each of ``--runs`` fresh pages: the mean time the page's handlers take inside a click
  (all clicks, throws, moves), before the browser can draw anything;
- review (``--review``, alone): whole games reviewed in the worker ("Review this game" in
  the replay of a record; tools/bench_review.py makes the games), from the page's
  `senet:review-start` mark (the worker has booted and replayed the record) to
  `senet:review-end`; ``--review-nodes`` sets the budget (the page's ?review_nodes=).
  Goal: a whole Kendall game in under 30 s at the default budget.
- profile (``--profile``, alone, its own options): ready, cold and warm, with 500 games in
  the player's profile beside an empty one, round by round, and their ratio (goal: within
  10%); tools/bench_progress.py says how;
- phone (``--phone``, alone, its own options): a first visit to a game against the Expert
  and one against Average over a throttled link that the server shares among its
  connections, uncompressed: the first turn's time and the bytes sent by then
  (tools/bench_phone.py says how). Goal: the Expert's first turn over within 12 s at
  9 Mbit/s, having sent at most 4.5 MB.
Goals on the reference machine (2 cores): ready < 1.0 s cold and < 0.5 s warm, at most
2x the floor, offline reopen < 1.0 s; Expert median < 0.5 s; at least 50 frames per
second while it thinks. Nothing here is a test: the figures go in notes and docs.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [  # as tests/browser/conftest.py
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
READY = "() => document.documentElement.dataset.ready === 'true' || document.querySelector('.py-error') !== null"
READY_MS = "() => performance.getEntriesByName('senet:ready')[0].startTime"
WORKER_UP = "() => (document.documentElement.dataset.worker || '').includes('kendall')"
WORKER_MS = """() => { const m = performance.getEntriesByName('senet:worker')[0];
                       return m ? m.startTime : performance.now(); }"""
# A bare MicroPython page: the floor for the app's ready time.
FLOOR_HTML = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script></head><body>
<script type="mpy" config='{"interpreter": "./vendor/micropython/micropython.mjs"}'>
from pyscript import document, window
document.documentElement.dataset.ready = "true"
window.performance.mark("senet:ready")
</script></body></html>
"""
COMPUTER_GAME = "?variant=kendall&white=expert&black=human&seed=3"
# The service worker controls the page and has precached the site (app/boot/pwa.js).
CONTROLLED = "() => navigator.serviceWorker.controller !== null && document.documentElement.dataset.sw === 'ready'"
FRAME_COUNTER = """
window.__frames = [];
(function tick(t) { window.__frames.push(t); requestAnimationFrame(tick); })(performance.now());
"""


AVERAGE_GAME = "?variant=kendall&white=human&black=average&seed=3&speed=instant"  # black starts
EXPERT_FIRST = "?variant=kendall&white=expert&black=expert&seed=3&speed=instant"  # the first choice
# ms since navigation start when White is first to act (the first turn of black is over).
TURN_WATCH = """
window.__whiteAt = null;
document.addEventListener("DOMContentLoaded", () => {
  const board = document.getElementById("board");
  new MutationObserver(() => {
    const pos = (board.dataset.position || "").split(" ");
    if (window.__whiteAt === null && pos[2] === "w") window.__whiteAt = performance.now();
  }).observe(board, { attributes: true, attributeFilter: ["data-position"] });
});
"""
FIRST_EXPERT_END = """() => { const m = performance.getEntriesByName('senet:think')
    .filter(m => m.detail && m.detail.level === 'expert')[0];
  return m ? m.startTime + m.duration : null; }"""
EXPERT_ANSWERED = ("() => performance.getEntriesByName('senet:think')"
                   ".some(m => m.detail && m.detail.level === 'expert')")


class _Counter:
    """The server's output stream, counting the bytes written to it."""

    def __init__(self, stream, sent: list) -> None:
        self._stream = stream
        self._sent = sent

    def write(self, data) -> int:
        self._sent[0] += len(data)
        return self._stream.write(data)

    def __getattr__(self, name):
        return getattr(self._stream, name)


class _QuietHandler(SimpleHTTPRequestHandler):
    sent = [0]  # bytes written by the server since the last reset (headers and bodies)
    paths: list = []  # the paths asked for since then

    def setup(self):
        super().setup()
        self.wfile = _Counter(self.wfile, self.sent)

    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        self.paths.append(self.path)


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that closes a connection in the middle of an answer (a context closed
        # while its page still downloads) is not the server's fault: no traceback, as in
        # the tests' server (tests/browser/conftest.py). Any other fault still prints.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(directory: Path) -> tuple[ThreadingHTTPServer, str]:
    httpd = _Server(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(directory)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def _ready(page, url: str) -> float:
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    failures = page.locator(".py-error").all_inner_texts()
    if failures:
        raise SystemExit("the page failed to boot:\n" + "\n".join(failures))
    return page.evaluate(READY_MS)


def make_floor(dist: Path, target: Path) -> Path:
    """A directory holding the bare MicroPython page and links to dist/'s vendor files."""
    target.mkdir(parents=True, exist_ok=True)
    (target / "vendor").mkdir(exist_ok=True)
    for name in ("pyscript", "micropython"):
        link = target / "vendor" / name
        if not link.exists():
            link.symlink_to(dist / "vendor" / name)
    (target / "index.html").write_text(FLOOR_HTML)
    return target


def bench_worker(browser, url: str, runs: int) -> list[float]:
    """ms from navigation start until the worker answered, in a game with a computer seat."""
    out = []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        _ready(page, url + COMPUTER_GAME)
        page.wait_for_function(WORKER_UP, timeout=180_000)
        out.append(page.evaluate(WORKER_MS))
        context.close()
    return out


def bench_worker_cost(browser, url: str, runs: int, settle_ms: int = 8000) -> dict:
    """What the lazy worker saves: CPU seconds spent by the browser's renderer processes
    (the page, its worker, the service worker) from navigation until ``settle_ms`` after
    ready, for a game between two people (no worker) and one with a computer seat."""
    cdp = browser.new_browser_cdp_session()

    def cpu() -> dict:
        return {pi["id"]: pi["cpuTime"] for pi in cdp.send("SystemInfo.getProcessInfo")["processInfo"]
                if pi["type"] == "renderer"}

    out = {}
    for label, query in (("two people", "?variant=kendall&white=human&black=human&seed=5"),
                         ("a computer seat", COMPUTER_GAME)):
        spent = []
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            before = cpu()
            _ready(page, url + query)
            page.wait_for_timeout(settle_ms)
            after = cpu()
            spent.append(sum(t - before.get(pid, 0.0) for pid, t in after.items()))
            context.close()
        out[label] = spent
    return out


def bench_offline(browser, url: str, runs: int) -> list[float]:
    """Ready with the network cut (``context.set_offline``): the service worker answers."""
    context = browser.new_context()
    page = context.new_page()
    _ready(page, url)
    page.wait_for_function(CONTROLLED, timeout=180_000)
    context.set_offline(True)
    out = [_ready(page, url) for _ in range(runs)]
    context.close()
    return out


def bench_first_visit(browser, url: str) -> dict:
    """Bytes sent on a first visit to a game against Average, the precache included."""
    context = browser.new_context()
    page = context.new_page()
    _QuietHandler.sent[0] = 0
    _QuietHandler.paths.clear()
    _ready(page, url + "index.html" + AVERAGE_GAME)
    page.wait_for_function(CONTROLLED, timeout=180_000)
    sent = _QuietHandler.sent[0]
    pyodide = sum("/vendor/pyodide/" in path for path in _QuietHandler.paths)
    context.close()
    return {"bytes": sent, "requests": len(_QuietHandler.paths), "pyodide_requests": pyodide}


def bench_average_turn(browser, url: str, runs: int) -> list[float]:
    """ms from navigation start until Average's first turn is over, cold (fresh contexts)."""
    out = []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(TURN_WATCH)
        _ready(page, url + "index.html" + AVERAGE_GAME)
        page.wait_for_function("() => window.__whiteAt !== null", timeout=120_000)
        out.append(page.evaluate("window.__whiteAt"))
        context.close()
    return out


def bench_expert_first(browser, url: str, runs: int) -> tuple[list[float], list[str]]:
    """ms from navigation start to the Expert's first answer, warm: the context has
    played the Expert once and its service worker controls the page (runtime cached),
    and its worker kept a snapshot (app/worker/players.js). How each run's worker started is
    returned beside the times: "snapshot" or "fresh" (builds before the snapshot: "?")."""
    context = browser.new_context()
    page = context.new_page()
    _ready(page, url + "index.html" + EXPERT_FIRST)
    page.wait_for_function(EXPERT_ANSWERED, timeout=180_000)
    page.wait_for_function(CONTROLLED, timeout=180_000)
    # The runtime is kept (or, before the runtime cache, precached): wait until the
    # page says so where it can.
    page.wait_for_function("() => ['all', undefined].includes(document.documentElement.dataset.offline)",
                           timeout=180_000)
    out, starts = [], []
    for _ in range(runs):
        _ready(page, url + "index.html" + EXPERT_FIRST.replace("seed=3", f"seed={10 + len(out)}"))
        page.wait_for_function(EXPERT_ANSWERED, timeout=180_000)
        out.append(page.evaluate(FIRST_EXPERT_END))
        starts.append(page.evaluate("document.documentElement.dataset.workerStart || '?'"))
    context.close()
    return out, starts


def bench_ready(browser, url: str, runs: int, service_worker: bool = True) -> dict:
    cold = []
    for _ in range(runs):
        context = browser.new_context()
        cold.append(_ready(context.new_page(), url))
        context.close()
    context = browser.new_context()
    page = context.new_page()
    _ready(page, url)
    if service_worker:
        page.wait_for_function(CONTROLLED, timeout=180_000)  # the service worker has precached the site
    warm = [_ready(page, url) for _ in range(runs)]
    context.close()
    return {"cold_ms": cold, "warm_ms": warm}


def bench_expert(browser, url: str, variant: str, games: int, nodes: int = 0, decisions: int = 0) -> dict:
    """Expert against Expert: whole games, or (with ``decisions``) until that many thinks."""
    thinks: list[float] = []
    frames_inside = 0
    think_ms = 0.0
    worst_gap = 0.0
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(FRAME_COUNTER)
    budget = f"&expert_nodes={nodes}" if nodes else ""
    for game in range(games):
        page.goto(f"{url}?variant={variant}&white=expert&black=expert&seed={100 + game}&speed=instant{budget}")
        page.wait_for_function(READY, timeout=120_000)
        if decisions:
            page.wait_for_function(f"performance.getEntriesByName('senet:think').length >= {decisions}"
                                   " || document.getElementById('board').dataset.winner", timeout=900_000)
        else:
            page.wait_for_selector("#board[data-winner]", timeout=900_000)
        measures = page.evaluate("""performance.getEntriesByName('senet:think')
            .filter(m => m.detail && m.detail.level === 'expert').map(m => [m.startTime, m.duration])""")
        frames = page.evaluate("window.__frames")
        for start, duration in measures:
            thinks.append(duration)
            think_ms += duration
            inside = [t for t in frames if start <= t <= start + duration]
            frames_inside += len(inside)
            edges = [start, *inside, start + duration]
            worst_gap = max(worst_gap, *(b - a for a, b in zip(edges, edges[1:])))
    context.close()
    return {
        "decisions": len(thinks),
        "median_ms": statistics.median(thinks) if thinks else None,
        "max_ms": max(thinks) if thinks else None,
        "mean_ms": statistics.fmean(thinks) if thinks else None,
        "fps_while_thinking": frames_inside / (think_ms / 1000) if think_ms else None,
        "longest_frame_gap_ms": worst_gap,
    }


# Keeps in window.__over the moment the board first shows a winner.
OVER_WATCH = """document.addEventListener("DOMContentLoaded", () => {
  const board = document.getElementById("board");
  new MutationObserver(() => {
    if (board.dataset.winner && window.__over === undefined) window.__over = performance.now();
  }).observe(board, {attributes: true, attributeFilter: ["data-winner"]});
});"""


def bench_page_games(browser, url: str, variants: list[str], runs: int) -> dict:
    """Novice against Average, whole games at speed=instant on the page: for each rule
    set, [(ms from ready to the end, decisions)] over ``runs`` games of seed 21, each in
    a fresh context."""
    result: dict = {}
    for variant in variants:
        for _ in range(runs):
            context = browser.new_context()
            page = context.new_page()
            page.add_init_script(OVER_WATCH)
            page.goto(f"{url}?variant={variant}&white=novice&black=average&seed=21&speed=instant")
            page.wait_for_function("window.__over !== undefined", timeout=900_000)
            ready, over, decisions = page.evaluate("""() => [
                performance.getEntriesByName('senet:ready')[0].startTime, window.__over,
                performance.getEntriesByName('senet:think').length]""")
            result.setdefault(variant, []).append((over - ready, decisions))
            context.close()
    return result


def bench_review(browser, url: str, variant: str, games: int, nodes: int = 0) -> dict:
    """Review whole games (tools/bench_review.py's typical games) in the worker."""
    sys.path.insert(0, str(ROOT / "tools"))
    from bench_review import typical_game

    runs = []
    context = browser.new_context()
    page = context.new_page()
    budget = f"&review_nodes={nodes}" if nodes else ""
    for game in range(games):
        record = typical_game(variant, 100 + game).record_text()
        page.goto(f"{url}?speed=instant{budget}")
        page.wait_for_function(READY, timeout=120_000)
        page.locator(".toolbar [data-action='record']").click()
        page.fill("#record-text", record)
        page.locator("#record-dialog [data-record='replay']").click()
        page.locator("#replay [data-action='review']").click()
        page.wait_for_function("['done', 'failed'].includes(document.getElementById('review').dataset.state)",
                               timeout=1_800_000)
        ms = page.evaluate("""() => performance.getEntriesByName('senet:review-end')[0].startTime
                                   - performance.getEntriesByName('senet:review-start')[0].startTime""")
        lines = int(page.get_attribute("#review-progress", "value"))
        runs.append({"ms": ms, "lines": lines, "nodes": nodes})
    context.close()
    return {"variant": variant, "runs": runs}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--phone" in argv:  # a phone's first visit, throttled: tools/bench_phone.py, its own options
        import bench_phone

        return bench_phone.main([a for a in argv if a != "--phone"])
    if "--profile" in argv:  # ready with 500 games in the profile beside none: tools/bench_progress.py
        import bench_progress

        return bench_progress.main([a for a in argv if a != "--profile"])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="boots measured, cold and warm (default 5)")
    parser.add_argument("--games", type=int, default=1, help="Expert-against-Expert games (default 1)")
    parser.add_argument("--variant", default="kendall", help="rule set of the Expert games (default kendall)")
    parser.add_argument("--heavy-nodes", type=int, default=60000,
                        help="also measure frames while an Expert with this search budget thinks "
                             "(20 decisions; 0 to skip; default 60000)")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to measure (default dist/)")
    parser.add_argument("--ready-only", action="store_true",
                        help="only the start-up figures (ready, floor, worker, offline)")
    parser.add_argument("--review", action="store_true",
                        help="only the review of whole games in the worker (--games of --variant)")
    parser.add_argument("--review-nodes", type=int, default=0,
                        help="the review's node budget a search (default: the review's own)")
    parser.add_argument("--compare", type=Path, default=None, metavar="OTHER_DIST",
                        help="only ready, cold and warm, of --dist against another build and the "
                             "floor, booted in turn round by round (--runs rounds)")
    parser.add_argument("--average-turn", action="store_true",
                        help="with --compare: also Average's first turn, cold, on both builds, in the same rounds")
    parser.add_argument("--page-games", action="store_true",
                        help="only whole games of Novice against Average on the page, in each rule "
                             "set of --variant (comma-separated), --runs games each")
    parser.add_argument("--clicks", action="store_true",
                        help="only the time of the page's handlers a click, in a game between two "
                             "people played by clicks (--runs pages, 150 actions each)")
    parser.add_argument("--lang", default="en",
                        help="with --compare: the copy of the page in this language (index.LANG.html; default en)")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args(argv)
    if args.clicks:
        return _main_clicks(args)
    if args.review:
        return _main_review(args)
    if args.page_games:
        return _main_page_games(args)
    dist = args.dist.resolve()
    if not (dist / "index.html").is_file():
        print(f"{dist} has no index.html: run `make build` first", file=sys.stderr)
        return 1
    import tempfile

    from playwright.sync_api import sync_playwright

    floor_dir = make_floor(DIST if (DIST / "vendor" / "micropython").is_dir() else dist,
                           Path(tempfile.mkdtemp(prefix="senet-floor-")))
    if args.compare is not None:  # this build, another one and the floors: tools/bench_compare.py
        import bench_compare

        return bench_compare.main_compare(args, dist, floor_dir)
    httpd, url = serve(dist)
    floor_httpd, floor_url = serve(floor_dir)
    expert = heavy = None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            floor = bench_ready(browser, floor_url, args.runs, service_worker=False)
            ready = bench_ready(browser, url, args.runs)
            worker = bench_worker(browser, url, args.runs)
            offline = bench_offline(browser, url, args.runs)
            first_visit = bench_first_visit(browser, url)
            average_turn = bench_average_turn(browser, url, args.runs)
            expert_first, starts = bench_expert_first(browser, url, args.runs)
            cost = bench_worker_cost(browser, url, min(args.runs, 3))
            if not args.ready_only:
                expert = bench_expert(browser, url, args.variant, args.games)
                heavy = (bench_expert(browser, url, args.variant, 1, args.heavy_nodes, 20)
                         if args.heavy_nodes else None)
            browser.close()
    finally:
        httpd.shutdown()
        floor_httpd.shutdown()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    result = {"ready": ready, "floor": floor, "worker_ms": worker, "offline_ms": offline, "cpu_s": cost,
              "first_visit": first_visit, "average_turn_cold_ms": average_turn, "expert_first_warm_ms": expert_first,
              "expert": expert, "heavy_expert": heavy, "cpus": os.cpu_count(), "load_1min": load,
              "dist": str(dist)}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    med = statistics.median
    print(f"machine: {os.cpu_count()} cpus, load average {load:.2f} (1 min, at the end)")
    print(f"site measured: {dist}")

    def line(label, values, goal=""):
        print(f"{label:<34}: median {med(values):6.0f} ms  runs {', '.join(f'{v:.0f}' for v in values)}"
              + (f"   goal {goal}" if goal else ""))

    line("ready, cold (fresh context)", ready["cold_ms"], "< 1000 ms")
    line("ready, warm (reload)", ready["warm_ms"], "< 500 ms")
    line("floor: bare MicroPython page, cold", floor["cold_ms"])
    line("floor: bare MicroPython page, warm", floor["warm_ms"])
    print(f"app / floor: cold {med(ready['cold_ms']) / med(floor['cold_ms']):.2f}x, "
          f"warm {med(ready['warm_ms']) / med(floor['warm_ms']):.2f}x   goal <= 2x")
    line("worker answered (cold context)", worker)
    line("ready, offline reopen", offline, "< 1000 ms")
    print(f"first visit, game against Average: {first_visit['bytes']:,} bytes sent "
          f"({first_visit['bytes'] / 1e6:.2f} MB, precache included), {first_visit['requests']} requests, "
          f"{first_visit['pyodide_requests']} of Pyodide   goal < 2 MB")
    line("Average's first turn over, cold", average_turn)
    print(f"Average's first turn, cold / floor's ready, cold: "
          f"{med(average_turn) / med(floor['cold_ms']):.2f}x   goal <= 2x")
    line("Expert's first answer, warm", expert_first, "< 3500 ms")
    print(f"  the worker started from: {', '.join(starts)}")
    for label, spent in cost.items():
        print(f"CPU of the renderers, first 8 s after ready, {label}: median {med(spent):.2f} s  "
              f"runs {', '.join(f'{v:.2f}' for v in spent)}")
    if expert is None:
        return 0
    e = expert
    print(f"Expert think ({args.variant}, {e['decisions']} decisions): median {e['median_ms']:.0f} ms, "
          f"mean {e['mean_ms']:.0f} ms, max {e['max_ms']:.0f} ms   goal median < 500 ms")
    print(f"frames while the Expert thinks: {e['fps_while_thinking']:.1f} per second, "
          f"longest gap {e['longest_frame_gap_ms']:.0f} ms   goal >= 50 fps")
    if heavy:
        print(f"Expert with {args.heavy_nodes} nodes ({heavy['decisions']} decisions): median "
              f"{heavy['median_ms']:.0f} ms, max {heavy['max_ms']:.0f} ms; frames meanwhile "
              f"{heavy['fps_while_thinking']:.1f} per second, longest gap {heavy['longest_frame_gap_ms']:.0f} ms")
    return 0


def _one_bench(args, bench):
    """``bench(browser, url)`` on --dist, served and in a Chromium of its own; with --json
    its result is printed and None returned, else the result, after the machine's line."""
    from playwright.sync_api import sync_playwright

    httpd, url = serve(args.dist.resolve())
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            result = bench(browser, url)
            browser.close()
    finally:
        httpd.shutdown()
    if args.json:
        print(json.dumps(result, indent=1))
        return None
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine: {os.cpu_count()} cpus, load average {load:.2f} (1 min, at the end)")
    return result


# One person's action, as a click: the throw button when it is enabled, else the OK of a lost
# throw, else the last movable piece (one destination: it moves; several: the first target
# after it). Returns the milliseconds the page's own handlers took inside the click(s), which
# run synchronously: what a player waits before the browser can draw.
CLICK_ACT = """() => {
  const t0 = performance.now();
  const throwing = document.querySelector('[data-action="throw"]');
  const pass = document.querySelector('[data-action="pass"]');
  const click = el => el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
  let kind = "";
  if (!throwing.disabled && !throwing.hidden) { throwing.click(); kind = "throw"; }
  else if (!pass.hidden) { pass.click(); kind = "pass"; }
  else {
    const pieces = document.querySelectorAll('[data-movable="true"]');
    if (pieces.length) {
      click(pieces[pieces.length - 1]); kind = "move";
      const target = document.querySelector('[data-target="true"]');
      if (target) click(target);
    }
  }
  return [kind, performance.now() - t0];
}"""


def bench_clicks(browser, url: str, runs: int, actions: int = 150) -> list[dict]:
    """A game between two people at speed=instant, played by clicks: for each of ``runs``
    fresh pages, the mean time of the page's click handlers for each kind of action
    (throw, pass, move) and for all, over ``actions`` actions after the first ten (each
    followed by a frame)."""
    result = []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        _ready(page, f"{url}?variant=kendall&white=human&black=human&seed=3&speed=instant")
        times: dict = {}
        for i in range(actions + 10):
            kind, ms = page.evaluate(CLICK_ACT)
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
            if i >= 10 and kind:
                times.setdefault(kind, []).append(ms)
        context.close()
        every = [ms for of_kind in times.values() for ms in of_kind]
        result.append({kind: statistics.mean(of_kind) for kind, of_kind in times.items()}
                      | {"all": statistics.mean(every)})
    return result


def _main_clicks(args) -> int:
    result = _one_bench(args, lambda browser, url: bench_clicks(browser, url, args.runs))
    if result is None:
        return 0
    print(f"site measured: {args.dist.resolve()}")
    for kind in ("all", "throw", "move"):
        means = [r[kind] for r in result if kind in r]
        print(f"the page's handlers a click, {kind}: median of {len(means)} pages "
              f"{statistics.median(means):.1f} ms  runs {', '.join(f'{m:.1f}' for m in means)}")
    return 0


def _main_page_games(args) -> int:
    result = _one_bench(args, lambda browser, url: bench_page_games(browser, url, args.variant.split(","),
                                                                    args.runs))
    if result is None:
        return 0
    print(f"site measured: {args.dist.resolve()}")
    for variant, games in result.items():
        times = [ms for ms, _ in games]
        decisions = games[0][1]
        print(f"{variant}: Novice against Average to the end, {decisions} decisions: median "
              f"{statistics.median(times):.0f} ms ({statistics.median(times) / max(1, decisions):.1f} ms a decision)"
              f"  runs {', '.join(f'{t:.0f}' for t in times)}")
    return 0


def _main_review(args) -> int:
    result = _one_bench(args, lambda browser, url: bench_review(browser, url, args.variant, args.games,
                                                                args.review_nodes))
    if result is None:
        return 0
    budget = args.review_nodes or "default"
    for r in result["runs"]:
        print(f"review of a whole {args.variant} game in the worker ({budget} nodes): {r['ms'] / 1000:.1f} s "
              f"for {r['lines']} lines, {r['ms'] / max(1, r['lines']):.0f} ms a line   goal < 30 s (kendall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
