"""The app's game flow, free of the DOM: one Controller owns the game.

app/main.py turns DOM events into Controller calls and app/view.py draws what the
Controller holds. Computer players never run here: their decisions come from the
injected ``think`` / ``think_pre_throw`` coroutines (the worker, app/worker.py), while
the throws stay with the Game and its seeded generator on this side. Nothing in this
module touches the browser, so tests drive it under CPython (tests/browser/test_app_controller.py).
"""

from __future__ import annotations

import asyncio
import random
import re
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


class Controller:
    """Owns the game, the seats and the flow of turns; the view only reads it."""

    def __init__(self, view=None, think=None, think_pre_throw=None, sleep=None, setup: Setup | None = None):
        self.view = view or NullView()
        self.think = think  # async (position, level, seed) -> move text
        self.think_pre_throw = think_pre_throw  # async (position, level, seed) -> "rescue" | "throw"
        self.sleep = sleep or asyncio.sleep
        self.setup = Setup()
        self.session: Session | None = None
        self.tracker: PieceTracker | None = None
        self.gen = 0  # bumped by every new game: stale computer turns notice and stop
        self._loop_gen: int | None = None
        self._tasks: set = set()
        self.new_game(setup or Setup(), start=False)

    # -- setup -------------------------------------------------------------------
    def new_game(self, setup: Setup, start: bool = True) -> None:
        setup = setup.checked()
        seed = setup.seed if setup.seed is not None else random.randrange(1, 2**31)
        self.setup = setup
        seats = {n: Seat(kind, name) for n, kind, name in zip((1, 2), setup.players, setup.names)}
        first = senet.parse_position(setup.position) if setup.position else None
        game = senet.Game(setup.variant, seed=seed, start=first)
        self.session = Session(setup.variant, seats, seed=seed, game=game)
        self.tracker = PieceTracker(self.game.state)
        self.gen += 1
        self.selected: Loc | None = None
        self.last_move: tuple[Loc, Loc] | None = None  # (from, to) of the last action
        self.last_throw: int | None = None
        self.sticks: tuple[bool, ...] | None = None
        self.throws = 0  # number of throws so far (the view animates the sticks on change)
        self.thinking: int | None = None  # seat whose computer player is thinking
        self.preview: senet.Move | None = None  # a computer's chosen move, shown before it plays
        self.message = ""
        if start:
            self.announce(self.intro_text())
            self.changed()

    def start(self, warnings: list[str] | tuple = ()) -> None:
        """Begin the game made by the constructor (once the page is ready)."""
        text = self.intro_text()
        if warnings:
            text += " (Ignored: " + "; ".join(warnings) + ".)"
        self.announce(text)
        self.changed()

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
        return seat is not None and self.kind(seat) == "human"

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
            return self.announce(text)
        text = f"{self.side_name(before.side)} threw {value}."
        if self.state.legal_actions() == [PASS]:
            text += " No move is possible: the throw is lost."
        self.announce(text)

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

    # -- the flow of turns ---------------------------------------------------------
    def kick(self) -> None:
        """Start the turn loop unless one runs for this game (it stops at a human's turn)."""
        if self._loop_gen == self.gen or self.game.over:
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
        if fn is None:
            return None
        self.thinking = seat
        self.view.render(self)
        try:
            return await fn(state.position(), level, seed)
        except Exception as exc:  # a failing player must not stop the game
            self.view.report_error(f"{level} player failed: {exc}")
            return None
        finally:
            self.thinking = None

    async def idle(self) -> None:
        """Wait until the turn loop stops (a human's turn or the end); for tests."""
        while self._loop_gen is not None:
            await asyncio.sleep(0)
