"""Train Expert's network evaluation of a rule set by self-play (TD(lambda)).

    python tools/train_network.py --variant havens --games 60000 --checkpoint /tmp/havens.npz
    python tools/train_network.py --variant havens --games 20000 --checkpoint /tmp/havens.npz --resume
    python tools/train_network.py --variant havens --checkpoint /tmp/havens.npz --write

The network (senet/ai/network.py) plays both sides: for each throw it takes the action
whose position it likes best for the mover, one throw ahead. After every action it moves
its estimate of the previous position towards its estimate of the new one, and at the
end towards the result (temporal differences with eligibility traces). The games are
seeded, so the same arguments give the same network. ``--write`` stores a checkpoint in
senet/ai/tables/networks.bin (senet.datafile's format: float32 weights, a checksum),
which the engine reads (plain Python; numpy is only needed here:
``pip install numpy``). Measure a network with the arena afterwards, e.g.
``python -m senet.commands.arena --variant havens --a expert --b average --games 400 --seed 1``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from senet import turns  # noqa: E402
from senet.ai.network import (  # noqa: E402
    N_INPUTS,
    N_INPUTS_BELL,
    N_INPUTS_TRAPS,
    NETWORKS_FILE,
    decode_networks,
    encode_networks,
    encoder,
)
from senet.game import Game  # noqa: E402
from senet.state import BLACK, WHITE  # noqa: E402
from senet.throws import MT19937  # noqa: E402
from senet.variants import get_rules  # noqa: E402

NETS_FILE = ROOT / "senet" / "ai" / "tables" / NETWORKS_FILE


class Trainer:
    def __init__(self, np, hidden: int = 40, seed: int = 0, n_inputs: int = N_INPUTS):
        self.np = np
        self.encode = encoder(n_inputs)
        rng = np.random.default_rng(seed)
        self.W1 = rng.normal(0, 0.1, (n_inputs, hidden))
        self.b1 = np.zeros(hidden)
        self.W2 = rng.normal(0, 0.1, hidden)
        self.b2 = np.zeros(1)
        self.games = 0

    def _sig(self, x):
        return 1 / (1 + self.np.exp(-x))

    def values(self, actives):
        np = self.np
        H = self._sig(np.stack([self.W1[a].sum(0) for a in actives]) + self.b1)
        return self._sig(H @ self.W2 + self.b2[0])

    def gradient(self, active):
        h = self._sig(self.W1[active].sum(0) + self.b1)
        y = self._sig(h @ self.W2 + self.b2[0])
        dy = y * (1 - y)
        return y, dy * self.W2 * h * (1 - h), dy * h, dy

    def choose(self, state):
        """The action whose result the network likes best for the mover."""
        moves = state.legal_actions()
        if len(moves) == 1:
            return moves[0]
        children = [state.apply(m) for m in moves]
        live = [c for c in children if c.winner is None]
        ys = iter(self.values([self.encode(c) for c in live])) if live else iter(())
        mover = state.side
        best, best_value = None, -1.0
        for m, c in zip(moves, children):
            w = c.winner
            if w is not None:
                v = 1.0 if w == mover else 0.5 if w == "draw" else 0.0
            else:
                y = next(ys)
                v = y if c.side == mover else 1 - y
            if v > best_value:
                best, best_value = m, v
        return best

    def play_and_learn(self, variant: str, game_seed: int, alpha: float, lam: float) -> int:
        np = self.np
        game = Game(variant, seed=game_seed, throws=MT19937)  # the legacy generator: the results in docs/ stay reproducible
        eW1 = np.zeros_like(self.W1)
        eb1 = np.zeros_like(self.b1)
        eW2 = np.zeros_like(self.W2)
        eb2 = 0.0
        previous = None
        steps = 0
        while not game.over:
            s = game.state
            if turns.step(s)[0] == turns.CHANCE:
                game.throw()
                continue
            game.play(self.choose(s))
            after = game.state
            w = after.winner
            if w is not None:
                y = 1.0 if w == WHITE else 0.0 if w == BLACK else 0.5
            else:
                active = self.encode(after)
                y, dh, gW2, gb2 = self.gradient(active)
                sign = 1.0
                if after.side != WHITE:  # the network answers for the side to throw
                    y, sign = 1 - y, -1.0
            if previous is not None:
                d = alpha * (y - previous)
                if d:
                    self.W1 += d * eW1
                    self.b1 += d * eb1
                    self.W2 += d * eW2
                    self.b2 += d * eb2
            if w is not None:
                break
            eW1 *= lam
            eb1 *= lam
            eW2 *= lam
            eb2 *= lam
            eW1[active] += sign * dh
            eb1 += sign * dh
            eW2 += sign * gW2
            eb2 += sign * gb2
            previous = y
            steps += 1
        return steps

    def flat(self) -> list[float]:
        return [*self.W1.ravel().tolist(), *self.b1.tolist(), *self.W2.tolist(), float(self.b2[0])]

    def save(self, path: Path) -> None:
        np = self.np
        with open(path, "wb") as f:  # np.savez would add .npz to other names
            np.savez(f, W1=self.W1, b1=self.b1, W2=self.W2, b2=self.b2, games=np.array(self.games))

    @classmethod
    def load(cls, np, path: Path) -> Trainer:
        d = np.load(path)
        t = cls(np, d["W1"].shape[1], n_inputs=d["W1"].shape[0])
        t.W1, t.b1, t.W2, t.b2 = d["W1"].copy(), d["b1"].copy(), d["W2"].copy(), d["b2"].copy()
        t.games = int(d["games"])
        return t


def write_nets(variant: str, trainer: Trainer, note: str) -> None:
    """Store one rule set's network in senet/ai/tables/networks.bin, keeping the others."""
    nets = decode_networks(NETS_FILE.read_bytes()) if NETS_FILE.exists() else {}
    nets[variant] = {
        "inputs": int(trainer.W1.shape[0]), "hidden": int(trainer.W1.shape[1]), "games": trainer.games,
        "note": note, "weights": [float(w) for w in trainer.flat()],
    }
    NETS_FILE.write_bytes(encode_networks(nets))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True, choices=["kendall", "jequier", "tait", "bell", "thibault", "havens"])
    ap.add_argument("--games", type=int, default=0, help="self-play games to train")
    ap.add_argument("--checkpoint", type=Path, required=True, help="numpy checkpoint (.npz) to write")
    ap.add_argument("--resume", action="store_true", help="go on from the checkpoint")
    ap.add_argument("--hidden", type=int, default=40)
    ap.add_argument("--traps", action="store_true",
                    help="add the inputs that say which throws force a piece onto 27 (82 inputs)")
    ap.add_argument("--alpha", type=float, default=0.1, help="learning rate")
    ap.add_argument("--lam", type=float, default=0.7, help="trace decay (lambda)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", action="store_true", help="store the checkpoint in senet/ai/tables/networks.bin")
    ap.add_argument("--note", default="", help="with --write: how it was trained")
    args = ap.parse_args(argv)
    if args.traps and args.variant not in ("jequier", "havens"):
        ap.error("--traps is for jequier and havens, the rule sets where 27 sends a piece back")
    try:
        import numpy as np
    except ImportError:
        print("train_network.py needs numpy: pip install numpy", file=sys.stderr)
        return 2
    if args.resume or (args.write and not args.games):
        trainer = Trainer.load(np, args.checkpoint)
    else:
        n_inputs = N_INPUTS_BELL if get_rules(args.variant).has_goals else N_INPUTS_TRAPS if args.traps else N_INPUTS
        trainer = Trainer(np, args.hidden, args.seed, n_inputs)
    t0 = time.time()
    steps = 0
    for i in range(args.games):
        g = trainer.games
        steps += trainer.play_and_learn(args.variant, args.seed * 1000003 + g, args.alpha, args.lam)
        trainer.games += 1
        if (i + 1) % 1000 == 0 or i + 1 == args.games:
            trainer.save(args.checkpoint)
            print(f"{args.variant}: {trainer.games} games, {time.time() - t0:.0f} s, "
                  f"{steps / (i + 1):.0f} positions a game", flush=True)
    if args.write:
        write_nets(args.variant, trainer, args.note or f"TD(lambda) self-play, {trainer.games} games")
        print(f"wrote {args.variant} ({trainer.games} games) into {NETS_FILE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
