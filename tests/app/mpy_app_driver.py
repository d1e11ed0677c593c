"""Drives the page's DOM-free modules (app/flow/controller.py and its parts, app/storage/store.py,
app/storage/policy.py, app/input/actions.py) the same way in CPython and in MicroPython;
tests/app/test_micropython_app.py runs it in both and compares what came out. Written
in the subset both understand (no asyncio.run, no dataclasses...), as is
tests/app/app_harness.py, whose person at the board it uses. ``run(inputs)`` is a
coroutine returning a dict of plain JSON values.
"""

import asyncio
import json
import sys

from app_harness import View, human_step, last, no_sleep, play_as_human, seeded_bytes

from app.flow.controller import Controller, Setup
from app.flow.setup import parse_query, setup_from_query
from app.flow.turn_loop import fallback_broken
from app.game.pieces import loc_order
from app.online.corr_flow import CorrFlow
from app.storage.store import MemoryBackend, SavedGame, Settings, Store

CLOCK = 1_700_000_000.25  # the stores' clock: the saved times are the same in both


def counting_bytes():
    """Random bytes that are not random: the same new seeds and game ids in both."""
    count = [0]

    def random_bytes(n):
        out = bytes((count[0] + 37 * i) % 256 for i in range(n))
        count[0] += n
        return out

    return random_bytes


def pieces(ctl):
    return [[pid, ctl.table.tracker.loc[pid]] for pid in sorted(ctl.table.tracker.loc)]


async def two_humans():
    view = View()
    setup = Setup("kendall", ("human", "human"), ("Ann", "Bé"), seed=7, speed="instant")
    ctl = Controller(view, setup=setup, sleep=no_sleep, random_bytes=counting_bytes())
    ctl.start()
    await play_as_human(ctl, 60, piece=last)  # the piece furthest along
    undone = ctl.history.undo()
    after_undo = ctl.table.state.position()
    redone = ctl.history.redo()
    out = {
        "messages": view.messages, "notices": view.notices, "errors": view.errors,
        "position": ctl.table.state.position(), "record": ctl.table.session.record_text(), "pieces": pieces(ctl),
        "actions": ctl.table.game.actions, "game_id": ctl.table.game_id, "undo": [undone, after_undo, redone],
    }
    # a new game without a seed: 128 bits from random_bytes, the same throws in both
    ctl.play_again()
    await play_as_human(ctl, 20, piece=last)  # the piece furthest along
    out["again"] = {"seed": ctl.table.game.seed, "game_id": ctl.table.game_id, "record": ctl.table.session.record_text(),
                    "setup": ctl.table.setup.as_dict()}
    return ctl, out


async def computer_without_worker():
    """A human against Novice, no worker: Novice decides on this thread, or when it cannot
    run there, the first legal move is played and the notice says so."""
    view = View()
    setup = Setup("tait", ("human", "novice"), seed=5, speed="instant")
    ctl = Controller(view, setup=setup, sleep=no_sleep, random_bytes=counting_bytes())
    ctl.start()
    await play_as_human(ctl, 40, piece=last)  # the piece furthest along
    return {"actions": ctl.table.game.actions, "notices": view.notices, "fallback_error": ctl.turn_loop.fallback_error,
            "broken_text": fallback_broken("").split("(")[0]}


async def failing_worker():
    view = View()
    asked = []

    async def broken(position, level, seed):
        asked.append(level)
        raise RuntimeError("simulated worker failure")

    setup = Setup("kendall", ("expert", "human"), seed=3, speed="instant")
    ctl = Controller(view, broken, setup=setup, sleep=no_sleep, random_bytes=counting_bytes())
    ctl.start()
    await play_as_human(ctl, 30, piece=last)  # the piece furthest along
    return {"actions": ctl.table.game.actions, "notices": view.notices, "asked": asked,
            "worker_down": ctl.turn_loop.worker_down, "fallback_error": ctl.turn_loop.fallback_error}


async def fair_round():
    """Committed throws (docs/fair-throws.md) in the page's modules: the phrase offered,
    changed before the first throw, the seed kept out of the record until the end, Verify,
    the throw statistics stored and charted, a corrupt stored value set aside."""
    from app.view.throw_chart import chart_svg, chart_words
    from senet.throw_stats import game_counts

    view = View()
    ctl = Controller(view, setup=Setup("kendall", ("human", "human"), speed="instant"), sleep=no_sleep,
                     random_bytes=counting_bytes())
    ctl.start()
    out = {"offered": ctl.table.game.phrase, "before": ctl.fair.info()}
    out["set"] = [ctl.fair.set_phrase("  my own words "), ctl.fair.set_phrase("bad\tphrase"), ctl.table.game.phrase]
    ctl.throw()
    out["late"] = ctl.fair.set_phrase("too late")
    out["sealed_record"] = ctl.table.session.record_text()
    await play_as_human(ctl, 3000, piece=last)  # the piece furthest along
    out["over"] = ctl.table.game.over
    out["after"] = ctl.fair.info()
    out["verify"] = ctl.fair.verify_text()
    store = Store(MemoryBackend(), clock=lambda: CLOCK)
    store.add_throws(game_counts(ctl.table.game))
    out["stored"] = [[k, v] for k, v in sorted(store.load_throw_stats()[0].items())]
    counts, none_value = ctl.fair.throw_counts()
    out["chart"] = chart_svg(counts, none_value)
    out["words"] = chart_words(counts)
    bad = Store(MemoryBackend({"senet:throws": '{"format": "senet-throw-stats", "version": 1, "counts": 3}'}),
                clock=lambda: CLOCK)
    out["corrupt"] = [bad.load_throw_stats()[1], bad.problems, bad.quarantined()]
    # the New game dialog: random words offered, the phrase checked, the game started with it
    out["dialog_offered"] = ctl.fair.offer_new_game()
    dialog = []
    for phrase in (" sun\u00e9 over\u00e9 ", "\u00e9" * 60, "\u00e9" * 61, "a\u202eb", "a\tb", ""):
        setup, problem = ctl.fair.setup_from_dialog("bell", ("human", "novice"), (" Ann ", ""), phrase)
        dialog.append([None if setup is None else setup.as_dict(), problem])
    out["dialog"] = dialog
    ctl.new_game(ctl.fair.setup_from_dialog("bell", ("human", "human"), ("", ""), "ra and nut")[0])
    ctl.throw()
    out["dialog_game"] = [ctl.table.game.phrase, ctl.table.game.seed, ctl.table.state.throw, ctl.table.game.commit]
    return out


async def tutorial_walk():
    """The whole tutorial, played as a person would (throw, rescue, or the glowing
    piece), opened over a game in progress, which must come back as it was."""
    from app.flow.tutorial import Tutorial

    view = View()
    saves = []
    setup = Setup("tait", ("novice", "human"), seed=11, speed="instant")
    ctl = Controller(view, setup=setup, sleep=no_sleep, random_bytes=counting_bytes(),
                     autosave=lambda c: saves.append(c.table.state.position()))
    ctl.start()
    await play_as_human(ctl, 3, piece=last)  # the piece furthest along
    before = [ctl.table.session.record_text(), ctl.table.game_id, ctl.table.state.position()]
    saved_before = len(saves)
    lessons = Tutorial(ctl.table.game.variant)
    ctl.lessons.open(lessons)
    steps = []
    while True:
        while not lessons.done:
            if ctl.table.can_rescue:
                ctl.rescue()
            elif ctl.table.can_throw:
                ctl.throw()
            else:
                ctl.activate(sorted(ctl.table.movable, key=loc_order)[0])
        steps.append([lessons.lesson.key, ctl.table.state.position(), lessons.task()])
        if lessons.last:
            break
        ctl.lessons.go(lessons.index + 1)
    ctl.lessons.close()
    await ctl.turn_loop.idle()
    after = [ctl.table.session.record_text(), ctl.table.game_id, ctl.table.state.position()]
    return {"steps": steps, "messages": view.messages[-40:], "same": before == after,
            "saves": len(saves) - saved_before}


def storage_round(ctl, theirs):
    """Save the game and settings; read them back; read ``theirs`` (the other
    interpreter's backend data)."""
    backend = MemoryBackend()
    store = Store(backend, clock=lambda: CLOCK)
    saved_ok = store.save_game(SavedGame(ctl.table.session, 5000, False, ctl.table.game_id))
    settings_ok = store.save_settings(Settings("fast", True, False, True))
    again = Store(MemoryBackend(backend.data), clock=lambda: CLOCK)
    back = again.load_game()
    out = {
        "saved": [saved_ok, settings_ok], "data": backend.data,
        "own": [back.session.record_text() == ctl.table.session.record_text(), back.expert_nodes, back.game_id,
                back.saved_at, again.load_settings() == Settings("fast", True, False, True),
                back.replace(counted=True).counted, back.counted],
    }
    if theirs is not None:
        out["theirs"] = read_saved(theirs)
    return out


def read_saved(data):
    """What a Store over ``data`` (a backend's dict) finds."""
    store = Store(MemoryBackend(data), clock=lambda: CLOCK)
    game = store.load_game()
    return {
        "record": game.session.record_text(), "position": game.session.state.position(),
        "expert_nodes": game.expert_nodes, "game_id": game.game_id, "saved_at": game.saved_at,
        "settings": store.load_settings().as_dict(), "problems": store.problems,
        "kept": [g.line(int(CLOCK * 1000)) for g in store.kept_games()],
    }


def queries(texts):
    out = []
    for text in texts:
        setup, warnings = setup_from_query(text)
        out.append([parse_query(text), None if setup is None else setup.as_dict(), warnings])
    return out


def two_tabs(ctl):
    """app/storage/policy.py: two tabs on one storage, each saving its own game; then the
    button table (app/input/actions.py) on a page that records what it is asked."""
    from app.input.actions import dispatch
    from app.storage.policy import SavePolicy

    backend = MemoryBackend()
    tabs = []
    for _ in range(2):
        store = Store(backend, clock=lambda: CLOCK)
        store.load_game()
        tabs.append(SavePolicy(store, store.load_settings()))
    a, b = tabs
    saved = SavedGame(ctl.table.session, None, False, "tab-a")
    out = {"a": a.autosave(saved)}
    out["b"] = b.autosave(saved.replace(game_id="tab-b"))
    out["b_again"] = b.autosave(saved.replace(game_id="tab-b"))
    out["resume_key"] = b.resume_key
    out["event"] = [a.other_tab_saved("senet:save", backend.data["senet:save"]),
                    b.other_tab_saved("senet:save", backend.data["senet:save"])]
    back, kept = b.swap(b.resume_key)
    out["back"] = [back.game_id, kept[1], list(b.resumed(out["resume_key"], kept, True))]
    b.answer_tutorial("finished")
    b.answer_tutorial("taken")
    out["tutorial"] = b.settings.tutorial

    class Part:
        def __init__(self, name, log):
            self.name, self.log = name, log

        def undo(self):
            self.log.append(self.name + ".undo")
            return True

        def restore_focus(self, ctl, only_if_lost=False):
            self.log.append(self.name + ".restore_focus")

    class Page:
        pass

    page, log = Page(), []
    page.ctl, page.view = Part("ctl", log), Part("view", log)
    page.ctl.history = Part("ctl.history", log)
    out["dispatch"] = [dispatch(page, "undo"), dispatch(page, "no-such-button"), log]
    return out


def correspondence():
    """Two devices, each a Controller with its CorrFlow (app/online/corr_flow.py) over its
    own storage, play Bell by clicks and by passing links only; then a link opened twice."""
    devices = []
    for seed in (3, 4):
        ctl = Controller(View(), setup=Setup("bell", ("human", "human"), speed="instant"),
                         random_bytes=seeded_bytes(seed))
        outbox = []
        shelf = MemoryBackend()
        flow = CorrFlow(ctl, shelf, seeded_bytes(seed + 100), lambda: 5000,
                        lambda tag, code, automatic, outbox=outbox: outbox.append(code))
        devices.append((ctl, flow, outbox, shelf))
    (ann_ctl, ann, ann_out, _), (bob_ctl, bob, bob_out, bob_shelf) = devices
    ann.start("bell", 1, "Ann", 72)
    links = [ann_out.pop()]
    assert bob.open_link(links[0], "Bob"), bob.problem
    steps = 0
    while steps < 2000:
        steps += 1
        while ann_out or bob_out:
            for out, other in ((ann_out, bob), (bob_out, ann)):
                while out:
                    links.append(out.pop(0))
                    assert other.open_link(links[-1]), other.problem
        mine = [(ctl, flow) for ctl, flow, _, _ in devices if flow.letters is not None
                and not flow.letters.game.over and flow.letters.waiting_for() == flow.letters.seat]
        if not mine:
            break
        assert human_step(mine[0][0])
    saved = sorted(bob_shelf.data.items())
    twice = bob.open_link(links[-1])  # refused: opened already, or made here
    return {"links": links, "records": [ann.letters.record_text(), bob.letters.record_text()],
            "board": ann_ctl.table.session.record_text(), "over": [ann_ctl.table.game.over, bob_ctl.table.game.over],
            "twice": [twice, bob.problem, sorted(bob_shelf.data.items()) == saved],
            "list": [row["turn"] for row in bob.summaries()]}


async def run(inputs):
    ctl, humans = await two_humans()
    return {
        "implementation": sys.implementation.name,
        "humans": humans,
        "storage": storage_round(ctl, inputs.get("theirs")),
        "queries": queries(inputs["queries"]),
        "no_worker": await computer_without_worker(),
        "failing_worker": await failing_worker(),
        "fair": await fair_round(),
        "tutorial": await tutorial_walk(),
        "tabs": two_tabs(ctl),
        "corr": correspondence(),
    }


def main_micropython(inputs_json):
    """MicroPython has no asyncio.run: the result is printed by a task, between markers."""

    async def go():
        result = await run(json.loads(inputs_json))
        print("<<<" + json.dumps(result) + ">>>")

    asyncio.create_task(go())
