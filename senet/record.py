"""A game's record: its lines (Entry), the names a "player" line may hold, and the
GameRecord part of senet.game.Game that writes a game's record and replays one.

Record format (docs/record.md), one item per line:

    senet-record 1
    variant kendall
    seed 7
    throws sha256             the throw generator: sha256 or sha256-commit (absent: the
                              legacy mt19937); senet/throws.py describes all three
    commit <64 hex>           sha256-commit only: SHA-256 of the seed's decimal digits
    phrase <text>             sha256-commit only: the player's phrase (absent: empty)
    anchor 1 <32 hex>         sha256-duel only (a game between two devices): each seat's
    reveal 1 <32 hex>         anchor, and the last contribution it revealed (senet.online)
    start <position>          (only when the game did not begin at the standard start)
    player 1 human Ann        optional: who sat at seat 1 or 2, a kind and maybe a name
    b 3 14-17                 side, throw, action
    w - rescue                an action taken instead of throwing
    w - 5-7                   a further part of the same throw (piccione, P2)
    w 2 draw                  a throw of the jequier/havens colour draw (side = seat)
    b 4                       a pending throw not used yet (last line only)
    result b                  "result w", "result b" or "result draw: reason"
"""

from .errors import SPACES, RecordError, SenetError, decimal, shown
from .moves import format_move
from .notation import parse_position
from .state import BLACK, FROZEN, LIMIT, MAX_ACTIONS, WHITE
from .throws import COMMIT, DUEL, GENERATORS, MAX_SEED_DIGITS, MT19937, is_chain_hex, is_commitment, phrase_problem
from .variants import get_rules

RECORD_MAGIC = "senet-record 1"
# Who may sit at a seat, as a record's "player" line names them (senet.seats uses the same).
PLAYER_KINDS = ("human", "novice", "average", "expert")
RECORD_EXAMPLE = "b 3 14-17"  # a line of moves, as an error names the form (notation: the same in every language)
MAX_PLAYER_NAME = 40  # characters, as for a saved session's seat
# The generators a record may name: the three of senet.throws, and the throws of a game
# between two devices, which come from both players (senet.online) and not from a seed.
RECORD_GENERATORS = GENERATORS + (DUEL,)
# How a game can end outside the rules: "result w: resigned" (any game: the other side
# resigned), "result w: abandoned" (a game between two devices: the other side left).
CONCEDED = ("resigned", "abandoned")
# Why a drawn game was drawn, as its "result draw: REASON" line says it: the codes of
# Game.draw_reason in the record format's own words. They are the format's, so they stay
# as they are (a record is read back and its reason compared); the words a player reads
# are senet.words'.
DRAW_REASONS = {FROZEN: "neither side can ever move again (C6)",
                LIMIT: f"no winner after {MAX_ACTIONS} actions (C6 safeguard)"}


def _unwritable(char: str) -> bool:
    """A character a name in a record cannot hold: a control character (Cc, which
    includes tab and the C1 range), a line or paragraph separator (Zl, Zp), or a
    bidirectional embedding, override or isolate (U+202A-U+202E, U+2066-U+2069), which
    would reorder the text shown after the name."""
    o = ord(char)
    return (o < 0x20 or 0x7F <= o <= 0x9F or 0x2028 <= o <= 0x202E or 0x2066 <= o <= 0x2069)


def player_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name in a record, or None when it can."""
    if len(name) > MAX_PLAYER_NAME:
        return f"a player name has at most {MAX_PLAYER_NAME} characters, this one has {len(name)}"
    bad = next((c for c in name if _unwritable(c)), None)
    if bad is not None:
        what = "control" if ord(bad) < 0x2028 else "line-break or direction-override"
        return f"a player name may not contain {what} characters (found U+{ord(bad):04X})"
    return None


def clean_player_name(name: str) -> str:
    """``name`` as a record can hold it: control characters (and the other characters
    _unwritable() lists) become spaces, the ends are trimmed and the length capped, so
    that writing a record never makes it unreadable."""
    text = "".join(" " if _unwritable(c) else c for c in str(name)).strip(SPACES)
    return text[:MAX_PLAYER_NAME].strip(SPACES)


def _first(text: str) -> tuple:
    """(the first field of ``text``, the rest with its ends stripped); fields are
    separated by spaces or tabs."""
    i = 0
    while i < len(text) and text[i] not in " \t":
        i += 1
    return text[:i], text[i:].strip(SPACES)


def _fields(line: str) -> list:
    """The fields of a record line: separated by runs of spaces or tabs."""
    return [f for f in line.replace("\t", " ").split(" ") if f]


def entry_fields(line: str) -> tuple:
    """(side, throw, action text, draw) of an entry line ``SIDE THROW [ACTION|draw]``:
    ``throw`` is None for "-", ``action text`` None when absent or "draw". Raises
    SenetError when the line is not written so; whether the throw and the action fit
    the game is for the replay to say."""
    parts = _fields(line)
    if len(parts) not in (2, 3) or parts[0] not in (WHITE, BLACK):
        raise SenetError(f"expected 'SIDE THROW ACTION' (like 'b 3 14-17'), found '{shown(line)}'", "record_line",
                         example=RECORD_EXAMPLE)
    side, throw_text = parts[0], parts[1]
    action = parts[2] if len(parts) == 3 else None
    if throw_text == "-":
        if action is None or action == "draw":
            raise SenetError("a line without a throw must name an action", "record_line",
                             example=RECORD_EXAMPLE)
        if action == "throw":
            raise SenetError("a line does not say 'throw': the line of the throw, with its value, says it",
                             "record_line", example=RECORD_EXAMPLE)
        return side, None, action, False
    throw = decimal(throw_text, 1)  # one ASCII digit; the rule set says which are possible
    if throw is None:
        raise SenetError(f"the throw must be a number from 1 to 6 or '-', not '{shown(throw_text)}'", "record_throw")
    if action == "draw":
        return side, throw, None, True
    return side, throw, action, False


def record_lines(text: str) -> list:
    """A record's meaningful lines as (line number, text), blank lines and # comments
    left out but counted, so that an error can name the line of the text as written."""
    if text.startswith("\ufeff"):  # a byte-order mark, as many editors write
        text = text[1:]
    # Lines end with LF, CRLF or CR; nothing else breaks a line (not U+2028 and
    # the like, which CPython's splitlines() would split on and MicroPython's not).
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    numbered = []
    for n, ln in enumerate(lines, 1):
        ln = ln.strip(SPACES)
        if ln and not ln.startswith("#"):
            numbered.append((n, ln))
    return numbered


def parse_seed(text: str):
    """The seed a record's ``seed`` line writes: a whole number in ASCII decimal digits,
    maybe with a "-", no leading zeros, at most MAX_SEED_DIGITS digits; None otherwise."""
    if text.startswith("-") and text != "-0":
        n = decimal(text[1:], MAX_SEED_DIGITS)
        return None if n is None else -n
    return decimal(text, MAX_SEED_DIGITS)


class Entry:
    """One line of the record: a throw and/or an action by ``side``.

    ``throw`` is None for an action taken instead of throwing; ``action`` is None for a
    colour-draw throw or a pending throw; ``draw`` marks a throw of the colour draw.
    Immutable; entries compare and hash by their fields.
    """

    __slots__ = ("side", "throw", "action", "draw", "_text")

    def __init__(self, side: str, throw, action, draw: bool = False):
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "throw", throw)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "draw", draw)
        object.__setattr__(self, "_text", None)  # text(), once asked: a save writes every line

    def __setattr__(self, name, value):
        raise AttributeError(f"an Entry cannot be changed (field '{name}')")

    def _fields(self) -> tuple:
        return (self.side, self.throw, self.action, self.draw)

    def __eq__(self, other) -> bool:
        return isinstance(other, Entry) and self._fields() == other._fields()

    def __ne__(self, other) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Entry(side={self.side!r}, throw={self.throw!r}, action={self.action!r}, draw={self.draw!r})"

    def text(self) -> str:
        text = self._text
        if text is None:
            t = "-" if self.throw is None else str(self.throw)
            if self.draw:
                text = f"{self.side} {t} draw"
            elif self.action is None:
                text = f"{self.side} {t}"
            else:
                text = f"{self.side} {t} {format_move(self.action)}"
            object.__setattr__(self, "_text", text)
        return text


def _parse_player(n: int, value: str) -> tuple[int, tuple[str, str]]:
    """The rest of a "player SEAT KIND [NAME]" line (line ``n``): (seat, (kind, name))."""
    seat_text, rest = _first(value)
    kind_text, name = _first(rest)
    parts = [p for p in (seat_text, kind_text) if p]
    if len(parts) < 2:
        raise RecordError(n, "expected 'player SEAT KIND NAME' (like 'player 1 human Ann'; the name may "
                             "be left out)", "record_player")
    kind = kind_text.lower()
    if seat_text not in ("1", "2"):
        raise RecordError(n, f"the seat of a player is 1 or 2, not '{shown(seat_text)}'", "record_player")
    if kind not in PLAYER_KINDS:
        raise RecordError(n, f"unknown player kind '{shown(kind_text)}' (choose from {', '.join(PLAYER_KINDS)})",
                          "record_player")
    problem = player_name_problem(name)
    if problem is not None:
        raise RecordError(n, problem, "record_player_name")
    return int(seat_text), (kind, name)


class GameRecord:
    """What senet.game.Game does with records: writes its own (``record_text``) and
    replays one (``from_record``); a part of Game, kept here beside the lines' format."""

    def record_text(self, players: dict[int, tuple[str, str]] | None = None, keep_seed: bool = False) -> str:
        """The game record. ``players`` (seat -> (kind, name)) gives the "player" lines;
        without it those of ``self.players`` are written (none for a new Game).

        With the sha256-commit throws the seed is written only once the game is over (or
        with ``keep_seed``, for the save on this device): before that the record holds the
        commitment and the phrase, so that nobody can foresee the throws from it."""
        lines = [RECORD_MAGIC, f"variant {self.variant}"]
        if self.throws == COMMIT:
            lines.append(f"throws {self.throws}")
            lines.append(f"commit {self.commit}")
            if self.phrase:
                lines.append(f"phrase {self.phrase}")
            if self.seed is not None and (keep_seed or self.over):
                lines.append(f"seed {self.seed}")
        elif self.online:
            lines.append(f"throws {self.throws}")
            for key, values in (("anchor", self.anchors), ("reveal", self.reveals)):
                for seat in (1, 2):
                    if seat in values:
                        lines.append(f"{key} {seat} {values[seat]}")
        else:
            lines.append(f"seed {self.seed}")
            if self.throws != MT19937:  # no line: the legacy generator, as in older records
                lines.append(f"throws {self.throws}")
        if self.start_state != self.rules.start():
            lines.append(f"start {self.start_state.position()}")
        players = self.players if players is None else players
        for seat in (1, 2):
            if seat not in players or players[seat][0] not in PLAYER_KINDS:
                continue
            kind, name = players[seat]
            name = clean_player_name(name)
            lines.append(f"player {seat} {kind} {name}" if name else f"player {seat} {kind}")
        body = self._entries_text()
        if body:
            lines.append(body)
        result = self.result
        if self.conceded is not None:
            lines.append(f"result {self.conceded[0]}: {self.conceded[1]}")
        elif result == "draw":
            lines.append(f"result draw: {DRAW_REASONS[self.draw_reason]}")
        elif result:
            lines.append(f"result {result}")
        return "\n".join(lines) + "\n"

    def _entries_text(self) -> str:
        """The entries' lines, joined. The page saves the whole record after every action,
        so the text is kept and only new lines are written: the entries change only by
        growing, by losing their last ones, or by their last line being completed in place
        (a throw's line gets its move), and every line played is a new Entry. So a list
        that still holds, at the same place, the last Entry seen holds the lines seen;
        one that holds the Entry before it holds all of them but the last."""
        entries = self.entries
        n = len(entries)
        kept = self._lines  # (entries, count, last Entry, text, the Entry before it, its text's end)
        text, start = "", 0
        if kept is not None and kept[0] is entries:
            had = kept[1]
            if had <= n and entries[had - 1] is kept[2]:
                if had == n:
                    return kept[3]
                text, start = kept[3], had
            elif had > 1 and had - 1 <= n and entries[had - 2] is kept[4]:
                text, start = kept[3][:kept[5]], had - 1
        if start < n:
            more = "\n".join(e.text() for e in entries[start:])
            text = text + "\n" + more if start else more
        if n:
            end = len(text) - len(entries[-1].text()) - 1 if n > 1 else 0
            self._lines = (entries, n, entries[-1], text, entries[-2] if n > 1 else None, max(end, 0))
        else:
            self._lines = None
        return text

    @classmethod
    def from_record(cls, text: str) -> "GameRecord":
        """Replay a record; raises RecordError naming the first faulty line."""
        if not isinstance(text, str):
            raise RecordError(1, "a game record must be text", "record_start", first=RECORD_MAGIC)
        numbered = record_lines(text)
        if not numbered or numbered[0][1] != RECORD_MAGIC:
            raise RecordError(numbered[0][0] if numbered else 1, f"a game record starts with '{RECORD_MAGIC}'",
                              "record_start", first=RECORD_MAGIC)
        headers = {}  # key -> (line number, value)
        players = {}
        body_start = len(numbered)
        for idx, (n, ln) in enumerate(numbered[1:], 1):
            key, value = _first(ln)
            if key == "player":
                seat, player = _parse_player(n, value)
                if seat in players:
                    raise RecordError(n, f"'player {seat}' is given twice", "record_twice")
                players[seat] = player
                continue
            if key in ("anchor", "reveal"):
                seat_text, value = _first(value)
                if seat_text not in ("1", "2"):
                    raise RecordError(n, f"expected '{key} SEAT HEX' with the seat 1 or 2, not '{shown(seat_text)}'",
                                      "record_seat")
                key = f"{key} {seat_text}"
            if key in ("variant", "seed", "throws", "start", "commit", "phrase") or key[:7] in ("anchor ", "reveal "):
                if key in headers:
                    raise RecordError(n, f"'{key}' is given twice", "record_twice")
                headers[key] = (n, value)
                continue
            body_start = idx
            break
        first = numbered[0][0]
        if "variant" not in headers:
            raise RecordError(first, "the record does not say its variant ('variant NAME')", "record_variant")
        n, name = headers["variant"]
        try:
            rules = get_rules(name)
        except SenetError as exc:
            raise RecordError(n, str(exc), "record_variant") from None
        seed = None
        if "seed" in headers:
            n, seed_text = headers["seed"]
            seed = parse_seed(seed_text)
            if seed is None:
                raise RecordError(n, f"the seed must be a whole number in decimal digits (at most {MAX_SEED_DIGITS}, "
                                     f"no leading zeros), not '{shown(seed_text)}'", "record_seed_number",
                                  most=MAX_SEED_DIGITS)
        throws = MT19937  # no line: a record of the older versions
        if "throws" in headers:
            n, throws = headers["throws"]
            if throws not in RECORD_GENERATORS:
                raise RecordError(n, f"unknown throw generator '{shown(throws)}' (choose from "
                                     f"{', '.join(RECORD_GENERATORS)})", "record_generator")
        phrase, commit = "", None
        for key in ("commit", "phrase"):
            if key in headers and throws != COMMIT:
                raise RecordError(headers[key][0], f"a '{key}' line belongs to 'throws {COMMIT}'", "record_misplaced")
        if throws == COMMIT:
            if "commit" not in headers:
                raise RecordError(headers["throws"][0], f"'throws {COMMIT}' needs its commitment ('commit HEX')",
                                  "record_commit_missing")
            n, commit = headers["commit"]
            if not is_commitment(commit):
                raise RecordError(n, f"the commitment must be 64 lowercase hex digits, not '{shown(commit)}'",
                                  "record_hex", digits=64)
            if "phrase" in headers:
                n, phrase = headers["phrase"]
                problem = phrase_problem(phrase)
                if problem is not None:
                    raise RecordError(n, problem, "record_phrase")
        anchors = None
        chain_keys = [k for k in ("anchor 1", "anchor 2", "reveal 1", "reveal 2") if k in headers]
        if throws != DUEL and chain_keys:
            raise RecordError(headers[chain_keys[0]][0], f"an '{chain_keys[0][:6]}' line belongs to 'throws {DUEL}'",
                              "record_misplaced")
        if throws == DUEL:
            if "seed" in headers:
                raise RecordError(headers["seed"][0], f"'throws {DUEL}' has no seed: both players make the throws",
                                  "record_duel_seed")
            for key in ("anchor 1", "anchor 2"):
                if key not in headers:
                    raise RecordError(headers["throws"][0], f"'throws {DUEL}' needs both seats' anchors "
                                                            f"('{key} HEX')", "record_anchors")
            for key in chain_keys:
                n, value = headers[key]
                if not is_chain_hex(value):
                    raise RecordError(n, f"'{key[:6]}' gives 32 lowercase hex digits, not '{shown(value)}'", "record_hex",
                                      digits=32)
            anchors = {1: headers["anchor 1"][1], 2: headers["anchor 2"][1]}
        start = None
        if "start" in headers:
            n, position = headers["start"]
            try:
                start = parse_position(position)
            except SenetError as exc:
                raise RecordError(n, str(exc), "record_start_position") from None
            if start.rules is not rules:
                raise RecordError(n, "the start position is of another variant", "record_start_position")
            if start.throw is not None:
                raise RecordError(n, "the start position may not have a pending throw (THROW '-'): "
                                     "the first throw is the record's first line", "record_start_throw")
        if seed is None and throws not in (COMMIT, DUEL):  # no default: the throws after the record would be made up
            raise RecordError(first, "the record does not give the seed of its throws ('seed N')", "record_seed")
        game = cls(rules.name, seed=seed, start=start, throws=throws, phrase=phrase, commit=commit,
                   anchors=anchors)
        game.players = players
        for seat in (1, 2):
            if f"reveal {seat}" in headers:
                game.reveals[seat] = headers[f"reveal {seat}"][1]
        result_seen = None
        body = numbered[body_start:]
        # a pending throw ends the body, maybe before a result (a side resigned holding it)
        last_entry = len(body) - (2 if body and _fields(body[-1][1])[0] == "result" else 1)
        for pos, (n, ln) in enumerate(body):
            if result_seen is not None:
                raise RecordError(n, "nothing may follow the result line", "record_after_result")
            key = _fields(ln)[0]
            if key == "result":
                result_seen = (n, ln[len("result"):].strip(SPACES))
                continue
            if key == "player":
                raise RecordError(n, "a 'player' line belongs with the header lines, before the first throw",
                                  "record_misplaced")
            game._replay_line(n, ln, last=pos >= last_entry)
        if result_seen is not None:
            game._check_result(*result_seen)
        game.sync_generator()  # continue the generator after the recorded throws
        return game

    def _check_result(self, n: int, claimed: str) -> None:
        """The ``result`` line (line ``n``) says ``claimed``: "w", "b", "draw" or "draw: REASON"
        with the reason the game was drawn for, as record_text() writes it."""
        head, colon, reason = claimed.partition(":")
        head, reason = head.strip(SPACES), reason.strip(SPACES)
        if head in (WHITE, BLACK) and colon and reason in CONCEDED:
            try:
                self.concede(head, reason)
            except SenetError as exc:
                raise RecordError(n, str(exc), "record_result") from None
            return
        if head not in ("w", "b", "draw") or (colon and head != "draw") or (colon and not reason):
            raise RecordError(n, f"the result must be w, b or draw: REASON, not '{shown(claimed)}'", "record_result")
        actual = self.result
        if head != actual:
            raise RecordError(n, f"the record claims '{head}' but the game replays to "
                                 f"{'no result yet' if actual is None else repr(actual)}", "record_result")
        if colon and reason != DRAW_REASONS[self.draw_reason]:
            raise RecordError(n, f"the game is drawn because {DRAW_REASONS[self.draw_reason]}, "
                                 f"not '{shown(reason)}'", "record_result")

    def _replay_line(self, n: int, line: str, last: bool) -> None:
        try:
            side, throw, action, draw = entry_fields(line)
        except SenetError as exc:
            raise RecordError(n, exc) from None
        if self.over:
            raise RecordError(n, "the game is already over", "record_over")
        state = self.state
        if side != state.side:
            raise RecordError(n, f"it is {'white' if state.side == WHITE else 'black'}'s turn, not "
                                 f"{'white' if side == WHITE else 'black'}'s", "record_turn", side=state.side)
        try:
            if throw is None:
                self.play(action)
                return
            if state.opening:
                if not draw:
                    raise RecordError(n, "the colour draw comes first: expected 'SIDE THROW draw'", "record_draw_first")
                self.throw(throw)
                return
            if draw:
                raise RecordError(n, "there is no colour draw here", "record_no_draw")
            self.throw(throw)
            if action is None:
                if not last:
                    raise RecordError(n, "only the last line may hold a throw without an action", "record_throw_alone")
                return
            self.play(action)
        except RecordError:
            raise
        except SenetError as exc:
            raise RecordError(n, exc) from None
