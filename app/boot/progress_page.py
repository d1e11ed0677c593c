"""The page's side of the player's progress (docs/progress.md): each game that ends (or is
left) goes into the profile, the game-over card says how it counted, and the worker
reviews the game once the page is idle.

Made by app/boot/page.py (``Page.progress``); the Progress panel
reads ``progress.profile()``. The idle review never slows play: it starts a few seconds
after the game ends, sends the worker one record line at a time and only while the
worker has nothing else to do (no decision, hint or review of the player's waiting), and
it stops as soon as the player starts a review of their own (that one is kept instead,
``by_hand``).
"""

import asyncio
import json
import time

from app.flow.progress_game import game_entry, player_side
from app.platform.dom import window
from app.storage.progress import Progress
from senet.words import t

IDLE_AFTER = 3  # seconds after a game's end before its review starts in the background
OUTCOME_ID = "game-over-progress"  # the game-over card's line: how the game counted


def now_ms():
    """Now, in ms since 1970 (not window.Date.now(): MicroPython cuts a JS whole number
    beyond 32 bits to 32 bits)."""
    return int(time.time() * 1000)


class ProgressPage:
    def __init__(self, page):
        self.page = page
        self.progress = Progress(page.policy.store)
        self.outcomes = {}  # game id -> outcome id (profile.outcome.*), this visit's games
        self.hinted = set()  # game ids during which the Expert's hints were shown
        self.told = False  # the profile's problem was said (once a visit)
        self.idle = None  # the idle review's task

    # -- games ---------------------------------------------------------------------------
    def note_hints(self):
        """Hints are on for the game on the board: it is an assisted game."""
        ctl = self.page.ctl
        if ctl is not None and ctl.advice.hints:
            self.hinted.add(ctl.live_game_id)

    def _entry(self, session, game_id, stood_in):
        online = self.page.ctl.online
        if online is not None and getattr(online, "session", None) is session and online.duel is not None:
            outcome = online.outcome(session)
            result = {"won": "win", "lost": "loss", "drawn": "draw"}[outcome[2]] if outcome else None
            seat = online.seat
            return game_entry(session, game_id, now_ms(), friend=session.seats[3 - seat].name or "",
                              online_result=result, seat=seat)
        return game_entry(session, game_id, now_ms(), stood_in=stood_in,
                          hinted=game_id in self.hinted or self.page.policy.settings.hints)

    def game_ended(self, session):
        """The game on the board ended: keep it, say how it counted, review it later."""
        ctl = self.page.ctl
        game_id = ctl.live_game_id
        try:
            entry = self._entry(session, game_id, ctl.table.stood_in)
        except Exception as exc:  # never expected: the game is played and kept as ever
            window.console.warn(f"senet: the game could not go into the progress: {exc}")
            return
        outcome = self.progress.record(entry)
        if outcome is not None:
            self.outcomes[game_id] = outcome
            side = player_side(session)
            if entry["opponent"] != "friend" and side is not None:
                self.idle = asyncio.create_task(self.review_later(game_id, session.game.record_text(), side))
        self.tell()

    def game_left(self, session, game_id):
        """A new game replaces a game not over: kept, unfinished (never rated)."""
        if session.game.over:
            return
        try:
            entry = game_entry(session, game_id, now_ms())
        except Exception:
            return
        self.progress.record(entry)

    def tell(self):
        """A profile that could not be read, or progress the browser did not store while
        games are stored: said once (the game goes on either way)."""
        progress, view = self.progress, self.page.view
        if progress.problem and not self.told:
            self.told = True
            view.notice(progress.problem, "progress")
        elif progress.not_kept and self.page.policy.store.unsaved is None:
            # when games are not saved either, the notice saying so and why (storage full,
            # not allowed) covers the progress too: one refusal, said once
            view.notice(t("progress.not_kept"), "progress")

    def outcome_line(self, ctl):
        """The game-over card's line under the result (the game on the board)."""
        outcome = self.outcomes.get(ctl.live_game_id) if ctl.table.replay is None else None
        return t(outcome) if outcome else ""

    def show_outcome(self, ctl):
        """Write the outcome line on the game-over card (made after #game-over-record the
        first time)."""
        document = self.page.document
        line = document.getElementById(OUTCOME_ID)
        text = self.outcome_line(ctl)
        if line is None:
            if not text:
                return
            # under the card's buttons: Play again and Review stay where a phone shows them
            actions = document.querySelector("#game-over .actions")
            if actions is None:
                return
            line = document.createElement("p")
            line.id = OUTCOME_ID
            line.className = "note"
            actions.after(line)
        line.textContent = text
        line.hidden = not text

    # -- reviews -------------------------------------------------------------------------
    def _hand_review(self):
        review = self.page.ctl.reviews.review
        return review is not None and review.running

    async def _worker_idle(self):
        link = self.page.link
        while link.busy or self._hand_review() or self.page.ctl.table.thinking is not None:
            await asyncio.sleep(1)

    async def review_later(self, game_id, record, side):
        """Review the game in the background once the page is idle (see the docstring)."""
        await asyncio.sleep(IDLE_AFTER)
        link = self.page.link
        try:
            await self._worker_idle()
            info = json.loads(str(await link.call("review_start", record, self.page.review_nodes)))
            done = 0
            while done < int(info["total"]):
                await self._worker_idle()
                if self._hand_review():  # the player's own review replaced this one in the worker
                    return
                done = int(json.loads(str(await link.call("review_step", 1)))["done"])
                await asyncio.sleep(0)
            if self._hand_review():
                return
            review = json.loads(str(await link.call("review_result")))
        except Exception as exc:  # the worker failed or never started: the game stays unreviewed
            window.console.warn(f"senet: the game's review in the background stopped: {exc}")
            return
        self.progress.add_review(game_id, review, side, record)
        await self.rank_practice()

    def reviewed_by_hand(self, review):
        """A review the player asked for, of the game on the board, finished: kept."""
        ctl = self.page.ctl
        if not review.own or not review.data or not review.data.get("finished"):
            return
        side = player_side(ctl.live.session)
        if side is None:
            return
        if self.progress.add_review(ctl.live_game_id, review.data, side, review.game.record_text(), by_hand=True):
            asyncio.create_task(self.rank_practice())

    async def rank_practice(self):
        """Every move's value at each new practice position, from the worker (exact where
        the endgame tables reach), for the Puzzles page."""
        for x in self.progress.unranked():
            try:
                await self._worker_idle()
                ranked = json.loads(str(await self.page.link.call("analyse", x["position"], 0)))
            except Exception:
                return
            self.progress.set_ranked(x["id"], [(r[0], r[1]) for r in ranked])
