#!/usr/bin/env python3
"""The site in each language, measured in Chromium (docs/languages.md):

    .venv/bin/python tools/bench_languages.py [--dist DIR] [--runs 7] [--langs en,fr,de,ar]

- first visit: bytes the server sent (bodies, uncompressed) on a first visit to the bare
  site by a browser whose language is LANG (app/words/lang.js goes to that language's
  copy) until the service worker controls the page, its precache included; goal: under
  2 MB, as tests/browser/test_pwa.py's English first visit;
- ready, cold: the page's `senet:ready` mark (ms since navigation start) on each
  language's game page (index.html, index.fr.html, ...), a fresh context each time, the
  languages booted in turn round by round so that the machine's load weighs on all alike.

Needs a built dist/ and Debian's chromium-headless-shell (CHROMIUM_SHELL to use another).
Nothing here is a test: the figures go in docs/history.md.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_SHELL = os.environ.get("CHROMIUM_SHELL", "/usr/bin/chromium-headless-shell")
ARGS = ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
GAME = "?variant=kendall&white=human&black=average&seed=7&speed=instant"
LOCALES = {"en": "en-US", "fr": "fr-FR", "de": "de-DE", "ar": "ar-EG", "es": "es-ES", "zh": "zh-CN"}
READY = "document.documentElement.dataset.ready === 'true'"
CONTROLLED = "navigator.serviceWorker.controller !== null && document.documentElement.dataset.sw === 'ready'"


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):  # a page closed while it downloads
        pass


def serve(site: Path):
    sent: list[int] = []

    class Handler(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def log_request(self, code="-", size="-"):
            if str(code) == "200":
                path = site / (self.path.split("?")[0].lstrip("/") or "index.html")
                sent.append(path.stat().st_size if path.is_file() else 0)

    httpd = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/", sent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site (default dist/)")
    parser.add_argument("--runs", type=int, default=7, help="cold boots of each language's page (default 7)")
    parser.add_argument("--langs", default="en,fr,de,ar", help="comma-separated (default en,fr,de,ar)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    langs = args.langs.split(",")
    httpd, base, sent = serve(args.dist.resolve())
    ready = {lang: [] for lang in langs}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM_SHELL, args=ARGS)
        for lang in langs:
            sent.clear()
            context = browser.new_context(locale=LOCALES.get(lang, lang))
            page = context.new_page()
            page.goto(base + GAME)
            page.wait_for_function(READY, timeout=180_000)
            page.wait_for_function(CONTROLLED, timeout=180_000)
            name = page.url.split("/")[-1].split("?")[0] or "index.html"
            print(f"first visit, browser in {lang}: {name}, {sum(sent):,} bytes sent "
                  f"({sum(sent) / 1e6:.2f} MB), {len(sent)} files   goal < 2 MB")
            context.close()
        for _ in range(args.runs):
            for lang in langs:
                context = browser.new_context()
                page = context.new_page()
                page.goto(base + ("index.html" if lang == "en" else f"index.{lang}.html") + GAME)
                page.wait_for_function(READY, timeout=180_000)
                ready[lang].append(page.evaluate("performance.getEntriesByName('senet:ready')[0].startTime"))
                context.close()
        browser.close()
    httpd.shutdown()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"ready, cold, median of {args.runs} (load average {load:.2f} at the end):")
    for lang, values in ready.items():
        print(f"  {lang}: {statistics.median(values):.0f} ms  ({', '.join(f'{v:.0f}' for v in values)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
