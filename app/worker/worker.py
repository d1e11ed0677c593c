"""Background worker ("players"): the Expert thinks here, off the main thread, with its
analysis for hints and the win meter and the game review (Novice and Average decide on
the page itself, app/flow/controller.py).

app/worker/players.js (a module worker running Pyodide) imports this module and calls the
functions of ``__export__`` for the page: ``await link.call("think", position, level,
seed)`` on the page's side (app/worker/link.py). Only plain strings and numbers cross, as
JSON texts: a position in notation in, a move in notation out. The throws are
not made here: they stay with the Game (and its seeded generator) on the main thread.
"""

import json
import sys

import senet
from senet.ai import exact, kept_player


def _fetch_table(name):
    """An exact endgame table (senet.ai.exact), fetched from the site's tables/ beside
    app/ when a position first falls in it, then kept for the visit (the service
    worker keeps the file). A synchronous request: a worker may make one, and this one
    answers one call at a time anyway."""
    try:
        from js import XMLHttpRequest

        request = XMLHttpRequest.new()
        # relative to the worker's script, app/players.js
        request.open("GET", "../tables/" + name, False)
        request.responseType = "arraybuffer"
        request.send()
    except Exception as exc:  # offline and not kept yet: the Expert searches instead
        raise OSError(f"tables/{name}: {exc}") from None
    if request.status != 200:
        raise OSError(f"tables/{name} answered {request.status}")
    return request.response.to_bytes()


if sys.platform == "emscripten":  # Pyodide; in CPython (the tests) the package's files
    exact.set_loader(_fetch_table)


def _player(level, seed, nodes=0):
    """The player of a seat (the page gives each seat of a game its own seed), kept."""
    return kept_player(str(level), int(seed), int(nodes or 0))


def use_words(lang):
    """Say words in ``lang``, the page's language (app/worker/players.js calls this before
    "ready" when the page asked for one: ``players.js?lang=fr``); English stays when the
    worker's senet.zip has no catalog of it. Returns the language in use."""
    import senet.words

    try:
        senet.words.use(senet.words.load(str(lang)))
    except (KeyError, ValueError):
        senet.words.use(senet.words.words())
    return senet.words.lang()


def ping():
    """Prove the worker is up and can import the engine and the players. The Expert's
    trained weights are loaded here too, while the page waits for the boot: the page's
    timeout for a decision then counts the search alone, never this one-off import."""
    from senet.ai.network import stored_networks

    stored_networks()

    return ",".join(senet.VARIANTS)


def prepare(variant):
    """Build the Expert's evaluation of ``variant`` (its endgame tables, cached for the
    visit): the page queues this before the first decision, so that the decision's
    timeout counts the search alone. Returns the rule set's name."""
    from senet.ai.evaluate import evaluator

    evaluator(str(variant), expert=True)
    return str(variant)


def think(position, level, seed, nodes=0):
    """The action (notation) the player of ``level`` chooses at a decision: a move for a
    pending throw, or before a throw "throw" or "rescue". ``nodes`` > 0 sets the Expert's
    search budget (0: the engine's default)."""
    state = senet.parse_position(str(position))
    return str(_player(level, seed, nodes).choose(state))


def analyse(position, nodes=0):
    """The Expert's ranking for hints and the win meter, as JSON:
    ``[[action, p], ...]`` best first, ``action`` in notation or "throw", ``p`` the
    estimated win probability of the side to act (a draw counts one half). Where the
    exact endgame tables reach, ``p`` is exact and each entry has a third item, "exact"."""
    state = senet.parse_position(str(position))
    player = _player("expert", 0, nodes)
    ranked = player.analyse(state)
    mark = ["exact"] if player.info.get("exact") else []
    return json.dumps([["throw" if move is None else str(move), round(p, 4)] + mark
                       for move, p in ranked])  # None: a chance node


# The review of a game (senet.ai.review), one record line a call, so that the page shows
# the progress and can stop it between two calls: review_start, then review_step until
# it reports done == total (or the page stops asking), then review_result.
_review = None


def review_start(record, nodes=0):
    """Start reviewing a record (text); JSON ``{"total": lines to analyse, "nodes": budget}``."""
    global _review
    from senet.ai.review import Reviewer

    _review = None
    _review = Reviewer(senet.Game.from_record(str(record)), int(nodes or 0) or None)
    return json.dumps({"total": _review.total, "nodes": _review.nodes})


def review_step(lines=1):
    """Analyse the next ``lines`` lines; JSON ``{"done": n, "total": n}``."""
    for _ in range(max(1, int(lines))):
        _review.step()
    return json.dumps({"done": _review.done, "total": _review.total})


def review_result():
    """The review so far (all of it once done == total), as JSON (docs/review.md)."""
    return json.dumps(_review.result())


__export__ = ["use_words", "ping", "prepare", "think", "analyse", "review_start", "review_step", "review_result"]
