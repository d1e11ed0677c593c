"""The links of a game by correspondence (docs/online.md, "Correspondence"): each one a
turn's news as short URL-safe text, and back.

    encode_link(link)  -> text        decode_link(text) -> Link

The text is base64url (A-Z a-z 0-9 - _, no padding) of these bytes:

    version (1)     CORR_VERSION; a link of another version is refused as older/newer
    kind (1)        OFFER, ANSWER, TURN, RESIGN or CLAIM
    length (2)      the number of bytes of the whole link, checksum included (big-endian)
    offer:          rule set (1, as an invite's), host seat (1), claim interval in hours
                    (varint), host anchor (16), name length (1) + the host's name (UTF-8)
    answer:         the game's tag (8), guest anchor (16), name length (1) + name
    turn, resign, claim: the game's tag (8), the link's number (varint)
    then, but for a claim, the news:
      prev (4)      the first 4 bytes of SHA-256 of the text of the link before it
                    (absent in an offer)
      reveal        varint: 0, or 1 + N followed by the sender's contribution (16) to
                    throw N, the deepest it reveals
      actions       varint count, then one byte each: the action's place among the legal
                    actions sorted by their notation (senet.moves.format_move)
    checksum (4)    the first 4 bytes of SHA-256 of every byte before it

A varint is LEB128: 7 bits a byte, low bits first, the high bit set on all but the last.
Reading is strict; every refusal is a LinkError whose ``key`` and ``args`` name a message
of the catalogs (senet/words/en.po, "corr."), and whose text is its English.
"""

import hashlib

from ..errors import SenetError
from ..throws import CHAIN_BYTES, bytes_of_hex, hex_of
from ..words import words
from .invite import from_base64url, rule_set_byte, rule_set_of_byte, to_base64url
from .sdp import utf8

CORR_VERSION = 1
OFFER, ANSWER, TURN, RESIGN, CLAIM = 1, 2, 3, 4, 5
KINDS = (OFFER, ANSWER, TURN, RESIGN, CLAIM)
MAX_LINK = 1900  # characters of a link's code: far more than any turn needs (about 100)
MAX_ACTIONS_A_LINK = 250
MAX_INTERVAL_HOURS = 24 * 365
CHECK_BYTES = 4


class LinkError(SenetError):
    """A link refused: ``key`` names the catalog's message, ``args`` its arguments; the
    text is the English message. Nothing changed."""

    def __init__(self, key, **args):
        super().__init__(words().t(key, **args))
        self.key = key
        self.values = args


def digest4(text):
    """The first 4 bytes of SHA-256 of ``text`` (a link's code)."""
    return hashlib.sha256(text.encode()).digest()[:4]


def put_varint(out, n):
    if n < 0:
        raise SenetError("a varint is not negative")
    while True:
        b = n & 127
        n >>= 7
        if n:
            out.append(b | 128)
        else:
            out.append(b)
            return


class Link:
    """A link's fields. ``kind``; ``tag`` (16 hex, the game's; for an offer, its own);
    ``seq`` (0 for the offer, 1 for the answer, then one more each link); for an offer
    ``variant``, ``host_seat``, ``interval`` (hours), ``anchor`` (hex) and ``name``; for an
    answer ``anchor`` and ``name``; ``prev`` (4 bytes, None in an offer and a claim),
    ``reveal`` (None or (throw, 16 bytes)), ``actions`` (a list of indices)."""

    __slots__ = ("kind", "tag", "seq", "variant", "host_seat", "interval", "anchor", "name", "prev",
                 "reveal", "actions")

    def __init__(self, kind, tag=None, seq=0, prev=None, reveal=None, actions=(), variant=None, host_seat=None,
                 interval=None, anchor=None, name=None):
        self.kind = kind
        self.tag = tag
        self.seq = seq
        self.prev = prev
        self.reveal = reveal
        self.actions = list(actions)
        self.variant = variant
        self.host_seat = host_seat
        self.interval = interval
        self.anchor = anchor
        self.name = name

    def __repr__(self):
        return f"Link(kind={self.kind}, tag={self.tag!r}, seq={self.seq}, actions={self.actions!r})"


def _name_bytes(name):
    data = name.encode()
    if len(data) > 255:
        raise SenetError("a name is too long for a link")
    return bytes([len(data)]) + data


def encode_link(link):
    """The code of ``link`` (a Link)."""
    out = bytearray([CORR_VERSION, link.kind, 0, 0])
    if link.kind == OFFER:
        out.append(rule_set_byte(link.variant))
        out.append(link.host_seat)
        put_varint(out, link.interval)
        out.extend(bytes_of_hex(link.anchor))
        out.extend(_name_bytes(link.name))
    else:
        out.extend(bytes_of_hex(link.tag))
        if link.kind == ANSWER:
            out.extend(bytes_of_hex(link.anchor))
            out.extend(_name_bytes(link.name))
        else:
            put_varint(out, link.seq)
    if link.kind != CLAIM:
        if link.kind != OFFER:
            out.extend(link.prev)
        if link.reveal is None:
            out.append(0)
        else:
            put_varint(out, link.reveal[0] + 1)
            out.extend(link.reveal[1])
        if len(link.actions) > MAX_ACTIONS_A_LINK:
            raise SenetError("too many actions for one link")
        put_varint(out, len(link.actions))
        out.extend(bytes(link.actions))
    total = len(out) + CHECK_BYTES
    out[2], out[3] = total >> 8, total & 255
    out.extend(hashlib.sha256(bytes(out)).digest()[:CHECK_BYTES])
    return to_base64url(bytes(out))


def link_code(text):
    """The code in ``text``: a link's code as it is, or a whole address whose fragment
    holds ``corr=CODE``; spaces and line breaks a messenger added are left out."""
    if not isinstance(text, str):
        raise LinkError("corr.link.empty")
    text = "".join(c for c in text if c not in " \t\r\n")
    at = text.find("corr=")
    if at >= 0:
        text = text[at + 5:]
        end = text.find("&")
        if end >= 0:
            text = text[:end]
    elif "#" in text or "/" in text:
        raise LinkError("corr.link.not_corr")
    if not text:
        raise LinkError("corr.link.empty")
    return text


def whole_groups(code):
    """The bytes of ``code``'s whole groups of 4 characters (the end of a code cut short
    may not decode), or None when it holds a character outside base64url."""
    try:
        return from_base64url(code[:len(code) - len(code) % 4])
    except SenetError:
        return None


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 4

    def take(self, n):
        if self.at + n > len(self.data):
            raise LinkError("corr.link.broken")
        piece = self.data[self.at:self.at + n]
        self.at += n
        return piece

    def byte(self):
        return self.take(1)[0]

    def varint(self):
        n, shift = 0, 0
        while True:
            if shift > 28:
                raise LinkError("corr.link.broken")
            b = self.byte()
            n |= (b & 127) << shift
            shift += 7
            if not b & 128:
                return n

    def name(self):
        data = self.take(self.byte())
        try:
            return utf8(data)
        except SenetError:
            raise LinkError("corr.link.broken") from None


def decode_link(text):
    """The Link that ``text`` (a code or an address holding one) writes; LinkError saying
    why not: cut short, changed on the way, another version of the format, broken."""
    code = link_code(text)
    if len(code) > MAX_LINK:
        raise LinkError("corr.link.too_long", limit=MAX_LINK)
    try:
        data = from_base64url(code)
    except SenetError:
        data = whole_groups(code)
        if data is None:
            raise LinkError("corr.link.not_code") from None
        if len(data) >= 4 and data[0] == CORR_VERSION and (data[2] << 8 | data[3]) <= len(data):
            raise LinkError("corr.link.changed") from None
        raise LinkError("corr.link.cut") from None
    if len(data) < 4:
        raise LinkError("corr.link.cut")
    version = data[0]
    if version != CORR_VERSION:
        key = "corr.link.newer" if version > CORR_VERSION else "corr.link.older"
        raise LinkError(key, version=version, ours=CORR_VERSION)
    total = data[2] << 8 | data[3]
    if len(data) < total:
        raise LinkError("corr.link.cut")
    if len(data) > total:
        raise LinkError("corr.link.longer")
    if hashlib.sha256(data[:-CHECK_BYTES]).digest()[:CHECK_BYTES] != data[-CHECK_BYTES:]:
        raise LinkError("corr.link.changed")
    kind = data[1]
    if kind not in KINDS:
        raise LinkError("corr.link.kind")
    r = _Reader(data[:-CHECK_BYTES])
    link = Link(kind)
    try:
        if kind == OFFER:
            link.variant = rule_set_of_byte(r.byte())
            link.host_seat = r.byte()
            link.interval = r.varint()
            link.anchor = hex_of(r.take(CHAIN_BYTES))
            link.name = r.name()
        else:
            link.tag = hex_of(r.take(8))
            if kind == ANSWER:
                link.seq = 1
                link.anchor = hex_of(r.take(CHAIN_BYTES))
                link.name = r.name()
            else:
                link.seq = r.varint()
                if link.seq < 2:
                    raise LinkError("corr.link.broken")
        if kind != CLAIM:
            if kind != OFFER:
                link.prev = r.take(4)
            n = r.varint()
            if n:
                link.reveal = (n - 1, r.take(CHAIN_BYTES))
            count = r.varint()
            if count > MAX_ACTIONS_A_LINK:
                raise LinkError("corr.link.broken")
            link.actions = list(r.take(count))
    except LinkError:
        raise
    except SenetError:
        raise LinkError("corr.link.broken") from None
    if r.at != len(r.data):
        raise LinkError("corr.link.broken")
    return link


def game_tag(offer_code):
    """16 hex digits naming the game an offer starts: every later link quotes them."""
    return hex_of(hashlib.sha256(("senet-corr/1|" + offer_code).encode()).digest()[:8])


def difference(old, new):
    """(key, arguments) of what differs between two versions of one link."""
    if old.reveal != new.reveal:
        return "corr.differs.contribution", {}
    for k in range(min(len(old.actions), len(new.actions))):
        if old.actions[k] != new.actions[k]:
            return "corr.differs.action", {"action": k + 1}
    if len(old.actions) != len(new.actions):
        return "corr.differs.action", {"action": min(len(old.actions), len(new.actions)) + 1}
    return "corr.differs.kind", {}


def find(games, text):
    """The Letters among ``games`` that the link ``text`` belongs to. LinkError
    "corr.not_here" when this device holds no such game (the page offers to import the
    record from the friend), "corr.is_offer" for an offer (join it instead)."""
    link = decode_link(text)
    if link.kind == OFFER:
        tag = game_tag(encode_link(link))
        for letters in games:
            if letters.tag == tag:
                return letters
        raise LinkError("corr.is_offer")
    for letters in games:
        if letters.tag == link.tag:
            return letters
    raise LinkError("corr.not_here")
