"""The words a player reads, in one place: catalogs of messages by key, for the page
(MicroPython), the worker (Pyodide) and the command line alike.

A catalog is a gettext PO file, ``senet/words/<lang>.po``, the format translators' tools
read: each message has a key for its msgid ("event.move.you") and its text for msgstr,
with named arguments in Python's str.format style ("you move from {from} to {to}"), a
``#.`` comment for translators, and for a message that depends on a number its plural
forms (msgid_plural, msgstr[0], msgstr[1], ...; the header's Plural-Forms names the
language's rule, senet/words/plural.py). A whole sentence for each grammatical person
("event.move.you", "event.move.side"): other languages do not build their grammar from
English suffixes. tools/build.py compiles each catalog to ``<lang>.json`` for the page's
pack and the worker's senet.zip; ``load`` reads that where it is, else the PO file itself
(senet/words/po.py). The compiled catalog is one JSON document, ``{"plural": rule,
"sections": {section: {key: text or [forms]}}}``, written one section a line (a key's
section is what comes before its first "."): ``read_catalog`` reads a section's line only
when one of its keys is first asked for (``Sections``), so that a page reads the words of
what it shows, not those of its dialogs and panels not opened yet.

    from senet.words import words
    words().t("event.win.side", side="white")        # "white wins"
    words().n("draw.limit", 10000)                   # a plural form; the count is {n}

A key the catalog does not have gives the key itself, and a message whose arguments are
not all given gives the message as it is written, so that a page with a catalog behind
its code shows something instead of failing; with ``Words.strict`` (the tests set it,
tests/conftest.py) both raise KeyError instead. A catalog of another language falls
back on English for the keys it does not have yet.

The engine gives data, not sentences (events, reasons, codes); senet/words/game.py says
them with a catalog. Pure Python for CPython, Pyodide and MicroPython.
"""


from . import articles, digits, plural, po
from .compiled import DEFAULT, SECTIONED, Sections, read_catalog, section_of  # noqa: F401 (the package's own names)


class Words:
    """The messages of one language: ``t(key, **args)`` and ``n(key, count, **args)``."""

    strict = False  # raise KeyError for a missing key or argument (the tests' setting)

    def __init__(self, messages: dict, rule: str = DEFAULT, lang: str = DEFAULT, fallback=None):
        if rule not in plural.RULES:
            raise ValueError(f"unknown plural rule '{rule}'")
        self.messages = messages
        # a compiled catalog (Sections): its keys read so far, and how to read the rest
        self._more = getattr(messages, "read", None)
        self._found = messages.found if self._more is not None else messages
        if self._more is not None:
            self._more(articles.SECTION + ".")  # a name's forms, looked up with many messages
        self.rule = rule
        self.lang = lang
        self.fallback = fallback  # the Words asked for a key this one does not have
        self.digits = digits.system(lang)  # "latn", or "arab": the numbers in Eastern Arabic digits
        self.plain = digits.plain(lang)  # numbers as Python writes them: Western digits, a decimal point
        self._templates = {}  # a message's text with its own numbers in those digits, once made

    def number(self, value) -> str:
        """A number as this language writes it (senet/words/digits.py)."""
        text = str(value)
        return text if self.plain else digits.localize(text, self.lang)

    def _numbers(self, message: str, args: dict):
        """(message, args) with each number argument written in this language's digits and
        decimal separator: a field with a format ({seconds:g}) formatted first, so the
        message asks for text."""
        out = dict(args)
        for name, value in args.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            start = message.find("{" + name + ":")
            spec = ""
            if start >= 0:
                end = message.find("}", start)
                spec = message[start + len(name) + 2:end]
                message = message[:start] + "{" + name + "}" + message[end + 1:]
            out[name] = digits.localize(("{:" + spec + "}").format(value), self.lang)
        return message, out

    def __contains__(self, key) -> bool:
        return self._get(key) is not None

    def _get(self, key: str):
        message = self._found.get(key)
        if message is None and self._more is not None and self._more(key):
            message = self._found.get(key)
        return message

    def _message(self, key: str):
        message = self._get(key)
        if message is None and self.fallback is not None:
            return self.fallback._message(key)
        if message is None and self.strict:
            raise KeyError(f"no message '{key}' in the '{self.lang}' words")
        return message

    def _format(self, key: str, message: str, args: dict) -> str:
        try:
            if args and not key.startswith("names."):  # a level's name with its article (articles.py)
                message = articles.place(message, args, self._found.get)
            if self.digits != "latn":  # the message's own numbers too (a translator writes 0-9)
                template = self._templates.get(message)
                if template is None:
                    template = self._templates[message] = digits.localize_template(message, self.lang)
                message = template
            # Western digits with a decimal comma: only a number with decimals changes
            if not self.plain and (self.digits != "latn" or any(isinstance(v, float) for v in args.values())):
                message, args = self._numbers(message, args)
            return message.format(**args)
        except (KeyError, IndexError, ValueError) as exc:
            if self.strict:
                raise KeyError(f"the message '{key}' needs an argument that was not given ({exc})") from None
            return message

    def t(self, key: str, **args) -> str:
        """The message ``key`` with its named arguments filled in."""
        message = self._message(key)
        if message is None:
            return key
        if not isinstance(message, str):  # a plural message: its form for "n", if given
            if self.strict:
                raise KeyError(f"the message '{key}' has plural forms: ask n() for it")
            message = message[plural.form(self.rule, args["n"]) if "n" in args else -1]
        return self._format(key, message, args)

    def n(self, key: str, count: int, **args) -> str:
        """The form of the plural message ``key`` that ``count`` takes in this language,
        its arguments filled in; ``{n}`` is the count."""
        message = self._message(key)
        if message is None:
            return key
        if not isinstance(message, str):
            index = plural.form(self.rule, count)
            message = message[index] if index < len(message) else message[-1]
        args["n"] = count
        return self._format(key, message, args)


def folder() -> str:
    """The folder of the catalogs: this package's, wherever it was imported from (a file
    system, the page's pack mounted at /page, the worker's unpacked senet.zip)."""
    path = __file__
    cut = max(path.rfind("/"), path.rfind("\\"))
    return path[:cut] if cut >= 0 else "."


def _read(path: str):
    """The text of the file ``path``, None when there is none."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    text = bytes(data).decode("utf-8")
    return text[1:] if text[:1] == "\ufeff" else text


def catalog(lang: str, where: str = "") -> dict:
    """The catalog of ``lang`` as ``{"plural": rule, "messages": {...}}``: its compiled
    ``<lang>.json`` when the build put one beside this module (or in the folder ``where``:
    the page fetches another language's catalog beside it, tools/site_words.py), else its
    ``<lang>.po``. Raises KeyError when there is neither (and ValueError for a broken
    catalog)."""
    if not lang or not all(c.isalpha() or c.isdigit() or c in "-_" for c in lang):
        raise KeyError(f"no words for '{lang}'")
    base = (where or folder()) + "/" + lang
    text = _read(base + ".json")
    if text is not None:
        try:
            return read_catalog(text)
        except ValueError as exc:
            raise ValueError(f"{lang}.json: {exc}") from None
    text = _read(base + ".po")
    if text is None:
        raise KeyError(f"no words for '{lang}'")
    return po.catalog(text)


def load(lang: str = DEFAULT, where: str = "") -> Words:
    """The Words of ``lang`` (another language than English falls back on English), from
    this package's folder or the folder ``where``."""
    data = catalog(lang, where)
    return Words(data["messages"], data.get("plural", DEFAULT), lang,
                 None if lang == DEFAULT else words())


_default = None


def words() -> Words:
    """The English words, loaded once, when first asked for."""
    global _default
    if _default is None:
        _default = load(DEFAULT)
    return _default


# -- the words in use, for the page's modules: ``from senet.words import n, t`` --------------
_active = None  # the Words chosen with use(); None: the English words


def use(chosen: Words) -> None:
    """Make ``chosen`` the Words that ``t`` and ``n`` read (a language chosen)."""
    global _active
    _active = chosen


def strict(on: bool = True) -> None:
    """A missing key or argument raises KeyError (the tests) instead of showing the key."""
    Words.strict = on


def t(key: str, **args) -> str:
    """The message ``key`` of the words in use, its named arguments filled in."""
    return (_active or words()).t(key, **args)


def n(key: str, count: int, **args) -> str:
    """The form of the plural message ``key`` for ``count`` in the words in use ({n}: the count)."""
    return (_active or words()).n(key, count, **args)


def current() -> Words:
    """The Words in use (use()'s, else English's)."""
    return _active or words()


def number(value) -> str:
    """A number as the words in use write it (Eastern Arabic digits in Arabic)."""
    return (_active or words()).number(value)


def lang() -> str:
    """The language of the words in use ("en", "fr", ...)."""
    return (_active or words()).lang
