"""The Expert's runtime as the build ships it (tools/runtime.py): the standard library
trimmed to what the worker imports, derived from the sources, and checked by running every
function of the worker on it in Pyodide under Node.js; the lock file without packages; the
Zstandard and gzipped twins of the large files and the Zstandard decoder.

Node.js and node_modules/pyodide are needed (``make test`` installs them with ``npm ci``);
without them these tests fail, they are not skipped.
"""

import gzip
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import build  # tools/build.py (pyproject's pythonpath has tools/)
import pytest
import runtime  # tools/runtime.py
import zstandard

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

PYODIDE = ROOT / "node_modules" / "pyodide"

# What the worker does for the page, in every rule set: the Expert's decisions (think,
# after prepare), hints and the win meter (analyse) and a review; small search budgets.
EXERCISE = """
import json

import senet
import worker
from senet.turns import CHANCE, FORCED, OVER, game_step

for variant in sorted(senet.VARIANTS):
    worker.prepare(variant)
    game = senet.Game(variant, seed=7)
    for n in range(400):
        kind, action = game_step(game)
        if kind == OVER:
            break
        if kind == CHANCE:
            game.throw()
        elif kind == FORCED:
            game.apply(action)
        else:
            position = game.state.position()
            if n % 5 == 0:
                assert json.loads(worker.analyse(position, 40))
            game.apply(worker.think(position, "expert", n, 40))
    total = json.loads(worker.review_start(game.record_text(), 20))["total"]
    for _ in range(min(total, 6)):
        worker.review_step(1)
    assert isinstance(json.loads(worker.review_result()), dict)
    print("played", variant)
"""


def _stdlib_zip():
    if not (PYODIDE / "python_stdlib.zip").is_file():
        pytest.fail("node_modules/pyodide is missing: run 'npm ci' (or 'make test') first")
    return (PYODIDE / "python_stdlib.zip").read_bytes()


def test_imports_of_follows_a_module_but_its_command_line_and_other_platforms():
    source = '''
import json
from . import sibling
from .pkg import thing as other
import os.path, re

def helper():
    import random  # a function's import counts: it may run

def main():
    import argparse  # python -m this: never in the worker

def _test_generator():
    import statistics

if __name__ == "__main__":
    import unittest
else:
    import heapq

if sys.platform == "win32":
    import winreg
'''
    found = runtime.imports_of(source, "top.mod")
    assert {"json", "top.mod", "top.mod.sibling", "top.mod.pkg", "top.mod.pkg.thing", "os.path", "re", "random",
            "heapq"} <= found
    assert not found & {"argparse", "statistics", "unittest", "winreg"}


def test_imports_of_reads_a_source_newer_than_the_build_s_python():
    # Python 3.14's "except A, B:" does not parse in the build's Python: the import lines still count
    source = "import json\ntry:\n    import zlib\nexcept ImportError, OSError:\n    pass\nfrom .x import (a,\n    b)\n"
    assert runtime.imports_of(source, "pkg") == {"json", "zlib", "pkg.x", "pkg.x.a", "pkg.x.b"}


def test_the_worker_s_imports_are_read_from_the_worker_and_the_engine_it_reaches():
    found = runtime.worker_imports()
    assert {"json", "random", "math", "itertools", "hashlib", "sys"} <= found
    # the command line (senet/commands) is no part of the worker
    assert not {"argparse", "multiprocessing"} & found
    assert not any(name == "senet" or name.startswith("senet.") for name in found)


def test_a_new_import_of_the_engine_is_kept(tmp_path):
    """The list is derived from the code: an import the engine gains is in the next build."""
    shutil.copytree(ROOT / "senet", tmp_path / "senet", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "app" / "worker").mkdir(parents=True)
    shutil.copy(ROOT / "app" / "worker" / "worker.py", tmp_path / "app" / "worker" / "worker.py")
    with zipfile.ZipFile(io.BytesIO(_stdlib_zip())) as stdlib:
        before = runtime.kept_modules(stdlib, (*runtime.PYODIDE_BOOT, *runtime.worker_imports(tmp_path)))
    assert "fractions" not in before and "decimal" not in before
    game = tmp_path / "senet" / "game.py"
    game.write_text("from fractions import Fraction  # a new import\n" + game.read_text())
    with zipfile.ZipFile(io.BytesIO(_stdlib_zip())) as stdlib:
        after = runtime.kept_modules(stdlib, (*runtime.PYODIDE_BOOT, *runtime.worker_imports(tmp_path)))
    assert {"fractions", "decimal", "numbers"} <= after  # and what it imports in turn


def test_the_trimmed_standard_library_is_smaller_and_keeps_no_unused_package():
    source = _stdlib_zip()
    trimmed, kept = runtime.trimmed_stdlib(source, (*runtime.PYODIDE_BOOT, *runtime.worker_imports()))
    assert len(trimmed) < len(source) / 2
    assert {"json", "random", "asyncio", "pyodide.ffi", "_pyodide._base", "zipimport"} <= set(kept)
    for package in runtime.NEVER:
        assert not any(m == package or m.startswith(package + ".") for m in kept), package
    with zipfile.ZipFile(io.BytesIO(trimmed)) as zf:
        assert all(info.date_time == runtime.ZIP_DATE for info in zf.infolist())
        assert len(zf.namelist()) == len(kept)
    again, _ = runtime.trimmed_stdlib(source, (*runtime.PYODIDE_BOOT, *runtime.worker_imports()))
    assert again == trimmed  # reproducible


def test_the_lock_file_keeps_its_information_and_no_package():
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    reduced = json.loads(runtime.reduced_lock(json.dumps(lock)))
    assert reduced == {"info": lock["info"], "packages": {}}
    with pytest.raises(runtime.RuntimeBuildError):
        runtime.reduced_lock("{}")


def test_the_trimmed_runtime_runs_every_function_of_the_worker_in_pyodide(tmp_path):
    """Pyodide boots on the trimmed standard library and the reduced lock file, keeps its
    snapshot, and the worker decides, analyses and reviews in every rule set: a module the
    list lacks would raise here (ModuleNotFoundError)."""
    if shutil.which("node") is None:
        pytest.fail("Node.js ('node') is not on PATH: it runs Pyodide for this test (see docs/build.md)")
    trimmed, kept = runtime.trimmed_stdlib(_stdlib_zip(), (*runtime.PYODIDE_BOOT, *runtime.worker_imports()),
                                           zipfile.ZIP_STORED)
    build.worker_zip(tmp_path / "senet.zip", build.word_catalogs())
    setup = runtime.worker_setup((ROOT / "app" / "worker" / "players.js").read_text())
    compiled, engine = runtime.compiled_start(trimmed, (tmp_path / "senet.zip").read_bytes(),
                                              (ROOT / "app" / "worker" / "worker.py").read_bytes(), setup, cache=None)
    (tmp_path / "python_stdlib.zip").write_bytes(compiled)
    (tmp_path / "senet.zip").write_bytes(engine)  # the games below run on the compiled engine
    (tmp_path / "pyodide-lock.json").write_bytes(runtime.reduced_lock((PYODIDE / "pyodide-lock.json").read_text()))
    # the standard library's docstrings are left out, Pyodide's own kept (it reads them)
    (tmp_path / "exercise.py").write_text(EXERCISE + "\nimport pyodide.ffi\n"
                                          "print('docstrings', json.dumps.__doc__, bool(pyodide.ffi.JsProxy.__doc__))\n")
    done = subprocess.run(["node", str(HERE / "pyodide_run.mjs"), *(str(tmp_path / name) for name in (
        "python_stdlib.zip", "pyodide-lock.json", "senet.zip")), str(ROOT / "app" / "worker" / "worker.py"),
        str(tmp_path / "exercise.py")], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    import senet

    assert [line for line in lines if line.startswith("played ")] == [f"played {v}" for v in sorted(senet.VARIANTS)]
    assert "docstrings None True" in lines
    imported = set(json.loads(lines[-1]))
    assert {"json", "random", "senet"} - imported == {"senet"}  # the engine is no part of the zip
    assert imported <= set(kept)
    # what the start imported came as bytecode; what only the games imported, as source
    modules = runtime.compiled_modules(compiled)
    assert {"json", "random", "pyodide.ffi"} <= set(modules["compiled"]) <= imported
    assert set(modules["source"]) & imported == imported - set(modules["compiled"])
    engine = runtime.compiled_modules(engine)
    assert {"senet", "senet.ai.search", "senet.ai.review", "senet.variants.bell"} <= set(engine["compiled"])
    assert "senet.commands.arena" in engine["source"]  # the command lines: never in the worker


def test_the_build_writes_the_runtime_and_players_js_its_list(tmp_path):
    out = tmp_path / "site"
    (out / "app").mkdir(parents=True)
    shutil.copy(ROOT / "app" / "worker" / "players.js", out / "app" / "players.js")
    with pytest.raises(runtime.RuntimeBuildError, match="senet.zip"):
        runtime.write_runtime(out)  # the worker's start is compiled with the engine
    build.worker_zip(out / "senet.zip", build.word_catalogs())
    written = runtime.write_runtime(out)
    vendor = out / "vendor" / "pyodide"
    for name in runtime.COMPRESSED:
        data = (PYODIDE / name).read_bytes()
        assert gzip.decompress((vendor / (name + ".gz")).read_bytes()) == data
        assert zstandard.ZstdDecompressor().decompress((vendor / (name + ".zst")).read_bytes()) == data
        assert written["files"][f"vendor/pyodide/{name}"] == {
            "size": len(data), "unpacked": len(data), "gz": (vendor / (name + ".gz")).stat().st_size,
            "zst": (vendor / (name + ".zst")).stat().st_size}
        assert (vendor / (name + ".zst")).stat().st_size < (vendor / (name + ".gz")).stat().st_size
    assert (vendor / "pyodide.mjs").read_bytes() == (PYODIDE / "pyodide.mjs").read_bytes()
    # the standard library: its modules deflated, and the same stored, gzipped whole and
    # in Zstandard
    stored = gzip.decompress((vendor / "python_stdlib.zip.gz").read_bytes())
    assert zstandard.ZstdDecompressor().decompress((vendor / "python_stdlib.zip.zst").read_bytes()) == stored
    with zipfile.ZipFile(vendor / "python_stdlib.zip") as plain, zipfile.ZipFile(io.BytesIO(stored)) as twin:
        assert plain.namelist() == twin.namelist() == sorted(plain.namelist())
        assert {i.compress_type for i in plain.infolist()} == {zipfile.ZIP_DEFLATED}
        assert {i.compress_type for i in twin.infolist()} == {zipfile.ZIP_STORED}
        assert all(plain.read(name) == twin.read(name) for name in plain.namelist())
        names = set(twin.namelist())
    # the start's modules as bytecode alone, the frozen ones left out, the rest as source
    assert {"json/__init__.pyc", "random.pyc", "_pyodide/_base.pyc"} <= names
    assert not names & {"json/__init__.py", "random.py", "os.py", "os.pyc", "site.py", "site.pyc"}
    assert written["modules"]["source"] and all(f"{m.replace('.', '/')}.py" in names or
                                                f"{m.replace('.', '/')}/__init__.py" in names
                                                for m in written["modules"]["source"])
    assert written["files"]["vendor/pyodide/python_stdlib.zip"] == {
        "size": (vendor / "python_stdlib.zip").stat().st_size, "unpacked": len(stored),
        "gz": (vendor / "python_stdlib.zip.gz").stat().st_size, "zst": (vendor / "python_stdlib.zip.zst").stat().st_size}
    # the decoder, as npm ships it, with its licence; listed with its size
    decoder = out / "vendor" / "fzstd" / "fzstd.js"
    assert decoder.read_bytes() == (ROOT / "node_modules" / "fzstd" / "umd" / "index.js").read_bytes()
    assert "MIT License" in (out / "vendor" / "fzstd" / "LICENSE").read_text()
    assert written["files"]["vendor/fzstd/fzstd.js"] == {"size": decoder.stat().st_size}
    players = (out / "app" / "players.js").read_text()
    assert runtime.FILES_MARK not in players
    listed = json.loads(players.split("const FILES = ", 1)[1].split(";\n", 1)[0])
    assert listed == written["files"]
    assert set(listed) == {f"vendor/pyodide/{n}" for n in (*runtime.COMPRESSED, "pyodide-lock.json",
                                                           "python_stdlib.zip")} | {"vendor/fzstd/fzstd.js", "senet.zip"}
    # the engine: what the start imports as bytecode, deflated; its twins, stored, compressed whole
    engine = zstandard.ZstdDecompressor().decompress((out / "senet.zip.zst").read_bytes())
    assert gzip.decompress((out / "senet.zip.gz").read_bytes()) == engine
    with zipfile.ZipFile(out / "senet.zip") as plain, zipfile.ZipFile(io.BytesIO(engine)) as twin:
        assert plain.namelist() == twin.namelist() and "senet/ai/search.pyc" in plain.namelist()
        assert {i.compress_type for i in twin.infolist()} == {zipfile.ZIP_STORED}
        assert all(plain.read(name) == twin.read(name) for name in plain.namelist())
    assert listed["senet.zip"] == {"size": (out / "senet.zip").stat().st_size, "unpacked": len(engine),
                                   "gz": (out / "senet.zip.gz").stat().st_size,
                                   "zst": (out / "senet.zip.zst").stat().st_size}
    assert written["engine"]["compiled"] and written["engine"]["source"]
    with pytest.raises(runtime.RuntimeBuildError):
        runtime.write_runtime(out)  # the mark is gone: a second fill-in is refused
