"""One game on the board: the live game, a replay or a tutorial lesson.

A Table holds what the page shows of one game: its session and Setup, this tab's id for
it, the pieces' names, the selection, the last move and throw, the computer's preview,
the Expert's advice for the position and the last message. The Controller shows one
table and keeps the live game's aside while a replay or a lesson shows, so that closing
those gives the game back exactly as it was. A table also says who sits where (seats,
colours and the names messages use) and what the human to act may do there.

Free of the DOM; runs in CPython, Pyodide and MicroPython.
"""

import senet
from app.flow.seats import Friend, PersonOnline, seat_source
from app.game.counting import pending_throw
from app.game.pieces import PieceTracker, place_of_square
from app.words.names import COLOUR, REMOTE, SIDE_NAMES, SIDES, seat_label  # noqa: F401 (COLOUR: read from here by others)
from senet import PASS, RESCUE
from senet.words import t


class Table:
    """A game on the board and what the page shows of it. ``replay`` (app/game/replay.py's
    Replay) or ``tutorial`` (app/flow/tutorial.py's Tutorial) is set on a table that shows a
    record or a lesson; both are None on the live game's."""

    __slots__ = ("session", "setup", "game_id", "tracker", "counted", "resumed", "selected", "last_move",
                 "last_throw", "sticks", "throws", "jumps", "thinking", "preview", "advice", "analysed",
                 "message", "replay", "tutorial", "remote", "sources", "stood_in")

    def __init__(self, session, setup, game_id: str, counted: bool = False, replay=None, tutorial=None,
                 stood_in: bool = False):
        self.session = session
        self.setup = setup
        # This tab's name for the game, saved with it: a fresh one for every game started
        # or loaded, so two tabs never write under the same id (see app/storage/store.py).
        self.game_id = game_id
        self.replay = replay
        self.tutorial = tutorial
        self.tracker = PieceTracker(self.state)
        self.counted = counted  # the result is in the statistics (once per game)
        # A player on the page decided for the Expert's seat (the worker failed or did not
        # start) at least once in this game: counted as a game against that player
        # (app/game/counting.py), and said so. Saved with the game.
        self.stood_in = stood_in
        self.resumed = False
        self.selected = None  # the place of the piece the human picked
        self.last_move = None  # (from, to) places of the last action
        self.last_throw = pending_throw(self.game)
        self.sticks = self.sticks_of(self.last_throw)
        self.throws = 0  # number of throws so far (the view animates the sticks on change)
        self.thinking = None  # seat whose computer player is thinking
        self.preview = None  # a computer's chosen move, shown before it plays
        self.jumps = 0  # undo, redo and replay steps (the view redraws the sticks, unanimated)
        self.advice = None  # (state, the Expert's best action, the mover's win probability, exact)
        self.analysed = None  # the state an analysis was asked for
        self.message = ""
        self.remote = None  # the seat played on another device (app/online/flow.py), if any
        # where each seat's actions come from (app/flow/seats.py): a person here, a computer
        # on the page or in the worker; a game between two devices whose link is gone from
        # this device cannot go on (its seats are Stranded until the link is restored)
        stranded = bool(self.game.online)
        self.sources = {seat: seat_source(kind, stranded) for seat, kind in zip((1, 2), setup.players)}

    def play_online(self, flow, remote: int) -> None:
        """The game is played with a friend on another device (``flow``: app/online/flow.py's
        OnlineFlow): ``remote`` is the seat played there, the other one is this device's."""
        self.remote = remote
        self.sources = {remote: Friend(), 3 - remote: PersonOnline(flow)}

    def source(self, seat: int):
        """Where ``seat``'s next action comes from (app/flow/seats.py)."""
        return self.sources[seat]

    def sticks_of(self, throw):
        """The sticks of the generator's last throw, when they show ``throw``."""
        if throw is None:
            return None
        sticks = tuple(self.game.generator.last_sticks)
        light = sum(sticks)
        if (light or self.rules.none_value) == throw:
            return sticks
        light = 0 if throw > 4 else throw  # an injected throw: any sticks that show it
        return tuple(i < light for i in range(4))

    # -- the board follows the game ------------------------------------------------------
    def throw(self, value=None) -> int:
        """Throw the sticks (in a lesson, its prepared throw; online, the throw both
        players made: ``value``) and follow the board."""
        before = self.state
        tutorial = self.tutorial
        if tutorial is not None:
            value = tutorial.next_throw()
        given = value is not None
        value = self.session.throw(value)
        if given:  # a prepared or a two-player throw: sticks that show it
            if tutorial is not None:
                tutorial.on_throw(value)
            self.sticks = self.sticks_of(value)
        else:
            self.sticks = tuple(self.game.generator.last_sticks)
        self.last_throw = value
        self.throws += 1
        self.selected = None
        if before.opening and not self.state.opening:  # the colour draw is over
            self.tracker.update(self.state)  # black's piece on 10 moves to 11
            self.last_move = before.rules.opening_move
        return value

    def play(self, move: senet.Move) -> tuple:
        """Play ``move`` and follow the board; returns the states before and after it."""
        before = self.state
        after = self.session.play(move)
        if self.tutorial is not None:
            self.tutorial.on_play(move)
        self.tracker.update(after, move, before.side)
        self.selected = None
        self.preview = None
        if move == RESCUE:
            dst = next((sq for sq in after.pieces(before.side) if sq not in before.pieces(before.side)), None)
            self.last_move = (before.rules.water_square, dst) if dst else None
        elif move == PASS:
            self.last_move = None
        else:
            self.last_move = (place_of_square(move.src), place_of_square(move.dst))
        return before, after

    def jumped(self) -> None:
        """After undo or redo: follow the board and clear what was shown. The sticks show
        the throw pending in the position gone back to, or none: never a throw thrown
        after it (the throws that come are the same, and stay unseen until thrown)."""
        self.tracker.update(self.state)
        self.selected = None
        self.preview = None
        self.last_move = None
        self.thinking = None
        # the throw under way, whole: after a part of a throw used in parts is taken back
        # (Piccione, P2) the sticks show the throw and "N left" (throw_words) the rest of it
        self.last_throw = pending_throw(self.game)
        self.sticks = self.sticks_of(self.last_throw)
        self.jumps += 1

    # -- the game ---------------------------------------------------------------------
    @property
    def game(self) -> senet.Game:
        return self.session.game

    @property
    def state(self) -> senet.State:
        return self.session.game.state

    @property
    def rules(self) -> senet.Rules:
        return self.session.game.rules

    # -- who is who ---------------------------------------------------------------------
    def seat_of(self, colour: str):
        colours = self.game.seat_colours
        if colours is None:
            return None
        return 1 if colours[1] == colour else 2

    def colour_of(self, seat: int):
        colours = self.game.seat_colours
        return None if colours is None else colours[seat]

    @property
    def seat_to_act(self):
        if self.game.over:
            return None
        state = self.state
        if state.opening:  # SIDE names the seat: "w" is seat 1
            return 1 if state.side == "w" else 2
        return self.seat_of(state.side)

    def kind(self, seat: int) -> str:
        """The seat's player kind (names.KINDS), or REMOTE for the other device's seat."""
        return REMOTE if seat == self.remote else self.setup.players[seat - 1]

    def seat_name(self, seat: int) -> str:
        """What the page calls a seat (names.seat_label); in a game between two devices,
        the seat played at this device is "You", whatever name its player gave the other
        device to show."""
        if self.remote is not None and seat == 3 - self.remote:
            return t("names.seat.you")
        return seat_label(self.setup.players, self.setup.names, seat)

    @property
    def here(self):
        """The seat played at this device in a game between two devices, else None."""
        return None if self.remote is None else 3 - self.remote

    def is_you(self, seat) -> bool:
        """``seat`` is the one human at this device, whom messages call "You": its label
        is the one seat_label gives a lone human (in the language in use)."""
        return seat is not None and self.seat_name(seat) == seat_label(("human", "novice"), ("", ""), 1)

    def actor(self, colour: str) -> str:
        """Who plays ``colour``, as messages say it: "You" for the one human, else
        "White" / "Black"."""
        seat = self.seat_of(colour)
        if self.is_you(seat):
            return self.seat_name(seat)
        return SIDE_NAMES[colour]

    @property
    def you(self):
        """The colour of the one human, whom messages call "you"; None if there is none."""
        you = None
        for colour in SIDES:
            if self.is_you(self.seat_of(colour)):
                you = colour
        return you

    @property
    def human_to_act(self) -> bool:
        seat = self.seat_to_act
        return seat is not None and self.kind(seat) == "human" and self.replay is None  # never REMOTE

    # -- what the human may do ----------------------------------------------------------
    @property
    def can_throw(self) -> bool:
        if self.tutorial is not None and not self.tutorial.wants_throw():
            return False
        state = self.state  # a chance node, or the choice between throwing and rescuing
        return self.human_to_act and state.throw is None and state.to_act is not None

    @property
    def can_rescue(self) -> bool:
        if self.tutorial is not None and not self.tutorial.wants_rescue():
            return False
        return self.human_to_act and RESCUE in self.state.pre_throw_actions()

    @property
    def must_pass(self) -> bool:
        state = self.state
        return self.human_to_act and state.throw is not None and state.legal_actions() == [PASS]

    @property
    def movable(self) -> dict:
        """Origins of the human's legal moves, each with its moves (in a lesson, only
        those the lesson asks for)."""
        if not self.human_to_act or self.state.throw is None:
            return {}
        out = {}
        tutorial = self.tutorial
        for move in self.state.legal_actions():
            if not move.is_special and (tutorial is None or tutorial.allows(move)):
                out.setdefault(place_of_square(move.src), []).append(move)
        return out

    @property
    def targets(self) -> dict:
        """Destinations of the selected piece."""
        if self.selected is None:
            return {}
        return {place_of_square(m.dst): m for m in self.movable.get(self.selected, [])}
