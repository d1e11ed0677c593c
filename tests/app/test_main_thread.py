"""app/platform/main_thread.py under MicroPython 1.27, the page's interpreter, in Node
(tools/mpy_run.mjs, tests/app/turns.mjs): the platform's fact it exists for, that
``await asyncio.sleep(0)`` gives the JavaScript event loop no turn (every ready task runs
first), and that its ``pause`` and ``hand_back`` do (an order of events, not a clock); and
the garbage collector's threshold app/main.py sets before its first await."""

import ast
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


# -- the garbage collector's threshold (app/main.py, GC_EVERY) --------------------------

MAIN = Path(__file__).resolve().parents[2] / "app" / "main.py"


def _gc_every_and_its_place():
    """app/main.py's GC_EVERY, and whether its ``gc.threshold(GC_EVERY)`` comes before the
    file's first await and its first import of anything but ``gc`` and ``pyscript``."""
    tree = ast.parse(MAIN.read_text(encoding="utf-8"))
    every, set_at, first_other = None, None, None
    for index, node in enumerate(tree.body):
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["GC_EVERY"]:
            every = eval(compile(ast.Expression(node.value), "GC_EVERY", "eval"), {})  # a constant expression
        calls = [n for n in ast.walk(node) if isinstance(n, ast.Call)]
        if any(ast.unparse(c) == "gc.threshold(GC_EVERY)" for c in calls):
            set_at = index
        imported = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module] if isinstance(node, ast.ImportFrom) else []
        awaits = any(isinstance(n, ast.Await) for n in ast.walk(node))
        if first_other is None and (awaits or any(name not in ("gc", "pyscript") for name in imported)):
            first_other = index
    return every, set_at is not None and first_other is not None and set_at < first_other


def test_the_page_asks_for_a_collection_after_every_megabyte_not_after_every_16_kb(tmp_path):
    """The WebAssembly port asks for a full collection after every 16 KB allocated (it
    collects when control returns to JavaScript): nearly every task of the page would end
    with one. app/main.py raises the threshold first thing, and MicroPython keeps it."""
    every, first = _gc_every_and_its_place()
    assert every == 1 << 20
    assert first, "app/main.py sets gc.threshold(GC_EVERY) after an await or an import of the page's"
    script = f"import gc\nprint(gc.threshold())\ngc.threshold({every})\nprint(gc.threshold())\n"
    done = run_app_script(tmp_path, script)
    assert done.returncode == 0, done.stderr
    default, now = (int(line) for line in done.stdout.split())
    assert default == 16 * 1024  # the port's own, the reason for the line
    assert now == every
