"""The examples in docs/ are checked, so the documentation cannot drift from the code."""

from __future__ import annotations

import pathlib
import re

import senet

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"


def indented_blocks(text: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"(?m)(?:^    \S.*\n)+", text)]


def test_record_example_replays_to_the_documented_position():
    text = (DOCS / "record.md").read_text()
    blocks = indented_blocks(text)
    record = next(b for b in blocks if "senet-record 1" in b)
    record = "\n".join(line[4:] for line in record.splitlines())
    game = senet.Game.from_record(record)
    documented = next(b.strip() for b in blocks if b.strip().startswith("kendall "))
    assert game.state.position() == documented


def test_notation_examples_parse_and_round_trip():
    text = (DOCS / "notation.md").read_text()
    positions = [line.strip() for b in indented_blocks(text) for line in b.splitlines()
                 if line.strip().split(" ")[0] in senet.VARIANTS]
    assert len(positions) >= 5
    for p in positions:
        assert senet.parse_position(p).position() == p
    # the second example follows the first after black's 14-18 on a 4
    first = senet.parse_position(positions[0])
    assert first.apply(4).apply("14-18").position() == positions[1]
