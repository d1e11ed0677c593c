"""A small reader of gettext PO catalogs, the format translators' tools read and write.

``parse(text)`` reads the entries: ``msgid``, ``msgid_plural``, ``msgstr`` and
``msgstr[n]``, each a string in double quotes that may go on over the lines after it
(the strings are joined), with the escapes ``\\"``, ``\\\\``, ``\\n`` and ``\\t``; a
``msgctxt``; and the comments before an entry: ``#.`` for translators (kept as
``notes``), ``#:`` references, ``#,`` flags (a ``fuzzy`` entry is not used), ``#`` the
translator's own, ``#|`` and ``#~`` (an old or obsolete entry: skipped). ``catalog(text)``
is what senet.words loads (and tools/build.py writes as JSON): the plural rule and
the messages, a key's text or, for a plural entry, its list of forms.

Pure Python for CPython, Pyodide and MicroPython (no re, no gettext).
"""

from .plural import rule_of_header


class PoError(ValueError):
    """A PO text that cannot be read; the message names the line."""


ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}


def unquote(text: str, line: int) -> str:
    """The string a PO line writes in double quotes (``text`` stripped), its escapes read."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"line {line}: a string in double quotes was expected")
    out = []
    i, end = 1, len(text) - 1
    while i < end:
        c = text[i]
        if c == "\\":
            if i + 1 >= end or text[i + 1] not in ESCAPES:
                raise PoError(f"line {line}: an unknown escape in a string")
            out.append(ESCAPES[text[i + 1]])
            i += 2
            continue
        if c == '"':
            raise PoError(f"line {line}: a double quote inside a string must be written \\\"")
        out.append(c)
        i += 1
    return "".join(out)


def _new_entry() -> dict:
    return {"msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": None, "forms": {},
            "notes": [], "references": [], "flags": [], "line": 0}


def _finished(entry: dict):
    """The entry read, checked; None for an entry of comments alone."""
    if entry["msgid"] is None:
        if entry["msgctxt"] is not None or entry["msgstr"] is not None or entry["forms"]:
            raise PoError(f"line {entry['line']}: an entry without a msgid")
        return None
    forms = entry.pop("forms")
    if entry["msgid_plural"] is None:
        if forms or entry["msgstr"] is None:
            raise PoError(f"line {entry['line']}: '{entry['msgid']}' needs a msgstr")
    else:
        if entry["msgstr"] is not None or not forms or sorted(forms) != list(range(len(forms))):
            raise PoError(f"line {entry['line']}: the plural '{entry['msgid']}' needs msgstr[0], "
                          f"msgstr[1], ... in order")
        entry["msgstr"] = [forms[k] for k in range(len(forms))]
    return entry


def parse(text: str) -> list:
    """The entries of a PO catalog, in order: dicts with ``msgctxt`` (or None), ``msgid``,
    ``msgid_plural`` (or None), ``msgstr`` (a string, or for a plural entry the list of
    its forms), ``notes`` (the ``#.`` comments), ``references``, ``flags`` and ``line``
    (the line of its msgid). Raises PoError naming the line of a fault."""
    entries = []
    entry = _new_entry()
    field = None  # where the last string went: a keyword, or ("msgstr", n)
    keyed = False  # the entry has a keyword: a comment or a new msgctxt/msgid starts the next

    def close():
        done = _finished(entry)
        if done is not None:
            entries.append(done)

    number = 0
    for raw in text.split("\n"):
        number += 1
        line = raw.strip()
        if not line:
            continue
        if line[0] == "#":
            if keyed:
                close()
                entry, field, keyed = _new_entry(), None, False
            kind, body = line[:2], line[2:].strip()
            if kind == "#~":  # an obsolete entry, kept by the tools for reuse: not used,
                entry = _new_entry()  # and neither are the comments before it
            elif kind == "#.":
                entry["notes"].append(body)
            elif kind == "#:":
                entry["references"].extend(body.split())
            elif kind == "#,":
                entry["flags"].extend(f.strip() for f in body.split(",") if f.strip())
            continue  # "# " a translator's own comment, "#|" the previous msgid
        if line[0] == '"':
            if field is None:
                raise PoError(f"line {number}: a string that follows no keyword")
            more = unquote(line, number)
            if isinstance(field, tuple):
                entry["forms"][field[1]] += more
            else:
                entry[field] += more
            continue
        keyword, _, rest = line.partition(" ")
        rest = rest.strip()
        if keyed and (keyword == "msgctxt" or (keyword == "msgid" and field != "msgctxt")):
            close()
            entry, keyed = _new_entry(), False
        if keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            if entry[keyword] is not None:
                raise PoError(f"line {number}: {keyword} is given twice")
            entry[keyword] = unquote(rest, number)
            field = keyword
            if keyword == "msgid" or not entry["line"]:
                entry["line"] = number
        elif keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit():
            n = int(keyword[7:-1])
            if n in entry["forms"]:
                raise PoError(f"line {number}: {keyword} is given twice")
            entry["forms"][n] = unquote(rest, number)
            field = ("msgstr", n)
        else:
            raise PoError(f"line {number}: unknown keyword '{keyword}'")
        keyed = True
    close()
    return entries


def headers(entries: list) -> dict:
    """The header fields of a catalog ("Language", "Plural-Forms", ...): the msgstr of the
    entry whose msgid is empty, one "Name: value" a line."""
    for entry in entries:
        if entry["msgid"] == "" and entry["msgctxt"] is None:
            fields = {}
            for line in entry["msgstr"].split("\n"):
                name, colon, value = line.partition(":")
                if colon:
                    fields[name.strip()] = value.strip()
            return fields
    return {}


def catalog(text: str) -> dict:
    """``{"plural": rule, "messages": {key: text or [forms]}}``: what senet.words reads,
    from a PO catalog's text. The header's Plural-Forms names the plural rule
    (senet.words.plural); entries that are fuzzy or not translated yet (an empty
    msgstr) are left out, so that a Words falls back on them (to English, or to the key).
    A key with a context is written ``CONTEXT|KEY``. Raises PoError."""
    entries = parse(text)
    fields = headers(entries)
    rule = rule_of_header(fields.get("Plural-Forms", ""))
    if rule is None:
        raise PoError(f"unknown plural rule '{fields.get('Plural-Forms', '')}' (the header's Plural-Forms)")
    messages = {}
    for entry in entries:
        key = entry["msgid"]
        if key == "" or "fuzzy" in entry["flags"]:
            continue
        if entry["msgctxt"] is not None:
            key = entry["msgctxt"] + "|" + key
        value = entry["msgstr"]
        if value == "" or (isinstance(value, list) and not all(value)):
            continue
        if key in messages:
            raise PoError(f"line {entry['line']}: the key '{key}' is given twice")
        messages[key] = value
    return {"plural": rule, "messages": messages}
