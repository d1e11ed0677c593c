"""The first-game tutorial: short lessons played on the real board with prepared throws.

Free of the DOM (app/flow/controller.py plays it, app/view/view.py shows it, app/main.py imports
this module only when the tutorial is opened). Each lesson is a position in the
engine's notation (docs/notation.md) with black, the player, to act, and a few beats:
a prepared throw (given to the engine with ``Game.throw(value)``, the way records and
tests inject throws, C5) and the action the lesson asks for, or a rescue instead of a
throw. tests/app/test_app_tutorial.py plays every lesson with the engine: each position
parses, each prepared throw is possible, each asked-for action is legal, and each
lesson ends where it says (an extra throw given, a piece bumped, the turn ended by the
water...), so the lessons can never drift from the rules.

The lessons follow Kendall's rules (K1-K13). When the player's own game uses another
rule set, ``DIFFERENCES`` says in one line what is different there.

Runs unchanged in CPython, Pyodide and MicroPython (the page).
"""

import senet
from app.flow.setup import Setup
from app.flow.table import Table
from app.words.names import SIDE_NAMES
from senet import RESCUE
from senet.session import Seat, Session
from senet.state import WHITE

VARIANT = "kendall"
# Any seed would do: every throw of a lesson is prepared, none comes from the generator.
SEED = 19

def _board(white=(), black=()) -> str:
    """A BOARD field: white pieces on ``white``, black on ``black``."""
    cells = ["."] * 30
    for n in white:
        cells[n - 1] = "w"
    for n in black:
        cells[n - 1] = "b"
    return "".join(cells)


def _position(white, black, off_black=0, off_white=0) -> str:
    return f"{VARIANT} {_board(white, black)} b - w=0/{off_white},b=0/{off_black} -"


class Beat:
    """One step of a lesson: ``throw`` (the prepared value; None when the action replaces
    the throw, as a rescue does), the ``action`` asked for (move notation, "rescue"), the
    words shown before the throw (``before``) and once it is thrown (``after``)."""

    __slots__ = ("throw", "action", "before", "after")

    def __init__(self, throw, action: str, before: str, after: str = ""):
        self.throw = throw
        self.action = action
        self.before = before
        self.after = after

    @property
    def move(self):
        return senet.parse_move(self.action)


class Lesson:
    """A lesson: ``key`` (for tests), ``title``, the start ``position`` (black to act,
    no pending throw), ``text`` (the rule in plain words), its ``beats`` and the words
    once it is done (``done``); ``ends`` is the position the lesson ends in."""

    __slots__ = ("key", "title", "position", "text", "beats", "done", "ends")

    def __init__(self, key, title, position, text, beats, done, ends):
        self.key = key
        self.title = title
        self.position = position
        self.text = text
        self.beats = tuple(beats)
        self.done = done
        self.ends = ends

    def start(self):
        """The lesson's first state (an engine State)."""
        return senet.parse_position(self.position)


THROW = "Throw the sticks."

LESSONS = (
    Lesson(
        "throw", "Throwing and moving",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(2, 4, 6, 8, 10, 12, 14)),
        "Senet is a race. Each side runs its seven pieces along the thirty squares: from 1 "
        "along the top row, back along the middle row, out along the bottom row and off the "
        "board. You play black (the cones) and move first. The four sticks say how far: count "
        "the light sides that land up, and none up counts 5. In 16 throws you can expect about "
        "six 2s, four 1s, four 3s, one 4 and one 5.",
        [Beat(2, "14-16", THROW,
              "You threw 2. Move your glowing piece on 14 two squares on, to 16: click it, or "
              "press Enter while it has the focus.")],
        "After a 2 or a 3 your turn is over and the other side plays.",
        "kendall wbwbwbwbwbwbw..b.............. w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "again", "Throwing again",
        _position(white=(1, 3, 5, 7, 9, 11, 17), black=(2, 4, 6, 8, 10, 12, 16)),
        "A throw of 1, 4 or 5 earns another throw once you have moved. A 2 or a 3 ends the turn.",
        [Beat(4, "16-20", THROW, "A 4: move the piece on 16 to 20, and you may throw again."),
         Beat(3, "20-23", "Your 4 earned another throw: throw the sticks again.",
              "A 3: move the piece on 20 on to 23. This throw ends your turn.")],
        "Two throws in one turn. A run of 1s, 4s and 5s can carry a piece a long way.",
        "kendall wbwbwbwbwbwb....w.....b....... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "bump", "Bumping",
        _position(white=(1, 3, 5, 7, 9, 11, 19), black=(2, 4, 6, 8, 10, 12, 16)),
        "A piece may land on a lone piece of the other side. The two swap places: the piece "
        "you land on goes back to the square you came from.",
        [Beat(3, "16-19", THROW, "A 3: move your piece on 16 onto white's lone piece on 19.")],
        "White's piece went back to 16. A bump costs the other side ground; only a lone piece "
        "can be bumped.",
        "kendall wbwbwbwbwbwb...w..b........... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "pair", "Safety in pairs",
        _position(white=(1, 3, 5, 7, 9, 21, 22), black=(2, 4, 6, 8, 10, 19, 20)),
        "Two pieces of one side on neighbouring squares guard each other: no piece may land on "
        "either of them. Kendall's rules have no blockade: a piece may jump over a guarded "
        "pair, it just cannot land on it.",
        [Beat(3, "20-23", THROW,
              "A 3. Your piece on 19 cannot go to 22: white's pieces on 21 and 22 guard each "
              "other (try it). Move the piece on 20 over the pair, to 23.")],
        "Keep your own pieces in pairs and they are safe too.",
        "kendall wbwbwbwbwb........b.wwb....... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "beauty", "Square 26",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(2, 4, 6, 8, 10, 12, 23)),
        "Squares 26 to 30 are the houses at the end of the track. Every piece must stop on "
        "26, the House of Beauty: no move may pass it. From there the throw decides: 1 to "
        "27, 2 to 28, 3 to 29, 4 to 30, and 5 takes the piece off the board.",
        [Beat(3, "23-26", THROW, "A 3: move the piece on 23 to 26. A 4 or a 5 could not have moved it.")],
        "Your piece waits on 26 for the throw that takes it on.",
        "kendall wbwbwbwbwbwbw............b.... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "back", "Moving backward",
        _position(white=(1, 3, 5, 7, 9, 20, 21), black=(24, 25), off_black=5),
        "A piece moves backward only when none of yours can move forward (taking a piece off "
        "counts as forward). It goes back the whole throw and lands by the usual rules: on an "
        "empty square or on a lone piece of the other side, which swaps with it; never on a "
        "guarded pair, and never past square 1. Five of your pieces are already off.",
        [Beat(3, "25-22", THROW,
              "A 3, and neither piece can go forward: both would pass 26. So one must go back "
              "three squares. From 24 it would land on 21, guarded by white's piece on 20: move "
              "the piece on 25 back to 22.")],
        "Going back is never a choice, only the last way to use a throw. Here a 4 could not "
        "have moved either piece at all: when nothing can move forward or back, the throw is "
        "lost, even a 1, 4 or 5, and the turn passes.",
        "kendall w.w.w.w.w..........wwb.b...... w - w=0/0,b=0/5 -",
    ),
    Lesson(
        "water", "The water",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(2, 4, 6, 8, 10, 12, 26)),
        "Square 27 is the water. A piece that lands in it ends your turn at once, even after "
        "a 1, 4 or 5; and while it is there, no other piece of yours may move.",
        [Beat(1, "26-27", THROW, "A 1 leads from 26 into the water: move the piece on 26 to 27.")],
        "The 1 would have earned another throw, but the water ended your turn.",
        "kendall wbwbwbwbwbwbw.............b... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "rescue", "Out of the water",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(2, 4, 6, 8, 10, 12, 27)),
        "At the start of your turn you may, instead of throwing, rescue your piece from the "
        "water: it goes back to square 15 (when 15 is free) and your turn ends. If you throw "
        "instead, a 4 takes it off the board and anything else leaves it in the water.",
        [Beat(None, "rescue", "Press \u201cRescue from the water\u201d.")],
        "Your piece is back on 15, the House of Rebirth, and runs again.",
        "kendall wbwbwbwbwbwbw.b............... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "fall", "Falling back into the water",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(28, 29), off_black=5),
        "A piece on 28 or 29 waits for its exact throw: a 3 from 28, a 2 from 29. When a "
        "throw gives you nothing else to do, no move forward or back, one of them must fall "
        "back into the water on 27 (you choose which), and your turn ends there.",
        [Beat(1, "28-27", THROW,
              "A 1: the piece on 29 needs a 2, the piece on 28 a 3, and you have no other piece "
              "to move. Let the piece on 28 fall to 27: the one on 29 keeps its chance, and a 2 "
              "is the likeliest throw.")],
        "The 1 would have earned another throw, but the fall ends your turn. The piece gets "
        "out of the water as before: a rescue to 15, or a 4. Had a white piece been in the "
        "water, the two would have swapped places.",
        "kendall w.w.w.w.w.w.w.............b.b. w - w=0/0,b=0/5 -",
    ),
    Lesson(
        "hit", "Bumping from 26",
        _position(white=(1, 3, 5, 7, 9, 11, 29), black=(2, 4, 6, 8, 10, 12, 26)),
        "Only a piece on 26 can reach 28, 29 and 30, and it may land there on a lone piece of "
        "the other side. That piece is not swapped back to 26: it drops into the water on 27 "
        "(only when the water is taken does it swap to 26 as usual).",
        [Beat(3, "26-29", THROW, "A 3: move your piece on 26 onto white's lone piece on 29.")],
        "White's piece is in the water now and needs a rescue or a 4 to get out. Two pieces "
        "side by side on 28 to 30 still guard each other.",
        "kendall wbwbwbwbwbwb..............w.b. w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "off", "Bearing off and winning",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(29, 30), off_black=5),
        "A piece leaves the board with an exact throw: from 26 with a 5, from 27 with a 4, from "
        "28 with a 3, from 29 with a 2, and from 30 with any throw. Pieces on 28, 29 and 30 "
        "wait for theirs. The first side to bear off all seven pieces wins. Five of yours are off.",
        [Beat(4, "30-off", THROW,
              "A 4: too much for the piece on 29, but the piece on 30 leaves on any throw. Bear "
              "it off."),
         Beat(2, "29-off", "Your 4 earned another throw: throw again.",
              "A 2, just right for 29: bear off your last piece.")],
        "All seven of your pieces are off: you win. That is the whole game.",
        "kendall w.w.w.w.w.w.w................. w - w=0/0,b=0/7 -",
    ),
)

# Kendall's house rules (KO1-KO4), one clause each for the line of what differs.
HOUSE_RULES = {
    "five": "five pieces each, so the game is quicker",
    "start": "no piece of a side moves until that side has thrown a 1",
    "trap": "a piece whose throw would carry it past 26 may fall into the water on 27 instead",
    "homerow": "no piece bears off while a piece of its side is still on 1 to 10",
}

# What the lessons teach differs in the other rule sets: one line each, in our own words
# (docs/rules-decisions.md and the rules pages have the details).
DIFFERENCES = {
    "jequier": "Your game uses Jéquier's rules instead: five pieces each, a throw of 1 first decides who "
               "plays black, no light side counts 6 (1, 4 and 6 throw again), three pieces in a row are a "
               "blockade no one may pass, a piece forced back may land only on an empty square, nothing "
               "can be bumped on 26 to 30, the water sends a piece back to the first free square, and a "
               "piece leaves by landing exactly on 30.",
    "tait": "Your game uses Tait's rules instead: the pieces start off the board and enter on a 4 or a 6, no "
            "light side counts 6, pieces never move backward, a bumped piece goes back to be entered "
            "again, square 15 is safe, the water sends a piece back off the board, and only a 6, a "
            "landing on 26 or a piece borne off gives one more throw.",
    "bell": "Your game uses Bell's rules instead: ten pieces each enter at the far end and run down to "
            "square 1 without ever turning back, no throw is repeated, a bumped piece goes back to be "
            "entered again, and you win by filling your goal squares (the odd or the even ones) from the "
            "bottom up.",
    "thibault": "Your game uses Thibault's rules instead: five pieces each and white starts; two or more "
                "pieces in a row guard each other, but not on 28 to 30 and not while their side has a piece "
                "in the water; pieces on 28 to 30 never fall back into the water; a drowning piece leaves "
                "with a 4, a 1 or a 5 throws again, and a rescue puts it on 15 or the nearest free square "
                "below.",
    "havens": "Your game uses Havens' rules instead: five pieces each, a throw of 1 first decides who "
              "plays black, three pieces in a row are a blockade no one may pass, a piece forced back may "
              "land only on an empty square, nothing can be bumped on 26 to 30, the water sends a piece to "
              "the first free square, a piece leaves by landing exactly on 30, and the loser pays points "
              "for the pieces left behind.",
    "piccione": "Your game uses Piccione's rules instead: five pieces each start off the board and enter "
                "on square 1 with a throw of 1, a throw may be split between pieces, no piece is ever "
                "bumped or lands on another, a piece moves backward only when nothing can move forward, "
                "27 sends a piece back off the board, and a 5 or a landing on 15 or 26 throws again.",
}


class Tutorial:
    """Where the player is in the lessons. ``variant``: the rule set of the player's own
    game (its differences are told at the start and at the end)."""

    def __init__(self, variant: str = VARIANT, index: int = 0):
        self.variant = variant
        self.index = 0
        self.go(index)

    def table(self, live_setup, game_id: str) -> Table:
        """The board of the current lesson, from its start (app/flow/table.py): its position
        with black, "You", to act; the speed and the Expert's budget of the game in
        progress (``live_setup``). The Controller shows it while the game waits aside."""
        lesson = self.lesson
        self.go(self.index)
        game = senet.Game(VARIANT, seed=SEED, start=lesson.start())
        # white never acts in a lesson; the player is "You", black
        seats = {1: Seat("human", SIDE_NAMES[WHITE]), 2: Seat("human", "You")}
        setup = Setup(VARIANT, ("human", "human"), (SIDE_NAMES[WHITE], "You"), SEED, live_setup.speed, lesson.position,
                      live_setup.expert_nodes)
        return Table(Session(VARIANT, seats, game=game), setup.checked(), game_id, True, tutorial=self)

    # -- which lesson -------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(LESSONS)

    @property
    def lesson(self) -> Lesson:
        return LESSONS[self.index]

    @property
    def last(self) -> bool:
        return self.index == len(LESSONS) - 1

    def go(self, index: int) -> bool:
        """Start lesson ``index`` (from its beginning); False when there is none."""
        if not 0 <= index < len(LESSONS):
            return False
        self.index = index
        self.beat = 0  # the beat under way
        self.thrown = None  # its throw, once thrown
        return True

    @property
    def done(self) -> bool:
        """Every beat of the lesson is played."""
        return self.beat >= len(self.lesson.beats)

    @property
    def current(self):
        return None if self.done else self.lesson.beats[self.beat]

    # -- what the player may do -----------------------------------------------------
    def wants_throw(self) -> bool:
        beat = self.current
        return beat is not None and beat.throw is not None and self.thrown is None

    def wants_rescue(self) -> bool:
        beat = self.current
        return beat is not None and beat.throw is None and beat.action == "rescue"

    def allows(self, move) -> bool:
        """The lesson asks for ``move`` now."""
        beat = self.current
        if beat is None:
            return False
        if beat.throw is not None and self.thrown is None:
            return False
        return move == beat.move

    def next_throw(self) -> int:
        """The prepared throw of the beat under way."""
        return self.current.throw

    # -- what happened ------------------------------------------------------------------
    def on_throw(self, value: int) -> None:
        self.thrown = value

    def on_play(self, move) -> None:
        if self.allows(move) or (move == RESCUE and self.wants_rescue()):
            self.beat += 1
            self.thrown = None

    # -- words ------------------------------------------------------------------------
    @property
    def difference(self) -> str:
        """The line saying what differs in the player's rule set ("" for plain Kendall)."""
        line = DIFFERENCES.get(self.variant)
        if line is not None:
            return line
        options = getattr(senet.get_rules(self.variant), "options", ())
        if not options:
            return ""
        return "Your game adds house rules to Kendall's: " + "; ".join(HOUSE_RULES[o] for o in options) + "."

    def heading(self) -> str:
        return f"How to play, {self.index + 1} of {len(LESSONS)}: {self.lesson.title}"

    def task(self) -> str:
        """What to do now, or what the lesson showed once it is done."""
        beat = self.current
        if beat is None:
            text = self.lesson.done
            if self.last:
                line = self.difference
                text += " " + (line if line else "Finish takes you back to your game.")
            else:
                text += " Next goes on to the next lesson."
            return text
        if beat.throw is not None and self.thrown is not None:
            return beat.after
        return beat.before

    def note(self) -> str:
        """A line before the first lesson when the player's game has other rules."""
        if self.index != 0 or not self.difference:
            return ""
        if self.variant not in DIFFERENCES:
            return ("These lessons use Kendall's rules without house rules; the last lesson says what "
                    "your game's house rules change.")
        title = senet.get_rules(self.variant).title
        return (f"These lessons use Kendall's rules; your game uses {title}'s, and the last lesson "
                f"says what is different there.")

    def hint(self) -> str:
        """One short line that says what the lesson asks for now."""
        beat = self.current
        if beat is None:
            return "This lesson is done: Next goes on." if not self.last else "The lessons are done: Finish takes you back to your game."
        if self.wants_rescue():
            return "This lesson asks you to rescue the piece from the water."
        if self.wants_throw():
            return "This lesson asks you to throw the sticks first."
        move = beat.move
        where = "off the board" if move.dst == senet.OFF else f"to {move.dst}"
        return f"This lesson asks you to move the piece on {move.src} {where} (it glows)."


def play_through(lesson: Lesson) -> list:
    """Play ``lesson`` with the engine, as the player would: (state before the beat,
    throw, action, state after) for each beat. Raises the engine's error when a throw is
    not possible or an action is not legal (the tests rely on it)."""
    game = senet.Game(VARIANT, seed=SEED, start=lesson.start())
    out = []
    for beat in lesson.beats:
        before = game.state
        if beat.throw is not None:
            game.throw(beat.throw)
        else:
            if senet.parse_move(beat.action) not in game.state.pre_throw_actions():
                raise senet.SenetError(f"{beat.action} is not possible before the throw here")
        game.play(beat.action)
        out.append((before, beat.throw, beat.action, game.state))
    return out
