"""The notices' queue (app/view/notices.py) and what the page's parts put in it: one shows
at a time, none replaces another, one of the same kind takes the queued one's place, and
a notice whose matter is over is withdrawn (docs/app.md, "Notices")."""

from __future__ import annotations

import asyncio

from app_harness import View, no_sleep, run_async

from app.flow.controller import Controller, Setup
from app.view.notices import Notice, NoticeQueue
from senet.words import t


def test_notices_wait_their_turn_and_one_of_the_same_kind_takes_its_place():
    queue = NoticeQueue()
    assert queue.head is None and len(queue) == 0
    queue.add("Your game was set aside.", "resume", ("notice-resume",))
    queue.add("The Expert could not start.", "worker", ("worker-retry",))
    queue.add("Games are not being saved.", "unsaved")
    assert queue.head == Notice("resume", "Your game was set aside.", ("notice-resume",))
    assert len(queue) == 3
    # a newer notice about the worker says more: it takes the first one's place, not the head's
    queue.add("The Expert stopped answering.", "worker", ("worker-retry",))
    assert queue.texts() == ["Your game was set aside.", "The Expert stopped answering.", "Games are not being saved."]
    # without a kind, a notice is its own; the same words are not queued twice
    queue.add("A kept game could not be read.")
    queue.add("A kept game could not be read.")
    queue.add("The settings could not be read.")
    assert len(queue) == 5
    # saving works again: its notice goes, read or not
    assert queue.withdraw("unsaved") and not queue.withdraw("unsaved")
    assert queue.dismiss().kind == "resume"  # read (OK) or answered (Resume)
    assert queue.head.text == "The Expert stopped answering."
    assert queue.texts()[1:] == ["A kept game could not be read.", "The settings could not be read."]


def test_a_links_ignored_values_and_the_workers_failure_are_both_queued():
    """A game against the Expert from a link with a value it could not use; the worker fails:
    the link's notice stays first, the worker's waits behind it with its Try again."""
    async def broken(position, level, seed):
        raise RuntimeError("no runtime")

    async def run():
        view = View()
        ctl = Controller(view, broken, sleep=no_sleep, setup=Setup("tait", ("expert", "average"), seed=2,
                                                                    speed="instant"))
        ctl.start(["unknown speed 'warp'"])
        await asyncio.wait_for(ctl.turn_loop.idle(), 60)
        return ctl, view

    ctl, view = run_async(run())
    assert ctl.table.game.over and ctl.turn_loop.worker_down
    first, worker = view.queue.items
    assert first.kind == "link" and first.text == t("flow.start.ignored_notice", warnings="unknown speed 'warp'")
    assert worker.kind == "worker" and worker.actions == ("worker-retry",)
    assert "Until you choose Try again or reload the page" in worker.text  # the newest of its kind
    assert "Ignored" not in " ".join(view.messages)  # the message line is the game's


def test_hints_and_the_meter_say_why_they_cannot_come():
    """Advice.unavailable, which the hint line reads: only when they are asked for, at the
    human's turn of the live game, and the worker is down (it never started, or stopped)."""
    ctl = Controller(View(), setup=Setup("kendall", ("novice", "human"), seed=3, speed="instant"))
    ctl.start()
    advice, loop = ctl.advice, ctl.turn_loop
    while not ctl.table.human_to_act or ctl.table.state.opening:  # past the colour draw, to the human
        ctl.do_throw() if ctl.table.state.throw is None else ctl.do_play(ctl.table.state.legal_actions()[0])
    assert advice.unavailable == ""  # not asked for
    advice.hints = True
    assert advice.unavailable == ""  # asked for, and the worker is not down
    loop.worker_down, loop.down_why = True, "start"
    assert advice.unavailable == "start"
    advice.hints, advice.meter = False, True
    loop.down_why = "answer"
    assert advice.unavailable == "answer"
    advice.meter = False
    assert advice.unavailable == ""
