"""Hand-made, variant-aware evaluations: an estimated win probability for white.

Every evaluation works on the raw board string and returns a number in [0, 1]: the
probability that white wins, a draw counting one half. It is the logistic of a score
in "pips" (squares of progress) over the square root of the race still to run, so that
a lead of a few squares means a lot near the end and little at the start:

    score = race(black) - race(white)          the race: what each side still has to travel
          + loss(black) - loss(white)          expected loss to a bump on the next throw
          + tempo * (+1 if white acts else -1) the side on throw is half a turn ahead
          + variant terms (blockades, walls, stuck pieces, ...)
    value = 1 / (1 + exp(-score / (scale * sqrt(race(white) + race(black) + 10))))

The race counts the squares to go with the detours of the rule set (the water, the exact
throws to bear off, the entry from the supply); a piece borne off counts 0. The bump
threat is the probability-weighted loss of the worst hit the opponent can make with each
throw value, counted in full for the side that just moved (its pieces are exposed now)
and at a smaller weight for the side on throw (it may still cover them).

``evaluator(variant)`` is Average's evaluation, ``evaluator(variant, expert=True)``
Expert's: the same terms, plus the solitaire endgame tables of senet.ai.endgame for the
race of the last two pieces (Kendall, Thibault, Jéquier, Havens), and in Bell entry
blocking, mobility and the goal claim. ``features(state)`` returns
Average's separate terms; ``WEIGHTS`` hold the weights per rule set. Everything is plain
Python on strings and lists, so that it runs in Pyodide too.
"""

from math import exp, sqrt

from ..state import BLACK, WHITE, State
from ..variants import get_rules

# C2: throw probabilities (1..4 and the value for no light side)
_P = {1: 4 / 16, 2: 6 / 16, 3: 4 / 16, 4: 1 / 16}


def _probs(none_value: int) -> tuple[tuple[int, float], ...]:
    p = dict(_P)
    p[none_value] = 1 / 16
    return tuple(sorted(p.items()))


P5 = _probs(5)
P6 = _probs(6)

# Weights of the terms: race, threat (side not on throw), threat (side on throw),
# tempo (in pips), variant extra, and the scale of the logistic.
WEIGHTS = {
    "kendall": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
    "thibault": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
    "jequier": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
    "havens": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
    "tait": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.7},
    "bell": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 1.2, "extra": 1.0, "scale": 0.45},
    "piccione": {"race": 1.0, "threat": 1.0, "threat_mover": 0.4, "tempo": 2.0, "extra": 1.0, "scale": 0.55},
}
FEATURES = ("race", "threat", "threat_mover", "tempo", "extra")
# Expert's weights where they differ from the hand-made ones. The hand-made scale is far
# too confident for a probability: fitted to the outcomes of games between Average and
# Novice players (a logistic regression on these features: tools/fit_evaluation.py),
# the same score is worth 4 to 7 times fewer logits. The search averages values over
# the throws, so Expert uses the calibrated scale; the ratios between the terms stay
# the hand-made ones (fitted ratios played no better). "trap" weighs the forced landing
# on 27 of Jéquier and Havens (_make_trap).
EXPERT_WEIGHTS: dict[str, dict] = {
    # Kendall: heavier bump threats and endgame tables, chosen with one-throw trials and
    # confirmed with 800 games at full search (docs/opponents.md)
    "kendall": {"scale": 3.85, "threat": 1.5, "threat_mover": 0.8, "solo": 1.3},
    "thibault": {"scale": 2.75},
    "jequier": {"scale": 4.0, "trap": 2.0},
    "havens": {"scale": 4.0, "trap": 2.0},
    "tait": {"scale": 3.6},
    "bell": {"scale": 2.25},
}
# Kendall with five pieces a side (KO1), chosen by Rules.expert_weights: fitted to games of
# five pieces, the calibrated scale is 4.08 (two seeds), Kendall's 3.85 within noise, and
# no other weights played better one throw ahead (docs/opponents.md): Kendall's values
EXPERT_WEIGHTS["kendall+five"] = dict(EXPERT_WEIGHTS["kendall"])


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


def _p_bear_off(rules, sq: int) -> float:
    """The probability that one throw bears a piece off from ``sq`` (the rule set's exact
    throws, C2)."""
    p = 0
    for t, ways in _probs(rules.none_value):
        if t in rules.bear_off_throws(sq):
            p += ways
    return p


# --------------------------------------------------------------------------------------
# Kendall (K1-K13): the rules come from the rule set (protection K3/K10, the water and
# its rescue K9, the fall back K8, the exact throws K7); the costs are tuning values
KENDALL = get_rules("kendall")
# Race cost of a piece on square s: squares to 26, then the exact throws at the end.
K26 = 6.0
K_COST = [0.0] * 32
for _s in range(1, 26):
    K_COST[_s] = 26 - _s + K26
K_COST[26] = K26
K_COST[28] = 4.5  # needs a 3
K_COST[29] = 3.5  # needs a 2
K_COST[30] = 2.3  # any throw
K_WATER_FREE = K_COST[KENDALL.rescue_target] + 4.0  # rescue to 15 and lose the turn
K_WATER_BLOCKED = K_COST[KENDALL.rescue_target] + 14.0  # 15 taken: wait for a 4 (or for 15 to clear)
K_EXACT = {s: _p_bear_off(KENDALL, s) for s in KENDALL.fall_back_squares}
# squares from which any throw bears off (K7: 30): the last piece there is a sure win
K_ANY_THROW = frozenset(s for s in range(1, 31)
                        if len(KENDALL.bear_off_throws(s)) == len(KENDALL.throw_values))


_RANGE = range(1, 31)


_POS_MEMO: dict = {}


def _positions(board: str) -> tuple[list[int], list[int]]:
    """The squares of white's and black's pieces (memoised: searches meet a board often)."""
    pos = _POS_MEMO.get(board)
    if pos is None:
        if len(_POS_MEMO) > 50000:
            _POS_MEMO.clear()
        cells = " " + board
        pos = _POS_MEMO[board] = ([i for i in _RANGE if cells[i] == "w"], [i for i in _RANGE if cells[i] == "b"])
    return pos


def _kendall(state: State) -> tuple[float, ...]:
    cells = " " + state.board + " "
    side = state.side
    if (state.off[0 if side == WHITE else 1] == state.rules.pieces - 1 and state.board.count(side) == 1
            and state.board.find(side) + 1 in K_ANY_THROW):
        # K7: the last piece is on 30 and bears off on any throw: a sure win
        return (100.0, 0.0, 0.0, 0.0, 0.0, 1.0) if side == WHITE else (-100.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    water_cost = K_WATER_FREE if KENDALL.rescue_square(cells) else K_WATER_BLOCKED
    water = KENDALL.water_square
    protected = KENDALL.protected
    fall_back = KENDALL.fall_back_squares
    gate = KENDALL.gate_square  # K6: a piece beyond 26 is reached from 26 only
    wpos, bpos = _positions(state.board)
    race = {}
    extra = {}
    threat = {}
    for x, y, mine in ((WHITE, BLACK, wpos), (BLACK, WHITE, bpos)):
        r = 0.0
        movable = 0
        for s in mine:
            if s == water:
                r += water_cost
            else:
                r += K_COST[s]
                if s < water or s in K_ANY_THROW:
                    movable += 1
        # K8: with nothing else to move, a piece on 28/29 falls back into the water
        stuck = 0.0
        if movable <= 1:
            for s in fall_back:
                if cells[s] == x:
                    stuck += (1 - K_EXACT[s]) * (water_cost - K_COST[s]) * (0.6 if movable == 0 else 0.25)
        race[x] = r
        extra[x] = stuck
        # the bump threat against x: y's pieces (unless y is in the water, K9)
        t_loss = 0.0
        if cells[water] != y:
            worst = [0.0] * 6
            for s in mine:
                # K3, K10: protected pieces, and the one in the water, are safe from a hit
                if s == water or protected(cells, s):
                    continue
                for t in (1, 2, 3, 4, 5):
                    a = s - t
                    if a < 1:
                        break
                    if cells[a] != y or (s > gate and a != gate):
                        continue
                    if a == gate and s > water and cells[water] == ".":
                        loss = water_cost - K_COST[s]  # K12
                    else:
                        loss = K_COST[a] - K_COST[s]
                    if loss > worst[t]:
                        worst[t] = loss
            for t, p in P5:
                t_loss += p * worst[t]
        threat[x] = t_loss
    return _combine(state, race, threat, extra)


# --------------------------------------------------------------------------------------
# Thibault (H1-H9): protection (H4), the water and its rescue square (H7, H8) come
# from the rule set
THIBAULT = get_rules("thibault")
H26 = 6.5
H_COST = [0.0] * 32
for _s in range(1, 26):
    H_COST[_s] = 26 - _s + H26
H_COST[26] = H26
H_COST[28] = 4.5  # needs a 3
H_COST[29] = 3.5  # needs a 2
H_COST[30] = 4.5  # needs a 1


def _thibault(state: State) -> tuple[float, ...]:
    cells = " " + state.board + " "
    water_cost = H_COST[THIBAULT.rescue_square(cells)] + 4.0
    water = THIBAULT.water_square
    gate = THIBAULT.gate_square
    protected = THIBAULT.protected
    wpos, bpos = _positions(state.board)
    race = {}
    extra = {WHITE: 0.0, BLACK: 0.0}
    threat = {}
    for x, y, mine in ((WHITE, BLACK, wpos), (BLACK, WHITE, bpos)):
        r = 0.0
        for s in mine:
            r += water_cost if s == water else H_COST[s]
        race[x] = r
        t_loss = 0.0
        if cells[water] != y:  # H8: a drowning side moves no other piece
            worst = [0.0] * 6
            for s in mine:
                if s == water or protected(cells, s):  # H4
                    continue
                for t in (1, 2, 3, 4, 5):
                    a = s - t
                    if a < 1:
                        break
                    if cells[a] != y or (s > gate and (a != gate or s <= water)):
                        continue
                    if s > water:
                        loss = water_cost - H_COST[s]  # H7: dropped into the water
                    else:
                        loss = H_COST[a] - H_COST[s]
                    if loss > worst[t]:
                        worst[t] = loss
            for t, p in P5:
                t_loss += p * worst[t]
        threat[x] = t_loss
    return _combine(state, race, threat, extra)


# --------------------------------------------------------------------------------------
# Jequier (J1-J10) and Havens (V1-V8): protection and safe squares (J4, J5, V5), the
# blockades (J4, V5), square 27 (J8, V6), no passing 26 (V6) and bearing off (J9, V7)
# come from the rule set
JEQUIER = get_rules("jequier")
HAVENS = get_rules("havens")


def _exact_costs(rules) -> list[float]:
    """Race cost of a piece: squares to 30 plus a share of the wait for an exact landing."""
    probs = _probs(rules.none_value)
    gate = rules.gate_square or 0
    water = rules.water_square
    cost = [0.0] * 32
    # expected throws for a lone piece to land exactly on 30 from 21..29 (27 is a reset)
    e = [0.0] * 32
    for _ in range(200):
        for s in range(29, 20, -1):
            if s == water:
                continue
            total, stay = 1.0, 0.0
            for t, p in probs:
                d = s + t
                if d > 30 or s < gate < d:
                    stay += p
                elif d == 30:
                    pass
                elif d == water:
                    total += p * 12.0  # back to the lowest empty square: a heavy loss
                else:
                    total += p * e[d]
            e[s] = total / (1 - stay) if stay < 1 else 50.0
    for s in range(1, 30):
        if s <= 20:
            cost[s] = 30 - s + 3.0
        elif s != water:
            cost[s] = (30 - s) * 0.5 + e[s] * 1.3
    # keep the table monotonic below 21 (further back is never better)
    for s in range(20, 0, -1):
        cost[s] = max(cost[s], cost[s + 1] + 1.0 if s + 1 != water else cost[s])
    return cost


J_COST = _exact_costs(JEQUIER)
V_COST = _exact_costs(HAVENS)


def _make_jequier(rules, cost: list[float]):
    probs = _probs(rules.none_value)
    blockades = rules.blockades
    protected = rules.protected
    safe = rules.safe_squares
    long_throw = rules.blockade + 1  # only a throw this long can pass a blockade

    def evaluate(state: State) -> tuple[float, ...]:
        cells = " " + state.board + " "
        race = {}
        extra = {}
        threat = {}
        wpos, bpos = _positions(state.board)
        for x, y, mine in ((WHITE, BLACK, wpos), (BLACK, WHITE, bpos)):
            r = 0.0
            for s in mine:
                r += cost[s]
            race[x] = r
            # blockades of x: y pieces behind a run of three cannot pass it
            blocks = blockades(cells, x)
            trapped = 0.0
            if blocks:
                for s in range(1, 27):
                    if cells[s] == y:
                        for lo, hi in blocks:
                            if s < lo:
                                trapped += 1.5 + 0.5 * (hi - lo - 1)
                                break
            extra[y] = extra.get(y, 0.0) + trapped
            extra.setdefault(x, 0.0)
            # bump threat against x (pieces on 26..30 are safe, J5 / V5)
            t_loss = 0.0
            for t, p in probs:
                worst = 0.0
                for s in mine:
                    if s in safe or s - t < 1 or cells[s - t] != y:
                        continue
                    if protected(cells, s):
                        continue
                    if t >= long_throw and blocks:
                        a = s - t
                        if any(a < lo and hi < s for lo, hi in blocks):
                            continue
                    loss = cost[s - t] - cost[s]
                    if loss > worst:
                        worst = loss
                t_loss += p * worst
            threat[x] = t_loss
        return _combine(state, race, threat, extra)

    return evaluate


# --------------------------------------------------------------------------------------
# Tait (T1-T6): the entry (T2) and the safe square (T3) come from the rule set
TAIT = get_rules("tait")
T_SUPPLY = 27.0 + 9.0  # enter on 4 or 6 (2/16 a throw), then 27 squares
T_COST = [0.0] * 32
for _s in range(1, 31):
    T_COST[_s] = 31 - _s + 2.0
T_COST[26] = 5.5
T_COST[27] = T_SUPPLY


def _tait(state: State) -> tuple[float, ...]:
    cells = " " + state.board + " "
    safe = TAIT.safe_squares
    entry = TAIT.entry_square
    race = {}
    extra = {}
    threat = {}
    for i, (x, y) in enumerate(((WHITE, BLACK), (BLACK, WHITE))):
        mine = [s for s in range(1, 31) if cells[s] == x]
        r = state.supply[i] * T_SUPPLY
        for s in mine:
            r += T_COST[s]
        race[x] = r
        extra[x] = 0.0
        y_supply = state.supply[1 - i]
        t_loss = 0.0
        for t, p in P6:
            worst = 0.0
            for s in mine:
                if s in safe:
                    continue
                a = s - t
                if (a >= 1 and cells[a] == y) or (a == 0 and y_supply and entry(t) == s):
                    loss = T_SUPPLY - T_COST[s]
                    if loss > worst:
                        worst = loss
            t_loss += p * worst
        threat[x] = t_loss
    return _combine(state, race, threat, extra)


# --------------------------------------------------------------------------------------
# Bell (B1-B8): the goal squares, the lowest open goal, the entry square and the
# squares that cannot be attacked come from the rule set
BELL = get_rules("bell")
B_SUPPLY = 30.0 + 1.5  # enters on 26..30
# A piece left below its side's lowest open goal (B7) cannot move until the opponent
# hits it, which the opponent does only when its own chain needs that square: the piece
# is worth less than one in the supply, by the wait.
B_DEAD = 12.0
B_ENTRY = 3.0  # a piece in the supply whose entry squares are taken
B_PASS = 2.5  # the chance of losing the next throw (no action at all)


def expert_bell(state: State) -> tuple[float, ...]:
    """Expert's Bell: the race to the goals, captures, entry, mobility, stranded pieces.

    Goals fill from the bottom up (B6): a side's home pieces form a chain from its lowest
    goal, and its lowest goal square still open is a floor no piece of it may pass (B7).
    The race counts each piece's squares to a goal square (a piece on an own goal square
    counts 0, home or not, since it fills that goal once the gap below closes); a piece
    caught below the floor counts as one in the supply and more. The bump threat counts
    every piece not home below 26 that an opponent piece can land on with one throw,
    pieces waiting above a gap included. Pieces enter only on an empty square 26..30, so
    pieces resting there block the opponent's entry; and a side may lose its throw.

    A piece waiting above a gap costs nothing beyond that threat: a penalty of one square
    for each made the evaluation, one throw ahead, lose 0.357 of 1 000 games to Average's
    (0.486 without it; docs/opponents.md).
    """
    cells = " " + state.board + " "
    return _bell_core(state, cells, state.odd)


def _bell_simple(state: State) -> tuple[float, ...]:
    """Average's Bell: the race to the goal squares and the captures, nothing more."""
    cells = " " + state.board + " "
    return _bell_core(state, cells, state.odd, full=False)


def _bell_claims(state: State) -> tuple:
    """Before anyone reaches square 1: the position as if white / black took the odd goals.

    Pieces already on goal squares of their side count at the claim (B5, B6), so where
    the pieces stand before it matters. Returns (probability that white claims, features
    if white claims, features if black claims); the nearer side to square 1 is likelier.
    """
    board = state.board
    dw = board.find("w")
    db = board.find("b")
    dw = 99 if dw < 0 else dw
    db = 99 if db < 0 else db
    p = min(0.9, max(0.1, 0.5 + 0.06 * (db - dw)))
    rest = board[1:]
    fw = _bell_core(state, " w" + rest + " ", WHITE)
    fb = _bell_core(state, " b" + rest + " ", BLACK)
    return p, fw, fb


def _bell_core(state: State, cells: str, odd, full: bool = True) -> tuple:
    race = {}
    extra = {WHITE: 0.0, BLACK: 0.0}
    threat = {}
    info = {}
    for i, x in enumerate((WHITE, BLACK)):
        if odd is None:
            goals = ()
            unfilled_sum = 105.0
            floor = 1
        else:
            goals = BELL.goals_for(odd, x)
            floor = BELL.floor(cells, goals, x)  # B7: the lowest open goal (31: none)
            unfilled_sum = 0.0
            for g in goals:
                if cells[g] != x:
                    unfilled_sum += g
        r = state.supply[i] * B_SUPPLY - unfilled_sum
        movers = []
        for s in range(1, 31):
            if cells[s] != x:
                continue
            if s in goals:
                if s > floor:  # waiting above a gap: it may move and be hit (B6)
                    movers.append(s)
                continue
            if s < floor:  # B7: stranded until the opponent hits it
                r += B_SUPPLY + B_DEAD
            else:
                r += s
                movers.append(s)
        race[x] = r
        info[x] = (goals, floor, movers)
    safe = BELL.safe_squares
    if full:
        entry = BELL.entry_square
        for i, (x, y) in enumerate(((WHITE, BLACK), (BLACK, WHITE))):
            goals, floor, movers = info[x]
            ygoals, yfloor = info[y][0], info[y][1]
            supply = state.supply[i]
            # entry and mobility on the next throw
            p_enter = 0.0
            p_pass = 0.0
            for t, p in P5:
                if supply > 0 and cells[entry(t)] == ".":
                    p_enter += p
                    continue
                for s in movers:
                    d = s - t
                    if d < floor:
                        continue
                    c = cells[d]
                    if c == x or (c == y and (d in safe or (d < yfloor and d in ygoals))):
                        continue
                    break
                else:
                    p_pass += p
            e = extra[x]
            if supply:
                e += B_ENTRY * min(supply, 3) * (1.0 - p_enter)
            e += B_PASS * p_pass
            extra[x] = e
    for x, y in ((WHITE, BLACK), (BLACK, WHITE)):
        goals, floor, xmovers = info[x]
        _, yfloor, ymovers = info[y]
        t_loss = 0.0
        if ymovers:
            for t, p in P5:
                worst = 0.0
                for a in ymovers:
                    s = a - t
                    if s < yfloor or s in safe or cells[s] != x:
                        continue
                    if s < floor and s in goals:  # home (B6)
                        continue
                    # back to the supply; a piece on an own goal square counted 0, one
                    # below the floor counted as dead already
                    if s in goals:
                        loss = B_SUPPLY - s
                    elif s < floor:
                        loss = -B_DEAD
                    else:
                        loss = B_SUPPLY - s
                    if loss > worst:
                        worst = loss
                t_loss += p * worst
        threat[x] = t_loss
    return _combine(state, race, threat, extra)


# --------------------------------------------------------------------------------------
def _combine(state: State, race: dict, threat: dict, extra: dict) -> tuple[float, ...]:
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


# --------------------------------------------------------------------------------------
# Piccione (P1-P9): no hitting (P4), so the race is nearly all; the entry square and the
# square that sends a piece back to the supply (P7) come from the rule set. A hand
# evaluation, not tuned with games: the Expert searches with it (there is no network).
PICCIONE = get_rules("piccione")
P_ENTRY_WAIT = 4.0 * 2.3  # a 1 comes about every fourth throw (C2), at ~2.3 squares a throw
P_COST = [0.0] * 32
for _s in range(1, 31):
    P_COST[_s] = 31.0 - _s  # P6: a part of exactly 31 - n bears off from n
P_SUPPLY = P_COST[PICCIONE.entry_square(1)] + 1.0 + P_ENTRY_WAIT


def _piccione(state: State) -> tuple[float, ...]:
    cells = " " + state.board + " "
    race = {}
    extra = {}
    threat = {}
    for i, x in enumerate((WHITE, BLACK)):
        r = state.supply[i] * P_SUPPLY
        for s in range(1, 31):
            if cells[s] == x:
                r += P_COST[s]
        if state.throw is not None and state.side == x:
            r -= state.throw  # P2: what is left of the throw is still the mover's
        race[x] = r
        extra[x] = 0.0
        threat[x] = 0.0  # P4: nothing is ever hit
    return _combine(state, race, threat, extra)


def tuned_as(variant: str) -> str:
    """The rule set whose tuning (terms, weights, node budget) serves ``variant``: its
    own, or the one it names (Kendall's house rules use Kendall's)."""
    return get_rules(variant).tuning or variant


def weighed_as(variant: str) -> str:
    """The key of Expert's weights (``EXPERT_WEIGHTS``) for ``variant``: the rule set's own
    choice (``Rules.expert_weights``: Kendall with five pieces has its own), else its tuning's."""
    return get_rules(variant).expert_weights or tuned_as(variant)


# Expert's own terms where they differ from Average's (tuning, keyed by rule set)
_EXPERT_FEATURES = {"bell": expert_bell}

_FEATURES = {
    "kendall": _kendall,
    "thibault": _thibault,
    "jequier": _make_jequier(JEQUIER, J_COST),
    "havens": _make_jequier(HAVENS, V_COST),
    "tait": _tait,
    "bell": _bell_simple,
    "piccione": _piccione,
}


def features(state: State) -> tuple[float, ...]:
    """(race, threat, threat_mover, tempo, extra, denominator), white's point of view."""
    return _FEATURES[state.rules.tuning or state.rules.name](state)


def terminal_value(state: State) -> float | None:
    w = state.winner
    if w is None:
        return None
    return 1.0 if w == WHITE else 0.0 if w == BLACK else 0.5


# Expert's race in the rule sets with slow last pieces (see senet.ai.endgame): the two
# rearmost pieces count as the solitaire turns they need, converted to squares at the
# average progress of a turn, the others as in the race table.
SOLO_RACE = {
    "kendall": (K_COST, 2.3125 * 1.6),
    "thibault": (H_COST, 2.3125 * 1.6),
    "jequier": (J_COST, 2.375 * 1.6),
    "havens": (V_COST, 2.3125 * 1.6),
}


def _solo_race(state: State, start: dict, mid: dict, table: list[float], per_turn: float) -> tuple[float, float]:
    """(white's race, black's race) with the endgame tables for the two rearmost pieces."""
    out = []
    for x, squares in zip((WHITE, BLACK), _positions(state.board)):
        if not squares:
            out.append(0.0)
            continue
        solo = mid if (state.again and state.side == x) else start
        rear = tuple(squares[:2])
        r = per_turn * solo[rear]
        for sq in squares[2:]:
            r += table[sq] if sq != 27 else K_WATER_FREE
        out.append(r)
    return out[0], out[1]


def _make_trap(rules, cost: list[float]):
    """Jéquier, Havens: the expected loss of a forced landing on 27 on the next throw.

    A side must move forward when it can (J6, V4), and a piece landing on 27 restarts
    from the first empty square (J8, V6). For each throw value, when every forward move
    a side has lands on 27, it loses a piece's progress: the cheapest such loss,
    weighted by the throw's probability. Returns (white's risk, black's risk) in squares.
    """
    probs = _probs(rules.none_value)
    gate = rules.gate_square or 0
    water = rules.water_square
    safe = rules.safe_squares
    protected = rules.protected
    may_bear_off = rules.may_bear_off
    # only a throw this long can pass a blockade; a blockade is a run of this text
    long_throw = rules.blockade + 1 if rules.blockade else 99
    wall = {WHITE: WHITE * rules.blockade, BLACK: BLACK * rules.blockade}

    def trap(state: State) -> tuple[float, float]:
        cells = " " + state.board + " "
        lowest = cells.find(".", 1)
        back = cost[lowest] if lowest > 0 else cost[1]
        wpos, bpos = _positions(state.board)
        out = []
        for x, y, mine in ((WHITE, BLACK, wpos), (BLACK, WHITE, bpos)):
            last_row = may_bear_off(cells, x)
            risk = 0.0
            for t, p in probs:
                into27 = None
                free = False
                for s in mine:
                    d = s + t
                    if d > 30 or s < gate < d:
                        continue
                    if d == water:
                        loss = back - cost[s]
                        if into27 is None or loss < into27:
                            into27 = loss
                        continue
                    if d == 30:
                        if last_row:
                            free = True
                            break
                        continue
                    c = cells[d]
                    if c == x:
                        continue
                    if c == y and (d in safe or protected(cells, d)):
                        continue
                    # a blockade of y strictly between s and d bars the way (a run that
                    # reaches d protects the piece on d, which was skipped above)
                    if t >= long_throw and wall[y] in cells[s + 1:d]:
                        continue
                    free = True
                    break
                if not free and into27 is not None and into27 > 0:
                    risk += p * into27
            out.append(risk)
        return out[0], out[1]

    return trap


_TRAP = {
    "jequier": _make_trap(JEQUIER, J_COST),
    "havens": _make_trap(HAVENS, V_COST),
}


class Evaluator:
    """A callable giving white's win probability for a state (terminal states exact).

    ``solo`` (Expert) replaces the race of the last two pieces of every side by the
    solitaire endgame tables where the rule set has them.
    """

    def __init__(self, variant: str, weights: dict | None = None, solo: bool = False):
        variant = tuned_as(variant)
        self.variant = variant
        self.feat = _FEATURES[variant]
        w = dict(WEIGHTS[variant])
        if weights:
            w.update(weights)
        self.weights = w
        s = w["scale"]
        self.coef = tuple(w[f] / s for f in FEATURES)
        # Expert's Bell: entry, mobility, the goal claim (B5) weighed before it is made
        expert_feat = _EXPERT_FEATURES.get(variant) if solo else None
        self.bell = expert_feat is not None
        if self.bell:
            self.feat = expert_feat
        self.solo = None
        if solo and variant in SOLO_RACE:
            from .endgame import turns

            start, mid = turns(variant)
            table, per_turn = SOLO_RACE[variant]
            self.solo = (start, mid, table, per_turn * w.get("solo", 1.0))
            self.feat = self._solo_features
        self.trap = _TRAP.get(variant) if solo else None
        self.trap_weight = w.get("trap", 1.0)
        self.trap_later = w.get("trap_later", 0.5)

    def _solo_features(self, state: State) -> tuple[float, ...]:
        f = _FEATURES[self.variant](state)
        if f[5] == 1.0:  # a sure result already (kendall: the last piece on 30)
            return f
        rw, rb = _solo_race(state, *self.solo)
        if self.trap is not None:
            tw, tb = self.trap(state)
            # the side on throw meets the trap now, the other after its next turn
            if state.side == WHITE:
                tb *= self.trap_later
            else:
                tw *= self.trap_later
            rw += self.trap_weight * tw
            rb += self.trap_weight * tb
        return (rb - rw,) + f[1:5] + (sqrt(rw + rb + 10.0),) + f[6:]

    def __call__(self, state: State) -> float:
        v = settled_value(state)
        if v is not None:
            return v
        if self.bell:
            return self._bell_value(state)
        return self._value(self.feat(state))

    def _value(self, f: tuple) -> float:
        c = self.coef
        x = (c[0] * f[0] + c[1] * f[1] + c[2] * f[2] + c[3] * f[3] + c[4] * f[4]) / f[5]
        return sigmoid(x)

    def _bell_value(self, state: State) -> float:
        if state.odd is not None:
            return self._value(self.feat(state))
        p, fw, fb = _bell_claims(state)
        return p * self._value(fw) + (1 - p) * self._value(fb)


_CACHE: dict[tuple[str, bool], Evaluator] = {}


def evaluator(variant: str, expert: bool = False) -> Evaluator:
    """The shared evaluator of a rule set: Average's, or Expert's (``expert=True``)."""
    ev = _CACHE.get((variant, expert))
    if ev is None:
        ev = _CACHE[(variant, expert)] = Evaluator(variant, EXPERT_WEIGHTS.get(weighed_as(variant)) if expert else None,
                                                   solo=expert)
    return ev


def evaluate(state: State) -> float:
    """White's estimated win probability in ``state`` (a draw counts one half)."""
    return evaluator(state.rules.name)(state)
