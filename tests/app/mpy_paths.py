"""Where the tests that run the page's modules under MicroPython 1.27 (in Node, through
tools/mpy_run.mjs) find it, and which of the page's modules they copy next to the
engine: tests/app/test_micropython_app.py, test_guard.py and test_pack.py. CPython only
(pathlib), where tests/app/app_harness.py must also load under MicroPython."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The page's Python modules, as page.pack ships them (tools/build.py takes the package app/
# but these; the drawing and the DOM handlers need the browser and are not run here).
NOT_RUN_HERE = ("main.py", "boot/page.py", "boot/progress_page.py", "dialogs/progress.py", "dialogs/backup.py", "boot/dom.py", "input/board.py", "dialogs/new_game.py",
                "dialogs/record.py", "dialogs/settings.py", "view/view.py", "view/board.py",
                "view/controls.py", "view/panels.py", "worker/worker.py", "worker/link.py")
APP_MODULES = tuple(sorted(p.relative_to(ROOT / "app").as_posix() for p in (ROOT / "app").rglob("*.py")
                           if "__pycache__" not in p.parts and p.relative_to(ROOT / "app").as_posix() not in NOT_RUN_HERE))
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
