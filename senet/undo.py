"""Undo and redo: a player takes back a decision of theirs (and the computer's reply),
and may redo what was taken back. What is undone is kept as steps, lists of record
entries (senet.record.Entry), the last undone last; a step is checked against the game
before it is redone. Throws are never thrown again: the generator is rewound, so the
same throws come back (Game.undo_to)."""

from .errors import SenetError, shown
from .game import MAX_ACTIONS, Game
from .moves import PASS, THROW
from .state import WHITE


def seat_at(game: Game, index: int) -> int:
    """The seat that acted in the record's entry ``index`` (during a colour draw: the
    seat that threw)."""
    state = game.states[index]  # the state before entry ``index``
    colours = game.seat_colours
    if colours is None or state.opening:
        return 1 if state.side == WHITE else 2
    return next(seat for seat, colour in colours.items() if colour == state.side)


def is_human_decision(game: Game, seats: dict, index: int) -> bool:
    """Entry ``index`` is a human's action; a pass (the only legal action after a lost
    throw) is no decision, so undo skips it and goes back to the move before."""
    entry = game.entries[index]
    return entry.action is not None and entry.action != PASS and seats[seat_at(game, index)].is_human


def last_human_decision(game: Game, seats: dict):
    """The index of the entry of the last human decision, None when there is none."""
    if not any(seat.is_human for seat in seats.values()):
        return None  # computers only: no need to read the whole record (asked every drawing)
    for i in range(len(game.entries) - 1, -1, -1):
        if is_human_decision(game, seats, i):
            return i
    return None


def undo_last(game: Game, seats: dict):
    """Go back to just before the last human decision, with its throw still pending;
    the step undone (its entries), None when there is nothing to undo. Against a computer
    this also takes back the computer's reply."""
    i = last_human_decision(game, seats)
    if i is None:
        return None
    removed = list(game.entries[i:])
    game.undo_to(i, keep_throw=removed[0].throw is not None)
    return removed


def redo_step(game: Game, step: list) -> None:
    """Play the step ``step`` (entries undone, checked with redo_problem) again."""
    for k, entry in enumerate(step):
        if k == 0 and entry.throw is not None and game.state.throw == entry.throw:
            pass  # the throw is already pending
        elif entry.draw or entry.throw is not None:
            game.throw(entry.throw)
        if entry.action is not None:
            game.play(entry.action)
    game.sync_generator()


def redo_problem(game: Game, groups: list):
    """Why redoing ``groups`` (the last first, as Session.redo does) from ``game``'s
    state would fail, or None when every step replays. The game is not changed."""
    state = game.state
    actions = game.actions
    over = game.over
    for step, group in enumerate(reversed(groups), 1):
        for k, entry in enumerate(group):
            where = f"step {step}, '{shown(entry.text())}'"
            try:
                if over:
                    raise SenetError("the game is over")
                if entry.side != state.side:
                    raise SenetError(f"it is {'white' if state.side == WHITE else 'black'}'s turn")
                if k == 0 and entry.throw is not None and state.throw == entry.throw and not entry.draw:
                    pass  # the throw is already pending
                elif entry.draw != state.opening:
                    raise SenetError("a colour-draw throw only during the colour draw")
                elif entry.throw is not None:
                    if state.is_decision and state.throw is None:
                        state = state.apply(THROW)  # the choice before the throw: throw
                    state = state.apply(entry.throw)
                if entry.action is not None:
                    state = state.apply(entry.action)
                    actions += 1
                elif not entry.draw and k != len(group) - 1:
                    raise SenetError("a throw without an action ends a step")
            except SenetError as exc:
                return f"{where}: {exc}"
            over = state.is_terminal or actions >= MAX_ACTIONS
    return None
