"""The app's game flow, free of the DOM: one Controller owns the game.

app/main.py turns DOM events into Controller calls and app/view.py draws what the
Controller holds. Novice and Average decide here, on the page; the Expert's decisions
come from the injected ``think`` coroutine (the worker, app/worker.py, reached once
``before_think``, WorkerLink.free, says it is free), while the throws stay with the Game
and its seeded generator on this side. Nothing in this
module touches the browser, so tests drive it under CPython (tests/browser/test_app_controller.py,
tests/engine/test_app_persist.py) and MicroPython (tests/engine/test_micropython_app.py).

The same code runs in CPython, Pyodide and MicroPython (the page): no dataclasses,
typing, urllib or secrets; annotations are never needed at run time. What defines a
game and the URL's reading are in app/setup.py, the pieces' identities in
app/pieces.py, replays in app/replay.py; their names are importable from here too.
"""

import asyncio
import json
import random
import re

from phrases import random_phrase
from pieces import PieceTracker, loc_of, loc_order
from replay import REPLAY_SPEEDS, Replay, game_prefix, recorded_seats, step_seconds
from setup import KIND_NAMES, KINDS, SPEEDS, WORKER_KINDS, Setup, dialog_setup, parse_query, setup_from_query

import senet
from senet import PASS, RESCUE, THROW, turns
from senet.describe import event_text
from senet.describe import events as action_events
from senet.game import clean_player_name
from senet.session import Seat, Session
from senet.state import BLACK, WHITE, other
from senet.throws import COMMIT, commitment, phrase_problem

# Seconds a computer waits before each step of its turn (and after showing its choice,
# 60% of it), so that a person can follow; "instant" never waits.
PACE = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
# Seconds before a human's lost throw passes by itself (the OK button passes at once).
PASS_DELAY = {"slow": 2.5, "normal": 1.6, "fast": 0.9, "instant": 0.4}
COLOUR = {"w": "white", "b": "black"}
SIDE_NAMES = {"w": "White", "b": "Black"}
# A computer decision asked of the worker gives up after this many seconds (the Expert's
# own cap is 1.5 s; three times that, but at least 10 s), and the main thread decides
# instead with a weaker player. After WORKER_GIVE_UP failures in a row the worker is
# no longer asked for the rest of the visit.
THINK_TIMEOUT = 10.0
WORKER_GIVE_UP = 2
UNDO_NOTE = "Undo takes back your move; the throws stay the same."
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
SEED_BYTES = 16  # a new game's random seed: 128 bits
GAME_ID_BYTES = 8  # a game's id: 16 hex digits

# What the player is told when the worker fails (notice and error line). {player}: the
# level asked for; {problem}: WORKER_SLOW or WORKER_FAILED; {weaker}: the stand-in's
# level; {why}: the error.
WORKER_SLOW = "took too long to answer (more than {seconds:g} s)"
WORKER_FAILED = "stopped working"
FALLBACK_DECIDED = ("The {player} player {problem}, so {weaker} chose this move in its place. "
                    "The game goes on.")
FALLBACK_FIRST_LEGAL = ("The {player} player {problem}, and no other player could take its place ({why}): "
                        "the first possible move was played. The game goes on.")
WORKER_GIVEN_UP = (" Until you reload the page, the computer decides a little more simply "
                   "(Average in place of the Expert, Novice stays Novice).")
WORKER_GIVEN_UP_NO_FALLBACK = (" Until you reload the page, the computer plays its first possible move.")
# The stand-in failed while the worker was not asked (given up, or none).
FALLBACK_BROKEN = ("The computer player cannot decide ({why}): until you reload the page, it plays its "
                   "first possible move.")

__all__ = [
    "COLOUR", "Controller", "FALLBACK_BROKEN", "FALLBACK_DECIDED", "FALLBACK_FIRST_LEGAL", "KIND_NAMES",
    "KINDS", "LIVE_FIELDS", "NUMBER_WORDS", "NullView", "PACE", "PASS_DELAY", "PieceTracker", "Replay",
    "SIDE_NAMES", "SPEEDS", "Setup", "THINK_TIMEOUT", "UNDO_NOTE", "WORKER_FAILED", "WORKER_GIVE_UP",
    "WORKER_GIVEN_UP", "WORKER_GIVEN_UP_NO_FALLBACK", "WORKER_SLOW", "fallback_level", "game_prefix",
    "loc_of", "loc_order", "parse_query", "recorded_seats", "sentence", "setup_from_query",
    "system_random_bytes",
]


try:
    from os import urandom as system_random_bytes  # CPython, Pyodide
except ImportError:  # MicroPython: the page passes bytes from crypto.getRandomValues instead

    def system_random_bytes(n: int) -> bytes:
        """``n`` bytes from the module ``random`` (MicroPython has no os.urandom)."""
        return bytes(random.getrandbits(8) for _ in range(n))


async def _awaited(awaitable):
    """A coroutine around any awaitable (MicroPython's wait_for takes coroutines only)."""
    return await awaitable


# ------------------------------------------------------------------ controller


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# Words of the engine's explanations that a reason in plain words leaves out: the rule's
# clause ("(K9)") and the general "not possible" lines that name no rule.
RULE_CLAUSE = re.compile(r"\s*\([A-Z]\d+[^)]*\)")
GENERIC_REASONS = ("you must pass", "is not possible with a throw", "backward", "towards square",
                   "throw the sticks first")


def plain_reason(text: str) -> str:
    """An engine explanation without its rule clause."""
    return RULE_CLAUSE.sub("", str(text)).strip()


def voice(event: dict, you: str | None = None) -> str:
    """A senet.describe event (a dict) in the app's words; ``you``: the colour of the one
    human, who reads "you move", "your piece". A lost throw says why when no piece of the
    side can enter (its pieces wait in the supply, T2); otherwise the throw's own message
    has named the rule already (Controller.lost_reason)."""
    reason = event["kind"] == "pass" and (event.get("reason") or {}).get("why") == "no_entry"
    return event_text(event, you, reason)


def settled(event: dict) -> bool:
    """A win or a draw (said once, with the players' names, by Controller.result_text)."""
    return event["kind"] in ("win", "draw")


class NullView:
    """The view interface (app/view.py implements it); does nothing."""

    def render(self, ctl: "Controller") -> None:
        pass

    def announce(self, text: str) -> None:
        pass

    def set_speed(self, speed: str) -> None:
        pass

    def report_error(self, text: str) -> None:
        pass

    def notice(self, text: str) -> None:
        """A message that stays until dismissed (a saved game set aside, a worker failure)."""

    def sound(self, name: str) -> None:
        """A sound: throw, move, bump, water, off, win or loss (app/sound.js)."""


class Controller:
    """Owns the game, the seats and the flow of turns; the view only reads it."""

    def __init__(self, view=None, think=None, sleep=None, setup: Setup | None = None,
                 analyse=None, autosave=None, on_result=None, on_replace=None,
                 think_timeout: float = THINK_TIMEOUT, random_bytes=None, before_think=None,
                 think_timer=None):
        self.view = view or NullView()
        # The computers' decisions and the Expert's analysis: callables returning an
        # awaitable (a coroutine, or a JavaScript promise on the page).
        # (position, level, seed) -> action text: a move, or "throw" or "rescue" before a throw
        self.think = think
        self.analyse = analyse  # (position) -> JSON [[action or "throw", p], ...] (the Expert's)
        # () -> awaitable, awaited before each of those, outside think_timeout (the page:
        # until the worker has booted and has answered every earlier call, so that the
        # timeout counts only the worker's own work on this call, never a queue before
        # it); raising counts as a failure of the worker. A call whose state is no longer
        # the game's once it returns is not made at all.
        self.before_think = before_think
        # (level, what) -> a callable to call once the decision is made, or None: the page
        # marks each computer decision (performance "senet:think") for tests and benchmarks
        self.think_timer = think_timer
        # (n) -> n random bytes, for new games' seeds and ids (the page passes one over
        # crypto.getRandomValues: MicroPython has no os.urandom)
        self.random_bytes = random_bytes or system_random_bytes
        self.autosave = autosave  # (controller) -> None, after every throw and action
        self.on_result = on_result  # (session) -> None, once when a game ends
        self.on_replace = on_replace  # (session) -> None, before a new game replaces it
        self.think_timeout = think_timeout
        self.sleep = sleep or asyncio.sleep
        self.setup = Setup()
        self.session: Session | None = None
        self.tracker: PieceTracker | None = None
        self.gen = 0  # bumped by every new game: stale computer turns notice and stop
        self._loop_gen: int | None = None
        self._tasks: set = set()
        self.hints = False  # settings: the Expert's suggestion, and the win meter
        self.meter = False
        self.worker_failures = 0  # worker failures in a row
        self.worker_down = False  # given up on the worker: computers decide on this thread
        self.replay: Replay | None = None
        self._live: dict | None = None  # the game in progress, kept while a replay shows
        self.review = None  # the review shown: a review_data.GameReview (imported when needed)
        self.fallback_error: str | None = None  # why the stand-in player cannot run on this thread
        self._log_cache = (None, [])  # (game, [(entry, text)]): the move log's words, kept
        self.replay_speed = "1"  # settings: how fast a replay plays itself (REPLAY_SPEEDS)
        self.autoplay: int | None = None  # the replay is playing itself: its run's number
        self._autoplays = 0
        # the first-game tutorial (app/tutorial.py's Tutorial) while it shows; the game in
        # progress waits in _live, untouched, as it does during a replay
        self.tutorial = None
        self._offered_seed: int | None = None  # the seed the New game dialog committed to
        self.new_game(setup or Setup(), start=False)

    # -- setup -------------------------------------------------------------------
    def new_game(self, setup: Setup, start: bool = True) -> None:
        self._leave_tutorial()
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
            self._replace_live()
            self.review = None
        if game.throws == COMMIT:  # the seed stays in the game only, as in load()
            setup = setup.replace(seed=None)
        self._offered_seed = None  # the New game dialog's seed serves one game at most
        self._install(Session(setup.variant, seats, seed=seed, game=game), setup)
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

    def _install(self, session: Session, setup: Setup, counted: bool = False) -> None:
        """Make ``session`` the game shown and played, from its first or its current state."""
        self.setup = setup
        self.session = session
        # This tab's name for the game, saved with it: a fresh one for every game started
        # or loaded, so two tabs never write under the same id (see app/storage.py).
        self.game_id = self.new_game_id()
        self.tracker = PieceTracker(self.game.state)
        self.gen += 1
        self.counted = counted  # the result is in the statistics (once per game)
        self.resumed = False
        self.selected = None  # the place of the piece the human picked
        self.last_move = None  # (from, to) places of the last action
        self.last_throw: int | None = self.state.throw
        self.sticks: tuple[bool, ...] | None = self._sticks_of(self.state.throw)
        self.throws = 0  # number of throws so far (the view animates the sticks on change)
        self.thinking: int | None = None  # seat whose computer player is thinking
        self.preview: senet.Move | None = None  # a computer's chosen move, shown before it plays
        self.jumps = 0  # undo, redo and replay steps (the view redraws the sticks, unanimated)
        self.autoplay = None  # a replay opened, a game started or loaded: nothing plays itself
        self._advice: tuple | None = None  # (state, the Expert's best action, the mover's win probability)
        self._analysed: senet.State | None = None
        self.message = ""

    def _sticks_of(self, throw: int | None) -> tuple[bool, ...] | None:
        """The sticks of the generator's last throw, when they show ``throw``."""
        if throw is None:
            return None
        sticks = tuple(self.game.generator.last_sticks)
        light = sum(sticks)
        if (light or self.rules.none_value) == throw:
            return sticks
        light = 0 if throw > 4 else throw  # an injected throw: any sticks that show it
        return tuple(i < light for i in range(4))

    def load(self, session: Session, expert_nodes: int | None = None, counted: bool = False) -> None:
        """Resume a saved session exactly where it was (call start() to show it); a replay
        showing is closed without going back to the game it kept aside."""
        self.tutorial = None
        self.replay = None
        self.review = None
        self._live = None
        game = session.game
        position = None if game.start_state == game.rules.start() else game.start_state.position()
        seats = session.seats
        seed = None if game.throws == COMMIT else game.seed  # a committed seed stays in the game only
        setup = Setup(game.variant, (seats[1].kind, seats[2].kind), (seats[1].name, seats[2].name),
                      seed, self.setup.speed, position, expert_nodes)
        self._install(session, setup.checked(), counted)
        self.resumed = True

    def start(self, warnings: list[str] | tuple = ()) -> None:
        """Begin the game made by the constructor or load() (once the page is ready)."""
        text = self.resume_text() if self.resumed else self.intro_text()
        if warnings:
            text += " (Ignored: " + "; ".join(warnings) + ".)"
        self.announce(text)
        self.changed()
        self.save()

    def offer_new_game(self) -> dict:
        """What the New game dialog shows as it opens: the ``commit`` (SHA-256) of a
        fresh secret seed, kept here for the game the dialog starts, and fresh random
        words, the ``phrase`` offered (app/phrases.py). The player sees the commitment
        before typing, as in the Fair throws box, so the seed cannot suit the phrase."""
        self._offered_seed = self.new_seed()
        return {"commit": commitment(self._offered_seed), "phrase": random_phrase(self.random_bytes)}

    def setup_from_dialog(self, variant: str, players, names, phrase: str) -> tuple:
        """The New game dialog's fields as a Setup to pass to new_game, and None; or
        None and the sentence the dialog shows by its phrase field (nothing changes).
        The seed is the one offer_new_game committed to (a fresh one if none was); the
        speed and the Expert's budget stay those in use (the toolbar's speed)."""
        if self._offered_seed is None:
            self._offered_seed = self.new_seed()
        setup, problem = dialog_setup(self.setup, variant, players, names, phrase, self._offered_seed)
        return setup, (sentence(problem) if problem is not None else None)

    def play_again(self) -> None:
        self.new_game(self.setup.replace(seed=None, position=None, phrase=None))

    def set_speed(self, speed: str) -> None:
        if speed in SPEEDS:
            self.setup = self.setup.replace(speed=speed)
            self.view.set_speed(speed)

    # -- who is who -------------------------------------------------------------
    @property
    def game(self) -> senet.Game:
        return self.session.game

    @property
    def state(self) -> senet.State:
        return self.game.state

    @property
    def rules(self) -> senet.Rules:
        return self.game.rules

    def seat_of(self, colour: str) -> int | None:
        colours = self.game.seat_colours
        if colours is None:
            return None
        return 1 if colours[1] == colour else 2

    def colour_of(self, seat: int) -> str | None:
        colours = self.game.seat_colours
        return None if colours is None else colours[seat]

    @property
    def seat_to_act(self) -> int | None:
        if self.game.over:
            return None
        state = self.state
        if state.opening:  # SIDE names the seat: "w" is seat 1
            return 1 if state.side == "w" else 2
        return self.seat_of(state.side)

    def kind(self, seat: int) -> str:
        return self.setup.players[seat - 1]

    def seat_name(self, seat: int) -> str:
        name = self.setup.names[seat - 1].strip()
        if name:
            return name
        kinds = self.setup.players
        kind = kinds[seat - 1]
        if kind == "human":
            return "You" if kinds.count("human") == 1 else f"Player {seat}"
        if kinds[0] == kinds[1]:
            return f"{KIND_NAMES[kind]} {seat}"
        return KIND_NAMES[kind]

    def side_name(self, colour: str) -> str:
        return SIDE_NAMES[colour]

    def actor(self, colour: str) -> str:
        """Who plays ``colour``, as messages say it: "You" for the one human, else
        "White" / "Black"."""
        seat = self.seat_of(colour)
        if seat is not None and self.seat_name(seat) == "You":
            return "You"
        return SIDE_NAMES[colour]

    def said(self, events, side: str) -> list:
        """senet.describe events of ``side``'s action in words, with "you" for the one human."""
        you = None
        for colour in ("w", "b"):
            if self.actor(colour) == "You":
                you = colour
        return [voice(event, you) for event in events]

    # -- why not: the rules in plain words ---------------------------------------
    def _piece_reason(self, state: senet.State, src) -> str | None:
        """Why the piece at ``src`` (a square, or senet.SUPPLY) cannot move with the throw."""
        t = state.throw
        rules = state.rules
        if src == senet.SUPPLY:
            dsts = [t, 31 - t]
        else:
            dsts = [d for d in (src + t, src - t) if 1 <= d <= 30] + [senet.OFF]
        found = []
        for dst in dsts:
            try:
                reason = plain_reason(rules.explain(state, senet.Move(src, dst)))
            except Exception:  # an odd candidate the rules cannot even explain
                continue
            if not any(g in reason for g in GENERIC_REASONS):
                found.append(reason)
        # a rule that holds back every piece ("while your piece is in the water...") first
        general = [r for r in found if r.startswith("while")]
        return (general or found or [None])[0]

    def lost_reason(self, state: senet.State) -> str:
        """Why no move is possible with ``state``'s throw, in one short clause: the rule
        that holds back most pieces (and the one that holds back the rest, if another)."""
        side = state.side
        srcs = list(state.pieces(side))
        if state.rules.has_supply and state.supply[0 if side == "w" else 1] > 0:
            srcs.append(senet.SUPPLY)
        counts = {}
        for src in srcs:
            reason = self._piece_reason(state, src)
            if reason is not None:
                counts[reason] = counts.get(reason, 0) + 1
        if not counts:
            return f"no piece can move {state.throw} square{'s' if state.throw != 1 else ''}"
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], not kv[0].startswith("while"), kv[0]))
        own = [r for r, _ in ranked if r.startswith("square ") and r.endswith("holds your own piece")]
        others = [r for r, _ in ranked if r not in own]
        parts = others[:2]
        if own and len(parts) < 2:
            parts.append("your own pieces stand where the others would land" if len(own) > 1 else own[0])
        text = ", and ".join(parts)
        if self.actor(side) != "You":
            colour = COLOUR[side]
            text = (text.replace("your own", colour + "'s own").replace(" your ", f" {colour}'s ")
                    .replace("you may", colour + " may").replace("your ", colour + "'s "))
        return text

    def refusal(self, loc) -> str | None:
        """Why a click on ``loc`` (a square, "supply" or "off") does nothing, or None when
        there is nothing to say (an empty square, a replay). In the tutorial: the rule's
        reason, and what the lesson asks for."""
        if self.replay is not None:
            return None
        tutorial = self.tutorial
        if tutorial is not None:
            if tutorial.done:
                return tutorial.hint()
            state = self.state
            src = senet.SUPPLY if loc == "supply" else loc
            legal = [m for m in state.legal_actions() if not m.is_special and m.src == src] \
                if state.throw is not None and isinstance(src, int) else []
            if legal:
                return f"That move is allowed in a game, but not the one this lesson is about. {tutorial.hint()}"
            why = self._refusal(loc)
            if why is not None and why.startswith("Throw the sticks first"):
                if tutorial.wants_throw():
                    return why  # says it all
                why = None  # a rescue first: the hint says so
            return f"{why} {tutorial.hint()}" if why else tutorial.hint()
        return self._refusal(loc)

    def _refusal(self, loc) -> str | None:
        """refusal() in a game."""
        state = self.state
        if self.game.over:
            return "The game is over: Play again or New game… starts another."
        if isinstance(loc, int):
            owner = state.square(loc)
            owner = owner if owner in ("w", "b") else None
        elif loc == "supply" and self.rules.has_supply:
            owner = None  # the trays: only the side to act's supply is worth a word
            if self.human_to_act and state.supply[0 if state.side == "w" else 1] > 0:
                owner = state.side
        else:
            return None
        if owner is None:
            return None
        seat = self.seat_to_act
        if not self.human_to_act:
            return f"Please wait: it is {self.seat_name(seat)}'s turn." if seat is not None else None
        if state.opening:
            return "Throw the sticks first: the colour draw decides who plays black."
        if owner != state.side:
            return (f"That is a {COLOUR[owner]} piece; you play {COLOUR[state.side]}."
                    if self.actor(state.side) == "You" else
                    f"That is a {COLOUR[owner]} piece; {COLOUR[state.side]} is to play.")
        if state.throw is None:
            return "Throw the sticks first: the throw says how far a piece moves."
        if state.legal_actions() == [PASS]:
            return sentence(f"No piece can move with this throw: {self.lost_reason(state)}")
        src = senet.SUPPLY if loc == "supply" else loc
        reason = self._piece_reason(state, src)
        what = "This piece"
        if reason is None:
            return sentence(f"{what} cannot move {state.throw} with this throw; another one can")
        return sentence(f"{what} cannot move with a {state.throw}: {reason}")

    @property
    def human_to_act(self) -> bool:
        seat = self.seat_to_act
        return seat is not None and self.kind(seat) == "human" and self.replay is None

    # -- what the human may do ---------------------------------------------------
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
        """Origins of the human's legal moves, each with its moves."""
        if not self.human_to_act or self.state.throw is None:
            return {}
        out = {}
        for move in self.state.legal_actions():
            if not move.is_special and (self.tutorial is None or self.tutorial.allows(move)):
                out.setdefault(loc_of(move.src), []).append(move)
        return out

    @property
    def targets(self) -> dict:
        """Destinations of the selected piece."""
        if self.selected is None:
            return {}
        return {loc_of(m.dst): m for m in self.movable.get(self.selected, [])}

    # -- human actions (from DOM events) -----------------------------------------
    def throw(self) -> bool:
        if not self.can_throw:
            return False
        self._throw()
        self.changed()
        return True

    def rescue(self) -> bool:
        if not self.can_rescue:
            return False
        self._play(RESCUE)
        self.changed()
        return True

    def pass_turn(self) -> bool:
        if not self.must_pass:
            return False
        self._play(PASS)
        self.changed()
        return True

    def activate(self, loc: int | str) -> bool:
        """A click, tap or Enter on a piece or place: select it, play to it, or deselect.
        A piece with a single destination plays at once."""
        targets = self.targets
        if loc in targets:
            self._play(targets[loc])
            self.changed()
            return True
        moves = self.movable.get(loc)
        if moves and loc != self.selected:
            if len(moves) == 1:
                self._play(moves[0])
                self.changed()
                return True
            self.selected = loc
            self.view.render(self)
            return True
        if self.selected is not None:
            self.selected = None
            self.view.render(self)
        why = self.refusal(loc) if not moves else None
        if why:
            self.announce(why)
        return False

    def deselect(self) -> None:
        if self.selected is not None:
            self.selected = None
            self.view.render(self)

    # -- steps ------------------------------------------------------------------
    def announce(self, text: str) -> None:
        self.message = text
        self.view.announce(text)

    def intro_text(self) -> str:
        title = self.rules.title
        if self.state.opening:
            return (f"New game of Senet, {title} rules. Colour draw: {self.seat_name(1)} and "
                    f"{self.seat_name(2)} throw in turn; the first to throw a 1 plays black.")
        first = self.seat_to_act
        if self.setup.position:
            return (f"Senet, {title} rules, from a set position. {self.side_name(self.state.side)} "
                    f"({self.seat_name(first)}) is to play.")
        if self.actor(self.state.side) == "You":
            return (f"New game of Senet, {title} rules. You play {COLOUR[self.state.side]} and "
                    f"throw first.")
        return (f"New game of Senet, {title} rules. {self.side_name(self.state.side)} "
                f"({self.seat_name(first)}) throws first.")

    def _throw(self) -> None:
        before = self.state
        seat = self.seat_to_act
        tutorial = self.tutorial
        value = self.session.throw(tutorial.next_throw() if tutorial is not None else None)
        self._sound("throw")
        if tutorial is not None:  # a prepared throw: sticks that show it
            tutorial.on_throw(value)
            self.sticks = self._sticks_of(value)
        else:
            self.sticks = tuple(self.game.generator.last_sticks)
        self.last_throw = value
        self.throws += 1
        self.selected = None
        if before.opening:
            text = f"Colour draw: {self.seat_name(seat)} threw {value}."
            if not self.state.opening:
                name = self.seat_name(seat)
                text += (f" {name} {'play' if name == 'You' else 'plays'} black, whose piece on 10 "
                         f"moves to 11; black throws again.")
                self.tracker.update(self.state)
                self.last_move = (10, 11)
            self.announce(text)
            self.save()
            return
        text = f"{self.actor(before.side)} threw {value}."
        if self.state.legal_actions() == [PASS]:
            text = (f"{self.actor(before.side)} threw {value}: the throw is lost. "
                    + sentence(self.lost_reason(self.state)))
        self.announce(text)
        self.save()  # a pending throw survives a reload: no fishing for another

    def _play(self, move: senet.Move) -> None:
        before = self.state
        after = self.session.play(move)
        if self.tutorial is not None:
            self.tutorial.on_play(move)
        self.tracker.update(after, move, before.side)
        self.selected = None
        self.preview = None
        if move == RESCUE:
            dst = next((sq for sq in after.pieces(before.side) if sq not in before.pieces(before.side)), None)
            self.last_move = (27, dst) if dst else None
        elif move == PASS:
            self.last_move = None
        else:
            self.last_move = (loc_of(move.src), loc_of(move.dst))
        events = action_events(before, move, after)
        self._sound(self._sound_of(move, events, before.side, after))
        text = ""
        if self.game.over:  # said once, with the players' names, by result_text()
            events = [e for e in events if not settled(e)]
        text += " ".join(sentence(e) for e in self.said(events, before.side))
        if self.game.over:
            text = (text + " " + self.result_text()).strip()
        self.announce(text)
        if self.game.over and not self.counted:
            self.counted = True
            if self.on_result is not None:
                self.on_result(self.session)
        self.save()

    def _sound(self, name) -> None:
        if name and hasattr(self.view, "sound"):
            self.view.sound(name)

    def _sound_of(self, move, events, side: str, after) -> str | None:
        """The sound of an action: the end of the game, a bump, the water, bearing off or a move."""
        if after.is_terminal and after.winner in ("w", "b"):
            humans = [seat for seat in (1, 2) if self.kind(seat) == "human"]
            if len(humans) == 1 and self.colour_of(humans[0]) != after.winner:
                return "loss"
            return "win"
        if move == PASS:
            return None
        if any(e["kind"] == "bump" for e in events):
            return "bump"
        if any(e["kind"] == "into_water" for e in events) or (
                not move.is_special and move.dst == 27 and after.square(27) == side):
            return "water"
        if not move.is_special and move.dst == senet.OFF:
            return "off"
        return "move"

    def result_text(self) -> str:
        result = self.game.result
        if result is None:
            return ""
        if result == "draw":
            return f"The game is drawn: {self.draw_reason}."
        if self.actor(result) == "You":
            text = f"You win, with the {COLOUR[result]} pieces!"
        else:
            text = f"{self.side_name(result)} ({self.seat_name(self.seat_of(result))}) wins!"
        points = self.penalty
        if points is not None:
            loser = "b" if result == "w" else "w"
            whose = "Your" if self.actor(loser) == "You" else f"{self.side_name(loser)}'s"
            text += f" {whose} penalty: {points} point{'s' if points != 1 else ''}."
        return text

    @property
    def draw_reason(self) -> str:
        """Why the game is drawn, for people: without the rule clause the engine cites."""
        return re.sub(r"\s*\([A-Z]\d+[^)]*\)\s*$", "", self.game.draw_reason or "").strip()

    @property
    def penalty(self) -> int | None:
        """The loser's penalty points once the game is won, in a rule set that scores one
        (Havens, V8); None elsewhere."""
        result = self.game.result
        if not self.game.rules.has_penalty or result not in (WHITE, BLACK):
            return None
        return senet.penalty(self.state, other(result))

    def changed(self) -> None:
        self.view.render(self)
        self.kick()
        self.consider_analysis()

    # -- saving ---------------------------------------------------------------------
    def save(self) -> None:
        """Autosave the game in progress (never a replay)."""
        if self.autosave is not None and self.replay is None and self.tutorial is None:
            self.autosave(self)

    def _replace_live(self, finished_too: bool = False) -> None:
        """A new game is about to replace the one in progress: on_replace may keep it
        (``finished_too``: even a finished one, as "Play from here" does)."""
        live = self._live["session"] if self._live else self.session
        # on_replace is called while a replay still shows, so that live_game_id and
        # live_setup name the game in progress, not the replay
        if live is not None and self.on_replace is not None:
            if finished_too:
                self.on_replace(live, True)
            else:
                self.on_replace(live)
        self.replay = None
        self._live = None

    def resume_text(self) -> str:
        title = self.rules.title
        if self.game.over:
            return f"Welcome back. Your game of Senet, {title} rules, is over. {self.result_text()}"
        n = self.game.actions
        who = self.seat_name(self.seat_to_act)
        text = (f"Welcome back: your game of Senet, {title} rules, is as you left it "
                f"({n} move{'s' if n != 1 else ''} played). {who} {'are' if who == 'You' else 'is'} to play")
        throw = self.state.throw
        return text + (f", with a throw of {throw} to use." if throw is not None else ".")

    # -- undo and redo (human decisions; the throws never change) -------------------
    @property
    def can_undo(self) -> bool:
        return self.replay is None and self.tutorial is None and self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.replay is None and self.tutorial is None and self.session.can_redo

    def undo(self) -> bool:
        """Back to just before the last human decision (the computer's reply included),
        with the same throw pending: undo never throws the sticks again."""
        if not self.can_undo:
            return False
        self.session.undo()
        self._jumped()
        seat = self.seat_to_act
        who = self.seat_name(seat) if seat is not None else ""
        whose = "your" if who == "You" else f"{who}'s"
        throw = self.state.throw
        where = f"back to {whose} throw of {throw}" if throw is not None else f"back to {whose} turn"
        self.announce(f"Move taken back: {where}. {UNDO_NOTE}")
        self.changed()
        self.save()
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self.session.redo()
        self._jumped()
        text = "Move played again."
        if self.game.over:
            text += " " + self.result_text()
        self.announce(text)
        self.changed()
        self.save()
        return True

    def _jumped(self) -> None:
        """After undo, redo or a replay step: follow the board and clear what was shown."""
        self.tracker.update(self.state)
        self.selected = None
        self.preview = None
        self.last_move = None
        self.thinking = None
        self.last_throw = self.state.throw
        self.sticks = self._sticks_of(self.state.throw)
        self.jumps += 1

    # -- replay ------------------------------------------------------------------------
    @property
    def live_session(self) -> Session:
        """The game in progress (also while a replay shows another)."""
        return self._live["session"] if self._live else self.session

    @property
    def live_setup(self) -> Setup:
        return self._live["setup"] if self._live else self.setup

    @property
    def live_game_id(self) -> str:
        """The id of the game in progress (a replay showing has an id of its own)."""
        return self._live["game_id"] if self._live else self.game_id

    def record_text(self) -> str:
        """The record the game-record dialog shows: the replay's (with the players it
        recorded), or the game in progress with a "player" line for each seat."""
        if self.replay is not None:
            return self.replay.full.record_text()
        return self.session.record_text()

    def is_live_record(self, text: str) -> bool:
        """``text`` is the record of the game in progress, with or without "player" lines."""
        live = self.live_session
        return text.strip() in (live.record_text().strip(), live.game.record_text(players={}).strip())

    def open_replay(self, game: senet.Game, step: int | None = None, own: bool = False) -> None:
        """Show ``game`` (a replayed record) step by step; the game in progress waits,
        untouched, until close_replay() or play_from_replay(). ``own``: it is that game."""
        self._leave_tutorial()
        if self.replay is None:
            self._live = {name: getattr(self, name) for name in LIVE_FIELDS}
        live_session, live_setup = self._live["session"], self._live["setup"]
        seats = dict(live_session.seats) if own else recorded_seats(game)
        last = len(game.entries)
        self.replay = Replay(game, last if step is None else max(0, min(step, last)), own)
        shown = game_prefix(game, self.replay.step)
        setup = Setup(game.variant, (seats[1].kind, seats[2].kind), (seats[1].name, seats[2].name),
                      game.seed, live_setup.speed, None, live_setup.expert_nodes)
        self._install(Session(game.variant, seats, game=shown), setup, counted=True)
        self._show_step(None)

    def open_record(self, text: str, game: senet.Game, own: bool = False) -> None:
        """Replay ``game``, read from the record ``text`` (kept, so that Verify names the
        lines of that very text)."""
        self.open_replay(game, own=own)
        self.replay.source = text

    def replay_to(self, step: int, auto: bool = False) -> None:
        """Show step ``step`` of the replay; a step the player takes (not ``auto``) pauses
        the replay playing itself."""
        replay = self.replay
        if replay is None:
            return
        if not auto:
            self.autoplay = None
        step = max(0, min(step, replay.last))
        before = replay.step
        replay.step = step
        game = game_prefix(replay.full, step)
        self.session = Session(game.variant, self.session.seats, game=game)
        self._show_step(before)

    def _show_step(self, before: int | None) -> None:
        replay = self.replay
        game, step = replay.full, replay.step
        entry = game.entries[step - 1] if step else None
        forward = before is not None and step == before + 1 and entry is not None
        if forward and entry.action is not None:
            mover = game.states[step - 1].side
            self.tracker.update(self.state, entry.action, mover)
        else:
            self.tracker.update(self.state)
        self.selected = self.preview = None
        self.thinking = None
        self.last_move = None
        if entry is not None and entry.action is not None and not entry.action.is_special:
            self.last_move = (loc_of(entry.action.src), loc_of(entry.action.dst))
        self.last_throw = entry.throw if entry is not None else None
        self.sticks = None if self.last_throw is None else tuple(
            i < (0 if self.last_throw > 4 else self.last_throw) for i in range(4))
        self.jumps += 1
        self.announce(self.step_text())
        self.view.render(self)

    def step_text(self) -> str:
        """What the replay step shows, in words; with the review's word on the decision
        taken there when the review shows it."""
        text = self._step_words()
        index = self.review_focus
        if index is not None:
            text += " Review: " + self.review.decision_text(index, self.review_names())
        return text

    def _step_words(self) -> str:
        replay = self.replay
        game, step = replay.full, replay.step
        head = f"Replay, step {step} of {replay.last}."
        if step == 0:
            return f"{head} The start of the game ({self.rules.title} rules)."
        entry = game.entries[step - 1]
        before = game.states[step - 1]
        if entry.draw:
            return f"{head} Colour draw: {self.seat_name(1 if entry.side == 'w' else 2)} threw {entry.throw}."
        text = head
        if entry.throw is not None:
            text += f" {self.actor(entry.side)} threw {entry.throw}."
            if before.throw is None:
                before = turns.after_throw(before, entry.throw)
        if entry.action is not None:
            after = game.states[step]
            events = [e for e in action_events(before, entry.action, after) if not settled(e)]
            text += "".join(" " + sentence(e) for e in self.said(events, before.side))
        if step == replay.last and game.over:
            text += " " + self.result_text()
        return text

    # -- the replay playing itself ---------------------------------------------------
    def set_replay_speed(self, speed: str) -> None:
        """How fast the replay plays itself (one of REPLAY_SPEEDS); a run going on takes
        the new pace from its next step."""
        if speed in REPLAY_SPEEDS:
            self.replay_speed = speed

    def toggle_autoplay(self) -> bool:
        """Play or pause the replay playing itself; True when it plays now. From the last
        step it starts again at the first. It stops by itself at the last step."""
        replay = self.replay
        if replay is None or self.autoplay is not None or replay.last == 0:
            self.stop_autoplay()
            return False
        if replay.step >= replay.last:
            self.replay_to(0, auto=True)
        self._autoplays += 1
        self.autoplay = self._autoplays
        self.view.render(self)
        self._spawn(self._autoplay(self.autoplay))
        return True

    def stop_autoplay(self) -> None:
        """Pause the replay playing itself (the player left, or asked)."""
        if self.autoplay is not None:
            self.autoplay = None
            self.view.render(self)

    async def _autoplay(self, run: int) -> None:
        """One step every step_seconds(replay_speed), through the same replay_to as the
        buttons, while this run is the one going on (a step the player takes, closing the
        replay or opening another ends it)."""
        while self.autoplay == run:
            await self.sleep(step_seconds(self.replay_speed))
            replay = self.replay
            if self.autoplay != run or replay is None:
                return
            step = replay.step + 1
            if step >= replay.last:
                self.autoplay = None  # the last step: shown, and the run is over
            self.replay_to(step, auto=True)

    # -- the review (app/review_data.py; the numbers come from the worker) --------------
    def begin_review(self, nodes: int = 0):
        """A new review (review_data.GameReview) of the game shown: the replayed record,
        or the game in progress."""
        from review_data import GameReview

        if self.replay is not None:
            self.review = GameReview(self.replay.full, self.replay.own, nodes)
        else:
            self.review = GameReview(self.game, True, nodes)
        self.view.render(self)
        return self.review

    def close_review(self) -> None:
        self.review = None
        self.view.render(self)

    def review_names(self) -> dict:
        """Who played each colour in the reviewed game, as the replay names them."""
        return {colour: self.actor(colour) for colour in ("w", "b")}

    def show_decision(self, index: int) -> None:
        """Show decision ``index`` of the review on the board: the replay at the position
        where it was taken, with the better action marked."""
        review = self.review
        if review is None or not 0 <= index < len(review.decisions):
            return
        self.stop_autoplay()  # the player chose where to look: a replay playing itself pauses
        review.focus = index
        step = review.decisions[index]["ply"] - 1
        if self.replay is not None and self.replay.full is review.game:
            before = self.replay.step
            self.replay.step = step
            game = game_prefix(review.game, step)
            self.session = Session(game.variant, self.session.seats, game=game)
            self._show_step(before)
        else:
            self.open_replay(review.game, step, own=review.own)

    @property
    def review_focus(self) -> int | None:
        """The review's decision at the replay step shown: the one chosen from the review
        when the replay is at its position, else the decision taken there, or None."""
        review, replay = self.review, self.replay
        if review is None or replay is None or replay.full is not review.game or review.data is None:
            return None
        focus = review.focus
        if focus is not None and review.decisions[focus]["ply"] - 1 == replay.step:
            return focus
        return review.at_step(replay.step)

    @property
    def better_move(self) -> senet.Move | None:
        """The better action of the decision shown, when it is a move on the board."""
        index = self.review_focus
        if index is None:
            return None
        pair = self.review.better_move(index)
        if pair is None:
            return None
        try:
            return senet.parse_move(pair[0] + "-" + pair[1])
        except senet.SenetError:
            return None

    # -- the move log -------------------------------------------------------------
    def entry_text(self, game: senet.Game, index: int) -> str:
        """Entry ``index`` of ``game``'s record in plain words ("You threw 3. You move from
        14 to 17. White's piece on 17 is bumped to square 14.")."""
        entry = game.entries[index]
        if entry.draw:
            return f"{self.seat_name(1 if entry.side == 'w' else 2)} threw {entry.throw} for colours."
        who = self.actor(entry.side)
        before = game.states[index]
        parts = []
        if entry.throw is not None:
            parts.append(f"{who} threw {entry.throw}.")
            if before.throw is None:
                before = turns.after_throw(before, entry.throw)
        if entry.action is not None:
            events = action_events(before, entry.action, game.states[index + 1])
            parts += [sentence(e) for e in self.said(events, entry.side)]
        return " ".join(parts)

    def log_turns(self) -> list:
        """The move log, newest first: one group per turn (a side's throws and actions in a
        row), each ``(number, who, [(step, text), ...newest first])``; ``step`` is the
        replay step that shows the position after that entry."""
        game = self.game
        cache = self._log_cache if self._log_cache[0] is game else (game, [])
        texts = cache[1]
        entries = game.entries
        keep = 0
        while keep < len(texts) and keep < len(entries) and texts[keep][0] is entries[keep]:
            keep += 1
        del texts[keep:]
        for i in range(keep, len(entries)):
            texts.append((entries[i], self.entry_text(game, i)))
        self._log_cache = cache
        turns = []
        for i, (entry, text) in enumerate(texts):
            key = (entry.side, entry.draw)
            if not turns or turns[-1][0] != key:
                seat = self.seat_of(entry.side) if not entry.draw else None
                who = "Colour draw" if entry.draw else (
                    f"{self.seat_name(seat)} ({COLOUR[entry.side]})" if seat is not None else self.actor(entry.side))
                turns.append([key, who, []])
            turns[-1][2].append((i + 1, text))
        out = []
        for n, (_key, who, items) in enumerate(turns):
            out.append((n + 1, who, list(reversed(items))))
        out.reverse()
        return out

    def summary(self) -> dict:
        """What happened in the game, for the game-over panel: the number of turns, and per
        side ("w", "b") the bumps made and suffered and the pieces lost to the water."""
        game = self.game
        out = {"turns": 0, "w": {"bumps": 0, "bumped": 0, "water": 0}, "b": {"bumps": 0, "bumped": 0, "water": 0}}
        last = None
        for i, entry in enumerate(game.entries):
            if entry.draw:
                continue
            if entry.side != last:
                out["turns"] += 1
                last = entry.side
            if entry.action is None:
                continue
            before = game.states[i]
            if before.throw is None and entry.throw is not None:
                before = turns.after_throw(before, entry.throw)
            opp = other(entry.side)
            after = game.states[i + 1]
            fell = False
            for event in action_events(before, entry.action, after):
                if event["kind"] == "bump":
                    out[entry.side]["bumps"] += 1
                    out[opp]["bumped"] += 1
                    if event["water"]:
                        out[opp]["water"] += 1
                elif event["kind"] == "into_water" and not event["fall_back"]:
                    fell = True
            action = entry.action
            # Kendall, Thibault: a piece that lands on 27 stays there, in the water
            if fell or (not action.is_special and action.dst == 27 and after.square(27) == entry.side):
                out[entry.side]["water"] += 1
        return out

    def open_log_step(self, step: int) -> None:
        """A log entry was chosen: replay the game at that moment (in a replay: go there)."""
        self._leave_tutorial()
        if self.replay is not None:
            self.replay_to(step)
            return
        self.open_replay(self.game, step, own=True)

    def close_replay(self) -> None:
        """Back to the game in progress, as it was."""
        if self.replay is None:
            return
        for name, value in self._live.items():
            setattr(self, name, value)
        self._live = None
        self.replay = None
        self.autoplay = None
        self.gen += 1
        self.throws = 0
        self.announce("Back to your game.")
        self.changed()

    # -- the first-game tutorial (app/tutorial.py) ----------------------------------------
    def open_tutorial(self, tutorial) -> None:
        """Show the tutorial's lesson on the board; the game in progress waits, untouched
        and unsaved-over, until close_tutorial() (a replay showing is closed first)."""
        if self.replay is not None:
            self.close_replay()
        if self.tutorial is None:
            self._live = {name: getattr(self, name) for name in LIVE_FIELDS}
        self.tutorial = tutorial
        self._show_lesson()

    def tutorial_go(self, index: int) -> bool:
        """Lesson ``index`` from its start (Back, Next, or the same lesson again)."""
        if self.tutorial is None or not self.tutorial.go(index):
            return False
        self._show_lesson()
        return True

    def _show_lesson(self) -> None:
        from tutorial import SEED, VARIANT

        tutorial = self.tutorial
        lesson = tutorial.lesson
        tutorial.go(tutorial.index)
        live_setup = self._live["setup"]
        game = senet.Game(VARIANT, seed=SEED, start=lesson.start())
        # white never acts in a lesson; the player is "You", black
        seats = {1: Seat("human", "White"), 2: Seat("human", "You")}
        setup = Setup(VARIANT, ("human", "human"), ("White", "You"), SEED, live_setup.speed, lesson.position,
                      live_setup.expert_nodes)
        self._install(Session(VARIANT, seats, game=game), setup.checked(), counted=True)
        self.announce(f"{tutorial.heading()}.")  # the panel's own live region reads the lesson
        self.changed()

    def close_tutorial(self) -> bool:
        """Back to the game in progress, exactly as it was."""
        if not self._leave_tutorial():
            return False
        self.announce("Back to your game.")
        self.changed()
        return True

    def _leave_tutorial(self) -> bool:
        if self.tutorial is None:
            return False
        for name, value in self._live.items():
            setattr(self, name, value)
        self._live = None
        self.tutorial = None
        self.gen += 1
        self.throws = 0
        return True

    def play_from_replay(self) -> bool:
        """Make the replayed position the game in progress (the players stay those of the
        game it replaces; the throws go on from the record's seed). The game it replaces,
        finished or not, goes to on_replace to be kept (the page asks first)."""
        replay = self.replay
        if replay is None:
            return False
        if replay.full.sealed:
            self.announce("This record keeps its seed sealed until the game ends, so the game cannot go on "
                          "here: its committed throws are unknown. The replay works; your game is unchanged.")
            return False
        live = self._live
        seats = dict(live["session"].seats)
        game = game_prefix(replay.full, replay.step)
        self._replace_live(finished_too=True)
        self.review = None
        session = Session(game.variant, seats, game=game)
        self.load(session, live["setup"].expert_nodes)
        self.resumed = False
        self.announce(f"Playing on from step {replay.step} of the record. " + self.resume_text().split(": ", 1)[-1])
        self.changed()
        self.save()
        return True

    # -- throws anyone can verify (docs/fair-throws.md) ----------------------------------
    @property
    def shown_game(self) -> senet.Game:
        """The whole game on the board: the replayed record, or the game in progress."""
        return self.replay.full if self.replay is not None else self.game

    def fair_info(self) -> dict:
        """What the game's information says about its throws: ``committed``, ``commit``,
        ``phrase``, ``editable`` (the phrase may change: no throw yet), ``seed`` (text,
        "" until the end reveals it), ``summary`` and ``note`` (sentences)."""
        game = self.shown_game
        if game.throws != COMMIT:
            return {"committed": False, "commit": "", "phrase": "", "editable": False, "seed": "",
                    "summary": "no commitment",
                    "note": "This game's throws come from a seed given by a link, or the game began before "
                            "throws could be verified: there is no commitment to check."}
        editable = self.replay is None and not game.thrown and not game.over
        seed = str(game.seed) if game.over and not game.sealed else ""
        if editable:
            note = ("The seed of the throws is fixed and kept secret; the commitment above is its SHA-256. "
                    "Your phrase is mixed into every throw: keep the one offered or type your own before "
                    "the first throw (or in New game, before the game starts, when the computer throws "
                    "first). The seed is revealed when the game ends.")
        elif seed:
            note = "The game is over and the seed is revealed: Verify checks every throw against it."
        elif game.sealed:
            note = "This record does not reveal its seed: its throws can be checked only with the record " \
                   "written at the end of the game."
        else:
            note = "The seed stays secret until the game ends; then anyone can check every throw."
        short = game.commit[:8] + "…" + game.commit[-4:]
        summary = f"commitment {short}" + (", seed revealed" if seed else "")
        return {"committed": True, "commit": game.commit, "phrase": game.phrase, "editable": editable,
                "seed": seed, "summary": summary, "note": note}

    def set_phrase(self, text: str) -> str | None:
        """Mix the player's phrase into the throws of the game in progress (before its
        first throw). None when done; otherwise why not, and nothing changes."""
        text = str(text).strip(" \t\n\r")
        game = self.game
        if self.replay is not None:
            return "A replay is showing: go back to your game to change its phrase."
        if game.throws != COMMIT:
            return "This game has no commitment, so it takes no phrase."
        if game.thrown:
            return "The phrase is fixed once the first throw is made."
        if text == game.phrase:
            return None
        problem = phrase_problem(text)
        if problem is not None:
            return sentence(problem)
        game.set_phrase(text)
        self.announce(f"Your phrase \u201c{text}\u201d is mixed into the throws." if text else
                      "No phrase: the throws come from the seed alone.")
        self.changed()
        self.save()
        return None

    def verify_text(self) -> str:
        """senet.verify's answer for the game on the board, in plain words: an imported
        record is checked as its text was (its line numbers), a game by its record."""
        from senet.verify import verify_record  # only when asked

        replay = self.replay
        if replay is not None and replay.source is not None:
            text = replay.source
        elif replay is not None:
            text = replay.full.record_text()
        else:
            text = self.session.record_text()
        return verify_words(verify_record(text))

    def throw_counts(self) -> tuple:
        """(counts by category, the rule set's none-value) of every throw of the game on
        the board (senet.throw_stats)."""
        from senet.throw_stats import game_counts  # only when the statistics are asked for

        game = self.shown_game
        return game_counts(game), game.rules.none_value

    def record_file_name(self) -> str:
        """The download's name: the seed only where it is no secret."""
        game = self.shown_game
        tag = game.commit[:16] if game.throws == COMMIT else str(game.seed)
        return f"senet-{game.variant}-{tag}.txt"

    # -- hints and the win meter (the Expert, in the worker) ---------------------------
    def set_advice(self, hints: bool, meter: bool) -> None:
        self.hints, self.meter = bool(hints), bool(meter)
        self._analysed = None
        self.view.render(self)
        self.consider_analysis()

    @property
    def real_choice(self) -> bool:
        """The human to act has more than one thing to do (a hint is worth giving)."""
        state = self.state
        if state.throw is not None:
            return len(state.legal_actions()) > 1
        return bool(state.pre_throw_actions())

    def _advice_now(self) -> tuple | None:
        advice = self._advice
        return advice if advice is not None and advice[0] is self.state else None

    @property
    def hint(self) -> str | None:
        """The Expert's suggestion for the human to act: a move, "rescue" or "throw"."""
        advice = self._advice_now()
        return advice[1] if advice and self.hints and self.real_choice else None

    @property
    def hint_move(self) -> senet.Move | None:
        text = self.hint
        if text is None or text == "throw":
            return None
        try:
            return senet.parse_move(text)
        except senet.SenetError:
            return None

    @property
    def advice_pending(self) -> bool:
        """An analysis was asked for this state and has not come back yet."""
        return (self.hints or self.meter) and self._analysed is self.state and self._advice_now() is None

    @property
    def win_prob(self) -> float | None:
        """The Expert's estimate that the side to act wins (a draw counts one half)."""
        advice = self._advice_now()
        return advice[2] if advice and self.meter else None

    def consider_analysis(self) -> None:
        """On a human's turn, ask the worker's Expert for its ranking when hints or the
        meter are on. Never on this thread: the Expert would freeze the page."""
        if self.analyse is None or self.replay is not None or self.worker_down or self.tutorial is not None:
            return
        if not (self.hints or self.meter) or not self.human_to_act or self.state.opening:
            return
        state = self.state
        if self._analysed is state or (not self.meter and not self.real_choice):
            return
        self._analysed = state
        self._spawn(self._analyse(state, self.gen))

    async def _analyse(self, state: senet.State, gen: int) -> None:
        try:
            if self.before_think is not None:
                await self.before_think()
            if gen != self.gen or self.state is not state:
                return  # the game moved on while the worker was busy: ask nothing
            text = await asyncio.wait_for(_awaited(self.analyse(state.position())), self.think_timeout)
            ranked = json.loads(str(text))
            action, prob = str(ranked[0][0]), float(ranked[0][1])
        except Exception as exc:  # no hint this time; the game is not affected
            if gen == self.gen and self.state is state:
                self._advice = (state, None, None)
                self.view.report_error(f"no hint: {exc}")
                self.view.render(self)
            return
        if gen != self.gen or self.state is not state:
            return
        self._advice = (state, action, prob)
        self.view.render(self)

    # -- the flow of turns ---------------------------------------------------------
    def kick(self) -> None:
        """Start the turn loop unless one runs for this game (it stops at a human's turn)."""
        if self._loop_gen == self.gen or self.game.over or self.replay is not None or self.tutorial is not None:
            return
        self._loop_gen = self.gen
        self._spawn(self._advance(self.gen))

    def _spawn(self, coro) -> None:
        """Run ``coro`` as a task, held in ``_tasks`` until it ends (a task nothing
        refers to may be collected before it ends)."""

        async def run():
            try:
                await coro
            finally:
                self._tasks.discard(task)

        runner = run()
        try:
            task = asyncio.create_task(runner)
        except RuntimeError:  # CPython, called outside a running loop (a test): the task
            task = asyncio.get_event_loop().create_task(runner)  # waits for that loop to run
        self._tasks.add(task)

    def _stale(self, gen: int, state: senet.State) -> bool:
        return gen != self.gen or self.game.state is not state

    async def _advance(self, gen: int) -> None:
        try:
            while gen == self.gen and not self.game.over:
                seat = self.seat_to_act
                state = self.state
                if self.kind(seat) == "human":
                    kind, action = turns.step(state)
                    if kind == turns.FORCED and action == PASS:
                        await self.sleep(PASS_DELAY[self.setup.speed])
                        if not self._stale(gen, state):
                            self._play(PASS)
                            self.view.render(self)
                        continue
                    break
                await self._computer_step(gen, seat)
        finally:
            if self._loop_gen == gen:
                self._loop_gen = None
        if gen == self.gen:
            self.consider_analysis()  # a human's turn: hints and the meter, when asked for

    async def _computer_step(self, gen: int, seat: int) -> None:
        state = self.state
        pace = PACE[self.setup.speed]
        await self.sleep(pace)
        if self._stale(gen, state):
            return
        level = self.kind(seat)
        seed = (self.game.seed or 0) * 2 + seat  # one player per seat, reproducible per game
        kind, move = turns.step(state)
        if kind == turns.CHANCE:
            self._throw()
            self.view.render(self)
            return
        legal = state.legal_actions()
        if kind == turns.CHOICE:  # a move, or before a throw THROW or RESCUE
            move = legal[0]
            text = await self._ask(self.think, state, level, seed, seat)
            if self._stale(gen, state):
                return
            try:
                chosen = senet.parse_move(text)
            except (senet.SenetError, TypeError):
                chosen = None
            if chosen in legal:
                move = chosen
            elif text is not None or state.throw is not None:
                self.view.report_error(f"{level} player chose '{text}', not a legal move; playing {move}")
        if move == THROW:
            self._throw()
            self.view.render(self)
            return
        if pace and not move.is_special:
            self.preview = move
            self.view.render(self)
            await self.sleep(pace * 0.6)
            if self._stale(gen, state):
                return
        self._play(move)
        self.view.render(self)

    async def _ask(self, fn, state: senet.State, level: str, seed: int, seat: int) -> str | None:
        """A computer's decision: from the worker (``fn``) within ``think_timeout``; when it
        fails or takes too long, from a player no stronger than Average on this thread;
        None when that one cannot run either (the caller then plays the first legal action,
        or throws)."""
        if level not in WORKER_KINDS:  # Novice and Average: on the page, never the worker
            done = self._mark_think(state, level)
            try:
                return self._decide_here(state, level, seed)
            finally:
                done()
        self.thinking = seat
        self.view.render(self)
        try:
            failure = None
            if fn is not None and not self.worker_down:
                try:
                    if self.before_think is not None:
                        await self.before_think()
                    if self.game.state is not state:
                        return None  # undone or replaced meanwhile: the caller drops it
                    done = self._mark_think(state, level)  # the worker's own work, not its queue
                    try:
                        answer = await asyncio.wait_for(_awaited(fn(state.position(), level, seed)),
                                                        self.think_timeout)
                    finally:
                        done()
                except Exception as exc:  # a failing or hanging worker must not stop the game
                    failure = exc
                else:
                    self.worker_failures = 0
                    return answer
            answer = self._decide_here(state, level, seed, tell=failure is None)
            if failure is not None:
                self._worker_failed(failure, level)
            return answer
        finally:
            self.thinking = None

    def _mark_think(self, state: senet.State, level: str):
        """Starts the page's mark of one computer decision; returns the call that ends it."""
        if self.think_timer is None:
            return lambda: None
        return self.think_timer(level, "move" if state.throw is not None else "pre-throw")

    def _worker_failed(self, exc: BaseException, level: str) -> None:
        """Tell the player what stood in for the worker that failed (``_decide_here`` has run)."""
        self.worker_failures += 1
        if isinstance(exc, asyncio.TimeoutError):
            problem = WORKER_SLOW.format(seconds=self.think_timeout)
        else:
            problem = WORKER_FAILED
        player = KIND_NAMES.get(level, level)
        # the error itself is for the console, not for the player
        self.view.report_error(f"The {player} player failed ({error_text(exc)})")
        if self.fallback_error is None:
            text = FALLBACK_DECIDED.format(player=player, problem=problem, weaker=KIND_NAMES[fallback_level(level)])
        else:
            text = FALLBACK_FIRST_LEGAL.format(player=player, problem=problem, why=self.fallback_error)
        if self.worker_failures >= WORKER_GIVE_UP and not self.worker_down:
            self.worker_down = True
            text += WORKER_GIVEN_UP if self.fallback_error is None else WORKER_GIVEN_UP_NO_FALLBACK
        self._notify(text)

    def _tell(self, text: str) -> None:
        self.view.report_error(text)
        self.view.notice(text)

    def _notify(self, text: str) -> None:
        """A notice for the player (the error was reported on its own)."""
        self.view.notice(text)

    def _decide_here(self, state: senet.State, level: str, seed: int, tell: bool = True) -> str | None:
        """Novice's or Average's decision on this thread (quick; imported on first use):
        their own, or the stand-in for a failed Expert. None when it cannot run:
        ``fallback_error`` then says why, and it is not tried again; the player is told
        once (``tell``: here, else the caller's own words name it)."""
        if self.fallback_error is not None:
            return None
        try:
            from senet.ai import kept_player

            return str(kept_player(fallback_level(level), seed).choose(state))
        except Exception as exc:  # not expected, but it must not stop the game either
            self.fallback_error = error_text(exc)
            if tell:
                self._tell(FALLBACK_BROKEN.format(why=self.fallback_error))
            return None

    async def idle(self) -> None:
        """Wait until the turn loop stops (a human's turn or the end); for tests."""
        while self._loop_gen is not None:
            await asyncio.sleep(0)


def verify_words(verdict) -> str:
    """A senet.verify Verdict as the app says it."""
    from senet.verify import INVALID, MISMATCH, NO_COMMITMENT, SEALED, VERIFIED

    text = sentence(verdict.message)
    if verdict.status == VERIFIED:
        return "Verified" + text[len("Verified"):]
    lead = {MISMATCH: "Not verified: ", SEALED: "Cannot verify yet: ", NO_COMMITMENT: "Nothing to verify: ",
            INVALID: "This record cannot be checked: "}[verdict.status]
    return lead + text[0].lower() + text[1:]


def error_text(exc: BaseException) -> str:
    """An exception in a few words: the last line of its message, or its type."""
    text = str(exc).strip()
    return text.splitlines()[-1] if text else type(exc).__name__


def fallback_level(level: str) -> str:
    """The player that stands in on the main thread: Novice for Novice, else Average."""
    return "novice" if level == "novice" else "average"


# Controller attributes of the game in progress, kept aside while a replay shows.
LIVE_FIELDS = ("session", "setup", "game_id", "tracker", "counted", "resumed", "selected", "last_move",
               "last_throw", "sticks", "throws", "jumps", "thinking", "preview", "_advice",
               "_analysed", "message")
