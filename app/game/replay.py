"""Replaying a game record step by step (the Controller shows it; app/flow/controller.py)."""

import senet
from app.values import Value
from senet.session import Seat
from senet.words import t

# The replay playing itself: the speeds offered (remembered in the settings) and the
# seconds each step is shown at 1x (0.5x shows it twice as long, 4x a quarter as long).
REPLAY_SPEEDS = ("0.5", "1", "2", "4")
REPLAY_STEP_SECONDS = 1.0


def step_seconds(speed: str) -> float:
    """How long the replay playing itself shows each step at ``speed`` (one of REPLAY_SPEEDS;
    anything else counts as 1x)."""
    return REPLAY_STEP_SECONDS / float(speed if speed in REPLAY_SPEEDS else "1")


class Replay(Value):
    """A record being replayed: the whole game, and the step shown (0 = the start);
    ``own``: the record is the game in progress itself; ``source``: the text it was read
    from, when imported (Verify names that text's lines)."""

    __slots__ = ("full", "step", "own", "source")

    def __init__(self, full: senet.Game, step: int, own: bool = False, source: str | None = None):
        self.full = full
        self.step = step
        self.own = own
        self.source = source

    @property
    def last(self) -> int:
        return len(self.full.entries)


def recorded_seats(game: senet.Game) -> dict:
    """Who played a replayed record, from its "player" lines. A seat it does not name
    (an older record has none) is a human called "Player N", as a person who did not
    play it should not be called "You"."""
    seats = {}
    for seat in (1, 2):
        kind, name = game.players.get(seat, ("human", ""))
        if kind == "human" and not name:
            name = t("flow.replay.player", seat=seat)
        seats[seat] = Seat(kind, name)
    return seats


def game_prefix(full: senet.Game, step: int) -> senet.Game:
    """A Game holding the first ``step`` entries of ``full``, its generator placed just
    after their throws (so play can go on from there, with the record's own throws)."""
    game = senet.Game(full.variant, seed=full.seed, start=full.start_state, throws=full.throws,
                      phrase=full.phrase, commit=full.commit)
    game.entries = list(full.entries[:step])
    game.states = list(full.states[:step + 1])
    game.state = game.states[-1]
    game.limit_reason = full.limit_reason if step == len(full.entries) else None
    game.seat_colours = None if game.state.opening else dict(full.seat_colours or {1: "w", 2: "b"})
    game.sync_generator()
    return game
