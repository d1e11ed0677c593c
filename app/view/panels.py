"""The panels' part of the View: the move log, the history line, the game-over panel and
its summary, the game review, the tutorial, and the New game dialog's kept games. A
mixin of app/view/view.py's View."""

from app.flow.review_data import rating_scale
from app.game.counting import count_words, mark_name
from app.words.names import KIND_NAMES, SIDE_NAMES, STAND_IN, WORKER_KINDS
from senet.words import n, t
from senet.words import number as in_digits

# The review's table: each cell's field (a test hook) and the key of its heading
# (senet/words), said again by each cell on a phone, where a side's row is a card.
SUMMARY_FIELDS = (("decisions", "view.review.decisions"), ("best", "view.review.best"),
                  ("mean", "view.review.mean"), ("luck", "view.review.luck"),
                  ("inaccuracy", "view.review.inaccuracy"), ("mistake", "view.review.mistake"),
                  ("blunder", "view.review.blunder"))


class PanelsDrawing:
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
            summary = game.summary()
            self._button(buttons, t("view.kept.resume"), "resume", t("view.kept.resume_label", game=summary))
            self._button(buttons, t("view.kept.delete"), "delete", t("view.kept.delete_label", game=summary))
            confirm = self.doc.createElement("div")
            confirm.className = "actions kept-confirm"
            confirm.hidden = True
            question = self.doc.createElement("span")
            question.id = f"kept-ask-{i}"
            question.textContent = t("view.kept.ask")
            confirm.append(question)
            self._button(confirm, t("view.kept.confirm"), "confirm").setAttribute("aria-describedby", question.id)
            self._button(confirm, t("view.kept.keep"), "keep")
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

    def _render_review(self, ctl) -> None:
        """The review panel: progress, the graph, the summary and the decisions it names."""
        review = ctl.reviews.review
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
        focus = ctl.reviews.focus
        key = (id(review), review.state, review.data is not None, focus, ctl.gen)
        if key == self._review_key:
            return
        self._review_key = key
        have = review.data is not None
        for name in ("chart", "key", "summary"):
            self._set(f"review-{name}", els[name], "hidden", None if have else "")
        names = ctl.reviews.names()
        decisions = review.decisions
        # the graph from the side of the player at this device; White's when nobody here played
        you = ctl.table.you
        self._set("review-graph", els["graph"], "data-decisions", str(len(decisions)))
        self._set("review-graph", els["graph"], "data-side", you or "w")
        els["graph-label"].textContent = review.graph_label(you)
        self._text("review-axis", els["axis"], t("view.review.axis_you") if you else t("view.review.axis_white"))
        self._text("review-ahead", els["ahead"], t("view.review.ahead_you", other=SIDE_NAMES["b" if you == "w" else "w"])
                   if you else t("view.review.ahead_white"))
        points = review.points(you or "w")
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
            th.textContent = row["who"]
            tr.append(th)
            for field, label in SUMMARY_FIELDS:
                td = self.doc.createElement("td")
                td.setAttribute("data-field", field)
                td.setAttribute("data-label", t(label))  # a phone shows each side as a card: label, value
                td.textContent = in_digits(row[field]) if isinstance(row[field], (int, float)) else str(row[field])
                if field == "mean":
                    td.setAttribute("title", rating_scale(review.data.get("scale")))  # what the skill's names mean
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
        clean = review.clean_text(names)
        self._text("review-clean", els["clean"], clean)
        self._set("review-clean", els["clean"], "hidden", None if clean else "")
        ticks = els["ticks"]
        ticks.replaceChildren()
        for turn, share in review.turn_ticks():
            tick = self.doc.createElement("span")
            tick.textContent = in_digits(turn)
            # the graph's viewBox has 4 units of margin on each side of its 300
            tick.setAttribute("style", f"left: {(4 + share * 300) / 308 * 100:.2f}%")
            ticks.append(tick)
        text = review.decision_text(focus, names) if focus is not None else ""
        self._text("review-decision", els["decision"], text)
        self._set("review-decision", els["decision"], "hidden", None if text else "")
        self._set("review-legend", els["legend"], "hidden", None if ctl.reviews.better_move is not None else "")

    def offer_tutorial(self, show: bool) -> None:
        """The first visit's offer of the tutorial, first in the side panel. app/view/theme.js
        shows it from the first paint on what looks like a first visit (<html
        class="offering">): the class follows the answer here, so both agree."""
        self.offer_box.hidden = not show
        self.root.classList.toggle("offering", show)

    @property
    def offering(self) -> bool:
        return not self.offer_box.hidden

    def _render_tutorial(self, ctl) -> None:
        """The tutorial's panel: the lesson, what to do now, Back, Next or Finish, Skip.
        When a lesson is done, focus goes to Next (or Finish)."""
        tutorial = ctl.table.tutorial
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
        """The move log, when the record changed: only the turns whose lines changed are
        built again (the turn under way, the turns an undo removed), so a move late in a
        long game costs what a move early in it costs."""
        if self.log_later:  # a long game resumed: its words come after the board (app/main.py)
            self._text("log-empty", self.log_empty, t("view.log.later"))
            self.log_empty.hidden = False
            return
        self._text("log-empty", self.log_empty, t("view.log.empty"))
        entries = ctl.table.game.entries
        key = (ctl.gen, len(entries), entries[-1] if entries else None, ctl.table.replay is not None)
        if key == self._log_key:
            return
        self._log_key = key
        wanted = ctl.log_groups()  # oldest turn first; a turn that did not change is the same tuple
        shown = self._log_groups  # [(content, li)], oldest first, as the list holds them
        # A turn the move log kept since it was drawn is the very tuple drawn, and so is
        # every turn before it (app/words/move_log.py groups again from the first turn that
        # changed): the last such turn is found by halving, not by a look at every turn of
        # a long game. From there the turns are compared one by one. A turn grouped again
        # but equal keeps its element and takes the move log's new tuple: the turn under
        # way is grouped again at every call, so without that, the first turn drawn while
        # under way would stop the halving and every drawing would compare every turn.
        keep, end = 0, min(len(shown), len(wanted))
        while keep < end:
            mid = (keep + end) // 2
            if shown[mid][0] is wanted[mid]:
                keep = mid + 1
            else:
                end = mid
        while keep < len(shown) and keep < len(wanted):
            content = wanted[keep]
            if shown[keep][0] is not content:
                if shown[keep][0] != content:
                    break
                shown[keep] = (content, shown[keep][1])
            keep += 1
        for _content, li in shown[keep:]:
            li.remove()
        del shown[keep:]
        for content in wanted[keep:]:
            li = self._log_group(content)
            self.log_list.prepend(li)  # newest first
            shown.append((content, li))
        current = shown[-1][1] if shown and not ctl.table.game.over else None
        if current is not self._log_current:
            if self._log_current is not None:
                self._log_current.removeAttribute("class")
            if current is not None:
                current.className = "current"
            self._log_current = current
        self.log_empty.hidden = bool(shown)

    def _log_group(self, content):
        """One turn of the move log: its heading and its lines as buttons, newest first."""
        number, who, steps = content
        li = self.doc.createElement("li")
        head = self.doc.createElement("p")
        head.className = "log-who"
        head.textContent = t("view.log.turn", number=number, who=who) if number else who
        head.setAttribute("data-turn", str(number))
        head.setAttribute("data-now", t("view.log.this_turn"))  # styles/app.css shows it after the turn under way's
        sub = self.doc.createElement("ol")
        sub.setAttribute("aria-label", t("view.log.turn_label", number=number, who=who) if number else who)
        for step, text, mark in steps:
            item = self.doc.createElement("li")
            button = self.doc.createElement("button")
            button.type = "button"
            button.setAttribute("data-log-step", str(step))
            button.textContent = text
            button.setAttribute("aria-label", t("view.log.step", text=text, mark=mark_name(mark, False)))
            item.append(button)
            sub.append(item)
        li.append(head, sub)
        return li

    def _render_history(self, ctl) -> None:
        """Undo and redo buttons, and the replay panel."""
        ready = self.ready
        for name, ok in (("undo", ctl.history.can_undo), ("redo", ctl.history.can_redo), ("resign", ctl.history.can_resign)):
            self._set(f"b-{name}", self.undo_buttons[name], "disabled", None if ready and ok else "")
        off = ctl.history.no_takebacks and ctl.history.against_computer
        self._set("b-undo-title", self.undo_buttons["undo"], "title",
                  t("view.undo.off") if off else t("view.undo.title"))
        replay = ctl.table.replay
        self._set("replay", self.replay_box, "hidden", None if replay is not None else "")
        if replay is not None:
            self.root.classList.add("replaying")
            self._text("replay-step", self.replay_step, ctl.replays.label())
            for name, ok in (("start", replay.step > 0), ("back", replay.step > 0),
                             ("forward", replay.step < replay.last), ("end", replay.step < replay.last),
                             ("play", not ctl.table.game.over), ("auto", replay.last > 0)):
                self._set(f"b-replay-{name}", self.replay_buttons[name], "disabled", None if ok else "")
            playing = ctl.replays.autoplay is not None
            auto = self.replay_buttons["auto"]
            self._set("b-replay-auto", auto, "data-playing", "true" if playing else "false")
            self._text("b-replay-auto", auto, t("view.replay.pause") if playing else t("view.replay.play"))
            if self.replay_speed.value != ctl.replays.speed:
                self.replay_speed.value = ctl.replays.speed
        else:
            self.root.classList.remove("replaying")

    def _render_over(self, ctl) -> None:
        over = ctl.table.game.over and ctl.table.replay is None and ctl.table.tutorial is None
        self._set("over", self.game_over, "hidden", None if over else "")
        if over:
            result = ctl.table.game.result
            if result == "draw":
                title, detail = t("view.over.draw_title"), t("view.over.draw", reason=ctl.draw_reason)
            else:
                white = result == "w"
                name = self._over_name(ctl, ctl.table.seat_of(result))
                loser = "b" if white else "w"
                other = self._over_name(ctl, ctl.table.seat_of(loser))
                you_won, you_lost = ctl.table.is_you(ctl.table.seat_of(result)), ctl.table.is_you(ctl.table.seat_of(loser))
                if you_won:
                    title = t("view.over.you_beat", name=other)
                    detail = t("view.over.you_win_white") if white else t("view.over.you_win_black")
                else:
                    title = t("view.over.beat_you", name=name) if you_lost else t("view.over.wins", name=name)
                    detail = t("view.over.wins_white", name=name) if white else t("view.over.wins_black", name=name)
                conceded = ctl.table.game.conceded
                if conceded is not None and conceded[1] == "resigned":
                    if you_lost:
                        detail = t("view.over.resigned_you", detail=detail)
                    else:  # the loser's side by its colour (Table.actor)
                        detail = t("view.over.resigned_black", detail=detail) if white else \
                            t("view.over.resigned_white", detail=detail)
                if ctl.penalty is not None:  # the loser's penalty
                    detail = n("view.over.penalty_black", ctl.penalty, detail=detail) if white else \
                        n("view.over.penalty_white", ctl.penalty, detail=detail)
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

    @staticmethod
    def _over_name(ctl, seat) -> str:
        """A seat's name in the game-over title: the Expert's seat, unnamed, where Average
        stood in during the game is named for both (the game counts as Average's)."""
        table = ctl.table
        name = table.seat_name(seat)
        kind = table.kind(seat)
        if table.stood_in and kind in WORKER_KINDS and name == KIND_NAMES[kind]:
            return t("view.over.stood_in", weaker=KIND_NAMES[STAND_IN], player=name)
        return name

    def _render_summary(self, ctl) -> None:
        """The game in numbers: turns, bumps made and suffered, pieces lost to the water."""
        facts = ctl.summary()
        turns = facts['turns']
        rows = [t("view.summary.turns", turns=count_words(turns))]
        for colour in ("w", "b"):
            seat = ctl.table.seat_of(colour)
            if seat is None:
                continue
            side = facts[colour]
            if ctl.table.is_you(seat):
                text = n("view.summary.bumps_you", side["bumps"],
                         bumped=n("view.summary.bumped_you", side["bumped"]))
            else:
                text = n("view.summary.bumps", side["bumps"], name=ctl.table.seat_name(seat),
                         bumped=n("view.summary.bumped", side["bumped"]))
            if ctl.table.rules.water_square is not None:
                rows.append(t("view.summary.row_water", bumps=text, water=n("view.summary.water", side["water"])))
            else:
                rows.append(t("view.summary.row", bumps=text))
        self.game_over_summary.replaceChildren()
        for row in rows:
            li = self.doc.createElement("li")
            li.textContent = row
            self.game_over_summary.append(li)
        line = self.record_line(ctl) if self.record_line is not None and ctl.table.replay is None else ""
        self.game_over_record.textContent = line or ""
