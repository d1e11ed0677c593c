"""The board's part of the View: the pieces and trays of a game (built once a game), the
way the pieces run, and every square's, tray's and piece's attributes, the better move's
arrow, and the board's own description. A mixin of app/view/view.py's View (its DOM helpers
``_set``, ``_text`` and ``_svg`` and its elements are View's)."""

from app.game.pieces import place_of_square, tray_row
from app.view import way
from app.view.board_words import board_words, label_key, list_text, loc_text
from app.view.previews import one_preview
from app.words.names import COLOUR, rules_name
from senet.board import MARKED, square_cell
from senet.variants import base_name
from senet.words import number as in_digits
from senet.words import t

SYMBOLS = "./assets/symbols.svg"
SHAPE = {"w": "piece-spool", "b": "piece-cone"}
TRAY_Y, TRAY_H = 314, 96
PIECE = 68  # drawn size of a piece on a square (squares are 100 apart)
# The invisible area a tap or click takes for a piece or a target square: a square's cell,
# centred on it; on a touch screen styles/app.css enlarges it (--hit-scale) to 44 CSS px.
HIT = 100
HIT_TOP, HIT_BOTTOM = 300, 424  # a tray's tap area (124 units high, as a piece's on a touch screen)
# A tray's words (senet/words): its aria-label by colour and kind, the same said as a
# target, and the tag drawn in the tray (short: it must fit on a phone).
TRAY_LABEL = {("w", "supply"): "view.tray.white_supply", ("w", "off"): "view.tray.white_off",
              ("b", "supply"): "view.tray.black_supply", ("b", "off"): "view.tray.black_off"}
TRAY_MOVE = {"supply": "view.tray.target_supply", "off": "view.tray.target_off"}
TRAY_TAG = {"supply": "view.tray.tag_supply", "off": "view.tray.tag_off"}
TRAY_NONE = "view.tray.count_none"  # an empty tray's count: Arabic's ٠ alone reads as a stray dot


def square_centre(n: int) -> tuple[float, float]:
    row, col = square_cell(n)
    return 100 * col + 54, 100 * row + 55  # a little off centre: the number sits top left


def markup_text(text: str) -> str:
    """``text`` made safe to write into SVG markup, as an element's text or an attribute."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")




# The attributes _render_board sets or removes that a new element does not have: a square
# of index.html, a tray and a piece as _build makes them (View._absent).
SQUARE_SET = ("data-goal", "data-next-goal", "data-better", "data-target", "role", "tabindex", "aria-label")
TRAY_SET = ("data-better", "data-target", "tabindex")
PIECE_SET = ("data-movable", "data-selected", "data-suggested", "data-home", "tabindex")

# How far (board units) the arrow of the move played is drawn beside the better move's.
PLAYED_OFFSET = 14.0


# A piece's parts, as _build writes them inside its <g>: the tap area, the halo of a
# selected piece, and its shape.
PIECE_PARTS = {
    colour: (f'<rect class="hit" x="{-HIT // 2}" y="{-HIT // 2}" width="{HIT}" height="{HIT}"/>'
             f'<circle class="halo" r="{PIECE // 2 + 6}"/>'
             f'<use class="shape" href="{SYMBOLS}#{SHAPE[colour]}" x="{-PIECE // 2}" y="{-PIECE // 2}" '
             f'width="{PIECE}" height="{PIECE}"/>')
    for colour in SHAPE
}


def piece_style(place: tuple) -> str:
    """A piece's style attribute at ``place``, (x, y, scale)."""
    x, y, scale = place
    return f"transform: translate({x:g}px, {y:g}px) scale({scale:g})"


def _made(layer, markup: list):
    """``layer``'s children made afresh from SVG markup, in one call into the browser
    rather than one for each element and attribute (at the first drawing those took some
    25 ms of MicroPython); returns them, for ``.item(i)``. The markup is the view's own:
    numbers, fixed names and the catalog's words (escaped), never a player's text."""
    layer.innerHTML = "".join(markup)
    return layer.children


class BoardDrawing:
    # -- building a game's pieces and trays ---------------------------------------
    def _build_steps(self, ctl):
        """A game's pieces and trays made, in three steps with a yield between them: the
        trays, the tap areas and squares, the pieces (View.build runs them at once;
        app/main.py hands the main thread back between them at the start: as one step they
        took 25 ms of a desktop's MicroPython, a phone's four times that)."""
        rules = ctl.table.rules
        self._cache.clear()
        first = self._gen is None  # the page's first game: the squares are as index.html drew them
        self._throws_seen = 0
        self._jumps_seen = ctl.table.jumps
        self._was_over = False
        self.pieces = {}
        self.trays = {}
        kinds = [k for k, on in (("supply", rules.has_supply), ("off", rules.bears_off)) if on]
        gap = 12
        markup, names = [], []
        for colour, x0, x1 in (("w", 0, 494), ("b", 506, 1000)):
            width = (x1 - x0 - gap * (len(kinds) - 1)) / len(kinds)
            for i, kind in enumerate(kinds):
                x = x0 + i * (width + gap)
                name = f"{colour}-{kind}"
                # the tap area (from the board's edge down), the tray, its tag and its count
                markup.append(
                    f'<rect class="tray-hit" data-hit="{name}" aria-hidden="true" x="{x:g}" y="{HIT_TOP}" '
                    f'width="{width:g}" height="{HIT_BOTTOM - HIT_TOP}"/>'
                    f'<rect class="tray {COLOUR[colour]}" data-tray="{name}" x="{x:g}" y="{TRAY_Y}" '
                    f'width="{width:g}" height="{TRAY_H}" rx="10"/>'
                    f'<text class="tray-label" aria-hidden="true" x="{x + 14:g}" y="{TRAY_Y + 32}">{markup_text(t(TRAY_TAG[kind]))}</text>'
                    f'<text class="tray-count" aria-hidden="true" x="{x + width - 16:g}" y="{TRAY_Y + 76}"></text>')
                self.trays[name] = {"x": x, "width": width, "colour": colour, "kind": kind}
                names.append(name)
        made = _made(self.tray_layer, markup)
        for i, name in enumerate(names):  # (a list: MicroPython's dicts keep no order)
            self.trays[name]["rect"], self.trays[name]["count"] = made.item(4 * i + 1), made.item(4 * i + 3)
            self._absent(name, *TRAY_SET)
        yield
        self._build_hits()
        # the cache is empty: the next drawing writes every square, tap area and number
        self._squares_shown = set(self.squares)
        self._hits_shown = set(self.hits)
        self._covered = set(self.numbers)
        self._pieces_drawn = {}
        self._squares_drawn = {}
        self._trays_drawn = {}
        if first:
            for sq in self.squares:
                self._absent(sq, *SQUARE_SET)
            for sq in self.numbers:
                self._absent(("number", sq), "class")
        yield
        # Each piece is made where it stands: made at the board's corner and moved by the
        # next drawing, it would glide from there if a frame came between (app/main.py
        # draws the board a task after it builds it).
        order = sorted(ctl.table.tracker.loc, key=lambda p: (p[0] != "w", int(p[1:])))
        slots = self._tray_slots(ctl)
        places = {pid: piece_style(self._piece_place(ctl.table.tracker.loc[pid], pid, slots)) for pid in order}
        made = _made(self.piece_layer, [
            f'<g class="piece {COLOUR[p[0]]}" data-piece="{p}" data-colour="{COLOUR[p[0]]}" style="{places[p]}">'
            f'{PIECE_PARTS[p[0]]}</g>' for p in order])
        for i, pid in enumerate(order):
            self.pieces[pid] = made.item(i)
            self._absent(pid, *PIECE_SET)
            self._cache[(pid, "style")] = places[pid]
        self._gen = ctl.gen
        self._draw_way(rules)
        self.rules_link.setAttribute("href", f"./pages/rules-{base_name(rules.name)}.html")
        self.rules_link.textContent = t("view.rules_link", rules=rules_name(rules))
        self._set_sticks(ctl.table.sticks, ctl.table.last_throw)  # a resumed game shows its pending throw

    def _build_hits(self) -> None:
        """Once a page: a layer above the pieces with a tap area per square (taking taps only
        while the square is a target), and the square numbers by square."""
        if getattr(self, "hit_layer", None) is not None:
            return
        self.hit_layer = self._svg("g", None, class_="hits")
        self.hit_layer.setAttribute("id", "hits")
        self.piece_layer.after(self.hit_layer)
        markup = []
        for sq in range(1, 31):
            row, col = square_cell(sq)
            # data-hit, not data-square: the squares are counted by data-square
            markup.append(f'<rect class="hit" data-hit="{sq}" aria-hidden="true" x="{100 * col + 50 - HIT // 2}" '
                          f'y="{100 * row + 50 - HIT // 2}" width="{HIT}" height="{HIT}"/>')
        made = _made(self.hit_layer, markup)
        self.hits = {n: made.item(n - 1) for n in range(1, 31)}
        # index.html writes the square numbers in order, 1 to 30 (tests/engine/test_board_svg.py)
        numbers = self.board.querySelectorAll(".numbers text")
        self.numbers = {n: numbers.item(n - 1) for n in range(1, 31)}

    def _draw_way(self, rules) -> None:
        """The chevrons between neighbouring squares, pointing the way the pieces run
        (decorative: the group is aria-hidden), and the same in the board's description."""
        backwards = way.backwards(rules)
        if self._way == backwards:
            return
        self._way = backwards
        _made(self.way_layer, [f'<polyline class="way-arrow" data-from="{a}" data-to="{b}" points="{way.points_text(points)}"/>'
                               for a, b, points in way.arrows(rules)])
        self.way_text.textContent = way.words(rules)

    @staticmethod
    def _piece_place(loc, pid: str, slots: dict) -> tuple:
        """(x, y, scale) of piece ``pid`` at ``loc``: a square's centre, or its slot in a
        tray (``slots``: _tray_slots)."""
        if isinstance(loc, int):
            x, y = square_centre(loc)
            return x, y, 1
        return slots.get(pid, (0, 0, 0))

    def _tray_slots(self, ctl) -> dict[str, tuple[float, float, float]]:
        """Positions (x, y, scale) of the pieces lying in the trays (pieces.tray_row)."""
        out = {}
        for _name, tray in self.trays.items():
            pids = sorted(ctl.table.tracker.at(tray["kind"], tray["colour"]), key=lambda p: int(p[1:]))
            scale, step = tray_row(tray["width"] - 28 - 70, len(pids), PIECE)  # from its edge to its count
            for i, pid in enumerate(pids):
                out[pid] = (tray["x"] + 14 + PIECE * scale / 2 + i * step, TRAY_Y + 64, scale)
        return out


    def _render_board(self, ctl):
        """Squares, marks, trays and pieces; returns the better move shown (or None)."""
        state = ctl.table.state
        game = ctl.table.game
        over = game.over
        side = state.side
        movable = ctl.table.movable if self.ready else {}
        targets = ctl.table.targets if self.ready else {}
        selected = ctl.table.selected
        preview = ctl.table.preview
        last = (ctl.table.last_move if self.highlight else None) or (None, None)
        suggested = ctl.advice.hint_move if self.ready else None
        better = ctl.reviews.better_move
        better_src = place_of_square(better.src) if better is not None else None
        better_dst = place_of_square(better.dst) if better is not None else None
        hints = set()
        if selected is None and self.hint_loc in movable and self.highlight:
            hints = {place_of_square(m.dst) for m in movable[self.hint_loc]}
        # one preview at a time: the Expert's suggestion, or the piece the player looks at
        hints, suggested_dst = one_preview(selected, self.hint_loc, self.hint_chosen, hints, suggested)

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

        # squares: those with something to show now, and those that showed something at
        # the last drawing (to be made plain again); the others are plain already
        special = set(targets)
        special.update(hints)
        special.update(goal_of)
        special.update((last[0], last[1], better_src, better_dst, next_goal))
        if preview is not None:
            special.add(preview.dst)
        special.add(suggested_dst)
        preview_dst = preview.dst if preview is not None else None
        drawn_squares = self._squares_drawn
        for sq in special | self._squares_shown:
            rect = self.squares.get(sq)
            if rect is None:  # a tray ("off"), or nothing
                continue
            is_target = sq in targets
            owner = goal_of.get(sq)
            # all this square's attributes follow from these: unchanged, nothing to write
            drawn = (sq == last[0], sq == last[1], is_target, sq == preview_dst, sq in hints, sq == suggested_dst,
                     sq == better_src, sq == better_dst, owner, sq == next_goal)
            if drawn_squares.get(sq) == drawn:
                continue
            drawn_squares[sq] = drawn
            classes = ["square"]
            if sq in MARKED:
                classes.append("marked")
            if sq == last[0]:
                classes.append("from")
            if sq == last[1]:
                classes.append("to")
            if is_target:
                classes.append("target")
            if sq == preview_dst:
                classes.append("preview")
            if sq in hints:
                classes.append("hint")
            if sq == suggested_dst:
                classes.append("suggest")
            if sq == better_src:
                classes.append("better-from")
            if sq == better_dst:
                classes.append("better-to")
            if owner:
                classes.append(f"goal-{owner}")
            if sq == next_goal:
                classes.append("next-goal")
            self._set(sq, rect, "class", " ".join(classes))
            self._set(sq, rect, "data-goal", owner)
            self._set(sq, rect, "data-next-goal", "true" if sq == next_goal else None)
            self._set(sq, rect, "data-better", "from" if sq == better_src else "to" if sq == better_dst else None)
            self._set(sq, rect, "data-target", "true" if is_target else None)
            self._set(sq, rect, "role", "button" if is_target else None)
            self._set(sq, rect, "tabindex", "0" if is_target else None)
            self._set(sq, rect, "aria-label", self._square_label(sq, owner, sq == next_goal) if is_target else None)
        self._squares_shown = special

        for sq in self._hits_shown | set(targets):
            hit = self.hits.get(sq)
            if hit is not None:
                self._set(("hit", sq), hit, "class", "hit live" if sq in targets else "hit")
        self._hits_shown = set(targets)
        occupied = {i + 1 for i, c in enumerate(state.board) if c != "."}
        if occupied != self._covered:  # (after _build, every square counts as covered)
            for sq in occupied | self._covered:  # a square's number hides under its piece
                number = self.numbers.get(sq)
                if number is not None:
                    self._set(("number", sq), number, "class", "covered" if sq in occupied else None)
            for sq, mark in self.marks.items():
                self._set(("mark", sq), mark, "class", f"mark mark-{sq}" + (" covered" if sq in occupied else ""))
            self._covered = occupied

        # trays
        for name, tray in self.trays.items():
            colour, kind = tray["colour"], tray["kind"]
            i = 0 if colour == "w" else 1
            count = (state.supply if kind == "supply" else state.off)[i]
            # the off tray, or the supply for a piece going back there (Piccione's A-in, P5)
            is_target = colour == side and kind in targets
            is_preview = preview is not None and kind == "off" and colour == side and preview.dst == 31
            is_hint = kind == "off" and colour == side and "off" in hints
            is_suggested = suggested_dst == 31 and kind == "off" and colour == side
            tray_better = better is not None and colour == side and better_dst == kind
            # all this tray's attributes follow from these: unchanged, nothing to write
            drawn = (count, is_target, is_preview, is_hint, is_suggested, tray_better)
            if self._trays_drawn.get(name) == drawn:
                continue
            self._trays_drawn[name] = drawn
            self._text(name, tray["count"], t(TRAY_NONE) if count == 0 else in_digits(count))
            classes = f"tray {COLOUR[colour]}" + (" target" if is_target else "")
            if is_preview:
                classes += " preview"
            if is_hint:
                classes += " hint"
            if is_suggested:
                classes += " suggest"
            if tray_better:
                classes += " better-to"
            self._set(name, tray["rect"], "class", classes)
            self._set(name, tray["rect"], "data-better", "to" if tray_better else None)
            self._set(name, tray["rect"], "data-target", "true" if is_target else None)
            self._set(name, tray["rect"], "role", "button" if is_target else "img")
            self._set(name, tray["rect"], "tabindex", "0" if is_target else None)
            label = t(TRAY_LABEL[(colour, kind)], count=count)
            self._set(name, tray["rect"], "aria-label", t(TRAY_MOVE[kind], label=label) if is_target else label)

        # pieces
        slots = self._tray_slots(ctl)
        supply_movable = None
        if "supply" in movable:
            in_supply = sorted(ctl.table.tracker.at("supply", side), key=lambda p: int(p[1:]))
            supply_movable = in_supply[-1] if in_supply else None
        for pid, g in self.pieces.items():
            loc = ctl.table.tracker.loc[pid]
            colour = pid[0]
            x, y, scale = self._piece_place(loc, pid, slots)
            is_movable = colour == side and (pid == supply_movable if loc == "supply" else loc in movable)
            is_selected = is_movable and loc == selected
            is_chosen = preview is not None and colour == side and (
                loc == preview.src or (loc == "supply" and preview.src == 0 and pid == self._top_supply(ctl, side)))
            is_victim = loc in targets and colour != side
            is_suggested = suggested is not None and is_movable and loc == place_of_square(suggested.src)
            is_home = loc in home and state.square(loc) == colour
            moves = movable.get(loc, []) if is_movable else ()
            # all this piece's attributes follow from these: unchanged, nothing to write
            drawn = (loc, x, y, scale, is_movable, is_selected, is_chosen, is_victim, is_suggested, is_home,
                     loc == last[1], moves[0].dst if len(moves) == 1 else len(moves))
            if self._pieces_drawn.get(pid) == drawn:
                continue
            self._pieces_drawn[pid] = drawn
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
            self._set(pid, g, "style", piece_style((x, y, scale)))
            self._set(pid, g, "data-at", loc)
            self._set(pid, g, "data-movable", "true" if is_movable else None)
            self._set(pid, g, "data-selected", "true" if is_selected else None)
            self._set(pid, g, "data-suggested", "true" if is_suggested else None)
            self._set(pid, g, "data-home", "true" if is_home else None)
            self._set(pid, g, "tabindex", "0" if is_movable else None)
            self._set(pid, g, "role", "button" if is_movable else "img")
            where = loc_text(loc)
            label = [t("view.piece.white", where=where) if colour == "w" else t("view.piece.black", where=where)]
            if is_home:
                label.append(t("view.piece.home"))
            if is_movable:
                if len(moves) != 1:
                    label.append(t("view.piece.movable"))
                elif moves[0].dst == 31:
                    label.append(t("view.piece.movable_off"))
                else:
                    label.append(t("view.piece.movable_to", square=moves[0].dst))
                if is_selected:
                    label.append(t("view.piece.selected"))
            elif is_victim:
                label.append(t("view.piece.attackable"))
            self._set(pid, g, "aria-label", list_text(label))
        return better

    @staticmethod
    def _square_label(square: int, owner, next_goal: bool) -> str:
        """A target square's aria-label; in Bell, whose goal it is and whether it is the
        next to fill."""
        if owner == "w":
            return t("view.square.target_next_goal_white" if next_goal else "view.square.target_goal_white", square=square)
        if owner == "b":
            return t("view.square.target_next_goal_black" if next_goal else "view.square.target_goal_black", square=square)
        return t("view.square.target", square=square)

    def _loc_point(self, ctl, loc, side):
        """Where an arrow to or from ``loc`` points: a square's centre, or a tray's."""
        if isinstance(loc, int):
            return square_centre(loc)
        tray = self.trays.get(f"{side}-{loc}")
        if tray is None:
            return None
        return tray["x"] + tray["width"] / 2, TRAY_Y + TRAY_H / 2

    def _render_arrow(self, ctl, better, played: bool = False) -> None:
        """The better action of the reviewed decision shown: an arrow from its piece; with
        ``played``, the action played there (``better`` is then that move), dashed."""
        arrow = self.played_arrow if played else self.better_arrow
        key = "played-arrow" if played else "arrow"
        ends = None
        if better is not None:
            side = ctl.table.state.side
            a = self._loc_point(ctl, place_of_square(better.src), side)
            b = self._loc_point(ctl, place_of_square(better.dst), side)
            if a is not None and b is not None:
                ends = (a, b)
        if ends and played:  # beside the better move's arrow, not under it (they may share an end)
            (x1, y1), (x2, y2) = ends
            length = max(1.0, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
            dx, dy = -(y2 - y1) / length * PLAYED_OFFSET, (x2 - x1) / length * PLAYED_OFFSET
            ends = ((x1 + dx, y1 + dy), (x2 + dx, y2 + dy))
        self._set(key, arrow, "hidden", None if ends else "")
        if ends:
            (x1, y1), (x2, y2) = ends
            for name, value in (("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)):
                self._set((key, name), arrow, name, f"{value:g}")
            self._set(key + "-move", arrow, "data-move", f"{better}")

    def _render_board_label(self, ctl) -> None:
        state = ctl.table.state
        key = label_key(state)
        if key != self._label_key:  # a throw changes nothing here
            self._label_key = key
            self._set("board", self.board, "aria-label", board_words(state))

    def hint(self, ctl, loc, chosen: bool = True) -> None:
        """Show where the movable piece at ``loc`` would go (pointer over it, or focus);
        ``chosen``: the player put it there, not the page (app/view/previews.py)."""
        if (loc, chosen) != (self.hint_loc, self.hint_chosen):
            self.hint_loc, self.hint_chosen = loc, chosen
            self.build(ctl)
            self._render_board(ctl)  # nothing else on the page shows the hint
