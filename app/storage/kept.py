"""The kept games of app/storage/store.py's ``Store`` (a mixin of it): the games of other
tabs, kept before this tab saves over them; the previous game a new game replaced and the
earlier ones it pushed out; a kept game brought back (the game on the board kept in its
place), listed for the New game dialog, or deleted. See docs/saving.md, "Two tabs" and
"Kept games". Free of the DOM; runs in CPython, Pyodide and MicroPython.
"""

from app.storage.formats import (
    EARLIER_PREFIX,
    MAX_EARLIER,
    MAX_OTHER,
    OTHER_PREFIX,
    PREVIOUS_KEY,
    QUARANTINE_PREFIX,
    SAVE_KEY,
    KeptGame,
    SavedGame,
    dump_game,
    game_id_of,
    kept_game,
    parse_game,
)
from senet.errors import SenetError
from senet.words import t


class KeptGames:
    """The Store's kept games; the Store gives ``_get``, ``_set``, ``_remove``, ``_keys``,
    ``_new_key``, ``_prune``, ``_read``, ``_parse``, ``save_game`` and its fields."""

    # -- games other tabs saved --------------------------------------------------------
    def others(self) -> list[str]:
        """The keys of the kept games of other tabs, oldest first."""
        keys = [k for k in self._keys() if k.startswith(OTHER_PREFIX)]
        return sorted(keys, key=lambda k: stamp_of(k, OTHER_PREFIX))

    def _keep_other(self, raw: str, superseded: str | None = None) -> str | None:
        """Copy ``raw`` (what another tab saved) to a key of its own, unchanged; returns
        that key, or None when it could not be written. An older copy of the same game is
        replaced, so two tabs taking turns do not pile up copies; kept copies of the game
        ``superseded`` (the one this tab is about to save, further on) are dropped."""
        game_id = game_id_of(raw)
        found, stale = None, []
        for key in self.others():
            value = self._get(key)
            if value == raw:
                found = key  # already kept, word for word
            elif game_id_of(value) in {game_id, superseded} - {None}:
                stale.append(key)
        if found is None:
            found, _ = self._new_key(OTHER_PREFIX)
            if not self._set(found, raw):
                return None  # nothing removed: the older copies stay
        for key in stale:
            self._remove(key)
        self._prune(OTHER_PREFIX, MAX_OTHER)
        return found

    # -- earlier previous games ----------------------------------------------------------
    def earlier(self) -> list[str]:
        """The keys of the previous games pushed out by newer ones, oldest first."""
        keys = [k for k in self._keys() if k.startswith(EARLIER_PREFIX)]
        return sorted(keys, key=lambda k: stamp_of(k, EARLIER_PREFIX))

    def _set_previous(self, text: str) -> bool:
        """Write ``text`` as the previous game. A different game already there is first
        moved to an earlier key (a newer copy of the same game just replaces it); when it
        cannot be moved, nothing is overwritten and the answer is False."""
        old = self._get(PREVIOUS_KEY)
        if old is not None and old != text:
            old_id = game_id_of(old)
            if old_id is None or old_id != game_id_of(text):
                key, _ = self._new_key(EARLIER_PREFIX)
                if not self._set(key, old):
                    return False
                self._prune(EARLIER_PREFIX, MAX_EARLIER)
        return self._set(PREVIOUS_KEY, text)

    def knows(self, text: object) -> bool:
        """``text`` is senet:save as this tab last read or wrote it (not another tab's)."""
        return text == self._seen

    def _protect_other(self, game_id: str | None) -> bool:
        """Before this tab writes its game ``game_id`` to senet:save: if another tab wrote
        there since this one last read or wrote it, keep that value elsewhere. False when
        it could not be kept (then it must not be overwritten)."""
        current = self._get(SAVE_KEY)
        if current is None or current == self._seen:
            return True
        # The other tab may have kept this tab's game when it took the save over: this
        # save supersedes that copy.
        kept = self._keep_other(current, superseded=game_id)
        if kept is None:
            if not self._other_failed:
                self._problem(t("storage.problem.other_tab_no_room"))
            self._other_failed = True
            return False
        self._other_failed = False
        self._seen = current  # dealt with: this tab now knows that value
        self.kept_other = (kept, game_id_of(current))
        return True

    def swap_previous(self, key: str = PREVIOUS_KEY) -> SavedGame | None:
        """Bring back the game kept at ``key`` (the previous game, an earlier one, or one
        of another tab's under senet:save:other:); the game in senet:save takes its place
        (for an earlier game, it becomes the previous game; for another tab's key, a fresh
        key: see ``kept_other``)."""
        if not _is_kept_key(key):
            return None
        if key == PREVIOUS_KEY and self._pending_previous:
            return self._swap_waiting()
        what = "previous" if key == PREVIOUS_KEY else "kept"
        back = self._read(key, parse_game, what)
        if back is None or self.save_blocked:
            return None
        current = self._get(SAVE_KEY)
        if current is not None and current != self._seen:
            current = None  # another tab's: save_game keeps it in a key of its own
        if key.startswith(EARLIER_PREFIX):
            # the board's game is kept first (as the previous game), so that a failure
            # at any step leaves at worst a second copy, never a lost game
            if current is not None and not self._set_previous(current):
                return None
            if not self.save_game(back):
                return None
            self._remove(key)
            return back
        kept = None
        if key != PREVIOUS_KEY and current is not None:
            kept = self._keep_other(current)  # this tab's game, kept before it is replaced
            if kept is None:
                return None
        if not self.save_game(back):
            return None
        if key == PREVIOUS_KEY:
            if current is not None:
                self._set(PREVIOUS_KEY, current)
            else:
                self._remove(PREVIOUS_KEY)
            return back
        if kept != key:
            self._remove(key)
        if kept is not None:
            self.kept_other = (kept, game_id_of(current))
        return back

    def _swap_waiting(self) -> SavedGame | None:
        """Bring back the game a new game replaced while the browser refused to keep it
        (it waits in memory; senet:save still holds its older copy): the game on the board
        waits to be kept in its place, if it has a move."""
        try:
            back = parse_game(self._pending_previous[-1])
        except Exception:  # it was written by this tab a moment ago: never expected
            return None
        self._pending_previous.pop()
        board = self._pending_game
        self._pending_game = None
        if board is not None and board.session.game.entries:
            try:  # noqa: SIM105 (MicroPython has no contextlib)
                self._pending_previous.append(dump_game(board.replace(saved_at=self._now_ms())))
            except (SenetError, ValueError, TypeError):  # never expected: the board's game was dumped before
                pass
        self.save_game(back)
        return back

    # -- the kept games, for the player to see ---------------------------------------------
    def kept_games(self, current_id: str | None = None) -> list[KeptGame]:
        """The previous game, the earlier ones and the other tabs' kept games, newest first
        (a game whose time is not known last). A value that cannot be read is set aside as
        usual (see ``problems``). Another tab's kept copy of the game ``current_id`` (the
        one on the board; the other tab kept it when it took the save over) is left out:
        this tab's next save replaces that copy anyway."""
        found = []
        for key in [PREVIOUS_KEY] + self.earlier()[::-1] + self.others()[::-1]:
            raw = self._get(key)
            what = "previous" if key == PREVIOUS_KEY else "a_kept"
            saved = self._parse(key, raw, parse_game, what)
            if saved is None:
                continue
            if key.startswith(OTHER_PREFIX) and current_id is not None and saved.game_id == current_id:
                continue
            stamp = None
            if key != PREVIOUS_KEY:
                prefix = OTHER_PREFIX if key.startswith(OTHER_PREFIX) else EARLIER_PREFIX
                stamp = stamp_of(key, prefix)[0] or None
            found.append(kept_game(key, raw, saved, stamp))
        # the order above among equal times (the previous game first), told explicitly:
        # MicroPython's sort is not stable
        order = sorted(range(len(found)), key=lambda i: (-(found[i].saved_at if found[i].saved_at is not None
                                                           else -1), i))
        return [found[i] for i in order]

    def delete_kept(self, key: str, expected: str | None = None) -> bool:
        """Delete a kept game for good. With ``expected`` (the text that was listed), only
        when the key still holds exactly that: a game another tab put there since, which
        the player has not seen, is not deleted."""
        if not _is_kept_key(key):
            return False
        current = self._get(key)
        if current is None or (expected is not None and current != expected):
            return False
        self._remove(key)
        return self._get(key) is None


def _is_kept_key(key: str) -> bool:
    return key == PREVIOUS_KEY or key.startswith((OTHER_PREFIX, EARLIER_PREFIX))


def stamp_of(key: str, prefix: str = QUARANTINE_PREFIX) -> tuple[int, int]:
    """(ms, n) of a key ``prefix<ms>`` or ``prefix<ms>-<n>``, for the newest first; (0, 0)
    when it has none."""
    tail = key[len(prefix):]
    stamp, _, n = tail.partition("-")
    try:
        return int(stamp), int(n or 0)
    except ValueError:
        return 0, 0


