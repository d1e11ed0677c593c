"""A compiled catalog of words, as tools/words.py's ``compiled`` writes it for the page's
pack, another language's copy of the page and the worker's senet.zip: one JSON document,
``{"plural": rule, "sections": {section: {key: text or [forms]}}}``, its first line the
rule and then one section a line (a key's section: what comes before its first "."), so
that ``read_catalog`` can leave every section unread until one of its keys is asked for
(``Sections``). Pure Python for CPython, Pyodide and MicroPython.
"""

import json

DEFAULT = "en"  # the words of the project's own language, and the plural rule of a catalog that names none

SECTIONED = '"sections":{'  # how a compiled catalog's first line ends (``compiled``)


def section_of(key: str) -> str:
    """The section of a compiled catalog that holds ``key``: what comes before its first "."."""
    cut = key.find(".")
    return key if cut < 0 else key[:cut]


class Sections:
    """The messages of a compiled catalog, each section read from its line of JSON the
    first time one of its keys is asked for (``read``) into ``found``, one dict of every
    key read so far: a dict's ``get``, ``in``, ``[]``, ``len`` and iteration (which read
    every section) for whoever wants the whole catalog. Each line was checked to be a
    whole section when the catalog was read; a line that still does not parse leaves its
    section out (its keys then take the English words) and is named in ``broken``."""

    def __init__(self, lines: list):
        self.found = {}
        self.broken = []
        self._lines = {}  # section -> its line's JSON object, not read yet
        self._read = []
        for line in lines:
            line = line[:-1] if line.endswith(",") else line
            cut = line.find('":{')
            if not line.startswith('"') or cut < 0 or not line.endswith("}"):
                raise ValueError(f"a section of the catalog is cut or malformed: {line[:40]!r}")
            self._lines[line[1:cut]] = line[cut + 2:]

    def read(self, key: str) -> bool:
        """Read the section of ``key`` if it was not read yet: whether it was read now."""
        name = section_of(key)
        line = self._lines.pop(name, None)
        if line is None:
            return False
        try:
            body = json.loads(line)
        except ValueError:
            body = None
        if isinstance(body, dict):
            self.found.update(body)
        else:
            self.broken.append(name)
        self._read.append(name)
        return True

    def sections_read(self) -> list:
        """The sections read so far, sorted."""
        return sorted(self._read)

    def get(self, key, default=None):
        message = self.found.get(key)
        if message is None and self.read(key):
            message = self.found.get(key)
        return default if message is None else message

    def __contains__(self, key) -> bool:
        return self.get(key) is not None

    def __getitem__(self, key):
        message = self.get(key)
        if message is None:
            raise KeyError(key)
        return message

    def _all(self) -> dict:
        for name in list(self._lines):
            self.read(name)
        return self.found

    def __iter__(self):
        return iter(sorted(self._all()))

    def __len__(self) -> int:
        return len(self._all())

    def keys(self):
        return sorted(self._all())

    def items(self):
        return [(key, self.found[key]) for key in self.keys()]


def read_catalog(text: str) -> dict:
    """``{"plural": rule, "messages": ...}`` of a compiled catalog's text: its sections read
    as they are asked for (``Sections``) when it is laid out as tools/words.py's ``compiled`` writes it,
    else read whole (a catalog of the older ``{"messages": {...}}`` form too). ValueError
    when it is not a catalog of words."""
    first = text.find("\n")
    head = text[:first] if first >= 0 else ""
    if head.startswith("{") and head.endswith(SECTIONED):
        lines = text[first + 1:].split("\n")
        if lines[-1].strip() != "}}":
            raise ValueError("the catalog is cut short")
        try:
            data = json.loads(head[:-len(SECTIONED)].rstrip(",") + "}")
        except ValueError:
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("plural"), str):
            raise ValueError("the catalog's first line names no plural rule")
        return {"plural": data["plural"], "messages": Sections(lines[:-1])}
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("sections"), dict):
        messages = {}
        for body in data["sections"].values():
            if not isinstance(body, dict):
                raise ValueError("a section of the catalog is not a table of words")
            messages.update(body)
        data = {"plural": data.get("plural", DEFAULT), "messages": messages}
    if not isinstance(data, dict) or not isinstance(data.get("messages"), dict):
        raise ValueError("not a catalog of words")
    return data
