"""Messages of a game by correspondence (docs/online.md, "Correspondence"): seeded
Average-vs-Average games of each rule set played by two devices' objects passing links
only (senet.online.corr), and the links' lengths; then the length of the link of a
whole game shared as a link (senet.online.share).

    nice -n 10 .venv/bin/python tools/correspondence_messages.py --games 200

A message is one link, the offer and the answer included. Every game is checked: both
devices end with the same record, and it verifies.
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import senet
from senet.ai import get_player
from senet.game import Game
from senet.online.corr import join, start
from senet.online.share import share_code
from senet.verify import VERIFIED, verify_record


def secret(seed, which):
    return ((seed * 2 + which) * 0x9E3779B97F4A7C15 % (1 << 128)).to_bytes(16, "big")


def one_game(variant, seed):
    """(links, [their lengths], actions, shared link length) of one game."""
    host = start(variant, 1 + seed % 2, "Ann", 72, secret(seed, 0))
    guest, reply = join(host.outgoing(), "Bob", secret(seed, 1))
    devices = {host.seat: host, guest.seat: guest}
    players = {1: get_player("average", seed=seed), 2: get_player("average", seed=seed + 1)}
    lengths = [len(host.outgoing())]
    pending = None if reply.link is None else (guest.seat, reply.link)
    while True:
        if pending is not None:
            seat, code = pending
            lengths.append(len(code))
            to = devices[3 - seat]
            reply = to.receive(code)
            pending = None if reply.link is None else (to.seat, reply.link)
            continue
        if guest.game.over and host.game is not None and host.game.over:
            break
        d = next(d for d in devices.values() if d.game is not None and d.waiting_for() == d.seat)
        reply = d.act(players[d.seat].choose(d.game.state))
        pending = None if reply.link is None else (d.seat, reply.link)
    record = host.record_text()
    if record != guest.record_text() or verify_record(record).status != VERIFIED:
        raise SystemExit(f"{variant} seed {seed}: the two devices' records differ or do not verify")
    return len(lengths), lengths, host.game.actions, len(share_code(Game.from_record(record)))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per rule set (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--variants", nargs="*", default=list(senet.VARIANTS), help="rule sets (default: all)")
    args = parser.parse_args(argv)
    print(f"{args.games} Average-vs-Average games per rule set, seeds {args.seed} to {args.seed + args.games - 1}")
    print("| rule set | messages per game: mean | max | actions per game: mean | messages per action "
          "| link: mean chars | max | shared game link: mean chars | max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for variant in args.variants:
        counts, lengths, actions, shared = [], [], [], []
        for seed in range(args.seed, args.seed + args.games):
            n, ls, a, s = one_game(variant, seed)
            counts.append(n)
            lengths.extend(ls)
            actions.append(a)
            shared.append(s)
        mean = sum(counts) / len(counts)
        print(f"| {variant} | {mean:.1f} | {max(counts)} | {sum(actions) / len(actions):.1f} | "
              f"{sum(counts) / sum(actions):.2f} | {sum(lengths) / len(lengths):.1f} | {max(lengths)} | "
              f"{sum(shared) / len(shared):.0f} | {max(shared)} |")
    game = Game("kendall", seed=args.seed)
    player = get_player("average", seed=args.seed)
    from senet.turns import decisions

    for _ in decisions(game, player.choose):
        if game.actions >= 150:
            break
    print(f"a Kendall game of {game.actions} actions (seed {args.seed}) shared as a link: "
          f"{len(share_code(game))} characters")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
