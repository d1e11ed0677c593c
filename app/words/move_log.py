"""The move log and the game-over summary: a game's record in plain words, one group per
turn (a turn as app/game/counting.py counts it), and what happened (turns, bumps, pieces lost
to the water). Free of the DOM.
"""

import senet
from app.game.counting import marks, turns_played
from app.words.names import COLOUR_WORDS
from app.words.narration import said, sentence, sentences
from senet import turns
from senet.describe import events as action_events
from senet.state import other
from senet.words import t

# The action the Controller played last, as it told it (``told_events``): the position
# after it, the action, and its events, which its line in the log then reads instead of
# working them out a second time.
_told = [None, None, ()]


def told_events(before: senet.State, action, after: senet.State) -> tuple:
    """senet.describe's events of ``action``, just played from ``before`` to ``after``;
    kept for line_events."""
    events = tuple(action_events(before, action, after))
    _told[:] = [after, action, events]
    return events


def line_events(game: senet.Game, index: int) -> tuple:
    """What line ``index`` of ``game``'s record did on the board (senet.describe's events of
    its action, from the position after its throw); () for a line without an action."""
    entry = game.entries[index]
    if entry.draw or entry.action is None:
        return ()
    if _told[0] is game.states[index + 1] and _told[1] == entry.action:
        return _told[2]
    before = game.states[index]
    if before.throw is None and entry.throw is not None:
        before = turns.after_throw(before, entry.throw)
    return tuple(action_events(before, entry.action, game.states[index + 1]))


def entry_text(table, game: senet.Game, index: int, events=None) -> str:
    """Entry ``index`` of ``game``'s record in plain words ("You threw 3. You move from
    14 to 17. White's piece on 17 is bumped to square 14."), with ``table``'s names;
    ``events``: its line_events, when already known."""
    entry = game.entries[index]
    if entry.draw:
        return t("log.draw_throw", name=table.seat_name(1 if entry.side == 'w' else 2), throw=entry.throw)
    who = table.actor(entry.side)
    parts = [t("log.threw", who=who, throw=entry.throw)] if entry.throw is not None else []
    if entry.action is not None:
        events = line_events(game, index) if events is None else events
        parts += [sentence(e) for e in said(table, events, entry.side)]
    return sentences(parts)


class MoveLog:
    """The move log's words, kept from one render to the next: only new lines are put into
    words, and only the turn under way (and the turns an undo changed) is grouped again, so
    a line late in a long game costs what a line early in it costs. Each line's events are
    kept too: the game-over summary reads them. ``prepare`` works the words out a few
    lines at a time, so that a long game resumed can show its board first (app/main.py)."""

    def __init__(self):
        self._key = None  # (game, the names of the seats and sides)
        self._lines = []  # [entry, its line_events, its words (None until worked out)]
        self._worded = 0  # the lines with words: always the first ones
        self._grouped = 0  # the lines the groups hold
        self._groups = []  # oldest first: (number, who, ((step, text, mark), ...newest first))
        self._starts = []  # the index of each group's first line

    def _sync(self, table):
        """(game, kept lines) for the game on ``table``. A record only grows, is cut back
        or has its last line completed: the lines before the first that changed keep
        their events and words."""
        game = table.game
        key = (game, table.seat_name(1), table.seat_name(2), table.actor("w"), table.actor("b"))
        if self._key is None or self._key[0] is not game or self._key[1:] != key[1:]:
            self._key, self._lines, self._groups, self._starts = key, [], [], []
        lines, entries = self._lines, game.entries
        n = len(entries)
        keep = min(len(lines), n)
        if not (keep and lines[keep - 1][0] is entries[keep - 1]):
            keep = 0
            while keep < len(lines) and keep < n and lines[keep][0] is entries[keep]:
                keep += 1
        del lines[keep:]
        self._worded = min(self._worded, keep)
        self._grouped = min(self._grouped, keep)
        return game, lines

    def _with_events(self, game, lines, upto: int) -> None:
        """Lines up to ``upto`` kept, each with its events."""
        for i in range(len(lines), upto):
            lines.append([game.entries[i], line_events(game, i), None])

    def _with_words(self, table, game, lines, upto: int) -> None:
        """Lines up to ``upto`` kept, each with its events and words."""
        self._with_events(game, lines, upto)
        for i in range(self._worded, upto):
            lines[i][2] = entry_text(table, game, i, lines[i][1])
        self._worded = max(self._worded, upto)

    def prepare(self, table, count: int) -> bool:
        """Works out the words of up to ``count`` more lines of the game on ``table``
        (oldest first); True while some are still to do."""
        game, lines = self._sync(table)
        n = len(game.entries)
        self._with_words(table, game, lines, min(n, self._worded + count))
        return self._worded < n

    def pending(self, table) -> bool:
        """True when some line of the game on ``table`` has no words yet."""
        game, _lines = self._sync(table)
        return self._worded < len(game.entries)

    def groups(self, table) -> list:
        """The log of the game on ``table``, oldest turn first: one group per turn
        (app/game/counting.py; the colour draw's lines in one group before turn 1), each
        ``(number, who, ((step, text, mark), ...newest first))``: ``number`` is the
        turn's (0 for the colour draw), ``step`` the replay step that shows the position
        after that line, ``mark`` the line's counting.marks() mark. A turn that did not
        change is the same tuple as at the last call."""
        game, lines = self._sync(table)
        groups, starts = self._groups, self._starts
        n = len(game.entries)
        self._with_words(table, game, lines, n)
        # the turns from the one holding the first line not grouped (a changed line), or
        # the last one (its lines' counts change as it grows), are grouped again
        g = len(groups) - 1
        while g > 0 and starts[g] > self._grouped:
            g -= 1
        g = max(g, 0)
        first = starts[g] if groups else 0
        del groups[g:], starts[g:]
        line_marks = marks(game)
        current = None  # [number, who, first line, [(step, text, mark)]]
        for i in range(first, n):
            entry, _events, text = lines[i]
            mark = line_marks[i]
            if current is None or current[0] != mark[0]:
                if current is not None:
                    self._close(current)
                seat = table.seat_of(entry.side) if not entry.draw else None
                who = t("log.group.draw") if entry.draw else (
                    t("log.group.seat", name=table.seat_name(seat), colour=COLOUR_WORDS[entry.side])
                    if seat is not None else table.actor(entry.side))
                current = [mark[0], who, i, []]
            current[3].append((i + 1, text, mark))
        if current is not None:
            self._close(current)
        self._grouped = n
        return groups

    def _close(self, group) -> None:
        number, who, first, steps = group
        steps.reverse()
        self._groups.append((number, who, tuple(steps)))
        self._starts.append(first)

    def summary(self, table) -> dict:
        """``summary`` of the game on ``table``, from the events kept for the log's words:
        the end of a long game (or a finished one resumed) does not work them out again.
        The events of lines not kept yet are kept now; their words can wait."""
        game, lines = self._sync(table)
        self._with_events(game, lines, len(game.entries))
        return summary(game, [events for _entry, events, _text in lines])

    def turns(self, table) -> list:
        """The log of the game on ``table``, newest first: ``(number, who, [(step, text),
        ...newest first])`` per turn (see groups)."""
        return [(number, who, [(step, text) for step, text, _mark in steps])
                for number, who, steps in reversed(self.groups(table))]


def summary(game: senet.Game, events=None) -> dict:
    """What happened in the game, for the game-over panel: the number of turns, and per
    side ("w", "b") the bumps made and suffered and the pieces lost to the water.
    ``events``: each line's line_events, as far as they are known (MoveLog keeps them)."""
    out = {"turns": turns_played(game), "w": {"bumps": 0, "bumped": 0, "water": 0},
           "b": {"bumps": 0, "bumped": 0, "water": 0}}
    known = len(events) if events is not None else 0
    for i, entry in enumerate(game.entries):
        if entry.draw or entry.action is None:
            continue
        opp = other(entry.side)
        fell = False
        for event in (events[i] if i < known else line_events(game, i)):
            if event["kind"] == "bump":
                out[entry.side]["bumps"] += 1
                out[opp]["bumped"] += 1
                if event["water"]:
                    out[opp]["water"] += 1
            elif (event["kind"] == "into_water" and not event["fall_back"]) or event.get("in_water"):
                fell = True  # Kendall, Thibault: a piece that lands in the water stays there
        if fell:
            out[entry.side]["water"] += 1
    return out
