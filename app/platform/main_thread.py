"""Handing the page's main thread back to the browser between steps of Python work.

PyScript's MicroPython runs every asyncio task that is ready before it returns to the
browser: ``await asyncio.sleep(0)`` lets the other Python tasks run, but the browser
gets no turn (no frame drawn, no click taken), and the steps make one long task, which
Lighthouse counts as blocking time. Awaiting a JavaScript promise is a turn: MicroPython
resumes the task from a browser timer once the promise settles (tests/app/test_main_thread.py
shows both under Node). app/boot/start.js defines the promise's maker, window.senetPause
(a message to the page itself: no timer's 4 ms clamp). app/main.py takes both once the
pack is mounted (the one hand-back before that calls window.senetPause itself).
"""

import asyncio

try:
    import js
except ImportError:  # CPython (the tests): no browser, asyncio's own turn
    js = None

_window = getattr(js, "window", None) if js is not None else None
_scheduler = getattr(_window, "scheduler", None) if _window is not None else None
_yield = getattr(_scheduler, "yield", None) if _scheduler is not None else None


async def hand_back():
    """The browser takes a turn, then this goes on, before the tasks queued meanwhile
    where the browser has ``scheduler.yield`` (Chromium: the boot's steps), else after them."""
    if _yield is not None:
        await _yield.call(_scheduler)
    else:
        await pause()


async def pause():
    """The browser takes a turn and runs what it had queued (a click, a frame), then this
    goes on: for work in the background (the parts loaded after the first paint)."""
    maker = getattr(_window, "senetPause", None) if _window is not None else None
    if maker is not None:
        await maker()
    else:
        await asyncio.sleep(0)
