"""The hand-made evaluations of the race rule sets: Kendall, Thibault, Jéquier and Havens,
Tait, Piccione (Bell's are in senet.ai.bell_terms).

Each ``make_*`` takes the rule set and returns its ``terms`` (state -> the tuple of
senet.ai.terms.combine, white's point of view) with the race cost of a piece on each
square; senet.ai.tuning makes them for the rule sets they serve. The rules come from
the rule set (protection, the water and its rescue, the gate, the exact throws to bear
off, blockades, safe squares, the entry); the costs are tuning values.
"""

from ..state import BLACK, WHITE, State
from .terms import P6, combine, p_bear_off, positions, probs, water_bump_threat


class Hand:
    """A hand-made evaluation: ``terms(state)``, the race ``cost`` of a piece on each
    square (index 1..30) and, where there is water, ``water_free``: the cost of a piece
    in the water that may be rescued now."""

    __slots__ = ("terms", "cost", "water_free")

    def __init__(self, terms, cost: list, water_free: float = 0.0):
        self.terms, self.cost, self.water_free = terms, cost, water_free


def make_kendall(rules) -> Hand:
    """Kendall (K1-K13): protection K3/K10, the water and its rescue K9, the fall back K8,
    the exact throws K7."""
    # Race cost of a piece on square s: squares to 26, then the exact throws at the end.
    k26 = 6.0
    cost = [0.0] * 32
    for s in range(1, 26):
        cost[s] = 26 - s + k26
    cost[26] = k26
    cost[28] = 4.5  # needs a 3
    cost[29] = 3.5  # needs a 2
    cost[30] = 2.3  # any throw
    water_free = cost[rules.rescue_target] + 4.0  # rescue to 15 and lose the turn
    water_blocked = cost[rules.rescue_target] + 14.0  # 15 taken: wait for a 4 (or for 15 to clear)
    exact = {s: p_bear_off(rules, s) for s in rules.fall_back_squares}
    # squares from which any throw bears off (K7: 30): the last piece there is a sure win
    any_throw = frozenset(s for s in range(1, 31) if len(rules.bear_off_throws(s)) == len(rules.throw_values))
    water = rules.water_square
    fall_back = rules.fall_back_squares
    rescue_square = rules.rescue_square

    def terms(state: State) -> tuple[float, ...]:
        cells = " " + state.board + " "
        side = state.side
        if (state.off[0 if side == WHITE else 1] == state.rules.pieces - 1 and state.board.count(side) == 1
                and state.board.find(side) + 1 in any_throw):
            # K7: the last piece is on 30 and bears off on any throw: a sure win
            return (100.0, 0.0, 0.0, 0.0, 0.0, 1.0) if side == WHITE else (-100.0, 0.0, 0.0, 0.0, 0.0, 1.0)
        water_cost = water_free if rescue_square(cells) else water_blocked
        wpos, bpos = positions(state.board)
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
                    r += cost[s]
                    if s < water or s in any_throw:
                        movable += 1
            # K8: with nothing else to move, a piece on 28/29 falls back into the water
            stuck = 0.0
            if movable <= 1:
                for s in fall_back:
                    if cells[s] == x:
                        stuck += (1 - exact[s]) * (water_cost - cost[s]) * (0.6 if movable == 0 else 0.25)
            race[x] = r
            extra[x] = stuck
            # the bump threat against x: y's pieces; K12: hit beyond 26, into the water or to 26
            threat[x] = water_bump_threat(cells, mine, y, rules, cost, water_cost, True)
        return combine(state, race, threat, extra)

    return Hand(terms, cost, water_free)


def make_thibault(rules) -> Hand:
    """Thibault (H1-H9): protection (H4), the water and its rescue square (H7, H8)."""
    h26 = 6.5
    cost = [0.0] * 32
    for s in range(1, 26):
        cost[s] = 26 - s + h26
    cost[26] = h26
    cost[28] = 4.5  # needs a 3
    cost[29] = 3.5  # needs a 2
    cost[30] = 4.5  # needs a 1
    water = rules.water_square
    rescue_square = rules.rescue_square

    def terms(state: State) -> tuple[float, ...]:
        cells = " " + state.board + " "
        water_cost = cost[rescue_square(cells)] + 4.0
        wpos, bpos = positions(state.board)
        race = {}
        extra = {WHITE: 0.0, BLACK: 0.0}
        threat = {}
        for x, y, mine in ((WHITE, BLACK, wpos), (BLACK, WHITE, bpos)):
            r = 0.0
            for s in mine:
                r += water_cost if s == water else cost[s]
            race[x] = r
            # H7: a piece hit beyond 26 drops into the water
            threat[x] = water_bump_threat(cells, mine, y, rules, cost, water_cost, False)
        return combine(state, race, threat, extra)

    return Hand(terms, cost)


def exact_costs(rules) -> list[float]:
    """Jéquier, Havens: the race cost of a piece, squares to 30 plus a share of the wait
    for an exact landing."""
    chances = probs(rules.none_value)
    gate = rules.gate_square or 0
    water = rules.water_square
    cost = [0.0] * 32
    # expected throws for a lone piece to land exactly on 30 from 21..29 (27 is a reset)
    e = [0.0] * 32
    # Each square leans only on squares ahead of it, so the sweeps settle at once: they stop
    # when one changes nothing (every later sweep would give the same numbers, bit for bit).
    for _ in range(200):
        changed = False
        for s in range(29, 20, -1):
            if s == water:
                continue
            total, stay = 1.0, 0.0
            for t, p in chances:
                d = s + t
                if d > 30 or s < gate < d:
                    stay += p
                elif d == 30:
                    pass
                elif d == water:
                    total += p * 12.0  # back to the lowest empty square: a heavy loss
                else:
                    total += p * e[d]
            value = total / (1 - stay) if stay < 1 else 50.0
            if value != e[s]:
                e[s], changed = value, True
        if not changed:
            break
    for s in range(1, 30):
        if s <= 20:
            cost[s] = 30 - s + 3.0
        elif s != water:
            cost[s] = (30 - s) * 0.5 + e[s] * 1.3
    # keep the table monotonic below 21 (further back is never better)
    for s in range(20, 0, -1):
        cost[s] = max(cost[s], cost[s + 1] + 1.0 if s + 1 != water else cost[s])
    return cost


def make_jequier(rules) -> Hand:
    """Jéquier (J1-J10) and Havens (V1-V8): protection and safe squares (J4, J5, V5), the
    blockades (J4, V5), square 27 (J8, V6), no passing 26 (V6) and bearing off (J9, V7)."""
    cost = exact_costs(rules)
    chances = probs(rules.none_value)
    blockades = rules.blockades
    protected = rules.protected
    safe = rules.safe_squares
    long_throw = rules.blockade + 1  # only a throw this long can pass a blockade

    def terms(state: State) -> tuple[float, ...]:
        cells = " " + state.board + " "
        race = {}
        extra = {}
        threat = {}
        wpos, bpos = positions(state.board)
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
            for t, p in chances:
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
        return combine(state, race, threat, extra)

    return Hand(terms, cost)


def make_tait(rules) -> Hand:
    """Tait (T1-T6): the entry (T2) and the safe square (T3)."""
    supply_cost = 27.0 + 9.0  # enter on 4 or 6 (2/16 a throw), then 27 squares
    cost = [0.0] * 32
    for s in range(1, 31):
        cost[s] = 31 - s + 2.0
    cost[26] = 5.5
    cost[27] = supply_cost
    safe = rules.safe_squares
    entry = rules.entry_square

    def terms(state: State) -> tuple[float, ...]:
        cells = " " + state.board + " "
        race = {}
        extra = {}
        threat = {}
        for i, (x, y) in enumerate(((WHITE, BLACK), (BLACK, WHITE))):
            mine = [s for s in range(1, 31) if cells[s] == x]
            r = state.supply[i] * supply_cost
            for s in mine:
                r += cost[s]
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
                        loss = supply_cost - cost[s]
                        if loss > worst:
                            worst = loss
                t_loss += p * worst
            threat[x] = t_loss
        return combine(state, race, threat, extra)

    return Hand(terms, cost)


def make_piccione(rules) -> Hand:
    """Piccione (P1-P9): no hitting (P4), so the race is nearly all; the entry square and
    the square that sends a piece back to the supply (P7) come from the rule set. A hand
    evaluation, not tuned with games: the Expert searches with it (there is no network)."""
    entry_wait = 4.0 * 2.3  # a 1 comes about every fourth throw (C2), at ~2.3 squares a throw
    cost = [0.0] * 32
    for s in range(1, 31):
        cost[s] = 31.0 - s  # P6: a part of exactly 31 - n bears off from n
    supply_cost = cost[rules.entry_square(1)] + 1.0 + entry_wait

    def terms(state: State) -> tuple[float, ...]:
        cells = " " + state.board + " "
        race = {}
        extra = {}
        threat = {}
        for i, x in enumerate((WHITE, BLACK)):
            r = state.supply[i] * supply_cost
            for s in range(1, 31):
                if cells[s] == x:
                    r += cost[s]
            if state.throw is not None and state.side == x:
                r -= state.throw  # P2: what is left of the throw is still the mover's
            race[x] = r
            extra[x] = 0.0
            threat[x] = 0.0  # P4: nothing is ever hit
        return combine(state, race, threat, extra)

    return Hand(terms, cost)

