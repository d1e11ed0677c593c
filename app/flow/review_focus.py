"""The game review on the board: the review shown (app/flow/review_data.py's GameReview, whose
numbers come from the worker), the decision it points at in the replay, and the move
played and the better one drawn there. Free of the DOM; review_data is imported when a review starts.
"""

import senet
from app.game.replay import game_prefix
from senet.session import Session


class ReviewFocus:
    """The review of the Controller ``ctl``'s game, and where the board shows it."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.review = None  # the review shown: a review_data.GameReview

    def begin(self, nodes: int = 0):
        """A new review (review_data.GameReview) of the game shown: the replayed record,
        or the game in progress."""
        from app.flow.review_data import GameReview

        ctl = self.ctl
        replay = ctl.table.replay
        if replay is not None:
            self.review = GameReview(replay.full, replay.own, nodes)
        else:
            self.review = GameReview(ctl.table.game, True, nodes)
        ctl.view.render(ctl)
        return self.review

    def close(self) -> None:
        self.review = None
        self.ctl.view.render(self.ctl)

    def names(self) -> dict:
        """Who played each colour in the reviewed game, as the replay names them."""
        return {colour: self.ctl.table.actor(colour) for colour in ("w", "b")}

    def show_decision(self, index: int) -> None:
        """Show decision ``index`` of the review on the board: the replay at the position
        where it was taken, with the better action marked."""
        ctl = self.ctl
        review = self.review
        if review is None or not 0 <= index < len(review.decisions):
            return
        ctl.replays.stop_autoplay()  # the player chose where to look: a replay playing itself pauses
        review.focus = index
        step = review.decisions[index]["ply"] - 1
        replay = ctl.table.replay
        if replay is not None and replay.full is review.game:
            before = replay.step
            replay.step = step
            game = game_prefix(review.game, step)
            ctl.table.session = Session(game.variant, ctl.table.session.seats, game=game)
            ctl.replays.show_step(before)
        else:
            ctl.replays.open(review.game, step, own=review.own)

    @property
    def focus(self):
        """The review's decision at the replay step shown: the one chosen from the review
        when the replay is at its position, else the decision taken there, or None."""
        review, replay = self.review, self.ctl.table.replay
        if review is None or replay is None or replay.full is not review.game or review.data is None:
            return None
        focus = review.focus
        if focus is not None and review.decisions[focus]["ply"] - 1 == replay.step:
            return focus
        return review.at_step(replay.step)

    @property
    def better_move(self):
        """The better action of the decision shown, when it is a move on the board."""
        index = self.focus
        if index is None:
            return None
        return _move(self.review.better_move(index))

    @property
    def played_move(self):
        """The action played at the decision shown, when a better one is drawn beside it."""
        index = self.focus
        if index is None:
            return None
        return _move(self.review.played_move(index))


def _move(pair):
    """A (from, to) pair in notation as a Move, or None."""
    if pair is None:
        return None
    try:
        return senet.parse_move(pair[0] + "-" + pair[1])
    except senet.SenetError:
        return None
