"""The player's profile on the device (senet.profile, docs/progress.md), through the Store:
read without trusting it, written the way every other value is (a write the browser
refuses waits in memory and the page says the progress is not kept).

Keys (docs/saving.md):

- ``senet:profile``           the profile (senet.profile's versioned JSON text)
- ``senet:practice``          the practice positions, a copy for the Puzzles page
                              (pages/puzzles.html reads it; it needs no runtime):
                              {"format": "senet-practice", "positions": [...]}
- ``senet:practice:answers``  the Puzzles page's answers to those positions, written by
                              that page alone ([{"id", "solved", "at"}], oldest first);
                              the app applies them to the profile (Profile.practise) when
                              it loads the profile, then empties the key

One writer for each key: the profile is the app's, the answers the Puzzles page's, so
neither page ever writes over the other's news.

A profile that cannot be read (corrupt, or written by a newer version) is left where it
is, untouched: ``problem`` says why in the catalog's words, nothing is recorded over it
during this visit (``refused``), and the game, the settings and the statistics go on.

Free of the DOM: tests/app/test_progress_flow.py drives it with a dict backend.
"""

import json

from app.flow.progress_game import apply_answers
from senet.profile import Profile, ProfileError, review_summary
from senet.words import t

PROFILE_KEY = "senet:profile"
PRACTICE_KEY = "senet:practice"
ANSWERS_KEY = "senet:practice:answers"
PRACTICE_FORMAT = "senet-practice"


class Progress:
    """The profile of the player at this device, loaded on first need."""

    def __init__(self, store, clock_ms=None):
        self.store = store
        self.clock_ms = clock_ms
        self._profile = None
        self.loaded = False
        self.refused = False  # the stored profile could not be read: left alone, never written
        self.problem = ""  # why, in words (said once, in a notice)
        self.not_kept = False  # the last write was refused by the browser (it waits in memory)

    # -- reading -----------------------------------------------------------------------
    def profile(self):
        """The Profile (an empty one at first); None when the stored one cannot be read."""
        if not self.loaded:
            self.loaded = True
            self._profile = self._load()
        return self._profile

    def _load(self):
        text = self.store.get(PROFILE_KEY)
        if text is None:
            profile = Profile()
        else:
            try:
                profile = Profile.from_text(text)
            except ProfileError as exc:
                self.refused = True
                self.problem = t(exc.message_id)
                return None
            except Exception as exc:  # never expected: a bug must not stop the page either
                self.refused = True
                self.problem = t("profile.problem.corrupt") + " (" + str(exc) + ")"
                return None
            if profile.problems:
                self.problem = t(profile.problems[0])
        self._profile = profile
        if self._take_answers(profile):
            self.save()
        return profile

    def _take_answers(self, profile):
        raw = self.store.get(ANSWERS_KEY)
        if not raw:
            return False
        try:
            answers = json.loads(raw)
        except ValueError:
            answers = []
        apply_answers(profile, answers)
        return True

    # -- writing -----------------------------------------------------------------------
    def save(self):
        """Write the profile and the Puzzles page's copy of its practice positions; the
        answers, applied, are emptied. False when the browser refused (``not_kept``)."""
        profile = self._profile
        if profile is None:
            return False
        ok = self.store.put(PROFILE_KEY, profile.to_text())
        ok = self.store.put(PRACTICE_KEY, practice_text(profile)) and ok
        if ok and self.store.get(ANSWERS_KEY):
            self.store.put(ANSWERS_KEY, "[]")
        self.not_kept = not ok
        return ok

    def record(self, entry):
        """Keep a game (app/flow/progress_game.py's ``game_entry``); returns the outcome
        id (profile.outcome.*), or None when nothing was kept (no profile, or the game is
        kept already)."""
        profile = self.profile()
        if profile is None or entry is None:
            return None
        try:
            outcome = profile.record_game(entry)
        except (KeyError, ValueError):
            return None
        self.save()
        return outcome

    def add_review(self, game_id, review, side, record_text, by_hand=False):
        """Keep a game's review (senet.ai.review's result) for the player's ``side``;
        False when the game is not in the profile or a review by hand is kept already."""
        profile = self.profile()
        if profile is None or profile.game(game_id) is None:
            return False
        try:
            kept = profile.add_review(game_id, review_summary(review, side, record_text), by_hand)
        except Exception:  # a review of another shape: nothing kept, nothing lost
            return False
        if kept:
            self.save()
        return kept

    def needs_review(self, game_id):
        """The game is kept and has no review yet."""
        profile = self.profile()
        game = profile.game(game_id) if profile is not None else None
        return game is not None and not game.get("review")

    def unranked(self):
        """The practice positions whose every move's value is not known yet."""
        profile = self.profile()
        return [x for x in profile.practice if "ranked" not in x] if profile is not None else []

    def set_ranked(self, pid, ranked):
        """Every move's chance to win at a practice position ([[action, p], ...], the best
        first: the worker's ``analyse``), for the Puzzles page."""
        profile = self.profile()
        for x in profile.practice if profile is not None else []:
            if x["id"] == pid:
                x["ranked"] = [[str(a), round(float(p), 4)] for a, p in ranked]
                self.save()
                return True
        return False


def practice_text(profile):
    """The Puzzles page's copy of the practice positions (PRACTICE_KEY)."""
    positions = [{k: x[k] for k in ("id", "variant", "position", "best", "loss", "streak", "ranked") if k in x}
                 for x in profile.practice]
    return json.dumps({"format": PRACTICE_FORMAT, "positions": positions})
