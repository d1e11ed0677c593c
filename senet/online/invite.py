"""The invite and the answer as short URL-safe text (docs/online.md, "Invites").

    invite_code(offer, sdp)            -> text      read_invite(text)    -> (Offer, sdp)
    answer_code(answer, sdp)           -> text      read_answer(text)    -> (Answer, sdp)
    reconnect_code(tag, events, sdp)   -> text      read_reconnect(text) -> (tag, events, sdp)

The text is base64url (A-Z a-z 0-9 - _, no padding) of these bytes:

    version (1), kind (1: invite, 2: answer, 3: reconnection)
    invite:       rule set (low 4 bits: its index in RULE_SETS; high 4 bits: its house
                  rules, bit i for the rule set's house_rules[i]: Kendall's KO1-KO4),
                  host seat (1 or 2), anchor (16 bytes),
                  name length (1) + the host's name in UTF-8
    answer:       the offer's tag (8 bytes), anchor (16), name length (1) + the guest's name
    reconnection: the game's tag (8 bytes), the sender's event count (3 bytes)
    then the session description, packed by senet.online.sdp

Reading is strict: any other length, alphabet, kind, value or trailing byte is refused
with a SenetError that says what is wrong, in one line.
"""

from ..errors import SenetError
from ..throws import bytes_of_hex, hex_of
from ..variants import VARIANTS, base_name, get_rules
from .offer import PROTOCOL_VERSION, Answer, Offer
from .sdp import pack, unpack, utf8

INVITE, ANSWER, RECONNECT = 1, 2, 3
# The rule sets by their number in an invite: the order is part of the format. Append
# only (an index is in every invite), at most 16 (4 bits; the other 4 are house rules).
# Each rule set says its number (Rules.invite_number).
RULE_SETS = tuple(v for _, v in sorted((get_rules(v).invite_number, v) for v in VARIANTS))
MAX_CODE = 4000  # characters of a code: far more than a real one (about 300)
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {c: i for i, c in enumerate(_ALPHABET)}


def to_base64url(data):
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i:i + 3]
        n = int.from_bytes(bytes(chunk) + b"\0" * (3 - len(chunk)), "big")
        chars = [_ALPHABET[(n >> s) & 63] for s in (18, 12, 6, 0)]
        out.extend(chars[:len(chunk) + 1])
    return "".join(out)


def from_base64url(text):
    """The bytes ``text`` writes in base64url without padding; SenetError when it does
    not (a character outside the alphabet, a length that cannot be, stray bits)."""
    if len(text) % 4 == 1:
        raise SenetError("the code is cut: its length cannot be", "code_cut")
    out = bytearray()
    for i in range(0, len(text), 4):
        chunk = text[i:i + 4]
        n = 0
        for c in chunk:
            v = _VALUE.get(c)
            if v is None:
                raise SenetError(f"a code holds only letters, digits, '-' and '_' (found U+{ord(c):04X})", "code_character")
            n = n << 6 | v
        n <<= 6 * (4 - len(chunk))
        got = len(chunk) - 1
        if n & ((1 << (8 * (3 - got))) - 1):
            raise SenetError("the code ends in stray bits: it was changed", "code_changed")
        out.extend(n.to_bytes(3, "big")[:got])
    return bytes(out)


def rule_set_byte(name):
    """The byte that names rule set ``name`` (with its house rules) in an invite."""
    rules = get_rules(name)
    flags = 0
    for option in rules.options:
        flags |= 1 << rules.house_rules.index(option)
    return RULE_SETS.index(base_name(rules.name)) | flags << 4


def rule_set_of_byte(value):
    """The rule set's name (``kendall+five``) a byte of an invite names; SenetError for a
    rule set or house rules this app does not know."""
    index, flags = value & 15, value >> 4
    if index >= len(RULE_SETS):
        raise SenetError("the invite names an unknown rule set", "invite_rules")
    base = RULE_SETS[index]
    house_rules = get_rules(base).house_rules
    if flags >> len(house_rules):
        raise SenetError(f"the invite names house rules that {get_rules(base).title} rules do not have", "invite_rules")
    return "+".join([base] + [option for i, option in enumerate(house_rules) if flags >> i & 1])


def _name_bytes(name):
    data = name.encode()
    if len(data) > 255:
        raise SenetError("a name is too long for an invite", "name_too_long")
    return bytes([len(data)]) + data


def _head(kind):
    return bytes([PROTOCOL_VERSION, kind])


def invite_code(offer, sdp):
    """The invite: ``offer`` (an Offer) and the host's session description."""
    body = _head(INVITE) + bytes([rule_set_byte(offer.variant), offer.host_seat])
    body += bytes_of_hex(offer.anchor) + _name_bytes(offer.host_name) + pack(sdp)
    return to_base64url(body)


def answer_code(answer, sdp):
    """The answer: ``answer`` (an Answer) and the guest's session description."""
    body = _head(ANSWER) + bytes_of_hex(answer.game) + bytes_of_hex(answer.anchor)
    body += _name_bytes(answer.name) + pack(sdp)
    return to_base64url(body)


def reconnect_code(tag, events, sdp):
    """A new invite (or its answer) for a game under way: its ``tag``, the sender's
    event count (to show where each side is) and a new session description."""
    if not 0 <= events < 1 << 24:
        raise SenetError("an event count is below 16,777,216")
    return to_base64url(_head(RECONNECT) + bytes_of_hex(tag) + events.to_bytes(3, "big") + pack(sdp))


class _Reader:
    def __init__(self, text, kind):
        if not isinstance(text, str):
            raise SenetError("a code must be text", "code_empty")
        text = text.strip(" \t\r\n")
        if not text:
            raise SenetError("the code is empty", "code_empty")
        if len(text) > MAX_CODE:
            raise SenetError(f"a code has at most {MAX_CODE} characters, this one has {len(text)}", "code_too_long",
                              most=MAX_CODE, size=len(text))
        self.data = from_base64url(text)
        self.at = 0
        version, got = self.take(1)[0], self.take(1)[0]
        if version != PROTOCOL_VERSION:
            raise SenetError(f"this code is for version {version} of the game between two devices; "
                             f"this app speaks version {PROTOCOL_VERSION}", "code_version")
        if got != kind:
            names = {INVITE: "an invite", ANSWER: "an answer", RECONNECT: "a reconnection"}
            raise SenetError(f"this code is {names.get(got, 'of an unknown kind')}, not "
                             f"{names[kind]}", {INVITE: "code_kind_invite", ANSWER: "code_kind_answer",
                                              RECONNECT: "code_kind_reconnect"}[kind])

    def take(self, n):
        if self.at + n > len(self.data):
            raise SenetError("the code is cut short", "code_cut")
        piece = self.data[self.at:self.at + n]
        self.at += n
        return piece

    def name(self):
        return utf8(self.take(self.take(1)[0]))

    def sdp(self):
        rest = self.data[self.at:]
        self.at = len(self.data)
        return unpack(rest)


def read_invite(text):
    """(Offer, session description) of an invite code."""
    r = _Reader(text, INVITE)
    variant, seat = rule_set_of_byte(r.take(1)[0]), r.take(1)[0]
    anchor = hex_of(r.take(16))
    offer = Offer(variant, seat, r.name(), anchor)
    return offer, r.sdp()


def read_answer(text):
    """(Answer, session description) of an answer code."""
    r = _Reader(text, ANSWER)
    tag = hex_of(r.take(8))
    anchor = hex_of(r.take(16))
    answer = Answer(tag, r.name(), anchor)
    return answer, r.sdp()


def read_reconnect(text):
    """(tag, event count, session description) of a reconnection code."""
    r = _Reader(text, RECONNECT)
    tag = hex_of(r.take(8))
    events = int.from_bytes(r.take(3), "big")
    return tag, events, r.sdp()
