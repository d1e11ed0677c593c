"""Two in-memory devices playing a game by correspondence through links only
(senet.online.corr): the helpers of tests/engine/test_correspondence.py, of the
MicroPython driver and of tools/correspondence_messages.py, so no pytest here."""

from lcg import Lcg

from senet.online.corr import join, start


class Table:
    """The host's and the guest's Letters, and the links between them: ``links`` holds
    (sender seat, code) of every link made, the offer first."""

    def __init__(self, variant, host_seat=1, seed=1, interval=72, now=0):
        lcg = Lcg(seed)
        self.lcg = lcg
        host = start(variant, host_seat, "Ann", interval, lcg.secret(), now=now)
        guest, reply = join(host.outgoing(), "Bob", lcg.secret(), now=now)
        self.devices = {host.seat: host, guest.seat: guest}
        self.host, self.guest = host, guest
        self.links = [(host.seat, host.outgoing())]
        self.pending = None  # (sender seat, code) not delivered yet
        self._made(guest.seat, reply.link)

    def _made(self, seat, code):
        if code is not None:
            self.links.append((seat, code))
            self.pending = (seat, code)

    def deliver(self, now=0):
        """The link in flight, opened on the other device."""
        seat, code = self.pending
        self.pending = None
        to = self.devices[3 - seat]
        reply = to.receive(code, now=now)
        self._made(to.seat, reply.link)
        return reply

    def decider(self):
        """The device whose player decides now, or None."""
        for d in self.devices.values():
            if d.game is not None and d.waiting_for() == d.seat and d.outgoing() is None:
                return d
        return None

    def step(self, choose, now=0):
        """One thing happens: a link is opened, or a player decides (``choose(state)``)."""
        if self.pending is not None:
            return self.deliver(now)
        d = self.decider()
        reply = d.act(choose(d.game.state), now=now)
        self._made(d.seat, reply.link)
        return reply

    def over(self):
        g = self.guest.game
        return self.pending is None and g is not None and g.over and self.host.game is not None \
            and self.host.game.over

    def play(self, choose, limit=None, now=0):
        n = 0
        while not self.over() and (limit is None or n < limit):
            self.step(choose, now)
            n += 1
        return n


def lcg_chooser(lcg):
    def choose(state):
        legal = state.legal_actions()
        return legal[lcg.below(len(legal))]
    return choose
