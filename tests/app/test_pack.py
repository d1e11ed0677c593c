"""app/platform/pack.py: the page's modules in one file (page.pack), written by tools/build.py and
unpacked by the page in MicroPython before its first import."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from mpy_paths import MPY

from app.platform import pack

ROOT = Path(__file__).resolve().parents[2]

FILES = [
    ("senet/__init__.mpy", b"M\x06 engine"),
    ("senet/variants/bell.mpy", bytes(range(256)) * 3),
    ("view.mpy", b"\n\n\x00 a newline and a zero byte"),
    ("empty.mpy", b""),
]


def test_a_pack_reads_back_as_the_files_it_was_made_of_in_their_order():
    data = pack.pack(FILES)
    assert data.startswith(pack.MAGIC)
    assert [(path, bytes(body)) for path, body in pack.read(data)] == FILES
    assert pack.read(pack.pack([])) == []


def test_unpack_writes_every_file_under_its_folders(tmp_path):
    (tmp_path / "senet").mkdir()  # a folder that is there already is fine
    written = pack.unpack(pack.pack(FILES), str(tmp_path))
    assert written == [f"{tmp_path}/{path}" for path, _ in FILES]
    for path, body in FILES:
        assert (tmp_path / path).read_bytes() == body


def test_an_imports_questions_are_each_one_lookup_without_a_walk_through_the_folders():
    fs = pack.PackFS(bytearray(pack.pack(FILES)))

    def walk(path):
        raise AssertionError(f"walked through the folders for {path!r}")

    fs._path = walk  # what MicroPython's import asks never needs it
    for asked in ("/senet/variants/bell", "/senet/variants/bell.py", "/senet/__init__.py", "/senet/nothing"):
        with pytest.raises(OSError):
            fs.stat(asked)
    assert fs.stat("/senet/variants")[0] == 0x4000
    assert fs.stat("/senet/variants/bell.mpy") == (0x8000, 0, 0, 0, 0, 0, 768, 0, 0, 0)
    assert fs.open("/senet/variants/bell.mpy", "rb").read() == FILES[1][1]
    with pytest.raises(OSError):
        fs.open("/senet/nothing.mpy", "rb")
    with pytest.raises(AssertionError):  # a path written otherwise is still read, by the walk
        fs.stat("/senet/./variants")


def test_the_pack_as_a_file_system_answers_what_an_import_asks(tmp_path):
    fs = pack.PackFS(bytearray(pack.pack(FILES)))  # read_file gives a bytearray
    assert fs.stat("/senet/variants/bell.mpy")[0] == 0x8000 and fs.stat("senet/variants/bell.mpy")[6] == 768
    assert fs.stat("/senet")[0] == fs.stat("/senet/variants")[0] == fs.stat("/")[0] == 0x4000
    for missing in ("/senet/nothing.mpy", "/sen", "/view.mpy/x"):
        with pytest.raises(OSError):
            fs.stat(missing)
    with fs.open("/senet/variants/bell.mpy", "rb") as fh:
        assert fh.read() == FILES[1][1]
    assert fs.open("/empty.mpy", "rb").read() == b""
    with pytest.raises(OSError):
        fs.open("/view.mpy", "wb")
    with pytest.raises(OSError):
        fs.open("/nothing.mpy", "rb")
    assert sorted(fs.ilistdir("/")) == [("empty.mpy", 0x8000, 0), ("senet", 0x4000, 0), ("view.mpy", 0x8000, 0)]
    assert sorted(fs.ilistdir("/senet")) == [("__init__.mpy", 0x8000, 0), ("variants", 0x4000, 0)]
    fs.chdir("/senet")
    assert fs.getcwd() == "/senet" and fs.stat("variants/bell.mpy")[6] == 768
    with pytest.raises(OSError):
        fs.mkdir("/new")


def test_read_file_reads_the_whole_pack_at_once(tmp_path):
    (tmp_path / "page.pack").write_bytes(pack.pack(FILES))
    data = pack.read_file(str(tmp_path / "page.pack"))
    assert isinstance(data, bytearray) and bytes(data) == pack.pack(FILES)


@pytest.mark.parametrize("damage, words", [
    (lambda d: b"PK\x03\x04" + d[4:], "not a page pack"),
    (lambda d: d[:len(pack.MAGIC) + 5], "no end"),
    (lambda d: d[:-1], "ends inside view.mpy"),
    (lambda d: d + b"x", "1 bytes after its last file"),
    (lambda d: pack.MAGIC + b"[[1, 2]]\n", "bad entry"),
    (lambda d: pack.MAGIC + b'[["a.mpy", -1]]\n', "bad entry"),
    (lambda d: pack.MAGIC + b"{not json\n", "cannot be read"),
])
def test_a_damaged_pack_is_refused_in_words_and_nothing_is_written(tmp_path, damage, words):
    data = damage(pack.pack(FILES[:3]))
    with pytest.raises(pack.PackError, match=words):
        pack.unpack(data, str(tmp_path))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("path", ["/etc/passwd", "../up.mpy", "a/../../b.mpy", "a//b.mpy", "", "./a.mpy",
                                  "a\\b.mpy", "..", ".", "a/..", "a/.", "a/", "/", "a/./b.mpy"])
def test_a_path_that_would_leave_the_folder_is_refused(tmp_path, path):
    with pytest.raises(pack.PackError, match="relative and plain"):
        pack.pack([(path, b"x")])
    forged = pack.MAGIC + json.dumps([[path, 1]]).encode() + b"\nx"
    with pytest.raises(pack.PackError, match="relative and plain"):
        pack.unpack(forged, str(tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_micropython_mounts_a_pack_and_imports_from_it(tmp_path):
    """The page's interpreter: the pack mounted in memory, its modules imported, the
    file removed; a second pack added to it later, its module imported from a package
    of the first; a damaged pack refused."""
    if shutil.which("node") is None:
        pytest.fail("Node.js is not installed: it runs MicroPython for these tests (see docs/build.md)")
    if not MPY.is_file():
        pytest.fail(f"MicroPython is missing ({MPY.relative_to(ROOT)}): run `npm ci` in the repository")
    files = [("pkg/__init__.py", b"NAME = 'pkg'\n"), ("pkg/sub/__init__.py", b""),
             ("pkg/sub/deep.py", b"VALUE = 6 * 7\n"), ("blob.bin", bytes(range(256)))]
    lib = tmp_path / "lib"
    lib.mkdir()
    shutil.copyfile(ROOT / "app" / "platform" / "pack.py", lib / "pack.py")
    later = pack.pack([("pkg/sub/later.py", b"from pkg.sub import deep\nVALUE = deep.VALUE + 1\n")])
    script = tmp_path / "main.py"
    script.write_text(f"""
import os, sys
import pack
os.mkdir("/work")
os.chdir("/work")
with open("page.pack", "wb") as fh:
    fh.write({pack.pack(files)!r})
MOUNTED = pack.mount_file("page.pack")
print("path", sys.path)
print("left", os.listdir("."))
print("mounted", sorted(os.listdir("/page")), sorted(os.listdir("/page/pkg")))
import pkg
from pkg.sub import deep
print("imported", pkg.NAME, deep.VALUE, deep.__file__)
import json, random
print("built-in", json.dumps({{"a": [1]}}), 0 <= random.random() < 1)
with open("/page/blob.bin", "rb") as fh:
    print("blob", fh.read() == bytes(range(256)))
try:
    open("/page/new.py", "w")
except OSError:
    print("read-only")
with open("parts.pack", "wb") as fh:
    fh.write({later!r})
print("added", MOUNTED.add_file("parts.pack"), os.listdir("."))
from pkg.sub import later  # a package imported before the second pack came
print("later", later.VALUE)
with open("bad.pack", "wb") as fh:
    fh.write(b"PK rest")
try:
    pack.mount_file("bad.pack", "/bad")
except pack.PackError as exc:
    print("refused", exc)
""", encoding="utf-8")
    done = subprocess.run(["node", str(ROOT / "tools" / "mpy_run.mjs"), "--path", str(lib), str(script)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    # the pack first; no folder of the browser's file system, where an import would only miss
    assert "path ['/page', '.frozen']" in lines and "left []" in lines, lines
    assert "mounted ['blob.bin', 'pkg'] ['__init__.py', 'sub']" in lines, lines
    assert "imported pkg 42 /page/pkg/sub/deep.py" in lines, lines
    assert 'built-in {"a": [1]} True' in lines, lines
    assert "blob True" in lines and "read-only" in lines, lines
    assert "added 1 []" in lines and "later 43" in lines, lines
    assert any(line.startswith("refused not a page pack") for line in lines), lines


def test_a_second_pack_added_to_a_mounted_one_is_read_from_the_same_folders():
    """The parts' pack, added after the first paint: its modules sit in the first pack's
    packages; a path in both, or a damaged second pack, adds nothing."""
    fs = pack.PackFS(pack.pack([("app/__init__.mpy", b"a"), ("app/view/board.mpy", b"bb")]))
    assert fs.add(pack.pack([("app/dialogs/corr.mpy", b"ccc"), ("app/view/review_view.mpy", b"rr")])) == 2
    assert fs.stat("/app/dialogs") == pack._DIR_STAT
    assert fs.stat("/app/dialogs/corr.mpy")[6] == 3
    assert sorted(name for name, _kind, _ in fs.ilistdir("app/view")) == ["board.mpy", "review_view.mpy"]
    assert fs.open("/app/view/review_view.mpy", "rb").read() == b"rr"
    for bad in (pack.pack([("app/new.mpy", b"n"), ("app/view/board.mpy", b"again")]), b"not a pack"):
        with pytest.raises(pack.PackError):
            fs.add(bad)
        with pytest.raises(OSError):
            fs.stat("/app/new.mpy")
