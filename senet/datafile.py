"""The one format of the engine's data files (senet/ai/tables/*.bin): the exact endgame
tables (senet.ai.exact), the networks' weights (senet.ai.network), the solitaire
endgame tables (senet.ai.endgame) and the Expert's opening book (senet.book).

    MAGIC                 a line naming what the file holds ("senet-exact\\n")
    one line of JSON      what it holds (its keys sorted), with "crc32": the sum of the values
    the values            packed numbers, little-endian, compressed with zlib

``encode`` writes one (the tools), ``decode`` reads and checks one, ``numbers`` unpacks
the values, ``read`` gives a file of the package's folder. Standard library only, and
what MicroPython has of it (the page reads the opening book, senet.book): the sum is
binascii's CRC-32, the same as zlib's.
"""

import json
import sys
import zlib
from array import array
from binascii import crc32

try:
    import os.path

    DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ai", "tables")
except ImportError:  # MicroPython: no os.path (the page reads no file by name here)
    DIR = None


class DataFileError(Exception):
    """A data file that is not the one expected (truncated, another kind, a bad sum)."""


def encode(magic: bytes, head: dict, raw: bytes) -> bytes:
    """A data file: ``magic``, ``head`` with the sum of ``raw`` as one line of JSON, then
    ``raw`` compressed."""
    full = dict(head)
    full["crc32"] = crc32(raw)
    return magic + json.dumps(full, sort_keys=True).encode() + b"\n" + zlib.compress(raw, 9)


def decode(data: bytes, magic: bytes, want: dict, what: str = "table") -> tuple:
    """(head, raw values) of a data file, checked: its ``magic``, the items of ``want``
    in its head, and the sum of its values; raises DataFileError."""
    if not data.startswith(magic):
        raise DataFileError(f"not a {what} ({magic.decode().strip()})")
    end = data.find(b"\n", len(magic))
    try:
        head = json.loads(data[len(magic):end].decode())
        raw = zlib.decompress(data[end + 1:])
    except (ValueError, zlib.error) as exc:
        raise DataFileError(f"a damaged {what}: {exc}") from None
    for key, value in want.items():
        if head.get(key) != value:
            raise DataFileError(f"the {what} holds {key} {head.get(key)!r}, not {value!r}")
    if crc32(raw) != head.get("crc32"):
        raise DataFileError(f"the {what}'s values do not match its sum")
    return head, raw


def packed(typecode: str, values) -> bytes:
    """``values`` as little-endian numbers of ``typecode`` ("H", "f", "d")."""
    out = array(typecode, values)
    if sys.byteorder != "little":
        out.byteswap()
    return out.tobytes()


def numbers(typecode: str, raw: bytes) -> array:
    """The little-endian numbers of ``typecode`` in ``raw``."""
    out = array(typecode)
    out.frombytes(raw)
    if sys.byteorder != "little":
        out.byteswap()
    return out


def read(name: str) -> bytes:
    """The data file ``name`` of senet/ai/tables (OSError when it is not there)."""
    with open(os.path.join(DIR, name), "rb") as fh:
        return fh.read()
