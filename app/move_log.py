"""The move log and the game-over summary: a game's record in plain words, one group per
turn (a turn as app/counting.py counts it), and what happened (turns, bumps, pieces lost
to the water). Free of the DOM.
"""

from counting import marks, turns_played
from narration import said, sentence
from table import COLOUR

import senet
from senet import turns
from senet.describe import events as action_events
from senet.state import other


def entry_text(table, game: senet.Game, index: int) -> str:
    """Entry ``index`` of ``game``'s record in plain words ("You threw 3. You move from
    14 to 17. White's piece on 17 is bumped to square 14."), with ``table``'s names."""
    entry = game.entries[index]
    if entry.draw:
        return f"{table.seat_name(1 if entry.side == 'w' else 2)} threw {entry.throw} for colours."
    who = table.actor(entry.side)
    before = game.states[index]
    parts = []
    if entry.throw is not None:
        parts.append(f"{who} threw {entry.throw}.")
        if before.throw is None:
            before = turns.after_throw(before, entry.throw)
    if entry.action is not None:
        events = action_events(before, entry.action, game.states[index + 1])
        parts += [sentence(e) for e in said(table, events, entry.side)]
    return " ".join(parts)


class MoveLog:
    """The move log's words, kept from one render to the next: only new entries are put
    into words (an undo drops those past the first that changed)."""

    def __init__(self):
        self._cache = (None, [])  # (game, [(entry, text)])

    def turns(self, table) -> list:
        """The log of the game on ``table``, newest first: one group per turn
        (app/counting.py; the colour draw's throws in one group before turn 1), each
        ``(number, who, [(step, text), ...newest first])``: ``number`` is the turn's (0
        for the colour draw), ``step`` the replay step that shows the position after
        that entry."""
        game = table.game
        cache = self._cache if self._cache[0] is game else (game, [])
        texts = cache[1]
        entries = game.entries
        keep = 0
        while keep < len(texts) and keep < len(entries) and texts[keep][0] is entries[keep]:
            keep += 1
        del texts[keep:]
        for i in range(keep, len(entries)):
            texts.append((entries[i], entry_text(table, game, i)))
        self._cache = cache
        groups = []
        for i, ((entry, text), mark) in enumerate(zip(texts, marks(game))):
            if not groups or groups[-1][0] != mark[0]:
                seat = table.seat_of(entry.side) if not entry.draw else None
                who = "Colour draw" if entry.draw else (
                    f"{table.seat_name(seat)} ({COLOUR[entry.side]})" if seat is not None
                    else table.actor(entry.side))
                groups.append([mark[0], who, []])
            groups[-1][2].append((i + 1, text))
        out = [(number, who, list(reversed(items))) for number, who, items in groups]
        out.reverse()
        return out


def summary(game: senet.Game) -> dict:
    """What happened in the game, for the game-over panel: the number of turns, and per
    side ("w", "b") the bumps made and suffered and the pieces lost to the water."""
    out = {"turns": turns_played(game), "w": {"bumps": 0, "bumped": 0, "water": 0},
           "b": {"bumps": 0, "bumped": 0, "water": 0}}
    for i, entry in enumerate(game.entries):
        if entry.draw or entry.action is None:
            continue
        before = game.states[i]
        if before.throw is None and entry.throw is not None:
            before = turns.after_throw(before, entry.throw)
        opp = other(entry.side)
        after = game.states[i + 1]
        fell = False
        for event in action_events(before, entry.action, after):
            if event["kind"] == "bump":
                out[entry.side]["bumps"] += 1
                out[opp]["bumped"] += 1
                if event["water"]:
                    out[opp]["water"] += 1
            elif event["kind"] == "into_water" and not event["fall_back"]:
                fell = True
        action = entry.action
        # Kendall, Thibault: a piece that lands on 27 stays there, in the water
        if fell or (not action.is_special and action.dst == 27 and after.square(27) == entry.side):
            out[entry.side]["water"] += 1
    return out
