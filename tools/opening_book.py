#!/usr/bin/env python3
"""Write, check or describe the Expert's opening book (senet/ai/tables/book.bin, senet.book).

    .venv/bin/python tools/opening_book.py [--reach 1e-5] [--jobs 2] [--out FILE]
    .venv/bin/python tools/opening_book.py --check [--book FILE] [--variants kendall,bell]
    .venv/bin/python tools/opening_book.py --show [--book FILE]

Writing: for each rule set (without house rules), the game's first turn is walked from
the start: every throw, forced actions played, and at each decision the Expert's choice
(its default node budget, no time cap), as long as the chance of the throws that lead
there is at least ``--reach``. Each decision met is a line of the book. The walk stops
where the first side's turn ends (the colour draw of Jequier and Havens comes before it).
``covered``, in the book's head, is the chance that the first turn needs no decision the
book lacks. One rule set a process (``--jobs``); some minutes on two cores.

``--check`` asks the Expert again at every line (or those of ``--variants``) and reports
any that differs: run it after a change to the Expert's search, weights or budgets, and
write the book again where it fails. ``--show`` prints the head. docs/opponents.md, "The
opening book".
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import senet  # noqa: E402
from senet import book as book_file  # noqa: E402
from senet import turns  # noqa: E402
from senet.ai.players import Expert  # noqa: E402
from senet.ai.tuning import default_nodes  # noqa: E402
from senet.throws import OUT_OF  # noqa: E402

BOOK = ROOT / "senet" / "ai" / "tables" / book_file.NAME
REACH = 1e-5


def _after_the_draw(start, rest: float = 1e-12) -> list:
    """[(state, chance)]: where the colour draw (J2, V2: throws until one decides, the
    same states again and again) leaves the game, each with its chance; the start itself
    where there is no draw. Followed until less than ``rest`` of the chance is still in it."""
    if not start.opening:
        return [(start, 1.0)]
    drawing, done = {start.key: (start, 1.0)}, {}
    while sum(chance for _, chance in drawing.values()) >= rest:
        following = {}
        for state, chance in drawing.values():
            kind, action = turns.step(state)
            outcomes = ([(state.apply(t), chance * ways / OUT_OF) for t, ways in state.chance_outcomes()]
                        if kind == turns.CHANCE else [(state.apply(action), chance)])
            for after, p in outcomes:
                into = following if after.opening else done
                held = into.get(after.key)
                into[after.key] = (after, p + (held[1] if held else 0.0))
        drawing = following
    return list(done.values())


def first_turn(variant: str, choose, reach: float = REACH, chances: dict | None = None):
    """Walk the first turn of ``variant`` (see the module's text), asking ``choose(state)``
    (an action, or None where it has none) at each decision whose chance is at least
    ``reach``. Returns ({position: action} of the decisions answered, the chance of
    reaching a decision left unanswered or below ``reach``); ``chances``, if given, gets
    each answered decision's chance of being reached."""
    answered, missed = {}, 0.0
    stack = [(state, chance, None) for state, chance in _after_the_draw(senet.start(variant))]
    while stack:
        state, chance, first = stack.pop()
        kind, action = turns.step(state)
        if kind == turns.OVER:
            continue
        if chance < reach:  # too rare to write
            missed += chance
            continue
        if kind == turns.CHANCE:
            for throw, ways in state.chance_outcomes():
                stack.append((state.apply(throw), chance * ways / OUT_OF, first))
            continue
        side = state.to_act
        if first is not None and side != first:  # the first side's turn is over
            continue
        if kind == turns.FORCED:
            stack.append((state.apply(action), chance, side))
            continue
        position = state.position()
        chosen = answered.get(position)
        if chosen is None:
            chosen = choose(state)
            if chosen is None:
                missed += chance
                continue
            answered[position] = chosen
        if chances is not None:
            chances[position] = chances.get(position, 0.0) + chance
        stack.append((state.apply(senet.parse_move(chosen)), chance, side))
    return answered, missed


def _expert_variant(variant: str, reach: float):
    expert = Expert(time_cap=None)
    began = time.perf_counter()
    answered, missed = first_turn(variant, lambda state: str(expert.choose(state)), reach)
    nodes = default_nodes(senet.start(variant).rules)
    return variant, nodes, 1.0 - missed, sorted(answered.items()), time.perf_counter() - began


def write(out: Path, variants, reach: float, jobs: int) -> dict:
    found = {}
    with concurrent.futures.ProcessPoolExecutor(jobs) as pool:
        for variant, nodes, covered, entries, seconds in pool.map(_expert_variant, variants, [reach] * len(variants)):
            found[variant] = (nodes, covered, entries)
            print(f"{variant:<10} {len(entries):5d} decisions, covered {covered:.4f}, {seconds:5.1f} s", flush=True)
    data = book_file.encode(found, reach)
    out.write_bytes(data)
    print(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {len(data):,} bytes")
    return found


def check(book, variants) -> int:
    expert = Expert(time_cap=None)
    wrong = 0
    for variant in variants:
        entries = book.entries(variant)
        nodes = default_nodes(senet.start(variant).rules)
        if book.nodes(variant) != nodes:
            print(f"{variant}: the book's budget is {book.nodes(variant)}, the Expert's {nodes}")
            wrong += 1
        for position, action in sorted(entries.items()):
            now = str(expert.choose(senet.parse_position(position)))
            if now != action:
                print(f"{variant}: {position}: the book plays {action}, the Expert {now}")
                wrong += 1
        print(f"{variant:<10} {len(entries):5d} decisions checked", flush=True)
    print("the book agrees with the Expert" if not wrong else f"{wrong} disagreements: write the book again")
    return 1 if wrong else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reach", type=float, default=REACH, help="the least chance of a decision written (%(default)s)")
    parser.add_argument("--variants", default=",".join(senet.VARIANTS), help="rule sets, comma-separated (all)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (%(default)s)")
    parser.add_argument("--out", type=Path, default=BOOK, help="the file to write (%(default)s)")
    parser.add_argument("--book", type=Path, default=BOOK, help="the file to check or show (%(default)s)")
    parser.add_argument("--check", action="store_true", help="ask the Expert again at every line")
    parser.add_argument("--show", action="store_true", help="print the book's head")
    args = parser.parse_args(argv)
    variants = [v for v in args.variants.split(",") if v]
    unknown = [v for v in variants if v not in senet.VARIANTS]
    if unknown:
        parser.error(f"unknown rule sets {unknown}: choose among {', '.join(senet.VARIANTS)}")
    if not 0 < args.reach < 1:
        parser.error("--reach is a chance between 0 and 1")
    if args.show or args.check:
        try:
            book = book_file.Book(args.book.read_bytes())
        except (OSError, book_file.BookError) as exc:
            print(f"opening_book.py: {args.book} cannot be read: {exc}", file=sys.stderr)
            return 2
        if args.show:
            print(json.dumps(book.head, indent=1, sort_keys=True))
            return 0
        return check(book, variants)
    write(args.out, variants, args.reach, max(1, args.jobs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
