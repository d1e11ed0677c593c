"""How much can any player win against Average? A best response to Average, measured.

    python tools/best_response.py --variant kendall+five [--games 400] [--seed 1]
                                  [--nodes 20000] [--jobs 1] [--json] [--no-progress]

Average is deterministic: its action in a position depends on the position alone (no
random numbers, senet.ai.players.Average). The Expert's search assumes an opponent who
minimises the Expert's chances; this player searches the same way, with the same
evaluation, node budget and iterative deepening (senet.ai.search.Search), except that at
Average's decisions it follows the one action Average will take there, which it knows
by asking Average. So it plays for the best result against this very opponent, not
against a perfect one: it takes risks that Average will not punish and aims at the
mistakes Average will make.

Its score against Average (the games are the arena's: the same seeds, the same pairs
with the colours swapped, ``python -m senet.commands.arena``) estimates how much room the rules
leave against Average. If even this player stays near the Expert's score, a stronger
Expert cannot do much better there: the rest is the luck of the throws.
docs/opponents.md gives the numbers. Standard library only (and the engine). It takes
about twice the time of the arena's Expert against Average at the same budget (asking
Average costs, and the narrower tree goes deeper): 400 games of ``kendall+five`` at
3 000 nodes took 2 206 s against the Expert's 1 133 s, wall clock on a busy machine.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from senet.ai.evaluate import evaluator
from senet.ai.players import Average, Player, default_nodes
from senet.ai.search import Search
from senet.commands import arena
from senet.errors import SenetError
from senet.variants import get_rules


class _AgainstModel(Search):
    """Expectimax in which the side ``me`` maximises its chances and the other side plays
    the action ``model(state)`` chooses (no minimising: the model is known exactly)."""

    def __init__(self, evaluate, model, me: str, max_nodes: int):
        super().__init__(evaluate, max_nodes)
        self.model = model
        self.me = me

    def _decide(self, state, depth, alpha, beta, hint):
        if state.side == self.me:
            return super()._decide(state, depth, alpha, beta, hint)
        moves = state.legal_actions()
        m = moves[0] if len(moves) == 1 else self.model(state)
        child = state.apply(m)
        return (self.value(child, depth - 1, alpha, beta) if len(moves) == 1
                else self._child(m, child, depth, alpha, beta)), m


class BestResponse(Player):
    """Searches like the Expert, knowing that the opponent is Average (see the module)."""

    level = "best-response"

    def __init__(self, seed: int = 0, nodes: int | None = None):
        super().__init__(seed)
        self.nodes = nodes
        self.opponent = Average(seed)
        self._known: dict = {}  # Average's action by position (it depends on nothing else)

    def _model(self, state):
        key = state.key
        m = self._known.get(key)
        if m is None:
            m = self._known[key] = self.opponent.choose(state)
        return m

    def choose(self, state):
        moves = state.legal_actions()
        if len(moves) == 1:
            return moves[0]
        rules = state.rules
        nodes = self.nodes if self.nodes is not None else default_nodes(rules)
        search = _AgainstModel(evaluator(rules.name, expert=True), self._model, state.side, nodes)
        return search.run(state)[0][0]


def _job(task):
    i, variant, game_seed, a_first, nodes = task
    players = (BestResponse(game_seed, nodes), Average(game_seed + 1))
    return i, arena.play_game(variant, "best-response", "average", game_seed, a_first, players=players)


def run(variant: str, games: int, seed: int, nodes: int | None, jobs: int = 1, progress: bool = False) -> dict:
    """The arena's games (seeds and colours) with A the best response, B Average."""
    tasks = [(i, variant, game_seed, a_first, nodes) for i, game_seed, a_first in arena.game_plan(games, seed)]
    results, elapsed = arena.play_all(_job, tasks, jobs, progress)
    return arena.summarise(variant, "best-response", "average", seed, results, elapsed)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=None, help="node budget (default: the Expert's)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (this machine: 2 at most)")
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    ap.add_argument("--no-progress", action="store_true", help="no progress line on stderr")
    args = ap.parse_args(argv)
    try:
        variant = get_rules(args.variant).name
    except SenetError as exc:
        ap.error(str(exc))
    if args.games < 1:
        ap.error("--games must be at least 1")
    if args.nodes is not None and args.nodes < 1:
        ap.error("--nodes must be at least 1")
    summary = run(variant, args.games, args.seed, args.nodes, max(1, args.jobs), progress=not args.no_progress)
    print(arena.report(summary))
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
