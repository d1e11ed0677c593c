"""The page around the Controller: what it calls back (autosave, results, the worker's
think and analyse), the notices of saving, and what a button starts beyond one
Controller call (a kept game back, the tutorial, the review, the phrase).

``Page`` holds the page's parts for the handlers (app/input/actions.py, app/dialogs/new_game.py,
app/dialogs/record.py, app/dialogs/settings.py, app/input/board.py): ``ctl``, ``view``,
``policy`` (app/storage/policy.py: the store, the settings, the several-tabs policy),
``link`` (the worker) and the dialogs. app/main.py makes it and wires the events.
"""

import asyncio
import os

import js
from pyscript.ffi import to_js

from app.boot.parts import BOOK, CORR, FRIEND, REVIEW, TUTORIAL, failed, register
from app.boot.progress_page import ProgressPage
from app.flow.controller import system_random_bytes
from app.flow.setup import WORKER_KINDS
from app.flow.turn_loop import THINK_TIMEOUT
from app.platform import guard, main_thread
from app.platform.dom import on, replace_url, window
from app.platform.lazy import Parts
from app.storage.formats import SavedGame
from app.storage.policy import NOT_BROUGHT_BACK
from app.storage.store import StoreKeys
from app.words.names import rules_name
from app.worker.boot_view import BootView
from senet.words import t


class Page:
    def __init__(self, document, view, policy, backend, review_nodes=0, fail_parts=(), prepare_parts=None):
        self.document = document
        self.view = view
        self.policy = policy
        # the page's other keys (the name, the STUN list, a game between two devices): through
        # the Store, never raising; key_of names a storage event's key in the app's names
        self.backend = StoreKeys(policy.store, backend)
        self.review_nodes = review_nodes  # ?review_nodes= (0: the review's default)
        self.ctl = None  # the Controller, made after the Page (it calls the Page back)
        self.link = None  # the WorkerLink
        self.new_game = self.play_here = self.resign = self.record = self.settings_dialogs = None
        self.prepared = set()  # the rule sets whose Expert the worker has made ready
        self.friend = None  # the Play a friend dialog (app/dialogs/friend.py), made on first use
        self.board_input = None  # app/input/board.py's BoardInput (the record dialog's clicks)
        # the parts loaded after the first paint (app/boot/parts.py): the dialogs, the tutorial
        # (``prepare_parts``: their pack, fetched before the first of them is imported)
        self.parts = register(Parts(on_failed=failed(self), on_change=self._parts_changed,
                                        pause=main_thread.pause, fail=fail_parts, prepare=prepare_parts), self)
        self.boot_view = BootView(document)  # the worker's boot and its download's progress
        self.progress = ProgressPage(self)  # the player's profile (app/boot/progress_page.py)
        # the Expert's opening book (senet.book), read at its first use; False once it
        # could not be (the worker answers then); the game whose first turn is past it
        self.book = None
        self.book_past = None

    # -- notices -------------------------------------------------------------------------
    def show_problems(self, extra="", kind="", actions=()):
        """Queue new storage problems (and ``extra``) as a notice (of ``kind``, with the
        buttons ``actions``). With a dialog open (the Statistics, New game's kept games),
        the problems found in reading for it are said in the dialog itself: a notice would
        wait unseen behind it. (Whether games are being saved is tell_saving's.)"""
        text = self.policy.problems_text(extra)
        if text:
            dialog = self.document.querySelector("dialog[open]")
            if dialog and not actions:
                if self.view.dialog_notice(dialog, text):  # made now: it goes with the dialog
                    on(dialog, "close", lambda _event: self.view.dialog_notice(dialog, ""))
            else:
                self.view.notice(text, kind, actions)

    def tell_saving(self):
        """Games not being saved on this device, and why: said once when it starts; the
        notice goes by itself once saving works again (SavePolicy.saving_news)."""
        news = self.policy.saving_news()
        if news:
            self.view.notice(news, "unsaved")
        elif news is not None:
            self.view.withdraw_notice("unsaved")

    def sound_on(self):
        """Sound (settings.sound, settings.volume) is on until the player turns it off,
        except in a browser driven by a test (navigator.webdriver): there it is off until
        the Settings dialog turns it on (settings.sound is None until the player chooses)."""
        settings = self.policy.settings
        return settings.sound if settings.sound is not None else not bool(window.navigator.webdriver)

    def apply_sound(self):
        on = self.sound_on()
        self.view.volume = self.policy.settings.volume / 100 if on else 0.0
        self.document.getElementById("set-volume").disabled = not on

    def focus_if_lost(self, selector):
        """Focus ``selector`` when nothing on the page has the focus."""
        active = self.document.activeElement
        if not active or active == self.document.body:
            self.document.querySelector(selector).focus(to_js({"preventScroll": True}))

    def scroll_to(self, element_id):
        self.document.getElementById(element_id).scrollIntoView()

    def focus_at_top(self, selector, panel_id):
        """Focus ``selector`` in the panel ``panel_id`` and show the panel from its title (its
        column scrolls to it on a desktop; on a phone the page, under the sticky board): the
        focus alone would scroll to the button, the title and the graph out of view."""
        self.document.querySelector(selector).focus(to_js({"preventScroll": True}))
        self.document.getElementById(panel_id).scrollIntoView(to_js({"block": "start"}))

    # -- the Controller's callbacks ------------------------------------------------------
    def autosave(self, ctl):
        table = ctl.table
        if getattr(table.session, "corr", None):  # a game by correspondence: kept by its flow
            return
        text, offer = self.policy.autosave(SavedGame(table.session, table.setup.expert_nodes, table.counted,
                                                     table.game_id, stood_in=table.stood_in))
        if text is not None:
            if offer:  # another tab's game kept: "Resume that game" brings back that one now
                self.view.notice(text, "resume", ("notice-resume",))
            else:
                self.view.notice(text)

    def on_result(self, session):
        from senet.throw_stats import game_counts

        online = self.ctl.online  # a game between two devices: counted apart (app/online/flow.py)
        outcome = online.outcome(session) if online is not None else None
        self.policy.count_result(session, game_counts(session.game), outcome, self.ctl.table.stood_in)
        self.show_problems()  # statistics that could not be read, or stored
        self.progress.game_ended(session)  # the player's profile: rated or kept, and said why

    def record_line(self, ctl):
        """The game-over panel's line: your record against this level in this rule set."""
        self.progress.show_outcome(ctl)  # and under it, how the game counted for the rating
        return self.policy.record_line(ctl.table.session, rules_name(ctl.table.rules), ctl.table.stood_in)

    def on_replace(self, session, finished_too=False):
        """A new game replaces ``session``: an unfinished game is kept as the previous save
        (``finished_too``: a finished one too, as "Play from here" replaces it)."""
        if getattr(session, "corr", None):  # a game by correspondence: on its own list
            return
        # while a replay shows, ctl.table.game_id and ctl.table.setup are the replay's: name the live game
        self.progress.game_left(session, self.ctl.live_game_id)
        self.policy.replaced(session, self.ctl.live_setup.expert_nodes, self.ctl.live_game_id, finished_too)

    def on_storage(self, event):
        """Another tab wrote to localStorage: say so once per game if it saved a different
        game. This tab's game is left as it is."""
        key, value = event.key, event.newValue
        if not isinstance(key, str) or not isinstance(value, str):
            return
        text = self.policy.other_tab_saved(self.backend.key_of(key), value)
        if text is not None:
            self.view.notice(text, "tab")

    # -- the parts loaded after the first paint -------------------------------------------
    def use(self, name, call, key=None):
        """``call(part)`` with the part ``name`` (app/boot/parts.py) now, or as soon as it is
        loaded: a click before that is kept (one per ``key``) and answered then."""
        return self.parts.when(name, call, key)

    def _parts_changed(self, parts):
        # tests/browser/test_boot.py reads which parts are there
        self.document.documentElement.dataset.parts = ",".join(parts.loaded())

    # -- a game between two devices --------------------------------------------------------
    def friend_dialog(self):
        """The Play a friend dialog, loaded now if it is not yet (a boot step that needs it:
        an online game taken up again, an invite link)."""
        return self.parts.now(FRIEND)

    def open_friend(self):
        self.use(FRIEND, lambda dialog: dialog.open(), "open")

    def open_corr(self):
        self.use(CORR, lambda dialog: dialog.open(), "open")

    def on_hash(self, _event=None):
        """A link pasted in this tab's address bar (only its fragment changed): opened as
        at boot, and the fragment taken off so that the next one is news too."""
        fragment = str(window.location.hash)
        if fragment.startswith("#corr=") or fragment.startswith("#game="):
            replace_url(str(window.location.pathname) + str(window.location.search))
            self.open_fragment(fragment[1:])

    def open_fragment(self, fragment):
        """A link's fragment: ``corr=CODE`` (a turn by correspondence, app/dialogs/corr.py)
        or ``game=CODE`` (a shared game, replayed: app/dialogs/record.py)."""
        if fragment.startswith("corr="):
            self.use(CORR, lambda dialog: dialog.open_link(fragment), "link")
        else:
            self.use("record", lambda dialog: dialog.open_shared(fragment), "link")

    # -- the worker ----------------------------------------------------------------------
    def on_worker_state(self, state):
        """The worker started, answered or failed: redraw ("getting ready" goes away)."""
        view, ctl = self.view, self.ctl
        view.worker_starting = state == "starting"
        if self.link is not None:
            self.boot_view.render(self.link)
        if ctl is None:  # the link's first state, "off", comes before the Controller
            return
        if state == "failed" and not ctl.turn_loop.worker_down:
            ctl.turn_loop.worker_down = True
            ctl.turn_loop.down_why = "start"
            view.report_error(f"the worker did not start: {self.link.error}")
            text = self.worker_failed_text()
            if text:  # else the computer waiting for it says what stood in
                view.notice(text, "worker", ("worker-retry",))
        if view.ready:
            view.render(ctl)

    def worker_failed_text(self):
        """What the player is told when the Expert's worker could not start, by what the
        game needed it for: the Expert's seat (Average plays it), hints or the meter
        (unavailable), or both; "" while a computer waits for it (its own notice says
        what stood in) or when nothing needed it (a review says so in its panel)."""
        ctl = self.ctl
        expert = any(kind in WORKER_KINDS for kind in ctl.live_setup.players)
        advice = ctl.advice.hints or ctl.advice.meter
        if ctl.table.thinking is not None:
            return ""
        if expert and advice:
            return t("page.worker_failed_both")
        if expert:
            return t("page.worker_failed")
        return t("page.worker_failed_advice") if advice else ""

    def on_worker_progress(self, _loaded, _total):
        """The runtime's download moved on: the boot's overlay says how far."""
        self.boot_view.render(self.link)

    def need_worker(self):
        """Start the worker early when the game has an Expert seat or asks for hints or the
        meter (a call to it would start it anyway; this gives it a head start). Novice and
        Average decide on the page: a game with only those never starts it."""
        ctl = self.ctl
        self.progress.note_hints()
        if ctl.advice.hints or ctl.advice.meter or any(kind in WORKER_KINDS for kind in ctl.live_setup.players):
            self.link.start()
            self.prepare(ctl.live_setup.variant)

    def retry_worker(self):
        """The notice's "Try again": start the worker once more (a failed download is
        fetched again); the computer's next turns ask it again, and the page decides in
        its place only if it fails again."""
        ctl = self.ctl
        self.view.withdraw_notice("worker")
        ctl.turn_loop.worker_down = False
        ctl.turn_loop.worker_failures = 0
        self.prepared.clear()
        self.link.restart()
        self.need_worker()
        ctl.table.analysed = None  # hints and the meter, asked again for the position shown
        ctl.advice.consider()
        self.view.render(ctl)  # the Expert's card and the hint line as they are now

    def prepare(self, variant):
        """Have the worker build the Expert's evaluation for ``variant`` (its endgame
        tables: about a second) as a call of its own, queued before any decision: the
        timeout of the first decision then counts its search alone. Bounded like a
        decision; a failure here is the first decision's to report."""
        if variant in self.prepared:
            return
        self.prepared.add(variant)

        async def go():
            try:
                await asyncio.wait_for(self.link.call("prepare", variant), THINK_TIMEOUT)
            except Exception:  # the decision that follows tells the player
                self.prepared.discard(variant)

        asyncio.create_task(go())

    async def book_choice(self, state, level):
        """The Expert's action from its opening book (TurnLoop.book), or None where the
        book has none: another level, a budget of its own (?expert_nodes), a position past
        the first turn, a game from a position of its own, or a book that could not be read
        (said in the console; the worker answers instead). The book (book.bin,
        tools/build.py) is fetched at its first use, and its reader is a part
        (app/boot/parts.py)."""
        table = self.ctl.table
        if level != "expert" or table.setup.expert_nodes or table.setup.position or self.book is False \
                or self.book_past is table.game:
            return None
        if self.book is None:
            try:
                module = await self.parts.need(BOOK)
                await window.senetPlaceLater(module.NAME, True)  # app/boot/start.js: into the file system
                with open(module.NAME, "rb") as fh:
                    data = fh.read()
                os.remove(module.NAME)
                self.book = module.Book(data)
            except Exception as exc:  # no book: the worker decides, as without one
                window.console.warn(f"senet: the Expert's opening book could not be read ({exc})")
                self.book = False
                return None
        position = state.position()
        action = self.book.choice(position)
        if action is None:  # the book's part of this game is over
            self.book_past = table.game
        else:
            window.performance.mark("senet:book", to_js({"detail": {"position": position, "action": action}}))
        return action

    def think(self, position, level, seed):
        """The Expert's decision, from the worker (queued there at once: WorkerLink.call)."""
        return self.link.call("think", position, level, str(seed), self.ctl.table.setup.expert_nodes or 0)

    def analyse(self, position):
        return self.link.call("analyse", position, self.ctl.table.setup.expert_nodes or 0)

    @staticmethod
    def think_timer(level, what):
        """Starts the mark of one computer decision (performance "senet:think"); returns the
        call that ends it (Controller._mark_think calls both)."""
        start = window.performance.now()

        def done():
            options = {"start": start, "end": window.performance.now(), "detail": {"level": level, "what": what}}
            window.performance.measure("senet:think", to_js(options))

        return done

    @staticmethod
    def random_bytes(n):
        """``n`` bytes from the browser's secure generator (seeds of the throws, game ids);
        should the browser refuse, from MicroPython's own generator: the game goes on."""
        buf = js.Uint8Array.new(n)
        try:
            guard.call(window.crypto, "getRandomValues", buf)
        except guard.Refused:
            return system_random_bytes(n)
        return bytes(buf[i] for i in range(n))

    # -- kept games ------------------------------------------------------------------------
    def resume_previous(self):
        """The game the notice offers comes back: the one a link set aside (the link's game
        becomes the previous one), or another tab's (this tab's game is kept in its place)."""
        self.resume_kept(self.policy.resume_key, from_notice=True)

    def resume_kept(self, key, from_notice=False):
        """Bring back the kept game at ``key``; the game on the board is kept in its place
        (as the previous game, or under a senet:save:other: key)."""
        ctl, view = self.ctl, self.view
        ctl.save()
        saved, kept = self.policy.swap(key)
        if saved is None:
            view.withdraw_notice("resume")  # answered: it could not be done, as the next notice says
            self.show_problems(NOT_BROUGHT_BACK)
            return False
        ctl.load(saved.session, saved.expert_nodes, saved.counted, saved.stood_in)
        ctl.start()
        self.need_worker()
        notice, offer, said = self.policy.resumed(key, kept, from_notice)
        if notice:  # the game that was on the board: "Resume that game" switches back
            view.notice(notice, "resume", ("notice-resume",) if offer else ())
        else:
            view.withdraw_notice("resume")
        if said:
            view.announce(t("page.resumed", message=ctl.table.message, said=said))
        view.restore_focus(ctl)
        return True

    # -- the fair throws' phrase ---------------------------------------------------------
    def apply_phrase(self, _event=None):
        """The phrase box: mix its text into the throws (before the first throw)."""
        phrase_input = self.document.getElementById("fair-phrase")
        problem = self.ctl.fair.set_phrase(str(phrase_input.value))
        self.view.fair_message(problem or "")
        if problem is not None:
            phrase_input.value = self.ctl.table.game.phrase

    def on_phrase_key(self, event):
        if event.key == "Enter":
            event.preventDefault()
            self.apply_phrase()

    # -- the first-game tutorial ---------------------------------------------------------
    def open_tutorial(self):
        """The tutorial over the game in progress (a part loaded after the first paint)."""
        self.use(TUTORIAL, self._open_tutorial, "open")

    def _open_tutorial(self, module):
        if self.ctl.table.tutorial is not None:  # asked twice while it loaded
            return
        self.view.offer_tutorial(False)
        self.policy.answer_tutorial("taken")
        # a finger (a touch screen's only pointer) taps, where a mouse clicks: the lessons say how
        touch = bool(window.matchMedia("(pointer: coarse)").matches)
        self.ctl.lessons.open(module.Tutorial(self.ctl.live_setup.variant, touch=touch))
        self.view.focus_tutorial()

    # -- the game review -----------------------------------------------------------------
    def start_review(self):
        """Review the game shown (the replayed record, or the game in progress) in the
        worker, one record line a call, so that the progress shows and Stop works. Its
        data and panel are a part (app/boot/parts.py): a click before it is there waits."""
        self.use(REVIEW, lambda _module: self._start_review(), "start")

    def _start_review(self):
        ctl = self.ctl
        if ctl.reviews.review is not None and ctl.reviews.review.running:
            ctl.reviews.review.stop()  # a review of another game is under way: it ends at its next line
        review = ctl.reviews.begin(self.review_nodes)
        asyncio.create_task(self.run_review(review))
        self.focus_at_top('#review [data-action="review-stop"]', "review")

    async def run_review(self, review):
        ctl, view, link = self.ctl, self.view, self.link
        record = review.game.record_text()
        try:
            review.started(str(await link.call("review_start", record, review.nodes)))
            window.performance.mark("senet:review-start")  # tools/bench_browser.py reads it
            view.render(ctl)
            while review.done < review.total and not review.stop_asked and ctl.reviews.review is review:
                review.progressed(str(await link.call("review_step", 1)))
                if ctl.reviews.review is review:
                    view.render(ctl)
            if ctl.reviews.review is not review:  # closed, or replaced by a new game: the worker rests
                return
            review.finished(str(await link.call("review_result")), stopped=review.stop_asked)
            window.performance.mark("senet:review-end")
            self.progress.reviewed_by_hand(review)  # kept in the profile, over the idle review
        except Exception as exc:  # the worker failed: said in the panel, nothing else changes
            review.failed(str(exc))
        if ctl.reviews.review is review:
            view.render(ctl)
            view.announce(review.progress_text())
            if review.state in ("done", "stopped"):
                first = self.document.querySelector("#review-list button")
                self.focus_at_top("#review-list button" if first is not None else
                                  '#review [data-action="review-close"]', "review")
