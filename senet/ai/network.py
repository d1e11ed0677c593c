"""Evaluations learned by self-play: a small neural network per rule set.

With its hand-made evaluation Expert was no better than Average in Jéquier and Havens:
there the outcome hangs on details that a few hand-weighted terms do not see (which
piece the next throws will force onto 27, which ones can still bear off). In Havens,
and in Bell (where one throw ahead its hand-made terms were no better than Average's),
Expert now searches with a network trained by temporal differences instead (TD(lambda),
as in the backgammon programs): it played against itself, and after every move nudged
its estimate of the previous position towards its estimate of the next one, and the
last one towards the result. ``tools/train_network.py`` trains a network for any rule
set and writes it into ``senet/ai/tables/networks.bin``; a rule set without one keeps the hand-made
evaluation. docs/opponents.md has the measurements (in Jéquier a network trained the
same way searched no better than the hand-made evaluation, so none is shipped).

The network of the race rule sets sees the position from the side that throws next:

    inputs 0..29    that side's pieces on squares 1..30 (1 or 0)
    inputs 30..59   the opponent's pieces on squares 1..30
    inputs 60..64   that side's pieces borne off (a thermometer: 3 off = 60, 61, 62)
    inputs 65..69   the opponent's pieces borne off
    input 70        that side has no piece below square 21 (it may bear off)
    input 71        the opponent has no piece below square 21

A network of 82 inputs also sees the trap of 27 of Jéquier and Havens: a side must
move when it can, so a throw whose only legal moves land on 27 sends a piece back to
the first empty square (tried, and no better: docs/opponents.md).

    inputs 72..76   for each throw value, smallest first: that throw would force the
                    side to throw next onto 27
    inputs 77..81   the same for the opponent

Bell has no bearing off but a supply, goal squares and home pieces (B5-B7), and which
side owns the odd goals changes what every square means, so its network (224 inputs)
sees each side's pieces in one of three blocks: goals not set yet, the side to throw
owns the odd goals, or it owns the even ones.

    inputs 0..89     that side's pieces on squares 1..30, in the block of the goal claim
                     (30 * block + square - 1)
    inputs 90..179   the opponent's pieces, the same way
    inputs 180..189  that side's pieces in the supply (a thermometer)
    inputs 190..199  the opponent's pieces in the supply
    inputs 200..209  that side's home pieces (a thermometer, B6)
    inputs 210..219  the opponent's home pieces
    inputs 220, 221  that side has at least one, at least two pieces stranded below its
                     lowest open goal (B7: they wait to be hit)
    inputs 222, 223  the same for the opponent

Every network answers the probability that the side to throw wins: one hidden layer of sigmoid units, a
sigmoid output. Every input is 0 or 1, so the hidden layer is the sum of the weight rows
of the inputs that are on. Plain Python, standard library only (it runs in Pyodide).
"""

from math import exp

try:
    from operator import add
except ImportError:  # the page's MicroPython has no operator module (it only imports this file)
    def add(a, b):
        return a + b

from ..state import WHITE, State, other
from .terms import settled_value, sigmoid

N_INPUTS = 72
N_INPUTS_TRAPS = 82
N_INPUTS_BELL = 224
_SQUARES = range(30)


class _Probe:
    """The three fields a rule set's ``moves`` reads, for a side and throw of our choice."""

    __slots__ = ("board", "side", "throw")

    def __init__(self, board: str, side: str, throw: int):
        self.board = board
        self.side = side
        self.throw = throw


def forced_onto_27(state: State, side: str) -> list[bool]:
    """For each throw value (smallest first): would it force ``side`` onto square 27?
    (Jéquier and Havens, whose rule sets generate moves from the board alone.)

    That is, the side has legal actions with that throw and every one of them lands on
    27 (J8, V6): forward, or backward when no forward move exists (J6, V4). Only a piece
    one throw away from 27 can be forced there, so most throws are settled without
    generating moves.
    """
    board = state.board
    rules = state.rules
    water = rules.water_square
    out = []
    for t in rules.throw_values:
        if board[water - 1 - t] != side and (t > 30 - water or board[water - 1 + t] != side):
            out.append(False)
            continue
        moves = rules.moves(_Probe(board, side, t))
        out.append(bool(moves) and all(m[1] == water for m in moves))
    return out


def encode(state: State, traps: bool = False) -> list[int]:
    """The inputs that are on (see the module docstring), for the side that throws next;
    ``traps`` adds inputs 72..81."""
    me = state.side
    board = state.board
    op = other(me)
    mine = [i for i in _SQUARES if board[i] == me]
    theirs = [30 + i for i in _SQUARES if board[i] == op]
    off_me, off_op = state.off if me == WHITE else (state.off[1], state.off[0])
    active = mine + theirs
    active += range(60, 60 + off_me)
    active += range(65, 65 + off_op)
    if not mine or mine[0] >= 20:
        active.append(70)
    if not theirs or theirs[0] >= 50:
        active.append(71)
    if traps:
        active += [72 + k for k, f in enumerate(forced_onto_27(state, me)) if f]
        active += [77 + k for k, f in enumerate(forced_onto_27(state, op)) if f]
    return active


def _squares_of(board: str, side: str, base: int, out: list) -> None:
    i = board.find(side)
    while i >= 0:
        out.append(base + i)
        i = board.find(side, i + 1)


def encode_bell(state: State, compact: bool = False) -> list[int]:
    """Bell's inputs that are on (see the module docstring), for the side that throws
    next. ``compact``: of each thermometer only its highest input that is on (for a
    network whose thermometer rows hold running sums, see ``Network.cumulative``)."""
    me = state.side
    op = other(me)
    board = state.board
    # the goal claim, from the side to throw (B5): not yet, its goals odd, its goals even
    block = 0 if state.odd is None else 30 if state.odd == me else 60
    active: list = []
    _squares_of(board, me, block, active)
    _squares_of(board, op, 90 + block, active)
    s_me, s_op = state.supply if me == WHITE else (state.supply[1], state.supply[0])
    # the home chain (B6) and the pieces stranded below the lowest open goal (B7), as
    # the rule set reads them
    rules = state.rules
    homes = (len(rules.home_squares(state, me)), len(rules.home_squares(state, op)))
    stuck = (len(rules.stranded(state, me)), len(rules.stranded(state, op)))
    for base, n in ((180, s_me), (190, s_op), (200, homes[0]), (210, homes[1])):
        if n:
            if compact:
                active.append(base + n - 1)
            else:
                active += range(base, base + n)
    for base, n in ((220, stuck[0]), (222, stuck[1])):
        if n:
            active.append(base)
            if n > 1:
                active.append(base + 1)
    return active


BELL_THERMOMETERS = ((180, 10), (190, 10), (200, 10), (210, 10))


def _encode_bell_compact(state: State) -> list[int]:
    return encode_bell(state, True)


def encoder(n_inputs: int):
    """The input encoding of a network with ``n_inputs`` inputs."""
    if n_inputs == N_INPUTS:
        return encode
    if n_inputs == N_INPUTS_TRAPS:
        return lambda state: encode(state, True)
    if n_inputs == N_INPUTS_BELL:
        return encode_bell
    raise ValueError(f"no input encoding has {n_inputs} inputs")


NETWORKS_FILE = "networks.bin"  # in senet/ai/tables, written by tools/train_network.py
NETWORKS_MAGIC = b"senet-networks\n"


def encode_networks(nets: dict) -> bytes:
    """The networks file (senet.datafile): for each rule set, by name, its ``inputs``,
    ``hidden``, ``games`` and ``note`` in the head, its ``weights`` among the values
    (float32, one network after the other in the order of the head)."""
    from .. import datafile

    head = []
    values = []
    for name in sorted(nets):
        spec = nets[name]
        head.append({"rules": name, "inputs": spec["inputs"], "hidden": spec["hidden"], "games": spec["games"],
                     "note": spec["note"], "count": len(spec["weights"])})
        values.extend(spec["weights"])
    return datafile.encode(NETWORKS_MAGIC, {"networks": head}, datafile.packed("f", values))


def decode_networks(data: bytes) -> dict:
    """The networks of a networks file, by rule set: {"inputs", "hidden", "games",
    "note", "weights"}; raises senet.datafile.DataFileError."""
    from .. import datafile

    head, raw = datafile.decode(data, NETWORKS_MAGIC, {}, "networks file")
    weights = datafile.numbers("f", raw).tolist()
    out = {}
    at = 0
    for spec in head["networks"]:
        n = spec["count"]
        out[spec["rules"]] = {"inputs": spec["inputs"], "hidden": spec["hidden"], "games": spec["games"],
                              "note": spec["note"], "weights": weights[at:at + n]}
        at += n
    if at != len(weights):
        raise datafile.DataFileError("the networks file's values do not match its counts")
    return out


_STORED: list = []


def stored_networks() -> dict:
    """The trained networks shipped (senet/ai/tables/networks.bin), read once."""
    if not _STORED:
        from .. import datafile

        _STORED.append(decode_networks(datafile.read(NETWORKS_FILE)))
    return _STORED[0]


class Network:
    """One hidden layer. ``weights`` in this order: the input rows of the first layer
    (``n_inputs`` rows of ``n_hidden``), the hidden biases, the output weights, the
    output bias."""

    def __init__(self, n_inputs: int, n_hidden: int, weights: list[float]):
        expected = n_inputs * n_hidden + 2 * n_hidden + 1
        if len(weights) != expected:
            raise ValueError(f"a {n_inputs}x{n_hidden} network has {expected} weights, not {len(weights)}")
        self.n_inputs = n_inputs
        self.n_hidden = n_hidden
        rows = n_inputs * n_hidden
        self.rows = [weights[i:i + n_hidden] for i in range(0, rows, n_hidden)]
        self.bias = weights[rows:rows + n_hidden]
        self.out = weights[rows + n_hidden:rows + 2 * n_hidden]
        self.out_bias = weights[-1]

    def __call__(self, active: list[int]) -> float:
        """The output for the inputs that are on."""
        rows = self.rows
        h = self.bias
        for i in active:  # row by row, in this order: the same sums in every interpreter
            h = list(map(add, h, rows[i]))
        s = self.out_bias
        for x, w in zip(h, self.out):
            if x > 40.0:  # sigmoid inlined
                s += w
            elif x >= -40.0:
                s += w * (1.0 / (1.0 + exp(-x)))
        return sigmoid(s)

    def cumulative(self, thermometers) -> "Network":
        """The same network for inputs given as thermometers ``(first, length)`` of
        which only the highest input that is on is passed: the row of each thermometer
        input becomes the running sum of the rows up to it."""
        net = Network.__new__(Network)
        net.n_inputs, net.n_hidden = self.n_inputs, self.n_hidden
        net.bias, net.out, net.out_bias = self.bias, self.out, self.out_bias
        rows = list(self.rows)
        for first, length in thermometers:
            for i in range(first + 1, first + length):
                rows[i] = list(map(add, rows[i - 1], rows[i]))
        net.rows = rows
        return net


class NetworkEvaluation:
    """White's win probability from a network (the same interface as the hand-made
    evaluators: a callable on states)."""

    def __init__(self, network: Network):
        self.network = network
        self.encode = encoder(network.n_inputs)
        if network.n_inputs == N_INPUTS_BELL:  # fewer rows to add (about 26 -> 15)
            self.network = network.cumulative(BELL_THERMOMETERS)
            self.encode = _encode_bell_compact

    def __call__(self, state: State) -> float:
        v = settled_value(state)
        if v is not None:
            return v
        p = self.network(self.encode(state))
        return p if state.side == WHITE else 1.0 - p


_LOADED: dict[str, NetworkEvaluation | None] = {}


def network_evaluation(variant: str) -> NetworkEvaluation | None:
    """The trained evaluation of a rule set, or None where there is none."""
    if variant not in _LOADED:
        spec = stored_networks().get(variant)
        _LOADED[variant] = None if spec is None else NetworkEvaluation(
            Network(spec["inputs"], spec["hidden"], spec["weights"]))
    return _LOADED[variant]
