"""The exact endgame tables (senet.ai.exact, docs/endgames.md) against a solve of their
own: every position with one piece a side still to finish, both colours, reached from a
seed through State.apply and solved here by plain value iteration, in every rule set
(C2's odds, each rule set's clauses as the engine plays them). Then the tables' own
consistency where two pieces a side are left, and the index."""

from __future__ import annotations

import random

import pytest

from senet.ai import exact
from senet.ai.exact_index import TABLE_NAMES, Layout, file_name, swapped, table_name
from senet.notation import parse_position
from senet.throws import OUT_OF
from senet.variants import get_rules


def board(**squares) -> str:
    """A board from square numbers: board(w=(20,), b=(22,))."""
    cells = ["."] * 30
    for side, where in squares.items():
        for sq in where:
            cells[sq - 1] = side
    return "".join(cells)


ONE_EACH = board(w=(1,), b=(3,))
# one piece a side still to finish, white and black to act
SEEDS = {
    "kendall": f"kendall {ONE_EACH} w - w=0/6,b=0/6 -",
    "kendall+five+start": f"kendall+five+start {ONE_EACH} w - w=0/4,b=0/4 began=wb",
    "kendall+trap": f"kendall+trap {ONE_EACH} w - w=0/6,b=0/6 -",
    "kendall+homerow": f"kendall+homerow {ONE_EACH} w - w=0/6,b=0/6 -",
    "kendall+trap+homerow": f"kendall+trap+homerow {board(w=(9,), b=(11,))} w - w=0/6,b=0/6 -",
    "jequier": f"jequier {ONE_EACH} w - w=0/4,b=0/4 -",
    "havens": f"havens {ONE_EACH} w - w=0/4,b=0/4 -",
    "thibault": f"thibault {ONE_EACH} w - w=0/4,b=0/4 -",
    "tait": f"tait {board()} w - w=1/4,b=1/4 -",
    "piccione": f"piccione {board()} w - w=1/4,b=1/4 -",
    "bell": f"bell {board(w=range(1, 18, 2), b=range(2, 19, 2))} w - w=1/0,b=1/0 odd=w",
}
# what the tables' values may differ by from a solve: the 16-bit rounding (1/131070)
# and the stop of both solves (a change below 1e-9 and 1e-10 a sweep)
CLOSE = 2e-5


def _node(state):
    """A state before a throw, as the tables hold it (not yet ``throwing``)."""
    return state._replace(throwing=False) if state.throwing else state


def _ends(state, out: list, seen: set) -> None:
    """The states the choices of a pending throw end in (a Piccione throw part by part;
    ``seen``: the rests already followed)."""
    for action in state.legal_actions():
        nxt = state.apply(action)
        if nxt.throw is not None and nxt.winner is None:
            if nxt.key not in seen:
                seen.add(nxt.key)
                _ends(nxt, out, seen)
        else:
            out.append(nxt)


def brute_force(seed_text: str) -> dict:
    """key -> (state, the side to act's chance to win) over every position reached from the
    seed (and the seed with the other side to act), solved by Gauss-Seidel value iteration
    to a change below 1e-10, with no table, no index and no colour swap."""
    seed = parse_position(seed_text)
    todo = [seed, seed._replace(side="b")]
    nodes: dict = {}
    while todo:
        s = todo.pop()
        if s.key in nodes or s.winner is not None:
            continue
        rescues = [s.apply(m) for m in s.pre_throw_actions()]
        throws = []
        for t, ways in s.chance_outcomes():
            ends: list = []
            _ends(s._replace(throw=t), ends, set())
            throws.append((ways / OUT_OF, [_node(e) for e in ends]))
        nodes[s.key] = (s, rescues, throws)
        for nxt in rescues + [e for _, ends in throws for e in ends]:
            if nxt.winner is None and nxt.key not in nodes:
                todo.append(nxt)
    value = dict.fromkeys(nodes, 0.5)

    def leaf(nxt, side):
        """What a position reached is worth to ``side``, read once: (its value when the game
        is over, None, _) or (_, the key of its value, whether the other side acts there)."""
        w = nxt.winner
        if w is not None:
            return 0.5 if w == "draw" else 1.0 if w == side else 0.0, None, False
        return 0.0, nxt.key, nxt.side != side

    graph = [(key, [(p, [leaf(e, s.side) for e in ends]) for p, ends in throws], [leaf(r, s.side) for r in rescues])
             for key, (s, rescues, throws) in nodes.items()]
    change = 1.0
    while change > 1e-10:
        change = 0.0
        for key, throws, rescues in graph:
            v = sum(p * max(c if k is None else 1.0 - value[k] if other else value[k] for c, k, other in ends)
                    for p, ends in throws)
            for c, k, other in rescues:
                v = max(v, c if k is None else 1.0 - value[k] if other else value[k])
            change = max(change, abs(v - value[key]))
            value[key] = v
    return {key: (nodes[key][0], v) for key, v in value.items()}


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_tables_match_a_brute_force_solve_of_one_piece_a_side(name):
    solved = brute_force(SEEDS[name])
    assert len(solved) > 200  # every square, the supply, the water, home pieces in Bell
    sides = set()
    worst = 0.0
    for state, v in solved.values():
        assert exact.covers(state)
        got = exact.value_for(state, state.side)
        assert got is not None, state.position()
        worst = max(worst, abs(got - v))
        sides.add(state.side)
    assert sides == {"w", "b"}  # black's positions are read with the colours swapped
    assert worst < CLOSE, f"{name}: the tables differ from the solve by {worst}"


def _sample(name: str, count: int, rng: random.Random):
    """Positions of the index of ``name`` (two pieces a side at most), white or black to act."""
    layout = Layout(get_rules(name), exact.K[name])
    out = []
    while len(out) < count:
        g = rng.choice(layout.groups)
        squares = list(g.squares)
        white = sorted(rng.sample(squares, g.a))
        black = sorted(rng.sample([s for s in squares if s not in white], g.b))
        state = g.state(layout.rules, white, black)
        if layout.slot(state) != g.rank(white, black) or state.rules.validate(state):
            continue  # Bell: no position (a piece on its lowest open goal would be home)
        out.append(state if rng.random() < 0.5 else swapped(state))
    return out


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_every_stored_value_is_the_best_of_its_throws(name):
    """The fixed point the solve stops at, checked through the engine where up to two
    pieces a side are left: a stored value is the odds-weighted best choice of each
    throw (or the rescue, when better), every choice valued from the tables."""
    rng = random.Random(f"exact-{name}")
    for state in _sample(name, 150, rng):
        stored = exact.value_for(state, state.side)
        ranked = exact.analyse(state)
        best = ranked[0][1]
        assert abs(stored - best) < CLOSE, state.position()
        if state.to_act == "chance":
            throws = sum(w / OUT_OF * exact.value_for(state.apply(t), state.side) for t, w in state.chance_outcomes())
            assert abs(stored - throws) < CLOSE, state.position()


def test_the_index_is_a_perfect_hash():
    """Every slot of every group is reached by one position, and no two share it (the
    tables of Bell, whose groups are small, all of them; the others' first groups)."""
    for name in TABLE_NAMES:
        layout = Layout(get_rules(name), 2)
        for g in layout.groups[:3] if name != "bell" else layout.groups:
            from itertools import combinations

            seen = set()
            for white in combinations(g.squares, g.a):
                rest = [s for s in g.squares if s not in white]
                for black in combinations(rest, g.b):
                    seen.add(g.rank(list(white), list(black)))
            assert seen == set(range(g.offset, g.offset + g.size)), (name, g.key)


@pytest.mark.parametrize("name", ["kendall+five", "kendall+start", "kendall+five+start+trap+homerow"])
def test_kendall_house_rules_read_the_table_of_those_that_change_the_end(name):
    rules = get_rules(name)
    assert table_name(rules) == "kendall" + "".join("+" + o for o in rules.options if o in ("trap", "homerow"))


def test_positions_outside_the_tables():
    start = parse_position("kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -")
    assert not exact.covers(start) and exact.analyse(start) is None
    three = parse_position(f"kendall {board(w=(19, 20, 21), b=(23,))} w - w=0/4,b=0/6 -")
    assert not exact.covers(three)
    # KO2: a side that has not thrown its first 1 loses its other throws
    before_1 = parse_position(f"kendall+start {ONE_EACH} w - w=0/6,b=0/6 began=b")
    assert not exact.covers(before_1)
    over = parse_position(f"kendall {board(w=(20,))} w - w=0/6,b=0/7 -")
    assert not exact.covers(over)


def test_a_damaged_table_is_refused():
    layout = Layout(get_rules("bell"), exact.K["bell"])
    good = exact.read_file(file_name("bell", layout.k))
    exact.decode_table(good, layout)
    for bad in (good[:-10], good.replace(b'"rules": "bell"', b'"rules": "tait"'), b"PK" + good):
        with pytest.raises(exact.TableError):
            exact.decode_table(bad, layout)
