"""tools/best_response.py: Expert's search that knows Average's replies."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

import senet
from senet.ai.evaluate import evaluator
from senet.ai.players import Average
from senet.ai.search import Search
from senet.throws import OUT_OF

_SPEC = importlib.util.spec_from_file_location(
    "best_response", Path(__file__).resolve().parents[2] / "tools" / "best_response.py")
best_response = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(best_response)


def positions_before_a_choice(variant, count, seed):
    """Positions of random games in which the side to act has a real choice."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = senet.start(variant)
        for _ in range(rng.randrange(10, 150)):
            if s.is_terminal:
                break
            if s.is_chance:
                s = s.apply(rng.choice([t for t, _ in s.chance_outcomes()]))
            else:
                s = s.apply(rng.choice(s.legal_actions()))
        while s.is_chance:
            s = s.apply(rng.choice([t for t, _ in s.chance_outcomes()]))
        if not s.is_terminal and len(s.legal_actions()) > 1:
            out.append(s)
    return out


def plain(s, d, me, ev, model):
    """Expectimax written out: ``me`` maximises its own chances, the other side plays
    ``model``'s action; ``d`` counts decisions, THROW none (as senet.ai.search does)."""
    w = s.winner
    if w is not None:
        return 1.0 if w == "w" else 0.0 if w == "b" else 0.5
    if s.throw is None and not s.is_decision:
        if d <= 0:
            return ev(s)
        return sum(p / OUT_OF * plain(s.apply(t), d, me, ev, model) for t, p in s.chance_outcomes())
    if s.throw is None and d <= 0:
        return ev(s)

    def after(m):
        child = s.apply(m)
        return plain(child, d if m == senet.THROW else d - 1, me, ev, model)

    moves = s.legal_actions()
    if s.side != me and len(moves) > 1:
        return after(model(s))
    values = [after(m) for m in moves]
    if len(values) == 1:
        return values[0]
    return max(values) if me == "w" else min(values)


@pytest.mark.parametrize("variant", ["kendall+five", "thibault"])
def test_the_search_follows_averages_action_at_its_decisions(variant):
    ev = evaluator(variant, expert=True)
    average = Average()
    for s in positions_before_a_choice(variant, 4, seed=7):
        for d in (2, 3):
            search = best_response._AgainstModel(ev, average.choose, s.side, 10**7)
            got = search.value(s, d, 0.0, 1.0)
            assert got == pytest.approx(plain(s, d, s.side, ev, average.choose)), (d, s.position())


def test_knowing_the_reply_is_worth_at_least_the_worst_case():
    # against a minimising opponent the value can only be worse for the searching side
    ev = evaluator("kendall+five", expert=True)
    average = Average()
    gains = []
    for s in positions_before_a_choice("kendall+five", 4, seed=11):
        known = best_response._AgainstModel(ev, average.choose, s.side, 10**7).value(s, 3, 0.0, 1.0)
        worst = Search(ev, 10**7).value(s, 3, 0.0, 1.0)
        gains.append(known - worst if s.side == "w" else worst - known)
    assert min(gains) >= -1e-12
    # and Average is no perfect minimiser: somewhere knowing its reply is worth something
    assert max(gains) > 1e-6


def test_a_short_run_adds_up_and_bad_input_is_refused(capsys):
    summary = best_response.run("kendall+five", games=2, seed=1, nodes=300)
    assert summary["games"] == 2 and summary["wins_a"] + summary["wins_b"] + summary["draws"] == 2
    assert summary["a"] == "best-response" and summary["b"] == "average"
    with pytest.raises(SystemExit):
        best_response.main(["--variant", "kendall+seven"])
    err = capsys.readouterr().err.strip().splitlines()
    assert "unknown Kendall option 'seven'" in err[-1]
