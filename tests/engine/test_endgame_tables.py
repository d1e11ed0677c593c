"""senet/ai/tables/solitaire.bin: the solitaire endgame tables the Expert reads, stored
worked out (tools/endgame_tables.py) so that the worker's first answer does not wait for
them; senet.datafile's format (a header and a checksum)."""

from pathlib import Path

import endgame_tables as tool
import pytest

from senet import datafile
from senet.ai import endgame

ROOT = Path(__file__).resolve().parents[2]
STORED = ROOT / "senet" / "ai" / "tables" / endgame.SOLITAIRE_FILE


def test_the_stored_file_is_what_the_tool_writes_from_the_rules_as_they_are_now():
    """A rule change that moves the tables fails here until the tool is run again."""
    assert STORED.read_bytes() == tool.data()
    assert tool.main(["--check"]) == 0


@pytest.mark.parametrize("variant", endgame.SOLO_VARIANTS)
def test_the_stored_tables_are_exactly_the_computed_ones(variant, monkeypatch):
    monkeypatch.setattr(endgame, "_CACHE", {})
    stored = endgame.turns(variant)
    assert stored == endgame.compute(variant)  # same keys, the very same floats
    tables = endgame.decode_tables(STORED.read_bytes())
    assert len(stored[0]) == len(endgame.table_keys(variant)) == len(tables[variant][0])


def test_a_stored_table_that_does_not_fit_the_keys_is_worked_out_instead(monkeypatch):
    monkeypatch.setattr(endgame, "_CACHE", {})
    tables = endgame.decode_tables(STORED.read_bytes())
    start, again = tables["havens"]
    tables["havens"] = (start[:-1], again)
    monkeypatch.setattr(endgame, "_FILE", [tables])
    assert endgame._stored("havens") is None
    assert endgame.turns("havens") == endgame.compute("havens")


def test_a_damaged_file_is_refused_and_the_tables_are_worked_out(monkeypatch):
    data = bytearray(STORED.read_bytes())
    data[-5] ^= 0xFF
    with pytest.raises(datafile.DataFileError):
        endgame.decode_tables(bytes(data))
    monkeypatch.setattr(endgame, "_CACHE", {})
    monkeypatch.setattr(endgame, "_FILE", [])
    monkeypatch.setattr(datafile, "read", lambda name: bytes(data))
    assert endgame._stored("kendall") is None
    assert endgame.turns("kendall") == endgame.compute("kendall")
