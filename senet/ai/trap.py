"""The trap term of Jéquier and Havens: the expected loss of a forced landing on the
square that sends a piece back (J8, V6) on the next throw. Expert's evaluation adds it
to the race (senet.ai.evaluate; its weight in senet.ai.tuning).
"""

from ..state import BLACK, WHITE, State
from .terms import positions, probs


def make_trap(rules, cost: list[float]):
    """Jéquier, Havens: the expected loss of a forced landing on 27 on the next throw.

    A side must move forward when it can (J6, V4), and a piece landing on 27 restarts
    from the first empty square (J8, V6). For each throw value, when every forward move
    a side has lands on 27, it loses a piece's progress: the cheapest such loss,
    weighted by the throw's probability. Returns (white's risk, black's risk) in squares.
    """
    chances = probs(rules.none_value)
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
        wpos, bpos = positions(state.board)
        out = []
        for x, y, mine in ((WHITE, BLACK, wpos), (BLACK, WHITE, bpos)):
            last_row = may_bear_off(cells, x)
            risk = 0.0
            for t, p in chances:
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
