"""Games by correspondence on the page's side, free of the DOM: started, joined, a link
opened and applied on the board, this device's turn played and the next link made, the
list of games kept on the device (docs/online.md, "Correspondence: the page").

``CorrFlow`` holds this device's games (senet/online/corr.py's ``Letters``, one a game)
and shows one on the board beside the Controller's copy of it, as app/online/flow.py does
for a game over a connection: every throw and action reaches the board only after the
Letters took it, in its order. Its duties are injected: ``shelf`` (get/set/remove of
texts: the page's storage, a dict in the tests), ``random_bytes`` (a player's secret),
``clock`` (ms) and ``on_link(tag, code, automatic)``, which offers a link to send.

Every refusal is a LinkError (a catalog key): ``problem`` says it in the player's words
and nothing changes; ``not_here`` is set when the link's game is not on this device (the
page offers to import the friend's record).
"""

from app.flow.setup import Setup
from senet import parse_move
from senet.errors import SenetError
from senet.game import Game
from senet.json_text import dumps, load_json
from senet.moves import format_move
from senet.online.corr import join, legal_sorted, start
from senet.online.corr_link import LinkError, find
from senet.online.corr_save import dump_letters, load_letters
from senet.session import ONLINE, Seat, Session
from senet.state import CHANCE
from senet.throws import CHAIN_BYTES, DUEL, hex_of
from senet.words import t

CORR_KEY = "senet:corr:"  # + the game's tag: one Letters (corr_save's JSON) a game
INDEX_KEY = "senet:corr"  # the tags of the games kept here, a JSON list
CORR_PARAM = "corr"  # a link is ``…#corr=CODE``


def refusal_text(exc) -> str:
    """A refusal in the player's words: a LinkError's catalog key, else the error's text."""
    key = getattr(exc, "key", None)
    return t(key, **exc.values) if key else str(exc)



def seat_name(names, seat: int) -> str:
    """A player's name, or what the game calls a player with no name ("Player 1")."""
    return names[seat] or t("names.seat.player", seat=seat)

class CorrFlow:
    """This device's correspondence games and the one on the board."""

    corr = True  # the page's autosave leaves the board's copy to this flow's own saves
    pending = False  # what History.resigner asks of a flow's ``duel`` (here the flow itself)

    def __init__(self, ctl, shelf, random_bytes, clock, on_link=None):
        self.ctl = ctl
        self.shelf = shelf
        self.random_bytes = random_bytes
        self.clock = clock
        self.on_link = on_link
        self.games = {}  # tag -> Letters
        self.unread = []  # (tag, why): kept games that could not be read (kept as they are)
        self.shown = None  # the tag of the game on the board
        self.session = None  # the board's copy of it
        self.problem = ""
        self.not_here = False
        self.load()

    # -- kept on the device --------------------------------------------------------------
    def load(self) -> None:
        self.games, self.unread = {}, []
        tags = self._index()
        for tag in tags:
            text = self.shelf.get(CORR_KEY + tag)
            try:
                if not isinstance(text, str):
                    raise SenetError("nothing kept")
                self.games[tag] = load_letters(text)
            except SenetError as exc:
                self.unread.append((tag, str(exc)))

    def _index(self) -> list:
        text = self.shelf.get(INDEX_KEY)
        if not isinstance(text, str):
            return []
        try:
            tags = load_json(text, "the correspondence games' list")
        except SenetError:
            return []
        return [tag for tag in tags if isinstance(tag, str)] if isinstance(tags, list) else []

    def keep(self, letters) -> None:
        """Save ``letters`` (after every link): its text, then the list of tags."""
        self.shelf.set(CORR_KEY + letters.tag, dump_letters(letters))
        tags = self._index()
        if letters.tag not in tags:
            tags.append(letters.tag)
            self.shelf.set(INDEX_KEY, "[" + ", ".join(dumps(tag) for tag in tags) + "]")
        self.games[letters.tag] = letters

    def forget(self, tag) -> None:
        """Take a finished game off the list (its record stays in the game's saves)."""
        self.shelf.remove(CORR_KEY + tag)
        tags = [other for other in self._index() if other != tag]
        self.shelf.set(INDEX_KEY, "[" + ", ".join(dumps(other) for other in tags) + "]")
        self.games.pop(tag, None)

    def summaries(self) -> list:
        """The list of games, those waiting for this player first, then the oldest turn."""
        rows = [letters.summary() for letters in self.games.values()]
        order = {"you": 0, "friend": 1, "over": 2}
        rows.sort(key=lambda row: (row["aside"], order[row["turn"]], row["since"] or 0))
        return rows

    # -- starting and joining --------------------------------------------------------------
    def _secret(self) -> bytes:
        return bytes(self.random_bytes(CHAIN_BYTES))

    def start(self, variant: str, host_seat: int, name: str, hours: int):
        """A new game: link 0 (the offer) to send; None when refused (``problem``)."""
        try:
            letters = start(variant, host_seat, name, hours, self._secret(), self.clock())
        except SenetError as exc:
            return self._refused(exc)
        self.keep(letters)
        self._offer(letters.tag, letters.outgoing(), False)
        return letters

    def open_link(self, text: str, name: str = "") -> bool:
        """A link opened (``#corr=CODE``, or pasted): an offer is joined, a link of a game
        kept here applied and shown. False, with ``problem`` said, when refused."""
        self.problem, self.not_here = "", False
        try:
            letters = find(list(self.games.values()), text)
        except LinkError as exc:
            if exc.key == "corr.is_offer":
                return self._join(text, name or "")
            self.not_here = exc.key == "corr.not_here"
            return self._refused(exc)
        before = self._board_game(letters)
        on_board = before is not None and self.live and before is self.ctl.live.game
        names = dict(letters.names)
        try:
            reply = letters.receive(text, self.clock())
        except SenetError as exc:
            return self._refused(exc)
        self.keep(letters)
        if on_board and letters.names == names and reply.events:
            # the game on the board goes on: its table stays (its move log, what it has
            # counted), and only what the link brings is played on it
            self._show(reply.events)
        else:
            self._put_on_board(letters, before, reply.events)
        if reply.link is not None:
            self._offer(letters.tag, reply.link, True)
        return True

    def _join(self, text, name) -> bool:
        try:
            letters, reply = join(text, name, self._secret(), self.clock())
        except SenetError as exc:
            return self._refused(exc)
        self.keep(letters)
        self._put_on_board(letters, self._fresh(letters), reply.events)
        if reply.link is not None:
            self._offer(letters.tag, reply.link, False)
        return True

    # -- the board -------------------------------------------------------------------------
    @staticmethod
    def _fresh(letters):
        """A new copy of the game's first position (throws from both anchors), or None
        while the answer has not come."""
        if len(letters.anchors) < 2:
            return None
        anchors = {seat: hex_of(letters.anchors[seat]) for seat in (1, 2)}
        game = Game(letters.offer.variant, throws=DUEL, anchors=anchors)
        game.players = {seat: ("human", seat_name(letters.names, seat)) for seat in (1, 2)}
        return game

    def _board_game(self, letters):
        """A copy of ``letters``' game as it is now, for the board: the game the board shows
        when it is that one with the same record (no replay of its every action, which made
        each link take longer than the one before), else one replayed from its record."""
        if letters.game is None:
            return None
        text = letters.record_text()
        if self.shown == letters.tag and self.live \
                and self.ctl.live.game.record_text(players=letters.game.players) == text:
            return self.ctl.live.game  # its "player" lines aside: the board names the seats
        game = Game.from_record(text)
        game.players = {seat: ("human", seat_name(letters.names, seat)) for seat in (1, 2)}
        return game

    def show(self, tag) -> bool:
        """Put the game ``tag`` on the board, as it is now."""
        letters = self.games.get(tag)
        if letters is None or letters.game is None:
            return False
        self._put_on_board(letters, self._board_game(letters), [])
        return True

    def _put_on_board(self, letters, game, events) -> None:
        if game is None:  # the answer just came: the game begins from its first position
            game = self._fresh(letters)
            if game is None:
                return
        ctl = self.ctl
        names = {seat: letters.names.get(seat, "") for seat in (1, 2)}
        seats = {seat: Seat("human", seat_name(names, seat)) for seat in (1, 2)}
        self.session = Session(game.variant, seats, game=game)
        self.session.corr = letters.tag  # app/boot/page.py: kept by this flow, not the game's save
        self.shown = letters.tag
        speed = ctl.table.setup.speed if ctl.table is not None else "normal"
        setup = Setup(game.variant, ("human", "human"), (seat_name(names, 1), seat_name(names, 2)), None, speed)
        ctl.online = self
        ctl.play_online(self, self.session, setup, letters.peer, resumed=not events)
        self._show(events)

    @property
    def letters(self):
        """The Letters of the game on the board, or None."""
        return self.games.get(self.shown) if self.shown is not None else None

    @property
    def live(self) -> bool:
        ctl = self.ctl
        return self.letters is not None and ctl.online is self and ctl.live is not None \
            and ctl.live.session is self.session

    # what History asks of a flow's ``duel`` and ``seat`` (resigning on this side's turn)
    @property
    def duel(self):
        return self

    @property
    def seat(self):
        letters = self.letters
        return None if letters is None else letters.seat

    def waiting_for(self):
        letters = self.letters
        return None if letters is None else letters.waiting_for()

    def _show(self, events) -> None:
        ctl = self.ctl
        if ctl.table is not ctl.live:
            if ctl.table.replay is not None:
                ctl.replays.close()
            ctl.lessons.leave()
        game = ctl.live.game
        for event in events:
            kind = event[0]
            if kind == "throw":
                ctl.do_throw(event[2])
            elif kind == "action":
                if event[2] == "throw" and game.state.to_act != CHANCE:
                    game.apply("throw")  # the choice to throw: its throw says it
                    continue
                ctl.do_play(parse_move(event[2]))
            elif kind == "over" and not game.over and self.letters.game.conceded is not None:
                winner, how = self.letters.game.conceded
                game.concede(winner, how)
                ctl.announce(ctl.result_text())
                ctl.count_result()
        letters = self.letters
        if letters is not None and letters.game is not None:  # the record's last contributions
            letters.record_text()
            game.reveals = dict(letters.game.reveals)
        ctl.changed()

    # -- this device's turn (app/flow/seats.py's PersonOnline calls these) -------------------
    def throw(self) -> bool:
        """The sticks clicked: a throw whose choice is this player's (a rescue could be
        taken instead) is sent; a throw that waits for the friend's link is said so."""
        letters = self.letters
        if letters is None:
            return False
        if letters.game is not None and not letters.game.over and "throw" in legal_sorted(letters.game.state):
            return self._act(letters, "throw")
        return self._refused(LinkError("corr.waiting"))

    def act(self, move) -> bool:
        letters = self.letters
        if letters is None:
            return False
        return self._act(letters, format_move(move))

    def _act(self, letters, text) -> bool:
        try:
            reply = letters.act(text, self.clock())
        except SenetError as exc:
            return self._refused(exc)
        self.keep(letters)
        self._show(reply.events)
        if reply.link is not None:
            self._offer(letters.tag, reply.link, False)
        return True

    def resign(self) -> bool:
        letters = self.letters
        if letters is None:
            return False
        try:
            reply = letters.resign(self.clock())
        except SenetError as exc:
            return self._refused(exc)
        self.keep(letters)
        self._show(reply.events)
        self._offer(letters.tag, reply.link, False)
        return True

    def claim(self, tag) -> bool:
        letters = self.games.get(tag)
        if letters is None:
            return False
        try:
            reply = letters.claim(self.clock())
        except SenetError as exc:
            return self._refused(exc)
        self.keep(letters)
        if self.shown == tag and self.live:
            self._show(reply.events)
        self._offer(tag, reply.link, False)
        return True

    def set_aside(self, tag, aside=True) -> bool:
        letters = self.games.get(tag)
        if letters is None:
            return False
        letters.aside = aside
        self.keep(letters)
        return True

    def outcome(self, session):
        """(variant, ONLINE, "won"/"lost"/"drawn") for the finished game on the board."""
        letters = self.letters
        if letters is None or session is not self.session or not session.game.over:
            return None
        result = session.game.result
        if result == "draw":
            return session.game.variant, ONLINE, "drawn"
        won = session.game.seat_colours[letters.seat] == result
        return session.game.variant, ONLINE, "won" if won else "lost"

    # -- saying it -------------------------------------------------------------------------
    def _offer(self, tag, code, automatic) -> None:
        if self.on_link is not None and code is not None:
            self.on_link(tag, code, automatic)

    def _refused(self, exc) -> bool:
        text = refusal_text(exc)
        self.problem = text[0].upper() + text[1:] if text else text
        if self.live:
            self.ctl.announce(self.problem)
            self.ctl.view.render(self.ctl)
        return False
