"""The app's game flow, free of the DOM: one Controller, the facade that app/main.py and
app/view/view.py use, composed of small parts that each hold one duty.

- app/flow/table.py: ``Table``, one game on the board (the live game, a replay or a lesson):
  its session, Setup, pieces, selection, last move and who sits where. The Controller
  shows one table (``table``) and keeps the live game's (``live``) aside meanwhile.
- app/flow/turn_loop.py: the computers' turns and the stand-in when the worker fails.
- app/flow/advice.py: hints and the win meter. app/words/narration.py and app/words/reasons.py: the
  messages and the reasons a click does nothing. app/words/move_log.py: the move log.
- app/flow/replay_flow.py and app/flow/review_focus.py: replays, the replay playing itself, the
  game review on the board. app/flow/lesson_flow.py: the tutorial's lessons on the board.
  app/flow/fair.py: throws anyone can verify. app/flow/history.py: undo.

Here: new games, saved games resumed, the human's actions, each throw and action played
and told, saving, and which table shows. Its names with an
underscore (``_play``, ``_throw``, ``_show``...) are for its parts, not for the page.
Nothing here touches the browser, so tests drive it under CPython
(tests/app/test_app_controller.py and the other test_app_*.py) and MicroPython
(tests/app/test_micropython_app.py). The same code runs in CPython, Pyodide and
MicroPython (the page): no dataclasses, typing, urllib or secrets.
"""

import asyncio
import random

import senet
from app.flow.advice import Advice
from app.flow.fair import FairThrows, verify_words
from app.flow.history import History, undo_note
from app.flow.lesson_flow import LessonFlow
from app.flow.replay_flow import ReplayFlow
from app.flow.review_focus import ReviewFocus
from app.flow.setup import KIND_NAMES, SPEEDS, Setup, parse_query, setup_from_query
from app.flow.table import COLOUR, SIDE_NAMES, Table
from app.flow.turn_loop import THINK_TIMEOUT, TurnLoop
from app.flow.view_interface import NullView
from app.game.pieces import loc_order, place_of_square
from app.words import narration
from app.words.move_log import MoveLog, told_events
from app.words.narration import sentence
from app.words.phrases import random_phrase
from app.words.reasons import forced_words, lost_reason, refusal
from senet import PASS, RESCUE
from senet.game import clean_player_name
from senet.session import Seat, Session
from senet.throws import COMMIT
from senet.words import t

SEED_BYTES = 16  # a new game's random seed: 128 bits
GAME_ID_BYTES = 8  # a game's id: 16 hex digits

# Names main.py, view.py and the tests import from here; each is defined in the module
# of its duty.
__all__ = [
    "COLOUR", "Controller", "KIND_NAMES", "NullView", "SIDE_NAMES", "SPEEDS", "Setup",
    "place_of_square", "loc_order", "parse_query", "setup_from_query", "system_random_bytes", "undo_note", "verify_words",
]


try:
    from os import urandom as system_random_bytes  # CPython, Pyodide
except ImportError:  # MicroPython: the page passes bytes from crypto.getRandomValues instead

    def system_random_bytes(n: int) -> bytes:
        """``n`` bytes from the module ``random`` (MicroPython has no os.urandom)."""
        return bytes(random.getrandbits(8) for _ in range(n))


class Controller:
    """Owns the game, the seats and the flow of turns; the view only reads it."""

    def __init__(self, view=None, think=None, sleep=None, setup: Setup | None = None,
                 analyse=None, autosave=None, on_result=None, on_replace=None,
                 think_timeout: float = THINK_TIMEOUT, random_bytes=None, before_think=None,
                 think_timer=None):
        self.view = view or NullView()
        # (n) -> n random bytes, for new games' seeds and ids (the page passes one over
        # crypto.getRandomValues: MicroPython has no os.urandom)
        self.random_bytes = random_bytes or system_random_bytes
        self.autosave = autosave  # (controller) -> None, after every throw and action
        self.on_result = on_result  # (session) -> None, once when a game ends
        self.on_replace = on_replace  # (session) -> None, before a new game replaces it
        self.sleep = sleep or asyncio.sleep
        self.gen = 0  # bumped by every table shown: stale computer turns notice and stop
        # The computers' decisions (``think``) and the Expert's analysis (``analyse``):
        # callables returning an awaitable (a coroutine, or a JavaScript promise on the page).
        self.turn_loop = TurnLoop(self, think, self.sleep, think_timeout, before_think, think_timer)
        self.advice = Advice(self, analyse)
        self.replays = ReplayFlow(self)
        self.reviews = ReviewFocus(self)
        self.fair = FairThrows(self)
        self.history = History(self)
        self.lessons = LessonFlow(self)
        self.log = MoveLog()
        # The game between two devices in progress (app/online/flow.py's OnlineFlow), or None:
        # its side's throws and actions go through it, not straight to the table.
        self.online = None
        self.live: Table | None = None  # the game in progress, also while a replay or a lesson shows
        self.table: Table | None = None  # the game on the board
        self.new_game(setup or Setup(), start=False)

    # The shown table's fields, and the parts' state, as the page and the tests read them.

    # -- setup -------------------------------------------------------------------
    def new_game(self, setup: Setup, start: bool = True) -> None:
        self.lessons.leave()
        setup = setup.checked()
        seed = setup.seed if setup.seed is not None else self.new_seed()
        # a name the page or a URL passed on is kept as a record can hold it (no control
        # or direction-override characters, at most 40 characters)
        seats = {n: Seat(kind, clean_player_name(name)) for n, kind, name in zip((1, 2), setup.players, setup.names)}
        first = senet.parse_position(setup.position) if setup.position else None
        if setup.seed is None or setup.phrase is not None:
            # committed throws (docs/fair-throws.md): the seed stays secret until the end
            phrase = setup.phrase if setup.phrase is not None else random_phrase(self.random_bytes)
            game = senet.Game(setup.variant, seed=seed, start=first, throws=COMMIT, phrase=phrase)
        else:  # a link's seed: public from the start, nothing to commit to
            game = senet.Game(setup.variant, seed=seed, start=first)
        if start:
            self.replace_live()
            self.reviews.review = None
        if game.throws == COMMIT:  # the seed stays in the game only, as in load()
            setup = setup.replace(seed=None)
        self.fair.offered_seed = None  # the New game dialog's seed serves one game at most
        self.install(Session(setup.variant, seats, seed=seed, game=game), setup)
        if start:
            self.announce(self.intro_text())
            self.changed()
            self.save()

    def new_seed(self) -> int:
        """A new game's seed: a random 128-bit whole number."""
        return int.from_bytes(bytes(self.random_bytes(SEED_BYTES)), "big")

    def new_game_id(self) -> str:
        """A fresh name for a game (16 hex digits)."""
        return bytes(self.random_bytes(GAME_ID_BYTES)).hex()

    def install(self, session: Session, setup: Setup, counted: bool = False, stood_in: bool = False) -> None:
        """Make ``session`` the game in progress, shown and played, from its first or its
        current state."""
        self.show(Table(session, setup, self.new_game_id(), counted, stood_in=stood_in))
        self.live = self.table

    def show(self, table: Table) -> None:
        """Put ``table`` on the board (a replay or a lesson: the live game's waits aside)."""
        self.table = table
        self.gen += 1
        self.replays.autoplay = None  # a replay opened, a game started or loaded: nothing plays itself

    def back_to_live(self) -> None:
        """The live game's table back on the board, as it was."""
        self.table = self.live
        self.gen += 1
        self.table.throws = 0

    def play_online(self, flow, session: Session, setup: Setup, remote: int, counted: bool = False,
                    resumed: bool = False) -> None:
        """Show and play a game between two devices (``flow``: app/online/flow.py's
        OnlineFlow): ``remote`` is the seat played on the other device."""
        if not resumed:
            self.replace_live()
        self.reviews.review = None
        self.install(session, setup.checked(), counted)
        self.table.play_online(flow, remote)
        self.table.resumed = resumed
        self.announce(self.resume_text() if resumed else self.intro_text())
        self.changed()
        self.save()

    def load(self, session: Session, expert_nodes: int | None = None, counted: bool = False,
             stood_in: bool = False) -> None:
        """Resume a saved session exactly where it was (call start() to show it); a replay
        showing is closed without going back to the game it kept aside. ``stood_in``: a
        player on the page decided for its Expert (Table.stood_in)."""
        self.reviews.review = None
        game = session.game
        position = None if game.start_state == game.rules.start() else game.start_state.position()
        seats = session.seats
        seed = None if game.throws == COMMIT else game.seed  # a committed seed stays in the game only
        setup = Setup(game.variant, (seats[1].kind, seats[2].kind), (seats[1].name, seats[2].name),
                      seed, self.table.setup.speed, position, expert_nodes)
        self.install(session, setup.checked(), counted, stood_in)
        self.table.resumed = True

    def start(self, warnings: list[str] | tuple = ()) -> None:
        """Begin the game made by the constructor or load() (once the page is ready). The
        link's ``warnings`` (values it could not use) are a notice: the message line is
        the game's, and a computer's first move would replace them there at once."""
        self.announce(self.resume_text() if self.table.resumed else self.intro_text())
        if warnings:
            self.view.notice(t("flow.start.ignored_notice", warnings=t("flow.start.ignored_joiner").join(warnings)),
                             "link")
        self.changed()
        self.save()


    def play_again(self) -> None:
        self.new_game(self.table.setup.replace(seed=None, position=None, phrase=None))

    def set_speed(self, speed: str) -> None:
        if speed in SPEEDS:
            self.table.setup = self.table.setup.replace(speed=speed)
            self.view.set_speed(speed)

    # -- who is who (the shown table's) -------------------------------------------------

    def side_name(self, colour: str) -> str:
        return SIDE_NAMES[colour]

    # -- words (app/words/narration.py, app/words/reasons.py, app/words/move_log.py) ------------------------
    def refusal(self, loc) -> str | None:
        """Why a click on ``loc`` does nothing (reasons.refusal), or None."""
        return refusal(self.table, loc)

    def intro_text(self) -> str:
        return narration.intro_text(self.table)

    def resume_text(self) -> str:
        return narration.resume_text(self.table)

    def result_text(self) -> str:
        return narration.result_text(self.table)

    draw_reason = property(lambda self: narration.draw_reason(self.table))
    # ("3 left", "then a throw more") while a throw is used in parts (narration.throw_words)
    throw_words = property(lambda self: narration.throw_words(self.table.state, self.table.rules))
    penalty = property(lambda self: narration.penalty(self.table))

    def log_turns(self) -> list:
        """The move log of the game shown, newest first (move_log.MoveLog.turns)."""
        return self.log.turns(self.table)

    def log_groups(self) -> list:
        """The move log of the game shown, oldest turn first (move_log.MoveLog.groups)."""
        return self.log.groups(self.table)

    def summary(self) -> dict:
        """What happened in the game shown, for the game-over panel (move_log.summary)."""
        return self.log.summary(self.table)

    def announce(self, text: str) -> None:
        self.table.message = text
        self.view.announce(text)

    # -- what the human may do (the shown table's) ------------------------------------

    # -- human actions (from DOM events) -----------------------------------------
    def throw(self) -> bool:
        """The person at this device throws (the seat to act says how: here, or over the
        link to the other device)."""
        if not self.table.can_throw:
            return False
        return self.table.source(self.table.seat_to_act).throw(self)

    def rescue(self) -> bool:
        if not self.table.can_rescue:
            return False
        self.decide(RESCUE)
        return True

    def pass_turn(self) -> bool:
        if not self.table.must_pass:
            return False
        self.decide(PASS)
        return True

    def cannot_go_on(self) -> bool:
        self.announce(t("online.cannot_go_on"))  # only in a game between two devices
        self.view.render(self)
        return False

    def decide(self, move) -> bool:
        """The person at this device chose ``move``: the seat to act plays it (here, or
        sent to the other device first)."""
        return self.table.source(self.table.seat_to_act).decide(self, move)

    def activate(self, loc: int | str, touch: bool = False) -> bool:
        """A click, tap or Enter on a piece or place: select it, play to it, or deselect.
        A piece with a single destination plays at once, except on a touch screen
        (``touch``): there the first tap selects it and shows where it lands, and a
        second tap on the piece or on its target plays it."""
        targets = self.table.targets
        if loc in targets:
            self.decide(targets[loc])
            return True
        moves = self.table.movable.get(loc)
        if touch and moves and loc == self.table.selected and len(moves) == 1:
            self.decide(moves[0])
            return True
        if moves and loc != self.table.selected:
            if len(moves) == 1 and not touch:
                self.decide(moves[0])
                return True
            self.table.selected = loc
            self.view.render(self)
            return True
        if self.table.selected is not None:
            self.table.selected = None
            self.view.render(self)
        why = self.refusal(loc) if not moves else None
        if why:
            self.announce(why)
        return False

    def deselect(self) -> None:
        if self.table.selected is not None:
            self.table.selected = None
            self.view.render(self)

    # -- a throw or an action, played and told -------------------------------------
    def do_throw(self, value=None) -> None:
        """Throw the sticks (``value``: the throw both devices made) and tell it."""
        table = self.table
        before = table.state
        seat = table.seat_to_act
        value = table.throw(value)
        self.sound("throw")
        if before.opening:
            name = table.seat_name(seat)
            if table.state.opening:
                text = t("flow.throw.draw", name=name, value=value)
            elif table.is_you(seat):  # the colour draw is over: this thrower plays black
                text = t("flow.throw.draw_black_you", value=value)
            else:
                text = t("flow.throw.draw_black", name=name, value=value)
        elif table.state.legal_actions() == [PASS]:
            text = t("flow.throw.lost", actor=table.actor(before.side), value=value,
                     reason=sentence(lost_reason(table, table.state)))
        else:
            text = t("flow.throw.thrown", actor=table.actor(before.side), value=value)
            forced = forced_words(table, table.state)  # no choice, or only a move back: why
            if forced:
                text = text + " " + sentence(forced)
        self.announce(text)
        self.save()  # a pending throw survives a reload: no fishing for another

    def do_play(self, move: senet.Move) -> None:
        table = self.table
        before, after = table.play(move)
        events = told_events(before, move, after)  # its line in the move log reads them too
        self.sound(narration.sound_of(table, move, events, before.side, after))
        over = table.game.over
        if over:  # said once, with the players' names, by result_text()
            events = [e for e in events if not narration.settled(e)]
        text = narration.sentences(sentence(e) for e in narration.said(table, events, before.side))
        if over:
            text = narration.sentences([text, narration.result_text(table)]).strip()
        self.announce(text)
        if over:
            self.count_result()
        self.save()

    def count_result(self) -> None:
        """The game shown has just ended: on_result counts it, once."""
        table = self.table
        if table.game.over and not table.counted:
            table.counted = True
            if self.on_result is not None:
                self.on_result(table.session)

    def sound(self, name) -> None:
        if name and hasattr(self.view, "sound"):
            self.view.sound(name)

    def changed(self) -> None:
        self.view.render(self)
        self.turn_loop.kick()
        self.advice.consider()

    # -- saving ---------------------------------------------------------------------
    def save(self) -> None:
        """Autosave the game in progress (never a replay or a lesson)."""
        if self.autosave is not None and self.table is self.live:
            self.autosave(self)

    def replace_live(self, finished_too: bool = False) -> None:
        """A new game is about to replace the one in progress: on_replace may keep it
        (``finished_too``: even a finished one, as "Play from here" does). It is called
        while a replay still shows, so that live_game_id and live_setup name the game in
        progress, not the replay."""
        if self.live is not None and self.on_replace is not None:
            if finished_too:
                self.on_replace(self.live.session, True)
            else:
                self.on_replace(self.live.session)

    # -- undo and redo (app/flow/history.py) ----------------------------------------------------

    # -- the game in progress, and the record -----------------------------------------
    live_session = property(lambda self: self.live.session)  # the game in progress, also while a replay shows
    live_setup = property(lambda self: self.live.setup)
    live_game_id = property(lambda self: self.live.game_id)

    def record_text(self) -> str:
        """The record the game-record dialog shows: the replay's (with the players it
        recorded), or the game in progress with a "player" line for each seat."""
        if self.table.replay is not None:
            return self.table.replay.full.record_text()
        return self.table.session.record_text()

    def is_live_record(self, text: str) -> bool:
        """``text`` is the record of the game in progress, with or without "player" lines."""
        live = self.live_session
        return text.strip() in (live.record_text().strip(), live.game.record_text(players={}).strip())

    # -- replays and the review (app/flow/replay_flow.py, app/flow/review_focus.py) ------------------

    def open_record(self, text: str, game: senet.Game, own: bool = False) -> None:
        """Replay ``game``, read from the record ``text`` (kept, so that Verify names the
        lines of that very text)."""
        self.replays.open(game, own=own)
        self.table.replay.source = text


    # -- the first-game tutorial (app/flow/lesson_flow.py, app/flow/tutorial.py) ---------------------

    # -- throws anyone can verify (app/flow/fair.py) --------------------------------------------

    # -- hints and the win meter (app/flow/advice.py) -------------------------------------------

    # -- the flow of turns (app/flow/turn_loop.py) ------------------------------------------------
