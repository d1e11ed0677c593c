#!/usr/bin/env python3
"""Installable, offline Senet: the web app manifest and the service worker (stdlib only).

tools/build.py calls `write_manifest(out)` before it hashes the site and
`write_service_worker(out, info)` after, so dist/ gets:

- manifest.webmanifest   name, icons (192, 512, maskable 512), colours, display
                         standalone, start_url and scope "./" (relative: works under /REPO/)
- sw.js                  app/boot/sw-template.js with the cache version (build-info.json's
                         `version`) and three lists of files of dist/ with their sha256:
                         the app shell it precaches (PRECACHE), the worker's runtime it
                         keeps once fetched (RUNTIME, with sizes and which browsers fetch
                         each: Pyodide, senet.zip, app/players.js, app/worker.py) and files
                         nothing loads today that it also keeps once fetched (EXTRA); and the
                         files of each language (LANGS: the information pages in English, and
                         for each other language its copies of the pages, its catalog and its
                         manifest, tools/site_words.py), precached for the languages its pages
                         are open in; sw.js itself and dot-files such as .nojekyll are in none

For an existing site directory whose files were changed by hand (the update test
does this), recompute build-info.json and sw.js:

    python tools/pwa.py refresh DIR

See docs/offline.md.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SW_TEMPLATE = ROOT / "app" / "boot" / "sw-template.js"
SW_NAME = "sw.js"
MANIFEST_NAME = "manifest.webmanifest"
VERSION_MARK = "__SENET_VERSION__"
PRECACHE_MARK = "/* __SENET_PRECACHE__ */ []"
RUNTIME_MARK = "/* __SENET_RUNTIME__ */ []"
EXTRA_MARK = "/* __SENET_EXTRA__ */ []"
LANGS_MARK = "/* __SENET_LANGS__ */ {}"

# What only the worker "players" (Pyodide: the Expert, hints, the meter, the review)
# loads, and the Expert's opening book, which the page reads at the Expert's first
# decision: not precached, kept once fetched (docs/offline.md). Paths, or folders ending "/".
RUNTIME_FILES = ("vendor/pyodide/", "vendor/fzstd/fzstd.js", "senet.zip", "senet.zip.zst", "senet.zip.gz",
                 "app/players.js", "app/worker.py", "book.bin")
# What nothing loads today, kept once fetched all the same: PyScript's terminal and
# editor chunks (the page has no <py-terminal> or <py-editor>) and the sources of the
# page's modules (the page loads them as bytecode, page.pack; app/main.py is its script);
# and the exact endgame tables, which the worker fetches only when a position falls in
# one, and the puzzles, which only the Puzzles page fetches (docs/endgames.md): neither
# adds to the first visit nor to the Expert's first download.
# The Zstandard decoder's licence (vendor/fzstd/LICENSE) is there to be read, not loaded.
EXTRA_PREFIXES = ("vendor/pyscript/xterm", "vendor/pyscript/codemirror", "tables/", "puzzles.json", "vendor/fzstd/LICENSE")
# The page's Python that it loads as source: its script (the reader of page.pack comes as
# bytecode, app/pack.mpy).
PAGE_SCRIPTS = ("app/main.py",)


def _matches(rel: str, patterns: tuple[str, ...]) -> bool:
    return any(rel == p or (p.endswith("/") and rel.startswith(p)) for p in patterns)


# A language's files (tools/site_words.py): its copies of the pages, its catalog, its
# manifest; and English's information pages. The game page index.html is every
# language's start (app/words/lang.js goes on from it), so it stays in the shell.
LANG_FILE = re.compile(r"(?:index|pages/[\w-]+)\.([a-z]{2,3})\.html|words/([a-z]{2,3})\.json\.gz"
                       r"|manifest\.([a-z]{2,3})\.webmanifest|pages/[\w-]+\.html")


def language_of(rel: str) -> str | None:
    """The language whose files the file ``rel`` is one of (None: every language's)."""
    match = LANG_FILE.fullmatch(rel)
    if not match:
        return None
    return next((group for group in match.groups() if group), "en")


# The plain files of the page's start (and of the parts' pack it fetches after) whose gzipped twins the page fetches (app/boot/start.js,
# tools/build.py's PLACED and UNZIPPED_WASM): kept once fetched, by a browser without
# DecompressionStream.
PLACED_PLAIN = re.compile(r"page\.pack|parts\.pack|words/[a-z]{2,3}\.json|vendor/micropython/micropython\.wasm")


# The page's start names the PyScript chunks it loads on app/boot/start.js's tag (tools/build.py,
# start_chain); PyScript's other chunks (zip.js, its TOML parser, Pyodide's graph, ...) the
# page never asks for: kept once fetched, not precached.
START_TAG_LISTS = re.compile(r'data-(?:preload-)?modules="([^"]*)"')


def unused_chunks(out: Path, info: dict) -> frozenset:
    """The JavaScript files of vendor/pyscript/ that the built page's start does not name."""
    page = (out / "index.html").read_text(encoding="utf-8")
    named = {url.removeprefix("./") for found in START_TAG_LISTS.findall(page) for url in found.split()}
    return frozenset(rel for rel in info["files"]
                     if rel.startswith("vendor/pyscript/") and rel.endswith(".js") and rel not in named)


def file_role(rel: str, unused: frozenset = frozenset()) -> str:
    """"runtime", "extra", "lang" or "shell": how the service worker stores the file ``rel``
    (``unused``: the PyScript chunks the page does not load, unused_chunks)."""
    if PLACED_PLAIN.fullmatch(rel) or rel in unused:
        return "extra"
    if language_of(rel):
        return "lang"
    if _matches(rel, RUNTIME_FILES):
        return "runtime"
    if rel.startswith(EXTRA_PREFIXES) or (rel.startswith("app/") and rel.endswith(".py")
                                          and rel.count("/") == 1 and rel not in PAGE_SCRIPTS):
        return "extra"
    return "shell"

# Colours of tools/make_icons.py (lapis) and styles/app.css (sand page background).
THEME_COLOR = "#1f3a6e"
BACKGROUND_COLOR = "#f4ecd8"

MANIFEST = {
    "id": "./",
    "name": "Senet",
    "short_name": "Senet",
    "description": "Senet, the ancient Egyptian board game: seven rule sets and computer "
                   "opponents, playable offline.",
    "lang": "en",
    "dir": "ltr",
    "start_url": "./",
    "scope": "./",
    "display": "standalone",
    "theme_color": THEME_COLOR,
    "background_color": BACKGROUND_COLOR,
    "categories": ["games"],
    "icons": [
        {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
        {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
        {"src": "icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    ],
}


class PwaError(Exception):
    pass


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise PwaError(f"{path.name} is not a PNG file")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def write_manifest(out: Path) -> dict:
    """Write out/manifest.webmanifest after checking that every icon is there, at its size."""
    for icon in MANIFEST["icons"]:
        path = out / icon["src"]
        if not path.is_file():
            raise PwaError(f"manifest icon {icon['src']} is missing from {out}")
        width, height = _png_size(path)
        if f"{width}x{height}" != icon["sizes"]:
            raise PwaError(f"{icon['src']} is {width}x{height}, the manifest says {icon['sizes']}")
    (out / MANIFEST_NAME).write_text(json.dumps(MANIFEST, indent=1, ensure_ascii=False) + "\n")
    return MANIFEST


def _sri(hex_digest: str) -> str:
    return "sha256-" + base64.b64encode(bytes.fromhex(hex_digest)).decode()


def _served(rel: str) -> bool:
    return rel != SW_NAME and not any(part.startswith(".") for part in rel.split("/"))


def twin_kind(rel: str, files) -> str:
    """Which workers fetch the runtime's file ``rel``: "zst" for a Zstandard twin (every
    worker that loads the decoder), "gz" for a gzipped twin (one that could not, with
    DecompressionStream), "plain" for the file they compress (one with neither), "" for
    every worker (tools/runtime.py, app/worker/players.js)."""
    for suffix in (".zst", ".gz"):
        if rel.endswith(suffix) and rel[:-len(suffix)] in files:
            return suffix[1:]
    if rel + ".zst" in files or rel + ".gz" in files:
        return "plain"
    return ""


def lazy_list(info: dict, role: str, unused: frozenset = frozenset()) -> list[tuple]:
    """[(path, SRI sha256, size, twin kind)] of the files of ``role`` ("runtime" or
    "extra"): the service worker keeps them once fetched instead of precaching them."""
    files = info["files"]
    return [(rel, _sri(meta["sha256"]), meta["size"], twin_kind(rel, files)) for rel, meta in sorted(files.items())
            if _served(rel) and file_role(rel, unused) == role]


def precache_list(out: Path, info: dict, unused: frozenset = frozenset()) -> list[tuple[str, str]]:
    """[(path relative to the site root, SRI sha256)] of the app shell, which the
    service worker precaches at install."""
    entries = [
        (rel, _sri(meta["sha256"]))
        for rel, meta in sorted(info["files"].items())
        if _served(rel) and file_role(rel, unused) == "shell"
    ]
    # build-info.json is not listed in itself; the worker reads older versions' copies
    # of it to reuse unchanged files, and app/boot/pwa.js reads the version from it.
    info_bytes = (out / "build-info.json").read_bytes()
    entries.append(("build-info.json", _sri(hashlib.sha256(info_bytes).hexdigest())))
    return sorted(entries)


def language_lists(info: dict) -> dict[str, list[tuple[str, str]]]:
    """{lang: [(path, SRI sha256)]}: each language's files, which the service worker
    precaches for the languages its pages are open in (and keeps once one is fetched)."""
    out: dict[str, list[tuple[str, str]]] = {}
    for rel, meta in sorted(info["files"].items()):
        if _served(rel) and file_role(rel) == "lang":
            out.setdefault(language_of(rel), []).append((rel, _sri(meta["sha256"])))
    return out


def write_service_worker(out: Path, info: dict) -> dict:
    """Write out/sw.js for the site in `out` described by `info` (build-info.json)."""
    template = SW_TEMPLATE.read_text()
    marks = (VERSION_MARK, PRECACHE_MARK, RUNTIME_MARK, EXTRA_MARK, LANGS_MARK)
    if any(template.count(mark) != 1 for mark in marks):
        raise PwaError(f"{SW_TEMPLATE.relative_to(ROOT)} lost one of its marks {', '.join(marks)}")
    unused = unused_chunks(out, info)
    entries = precache_list(out, info, unused)
    runtime = lazy_list(info, "runtime")
    extra = lazy_list(info, "extra", unused)
    if not runtime:
        raise PwaError(f"none of the worker's runtime files ({', '.join(RUNTIME_FILES)}) is in {out}")

    def listing(rows):
        return "[\n" + "".join(f"  {json.dumps(list(row))},\n" for row in rows) + "]"

    langs = language_lists(info)
    by_lang = "{\n" + "".join(f"  {json.dumps(lang)}: {listing(rows)},\n" for lang, rows in langs.items()) + "}"
    script = (template.replace(VERSION_MARK, info["version"]).replace(PRECACHE_MARK, listing(entries))
              .replace(RUNTIME_MARK, listing(runtime)).replace(EXTRA_MARK, listing(extra))
              .replace(LANGS_MARK, by_lang))
    (out / SW_NAME).write_text(script)
    sizes = {rel: meta["size"] for rel, meta in info["files"].items()}
    sizes["build-info.json"] = (out / "build-info.json").stat().st_size
    # What a worker downloads: the Zstandard twins, not the files they compress; one that
    # could not load the decoder, the gzipped twins; one with neither, the files.
    zst = [row for row in runtime if row[3] in ("", "zst")]
    gz = [row for row in runtime if row[3] in ("", "gz")]
    plain = [row for row in runtime if row[3] in ("", "plain")]
    return {
        "version": info["version"],
        "files": len(entries),
        "bytes": sum(sizes[rel] for rel, _ in entries),
        "runtime_files": len(zst),
        "runtime_bytes": sum(row[2] for row in zst),
        "runtime_gz_bytes": sum(row[2] for row in gz),
        "runtime_plain_bytes": sum(row[2] for row in plain),
        "extra_files": len(extra),
        "extra_bytes": sum(row[2] for row in extra),
        "langs": {lang: sum(sizes[rel] for rel, _ in rows) for lang, rows in langs.items()},
    }


def refresh(out: Path) -> dict:
    """Recompute build-info.json and sw.js of an existing site directory."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build  # tools/build.py
    finally:
        sys.path.pop(0)
    info_path = out / "build-info.json"
    versions = json.loads(info_path.read_text()).get("versions", {}) if info_path.is_file() else {}
    sw = out / SW_NAME
    if sw.exists():
        sw.unlink()  # derived from the hash, never part of it
    info = build._write_build_info(out, versions)
    return write_service_worker(out, info)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("refresh", help="recompute build-info.json and sw.js of a site directory")
    cmd.add_argument("dir", type=Path)
    args = parser.parse_args(argv)
    try:
        summary = refresh(args.dir.resolve())
    except PwaError as exc:
        print(f"pwa: {exc}", file=sys.stderr)
        return 1
    print(f"{args.dir}: version {summary['version']}, precache {summary['files']} files, "
          f"{summary['bytes'] / 1e6:.1f} MB; runtime {summary['runtime_files']} files, "
          f"{summary['runtime_bytes'] / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
