"""Hints and the win meter where the exact endgame tables reach (docs/endgames.md): the
worker's analysis marks their answers "exact", and the page keeps the mark."""

from __future__ import annotations

import asyncio
import json

from app_harness import human_decides, run_async, saving_controller

import senet
from app.flow.controller import Setup
from app.worker import worker


def test_the_workers_analysis_marks_the_tables_answers():
    endgame = "kendall " + "." * 25 + "w.b.. w 5 w=0/6,b=0/6 -"  # 26-off wins at once (K7)
    ranked = json.loads(worker.analyse(endgame))
    assert ranked[0] == ["26-off", 1.0, "exact"]
    assert all(entry[2:] == ["exact"] for entry in ranked)
    opening = json.loads(worker.analyse("kendall wbwbwbwbwbwbwb................ b 3 w=0/0,b=0/0 -", 200))
    assert all(len(entry) == 2 for entry in opening)


def _advice(mark: list):
    """The page's advice when the worker answers with ``mark`` after each entry."""

    async def analyse(position):
        state = senet.parse_position(position)
        return json.dumps([[str(m), 0.5] + mark for m in state.legal_actions()])

    async def run():
        ctl = saving_controller(Setup("kendall", ("average", "human"), seed=6, speed="instant"), analyse=analyse)
        ctl.start()
        await human_decides(ctl)
        ctl.advice.set(True, True)
        for _ in range(200):
            await asyncio.sleep(0)
            if ctl.advice.hint:
                break
        return ctl.advice.hint is not None, ctl.advice.exact, ctl.advice.win_prob

    return run_async(run())


def test_the_page_keeps_the_exact_mark_with_the_advice():
    assert _advice(["exact"]) == (True, True, 0.5)
    assert _advice([]) == (True, False, 0.5)
