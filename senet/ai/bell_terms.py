"""Bell's hand-made terms (B1-B8): the race to the goal squares, captures and, for the
Expert, entry, mobility and stranded pieces, with the goal claim (B5) weighed before it
is made. The goal squares, the lowest open goal, the entry square and the squares that
cannot be attacked come from the rule set; senet.ai.tuning makes them for Bell.
"""

from ..state import BLACK, WHITE, State
from .terms import P5, combine


class BellTerms:
    """``simple`` (Average's terms), ``expert`` (Expert's) and ``claims`` (before the
    goals are claimed: the chance that white claims them, and the terms either way)."""

    __slots__ = ("simple", "expert", "claims")

    def __init__(self, simple, expert, claims):
        self.simple, self.expert, self.claims = simple, expert, claims


def make_bell(rules) -> BellTerms:
    B_SUPPLY = 30.0 + 1.5  # enters on 26..30
    # A piece left below its side's lowest open goal (B7) cannot move until the opponent
    # hits it, which the opponent does only when its own chain needs that square: the piece
    # is worth less than one in the supply, by the wait.
    B_DEAD = 12.0
    B_ENTRY = 3.0  # a piece in the supply whose entry squares are taken
    B_PASS = 2.5  # the chance of losing the next throw (no action at all)

    def expert(state: State) -> tuple[float, ...]:
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
        return core(state, cells, state.odd)

    def simple(state: State) -> tuple[float, ...]:
        """Average's Bell: the race to the goal squares and the captures, nothing more."""
        cells = " " + state.board + " "
        return core(state, cells, state.odd, full=False)

    def claims(state: State) -> tuple:
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
        fw = core(state, " w" + rest + " ", WHITE)
        fb = core(state, " b" + rest + " ", BLACK)
        return p, fw, fb

    def core(state: State, cells: str, odd, full: bool = True) -> tuple:
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
                goals = rules.goals_for(odd, x)
                floor = rules.floor(cells, goals, x)  # B7: the lowest open goal (31: none)
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
        safe = rules.safe_squares
        if full:
            entry = rules.entry_square
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
        return combine(state, race, threat, extra)


    return BellTerms(simple, expert, claims)
