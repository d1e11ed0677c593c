"""Undo and redo of the game in progress: back to just before the last human decision
(the computer's reply included) and forward again. The throws never change: the same
throw is pending after an undo (senet.session.Session keeps the history). Never in a
replay or a lesson, never once the game is over, and not against the computer when the
player chose to play without take-backs (Settings). Resigning ends the game in progress
as a loss for the human who resigns. Free of the DOM.
"""

from senet.words import t


def undo_note() -> str:
    """What Undo does, said after every undo (and in the Undo button's tooltip)."""
    return t("flow.undo.note")


class History:
    """Undo and redo for the Controller ``ctl``."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.no_takebacks = False  # settings: no Undo against the computer

    def _allowed(self) -> bool:
        """Undo and redo may be offered at all: the game in progress, not over, and not a
        game against the computer played without take-backs."""
        ctl = self.ctl
        if ctl.table is not ctl.live or ctl.table.game.over:
            return False
        if ctl.table.remote is not None:  # a game between two devices: the other has seen it
            return False
        return not (self.no_takebacks and self.against_computer)

    @property
    def against_computer(self) -> bool:
        seats = self.ctl.table.session.seats
        return any(s.is_human for s in seats.values()) and not all(s.is_human for s in seats.values())

    @property
    def can_undo(self) -> bool:
        return self._allowed() and self.ctl.table.session.can_undo

    @property
    def can_redo(self) -> bool:
        return self._allowed() and self.ctl.table.session.can_redo

    # -- resigning ---------------------------------------------------------------------
    def resigner(self):
        """The colour that would resign now: the one human's, or in a game between people
        the side to act's; None when no one can (a replay, a lesson, the colour draw, the
        game over, no human at the table)."""
        ctl = self.ctl
        if ctl.table is not ctl.live or ctl.table.tutorial is not None or ctl.table.game.over or ctl.table.state.opening:
            return None
        if ctl.table.remote is not None:  # two devices: this side, on its own turn (the Duel's rule)
            online = ctl.online
            if online is None or not online.live or online.duel.waiting_for() != online.seat or online.duel.pending:
                return None
            return ctl.table.colour_of(online.seat)
        humans = [colour for colour in ("w", "b") if ctl.table.session.player(colour).is_human]
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return ctl.table.state.side if ctl.table.state.side in humans else None

    @property
    def can_resign(self) -> bool:
        return self.resigner() is not None

    def resign(self) -> bool:
        """End the game in progress as a loss for the human who resigns (resigner()): the
        other side wins, "result w: resigned" in the record, counted in the statistics."""
        ctl = self.ctl
        colour = self.resigner()
        if colour is None:
            return False
        if ctl.table.remote is not None:  # sent to the other device, which ends its game alike
            return ctl.online.resign()
        winner = "b" if colour == "w" else "w"
        ctl.table.game.concede(winner, "resigned")
        ctl.table.session.redo_groups.clear()
        table = ctl.table
        table.selected = table.preview = None
        table.thinking = None  # a computer thinking stops: its answer is stale (TurnLoop.stale)
        ctl.announce(ctl.result_text())
        ctl.count_result()
        ctl.changed()
        ctl.save()
        return True

    def undo(self) -> bool:
        """Back to just before the last human decision, with the same throw pending: undo
        never throws the sticks again."""
        ctl = self.ctl
        if not self.can_undo:
            return False
        ctl.table.session.undo()
        ctl.table.jumped()
        seat = ctl.table.seat_to_act
        who = ctl.table.seat_name(seat) if seat is not None else ""
        you = ctl.table.is_you(seat)
        throw = ctl.table.state.throw
        if throw is None:
            key = "flow.undo.turn_you" if you else "flow.undo.turn"
        elif ctl.table.rules.throw_in_use(ctl.table.state):  # undo takes back one part of a throw (P2)
            key = "flow.undo.part_you" if you else "flow.undo.part"
        else:
            key = "flow.undo.throw_you" if you else "flow.undo.throw"
        ctl.announce(t(key, who=who, throw=throw, note=undo_note()))
        ctl.changed()
        ctl.save()
        return True

    def redo(self) -> bool:
        ctl = self.ctl
        if not self.can_redo:
            return False
        ctl.table.session.redo()
        ctl.table.jumped()
        if ctl.table.game.over:
            ctl.announce(t("flow.redo.over", result=ctl.result_text()))
        else:
            ctl.announce(t("flow.redo.done"))
        ctl.changed()
        ctl.save()
        return True
