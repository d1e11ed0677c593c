"""app/platform/main_thread.py under MicroPython 1.27, the page's interpreter, in Node
(tools/mpy_run.mjs, tests/app/turns.mjs): the platform's fact it exists for, that
``await asyncio.sleep(0)`` gives the JavaScript event loop no turn (every ready task runs
first), and that its ``pause`` and ``hand_back`` do (an order of events, not a clock)."""

import json
from pathlib import Path

from mpy_paths import run_app_script

TURNS_JS = Path(__file__).with_name("turns.mjs")

SCRIPT = """
import asyncio
import js
from app.platform import main_thread

async def steps(name, wait):
    for i in range(4):
        js.turns.log(name + str(i))
        await wait()

async def main():
    await asyncio.sleep(0.005)  # the timer's first turns are past
    await steps("s", lambda: asyncio.sleep(0))
    await steps("p", main_thread.pause)
    await steps("h", main_thread.hand_back)
    js.turns.done()

asyncio.create_task(main())
"""


def _between(events, first, last):
    return events[events.index(first) + 1:events.index(last)]


def test_sleep_0_gives_the_event_loop_no_turn_and_pause_does(tmp_path):
    done = run_app_script(tmp_path, SCRIPT, modules=(TURNS_JS,))
    assert done.returncode == 0, done.stderr
    events = json.loads(done.stdout.strip().splitlines()[-1])
    assert _between(events, "s0", "s3") == ["s1", "s2"]  # four steps, one JavaScript task
    assert "T" in _between(events, "p0", "p3")  # the timer ran between the pauses
    assert "T" in _between(events, "h0", "h3")  # no scheduler.yield in Node: the same pause
