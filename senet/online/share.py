"""Any game as a link (docs/online.md, "A game as a link"): a finished game, one in
progress or a position, packed for an address's fragment (``#game=CODE``), and back.

    share_code(game)   -> text       read_shared(text)   -> Game
    read_pasted(text)  -> Game       a record, or an address or code of a shared game

The code is base64url of: version (1), length (2, the whole, checksum included), the
rule set (1, as an invite's), the throws (1: 0 mt19937, 1 sha256, 2 sha256-commit,
3 sha256-duel), flags (1: 1 start position, 2 seed, 4 phrase, 8 players, 16 result
conceded, 32 reveals), then what the flags and the throws say: the seed (a varint of
twice its size, plus 1 when negative), the commitment (32), the phrase (length +
UTF-8), both anchors (16 each), both reveals (16 each), the start position (length +
notation), each seat's player (kind: 0 none, else 1 + its place in PLAYER_KINDS; then
length + UTF-8 name), the conceded result (1: bit 0 black wins, bit 1 abandoned); then
the number of steps (varint) and the steps packed in bits, first bit the high bit of
each byte: a throw in 3 bits (its value); a decision as its place among the legal
actions sorted by notation, in as few bits as that many places need (none when only one
action is legal); last, the checksum (4: SHA-256 of every byte before it).

Only what the record shows is packed: the seed of committed throws only once the game is
over, as Game.record_text writes it.
"""

import hashlib

from ..errors import RecordError, SenetError
from ..game import Game
from ..moves import format_move
from ..notation import parse_position
from ..record import CONCEDED, PLAYER_KINDS
from ..state import BLACK, CHANCE, WHITE
from ..throws import COMMIT, DUEL, MT19937, SHA256, bytes_of_hex, hex_of
from .corr import legal_sorted
from .corr_link import LinkError, put_varint, whole_groups
from .invite import from_base64url, rule_set_byte, rule_set_of_byte, to_base64url
from .sdp import utf8

SHARE_VERSION = 1
GENERATOR_CODES = (MT19937, SHA256, COMMIT, DUEL)
START, SEED, PHRASE, PLAYERS, CONCEDE, REVEALS = 1, 2, 4, 8, 16, 32
MAX_SHARE = 12000  # characters: a game at the C6 safeguard's length takes under 3,000


def _width(count):
    """Bits for a place among ``count`` (0 when one)."""
    bits = 0
    while (1 << bits) < count:
        bits += 1
    return bits


class _Bits:
    def __init__(self, data=b""):
        self.out = bytearray()
        self.acc = 0
        self.nbits = 0
        self.data = data
        self.at = 0

    def put(self, value, width):
        for i in range(width - 1, -1, -1):
            self.acc = self.acc << 1 | (value >> i & 1)
            self.nbits += 1
            if self.nbits == 8:
                self.out.append(self.acc)
                self.acc = self.nbits = 0

    def done(self):
        if self.nbits:
            self.out.append(self.acc << (8 - self.nbits))
        return bytes(self.out)

    def get(self, width):
        value = 0
        for _ in range(width):
            byte = self.at >> 3
            if byte >= len(self.data):
                raise LinkError("share.broken")
            value = value << 1 | (self.data[byte] >> (7 - (self.at & 7)) & 1)
            self.at += 1
        return value


def _text_bytes(text):
    data = text.encode()
    if len(data) > 255:
        raise SenetError("a text is too long for a shared game")
    return bytes([len(data)]) + data


def _steps(game):
    """The steps of ``game`` as (kind, value, count): ("throw", value, 0) or ("act", place,
    number of legal actions), replayed on a fresh game to find each place."""
    fresh = Game(game.variant, seed=0, start=game.start_state)
    steps = []

    def act(text):
        legal = legal_sorted(fresh.state)
        steps.append(("act", legal.index(text), len(legal)))
        fresh.apply(text)

    for entry in game.entries:
        if entry.throw is not None:
            if fresh.state.to_act != CHANCE:
                act("throw")
            steps.append(("throw", entry.throw, 0))
            fresh.apply(entry.throw)
        if entry.action is not None:
            act(format_move(entry.action))
    return steps


def share_code(game):
    """The code of ``game`` (a senet.game.Game) for an address's fragment."""
    kind = game.throws
    out = bytearray([SHARE_VERSION, 0, 0, rule_set_byte(game.variant), GENERATOR_CODES.index(kind), 0])
    flags = 0
    if kind in (MT19937, SHA256) or (kind == COMMIT and game.over and game.seed is not None):
        flags |= SEED
        seed = game.seed
        put_varint(out, -2 * seed - 1 if seed < 0 else 2 * seed)
    if kind == COMMIT:
        out.extend(bytes_of_hex(game.commit))
        if game.phrase:
            flags |= PHRASE
            out.extend(_text_bytes(game.phrase))
    if kind == DUEL:
        out.extend(bytes_of_hex(game.anchors[1]) + bytes_of_hex(game.anchors[2]))
        if 1 in game.reveals and 2 in game.reveals:
            flags |= REVEALS
            out.extend(bytes_of_hex(game.reveals[1]) + bytes_of_hex(game.reveals[2]))
    if game.start_state != game.rules.start():
        flags |= START
        out.extend(_text_bytes(game.start_state.position()))
    if game.players:
        flags |= PLAYERS
        for seat in (1, 2):
            kind_name, name = game.players.get(seat, (None, ""))
            if kind_name not in PLAYER_KINDS:
                out.append(0)
                continue
            out.append(1 + PLAYER_KINDS.index(kind_name))
            out.extend(_text_bytes(name))
    if game.conceded is not None:
        flags |= CONCEDE
        out.append((game.conceded[0] == BLACK) | (game.conceded[1] == "abandoned") << 1)
    out[5] = flags
    steps = _steps(game)
    put_varint(out, len(steps))
    bits = _Bits()
    for what, value, count in steps:
        bits.put(value, 3 if what == "throw" else _width(count))
    out.extend(bits.done())
    total = len(out) + 4
    out[1], out[2] = total >> 8, total & 255
    out.extend(hashlib.sha256(bytes(out)).digest()[:4])
    return to_base64url(bytes(out))


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 6

    def take(self, n):
        if self.at + n > len(self.data):
            raise LinkError("share.broken")
        piece = self.data[self.at:self.at + n]
        self.at += n
        return piece

    def varint(self):
        n, shift = 0, 0
        while True:
            if shift > 700:
                raise LinkError("share.broken")
            b = self.take(1)[0]
            n |= (b & 127) << shift
            shift += 7
            if not b & 128:
                return n

    def text(self):
        try:
            return utf8(self.take(self.take(1)[0]))
        except LinkError:
            raise
        except SenetError:
            raise LinkError("share.broken") from None


def share_bytes(code):
    """The checked bytes of a shared game's code; LinkError saying what is wrong."""
    if len(code) > MAX_SHARE:
        raise LinkError("share.too_long")
    try:
        data = from_base64url(code)
    except SenetError:
        data = whole_groups(code)
        if data is None:
            raise LinkError("share.not_code") from None
        if len(data) >= 3 and data[0] == SHARE_VERSION and (data[1] << 8 | data[2]) <= len(data):
            raise LinkError("share.changed") from None
        raise LinkError("share.cut") from None
    if len(data) < 3:
        raise LinkError("share.cut")
    if data[0] != SHARE_VERSION:
        raise LinkError("share.newer" if data[0] > SHARE_VERSION else "share.older", version=data[0],
                        ours=SHARE_VERSION)
    total = data[1] << 8 | data[2]
    if len(data) < total:
        raise LinkError("share.cut")
    if len(data) > total or hashlib.sha256(data[:-4]).digest()[:4] != data[-4:]:
        raise LinkError("share.changed")
    return data[:-4]


def read_shared(text):
    """The Game a shared game's code (or an address holding ``game=CODE``) packs."""
    code = _code(text)
    r = _Reader(share_bytes(code))
    if len(r.data) < 6:
        raise LinkError("share.broken")
    try:
        variant = rule_set_of_byte(r.data[3])
    except SenetError:
        raise LinkError("share.broken") from None
    if r.data[4] >= len(GENERATOR_CODES):
        raise LinkError("share.broken")
    kind, flags = GENERATOR_CODES[r.data[4]], r.data[5]
    seed = commit = None
    phrase = ""
    anchors = reveals = start = None
    if flags & SEED:
        n = r.varint()
        seed = -(n >> 1) - 1 if n & 1 else n >> 1
    if kind == COMMIT:
        commit = hex_of(r.take(32))
        if flags & PHRASE:
            phrase = r.text()
    if kind == DUEL:
        anchors = {1: hex_of(r.take(16)), 2: hex_of(r.take(16))}
        if flags & REVEALS:
            reveals = {1: hex_of(r.take(16)), 2: hex_of(r.take(16))}
    players = {}
    try:
        if flags & START:
            start = parse_position(r.text())
            if start.rules.name != variant:
                raise LinkError("share.broken")
        if flags & PLAYERS:
            for seat in (1, 2):
                k = r.take(1)[0]
                if k:
                    if k > len(PLAYER_KINDS):
                        raise LinkError("share.broken")
                    players[seat] = (PLAYER_KINDS[k - 1], r.text())
        conceded = r.take(1)[0] if flags & CONCEDE else None
        game = Game(variant, seed=seed, start=start, throws=kind, phrase=phrase, commit=commit, anchors=anchors)
        game.players = players
        if reveals is not None:
            game.reveals = reveals
        steps = r.varint()
        bits = _Bits(r.data[r.at:])
        for _ in range(steps):
            if game.state.to_act == CHANCE:
                game.apply(bits.get(3))
                continue
            legal = legal_sorted(game.state)
            place = bits.get(_width(len(legal)))
            if place >= len(legal):
                raise LinkError("share.broken")
            game.apply(legal[place])
        if conceded is not None:
            game.concede(BLACK if conceded & 1 else WHITE, CONCEDED[conceded >> 1 & 1])
        game.sync_generator()
    except LinkError:
        raise
    except SenetError:
        raise LinkError("share.broken") from None
    return game


def _code(text):
    if not isinstance(text, str):
        raise LinkError("share.empty")
    text = "".join(c for c in text if c not in " \t\r\n")
    at = text.find("game=")
    if at >= 0:
        text = text[at + 5:]
        end = text.find("&")
        if end >= 0:
            text = text[:end]
    if not text:
        raise LinkError("share.empty")
    return text


def read_pasted(text):
    """The Game a player pasted: a record (docs/record.md), or a shared game's address or
    code. LinkError saying what it is not: a correspondence link, a record that does not
    replay (its line), a code cut short or changed."""
    if not isinstance(text, str) or not text.strip(" \t\r\n\ufeff"):
        raise LinkError("share.empty")
    plain = text.strip(" \t\r\n\ufeff")
    if plain.startswith("senet-record"):
        try:
            return Game.from_record(plain)
        except RecordError as exc:
            raise LinkError("share.record_bad", line=exc.line, reason=exc.reason) from None
    if "corr=" in plain:
        raise LinkError("share.is_corr")
    if "game=" not in plain and ("#" in plain or "/" in plain or " " in plain.strip()):
        raise LinkError("share.not_game")
    return read_shared(plain)
