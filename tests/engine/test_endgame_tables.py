"""senet/ai/endgame_tables.py: the endgame tables the Expert reads, stored worked out
(tools/endgame_tables.py) so that the worker's first answer does not wait for them."""

from pathlib import Path

import endgame_tables as tool
import pytest

from senet.ai import endgame
from senet.ai.endgame_tables import TABLES

ROOT = Path(__file__).resolve().parents[2]


def test_the_stored_file_is_what_the_tool_writes_from_the_rules_as_they_are_now():
    """A rule change that moves the tables fails here until the tool is run again."""
    assert (ROOT / "senet" / "ai" / "endgame_tables.py").read_text(encoding="utf-8") == tool.source()
    assert tool.main(["--check"]) == 0


@pytest.mark.parametrize("variant", endgame.SOLO_VARIANTS)
def test_the_stored_tables_are_exactly_the_computed_ones(variant, monkeypatch):
    monkeypatch.setattr(endgame, "_CACHE", {})
    stored = endgame.turns(variant)
    assert stored == endgame.compute(variant)  # same keys, the very same floats
    assert len(stored[0]) == len(endgame.table_keys(variant)) == len(TABLES[variant][0])


def test_a_stored_table_that_does_not_fit_the_keys_is_worked_out_instead(monkeypatch):
    monkeypatch.setattr(endgame, "_CACHE", {})
    start, again = TABLES["havens"]
    monkeypatch.setitem(TABLES, "havens", (start[:-1], again))
    assert endgame._stored("havens") is None
    assert endgame.turns("havens") == endgame.compute("havens")
