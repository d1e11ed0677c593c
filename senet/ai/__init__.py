"""Computer opponents for every rule set: Novice, Average and Expert.

    from senet.ai import get_player
    p = get_player("expert", seed=0, nodes=3000)
    move = p.choose(state)               # at a decision: a move, or THROW or RESCUE before a throw
    p.analyse(state)                     # Expert only: [(action, win prob)], best first; [(None, p)] at a chance node
    p.win_probability(state)             # Expert only: white's win probability

See docs/opponents.md. Pure Python, standard library only (runs in Pyodide).
"""

from .evaluate import evaluate, evaluator
from .players import DEFAULT_TIME_CAP, Average, Expert, Novice, Player, RandomMover, play_out
from .tuning import DEFAULT_NODES

LEVELS = ("novice", "average", "expert")
# "random" is a yardstick for the arena (how much of a result is luck), not an opponent
_CLASSES = {"novice": Novice, "average": Average, "expert": Expert, "random": RandomMover}


def get_player(level: str, seed: int = 0, **budget) -> Player:
    """A player of the given level. Budget keywords (Expert): nodes, time_cap, max_depth."""
    try:
        cls = _CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown level '{level}' (choose from {', '.join(LEVELS)})") from None
    if cls in (Novice, RandomMover):
        return cls(seed)
    return cls(seed, **budget)


_kept: dict = {}


def kept_player(level: str, seed: int = 0, nodes: int = 0) -> Player:
    """get_player, made once per (level, seed, node budget) and kept (a few dozen at
    most): every player decides the same whatever it was asked before, so the page and
    the worker ask the one of a seat again instead of building it for each decision.
    ``nodes`` > 0 sets the Expert's budget; the other levels have none."""
    nodes = int(nodes or 0) if level == "expert" else 0
    key = (level, int(seed), nodes)
    player = _kept.get(key)
    if player is None:
        if len(_kept) > 16:
            _kept.clear()
        player = _kept[key] = get_player(level, seed=int(seed), **({"nodes": nodes} if nodes else {}))
    return player


__all__ = [
    "DEFAULT_NODES", "DEFAULT_TIME_CAP", "LEVELS", "Average", "Expert", "Novice", "Player", "RandomMover",
    "evaluate", "evaluator", "get_player", "kept_player", "play_out",
]
