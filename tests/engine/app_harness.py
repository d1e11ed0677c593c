"""What the page-side tests (test_app_*.py) need to drive app/controller.py without a
browser: a view that records what the controller says, a sleep that does not wait, and
asyncio.run in a thread of its own.

Not a conftest.py: tests/browser/conftest.py is imported as `conftest` by the browser tests.
"""

import asyncio
import concurrent.futures
import sys
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
if str(APP) not in sys.path:
    sys.path.insert(0, str(APP))

from controller import NullView  # noqa: E402


class View(NullView):
    """Keeps what the controller announces, its notices and the errors it reports."""

    def __init__(self):
        self.messages, self.notices, self.errors = [], [], []

    def announce(self, text):
        self.messages.append(text)

    def notice(self, text):
        self.notices.append(text)

    def report_error(self, text):
        self.errors.append(text)


async def no_sleep(_seconds):
    """The controller's pauses between a computer's steps, without the wait."""
    await asyncio.sleep(0)


def run_async(coro):
    """asyncio.run in a thread of its own (Playwright may keep a loop in the main thread)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()
