"""The protocol of a game between two devices, as a state machine free of the DOM
(docs/online.md). Each page keeps one Duel; the app passes it every message that
arrives (``handle``) and every local decision (``throw``, ``act``, ``say``, ``resign``,
``claim``), and sends what the Reply says. Nothing here knows about WebRTC.

Every call returns a Reply: ``ok`` and the messages to ``send`` with the ``events``
that happened (for the app to show), or ``ok`` False and a one-line ``refusal``, in
which case nothing changed.
"""

import hashlib

from ..errors import SenetError, shown
from ..game import Game
from ..moves import THROW, format_move, parse_move
from ..state import CHANCE, WHITE
from ..throws import DUEL, bytes_of_hex, chain_step, duel_throw, hex_of
from ..turns import FORCED, game_step
from .messages import (
    ACTION,
    MAX_MESSAGE,
    QUICK_CODES,
    QUICK_MESSAGE,
    RESIGN,
    SYNC,
    THROW_PART,
    Message,
    ProtocolError,
    parse_message,
)
from .offer import Answer, Offer

# After the connection is lost, the one left may claim the game once this many
# milliseconds pass without a message, if the game was waiting for the other.
CLAIM_AFTER_MS = 5 * 60 * 1000


class Reply:
    """What a call did: ``ok``, ``send`` (message texts, in order), ``events`` (tuples:
    ("throw", seat, value), ("action", seat, notation), ("said", seat, code),
    ("over", result), ("in-step",)) or ``refusal`` (one line) when ``ok`` is False."""

    __slots__ = ("ok", "refusal", "send", "events")

    def __init__(self, ok, refusal=None, send=(), events=()):
        self.ok = ok
        self.refusal = refusal
        self.send = list(send)
        self.events = list(events)

    def __repr__(self):
        return f"Reply(ok={self.ok!r}, refusal={self.refusal!r}, send={self.send!r}, events={self.events!r})"


def _refuse(reason):
    return Reply(False, refusal=str(SenetError(reason)))


def next_mark(previous, event):
    """The sync mark after ``event`` ("tVALUE" or "aACTION"), from the mark before it."""
    return hashlib.sha256(previous + event.encode()).digest()[:8]


def new_game(offer, answer):
    """The Game that an offer and its answer agree on, with both players named."""
    if answer.game != offer.tag():
        raise SenetError("this answer is for another game")
    host, guest = offer.host_seat, 3 - offer.host_seat
    anchors = {host: offer.anchor, guest: answer.anchor}
    game = Game(offer.variant, throws=DUEL, anchors=anchors)
    game.players = {host: ("human", offer.host_name), guest: ("human", answer.name)}
    return game


class Duel:
    """One side of a game between two devices: ``seat`` (1 or 2) with its own ``chain``
    (senet.throws.Chain), playing the game ``offer`` and ``answer`` agree on."""

    def __init__(self, offer, answer, seat, chain):
        if not isinstance(offer, Offer) or not isinstance(answer, Answer):
            raise SenetError("a duel needs an offer and its answer")
        if seat not in (1, 2):
            raise SenetError("a seat is 1 or 2")
        self.offer = offer
        self.answer = answer
        self.seat = seat
        self.peer = 3 - seat
        self.game = new_game(offer, answer)
        if self.game.anchors[seat] != hex_of(chain.anchor):
            raise SenetError("this chain's anchor is not the one this seat gave")
        self.chain = chain
        self.pending = {}  # seat -> contribution (bytes) to the throw under way
        self.known = {1: bytes_of_hex(self.game.anchors[1]), 2: bytes_of_hex(self.game.anchors[2])}
        self.marks = [next_mark(b"senet-duel/1", f"{offer.tag()}|{answer.anchor}|{answer.name}")]
        self.sent = []  # (events when sent, text) of the messages that change the game
        self.stopped = None  # why the game stopped: the two games differ
        self.lost_at = None  # when the connection was lost (ms), None while connected

    # -- what the game waits for --------------------------------------------------------
    @property
    def events(self):
        """How many throws and actions the game has recorded."""
        return len(self.marks) - 1

    @property
    def mark(self):
        return hex_of(self.marks[-1])

    def seat_of(self, side):
        colours = self.game.seat_colours
        if colours is None:  # the colour draw: "w" is seat 1's throw, "b" seat 2's
            return 1 if side == WHITE else 2
        return 1 if colours[1] == side else 2

    def side_of(self, seat):
        colours = self.game.seat_colours
        if colours is None:
            return None
        return colours[seat]

    def thrower(self):
        """The seat that throws next (it reveals its contribution first), or None when no
        throw is due (a decision without THROW, or the game is over)."""
        game = self.game
        state = game.state
        if game.over or self.stopped or state.throw is not None or state.to_act is None:
            return None
        if state.to_act == CHANCE or THROW in state.legal_actions():
            return self.seat_of(state.side)
        return None

    def actor(self):
        """The seat that decides an action now (a move, a pass, a rescue), or None."""
        game = self.game
        state = game.state
        if game.over or self.stopped or self.pending or state.to_act in (None, CHANCE):
            return None
        return self.seat_of(state.to_act)

    def waiting_for(self):
        """The seat the game waits for, or None when over or stopped."""
        thrower = self.thrower()
        if thrower is not None:
            if not self.pending:
                return thrower
            return self.peer if self.seat in self.pending else self.seat
        return self.actor()

    # -- local decisions ----------------------------------------------------------------
    def throw(self):
        """This seat throws: it reveals its contribution first."""
        if self.thrower() != self.seat:
            return _refuse("it is not your throw")
        if self.pending:
            return _refuse("your throw is already under way")
        n = self.game.thrown
        mine = self.chain.contribution(n)
        self.pending[self.seat] = mine
        return Reply(True, send=[self._send(THROW_PART, str(n), hex_of(mine))])

    def act(self, action):
        """This seat plays ``action`` (a Move or its notation: a move, pass, rescue)."""
        if self.actor() != self.seat:
            return _refuse("it is not your turn to move")
        try:
            move = parse_move(action) if isinstance(action, str) else action
            if move == THROW:
                return _refuse("throw with throw(), not as an action")
            text = format_move(move)
            self.game.apply(move)
        except SenetError as exc:
            return _refuse(str(exc))
        events = [("action", self.seat, text)]
        msg = self._send(ACTION, text)  # with the events and mark before the action
        self._marked("a" + text)
        events += self._forced()
        return Reply(True, send=[msg], events=events)

    def say(self, code):
        """A quick message (one of messages.QUICK_CODES)."""
        if code not in QUICK_CODES:
            return _refuse(f"unknown quick message '{shown(code)}'")
        return Reply(True, send=[Message(QUICK_MESSAGE, self.events, self.mark, (code,)).text()])

    def resign(self):
        """This seat resigns, on its own turn once the colours are known."""
        if self.waiting_for() != self.seat or self.pending:
            return _refuse("you can resign on your own turn")
        if self.game.seat_colours is None:
            return _refuse("you can resign once the colour draw is over")
        msg = self._send(RESIGN)
        self.game.concede(self.side_of(self.peer), "resigned")
        return Reply(True, send=[msg], events=[("over", self.game.result)])

    def dropped(self, now):
        """The connection was lost at ``now`` (milliseconds, any clock the app keeps)."""
        if self.lost_at is None:
            self.lost_at = now

    def claim(self, now):
        """Claim the game when the other player left while the game waited for them:
        the connection has been lost for CLAIM_AFTER_MS."""
        if self.game.over:
            return _refuse("the game is over")
        if self.lost_at is None:
            return _refuse("the other player is still connected")
        if self.waiting_for() != self.peer:
            return _refuse("the game is waiting for you, not for the other player")
        if self.game.seat_colours is None:
            return _refuse("the game can be claimed once the colour draw is over")
        left = CLAIM_AFTER_MS - (now - self.lost_at)
        if left > 0:
            return _refuse(f"the game can be claimed {(left + 59999) // 60000} minute(s) from now")
        self.game.concede(self.side_of(self.seat), "abandoned")
        return Reply(True, events=[("over", self.game.result)])

    def sync(self):
        """The message to send first on a new connection (Reconnect)."""
        return Reply(True, send=[Message(SYNC, self.events, self.mark).text()])

    # -- messages from the other seat ---------------------------------------------------
    def handle(self, text):
        """Take a message from the other seat: a Reply with what to send back, or a
        refusal that changes nothing (but for sync marks that differ: then the game
        stops, and every later message is refused with the reason)."""
        reply = self._handle(text)
        if reply.ok:
            self.lost_at = None  # the other seat is back
        return reply

    def _handle(self, text):
        try:
            msg = parse_message(text)
        except ProtocolError as exc:
            return _refuse(str(exc))
        if msg.kind == SYNC:
            return self._on_sync(msg)
        if self.stopped:
            return _refuse(self.stopped)
        if msg.events > self.events:
            return _refuse(f"a message from {msg.events - self.events} event(s) ahead of this game: a message "
                           f"was lost (Reconnect sets it right)")
        if hex_of(self.marks[msg.events]) != msg.mark:
            self.stopped = (f"the two games differ after {msg.events} throws and actions: the game stops here "
                            f"(its record is kept)")
            return _refuse(self.stopped)
        if msg.kind == QUICK_MESSAGE:
            return Reply(True, events=[("said", self.peer, msg.args[0])])
        if msg.events < self.events:
            return _refuse("an old message: this game has already gone past it")
        if self.game.over:
            return _refuse("the game is over")
        if msg.kind == THROW_PART:
            return self._on_throw_part(int(msg.args[0]), msg.args[1])
        if msg.kind == ACTION:
            return self._on_action(msg.args[0])
        return self._on_resign()

    def _on_throw_part(self, n, hex_text):
        thrower = self.thrower()
        if thrower is None:
            return _refuse("no throw is due now")
        if n != self.game.thrown:
            return _refuse(f"a contribution to throw {n}, but the throw due is throw {self.game.thrown}")
        if self.peer in self.pending:
            return _refuse("your contribution to this throw is already in")
        if thrower == self.seat and self.seat not in self.pending:
            return _refuse("it is my throw: I reveal my contribution first")
        theirs = bytes_of_hex(hex_text)
        if chain_step(theirs) != self.known[self.peer]:
            return _refuse(f"this contribution to throw {n} does not lead to your anchor: it is refused")
        send = []
        if thrower == self.peer:  # the other threw first: this seat answers with its own
            mine = self.chain.contribution(n)
            self.pending[self.seat] = mine
            send.append(self._send(THROW_PART, str(n), hex_of(mine)))
        self.pending[self.peer] = theirs
        events = self._complete_throw()
        return Reply(True, send=send, events=events)

    def _complete_throw(self):
        """Both contributions are in: make the throw and play what is forced."""
        game = self.game
        n = game.thrown
        first, second = self.pending[1], self.pending[2]
        value = duel_throw(n, first, second, game.rules.none_value)
        thrower = self.seat_of(game.state.side)
        game.throw(value)
        self.known = {1: first, 2: second}
        game.reveals = {1: hex_of(first), 2: hex_of(second)}
        self.pending = {}
        self._marked(f"t{value}")
        return [("throw", thrower, value)] + self._forced()

    def _on_action(self, text):
        if self.actor() != self.peer:
            return _refuse("it is not your turn to move")
        try:
            move = parse_move(text)
            if move == THROW:
                return _refuse("a throw is made by revealing contributions, not as an action")
            self.game.apply(move)
        except SenetError as exc:
            return _refuse(str(exc))
        notation = format_move(move)
        self._marked("a" + notation)
        return Reply(True, events=[("action", self.peer, notation)] + self._forced())

    def _on_resign(self):
        if self.waiting_for() != self.peer or self.pending:
            return _refuse("you can resign on your own turn")
        if self.game.seat_colours is None:
            return _refuse("you can resign once the colour draw is over")
        self.game.concede(self.side_of(self.seat), "resigned")
        return Reply(True, events=[("over", self.game.result)])

    def _on_sync(self, msg):
        if msg.events <= self.events and hex_of(self.marks[msg.events]) != msg.mark:
            self.stopped = (f"the two games differ after {msg.events} throws and actions: the game cannot go "
                            f"on (its record is kept)")
            return _refuse(self.stopped)
        send = [text for at, text in self.sent if at >= msg.events]
        events = [("in-step",)] if msg.events == self.events else []
        return Reply(True, send=send, events=events)

    # -- bookkeeping ------------------------------------------------------------------
    def _send(self, kind, *args):
        text = Message(kind, self.events, self.mark, args).text()
        if len(text) > MAX_MESSAGE:  # cannot happen with the kinds above; a guard all the same
            raise SenetError("a message would be too long")
        self.sent.append((self.events, text))
        return text

    def _marked(self, event):
        self.marks.append(next_mark(self.marks[-1], event))

    def _forced(self):
        """Play what is forced (a lone legal action), on both pages alike."""
        events = []
        game = self.game
        while True:
            kind, action = game_step(game)
            if kind != FORCED:
                break
            side = game.state.to_act
            game.apply(action)
            if action == THROW:
                continue
            text = format_move(action)
            self._marked("a" + text)
            events.append(("action", self.seat_of(side), text))
        if game.over:
            events.append(("over", game.result))
        return events

