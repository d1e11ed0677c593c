#!/usr/bin/env python3
"""The worker's fresh start under Node.js, timed: Pyodide's ``loadPyodide`` on a build's
standard library, then the worker's start (app/worker/players.js's SETUP) on its
senet.zip and app/worker.py, as a first visit runs them (no snapshot).

    .venv/bin/python tools/bench_pyodide_start.py [--dist DIR] [--compare OTHER_DIR] [--runs 5]

Each run is a new Node.js process; the builds take turns run by run, so that the
machine's load falls on both alike. Prints the median and every run in ms. Pyodide's
WebAssembly and module are node_modules/pyodide's (the same bytes as the builds'), started
by tools/pyodide_node.mjs. The
browser's figures are tools/bench_phone.py's (docs/build.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import runtime  # tools/runtime.py

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = """
import { readFileSync } from "node:fs";
const [helper, stdlib, senetZip, workerPy, setup] = process.argv.slice(2);
const { boot, install } = await import(helper);
const t0 = performance.now();
const py = await boot(stdlib, null, { makeSnapshot: true });
const t1 = performance.now();
install(py, senetZip, workerPy);
const t2 = performance.now();
py.runPython(readFileSync(setup, "utf8"));
const t3 = performance.now();
console.log(JSON.stringify({ load: t1 - t0, install: t2 - t1, setup: t3 - t2 }));
"""
HELPER = ROOT / "tools" / "pyodide_node.mjs"  # Pyodide as the worker starts it


def one_start(dist: Path, work: Path) -> dict:
    done = subprocess.run(["node", str(work / "start.mjs"), HELPER.as_uri(),
                           str(dist / "vendor" / "pyodide" / "python_stdlib.zip"), str(dist / "senet.zip"),
                           str(dist / "app" / "worker.py"), str(work / "setup.py")],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the start failed on {dist}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the build to time (default dist/)")
    parser.add_argument("--compare", type=Path, help="another build, timed in turn with it")
    parser.add_argument("--runs", type=int, default=5, help="starts of each build (default 5)")
    args = parser.parse_args(argv)
    builds = [args.dist] + ([args.compare] if args.compare else [])
    for dist in builds:
        if not (dist / "senet.zip").is_file():
            parser.error(f"{dist} is no build (no senet.zip): run tools/build.py first")
    times = {dist: [] for dist in builds}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "start.mjs").write_text(SCRIPT, encoding="utf-8")
        for _ in range(args.runs):
            for dist in builds:
                setup = runtime.worker_setup((dist / "app" / "players.js").read_text(encoding="utf-8"))
                (work / "setup.py").write_text(setup, encoding="utf-8")
                times[dist].append(one_start(dist, work))
    for dist in builds:
        print(dist)
        for part, label in (("load", "loadPyodide"), ("install", "senet.zip unpacked"), ("setup", "the worker's start")):
            values = [run[part] for run in times[dist]]
            print(f"  {label:<20} {statistics.median(values):6.0f} ms   (runs: {', '.join(f'{v:.0f}' for v in values)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
