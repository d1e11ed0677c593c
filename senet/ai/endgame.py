"""Solitaire endgame tables: the expected number of turns a side needs to bear off its
last one or two pieces, alone on the board, playing the best it can.

In Kendall, Thibault, Jéquier and Havens the last pieces are slow: the exact throws to
bear off, the forced backward moves when no forward move exists (K4, H3, J6, V4), the
fall back into the water (K8), the water and its rescue. With several pieces a side
can spend an awkward throw on another piece; alone it cannot. The tables are computed
with the engine itself (so they follow the rules exactly), by value iteration over the
positions of one or two pieces of a side that moves alone (the opponent's pieces are
ignored), and cached per rule set on first use; they are stored worked out in
senet/ai/tables/solitaire.bin (senet.datafile's format: float64 values, a checksum).

``turns(variant)`` returns two dicts: ``start[key]`` (at the start of a turn) and
``again[key]`` (on an extra throw inside the turn), where ``key`` is the tuple of the
squares of the remaining pieces, sorted.
"""

from itertools import combinations

from ..notation import parse_position
from ..state import BLACK, WHITE
from ..throws import OUT_OF
from ..turns import after_throw
from ..variants import VARIANTS, get_rules


def has_tables(rules) -> bool:
    """Whether the tables suit a rule set: every piece starts on the board and the last
    ones must bear off (not Tait, whose pieces wait in the supply, nor Bell)."""
    return rules.bears_off and not rules.has_supply


SOLO_VARIANTS = tuple(v for v in VARIANTS if has_tables(get_rules(v)))
_CACHE: dict = {}


def solo_state(variant: str, squares: tuple[int, ...], again: bool, pieces: int):
    """White to throw with its pieces on ``squares`` and the rest of its ``pieces`` borne
    off; ``again`` marks an extra throw inside the turn. Black has one piece out of the way."""
    cells = ["."] * 30
    for s in squares:
        cells[s - 1] = WHITE
    # the opponent needs a piece on the board: put it where it is least in the way
    spot = next(q for q in (1, 2, 3, 4, 5, 6, 7) if cells[q - 1] == ".")
    cells[spot - 1] = BLACK
    flags = "again" if again else "-"
    off = pieces - len(squares)
    return parse_position(f"{variant} {''.join(cells)} w - w=0/{off},b=0/{pieces - 1} {flags}")


def own_squares(state) -> tuple[int, ...]:
    """The squares of white's pieces on the board, in order (the key of the tables)."""
    return tuple(i + 1 for i, c in enumerate(state.board) if c == WHITE)


MAX_PIECES = 2
TOLERANCE = 1e-7
MAX_ITERATIONS = 2000


def table_keys(variant: str, max_pieces: int = MAX_PIECES) -> list[tuple[int, ...]]:
    """The keys of the tables, in their order: the squares of one piece, then of two."""
    transit = get_rules(variant).transit_squares
    squares = [s for s in range(1, 31) if s not in transit]
    return [k for n in range(1, max_pieces + 1) for k in combinations(squares, n)]


SOLITAIRE_FILE = "solitaire.bin"  # in senet/ai/tables, written by tools/endgame_tables.py
SOLITAIRE_MAGIC = b"senet-solitaire\n"


def turns(variant: str) -> tuple[dict, dict]:
    """The tables of ``variant`` (start, again), cached. They are worked out once, by
    ``compute``, and kept in senet/ai/tables/solitaire.bin (``tools/endgame_tables.py``
    writes it; a test checks it against ``compute``), because working them out took
    about a second of the Expert's first answer in the browser's worker. A rule set
    the file does not hold is worked out here."""
    cached = _CACHE.get(variant)
    if cached is not None:
        return cached
    tables = _stored(variant)
    if tables is None:
        tables = compute(variant)
    _CACHE[variant] = tables
    return tables


def encode_tables(tables: dict) -> bytes:
    """The file of the tables ``{variant: (start values, again values)}``, each list in
    the order of ``table_keys(variant)`` (float64)."""
    from .. import datafile

    names = sorted(tables, key=VARIANTS.index)
    values = []
    for name in names:
        start, again = tables[name]
        values.extend(start)
        values.extend(again)
    head = {"rules": names, "counts": [len(tables[name][0]) for name in names]}
    return datafile.encode(SOLITAIRE_MAGIC, head, datafile.packed("d", values))


def decode_tables(data: bytes) -> dict:
    """``{variant: (start values, again values)}`` of a tables file; raises
    senet.datafile.DataFileError."""
    from .. import datafile

    head, raw = datafile.decode(data, SOLITAIRE_MAGIC, {}, "file of solitaire tables")
    values = datafile.numbers("d", raw).tolist()
    out = {}
    at = 0
    for name, n in zip(head["rules"], head["counts"]):
        out[name] = (values[at:at + n], values[at + n:at + 2 * n])
        at += 2 * n
    if at != len(values):
        raise datafile.DataFileError("the solitaire tables' values do not match their counts")
    return out


_FILE: list = []


def _stored(variant: str):
    if not _FILE:
        try:
            from .. import datafile

            _FILE.append(decode_tables(datafile.read(SOLITAIRE_FILE)))
        except Exception:  # not shipped or damaged: worked out instead (the page's MicroPython has no Expert)
            _FILE.append({})
    values = _FILE[0].get(variant)
    keys = table_keys(variant)
    if values is None or len(values[0]) != len(keys) or len(values[1]) != len(keys):
        return None
    return dict(zip(keys, values[0])), dict(zip(keys, values[1]))


def compute(variant: str, max_pieces: int = MAX_PIECES, tolerance: float = TOLERANCE,
            max_iterations: int = MAX_ITERATIONS) -> tuple[dict, dict]:
    """Work the tables out: value iteration over the transitions the engine gives."""
    rules = get_rules(variant)
    probs = [(t, w / OUT_OF) for t, w in rules.outcomes]
    keys = table_keys(variant, max_pieces)
    # transitions: for each (key, again): [(p, [(kind, key')])], [key' after a rescue]
    trans = {}
    for key in keys:
        for again in (False, True):
            st = solo_state(variant, key, again, rules.pieces)
            options = []
            for t, p in probs:
                th = after_throw(st, t)
                outs = []
                for m in th.legal_actions():
                    nx = th.apply(m)
                    k2 = own_squares(nx)
                    if not k2:
                        outs.append((0, ()))
                    else:
                        outs.append((1 if nx.side == WHITE else 2, k2))
                options.append((p, outs))
            rescue = [own_squares(st.apply(m)) for m in st.pre_throw_actions()]
            trans[(key, again)] = (options, rescue)
    start = dict.fromkeys(keys, 10.0 * len(keys[0]))
    mid = dict(start)
    for _ in range(max_iterations):
        change = 0.0
        for key in keys:
            for again in (False, True):
                options, rescue = trans[(key, again)]
                v = 0.0 if again else 1.0
                for p, outs in options:
                    best = None
                    for kind, k2 in outs:
                        if kind == 0:
                            c = 0.0
                        else:
                            c = (mid if kind == 1 else start).get(k2)
                            if c is None:  # the opponent's piece got in the way: a rare swap
                                c = start.get(k2[: max_pieces], 20.0)
                        if best is None or c < best:
                            best = c
                    v += p * best
                for k2 in rescue:
                    r = 1.0 + start.get(k2, 20.0)
                    if r < v:
                        v = r
                table = mid if again else start
                d = abs(table[key] - v)
                if d > change:
                    change = d
                table[key] = v
        if change < tolerance:
            break
    return start, mid
