"""tools/bench_browser.py's ``--compare OTHER_DIST``: this build, another one, the floor and
the floor's lines on MicroPython alone, booted in turn round by round (cold, then warm,
and with ``--average-turn`` Average's first turn, cold), so that the machine's other
load weighs on all of them alike; the last line says how much of the floor is PyScript's
own start. tools/bench_browser.py's docstring and docs/app.md ("Benchmark") say how to
run it.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

from bench_browser import AVERAGE_GAME, CHROMIUM, CHROMIUM_ARGS, CONTROLLED, TURN_WATCH, _ready, serve

# The same two lines on MicroPython alone, loaded by its own module (micropython.mjs)
# without PyScript: how much of the floor is PyScript's own start (``--compare``).
ALONE_HTML = """<!doctype html><html><head><meta charset="utf-8">
<script type="module">
import { loadMicroPython } from "./vendor/micropython/micropython.mjs";
const mp = await loadMicroPython({ url: "./vendor/micropython/micropython.wasm" });
mp.runPython("import js\\njs.document.documentElement.dataset.ready = 'true'\\njs.performance.mark('senet:ready')");
</script></head><body></body></html>
"""
# After each boot --compare measures, the machine is left this long to finish that page's
# work after ready (app/boot/later.js's modules, the service worker's checks): without it, that
# work fell on the next boot measured. In a fixed order of three sites, the middle one
# always came after another site's boot, and was measured 10-45 ms slower warm than the
# same build in the last place (2026-11-27).
SETTLE_MS = 500
# ``--compare``'s fourth site: the floor's two lines on MicroPython alone (ALONE_HTML).
ALONE = "floor, MicroPython alone (no PyScript)"


def balanced_orders(labels: list) -> list[list]:
    """Orders of ``labels`` in which, over the whole list, each comes in each place as
    often and right after each other one as often (a Williams design: n orders for an
    even n, 2n for an odd n), so that a few rounds are balanced where all n! orders would
    take many."""
    n = len(labels)
    first = [0]
    for k in range(1, n):
        first.append((k + 1) // 2 if k % 2 else n - k // 2)
    orders = [[labels[(i + shift) % n] for i in first] for shift in range(n)]
    return orders + ([order[::-1] for order in orders] if n % 2 else [])


def _average_turn(context, url: str, copy: str = "") -> float:
    """One cold boot of a game in which Average plays first: ms from navigation start
    until its first turn is over (White to act)."""
    page = context.new_page()
    page.add_init_script(TURN_WATCH)
    _ready(page, url + (copy or "index.html") + AVERAGE_GAME)
    page.wait_for_function("() => window.__whiteAt !== null", timeout=120_000)
    return page.evaluate("window.__whiteAt")


def bench_compare(browser, urls: dict, runs: int, average_turn: bool = False, copy: str = "") -> dict:
    """Ready, cold and warm, of several sites measured in turn: each round boots every
    site once, so that whatever else the machine does weighs on all of them alike. On this
    shared machine two builds measured one after the other differ by more than most
    changes to the boot do; only figures taken this way can tell them apart. The rounds
    take the orders of `balanced_orders` in turn, so that each site comes in each place
    and after each other site as often (every 4 rounds for the 4 sites), and each boot is
    followed by ``SETTLE_MS`` of rest. ``urls``: label -> URL; a label starting with "floor" is a page without a
    service worker. ``average_turn``: each round also boots, cold, a game in which Average
    plays first on every site but the floor, and times its first turn (``--average-turn``).
    ``copy``: the page of the sites but the floor's, "index.fr.html" for the French copy
    (``--lang``); "" for the site's root, the English page."""
    urls = dict(urls)
    cold = {label: [] for label in urls}
    warm = {label: [] for label in urls}
    turns = {label: [] for label in urls if not label.startswith("floor")}
    orders = balanced_orders(list(urls))
    rounds = [orders[i % len(orders)] for i in range(runs)]
    for order in rounds:
        for label in order:
            context = browser.new_context()
            cold[label].append(_ready(context.new_page(), urls[label] + ("" if label.startswith("floor") else copy)))
            context.close()
            time.sleep(SETTLE_MS / 1000)
            if average_turn and label in turns:
                context = browser.new_context()
                turns[label].append(_average_turn(context, urls[label], copy))
                context.close()
                time.sleep(SETTLE_MS / 1000)
    pages = {}
    for label, url in urls.items():
        url = urls[label] = url + ("" if label.startswith("floor") else copy)
        page = browser.new_context().new_page()
        _ready(page, url)
        if not label.startswith("floor"):
            page.wait_for_function(CONTROLLED, timeout=180_000)
        pages[label] = page
    for order in rounds:
        for label in order:
            warm[label].append(_ready(pages[label], urls[label]))
            time.sleep(SETTLE_MS / 1000)
    for page in pages.values():
        page.context.close()
    result = {label: {"cold_ms": cold[label], "warm_ms": warm[label]} for label in urls}
    for label, times in turns.items():
        if times:
            result[label]["average_turn_cold_ms"] = times
    return result


def main_compare(args, dist: Path, floor_dir: Path) -> int:
    from playwright.sync_api import sync_playwright

    other = args.compare.resolve()
    copy = "index.html" if args.lang == "en" else f"index.{args.lang}.html"
    for site in (dist, other):
        if not (site / copy).is_file():
            print(f"{site} has no {copy}", file=sys.stderr)
            return 1
    (floor_dir / "alone.html").write_text(ALONE_HTML)
    servers = {"floor": serve(floor_dir), f"this ({dist})": serve(dist), f"other ({other})": serve(other)}
    servers[ALONE] = (servers["floor"][0], servers["floor"][1] + "alone.html")  # the floor's server
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            result = bench_compare(browser, {label: url for label, (_httpd, url) in servers.items()}, args.runs,
                                   average_turn=args.average_turn,
                                   copy="" if args.lang == "en" else f"index.{args.lang}.html")
            browser.close()
    finally:
        for httpd in {httpd for httpd, _url in servers.values()}:
            httpd.shutdown()
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} cpus, load average {load:.2f} (1 min, at the end); "
          f"{args.runs} rounds, each booting every site once; the app's page in '{args.lang}'")
    floor = result["floor"]
    for label, r in result.items():
        cold, warm = statistics.median(r["cold_ms"]), statistics.median(r["warm_ms"])
        ratio = ("" if label.startswith("floor") else
                 f"   / floor: {cold / statistics.median(floor['cold_ms']):.2f}x cold, "
                 f"{warm / statistics.median(floor['warm_ms']):.2f}x warm")
        print(f"{label:<50} ready cold {cold:6.0f} ms, warm {warm:6.0f} ms{ratio}")
    for label, r in result.items():
        if "average_turn_cold_ms" in r:
            turn = statistics.median(r["average_turn_cold_ms"])
            print(f"{label:<50} Average's first turn, cold {turn:6.0f} ms   / floor's ready, cold: "
                  f"{turn / statistics.median(floor['cold_ms']):.2f}x   goal <= 2x")
    alone = statistics.median(result[ALONE]["cold_ms"])
    print(f"PyScript's own start, cold: the floor's ready less MicroPython alone's, "
          f"{statistics.median(floor['cold_ms']) - alone:.0f} ms")
    return 0
