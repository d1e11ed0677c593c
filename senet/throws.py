"""The throwing sticks (C2) and seedable throw generators (C5).

Four two-sided sticks: the throw is the number of light sides up (1..4), and no light
side counts as 5 or 6 depending on the rule set. Probabilities are exact whole numbers
of sixteenths: the 16 stick patterns are equally likely.

Three generators, each rebuilt exactly from (seed, count) so that a saved game
continues with the same throws (docs/record.md, docs/fair-throws.md):

* ``sha256-commit`` (the app's new games): the sticks of throw n are the low 4 bits of
  the first byte of SHA-256 of the UTF-8 bytes of "senet-throws/2:<seed>:<n>:<phrase>",
  where the phrase is the player's own text, mixed in so that neither the app's secret
  seed nor the player alone decides the throws. The game shows the commitment, the
  SHA-256 (hex) of the seed's decimal digits, before the first throw and reveals the
  seed at the end, so that anyone can check every throw (senet.verify).

* ``sha256`` (games started by this version): the sticks of throw number n (0-based)
  are the low 4 bits of the first byte of SHA-256(b"senet-throws/1:<seed>:<n>"), seed
  and n written in decimal ASCII; bit i is stick i, 1 = light side up. Any throw can be
  computed on its own, so resuming costs O(1), and CPython, Pyodide and MicroPython give
  the same throws.
* ``mt19937`` (the legacy generator of records without a ``throws`` line): what
  CPython's ``random.Random(seed).getrandbits(4)`` gave for each throw, reproduced by a
  small pure-Python Mersenne Twister so that it runs everywhere.
"""

import hashlib

from .errors import SenetError, shown

# The 16 equally likely stick patterns: probabilities are ways out of OUT_OF.
OUT_OF = 16
# Number of the 16 stick patterns giving 1, 2, 3, 4 light sides (none: 1 way).
_WAYS = ((1, 4), (2, 6), (3, 4), (4, 1))

SHA256 = "sha256"
MT19937 = "mt19937"
COMMIT = "sha256-commit"
GENERATORS = (SHA256, MT19937, COMMIT)
DEFAULT_GENERATOR = SHA256
SEED_BITS = 128  # the width of a new seed
# A seed is a whole number of at most this many decimal digits (a sign aside), so that
# every record that writes one can be read back (docs/record.md).
MAX_SEED_DIGITS = 100


def distribution(none_value):
    """The exact C2 distribution: ((throw, ways), ...) in throw order, where ``ways`` is
    the number of the 16 stick patterns (out of OUT_OF) giving that throw."""
    return _WAYS + ((none_value, 1),)


# A phrase mixed into the throws of COMMIT: at most this many characters.
MAX_PHRASE = 60


def phrase_fault(phrase):
    """Why ``phrase`` cannot be a player's phrase, as a message id and its arguments
    (``("phrase_long", {"most": 200, "length": 230})``, said with senet.words as
    ``"error." + key``), or None when it can: text of at most MAX_PHRASE characters,
    without control characters (tab and newline included), line or paragraph separators
    or direction overrides, and without spaces at its ends (a record line could not keep
    them). The empty phrase is allowed."""
    if not isinstance(phrase, str):
        return "phrase_text", {}
    if len(phrase) > MAX_PHRASE:
        return "phrase_long", {"most": MAX_PHRASE, "length": len(phrase)}
    for c in phrase:
        o = ord(c)
        if o < 0x20 or 0x7F <= o <= 0x9F or 0x2028 <= o <= 0x202E or 0x2066 <= o <= 0x2069:
            return "phrase_character", {"code": f"U+{o:04X}"}
    if phrase != phrase.strip(" "):
        return "phrase_space", {}
    return None


_PHRASE_ENGLISH = {
    "phrase_text": "the phrase must be text",
    "phrase_long": "the phrase has at most {most} characters, this one has {length}",
    "phrase_character": "the phrase may not contain control, line-break or direction characters (found {code})",
    "phrase_space": "the phrase may not begin or end with a space",
}


def phrase_problem(phrase):
    """phrase_fault's reason in the developer's English (a record's error, a log), or None."""
    fault = phrase_fault(phrase)
    if fault is None:
        return None
    key, args = fault
    return _PHRASE_ENGLISH[key].format(**args)


def hex_digest(data):
    """SHA-256 of ``data`` (bytes) in lowercase hex (MicroPython's hashlib has no
    hexdigest)."""
    return "".join(f"{b:02x}" for b in hashlib.sha256(data).digest())


def commitment(seed):
    """The commitment to a seed: SHA-256, in lowercase hex, of its decimal ASCII digits
    (``printf %s SEED | sha256sum``)."""
    return hex_digest(b"%d" % seed)


def is_commitment(text):
    """Whether ``text`` is written as a commitment: 64 lowercase hex digits."""
    return isinstance(text, str) and len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def commit_bits(seed, n, phrase):
    """The 4 stick bits of throw ``n`` (0-based) of the ``sha256-commit`` generator."""
    data = f"senet-throws/2:{seed}:{n}:{phrase}".encode()
    return hashlib.sha256(data).digest()[0] & 15


def sticks_to_throw(sticks, none_value):
    """Value of four sticks (True = light side up)."""
    light = sum(1 for s in sticks if s)
    return light if light else none_value


def new_seed():
    """A fresh SEED_BITS-bit seed from the system's secure source (os.urandom in CPython
    and Pyodide); where there is none (MicroPython) from ``random.getrandbits``. A page
    that has crypto.getRandomValues should pass its own seed instead."""
    try:
        from os import urandom

        return int.from_bytes(urandom(SEED_BITS // 8), "big")
    except (ImportError, AttributeError, NotImplementedError, OSError):
        import random

        n = 0
        for _ in range(SEED_BITS // 32):
            n = (n << 32) | random.getrandbits(32)
        return n


def sha256_bits(seed, n):
    """The 4 stick bits of throw ``n`` (0-based) of the ``sha256`` generator."""
    return hashlib.sha256(b"senet-throws/1:%d:%d" % (seed, n)).digest()[0] & 15


class MersenneTwister:
    """MT19937 seeded as CPython's ``random.Random(seed)`` is for a whole-number seed
    (init_by_array over the 32-bit words of abs(seed), least significant first)."""

    __slots__ = ("mt", "index")

    def __init__(self, seed):
        n = abs(seed)
        key = []
        while n:
            key.append(n & 0xFFFFFFFF)
            n >>= 32
        if not key:
            key = [0]
        mt = [0] * 624
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        i, j = 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
            i += 1
            j += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
        mt[0] = 0x80000000
        self.mt = mt
        self.index = 624

    def _twist(self):
        mt = self.mt
        for k in range(624):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
            v = mt[(k + 397) % 624] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[k] = v
        self.index = 0

    def uint32(self):
        """The next 32-bit output (genrand_uint32)."""
        if self.index >= 624:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def getrandbits(self, k):
        """As ``random.Random.getrandbits(k)`` for 1 <= k <= 32."""
        return self.uint32() >> (32 - k)


class ThrowGenerator:
    """Seedable throws; ``ThrowGenerator(seed, count, kind, phrase)`` resumes after
    ``count`` throws. ``kind`` is "sha256" (the default), "sha256-commit" (with the
    player's ``phrase``) or "mt19937" (the legacy generator of older records);
    ``seed=None`` takes a fresh 128-bit seed (new_seed)."""

    __slots__ = ("seed", "count", "kind", "phrase", "last_sticks", "_mt")

    def __init__(self, seed=None, count=0, kind=DEFAULT_GENERATOR, phrase=""):
        if seed is None:
            seed = new_seed()
        if type(seed) is not int or not -10 ** MAX_SEED_DIGITS < seed < 10 ** MAX_SEED_DIGITS:
            raise SenetError(f"the seed must be a whole number of at most {MAX_SEED_DIGITS} digits")
        if type(count) is not int or count < 0:
            raise SenetError("the throw count must be a whole number >= 0")
        if kind not in GENERATORS:
            raise SenetError(f"unknown throw generator '{shown(kind)}' (choose from {', '.join(GENERATORS)})")
        problem = phrase_problem(phrase)
        if problem is not None:
            raise SenetError(problem)
        self.seed = seed
        self.kind = kind
        self.phrase = phrase
        self.count = 0
        self.last_sticks = (False, False, False, False)
        self._mt = None
        if kind == MT19937:
            self._mt = MersenneTwister(seed)
            for _ in range(count):
                self.sticks()
        elif count:
            self.count = count - 1
            self.sticks()

    def sticks(self):
        """Throw the four sticks; True means the light side is up."""
        if self._mt is not None:
            bits = self._mt.getrandbits(4)
        elif self.kind == COMMIT:
            bits = commit_bits(self.seed, self.count, self.phrase)
        else:
            bits = sha256_bits(self.seed, self.count)
        self.count += 1
        self.last_sticks = (bool(bits & 1), bool(bits & 2), bool(bits & 4), bool(bits & 8))
        return self.last_sticks

    def throw(self, none_value):
        return sticks_to_throw(self.sticks(), none_value)


class SealedThrows:
    """The generator of a record whose seed is not revealed yet (``sha256-commit``
    without ``seed``): the recorded throws replay, but no new throw can be made."""

    __slots__ = ("seed", "count", "kind", "phrase", "last_sticks")

    def __init__(self, count=0, phrase=""):
        self.seed = None
        self.count = count
        self.kind = COMMIT
        self.phrase = phrase
        self.last_sticks = (False, False, False, False)

    def sticks(self):
        raise SenetError(SEALED_REASON)

    def throw(self, none_value):
        raise SenetError(SEALED_REASON)


SEALED_REASON = ("this record keeps its seed sealed until the game ends, so the game cannot go on "
                 "here: its committed throws are unknown (replaying it works)")


# -- Throws of a game between two devices (docs/online.md) ------------------------------
#
# Each player draws a secret and builds a hash chain from it: e_0 is the secret and
# e_{i+1} = H(e_i), H being the first 16 bytes of SHA-256. The chain's last element
# (after CHAIN_LENGTH steps) is the player's anchor, sent before the first throw. The
# player's contribution to throw n is the element n + 1 steps below the anchor, so that
# hashing it n + 1 times gives the anchor: revealing it proves it was fixed from the
# start, and it tells nothing about the elements below it, the later throws'.
DUEL = "sha256-duel"
CHAIN_LENGTH = 10240  # throws a chain covers: more than MAX_ACTIONS and any colour draw
CHAIN_BYTES = 16
_CHECKPOINT = 64  # a chain keeps every 64th element and rebuilds the others


def chain_step(element):
    """The element above ``element`` (bytes) in a hash chain."""
    return hashlib.sha256(element).digest()[:CHAIN_BYTES]


def hex_of(data):
    """``data`` (bytes) in lowercase hex."""
    return "".join(f"{b:02x}" for b in data)


def bytes_of_hex(text):
    """The bytes that ``text`` writes as lowercase hex digits, or None when it does not."""
    if not isinstance(text, str) or len(text) % 2 or any(c not in "0123456789abcdef" for c in text):
        return None
    return bytes(int(text[i:i + 2], 16) for i in range(0, len(text), 2))


def is_chain_hex(text):
    """Whether ``text`` writes one chain element: 32 lowercase hex digits."""
    return isinstance(text, str) and len(text) == 2 * CHAIN_BYTES and bytes_of_hex(text) is not None


def chain_climb(element, steps):
    """``element`` hashed ``steps`` times."""
    for _ in range(steps):
        element = chain_step(element)
    return element


class Chain:
    """A player's own hash chain from a secret (CHAIN_BYTES bytes): ``anchor`` and
    ``contribution(n)``, the element revealed for throw n. Keeps one element in 64 and
    rebuilds the rest, so a contribution costs at most 63 hashes."""

    __slots__ = ("secret", "_marks", "anchor")

    def __init__(self, secret):
        if not isinstance(secret, bytes) or len(secret) != CHAIN_BYTES:
            raise SenetError(f"a chain's secret is {CHAIN_BYTES} bytes")
        self.secret = secret
        marks = []
        e = secret
        for i in range(CHAIN_LENGTH):
            if i % _CHECKPOINT == 0:
                marks.append(e)
            e = chain_step(e)
        self._marks = marks
        self.anchor = e

    def element(self, height):
        """The element ``height`` steps above the secret (0 <= height <= CHAIN_LENGTH)."""
        if height == CHAIN_LENGTH:
            return self.anchor
        return chain_climb(self._marks[height // _CHECKPOINT], height % _CHECKPOINT)

    def contribution(self, n):
        """The element revealed for throw ``n`` (0-based): n + 1 steps below the anchor."""
        if not 0 <= n < CHAIN_LENGTH:
            raise SenetError(f"a game between two devices has at most {CHAIN_LENGTH} throws")
        return self.element(CHAIN_LENGTH - 1 - n)


def new_secret():
    """A fresh secret of CHAIN_BYTES bytes (see new_seed for where it comes from; the
    page passes its own from crypto.getRandomValues)."""
    return new_seed().to_bytes(CHAIN_BYTES, "big")


def duel_bits(n, first, second):
    """The 4 stick bits of throw ``n`` of a game between two devices, from the
    contributions (bytes) of seat 1 (``first``) and seat 2 (``second``): the low 4 bits
    of the first byte of SHA-256 of ``senet-duel/1:N:HEX1:HEX2``."""
    data = f"senet-duel/1:{n}:{hex_of(first)}:{hex_of(second)}".encode()
    return hashlib.sha256(data).digest()[0] & 15


def duel_throw(n, first, second, none_value):
    """The value of throw ``n`` from both contributions (see duel_bits)."""
    bits = duel_bits(n, first, second)
    light = (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1) + (bits >> 3 & 1)
    return light if light else none_value


class DuelThrows:
    """The generator of a game between two devices: its throws come from both players'
    contributions (senet.online), never from the game itself; ``count`` follows the
    recorded throws so that the record and undo logic stay as for the others."""

    __slots__ = ("seed", "count", "kind", "phrase", "last_sticks")

    def __init__(self, count=0):
        self.seed = None
        self.count = count
        self.kind = DUEL
        self.phrase = ""
        self.last_sticks = (False, False, False, False)

    def sticks(self):
        raise SenetError(DUEL_REASON)

    def throw(self, none_value):
        raise SenetError(DUEL_REASON)


DUEL_REASON = "in a game between two devices every throw comes from both players' contributions"
