"""The review of a game as the page shows it (docs/review.md): the numbers come from the
worker (senet.review runs there, one record line a call); this module holds them and
turns them into what the page draws and says. Plain Python: runs on the page's
MicroPython and in the engine tests.
"""

import json

from names import SIDE_NAMES as COLOUR  # "White", "Black"

# The classes the graph marks (and the list of the review names).
MARKED = ("mistake", "blunder")
LISTED = ("inaccuracy", "mistake", "blunder")
CLASS_WORDS = {"forced": "forced", "best": "best", "inaccuracy": "an inaccuracy",
               "mistake": "a mistake", "blunder": "a blunder"}
# The graph's drawing area in SVG units (the page scales it to its width).
GRAPH_W, GRAPH_H = 300.0, 100.0


def action_words(text: str) -> str:
    """An action in notation as words: "move the piece on 12 to square 15"."""
    if text == "throw":
        return "throw the sticks"
    if text == "rescue":
        return "rescue the piece from the water"
    if text == "pass":
        return "pass"
    src, _, dst = text.partition("-")
    if not dst:
        return text
    piece = "the piece from the supply" if src == "in" else f"the piece on {src}"
    where = "off the board" if dst == "off" else f"to square {dst}"
    return f"move {piece} {where}"


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
        self.data = None  # the worker's review (senet.review's result) once asked for
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

    def progress_text(self) -> str:
        if self.state == "starting":
            return "Starting the review\u2026"
        if self.state == "running" and self.stop_asked:
            return f"Stopping after line {self.done} of {self.total}\u2026"
        if self.state == "running":
            return f"Reviewing: line {self.done} of {self.total}\u2026"
        if self.state == "stopped":
            return f"Stopped after line {self.done} of {self.total}: the review covers the game up to there."
        if self.state == "failed":
            return f"The review could not run ({self.error})."
        return f"Reviewed all {self.total} lines, {self.nodes} nodes a search."

    @staticmethod
    def white_equity(d: dict) -> float:
        """White's equity before decision ``d`` (the worker gives the mover's)."""
        return d["before"] if d["side"] == "w" else 1.0 - d["before"]

    def points(self) -> list:
        """(x, y, index, class) of each decision on the graph: x the decision's place in
        the game, y White's equity before it (the top is 1)."""
        ds = self.decisions
        n = len(ds)
        out = []
        for i, d in enumerate(ds):
            x = GRAPH_W * (i + 0.5) / n
            y = GRAPH_H * (1.0 - self.white_equity(d))
            out.append((round(x, 2), round(y, 2), i, d["class"]))
        return out

    def graph_label(self) -> str:
        ds = self.decisions
        if not ds:
            return "No decisions reviewed."
        first, last = self.white_equity(ds[0]), self.white_equity(ds[-1])
        marked = sum(1 for d in ds if d["class"] in MARKED)
        return (f"White's chance to win over {len(ds)} decisions, from {round(first * 100)}% to "
                f"{round(last * 100)}%; {marked} mistake{'s' if marked != 1 else ''} or blunder"
                f"{'s' if marked != 1 else ''} marked.")

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
                "side": side, "who": names.get(side, COLOUR[side]),
                "decisions": s["decisions"], "lost": f"{s['equity_lost']:.3f}", "mean": f"{s['mean_loss']:.4f}",
                "luck": ("+" if luck > 0 else "") + f"{luck:.3f}",
                "best": counts["best"], "inaccuracy": counts["inaccuracy"], "mistake": counts["mistake"],
                "blunder": counts["blunder"],
            })
        return rows

    def listed(self) -> list:
        """The indices of the decisions the review names (inaccuracies and worse)."""
        return [i for i, d in enumerate(self.decisions) if d["class"] in LISTED]

    def decision_text(self, index: int, actor: dict) -> str:
        """Decision ``index`` in words; ``actor`` maps "w" and "b" to who played them."""
        d = self.decisions[index]
        who = actor.get(d["side"], COLOUR[d["side"]])
        head = f"Step {d['ply']}: {who}"
        if d["throw"] is not None and d["played"] != "throw":
            head += f" threw {d['throw']} and"
        text = f"{head} chose to {action_words(d['played'])}"
        if d["class"] in ("best", "forced"):
            return f"{text}: the {'only choice' if d['class'] == 'forced' else 'best choice'}."
        lost = round(d["loss"] * 100)
        return (f"{text}: {CLASS_WORDS[d['class']]}, {lost}% of the chance to win lost "
                f"({round(d['before'] * 100)}% to {round(d['after'] * 100)}%). Better: {action_words(d['best'])}.")

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
