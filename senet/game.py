"""A live game: a state, a seeded throw generator and the history. Writing the game's
record and replaying one are senet/record.py's (GameRecord, a part of Game), with the
record's format."""

from .errors import SenetError
from .moves import THROW, parse_move

# The record's format and lines (re-exported: senet.save, senet.verify and the app
# import them from here)
from .record import (  # noqa: F401
    CONCEDED,
    MAX_PLAYER_NAME,
    PLAYER_KINDS,
    RECORD_GENERATORS,
    RECORD_MAGIC,
    Entry,
    GameRecord,
    clean_player_name,
    entry_fields,
    parse_seed,
    player_name_problem,
    record_lines,
)
from .state import BLACK, CHANCE, LIMIT, MAX_ACTIONS, WHITE, State, refused
from .throws import (
    COMMIT,
    DEFAULT_GENERATOR,
    DUEL,
    DuelThrows,
    SealedThrows,
    ThrowGenerator,
    commitment,
    is_chain_hex,
    is_commitment,
    phrase_problem,
)
from .variants import get_rules


class Game(GameRecord):
    """A game in progress. Throws come from a seeded generator unless given (C5).

    ``seed`` is a whole number (None: a fresh 128-bit one, senet.throws.new_seed);
    ``throws`` names the generator: "sha256" by default, "sha256-commit" for the app's
    games whose seed is committed to and revealed at the end (with the player's
    ``phrase``), "mt19937" for the legacy generator of records written before the others
    existed (docs/record.md, docs/fair-throws.md). ``commit`` is the commitment a record
    states (sha256-commit only; computed from the seed when not given); with a commit
    and no seed the game is sealed: recorded throws replay, no new throw can be made.
    """

    def __init__(self, variant: str, seed: int | None = None, start: State | None = None,
                 throws: str = DEFAULT_GENERATOR, phrase: str = "", commit: str | None = None,
                 anchors: dict | None = None):
        self.rules = get_rules(variant)
        if throws != COMMIT and (phrase or commit is not None):
            raise SenetError(f"a phrase and a commitment belong to the '{COMMIT}' throws")
        if commit is not None and not is_commitment(commit):
            raise SenetError("a commitment is 64 lowercase hex digits")
        # a game between two devices: seat -> its chain's anchor, and seat -> the last
        # contribution it revealed (hex), which senet.online keeps up to date
        self.anchors = {}
        self.reveals = {}
        if throws == DUEL:
            if seed is not None or anchors is None or sorted(anchors) != [1, 2] \
                    or not all(is_chain_hex(anchors[k]) for k in anchors):
                raise SenetError(f"the '{DUEL}' throws take no seed but both seats' anchors (32 hex digits each)")
            self.anchors = {1: anchors[1], 2: anchors[2]}
            self.generator = DuelThrows(0)
        elif anchors is not None:
            raise SenetError(f"anchors belong to the '{DUEL}' throws")
        elif throws == COMMIT and seed is None and commit is not None:
            problem = phrase_problem(phrase)
            if problem is not None:
                raise SenetError(problem)
            self.generator = SealedThrows(0, phrase)
        else:
            self.generator = ThrowGenerator(seed, 0, throws, phrase)
        self.seed = self.generator.seed
        self.phrase = phrase
        self.commit = None
        if throws == COMMIT:
            self.commit = commit if commit is not None else commitment(self.seed)
        self.start_state = start if start is not None else self.rules.start()
        if not isinstance(self.start_state, State) or self.start_state.rules is not self.rules:
            raise SenetError("the start position belongs to another rule set")
        if self.start_state.throw is not None:
            # a record begins with a throw: its first line could not say what was thrown
            raise SenetError("a game cannot start with a pending throw: the start position's THROW must be '-'")
        self.state = self.start_state
        self.entries = []  # the record's lines (Entry)
        # (entries, their number, how many have an action, how many a throw): Game.actions
        # and Game.thrown, kept up to date by _push so that replaying a record stays linear
        # in its length, and so that a game between two devices, which asks for
        # ``thrown`` several times a message, does not count every line each time
        self._count = (self.entries, 0, 0, 0)
        self.states = [self.state]  # state after each entry, for undo
        # (entries, their number, the last Entry, their lines joined, the Entry before the
        # last, where the last line's text starts): see _entries_text
        self._lines = None
        # seat -> colour; None during a colour draw
        self.seat_colours = None if self.start_state.opening else {1: WHITE, 2: BLACK}
        # LIMIT once the game was drawn by the C6 safeguard: no winner after MAX_ACTIONS actions
        self.limit_reason = None
        self.conceded = None  # (winner, one of CONCEDED) when a side resigned or left
        # seat -> (kind, name) from the record's "player" lines; empty when not known
        self.players = {}

    # -- queries -------------------------------------------------------------------
    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def throws(self) -> str:
        """The name of the throw generator: "sha256", "sha256-commit" or "mt19937" (legacy)."""
        return self.generator.kind

    @property
    def sealed(self) -> bool:
        """A record's game whose seed is not revealed: it replays but cannot go on."""
        return self.seed is None and self.generator.kind == COMMIT

    @property
    def online(self) -> bool:
        """A game between two devices (its throws come from both players)."""
        return self.generator.kind == DUEL

    @property
    def thrown(self) -> int:
        """The number of throws made (colour-draw throws included)."""
        return self._counted()[3]

    def set_phrase(self, phrase: str) -> None:
        """Mix the player's ``phrase`` into the throws (sha256-commit only), before the
        first throw; raises SenetError saying why not, and changes nothing then."""
        if self.throws != COMMIT or self.sealed:
            raise SenetError("this game's throws take no phrase")
        if self.thrown:
            raise SenetError("the phrase is fixed once the first throw is made")
        problem = phrase_problem(phrase)
        if problem is not None:
            raise SenetError(problem)
        self.phrase = phrase
        self.generator = ThrowGenerator(self.seed, 0, COMMIT, phrase)

    @property
    def over(self) -> bool:
        return self.limit_reason is not None or self.conceded is not None or self.state.is_terminal

    def concede(self, winner: str, how: str) -> None:
        """End the game outside the rules: ``winner`` ('w' or 'b') wins because the other
        side resigned or left (``how``, one of CONCEDED). Any game may end by resigning;
        only a game between two devices ends by a side leaving ("abandoned")."""
        if how == "abandoned" and not self.online:
            raise SenetError("only a game between two devices ends by a side leaving")
        if self.over:
            raise SenetError("the game is over")
        if winner not in (WHITE, BLACK) or how not in CONCEDED:
            raise SenetError(f"a conceded game names its winner (w or b) and how ({', '.join(CONCEDED)})")
        if self.state.opening or (self.seat_colours is None and self.online):
            raise SenetError("the colour draw decides the colours first")
        self.conceded = (winner, how)

    @property
    def result(self) -> str | None:
        """'w', 'b', 'draw' or None while the game goes on."""
        if self.conceded is not None:
            return self.conceded[0]
        if self.limit_reason is not None:
            return "draw"
        return self.state.winner

    @property
    def draw_reason(self) -> str | None:
        """Why the game is drawn, as a code: "frozen" (C6) or "limit" (its safeguard);
        None when it is not drawn (senet.words.game.draw_text says it)."""
        return self.limit_reason or self.state.draw_reason

    @property
    def actions(self) -> int:
        """The number of actions played (entries with an action)."""
        return self._counted()[2]

    def _counted(self) -> tuple:
        """``_count``, counted again when the entries changed other than through _push."""
        entries, count = self.entries, self._count
        if count[0] is not entries or count[1] != len(entries):  # entries set from outside, or undone
            count = self._count = (entries, len(entries), sum(1 for e in entries if e.action is not None),
                                   sum(1 for e in entries if e.throw is not None))
        return count

    # -- play ----------------------------------------------------------------------
    def apply(self, action) -> State:
        """Apply ``action`` to the state, as State.apply does (a throw value at a chance
        node, a Move or its notation at a decision), and record it; returns the new state.

        A throw gets a record line of its own (``b 4``) that its action completes
        (``b 4 14-18``); THROW adds no line (the line of the throw that follows says it);
        an action taken instead of a throw is written ``w - rescue``."""
        if self.over:
            raise SenetError("the game is over")
        if isinstance(action, str):
            action = parse_move(action)
        before = self.state
        after = before.apply(action)  # raises IllegalMove, state unchanged
        if type(action) is int:
            if before.opening:
                self._push(Entry(before.side, action, None, draw=True), after)
                if not after.opening:  # the thrower of the 1 takes black
                    seat = 1 if before.side == WHITE else 2
                    self.seat_colours = {seat: BLACK, 3 - seat: WHITE}
            else:
                self._push(Entry(before.side, action, None), after)
            return after
        if action == THROW:
            self.state = after  # not in self.states: an undo comes back to the choice
            return after
        if before.throw is not None and self.entries and self.entries[-1].action is None:
            # the throw's entry gets its action
            last = self.entries.pop()  # a throw without an action: _push counts it again
            self.states.pop()
            count = self._count
            if count[0] is self.entries:
                self._count = (self.entries, len(self.entries), count[2], count[3] - 1)
            self._push(Entry(last.side, last.throw, action), after)
        else:
            self._push(Entry(before.side, None, action), after)
        if not after.is_terminal and self.actions >= MAX_ACTIONS:
            self.limit_reason = LIMIT
        return after

    play = apply  # the older name, for an action

    def throw(self, value: int | None = None) -> int:
        """Throw the sticks: a throw drawn from the generator (or the throw ``value``,
        injected) applied through apply(); returns the throw. Where the side could
        rescue instead, throwing is its choice: THROW is applied first."""
        if self.over:
            raise SenetError("the game is over")
        state = self.state
        if state.throw is not None:
            raise refused({"why": "throw_waiting", "throw": state.throw})
        if value is not None and value not in self.rules.throw_values:
            state.apply(value)  # raises IllegalMove saying why
        if value is None:
            value = self.generator.throw(self.rules.none_value)
        if state.to_act != CHANCE:
            self.apply(THROW)
        self.apply(value)
        return value

    def _push(self, entry: Entry, state: State) -> None:
        entries, count = self.entries, self._count
        if count[0] is entries and count[1] == len(entries):
            self._count = (entries, count[1] + 1, count[2] + (entry.action is not None),
                           count[3] + (entry.throw is not None))
        entries.append(entry)
        self.states.append(state)
        self.state = state

    def undo_to(self, n_entries: int, keep_throw: bool = False) -> None:
        """Go back to the position after the first ``n_entries`` entries.

        With ``keep_throw`` the throw of entry ``n_entries`` stays pending, so the player
        decides again on the same throw. The generator is rewound to match the throws
        kept, so the throws that follow are the same as before: undo never re-rolls.
        """
        if not 0 <= n_entries <= len(self.entries) or (keep_throw and n_entries == len(self.entries)):
            raise SenetError("cannot undo that far")
        pending = self.entries[n_entries] if keep_throw else None
        del self.entries[n_entries:]
        self._count = (None, 0, 0, 0)  # counted again when next asked (_counted)
        del self.states[n_entries + 1:]
        self.state = self.states[-1]
        self.limit_reason = None
        self.conceded = None
        if pending is not None and pending.throw is not None:
            if self.state.to_act != CHANCE:
                self.state = self.state.apply(THROW)
            self._push(Entry(pending.side, pending.throw, None), self.state.apply(pending.throw))
        self.sync_generator()
        if self.state.opening:
            self.seat_colours = None

    def sync_generator(self) -> None:
        """Point the generator just after the throws recorded so far."""
        throws = self.thrown
        if self.generator.count != throws:
            if self.online:
                self.generator = DuelThrows(throws)
            elif self.seed is None:
                self.generator = SealedThrows(throws, self.phrase)
            else:
                self.generator = ThrowGenerator(self.seed, throws, self.generator.kind, self.phrase)

    # The record (record_text, from_record) is GameRecord's, senet/record.py.
