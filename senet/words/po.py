"""A small reader of gettext PO catalogs (the format translators' tools read and write):
``parse(text)`` -> {msgid: str, or a list of plural forms}, and the header's fields.

Enough of the format for the project's catalogs: ``#`` comments (skipped), ``msgctxt``
(joined to the id as "ctx\\x04id", as gettext does), ``msgid``, ``msgid_plural``,
``msgstr`` and ``msgstr[N]``, strings continued over several lines, and the escapes
\\" \\\\ \\n \\t. An entry with an empty msgstr is left out (not yet translated: the
English shows). Pure Python: runs in CPython, Pyodide and MicroPython.
"""

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


class POError(ValueError):
    """A catalog that cannot be read; the message names the line."""


def _unquote(text: str, line_no: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise POError(f"line {line_no}: a string in double quotes was expected, not {text[:40]!r}")
    out = []
    i, body = 0, text[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt not in _ESCAPES:
                raise POError(f"line {line_no}: unknown escape \\{nxt}")
            out.append(_ESCAPES[nxt])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def parse(text: str) -> tuple:
    """(messages, header): ``messages`` maps each id to its text (a str) or, for a plural
    entry, the list of its forms; ``header`` is the empty id's fields as a dict."""
    entries = []
    entry: dict = {}
    field = None

    def finish():
        if entry:
            entries.append(dict(entry))
            entry.clear()

    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            field = None
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            if field is None:
                raise POError(f"line {line_no}: a continued string with nothing before it")
            entry[field] += _unquote(line, line_no)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and ("msgstr" in entry or any(k.startswith("msgstr[") for k in entry)):
            finish()
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
                keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit()):
            raise POError(f"line {line_no}: unknown keyword {keyword!r}")
        if keyword in entry:
            raise POError(f"line {line_no}: {keyword} twice in one entry")
        entry[keyword] = _unquote(rest, line_no)
        field = keyword
    finish()

    messages, header = {}, {}
    for e in entries:
        if "msgid" not in e:
            raise POError("an entry without msgid")
        key = e["msgid"] if "msgctxt" not in e else e["msgctxt"] + "\x04" + e["msgid"]
        if key == "":
            for line in e.get("msgstr", "").split("\n"):
                name, sep, value = line.partition(":")
                if sep:
                    header[name.strip()] = value.strip()
            continue
        if "msgid_plural" in e:
            forms = []
            n = 0
            while f"msgstr[{n}]" in e:
                forms.append(e[f"msgstr[{n}]"])
                n += 1
            if forms and all(forms):
                messages[key] = forms
        elif e.get("msgstr"):
            messages[key] = e["msgstr"]
    return messages, header
