"""The page's modules in one file (page.pack), and how the page unpacks it.

PyScript can unpack a zip given in [files], but it does so in JavaScript one entry at a
time through zip.js and its web workers: about 0.2 s on a warm start and 0.3 s on a
cold one, longer than everything the page's own Python does before the board is live
(docs/build.md). A pack needs nothing but reading a file: PyScript writes page.pack into
MicroPython's file system as it is, and app/main.py calls ``unpack_file`` before its
first import. tools/build.py makes the pack with ``pack``.

The format: the line ``MAGIC``, then one line of JSON, a list of [path, size] in the
order of the files, then the files' bytes one after the other. Paths are relative, with
"/" between folders. The file is served as it is (no compression): the page's modules
are about 0.26 MB of bytecode.

This module runs in CPython (the build, the tests) and in MicroPython (the page), and
is loaded as a source file of its own (pyscript.toml), not from the pack.
"""

import json
import os

MAGIC = b"senet-pack 1\n"


class PackError(ValueError):
    """A pack that cannot be read: a truncated download, another format."""


def pack(files):
    """The pack of ``files``, a list of (path, bytes), in that order."""
    index = []
    for path, data in files:
        _check_path(path)
        index.append([path, len(data)])
    header = json.dumps(index).encode()
    return b"".join([MAGIC, header, b"\n"] + [bytes(data) for _, data in files])


def read(data):
    """[(path, bytes)] of a pack, in its order; PackError if it is not a whole pack."""
    data = bytes(data)
    if data[:len(MAGIC)] != MAGIC:
        raise PackError(f"not a page pack (it does not begin with {MAGIC!r})")
    end = data.find(b"\n", len(MAGIC))
    if end < 0:
        raise PackError("the pack's list of files has no end")
    try:
        index = json.loads(data[len(MAGIC):end].decode())
    except ValueError as exc:
        raise PackError(f"the pack's list of files cannot be read ({exc})") from exc
    view = memoryview(data)
    at = end + 1
    files = []
    for entry in index:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)
                and isinstance(entry[1], int) and entry[1] >= 0):
            raise PackError(f"the pack's list of files has a bad entry: {entry!r}")
        path, size = entry
        _check_path(path)
        if at + size > len(data):
            raise PackError(f"the pack ends inside {path} ({at + size - len(data)} bytes short)")
        files.append((path, view[at:at + size]))
        at += size
    if at != len(data):
        raise PackError(f"the pack has {len(data) - at} bytes after its last file")
    return files


def unpack(data, into=""):
    """Write the files of the pack ``data`` under the folder ``into`` ("" for the
    working directory), making folders as needed; the paths written, in order. Nothing
    is written when the pack cannot be read."""
    files = read(data)
    made = set()
    written = []
    for path, body in files:
        parts = path.split("/")
        folder = into
        for part in parts[:-1]:
            folder = folder + "/" + part if folder else part
            if folder not in made:
                _mkdir(folder)
                made.add(folder)
        target = into + "/" + path if into else path
        with open(target, "wb") as fh:
            fh.write(body)
        written.append(target)
    return written


def unpack_file(path, into=""):
    """Unpack the pack file ``path`` (see ``unpack``), then remove it: its bytes are in
    the files now. The paths written."""
    with open(path, "rb") as fh:
        data = fh.read()
    written = unpack(data, into)
    os.remove(path)
    return written


def _check_path(path):
    parts = path.split("/")
    if not path or path.startswith("/") or "\\" in path or any(p in ("", ".", "..") for p in parts):
        raise PackError(f"a path in a pack must be relative and plain: {path!r}")


def _mkdir(folder):
    try:  # noqa: SIM105 (MicroPython has no contextlib)
        os.mkdir(folder)
    except OSError:  # it exists already (MicroPython has no exist_ok)
        pass
