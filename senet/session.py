"""A session: one game with its players, undo/redo, saving and statistics.

Everything here is plain Python so that the browser layer (app/main.py) stays thin
and all of it is tested without a browser. The Session holds the game, its seats and
what was undone; each duty has its module: senet.seats (who sits at a seat),
senet.undo (taking back and redoing), senet.save (the save's JSON text, checked in
full when loaded: SaveError says why) and senet.stats (the statistics). The names the
session's users take with it are here too: Seat, SaveError, load_json, and the
statistics' ONLINE, UNDO_SUFFIX, empty_stats, load_stats and record_result.
"""

from .errors import SaveError  # noqa: F401
from .game import Game
from .json_text import load_json  # noqa: F401
from .save import read_save, save_text
from .seats import Seat
from .state import WHITE, State
from .stats import ONLINE, UNDO_SUFFIX, empty_stats, load_stats, record_result  # noqa: F401
from .undo import last_human_decision, redo_problem, redo_step, undo_last


class Session:
    """A game plus who plays it. Seat 1 plays white and seat 2 black, except in rule
    sets with a colour draw (jequier, havens), where the draw decides."""

    def __init__(self, variant: str, seats: dict[int, Seat] | None = None, seed: int | None = None,
                 game: Game | None = None):
        self.game = game if game is not None else Game(variant, seed=seed)
        self.seats = seats or {1: Seat(), 2: Seat()}
        self.redo_groups = []  # the steps undone (lists of Entry), the last undone last
        self.took_back = False  # a move was taken back (undo): the statistics count it apart

    # -- who acts ------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.game.state

    def seat_of(self, side: str) -> int:
        """The seat playing colour ``side`` (during a colour draw: the seat throwing)."""
        colours = self.game.seat_colours
        if colours is None:
            return 1 if side == WHITE else 2
        return next(seat for seat, colour in colours.items() if colour == side)

    def player(self, side: str) -> Seat:
        return self.seats[self.seat_of(side)]

    @property
    def to_act(self) -> Seat:
        return self.player(self.state.side)

    # -- play ----------------------------------------------------------------------
    def throw(self, value: int | None = None) -> int:
        """Throw the sticks, or inject the throw ``value`` (C5: a prepared throw, as the
        app's tutorial uses); returns the throw."""
        return self.game.throw(value)

    def play(self, move) -> State:
        state = self.game.play(move)
        self.redo_groups.clear()  # a new decision replaces what was undone
        return state

    # -- undo / redo (senet.undo) ------------------------------------------------------
    def last_human_decision(self) -> int | None:
        return last_human_decision(self.game, self.seats)

    @property
    def can_undo(self) -> bool:
        return self.last_human_decision() is not None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_groups)

    def undo(self) -> bool:
        """Go back to just before the last human decision, with its throw still pending.

        Against a computer this also takes back the computer's reply. Throws are never
        thrown again: the generator is rewound, so the same throws come back.
        """
        removed = undo_last(self.game, self.seats)
        if removed is None:
            return False
        self.redo_groups.append(removed)
        self.took_back = True
        return True

    def redo(self) -> bool:
        if not self.redo_groups:
            return False
        if redo_problem(self.game, self.redo_groups[-1:]) is not None:  # never expected: checked at load
            self.redo_groups.clear()
            return False
        redo_step(self.game, self.redo_groups.pop())
        return True

    # -- records and saving (senet.save) ---------------------------------------------------
    def record_text(self) -> str:
        """The game record with a "player" line for each seat (docs/record.md): what an
        export should hold, so that a replay elsewhere knows who played."""
        return self.game.record_text({n: (s.kind, s.name) for n, s in self.seats.items()})

    def to_json(self) -> str:
        return save_text(self.game, self.seats, self.redo_groups, self.took_back)

    @classmethod
    def from_json(cls, text: str) -> "Session":
        """Load a saved session; raises SaveError saying what is wrong (and naming the field)."""
        game, seats, groups, took_back = read_save(text)
        session = cls(game.variant, seats, game=game)
        session.redo_groups = groups
        session.took_back = took_back
        return session
