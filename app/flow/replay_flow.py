"""Replays on the board: a record (the game in progress, or an imported one) shown step
by step on a Table of its own (app/flow/table.py) while the live game's waits aside; the
replay playing itself; playing on from a step. The record and the step shown are
app/game/replay.py's Replay. Free of the DOM.
"""

from app.flow.setup import Setup
from app.flow.table import Table
from app.game.counting import moment_name, replay_label
from app.game.pieces import place_of_square
from app.game.replay import REPLAY_SPEEDS, Replay, game_prefix, recorded_seats, step_seconds
from app.words.names import rules_name
from app.words.narration import result_text, resume_text, said, sentence, sentences, settled
from senet import turns
from senet.describe import events as action_events
from senet.session import Session
from senet.words import t


class ReplayFlow:
    """Opens, steps through and closes the replays of the Controller ``ctl``."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.speed = "1"  # settings: how fast a replay plays itself (REPLAY_SPEEDS)
        self.autoplay = None  # the replay is playing itself: its run's number
        self._runs = 0

    def open(self, game, step=None, own: bool = False) -> None:
        """Show ``game`` (a replayed record) step by step; the game in progress waits,
        untouched, until close() or play_on(). ``own``: it is that game."""
        ctl = self.ctl
        ctl.lessons.leave()
        live = ctl.live
        seats = dict(live.session.seats) if own else recorded_seats(game)
        last = len(game.entries)
        replay = Replay(game, last if step is None else max(0, min(step, last)), own)
        shown = game_prefix(game, replay.step)
        setup = Setup(game.variant, (seats[1].kind, seats[2].kind), (seats[1].name, seats[2].name),
                      game.seed, live.setup.speed, None, live.setup.expert_nodes)
        ctl.show(Table(Session(game.variant, seats, game=shown), setup, ctl.new_game_id(), True, replay=replay))
        self.show_step(None)

    def go(self, step: int, auto: bool = False) -> None:
        """Show step ``step`` of the replay; a step the player takes (not ``auto``) pauses
        the replay playing itself."""
        table = self.ctl.table
        replay = table.replay
        if replay is None:
            return
        if not auto:
            self.autoplay = None
        step = max(0, min(step, replay.last))
        before = replay.step
        replay.step = step
        game = game_prefix(replay.full, step)
        table.session = Session(game.variant, table.session.seats, game=game)
        self.show_step(before)

    def show_step(self, before) -> None:
        ctl = self.ctl
        table = ctl.table
        replay = table.replay
        game, step = replay.full, replay.step
        entry = game.entries[step - 1] if step else None
        forward = before is not None and step == before + 1 and entry is not None
        if forward and entry.action is not None:
            mover = game.states[step - 1].side
            table.tracker.update(table.state, entry.action, mover)
        else:
            table.tracker.update(table.state)
        table.selected = table.preview = None
        table.thinking = None
        table.last_move = None
        if entry is not None and entry.action is not None and not entry.action.is_special:
            table.last_move = (place_of_square(entry.action.src), place_of_square(entry.action.dst))
        table.last_throw = entry.throw if entry is not None else None
        table.sticks = None if table.last_throw is None else tuple(
            i < (0 if table.last_throw > 4 else table.last_throw) for i in range(4))
        table.jumps += 1
        ctl.announce(self.step_text())
        ctl.view.render(ctl)

    def step_text(self) -> str:
        """What the replay step shows, in words; with the review's word on the decision
        taken there when the review shows it."""
        text = self._step_words()
        review = self.ctl.reviews
        index = review.focus
        if index is not None:
            text = t("flow.replay.with_review", text=text, review=review.review.decision_text(index, review.names()))
        return text

    def label(self) -> str:
        """The replay's counter (app/game/counting.py): "Turn 14 of 122"; while the review speaks
        of the decision taken at the position shown, the turn of that decision, "before the
        move" (the review's item and the counter then name the same turn)."""
        replay = self.ctl.table.replay
        if replay is None:
            return ""
        return replay_label(replay.full, replay.step, before=self.ctl.reviews.focus is not None)

    def _step_words(self) -> str:
        table = self.ctl.table
        replay = table.replay
        game, step = replay.full, replay.step
        if step == 0:
            return t("flow.replay.start", label=self.label(), rules=rules_name(table.rules))
        head = t("flow.replay.head", label=self.label())
        entry = game.entries[step - 1]
        before = game.states[step - 1]
        if entry.draw:
            return sentences([head, t("flow.throw.draw", name=table.seat_name(1 if entry.side == 'w' else 2),
                                      value=entry.throw)])
        text = head
        if entry.throw is not None:
            text = sentences([text, t("flow.throw.thrown", actor=table.actor(entry.side), value=entry.throw)])
            if before.throw is None:
                before = turns.after_throw(before, entry.throw)
        if entry.action is not None:
            after = game.states[step]
            events = [e for e in action_events(before, entry.action, after) if not settled(e)]
            text = sentences([text] + [sentence(e) for e in said(table, events, before.side)])
        if step == replay.last and game.over:
            text = sentences([text, result_text(table)])
        return text

    def open_log_step(self, step: int) -> None:
        """A log entry was chosen: replay the game at that moment (in a replay: go there)."""
        ctl = self.ctl
        ctl.lessons.leave()
        if ctl.table.replay is not None:
            self.go(step)
            return
        self.open(ctl.table.game, step, own=True)

    def close(self) -> None:
        """Back to the game in progress, as it was."""
        ctl = self.ctl
        if ctl.table.replay is None:
            return
        self.autoplay = None
        ctl.back_to_live()
        ctl.announce(t("flow.back_to_game"))
        ctl.changed()

    def play_on(self) -> bool:
        """Make the replayed position the game in progress (the players stay those of the
        game it replaces; the throws go on from the record's seed). The game it replaces,
        finished or not, goes to on_replace to be kept (the page asks first)."""
        ctl = self.ctl
        replay = ctl.table.replay
        if replay is None:
            return False
        if replay.full.sealed:
            ctl.announce(t("flow.replay.sealed"))
            return False
        live = ctl.live
        seats = dict(live.session.seats)
        game = game_prefix(replay.full, replay.step)
        ctl.replace_live(finished_too=True)
        ctl.reviews.review = None
        ctl.load(Session(game.variant, seats, game=game), live.setup.expert_nodes)
        ctl.table.resumed = False
        ctl.announce(t("flow.replay.play_on", moment=moment_name(replay.full, replay.step),
                       resumed=resume_text(ctl.table).split(": ", 1)[-1]))
        ctl.changed()
        ctl.save()
        return True

    # -- the replay playing itself -------------------------------------------------------
    def set_speed(self, speed: str) -> None:
        """How fast the replay plays itself (one of REPLAY_SPEEDS); a run going on takes
        the new pace from its next step."""
        if speed in REPLAY_SPEEDS:
            self.speed = speed

    def toggle_autoplay(self) -> bool:
        """Play or pause the replay playing itself; True when it plays now. From the last
        step it starts again at the first. It stops by itself at the last step."""
        ctl = self.ctl
        replay = ctl.table.replay
        if replay is None or self.autoplay is not None or replay.last == 0:
            self.stop_autoplay()
            return False
        if replay.step >= replay.last:
            self.go(0, auto=True)
        self._runs += 1
        self.autoplay = self._runs
        ctl.view.render(ctl)
        ctl.turn_loop.spawn(self._autoplay(self.autoplay))
        return True

    def stop_autoplay(self) -> None:
        """Pause the replay playing itself (the player left, or asked)."""
        if self.autoplay is not None:
            self.autoplay = None
            self.ctl.view.render(self.ctl)

    async def _autoplay(self, run: int) -> None:
        """One step every step_seconds(speed), through the same go() as the buttons, while
        this run is the one going on (a step the player takes, closing the replay or
        opening another ends it)."""
        ctl = self.ctl
        while self.autoplay == run:
            await ctl.sleep(step_seconds(self.speed))
            replay = ctl.table.replay
            if self.autoplay != run or replay is None:
                return
            step = replay.step + 1
            if step >= replay.last:
                self.autoplay = None  # the last step: shown, and the run is over
            self.go(step, auto=True)
