"""The page's names, each written once: the sides and their colours, the player kinds
and their labels, the animation speeds, the URL keys of a new game, and a seat's label.

Free of the DOM; runs in CPython, Pyodide and MicroPython. The computer levels are
senet.ai.LEVELS (not imported here: the page loads the players only when a computer
first decides; tests/app/test_app_setup.py checks the two agree).

Two kinds of names: data (``SIDES``, ``COLOUR``, ``KINDS``, ``SPEEDS``: saved, in URLs,
CSS classes and data-* values; never translated) and the words a player reads for them
(``SIDE_NAMES``, ``COLOUR_WORDS``, ``KIND_NAMES``: messages of senet/words, looked up in
the language in use each time they are read).
"""

from senet.state import BLACK, COLOUR_NAME, WHITE
from senet.words import current, t
from senet.words.game import rules_title

SIDES = (WHITE, BLACK)
COLOUR = COLOUR_NAME  # "w" -> "white": data (CSS classes, data-colour); the words are COLOUR_WORDS

KINDS = ("human", "novice", "average", "expert")  # "human", then senet.ai.LEVELS


class ShownNames:
    """A read-only mapping from data to the words shown for it: ``NAMES[key]`` is the
    message of ``key`` in the language in use (``get``, ``in``, iteration and ``items``
    as a dict's). Equal to a dict of the same words."""

    def __init__(self, keys: dict):
        self._keys = keys  # data -> message id

    def __getitem__(self, key):
        return t(self._keys[key])

    def get(self, key, default=None):
        return t(self._keys[key]) if key in self._keys else default

    def __contains__(self, key) -> bool:
        return key in self._keys

    def __iter__(self):
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def keys(self) -> list:
        return list(self._keys)

    def values(self) -> list:
        return [t(key) for key in self._keys.values()]

    def items(self) -> list:
        return [(name, t(key)) for name, key in self._keys.items()]

    def __eq__(self, other) -> bool:
        mine = dict(self.items())
        return mine == (dict(other.items()) if isinstance(other, ShownNames) else other)

    def __ne__(self, other) -> bool:
        return not self.__eq__(other)


SIDE_NAMES = ShownNames({WHITE: "names.side.w", BLACK: "names.side.b"})  # "White", a side on its own
COLOUR_WORDS = ShownNames({WHITE: "names.colour.w", BLACK: "names.colour.b"})  # "white", within a sentence
KIND_NAMES = ShownNames({"human": "names.kind.human", "novice": "names.kind.novice",
                         "average": "names.kind.average", "expert": "names.kind.expert"})  # "Novice"
# The seat of a game between two devices played on the other device (app/online/flow.py):
# its actions come over the connection. Not a kind of a Setup or a save: both seats of
# such a game are people ("human"); the page marks the other one with this kind.
REMOTE = "remote"
# The computer players that think in the worker (Pyodide); the others decide on the page
# itself, in well under a millisecond on MicroPython, and never wait for the worker.
WORKER_KINDS = ("expert",)
# Who decides on the page for them when the worker cannot (app/flow/turn_loop.py's
# fallback_level): a game it stood in for counts against it (app/storage/formats.py).
STAND_IN = "average"

SPEEDS = ("slow", "normal", "fast", "instant")  # the pace of the pieces and the computer

# URL parameters that start a new game (app/flow/setup.py reads them; app/main.py drops them
# from the address bar once used, so that a reload resumes the game instead).
QUERY_KEYS = ("variant", "white", "black", "seed", "speed", "white_name", "black_name", "position",
              "expert_nodes", "phrase")


def seat_label(kinds, names, seat: int) -> str:
    """What the board and the kept games call a seat (1 or 2): its player's name if
    given, else "You" for the one human, "Player 1"/"Player 2" for two, the computer's
    level ("Average"), numbered when both seats have the same one ("Average 1")."""
    name = names[seat - 1].strip()
    if name:
        return name
    kind = kinds[seat - 1]
    if kind == "human":
        return t("names.seat.you") if list(kinds).count("human") == 1 else t("names.seat.player", seat=seat)
    label = KIND_NAMES.get(kind, kind)
    return t("names.seat.numbered", level=label, seat=seat) if kinds[0] == kinds[1] else label


def rules_name(rules) -> str:
    """A rule set's name with its house rules, in the words in use ("Kendall (five pieces)",
    senet.words.game.rules_title): every place a player reads which rules a game follows."""
    return rules_title(current(), rules)


# Each quick message's words (senet.online.messages.QUICK: the code goes over the wire,
# each device says it in its own language).
QUICK_WORDS = {
    "hello": "online.quick.hello",
    "good-luck": "online.quick.good_luck",
    "your-turn": "online.quick.your_turn",
    "thinking": "online.quick.thinking",
    "back-soon": "online.quick.back_soon",
    "nice-move": "online.quick.nice_move",
    "oops": "online.quick.oops",
    "thanks": "online.quick.thanks",
    "good-game": "online.quick.good_game",
}


def quick_words(code: str) -> str:
    """A quick message's words in the words in use."""
    return t(QUICK_WORDS[code])
