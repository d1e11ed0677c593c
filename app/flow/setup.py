"""What defines a new game (Setup), and reading one from the page's URL.

``parse_query`` stands in for ``urllib.parse.parse_qs``, which MicroPython lacks: the
same code reads the URL in CPython (tests), Pyodide and MicroPython (the page).
"""

import senet
from app.values import FrozenValue
from app.words.names import KIND_NAMES, KINDS, QUERY_KEYS, SPEEDS, WORKER_KINDS  # noqa: F401 (names of a Setup)
from senet.errors import shown
from senet.game import clean_player_name
from senet.throws import MAX_SEED_DIGITS, phrase_fault, phrase_problem
from senet.words import current, t
from senet.words.game import error_text, phrase_text

MIN_NODES, MAX_NODES = 100, 1_000_000  # the Expert's search budget a URL may ask for


class Setup(FrozenValue):
    """Everything that defines a new game. Seat 1 plays white, or throws first in the
    colour draw of jequier and havens (where the draw decides the colours).

    ``position``: start from this position (notation) instead of the usual start;
    ``expert_nodes``: the Expert's search budget (None: the engine's default);
    ``seed``: the throws' seed (None: a new random one for each game, committed to);
    ``phrase``: the player's phrase for the committed throws (None: a random one). A
    seed with a phrase gives committed throws of that seed (a link's, or the New game
    dialog's, whose commitment it showed); a link's seed without a phrase gives the
    plain sha256 throws (docs/fair-throws.md).
    A copy with some fields changed: ``setup.replace(speed="fast")``.
    """

    __slots__ = ("variant", "players", "names", "seed", "speed", "position", "expert_nodes", "phrase")

    def __init__(self, variant: str = senet.DEFAULT_VARIANT, players: tuple = ("average", "human"),
                 names: tuple = ("", ""), seed: int | None = None, speed: str = "normal",
                 position: str | None = None, expert_nodes: int | None = None, phrase: str | None = None):
        self._init(variant, tuple(players), tuple(names), seed, speed, position, expert_nodes, phrase)

    def checked(self) -> "Setup":
        try:
            name = rule_set_name(self.variant)
        except senet.SenetError:
            if "+" in self.variant:  # house rules unknown, repeated or out of order
                raise ValueError(t("flow.setup.unknown_house_rules", variant=shown(self.variant))) from None
            raise ValueError(t("flow.setup.unknown_rules", variant=shown(self.variant))) from None
        if name != self.variant:
            raise ValueError(t("flow.setup.rules_spelling", variant=shown(self.variant), name=name))
        if self.position is not None:
            start = senet.parse_position(self.position)
            if start.variant != self.variant:
                raise ValueError(t("flow.setup.position_rules"))
            if start.throw is not None:
                raise ValueError(t("flow.setup.position_throw"))
        joiner = t("flow.setup.choices_joiner")
        for kind in self.players:
            if kind not in KINDS:
                raise ValueError(t("flow.setup.unknown_player", kind=kind, choices=joiner.join(KINDS)))
        if self.speed not in SPEEDS:
            raise ValueError(t("flow.setup.unknown_speed", speed=self.speed, choices=joiner.join(SPEEDS)))
        if self.phrase is not None and phrase_problem(self.phrase):
            raise ValueError(phrase_text(current(), phrase_fault(self.phrase)))
        return self


def rule_set_name(text: str) -> str:
    """The name of the rule set ``text`` asks for: a name of senet.VARIANTS, or Kendall's
    with house rules after it (KO1-KO4). "+" or spaces may join the parts, since a query
    string reads an unescaped "+" as a space: ``kendall five``, ``kendall+five`` and
    ``Kendall + Five`` all give "kendall+five". Raises senet.SenetError with one line
    for an unknown name or options unknown, repeated or out of order."""
    parts = [part for part in str(text).lower().replace("+", " ").split() if part]
    name = "+".join(parts)
    return senet.get_rules(name).name


def dialog_setup(base: Setup, variant: str, players, names, phrase: str, seed: int) -> tuple:
    """The Setup the New game dialog asks for, and None; or None and why not (the
    rule the phrase breaks, as senet.throws.phrase_problem words it).

    ``seed`` is the secret seed whose commitment the dialog showed before the player
    typed; ``phrase`` (the dialog's field, spaces, tabs and line breaks at either end
    dropped as the Fair throws box drops them) is mixed with it into every throw from
    the first, whoever throws first. ``base`` gives what the dialog does not ask (the
    speed, the Expert's budget). Names are cut to 24 characters, as the fields are.
    """
    phrase = str(phrase).strip(" \t\n\r")
    problem = phrase_text(current(), phrase_fault(phrase))
    if problem is not None:
        return None, problem
    names = tuple(str(name).strip()[:24] for name in names)
    setup = Setup(str(variant), tuple(str(p) for p in players), names, seed, base.speed,
                  expert_nodes=base.expert_nodes, phrase=phrase)
    try:
        return setup.checked(), None
    except senet.SenetError as exc:  # the position (checked() says its own problems in words)
        return None, error_text(current(), exc, "error.position")
    except ValueError as exc:
        return None, str(exc)


# ------------------------------------------------------------------ the URL

HEX_DIGITS = "0123456789abcdefABCDEF"
REPLACEMENT = "\ufffd"


def parse_query(query: str) -> dict:
    """The parameters of a URL's query (``?a=1&b=x+y`` -> {"a": "1", "b": "x y"}), as
    ``urllib.parse.parse_qs`` reads them, the last value of a name winning: pieces
    without "=" or with an empty value are skipped, "+" is a space and %XX escapes
    are UTF-8 (a byte that is not becomes U+FFFD)."""
    params = {}
    for piece in query.lstrip("?").split("&"):
        name, equals, value = piece.partition("=")
        if equals and value:
            params[unquote_plus(name)] = unquote_plus(value)
    return params


def unquote_plus(text: str) -> str:
    """``urllib.parse.unquote_plus``: "+" becomes a space, %XX escapes are decoded;
    a "%" not followed by two hex digits stays as it is."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    out = []
    escaped = bytearray()
    i, n = 0, len(text)
    while i < n:
        if text[i] == "%" and i + 2 < n and text[i + 1] in HEX_DIGITS and text[i + 2] in HEX_DIGITS:
            escaped.append(int(text[i + 1:i + 3], 16))
            i += 3
            continue
        if escaped:
            out.append(utf8_text(bytes(escaped)))
            escaped = bytearray()
        out.append(text[i])
        i += 1
    if escaped:
        out.append(utf8_text(bytes(escaped)))
    return "".join(out)


def _utf8_length(lead: int) -> int:
    """The length of the UTF-8 sequence ``lead`` begins; 0 when no sequence begins so."""
    if lead < 0x80:
        return 1
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


def _fits(data: bytes, i: int, k: int) -> bool:
    """Byte ``k`` (k >= 1) of the sequence starting at ``data[i]`` can follow the ones
    before it (the Unicode standard's table of well-formed UTF-8)."""
    byte, lead = data[i + k], data[i]
    low, high = 0x80, 0xBF
    if k == 1:
        if lead == 0xE0:
            low = 0xA0  # no overlong forms
        elif lead == 0xED:
            high = 0x9F  # no surrogates
        elif lead == 0xF0:
            low = 0x90
        elif lead == 0xF4:
            high = 0x8F  # nothing above U+10FFFF
    return low <= byte <= high


def utf8_text(data: bytes) -> str:
    """``data.decode("utf-8", "replace")``, which MicroPython lacks (and its decode lets
    some malformed bytes through): each invalid part, a stray byte or the well-formed
    beginning of a cut sequence, becomes one U+FFFD, as in CPython."""
    out = []
    i, n = 0, len(data)
    while i < n:
        size = _utf8_length(data[i])
        k = 1
        while 0 < k < size and i + k < n and _fits(data, i, k):
            k += 1
        if size and k == size:
            out.append(data[i:i + size].decode("utf-8"))
        else:
            out.append(REPLACEMENT)
        i += k
    return "".join(out)


def _decimal(text: str) -> bool:
    """``text`` is a non-negative whole number in ASCII digits (no sign, no "_")."""
    return text != "" and all("0" <= c <= "9" for c in text)


def setup_from_query(query: str, base: Setup | None = None) -> tuple:
    """A Setup from URL parameters, or None when none of them is given; and the list
    of warnings.

    ``?variant=kendall&white=expert&black=human&seed=7&speed=instant`` (also
    ``white_name``/``black_name``, ``position``, ``expert_nodes``, ``phrase``: the
    committed throws with that phrase, docs/fair-throws.md). Unknown values are
    skipped with a warning. A seed is any non-negative whole number (a new game's
    random seed has 128 bits).
    """
    params = parse_query(query)
    if not any(key in params for key in QUERY_KEYS):
        return None, []
    setup = base or Setup()
    warnings = []
    variant = setup.variant
    if "variant" in params:
        try:
            variant = rule_set_name(params["variant"])
        except senet.SenetError:
            warnings.append(t("flow.query.unknown_rules", variant=shown(params["variant"]), playing=setup.variant))
    position = None
    if "position" in params:
        try:
            start = senet.parse_position(params["position"])
        except senet.SenetError as exc:
            warnings.append(t("flow.query.bad_position", error=error_text(current(), exc, "error.position")))
        else:
            if start.is_terminal:
                warnings.append(t("flow.query.position_over"))
            elif start.throw is not None:  # a game begins with a throw (senet.Game refuses it)
                warnings.append(t("flow.query.position_throw"))
            else:
                position, variant = start.position(), start.variant
    players = list(setup.players)
    for i, key in enumerate(("white", "black")):
        if key in params:
            kind = params[key].strip().lower()
            if kind in KINDS:
                players[i] = kind
            else:
                warnings.append(t("flow.query.unknown_player", kind=shown(kind), param=key))
    names = list(setup.names)
    for i, key in enumerate(("white_name", "black_name")):
        if key in params:
            names[i] = clean_player_name(params[key])[:24].strip()
    seed = setup.seed
    if "seed" in params:
        text = params["seed"].strip()
        if _decimal(text) and len(text.lstrip("0")) <= MAX_SEED_DIGITS:
            seed = int(text)
        else:  # not digits, or more of them than a record holds
            warnings.append(t("flow.query.bad_seed", digits=MAX_SEED_DIGITS, seed=shown(params["seed"])))
    speed = params.get("speed", setup.speed).strip().lower()
    if speed not in SPEEDS:
        warnings.append(t("flow.query.unknown_speed", speed=shown(speed)))
        speed = setup.speed
    nodes = setup.expert_nodes
    if "expert_nodes" in params:
        text = params["expert_nodes"].strip()
        if _decimal(text) and len(text) <= 8 and MIN_NODES <= int(text) <= MAX_NODES:
            nodes = int(text)
        else:
            warnings.append(t("flow.query.bad_nodes", nodes=shown(text)))
    phrase = None
    if "phrase" in params:
        text = params["phrase"].strip(" ")
        problem = phrase_text(current(), phrase_fault(text))
        if problem is None:
            phrase = text
        else:
            warnings.append(t("flow.query.bad_phrase", problem=problem))
    return Setup(variant, tuple(players), tuple(names), seed, speed, position, nodes, phrase), warnings
