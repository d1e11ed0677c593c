"""Expectiminimax over the throws, with Star1 pruning, a transposition table and
iterative deepening under a node budget.

Values are white's win probability (a draw counts 1/2), so they lie in [0, 1]; at a
decision node the side to act (``state.side``) maximises it when it is white and
minimises it when it is black. The side to act is always read from the state, so an
extra throw (the same side acts again) and a lost throw that keeps or passes the turn
are handled exactly as the rules say: the search just follows the states.

Node kinds:

* terminal: 1, 0 or 1/2;
* chance (``state.is_chance``): the probability-weighted mean of the states after
  each throw (C2 probabilities);
* decision: the best legal action; a forced action (one legal action, such as a pass)
  is followed like any other. Where the side may rescue instead of throwing (kendall,
  thibault) the state before the throw is a decision too, between RESCUE and THROW, and
  THROW leads to the chance node of the same position.

``depth`` counts decisions; a leaf is the state after the last decision (a state
before a throw), valued by the evaluation. THROW is part of the decision of the throw
that follows it, so it counts no depth of its own and its chance node is searched at
once (it is never a leaf, and takes no node of the budget). Star1 pruning at chance nodes is sound because every
value is bounded by 0 and 1.

The node budget makes results reproducible: the search stops when the budget is spent
and keeps the last completed iteration. The wall-clock cap is a safety net only.
"""

import time

from ..moves import RESCUE, THROW, Move
from ..state import WHITE, State
from ..throws import OUT_OF

EXACT, LOWER, UPPER = 0, 1, 2


class Abort(Exception):
    """The node budget or the time cap is spent."""


class Search:
    """One search: a transposition table and the counters of one decision."""

    def __init__(self, evaluate, max_nodes: int = 4000, time_cap: float | None = None,
                 max_depth: int = 30):
        self._evaluate = evaluate
        self.evals: dict = {}
        self.max_nodes = max_nodes
        self.time_cap = time_cap
        self.max_depth = max_depth
        self.tt: dict = {}
        self.nodes = 0
        self.deadline = None
        self.horizon = False  # set when a leaf was cut by the depth limit
        self.depth_done = 0
        self.outcomes_cache: dict = {}

    # -- helpers ----------------------------------------------------------------------
    def evaluate(self, state: State) -> float:
        key = state.key
        v = self.evals.get(key)
        if v is None:
            v = self.evals[key] = self._evaluate(state)
        return v

    def _outcomes(self, state: State):
        rules = state.rules
        out = self.outcomes_cache.get(rules.name)
        if out is None:
            # most probable throws first: Star1 cuts earlier
            out = tuple(sorted(((t, w / OUT_OF) for t, w in state.chance_outcomes()), key=lambda tp: -tp[1]))
            self.outcomes_cache[rules.name] = out
        return out

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Abort
        if self.deadline is not None and not self.nodes & 127 and time.perf_counter() > self.deadline:
            raise Abort

    # -- the recursion ------------------------------------------------------------------
    def value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        w = state.winner
        if w is not None:
            return 1.0 if w == WHITE else 0.0 if w == "b" else 0.5
        if state.throw is None and (depth <= 0 or state.opening):
            if depth <= 0:
                self.horizon = True
            return self.evaluate(state)
        key = state.key
        entry = self.tt.get(key)
        best_move = None
        if entry is not None:
            d, lo, hi, best_move = entry
            if d >= depth:
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
        if state.throw is None and state.is_chance:
            v = self._chance(state, depth, alpha, beta)
        else:
            v, best_move = self._decide(state, depth, alpha, beta, best_move)
        if v <= alpha:
            self.tt[key] = (depth, 0.0, v, best_move)
        elif v >= beta:
            self.tt[key] = (depth, v, 1.0, best_move)
        else:
            self.tt[key] = (depth, v, v, best_move)
        return v

    def _chance(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """Star1: the window of each throw follows from the bounds 0 <= value <= 1."""
        done = 0.0
        rest = 1.0
        for t, p in self._outcomes(state):
            rest -= p
            lo = (alpha - done - rest) / p
            hi = (beta - done) / p
            v = self.value(state.apply(t), depth, lo if lo > 0.0 else 0.0, hi if hi < 1.0 else 1.0)
            done += p * v
            if v <= lo:
                return done + rest  # an upper bound, <= alpha
            if v >= hi:
                return done  # a lower bound, >= beta
        return done

    def _child(self, move: Move, child: State, depth: int, alpha: float, beta: float) -> float:
        """The value of the state after ``move`` in a decision searched to ``depth``."""
        if move == THROW:
            return self._chance(child, depth, alpha, beta)
        return self.value(child, depth - 1, alpha, beta)

    def _decide(self, state: State, depth: int, alpha: float, beta: float, hint: Move | None):
        moves = state.legal_actions()
        if len(moves) == 1:
            return self.value(state.apply(moves[0]), depth - 1, alpha, beta), moves[0]
        maximise = state.side == WHITE
        children = [(m, state.apply(m)) for m in moves]
        # before a throw ([THROW, RESCUE]) the throw is tried first, not ordered by the
        # evaluation of the position it leads to
        if depth >= 2 and state.throw is not None:
            ev = self.evaluate
            children.sort(key=(lambda mc: -ev(mc[1])) if maximise else (lambda mc: ev(mc[1])))
        if hint is not None:
            for i, (m, _) in enumerate(children):
                if m == hint:
                    if i:
                        children.insert(0, children.pop(i))
                    break
        best = -1.0 if maximise else 2.0
        best_move = children[0][0]
        for m, child in children:
            v = self._child(m, child, depth, alpha, beta)
            if maximise:
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_move = v, m
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best, best_move

    # -- the root -----------------------------------------------------------------------
    def root(self, state: State, depth: int, options: list, exact: bool) -> list:
        """Values of the root options at ``depth``; exact values for all when ``exact``."""
        maximise = state.side == WHITE
        alpha, beta = 0.0, 1.0
        out = []
        for m, child in options:
            a, b = (0.0, 1.0) if exact else (alpha, beta)
            out.append((m, self._child(m, child, depth, a, b)))
            v = out[-1][1]
            if not exact:
                if maximise and v > alpha:
                    alpha = v
                elif not maximise and v < beta:
                    beta = v
        return out

    def run(self, state: State, exact: bool = False) -> list:
        """Iterative deepening; returns [(action, value)] best first for the side to act.

        At a decision the actions are its legal actions (THROW and RESCUE before a
        throw); at a chance node there is one entry, (THROW, the node's value). Values are
        white's win probability. Only the first entry's value is exact unless ``exact``.
        """
        if self.time_cap is not None:
            self.deadline = time.perf_counter() + self.time_cap
        if state.is_chance:  # the value of the throw that comes
            options = [(THROW, state)]
        else:
            options = [(m, state.apply(m)) for m in state.legal_actions()]
        maximise = state.side == WHITE
        result = None
        prev_nodes = None
        for depth in range(1, self.max_depth + 1):
            start = self.nodes
            self.horizon = False
            try:
                values = self.root(state, depth, options, exact)
            except Abort:
                break
            order = sorted(range(len(values)), key=lambda i: -values[i][1] if maximise else values[i][1])
            result = [values[i] for i in order]
            options = [options[i] for i in order]
            self.depth_done = depth
            used = self.nodes - start
            if not self.horizon or len(options) == 1 and not exact:
                break  # the tree is solved to the end, or there is no choice
            # stop when the next iteration would not fit in the budget
            growth = used / prev_nodes if prev_nodes else 8.0
            growth = min(max(growth, 3.0), 40.0)
            if self.nodes + used * growth > self.max_nodes:
                break
            prev_nodes = max(used, 1)
        if result is None:  # not even depth 1 fitted: value the options by the evaluation
            values = []
            for m, child in options:
                values.append((m, self.evaluate(state if m == THROW else child)))
            result = sorted(values, key=lambda mv: -mv[1] if maximise else mv[1])
        return result


__all__ = ["Abort", "RESCUE", "Search", "THROW"]
