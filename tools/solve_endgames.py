#!/usr/bin/env python3
"""Solve the endgames exactly: every position with at most k pieces a side still to
finish, for every rule set, by value iteration (docs/endgames.md).

    nice -n 10 python3 tools/solve_endgames.py [--rules NAME ...] [--k K] [--out DIR] [--json]

For each table (senet.ai.exact_index.TABLE_NAMES) it lists the positions of the index
(white to act before a throw), asks the engine's own State for every throw and every
action from each (legal_actions, apply: the rules are the engine's), and keeps, per
position and throw, the positions the throw's choices lead to (numpy arrays, built once).
Then value iteration, a sweep over all positions at a time: the value of a position is
the best of its rescue (where there is one) and the throws' weighted best choices, each
choice worth the value of where it leads (1 - that value when the turn passes, 1, 0 or
1/2 when the game ends), until no value changes by more than 1e-9. Positions repeat
(bumps, the water, backward moves), so one pass from the end would not do.

Writes ``senet/ai/tables/<name>-k<k>.bin`` (senet.ai.exact reads them: 16-bit win
chances of the side to act) and prints per table the positions, bytes, sweeps, the last
change and the seconds. numpy is used here only; the engine and its reader need none.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from array import array
from itertools import combinations
from pathlib import Path

try:
    import numpy as np
except ImportError:
    sys.exit("solve_endgames.py needs numpy: pip install numpy")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from senet.ai.exact import TOLERANCE, K, encode_table  # noqa: E402
from senet.ai.exact_index import TABLE_NAMES, Layout, file_name, swapped  # noqa: E402
from senet.state import FROZEN, WHITE  # noqa: E402
from senet.throws import OUT_OF  # noqa: E402
from senet.variants import get_rules  # noqa: E402

MAX_SWEEPS = 100000


def positions(layout: Layout):
    """(slot, state) of every position of the index; a slot that is no position (Bell:
    a piece on its side's lowest open goal would be home) is left out."""
    rules = layout.rules
    for g in layout.groups:
        free = g.squares
        for white in combinations(free, g.a):
            rest = [s for s in free if s not in white]
            for black in combinations(rest, g.b):
                slot = g.rank(white, black)
                state = g.state(rules, white, black)
                if layout.slot(state) != slot or rules.validate(state) is not None:
                    continue
                yield slot, state


class Transitions:
    """Where each position's throws lead: per (position, throw) a segment of successors,
    each a slot (or a constant: WIN, LOSS, DRAW for the mover) and whether the turn passed."""

    def __init__(self, layout: Layout):
        self.layout = layout
        n = layout.size
        self.win, self.loss, self.draw = n, n + 1, n + 2  # constant "slots" of the mover
        self.valid = np.zeros(n, dtype=bool)
        # compact arrays, not lists: a larger table has tens of millions of choices
        self.succ = array("i")
        self.flip = array("b")
        self.seg_start = array("q")
        self.seg_node = array("i")
        self.rescue: list[tuple[int, int, bool]] = []  # (slot, successor, turn passed)
        self.throws = layout.rules.outcomes

    def ref(self, state) -> tuple[int, bool]:
        """(slot or constant, whether the value is the opponent's) of a state after a choice."""
        w = state.winner
        if w is not None:
            if w == "draw" or state.draw_reason == FROZEN:
                return self.draw, False
            return (self.win if w == WHITE else self.loss), False
        flip = state.side != WHITE
        canon = swapped(state) if flip else state
        slot = self.layout.slot(canon)
        if slot is None:
            raise AssertionError(f"{state.position()} leaves the table")
        return slot, flip

    def ends(self, state, out: set, seen: set) -> None:
        """The states a throw's choices can end in (a Piccione throw in parts: each part;
        ``seen``, the rests already followed: the same rest comes by many orders of parts)."""
        for action in state.legal_actions():
            nxt = state.apply(action)
            if nxt.throw is not None and nxt.winner is None:  # P2: the rest of the throw
                if nxt.key not in seen:
                    seen.add(nxt.key)
                    self.ends(nxt, out, seen)
            else:
                out.add(self.ref(nxt))

    def build(self, progress=None) -> None:
        for done, (slot, state) in enumerate(positions(self.layout), 1):
            self.valid[slot] = True
            for move in state.pre_throw_actions():
                succ, flip = self.ref(state.apply(move))
                self.rescue.append((slot, succ, flip))
            for t, _ in self.throws:
                thrown = state._replace(throw=t)
                out: set = set()
                self.ends(thrown, out, set())
                self.seg_node.append(slot)
                self.seg_start.append(len(self.succ))
                for succ, flip in sorted(out):
                    self.succ.append(succ)
                    self.flip.append(flip)
            if progress and not done % 100000:
                progress(done)

    def arrays(self):
        return (np.frombuffer(self.succ, dtype=np.int32), np.frombuffer(self.flip, dtype=np.int8).astype(bool),
                np.frombuffer(self.seg_start, dtype=np.int64), np.frombuffer(self.seg_node, dtype=np.int32))


def solve(tr: Transitions, tolerance: float = TOLERANCE, log=None):
    """Value iteration to a largest change below ``tolerance``: (values, sweeps, last change)."""
    n = tr.layout.size
    succ, flip, seg_start, seg_node = tr.arrays()
    p = np.array([w / OUT_OF for _, w in tr.throws])
    nthrows = len(p)
    nodes = seg_node[::nthrows]
    where = np.full(n, -1, dtype=np.int64)  # a slot's row among the positions
    where[nodes] = np.arange(len(nodes))
    if tr.rescue:
        r_node, r_succ, r_flip = (np.array(c) for c in zip(*tr.rescue))
    v = np.full(n + 3, 0.5)
    v[tr.win], v[tr.loss], v[tr.draw] = 1.0, 0.0, 0.5
    change = 1.0
    sweeps = 0
    while change >= tolerance and sweeps < MAX_SWEEPS:
        vals = v[succ]
        vals = np.where(flip, 1.0 - vals, vals)
        best = np.maximum.reduceat(vals, seg_start).reshape(-1, nthrows)
        new = best @ p
        if tr.rescue:
            rv = v[r_succ]
            rv = np.where(r_flip, 1.0 - rv, rv)
            pos = where[r_node]
            new[pos] = np.maximum(new[pos], rv)
        change = float(np.max(np.abs(new - v[nodes])))
        v[nodes] = new
        sweeps += 1
        if log and (sweeps % 200 == 0):
            log(f"  sweep {sweeps}: largest change {change:.3g}")
    return v[:n], sweeps, change


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", nargs="*", default=list(TABLE_NAMES), choices=TABLE_NAMES)
    ap.add_argument("--k", type=int, default=None,
                    help="pieces a side still to finish, at most (default: the tables shipped, senet.ai.exact.K)")
    ap.add_argument("--out", type=Path, default=ROOT / "senet" / "ai" / "tables")
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    summary = []
    for name in args.rules:
        rules = get_rules(name)
        k = args.k or K[name]
        layout = Layout(rules, k)
        t0 = time.process_time()
        tr = Transitions(layout)
        tr.build(lambda d, name=name: print(f"  {name}: {d} positions", file=sys.stderr, flush=True))
        t1 = time.process_time()
        values, sweeps, change = solve(tr, log=lambda s: print(s, file=sys.stderr, flush=True))
        t2 = time.process_time()
        path = args.out / file_name(name, k)
        q = np.where(tr.valid, np.rint(values * 65535.0), 0).astype("<u2")
        path.write_bytes(encode_table(layout, q.tobytes(), {"sweeps": sweeps, "last_change": float(f"{change:.3g}")}))
        row = {"rules": name, "k": k, "slots": layout.size, "positions": int(tr.valid.sum()),
               "choices": len(tr.succ), "bytes": path.stat().st_size, "sweeps": sweeps,
               "last_change": change, "build_s": round(t1 - t0, 1), "solve_s": round(t2 - t1, 1)}
        summary.append(row)
        print(f"{name:22s} k={k} {row['positions']:>9,} positions {row['bytes']:>9,} bytes "
              f"{sweeps:>5} sweeps, last change {change:.1e}; CPU {row['build_s']} s to list, "
              f"{row['solve_s']} s to solve", flush=True)
    if args.json:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
