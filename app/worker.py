"""Background worker ("players"): every computer player thinks here, off the main thread.

The page calls the functions of ``__export__`` with
``await (await workers["players"]).think(position, level, seed)``; only plain strings
and numbers cross: a position in notation in, a move in notation out. The throws are
not made here: they stay with the Game (and its seeded generator) on the main thread.
"""

import senet
from senet.ai import get_player

# One player per (level, seed): the page gives each seat of a game its own seed.
_players: dict = {}


def _player(level, seed):
    key = (str(level), int(seed))
    player = _players.get(key)
    if player is None:
        if len(_players) > 16:
            _players.clear()
        player = _players[key] = get_player(key[0], seed=key[1])
    return player


def ping():
    """Prove the worker is up and can import the engine and the players."""
    return ",".join(senet.VARIANTS)


def think(position, level, seed):
    """The move (notation) the player of ``level`` chooses for a state with a pending throw."""
    state = senet.parse_position(str(position))
    return str(_player(level, seed).choose(state))


def think_pre_throw(position, level, seed):
    """Before a throw: "rescue" when the player rescues its piece from the water, else "throw"."""
    state = senet.parse_position(str(position))
    move = _player(level, seed).choose_pre_throw(state)
    return "throw" if move is None else str(move)


__export__ = ["ping", "think", "think_pre_throw"]
