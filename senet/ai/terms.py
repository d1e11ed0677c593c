"""What every hand-made evaluation shares: the throws' chances, the squares of the
pieces, the bump threat of the water rule sets, and the terms put together for the
logistic (senet.ai.evaluate says how they are weighed). Plain Python on strings and
lists: it runs in Pyodide and in the page's MicroPython (Average).
"""

from math import exp, sqrt

from ..state import BLACK, WHITE, State

# C2: throw probabilities (1..4 and the value for no light side)
_P = {1: 4 / 16, 2: 6 / 16, 3: 4 / 16, 4: 1 / 16}


def probs(none_value: int) -> tuple[tuple[int, float], ...]:
    """(throw, probability) of every throw value, the value of no light side ``none_value``."""
    p = dict(_P)
    p[none_value] = 1 / 16
    return tuple(sorted(p.items()))


P5 = probs(5)
P6 = probs(6)


def settled_value(state: State) -> float | None:
    """White's value where nothing needs estimating: the result of a finished game (a draw
    counts one half), and one half during the colour draw; None otherwise."""
    w = state.winner
    if w is not None:
        return 1.0 if w == WHITE else 0.0 if w == BLACK else 0.5
    if state.opening:
        return 0.5
    return None


def sigmoid(x: float) -> float:
    if x > 40:
        return 1.0
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + exp(-x))


def p_bear_off(rules, sq: int) -> float:
    """The probability that one throw bears a piece off from ``sq`` (the rule set's exact
    throws, C2)."""
    p = 0
    for t, ways in probs(rules.none_value):
        if t in rules.bear_off_throws(sq):
            p += ways
    return p


_RANGE = range(1, 31)
_POS_MEMO: dict = {}


def positions(board: str) -> tuple[list[int], list[int]]:
    """The squares of white's and black's pieces (memoised: searches meet a board often)."""
    pos = _POS_MEMO.get(board)
    if pos is None:
        if len(_POS_MEMO) > 50000:
            _POS_MEMO.clear()
        cells = " " + board
        pos = _POS_MEMO[board] = ([i for i in _RANGE if cells[i] == "w"], [i for i in _RANGE if cells[i] == "b"])
    return pos


def water_bump_threat(cells: str, mine: list, y: str, rules, cost: list, water_cost: float,
                      swap_when_water_taken: bool) -> float:
    """The expected loss of ``mine`` (squares of one side's pieces) to a bump by ``y`` on
    its next throw, where a water square and a gate rule (Kendall K3, K6, K9, K12;
    Thibault H4, H5, H7, H8): the worst hit of each throw value, weighted by its chance.

    Protected pieces and the one in the water are safe; a side with a piece in the water
    hits nothing; beyond the gate only a piece on the gate hits, and the piece it hits
    drops into the water (``water_cost``), or, when the water is taken and
    ``swap_when_water_taken`` (K12), swaps to the gate.
    """
    water = rules.water_square
    if cells[water] == y:  # K9, H8: a drowning side moves no other piece
        return 0.0
    gate = rules.gate_square
    protected = rules.protected
    worst = [0.0] * 6
    for s in mine:
        if s == water or protected(cells, s):
            continue
        for t in (1, 2, 3, 4, 5):
            a = s - t
            if a < 1:
                break
            if cells[a] != y or (s > gate and a != gate):
                continue
            if s > water and (cells[water] == "." or not swap_when_water_taken):
                loss = water_cost - cost[s]
            else:
                loss = cost[a] - cost[s]
            if loss > worst[t]:
                worst[t] = loss
    t_loss = 0.0
    for t, p in P5:
        t_loss += p * worst[t]
    return t_loss


def combine(state: State, race: dict, threat: dict, extra: dict) -> tuple[float, ...]:
    """The terms from white's point of view, and the denominator of the logistic."""
    w_acts = state.side == WHITE
    # the side on throw may still cover its exposed pieces; the other side may not
    if w_acts:
        f_threat = threat[BLACK]  # black's pieces face white's throw
        f_threat_mover = -threat[WHITE]
    else:
        f_threat = -threat[WHITE]
        f_threat_mover = threat[BLACK]
    return (
        race[BLACK] - race[WHITE],
        f_threat,
        f_threat_mover,
        1.0 if w_acts else -1.0,
        extra[BLACK] - extra[WHITE],
        sqrt(max(race[WHITE], 0.0) + max(race[BLACK], 0.0) + 10.0),
    )
