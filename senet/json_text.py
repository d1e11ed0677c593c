"""JSON text for saved data, written and read alike in CPython, Pyodide and MicroPython:
``dumps`` keeps non-ASCII text as it is, ``json_object`` keeps the keys in the order
given, and ``load_json`` refuses what is not JSON, or nests too deep, with a SaveError
saying so (the saves of senet.save, senet.online.save and the app's)."""

import json

from .errors import SaveError

# JSON that nests deeper than this is not ours: refused before json.loads, whose
# recursion would otherwise fail (RecursionError) on thousands of brackets.
MAX_JSON_DEPTH = 32


def load_json(text, what: str):
    """``json.loads(text)`` for saved data: SaveError (naming ``what``) when ``text`` is
    not JSON text, or nests deeper than MAX_JSON_DEPTH."""
    if not isinstance(text, str):
        raise SaveError(f"{what} is not text")
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and json_depth(text) > MAX_JSON_DEPTH:
        raise SaveError(f"{what} nests deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(text)
    except (TypeError, ValueError, RuntimeError, MemoryError):  # RecursionError is a RuntimeError
        raise SaveError(f"{what} is not valid JSON") from None


def json_depth(text: str) -> int:
    """The deepest nesting of [ and { in JSON text, outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "[" or c == "{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif c == "]" or c == "}":
            depth -= 1
    return deepest


def _dumps_keeping_text(data) -> str:
    return json.dumps(data, ensure_ascii=False)


def _json_keeps_text() -> bool:
    """Whether this json.dumps takes ``ensure_ascii`` (CPython); MicroPython's has no such
    argument and writes non-ASCII text as it is anyway."""
    try:
        json.dumps("", ensure_ascii=False)
    except TypeError:
        return False
    return True


# JSON text with non-ASCII characters kept as they are. Chosen once: a TypeError at each
# call would cost MicroPython in the browser a thrown JavaScript exception (its longjmp),
# and a save writes thousands of values.
dumps = _dumps_keeping_text if _json_keeps_text() else json.dumps


def dumps_safe(value) -> str:
    """``value`` as JSON text for a message (repr when it has none)."""
    try:
        return dumps(value)
    except (TypeError, ValueError):
        return repr(value)


def json_object(pairs) -> str:
    """A JSON object from (key, JSON text of the value) pairs, the keys in the order
    given, as json.dumps writes a dict in CPython (MicroPython's dicts keep no order)."""
    return "{" + ", ".join(dumps(k) + ": " + v for k, v in pairs) + "}"
