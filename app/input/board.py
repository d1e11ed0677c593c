"""Clicks and keys on the board, the move log and the review's decisions, the page's own
keys (Escape leaves the tutorial; the buttons through app/input/actions.py) and its visibility."""

from app.input.actions import ACTIONS, RECORD_ACTIONS, dispatch
from app.platform.dom import attr, closest, place_of_element


class BoardInput:
    def __init__(self, page):
        self.page = page
        self.document = page.document
        self.pointer = "mouse"  # the kind of the last pointer pressed on the board

    def on_pointer_down(self, event):
        """Remember whether the coming click is a finger's ("touch") or a mouse's or pen's."""
        self.pointer = str(event.pointerType or "mouse")

    def on_board_click(self, event):
        """A click plays a piece with one destination at once; a tap only selects it and
        shows its target, and a second tap (on the piece or the target) plays it."""
        page = self.page
        if not page.view.ready:
            return
        touch = self.pointer == "touch"
        loc = place_of_element(event.target)
        if loc is not None:
            page.ctl.activate(loc, touch=touch)
        elif touch:
            page.ctl.deselect()  # a tap beside the squares cancels

    def on_board_key(self, event):
        ctl, view, document = self.page.ctl, self.page.view, self.document
        if not view.ready:
            return
        key = event.key
        if key in ("Enter", " "):
            loc = place_of_element(document.activeElement)
            if loc is None or not view.board.contains(document.activeElement):
                return
            event.preventDefault()
            ctl.activate(loc)
            view.restore_focus(ctl, only_if_lost=ctl.table.selected is None)
        elif key in ("ArrowRight", "ArrowLeft") and ctl.table.replay is not None:
            event.preventDefault()  # in a replay the arrows step through the game
            ctl.replays.go(ctl.table.replay.step + (1 if key == "ArrowRight" else -1))
        elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            event.preventDefault()
            view.move_focus(ctl, 1 if key in ("ArrowRight", "ArrowDown") else -1)
        elif key == "Escape" and ctl.table.selected is not None:
            event.preventDefault()
            ctl.deselect()

    def on_hint(self, event):
        """Pointer over (or focus on) a movable piece: hint its destination. Leaving one,
        the hint follows where the pointer or the focus went: to another movable piece,
        else (the pointer gone) to the piece that has the keyboard's focus, else nowhere."""
        kind = str(event.type)
        leaving = kind in ("pointerout", "focusout")
        movable = '[data-movable="true"]'
        piece = closest(event.relatedTarget if leaving else event.target, movable)
        if piece is None and kind == "pointerout":
            piece = closest(self.document.activeElement, movable)
        view = self.page.view
        # a focus the page placed after a throw is not the player looking (app/view/previews.py)
        placed = piece is not None and kind != "pointerover" and attr(piece, "data-at") == view.placed_focus
        view.hint(self.page.ctl, place_of_element(piece) if piece is not None else None, chosen=not placed)

    def on_action(self, event):
        """A button with a data-action: its handler in app/input/actions.py."""
        button = closest(event.target, "[data-action]")
        if button is None or not self.page.view.ready:
            return
        dispatch(self.page, attr(button, "data-action"), ACTIONS)

    def on_record_click(self, event):
        """A button of the game record dialog (data-record)."""
        button = closest(event.target, "[data-record]")
        if button is not None:
            dispatch(self.page, attr(button, "data-record"), RECORD_ACTIONS)

    def on_log_click(self, event):
        """A move log entry: replay the game at that moment."""
        button = closest(event.target, "[data-log-step]")
        if button is None or not self.page.view.ready:
            return
        self.page.ctl.replays.open_log_step(int(attr(button, "data-log-step")))
        self.document.querySelector('#replay [data-action="replay-back"]').focus()

    def on_review_click(self, event):
        """A decision the review names (in its list or on the graph): show it on the board."""
        ctl = self.page.ctl
        el = closest(event.target, "[data-decision]")
        if el is None or ctl.reviews.review is None or not self.page.view.ready:
            return
        index = int(attr(el, "data-decision"))
        ctl.reviews.show_decision(index)
        where = "#review-graph" if closest(el, "#review-graph") is not None else "#review-list"
        again = self.document.querySelector(f'{where} [data-decision="{index}"]')
        if again is not None:
            again.focus()

    def on_review_key(self, event):
        if str(event.key) in ("Enter", " ") and closest(event.target, "#review-graph [data-decision]") is not None:
            event.preventDefault()
            self.on_review_click(event)

    def on_key(self, event):
        """The page's keys (index.html's #keys lists them): Space or T throws and H asks
        a hint, where no control or field has the key for itself; Escape leaves the
        tutorial (a selection on the board is dropped first; an open dialog closes by
        itself)."""
        ctl = self.page.ctl
        if event.defaultPrevented or not self.page.view.ready:
            return
        key = str(event.key)
        if key in (" ", "t", "T", "h", "H"):
            if event.ctrlKey or event.metaKey or event.altKey or self.document.querySelector("dialog[open]"):
                return
            target = event.target
            if closest(target, "button, a, input, select, textarea, summary, [contenteditable], [role=button]"):
                return  # a focused control keeps its own keys (Space presses a focused button)
            if key in ("h", "H"):
                if ctl.advice.offered:
                    event.preventDefault()
                    dispatch(self.page, "hint")
            elif ctl.table.can_throw:
                event.preventDefault()
                dispatch(self.page, "throw")
            return
        if key != "Escape" or ctl.table.tutorial is None:
            return
        if self.document.querySelector("dialog[open]") or ctl.table.selected is not None:
            return
        event.preventDefault()
        dispatch(self.page, "tutorial-skip")

    def on_visibility(self, _event):
        """The player left the page (another tab, the app hidden): the replay stops playing itself."""
        if self.document.hidden:
            self.page.ctl.replays.stop_autoplay()
