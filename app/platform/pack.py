"""The page's modules in one file (page.pack), and how the page imports from it.

PyScript can unpack a zip given in [files], but it does so in JavaScript one entry at a
time through zip.js and its web workers: about 0.2 s on a warm start and 0.3 s on a
cold one, longer than everything the page's own Python does before the board is live
(docs/build.md). A pack needs nothing but reading one file: app/boot/start.js fetches
it gzipped (page.pack.gz), the browser unpacks it, start.js writes it into MicroPython's
file system, and app/main.py calls ``mount_file`` before its first import. That mounts
the pack's files, in memory, as a read-only file system of their own (``PackFS``) and puts it first on ``sys.path``, so MicroPython imports the
modules from memory: nothing is written, and no import reads a file through the
browser's file system layer. Each of an import's questions (three stats and an open a
module) is one dictionary lookup (``PackFS.stats``, ``PackFS.bodies``), not a walk
through the pack's folders. tools/build.py makes the pack with ``pack``.

The format: the line ``MAGIC``, then one line of JSON, a list of [path, size] in the
order of the files, then the files' bytes one after the other. Paths are relative, with
"/" between folders.

This module runs in CPython (the build, the tests) and in MicroPython (the page), and
is loaded as a file of its own (pyscript.toml: pack.mpy, compiled by tools/build.py),
not from the pack.
"""

import io
import json
import os
import sys

MAGIC = b"senet-pack 1\n"
MOUNT_POINT = "/page"
_DIR, _FILE = 0x4000, 0x8000  # stat's st_mode for a folder and for a file
_DIR_STAT = (_DIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
_ENOENT, _EROFS = 2, 30


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
    """[(path, memoryview of its bytes)] of a pack (bytes or bytearray), in its order;
    PackError if it is not a whole pack."""
    if bytes(data[:len(MAGIC)]) != MAGIC:
        raise PackError(f"not a page pack (it does not begin with {MAGIC!r})")
    end = data.find(b"\n", len(MAGIC))
    if end < 0:
        raise PackError("the pack's list of files has no end")
    try:
        index = json.loads(bytes(data[len(MAGIC):end]).decode())
    except ValueError as exc:
        raise PackError(f"the pack's list of files cannot be read ({exc})") from exc
    if not isinstance(index, list):
        raise PackError("the pack's list of files is not a list")
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


class PackFS:
    """The files of a pack as a read-only file system, in the shape MicroPython's
    ``vfs.mount`` asks of a Python object (stat, open, ilistdir, ...): enough to import
    modules from it and to list it. Paths are relative to the mount point."""

    def __init__(self, data):
        self.files = {}
        self.dirs = set()
        self.cwd = ""
        # What an import asks, answered by one lookup: MicroPython's import asks for
        # "/senet/moves", "/senet/moves.py", then "/senet/moves.mpy" (paths from the mount
        # point), a stat each, and opens the last. Each entry's stat is made once, when it
        # is added; a plain absolute path that is not here is missing, without a walk
        # through the folders (``_path``'s split and join cost more than the rest of a stat).
        self.stats = {}
        self.bodies = {}
        self._add_dir("")
        self.add(data)

    def add(self, data):
        """Add the files of another pack ``data`` (the parts' pack, loaded after the first
        paint): mounted already, this file system then holds them too, in the same
        folders, so that a package's modules may come from either pack. PackError, and
        nothing added, if it cannot be read or holds a path this one holds already."""
        files = read(data)
        for path, _body in files:
            if path in self.files:
                raise PackError(f"{path} is in two packs")
        for path, body in files:
            self.files[path] = body
            cut = path.rfind("/")
            if cut > 0 and path[:cut] not in self.dirs:  # its folder and theirs, once each
                parts = path[:cut].split("/")
                for i in range(1, len(parts) + 1):
                    self._add_dir("/".join(parts[:i]))
            self.stats["/" + path] = (_FILE, 0, 0, 0, 0, 0, len(body), 0, 0, 0)
            self.bodies["/" + path] = body
        return len(files)

    def add_file(self, path):
        """``add`` the pack file ``path``, then remove the file (its bytes are held in
        memory now). The number of files added."""
        added = self.add(read_file(path))
        os.remove(path)
        return added

    def _add_dir(self, folder):
        self.dirs.add(folder)
        self.stats["/" + folder] = _DIR_STAT

    def _plain(self, path):
        """Whether ``path`` is already as ``_path`` would write it (from the root, no "."
        or ".." parts, no doubled or trailing "/"): then a lookup says all."""
        return (path[:1] == "/" and not self.cwd and "//" not in path and "/." not in path
                and path[-1:] != "/")

    def _path(self, path):
        path = path if path.startswith("/") else self.cwd + "/" + path
        return "/".join(p for p in path.split("/") if p and p != ".")

    # -- what vfs.mount calls -------------------------------------------------------
    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        found = self.stats.get(path)
        if found is not None:
            return found
        if self._plain(path):
            raise OSError(_ENOENT)
        path = self._path(path)
        if path in self.files:
            return (_FILE, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)
        if path in self.dirs:
            return _DIR_STAT
        raise OSError(_ENOENT)

    def open(self, path, mode="r"):
        if "w" in mode or "a" in mode or "+" in mode or "x" in mode:
            raise OSError(_EROFS)
        body = self.bodies.get(path)
        if body is None and not self._plain(path):
            body = self.files.get(self._path(path))
        if body is None:
            raise OSError(_ENOENT)
        return io.BytesIO(body) if "b" in mode else io.StringIO(bytes(body).decode())

    def ilistdir(self, path):
        folder = self._path(path)
        if folder not in self.dirs:
            raise OSError(_ENOENT)
        prefix = folder + "/" if folder else ""
        seen = set()
        for name, kind in [(d, _DIR) for d in self.dirs] + [(f, _FILE) for f in self.files]:
            if name.startswith(prefix) and name != folder:
                rest = name[len(prefix):]
                if "/" not in rest and rest not in seen:
                    seen.add(rest)
                    yield (rest, kind, 0)

    def chdir(self, path):
        folder = self._path(path)
        if folder not in self.dirs:
            raise OSError(_ENOENT)
        self.cwd = folder

    def getcwd(self):
        return "/" + self.cwd if self.cwd else ""

    def statvfs(self, path):
        return (0,) * 10

    def mkdir(self, path):
        raise OSError(_EROFS)

    remove = rmdir = mkdir

    def rename(self, old, new):
        raise OSError(_EROFS)


def read_file(path):
    """The bytes of the file ``path``, read at once (``read()`` with no size would read
    it in small pieces, each a call into the browser's file system)."""
    buf = bytearray(os.stat(path)[6])
    with open(path, "rb") as fh:
        got = fh.readinto(buf)
    if got != len(buf):
        raise PackError(f"{path} could not be read whole ({got} of {len(buf)} bytes)")
    return buf


def mount_file(path, at=MOUNT_POINT):
    """Mount the pack file ``path`` at ``at`` (MicroPython's ``vfs``), first on
    ``sys.path``, and remove the file: its bytes are held in memory now. The PackFS."""
    import vfs  # MicroPython's; CPython has no such module

    fs = PackFS(read_file(path))
    vfs.mount(fs, at)
    sys.path[:] = search_path(sys.path, at)
    os.remove(path)
    return fs


def search_path(path, at=MOUNT_POINT):
    """``sys.path`` once a pack is mounted at ``at``: the pack first, and without the
    interpreter's working folder ("") and /lib. Nothing the page imports after the mount lies
    in either (PyScript's own package is imported before it, and pack.mpy is), and
    MicroPython looks in every folder of its path before it takes one of its extensible
    built-in modules (json, random, re, hashlib): in the browser each of those looks is a
    stat that fails by throwing in the file system's JavaScript (docs/build.md)."""
    return [at] + [p for p in path if p not in ("", "/lib", at)]


def unpack(data, into=""):
    """Write the files of the pack ``data`` under the folder ``into`` ("" for the
    working directory), making folders as needed; the paths written, in order. Nothing
    is written when the pack cannot be read. (The tools' way to look inside a pack.)"""
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


def _check_path(path):
    """PackError unless ``path`` is relative and plain: no empty, "." or ".." part, no "\\"
    (string tests, without a list of its parts: a pack's hundred paths are checked at
    every start)."""
    framed = "/" + path + "/"
    if (not path or path[0] == "/" or "\\" in path or "//" in framed or "/./" in framed
            or "/../" in framed):
        raise PackError(f"a path in a pack must be relative and plain: {path!r}")


def _mkdir(folder):
    try:  # noqa: SIM105 (MicroPython has no contextlib)
        os.mkdir(folder)
    except OSError:  # it exists already (MicroPython has no exist_ok)
        pass
