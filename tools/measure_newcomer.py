"""Where a newcomer's controls land in the window, at 1280x800 and 390x844 (touch), in
Chromium: the boxes (x, y, width, height, CSS px) of the tutorial's offer and its lesson,
each dialog's main button, Piccione's throw area, the side panel's parts and the end of a
game, printed one line each with the window's size, so that "whole in the window" can be
read off (docs/history.md keeps a before and after).

    .venv/bin/python tools/measure_newcomer.py [--dist DIST] [--messages]

With --messages it plays six seeded games at 1280x800 instead (six rule sets, the
person's turns by clicks against Novice) and prints the tallest the message box grew
(`#status` keeps four lines: 111 px).

DIST (default dist/, built by tools/build.py) is served on 127.0.0.1; Debian's
chromium-headless-shell runs it with no network. Every game is seeded by its URL, or (a
first visit) by the page's own seed, which does not change a box.
"""

from __future__ import annotations

import argparse
import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
ARGS = ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
BOX = """s => { const e = document.querySelector(s); if (!e) return null;
  const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round); }"""
READY = "document.documentElement.dataset.ready === 'true'"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _measure(page, url: str) -> list:
    """(what, box) of each control, in the order a newcomer meets them."""
    out = []

    def note(what, sel):
        out.append((what, page.evaluate(BOX, sel)))

    page.goto(url)
    page.wait_for_function(READY)
    note("offer: Show me how to play", '[data-action="tutorial-start"]')
    page.click('[data-action="tutorial-start"]')
    page.wait_for_selector("#tutorial:not([hidden])")
    note("lesson: its task", "#tutorial-task")
    note("lesson: Next", '[data-action="tutorial-next"]')
    note("lesson: its panel", "#tutorial")
    page.goto(url + "?ice=&variant=kendall&white=average&black=human&seed=3&speed=instant")
    page.wait_for_function(READY)
    note("message box", "#status")
    note("move log", "#log")
    page.click(".toolbar [data-action='new-game']")
    note("New game: Start", '#new-game button[value="start"]')
    page.keyboard.press("Escape")
    page.click(".toolbar [data-action='stats']")
    note("Statistics: its title", "#stats-title")
    page.keyboard.press("Escape")
    page.click(".toolbar [data-action='friend']")
    page.click('[data-friend="invite"]')
    page.wait_for_function("document.querySelector('[data-invite]').dataset.invite.length > 0")
    note("Play a friend: the answer's box", "#friend-answer-in")
    note("Play a friend: Connect", '[data-friend="connect"]')
    page.keyboard.press("Escape")
    page.goto(url + "?variant=piccione&white=human&black=human&seed=3&speed=instant")
    page.wait_for_function(READY)
    note("Piccione: Throw", '[data-action="throw"]')
    note("Piccione: what is left", "#throw-left")
    page.goto(url + "?variant=kendall%2Bfive&white=novice&black=novice&seed=3&speed=instant")
    page.wait_for_function(READY)
    page.wait_for_selector("#game-over:not([hidden])")
    page.wait_for_timeout(200)  # the panel scrolled into view (app/view/side_tabs.js)
    note("game over: its heading", "#game-over-title")
    note("game over: Play again", '#game-over [data-action="play-again"]')
    return out


# --messages: the games, and the person's step in one call inside the page (a lost throw
# passes by itself too: a step read over several calls could miss it)
GAMES = (("kendall", 1), ("kendall", 2), ("thibault", 3), ("tait", 4), ("havens", 5), ("piccione", 6))
WATCH = """window.__tallest = 0; new MutationObserver(() => { window.__tallest = Math.max(window.__tallest,
  document.getElementById('status').getBoundingClientRect().height); })
  .observe(document.getElementById('status'), {childList: true, characterData: true, subtree: true});"""
STEP = """() => { if (document.getElementById('board').dataset.winner) return 'over';
  const t = document.querySelector('[data-action="throw"]'); if (!t.disabled) { t.click(); return 'throw'; }
  const pass = document.querySelector('[data-action="pass"]'); if (!pass.hidden) { pass.click(); return 'pass'; }
  const piece = document.querySelector('[data-movable="true"]');
  if (piece) { piece.dispatchEvent(new MouseEvent('click', {bubbles: true})); return 'move'; }
  return ''; }"""


def _messages(page, url: str) -> None:
    for variant, seed in GAMES:
        page.goto(url + f"?variant={variant}&white=human&black=novice&seed={seed}&speed=instant")
        page.wait_for_function(READY)
        page.evaluate(WATCH)
        done = ""
        for _ in range(5000):
            done = page.evaluate(STEP)
            if done == "over":
                break
            target = page.locator('[data-target="true"]')
            if done == "move" and target.count():
                target.first.dispatch_event("click")
            page.wait_for_timeout(5)
        print(f"{variant} seed {seed}: {'over' if done == 'over' else 'not over'}, the message box at most "
              f"{page.evaluate('window.__tallest'):.0f} px high")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--messages", action="store_true", help="the message box's height over six games")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=args.dist))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium-headless-shell", args=ARGS)
        if args.messages:
            context = browser.new_context(**SIZES["desktop"])
            _messages(context.new_page(), url)
            context.close()
        for size, options in ({} if args.messages else SIZES).items():
            context = browser.new_context(**options)
            vp = options["viewport"]
            for what, box in _measure(context.new_page(), url):
                where = "absent" if box is None else f"x {box[0]}, y {box[1]}, {box[2]} x {box[3]}"
                print(f"{size} ({vp['width']}x{vp['height']})  {what}: {where}")
            context.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
