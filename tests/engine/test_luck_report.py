"""tools/luck_report.py: who leads in bearing off, and the lone last piece."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from senet.state import BLACK, WHITE

_SPEC = importlib.util.spec_from_file_location(
    "luck_report", Path(__file__).resolve().parents[2] / "tools" / "luck_report.py")
luck = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(luck)


def test_a_game_names_a_leader_for_each_lead_it_reached():
    leader, result = luck.play("thibault", 7)
    assert result in (WHITE, BLACK, "draw")
    assert set(leader) <= set(luck.LEADS)
    # a lead of k pieces passes through every smaller lead first
    assert sorted(leader) == list(range(1, len(leader) + 1))
    assert all(side in (WHITE, BLACK) for side in leader.values())
    # the game ends when the winner bears off its last piece, the loser having fewer off:
    # so someone led by at least one piece
    if result != "draw":
        assert 1 in leader


def test_report_lines_hold_fractions(capsys):
    assert luck.main(["--variant", "jequier", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("jequier: 3 games of Average against Average")
    fractions = [float(x) for x in re.findall(r"the leader won (\d\.\d+)", out)]
    assert fractions and all(0.0 <= f <= 1.0 for f in fractions)
    # J8: from 25 a lone piece is still far slower than the track length suggests
    solo = dict(re.findall(r"(\d+): (\d+\.\d)", out.split("by square:")[1]))
    assert float(solo["25"]) > 10.0
    assert float(solo["1"]) > float(solo["25"])


def test_bell_is_refused():
    with pytest.raises(SystemExit) as exc:
        luck.main(["--variant", "bell", "--games", "1"])
    assert exc.value.code == 2
