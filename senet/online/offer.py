"""What an invite offers and what the answer accepts (docs/online.md): plain values,
checked when made, with the tag that names the game they agree on."""

import hashlib

from ..errors import SenetError, shown
from ..game import player_name_problem
from ..throws import hex_of, is_chain_hex
from ..variants import is_rule_set_name

PROTOCOL_VERSION = 1


class Offer:
    """The host's game: ``variant`` (a rule set's name, Kendall's house rules included:
    ``kendall+five``), ``host_seat`` (1 plays white, or throws first in a
    colour draw; 2 the other), ``host_name`` and the host's chain ``anchor`` (hex)."""

    __slots__ = ("variant", "host_seat", "host_name", "anchor")

    def __init__(self, variant, host_seat, host_name, anchor):
        if not (isinstance(variant, str) and is_rule_set_name(variant)):
            raise SenetError(f"unknown rule set '{shown(variant)}'")
        if host_seat not in (1, 2):
            raise SenetError("the host's seat is 1 or 2")
        _check_name(host_name)
        if not is_chain_hex(anchor):
            raise SenetError("an anchor is 32 lowercase hex digits")
        self.variant = variant
        self.host_seat = host_seat
        self.host_name = host_name
        self.anchor = anchor

    def tag(self):
        """16 hex digits naming this offer's game: the answer and a reconnection quote it."""
        text = f"senet-duel-offer/{PROTOCOL_VERSION}|{self.variant}|{self.host_seat}|{self.anchor}|{self.host_name}"
        return hex_of(hashlib.sha256(text.encode()).digest()[:8])

    def __eq__(self, other):
        return isinstance(other, Offer) and self.tag() == other.tag()


class Answer:
    """The guest's reply: the offer's ``game`` tag, the guest's ``name`` and ``anchor``."""

    __slots__ = ("game", "name", "anchor")

    def __init__(self, game, name, anchor):
        if not (isinstance(game, str) and len(game) == 16 and all(c in "0123456789abcdef" for c in game)):
            raise SenetError("a game's tag is 16 lowercase hex digits")
        _check_name(name)
        if not is_chain_hex(anchor):
            raise SenetError("an anchor is 32 lowercase hex digits")
        self.game = game
        self.name = name
        self.anchor = anchor

    def __eq__(self, other):
        return isinstance(other, Answer) and (self.game, self.name, self.anchor) == (other.game, other.name,
                                                                                      other.anchor)


def _check_name(name):
    if not isinstance(name, str):
        raise SenetError("a player's name must be text")
    problem = player_name_problem(name)
    if problem is None and name != name.strip(" "):
        problem = "a player's name may not begin or end with a space"
    if problem is not None:
        raise SenetError(problem)
