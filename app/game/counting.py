"""How the page counts a game, in one place (docs/app.md, "Counting a game"): the move
log, the replay, the review, the game-over panel, the kept games and the dialogs all ask
this module, so one moment of a game has one number wherever it is named.

- A *turn* is one side's throws until the other side's begin, as players count them:
  a throw and what its thrower does with it (a move or a pass), then each extra throw a
  1, 4 or 5 gives and what is done with it, and (Piccione, a throw used in parts) the
  moves that use a throw up; a rescue from the water, taken instead of a throw, belongs
  to the turn of the side that takes it. Turns are numbered from 1 over the whole game.
  The colour draw's throws come before turn 1 and are not turns.
- A *move* is one of the turn's record lines (a throw and its move, or a part of a
  throw); a turn with an extra throw or a throw used in parts has several, and then a
  moment is "move 2 of turn 14".
- A *moment* of a game is the position after some of its record lines (a replay's
  step): "at the start", or after the line that ends it ("after turn 14").

Free of the DOM; plain Python for MicroPython too.
"""

from senet.words import n, t

# The last answer of marks(): the log, the replay and the review ask it several times for
# one drawing of a long game, and again after each new line. A record only grows or is cut
# back (undo), so its length and last line name its lines, and a record that grew keeps
# the marks of every turn before its last one.
_last = [None, None]  # (game, number of lines, last line), the marks


def marks(game) -> list:
    """(turn, move, moves) of each record line of ``game``: its turn's number (0 for the
    colour draw's lines), its place in that turn from 1, and the turn's number of lines."""
    entries = game.entries
    size = len(entries)
    last = entries[-1] if entries else None
    old, known = _last
    start = 0
    if old is not None and old[0] is game:
        had, had_last, had_before = old[1], old[2], old[3]
        if had == size and had_last is last:
            return known
        # a pending throw's line is completed in place: the line before it names the rest
        if 0 < had <= size and entries[had - 1] is had_last:
            start = had - 1
        elif 1 < had <= size + 1 and entries[had - 2] is had_before:
            start = had - 2
        while start > 0 and known[start][1] > 1:  # from the first line of that turn
            start -= 1
    result = _marks(game, start, known if start else None)
    _last[0], _last[1] = (game, size, last, entries[-2] if size > 1 else None), result
    return result


def _marks(game, start: int = 0, known=None) -> list:
    """The marks of ``game``'s lines, those before line ``start`` (the first line of a
    turn) taken from ``known``."""
    out = []
    prev = known[start - 1] if start else None
    turn = prev[0] if prev else 0
    entries = game.entries
    for i in range(start, len(entries)):
        entry = entries[i]
        if entry.draw:  # the colour draw's lines come first: line i is its (i + 1)th
            out.append([0, i + 1, 0])
            continue
        # a line opens a turn when its side is not the side of the line before it (the
        # colour draw's lines are no turn); an extra throw, a part of a throw or a rescue
        # by the same side goes on with that side's turn
        before = entries[i - 1] if i else None
        if turn == 0 or before is None or before.draw or before.side != entry.side:
            turn += 1
            out.append([turn, 1, 0])
        else:
            out.append([turn, (out[-1] if out else prev)[1] + 1, 0])
    # each line learns how many lines its turn has (the colour draw: all its lines)
    size = 0
    for k in range(len(out) - 1, -1, -1):
        size = max(size, out[k][1])
        out[k][2] = size
        if out[k][1] == 1:
            size = 0
    return (known[:start] if start else []) + [tuple(m) for m in out]


def turns_played(game) -> int:
    """How many turns ``game`` has had (the one under way included, once it has a line)."""
    entries = game.entries
    return marks(game)[-1][0] if entries else 0


def turn_under_way(game) -> bool:
    """True while the newest turn goes on: its side is still to act (an extra throw, the
    rest of a throw). Once the other side is to throw, its turn has no line yet, and the
    newest turn is over."""
    last = game.entries[-1] if game.entries else None
    return last is not None and not game.over and not last.draw and last.side == game.state.side


def turn_of(game, index: int) -> int:
    """The turn of record line ``index`` (0: the colour draw)."""
    return marks(game)[index][0]


def count_words(count: int) -> str:
    """"1 turn", "12 turns"."""
    return n("flow.count.turns", count)


# A mark's name on its own ("Turn 14") and within a sentence ("turn 14"): by the kind of
# moment (the colour draw, a turn, a move of a throw used in parts).
_MARK_KEYS = {True: ("flow.mark.draw", "flow.mark.turn", "flow.mark.move"),
              False: ("flow.mark.draw_within", "flow.mark.turn_within", "flow.mark.move_within")}


def _mark_kind(mark) -> int:
    """0 for the colour draw, 1 for a turn, 2 for a move of a turn of several."""
    turn, _move, moves = mark
    return 0 if turn == 0 else 2 if moves > 1 else 1


def mark_name(mark, capital: bool = True) -> str:
    """A line's mark (one of marks()) in words: "Turn 14", "Move 2 of turn 14"; not
    ``capital``: as within a sentence, "turn 14"."""
    turn, move, _moves = mark
    return t(_MARK_KEYS[bool(capital)][_mark_kind(mark)], turn=turn, move=move)


def line_name(game, index: int, capital: bool = True) -> str:
    """Record line ``index`` by its turn: "Turn 14", "Move 2 of turn 14" (a throw used in
    parts), "The colour draw". The review names a decision so: it is taken in that line."""
    return mark_name(marks(game)[index], capital)


def moment_name(game, step: int) -> str:
    """The moment after the first ``step`` record lines: "at the start", "after turn 14",
    "after move 2 of turn 14", "after the colour draw"."""
    if step <= 0:
        return t("flow.moment.start")
    mark = marks(game)[step - 1]
    key = ("flow.moment.draw", "flow.moment.turn", "flow.moment.move")[_mark_kind(mark)]
    return t(key, turn=mark[0], move=mark[1])


def replay_label(game, step: int, before: bool = False) -> str:
    """The replay's counter at ``step`` (the moment after ``step`` lines): "Turn 14 of
    122", "Move 2 of turn 14 of 122", "Start of the game". ``before``: the board shows
    the position where line ``step`` is decided (the review's choice): "Turn 15 of 122,
    before the move"."""
    total = turns_played(game)
    entries = game.entries
    if before and step < len(entries):
        return t("flow.replay.counter_before", mark=mark_name(marks(game)[step], True), total=total)
    if step <= 0:
        return n("flow.replay.counter_start", total)
    return t("flow.replay.counter", mark=mark_name(marks(game)[step - 1], True), total=total)


def pending_throw(game):
    """The throw the turn under way was thrown with (the whole throw, also when a part of
    it is used: Piccione's "2 left" shows the rest), or None when none is pending."""
    if game.state.throw is None:
        return None
    for entry in reversed(game.entries):
        if entry.throw is not None:
            return entry.throw
    return game.state.throw
