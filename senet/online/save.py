"""A page's side of a game between two devices, kept on the device (docs/online.md,
"Kept on the device"): ``dump_duel(duel)`` is JSON text, ``load_duel(text)`` the Duel
back, checked in full; anything that does not fit raises SaveError with the reason and
nothing is half-loaded. It holds the player's secret: it stays on this device."""

from ..errors import RecordError, SaveError, SenetError, shown
from ..game import Game
from ..json_text import dumps, json_object, load_json
from ..moves import format_move
from ..throws import Chain, bytes_of_hex, chain_climb, hex_of, is_chain_hex
from .duel import Duel, next_mark
from .messages import ProtocolError, parse_message
from .offer import Answer, Offer

DUEL_FORMAT = "senet-duel"
DUEL_VERSION = 1
KEEP_SENT = 8  # the last messages kept for a resync: the other page is at most one step behind


def dump_duel(duel):
    """The Duel as JSON text (keys in a fixed order, the same in every interpreter)."""
    offer, answer = duel.offer, duel.answer
    mine = duel.pending.get(duel.seat)
    return json_object((
        ("format", dumps(DUEL_FORMAT)),
        ("version", dumps(DUEL_VERSION)),
        ("offer", json_object((("variant", dumps(offer.variant)), ("host_seat", dumps(offer.host_seat)),
                                ("host_name", dumps(offer.host_name)), ("anchor", dumps(offer.anchor))))),
        ("answer", json_object((("game", dumps(answer.game)), ("name", dumps(answer.name)),
                                 ("anchor", dumps(answer.anchor))))),
        ("seat", dumps(duel.seat)),
        ("secret", dumps(hex_of(duel.chain.secret))),
        ("record", dumps(duel.game.record_text())),
        ("pending", dumps(None if mine is None else hex_of(mine))),
        ("sent", "[" + ", ".join("[" + dumps(at) + ", " + dumps(text) + "]"
                                 for at, text in duel.sent[-KEEP_SENT:]) + "]"),
        ("stopped", dumps(duel.stopped)),
    ))


def field(data, key, kind, what, saved="the saved online game"):
    """``data[key]`` if it is of type ``kind``, else SaveError naming ``what`` in ``saved``
    (a saved game's JSON object: this module's and senet/online/corr_save.py's)."""
    value = data.get(key) if isinstance(data, dict) else None
    if type(value) is not kind:
        raise SaveError(f"{saved} has no valid {what} (\"{key}\")")
    return value


def saved_object(text, form, version, saved="the saved online game"):
    """The JSON object of a saved game ``text`` of format ``form`` and ``version``;
    SaveError saying why not (not JSON, another kind of save, another version)."""
    data = load_json(text, saved)
    if not isinstance(data, dict) or data.get("format") != form:
        raise SaveError(f"this is not {saved.replace('the ', 'a ', 1)}")
    if data.get("version") != version:
        raise SaveError(f"{saved.replace('the ', 'a ', 1)} of version {shown(data.get('version'))} cannot be read here")
    return data


def load_duel(text):
    """The Duel that ``text`` (from dump_duel) keeps; SaveError saying why not."""
    data = saved_object(text, DUEL_FORMAT, DUEL_VERSION)
    o = field(data, "offer", dict, "offer")
    a = field(data, "answer", dict, "answer")
    seat = field(data, "seat", int, "seat")
    secret = bytes_of_hex(field(data, "secret", str, "secret"))
    record = field(data, "record", str, "record")
    try:
        offer = Offer(field(o, "variant", str, "rule set"), field(o, "host_seat", int, "host seat"),
                      field(o, "host_name", str, "host name"), field(o, "anchor", str, "host anchor"))
        answer = Answer(field(a, "game", str, "game tag"), field(a, "name", str, "guest name"),
                        field(a, "anchor", str, "guest anchor"))
        if secret is None or len(secret) != 16:
            raise SaveError("the saved online game's secret is not 32 hex digits")
        duel = Duel(offer, answer, seat, Chain(secret))
        game = Game.from_record(record)
    except SaveError:
        raise
    except RecordError as exc:
        raise SaveError(f"the saved online game's record is broken: {exc}") from None
    except SenetError as exc:
        raise SaveError(f"the saved online game does not fit together: {exc}") from None
    fresh = duel.game
    if not game.online or game.variant != fresh.variant or game.anchors != fresh.anchors \
            or game.players != fresh.players or game.start_state != fresh.start_state:
        raise SaveError("the saved online game's record is not the game its offer and answer make")
    thrown = game.thrown
    known = {}
    for s in (1, 2):
        if thrown == 0:
            if s in game.reveals:
                raise SaveError("the saved online game's record reveals a contribution before any throw")
            known[s] = bytes_of_hex(game.anchors[s])
            continue
        reveal = game.reveals.get(s)
        if not is_chain_hex(reveal) or hex_of(chain_climb(bytes_of_hex(reveal), thrown)) != game.anchors[s]:
            raise SaveError(f"the saved online game's record has a contribution of seat {s} that does not lead "
                            f"to its anchor")
        known[s] = bytes_of_hex(reveal)
    if thrown and known[seat] != duel.chain.contribution(thrown - 1):
        raise SaveError("the saved online game's record does not follow from its secret")
    duel.game = game
    duel.known = known
    for entry in game.entries:  # the sync marks, as the game made them
        if entry.throw is not None:
            duel.marks.append(next_mark(duel.marks[-1], f"t{entry.throw}"))
        if entry.action is not None:
            duel.marks.append(next_mark(duel.marks[-1], "a" + format_move(entry.action)))
    pending = data.get("pending")
    if pending is not None:
        if pending != hex_of(duel.chain.contribution(thrown)) or duel.thrower() != seat:
            raise SaveError("the saved online game's throw under way does not fit the game")
        duel.pending = {seat: bytes_of_hex(pending)}
    sent = field(data, "sent", list, "messages sent")
    if len(sent) > KEEP_SENT:
        raise SaveError(f"the saved online game keeps at most {KEEP_SENT} messages sent")
    for item in sent:
        if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int and 0 <= item[0] <= duel.events
                and isinstance(item[1], str)):
            raise SaveError("the saved online game has a message sent that is not [count, text]")
        try:
            parse_message(item[1])
        except ProtocolError as exc:
            raise SaveError(f"the saved online game has a broken message sent: {exc}") from None
        duel.sent.append((item[0], item[1]))
    stopped = data.get("stopped")
    if stopped is not None and not (isinstance(stopped, str) and len(stopped) <= 300):
        raise SaveError("the saved online game's \"stopped\" is not text")
    duel.stopped = stopped
    return duel
