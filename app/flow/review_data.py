"""The review of a game as the page shows it (docs/review.md): the numbers come from the
worker (senet.ai.review runs there, one record line a call); this module holds them and
turns them into what the page draws and says. Plain Python: runs on the page's
MicroPython and in the engine tests.
"""

import json

from app.game.counting import line_name, marks, turns_played
from app.words.names import SIDE_NAMES as COLOUR  # "White", "Black"
from senet.words import n, t
from senet.words import number as in_digits

# The classes the graph marks (and the list of the review names).
MARKED = ("mistake", "blunder")
LISTED = ("inaccuracy", "mistake", "blunder")
# The words of an error's class in a decision's line: "a mistake, 12% of the chance to win lost"
CLASS_KEYS = {"inaccuracy": "flow.review.class_inaccuracy", "mistake": "flow.review.class_mistake",
              "blunder": "flow.review.class_blunder"}
# The graph's drawing area in SVG units (the page scales it to its width).
GRAPH_W, GRAPH_H = 300.0, 100.0
# The steps between the turn numbers written under the graph (a few, round).
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


def percent(x: float) -> str:
    """A share of a game as a player reads it: "41%", "under 1%" for a small one above 0."""
    p = round(x * 100)
    if p == 0 and x > 0:
        return t("flow.review.percent_under_one")
    return t("flow.review.percent", p=p)


def percent_fine(x: float) -> str:
    """A small share to a tenth of a percent, as a player reads a decision's average cost:
    "0.3%", "2.4%"; "12%" from 10% up; "0%" for none; "under 0.1%" for less above none."""
    if x <= 0:
        return t("flow.review.percent", p=0)
    if x * 100 >= 9.95:
        return t("flow.review.percent", p=round(x * 100))
    tenths = round(x * 1000)
    if tenths == 0:
        return t("flow.review.percent_under_tenth")
    return t("flow.review.percent_tenths", whole=tenths // 10, tenth=tenths % 10)


# GNU Backgammon's scale of a player's error rate (senet.ai.review.RATINGS): the upper
# bound of each name, equity lost a decision (not on the page: review.py is the worker's).
# A review brings its rule set's own scale ("scale"): rating_scale reads that one first;
# these bounds serve a review saved before the scale was made for each rule set.
RATING_BOUNDS = (("flawless", 0.002), ("world_class", 0.005), ("master", 0.008), ("advanced", 0.012),
                 ("intermediate", 0.018), ("casual", 0.026), ("beginner", None))


def rated(mean: float, name) -> str:
    """A side's loss a decision with its name on the scale: "World class (0.3%)"."""
    if not name:
        return percent_fine(mean)
    return t("flow.review.rated", rating=t("flow.review.rating." + name), mean=percent_fine(mean))


def thousandths(bound: float) -> str:
    """A bound of the scale in thousandths of a game, as precise as it needs: "5", "0.4",
    "0.05" (some rule sets' bounds are below a thousandth)."""
    x = bound * 1000
    for places in (0, 1, 2, 3):
        text = ("%." + str(places) + "f") % x
        if abs(float(text) - x) < 1e-9 or (places and float(text) and abs(float(text) - x) / x < 0.05):
            return text
    return f"{x:.3f}"


def rating_scale(scale=None) -> str:
    """The scale in words, its bounds in thousandths of a game: the mean cell's
    explanation. ``scale``: the review's own ([[bound, name], ...], the last bound None:
    senet.ai.review's "scale"); GNU Backgammon's (RATING_BOUNDS) when it has none."""
    steps = [(name, bound) for bound, name in scale] if scale else list(RATING_BOUNDS)
    parts = [t("flow.review.scale_step", rating=t("flow.review.rating." + name), bound=in_digits(thousandths(bound)))
             for name, bound in steps if bound is not None]
    key = "flow.review.scale" if scale else "flow.review.scale_gnubg"
    return t(key, steps=t("list.comma").join(parts), last=t("flow.review.rating." + steps[-1][0]))


def signed_percent(x: float) -> str:
    """Luck: "+51%", "-17%", "0%"."""
    p = round(x * 100)
    return t("flow.review.percent_plus", p=p) if p > 0 else t("flow.review.percent", p=p)


def action_words(text: str) -> str:
    """An action in notation as words: "move the piece on 12 to square 15"."""
    if text == "throw":
        return t("flow.review.action_throw")
    if text == "rescue":
        return t("flow.review.action_rescue")
    if text == "pass":
        return t("flow.review.action_pass")
    src, _, dst = text.partition("-")
    if not dst:
        return text
    if src == "in":
        return t("flow.review.action_enter_off") if dst == "off" else t("flow.review.action_enter", dst=dst)
    return t("flow.review.action_bear_off", src=src) if dst == "off" else t("flow.review.action_move", src=src, dst=dst)


class GameReview:
    """A review under way or done, of ``game`` (a senet.Game); ``own``: it is the game in
    progress (its replay shows the players' own seats).

    ``state``: "starting", "running", "stopped" (by the player), "done" or "failed".
    ``focus``: the index of the decision shown on the board, or None.
    """

    def __init__(self, game, own: bool = False, nodes: int = 0):
        self.game = game
        self.own = own
        self.nodes = nodes
        self.state = "starting"
        self.done = 0
        self.total = 0
        self.error = ""
        self.data = None  # the worker's review (senet.ai.review's result) once asked for
        self.focus = None
        self.stop_asked = False  # the player pressed Stop: no more lines are asked for

    # -- from the worker -------------------------------------------------------------
    def started(self, text: str) -> None:
        info = json.loads(text)
        self.total = int(info["total"])
        self.nodes = int(info["nodes"])
        self.state = "running"

    def progressed(self, text: str) -> None:
        info = json.loads(text)
        self.done = int(info["done"])
        self.total = int(info["total"])

    def finished(self, text: str, stopped: bool = False) -> None:
        self.data = json.loads(text)
        self.done = int(self.data["done"])
        self.state = "stopped" if stopped and not self.data["finished"] else "done"

    def failed(self, why: str) -> None:
        self.error = why
        self.state = "failed"

    def stop(self) -> None:
        if self.running:
            self.stop_asked = True

    @property
    def running(self) -> bool:
        return self.state in ("starting", "running")

    # -- what the page shows ---------------------------------------------------------
    @property
    def decisions(self) -> list:
        return self.data["decisions"] if self.data else []

    def _reached(self) -> str:
        """How far the review has come, by turn (app/game/counting.py): "turn 14 of 122"."""
        game = self.game
        total = turns_played(game)
        # ``done`` counts the lines reviewed, the colour draw's not among them (docs/review.md)
        lines = [i for i, entry in enumerate(game.entries) if not entry.draw]
        if self.done <= 0 or not lines:
            return n("flow.review.reached_start", total)
        return t("flow.review.reached", line=line_name(game, lines[min(self.done, len(lines)) - 1], False), total=total)

    def checked(self) -> int:
        """The decisions the review checked that had a real choice (not forced)."""
        return sum(1 for d in self.decisions if d["class"] != "forced")

    def progress_text(self) -> str:
        if self.state == "starting":
            return t("flow.review.starting")
        if self.state == "running" and self.stop_asked:
            return t("flow.review.stopping", reached=self._reached())
        if self.state == "running":
            return t("flow.review.running", reached=self._reached())
        if self.state == "stopped":
            return n("flow.review.stopped", self.checked(), reached=self._reached())
        if self.state == "failed":
            return t("flow.review.failed", error=self.error)
        return n("flow.review.done", self.checked())

    @staticmethod
    def equity(d: dict, side: str = "w") -> float:
        """``side``'s equity before decision ``d`` (the worker gives the mover's)."""
        return d["before"] if d["side"] == side else 1.0 - d["before"]

    def _x(self, turn: float, total: int) -> float:
        return GRAPH_W * (turn - 0.5) / max(1, total)

    def points(self, side: str = "w") -> list:
        """(x, y, index, class) of each decision on the graph: x its turn (app/game/counting.py;
        the decisions of one turn side by side within it), y ``side``'s equity before it (the
        top is 1): the graph is drawn from the player's side (White's when nobody at this
        device played)."""
        ds = self.decisions
        game = self.game
        line_marks = marks(game)
        total = turns_played(game)
        out = []
        for i, d in enumerate(ds):
            turn, move, moves = line_marks[d["ply"] - 1]
            x = self._x(turn - 0.5 + (move - 0.5) / max(1, moves), total)
            y = GRAPH_H * (1.0 - self.equity(d, side))
            out.append((round(x, 2), round(y, 2), i, d["class"]))
        return out

    def turn_ticks(self, most: int = 6) -> list:
        """(turn, x as a share of the graph's width from 0 to 1) of the few turn numbers
        written under the graph: turn 1, then round numbers, at most ``most``."""
        total = turns_played(self.game)
        if total <= 0:
            return []
        step = next((s for s in TICK_STEPS if total / s < most), TICK_STEPS[-1])
        turns = [1] + [t for t in range(step, total + 1, step) if t > 1]
        if len(turns) > 1 and turns[1] - 1 < step / 2:
            del turns[0]  # 1 and the first round number would overlap
        return [(t, round(self._x(t, total) / GRAPH_W, 4)) for t in turns]

    def graph_label(self, you=None) -> str:
        """The graph's name for a screen reader; ``you``: the colour of the player at this
        device, whose side the graph is drawn from (None: White's)."""
        ds = self.decisions
        if not ds:
            return t("flow.review.graph_empty")
        side = you or "w"
        first, last = self.equity(ds[0], side), self.equity(ds[-1], side)
        marked = sum(1 for d in ds if d["class"] in MARKED)
        return t("flow.review.graph_you" if you else "flow.review.graph",
                 turns=n("flow.review.graph_turns", turns_played(self.game)),
                 first=percent(first), last=percent(last),
                 marked=n("flow.review.graph_marked", marked) if marked else t("flow.review.graph_clean"))

    def summary_rows(self, names: dict) -> list:
        """One row of words per side: ``names`` maps "w" and "b" to who played them."""
        rows = []
        if not self.data:
            return rows
        for side in ("w", "b"):
            s = self.data["sides"][side]
            counts = s["counts"]
            luck = s["luck"]
            rows.append({
                "side": side, "who": side_words(side, names.get(side, COLOUR[side])),
                # what a decision cost on average, not the sum (which grows with the game's length),
                # with its name on the scale
                "decisions": s["decisions"],
                "mean": rated(s["mean_loss"], s.get("rating")),  # reviews before the scale have none
                "luck": signed_percent(luck),
                "best": counts["best"], "inaccuracy": counts["inaccuracy"], "mistake": counts["mistake"],
                "blunder": counts["blunder"],
            })
        return rows

    def listed(self) -> list:
        """The indices of the decisions the review names (inaccuracies and worse)."""
        return [i for i, d in enumerate(self.decisions) if d["class"] in LISTED]

    def clean_text(self, names: dict) -> str:
        """What to say when the list is empty, or when a side made no error: "No mistakes:
        neither side lost any chance to win to a choice.", "No mistakes by You."; "" when
        both sides erred (or nothing is reviewed yet)."""
        if not self.data:
            return ""
        erred = {side: any(d["class"] in LISTED and d["side"] == side for d in self.decisions)
                 for side in ("w", "b")}
        if not erred["w"] and not erred["b"]:
            return t("flow.review.clean_both")
        clean = [side for side in ("w", "b") if not erred[side]]
        if not clean:
            return ""
        return t("flow.review.clean_side", who=side_words(clean[0], names.get(clean[0], COLOUR[clean[0]])))

    def decision_text(self, index: int, actor: dict) -> str:
        """Decision ``index`` in words; ``actor`` maps "w" and "b" to who played them."""
        d = self.decisions[index]
        who = actor.get(d["side"], COLOUR[d["side"]])
        line = line_name(self.game, d["ply"] - 1)
        action = action_words(d["played"])
        if d["throw"] is not None and d["played"] != "throw":
            choice = t("flow.review.threw_chose", who=who, throw=d["throw"], action=action)
        else:
            choice = t("flow.review.chose", who=who, action=action)
        if d["class"] == "forced":
            return t("flow.review.decision_forced", line=line, choice=choice)
        if d["class"] == "best":
            text = t("flow.review.decision_best", line=line, choice=choice)
        else:
            text = t("flow.review.decision_error", line=line, choice=choice, error=t(CLASS_KEYS[d["class"]]),
                     loss=percent(d["loss"]), before=percent(d["before"]), after=percent(d["after"]),
                     better=action_words(d["best"]))
        # judged by the endgame tables (docs/endgames.md): said, it is no estimate
        return t("flow.review.decision_exact", text=text) if d.get("exact") else text

    def at_step(self, step: int):
        """The decision taken at the position of replay step ``step`` (the last one when
        two are: the choice before the throw, then the move), or None."""
        found = None
        for i, d in enumerate(self.decisions):
            if d["ply"] - 1 == step:
                found = i
            elif d["ply"] - 1 > step:
                break
        return found

    def better_move(self, index: int):
        """(from, to) of the better action of decision ``index`` in notation, or None."""
        d = self.decisions[index]
        if d["class"] in ("best", "forced") or "-" not in d["best"]:
            return None
        src, _, dst = d["best"].partition("-")
        return src, dst

    def played_move(self, index: int):
        """(from, to) of the action played at decision ``index``, when a better one is
        drawn beside it (the review names it) and it is a move on the board; else None."""
        d = self.decisions[index]
        if d["class"] in ("best", "forced") or "-" not in d["played"]:
            return None
        src, _, dst = d["played"].partition("-")
        return src, dst


def side_words(side: str, who: str) -> str:
    """Who played a colour, said once: "You (White)", "Average (Black)"; "White" when the
    name is the colour itself (never "White (white)")."""
    colour = COLOUR[side]
    return colour if who.lower() == colour.lower() else t("flow.review.side", who=who, colour=colour)
