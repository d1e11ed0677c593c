"""A game by correspondence (docs/online.md, "Correspondence"): one ``Letters`` object per
device, free of the DOM. Each device keeps its object (``dump``/``load``, JSON text); the
page passes it every link that is opened (``receive``) and every decision of the player
(``act``, ``resign``, ``claim``); a link to send comes back in the Reply when the game
waits for the other device.

    start(variant, host_seat, name, interval_hours, secret, now)  -> Letters (the host's)
    join(offer_code, name, secret, now)                           -> Letters (the guest's)

Throws are those of a game between two devices (senet.throws, ``sha256-duel``): each
seat's contribution to throw n is the element n + 1 steps below the anchor it gave in
the first exchange. A device reveals its contribution to throw n only when no decision
is left before that throw (the fairness rule): when the next step of the game is a
throw of the other seat without a choice before it. Any other link reveals no more
than the throws already made.

Every refusal is a LinkError (senet.online.corr_link): a catalog key and its arguments,
and nothing changes.
"""

from ..errors import SenetError
from ..game import Game, player_name_problem
from ..moves import THROW, format_move
from ..state import CHANCE, WHITE
from ..throws import CHAIN_LENGTH, DUEL, Chain, bytes_of_hex, chain_climb, duel_throw, hex_of
from ..turns import FORCED, OVER, game_step
from ..variants import is_rule_set_name
from .corr_link import (
    ANSWER,
    CLAIM,
    MAX_INTERVAL_HOURS,
    OFFER,
    RESIGN,
    TURN,
    Link,
    LinkError,
    decode_link,
    difference,
    digest4,
    encode_link,
    game_tag,
)

DECIDE = "decide"  # a seat decides (an action, or throw/rescue before a throw)
NEED = "need"  # a throw is due and a contribution to it is not known
MAX_AHEAD = 300  # throws a revealed contribution may be past the last one known


class Reply:
    """What a call did: ``events`` (("throw", seat, value), ("action", seat, notation),
    ("over", result)) and ``link``: the code of a link to send now, or None."""

    __slots__ = ("events", "link")

    def __init__(self, events, link=None):
        self.events = events
        self.link = link

    def __repr__(self):
        return f"Reply(events={self.events!r}, link={self.link!r})"


def legal_sorted(state):
    """The legal actions' notations, sorted: a link names an action by its place here."""
    return sorted(format_move(a) for a in state.legal_actions())


def _check_name(name):
    if not isinstance(name, str) or player_name_problem(name) is not None or name != name.strip(" "):
        raise LinkError("corr.bad_name")


class Letters:
    """One device's side of a game by correspondence: ``seat`` (1 or 2), its ``chain``,
    the ``links`` of the game in order (codes; ``links[0]`` the offer), the ``game``
    (None on the host's device until the answer comes)."""

    def __init__(self, offer, offer_code, seat, chain):
        self.offer = offer  # the offer's Link
        self.tag = game_tag(offer_code)
        self.seat = seat
        self.peer = 3 - seat
        self.host = offer.host_seat
        self.chain = chain
        self.links = [offer_code]
        self.names = {offer.host_seat: offer.name}
        self.anchors = {offer.host_seat: bytes_of_hex(offer.anchor)}
        self.game = None
        self.known = None  # the other seat's deepest known contribution: (throw, bytes)
        self.revealed = -1  # the deepest throw this seat revealed the contribution of
        self.unsent = []  # this seat's actions (places) since its last link
        self.unsent_text = []  # the same actions in notation
        self.news = False  # something happened here that the other device does not know
        self.since = None  # when the last link was made or taken (ms, the page's clock)
        self.aside = False  # set aside on this device (shown apart; nothing is sent)
        self.made = 0 if seat == offer.host_seat else -1  # the place of this device's last link

    # -- what the game waits for ---------------------------------------------------------
    @property
    def interval(self):
        """The hours after which the seat waited for may be claimed against (offered)."""
        return self.offer.interval

    def seat_of(self, side):
        colours = self.game.seat_colours
        if colours is None:  # the colour draw: "w" is seat 1's throw, "b" seat 2's
            return 1 if side == WHITE else 2
        return 1 if colours[1] == side else 2

    def sender(self, seq):
        """The seat that makes link ``seq`` (claims aside)."""
        return self.host if seq % 2 == 0 else 3 - self.host

    def contribution(self, seat, n):
        """Seat ``seat``'s contribution to throw ``n`` (bytes), None when not known here."""
        if seat == self.seat:
            return self.chain.contribution(n)
        if self.known is None:
            return None
        d, element = self.known
        return chain_climb(element, d - n) if d >= n else None

    def _stop(self):
        """(why the game stops, the seat concerned) after playing what needs nobody:
        throws whose contributions are known, forced actions."""
        game = self.game
        state = game.state
        if game.over:
            return OVER, None
        kind, action = game_step(game)
        if kind == CHANCE or (kind == FORCED and action == THROW):
            return NEED, self.seat_of(state.side)
        return DECIDE, self.seat_of(state.to_act)

    def _advance(self, events):
        """Play what needs nobody; (kind, seat) of where the game stops."""
        game = self.game
        while True:
            kind, seat = self._stop()
            if kind == OVER:
                if not events or events[-1][0] != "over":
                    events.append(("over", game.result))
                return kind, seat
            if kind == NEED:
                n = game.thrown
                first, second = self.contribution(1, n), self.contribution(2, n)
                if first is None or second is None:
                    return kind, seat
                value = duel_throw(n, first, second, game.rules.none_value)
                game.throw(value)
                if n > self.revealed:  # the other device cannot know this throw yet
                    self.news = True
                events.append(("throw", seat, value))
                continue
            step, action = game_step(game)
            if step != FORCED:
                return kind, seat
            game.apply(action)
            events.append(("action", seat, format_move(action)))

    def waiting_for(self):
        """The seat the game waits for (a decision, or a link), None when over."""
        if self.game is None:
            return self.peer
        if self.game.over:
            return None
        if self.links and self._last_sender() == self.seat and not self.unsent and not self.news:
            return self.peer
        kind, seat = self._stop()
        return seat if kind == DECIDE else self.seat

    def _last_sender(self):
        seq = len(self.links) - 1
        return self.sender(seq)

    def outgoing(self):
        """The code of the last link while this device made it (to send, or send again),
        else None."""
        return self.links[-1] if self.made == len(self.links) - 1 else None

    # -- this device's decisions ---------------------------------------------------------
    def act(self, action, now=None):
        """The player here decides ``action`` (a Move or its notation, ``throw`` where a
        rescue could be taken instead); a Reply, with the link to send when the game then
        waits for the other device."""
        if self.game is None or self.game.over:
            raise LinkError("corr.over" if self.game is not None else "corr.no_answer_yet")
        kind, seat = self._stop()
        if kind != DECIDE or seat != self.seat:
            raise LinkError("corr.not_your_turn")
        text = action if isinstance(action, str) else format_move(action)
        legal = legal_sorted(self.game.state)
        if text not in legal:
            raise LinkError("corr.not_legal", action=text)
        self.game.apply(text)
        self.unsent.append(legal.index(text))
        self.unsent_text.append(text)
        self.news = True
        events = [("action", self.seat, text)]
        return Reply(events, self._settle(events, now))

    def _settle(self, events, now):
        """Play on; the link to send when the game waits for the other device."""
        kind, seat = self._advance(events)
        if kind == DECIDE and seat == self.seat:
            return None
        if kind == OVER and not self.news:
            return None
        return self._emit(kind, seat, TURN, now)

    def _emit(self, kind, seat, link_kind, now):
        game = self.game
        n = game.thrown
        target = n if kind == NEED and seat == self.peer else n - 1
        reveal = None
        if target > self.revealed:
            reveal = (target, self.chain.contribution(target))
            self.revealed = target
        if link_kind == TURN and len(self.links) == 1:
            link = Link(ANSWER, tag=self.tag, seq=1, anchor=hex_of(self.chain.anchor), name=self.names[self.seat])
        else:
            link = Link(link_kind, tag=self.tag, seq=len(self.links))
        link.prev = digest4(self.links[-1])
        link.reveal = reveal
        link.actions = self.unsent
        code = encode_link(link)
        self.links.append(code)
        self.made = len(self.links) - 1
        self.unsent = []
        self.unsent_text = []
        self.news = False
        self.since = now
        return code

    def resign(self, now=None):
        """The player here resigns, on their turn: the link says so."""
        if self.game is None or self.game.over:
            raise LinkError("corr.over" if self.game is not None else "corr.no_answer_yet")
        if self.waiting_for() != self.seat:
            raise LinkError("corr.resign_on_your_turn")
        if self.game.seat_colours is None:
            raise LinkError("corr.draw_first")
        self.game.concede(self.game.seat_colours[self.peer], "resigned")
        return Reply([("over", self.game.result)], self._emit(OVER, None, RESIGN, now))

    def claim(self, now):
        """Claim the game: the other player has not answered for the agreed interval since
        this device's last link (``now``, ms, against the time it was made)."""
        if self.game is None or self.game.over:
            raise LinkError("corr.over" if self.game is not None else "corr.no_answer_yet")
        if self.waiting_for() != self.peer:
            raise LinkError("corr.claim_your_turn")
        if self.game.seat_colours is None:
            raise LinkError("corr.draw_first")
        left = self.interval * 3600000 - (now - (self.since or 0))
        if left > 0:
            raise LinkError("corr.claim_early", hours=(left + 3599999) // 3600000)
        self.game.concede(self.game.seat_colours[self.seat], "abandoned")
        code = encode_link(Link(CLAIM, tag=self.tag, seq=len(self.links)))
        self.links.append(code)
        self.made = len(self.links) - 1
        self.since = now
        return Reply([("over", self.game.result)], code)

    # -- links from the other device -------------------------------------------------------
    def receive(self, text, now=None):
        """Apply the link ``text`` (a code, or an address holding one): a Reply with what
        happened and the link to send back at once, when one is due (an answer that needs
        no decision: a contribution). LinkError, and nothing changes, when refused."""
        link = decode_link(text)
        if link.kind == OFFER:
            raise LinkError("corr.own_link" if self.seat == self.host else "corr.offer_again")
        if link.tag != self.tag:
            raise LinkError("corr.other_game")
        code = self.links[link.seq] if link.seq < len(self.links) else None
        if code is not None and code == encode_link(link):
            if self.sender(link.seq) == self.seat and link.kind != CLAIM:
                raise LinkError("corr.own_link")
            if link.seq == len(self.links) - 1:
                raise LinkError("corr.already", number=link.seq)
            raise LinkError("corr.old", number=link.seq, last=len(self.links) - 1)
        if self.game is not None and self.game.over:
            raise LinkError("corr.over")
        if link.kind == CLAIM:
            return self._on_claim(link, now)
        if code is not None:
            if self.sender(link.seq) == self.seat:
                raise LinkError("corr.not_from_friend", number=link.seq)
            key, values = difference(decode_link(code), link)
            raise LinkError(key, number=link.seq, **values)
        if link.seq > len(self.links):
            raise LinkError("corr.gap", number=link.seq, missing=len(self.links))
        if self.sender(link.seq) == self.seat:
            raise LinkError("corr.not_from_friend", number=link.seq)
        if link.prev != digest4(self.links[-1]):
            raise LinkError("corr.prev_differs", number=link.seq)
        kept = self._snapshot()
        try:
            return self._take(link, now)
        except SenetError as exc:
            self._restore(kept)
            if isinstance(exc, LinkError):
                raise
            raise LinkError("corr.not_legal", action=str(exc)) from None

    def _on_claim(self, link, now):
        if link.seq > len(self.links):  # the link claimed about did not come: open it first
            raise LinkError("corr.gap", number=link.seq, missing=len(self.links))
        if link.seq != len(self.links) or self.sender(link.seq - 1) != self.peer:
            raise LinkError("corr.claim_crossed", number=len(self.links) - 1)
        if self.game is None or self.game.seat_colours is None:
            raise LinkError("corr.draw_first")
        self.game.concede(self.game.seat_colours[self.peer], "abandoned")
        self.links.append(encode_link(link))
        self.since = now
        self.aside = False
        return Reply([("over", self.game.result)])

    def _take(self, link, now):
        if link.kind == ANSWER:
            self._answered(link)
        game = self.game
        events = []
        if link.reveal is not None:
            self._check_reveal(link.reveal)
        for k, place in enumerate(link.actions):
            kind, seat = self._advance(events)
            if kind == NEED:
                raise LinkError("corr.missing_contribution", number=link.seq, throw=game.thrown)
            if kind == OVER or seat != self.peer:
                raise LinkError("corr.not_their_turn", number=link.seq, action=k + 1)
            legal = legal_sorted(game.state)
            if place >= len(legal):
                raise LinkError("corr.bad_action", number=link.seq, action=k + 1, count=len(legal))
            text = legal[place]
            game.apply(text)
            events.append(("action", self.peer, text))
        if link.kind == RESIGN:
            if game.seat_colours is None:
                raise LinkError("corr.draw_first")
            self._advance(events)
            if game.over:
                raise LinkError("corr.over")
            game.concede(game.seat_colours[self.seat], "resigned")
            events.append(("over", game.result))
            self._accept(link, now)
            return Reply(events)
        self.news = False
        kind, seat = self._advance(events)
        if kind == DECIDE and seat == self.peer and not self.news:
            raise LinkError("corr.unfinished", number=link.seq)
        self._accept(link, now)
        if kind == DECIDE and seat == self.seat:
            return Reply(events)
        if kind == OVER and not self.news:
            return Reply(events)
        return Reply(events, self._emit(kind, seat, TURN, now))

    def _accept(self, link, now):
        self.links.append(encode_link(link))
        self.since = now
        self.aside = False

    def _answered(self, link):
        _check_name(link.name)
        self.names[self.peer] = link.name
        self.anchors[self.peer] = bytes_of_hex(link.anchor)
        self._new_game()

    def _new_game(self):
        host, guest = self.host, 3 - self.host
        anchors = {host: hex_of(self.anchors[host]), guest: hex_of(self.anchors[guest])}
        game = Game(self.offer.variant, throws=DUEL, anchors=anchors)
        game.players = {host: ("human", self.names[host]), guest: ("human", self.names[guest])}
        self.game = game

    def _check_reveal(self, reveal):
        n, element = reveal
        d, known = self.known if self.known is not None else (-1, self.anchors[self.peer])
        if n >= CHAIN_LENGTH or n - d > MAX_AHEAD:
            raise LinkError("corr.bad_contribution", throw=n)
        if n >= d:
            if chain_climb(element, n - d) != known:
                raise LinkError("corr.bad_contribution", throw=n)
            self.known = (n, element)
        elif chain_climb(known, d - n) != element:
            raise LinkError("corr.bad_contribution", throw=n)

    def _snapshot(self):
        game = self.game
        return (game, None if game is None else (len(game.entries), game.state, game.seat_colours, game.conceded,
                                                 game.limit_reason),
                self.known, self.revealed, list(self.unsent), list(self.unsent_text), self.news, len(self.links),
                dict(self.names), dict(self.anchors), self.since, self.aside, self.made)

    def _restore(self, kept):
        game, at, self.known, self.revealed, self.unsent, self.unsent_text, self.news, count, self.names, \
            self.anchors, self.since, self.aside, self.made = kept
        self.game = game
        del self.links[count:]
        if game is not None:
            game.undo_to(at[0])
            game.state, game.seat_colours, game.conceded, game.limit_reason = at[1], at[2], at[3], at[4]

    # -- what the page shows ---------------------------------------------------------------
    def record_text(self):
        """The game's record (docs/record.md): the contributions of the last throw made."""
        game = self.game
        if game is None:
            raise LinkError("corr.no_answer_yet")
        n = game.thrown
        game.reveals = {}
        if n:
            for seat in (1, 2):
                game.reveals[seat] = hex_of(self.contribution(seat, n - 1))
        return game.record_text()

    def summary(self):
        """A dict for the list of games: ``tag``, ``variant``, ``seat``, ``names``, ``turn``
        ("you", "friend" or "over"), ``since`` (ms or None), ``aside``, ``links``, ``result``."""
        waiting = self.waiting_for()
        game = self.game
        return {"tag": self.tag, "variant": self.offer.variant, "seat": self.seat, "names": dict(self.names),
                "turn": "over" if waiting is None else "you" if waiting == self.seat else "friend",
                "since": self.since, "aside": self.aside, "links": len(self.links),
                "result": None if game is None else game.result}


def start(variant, host_seat, name, interval_hours, secret, now=None):
    """The host's side of a new game: ``links[0]`` (``outgoing()``) is the offer to send."""
    if not (isinstance(variant, str) and is_rule_set_name(variant)):
        raise LinkError("corr.link.broken")
    if host_seat not in (1, 2):
        raise LinkError("corr.link.broken")
    if type(interval_hours) is not int or not 1 <= interval_hours <= MAX_INTERVAL_HOURS:
        raise LinkError("corr.bad_interval")
    _check_name(name)
    chain = Chain(secret)
    offer = Link(OFFER, variant=variant, host_seat=host_seat, interval=interval_hours,
                 anchor=hex_of(chain.anchor), name=name)
    # the first throw: revealed now if it is the guest's and nobody decides before it
    probe = Game(variant, throws=DUEL, anchors={1: offer.anchor, 2: offer.anchor})
    kind, action = game_step(probe)
    state = probe.state
    if kind == CHANCE or (kind == FORCED and action == THROW):
        colours = probe.seat_colours
        thrower = (1 if state.side == WHITE else 2) if colours is None else (1 if colours[1] == state.side else 2)
        if thrower != host_seat:
            offer.reveal = (0, chain.contribution(0))
    code = encode_link(offer)
    letters = Letters(offer, code, host_seat, chain)
    if offer.reveal is not None:
        letters.revealed = 0
    letters.since = now
    return letters


def join(offer_code, name, secret, now=None):
    """The guest's side of the game an offer starts. The answer is the first link this
    device makes: at once (the Reply's ``link``) when the game then waits for the host."""
    offer = decode_link(offer_code)
    if offer.kind != OFFER:
        raise LinkError("corr.not_offer")
    if not 1 <= offer.interval <= MAX_INTERVAL_HOURS or offer.host_seat not in (1, 2):
        raise LinkError("corr.link.broken")
    _check_name(name)
    code = encode_link(offer)
    guest = 3 - offer.host_seat
    letters = Letters(offer, code, guest, Chain(secret))
    letters.names[guest] = name
    letters.anchors[guest] = letters.chain.anchor
    letters._new_game()
    if offer.reveal is not None:
        letters._check_reveal(offer.reveal)
    events = []
    return letters, Reply(events, letters._settle(events, now))
