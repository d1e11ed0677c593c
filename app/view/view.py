"""Draws the Controller's game into the page: board, pieces, trays, sticks, players.

The board's squares, marks and numbers are static SVG in index.html (they show before
Python starts); this module adds the pieces and trays and keeps every attribute in
step with the game, writing to the DOM only what changed. Test hooks (docs/app.md):
``data-square``, ``data-piece``/``data-colour``/``data-at``, ``data-movable``,
``data-target``, ``data-position`` and ``data-winner`` on the board; in Bell, once the
goals are set, ``data-goal`` ("w"/"b") on the goal squares, ``data-next-goal`` on the
lowest open goal of the side to act and ``data-home`` on home pieces (B6, B7).
"""

from app.game.pieces import loc_order
from app.platform import guard
from app.view.board import BoardDrawing
from app.view.controls import ControlsDrawing
from app.view.notices import NoticeQueue
from app.view.panels import PanelsDrawing
from senet.board import MARKED
from senet.words import n as n_words

SVG_NS = "http://www.w3.org/2000/svg"
# Duration of a piece's move across the board, per speed (CSS --move-ms).
MOVE_MS = {"slow": 700, "normal": 420, "fast": 200, "instant": 0}
_MISSING = object()
# The notice's buttons besides OK (index.html's #notice), each shown for a notice that offers it.
NOTICE_ACTIONS = ("notice-resume", "worker-retry")


class View(BoardDrawing, ControlsDrawing, PanelsDrawing):
    """Draws the Controller's state: the board (app/view/board.py), the sticks and
    controls (app/view/controls.py) and the panels (app/view/panels.py); here the
    elements, the DOM helpers, the Controller's interface and the focus."""

    def __init__(self, document, window):
        self.doc = document
        self.win = window
        self.root = document.documentElement
        self.board = document.getElementById("board")
        self.piece_layer = document.getElementById("pieces")
        self.tray_layer = document.getElementById("trays")
        self.way_layer = document.getElementById("way")
        self.way_text = document.getElementById("board-way")
        self._way = None  # the way drawn: True backwards (Bell), False forwards, None not yet
        self._label_key = None  # what the board's description was written for (_render_board_label)
        # index.html writes the squares in order, 1 to 30 (tests/engine/test_board_svg.py)
        squares = self.board.querySelectorAll("[data-square]")
        self.squares = {n: squares.item(n - 1) for n in range(1, 31)}
        self.marks = {n: self.board.querySelector(f".mark-{n}") for n in MARKED}
        self.hint_loc = None  # a movable piece under the pointer or focus: its destination is hinted
        self.hint_chosen = True  # the player put the pointer or focus there (app/view/previews.py)
        self.placed_focus = None  # the place of the piece restore_focus focused (not the player's choice)
        self.status = document.getElementById("status")
        controls = document.querySelector(".controls")
        self.buttons = {name: controls.querySelector(f'[data-action="{name}"]')
                        for name in ("throw", "rescue", "pass")}
        self.stick_uses = list(document.querySelectorAll("#sticks .stick"))
        self.sticks_box = document.getElementById("sticks")
        self.throw_value = document.getElementById("throw-value")
        self.throw_left = document.getElementById("throw-left")
        self.throw_left_parts = (self.throw_left.querySelector(".left"), self.throw_left.querySelector(".owed"))
        self.sticks_label = ""  # the sticks' own label; what is left of a throw is added to it
        self._toss = None  # the sticks' toss animation last started: "a" or "b" (_set_sticks)
        self.prompt = document.getElementById("prompt")
        self.players = {seat: document.querySelector(f'.players [data-seat="{seat}"]') for seat in (1, 2)}
        # each player's token, name, kind and turn
        self.player_parts = {seat: tuple(el.querySelector(part) for part in (".token use", ".name", ".kind", ".turn"))
                             for seat, el in self.players.items()}
        self.game_over = document.getElementById("game-over")
        self.game_over_title = document.getElementById("game-over-title")
        self.game_over_detail = document.getElementById("game-over-detail")
        self.game_over_summary = document.getElementById("game-over-summary")
        self.game_over_record = document.getElementById("game-over-record")
        # (ctl) -> "Your record against Average in Kendall: ..." or "" (main.py: the statistics)
        self.record_line = None
        self.rules_link = document.getElementById("rules-link")
        self.speed_select = document.getElementById("speed")
        toolbar = document.querySelector(".toolbar")
        self.undo_buttons = {name: toolbar.querySelector(f'[data-action="{name}"]') for name in ("undo", "redo", "resign")}
        self.replay_box = document.getElementById("replay")
        self.replay_step = document.getElementById("replay-step")
        self.replay_buttons = {name: self.replay_box.querySelector(f'[data-action="replay-{name}"]')
                               for name in ("start", "back", "forward", "end", "play", "auto")}
        self.replay_speed = document.getElementById("replay-speed")
        self.review_box = document.getElementById("review")
        self.review_els = {name: document.getElementById(f"review-{name}") for name in (
            "progress", "status", "graph", "line", "points", "key", "summary", "summary-rows", "list", "decision",
            "graph-label", "chart", "ticks", "clean", "legend", "axis", "ahead")}
        self.review_stop = self.review_box.querySelector('[data-action="review-stop"]')
        self.better_arrow = document.getElementById("better-arrow")
        self.played_arrow = document.getElementById("played-arrow")
        self._review_key = None
        self.advice = document.getElementById("advice")
        self.hint_text = document.getElementById("hint-text")
        self.hint_button = document.getElementById("hint-button")
        self.meter_box = document.getElementById("meter-box")
        self.meter = document.getElementById("win-meter")
        self.meter_label = document.getElementById("meter-label")
        self.meter_value = document.getElementById("meter-value")
        self.notice_box = document.getElementById("notice")
        self.notice_text = document.getElementById("notice-text")
        self.notice_buttons = {action: self.notice_box.querySelector(f'[data-action="{action}"]')
                               for action in NOTICE_ACTIONS}
        self.notice_more = self._notice_more()
        self.notices = NoticeQueue()  # app/view/notices.py: the first shows in #notice
        self.fair = {name: document.getElementById(f"fair-{name}")
                     for name in ("summary", "note", "commit", "phrase-text", "phrase-edit", "phrase", "seed", "message")}
        self._fair_key = None  # (gen, phrase): the phrase box is refilled when it changes
        self.tutorial_box = document.getElementById("tutorial")
        self.tutorial_parts = {name: document.getElementById(f"tutorial-{name}")
                               for name in ("title", "words", "note", "text", "task")}
        self.tutorial_buttons = {name: self.tutorial_box.querySelector(f'[data-action="tutorial-{name}"]')
                                 for name in ("back", "next", "finish", "skip")}
        self.offer_box = document.getElementById("tutorial-offer")
        self._lesson_seen = None  # (lesson, done) last drawn: focus follows a change
        self.log_list = document.getElementById("log-list")
        self.log_empty = document.getElementById("log-empty")
        self._log_key = None
        self.log_later = False  # the log waits for its words (a long game resumed: app/main.py)
        self._log_groups = []  # the log's turns shown, oldest first: [(content, li)]
        self._log_current = None  # the li marked as the turn under way
        self._jumps_seen = 0
        self.highlight = True  # settings: the last move and the hover hints are drawn
        self.pieces: dict[str, object] = {}
        self.trays: dict[str, dict] = {}
        self._cache: dict = {}
        self._gen = None
        self._throws_seen = 0
        self._was_over = False
        self._human_turn = False
        self.volume = 0.0  # set by main.py from the settings (sound and volume)
        self.ready = False
        self.worker_starting = False  # the worker is booting: a computer seat "gets ready"

    # -- small DOM helpers --------------------------------------------------------
    def _set(self, key, el, name: str, value) -> None:
        """Set (or with None remove) an attribute, skipping writes that change nothing."""
        k = (key, name)
        if self._cache.get(k, _MISSING) == value:
            return
        self._cache[k] = value
        if value is None:
            el.removeAttribute(name)
        else:
            el.setAttribute(name, str(value))

    def _text(self, key, el, text: str) -> None:
        k = (key, "#text")
        if self._cache.get(k) != text:
            self._cache[k] = text
            el.textContent = text

    def _absent(self, key, *names) -> None:
        """Note that the element of ``key`` has none of the attributes ``names`` (it was
        just made without them, or is the page's static markup), so that ``_set`` to None
        skips it: each skipped write is one call from Python into the browser, and the
        first drawing made some three hundred of them."""
        for name in names:
            self._cache[(key, name)] = None

    def _svg(self, tag: str, parent=None, **attrs):
        el = self.doc.createElementNS(SVG_NS, tag)
        for name, value in attrs.items():
            el.setAttribute(name.rstrip("_").replace("_", "-"), str(value))
        if parent is not None:
            parent.appendChild(el)
        return el

    # -- interface used by the Controller ----------------------------------------
    def announce(self, text: str) -> None:
        """Show a message; the element is an aria-live region, so it is also spoken."""
        self.status.textContent = text

    def report_error(self, text: str) -> None:
        self.win.console.error(f"senet: {text}")

    def sound(self, name: str) -> None:
        """Play a sound of app/view/sound.js at ``self.volume`` (0..1; 0: silent)."""
        if self.volume <= 0 or not self.ready:
            return
        player = getattr(self.win, "senetSound", None)
        if player:
            try:  # noqa: SIM105 (MicroPython has no contextlib)
                guard.call(player, "play", name, self.volume)
            except guard.Refused:  # no audio here: the game goes on in silence
                pass

    def notice(self, text: str, kind: str = "", actions=()) -> None:
        """A message that stays until read (OK) or answered (its button), in ``#notice``
        (role=alert). Notices queue (app/view/notices.py): one shows at a time, with how
        many wait behind it, and none replaces another, but for one of the same ``kind``
        (what it is about), which takes its place. ``actions``: its buttons besides OK
        (NOTICE_ACTIONS). Empty text withdraws the notice of ``kind``."""
        if text:
            self.notices.add(text, kind, actions)
        else:
            self.notices.withdraw(kind)
        self._render_notice()

    def withdraw_notice(self, kind: str) -> None:
        """The notice of ``kind`` is over (saving works again): it goes, read or not."""
        if self.notices.withdraw(kind):
            self._render_notice()

    def dismiss_notice(self) -> None:
        """The notice shown was read (its OK) or answered: the next one shows."""
        self.notices.dismiss()
        self._render_notice()

    def dialog_notice(self, dialog, text: str) -> bool:
        """A notice within an open ``dialog`` (role=alert), under its heading: what went
        wrong in reading what the dialog shows (app/boot/page.py takes it away when the
        dialog closes). Empty text takes it away. True when the line was made now."""
        line = dialog.querySelector(".dialog-notice")
        if not text:
            if line:
                line.remove()
            return False
        made = not line
        if made:
            line = self.doc.createElement("p")
            line.className = "dialog-notice"
            line.setAttribute("role", "alert")
            dialog.querySelector("h2").after(line)
        line.textContent = text
        return made

    @property
    def notice_shown(self) -> str:
        """The kind of the notice shown ("" for one without), or None when none shows."""
        head = self.notices.head
        return None if head is None else head.kind

    def _notice_more(self):
        """The line that says how many notices wait behind the one shown (made here: the
        static markup has only the notice itself)."""
        more = self.notice_box.querySelector(".notice-more")
        if not more:
            more = self.doc.createElement("p")
            more.className = "notice-more"
            more.hidden = True
            self.notice_text.after(more)
        return more

    def _render_notice(self) -> None:
        head = self.notices.head
        self._text("notice-text", self.notice_text, head.text if head else "")
        self._set("notice", self.notice_box, "hidden", None if head else "")
        for action, button in self.notice_buttons.items():
            self._set(("notice", action), button, "hidden", None if head and action in head.actions else "")
        waiting = len(self.notices) - 1
        self._text("notice-more", self.notice_more, n_words("view.notice.more", waiting) if waiting > 0 else "")
        self._set("notice-more", self.notice_more, "hidden", None if waiting > 0 else "")

    def set_highlight(self, on: bool) -> None:
        """Settings: highlight the last move, the movable pieces and the destinations."""
        self.highlight = bool(on)
        self.root.classList.toggle("no-highlight", not on)

    def set_speed(self, speed: str) -> None:
        self.root.style.setProperty("--move-ms", f"{MOVE_MS.get(speed, 420)}ms")
        if self.speed_select.value != speed:
            self.speed_select.value = speed

    def set_ready(self) -> None:
        self.ready = True
        # Undo, Redo and Resign are _render_history's alone (its cache knows their state).
        for el in self.doc.querySelectorAll('.toolbar [disabled]:not(.undo-redo *):not([data-action="resign"]), '
                                            ".toolbar select"):
            el.disabled = False
        self.root.classList.remove("loading")

    # -- drawing ----------------------------------------------------------------
    def build(self, ctl) -> None:
        """The pieces and trays of the game shown, each piece where it stands (render
        does this itself for a new game; app/main.py makes the first game's in steps
        before the first drawing, ``build_steps``, so that no task is long)."""
        for _ in self.build_steps(ctl):
            pass

    def build_steps(self, ctl):
        """``build`` in steps (a generator: the caller may hand the main thread back
        between them), for the first drawing at the start."""
        if self._gen != ctl.gen:
            yield from self._build_steps(ctl)

    def render_board(self, ctl) -> None:
        """The squares, trays and pieces alone: app/main.py draws them a task before the
        rest of the first drawing (``render``, which finds them drawn), so that neither
        task is long."""
        self.build(ctl)
        self._render_board(ctl)

    def render(self, ctl) -> None:
        self.build(ctl)
        better = self._render_board(ctl)  # the review's better move, on the board
        self._render_arrow(ctl, better)
        self._render_arrow(ctl, ctl.reviews.played_move if better is not None else None, played=True)
        self._render_controls(ctl)
        self._render_players(ctl)
        self._render_over(ctl)
        self._render_board_label(ctl)
        self._render_history(ctl)
        self._render_advice(ctl)
        self._render_log(ctl)
        self._render_review(ctl)
        self._render_fair(ctl)
        self._render_tutorial(ctl)
        human_turn = ctl.table.human_to_act
        if human_turn and not self._human_turn and self.ready:
            self.restore_focus(ctl, only_if_lost=True)
        if human_turn != self._human_turn:  # app/boot/pwa.js: a person's turn, the worker at rest
            self.root.dataset.personToAct = "true" if human_turn else "false"
        self._human_turn = human_turn


    # -- focus and keyboard -------------------------------------------------------
    def focusables(self, ctl) -> list:
        """Movable pieces and targets, in track order (supply, 1..30, off)."""
        items = []
        for pid, g in self.pieces.items():
            if self._cache.get((pid, "data-movable")) == "true":
                items.append((loc_order(ctl.table.tracker.loc[pid]), 1, g))
        for n, rect in self.squares.items():
            if self._cache.get((n, "data-target")) == "true":
                items.append((n, 0, rect))
        for name, tray in self.trays.items():
            if self._cache.get((name, "data-target")) == "true":
                items.append((31, 0, tray["rect"]))
        items.sort(key=lambda t: (t[0], t[1]))
        return [el for _, _, el in items]

    def move_focus(self, ctl, step: int) -> None:
        items = self.focusables(ctl)
        if not items:
            return
        active = self.doc.activeElement
        index = next((i for i, el in enumerate(items) if el == active), None)
        nxt = 0 if index is None else (index + step) % len(items)
        items[nxt].focus()

    def restore_focus(self, ctl, only_if_lost: bool = False) -> None:
        """Focus what the player will most likely use next."""
        active = self.doc.activeElement
        if only_if_lost and not self._lost(active):
            return
        target = None
        if ctl.table.selected is not None:
            target = next((el for el in self.focusables(ctl) if el.getAttribute("data-target") == "true"), None)
        if target is None and ctl.table.movable:
            target = next(iter(self.focusables(ctl)), None)
        if target is None:
            for name, ok in (("throw", ctl.table.can_throw), ("rescue", ctl.table.can_rescue), ("pass", ctl.table.must_pass)):
                if ok:
                    target = self.buttons[name]
                    break
        if target is not None:
            self.placed_focus = target.getAttribute("data-at")  # a piece's place, as text; else None
            target.focus()

    def _lost(self, el) -> bool:
        """True when focus sits nowhere useful (the body, the board, a dead control)."""
        if not el or el == self.doc.body or el == self.board:
            return True
        if getattr(el, "disabled", False) or el.hasAttribute("hidden"):
            return True
        return bool(self.board.contains(el) and el.getAttribute("tabindex") != "0")
