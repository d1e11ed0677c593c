"""The turn loop, written once: what comes next in a state, and a driver that plays a
``senet.game.Game`` through it.

    step(state) -> (kind, action)
        OVER    the game is over                          action None
        CHANCE  the sticks are thrown next                action None
        FORCED  one legal action (a pass, a lone move)    action: that action
        CHOICE  a side chooses among several actions      action None
                (a move, or THROW or RESCUE before a throw)

    play(game, choose)       plays ``game`` to its end: throws from its generator,
                             forced actions, ``choose(state)`` at every CHOICE
    decisions(game, choose)  the same, as a generator yielding each CHOICE state
                             just before ``choose`` is asked

The page's turn loop awaits the computer's choice instead of calling it, but reads the
same step(). Plain Python that runs in MicroPython too.
"""

from .moves import THROW
from .state import CHANCE

OVER = "over"
FORCED = "forced"
CHOICE = "choice"


def step(state) -> tuple:
    """(kind, action): what happens next in ``state`` (see the module's text)."""
    to_act = state.to_act
    if to_act is None:
        return OVER, None
    if to_act == CHANCE:
        return CHANCE, None
    actions = state.legal_actions()
    if len(actions) == 1:
        return FORCED, actions[0]
    return CHOICE, None


def game_step(game) -> tuple:
    """step() of the game's state; OVER also when the game was drawn by the C6 safeguard."""
    if game.over:
        return OVER, None
    return step(game.state)


def decisions(game, choose):
    """Play ``game`` to its end; yields each state where ``choose(state)`` is about to
    pick among several actions, then applies its choice."""
    while True:
        kind, action = game_step(game)
        if kind == OVER:
            return
        if kind == CHANCE:
            game.throw()
        elif kind == FORCED:
            game.apply(action)
        else:
            state = game.state
            yield state
            game.apply(choose(state))


def play(game, choose) -> None:
    """Play ``game`` to its end, ``choose(state)`` picking at every real choice."""
    for _ in decisions(game, choose):
        pass


def after_throw(state, throw: int):
    """The state after throwing ``throw`` from ``state``, where the side to act has not
    thrown yet: THROW first when it could rescue instead (the choice before the throw)."""
    if state.throw is None and state.to_act not in (None, CHANCE):
        state = state.apply(THROW)
    return state.apply(throw)
