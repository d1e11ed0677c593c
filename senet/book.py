"""The Expert's opening book: its choices in the first turn of a game, worked out ahead.

A phone's first game against the Expert would otherwise wait for the worker's runtime
(several megabytes, docs/build.md) before the Expert's first decision. The book holds
what the Expert decides, at its default node budget and without a time cap, at every
decision of the game's first turn that the throws reach often enough (``reach``: the
chance of the throws that lead there, with the Expert's own choices followed), in each
rule set without house rules. The page plays those decisions from the book
(app/boot/page.py) and asks the worker only after them: the answers are the Expert's
own, the same as the worker gives (tests/engine/test_book.py checks a sample).

tools/opening_book.py writes the file (senet/ai/tables/book.bin) in the format of
senet.datafile::

    MAGIC ("senet-book\\n"), then a line of JSON:
        {"version": 1, "reach": 1e-05,
         "variants": {"kendall": {"nodes": N, "entries": n, "covered": p, "at": [start, end]}, ...},
         "crc32": ...}
    then the values, compressed: for each rule set, lines "POSITION<TAB>ACTION\\n"
    (senet.notation's position and action), its lines from byte ``start`` to ``end``.

``covered`` is the chance that a rule set's first turn, the Expert opening, needs no
decision outside the book. Plain Python that runs in MicroPython too (the page): a rule
set's lines are read the first time one of its positions is asked for.
"""

from . import datafile

MAGIC = b"senet-book\n"
VERSION = 1
NAME = "book.bin"


class BookError(ValueError):
    """A book that cannot be read (another file, damaged, another version)."""


def encode(variants: dict, reach: float) -> bytes:
    """The book file of ``variants``: {name: (nodes, covered, [(position, action), ...])}."""
    sections, head, at = [], {}, 0
    for name in sorted(variants):
        nodes, covered, entries = variants[name]
        text = "".join(f"{position}\t{action}\n" for position, action in sorted(entries)).encode()
        head[name] = {"nodes": nodes, "entries": len(entries), "covered": round(covered, 6), "at": [at, at + len(text)]}
        sections.append(text)
        at += len(text)
    return datafile.encode(MAGIC, {"version": VERSION, "reach": reach, "variants": head}, b"".join(sections))


class Book:
    """A book file's choices: ``choice(position)`` is the Expert's action there (notation),
    or None where the book has none."""

    def __init__(self, data: bytes):
        try:
            self.head, self._raw = datafile.decode(bytes(data), MAGIC, {"version": VERSION}, "book file")
        except datafile.DataFileError as exc:
            raise BookError(str(exc)) from None
        self.variants = self.head.get("variants") or {}
        self._read = {}  # rule set -> {position: action}, read on first use

    def nodes(self, variant: str):
        """The node budget the book's choices in ``variant`` were made with (None: none there)."""
        info = self.variants.get(variant)
        return info["nodes"] if info else None

    def entries(self, variant: str) -> dict:
        """{position: action} of a rule set (empty where the book has none)."""
        found = self._read.get(variant)
        if found is None:
            found = {}
            info = self.variants.get(variant)
            if info:
                start, end = info["at"]
                for line in bytes(self._raw[start:end]).decode().split("\n"):
                    if line:
                        position, action = line.split("\t")
                        found[position] = action
            self._read[variant] = found
        return found

    def choice(self, position: str):
        """The Expert's action at ``position`` (a position in notation), or None."""
        return self.entries(position.split(" ", 1)[0]).get(position)

