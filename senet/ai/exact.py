"""Exact endgames: the solved values of every position with at most ``K`` pieces a
side still to finish (two, three in Bell) (docs/endgames.md), and what follows from them.

    from senet.ai import exact
    exact.covers(state)        # the position lies in the tables (no table is read)
    exact.analyse(state)       # [(action, p)] best first, p the exact chance that the side
                               # to act wins (a draw counts 1/2); [(None, p)] before a throw
                               # with nothing to choose; None outside the tables

The tables (senet/ai/tables/*.bin, written by tools/solve_endgames.py) hold, for each
position before a throw with white to act, its value as a 16-bit whole number (the
chance times 65535). Black's positions are read with the colours swapped, positions
with a throw pending are worked out from the positions their actions lead to (a
Piccione throw used in parts: part after part). A table is read the first time a
position needs it, through ``loader`` (the package's folder here; the worker sets its
own, which fetches the file), then kept. Pure Python (CPython and Pyodide); the page's
MicroPython never reads them.
"""

from array import array

from .. import datafile
from ..datafile import DataFileError
from ..state import WHITE
from ..throws import OUT_OF
from ..variants import get_rules
from .exact_index import INDEX_VERSION, TABLE_NAMES, Layout, file_name, swapped, table_name

TOLERANCE = 1e-9  # the solve stops when no value changes by more than this in a sweep
SCALE = 65535  # a value is stored as round(p * SCALE)
MAGIC = b"senet-exact\n"
# the tables shipped: at most this many pieces a side still to finish, per table
# (Rules.table_pieces: three in Bell, two elsewhere)
K = {name: get_rules(name).table_pieces for name in TABLE_NAMES}
TABLES_DIR = datafile.DIR


TableError = DataFileError  # a table file that is not the one expected (senet.datafile)


def encode_table(layout: Layout, raw: bytes, extra: dict) -> bytes:
    """A table file (senet.datafile): MAGIC, what it holds, then the values (uint16,
    one per slot)."""
    head = {"rules": layout.name, "k": layout.k, "index": INDEX_VERSION, "count": layout.size, **extra}
    return datafile.encode(MAGIC, head, raw)


def decode_table(data: bytes, layout: Layout) -> array:
    """The values of a table file, checked against ``layout``; raises TableError."""
    want = {"rules": layout.name, "k": layout.k, "index": INDEX_VERSION, "count": layout.size}
    _, raw = datafile.decode(data, MAGIC, want, "table of exact endgames")
    if len(raw) != 2 * layout.size:
        raise TableError("the table's values do not match its count")
    return datafile.numbers("H", raw)


read_file = datafile.read  # the default loader: the table file ``name`` from senet/ai/tables
loader = read_file  # name -> bytes (OSError when it cannot); the worker sets its own
_tables: dict = {}  # table name -> (Layout, values), or None when it could not be read


def set_loader(read) -> None:
    """Read the table files with ``read(file name) -> bytes`` from now on."""
    global loader
    loader = read
    _tables.clear()


def _table(rules):
    name = table_name(rules)
    if name is None:
        return None
    if name not in _tables:
        layout = Layout(rules, K[name])
        try:
            _tables[name] = (layout, decode_table(loader(file_name(name, layout.k)), layout))
        except Exception:  # missing, damaged, offline: the callers fall back on the search
            _tables[name] = None
    return _tables[name]


def left(state, side: str) -> int:
    """The pieces ``side`` still has to finish: not borne off (Bell: not home, B6)."""
    rules = state.rules
    if rules.bears_off:
        return rules.pieces - state.off[0 if side == WHITE else 1]
    return rules.pieces - len(rules.home_squares(state, side))


def covers(state) -> bool:
    """Whether ``state`` (not over) lies in the tables: a rule set with tables, at most
    K pieces a side to finish, and nothing the tables do not hold (the colour draw;
    kendall+start before both sides have thrown their first 1, KO2). No table is read."""
    name = table_name(state.rules)
    if name is None or state.winner is not None or state.opening:
        return False
    k = K[name]
    if left(state, WHITE) > k or left(state, "b") > k:
        return False
    if state.rules.flag_rank("began=wb") is not None:  # KO2: the tables know the game after both first 1s
        return state.flag("began") == "wb"
    return True


def _stored(state):
    """The stored value of a position before a throw (THROW "-", not ``throwing``) for
    the side to act, or None."""
    table = _table(state.rules)
    if table is None:
        return None
    layout, values = table
    canon = state if state.side == WHITE else swapped(state)
    slot = layout.slot(canon)
    if slot is None:
        return None
    return values[slot] / SCALE


def value_for(state, side: str):
    """The exact chance that ``side`` wins from ``state`` (a draw counts 1/2), any kind of
    state in the tables; None when a position it needs is not in them."""
    w = state.winner
    if w is not None:
        return 0.5 if w == "draw" else 1.0 if w == side else 0.0
    if state.throw is not None:
        v = _decision(state)
    elif state.throwing:
        v = _throw_value(state)
    else:
        v = _stored(state)
    if v is None:
        return None
    return v if state.side == side else 1.0 - v


def _decision(state):
    """The best the side to act gets from its pending throw (part after part, P2)."""
    best = None
    for action in state.legal_actions():
        v = value_for(state.apply(action), state.side)
        if v is None:
            return None
        if best is None or v > best:
            best = v
    return best


def _throw_value(state):
    """The chance of the side to act when it throws now (the rescue declined)."""
    total = 0.0
    base = state._replace(throwing=False)
    for t, ways in state.chance_outcomes():
        v = _decision(base._replace(throw=t))
        if v is None:
            return None
        total += ways / OUT_OF * v
    return total


def analyse(state):
    """The options of the side to act with their exact chances, best first: its actions
    at a decision (THROW and RESCUE before a throw), or [(None, p)] where the sticks are
    thrown next. None outside the tables (or where a table cannot be read)."""
    if not covers(state):
        return None
    side = state.side
    if state.throw is None and not state.is_decision:
        v = value_for(state, side)
        return None if v is None else [(None, v)]
    out = []
    for action in state.legal_actions():
        v = value_for(state.apply(action), side)  # THROW: a state marked ``throwing``
        if v is None:
            return None
        out.append((action, v))
    out.sort(key=lambda av: -av[1])  # stable: the engine's order among equals
    return out
