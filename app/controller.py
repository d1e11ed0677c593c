"""The app's game flow, free of the DOM: one Controller owns the game.

app/main.py turns DOM events into Controller calls and app/view.py draws what the
Controller holds. Computer players never run here: their decisions come from the
injected ``think`` / ``think_pre_throw`` coroutines (the worker, app/worker.py), while
the throws stay with the Game and its seeded generator on this side. Nothing in this
module touches the browser, so tests drive it under CPython (tests/browser/test_app_controller.py).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import secrets
from dataclasses import dataclass, replace
from urllib.parse import parse_qs

import senet
from senet import OFF, PASS, RESCUE, SUPPLY
from senet.session import Seat, Session

KINDS = ("human", "novice", "average", "expert")
KIND_NAMES = {"human": "Human", "novice": "Novice", "average": "Average", "expert": "Expert"}
SPEEDS = ("slow", "normal", "fast", "instant")
# Seconds a computer waits before each step of its turn (and after showing its choice,
# 60% of it), so that a person can follow; "instant" never waits.
PACE = {"slow": 1.2, "normal": 0.6, "fast": 0.25, "instant": 0.0}
# Seconds before a human's lost throw passes by itself (the OK button passes at once).
PASS_DELAY = {"slow": 2.5, "normal": 1.6, "fast": 0.9, "instant": 0.4}
COLOUR = {"w": "white", "b": "black"}
# A computer decision asked of the worker gives up after this many seconds (the Expert's
# own cap is 1.5 s; three times that, but at least 10 s), and the main thread decides
# instead with a weaker player. After WORKER_GIVE_UP failures in a row the worker is
# no longer asked for the rest of the visit.
THINK_TIMEOUT = 10.0
WORKER_GIVE_UP = 2
UNDO_NOTE = "Undo takes back your move; the throws stay the same."
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}

Loc = int | str  # a square 1..30, "supply" or "off"


def loc_of(square: int) -> Loc:
    """Where a move's square number points: SUPPLY -> "supply", OFF -> "off"."""
    if square == SUPPLY:
        return "supply"
    if square == OFF:
        return "off"
    return square


def loc_order(loc: Loc) -> int:
    """Sort key along the track: supply first, then 1..30, then off."""
    return 0 if loc == "supply" else 31 if loc == "off" else int(loc)


# ------------------------------------------------------------------ setup


@dataclass(frozen=True)
class Setup:
    """Everything that defines a new game. Seat 1 plays white, or throws first in the
    colour draw of jequier and havens (where the draw decides the colours)."""

    variant: str = "kendall"
    players: tuple[str, str] = ("average", "human")
    names: tuple[str, str] = ("", "")
    seed: int | None = None
    speed: str = "normal"
    position: str | None = None  # start from this position (notation) instead of the usual start
    expert_nodes: int | None = None  # the Expert's search budget (None: the engine's default)

    def checked(self) -> Setup:
        if self.variant not in senet.VARIANTS:
            raise ValueError(f"unknown rule set '{self.variant}'")
        if self.position is not None and senet.parse_position(self.position).variant != self.variant:
            raise ValueError("the start position belongs to another rule set")
        for kind in self.players:
            if kind not in KINDS:
                raise ValueError(f"unknown player '{kind}' (choose {', '.join(KINDS)})")
        if self.speed not in SPEEDS:
            raise ValueError(f"unknown speed '{self.speed}' (choose {', '.join(SPEEDS)})")
        return self


def setup_from_query(query: str, base: Setup | None = None) -> tuple[Setup | None, list[str]]:
    """A Setup from URL parameters, or None when none of them is given.

    ``?variant=kendall&white=expert&black=human&seed=7&speed=instant`` (also
    ``white_name``/``black_name``). Unknown values are skipped with a warning.
    """
    params = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
    keys = {"variant", "white", "black", "seed", "speed", "white_name", "black_name", "position",
            "expert_nodes"}
    if not keys & params.keys():
        return None, []
    setup = base or Setup()
    warnings: list[str] = []
    variant = params.get("variant", setup.variant).strip().lower()
    if variant not in senet.VARIANTS:
        warnings.append(f"unknown rule set '{variant}', playing {setup.variant}")
        variant = setup.variant
    position = None
    if "position" in params:
        try:
            start = senet.parse_position(params["position"])
        except senet.SenetError as exc:
            warnings.append(f"bad position: {exc}")
        else:
            if start.is_terminal:
                warnings.append("the position is already over")
            else:
                position, variant = start.position(), start.variant
    players = list(setup.players)
    for i, key in enumerate(("white", "black")):
        if key in params:
            kind = params[key].strip().lower()
            if kind in KINDS:
                players[i] = kind
            else:
                warnings.append(f"unknown player '{kind}' for {key}")
    names = list(setup.names)
    for i, key in enumerate(("white_name", "black_name")):
        if key in params:
            names[i] = params[key].strip()[:24]
    seed = setup.seed
    if "seed" in params:
        try:
            seed = int(params["seed"])
        except ValueError:
            warnings.append(f"the seed must be a whole number, not '{params['seed']}'")
    speed = params.get("speed", setup.speed).strip().lower()
    if speed not in SPEEDS:
        warnings.append(f"unknown speed '{speed}'")
        speed = setup.speed
    nodes = setup.expert_nodes
    if "expert_nodes" in params:
        text = params["expert_nodes"].strip()
        if text.isdigit() and 100 <= int(text) <= 1_000_000:
            nodes = int(text)
        else:
            warnings.append(f"expert_nodes must be a whole number from 100 to 1000000, not '{text}'")
    return Setup(variant, tuple(players), tuple(names), seed, speed, position, nodes), warnings


# ------------------------------------------------------------------ pieces


class PieceTracker:
    """Stable identities for the pieces (``w1``, ``b3``...), so that the view can move
    the same element from square to square. The engine only knows a board string; after
    each action the pieces that left a place are matched with the places that filled."""

    def __init__(self, state: senet.State):
        self.loc: dict[str, Loc] = {}
        self.reset(state)

    def reset(self, state: senet.State) -> None:
        self.loc = {}
        for i, colour in enumerate("wb"):
            places: list[Loc] = list(state.pieces(colour))
            places += ["supply"] * state.supply[i] + ["off"] * state.off[i]
            for n in range(state.rules.pieces):
                self.loc[f"{colour}{n + 1}"] = places[n] if n < len(places) else "off"

    def at(self, loc: Loc, colour: str | None = None) -> list[str]:
        return [p for p, where in self.loc.items() if where == loc and (colour is None or p[0] == colour)]

    def update(self, state: senet.State, move: senet.Move | None = None, mover: str | None = None) -> None:
        """Follow the board to ``state``; ``move`` (by ``mover``) is matched first."""
        for i, colour in enumerate("wb"):
            ids = [p for p in self.loc if p[0] == colour]
            on_board = {self.loc[p]: p for p in ids if isinstance(self.loc[p], int)}
            now = set(state.pieces(colour))
            leaving = [on_board[sq] for sq in sorted(on_board) if sq not in now]
            arriving: list[Loc] = sorted(now - on_board.keys())
            # pieces leave a supply from its top: the highest-numbered (the view offers that one)
            supply = sorted((p for p in ids if self.loc[p] == "supply"), key=lambda p: int(p[1:]))
            off = [p for p in ids if self.loc[p] == "off"]
            d_supply = state.supply[i] - len(supply)
            d_off = state.off[i] - len(off)
            if d_supply < 0:
                leaving += supply[d_supply:]
            elif d_supply > 0:
                arriving += ["supply"] * d_supply
            if d_off < 0:  # pieces never come back from off, except by undo
                self.reset(state)
                return
            arriving += ["off"] * d_off
            if len(leaving) != len(arriving):
                self.reset(state)
                return
            if move is not None and mover == colour and not move.is_special:
                src, dst = loc_of(move.src), loc_of(move.dst)
                pid = next((p for p in reversed(leaving) if self.loc[p] == src), None)
                if pid is not None and dst in arriving:
                    self.loc[pid] = dst
                    leaving.remove(pid)
                    arriving.remove(dst)
            # pair the rest by distance along the track (falls, swaps, returns to supply)
            for pid in leaving:
                start = loc_order(self.loc[pid])
                best = min(arriving, key=lambda loc: (abs(loc_order(loc) - start), loc_order(loc)))
                self.loc[pid] = best
                arriving.remove(best)


# ------------------------------------------------------------------ controller


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class NullView:
    """The view interface (app/view.py implements it); does nothing."""

    def render(self, ctl: Controller) -> None:
        pass

    def announce(self, text: str) -> None:
        pass

    def set_speed(self, speed: str) -> None:
        pass

    def report_error(self, text: str) -> None:
        pass

    def notice(self, text: str) -> None:
        """A message that stays until dismissed (a saved game set aside, a worker failure)."""


class Controller:
    """Owns the game, the seats and the flow of turns; the view only reads it."""

    def __init__(self, view=None, think=None, think_pre_throw=None, sleep=None, setup: Setup | None = None,
                 analyse=None, autosave=None, on_result=None, on_replace=None,
                 think_timeout: float = THINK_TIMEOUT):
        self.view = view or NullView()
        self.think = think  # async (position, level, seed) -> move text
        self.think_pre_throw = think_pre_throw  # async (position, level, seed) -> "rescue" | "throw"
        self.analyse = analyse  # async (position) -> JSON [[action or "throw", p], ...] (the Expert's)
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
        self.new_game(setup or Setup(), start=False)

    # -- setup -------------------------------------------------------------------
    def new_game(self, setup: Setup, start: bool = True) -> None:
        setup = setup.checked()
        seed = setup.seed if setup.seed is not None else random.randrange(1, 2**31)
        seats = {n: Seat(kind, name) for n, kind, name in zip((1, 2), setup.players, setup.names)}
        first = senet.parse_position(setup.position) if setup.position else None
        game = senet.Game(setup.variant, seed=seed, start=first)
        if start:
            self._replace_live()
        self._install(Session(setup.variant, seats, seed=seed, game=game), setup)
        if start:
            self.announce(self.intro_text())
            self.changed()
            self.save()

    def _install(self, session: Session, setup: Setup, counted: bool = False) -> None:
        """Make ``session`` the game shown and played, from its first or its current state."""
        self.setup = setup
        self.session = session
        # This tab's name for the game, saved with it: a fresh one for every game started
        # or loaded, so two tabs never write under the same id (see app/storage.py).
        self.game_id = secrets.token_hex(8)
        self.tracker = PieceTracker(self.game.state)
        self.gen += 1
        self.counted = counted  # the result is in the statistics (once per game)
        self.resumed = False
        self.selected: Loc | None = None
        self.last_move: tuple[Loc, Loc] | None = None  # (from, to) of the last action
        self.last_throw: int | None = self.state.throw
        self.sticks: tuple[bool, ...] | None = self._sticks_of(self.state.throw)
        self.throws = 0  # number of throws so far (the view animates the sticks on change)
        self.thinking: int | None = None  # seat whose computer player is thinking
        self.preview: senet.Move | None = None  # a computer's chosen move, shown before it plays
        self.jumps = 0  # undo, redo and replay steps (the view redraws the sticks, unanimated)
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
        self.replay = None
        self._live = None
        game = session.game
        position = None if game.start_state == game.rules.start() else game.start_state.position()
        seats = session.seats
        setup = Setup(game.variant, (seats[1].kind, seats[2].kind), (seats[1].name, seats[2].name),
                      game.seed, self.setup.speed, position, expert_nodes)
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

    def play_again(self) -> None:
        self.new_game(replace(self.setup, seed=None, position=None))

    def set_speed(self, speed: str) -> None:
        if speed in SPEEDS:
            self.setup = replace(self.setup, speed=speed)
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
        return COLOUR[colour].capitalize()

    @property
    def human_to_act(self) -> bool:
        seat = self.seat_to_act
        return seat is not None and self.kind(seat) == "human" and self.replay is None

    # -- what the human may do ---------------------------------------------------
    @property
    def can_throw(self) -> bool:
        return self.human_to_act and self.state.is_chance

    @property
    def can_rescue(self) -> bool:
        return self.human_to_act and RESCUE in self.state.pre_throw_actions()

    @property
    def must_pass(self) -> bool:
        state = self.state
        return self.human_to_act and state.throw is not None and state.legal_actions() == [PASS]

    @property
    def movable(self) -> dict[Loc, list[senet.Move]]:
        """Origins of the human's legal moves, each with its moves."""
        if not self.human_to_act or self.state.throw is None:
            return {}
        out: dict[Loc, list[senet.Move]] = {}
        for move in self.state.legal_actions():
            if not move.is_special:
                out.setdefault(loc_of(move.src), []).append(move)
        return out

    @property
    def targets(self) -> dict[Loc, senet.Move]:
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

    def activate(self, loc: Loc) -> bool:
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
        return (f"New game of Senet, {title} rules. {self.side_name(self.state.side)} "
                f"({self.seat_name(first)}) throws first.")

    def _throw(self) -> None:
        before = self.state
        seat = self.seat_to_act
        value = self.session.throw()
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
        text = f"{self.side_name(before.side)} threw {value}."
        if self.state.legal_actions() == [PASS]:
            text += " No move is possible: the throw is lost."
        self.announce(text)
        self.save()  # a pending throw survives a reload: no fishing for another

    def _play(self, move: senet.Move) -> None:
        before = self.state
        after = self.session.play(move)
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
        events = senet.describe(before, move, after)
        text = ""
        if self.game.over:  # said once, with the players' names, by result_text()
            events = [e for e in events if not (e.endswith(" wins") or e.startswith("the game is drawn"))]
        text += " ".join(sentence(e) for e in events)
        if self.game.over:
            text = (text + " " + self.result_text()).strip()
        self.announce(text)
        if self.game.over and not self.counted:
            self.counted = True
            if self.on_result is not None:
                self.on_result(self.session)
        self.save()

    def result_text(self) -> str:
        result = self.game.result
        if result is None:
            return ""
        if result == "draw":
            return f"The game is drawn: {self.draw_reason}."
        text = f"{self.side_name(result)} ({self.seat_name(self.seat_of(result))}) wins!"
        points = self.penalty
        if points is not None:
            loser = "b" if result == "w" else "w"
            text += f" {self.side_name(loser)}'s penalty: {points} point{'s' if points != 1 else ''}."
        return text

    @property
    def draw_reason(self) -> str:
        """Why the game is drawn, for people: without the rule clause the engine cites."""
        return re.sub(r"\s*\([A-Z]\d+[^)]*\)\s*$", "", self.game.draw_reason or "").strip()

    @property
    def penalty(self) -> int | None:
        """Havens (V8): the loser's penalty points once the game is won; None elsewhere."""
        result = self.game.result
        if self.game.variant != "havens" or result not in ("w", "b"):
            return None
        return senet.penalty(self.state, "b" if result == "w" else "w")

    def changed(self) -> None:
        self.view.render(self)
        self.kick()
        self.consider_analysis()

    # -- saving ---------------------------------------------------------------------
    def save(self) -> None:
        """Autosave the game in progress (never a replay)."""
        if self.autosave is not None and self.replay is None:
            self.autosave(self)

    def _replace_live(self) -> None:
        """A new game is about to replace the one in progress: on_replace may keep it."""
        live = self._live["session"] if self._live else self.session
        self.replay = None
        self._live = None
        if live is not None and self.on_replace is not None:
            self.on_replace(live)

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
        return self.replay is None and self.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self.replay is None and self.session.can_redo

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

    def replay_to(self, step: int) -> None:
        replay = self.replay
        if replay is None:
            return
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
            text += f" {self.side_name(entry.side)} threw {entry.throw}."
            if before.throw is None:
                before = before.with_throw(entry.throw)
        if entry.action is not None:
            after = game.states[step]
            events = senet.describe(before, entry.action, after)
            events = [e for e in events if not (e.endswith(" wins") or e.startswith("the game is drawn"))]
            text += "".join(" " + sentence(e) for e in events)
        if step == replay.last and game.over:
            text += " " + self.result_text()
        return text

    def close_replay(self) -> None:
        """Back to the game in progress, as it was."""
        if self.replay is None:
            return
        for name, value in self._live.items():
            setattr(self, name, value)
        self._live = None
        self.replay = None
        self.gen += 1
        self.throws = 0
        self.announce("Back to your game.")
        self.changed()

    def play_from_replay(self) -> bool:
        """Make the replayed position the game in progress (the players stay those of the
        game it replaces; the throws go on from the record's seed)."""
        replay = self.replay
        if replay is None:
            return False
        live = self._live
        seats = dict(live["session"].seats)
        game = game_prefix(replay.full, replay.step)
        self._replace_live()
        session = Session(game.variant, seats, game=game)
        self.load(session, live["setup"].expert_nodes)
        self.resumed = False
        self.announce(f"Playing on from step {replay.step} of the record. " + self.resume_text().split(": ", 1)[-1])
        self.changed()
        self.save()
        return True

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
        if self.analyse is None or self.replay is not None or self.worker_down:
            return
        if not (self.hints or self.meter) or not self.human_to_act or self.state.opening:
            return
        state = self.state
        if self._analysed is state or (not self.meter and not self.real_choice):
            return
        self._analysed = state
        task = asyncio.ensure_future(self._analyse(state, self.gen))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _analyse(self, state: senet.State, gen: int) -> None:
        try:
            text = await asyncio.wait_for(self.analyse(state.position()), self.think_timeout)
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
        if self._loop_gen == self.gen or self.game.over or self.replay is not None:
            return
        self._loop_gen = self.gen
        task = asyncio.ensure_future(self._advance(self.gen))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _stale(self, gen: int, state: senet.State) -> bool:
        return gen != self.gen or self.game.state is not state

    async def _advance(self, gen: int) -> None:
        try:
            while gen == self.gen and not self.game.over:
                seat = self.seat_to_act
                state = self.state
                if self.kind(seat) == "human":
                    if state.throw is not None and state.legal_actions() == [PASS]:
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
        seed = self.game.seed * 2 + seat  # one player per seat, reproducible per game
        if state.is_chance:
            if state.pre_throw_actions():
                choice = await self._ask(self.think_pre_throw, state, level, seed, seat)
                if self._stale(gen, state):
                    return
                if choice is not None and choice.strip() == "rescue":
                    self._play(RESCUE)
                    self.view.render(self)
                    return
            self._throw()
            self.view.render(self)
            return
        legal = state.legal_actions()
        move = legal[0]
        if len(legal) > 1:
            text = await self._ask(self.think, state, level, seed, seat)
            if self._stale(gen, state):
                return
            try:
                chosen = senet.parse_move(text)
            except (senet.SenetError, TypeError):
                chosen = None
            if chosen in legal:
                move = chosen
            else:
                self.view.report_error(f"{level} player chose '{text}', not a legal move; playing {move}")
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
        fails or takes too long, from a player no stronger than Average on this thread."""
        self.thinking = seat
        self.view.render(self)
        try:
            if fn is not None and not self.worker_down:
                try:
                    answer = await asyncio.wait_for(fn(state.position(), level, seed), self.think_timeout)
                except Exception as exc:  # a failing or hanging worker must not stop the game
                    self._worker_failed(exc, level)
                else:
                    self.worker_failures = 0
                    return answer
            return self._decide_here(state, level, seed)
        finally:
            self.thinking = None

    def _worker_failed(self, exc: BaseException, level: str) -> None:
        self.worker_failures += 1
        if isinstance(exc, asyncio.TimeoutError):
            why = f"took more than {self.think_timeout:g} s"
        else:
            why = f"failed ({str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__})"
        weaker = KIND_NAMES[fallback_level(level)]
        text = (f"The {KIND_NAMES.get(level, level)} player {why}; {weaker} decided this move "
                f"on the main page instead, and the game goes on.")
        if self.worker_failures >= WORKER_GIVE_UP and not self.worker_down:
            self.worker_down = True
            text += " The background player no longer answers: computers decide on the main page " \
                    "until you reload."
        self.view.report_error(text)
        self.view.notice(text)

    def _decide_here(self, state: senet.State, level: str, seed: int) -> str | None:
        """The fallback: Novice or Average, run on this thread (quick; imported on first use)."""
        try:
            from senet.ai import get_player

            player = get_player(fallback_level(level), seed=seed)
            if state.throw is None:
                move = player.choose_pre_throw(state)
                return "throw" if move is None else str(move)
            return str(player.choose(state))
        except Exception as exc:  # never expected; the caller then plays the first legal action
            self.view.report_error(f"the fallback player failed: {exc}")
            return None

    async def idle(self) -> None:
        """Wait until the turn loop stops (a human's turn or the end); for tests."""
        while self._loop_gen is not None:
            await asyncio.sleep(0)


def fallback_level(level: str) -> str:
    """The player that stands in on the main thread: Novice for Novice, else Average."""
    return "novice" if level == "novice" else "average"


# Controller attributes of the game in progress, kept aside while a replay shows.
LIVE_FIELDS = ("session", "setup", "game_id", "tracker", "counted", "resumed", "selected", "last_move",
               "last_throw", "sticks", "throws", "jumps", "thinking", "preview", "_advice",
               "_analysed", "message")


@dataclass
class Replay:
    """A record being replayed: the whole game, and the step shown (0 = the start)."""

    full: senet.Game
    step: int
    own: bool = False  # the game in progress itself

    @property
    def last(self) -> int:
        return len(self.full.entries)


def recorded_seats(game: senet.Game) -> dict[int, Seat]:
    """Who played a replayed record, from its "player" lines. A seat it does not name
    (an older record has none) is a human called "Player N", as a person who did not
    play it should not be called "You"."""
    seats = {}
    for seat in (1, 2):
        kind, name = game.players.get(seat, ("human", ""))
        if kind == "human" and not name:
            name = f"Player {seat}"
        seats[seat] = Seat(kind, name)
    return seats


def game_prefix(full: senet.Game, step: int) -> senet.Game:
    """A Game holding the first ``step`` entries of ``full``, its generator placed just
    after their throws (so play can go on from there, with the record's own throws)."""
    game = senet.Game(full.variant, seed=full.seed, start=full.start_state)
    game.entries = list(full.entries[:step])
    game.states = list(full.states[:step + 1])
    game.state = game.states[-1]
    game.limit_reason = full.limit_reason if step == len(full.entries) else None
    game.seat_colours = None if game.state.opening else dict(full.seat_colours or {1: "w", 2: "b"})
    game._sync_generator()
    return game
