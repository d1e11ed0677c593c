#!/usr/bin/env python3
"""Write senet/ai/endgame_tables.py: the solitaire endgame tables, worked out once.

    .venv/bin/python tools/endgame_tables.py [--check]

The Expert's evaluation reads the tables of senet.ai.endgame for Kendall, Jéquier,
Thibault and Havens. Working them out (value iteration over every position of one or
two pieces) takes about 1.2 s in CPython and about a second more than that in the
browser's worker, where it delayed the Expert's first answer; the file holds the values,
in the order of ``senet.ai.endgame.table_keys``. Run this again when a rule the tables
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

from senet.ai.endgame import SOLO_VARIANTS, compute, table_keys  # noqa: E402

TARGET = ROOT / "senet" / "ai" / "endgame_tables.py"
PER_LINE = 4

HEAD = '''"""The solitaire endgame tables of senet.ai.endgame, worked out by its ``compute``.

Written by tools/endgame_tables.py; do not edit. For each rule set: (start, again), the
expected turns in the order of ``senet.ai.endgame.table_keys(variant)``.
"""

TABLES = {
'''


def _values(values: list[float]) -> list[str]:
    lines = []
    for i in range(0, len(values), PER_LINE):
        lines.append("            " + " ".join(f"{v!r}," for v in values[i:i + PER_LINE]))
    return lines


def source() -> str:
    """The text of senet/ai/endgame_tables.py, as the engine works the tables out now."""
    out = [HEAD]
    for variant in SOLO_VARIANTS:
        start, again = compute(variant)
        keys = table_keys(variant)
        out.append(f'    "{variant}": (\n')
        for table in (start, again):
            out.append("        (\n")
            out.append("\n".join(_values([table[k] for k in keys])) + "\n")
            out.append("        ),\n")
        out.append("    ),\n")
    out.append("}\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    args = parser.parse_args(argv)
    text = source()
    if args.check:
        fresh = TARGET.is_file() and TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET.relative_to(ROOT)}: {'up to date' if fresh else 'out of date: run tools/endgame_tables.py'}")
        return 0 if fresh else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}: {len(SOLO_VARIANTS)} rule sets, {len(text):,} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
