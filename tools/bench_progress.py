#!/usr/bin/env python3
"""The page's ready time with 500 games in the player's profile beside an empty profile
(tools/bench_browser.py --profile; docs/progress.md, "On the page").

    nice -n 10 .venv/bin/python tools/bench_browser.py --profile [--runs 6] [--games 500]

Each round boots the page once with each profile (alternating which comes first), cold (a
fresh browser context, the profile put in its localStorage before the page's scripts run)
and then warm (a reload of one page per profile), so that the machine's other load weighs
on both alike; the medians and their ratio are printed (goal: within 10%). Then the time
from a click on Progress… to the panel drawn, with that many games (the profile is read
when first needed: at a game's end, or there).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from bench_browser import CHROMIUM, CHROMIUM_ARGS, DIST, READY, READY_MS, serve  # noqa: E402

from senet.profile import Profile  # noqa: E402

# The profile goes into localStorage from a small file of the same origin, visited first in
# both contexts alike (an init script would parse its 280 KB on every load of the page).
STORE = "text => { localStorage.clear(); if (text) localStorage.setItem('senet:profile', text); }"
PANEL = """async () => {
  const t0 = performance.now();
  document.querySelector('[data-action="progress"]').click();
  while (!document.querySelector('#progress-dialog[open] figure')) await new Promise((r) => setTimeout(r, 5));
  return performance.now() - t0;
}"""


def profile_text(games: int, seed: int = 11) -> str:
    """A profile of ``games`` rated and reviewed games, as the page keeps it."""
    rng = random.Random(seed)
    p = Profile()
    for i in range(games):
        p.record_game({"id": f"g{i}", "variant": rng.choice(("kendall", "kendall", "tait")),
                       "opponent": rng.choice(("novice", "average", "expert")), "played_by": None,
                       "result": rng.choice(("win", "loss", "draw")), "end": "finished", "hints": 0, "undos": 0,
                       "time": 1764000000000 + i * 3600000, "throws": {"1": 4, "2": 6, "3": 4, "4": 1, "none": 1}})
        p.add_review(f"g{i}", {"mean_loss": rng.random() * 0.03, "counted": 20, "luck": rng.uniform(-0.4, 0.4),
                               "rating": "casual", "mistakes": []})
    return p.to_text()


def _ready(page, url: str) -> float:
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    if page.locator(".py-error").count():
        raise SystemExit("the page failed to boot:\n" + "\n".join(page.locator(".py-error").all_inner_texts()))
    return page.evaluate(READY_MS)


def _put(page, url: str, text: str) -> None:
    page.goto(url.split("?")[0] + "build-info.json")
    page.evaluate(STORE, text)


def bench(browser, url: str, texts: dict, runs: int) -> dict:
    cold = {label: [] for label in texts}
    warm = {label: [] for label in texts}
    labels = list(texts)
    for k in range(runs):
        for label in labels if k % 2 == 0 else labels[::-1]:
            context = browser.new_context()
            page = context.new_page()
            _put(page, url, texts[label])
            cold[label].append(_ready(page, url))
            context.close()
            time.sleep(0.5)
    pages = {}
    for label in labels:
        page = browser.new_context().new_page()
        _put(page, url, texts[label])
        _ready(page, url)
        pages[label] = page
    for k in range(runs):
        for label in labels if k % 2 == 0 else labels[::-1]:
            warm[label].append(_ready(pages[label], url))
            time.sleep(0.5)
    panel = []
    for _ in range(runs):
        page = pages[labels[-1]]
        _ready(page, url)
        page.wait_for_function("!document.querySelector('[data-action=\"progress\"]').disabled")
        panel.append(page.evaluate(PANEL))
    for page in pages.values():
        page.context.close()
    return {"cold": cold, "warm": warm, "panel": panel}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=6, help="rounds, each booting both profiles (default 6)")
    parser.add_argument("--games", type=int, default=500, help="games in the full profile (default 500)")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default dist/)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    full = f"{args.games} games"
    texts = {"empty profile": "", full: profile_text(args.games)}
    httpd, url = serve(args.dist.resolve())
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            result = bench(browser, url + "?speed=instant", texts, args.runs)
            browser.close()
    finally:
        httpd.shutdown()
    med = statistics.median
    print(f"machine: {os.cpu_count()} cpus, load average {os.getloadavg()[0]:.2f} (1 min, at the end); "
          f"{args.runs} rounds; profile of {args.games} games: {len(texts[full]):,} characters")
    for kind in ("cold", "warm"):
        runs = result[kind]
        for label in texts:
            print(f"ready, {kind}, {label:<14}: median {med(runs[label]):6.0f} ms  "
                  f"runs {', '.join(f'{v:.0f}' for v in runs[label])}")
        print(f"ready, {kind}, {full} / empty: {med(runs[full]) / med(runs['empty profile']):.3f}   goal <= 1.10")
    print(f"Progress panel drawn, {full}: median {med(result['panel']):.0f} ms  "
          f"runs {', '.join(f'{v:.0f}' for v in result['panel'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
