"""Write tests/engine/fixtures/records.json: records and saved sessions to load forever.

    python tools/make_record_fixtures.py

Records of every rule set (rescues, colour draws, passes, extra throws, a pending
throw on the last line, the legacy mt19937 throws, sha256-commit games sealed and
revealed) and Session saves (mid-throw, after undo with a redo history), each with the
positions its replay goes through. The file in the repository was written with the
engine before the turn model (State.with_throw, Player.choose_pre_throw);
tests/engine/test_turn_model.py checks that every item still loads and replays to the
same positions, so that what older versions wrote stays readable.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from senet import VARIANTS
from senet.ai import get_player, play_out
from senet.game import Game
from senet.session import Seat, Session
from senet.throws import MT19937

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "engine", "fixtures",
                       "records.json")


def positions(game: Game) -> list:
    return [s.position() for s in game.states]


def record_item(game: Game, **kw) -> dict:
    text = game.record_text(**kw)
    return {"kind": "record", "text": text, "positions": positions(game), "state": game.state.position()}


def played(variant: str, seed: int, throws: str = "sha256", stop: int | None = None, **kw) -> Game:
    """A game of Novice (rescues half of the time) against Average, maybe stopped after
    ``stop`` entries with a throw pending."""
    game = Game(variant, seed=seed, throws=throws, **kw)
    gen = play_out(game, get_player("novice", seed=seed), get_player("average"))
    for _ in gen:
        if stop is not None and len(game.entries) >= stop:
            break
    if stop is not None and not game.over and game.state.throw is None:
        game.throw()
    return game


def session_items(variant: str) -> dict:
    out = {}
    session = Session(variant, {1: Seat("human", "Ann"), 2: Seat("human")}, seed=21)
    novice = get_player("novice", seed=2)
    decisions = 0
    while decisions < 14 and not session.game.over:
        s = session.state
        if s.opening:
            session.throw()
            continue
        if s.throw is None:
            pre = s.pre_throw_actions()
            if pre and novice.choose_pre_throw(s) is not None:
                session.play(pre[0])
                decisions += 1
                continue
            session.throw()
            continue
        session.play(novice.choose(s) if len(s.legal_actions()) > 1 else s.legal_actions()[0])
        decisions += 1
    session.throw() if session.state.throw is None and not session.game.over else None
    out["mid-throw"] = session
    text = session.to_json()
    after = Session.from_json(text)
    after.undo()
    after.undo()
    out["after-undo"] = after
    items = {}
    for name, sess in out.items():
        text = sess.to_json()
        item = {"kind": "save", "text": text, "positions": positions(sess.game), "state": sess.state.position()}
        if sess.can_redo:
            sess.redo()
            item["after_redo"] = sess.state.position()
        items[f"{variant}-save-{name}"] = item
    return items


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    items = {}
    for i, variant in enumerate(VARIANTS):
        items[f"{variant}-whole"] = record_item(played(variant, 5 + i))
        items[f"{variant}-legacy-pending"] = record_item(played(variant, 40 + i, MT19937, stop=60))
        items.update(session_items(variant))
    sealed = played("kendall", 77, "sha256-commit", stop=30, phrase="two words")
    items["kendall-commit-sealed"] = record_item(sealed)  # not over: no seed line
    revealed = played("thibault", 78, "sha256-commit")
    items["thibault-commit-revealed"] = record_item(revealed)
    counts = {}
    for item in items.values():
        for line in item["text"].splitlines():
            for word in ("rescue", "draw", "pass"):
                if line.endswith(" " + word):
                    counts[word] = counts.get(word, 0) + 1
    print(f"{len(items)} items; lines ending with: {counts}", file=sys.stderr)
    os.makedirs(os.path.dirname(FIXTURE), exist_ok=True)
    with open(FIXTURE, "w") as f:
        json.dump(items, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
