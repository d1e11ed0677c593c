"""A lossless packing of a WebRTC session description (SDP) into few bytes, for the
invite and the answer (docs/online.md, "Invites"). zlib is not in the page's
MicroPython, and an SDP is short and made of the same few phrases every time, so a
fixed table of those phrases and three kinds of run do better than general compression:

- a byte below 0x80 is that ASCII character;
- 0x80 + i is PHRASES[i];
- UUID (0xF0) + 16 bytes: a lowercase UUID, as in the ".local" names of host candidates;
- FINGERPRINT (0xF1) + 32 bytes: 32 uppercase hex pairs joined by ":" (the DTLS fingerprint);
- NUMBER (0xF2) + a LEB128 whole number: a run of 4 to 20 decimal digits without a
  leading zero (session ids, candidate foundations, priorities, ports).

``pack(sdp)`` gives the bytes, ``unpack(data)`` the same text back or a SenetError. Text
that is not ASCII is kept as UTF-8 after a first byte RAW; packed text starts with PACKED.
"""

from ..errors import SenetError

MAX_SDP = 6000  # characters: a description with a dozen candidates is under 2,000
RAW = 0
PACKED = 1
UUID = 0xF0
FINGERPRINT = 0xF1
NUMBER = 0xF2
# Phrases of the data-channel descriptions of Chromium, Firefox and WebKit. The order is
# part of the format: add at the end only (at most 0x70 phrases).
PHRASES = (
    "\r\n",
    "v=0\r\no=- ",
    " 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n",
    "a=group:BUNDLE 0\r\n",
    "a=extmap-allow-mixed\r\n",
    "a=msid-semantic: WMS\r\n",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n",
    "c=IN IP4 0.0.0.0\r\n",
    "a=candidate:",
    " 1 udp ",
    " 1 tcp ",
    " typ host",
    " typ srflx raddr ",
    " typ relay raddr ",
    " rport ",
    " generation 0",
    " network-id ",
    " network-cost 999",
    " network-cost 10",
    " tcptype active",
    " tcptype passive",
    "a=ice-ufrag:",
    "a=ice-pwd:",
    "a=ice-options:trickle\r\n",
    "a=fingerprint:sha-256 ",
    "a=setup:actpass\r\n",
    "a=setup:active\r\n",
    "a=setup:passive\r\n",
    "a=mid:0\r\n",
    "a=sctp-port:5000\r\n",
    "a=max-message-size:262144\r\n",
    "a=max-message-size:1073741823\r\n",
    ".local ",
    "a=end-of-candidates\r\n",
    "a=sendrecv\r\n",
    "o=mozilla...THIS_IS_SDPARTA-",
    " 0 IN IP4 0.0.0.0\r\n",
    "a=group:BUNDLE ",
    "a=msid-semantic:WMS *\r\n",
    "a=ice-options:trickle",
    "a=mid:",
    "a=sctp-port:",
    "a=max-message-size:",
    "m=application ",
    " UDP/DTLS/SCTP webrtc-datachannel\r\n",
    "IN IP4 ",
    "IN IP6 ",
    "s=-\r\n",
    "t=0 0\r\n",
    "a=ice-lite\r\n",
)
_HEX = "0123456789abcdef"
_UUID_GROUPS = (8, 4, 4, 4, 12)


def _uuid_at(text, i):
    """The 16 bytes of a lowercase UUID written at text[i:], or None."""
    if len(text) - i < 36:
        return None
    digits = []
    j = i
    for k, size in enumerate(_UUID_GROUPS):
        for _ in range(size):
            if text[j] not in _HEX:
                return None
            digits.append(text[j])
            j += 1
        if k < 4:
            if text[j] != "-":
                return None
            j += 1
    return bytes(int(digits[m] + digits[m + 1], 16) for m in range(0, 32, 2))


def _fingerprint_at(text, i):
    """The 32 bytes of a fingerprint written at text[i:] ("AB:CD:..."), or None."""
    if len(text) - i < 95:
        return None
    out = []
    for k in range(32):
        j = i + 3 * k
        pair = text[j:j + 2]
        if len(pair) != 2 or any(c not in "0123456789ABCDEF" for c in pair):
            return None
        if k < 31 and text[j + 2] != ":":
            return None
        out.append(int(pair, 16))
    if i + 95 < len(text) and text[i + 95] in "0123456789ABCDEF:":
        return None  # a longer fingerprint (sha-512): kept as text
    return bytes(out)


def _digits_at(text, i):
    j = i
    while j < len(text) and "0" <= text[j] <= "9":
        j += 1
    return text[i:j]


def _leb128(n):
    out = []
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return out


def pack(sdp):
    """The bytes of ``sdp`` (text), packed as the module says."""
    if not isinstance(sdp, str) or not sdp:
        raise SenetError("a session description is non-empty text")
    if len(sdp) > MAX_SDP:
        raise SenetError(f"a session description has at most {MAX_SDP} characters, this one has {len(sdp)}")
    _check_text(sdp)
    if any(ord(c) > 0x7F for c in sdp):
        return bytes([RAW]) + sdp.encode()
    out = [PACKED]
    i = 0
    n = len(sdp)
    while i < n:
        best = -1
        size = 0
        for k, phrase in enumerate(PHRASES):
            if len(phrase) > size and sdp.startswith(phrase, i):
                best, size = k, len(phrase)
        if best >= 0:
            out.append(0x80 + best)
            i += size
            continue
        c = sdp[i]
        if c in _HEX:
            uuid = _uuid_at(sdp, i)
            if uuid is not None and (i == 0 or sdp[i - 1] not in _HEX + "-"):
                out.append(UUID)
                out.extend(uuid)
                i += 36
                continue
        if c in "0123456789ABCDEF":
            fingerprint = _fingerprint_at(sdp, i)
            if fingerprint is not None and (i == 0 or sdp[i - 1] not in "0123456789ABCDEF:"):
                out.append(FINGERPRINT)
                out.extend(fingerprint)
                i += 95
                continue
        if "1" <= c <= "9" and (i == 0 or not "0" <= sdp[i - 1] <= "9"):
            digits = _digits_at(sdp, i)
            if 4 <= len(digits) <= 20:
                out.append(NUMBER)
                out.extend(_leb128(int(digits)))
                i += len(digits)
                continue
        out.append(ord(c))
        i += 1
    return bytes(out)


def unpack(data):
    """The session description that ``data`` packs; SenetError when it is not a packing."""
    if not isinstance(data, (bytes, bytearray)) or not data:
        raise SenetError("the connection data is empty")
    if data[0] == RAW:
        text = utf8(data[1:])
        if not text or len(text) > MAX_SDP:
            raise SenetError("the connection data is not a session description")
        _check_text(text)
        return text
    if data[0] != PACKED:
        raise SenetError("the connection data is packed in an unknown way")
    out = []
    i, n = 1, len(data)
    size = 0
    while i < n:
        b = data[i]
        i += 1
        if b < 0x80:
            piece = chr(b)
        elif b - 0x80 < len(PHRASES):
            piece = PHRASES[b - 0x80]
        elif b == UUID:
            if n - i < 16:
                raise SenetError("the connection data is cut short")
            h = "".join(f"{x:02x}" for x in data[i:i + 16])
            piece = f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"
            i += 16
        elif b == FINGERPRINT:
            if n - i < 32:
                raise SenetError("the connection data is cut short")
            piece = ":".join(f"{x:02X}" for x in data[i:i + 32])
            i += 32
        elif b == NUMBER:
            value, shift, start = 0, 0, i
            while True:
                if i >= n or i - start >= 10:
                    raise SenetError("the connection data holds a broken number")
                x = data[i]
                i += 1
                value |= (x & 0x7F) << shift
                shift += 7
                if not x & 0x80:
                    break
            piece = str(value)
            if not 4 <= len(piece) <= 20 or _leb128(value) != list(data[start:i]):
                raise SenetError("the connection data holds a number not packed as it would be")
        else:
            raise SenetError(f"the connection data holds an unknown code {b}")
        out.append(piece)
        size += len(piece)
        if size > MAX_SDP:
            raise SenetError(f"a session description has at most {MAX_SDP} characters")
    text = "".join(out)
    if not text:
        raise SenetError("the connection data is empty")
    _check_text(text)
    return text


def _check_text(text):
    """A session description is text without control characters but CR, LF and tab."""
    for c in text:
        o = ord(c)
        if (o < 0x20 and c not in "\r\n\t") or 0x7F <= o <= 0x9F:
            raise SenetError(f"a session description holds no control characters (found U+{o:04X})")


def utf8(data):
    """``data`` decoded as UTF-8, checked strictly (no overlong forms, no surrogates, no
    code points past U+10FFFF: MicroPython's decode does not check them all)."""
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            i += 1
            continue
        if 0xC2 <= b <= 0xDF:
            need, low, high = 1, 0x80, 0xBF
        elif 0xE0 <= b <= 0xEF:
            need = 2
            low = 0xA0 if b == 0xE0 else 0x80
            high = 0x9F if b == 0xED else 0xBF
        elif 0xF0 <= b <= 0xF4:
            need = 3
            low = 0x90 if b == 0xF0 else 0x80
            high = 0x8F if b == 0xF4 else 0xBF
        else:
            raise SenetError("the text is not UTF-8")
        if i + need >= n:
            raise SenetError("the text is not UTF-8 (cut short)")
        if not low <= data[i + 1] <= high:
            raise SenetError("the text is not UTF-8")
        for k in range(2, need + 1):
            if not 0x80 <= data[i + k] <= 0xBF:
                raise SenetError("the text is not UTF-8")
        i += need + 1
    return bytes(data).decode()
