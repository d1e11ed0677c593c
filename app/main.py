"""The page's entry point, run by PyScript on MicroPython: boot and the events' wiring.

A thin layer: DOM events become Controller calls (app/flow/controller.py), app/view/view.py
draws. Novice and Average decide on the page; the Expert, hints, the win meter and the
game review run in the Pyodide worker "players" (app/worker/worker.py, started on first need by
app/worker/link.py), so the page keeps drawing while the Expert thinks. The game, the
settings and the statistics live in localStorage through app/storage/store.py, and
app/storage/policy.py decides what is saved when (several tabs included). The buttons go
through app/input/actions.py's table; the dialogs are app/dialogs/new_game.py, app/dialogs/record.py and
app/dialogs/settings.py; app/boot/page.py holds the page's parts and the Controller's
callbacks. The board is live as soon as MicroPython has run this file: nothing here
waits for the worker. Everything this file imports runs unchanged in MicroPython and
Pyodide (docs/app.md). See docs/app.md and docs/saving.md.
"""

# The boot runs in a few short tasks instead of one long one, so that the browser stays
# responsive while MicroPython starts (Lighthouse's "total blocking time"): PyScript runs
# this file with top-level await, and each ``await pause()`` (between imports,
# ``hand_back()``) hands the main thread back to the browser for a moment. The steps: the
# page's modules mounted, the engine's import, the other imports, the game to show, its
# pieces made, its first drawing, the events' wiring.
# (pyproject.toml lets ruff accept the awaits and the late imports in this one file.)
from pyscript import window as _window

_window.performance.mark("senet:boot")  # tests/browser/test_boot.py: the browser runs between it and ready

# MicroPython's garbage collector, told to collect after every GC_EVERY bytes allocated.
# The WebAssembly port cannot scan the C stack, so it collects when control returns to
# JavaScript, and it asks for that after every 16 KB by default: nearly every task of the
# page would end with a full collection, which marks every live object (the page's
# modules among them) and sweeps the whole heap, some 135 MB from PyScript's start on. A
# megabyte between collections is little garbage beside that heap (docs/app.md, "What
# keeps the page fast").
import gc

GC_EVERY = 1 << 20
if hasattr(gc, "threshold"):  # MicroPython's; CPython has none (tests read this file)
    gc.threshold(GC_EVERY)


# The hand-backs are app/platform/main_thread.py's (an awaited JavaScript promise: in
# PyScript's MicroPython ``asyncio.sleep(0)`` gives the browser no turn), imported once the
# pack is mounted; the one before it calls app/boot/start.js's window.senetPause itself.
await _window.senetPause()  # MicroPython's start was a long task of its own: the pack in the next
import json
import time

from pack import mount_file

# the engine and the page's modules, as bytecode, imported from memory (app/platform/pack.py):
# app/boot/start.js fetched the pack gzipped and unpacked it; here it is placed in the file system
await _window.senetPlace()
PACKED = mount_file("page.pack")
_window.senetFetchLater("parts.pack")  # the parts' pack (below) comes while the page's modules are imported
from app.platform.main_thread import hand_back, pause  # the pack is mounted: from it

await pause()
import senet  # the engine first
import senet.words

# The page's language: this copy of the page is in it (app/words/lang.js chose the copy,
# tools/site_words.py wrote it and named its catalog, words/<lang>.json, for
# app/boot/start.js to place with the pack). Chosen before the page's modules are imported: some say words as they load.
LANG = str(_window.document.documentElement.lang or "en")
if LANG != "en":
    try:
        senet.words.use(senet.words.load(LANG, "words"))
    except Exception as exc:  # no catalog, or a broken one: the English words
        _window.console.warn(f"senet: the words of '{LANG}' could not be read ({exc}); English instead")

await pause()  # next, the page's modules


# One at a time, deepest first (tools/boot_order.py wrote their order into the pack), the
# main thread handed back to the browser whenever they have taken STEP_MS: a phone's
# main thread then has no long task of them (Lighthouse's total blocking time counts what
# a task takes over 50 ms, on a CPU it takes as four times slower: a step and the slowest
# module's import, some 6 ms, stay within 12 ms). The imports below find them imported.
STEP_MS = 6


async def import_in_steps(names):
    began = time.ticks_ms()
    for name in names:
        __import__(name)
        if time.ticks_diff(time.ticks_ms(), began) >= STEP_MS:
            await hand_back()
            began = time.ticks_ms()


_order = PACKED.files.get("boot-order.json")
await import_in_steps(json.loads(bytes(_order).decode())["page"] if _order is not None else ())
from pyscript import document, js_import

from app.boot.page import Page
from app.flow.controller import Controller, Setup, parse_query, setup_from_query
from app.input.board import BoardInput
from app.platform import guard
from app.platform.dom import drop_params, on, replace_url, window
from app.storage.backends import LocalStorage, MemoryBackend, ScopedBackend, scope_of
from app.storage.formats import SAVE_KEY
from app.storage.policy import NEW_GAME_BEGINS, SavePolicy
from app.storage.store import Store, reason_of, refusal_words
from app.view.view import View
from app.words.names import QUERY_KEYS
from app.worker.link import WorkerLink
from senet.words import t

if not guard.present():  # app/platform/guard.js (index.html's start list) has not run yet: wait for it
    await js_import(str(window.URL.new("./app/guard.js", document.baseURI).href))
await pause()  # the imports are done: next, the game to show

DEFAULT = Setup(senet.DEFAULT_VARIANT, ("average", "human"))
# A game of more record lines than this is resumed with its board live before its move
# log has words: putting 533 lines into words took 250-450 ms of MicroPython, more than
# the rest of the first drawing (docs/app.md, "Benchmark").
LOG_AT_ONCE = 80
LOG_LINES_A_STEP = 40
# URL parameters that start a new game; dropped from the address bar once used, so that
# a reload resumes the game instead of starting it again.
GAME_PARAMS = QUERY_KEYS

root = document.documentElement
_query = parse_query(str(window.location.search))
# Test hook (docs/app.md): ?fail_worker=1 makes every call to the worker fail at once,
# ?fail_worker=hang makes it never answer (each decision then waits for the timeout).
FAIL_WORKER = _query.get("fail_worker", "")
# Benchmark hook (docs/review.md): ?review_nodes=N sets the review's node budget a search
# (1 to 999999; otherwise the review's default, senet.ai.review.DEFAULT_NODES).
_review_nodes = _query.get("review_nodes", "")
REVIEW_NODES = int(_review_nodes) if _review_nodes.isdigit() and 0 < len(_review_nodes) <= 6 else 0


def _backend():
    """(backend, problem, why nothing is stored): localStorage under this copy's scope (the
    page's directory: two copies of the app on one site keep their games apart), or a dict
    when the browser blocks storage (reading window.localStorage throws SecurityError, or
    there is none), with the reason in plain words."""
    try:
        ls = guard.get(window, "localStorage")
        if ls is None or not hasattr(ls, "getItem"):  # no storage at all (an old or odd browser)
            return ScopedBackend(MemoryBackend(), ""), None, t("storage.unsaved.none")
        LocalStorage(ls).get(SAVE_KEY)
    except Exception as exc:  # blocked by the browser's privacy settings (guard.Refused)
        return ScopedBackend(MemoryBackend(), ""), None, refusal_words(exc)
    scoped = ScopedBackend(LocalStorage(ls), scope_of(str(window.location.pathname)))
    return scoped, scoped.problem, None


backend, _backend_problem, _not_stored = _backend()
store = Store(backend)
if _backend_problem:
    store.problems.append(_backend_problem)
if _not_stored:
    store.blocked(_not_stored)
policy = SavePolicy(store, store.load_settings())
view = View(document, window)
# Test hook (docs/app.md, "Parts loaded after the first paint"): ?fail_part=settings,tutorial
# makes those parts' loads fail.
async def _parts_pack():
    """The parts' modules (app/boot/parts.py) come in a pack of their own, parts.pack
    (tools/build.py), asked for once the page pack is mounted and added to it when the
    first part is asked for (after ready, or a click): the start fetches and unpacks only
    what the first paint imports."""
    await _window.senetPlaceLater("parts.pack")
    PACKED.add_file("parts.pack")


page = Page(document, view, policy, backend, REVIEW_NODES, fail_parts=tuple(_query.get("fail_part", "").split(",")),
            prepare_parts=_parts_pack)
view.record_line = page.record_line
page.link = link = WorkerLink(root, FAIL_WORKER, page.on_worker_state, on_progress=page.on_worker_progress,
                              lang=LANG)


await pause()  # next, the game to show and its Controller


# ---------------------------------------------------------------- which game

default = DEFAULT.replace(speed=policy.settings.speed)
setup, warnings = setup_from_query(str(window.location.search), default)
ctl = page.ctl = Controller(view, page.think, setup=setup or default, analyse=page.analyse,
                            autosave=page.autosave, on_result=page.on_result, on_replace=page.on_replace,
                            random_bytes=page.random_bytes, before_think=link.free, think_timer=page.think_timer)
ctl.turn_loop.book = page.book_choice  # the Expert's first turn, from its opening book
ctl.advice.hints, ctl.advice.meter = policy.settings.hints, policy.settings.meter
ctl.history.no_takebacks = policy.settings.no_takebacks
ctl.replays.set_speed(policy.settings.replay_speed)
saved = store.load_game()
boot_notice = ""
offer_previous = False
if setup is not None:
    # The link asks for a new game: it replaces the save, an unfinished one is kept.
    boot_notice, offer_previous = policy.open_link_game(saved, setup.speed)
    drop_params(GAME_PARAMS)
elif saved is not None:
    try:
        ctl.load(saved.session, saved.expert_nodes, saved.counted, saved.stood_in)
    except Exception as exc:  # never expected: the save was checked; set it aside all the same
        store.set_aside_save(t("flow.boot.save_unusable", error=reason_of(exc)))
        boot_notice = NEW_GAME_BEGINS
elif store.problems:
    boot_notice = NEW_GAME_BEGINS
# A first visit: the tutorial is offered, without covering anything a player needs first.
FIRST_VISIT = policy.first_visit(setup is not None, saved, bool(_query.get("tutorial")))
view.set_speed(ctl.table.setup.speed)
view.set_highlight(policy.settings.highlight)
# A long game resumed: the board first, the move log's words after it (see the end).
view.log_later = len(ctl.table.game.entries) > LOG_AT_ONCE
# next, its first drawing, in steps: the trays, the tap areas and squares, the pieces made
# (each where it stands: View.build_steps), the board drawn, then everything
await pause()
for _ in view.build_steps(ctl):
    await pause()
await pause()
view.render_board(ctl)
await pause()
view.render(ctl)  # the starting position


# ---------------------------------------------------------------- boot


def main():
    # The dialogs, the statistics, the tutorial and online play are parts loaded after the
    # first paint (app/boot/parts.py): each wires its own elements when it is made.
    page.board_input = board = BoardInput(page)
    on(view.board, "pointerdown", board.on_pointer_down)
    on(view.board, "click", board.on_board_click)
    on(view.board, "keydown", board.on_board_key)
    for event in ("pointerover", "pointerout", "focusin", "focusout"):
        on(view.board, event, board.on_hint)
    on(document.querySelector("main"), "click", board.on_action)
    on(document.getElementById("log-list"), "click", board.on_log_click)
    on(document.getElementById("review"), "click", board.on_review_click)
    on(document.getElementById("review"), "keydown", board.on_review_key)
    on(document.getElementById("speed"), "change",
       lambda event: page.use("settings", lambda dialogs: dialogs.on_speed(event), "speed"))
    on(document.getElementById("replay-speed"), "change",
       lambda event: page.use("settings", lambda dialogs: dialogs.on_replay_speed(event), "replay-speed"))
    on(document, "visibilitychange", board.on_visibility)
    phrase_input = document.getElementById("fair-phrase")
    on(phrase_input, "change", page.apply_phrase)
    on(phrase_input, "keydown", page.on_phrase_key)
    page.apply_sound()  # the colours: app/view/theme.js set them before the first paint
    on(window, "senet:before-update-reload", lambda _e: ctl.save())
    on(window, "storage", page.on_storage)
    on(document, "keydown", board.on_key)
    view.set_ready()
    # before the first autosave, which shows new problems itself
    if offer_previous:  # the link's game set the game in progress aside: Resume brings it back
        page.show_problems()
        view.notice(boot_notice, "resume", ("notice-resume",))
    page.show_problems("" if offer_previous else boot_notice)
    page.tell_saving()  # then whether games are being saved on this device, and why not
    store.on_unsaved = page.tell_saving  # from now on, whatever writes: the notice follows at once
    if ctl.table.game.online:  # a game between two devices, taken up again (docs/online.md)
        page.friend_dialog().restore()
    ctl.start(warnings)
    if _query.get("tutorial"):  # the Rules page's link: the tutorial, over the game in progress
        drop_params(("tutorial",))
        page.open_tutorial()
    else:  # shown from the first paint when app/view/theme.js saw a first visit: confirmed or taken back
        view.offer_tutorial(FIRST_VISIT)
    root.dataset.variants = ",".join(senet.VARIANTS)
    root.dataset.ready = "true"
    window.performance.mark("senet:ready")
    # An invite link (#join=CODE, docs/online.md): show the game it invites to and answer it.
    # A Reconnect link (#rejoin=CODE): answer it for the game kept here. An answer link
    # (#answer=CODE): hand it to the tab of this browser that made the invite.
    fragment = str(window.location.hash)
    if fragment.startswith("#corr=") or fragment.startswith("#game="):  # docs/online.md, "The page"
        page.on_hash()
    on(window, "hashchange", page.on_hash)  # a link pasted in this tab's address bar
    if fragment.startswith("#join=") or fragment.startswith("#rejoin=") or fragment.startswith("#answer="):
        replace_url(str(window.location.pathname) + str(window.location.search))
        if fragment.startswith("#join="):
            page.friend_dialog().open_invite(fragment[1:])
        elif fragment.startswith("#answer="):
            page.friend_dialog().pass_answer(fragment[1:])
        else:
            page.friend_dialog().open_rejoin(fragment[1:])
    page.need_worker()  # after ready: the board never waits for Pyodide
    # then the dialogs and the rest, one module a task (app/boot/parts.py), once the
    # computer's turns that open the game are played: they come first
    page.parts.later(lambda: ctl.turn_loop.loop_gen is not None)


await pause()  # next, the wiring: the board is live when it is done
_fragment = str(window.location.hash)
if ctl.table.game.online or _fragment.startswith("#join=") or _fragment.startswith("#rejoin=") \
        or _fragment.startswith("#answer="):  # main() makes the Play a friend dialog at once
    try:
        await page.parts.ready()
    except Exception as exc:  # main() then says the part could not be loaded
        window.console.warn(f"senet: the parts' pack could not be loaded ({exc})")
main()

# The move log of a long game resumed, its words a few lines at a time: the page answers
# meanwhile (whatever a player does is drawn, the log saying its moves are on the way),
# and the log is drawn once they are all there.
while view.log_later and ctl.log.prepare(ctl.table, LOG_LINES_A_STEP):
    await pause()
if view.log_later:
    view.log_later = False
    view.render(ctl)
