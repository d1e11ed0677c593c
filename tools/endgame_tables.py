#!/usr/bin/env python3
"""Write senet/ai/tables/solitaire.bin: the solitaire endgame tables, worked out once.

    .venv/bin/python tools/endgame_tables.py [--check]

The Expert's evaluation reads the tables of senet.ai.endgame for Kendall, Jéquier,
Thibault and Havens. Working them out (value iteration over every position of one or
two pieces) takes about 1.2 s in CPython and about a second more than that in the
browser's worker, where it delayed the Expert's first answer; the file holds the values
(float64, senet.datafile's format with a checksum), in the order of
``senet.ai.endgame.table_keys``. Run this again when a rule the tables
follow changes: tests/engine/test_endgame_tables.py compares the file with ``compute``.
``--check`` only says whether the file is up to date (exit status 1 if not).
Standard library only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from senet.ai.endgame import SOLITAIRE_FILE, SOLO_VARIANTS, compute, encode_tables, table_keys  # noqa: E402

TARGET = ROOT / "senet" / "ai" / "tables" / SOLITAIRE_FILE


def data() -> bytes:
    """The bytes of senet/ai/tables/solitaire.bin, as the engine works the tables out now."""
    tables = {}
    for variant in SOLO_VARIANTS:
        start, again = compute(variant)
        keys = table_keys(variant)
        tables[variant] = ([start[k] for k in keys], [again[k] for k in keys])
    return encode_tables(tables)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    args = parser.parse_args(argv)
    text = data()
    if args.check:
        fresh = TARGET.is_file() and TARGET.read_bytes() == text
        print(f"{TARGET.relative_to(ROOT)}: {'up to date' if fresh else 'out of date: run tools/endgame_tables.py'}")
        return 0 if fresh else 1
    TARGET.write_bytes(text)
    print(f"wrote {TARGET.relative_to(ROOT)}: {len(SOLO_VARIANTS)} rule sets, {len(text):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
