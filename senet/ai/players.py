"""The three opponents: Novice, Average and Expert, behind one interface.

    player.choose(state) -> Move              at any decision (state.is_decision): an
                                              action for the pending throw, or before a
                                              throw where a rescue is possible, THROW or
                                              RESCUE
    Expert.analyse(state) -> [(Move | None, p)]
                                              the legal actions ranked best first; p is the
                                              estimated win probability of the side to act;
                                              at a chance node one entry, (None, p)
    Expert.win_probability(state) -> float    white's estimated win probability (any state)

Every player is deterministic: the same state, seed and budget give the same action,
whatever was asked before.
"""

import gc
import hashlib
import time

from ..moves import OFF, PASS, SUPPLY, THROW, Move
from ..state import BLACK, WHITE, State
from ..throws import OUT_OF
from ..turns import decisions
from .evaluate import Evaluator, evaluator
from .network import network_evaluation
from .search import Search
from .tuning import EXPERT_WEIGHTS, default_nodes, weighed_as

DEFAULT_TIME_CAP = 1.5  # seconds: a safety net (the node budget, senet.ai.tuning, decides)


def _check_decision(state: State) -> list[Move]:
    if state.to_act is None:
        raise ValueError("the game is over")
    if not state.is_decision:
        raise ValueError("choose() needs a decision: the sticks are thrown next")
    return state.legal_actions()


def _rescue_or_throw(moves: list, rng: "SeededRandom") -> Move:
    """Before a throw ([THROW, RESCUE]): the rescue half of the time."""
    return moves[1] if rng.random() < 0.5 else THROW


def play_out(game, white, black=None):
    """Play a ``senet.game.Game`` to its end, ``white`` and ``black`` (default: ``white``)
    choosing the actions; throws, colour draws and forced actions are played for them.

    Yields each state where a player has a real choice (a pending throw with several
    legal actions, or a rescue it may take instead of throwing) just before the player
    decides, so that tools can look at the games as they go.
    """
    players = {WHITE: white, BLACK: black or white}
    yield from decisions(game, lambda s: players[s.side].choose(s))


class Player:
    """The common interface. ``info`` describes the last decision (for tools)."""

    level = ""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.info: dict = {}

    def choose(self, state: State) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class SeededRandom:
    """A small random source that gives the same numbers in CPython, Pyodide and
    MicroPython: 32-bit words from SHA-256(b"senet-random/1:<text>:<block>"), eight a
    block, ``text`` and the block number written in UTF-8 and decimal."""

    __slots__ = ("_text", "_block", "_words")

    def __init__(self, text: str):
        self._text = text.encode()
        self._block = 0
        self._words = []

    def word(self) -> int:
        """The next 32-bit whole number."""
        if not self._words:
            d = hashlib.sha256(b"senet-random/1:" + self._text + b":%d" % self._block).digest()
            self._block += 1
            self._words = [int.from_bytes(d[i:i + 4], "big") for i in (28, 24, 20, 16, 12, 8, 4, 0)]
        return self._words.pop()

    def random(self) -> float:
        """A float in [0, 1), a multiple of 2**-32."""
        return self.word() / 4294967296.0

    def choice(self, seq):
        return seq[self.word() % len(seq)]

    def gauss(self, mu: float, sigma: float) -> float:
        """Approximately normal: the sum of 12 uniforms less 6 (mean 0, variance 1),
        computed exactly in whole numbers so that every interpreter agrees."""
        total = 0
        for _ in range(12):
            total += self.word()
        return mu + sigma * (total / 4294967296.0 - 6.0)


def _for_mover(state: State, white_value: float) -> float:
    return white_value if state.side == WHITE else 1.0 - white_value


class Novice(Player):
    """A beginner: knows the aim and moves pieces on, but sees no danger and no chance.

    Each legal action gets a score for the progress it makes (squares travelled towards
    the end, a bonus for bearing off or, in Bell, for reaching an own goal square) plus a
    random blur; captures, protection, blockades and the water mean nothing to it. The
    randomness comes from the seed and the position (SeededRandom), so the choice is
    reproducible, and the same in every interpreter.
    """

    level = "novice"
    blur = 2.5

    def _rng(self, state: State) -> SeededRandom:
        return SeededRandom(f"{self.seed}|{state.position()}")

    def choose(self, state: State) -> Move:
        moves = _check_decision(state)
        if len(moves) == 1:
            return moves[0]
        rng = self._rng(state)
        if state.throw is None:
            return _rescue_or_throw(moves, rng)
        goals = state.rules.goal_squares(state, state.side)
        best, best_score = moves[0], None
        for m in moves:
            score = self._progress(state, m, goals) + rng.gauss(0.0, self.blur)
            if best_score is None or score > best_score:
                best, best_score = m, score
        return best

    @staticmethod
    def _progress(state: State, m: Move, goals: tuple) -> float:
        """The progress of ``m`` along the rule set's direction of travel; ``goals``: the
        mover's goal squares (Bell, B5), worth a bonus."""
        src, dst = m
        if m == PASS:
            return 0.0
        if dst == OFF:
            return 6.0
        rules = state.rules
        if src == SUPPLY:
            # entering at the far end of a track run backwards (Bell, B3): the deeper the better
            return 4.0 if rules.direction > 0 else 1.0 + (31 - dst) * 0.2
        gain = float((dst - src) * rules.direction)
        if dst in goals:
            gain += 3.0
        return gain



class RandomMover(Player):
    """Not an opponent of the app: a yardstick for the arena. Every legal action is
    equally likely (seeded by the position, like Novice); a rescue half of the time."""

    level = "random"

    def choose(self, state: State) -> Move:
        moves = _check_decision(state)
        if len(moves) == 1:
            return moves[0]
        rng = SeededRandom(f"{self.seed}|{state.position()}")
        if state.throw is None:
            return _rescue_or_throw(moves, rng)
        return rng.choice(moves)


class Average(Player):
    """Looks one throw ahead: the action whose result the hand-made evaluation likes best.

    The evaluation (senet.ai.evaluate) weighs the race, the bump threats of the next
    throw, captures, blockades, the water, the exact throws to bear off and, in Bell,
    the race to the goal squares. Before a throw it compares a rescue with the expected
    value of throwing (the mean over the throws of its best action).
    """

    level = "average"

    def __init__(self, seed: int = 0, **_budget):
        super().__init__(seed)

    def choose(self, state: State) -> Move:
        moves = _check_decision(state)
        if len(moves) == 1:
            return moves[0]
        ev = evaluator(state.rules.name)
        sign = 1.0 if state.side == WHITE else -1.0
        best, best_v = moves[0], None
        for m in moves:
            child = state.apply(m)
            if m == THROW:  # the expected value of the best action after each throw
                v = 0.0
                for t, w in child.chance_outcomes():
                    s = child.apply(t)
                    v += w / OUT_OF * max(sign * ev(s.apply(a)) for a in s.legal_actions())
            else:
                v = sign * ev(child)
            if best_v is None or v > best_v:
                best, best_v = m, v
        return best


class Expert(Player):
    """Expectiminimax over the throws under a node budget (see senet.ai.search).

    ``nodes`` bounds the nodes of one decision and makes it reproducible (None: the
    default of the rule set, DEFAULT_NODES); ``time_cap`` (seconds, None for none) is a
    safety net that stops a search that runs long; ``max_depth`` bounds the iterative
    deepening. Where a rule set has a trained network (senet.ai.network: Havens, Bell) Expert
    searches with it. Where the exact endgame tables reach (senet.ai.exact: at most two
    pieces a side still to finish) Expert plays and judges by them, and ``info["exact"]``
    says so; ``tables=False`` searches there too (to measure the search against them).
    For experiments: ``evaluation="hand"`` searches with
    the hand-made Expert evaluation everywhere, ``evaluation="average"`` with Average's,
    ``weights`` overrides evaluation weights (see senet.ai.tuning.WEIGHTS).
    """

    level = "expert"

    def __init__(self, seed: int = 0, nodes: int | None = None,
                 time_cap: float | None = DEFAULT_TIME_CAP, max_depth: int = 30,
                 evaluation: str = "expert", weights: dict | None = None, tables: bool = True):
        super().__init__(seed)
        self.tables = tables
        self.nodes = nodes
        self.time_cap = time_cap
        self.max_depth = max_depth
        if evaluation not in ("expert", "hand", "average"):
            raise ValueError(f"unknown evaluation '{evaluation}' (expert, hand or average)")
        self.expert_eval = evaluation != "average"  # "average": Average's evaluation (for tests)
        self.use_network = evaluation == "expert"
        self.weights = weights  # other evaluation weights (for experiments)
        self._evaluators: dict = {}

    def _search(self, state: State, exact: bool) -> list:
        ev = self._evaluator(state.rules.name)
        nodes = self.nodes if self.nodes is not None else default_nodes(state.rules)
        search = Search(ev, nodes, self.time_cap, self.max_depth)
        t0 = time.perf_counter()
        # the search allocates many small objects that live until it ends: the cyclic
        # garbage collector would only scan them again and again
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            ranked = search.run(state, exact=exact)
        finally:
            if gc_was_enabled:
                gc.enable()
        self.info = {
            "depth": search.depth_done, "nodes": search.nodes,
            "seconds": time.perf_counter() - t0, "value": ranked[0][1],
        }
        return ranked

    def _evaluator(self, variant: str):
        if self.weights is None:
            if self.use_network:
                net = network_evaluation(variant)
                if net is not None:
                    return net
            return evaluator(variant, expert=self.expert_eval)
        ev = self._evaluators.get(variant)
        if ev is None:
            merged = dict(EXPERT_WEIGHTS.get(weighed_as(variant), {})) if self.expert_eval else {}
            merged.update(self.weights)
            ev = self._evaluators[variant] = Evaluator(variant, merged, solo=self.expert_eval)
        return ev

    def _exact(self, state: State):
        """The ranking of the exact tables (the mover's chances), or None where they do
        not reach (or cannot be read)."""
        from . import exact  # not on the page (MicroPython): only the worker's Expert reads the tables

        if not self.tables or not exact.covers(state):
            return None
        ranked = exact.analyse(state)
        if ranked is not None:
            self.info = {"depth": 0, "nodes": 0, "seconds": 0.0, "value": ranked[0][1], "exact": True}
        return ranked

    def choose(self, state: State) -> Move:
        moves = _check_decision(state)
        if len(moves) == 1:
            self.info = {"depth": 0, "nodes": 0, "seconds": 0.0}
            return moves[0]
        ranked = self._exact(state)
        if ranked is not None:
            return ranked[0][0]
        return self._search(state, exact=False)[0][0]

    def analyse(self, state: State) -> list[tuple[Move | None, float]]:
        """Every option ranked best first with the mover's estimated win probability.

        At a decision the options are its legal actions (THROW and RESCUE before a
        throw where a rescue is possible); at a chance node there is one, None.
        """
        if state.is_terminal:
            return []
        ranked = self._exact(state)
        if ranked is not None:
            return ranked
        if state.is_chance:
            return [(None, _for_mover(state, self.win_probability(state)))]
        return [(m, _for_mover(state, v)) for m, v in self._search(state, exact=True)]

    def win_probability(self, state: State) -> float:
        """White's estimated win probability (a draw counts 1/2), for a meter."""
        if state.is_terminal:
            return self._evaluator(state.rules.name)(state)
        if state.opening:
            return 0.5
        ranked = self._exact(state)
        if ranked is not None:
            return _for_mover(state, ranked[0][1])  # the mover's chance, seen from white: the same formula
        return self._search(state, exact=True)[0][1]
