"""Every word a player reads, in one place: message catalogs keyed by id, with named
arguments and plural forms (docs/words.md).

The catalogs are gettext PO files beside this module (``en.po``: English, the source of
every message; one file per language). tools/build.py compiles each into compact JSON
(``en.json``) for the page (page.pack) and the worker (senet.zip), which ship no PO file;
from the sources (CPython: the tests, the command line) the PO file is read.

    from senet.words import t, n
    t("turn.throw", name="White")            # "White's turn: throw the sticks"
    n("log.turns", 3)                         # "3 turns" ({n} is the count)

``t(key, **args)`` is the message ``key`` with its ``{name}`` arguments filled in (Python's
str.format); ``n(key, count, **args)`` picks the plural form the language's rule gives for
``count``. A key missing from the catalog, or an argument missing from a call, shows the
key itself (and the catalog's text as it is) rather than stopping the page; with
``strict(True)`` (the tests) it raises KeyError. Pure Python: runs in CPython, Pyodide and
MicroPython.
"""

import json

from .po import parse

# Each language's plural rule: the index of the form for a count (CLDR's cardinal rules,
# as gettext's Plural-Forms numbers them).
PLURAL_RULES = {
    "en": lambda n: 0 if n == 1 else 1,
}
DEFAULT_LANGUAGE = "en"


def _here() -> str:
    name = __file__.replace("\\", "/")
    return name.rsplit("/", 1)[0] if "/" in name else "."


def _read(path: str):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


class Words:
    """One language's messages: ``t`` and ``n``."""

    def __init__(self, messages: dict, language: str = DEFAULT_LANGUAGE, strict: bool = False):
        self.messages = messages
        self.language = language
        self.plural = PLURAL_RULES.get(language, PLURAL_RULES[DEFAULT_LANGUAGE])
        self.strict = strict

    def _missing(self, key: str):
        if self.strict:
            raise KeyError(f"no message '{key}' in the {self.language} catalog")
        return key

    def _format(self, key: str, text: str, args: dict) -> str:
        try:
            return text.format(**args)
        except (KeyError, IndexError, ValueError):
            if self.strict:
                raise KeyError(f"message '{key}' needs other arguments than {sorted(args)}") from None
            return text

    def t(self, key: str, **args) -> str:
        text = self.messages.get(key)
        if text is None:
            return self._missing(key)
        if not isinstance(text, str):  # a plural entry asked for without a count
            text = text[-1]
        return self._format(key, text, args)

    def n(self, key: str, count: int, **args) -> str:
        forms = self.messages.get(key)
        if forms is None:
            return self._missing(key)
        if isinstance(forms, str):
            text = forms
        else:
            index = self.plural(count)
            text = forms[index] if index < len(forms) else forms[-1]
        args["n"] = count
        return self._format(key, text, args)

    def has(self, key: str) -> bool:
        return key in self.messages


def load(language: str = DEFAULT_LANGUAGE, folder: str | None = None) -> Words:
    """The catalog of ``language``: its PO file where there is one (the sources), else the
    JSON the build compiled from it (page.pack, senet.zip). OSError when neither is there."""
    folder = folder or _here()
    try:
        messages, _header = parse(_read(f"{folder}/{language}.po"))
    except OSError:  # the page and the worker: the build's JSON, not the PO file
        messages = json.loads(_read(f"{folder}/{language}.json"))["messages"]
    return Words(messages, language, _STRICT[0])


_ACTIVE: list = []  # the Words in use, loaded on first need
_STRICT = [False]


def words() -> Words:
    """The Words in use (English unless ``use`` chose another)."""
    if not _ACTIVE:
        _ACTIVE.append(load())
    return _ACTIVE[0]


def use(chosen: Words) -> None:
    """Make ``chosen`` the Words every ``t`` and ``n`` reads."""
    _ACTIVE[:] = [chosen]


def strict(on: bool = True) -> None:
    """Raise KeyError on a missing key or argument (the tests) instead of showing the key."""
    _STRICT[0] = on
    if _ACTIVE:
        _ACTIVE[0].strict = on


def t(key: str, **args) -> str:
    """The message ``key`` of the Words in use, its arguments filled in."""
    return words().t(key, **args)


def n(key: str, count: int, **args) -> str:
    """The message ``key`` in the plural form for ``count`` (also its argument ``{n}``)."""
    return words().n(key, count, **args)
