"""Exceptions raised by the engine, and the small helpers every parser shares.

All errors are ValueErrors with a message a player can read, on one line: a message
that quotes the input shows it through ``shown()``, and the base class escapes any
line break or control character that would still get through (docs/notation.md).
"""

# The whitespace the parsers strip at the ends of a field or a line: ASCII only, so
# that CPython, Pyodide and MicroPython read the same text alike (CPython's str.strip()
# also strips Unicode spaces, MicroPython's does not).
SPACES = " \t\n\r\x0b\x0c"
SHOWN_LENGTH = 40  # characters of the input a message quotes at most


def _escaped(char: str) -> bool:
    """A character a one-line message must not hold as it is: a control character (C0,
    DEL, C1), a line or paragraph separator, a byte-order mark, a zero-width or
    direction mark, or a bidirectional embedding, override or isolate."""
    o = ord(char)
    return (o < 0x20 or 0x7F <= o <= 0x9F or 0x200B <= o <= 0x200F or 0x2028 <= o <= 0x202E
            or 0x2066 <= o <= 0x2069 or o == 0xFEFF or 0xD800 <= o <= 0xDFFF)


def one_line(text: str) -> str:
    """``text`` with every character _escaped() marks written as ``\\xNN`` or ``\\uNNNN``."""
    if not any(_escaped(c) for c in text):
        return text
    out = []
    for c in text:
        if _escaped(c):
            o = ord(c)
            out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}")
        else:
            out.append(c)
    return "".join(out)


def shown(text, limit: int = SHOWN_LENGTH) -> str:
    """A piece of the input as a message may quote it: on one line (see one_line) and at
    most ``limit`` characters, cut with "..." when longer."""
    text = str(text)
    if len(text) > limit:
        return one_line(text[:limit]) + "..."
    return one_line(text)


def decimal(text: str, max_digits: int):
    """The whole number ``text`` writes in ASCII decimal digits, without sign, "_" or
    leading zeros and with at most ``max_digits`` digits; None for anything else (other
    scripts' digits, superscripts, "04", "1_000", "+3", a number too long)."""
    if not 0 < len(text) <= max_digits or (text[0] == "0" and len(text) > 1):
        return None
    for c in text:
        if not "0" <= c <= "9":
            return None
    return int(text)


class SenetError(ValueError):
    """Base class of every error the engine raises on bad input. The message is kept on
    one line: line breaks and control characters in it are escaped. It is the
    developer's English; an error a player reads also has ``key``, the end of its message
    id ("error." + key, senet/words) and ``words``, that message's arguments
    (senet.words.game.error_text says it in the words in use)."""

    def __init__(self, message="", key=None, **words):
        super().__init__(one_line(str(message)))
        self.key = key
        self.words = words


class PositionError(SenetError):
    """A position string (or position data) is malformed or impossible."""


class MoveSyntaxError(SenetError):
    """A move string is not in move notation."""


class IllegalMove(SenetError):
    """A well-formed move that the rules do not allow in this position. ``reason`` says
    why as data (Rules.explain's), when the rules said it; the message says it in English
    (senet.state.refused)."""

    def __init__(self, message="", reason=None):
        super().__init__(message)
        self.reason = reason


class SaveError(SenetError):
    """Saved data (a session's save, a game between two devices kept on the device) that
    cannot be loaded; the message says why."""


class RecordError(SenetError):
    """A game record is malformed or does not replay; `line` is its 1-based line number."""

    def __init__(self, line: int, message, key=None, **words):
        """``message``: the English, or the SenetError of the line (its key and words kept)."""
        if isinstance(message, SenetError):
            key, words = message.key, message.words
            if getattr(message, "reason", None) is not None and not isinstance(message, RecordError):
                words = dict(words)
                words["reason"] = message.reason  # an IllegalMove's, which the rules say in words
        super().__init__(f"line {line}: {message}", key, **words)
        self.line = line
        self.reason = one_line(str(message))
