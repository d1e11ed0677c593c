"""The messages of a game between two devices (docs/online.md, "Messages").

One message is one line of printable ASCII, at most MAX_MESSAGE characters, fields
separated by single spaces:

    KIND EVENTS MARK [ARGUMENT...]

EVENTS is how many throws and actions the sender's game has recorded, MARK the sender's
sync mark after them (16 hex digits), so that the receiver checks both games are the
same. The kinds:

    t EVENTS MARK N HEX     the sender's contribution (32 hex) to throw N
    a EVENTS MARK ACTION    an action in move notation (a move, pass, rescue)
    q EVENTS MARK CODE      a quick message, one of QUICK (no free text)
    x EVENTS MARK           the sender resigns
    s EVENTS MARK           after a reconnection: where the sender's game is
"""

from ..errors import SenetError, decimal, shown
from ..throws import is_chain_hex

MAX_MESSAGE = 160  # characters: the longest real message is under 80
MAX_EVENTS_DIGITS = 6
THROW_PART = "t"
ACTION = "a"
QUICK_MESSAGE = "q"
RESIGN = "x"
SYNC = "s"
# kind -> the number of arguments after EVENTS and MARK
_ARGUMENTS = {THROW_PART: 2, ACTION: 1, QUICK_MESSAGE: 1, RESIGN: 0, SYNC: 0}
# The quick messages: a code on the wire, the words the app shows (it may translate them).
QUICK = (
    ("hello", "Hello!"),
    ("good-luck", "Good luck!"),
    ("your-turn", "Your turn."),
    ("thinking", "Thinking..."),
    ("back-soon", "Back in a minute."),
    ("nice-move", "Nice move!"),
    ("oops", "Oops."),
    ("thanks", "Thanks!"),
    ("good-game", "Good game."),
)
QUICK_CODES = tuple(code for code, _ in QUICK)


class ProtocolError(SenetError):
    """A message that cannot be taken: the text says why, on one line."""


def quick_text(code):
    """The words of a quick message's code."""
    for c, text in QUICK:
        if c == code:
            return text
    raise ProtocolError(f"unknown quick message '{shown(code)}'")


class Message:
    """A parsed message: ``kind``, ``events``, ``mark`` and ``args`` (a tuple of text)."""

    __slots__ = ("kind", "events", "mark", "args")

    def __init__(self, kind, events, mark, args=()):
        self.kind = kind
        self.events = events
        self.mark = mark
        self.args = tuple(args)

    def text(self):
        return " ".join((self.kind, str(self.events), self.mark) + self.args)

    def __repr__(self):
        return f"Message({self.text()!r})"


def is_mark(text):
    return len(text) == 16 and all(c in "0123456789abcdef" for c in text)


def parse_message(text):
    """The Message that ``text`` writes; raises ProtocolError saying what is wrong."""
    if not isinstance(text, str):
        raise ProtocolError("a message must be text")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"a message has at most {MAX_MESSAGE} characters, this one has {len(text)}")
    for c in text:
        if not " " <= c <= "~":
            raise ProtocolError(f"a message holds printable ASCII only (found U+{ord(c):04X})")
    parts = text.split(" ")
    if len(parts) < 3 or "" in parts:
        raise ProtocolError(f"expected 'KIND EVENTS MARK ...' with single spaces, found '{shown(text)}'")
    kind = parts[0]
    if kind not in _ARGUMENTS:
        raise ProtocolError(f"unknown kind of message '{shown(kind)}'")
    if len(parts) != 3 + _ARGUMENTS[kind]:
        raise ProtocolError(f"a '{kind}' message has {_ARGUMENTS[kind]} argument(s), this one has {len(parts) - 3}")
    events = decimal(parts[1], MAX_EVENTS_DIGITS)
    if events is None:
        raise ProtocolError(f"the event count must be a whole number, not '{shown(parts[1])}'")
    if not is_mark(parts[2]):
        raise ProtocolError(f"the sync mark must be 16 lowercase hex digits, not '{shown(parts[2])}'")
    args = parts[3:]
    if kind == THROW_PART:
        if decimal(args[0], MAX_EVENTS_DIGITS) is None:
            raise ProtocolError(f"the throw's number must be a whole number, not '{shown(args[0])}'")
        if not is_chain_hex(args[1]):
            raise ProtocolError(f"a contribution is 32 lowercase hex digits, not '{shown(args[1])}'")
    elif kind == QUICK_MESSAGE and args[0] not in QUICK_CODES:
        raise ProtocolError(f"unknown quick message '{shown(args[0])}'")
    return Message(kind, events, parts[2], args)
