"""The controls' part of the View: the sticks, the throw, rescue and pass buttons, the
prompt, the players, the hint and the win meter, and the fair throws box. A mixin of
app/view/view.py's View."""

from app.view.board import SHAPE, SYMBOLS
from app.view.board_words import list_text
from app.words.names import COLOUR, KIND_NAMES, REMOTE, STAND_IN, WORKER_KINDS
from senet.words import n, t
from senet.words import number as in_digits

STICK_LIGHT, STICK_DARK = f"{SYMBOLS}#stick-light", f"{SYMBOLS}#stick-dark"
# The sticks' label after a throw, by the number of light sides up (senet/words).
LAST_THROW = ("view.sticks.light_0", "view.sticks.light_1", "view.sticks.light_2", "view.sticks.light_3",
              "view.sticks.light_4")
# A player's kind under its name (senet/words), by names.KINDS (and REMOTE).
KIND_TEXT = {"human": "view.player.human", "novice": "view.player.novice", "average": "view.player.average",
             "expert": "view.player.expert", REMOTE: "view.player.remote"}


class ControlsDrawing:
    def _render_fair(self, ctl) -> None:
        """The game's information on its throws (docs/fair-throws.md): the commitment,
        the phrase (a box while it may change), the seed once revealed."""
        info = ctl.fair.info()
        fair = self.fair
        self._text("fair-summary", fair["summary"], info["summary"])
        self._text("fair-note", fair["note"], info["note"])
        self._text("fair-commit", fair["commit"], info["commit"] or t("view.fair.no_commit"))
        phrase = info["phrase"]
        self._text("fair-phrase-text", fair["phrase-text"],
                   "" if info["editable"] else (t("view.fair.phrase", phrase=phrase) if phrase else t("view.fair.no_phrase")))
        self._set("fair-phrase-edit", fair["phrase-edit"], "hidden", None if info["editable"] else "")
        key = (ctl.gen, phrase)
        if key != self._fair_key:
            if self._fair_key is None or self._fair_key[0] != ctl.gen:
                self.fair_message("")
            self._fair_key = key
            fair["phrase"].value = phrase
        seed = info["seed"] or (t("view.fair.seed_later") if info["committed"] else t("view.fair.seed_hidden"))
        self._text("fair-seed", fair["seed"], seed)

    def fair_message(self, text: str) -> None:
        """The line under the game's information on its throws (Verify's answer)."""
        self._text("fair-message", self.fair["message"], text)

    @staticmethod
    def _top_supply(ctl, side):
        in_supply = sorted(ctl.table.tracker.at("supply", side), key=lambda p: int(p[1:]))
        return in_supply[-1] if in_supply else None

    def _render_controls(self, ctl) -> None:
        ready = self.ready
        throw = self.buttons["throw"]
        can_throw = ready and ctl.table.can_throw
        self._set("b-throw", throw, "disabled", None if can_throw else "")
        label = t("view.throw.colours") if ctl.table.state.opening else t("view.throw.sticks")
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
        self._set("sticks", self.sticks_box, "aria-label", list_text([self.sticks_label] + [w for w in words if w]))

    def prompt_text(self, ctl) -> str:
        """What the player to act should do now (not spoken: focus goes to the control)."""
        if ctl.table.tutorial is not None and ctl.table.tutorial.done:
            return t("view.prompt.lesson_finish") if ctl.table.tutorial.last else t("view.prompt.lesson_next")
        seat = ctl.table.seat_to_act
        if seat is None:
            return ""
        name = ctl.table.seat_name(seat)
        you = ctl.table.is_you(seat)  # "You" in any language
        if ctl.table.thinking == seat:  # a computer seat waits for the worker to boot, or thinks
            return t("view.prompt.getting_ready", name=name) if self.worker_starting else \
                t("view.prompt.thinking", name=name)
        if not ctl.table.human_to_act:
            return t("view.prompt.to_play", name=name)
        if ctl.table.state.opening:
            return t("view.prompt.opening_you") if you else t("view.prompt.opening", name=name)
        if ctl.table.can_throw and ctl.table.can_rescue:
            return t("view.prompt.throw_or_rescue_you") if you else t("view.prompt.throw_or_rescue", name=name)
        if ctl.table.can_throw:
            return t("view.prompt.throw_you") if you else t("view.prompt.throw", name=name)
        if ctl.table.must_pass:
            return t("view.prompt.pass")
        if ctl.table.selected is not None:
            # a throw used in parts (Piccione, P2): the nearer targets are part of it, and
            # the moment of choice is where a newcomer needs to hear that
            if ctl.table.rules.throw_in_parts and len(ctl.table.targets) > 1:
                return t("view.prompt.choose_square_parts")
            return t("view.prompt.choose_square")
        return t("view.prompt.choose_piece_you") if you else t("view.prompt.choose_piece", name=name)

    def _set_sticks(self, sticks, value, animate: bool = False) -> None:
        pattern = sticks or (False, False, False, False)
        for i, (use, light) in enumerate(zip(self.stick_uses, pattern)):
            self._set(("stick", i), use, "href", STICK_LIGHT if light else STICK_DARK)
        self._text("throw-value", self.throw_value, "" if value is None else in_digits(value))
        if value is None:
            label = t("view.sticks.unthrown")
        else:
            light = sum(1 for s in pattern if s)
            label = t(LAST_THROW[light], value=value) if light < len(LAST_THROW) else \
                n("view.sticks.light", light, value=value)
        self.sticks_label = label
        self._set("sticks", self.sticks_box, "aria-label", label)
        if animate:  # the other of the two toss animations: it starts again, no layout forced
            self._toss = "b" if self._toss == "a" else "a"
            self.sticks_box.setAttribute("data-toss", self._toss)

    def _render_players(self, ctl) -> None:
        acting = ctl.table.seat_to_act
        result = ctl.table.game.result
        # the worker is down: Average decides for the live game's Expert seats on the page
        stand_in = ctl.turn_loop.worker_down and ctl.table is ctl.live
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
            if colour:
                parts = [t("view.player.white") if colour == "w" else t("view.player.black")]
            else:
                parts = [t("view.player.first") if seat == 1 else t("view.player.second")]
            odd = ctl.table.state.odd
            if odd and colour:
                parts.append(t("view.player.odd") if odd == colour else t("view.player.even"))
            if kind in WORKER_KINDS and stand_in:  # who plays the seat now: Average, in the Expert's place
                parts.append(t("view.player.stand_in", weaker=KIND_NAMES[STAND_IN], player=KIND_NAMES[kind]))
            elif seat == ctl.table.here:  # in a game between two devices: "on this device"
                parts.append(t("view.player.here"))
            else:
                parts.append(t(KIND_TEXT[kind]))
            self._text(("kind", seat), kind_el, " · ".join(parts))
            if result and result == colour:
                turn = t("view.player.winner")
            elif ctl.table.thinking == seat:
                turn = t("view.player.getting_ready") if self.worker_starting else t("view.player.thinking")
            elif acting == seat:
                turn = t("view.player.to_play")
            else:
                turn = ""
            self._text(("turn", seat), turn_el, turn)

    def _render_advice(self, ctl) -> None:
        """Hints and the win meter (settings), from the Expert's analysis in the worker; when
        the worker is down, a line saying they are unavailable, and why."""
        hint, prob = ctl.advice.hint, ctl.advice.win_prob
        pending = ctl.advice.pending
        show_hint = hint is not None or (pending and ctl.advice.asked and ctl.advice.real_choice)
        show_meter = prob is not None
        unavailable = ctl.advice.unavailable
        offer = self.ready and ctl.advice.offered and hint is None and not (pending and ctl.advice.asked)
        self._set("hint-button", self.hint_button, "hidden", None if offer else "")
        self._set("advice", self.advice, "hidden",
                  None if self.ready and (show_hint or show_meter or unavailable or offer) else "")
        text = ""
        exact = ctl.advice.exact  # from the exact endgame tables: said, not an estimate
        if unavailable:
            text = t("view.advice.not_started" if unavailable == "start" else "view.advice.stopped")
        elif hint is not None:
            text = self.hint_words(ctl, hint)
            if exact:
                text = t("view.hint.exact", hint=text)
        elif show_hint:
            text = t("view.hint.thinking")
        self._text("hint-text", self.hint_text, text)
        self._set("hint-text", self.hint_text, "hidden", None if text else "")
        self._set("meter-box", self.meter_box, "hidden", None if show_meter else "")
        if show_meter:
            if ctl.table.is_you(ctl.table.seat_to_act):
                label = t("view.meter.you")
            else:
                label = t("view.meter.white") if ctl.table.state.side == "w" else t("view.meter.black")
            self._text("meter-label", self.meter_label, label)
            self._set("meter", self.meter, "value", f"{prob:.3f}")
            key = "view.meter.percent_exact" if exact else "view.meter.percent"
            self._text("meter-value", self.meter_value, t(key, percent=round(prob * 100)))

    @staticmethod
    def hint_words(ctl, hint: str) -> str:
        """The hint line: the Expert's suggestion in words."""
        if hint == "throw":
            return t("view.hint.throw")
        if hint == "rescue":
            return t("view.hint.rescue")
        move = ctl.advice.hint_move
        if move is None:
            return t("view.hint.other", hint=hint)
        if move.src == 0:
            return t("view.hint.enter_off") if move.dst == 31 else t("view.hint.enter", to=move.dst)
        if move.dst == 31:
            return t("view.hint.bear_off", square=move.src)
        return t("view.hint.move", square=move.src, to=move.dst)
