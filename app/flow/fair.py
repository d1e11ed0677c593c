"""Throws anyone can verify (docs/fair-throws.md), as the page offers them: the New game
dialog's commitment and phrase, the game information's words, the phrase changed before
the first throw, Verify, the throw counts and the record's file name. Free of the DOM;
senet.verify and senet.throw_stats are imported only when asked for.
"""

from app.flow.setup import dialog_setup
from app.words.narration import sentence
from app.words.phrases import random_phrase
from senet.throws import COMMIT, commitment, phrase_fault
from senet.words import current, t
from senet.words.game import phrase_text, verdict_text


def verify_words(verdict) -> str:
    """A senet.verify Verdict as the app says it, in the words in use."""
    return verdict_text(current(), verdict)


class FairThrows:
    """The committed throws of the Controller ``ctl``'s games, and the seed the New game
    dialog committed to."""

    def __init__(self, ctl):
        self.ctl = ctl
        self.offered_seed = None  # the seed the New game dialog committed to

    def offer_new_game(self) -> dict:
        """What the New game dialog shows as it opens: the ``commit`` (SHA-256) of a
        fresh secret seed, kept here for the game the dialog starts, and fresh random
        words, the ``phrase`` offered (app/words/phrases.py). The player sees the commitment
        before typing, as in the Fair throws box, so the seed cannot suit the phrase."""
        self.offered_seed = self.ctl.new_seed()
        return {"commit": commitment(self.offered_seed), "phrase": random_phrase(self.ctl.random_bytes)}

    def setup_from_dialog(self, variant: str, players, names, phrase: str) -> tuple:
        """The New game dialog's fields as a Setup to pass to new_game, and None; or
        None and the sentence the dialog shows by its phrase field (nothing changes).
        The seed is the one offer_new_game committed to (a fresh one if none was); the
        speed and the Expert's budget stay those in use (the toolbar's speed)."""
        if self.offered_seed is None:
            self.offered_seed = self.ctl.new_seed()
        setup, problem = dialog_setup(self.ctl.table.setup, variant, players, names, phrase, self.offered_seed)
        return setup, (sentence(problem) if problem is not None else None)

    @property
    def shown_game(self):
        """The whole game on the board: the replayed record, or the game in progress."""
        replay = self.ctl.table.replay
        return replay.full if replay is not None else self.ctl.table.game

    def info(self) -> dict:
        """What the game's information says about its throws: ``committed``, ``commit``,
        ``phrase``, ``editable`` (the phrase may change: no throw yet), ``seed`` (text,
        "" until the end reveals it), ``summary`` and ``note`` (sentences)."""
        game = self.shown_game
        if game.throws != COMMIT:
            return {"committed": False, "commit": "", "phrase": "", "editable": False, "seed": "",
                    "summary": t("flow.fair.summary_none"), "note": t("flow.fair.note_none")}
        editable = self.ctl.table.replay is None and not game.thrown and not game.over
        seed = str(game.seed) if game.over and not game.sealed else ""
        if editable:
            note = t("flow.fair.note_editable")
        elif seed:
            note = t("flow.fair.note_revealed")
        elif game.sealed:
            note = t("flow.fair.note_sealed")
        else:
            note = t("flow.fair.note_secret")
        # in a player's words; the commitment itself is one click away, inside the box
        summary = t("flow.fair.summary_revealed" if seed else "flow.fair.summary")
        return {"committed": True, "commit": game.commit, "phrase": game.phrase, "editable": editable,
                "seed": seed, "summary": summary, "note": note}

    def set_phrase(self, text: str):
        """Mix the player's phrase into the throws of the game in progress (before its
        first throw). None when done; otherwise why not, and nothing changes."""
        ctl = self.ctl
        text = str(text).strip(" \t\n\r")
        game = ctl.table.game
        if ctl.table.replay is not None:
            return t("flow.fair.phrase_replay")
        if game.throws != COMMIT:
            return t("flow.fair.phrase_no_commitment")
        if game.thrown:
            return t("flow.fair.phrase_fixed")
        if text == game.phrase:
            return None
        problem = phrase_text(current(), phrase_fault(text))
        if problem is not None:
            return sentence(problem)
        game.set_phrase(text)
        ctl.announce(t("flow.fair.phrase_set", phrase=text) if text else t("flow.fair.phrase_none"))
        ctl.changed()
        ctl.save()
        return None

    def verify_text(self) -> str:
        """senet.verify's answer for the game on the board, in plain words: an imported
        record is checked as its text was (its line numbers), a game by its record."""
        from senet.verify import verify_record  # only when asked

        replay = self.ctl.table.replay
        if replay is not None and replay.source is not None:
            text = replay.source
        elif replay is not None:
            text = replay.full.record_text()
        else:
            text = self.ctl.table.session.record_text()
        return verify_words(verify_record(text))

    def throw_counts(self) -> tuple:
        """(counts by category, the rule set's none-value) of every throw of the game on
        the board (senet.throw_stats)."""
        from senet.throw_stats import game_counts  # only when the statistics are asked for

        game = self.shown_game
        return game_counts(game), game.rules.none_value

    def record_file_name(self) -> str:
        """The download's name: the seed only where it is no secret."""
        game = self.shown_game
        tag = game.commit[:16] if game.throws == COMMIT else str(game.seed)
        return f"senet-{game.variant}-{tag}.txt"
