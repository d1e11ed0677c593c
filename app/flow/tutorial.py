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
from app.words.names import SIDE_NAMES, rules_name
from senet import RESCUE
from senet.session import Seat, Session
from senet.state import WHITE
from senet.words import t

VARIANT = senet.DEFAULT_VARIANT  # the lessons' positions are written in it
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
    words shown before the throw (``before``) and once it is thrown (``after``), each
    given as its message's id (senet/words/en.po)."""

    __slots__ = ("throw", "action", "before_key", "after_key", "touch_key")

    def __init__(self, throw, action: str, before_key: str, after_key: str = "", touch_key: str = ""):
        self.throw = throw
        self.action = action
        self.before_key = before_key
        self.after_key = after_key
        self.touch_key = touch_key  # ``after`` on a touch screen, where it says how to tap

    @property
    def before(self) -> str:
        return t(self.before_key)

    @property
    def after(self) -> str:
        return t(self.after_key) if self.after_key else ""

    def after_for(self, touch: bool) -> str:
        """``after`` as a mouse and keyboard read it, or as a finger does (``touch``): a
        first tap on a piece only shows where it lands (app/flow/controller.py's activate)."""
        return t(self.touch_key) if touch and self.touch_key else self.after

    @property
    def move(self):
        return senet.parse_move(self.action)


class Lesson:
    """A lesson: ``key`` (for tests), ``title``, the start ``position`` (black to act,
    no pending throw), ``text`` (the rule in plain words), its ``beats`` and the words
    once it is done (``done``); ``ends`` is the position the lesson ends in. The words
    are given as their messages' ids (senet/words/en.po)."""

    __slots__ = ("key", "title_key", "position", "text_key", "beats", "done_key", "ends")

    def __init__(self, key, title_key, position, text_key, beats, done_key, ends):
        self.key = key
        self.title_key = title_key
        self.position = position
        self.text_key = text_key
        self.beats = tuple(beats)
        self.done_key = done_key
        self.ends = ends

    @property
    def title(self) -> str:
        return t(self.title_key)

    @property
    def text(self) -> str:
        return t(self.text_key)

    @property
    def done(self) -> str:
        return t(self.done_key)

    def start(self):
        """The lesson's first state (an engine State)."""
        return senet.parse_position(self.position)


THROW = "tutorial.beat.throw"  # "Throw the sticks."

LESSONS = (
    Lesson(
        "throw", "tutorial.lesson.throw.title",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(2, 4, 6, 8, 10, 12, 14)),
        "tutorial.lesson.throw.text",
        [Beat(2, "14-16", THROW, "tutorial.lesson.throw.after", "tutorial.lesson.throw.after_touch")],
        "tutorial.lesson.throw.done",
        "kendall wbwbwbwbwbwbw..b.............. w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "again", "tutorial.lesson.again.title",
        _position(white=(1, 3, 5, 7, 9, 11, 17), black=(2, 4, 6, 8, 10, 12, 16)),
        "tutorial.lesson.again.text",
        [Beat(4, "16-20", THROW, "tutorial.lesson.again.after_1"),
         Beat(3, "20-23", "tutorial.lesson.again.before_2", "tutorial.lesson.again.after_2")],
        "tutorial.lesson.again.done",
        "kendall wbwbwbwbwbwb....w.....b....... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "bump", "tutorial.lesson.bump.title",
        _position(white=(1, 3, 5, 7, 9, 11, 19), black=(2, 4, 6, 8, 10, 12, 16)),
        "tutorial.lesson.bump.text",
        [Beat(3, "16-19", THROW, "tutorial.lesson.bump.after")],
        "tutorial.lesson.bump.done",
        "kendall wbwbwbwbwbwb...w..b........... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "pair", "tutorial.lesson.pair.title",
        _position(white=(1, 3, 5, 7, 9, 21, 22), black=(2, 4, 6, 8, 10, 19, 20)),
        "tutorial.lesson.pair.text",
        [Beat(3, "20-23", THROW, "tutorial.lesson.pair.after")],
        "tutorial.lesson.pair.done",
        "kendall wbwbwbwbwb........b.wwb....... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "beauty", "tutorial.lesson.beauty.title",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(2, 4, 6, 8, 10, 12, 23)),
        "tutorial.lesson.beauty.text",
        [Beat(3, "23-26", THROW, "tutorial.lesson.beauty.after")],
        "tutorial.lesson.beauty.done",
        "kendall wbwbwbwbwbwbw............b.... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "back", "tutorial.lesson.back.title",
        _position(white=(1, 3, 5, 7, 9, 20, 21), black=(24, 25), off_black=5),
        "tutorial.lesson.back.text",
        [Beat(3, "25-22", THROW, "tutorial.lesson.back.after")],
        "tutorial.lesson.back.done",
        "kendall w.w.w.w.w..........wwb.b...... w - w=0/0,b=0/5 -",
    ),
    Lesson(
        "water", "tutorial.lesson.water.title",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(2, 4, 6, 8, 10, 12, 26)),
        "tutorial.lesson.water.text",
        [Beat(1, "26-27", THROW, "tutorial.lesson.water.after")],
        "tutorial.lesson.water.done",
        "kendall wbwbwbwbwbwbw.............b... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "rescue", "tutorial.lesson.rescue.title",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(2, 4, 6, 8, 10, 12, 27)),
        "tutorial.lesson.rescue.text",
        [Beat(None, "rescue", "tutorial.lesson.rescue.before")],
        "tutorial.lesson.rescue.done",
        "kendall wbwbwbwbwbwbw.b............... w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "fall", "tutorial.lesson.fall.title",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(28, 29), off_black=5),
        "tutorial.lesson.fall.text",
        [Beat(1, "28-27", THROW, "tutorial.lesson.fall.after")],
        "tutorial.lesson.fall.done",
        "kendall w.w.w.w.w.w.w.............b.b. w - w=0/0,b=0/5 -",
    ),
    Lesson(
        "hit", "tutorial.lesson.hit.title",
        _position(white=(1, 3, 5, 7, 9, 11, 29), black=(2, 4, 6, 8, 10, 12, 26)),
        "tutorial.lesson.hit.text",
        [Beat(3, "26-29", THROW, "tutorial.lesson.hit.after")],
        "tutorial.lesson.hit.done",
        "kendall wbwbwbwbwbwb..............w.b. w - w=0/0,b=0/0 -",
    ),
    Lesson(
        "off", "tutorial.lesson.off.title",
        _position(white=(1, 3, 5, 7, 9, 11, 13), black=(29, 30), off_black=5),
        "tutorial.lesson.off.text",
        [Beat(4, "30-off", THROW, "tutorial.lesson.off.after_1"),
         Beat(2, "29-off", "tutorial.lesson.off.before_2", "tutorial.lesson.off.after_2")],
        "tutorial.lesson.off.done",
        "kendall w.w.w.w.w.w.w................. w - w=0/0,b=0/7 -",
    ),
)

# Kendall's house rules (KO1-KO4), one clause each for the line of what differs (the
# messages' ids).
HOUSE_RULES = {
    "five": "tutorial.house_rule.five",
    "start": "tutorial.house_rule.start",
    "trap": "tutorial.house_rule.trap",
    "homerow": "tutorial.house_rule.homerow",
}

# What the lessons teach differs in the other rule sets: one line each, in our own words
# (docs/rules-decisions.md and the rules pages have the details); the messages' ids.
DIFFERENCES = {
    "jequier": "tutorial.difference.jequier",
    "tait": "tutorial.difference.tait",
    "bell": "tutorial.difference.bell",
    "thibault": "tutorial.difference.thibault",
    "havens": "tutorial.difference.havens",
    "piccione": "tutorial.difference.piccione",
}


class Tutorial:
    """Where the player is in the lessons. ``variant``: the rule set of the player's own
    game (its differences are told at the start and at the end)."""

    def __init__(self, variant: str = VARIANT, index: int = 0, touch: bool = False):
        self.variant = variant
        self.touch = touch  # a touch screen: the lessons say "tap", and how (Beat.after_for)
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
        you = t("tutorial.you")
        seats = {1: Seat("human", SIDE_NAMES[WHITE]), 2: Seat("human", you)}
        setup = Setup(VARIANT, ("human", "human"), (SIDE_NAMES[WHITE], you), SEED, live_setup.speed, lesson.position,
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
            return t(line)
        options = getattr(senet.get_rules(self.variant), "options", ())
        if not options:
            return ""
        rules = t("tutorial.house_rules.joiner").join(t(HOUSE_RULES[o]) for o in options)
        return t("tutorial.house_rules", rules=rules)

    def heading(self) -> str:
        return t("tutorial.heading", number=self.index + 1, count=len(LESSONS), title=self.lesson.title)

    def task(self) -> str:
        """What to do now, or what the lesson showed once it is done."""
        beat = self.current
        if beat is None:
            done = self.lesson.done
            if not self.last:
                return t("tutorial.task.next", done=done)
            line = self.difference
            return t("tutorial.task.last", done=done, difference=line) if line else t("tutorial.task.finish", done=done)
        if beat.throw is not None and self.thrown is not None:
            return beat.after_for(self.touch)
        return beat.before

    def note(self) -> str:
        """A line before the first lesson when the player's game has other rules."""
        if self.index != 0 or not self.difference:
            return ""
        if self.variant not in DIFFERENCES:
            return t("tutorial.note.house_rules")
        return t("tutorial.note.other_rules", title=rules_name(senet.get_rules(self.variant)))

    def hint(self) -> str:
        """One short line that says what the lesson asks for now."""
        beat = self.current
        if beat is None:
            return t("tutorial.hint.done_last" if self.last else "tutorial.hint.done")
        if self.wants_rescue():
            return t("tutorial.hint.rescue")
        if self.wants_throw():
            return t("tutorial.hint.throw")
        move = beat.move
        if move.dst == senet.OFF:
            return t("tutorial.hint.move_off", square=move.src)
        return t("tutorial.hint.move", square=move.src, to=move.dst)


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
