#!/usr/bin/env python3
"""The Expert's runtime as the build ships it: Pyodide, trimmed and compressed.

    .venv/bin/python tools/runtime.py [--list]     what the trimmed standard library keeps

tools/build.py calls ``write_runtime(out)``, which writes dist/vendor/pyodide/:

- python_stdlib.zip   the standard library reduced to the modules the worker can import
  (and .gz)           (each module deflated; its twin, the same modules stored, gzipped):
                      the closure (``kept_modules``) of the imports of Pyodide's own boot
                      (``PYODIDE_BOOT``) and of app/worker/worker.py with the engine's
                      modules it reaches (``worker_imports``), read from the sources
                      themselves; each module's imports are followed but those of its
                      command line (``if __name__ == "__main__"``, ``def main``) and of
                      another platform (``sys.platform == "win32"``), and ``NEVER`` names
                      the few packages only reached through a function the worker never
                      calls. tests/engine/test_runtime.py boots Pyodide on it under Node.js
                      and runs every function of the worker, so a new import cannot break it
                      silently. What the worker's start imports from it is there as bytecode
                      of Pyodide's own CPython, without docstrings but for Pyodide's own
                      packages, and the modules frozen into Pyodide are left out
                      (``compiled_start``, tools/pyodide_compile.mjs; the build's senet.zip
                      likewise);
- pyodide-lock.json   the lock file without packages (the worker loads none);
- pyodide.asm.wasm.zst, pyodide.asm.mjs.zst, python_stdlib.zip.zst
                      the two large files and the stored standard library compressed with
                      Zstandard (level 19) by the build, so that the bytes sent do not depend
                      on whether the host compresses: the worker decodes them with fzstd
                      (``DECODER``, npm, pure JavaScript, vendored as vendor/fzstd/fzstd.js);
- pyodide.asm.wasm.gz, pyodide.asm.mjs.gz
                      the same gzipped: for a worker that could not load the decoder (it
                      decompresses them with DecompressionStream, app/worker/players.js);
- pyodide.asm.wasm, pyodide.asm.mjs, pyodide.mjs
                      as they are: for a browser with neither (with the deflated
                      python_stdlib.zip), and pyodide.mjs, the small module the worker imports.

Level 19 takes the build's Python some seconds for the WebAssembly: each compressed twin is
kept in .cache/runtime/ under the sha256 of what it compresses, so that a build whose
Pyodide did not change reuses it.

The engine's senet.zip (tools/build.py's) is written again beside them: what the worker's
start imports from it as bytecode, deflated as before, and its twins, stored and
compressed whole (senet.zip.zst, senet.zip.gz), which the worker fetches as it does
Pyodide's.

It also fills in app/players.js's list of those files (``FILES_MARK``): the worker knows
the size of each before it asks, for its progress, and what each twin decodes to. (Not
worker.py, sized by its answer: a change of the worker's module alone leaves players.js
as it was.) See docs/build.md.
"""

from __future__ import annotations

import argparse
import ast
import functools
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
WORKER = ROOT / "app" / "worker" / "worker.py"
PLAYERS_JS = "app/players.js"  # app/worker/players.js as served
FILES_MARK = "/* __SENET_RUNTIME_FILES__ */ {}"

ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # as tools/build.py's zips: byte-for-byte reproducible

# What Pyodide 314's boot imports from the standard library before any code of ours runs
# (its JavaScript imports _pyodide and pyodide's modules; CPython's start imports site and
# the codecs). Their imports are followed like the worker's.
PYODIDE_BOOT = (
    "_pyodide", "_pyodide._base", "_pyodide._importhook", "_pyodide._core_docs", "_pyodide._future_helper",
    "_pyodide.docs_argspec", "_pyodide.docstring", "_pyodide.jsbind",
    "pyodide", "pyodide._package_loader", "pyodide._state", "pyodide.code", "pyodide.common", "pyodide.ffi",
    "pyodide.webloop",
    "site", "zipimport", "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.cp437",  # zipfile's names that are not UTF-8
)
# What app/worker/players.js's SETUP imports beside the worker's module.
WORKER_SETUP = ("senet.ai.evaluate", "senet.ai.review")
# Packages reached only through functions the worker never calls, and never imported at
# its boot: process pools (concurrent.futures' ProcessPoolExecutor, which Pyodide cannot
# run: no processes), the test runner and the debugger (doctest, pdb), the interactive
# console (_pyrepl, pydoc), web clients and servers (http, urllib, email, xmlrpc: the
# worker makes no request), ctypes and tar archives (Pyodide's package loader, which
# installs no package here: the lock file lists none).
NEVER = ("multiprocessing", "concurrent.futures.process", "concurrent.futures.interpreter", "concurrent.interpreters",
         "unittest", "doctest", "pdb", "bdb", "_pyrepl", "pydoc", "code", "rlcompleter",
         "http", "urllib", "email", "xmlrpc", "ftplib", "webbrowser", "mimetypes", "netrc",
         "ctypes", "tarfile")

# The runtime's files, as the worker loads them: (name, the name of its gzipped twin or "").
# pyodide.mjs is imported by the worker's module itself, as it is.
COMPRESSED = ("pyodide.asm.wasm", "pyodide.asm.mjs")
PLAIN = ("pyodide.mjs", "pyodide-lock.json", "python_stdlib.zip")

# The Zstandard decoder the worker loads (npm fzstd: its minified build, which sets
# self.fzstd), vendored beside its licence.
DECODER_DIR = ROOT / "node_modules" / "fzstd"
DECODER = ("umd/index.js", "fzstd.js")
ZSTD_LEVEL = 19
# The window: 4 MB, not level 19's 8 MB. The worker decodes each twin as it downloads, and
# fzstd's streaming decoder moves its whole window once per block of 128 KB: half the
# window made the WebAssembly's decoding about 40% faster for 5 KB more (2,895,696 bytes
# against 2,890,706; tools/bench_codec.py times it).
ZSTD_WINDOW_LOG = 22
CACHE_DIR = ROOT / ".cache" / "runtime"
COMPILER = ROOT / "tools" / "pyodide_compile.mjs"

IMPORT_LINE = re.compile(r"^[ \t]*(?:import[ \t]+([\w., \t]+)|from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+"
                         r"(\([^)]*\)|[\w., \t*]+))", re.M)


class RuntimeBuildError(Exception):
    pass


# ---------------------------------------------------------------- imports


def _absolute(base: str, level: int, package: str) -> str:
    """The module ``from <level dots><base> import ...`` names inside ``package``."""
    if not level:
        return base
    parts = package.split(".") if package else []
    if level > 1:
        parts = parts[:len(parts) - (level - 1)]
    return ".".join(parts + ([base] if base else []))


def _is_main_guard(test: ast.expr) -> bool:
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators))


def _is_other_platform(test: ast.expr) -> bool:
    """``sys.platform == "win32"``, ``os.name == "nt"`` and the like: never true in Pyodide."""
    if not isinstance(test, ast.Compare) or len(test.ops) != 1 or not isinstance(test.ops[0], ast.Eq):
        return False
    left, right = test.left, test.comparators[0]
    name = ast.unparse(left) if isinstance(left, (ast.Attribute, ast.Name)) else ""
    value = right.value if isinstance(right, ast.Constant) else None
    return (name in ("sys.platform", "os.name", "_sys.platform", "_os.name")
            and value in ("win32", "nt", "darwin", "cygwin", "ios", "android"))


def _command_line(name: str) -> bool:
    """A function of a module's command line (``python -m random`` runs ``main``, which
    parses its arguments in ``_parse_args`` and runs ``_test...``): never the worker's."""
    return name in ("main", "_main", "_parse_args") or name.startswith("_test")


def _ast_imports(tree: ast.AST, package: str) -> set[str]:
    """Modules imported by a parsed module, but in its command line and other platforms'
    branches. ``from p import x`` names both ``p`` and ``p.x`` (x may be a module)."""
    out: set[str] = set()

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and (_is_main_guard(child.test) or _is_other_platform(child.test)):
                for sub in child.orelse:
                    visit_one(sub)
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and _command_line(child.name):
                continue
            visit_one(child)

    def visit_one(node):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.module or "", node.level, package)
            if base:
                out.add(base)
                out.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        visit(node)

    visit(tree)
    return out


def _line_imports(source: str, package: str) -> set[str]:
    """The same from the text alone, for a module this Python cannot parse (the standard
    library is newer than the build's Python): every import statement at the start of a
    line, wherever it is (more than the parse would give, never less)."""
    out: set[str] = set()
    for match in IMPORT_LINE.finditer(source):
        if match.group(1):
            out.update(part.split()[0] for part in match.group(1).split(",") if part.split())
            continue
        dotted = match.group(2)
        level = len(dotted) - len(dotted.lstrip("."))
        base = _absolute(dotted.lstrip("."), level, package)
        if base:
            out.add(base)
            names = re.split(r"[\s,()\\]+", match.group(3))
            out.update(f"{base}.{name}" for name in names if name and name not in ("as", "*"))
    return out


@functools.cache
def imports_of(source: str, package: str) -> frozenset[str]:
    """The modules a module's source imports (``package``: the package relative imports
    start from). Remembered: a build trims the standard library twice (deflated, and
    stored for the Zstandard twin) and would parse its modules again."""
    return frozenset(_imports_of(source, package))


def _imports_of(source: str, package: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return _line_imports(source, package)
    return _ast_imports(tree, package)


def stdlib_index(stdlib: zipfile.ZipFile) -> dict[str, str]:
    """{module: its path in the zip} of every module of the standard library's zip."""
    index = {}
    for name in stdlib.namelist():
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".")
            index[module.removesuffix(".__init__")] = name
    return index


def _never(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in NEVER)


def kept_modules(stdlib: zipfile.ZipFile, roots) -> set[str]:
    """The modules of ``stdlib`` that ``roots`` import, directly or not (each with its
    parent packages), but those of NEVER."""
    index = stdlib_index(stdlib)
    kept: set[str] = set()
    todo = list(roots)
    while todo:
        dotted = todo.pop()
        parts = dotted.split(".")
        for i in range(1, len(parts) + 1):
            module = ".".join(parts[:i])
            if module in kept or module not in index or _never(module):
                continue
            kept.add(module)
            path = index[module]
            package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
            todo.extend(imports_of(stdlib.read(path).decode("utf-8"), package))
    return kept


def worker_imports(root: Path = ROOT) -> set[str]:
    """The modules outside the engine that the worker imports: app/worker/worker.py and
    players.js's SETUP, and the engine's modules they reach, followed through the engine."""
    senet_dir = root / "senet"

    def path_of(module: str) -> Path | None:
        base = root / module.replace(".", "/")
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                return candidate
        return None

    outside: set[str] = {"sys"}
    seen: set[str] = set()
    todo = [("worker", root / "app" / "worker" / "worker.py", "")] + \
           [(m, path_of(m), m.rpartition(".")[0]) for m in WORKER_SETUP]
    while todo:
        module, path, package = todo.pop()
        if module in seen or path is None:
            continue
        seen.add(module)
        for name in imports_of(path.read_text(encoding="utf-8"), package):
            if name == "senet" or name.startswith("senet."):
                parts = name.split(".")
                for i in range(1, len(parts) + 1):
                    sub = ".".join(parts[:i])
                    found = path_of(sub)
                    if found is not None:
                        todo.append((sub, found, sub if found.name == "__init__.py" else sub.rpartition(".")[0]))
            else:
                outside.add(name)
    if not (senet_dir / "__init__.py").is_file():
        raise RuntimeBuildError("senet/__init__.py is missing")
    return outside


def trimmed_stdlib(source: bytes, roots, method: int = zipfile.ZIP_DEFLATED) -> tuple[bytes, list[str]]:
    """(the zip, the modules kept): the standard library's zip ``source`` reduced to the
    modules ``roots`` need, each deflated (or stored, ``method``), deterministic."""
    with zipfile.ZipFile(io.BytesIO(source)) as stdlib:
        kept = kept_modules(stdlib, roots)
        index = stdlib_index(stdlib)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", compression=method, compresslevel=9 if method else None) as zf:
            for path in sorted(index[m] for m in kept):
                info = zipfile.ZipInfo(path, ZIP_DATE)
                info.compress_type = method
                info.external_attr = 0o644 << 16
                info.create_system = 3
                zf.writestr(info, stdlib.read(path))
    return out.getvalue(), sorted(kept)


def repacked(data: bytes, method: int) -> bytes:
    """The zip ``data`` with the same entries, in the same order, each written with
    ``method`` (deflated at level 9, or stored), deterministic."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, \
            zipfile.ZipFile(out, "w", compression=method, compresslevel=9 if method else None) as zf:
        for entry in source.infolist():
            info = zipfile.ZipInfo(entry.filename, entry.date_time)
            info.compress_type = method
            info.external_attr = entry.external_attr
            info.create_system = entry.create_system
            zf.writestr(info, source.read(entry))
    return out.getvalue()


def worker_setup(players_js: str) -> str:
    """The Python app/worker/players.js runs at the worker's start (its SETUP, its LIB
    filled in)."""
    lib = re.search(r'^const LIB = "([^"]+)";', players_js, re.M)
    setup = re.search(r"^const SETUP = `([^`]*)`;", players_js, re.M)
    if not lib or not setup:
        raise RuntimeBuildError("app/worker/players.js must define LIB and SETUP as before")
    return setup.group(1).replace("${LIB}", lib.group(1))


def compiled_start(stdlib: bytes, senet_zip: bytes, worker: bytes, setup: str,
                   cache: Path | None = CACHE_DIR) -> tuple[bytes, bytes]:
    """(the standard library, the engine's senet.zip) with what the worker's start imports
    from them as bytecode of Pyodide's own CPython (docstrings left out but Pyodide's own),
    the modules frozen into Pyodide left out of the first, the rest as it was
    (tools/pyodide_compile.mjs: Pyodide runs the start under Node.js). ``stdlib`` is the
    trimmed standard library, stored. Bytecode spares the worker's start compiling each
    module: under Node.js, ``loadPyodide`` takes 0.7 s on it, not 2.4 s, and the worker's
    imports 27 ms, not 172 ms (tools/bench_pyodide_start.py). Reused from ``cache`` when it holds it (the key: every
    input, the compiler and Pyodide's version)."""
    digest = hashlib.sha256()
    for part in (stdlib, senet_zip, worker, setup.encode(), COMPILER.read_bytes(),
                 (PYODIDE_DIR / "package.json").read_bytes()):
        digest.update(hashlib.sha256(part).digest())
    names = [cache / f"{digest.hexdigest()[:32]}-{name}" for name in ("stdlib.zip", "senet.zip")] if cache else []
    if names and all(name.is_file() for name in names):
        return names[0].read_bytes(), names[1].read_bytes()
    if shutil.which("node") is None:
        raise RuntimeBuildError("Node.js ('node') is not on PATH: the build runs Pyodide under it "
                                "to compile the worker's start (docs/build.md)")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "stdlib.zip").write_bytes(stdlib)
        (work / "lock.json").write_bytes(reduced_lock((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8")))
        (work / "senet.zip").write_bytes(senet_zip)
        (work / "worker.py").write_bytes(worker)
        (work / "setup.py").write_text(setup, encoding="utf-8")
        done = subprocess.run(["node", str(COMPILER), *(str(work / name) for name in (
            "stdlib.zip", "lock.json", "senet.zip", "worker.py", "setup.py", "out-stdlib.zip", "out-senet.zip"))],
            capture_output=True, text=True, env={**os.environ, "PYODIDE_DIR": str(PYODIDE_DIR)})
        if done.returncode != 0:
            raise RuntimeBuildError("the worker's start did not run in Pyodide under Node.js, so it could not "
                                    f"be compiled:\n{done.stderr[-2000:]}")
        compiled = (work / "out-stdlib.zip").read_bytes(), (work / "out-senet.zip").read_bytes()
    for name, data in zip(names, compiled):
        _write_whole(name, data)
    return compiled


def compiled_modules(stdlib: bytes) -> dict[str, list[str]]:
    """{"compiled": [...], "source": [...]}: the modules of a zip ``compiled_start``
    wrote, held as bytecode and as source."""
    report = {"compiled": [], "source": []}
    with zipfile.ZipFile(io.BytesIO(stdlib)) as zf:
        for name in zf.namelist():
            if name.endswith((".py", ".pyc")):
                module = name.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")
                report["compiled" if name.endswith("c") else "source"].append(module)
    return report


def reduced_lock(text: str) -> bytes:
    """pyodide-lock.json with its information and no package: the worker loads none."""
    lock = json.loads(text)
    if "info" not in lock:
        raise RuntimeBuildError("pyodide-lock.json has no 'info'")
    return json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True, separators=(",", ":")).encode()


def _kept(cache: Path | None, name: str, make) -> bytes:
    """``make()``, kept in ``cache`` under ``name`` and read from there when it holds it
    (written whole or not at all: a ".part" file renamed)."""
    kept = cache / name if cache else None
    if kept and kept.is_file():
        return kept.read_bytes()
    packed = make()
    if kept:
        _write_whole(kept, packed)
    return packed


def _write_whole(path: Path, data: bytes) -> None:
    """``data`` into ``path``, whole or not at all (a ".part" file renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(path)


def gzipped(data: bytes, cache: Path | None = CACHE_DIR) -> bytes:
    """``data`` gzipped (level 9, no timestamp), reproducible; the runtime's large files'
    twins (over GZIP_KEPT bytes, 0.1 to 1 s each) reused from ``cache`` when it holds them."""
    make = lambda: gzip.compress(data, compresslevel=9, mtime=0)  # noqa: E731
    if len(data) <= GZIP_KEPT:
        return make()
    return _kept(cache, f"{hashlib.sha256(data).hexdigest()[:32]}-9.gz", make)


GZIP_KEPT = 1_000_000


def zstd_compressed(data: bytes, cache: Path | None = CACHE_DIR) -> bytes:
    """``data`` as one Zstandard frame (level ZSTD_LEVEL, a window of 2**ZSTD_WINDOW_LOG
    bytes, its size in the header, a checksum), reproducible; reused from ``cache`` when it
    holds it."""
    def make():
        try:
            import zstandard
        except ImportError as exc:
            raise RuntimeBuildError("the build's Python lacks zstandard: run `make build` "
                                    "(it installs requirements-build.txt into .venv)") from exc
        params = zstandard.ZstdCompressionParameters.from_level(
            ZSTD_LEVEL, window_log=ZSTD_WINDOW_LOG, write_content_size=True, write_checksum=True)
        return zstandard.ZstdCompressor(compression_params=params).compress(data)

    return _kept(cache, f"{hashlib.sha256(data).hexdigest()[:32]}-{ZSTD_LEVEL}-w{ZSTD_WINDOW_LOG}.zst", make)


def write_decoder(out: Path, source: Path = DECODER_DIR) -> int:
    """out/vendor/fzstd/: the decoder and its licence; returns the decoder's size."""
    path, name = DECODER
    if not (source / path).is_file():
        raise RuntimeBuildError(f"node_modules/fzstd/{path} is missing: run `npm ci`")
    target = out / "vendor" / "fzstd"
    target.mkdir(parents=True, exist_ok=True)
    data = (source / path).read_bytes()
    (target / name).write_bytes(data)
    (target / "LICENSE").write_bytes((source / "LICENSE").read_bytes())
    return len(data)


# ---------------------------------------------------------------- the build's step


def write_runtime(out: Path, root: Path = ROOT) -> dict:
    """Write out/vendor/pyodide/ (see the module's text) and fill in out/app/players.js's
    list of files; returns {"files": {name: {"size", "gz"}}, "kept": [modules]}."""
    source = root / "node_modules" / "pyodide"
    for name in (*COMPRESSED, *PLAIN):
        if not (source / name).is_file():
            raise RuntimeBuildError(f"node_modules/pyodide/{name} is missing: run `npm ci`")
    target = out / "vendor" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    roots = (*PYODIDE_BOOT, *sorted(worker_imports(root)))
    if not (out / "senet.zip").is_file():
        raise RuntimeBuildError("senet.zip must be written before the runtime (the worker's start is compiled with it)")
    trimmed, kept = trimmed_stdlib((source / "python_stdlib.zip").read_bytes(), roots, zipfile.ZIP_STORED)
    players = out / PLAYERS_JS
    # Compressed whole, the modules stored: smaller than each deflated on its own (the
    # modules share their words); the deflated zip for a browser that cannot decompress.
    stored, senet_zip = compiled_start(trimmed, (out / "senet.zip").read_bytes(),
                                       (root / WORKER.relative_to(ROOT)).read_bytes(),
                                       worker_setup(players.read_text(encoding="utf-8")))
    engine = repacked(senet_zip, zipfile.ZIP_STORED)  # its twins: compressed whole, as the library
    stdlib = repacked(stored, zipfile.ZIP_DEFLATED)
    written = {
        "pyodide.mjs": (source / "pyodide.mjs").read_bytes(),
        "pyodide-lock.json": reduced_lock((source / "pyodide-lock.json").read_text(encoding="utf-8")),
        "python_stdlib.zip": stdlib,
        "python_stdlib.zip.gz": gzipped(stored),
        "python_stdlib.zip.zst": zstd_compressed(stored),
    }
    engine_files = {"senet.zip": senet_zip, "senet.zip.gz": gzipped(engine), "senet.zip.zst": zstd_compressed(engine)}
    for name, data in engine_files.items():
        (out / name).write_bytes(data)
    for name in COMPRESSED:
        data = (source / name).read_bytes()
        written[name] = data
        written[name + ".gz"] = gzipped(data)
        written[name + ".zst"] = zstd_compressed(data)
    for name, data in written.items():
        (target / name).write_bytes(data)
    decoder = write_decoder(out, root / "node_modules" / "fzstd")
    # The files the worker fetches itself (pyodide.mjs comes with its module), by path from
    # the site's root, with their sizes and, for the large ones, their twins' (and, so that
    # the worker can tell a damaged download, the size of what the twins decode to: "size").
    files = {f"vendor/pyodide/{name}": {"size": len(written[name])} for name in ("pyodide-lock.json",)}
    for name in (*COMPRESSED, "python_stdlib.zip"):
        unpacked = len(stored) if name == "python_stdlib.zip" else len(written[name])
        files[f"vendor/pyodide/{name}"] = {"size": len(written[name]), "gz": len(written[name + ".gz"]),
                                           "zst": len(written[name + ".zst"]), "unpacked": unpacked}
    files["senet.zip"] = {"size": len(senet_zip), "gz": len(engine_files["senet.zip.gz"]),
                          "zst": len(engine_files["senet.zip.zst"]), "unpacked": len(engine)}
    files[f"vendor/fzstd/{DECODER[1]}"] = {"size": decoder}
    text = players.read_text(encoding="utf-8")
    if text.count(FILES_MARK) != 1:
        raise RuntimeBuildError(f"app/worker/players.js must hold {FILES_MARK} once")
    players.write_text(text.replace(FILES_MARK, json.dumps(files, sort_keys=True)), encoding="utf-8")
    return {"files": files, "kept": kept, "modules": compiled_modules(stored), "engine": compiled_modules(senet_zip)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print the modules kept, one a line")
    args = parser.parse_args(argv)
    source = (PYODIDE_DIR / "python_stdlib.zip").read_bytes()
    stdlib, kept = trimmed_stdlib(source, (*PYODIDE_BOOT, *sorted(worker_imports())))
    if args.list:
        print("\n".join(kept))
    print(f"python_stdlib.zip: {len(kept)} modules, {len(stdlib):,} bytes (from {len(source):,}); "
          f"{len(gzipped(stdlib)):,} bytes gzipped", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
