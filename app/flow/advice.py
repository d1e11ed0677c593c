"""Hints and the win meter: the Expert's ranking of the human's choices, asked of the
worker (never of this thread: the Expert would freeze the page) at a human's turn when
the settings ask for them. The answer is kept on the table it was asked for
(``Table.advice``), so a replay or a lesson never mixes it up. Free of the DOM.
"""

import asyncio
import json

import senet
from app.flow.turn_loop import awaited


class Advice:
    """The settings (``hints``, ``meter``) and the calls to the worker's ``analyse``
    ((position) -> JSON [[action or "throw", p], ...]) for the Controller ``ctl``."""

    def __init__(self, ctl, analyse=None):
        self.ctl = ctl
        self.analyse = analyse
        self.hints = False  # settings: the Expert's suggestion, and the win meter
        self.meter = False
        self.once = None  # the state the Hint button asked a suggestion for (hints off)

    def set(self, hints: bool, meter: bool) -> None:
        self.hints, self.meter = bool(hints), bool(meter)
        self.ctl.table.analysed = None
        self.ctl.view.render(self.ctl)
        self.consider()

    @property
    def real_choice(self) -> bool:
        """The human to act has more than one thing to do (a hint is worth giving)."""
        state = self.ctl.table.state
        if state.throw is not None:
            return len(state.legal_actions()) > 1
        return bool(state.pre_throw_actions())

    def now(self):
        """(state, action, win probability, exact) for the state shown, or None."""
        table = self.ctl.table
        advice = table.advice
        return advice if advice is not None and advice[0] is table.state else None

    @property
    def asked(self) -> bool:
        """A suggestion is wanted for the state shown: hints are on, or the Hint button
        asked for this one."""
        return self.hints or (self.once is not None and self.once is self.ctl.table.state)

    @property
    def hint(self):
        """The Expert's suggestion for the human to act: a move, "rescue" or "throw"."""
        advice = self.now()
        return advice[1] if advice and self.asked and self.real_choice else None

    @property
    def offered(self) -> bool:
        """The Hint button is worth showing: hints are off, and the human to act in the
        live game has a real choice the worker's Expert can weigh (no lesson, no replay)."""
        ctl = self.ctl
        table = ctl.table
        if self.analyse is None or self.hints or table is not ctl.live or table.tutorial is not None:
            return False
        if table.replay is not None or ctl.turn_loop.worker_down or not table.human_to_act:
            return False
        return not table.state.opening and self.real_choice

    def ask(self) -> bool:
        """The Hint button: the Expert's suggestion for this decision alone (the setting
        gives one at every turn); False when none can be asked for now."""
        if not self.offered or self.once is self.ctl.table.state:
            return False
        self.once = self.ctl.table.state
        self.consider()
        self.ctl.view.render(self.ctl)
        return True

    @property
    def hint_move(self):
        text = self.hint
        if text is None or text == "throw":
            return None
        try:
            return senet.parse_move(text)
        except senet.SenetError:
            return None

    @property
    def unavailable(self) -> str:
        """Why hints and the meter, asked for, cannot come at the human's turn of the live
        game: "start" (the Expert, who gives them, could not start) or "answer" (it
        stopped answering); "" when they can, or are not asked for."""
        ctl = self.ctl
        loop = ctl.turn_loop
        if not (self.hints or self.meter) or not loop.worker_down or ctl.table is not ctl.live:
            return ""
        if not ctl.table.human_to_act or ctl.table.state.opening:
            return ""
        return loop.down_why or "answer"

    @property
    def pending(self) -> bool:
        """An analysis was asked for this state and has not come back yet."""
        table = self.ctl.table
        return (self.asked or self.meter) and table.analysed is table.state and self.now() is None

    @property
    def win_prob(self):
        """The Expert's estimate that the side to act wins (a draw counts one half)."""
        advice = self.now()
        return advice[2] if advice and self.meter else None

    @property
    def exact(self) -> bool:
        """The advice shown comes from the exact endgame tables (docs/endgames.md): the
        hint is a best action and the meter's chance is exact, not an estimate."""
        advice = self.now()
        return bool(advice and advice[3])

    def consider(self) -> None:
        """On a human's turn, ask the worker's Expert for its ranking when hints or the
        meter are on."""
        ctl = self.ctl
        if self.analyse is None or ctl.table.replay is not None or ctl.turn_loop.worker_down or ctl.table.tutorial is not None:
            return
        if not (self.asked or self.meter) or not ctl.table.human_to_act or ctl.table.state.opening:
            return
        table = ctl.table
        state = table.state
        if table.analysed is state or (not self.meter and not self.real_choice):
            return
        table.analysed = state
        ctl.turn_loop.spawn(self._analyse(state, ctl.gen))

    async def _analyse(self, state: senet.State, gen: int) -> None:
        ctl = self.ctl
        loop = ctl.turn_loop
        try:
            if loop.before_think is not None:
                await loop.before_think()
            if gen != ctl.gen or ctl.table.state is not state:
                return  # the game moved on while the worker was busy: ask nothing
            text = await asyncio.wait_for(awaited(self.analyse(state.position())), loop.think_timeout)
            ranked = json.loads(str(text))
            action, prob = str(ranked[0][0]), float(ranked[0][1])
            exact = ranked[0][2:] == ["exact"]  # the worker marks the tables' answers
        except Exception as exc:  # no hint this time; the game is not affected
            if gen == ctl.gen and ctl.table.state is state:
                ctl.table.advice = (state, None, None, False)
                ctl.view.report_error(f"no hint: {exc}")
                ctl.view.render(ctl)
            return
        if gen != ctl.gen or ctl.table.state is not state:
            return
        ctl.table.advice = (state, action, prob, exact)
        ctl.view.render(ctl)
