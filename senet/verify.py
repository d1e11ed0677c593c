"""Check a record's committed throws (docs/fair-throws.md): the revealed seed matches the
commitment, and every recorded throw follows from (seed, phrase, n). For a game between
two devices (docs/online.md): each seat's last revealed contribution leads to its anchor,
and every recorded throw follows from both seats' contributions.

``verify_record(text)`` returns a Verdict; ``python -m senet verify RECORD`` prints its
message. Portable (CPython, Pyodide, MicroPython): the page runs it too.
"""

from .errors import SPACES, RecordError, SenetError, shown
from .game import RECORD_MAGIC, Game, entry_fields, parse_seed, record_lines
from .throws import (
    COMMIT,
    DUEL,
    bytes_of_hex,
    chain_step,
    commit_bits,
    commitment,
    duel_throw,
    hex_of,
    is_chain_hex,
    is_commitment,
    phrase_problem,
)
from .variants import get_rules

VERIFIED = "verified"  # the commitment and every throw check out
MISMATCH = "mismatch"  # a line does not follow: Verdict.line names it
SEALED = "sealed"  # the seed is not revealed (yet)
NO_COMMITMENT = "no-commitment"  # throws of a generator without commitment
INVALID = "invalid"  # not a record that replays

_HEADERS = ("variant", "seed", "throws", "start", "commit", "phrase", "player", "anchor", "reveal")


class Verdict:
    """What verify_record found: ``status`` (one of the constants above), ``ok`` (True
    only when verified), ``line`` (the line at fault, or None), ``message`` (a sentence
    in plain words, the developer's English) and ``throws`` (how many throws the record
    holds); ``key`` and ``words``, the message id ("verify." + key) and its arguments that
    say it to a person in the words in use (senet.words.game.verdict_text)."""

    __slots__ = ("status", "line", "message", "throws", "key", "words")

    def __init__(self, status, message, line=None, throws=0, key=None, **words):
        self.status = status
        self.message = message
        self.line = line
        self.throws = throws
        self.key = key
        self.words = words

    @property
    def ok(self):
        return self.status == VERIFIED

    def __repr__(self):
        return f"Verdict({self.status!r}, line={self.line!r}, {self.message!r})"


def _parts(text):
    """(headers {key: (line, value)}, [(line, throw)] of the body's throws)."""
    headers = {}
    throws = []
    body = False
    for n, ln in record_lines(text)[1:]:
        i = 0
        while i < len(ln) and ln[i] not in " \t":
            i += 1
        key, value = ln[:i], ln[i:].strip(SPACES)
        if not body and key in _HEADERS:
            if key in ("anchor", "reveal"):  # one line per seat: "anchor 1 HEX"
                seat, value = _first_field(value)
                key = f"{key} {seat}"
            if key not in headers:
                headers[key] = (n, value)
            continue
        body = True
        if key == "result":
            break
        try:
            throw = entry_fields(ln)[1]
        except SenetError:
            break  # the replay names this line
        if throw is not None:
            throws.append((n, throw))
    return headers, throws


def _first_field(text):
    i = 0
    while i < len(text) and text[i] not in " \t":
        i += 1
    return text[:i], text[i:].strip(SPACES)


def _duel_check(headers, throws, none_value):
    """A Verdict for a game between two devices: MISMATCH for the first line at fault,
    SEALED when a seat's contributions are not revealed, None when every throw follows."""
    total = len(throws)
    chains = {}  # seat -> the contributions of throws 0..total-1, as bytes
    for seat in (1, 2):
        if f"anchor {seat}" not in headers:
            return None  # the replay names the line
        anchor_line, anchor = headers[f"anchor {seat}"]
        if not total:
            continue
        if f"reveal {seat}" not in headers:
            return Verdict(SEALED, f"the record does not reveal the contributions of seat {seat} "
                                   f"('reveal {seat} HEX'): its {total} throws cannot be verified", None, total,
                           "duel_sealed", seat=seat)
        reveal_line, reveal = headers[f"reveal {seat}"]
        if not is_chain_hex(reveal) or not is_chain_hex(anchor):
            return None  # the replay names the line
        element = bytes_of_hex(reveal)
        down = [element]  # the contribution of the last throw, then each earlier one
        for _ in range(total):
            element = chain_step(element)
            down.append(element)
        if hex_of(down[-1]) != anchor:
            return Verdict(MISMATCH, f"line {reveal_line}: the contribution seat {seat} revealed does not lead "
                                     f"to its anchor on line {anchor_line} in {total} steps (one per throw): the "
                                     f"record was changed, or this seat did not play by its anchor",
                           reveal_line, total, "duel_chain", seat=seat, anchor_line=anchor_line)
        down.pop()
        down.reverse()
        chains[seat] = down
    for k, (n, throw) in enumerate(throws):
        expected = duel_throw(k, chains[1][k], chains[2][k], none_value)
        if expected != throw:
            return Verdict(MISMATCH, f"line {n}: the record has a {throw}, but throw {k} (counted from 0) "
                                     f"from both seats' revealed contributions is a {expected}", n, total,
                           "duel_throw", throw=throw, expected=expected)
    return None


def _expected(seed, phrase, k, none_value):
    bits = commit_bits(seed, k, phrase)
    light = (bits & 1) + (bits >> 1 & 1) + (bits >> 2 & 1) + (bits >> 3 & 1)
    return light if light else none_value


def _throw_check(headers, throws, none_value):
    """A MISMATCH Verdict for the first line at fault, or None when the commitment and
    every throw follow from the revealed seed (or when there is nothing to check)."""
    if "seed" not in headers or "commit" not in headers:
        return None
    seed_line, seed_text = headers["seed"]
    commit_line, commit = headers["commit"]
    phrase_line, phrase = headers.get("phrase", (None, ""))
    seed = parse_seed(seed_text)
    if seed is None or not is_commitment(commit) or phrase_problem(phrase) is not None:
        return None  # the replay says what is wrong with the line
    wrong = []  # (line, k, expected, recorded)
    for k, (n, throw) in enumerate(throws):
        expected = _expected(seed, phrase, k, none_value)
        if expected != throw:
            wrong.append((n, k, expected, throw))
    total = len(throws)
    if commitment(seed) != commit:
        if not wrong:
            return Verdict(MISMATCH, f"line {commit_line}: the commitment does not match the revealed seed "
                                     f"(SHA-256 of {seed} is {commitment(seed)}), although that seed gives "
                                     f"every recorded throw: the commitment was changed", commit_line, total,
                           "commit_changed")
        return Verdict(MISMATCH, f"line {seed_line}: the revealed seed does not match the commitment "
                                 f"(SHA-256 of {seed} is {commitment(seed)}, the commitment on line "
                                 f"{commit_line} is {commit})", seed_line, total,
                       "seed_changed", commit_line=commit_line)
    if not wrong:
        return None
    n, k, expected, throw = wrong[0]
    if len(wrong) >= 2 and 2 * len(wrong) > total:
        line = phrase_line if phrase_line is not None else headers["throws"][0]
        what = "this phrase" if phrase_line is not None else "no phrase"
        return Verdict(MISMATCH, f"line {line}: the recorded throws do not follow from the revealed seed and "
                                 f"{what}: {len(wrong)} of {total} differ, the first on line {n} (throw {k} "
                                 f"should be {expected}, the record has {throw}); the phrase was changed, or the "
                                 f"throws were not made from this seed", line, total,
                       "phrase_changed", wrong=len(wrong), total=total, first=n)
    return Verdict(MISMATCH, f"line {n}: the record has a {throw}, but throw {k} (counted from 0) "
                             f"from the revealed seed and phrase is a {expected}", n, total,
                   "seed_throw", throw=throw, expected=expected)


def verify_record(text):
    """Verify a game record's throws; never raises for bad input (see Verdict)."""
    if not isinstance(text, str):
        return Verdict(INVALID, "a game record must be text", None, 0, "not_record", first=RECORD_MAGIC)
    numbered = record_lines(text)
    if not numbered or numbered[0][1] != RECORD_MAGIC:
        line = numbered[0][0] if numbered else 1
        return Verdict(INVALID, f"line {line}: this is not a game record (it starts with '{RECORD_MAGIC}')", line,
                       0, "not_record", first=RECORD_MAGIC)
    headers, throws = _parts(text)
    total = len(throws)
    game = error = None
    try:
        game = Game.from_record(text)
    except RecordError as exc:
        error = exc
    kind = headers.get("throws", (None, "mt19937"))[1]
    found = None
    if kind in (COMMIT, DUEL):
        none_value = game.rules.none_value if game is not None else _none_value(headers)
        if none_value is not None:
            check = _throw_check if kind == COMMIT else _duel_check
            found = check(headers, throws, none_value)
    if found is not None and found.status == SEALED:
        if error is not None:
            return Verdict(INVALID, f"the record does not replay: {error}", error.line, total, "no_replay", error=error)
        return found
    if error is not None and (found is None or error.line < found.line):
        return Verdict(INVALID, f"the record does not replay: {error}", error.line, total, "no_replay", error=error)
    if found is not None:
        return found
    if kind == DUEL:
        tail = "" if game.over else " (the game is not over)"
        return Verdict(VERIFIED, f"verified: {total} throws follow from both players' revealed contributions, "
                                 f"each of which leads to the anchor that player gave before the first "
                                 f"throw{tail}", None, total, "verified_duel", total=total, over=game.over)
    if kind != COMMIT:
        return Verdict(NO_COMMITMENT, f"this record has no commitment (its throws are '{shown(kind)}', not "
                                      f"'{COMMIT}'): its throws cannot be verified", None, total,
                       "no_commitment", kind=kind, commit=COMMIT)
    if game.sealed:
        if game.over:
            return Verdict(SEALED, "the game is over, but this record does not reveal its seed "
                                   "('seed N'): its throws cannot be verified", None, total, "sealed_over")
        return Verdict(SEALED, f"the game is not over, so its seed is still sealed: its {total} throws cannot be "
                               f"verified yet (commitment {game.commit})", None, total, "sealed",
                       commit=game.commit)
    phrase = f"the phrase '{game.phrase}'" if game.phrase else "no phrase"
    tail = "" if game.over else " (the game is not over)"
    return Verdict(VERIFIED, f"verified: {total} throws follow from the revealed seed and {phrase}, and "
                             f"SHA-256 of the seed is the commitment {game.commit}{tail}", None, total, "verified",
                   total=total, phrase=game.phrase, commit=game.commit, over=game.over)


def _none_value(headers):
    """The rule set's none-value from the ``variant`` line, or None when it names none."""
    try:
        return get_rules(headers.get("variant", (0, ""))[1]).none_value
    except SenetError:
        return None
