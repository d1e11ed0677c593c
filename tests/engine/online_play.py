"""Two in-memory pages playing a game between two devices through senet.online's message
functions only: the helpers of tests/engine/test_online.py (and of the MicroPython
driver, so no pytest here)."""

from lcg import Lcg

from senet.online.duel import Duel
from senet.online.offer import Answer, Offer
from senet.throws import Chain, hex_of


def pair(variant, host_seat=2, seed=1, host_name="Ann", guest_name="Bob"):
    """(host Duel, guest Duel, Lcg): the host's offer, the guest's answer, both started."""
    lcg = Lcg(seed)
    host_chain, guest_chain = Chain(lcg.secret()), Chain(lcg.secret())
    offer = Offer(variant, host_seat, host_name, hex_of(host_chain.anchor))
    answer = Answer(offer.tag(), guest_name, hex_of(guest_chain.anchor))
    return Duel(offer, answer, host_seat, host_chain), Duel(offer, answer, 3 - host_seat, guest_chain), lcg


class Wire:
    """Messages in flight between the two duels, in order; ``drop`` loses them."""

    def __init__(self, a, b):
        self.duels = {a.seat: a, b.seat: b}
        self.queue = []  # (to seat, text)
        self.delivered = 0

    def post(self, sender, reply):
        assert reply.ok, reply.refusal
        for text in reply.send:
            self.queue.append((3 - sender.seat, text))

    def flush(self, drop=False):
        while self.queue:
            to, text = self.queue.pop(0)
            if drop:
                continue
            reply = self.duels[to].handle(text)
            self.delivered += 1
            self.post(self.duels[to], reply)

    def turn(self, lcg):
        """The seat the game waits for does what it must: throw, or pick an action."""
        a = self.duels[1]
        seat = a.waiting_for()
        duel = self.duels[seat]
        if duel.thrower() == seat:
            reply = duel.throw()
        else:
            legal = duel.game.state.legal_actions()
            reply = duel.act(legal[lcg.below(len(legal))])
        self.post(duel, reply)
        return duel

    def play(self, lcg, turns=None):
        n = 0
        while not self.duels[1].game.over and (turns is None or n < turns):
            self.turn(lcg)
            self.flush()
            n += 1
        return n


def snapshot(duel):
    """Everything a refused message must leave as it was."""
    return (duel.game.record_text(), duel.events, duel.mark, dict(duel.pending), duel.stopped,
            len(duel.sent), duel.lost_at, duel.game.state)
