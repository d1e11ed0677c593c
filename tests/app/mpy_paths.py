"""Where the tests that run the page's modules under MicroPython 1.27 (in Node, through
tools/mpy_run.mjs) find it, and which of the page's modules they copy next to the
engine: tests/app/test_micropython_app.py, test_guard.py and test_pack.py. CPython only
(pathlib), where tests/app/app_harness.py must also load under MicroPython; and
``run_app_script``, which runs a script there (test_guard.py, test_main_thread.py)."""

import shutil
import subprocess
from pathlib import Path

import app_harness
import pytest

ROOT = Path(__file__).resolve().parents[2]

# The page's Python modules, as page.pack ships them (tools/build.py takes the package app/
# but these; the drawing and the DOM handlers need the browser and are not run here).
NOT_RUN_HERE = ("main.py", "boot/page.py", "boot/progress_page.py", "dialogs/progress.py", "dialogs/backup.py", "boot/dom.py", "input/board.py", "dialogs/new_game.py",
                "dialogs/record.py", "dialogs/settings.py", "view/view.py", "view/board.py",
                "view/controls.py", "view/panels.py", "worker/worker.py", "worker/link.py")
APP_MODULES = tuple(sorted(p.relative_to(ROOT / "app").as_posix() for p in (ROOT / "app").rglob("*.py")
                           if "__pycache__" not in p.parts and p.relative_to(ROOT / "app").as_posix() not in NOT_RUN_HERE))
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def run_app_script(tmp_path: Path, script: str, modules=()) -> subprocess.CompletedProcess:
    """``script`` under MicroPython in Node, with the engine, the page's modules and the
    test harness on its path and the JavaScript ``modules`` run first."""
    if shutil.which("node") is None:
        pytest.fail("Node.js is not installed: it runs MicroPython for these tests (see docs/build.md)")
    if not MPY.is_file():
        pytest.fail(f"MicroPython is missing ({MPY.relative_to(ROOT)}): run `npm ci` in the repository")
    lib = tmp_path / "lib"
    if not lib.exists():
        shutil.copytree(ROOT / "senet", lib / "senet", ignore=shutil.ignore_patterns("__pycache__"))
        for name in APP_MODULES:
            (lib / "app" / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / "app" / name, lib / "app" / name)
        shutil.copyfile(Path(app_harness.__file__), lib / "app_harness.py")
    path = tmp_path / "main.py"
    path.write_text(script, encoding="utf-8")
    command = ["node", str(ROOT / "tools" / "mpy_run.mjs"), "--path", str(lib)]
    for module in modules:
        command += ["--js", str(module)]
    return subprocess.run([*command, str(path)], capture_output=True, text=True, encoding="utf-8",
                          timeout=300, cwd=ROOT)
