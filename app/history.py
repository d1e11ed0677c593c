"""Undo and redo of the game in progress: back to just before the last human decision
(the computer's reply included) and forward again. The throws never change: the same
throw is pending after an undo (senet.session.Session keeps the history). Never in a
replay or a lesson. Free of the DOM.
"""

UNDO_NOTE = "Undo takes back your move; the throws stay the same."


class History:
    """Undo and redo for the Controller ``ctl``."""

    def __init__(self, ctl):
        self.ctl = ctl

    @property
    def can_undo(self) -> bool:
        ctl = self.ctl
        # never in a game between two devices: the other device has seen the action
        return ctl.table is ctl.live and ctl.table.remote is None and ctl.session.can_undo

    @property
    def can_redo(self) -> bool:
        ctl = self.ctl
        return ctl.table is ctl.live and ctl.table.remote is None and ctl.session.can_redo

    def undo(self) -> bool:
        """Back to just before the last human decision, with the same throw pending: undo
        never throws the sticks again."""
        ctl = self.ctl
        if not self.can_undo:
            return False
        ctl.session.undo()
        ctl.table.jumped()
        seat = ctl.seat_to_act
        who = ctl.seat_name(seat) if seat is not None else ""
        whose = "your" if who == "You" else f"{who}'s"
        throw = ctl.state.throw
        if throw is None:
            where = f"back to {whose} turn"
        elif ctl.rules.throw_in_use(ctl.state):  # undo takes back one part of a throw (P2)
            where = f"back to {whose} throw with {throw} left"
        else:
            where = f"back to {whose} throw of {throw}"
        ctl.announce(f"Move taken back: {where}. {UNDO_NOTE}")
        ctl.changed()
        ctl.save()
        return True

    def redo(self) -> bool:
        ctl = self.ctl
        if not self.can_redo:
            return False
        ctl.session.redo()
        ctl.table.jumped()
        text = "Move played again."
        if ctl.game.over:
            text += " " + ctl.result_text()
        ctl.announce(text)
        ctl.changed()
        ctl.save()
        return True
