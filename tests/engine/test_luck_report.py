"""tools/luck_report.py: who leads in bearing off (or home pieces in Bell), and the lone last piece."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from positions import position

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


def test_B6_B8_in_bell_the_lead_is_in_home_pieces():
    leader, result = luck.play("bell", 3)
    assert result in (WHITE, BLACK)  # no Bell game stalls under B6/B7 as revised
    assert sorted(leader) == list(range(1, len(leader) + 1))
    # B8: the winner has all ten home while the loser has fewer, so it led at some point
    assert 1 in leader
    s = position("bell", white=[1, 3, 7], black=[2, 4, 6, 8], side="w", supply=(7, 6),
                 off=(0, 0), flags="odd=w")
    assert luck.progress(s) == (2, 4)  # white's 7 waits above its gap at 5
    assert luck.progress(position("kendall", white=[21], black=[22, 23])) == (6, 5)  # seven pieces each


def test_bell_report_names_home_pieces(capsys):
    assert luck.main(["--variant", "bell", "--games", "2", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bell: 2 games of Average against Average")
    assert "ahead home:" in out and "bearing off" not in out


def test_an_unknown_rule_set_is_refused():
    with pytest.raises(SystemExit) as exc:
        luck.main(["--variant", "senat", "--games", "1"])
    assert exc.value.code == 2
