"""The puzzles of the Puzzles page (tools/make_puzzles.py, docs/endgames.md): positions
reached in real games, in the endgame tables, with one action clearly best; and the
day's puzzle, which follows from the date alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import make_puzzles  # tools/make_puzzles.py (pyproject's pythonpath has tools/)
import pytest
import words as words_tool  # tools/words.py

from senet.ai import exact
from senet.moves import format_move
from senet.notation import parse_position
from senet.variants import VARIANTS
from senet.words import plural

ROOT = Path(__file__).resolve().parents[2]

DATA = json.loads(make_puzzles.PUZZLES.read_text(encoding="utf-8"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_puzzle_has_one_clearly_best_action_by_the_tables(variant):
    puzzles = DATA["variants"][variant]
    assert len(puzzles) >= 150  # a few hundred a rule set
    assert len({p for p, _ in puzzles}) == len(puzzles)
    for position, ranked in puzzles[::5]:  # a fifth of them: the tables are read in pure Python
        state = parse_position(position)
        assert state.throw is not None and exact.covers(state), position
        solved = exact.analyse(state)
        assert [a for a, _ in ranked] == [format_move(a) for a, _ in solved]
        assert all(abs(p - q) < 1e-4 for (_, p), (_, q) in zip(ranked, solved))
        assert ranked[0][1] - ranked[1][1] >= make_puzzles.GAP - 1e-4
        assert state.apply(solved[0][0]).winner is None  # no puzzle in a last bearing off


def test_the_days_puzzle_follows_from_the_date_alone():
    assert make_puzzles.fnv1a("") == 0x811C9DC5 and make_puzzles.fnv1a("a") == 0xE40C292C  # FNV-1a's own values
    count = len(DATA["variants"]["kendall"])
    days = [f"2026-12-{d:02d}" for d in range(1, 32)]
    picks = [make_puzzles.daily_index(day, "kendall", count) for day in days]
    assert picks == [make_puzzles.daily_index(day, "kendall", count) for day in days]
    assert all(0 <= i < count for i in picks) and len(set(picks)) > 20
    assert make_puzzles.daily_index(days[0], "kendall", count) != make_puzzles.daily_index(days[0], "tait", count)


def test_the_page_gets_every_word_its_script_asks_for():
    data = json.loads(make_puzzles.site_data())
    script = (ROOT / "app" / "puzzles" / "puzzles.js").read_text(encoding="utf-8")
    asked = set(re.findall(r'"(puzzles\.[a-z_.]+)"', script))
    keys = {k + side if k.endswith(".") else k for k in asked for side in ("w", "b")}
    langs = set(words_tool.languages())  # every language with a catalog
    assert {"en", "ar", "de", "fr", "es"} <= langs
    assert set(data["words"]) == set(data["rules"]) == set(data["plural"]) == langs
    for lang in data["words"]:  # each language's words, English where one is not translated yet
        assert keys and keys <= set(data["words"][lang])
        assert set(data["rules"][lang]) == set(data["variants"]) == set(VARIANTS)
    assert data["rules"]["en"]["jequier"] == "Jéquier rules" and data["parts"]["kendall"]["27"] == "water"
    assert data["rules"]["fr"]["jequier"] == "règles de Jéquier"  # the rule set's name in French
    assert data["plural"] == {lang: plural.OF_LANGUAGE[lang] for lang in langs}
    assert data["plural"]["es"] == "es" and data["rules"]["es"]["jequier"] == "reglas de Jéquier"
