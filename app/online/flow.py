"""A game between two devices, on the page's side and free of the DOM: the invite and the
answer made and read, the game put on the board, this side's throws and actions sent,
the other side's messages checked and shown (docs/online.md, "The page").

``OnlineFlow`` holds one page's ``duel`` (senet/online/duel.py's Duel: the protocol and
every check) beside the Controller's live game, a second copy of the same game that the
board, the log, the narration and the saves use as for any other game. Every throw and
action reaches that copy only after the Duel has taken it, in the Duel's order, so the two
copies never differ. Sending is injected (``send``: the data channel on the page, a list
in the tests), as are the random bytes of the player's secret.

The link's state, as ``<html data-link>`` shows it: LINK_STATES.
"""

from app.flow.setup import Setup
from app.words.names import REMOTE, quick_words  # noqa: F401 (REMOTE: the kind Table.kind gives the other device's seat)
from senet import parse_move
from senet.errors import SenetError
from senet.online.duel import Duel, new_game
from senet.online.invite import answer_code, invite_code, read_answer, read_invite, read_reconnect, reconnect_code
from senet.online.messages import QUICK_CODES
from senet.online.offer import Answer, Offer
from senet.online.save import dump_duel, load_duel
from senet.session import ONLINE, Seat, Session
from senet.throws import CHAIN_BYTES, Chain, hex_of
from senet.variants import get_rules
from senet.words import current, t
from senet.words.game import rules_text

LINK_STATES = ("off", "inviting", "connecting", "connected", "lost")
# The page's link parts: an invite opens the page with JOIN_KEY, an answer with ANSWER_KEY
# (in the URL's fragment, which never leaves the device when the link is opened).
JOIN_KEY = "join"
ANSWER_KEY = "answer"
REJOIN_KEY = "rejoin"  # a new invite for a game under way (Reconnect)
# What a game that cannot go on here says: app/dialogs/friend.py reads it as text (this
# module's own code asks t() each time). A player who gives no name is "Player 1" or
# "Player 2" on both devices (app/words/names.py's seat_label).
CANNOT_GO_ON = t("online.cannot_go_on")


class NotThisGame(SenetError):
    """An answer or a reconnection for another invite or game than this page's."""


def code_of(text: str, key: str) -> str:
    """The code in ``text``: a whole link (``...#KEY=CODE``), ``KEY=CODE`` or the bare code."""
    text = text.strip()
    mark = key + "="
    at = text.rfind(mark)
    if at >= 0:
        text = text[at + len(mark):]
    for stop in ("&", "#"):
        cut = text.find(stop)
        if cut >= 0:
            text = text[:cut]
    return text.strip()


def invite_words(offer: Offer) -> str:
    """What the friend is invited to, in one sentence: the rule set with its house rules
    in words ("Kendall rules, five pieces") and the seats."""
    guest = 3 - offer.host_seat
    rules = rules_text(current(), get_rules(offer.variant))  # in the words in use (in_words: English)
    return t("online.invite", host=offer.host_name, rules=rules, guest=guest, host_seat=offer.host_seat)


class OnlineFlow:
    """One page's side of a game between two devices. ``ctl``: the Controller;
    ``send(text)``: puts a message on the connection; ``random_bytes(n)``: the secret's."""

    def __init__(self, ctl, send, random_bytes, keep=None):
        self.ctl = ctl
        self.send = send
        self.random_bytes = random_bytes
        # (text) -> None: keeps senet.online.save's dump of the Duel on the device after
        # every change (the page: localStorage), so that a reload or a closed tab loses nothing
        self.keep = keep
        self.resync = False  # a new connection for a game under way: say where this side is
        self.link = "off"  # one of LINK_STATES
        self.offer = None
        self.answer = None
        self.seat = None  # this page's seat (1 or 2)
        self.chain = None
        self.duel = None
        self.session = None  # the Controller's copy of the game
        self.problem = ""  # the last message refused, in one line

    # -- making the game -------------------------------------------------------------------
    def _chain(self) -> Chain:
        return Chain(bytes(self.random_bytes(CHAIN_BYTES)))

    def host(self, variant: str, host_seat: int, name: str) -> Offer:
        """The host's offer (raises SenetError saying what is wrong, changing nothing)."""
        chain = self._chain()
        offer = Offer(variant, host_seat, name, hex_of(chain.anchor))
        self.offer, self.chain, self.seat, self.answer, self.duel = offer, chain, host_seat, None, None
        self.link = "inviting"
        return offer

    def invite(self, sdp: str) -> str:
        """The invite code: the offer and the host's session description."""
        return invite_code(self.offer, sdp)

    def join(self, code: str, name: str):
        """The guest reads an invite (a link or its code) and answers it: (Offer, the
        host's session description). Raises SenetError saying what is wrong."""
        offer, sdp = read_invite(code_of(code, JOIN_KEY))
        chain = self._chain()
        answer = Answer(offer.tag(), name, hex_of(chain.anchor))
        self.offer, self.answer, self.chain, self.seat = offer, answer, chain, 3 - offer.host_seat
        self.duel = None
        self.link = "connecting"
        return offer, sdp

    def answer_text(self, sdp: str) -> str:
        """The answer code: the guest's answer and session description."""
        return answer_code(self.answer, sdp)

    def accept(self, code: str) -> str:
        """The host reads the answer (a link or its code): the guest's session description.
        Raises SenetError (nothing changes) when it is not an answer to this invite."""
        if self.offer is None or self.seat != self.offer.host_seat:
            raise SenetError(t("online.no_invite"), "online.no_invite")
        if self.duel is not None:
            raise SenetError(t("online.answered_already"), "online.answered_already")
        answer, sdp = read_answer(code_of(code, ANSWER_KEY))
        if answer.game != self.offer.tag():
            raise NotThisGame(t("online.answer_other_invite"))
        self.answer = answer
        self.link = "connecting"
        return sdp

    def begin(self, speed: str = "normal") -> None:
        """Both sides know the offer and the answer: the game goes on the board."""
        self.duel = Duel(self.offer, self.answer, self.seat, self.chain)
        game = new_game(self.offer, self.answer)
        names = {seat: game.players[seat][1] for seat in (1, 2)}
        seats = {seat: Seat("human", names[seat]) for seat in (1, 2)}
        self.session = Session(game.variant, seats, game=game)
        setup = Setup(game.variant, ("human", "human"), (names[1], names[2]), None, speed)
        self.ctl.online = self
        self.ctl.play_online(self, self.session, setup, self.duel.peer)
        self._keep()

    def restore(self, text: str, now) -> None:
        """Take up again the game the Controller resumed from the save, with the Duel
        ``text`` (dump_duel) kept beside it; the link is "lost" until Reconnect. Raises
        SenetError (senet.session.SaveError) when the two do not belong together."""
        ctl = self.ctl
        duel = load_duel(text)
        session = ctl.live.session
        if duel.game.record_text(players={}) != session.game.record_text(players={}):
            raise SenetError(t("online.saved_other_game"), "online.saved_other_game")
        self.duel, self.offer, self.answer, self.seat, self.chain = duel, duel.offer, duel.answer, duel.seat, duel.chain
        self.session = session
        ctl.online = self
        ctl.live.play_online(self, duel.peer)
        self.link = "lost"
        duel.dropped(now)

    def reconnect_invite(self, sdp: str) -> str:
        """Reconnect: a new invite for the game under way (this side's session description)."""
        self.resync = True
        self.link = "inviting"
        return reconnect_code(self.duel.offer.tag(), self.duel.events, sdp)

    def rejoin(self, code: str) -> str:
        """The other side's Reconnect invite (a link or its code): its session description."""
        return self._reconnection(code, REJOIN_KEY)

    def reconnect_answer(self, sdp: str) -> str:
        return reconnect_code(self.duel.offer.tag(), self.duel.events, sdp)

    def accept_reconnect(self, code: str) -> str:
        """The answer to this side's Reconnect invite: the other's session description."""
        return self._reconnection(code, ANSWER_KEY)

    def _reconnection(self, code, key):
        if self.duel is None:
            raise SenetError(t("online.no_game_to_reconnect"), "online.no_game_to_reconnect")
        tag, _events, sdp = read_reconnect(code_of(code, key))
        if tag != self.duel.offer.tag():
            raise NotThisGame(t("online.reconnect_other_game"))
        self.resync = True
        self.link = "connecting"
        return sdp

    def _keep(self) -> None:
        if self.keep is not None and self.duel is not None:
            self.keep(dump_duel(self.duel))

    # -- the link --------------------------------------------------------------------------
    def opened(self) -> None:
        """The data channel is open: on a reconnection, say where this side's game is."""
        self.link = "connected"
        if self.resync and self.duel is not None:
            self.resync = False
            self._run(self.duel.sync())

    def closed(self, now) -> None:
        if self.link in ("connected", "connecting") and self.duel is not None:
            self.link = "lost"
            self.duel.dropped(now)

    @property
    def live(self) -> bool:
        """The board shows this flow's game."""
        ctl = self.ctl
        return self.duel is not None and ctl.online is self and ctl.live is not None and ctl.live.session is self.session

    # -- this side -------------------------------------------------------------------------
    def throw(self) -> bool:
        """This side throws: it reveals its contribution; the throw comes with the other's."""
        if self.link != "connected":
            return self._refused(t("online.not_connected"))
        return self._run(self.duel.throw())

    def act(self, move) -> bool:
        """This side's action (a Move), checked and sent."""
        if self.link != "connected":
            return self._refused(t("online.not_connected"))
        return self._run(self.duel.act(move))

    def say(self, code: str) -> bool:
        """A quick message (senet.online.messages.QUICK_CODES)."""
        if code not in QUICK_CODES:
            return self._refused(t("online.unknown_quick", code=code))
        if self.link != "connected":
            return self._refused(t("online.not_connected"))
        reply = self.duel.say(code)
        if reply.ok:
            self.ctl.announce(t("online.said_you", text=quick_words(code)))
        return self._run(reply)

    def claim(self, now) -> bool:
        """Claim the game: the other player left while the game waited for them, and the
        connection has been lost for senet.online.duel.CLAIM_AFTER_MS (``now``: ms)."""
        if self.duel is None:
            return False
        return self._run(self.duel.claim(now))

    def resign(self) -> bool:
        if self.duel is None:
            return False
        return self._run(self.duel.resign())

    # -- the other side --------------------------------------------------------------------
    def receive(self, text) -> bool:
        """A message from the other device: taken, or refused in one line (nothing changes)."""
        if self.duel is None:
            return self._refused(t("online.message_too_early"))
        if not self.live:  # another game was started here meanwhile: this one waits
            return self._refused(t("online.message_other_game"))
        return self._run(self.duel.handle(text))

    # -- what the Duel's answer does to the board ------------------------------------------
    def _refused(self, text: str) -> bool:
        """Refuse in one line: this module's own messages, or the Duel's refusal (the
        engine's words, begun with a capital here)."""
        self.problem = text
        self.ctl.announce(text[0].upper() + text[1:] if text else text)
        self.ctl.view.render(self.ctl)
        return False

    def _run(self, reply) -> bool:
        if not reply.ok:
            return self._refused(reply.refusal)
        if reply.events:
            self._show(reply.events)
        self._keep()  # before sending: what was sent is kept for a resync
        for text in reply.send:
            self.send(text)
        return True

    def _show(self, events) -> None:
        ctl = self.ctl
        if ctl.table is not ctl.live:  # a replay or a lesson showed: the game comes first
            if ctl.table.replay is not None:
                ctl.replays.close()
            ctl.lessons.leave()
        table = ctl.live
        game = table.game
        for event in events:
            kind = event[0]
            if kind == "throw":  # the contributions first: the throw's autosave holds them
                game.reveals = dict(self.duel.game.reveals)
                ctl.do_throw(event[2])
            elif kind == "action":
                ctl.do_play(parse_move(event[2]))
            elif kind == "said":
                ctl.announce(t("online.said", name=table.seat_name(event[1]), text=quick_words(event[2])))
            elif kind == "over" and not game.over and self.duel.game.conceded is not None:
                self._conceded()
            elif kind == "in-step":
                ctl.announce(t("online.in_step"))
        ctl.changed()

    def _conceded(self) -> None:
        """The duel's game ended by resigning or leaving: the board's copy ends alike."""
        ctl = self.ctl
        table = ctl.live
        winner, how = self.duel.game.conceded
        table.game.concede(winner, how)
        loser = table.seat_name(3 - table.seat_of(winner))
        if table.seat_of(winner) == table.here:  # "you win", not "You wins"
            key = "online.over_resigned_you" if how == "resigned" else "online.over_left_you"
        else:
            key = "online.over_resigned" if how == "resigned" else "online.over_left"
        ctl.announce(t(key, loser=loser, winner=table.seat_name(table.seat_of(winner))))
        ctl.count_result()
        ctl.save()

    def outcome(self, session):
        """(variant, ONLINE, "won"/"lost"/"drawn") for this flow's finished game, else None:
        the statistics count games between two devices apart."""
        if self.duel is None or session is not self.session or not session.game.over:
            return None
        game = session.game
        result = game.result
        if result == "draw":
            return game.variant, ONLINE, "drawn"
        return game.variant, ONLINE, "won" if game.seat_colours[self.seat] == result else "lost"
