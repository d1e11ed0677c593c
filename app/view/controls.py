"""The controls' part of the View: the sticks, the throw, rescue and pass buttons, the
prompt, the players, the hint and the win meter, and the fair throws box. A mixin of
app/view/view.py's View."""

from app.flow.controller import COLOUR, KIND_NAMES, NUMBER_WORDS
from app.view.board import SHAPE, SYMBOLS
from app.words.names import REMOTE

STICK_LIGHT, STICK_DARK = f"{SYMBOLS}#stick-light", f"{SYMBOLS}#stick-dark"


class ControlsDrawing:
    def _render_fair(self, ctl) -> None:
        """The game's information on its throws (docs/fair-throws.md): the commitment,
        the phrase (a box while it may change), the seed once revealed."""
        info = ctl.fair.info()
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

    @staticmethod
    def _dst_text(dst: int) -> str:
        return "off the board" if dst == 31 else f"square {dst}"

    @staticmethod
    def _top_supply(ctl, side):
        in_supply = sorted(ctl.table.tracker.at("supply", side), key=lambda p: int(p[1:]))
        return in_supply[-1] if in_supply else None

    def _render_controls(self, ctl) -> None:
        ready = self.ready
        throw = self.buttons["throw"]
        can_throw = ready and ctl.table.can_throw
        self._set("b-throw", throw, "disabled", None if can_throw else "")
        label = "Throw for colours" if ctl.table.state.opening else "Throw the sticks"
        self._text("b-throw", throw, label)
        self._set("b-rescue", self.buttons["rescue"], "hidden", None if ready and ctl.table.can_rescue else "")
        self._set("b-pass", self.buttons["pass"], "hidden", None if ready and ctl.table.must_pass else "")
        self._text("prompt", self.prompt, self.prompt_text(ctl) if ready else "")
        if ctl.table.throws != self._throws_seen:
            self._throws_seen = ctl.table.throws
            self._jumps_seen = ctl.table.jumps
            self._set_sticks(ctl.table.sticks, ctl.table.last_throw, animate=True)
        elif ctl.table.jumps != self._jumps_seen:  # undo, redo, a replay step: no toss
            self._jumps_seen = ctl.table.jumps
            self._set_sticks(ctl.table.sticks, ctl.table.last_throw)
        self._render_throw_left(ctl)

    def _render_throw_left(self, ctl) -> None:
        """Piccione's "3 left" and a throw owed (P2, P8) by the sticks, also in their label.
        The box is shown for the whole game of a rule set that uses throws in parts."""
        self._set("throw-left", self.throw_left, "hidden", None if ctl.table.rules.throw_in_parts else "")
        words = ctl.throw_words
        for i, (el, text) in enumerate(zip(self.throw_left_parts, words)):
            self._text(("throw-left", i), el, text)
        extra = "".join(f", {text}" for text in words if text)
        self._set("sticks", self.sticks_box, "aria-label", self.sticks_label + extra)

    @property
    def thinking_word(self):
        """A computer seat waits for the worker to boot, or thinks."""
        return "getting ready" if self.worker_starting else "thinking"

    def prompt_text(self, ctl) -> str:
        """What the player to act should do now (not spoken: focus goes to the control)."""
        if ctl.table.tutorial is not None and ctl.table.tutorial.done:
            return "Lesson done: Finish takes you back to your game." if ctl.table.tutorial.last else \
                "Lesson done: Next goes on to the next lesson."
        seat = ctl.table.seat_to_act
        if seat is None:
            return ""
        name = ctl.table.seat_name(seat)
        you = name == "You"
        if ctl.table.thinking == seat:
            return f"{name} is {self.thinking_word}\u2026"
        if not ctl.table.human_to_act:
            return f"{name} to play\u2026"
        who = "Your turn" if you else f"{name}'s turn"
        if ctl.table.state.opening:
            return f"{who}: throw for colours. The first to throw a 1 plays black."
        if ctl.table.can_throw and ctl.table.can_rescue:
            return f"{who}: throw the sticks, or rescue your piece from the water."
        if ctl.table.can_throw:
            return f"{who}: throw the sticks."
        if ctl.table.must_pass:
            return "No move with this throw: the turn passes."
        if ctl.table.selected is not None:
            return "Choose where to move it."
        return f"{who}: choose a piece to move."

    def _set_sticks(self, sticks, value, animate: bool = False) -> None:
        pattern = sticks or (False, False, False, False)
        for i, (use, light) in enumerate(zip(self.stick_uses, pattern)):
            self._set(("stick", i), use, "href", STICK_LIGHT if light else STICK_DARK)
        self._text("throw-value", self.throw_value, "" if value is None else str(value))
        if value is None:
            label = "The throwing sticks, not thrown yet"
        else:
            light = sum(1 for s in pattern if s)
            sides = f"{NUMBER_WORDS.get(light, light)} light side{'s' if light != 1 else ''} up" if light \
                else "no light side up"
            label = f"Last throw: {value} ({sides})"
        self.sticks_label = label
        self._set("sticks", self.sticks_box, "aria-label", label)
        if animate:  # the other of the two toss animations: it starts again, no layout forced
            self._toss = "b" if self._toss == "a" else "a"
            self.sticks_box.setAttribute("data-toss", self._toss)

    def _render_players(self, ctl) -> None:
        acting = ctl.table.seat_to_act
        result = ctl.table.game.result
        for seat, el in self.players.items():
            token, name_el, kind_el, turn_el = self.player_parts[seat]
            colour = ctl.table.colour_of(seat)
            kind = ctl.table.kind(seat)
            shape = SHAPE[colour] if colour else ("piece-spool" if seat == 1 else "piece-cone")
            self._set(("tok", seat), token, "href", f"{SYMBOLS}#{shape}")
            classes = ["player", COLOUR[colour] if colour else "undrawn"]
            if acting == seat:
                classes.append("active")
            if result and colour == result:
                classes.append("winner")
            self._set(("pl", seat), el, "class", " ".join(classes))
            self._text(("name", seat), name_el, ctl.table.seat_name(seat))
            if kind == REMOTE:
                kind_text = "on another device"
            else:
                kind_text = "human" if kind == "human" else f"computer: {KIND_NAMES[kind].lower()}"
            colour_text = COLOUR[colour] if colour else ("throws first" if seat == 1 else "throws second")
            odd = ctl.table.state.odd
            if odd and colour:
                colour_text += " · odd squares" if odd == colour else " · even squares"
            self._text(("kind", seat), kind_el, f"{colour_text} · {kind_text}")
            if result and result == colour:
                turn = "winner"
            elif ctl.table.thinking == seat:
                turn = f"{self.thinking_word}\u2026"
            elif acting == seat:
                turn = "to play"
            else:
                turn = ""
            self._text(("turn", seat), turn_el, turn)

    def _render_advice(self, ctl) -> None:
        """Hints and the win meter (settings), from the Expert's analysis in the worker."""
        hint, prob = ctl.advice.hint, ctl.advice.win_prob
        pending = ctl.advice.pending
        show_hint = hint is not None or (pending and ctl.advice.hints and ctl.advice.real_choice)
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
            seat = ctl.table.seat_to_act
            name = ctl.table.seat_name(seat) if seat is not None else ""
            whose = "Your" if name == "You" else f"{ctl.side_name(ctl.table.state.side)}'s"
            self._text("meter-label", self.meter_label, f"{whose} chance to win")
            self._set("meter", self.meter, "value", f"{prob:.3f}")
            self._text("meter-value", self.meter_value, f"{round(prob * 100)}%")

    @staticmethod
    def hint_words(ctl, hint: str) -> str:
        if hint == "throw":
            return "throw the sticks."
        if hint == "rescue":
            return "rescue your piece from the water."
        move = ctl.advice.hint_move
        if move is None:
            return hint
        src = "the piece from the supply" if move.src == 0 else f"the piece on {move.src}"
        dst = "off the board" if move.dst == 31 else f"to square {move.dst}"
        return f"move {src} {dst}."
