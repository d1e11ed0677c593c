"""app/pack.py: the page's modules in one file (page.pack), written by tools/build.py and
unpacked by the page in MicroPython before its first import."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "app"))
import pack  # noqa: E402

MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

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


def test_unpack_file_unpacks_into_the_working_directory_and_removes_the_pack(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "page.pack").write_bytes(pack.pack(FILES))
    assert pack.unpack_file("page.pack") == [path for path, _ in FILES]
    assert not (tmp_path / "page.pack").exists()
    assert (tmp_path / "senet" / "variants" / "bell.mpy").read_bytes() == FILES[1][1]


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
                                  "a\\b.mpy"])
def test_a_path_that_would_leave_the_folder_is_refused(tmp_path, path):
    with pytest.raises(pack.PackError, match="relative and plain"):
        pack.pack([(path, b"x")])
    forged = pack.MAGIC + json.dumps([[path, 1]]).encode() + b"\nx"
    with pytest.raises(pack.PackError, match="relative and plain"):
        pack.unpack(forged, str(tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_micropython_unpacks_a_pack_and_imports_from_it(tmp_path):
    """The page's interpreter: the folders, the files and an import from them."""
    if shutil.which("node") is None:
        pytest.fail("Node.js is not installed: it runs MicroPython for these tests (see docs/build.md)")
    if not MPY.is_file():
        pytest.fail(f"MicroPython is missing ({MPY.relative_to(ROOT)}): run `npm ci` in the repository")
    files = [("pkg/__init__.py", b"NAME = 'pkg'\n"), ("pkg/sub/__init__.py", b""),
             ("pkg/sub/deep.py", b"VALUE = 6 * 7\n"), ("blob.bin", bytes(range(256)))]
    lib = tmp_path / "lib"
    lib.mkdir()
    shutil.copyfile(ROOT / "app" / "pack.py", lib / "pack.py")
    script = tmp_path / "main.py"
    script.write_text(f"""
import os, sys
import pack
os.mkdir("/work")
with open("/work/page.pack", "wb") as fh:
    fh.write({pack.pack(files)!r})
os.chdir("/work")
written = pack.unpack_file("page.pack")
print("written", written)
print("left", sorted(os.listdir(".")))
sys.path.insert(0, "/work")
import pkg
from pkg.sub import deep
print("imported", pkg.NAME, deep.VALUE)
with open("blob.bin", "rb") as fh:
    print("blob", fh.read() == bytes(range(256)))
try:
    pack.unpack(b"PK" + b"rest", "/work")
except pack.PackError as exc:
    print("refused", exc)
""", encoding="utf-8")
    done = subprocess.run(["node", str(ROOT / "tools" / "mpy_run.mjs"), "--path", str(lib), str(script)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "written ['pkg/__init__.py', 'pkg/sub/__init__.py', 'pkg/sub/deep.py', 'blob.bin']" in lines
    assert "left ['blob.bin', 'pkg']" in lines
    assert "imported pkg 42" in lines and "blob True" in lines
    assert any(line.startswith("refused not a page pack") for line in lines), lines
