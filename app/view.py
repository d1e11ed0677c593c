"""Draws the Controller's game into the page: board, pieces, trays, sticks, players.

The board's squares, marks and numbers are static SVG in index.html (they show before
Python starts); this module adds the pieces and trays and keeps every attribute in
step with the game, writing to the DOM only what changed. Test hooks (docs/app.md):
``data-square``, ``data-piece``/``data-colour``/``data-at``, ``data-movable``,
``data-target``, ``data-position`` and ``data-winner`` on the board; in Bell, once the
goals are set, ``data-goal`` ("w"/"b") on the goal squares, ``data-next-goal`` on the
lowest open goal of the side to act and ``data-home`` on home pieces (B6, B7).
"""

import way
from controller import COLOUR, KIND_NAMES, NUMBER_WORDS, SIDE_NAMES, loc_of, loc_order

from senet.board import MARKED, square_cell

SVG_NS = "http://www.w3.org/2000/svg"
SYMBOLS = "./assets/symbols.svg"
SHAPE = {"w": "piece-spool", "b": "piece-cone"}
# Duration of a piece's move across the board, per speed (CSS --move-ms).
MOVE_MS = {"slow": 700, "normal": 420, "fast": 200, "instant": 0}
TRAY_Y, TRAY_H = 314, 96
PIECE = 68  # drawn size of a piece on a square (squares are 100 apart)
TRAY_SCALE = 0.66
TRAY_LABEL = {"supply": "to enter", "off": "borne off"}
TRAY_TAG = {"supply": "enter", "off": "off"}  # drawn in the tray (short: it must fit on a phone)
_MISSING = object()


def square_centre(n: int) -> tuple[float, float]:
    row, col = square_cell(n)
    return 100 * col + 54, 100 * row + 55  # a little off centre: the number sits top left


def loc_text(loc) -> str:
    if loc == "supply":
        return "in the supply"
    if loc == "off":
        return "borne off"
    name = MARKED.get(loc)
    return f"on square {loc}" + (f", the {name}" if name else "")


class View:
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
        self.squares = {n: self.board.querySelector(f'[data-square="{n}"]') for n in range(1, 31)}
        self.marks = {n: self.board.querySelector(f".mark-{n}") for n in MARKED}
        self.hint_loc = None  # a movable piece under the pointer or focus: its destination is hinted
        self.status = document.getElementById("status")
        controls = document.querySelector(".controls")
        self.buttons = {name: controls.querySelector(f'[data-action="{name}"]')
                        for name in ("throw", "rescue", "pass")}
        self.stick_uses = list(document.querySelectorAll("#sticks .stick"))
        self.sticks_box = document.getElementById("sticks")
        self.throw_value = document.getElementById("throw-value")
        self.prompt = document.getElementById("prompt")
        self.players = {seat: document.querySelector(f'.players [data-seat="{seat}"]') for seat in (1, 2)}
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
        self.undo_buttons = {name: toolbar.querySelector(f'[data-action="{name}"]') for name in ("undo", "redo")}
        self.replay_box = document.getElementById("replay")
        self.replay_step = document.getElementById("replay-step")
        self.replay_buttons = {name: self.replay_box.querySelector(f'[data-action="replay-{name}"]')
                               for name in ("start", "back", "forward", "end", "play", "auto")}
        self.replay_speed = document.getElementById("replay-speed")
        self.review_box = document.getElementById("review")
        self.review_els = {name: document.getElementById(f"review-{name}") for name in (
            "progress", "status", "graph", "line", "points", "key", "summary", "summary-rows", "list", "decision",
            "graph-label")}
        self.review_stop = self.review_box.querySelector('[data-action="review-stop"]')
        self.better_arrow = document.getElementById("better-arrow")
        self._review_key = None
        self.advice = document.getElementById("advice")
        self.hint_text = document.getElementById("hint-text")
        self.meter_box = document.getElementById("meter-box")
        self.meter = document.getElementById("win-meter")
        self.meter_label = document.getElementById("meter-label")
        self.meter_value = document.getElementById("meter-value")
        self.notice_box = document.getElementById("notice")
        self.notice_text = document.getElementById("notice-text")
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
        """Play a sound of app/sound.js at ``self.volume`` (0..1; 0: silent)."""
        if self.volume <= 0 or not self.ready:
            return
        player = getattr(self.win, "senetSound", None)
        if player:
            player.play(name, self.volume)

    def notice(self, text: str) -> None:
        """A message that stays until dismissed (role=alert); empty text hides it."""
        self.notice_text.textContent = text
        self.notice_box.hidden = not text
        if not text:
            self.notice_action("notice-resume", False)

    def notice_action(self, action: str, visible: bool) -> None:
        button = self.notice_box.querySelector(f'[data-action="{action}"]')
        if button:
            button.hidden = not visible

    # -- the New game dialog's list of kept games (docs/saving.md) ----------------
    def show_kept(self, games, now_ms: int, message: str = "") -> None:
        """List ``games`` (storage.KeptGame), one line each with Resume and Delete."""
        listing = self.doc.getElementById("kept-list")
        listing.replaceChildren()
        for i, game in enumerate(games):
            item = self.doc.createElement("li")
            item.className = "kept-game"
            item.setAttribute("data-key", game.key)
            line = self.doc.createElement("p")
            line.className = "kept-line"
            line.textContent = game.line(now_ms)
            buttons = self.doc.createElement("div")
            buttons.className = "actions kept-actions"
            self._button(buttons, "Resume", "resume", f"Resume {game.summary()}")
            self._button(buttons, "Delete", "delete", f"Delete {game.summary()}")
            confirm = self.doc.createElement("div")
            confirm.className = "actions kept-confirm"
            confirm.hidden = True
            question = self.doc.createElement("span")
            question.id = f"kept-ask-{i}"
            question.textContent = "Delete this game for good?"
            confirm.append(question)
            self._button(confirm, "Yes, delete it", "confirm").setAttribute("aria-describedby", question.id)
            self._button(confirm, "No, keep it", "keep")
            item.append(line, buttons, confirm)
            listing.append(item)
        self.doc.getElementById("kept-empty").hidden = bool(games)
        self.doc.getElementById("kept-message").textContent = message

    def _button(self, parent, text: str, what: str, label: str | None = None):
        button = self.doc.createElement("button")
        button.type = "button"
        button.textContent = text
        button.setAttribute("data-kept", what)
        if label:
            button.setAttribute("aria-label", label)
        parent.append(button)
        return button

    def kept_confirm(self, item, asking: bool) -> None:
        """Turn a kept game's row to its delete question (or back), focusing the safe answer."""
        item.querySelector(".kept-actions").hidden = asking
        item.querySelector(".kept-confirm").hidden = not asking
        item.querySelector(f'[data-kept="{"keep" if asking else "delete"}"]').focus()

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
        for el in self.doc.querySelectorAll(".toolbar [disabled]:not(.undo-redo *), .toolbar select"):
            el.disabled = False
        self.root.classList.remove("loading")

    # -- building a game's pieces and trays ---------------------------------------
    def _build(self, ctl) -> None:
        rules = ctl.rules
        self._cache.clear()
        self._throws_seen = 0
        self._jumps_seen = ctl.jumps
        self._was_over = False
        self.tray_layer.replaceChildren()
        self.piece_layer.replaceChildren()
        self.pieces = {}
        self.trays = {}
        kinds = [k for k, on in (("supply", rules.has_supply), ("off", rules.bears_off)) if on]
        gap = 12
        for colour, x0, x1 in (("w", 0, 494), ("b", 506, 1000)):
            width = (x1 - x0 - gap * (len(kinds) - 1)) / len(kinds)
            for i, kind in enumerate(kinds):
                x = x0 + i * (width + gap)
                name = f"{colour}-{kind}"
                rect = self._svg("rect", self.tray_layer, class_=f"tray {COLOUR[colour]}", x=x, y=TRAY_Y,
                                 width=width, height=TRAY_H, rx=10)
                rect.setAttribute("data-tray", name)
                label = self._svg("text", self.tray_layer, class_="tray-label", x=x + 14, y=TRAY_Y + 32)
                label.setAttribute("aria-hidden", "true")
                label.textContent = TRAY_TAG[kind]
                count = self._svg("text", self.tray_layer, class_="tray-count", x=x + width - 16,
                                  y=TRAY_Y + 76)
                count.setAttribute("aria-hidden", "true")
                self.trays[name] = {"rect": rect, "count": count, "x": x, "width": width,
                                    "colour": colour, "kind": kind}
        half = PIECE / 2
        for pid in sorted(ctl.tracker.loc, key=lambda p: (p[0] != "w", int(p[1:]))):
            colour = pid[0]
            g = self._svg("g", self.piece_layer, class_=f"piece {COLOUR[colour]}")
            g.setAttribute("data-piece", pid)
            g.setAttribute("data-colour", COLOUR[colour])
            self._svg("circle", g, class_="halo", r=half + 6)
            self._svg("use", g, class_="shape", href=f"{SYMBOLS}#{SHAPE[colour]}",
                      x=-half, y=-half, width=PIECE, height=PIECE)
            self.pieces[pid] = g
        self._gen = ctl.gen
        self._draw_way(rules)
        self.rules_link.setAttribute("href", f"./pages/rules-{rules.name}.html")
        self.rules_link.textContent = f"{rules.title} rules"
        self._set_sticks(ctl.sticks, ctl.last_throw)  # a resumed game shows its pending throw

    def _draw_way(self, rules) -> None:
        """The chevrons between neighbouring squares, pointing the way the pieces run
        (decorative: the group is aria-hidden), and the same in the board's description."""
        backwards = way.backwards(rules)
        if self._way == backwards:
            return
        self._way = backwards
        self.way_layer.replaceChildren()
        for a, b, points in way.arrows(rules):
            arrow = self._svg("polyline", self.way_layer, class_="way-arrow", points=way.points_text(points))
            arrow.setAttribute("data-from", str(a))
            arrow.setAttribute("data-to", str(b))
        self.way_text.textContent = way.words(rules)

    def _tray_slots(self, ctl) -> dict[str, tuple[float, float, float]]:
        """Positions (x, y, scale) of the pieces lying in the trays."""
        out = {}
        for _name, tray in self.trays.items():
            pids = sorted(ctl.tracker.at(tray["kind"], tray["colour"]), key=lambda p: int(p[1:]))
            size = PIECE * TRAY_SCALE
            room = tray["width"] - 28 - 70 - size
            step = min(size * 0.9, room / max(1, len(pids) - 1)) if len(pids) > 1 else 0
            for i, pid in enumerate(pids):
                out[pid] = (tray["x"] + 14 + size / 2 + i * step, TRAY_Y + 64, TRAY_SCALE)
        return out

    # -- drawing ----------------------------------------------------------------
    def render(self, ctl) -> None:
        if self._gen != ctl.gen:
            self._build(ctl)
        state = ctl.state
        game = ctl.game
        over = game.over
        side = state.side
        movable = ctl.movable if self.ready else {}
        targets = ctl.targets if self.ready else {}
        selected = ctl.selected
        preview = ctl.preview
        last = (ctl.last_move if self.highlight else None) or (None, None)
        suggested = ctl.hint_move if self.ready else None
        better = ctl.better_move
        better_src = loc_of(better.src) if better is not None else None
        better_dst = loc_of(better.dst) if better is not None else None
        hints = set()
        if selected is None and self.hint_loc in movable and self.highlight:
            hints = {loc_of(m.dst) for m in movable[self.hint_loc]}

        self._set("board", self.board, "data-position", state.position())
        self._set("board", self.board, "data-variant", state.variant)
        self._set("board", self.board, "data-winner", game.result if over else None)
        self._set("board", self.board, "data-side", None if over else side)

        # Bell (B5-B7), from the engine: whose goal each square is, the home pieces, and
        # the lowest open goal of the side to act (the next square its chain needs)
        goal_of = {}
        home = ()
        next_goal = None
        if state.rules.has_goals and state.odd:
            for colour in ("w", "b"):
                for g in state.rules.goal_squares(state, colour):
                    goal_of[g] = colour
            home = state.rules.home_squares(state, "w") + state.rules.home_squares(state, "b")
            if not over:
                next_goal = state.rules.open_goal(state, side)

        # squares
        for n, rect in self.squares.items():
            classes = ["square"]
            if n in MARKED:
                classes.append("marked")
            if n == last[0]:
                classes.append("from")
            if n == last[1]:
                classes.append("to")
            is_target = n in targets
            if is_target:
                classes.append("target")
            if preview is not None and preview.dst == n:
                classes.append("preview")
            if n in hints:
                classes.append("hint")
            if suggested is not None and suggested.dst == n:
                classes.append("suggest")
            if n == better_src:
                classes.append("better-from")
            if n == better_dst:
                classes.append("better-to")
            owner = goal_of.get(n)
            if owner:
                classes.append(f"goal-{owner}")
            if n == next_goal:
                classes.append("next-goal")
            self._set(n, rect, "class", " ".join(classes))
            self._set(n, rect, "data-goal", owner)
            self._set(n, rect, "data-next-goal", "true" if n == next_goal else None)
            self._set(n, rect, "data-better", "from" if n == better_src else "to" if n == better_dst else None)
            self._set(n, rect, "data-target", "true" if is_target else None)
            self._set(n, rect, "role", "button" if is_target else None)
            self._set(n, rect, "tabindex", "0" if is_target else None)
            label = f"Move to square {n}" if is_target else None
            if label and owner:
                label += f", {COLOUR[owner]}'s goal" + (", the next to fill" if n == next_goal else "")
            self._set(n, rect, "aria-label", label)

        for n, mark in self.marks.items():
            self._set(("mark", n), mark, "class", f"mark mark-{n}" + (" covered" if state.square(n) != "." else ""))

        # trays
        for name, tray in self.trays.items():
            colour, kind = tray["colour"], tray["kind"]
            i = 0 if colour == "w" else 1
            count = (state.supply if kind == "supply" else state.off)[i]
            self._text(name, tray["count"], str(count))
            is_target = kind == "off" and colour == side and "off" in targets
            classes = f"tray {COLOUR[colour]}" + (" target" if is_target else "")
            if preview is not None and kind == "off" and colour == side and preview.dst == 31:
                classes += " preview"
            if kind == "off" and colour == side and "off" in hints:
                classes += " hint"
            if suggested is not None and kind == "off" and colour == side and suggested.dst == 31:
                classes += " suggest"
            tray_better = better is not None and colour == side and better_dst == kind
            if tray_better:
                classes += " better-to"
            self._set(name, tray["rect"], "class", classes)
            self._set(name, tray["rect"], "data-better", "to" if tray_better else None)
            self._set(name, tray["rect"], "data-target", "true" if is_target else None)
            self._set(name, tray["rect"], "role", "button" if is_target else "img")
            self._set(name, tray["rect"], "tabindex", "0" if is_target else None)
            label = f"{COLOUR[colour]} pieces {TRAY_LABEL[kind]}: {count}"
            self._set(name, tray["rect"], "aria-label", "Bear off here. " + label if is_target else label)

        # pieces
        slots = self._tray_slots(ctl)
        supply_movable = None
        if "supply" in movable:
            in_supply = sorted(ctl.tracker.at("supply", side), key=lambda p: int(p[1:]))
            supply_movable = in_supply[-1] if in_supply else None
        for pid, g in self.pieces.items():
            loc = ctl.tracker.loc[pid]
            colour = pid[0]
            if isinstance(loc, int):
                x, y = square_centre(loc)
                scale = 1
            else:
                x, y, scale = slots.get(pid, (0, 0, 0))
            is_movable = colour == side and (pid == supply_movable if loc == "supply" else loc in movable)
            is_selected = is_movable and loc == selected
            is_chosen = preview is not None and colour == side and (
                loc == preview.src or (loc == "supply" and preview.src == 0 and pid == self._top_supply(ctl, side)))
            is_victim = loc in targets and colour != side
            is_suggested = suggested is not None and is_movable and loc == loc_of(suggested.src)
            is_home = loc in home and state.square(loc) == colour
            classes = ["piece", COLOUR[colour]]
            if is_home:
                classes.append("home")
            if is_selected or is_chosen:
                classes.append("selected")
            if is_suggested:
                classes.append("suggested")
            if loc == last[1]:
                classes.append("moved")
            self._set(pid, g, "class", " ".join(classes))
            self._set(pid, g, "style", f"transform: translate({x:g}px, {y:g}px) scale({scale:g})")
            self._set(pid, g, "data-at", loc)
            self._set(pid, g, "data-movable", "true" if is_movable else None)
            self._set(pid, g, "data-selected", "true" if is_selected else None)
            self._set(pid, g, "data-suggested", "true" if is_suggested else None)
            self._set(pid, g, "data-home", "true" if is_home else None)
            self._set(pid, g, "tabindex", "0" if is_movable else None)
            self._set(pid, g, "role", "button" if is_movable else "img")
            label = f"{COLOUR[colour]} piece {loc_text(loc)}"
            if is_home:
                label += ", home"
            if is_movable:
                moves = movable.get(loc, [])
                if len(moves) == 1:
                    label += f", movable to {self._dst_text(moves[0].dst)}"
                else:
                    label += ", movable"
                if is_selected:
                    label += ", selected"
            elif is_victim:
                label += ", can be attacked: move here"
            self._set(pid, g, "aria-label", label)

        self._render_arrow(ctl, better)
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
        human_turn = ctl.human_to_act
        if human_turn and not self._human_turn and self.ready:
            self.restore_focus(ctl, only_if_lost=True)
        self._human_turn = human_turn

    def _loc_point(self, ctl, loc, side):
        """Where an arrow to or from ``loc`` points: a square's centre, or a tray's."""
        if isinstance(loc, int):
            return square_centre(loc)
        tray = self.trays.get(f"{side}-{loc}")
        if tray is None:
            return None
        return tray["x"] + tray["width"] / 2, TRAY_Y + TRAY_H / 2

    def _render_arrow(self, ctl, better) -> None:
        """The better action of the reviewed decision shown: an arrow from its piece."""
        arrow = self.better_arrow
        ends = None
        if better is not None:
            side = ctl.state.side
            a = self._loc_point(ctl, loc_of(better.src), side)
            b = self._loc_point(ctl, loc_of(better.dst), side)
            if a is not None and b is not None:
                ends = (a, b)
        self._set("arrow", arrow, "hidden", None if ends else "")
        if ends:
            (x1, y1), (x2, y2) = ends
            for name, value in (("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)):
                self._set(("arrow", name), arrow, name, f"{value:g}")
            self._set("arrow-move", arrow, "data-move", f"{better}")

    def _render_review(self, ctl) -> None:
        """The review panel: progress, the graph, the summary and the decisions it names."""
        review = ctl.review
        els = self.review_els
        self._set("review", self.review_box, "hidden", None if review is not None else "")
        if review is None:
            self._review_key = None
            return
        self._set("review", self.review_box, "data-state", review.state)
        progress = els["progress"]
        self._set("review-progress", progress, "max", str(max(1, review.total)))
        self._set("review-progress", progress, "value", str(review.done))
        self._set("review-progress", progress, "data-done", str(review.done))
        self._text("review-status", els["status"], review.progress_text())
        self._set("review-stop", self.review_stop, "hidden", None if review.running else "")
        focus = ctl.review_focus
        key = (id(review), review.state, review.data is not None, focus, ctl.gen)
        if key == self._review_key:
            return
        self._review_key = key
        have = review.data is not None
        for name in ("graph", "key", "summary"):
            self._set(f"review-{name}", els[name], "hidden", None if have else "")
        names = ctl.review_names()
        decisions = review.decisions
        self._set("review-graph", els["graph"], "data-decisions", str(len(decisions)))
        els["graph-label"].textContent = review.graph_label()
        points = review.points()
        self._set("review-line", els["line"], "points", " ".join(f"{x:g},{y:g}" for x, y, _i, _c in points))
        layer = els["points"]
        layer.replaceChildren()
        for x, y, i, cls in points:
            marked = cls in ("mistake", "blunder")
            dot = self._svg("circle", layer, cx=x, cy=y, r=3.2 if marked else 1.4, class_=f"point {cls}")
            dot.setAttribute("data-decision", str(i))
            dot.setAttribute("data-class", cls)
            if marked:
                dot.setAttribute("role", "button")
                dot.setAttribute("tabindex", "0")
                dot.setAttribute("aria-label", review.decision_text(i, names))
            if i == focus:
                dot.setAttribute("data-focus", "true")
        rows = els["summary-rows"]
        rows.replaceChildren()
        for row in review.summary_rows(names):
            tr = self.doc.createElement("tr")
            tr.setAttribute("data-side", row["side"])
            th = self.doc.createElement("th")
            th.setAttribute("scope", "row")
            th.textContent = f"{row['who']} ({COLOUR[row['side']]})"
            tr.append(th)
            for field in ("decisions", "lost", "mean", "luck", "best", "inaccuracy", "mistake", "blunder"):
                td = self.doc.createElement("td")
                td.setAttribute("data-field", field)
                td.textContent = str(row[field])
                tr.append(td)
            rows.append(tr)
        listing = els["list"]
        listing.replaceChildren()
        for i in review.listed():
            li = self.doc.createElement("li")
            button = self.doc.createElement("button")
            button.setAttribute("type", "button")
            button.setAttribute("data-decision", str(i))
            button.setAttribute("data-class", decisions[i]["class"])
            if i == focus:
                button.setAttribute("aria-current", "true")
            button.textContent = review.decision_text(i, names)
            li.append(button)
            listing.append(li)
        text = review.decision_text(focus, names) if focus is not None else ""
        self._text("review-decision", els["decision"], text)
        self._set("review-decision", els["decision"], "hidden", None if text else "")

    def _render_fair(self, ctl) -> None:
        """The game's information on its throws (docs/fair-throws.md): the commitment,
        the phrase (a box while it may change), the seed once revealed."""
        info = ctl.fair_info()
        fair = self.fair
        self._text("fair-summary", fair["summary"], info["summary"])
        self._text("fair-note", fair["note"], info["note"])
        self._text("fair-commit", fair["commit"], info["commit"] or "none")
        phrase = info["phrase"]
        self._text("fair-phrase-text", fair["phrase-text"],
                   "" if info["editable"] else (f"\u201c{phrase}\u201d" if phrase else "none"))
        self._set("fair-phrase-edit", fair["phrase-edit"], "hidden", None if info["editable"] else "")
        key = (ctl.gen, phrase)
        if key != self._fair_key:
            if self._fair_key is None or self._fair_key[0] != ctl.gen:
                self.fair_message("")
            self._fair_key = key
            fair["phrase"].value = phrase
        seed = info["seed"] or ("revealed when the game ends" if info["committed"] else "not shown")
        self._text("fair-seed", fair["seed"], seed)

    def fair_message(self, text: str) -> None:
        """The line under the game's information on its throws (Verify's answer)."""
        self._text("fair-message", self.fair["message"], text)

    def offer_tutorial(self, show: bool) -> None:
        """The first visit's offer of the tutorial (an overlay: it moves nothing)."""
        self.offer_box.hidden = not show

    @property
    def offering(self) -> bool:
        return not self.offer_box.hidden

    def _render_tutorial(self, ctl) -> None:
        """The tutorial's panel: the lesson, what to do now, Back, Next or Finish, Skip.
        When a lesson is done, focus goes to Next (or Finish)."""
        tutorial = ctl.tutorial
        self._set("tutorial", self.tutorial_box, "hidden", None if tutorial is not None else "")
        self.root.classList.toggle("tutoring", tutorial is not None)
        if tutorial is None:
            self._lesson_seen = None
            return
        parts = self.tutorial_parts
        self._text("tutorial-title", parts["title"], tutorial.heading())
        note = tutorial.note()
        self._text("tutorial-note", parts["note"], note)
        self._set("tutorial-note", parts["note"], "hidden", None if note else "")
        self._text("tutorial-text", parts["text"], tutorial.lesson.text)
        self._text("tutorial-task", parts["task"], tutorial.task())
        buttons = self.tutorial_buttons
        self._set("t-back", buttons["back"], "disabled", "" if tutorial.index == 0 else None)
        self._set("t-next", buttons["next"], "hidden", "" if tutorial.last else None)
        self._set("t-finish", buttons["finish"], "hidden", None if tutorial.last else "")
        seen = (tutorial.index, tutorial.done)
        if seen != self._lesson_seen:
            if self._lesson_seen is not None and tutorial.done:
                buttons["finish" if tutorial.last else "next"].focus()
            self._lesson_seen = seen

    def focus_tutorial(self) -> None:
        """Focus the lesson's words (a screen reader reads them)."""
        self.tutorial_parts["words"].focus()

    def _render_log(self, ctl) -> None:
        """The move log: rebuilt only when the record changed."""
        entries = ctl.game.entries
        key = (ctl.gen, len(entries), entries[-1] if entries else None, ctl.replay is not None)
        if key == self._log_key:
            return
        self._log_key = key
        turns = ctl.log_turns()
        items = []
        over = ctl.game.over
        for i, (number, who, steps) in enumerate(turns):
            li = self.doc.createElement("li")
            if i == 0 and not over:
                li.className = "current"
            head = self.doc.createElement("p")
            head.className = "log-who"
            head.textContent = f"Turn {number}: {who}"
            sub = self.doc.createElement("ol")
            sub.setAttribute("aria-label", f"Turn {number}, {who}")
            for step, text in steps:
                item = self.doc.createElement("li")
                button = self.doc.createElement("button")
                button.type = "button"
                button.setAttribute("data-log-step", str(step))
                button.textContent = text
                button.setAttribute("aria-label", f"{text} Replay from here (step {step}).")
                item.append(button)
                sub.append(item)
            li.append(head, sub)
            items.append(li)
        self.log_list.replaceChildren()
        for li in items:
            self.log_list.append(li)
        self.log_empty.hidden = bool(turns)

    @staticmethod
    def _dst_text(dst: int) -> str:
        return "off the board" if dst == 31 else f"square {dst}"

    @staticmethod
    def _top_supply(ctl, side):
        in_supply = sorted(ctl.tracker.at("supply", side), key=lambda p: int(p[1:]))
        return in_supply[-1] if in_supply else None

    def _render_controls(self, ctl) -> None:
        ready = self.ready
        throw = self.buttons["throw"]
        can_throw = ready and ctl.can_throw
        self._set("b-throw", throw, "disabled", None if can_throw else "")
        label = "Throw for colours" if ctl.state.opening else "Throw the sticks"
        self._text("b-throw", throw, label)
        self._set("b-rescue", self.buttons["rescue"], "hidden", None if ready and ctl.can_rescue else "")
        self._set("b-pass", self.buttons["pass"], "hidden", None if ready and ctl.must_pass else "")
        self._text("prompt", self.prompt, self.prompt_text(ctl) if ready else "")
        if ctl.throws != self._throws_seen:
            self._throws_seen = ctl.throws
            self._jumps_seen = ctl.jumps
            self._set_sticks(ctl.sticks, ctl.last_throw, animate=True)
        elif ctl.jumps != self._jumps_seen:  # undo, redo, a replay step: no toss
            self._jumps_seen = ctl.jumps
            self._set_sticks(ctl.sticks, ctl.last_throw)

    @property
    def thinking_word(self):
        """A computer seat waits for the worker to boot, or thinks."""
        return "getting ready" if self.worker_starting else "thinking"

    def prompt_text(self, ctl) -> str:
        """What the player to act should do now (not spoken: focus goes to the control)."""
        if ctl.tutorial is not None and ctl.tutorial.done:
            return "Lesson done: Finish takes you back to your game." if ctl.tutorial.last else \
                "Lesson done: Next goes on to the next lesson."
        seat = ctl.seat_to_act
        if seat is None:
            return ""
        name = ctl.seat_name(seat)
        you = name == "You"
        if ctl.thinking == seat:
            return f"{name} is {self.thinking_word}\u2026"
        if not ctl.human_to_act:
            return f"{name} to play\u2026"
        who = "Your turn" if you else f"{name}'s turn"
        if ctl.state.opening:
            return f"{who}: throw for colours. The first to throw a 1 plays black."
        if ctl.can_throw and ctl.can_rescue:
            return f"{who}: throw the sticks, or rescue your piece from the water."
        if ctl.can_throw:
            return f"{who}: throw the sticks."
        if ctl.must_pass:
            return "No move with this throw: the turn passes."
        if ctl.selected is not None:
            return "Choose where to move it."
        return f"{who}: choose a piece to move."

    def _set_sticks(self, sticks, value, animate: bool = False) -> None:
        pattern = sticks or (False, False, False, False)
        for use, light in zip(self.stick_uses, pattern):
            use.setAttribute("href", f"{SYMBOLS}#{'stick-light' if light else 'stick-dark'}")
        self.throw_value.textContent = "" if value is None else str(value)
        if value is None:
            label = "The throwing sticks, not thrown yet"
        else:
            light = sum(1 for s in pattern if s)
            sides = f"{NUMBER_WORDS.get(light, light)} light side{'s' if light != 1 else ''} up" if light \
                else "no light side up"
            label = f"Last throw: {value} ({sides})"
        self.sticks_box.setAttribute("aria-label", label)
        if animate:
            box = self.sticks_box
            box.classList.remove("tossed")
            box.getBoundingClientRect()  # restart the CSS animation
            box.classList.add("tossed")

    def _render_players(self, ctl) -> None:
        acting = ctl.seat_to_act
        result = ctl.game.result
        for seat, el in self.players.items():
            colour = ctl.colour_of(seat)
            kind = ctl.kind(seat)
            token = el.querySelector(".token use")
            shape = SHAPE[colour] if colour else ("piece-spool" if seat == 1 else "piece-cone")
            self._set(("tok", seat), token, "href", f"{SYMBOLS}#{shape}")
            classes = ["player", COLOUR[colour] if colour else "undrawn"]
            if acting == seat:
                classes.append("active")
            if result and colour == result:
                classes.append("winner")
            self._set(("pl", seat), el, "class", " ".join(classes))
            self._text(("name", seat), el.querySelector(".name"), ctl.seat_name(seat))
            kind_text = "human" if kind == "human" else f"computer: {KIND_NAMES[kind].lower()}"
            colour_text = COLOUR[colour] if colour else ("throws first" if seat == 1 else "throws second")
            odd = ctl.state.odd
            if odd and colour:
                colour_text += " · odd squares" if odd == colour else " · even squares"
            self._text(("kind", seat), el.querySelector(".kind"), f"{colour_text} · {kind_text}")
            if result and result == colour:
                turn = "winner"
            elif ctl.thinking == seat:
                turn = f"{self.thinking_word}\u2026"
            elif acting == seat:
                turn = "to play"
            else:
                turn = ""
            self._text(("turn", seat), el.querySelector(".turn"), turn)

    def _render_history(self, ctl) -> None:
        """Undo and redo buttons, and the replay panel."""
        ready = self.ready
        for name, ok in (("undo", ctl.can_undo), ("redo", ctl.can_redo)):
            self._set(f"b-{name}", self.undo_buttons[name], "disabled", None if ready and ok else "")
        replay = ctl.replay
        self._set("replay", self.replay_box, "hidden", None if replay is not None else "")
        if replay is not None:
            self.root.classList.add("replaying")
            self._text("replay-step", self.replay_step, f"Step {replay.step} of {replay.last}")
            for name, ok in (("start", replay.step > 0), ("back", replay.step > 0),
                             ("forward", replay.step < replay.last), ("end", replay.step < replay.last),
                             ("play", not ctl.game.over), ("auto", replay.last > 0)):
                self._set(f"b-replay-{name}", self.replay_buttons[name], "disabled", None if ok else "")
            playing = ctl.autoplay is not None
            auto = self.replay_buttons["auto"]
            self._set("b-replay-auto", auto, "data-playing", "true" if playing else "false")
            self._text("b-replay-auto", auto, "Pause" if playing else "Play")
            if self.replay_speed.value != ctl.replay_speed:
                self.replay_speed.value = ctl.replay_speed
        else:
            self.root.classList.remove("replaying")

    def _render_advice(self, ctl) -> None:
        """Hints and the win meter (settings), from the Expert's analysis in the worker."""
        hint, prob = ctl.hint, ctl.win_prob
        pending = ctl.advice_pending
        show_hint = hint is not None or (pending and ctl.hints and ctl.real_choice)
        show_meter = prob is not None
        self._set("advice", self.advice, "hidden", None if self.ready and (show_hint or show_meter) else "")
        text = ""
        if hint is not None:
            text = "Hint: " + self.hint_words(ctl, hint)
        elif show_hint:
            text = "Hint: the Expert is thinking\u2026"
        self._text("hint-text", self.hint_text, text)
        self._set("hint-text", self.hint_text, "hidden", None if text else "")
        self._set("meter-box", self.meter_box, "hidden", None if show_meter else "")
        if show_meter:
            seat = ctl.seat_to_act
            name = ctl.seat_name(seat) if seat is not None else ""
            whose = "Your" if name == "You" else f"{ctl.side_name(ctl.state.side)}'s"
            self._text("meter-label", self.meter_label, f"{whose} chance to win")
            self._set("meter", self.meter, "value", f"{prob:.3f}")
            self._text("meter-value", self.meter_value, f"{round(prob * 100)}%")

    @staticmethod
    def hint_words(ctl, hint: str) -> str:
        if hint == "throw":
            return "throw the sticks."
        if hint == "rescue":
            return "rescue your piece from the water."
        move = ctl.hint_move
        if move is None:
            return hint
        src = "the piece from the supply" if move.src == 0 else f"the piece on {move.src}"
        dst = "off the board" if move.dst == 31 else f"to square {move.dst}"
        return f"move {src} {dst}."

    def _render_over(self, ctl) -> None:
        over = ctl.game.over and ctl.replay is None and ctl.tutorial is None
        self._set("over", self.game_over, "hidden", None if over else "")
        if over:
            result = ctl.game.result
            if result == "draw":
                title, detail = "A draw", f"The game is drawn: {ctl.draw_reason}."
            else:
                name = ctl.seat_name(ctl.seat_of(result))
                loser = "b" if result == "w" else "w"
                other = ctl.seat_name(ctl.seat_of(loser))
                if ctl.actor(result) == "You":
                    title = f"You beat {other}"
                    detail = f"You win the game with the {COLOUR[result]} pieces."
                elif ctl.actor(loser) == "You":
                    title = f"{name} beat you"
                    detail = f"{name} wins the game with the {COLOUR[result]} pieces."
                else:
                    title = f"{name} wins"
                    detail = f"{name} wins the game with the {COLOUR[result]} pieces."
                if ctl.penalty is not None:
                    loser = "black" if result == "w" else "white"
                    detail += f" Havens penalty score: {loser} {ctl.penalty} point{'s' if ctl.penalty != 1 else ''}."
            self._text("over-t", self.game_over_title, title)
            self._text("over-d", self.game_over_detail, detail)
            if not self._was_over:
                self._render_summary(ctl)
                self.root.classList.add("game-over")
                button = self.game_over.querySelector('[data-action="play-again"]')
                button.focus()
        else:
            self.root.classList.remove("game-over")
        self._was_over = over

    def _render_summary(self, ctl) -> None:
        """The game in numbers: turns, bumps made and suffered, pieces lost to the water."""
        facts = ctl.summary()
        turns = facts['turns']
        rows = [f"{turns} turn{'s' if turns != 1 else ''}."]
        for colour in ("w", "b"):
            seat = ctl.seat_of(colour)
            if seat is None:
                continue
            side = facts[colour]
            you = ctl.actor(colour) == "You"
            who = "You" if you else ctl.seat_name(seat)
            bumps = side["bumps"]
            text = (f"{who} bumped {bumps} piece{'s' if bumps != 1 else ''} and "
                    f"{'were' if you else 'was'} bumped {side['bumped']} time{'s' if side['bumped'] != 1 else ''}")
            if ctl.rules.water_square is not None:
                water = side["water"]
                text += f"; {water} piece{'s' if water != 1 else ''} lost to the water"
            rows.append(text + ".")
        self.game_over_summary.replaceChildren()
        for row in rows:
            li = self.doc.createElement("li")
            li.textContent = row
            self.game_over_summary.append(li)
        line = self.record_line(ctl) if self.record_line is not None and ctl.replay is None else ""
        self.game_over_record.textContent = line or ""

    def _render_board_label(self, ctl) -> None:
        state = ctl.state
        parts = [f"Senet board, {ctl.rules.title} rules."]
        for i, colour in enumerate("wb"):
            squares = state.pieces(colour)
            text = f"{SIDE_NAMES[colour]}: " + (
                ("on " + ", ".join(map(str, squares))) if squares else "none on the board")
            if ctl.rules.has_supply:
                text += f", {state.supply[i]} to enter"
            if ctl.rules.bears_off:
                text += f", {state.off[i]} borne off"
            if state.rules.has_goals and state.odd:
                home = state.rules.home_squares(state, colour)
                text += "; goals on the " + ("odd" if state.odd == colour else "even") + " squares"
                text += ", home on " + ", ".join(map(str, home)) if home else ", none home"
                low = state.rules.open_goal(state, colour)
                if low is not None:
                    text += f", next goal {low}"
            parts.append(text + ".")
        self._set("board", self.board, "aria-label", " ".join(parts))

    def hint(self, ctl, loc) -> None:
        """Show where the movable piece at ``loc`` would go (pointer over it, or focus)."""
        if loc != self.hint_loc:
            self.hint_loc = loc
            self.render(ctl)

    # -- focus and keyboard -------------------------------------------------------
    def focusables(self, ctl) -> list:
        """Movable pieces and targets, in track order (supply, 1..30, off)."""
        items = []
        for pid, g in self.pieces.items():
            if self._cache.get((pid, "data-movable")) == "true":
                items.append((loc_order(ctl.tracker.loc[pid]), 1, g))
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
        if ctl.selected is not None:
            target = next((el for el in self.focusables(ctl) if el.getAttribute("data-target") == "true"), None)
        if target is None and ctl.movable:
            target = next(iter(self.focusables(ctl)), None)
        if target is None:
            for name, ok in (("throw", ctl.can_throw), ("rescue", ctl.can_rescue), ("pass", ctl.must_pass)):
                if ok:
                    target = self.buttons[name]
                    break
        if target is not None:
            target.focus()

    def _lost(self, el) -> bool:
        """True when focus sits nowhere useful (the body, the board, a dead control)."""
        if not el or el == self.doc.body or el == self.board:
            return True
        if getattr(el, "disabled", False) or el.hasAttribute("hidden"):
            return True
        return bool(self.board.contains(el) and el.getAttribute("tabindex") != "0")
