"""The page's names, each written once: the sides and their colours, the player kinds
and their labels, the animation speeds, the URL keys of a new game, and a seat's label.

Free of the DOM; runs in CPython, Pyodide and MicroPython. The computer levels are
senet.ai.LEVELS (not imported here: the page loads the players only when a computer
first decides; tests/app/test_app_setup.py checks the two agree).
"""

from senet.state import BLACK, COLOUR_NAME, WHITE

SIDES = (WHITE, BLACK)
COLOUR = COLOUR_NAME  # "w" -> "white", as a sentence says it
SIDE_NAMES = {side: COLOUR[side][0].upper() + COLOUR[side][1:] for side in SIDES}  # "White"

KINDS = ("human", "novice", "average", "expert")  # "human", then senet.ai.LEVELS
KIND_NAMES = {kind: kind[0].upper() + kind[1:] for kind in KINDS}  # "Novice"
# The seat of a game between two devices played on the other device (app/online/flow.py):
# its actions come over the connection. Not a kind of a Setup or a save: both seats of
# such a game are people ("human"); the page marks the other one with this kind.
REMOTE = "remote"
# The computer players that think in the worker (Pyodide); the others decide on the page
# itself, in well under a millisecond on MicroPython, and never wait for the worker.
WORKER_KINDS = ("expert",)

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
        return "You" if list(kinds).count("human") == 1 else f"Player {seat}"
    label = KIND_NAMES.get(kind, kind)
    return f"{label} {seat}" if kinds[0] == kinds[1] else label
