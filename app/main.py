"""The page's entry point, run by PyScript on MicroPython.

A thin layer: DOM events become Controller calls (app/controller.py), app/view.py
draws. Novice and Average decide on the page; the Expert, hints, the win meter and the
game review run in the Pyodide worker "players" (app/worker.py, started on first need by
app/worker_link.py), so the page keeps drawing while the Expert thinks. The game, the settings and the statistics live in localStorage through
app/storage.py. The board is live as soon as MicroPython has run this file: nothing
here waits for the worker. Everything this file imports runs unchanged in MicroPython
and Pyodide (docs/app.md). See docs/app.md and docs/saving.md.
"""

import asyncio
import time

import js
from controller import KIND_NAMES, SPEEDS, Controller, Setup, parse_query, setup_from_query
from pyscript import document
from pyscript.ffi import create_proxy, to_js
from setup import WORKER_KINDS
from storage import (
    OTHER_PREFIX,
    PREVIOUS_KEY,
    SAVE_KEY,
    MemoryBackend,
    SavedGame,
    ScopedBackend,
    Store,
    game_id_of,
    outcome_for_stats,
    scope_of,
    stats_rows,
)
from view import View
from worker_link import WorkerLink

import senet

# The browser's window itself: in MicroPython, pyscript.window is a module standing in
# for it, whose methods lose their `this` (addEventListener raises "Illegal invocation").
# Also in MicroPython: a JS number that is a whole number beyond 32 bits arrives cut to
# 32 bits (js.Date.now() does), so times come from Python's time.time().
window = js.window
DEFAULT = Setup("kendall", ("average", "human"))
NOTES = {
    "kendall": "Seven pieces each. Square 27 is the water; a drowned piece may be rescued to 15.",
    "jequier": "Five pieces each. A colour draw decides who plays black: the first to throw a 1.",
    "tait": "Five pieces each, entered from the supply. Landing on a piece sends it back.",
    "bell": "Ten pieces each, running from 30 down to 1 to fill their goal squares.",
    "thibault": "Five pieces each. Pieces dance (swap); a drowning piece may be rescued.",
    "havens": "Five pieces each, a colour draw, and a penalty score for the loser.",
}
DRAW_VARIANTS = ("jequier", "havens")
# URL parameters that start a new game; dropped from the address bar once used, so that
# a reload resumes the game instead of starting it again.
GAME_PARAMS = ("variant", "white", "black", "seed", "speed", "white_name", "black_name", "position",
               "expert_nodes", "phrase")
MAX_RECORD = 2_000_000  # characters

root = document.documentElement
view = View(document, window)
_proxies = []  # keep event handler proxies alive
_query = parse_query(str(window.location.search))
# Test hook (docs/app.md): ?fail_worker=1 makes every call to the worker fail at once,
# ?fail_worker=hang makes it never answer (each decision then waits for the timeout).
FAIL_WORKER = _query.get("fail_worker", "")
# Benchmark hook (docs/review.md): ?review_nodes=N sets the review's node budget a search
# (1 to 999999; otherwise the review's default, senet.review.DEFAULT_NODES).
_review_nodes = _query.get("review_nodes", "")
REVIEW_NODES = int(_review_nodes) if _review_nodes.isdigit() and 0 < len(_review_nodes) <= 6 else 0


# ---------------------------------------------------------------- storage


class LocalStorage:
    """The storage.Store backend over window.localStorage."""

    def __init__(self, ls):
        self.ls = ls

    def get(self, key):
        value = self.ls.getItem(key)
        return value if isinstance(value, str) else None

    def set(self, key, value):
        self.ls.setItem(key, value)

    def remove(self, key):
        self.ls.removeItem(key)

    def all_keys(self):
        return [str(self.ls.key(i)) for i in range(int(self.ls.length))]


def _backend():
    """localStorage under this copy's scope (the page's directory: two copies of the app
    on one site keep their games apart), or a dict when the browser blocks storage."""
    try:
        ls = window.localStorage
        ls.getItem(SAVE_KEY)
        scoped = ScopedBackend(LocalStorage(ls), scope_of(str(window.location.pathname)))
        return scoped, scoped.problem
    except Exception as exc:  # blocked by the browser's privacy settings
        return (ScopedBackend(MemoryBackend(), ""),
                f"this browser does not let the page store anything ({exc}), so the game is not saved")


_backend_obj, _backend_problem = _backend()
store = Store(_backend_obj)
if _backend_problem:
    store.problems.append(_backend_problem)
settings = store.load_settings()
_shown_problems = 0
# What the notice's "Resume that game" button brings back: the previous game, or the key
# where another tab's game was kept (see autosave).
_resume_key = PREVIOUS_KEY
_told_other = set()  # the other tabs' games already mentioned in a notice
OTHER_TAB_KEPT = ("Another tab had saved a different game here. It was kept, not overwritten: "
                  "\u201cResume that game\u201d brings it back, and this tab's game is then kept the same way. "
                  "Kept games are also listed under New game\u2026")
OTHER_TAB_BACK = ("The game from the other tab is back. This tab's game was kept in its place: "
                  "\u201cResume that game\u201d switches back.")
LIST_BACK = "The game that was on the board is kept in its place: New game\u2026 lists it under Kept games."
OTHER_TAB_PLAYING = ("Senet is open in another tab too, with a different game. Neither game is lost: "
                     "when a tab saves over the other's game, it keeps that game aside first.")


def show_problems(extra=""):
    """Put new storage problems (and ``extra``) in the notice."""
    global _shown_problems
    new = store.problems[_shown_problems:]
    _shown_problems = len(store.problems)
    parts = [p[0].upper() + p[1:] + ("" if p.endswith(".") else ".") for p in new]
    if extra:
        parts.append(extra)
    if parts:
        view.notice(" ".join(parts))


def autosave(ctl_):
    global _resume_key
    store.save_game(SavedGame(ctl_.session, ctl_.setup.expert_nodes, ctl_.counted, ctl_.game_id))
    kept, store.kept_other = store.kept_other, None
    extra = ""
    if kept is not None:  # another tab's game was in the save: it was kept under kept[0]
        key, game_id = kept
        tag = game_id or key
        if tag not in _told_other:
            _told_other.add(tag)
            _resume_key = key
            extra = OTHER_TAB_KEPT
        elif _resume_key.startswith(OTHER_PREFIX):
            _resume_key = key  # the same game again (both tabs playing): its newest copy
    if extra or len(store.problems) > _shown_problems:
        show_problems(extra)
        if extra:
            view.notice_action("notice-resume", True)


def on_storage(event):
    """Another tab wrote to localStorage: say so once per game if it saved a different
    game. This tab's game is left as it is."""
    key, value = event.key, event.newValue
    if not isinstance(key, str) or not isinstance(value, str):
        return
    if _backend_obj.key_of(key) != SAVE_KEY or store.knows(value):  # another copy's, or ours
        return
    tag = "tab:" + (game_id_of(value) or "")
    if tag in _told_other or not view.notice_box.hidden:  # never cover a notice being shown
        return
    _told_other.add(tag)
    view.notice(OTHER_TAB_PLAYING)


def on_result(session):
    outcome = outcome_for_stats(session)
    if outcome is not None:
        store.add_result(*outcome)
    from senet.throw_stats import game_counts

    store.add_throws(game_counts(session.game))  # every finished game (docs/fair-throws.md)


def record_line(ctl_):
    """The game-over panel's line: your record against this level in this rule set."""
    outcome = outcome_for_stats(ctl_.session)
    if outcome is None:
        return ""
    variant, level, _ = outcome
    for row_variant, opponent, won, lost, drawn in stats_rows(store.load_stats()):
        if row_variant == variant and opponent == level:
            text = f"Your record against {KIND_NAMES.get(level, level)} ({ctl_.rules.title} rules): {won} won, {lost} lost"
            return text + (f", {drawn} drawn." if drawn else ".")
    return ""


view.record_line = record_line


def on_replace(session, finished_too=False):
    """A new game replaces ``session``: an unfinished game is kept as the previous save
    (``finished_too``: a finished one too, as "Play from here" replaces it)."""
    global _replaced_kept
    game = session.game
    _replaced_kept = False
    if game.entries and (finished_too or not game.over):
        # while a replay shows, ctl.game_id and ctl.setup are the replay's: name the live game
        _replaced_kept = store.keep_previous(SavedGame(session, ctl.live_setup.expert_nodes, game.over,
                                                       ctl.live_game_id))


_replaced_kept = False  # on_replace kept the game replaced last


# ---------------------------------------------------------------- the worker


def on_worker_state(state):
    """The worker started, answered or failed: redraw ("getting ready" goes away)."""
    view.worker_starting = state == "starting"
    if ctl is None:  # the link's first state, "off", comes before the Controller
        return
    if state == "failed" and not ctl.worker_down:
        ctl.worker_down = True
        if ctl.thinking is None:  # else the computer waiting for it says what stood in
            view.report_error(f"the worker did not start: {link.error}")
            view.notice(PAGE_PLAYER_NOTE)
    if view.ready:
        view.render(ctl)


# The worker could not start (its error goes to the console): what the player needs to know.
PAGE_PLAYER_NOTE = ("The computer opponents play a little more simply for now (Average in place of the "
                    "Expert; Novice stays Novice): their stronger player could not start. "
                    "The game goes on; reloading the page may help.")


ctl = None  # the Controller, made below
link = WorkerLink(root, FAIL_WORKER, on_worker_state)


def need_worker():
    """Start the worker early when the game has an Expert seat or asks for hints or the
    meter (a call to it would start it anyway; this gives it a head start). Novice and
    Average decide on the page: a game with only those never starts it."""
    if ctl.hints or ctl.meter or any(kind in WORKER_KINDS for kind in ctl.live_setup.players):
        link.start()


def random_bytes(n):
    """``n`` bytes from the browser's secure generator (seeds of the throws, game ids)."""
    buf = js.Uint8Array.new(n)
    window.crypto.getRandomValues(buf)
    return bytes(buf[i] for i in range(n))


def _on(target, event, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def think_timer(level, what):
    """Starts the mark of one computer decision (performance "senet:think"); returns the
    call that ends it (Controller._mark_think calls both)."""
    start = window.performance.now()

    def done():
        options = {"start": start, "end": window.performance.now(), "detail": {"level": level, "what": what}}
        window.performance.measure("senet:think", to_js(options))

    return done


def think(position, level, seed):
    """The Expert's decision, from the worker (queued there at once: WorkerLink.call)."""
    return link.call("think", position, level, str(seed), ctl.setup.expert_nodes or 0)


def analyse(position):
    return link.call("analyse", position, ctl.setup.expert_nodes or 0)


def _drop_params(keys):
    """Remove ``keys`` from the address bar's parameters (a reload then resumes)."""
    url = js.URL.new(str(window.location.href))
    for key in keys:
        url.searchParams.delete(key)
    window.history.replaceState(window.history.state, "", url.href)


def _drop_game_params():
    """Remove the new-game parameters from the address bar (a reload then resumes)."""
    _drop_params(GAME_PARAMS)


# ---------------------------------------------------------------- which game

default = DEFAULT.replace(speed=settings.speed)
setup, warnings = setup_from_query(str(window.location.search), default)
ctl = Controller(view, think, setup=setup or default, analyse=analyse,
                 autosave=autosave, on_result=on_result, on_replace=on_replace,
                 random_bytes=random_bytes, before_think=link.free, think_timer=think_timer)
ctl.hints, ctl.meter = settings.hints, settings.meter
ctl.set_replay_speed(settings.replay_speed)
saved = store.load_game()
boot_notice = ""
offer_previous = False
if setup is not None:
    # The link asks for a new game: it replaces the save, an unfinished one is kept.
    if saved is not None and not saved.session.game.over and saved.session.game.entries:
        offer_previous = store.keep_previous(saved)
        if offer_previous:
            boot_notice = "The link you opened started a new game; your game in progress was set aside."
    if setup.speed != settings.speed:
        settings = settings.replace(speed=setup.speed)
        store.save_settings(settings)
    _drop_game_params()
elif saved is not None:
    try:
        ctl.load(saved.session, saved.expert_nodes, saved.counted)
    except Exception as exc:  # never expected: the save was checked; set it aside all the same
        store.set_aside_save(f"the saved game cannot be shown ({exc})")
        boot_notice = "A new game begins."
elif store.problems:
    boot_notice = "A new game begins."
# A first visit (nothing saved, no answer to the tutorial yet, no game asked for by a
# link): the tutorial is offered, without covering anything a player needs first.
FIRST_VISIT = (setup is None and saved is None and settings.tutorial is None and not store.problems
               and not _query.get("tutorial"))
view.set_speed(ctl.setup.speed)
view.set_highlight(settings.highlight)
view.render(ctl)  # the starting position


# ---------------------------------------------------------------- board input

def _attr(el, name):
    """An attribute as str, or None (JS null arrives as pyodide's JsNull, not None)."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


def _closest(el, selector):
    if not el or not hasattr(el, "closest"):
        return None
    hit = el.closest(selector)
    return hit if hit else None


def _loc_of(el):
    """The place a click or key press on ``el`` means: a square, "supply" or "off"."""
    hit = _closest(el, "[data-piece],[data-square],[data-tray]")
    if hit is None:
        return None
    at = _attr(hit, "data-at")
    if at is not None:
        return int(at) if at.isdigit() else at
    square = _attr(hit, "data-square")
    if square is not None:
        return int(square)
    tray = _attr(hit, "data-tray")
    return tray.split("-")[1] if tray else None


def on_board_click(event):
    if not view.ready:
        return
    loc = _loc_of(event.target)
    if loc is not None:
        ctl.activate(loc)


def on_board_key(event):
    if not view.ready:
        return
    key = event.key
    if key in ("Enter", " "):
        loc = _loc_of(document.activeElement)
        if loc is None or not view.board.contains(document.activeElement):
            return
        event.preventDefault()
        ctl.activate(loc)
        view.restore_focus(ctl, only_if_lost=ctl.selected is None)
    elif key in ("ArrowRight", "ArrowLeft") and ctl.replay is not None:
        event.preventDefault()  # in a replay the arrows step through the game
        ctl.replay_to(ctl.replay.step + (1 if key == "ArrowRight" else -1))
    elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        event.preventDefault()
        view.move_focus(ctl, 1 if key in ("ArrowRight", "ArrowDown") else -1)
    elif key == "Escape" and ctl.selected is not None:
        event.preventDefault()
        ctl.deselect()


def on_hint(event):
    """Pointer over (or focus on) a movable piece: hint its destination."""
    piece = _closest(event.target, '[data-movable="true"]')
    view.hint(ctl, _loc_of(piece) if piece is not None else None)


def on_log_click(event):
    """A move log entry: replay the game at that moment."""
    button = _closest(event.target, "[data-log-step]")
    if button is None or not view.ready:
        return
    ctl.open_log_step(int(_attr(button, "data-log-step")))
    document.querySelector('#replay [data-action="replay-back"]').focus()


def on_action(event):
    button = _closest(event.target, "[data-action]")
    if button is None or not view.ready:
        return
    action = _attr(button, "data-action")
    if action.startswith("tutorial"):
        on_tutorial(action)
    elif action == "throw":
        if view.offering and ctl.tutorial is None:
            view.offer_tutorial(False)  # playing is answer enough for now (the game is saved)
        if ctl.throw():
            view.restore_focus(ctl)
    elif action == "rescue":
        if ctl.rescue():
            view.restore_focus(ctl)
    elif action == "pass":
        if ctl.pass_turn():
            view.restore_focus(ctl)
    elif action == "play-again":
        ctl.play_again()
        view.restore_focus(ctl)
    elif action == "new-game":
        open_dialog()
    elif action == "review":
        start_review()
    elif action == "review-stop":
        if ctl.review is not None:
            ctl.review.stop()
            view.render(ctl)
    elif action == "review-close":
        if ctl.review is not None:
            ctl.review.stop()
            ctl.close_review()
            view.restore_focus(ctl)
    elif action == "undo":
        if ctl.undo():
            view.restore_focus(ctl, only_if_lost=True)
    elif action == "redo":
        if ctl.redo():
            view.restore_focus(ctl, only_if_lost=True)
    elif action == "record":
        open_record()
    elif action == "settings":
        open_settings()
    elif action == "stats":
        open_stats()
    elif action == "fair-phrase":
        apply_phrase()
    elif action == "verify":
        view.fair_message(ctl.verify_text())
    elif action == "throw-stats":
        open_stats()
        document.getElementById("throw-stats-title").scrollIntoView()
    elif action == "notice-dismiss":
        view.notice("")
    elif action == "notice-resume":
        resume_previous()
    elif action.startswith("replay-") and ctl.replay is not None:
        on_replay(action[len("replay-"):])


def on_speed(event):
    global settings
    speed = str(event.target.value)
    if speed in SPEEDS:
        ctl.set_speed(speed)
        settings = settings.replace(speed=speed)
        store.save_settings(settings)


def on_replay_speed(event):
    """The replay's speed: used from its next step, and remembered."""
    global settings
    speed = str(event.target.value)
    ctl.set_replay_speed(speed)
    if ctl.replay_speed == speed and settings.replay_speed != speed:
        settings = settings.replace(replay_speed=speed)
        store.save_settings(settings)


def on_visibility(_event):
    """The player left the page (another tab, the app hidden): the replay stops playing itself."""
    if document.hidden:
        ctl.stop_autoplay()


def resume_previous():
    """The game the notice offers comes back: the one a link set aside (the link's game
    becomes the previous one), or another tab's (this tab's game is kept in its place)."""
    resume_kept(_resume_key, from_notice=True)


def resume_kept(key, from_notice=False):
    """Bring back the kept game at ``key``; the game on the board is kept in its place
    (as the previous game, or under a senet:save:other: key)."""
    global _resume_key
    ctl.save()
    saved = store.swap_previous(key)
    kept, store.kept_other = store.kept_other, None  # where this tab's game went, if kept
    if saved is None:
        show_problems("The set-aside game could not be brought back.")
        return False
    ctl.load(saved.session, saved.expert_nodes, saved.counted)
    ctl.start()
    need_worker()
    if not from_notice:  # from the New game dialog's list
        _resume_key = PREVIOUS_KEY
        if kept is not None:
            _told_other.add(kept[1] or kept[0])
        view.notice("")
        view.announce(f"{ctl.message} {LIST_BACK}")
    elif key.startswith(OTHER_PREFIX) and kept is not None:
        _resume_key = kept[0]
        _told_other.add(kept[1] or kept[0])
        view.notice(OTHER_TAB_BACK)
        view.notice_action("notice-resume", True)
    else:
        _resume_key = PREVIOUS_KEY
        view.notice("")
    view.restore_focus(ctl)
    return True


# ---------------------------------------------------------------- fair throws

phrase_input = document.getElementById("fair-phrase")


def apply_phrase(_event=None):
    """The phrase box: mix its text into the throws (before the first throw)."""
    problem = ctl.set_phrase(str(phrase_input.value))
    view.fair_message(problem or "")
    if problem is not None:
        phrase_input.value = ctl.game.phrase


def on_phrase_key(event):
    if event.key == "Enter":
        event.preventDefault()
        apply_phrase()


# ---------------------------------------------------------------- the first-game tutorial

def answer_tutorial(answer):
    """Remember the player's answer to the tutorial (Settings.tutorial); "taken" never
    replaces "finished"."""
    global settings
    if answer == "taken" and settings.tutorial == "finished":
        return
    if settings.tutorial != answer:
        settings = settings.replace(tutorial=answer)
        store.save_settings(settings)


def open_tutorial():
    """The tutorial over the game in progress (imported only now: the page starts without it)."""
    from tutorial import Tutorial

    view.offer_tutorial(False)
    answer_tutorial("taken")
    ctl.open_tutorial(Tutorial(ctl.live_setup.variant))
    view.focus_tutorial()


def on_tutorial(action):
    if action in ("tutorial", "tutorial-start"):
        if ctl.tutorial is None:
            open_tutorial()
        return
    if action == "tutorial-decline":
        view.offer_tutorial(False)
        answer_tutorial("declined")
        view.restore_focus(ctl)
        return
    tutorial = ctl.tutorial
    if tutorial is None:
        return
    if action in ("tutorial-back", "tutorial-next"):
        if ctl.tutorial_go(tutorial.index + (1 if action == "tutorial-next" else -1)):
            view.restore_focus(ctl)
    elif action in ("tutorial-skip", "tutorial-finish"):
        if action == "tutorial-finish" and tutorial.last:
            answer_tutorial("finished")
        ctl.close_tutorial()
        view.restore_focus(ctl)
        active = document.activeElement
        if not active or active == document.body:  # nothing to play now: back where it was asked for
            document.querySelector('.toolbar [data-action="tutorial"]').focus(to_js({"preventScroll": True}))


def on_key(event):
    """Escape leaves the tutorial (a selection on the board is dropped first; an open
    dialog closes by itself)."""
    if event.key != "Escape" or ctl.tutorial is None or event.defaultPrevented or not view.ready:
        return
    if document.querySelector("dialog[open]") or ctl.selected is not None:
        return
    event.preventDefault()
    on_tutorial("tutorial-skip")


# ---------------------------------------------------------------- replay

def on_replay(what):
    replay = ctl.replay
    if what == "start":
        ctl.replay_to(0)
    elif what == "back":
        ctl.replay_to(replay.step - 1)
    elif what == "forward":
        ctl.replay_to(replay.step + 1)
    elif what == "end":
        ctl.replay_to(replay.last)
    elif what == "play":
        ask_play_here()
    elif what == "auto":
        ctl.toggle_autoplay()
    elif what == "close":
        ctl.close_replay()
        view.restore_focus(ctl)


play_here_dialog = document.getElementById("play-here-dialog")


def ask_play_here():
    """The replay's Play from here asks first, in a dialog of the page: the game in progress
    is replaced (and kept among the kept games, where New game... lists it)."""
    ctl.stop_autoplay()
    replay = ctl.replay
    if replay is not None and replay.full.sealed:
        ctl.play_from_replay()  # refused, with the reason: a sealed record cannot go on
        return
    live = ctl.live_session
    moves = live.game.actions
    what = f"{live.game.rules.title}, {moves} move{'s' if moves != 1 else ''}"
    if live.game.over:
        what += ", finished"
    if live.game.entries:
        kept = (f"The game it replaces ({what}) is kept: New game\u2026 lists it under Kept games, "
                "and it can be resumed from there.")
    else:
        kept = "The game now on the board has no moves yet, so there is nothing to keep."
    document.getElementById("play-here-text").textContent = (
        f"The position at step {replay.step} of {replay.last} becomes your game, and play goes on from "
        f"there. {kept}")
    play_here_dialog.returnValue = ""
    play_here_dialog.showModal()


def on_play_here_close(_event):
    """The dialog closed: "play" plays on from the step shown; anything else (Cancel,
    Escape) changes nothing."""
    if str(play_here_dialog.returnValue) != "play" or ctl.replay is None:
        document.querySelector('#replay [data-action="replay-play"]').focus()
        return
    play_here_dialog.returnValue = ""
    ctl.play_from_replay()
    if _replaced_kept:
        view.announce(f"{ctl.message} {PLAY_HERE_KEPT}")
    show_problems()  # the game replaced could not be kept: say why
    need_worker()
    view.restore_focus(ctl)


PLAY_HERE_KEPT = "The game it replaced is kept: New game\u2026 lists it under Kept games."


# ---------------------------------------------------------------- the game review

def start_review():
    """Review the game shown (the replayed record, or the game in progress) in the
    worker, one record line a call, so that the progress shows and Stop works."""
    if ctl.review is not None and ctl.review.running:
        ctl.review.stop()  # a review of another game is under way: it ends at its next line
    review = ctl.begin_review(REVIEW_NODES)
    asyncio.create_task(run_review(review))
    document.querySelector('#review [data-action="review-stop"]').focus()


async def run_review(review):
    record = review.game.record_text()
    try:
        review.started(str(await link.call("review_start", record, review.nodes)))
        window.performance.mark("senet:review-start")  # tools/bench_browser.py reads it
        view.render(ctl)
        while review.done < review.total and not review.stop_asked and ctl.review is review:
            review.progressed(str(await link.call("review_step", 1)))
            if ctl.review is review:
                view.render(ctl)
        if ctl.review is not review:  # closed, or replaced by a new game: the worker rests
            return
        review.finished(str(await link.call("review_result")), stopped=review.stop_asked)
        window.performance.mark("senet:review-end")
    except Exception as exc:  # the worker failed: said in the panel, nothing else changes
        review.failed(str(exc))
    if ctl.review is review:
        view.render(ctl)
        view.announce(review.progress_text())
        if review.state in ("done", "stopped"):
            first = document.querySelector("#review-list button")
            target = first if first is not None else document.querySelector('#review [data-action="review-close"]')
            target.focus()


def on_review_click(event):
    """A decision the review names (in its list or on the graph): show it on the board."""
    el = _closest(event.target, "[data-decision]")
    if el is None or ctl.review is None or not view.ready:
        return
    index = int(_attr(el, "data-decision"))
    ctl.show_decision(index)
    where = "#review-graph" if _closest(el, "#review-graph") is not None else "#review-list"
    again = document.querySelector(f'{where} [data-decision="{index}"]')
    if again is not None:
        again.focus()


def on_review_key(event):
    if str(event.key) in ("Enter", " ") and _closest(event.target, "#review-graph [data-decision]") is not None:
        event.preventDefault()
        on_review_click(event)


# ---------------------------------------------------------------- game record dialog

record_dialog = document.getElementById("record-dialog")
record_text = document.getElementById("record-text")
record_error = document.getElementById("record-error")
record_file = document.getElementById("record-file")


def _record_message(text, error=False):
    record_error.textContent = text
    record_error.classList.toggle("ok", not error)


def open_record():
    record_text.value = ctl.record_text()
    _record_message("")
    record_dialog.showModal()


def replay_record():
    """Check the text of the dialog and replay it; a faulty record names its line."""
    text = str(record_text.value)
    if len(text) > MAX_RECORD:
        _record_message("This text is too long to be a game record.", error=True)
        return
    try:
        game = senet.Game.from_record(text)
    except senet.RecordError as exc:
        _record_message(f"This record cannot be replayed: {exc}.", error=True)
        record_text.focus()
        return
    except Exception as exc:  # never expected; said, not raised
        _record_message(f"This record cannot be replayed ({exc}).", error=True)
        return
    own = ctl.is_live_record(text)
    record_dialog.close()
    ctl.open_record(text, game, own=own)
    document.querySelector('#replay [data-action="replay-back"]').focus()


async def copy_record():
    text = str(record_text.value)
    try:
        await window.navigator.clipboard.writeText(text)
    except Exception:  # no clipboard permission: select the text, the browser copies
        record_text.select()
        ok = document.execCommand("copy")
        if not ok:
            _record_message("Select the text and copy it (Ctrl+C or ⌘C).", error=True)
            return
    _record_message("Copied.")


def download_record():
    text = str(record_text.value)
    blob = js.Blob.new(to_js([text]), to_js({"type": "text/plain;charset=utf-8"}))
    url = js.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = ctl.record_file_name()
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)
    _record_message(f"Downloaded as {link.download}.")


async def on_record_file(_event):
    files = record_file.files
    if not files or files.length == 0:
        return
    file = files.item(0)
    if file.size > MAX_RECORD:
        _record_message("This file is too big to be a game record.", error=True)
        return
    try:
        record_text.value = await file.text()
    except Exception as exc:
        _record_message(f"The file could not be read ({exc}).", error=True)
        return
    record_file.value = ""
    replay_record()


def on_record_click(event):
    button = _closest(event.target, "[data-record]")
    if button is None:
        return
    what = _attr(button, "data-record")
    if what == "copy":
        asyncio.create_task(copy_record())
    elif what == "download":
        download_record()
    elif what == "replay":
        replay_record()
    elif what == "verify":
        verify_record_text()


def verify_record_text():
    """Verify the throws of the record in the dialog's box (its own line numbers)."""
    from controller import verify_words

    from senet.verify import verify_record

    text = str(record_text.value)
    if len(text) > MAX_RECORD:
        _record_message("This text is too long to be a game record.", error=True)
        return
    verdict = verify_record(text)
    _record_message(verify_words(verdict), error=not verdict.ok)


# ---------------------------------------------------------------- settings and statistics

settings_dialog = document.getElementById("settings-dialog")
stats_dialog = document.getElementById("stats-dialog")
CHECKS = {"hints": "set-hints", "meter": "set-meter", "highlight": "set-highlight", "sound": "set-sound"}
volume_input = document.getElementById("set-volume")
# Sound (settings.sound, settings.volume) is on until the player turns it off, except in a
# browser driven by a test (navigator.webdriver): there it is off until the Settings
# dialog turns it on (settings.sound is None until the player chooses).
WEBDRIVER = bool(window.navigator.webdriver)


def sound_on():
    return settings.sound if settings.sound is not None else not WEBDRIVER


def apply_sound():
    on = sound_on()
    view.volume = settings.volume / 100 if on else 0.0
    volume_input.disabled = not on


def open_settings():
    for name, element_id in CHECKS.items():
        document.getElementById(element_id).checked = bool(getattr(settings, name))
    document.getElementById("set-sound").checked = sound_on()
    volume_input.value = str(settings.volume)
    settings_dialog.showModal()


def on_setting(_event):
    global settings
    values = {name: bool(document.getElementById(element_id).checked) for name, element_id in CHECKS.items()}
    try:
        values["volume"] = max(0, min(100, int(float(str(volume_input.value)))))
    except ValueError:
        values["volume"] = settings.volume
    settings = settings.replace(**values)
    store.save_settings(settings)
    apply_sound()
    view.set_highlight(settings.highlight)
    ctl.set_advice(settings.hints, settings.meter)
    need_worker()


def open_stats():
    body = document.querySelector("#stats-table tbody")
    body.replaceChildren()
    rows = stats_rows(store.load_stats())
    for variant, opponent, won, lost, drawn in rows:
        tr = document.createElement("tr")
        for value in (senet.get_rules(variant).title, KIND_NAMES.get(opponent, opponent), won, lost, drawn):
            td = document.createElement("td")
            td.textContent = str(value)
            tr.append(td)
        body.append(tr)
    document.getElementById("stats-table").hidden = not rows
    document.getElementById("stats-empty").hidden = bool(rows)
    draw_throw_stats()
    show_problems()
    stats_dialog.showModal()


def draw_throw_stats():
    """The throw charts: the game on the board, and every finished game on this device."""
    from throw_chart import chart_svg, chart_words

    counts, none_value = ctl.throw_counts()
    total, games = store.load_throw_stats()
    for box_id, c, nv, extra in (("throws-game", counts, none_value, ""),
                                 ("throws-all", total, None, f" ({games} game{'' if games == 1 else 's'} counted)")):
        box = document.getElementById(box_id)
        box.querySelector(".chart").innerHTML = chart_svg(c, nv)
        box.querySelector(".verdict").textContent = chart_words(c) + extra


# ---------------------------------------------------------------- new-game dialog

dialog = document.getElementById("new-game")
form = document.getElementById("new-game-form")


def _field(name):
    return form.elements.namedItem(name)


def update_dialog_labels(_event=None):
    variant = str(_field("variant").value)
    document.getElementById("ng-note").textContent = NOTES.get(variant, "")
    draw = variant in DRAW_VARIANTS
    for seat, colour in ((1, "White"), (2, "Black")):
        legend = form.querySelector(f'fieldset[data-seat="{seat}"] legend')
        if draw:
            legend.textContent = "First to throw" if seat == 1 else "Second to throw"
        else:
            legend.textContent = f"{colour} ({'spools' if seat == 1 else 'cones'})"


def open_dialog():
    s = ctl.live_setup  # during a replay: the game in progress
    _field("variant").value = s.variant
    for seat in (1, 2):
        _field(f"player{seat}").value = s.players[seat - 1]
        _field(f"name{seat}").value = s.names[seat - 1]
    offer = ctl.offer_new_game()  # a fresh secret seed, committed to, and fresh words
    commit = document.getElementById("ng-commit")
    commit.textContent = offer["commit"][:8] + "…" + offer["commit"][-4:]
    commit.dataset.commit = offer["commit"]
    _field("phrase").value = offer["phrase"]
    show_phrase_problem(None)
    update_dialog_labels()
    list_kept()
    dialog.showModal()


# The kept games as last listed in the dialog, by key (a delete checks the value is unchanged).
_kept_listed = {}


def list_kept(message=""):
    """Fill the dialog's Kept games: the previous game and the other tabs' games."""
    global _kept_listed
    games = store.kept_games(current_id=ctl.game_id)
    _kept_listed = {game.key: game for game in games}
    view.show_kept(games, int(time.time() * 1000), message)  # not js.Date.now(): see below
    show_problems()  # a kept game that could not be read was set aside: say so


def on_kept_click(event):
    button = _closest(event.target, "[data-kept]")
    item = _closest(button, "[data-key]") if button is not None else None
    if item is None or not view.ready:
        return
    what, key = _attr(button, "data-kept"), _attr(item, "data-key")
    game = _kept_listed.get(key)
    if what == "resume" and game is not None:
        dialog.close("resume")
        resume_kept(key)
    elif what in ("delete", "keep"):
        view.kept_confirm(item, what == "delete")
    elif what == "confirm" and game is not None:
        done = store.delete_kept(key, game.text)
        list_kept("Deleted." if done else "That game was changed in another tab, so it was not deleted; "
                                          "the list is up to date now.")
        first = document.querySelector('#kept-list [data-kept="resume"]')
        (first or document.getElementById("kept-title")).focus()


phrase_error = document.getElementById("ng-phrase-error")


def dialog_choice():
    """The dialog's fields as (Setup, None), or (None, why not): app/setup.py's dialog_setup."""
    return ctl.setup_from_dialog(str(_field("variant").value),
                                 tuple(str(_field(f"player{seat}").value) for seat in (1, 2)),
                                 tuple(str(_field(f"name{seat}").value) for seat in (1, 2)),
                                 str(_field("phrase").value))


def show_phrase_problem(problem):
    """The refusal by the phrase field (None clears it)."""
    phrase_error.textContent = problem or ""
    field = _field("phrase")
    if problem:
        field.setAttribute("aria-invalid", "true")
    else:
        field.removeAttribute("aria-invalid")


def dialog_refuses():
    """Whether Start must wait: the refusal is shown and the phrase field focused."""
    _setup, problem = dialog_choice()
    show_phrase_problem(problem)
    if problem:
        _field("phrase").focus()
    return problem is not None


def on_dialog_submit(event):
    """Start checks the fields first: with a phrase the rules refuse, the dialog stays open."""
    submitter = event.submitter
    if submitter and str(submitter.value) == "start" and dialog_refuses():
        event.preventDefault()


def on_dialog_phrase_key(event):
    """Enter in the phrase field starts the game (the form's own Enter would press Cancel)."""
    if event.key == "Enter":
        event.preventDefault()
        if not dialog_refuses():
            dialog.close("start")


def on_dialog_phrase_input(_event):
    """Once a refusal shows, it follows the typing (and goes when the phrase is fine)."""
    if str(phrase_error.textContent):
        show_phrase_problem(dialog_choice()[1])


def on_dialog_close(_event):
    if str(dialog.returnValue) != "start":
        return
    setup, problem = dialog_choice()
    if setup is None:  # Start and Enter check first; nothing changes
        return
    ctl.new_game(setup)
    need_worker()
    dialog.returnValue = ""
    view.restore_focus(ctl)


# ---------------------------------------------------------------- boot


def main():
    _on(view.board, "click", on_board_click)
    _on(view.board, "keydown", on_board_key)
    for event in ("pointerover", "pointerout", "focusin", "focusout"):
        _on(view.board, event, on_hint)
    _on(document.querySelector("main"), "click", on_action)
    _on(document.getElementById("log-list"), "click", on_log_click)
    _on(document.getElementById("review"), "click", on_review_click)
    _on(document.getElementById("review"), "keydown", on_review_key)
    _on(document.getElementById("speed"), "change", on_speed)
    _on(document.getElementById("replay-speed"), "change", on_replay_speed)
    _on(document, "visibilitychange", on_visibility)
    _on(_field("variant"), "change", update_dialog_labels)
    _on(dialog, "close", on_dialog_close)
    _on(form, "submit", on_dialog_submit)
    _on(_field("phrase"), "keydown", on_dialog_phrase_key)
    _on(_field("phrase"), "input", on_dialog_phrase_input)
    _on(play_here_dialog, "close", on_play_here_close)
    _on(document.getElementById("kept"), "click", on_kept_click)
    _on(record_dialog, "click", on_record_click)
    _on(record_file, "change", on_record_file)
    _on(phrase_input, "change", apply_phrase)
    _on(phrase_input, "keydown", on_phrase_key)
    for element_id in CHECKS.values():
        _on(document.getElementById(element_id), "change", on_setting)
    _on(volume_input, "change", on_setting)
    apply_sound()
    _on(window, "senet:before-update-reload", lambda _e: ctl.save())
    _on(window, "storage", on_storage)
    _on(document, "keydown", on_key)
    view.set_ready()
    if boot_notice or store.problems:  # before the first autosave, which shows new problems itself
        show_problems(boot_notice)
        view.notice_action("notice-resume", offer_previous)
    ctl.start(warnings)
    if _query.get("tutorial"):  # the Rules page's link: the tutorial, over the game in progress
        _drop_params(("tutorial",))
        open_tutorial()
    elif FIRST_VISIT:
        view.offer_tutorial(True)
    root.dataset.variants = ",".join(senet.VARIANTS)
    root.dataset.ready = "true"
    window.performance.mark("senet:ready")
    need_worker()  # after ready: the board never waits for Pyodide


main()
