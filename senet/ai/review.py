"""The review of a finished (or unfinished) game: the Expert's view of every decision.

    from senet.ai.review import Reviewer, review_record
    data = review_record(text)                      # the whole review, a dict (below)
    r = Reviewer(game, nodes=2000)                  # or step by step (the app's worker):
    while not r.finished:
        r.step()                                    # analyses one line of the record
    data = r.result()

What is measured (docs/review.md):

* Equity is the expected score of the side concerned: a win counts 1, a draw 1/2, a loss
  0, so it is that side's win probability with a draw counting one half. Every number
  below is in these units (0 to 1), from the side that acts.
* A decision is a state where a side chooses: an action on a pending throw, or before a
  throw, whether to take an action allowed instead of throwing (a rescue) or to throw.
  The Expert's search (senet.ai.search, exact values for every option) gives the equity
  of each option. ``before`` is the best option's, ``after`` the played one's, ``loss``
  their difference, ``best`` the best option. Where the exact endgame tables reach
  (senet.ai.exact) the Expert answers from them: those values are exact, and the
  decision (and a throw all of whose outcomes are) is marked ``exact``.
* A decision is forced when there is one option, or when every option has the same
  equity: it loses nothing and is not counted as a decision of its side.
* A decision *matters* (``"matters": true``) when its options lead to at least two
  distinct states and the best and the worst option differ by at least MATTERS in
  equity. A side's ``mean_loss`` (its error per decision) counts only those, ``counted``
  of them: Senet has many choices between moves that come to the same thing, and
  counting them would make any strategy look accurate.
* The class of a decision: "best" below INACCURACY, "inaccuracy" from INACCURACY,
  "mistake" from MISTAKE, "blunder" from BLUNDER (equity lost); "forced" for a forced one.
* Luck: at each throw (not those of the colour draw) the equity of the thrower after the
  throw, with best play after it, less the average of that over every throw value,
  weighted by the throw's odds (C2). Whatever the position, the weighted average of the
  luck of the possible throws is zero: an average throw has no luck.

Runs in CPython and in the worker's Pyodide; it is not needed on the page (the page only
draws the numbers the worker sends).
"""

from ..game import Game
from ..moves import THROW as THROW_ACTION
from ..moves import format_move
from ..state import BLACK, WHITE
from ..throws import OUT_OF
from ..turns import after_throw
from .players import Expert
from .tuning import REVIEW_NODES, REVIEW_SCALES, review_nodes

# Thresholds of the classes, in equity (win probability) lost by the played option.
INACCURACY = 0.02
MISTAKE = 0.05
BLUNDER = 0.10
CLASSES = ("best", "inaccuracy", "mistake", "blunder")
# Options within this equity of one another count as equal (a forced decision).
EQUAL = 1e-9
# The default node budget of each search of a review, per rule set (senet.ai.tuning)
DEFAULT_NODES = REVIEW_NODES
# A decision whose best and worst options are closer than this (in equity) did not
# matter: it is not counted in a side's error per decision (docs/review.md). Half the
# least loss called an inaccuracy: below it no option can be an inaccuracy.
MATTERS = 0.01
THROW = "throw"  # the name of the option "throw" at a decision before a throw
# A player's skill by the equity lost per decision that mattered, GNU Backgammon's
# scale of its error rate (docs/review.md): (upper bound, name), the last one unbounded.
RATINGS = ((0.002, "flawless"), (0.005, "world_class"), (0.008, "master"), (0.012, "advanced"),
           (0.018, "intermediate"), (0.026, "casual"), (None, "beginner"))
# The same words on a scale made for each rule set (senet.ai.tuning's REVIEW_SCALES).
SCALES = REVIEW_SCALES
# The two best words need this many decisions that mattered: a short game with a few
# lucky clicks is not "world class". With fewer, the best a side reads is "master".
TOP_WORDS = ("flawless", "world_class")
MIN_FOR_TOP = 12


def scale(variant=None) -> tuple:
    """The scale of a rule set (Kendall's house rules read Kendall's); RATINGS when unknown."""
    if variant is None:
        return RATINGS
    return SCALES.get(variant.split("+")[0], RATINGS)


def rating(mean_loss: float, variant=None, counted=None) -> str:
    """The name on the scale of ``variant`` (RATINGS when None) of a side that lost
    ``mean_loss`` a decision over ``counted`` decisions that mattered (None: not checked)."""
    for bound, name in scale(variant):
        if bound is None or mean_loss < bound:
            if counted is not None and counted < MIN_FOR_TOP and name in TOP_WORDS:
                return "master"
            return name
    return RATINGS[-1][1]


def classify(loss: float) -> str:
    """The class of a decision that lost ``loss`` in equity (not a forced one)."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return "best"


def _outcomes(state, ranked) -> int:
    """How many distinct states the options of a decision lead to."""
    return len({state.apply(option).key for option, _ in ranked})


def _name(option) -> str:
    return THROW if option is None or option == THROW_ACTION else format_move(option)


class Reviewer:
    """The review of ``game`` (a senet.Game, usually Game.from_record), one record line
    at a time, so that a caller can show progress and stop between two lines.

    ``nodes``: the node budget of each search (None: DEFAULT_NODES of the rule set).
    The searches have no time cap, so a review is the same on every machine.
    """

    def __init__(self, game: Game, nodes=None):
        self.game = game
        self.nodes = int(nodes) if nodes else review_nodes(game.rules)
        if self.nodes < 1:
            raise ValueError("the node budget must be at least 1")
        self._expert = Expert(nodes=self.nodes, time_cap=None)
        # the lines to analyse: every line but those of the colour draw
        self.lines = [i for i, e in enumerate(game.entries) if not e.draw]
        self.done = 0
        self.decisions = []
        self.throws = []
        self._cache = {}
        self._exact = set()  # the keys of the states the tables answered

    @property
    def total(self) -> int:
        return len(self.lines)

    @property
    def finished(self) -> bool:
        return self.done >= len(self.lines)

    def _analyse(self, state) -> list:
        """[(option, equity of the side to act)] best first; cached per state."""
        key = state.key
        ranked = self._cache.get(key)
        if ranked is None:
            self._expert.info = {}
            ranked = self._cache[key] = self._expert.analyse(state)
            if self._expert.info.get("exact"):
                self._exact.add(key)
        return ranked

    def step(self) -> None:
        """Analyse the next line of the record."""
        if self.finished:
            return
        index = self.lines[self.done]
        self.done += 1
        game = self.game
        entry = game.entries[index]
        before = game.states[index]
        ply = index + 1
        if before.throw is None and before.is_decision:
            # a decision before the throw: an allowed action instead, or the throw
            played = THROW_ACTION if entry.throw is not None else entry.action
            self._decision(ply, before, None, played)
        if entry.throw is None:
            return
        thrown = after_throw(before, entry.throw)
        self._luck(ply, before, entry.throw)
        if entry.action is not None:
            self._decision(ply, thrown, entry.throw, entry.action)

    def _decision(self, ply: int, state, throw, played) -> None:
        ranked = self._analyse(state)
        values = dict(ranked)
        best, p_best = ranked[0]
        p_played = values[played]
        forced = len(ranked) == 1 or ranked[0][1] - ranked[-1][1] <= EQUAL
        loss = 0.0 if forced else max(0.0, p_best - p_played)
        matters = not forced and ranked[0][1] - ranked[-1][1] >= MATTERS and _outcomes(state, ranked) > 1
        self.decisions.append({
            "ply": ply, "side": state.side, "throw": throw,
            "played": _name(played), "best": _name(played if forced else best),
            "before": round(p_best, 4), "after": round(p_best if forced else p_played, 4),
            "loss": round(loss, 4), "class": "forced" if forced else classify(loss),
            "options": len(ranked), "exact": state.key in self._exact, "matters": matters,
        })

    def _luck(self, ply: int, before, throw: int) -> None:
        """The luck of ``throw`` for the side that threw it at ``before``."""
        average = 0.0
        got = 0.0
        exact = True
        for t, w in before.chance_outcomes():
            thrown = after_throw(before, t)
            p = self._analyse(thrown)[0][1]
            exact = exact and thrown.key in self._exact
            average += w / OUT_OF * p
            if t == throw:
                got = p
        self.throws.append({"ply": ply, "side": before.side, "throw": throw,
                            "equity": round(got, 4), "average": round(average, 4),
                            "luck": round(got - average, 4), "exact": exact})

    def run(self, progress=None, stop=None) -> dict:
        """Review every line left: ``progress(done, total)`` after each, and ``stop()``
        (when given) asked before each; a true answer ends the review there."""
        while not self.finished:
            if stop is not None and stop():
                break
            self.step()
            if progress is not None:
                progress(self.done, self.total)
        return self.result()

    def result(self) -> dict:
        """The review so far (the whole review once ``finished``)."""
        sides = {}
        for side in (WHITE, BLACK):
            mine = [d for d in self.decisions if d["side"] == side and d["class"] != "forced"]
            lost = sum(d["loss"] for d in mine)
            counts = dict.fromkeys(CLASSES, 0)
            for d in mine:
                counts[d["class"]] += 1
            counted = [d["loss"] for d in mine if d["matters"]]
            mean = sum(counted) / len(counted) if counted else 0.0
            sides[side] = {
                "decisions": len(mine),
                "counted": len(counted),
                "equity_lost": round(lost, 4),
                "mean_loss": round(mean, 4),
                # nothing to rate without a choice that mattered
                "rating": rating(mean, self.game.variant, len(counted)) if counted else None,
                "exact_decisions": sum(1 for d in mine if d["exact"]),
                "luck": round(sum(t["luck"] for t in self.throws if t["side"] == side), 4),
                "counts": counts,
            }
        game = self.game
        return {
            "variant": game.variant, "nodes": self.nodes,
            "done": self.done, "total": self.total, "finished": self.finished,
            "result": game.result,
            "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER,
                           "matters": MATTERS},
            "scale": [[bound, name] for bound, name in scale(game.variant)],
            "decisions": self.decisions, "throws": self.throws,
            "sides": sides,
        }


def review_record(text: str, nodes=None, progress=None, stop=None) -> dict:
    """Review the game of a record (text); raises RecordError for a faulty record."""
    return Reviewer(Game.from_record(text), nodes).run(progress, stop)


__all__ = ["BLUNDER", "CLASSES", "DEFAULT_NODES", "INACCURACY", "MATTERS", "MIN_FOR_TOP", "MISTAKE", "RATINGS",
           "SCALES", "Reviewer", "classify", "rating", "review_record", "scale"]
