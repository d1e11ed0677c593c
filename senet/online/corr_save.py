"""A game by correspondence kept on the device (docs/online.md, "Correspondence"):
``dump_letters(letters)`` is JSON text, ``load_letters(text)`` the Letters back.

The text keeps the seat, the player's secret, every link of the game (both devices'),
the actions played here since this device's last link, when the last link was made or
taken, and whether the game is set aside. Loading plays the links again from the offer,
so everything is checked as when it first happened: a save that does not fit raises
SaveError and nothing is half-loaded. It holds the player's secret: it stays here.
"""

from ..errors import SaveError, SenetError
from ..json_text import dumps, json_object
from ..throws import bytes_of_hex, hex_of
from .corr import join, legal_sorted, start
from .corr_link import CLAIM, RESIGN, decode_link, encode_link
from .save import field, saved_object

LETTERS_FORMAT = "senet-corr"
LETTERS_VERSION = 1


def dump_letters(letters):
    """The Letters as JSON text (keys in a fixed order, the same in every interpreter)."""
    game = letters.game
    return json_object((
        ("format", dumps(LETTERS_FORMAT)),
        ("version", dumps(LETTERS_VERSION)),
        ("seat", dumps(letters.seat)),
        ("name", dumps(letters.names[letters.seat])),
        ("secret", dumps(hex_of(letters.chain.secret))),
        ("links", "[" + ", ".join(dumps(code) for code in letters.links) + "]"),
        ("unsent", "[" + ", ".join(dumps(text) for text in letters.unsent_text) + "]"),
        ("since", dumps(letters.since)),
        ("aside", dumps(bool(letters.aside))),
        ("over", dumps(None if game is None else game.result)),
    ))


SAVED = "the saved correspondence game"


def _field(data, key, kind, what):
    return field(data, key, kind, what, SAVED)


def load_letters(text):
    """The Letters that ``text`` (from dump_letters) keeps; SaveError saying why not."""
    data = saved_object(text, LETTERS_FORMAT, LETTERS_VERSION, SAVED)
    seat = _field(data, "seat", int, "seat")
    name = _field(data, "name", str, "name")
    secret = bytes_of_hex(_field(data, "secret", str, "secret"))
    links = _field(data, "links", list, "links")
    unsent = _field(data, "unsent", list, "actions not sent")
    since = data.get("since")
    if secret is None or len(secret) != 16:
        raise SaveError("the saved correspondence game's secret is not 32 hex digits")
    if not links or not all(isinstance(code, str) for code in links) \
            or not all(isinstance(a, str) for a in unsent):
        raise SaveError("the saved correspondence game's links are not a list of codes")
    if since is not None and type(since) not in (int, float):
        raise SaveError("the saved correspondence game's time is not a number")
    try:
        letters = _replay(seat, name, secret, links, unsent)
    except SaveError:
        raise
    except SenetError as exc:
        raise SaveError(f"the saved correspondence game does not play again: {exc}") from None
    letters.since = since
    letters.aside = data.get("aside") is True
    return letters


def _kept(letters, made, code, before, seq):
    """The link ``code`` kept for place ``seq`` where this device made ``made`` again now:
    the same, or one an earlier version made that reveals less or more of this device's
    chain (the depth of a reveal is the only thing that changed between versions). The
    kept one stays, and what it revealed: ``before`` is the deepest revealed before it."""
    if made == code:
        return
    again, kept = decode_link(made), decode_link(code)
    again.reveal = kept.reveal
    if encode_link(again) != code or kept.reveal is not None and \
            kept.reveal[1] != letters.chain.contribution(kept.reveal[0]):
        raise SaveError(f"the saved correspondence game's link {seq} is not the one this device made")
    letters.links[-1] = code
    letters.revealed = before if kept.reveal is None else max(before, kept.reveal[0])


def _replay(seat, name, secret, links, unsent):
    offer = decode_link(links[0])
    if seat == offer.host_seat:
        letters = start(offer.variant, seat, name, offer.interval, secret)
        made = None
    elif seat == 3 - offer.host_seat:
        letters, reply = join(links[0], name, secret)
        made = reply.link
    else:
        raise SaveError("the saved correspondence game's seat is not 1 or 2")
    if letters.links[0] != links[0]:
        raise SaveError("the saved correspondence game's offer does not follow from its secret")
    before = -1  # the deepest throw this device revealed before the link it made last
    for seq in range(1, len(links)):
        code = links[seq]
        link = decode_link(code)
        if made is not None:  # this device made that link when it happened
            _kept(letters, made, code, before, seq)
            made = None
            continue
        if link.kind == CLAIM:  # it fills the place of the seat claimed against
            if seq != len(links) - 1:
                raise SaveError(f"the saved correspondence game goes on after its claim {seq}")
            if letters.sender(seq) == letters.peer:  # this device claimed
                letters.claim(1 << 62)
                if letters.links[-1] != code:
                    raise SaveError(f"the saved correspondence game's claim {seq} does not fit")
            else:
                letters.receive(code)
            continue
        before = letters.revealed
        if letters.sender(seq) == letters.peer:
            made = letters.receive(code).link
            continue
        for k, place in enumerate(link.actions):  # this seat's own link: its actions again
            legal = legal_sorted(letters.game.state)
            if place >= len(legal):
                raise SaveError(f"the saved correspondence game's link {seq} has a broken action")
            reply = letters.act(legal[place])
            if reply.link is not None and (k < len(link.actions) - 1 or link.kind == RESIGN):
                raise SaveError(f"the saved correspondence game's link {seq} does not fit its actions")
            made = reply.link
        if link.kind == RESIGN:
            made = letters.resign().link
        if made is None:
            raise SaveError(f"the saved correspondence game's link {seq} is not the one this device made")
        _kept(letters, made, code, before, seq)
        made = None
    if made is not None:
        letters.links.pop()  # a link made again at the end: it was kept, so it is this one
        raise SaveError("the saved correspondence game lacks the last link it made")
    for text in unsent:
        if letters.act(text).link is not None:
            raise SaveError("the saved correspondence game's actions not sent end a turn")
    return letters
