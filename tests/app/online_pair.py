"""Two devices for a game between them, without a browser: each a Controller with its
OnlineFlow (app/online/flow.py), the statistics and what it sent, joined by an in-memory
wire instead of a data channel, and a recorded Chromium offer and answer for the
invite. Shared by tests/app/test_app_online.py and test_app_newcomer.py; CPython only (it
reads the recorded offers when imported), where tests/app/app_harness.py must also load
under MicroPython.
"""

from pathlib import Path

from app_harness import View

from app.flow.controller import Controller, Setup
from app.online.flow import OnlineFlow
from app.storage.backends import MemoryBackend
from app.storage.policy import SavePolicy
from app.storage.store import Store

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "engine" / "fixtures"
OFFER_SDP = (FIXTURES / "sdp-chromium-offer.txt").read_text()
ANSWER_SDP = (FIXTURES / "sdp-chromium-answer.txt").read_text()


def counter_bytes(start):
    """Random bytes stand-in: a different, reproducible secret for each side."""
    state = [start]

    def take(n):
        out = bytes((state[0] + i) % 256 for i in range(n))
        state[0] += 7
        return out

    return take


class Side:
    """One device: a Controller, its OnlineFlow, the statistics, what it sent."""

    def __init__(self, seed):
        self.view = View()
        self.policy = SavePolicy(Store(MemoryBackend()), None)
        self.saves = []  # what the autosave wrote, as the page's storage would keep it
        self.ctl = Controller(self.view, setup=Setup("kendall", ("average", "human"), speed="instant"),
                              on_result=self.on_result, random_bytes=counter_bytes(seed),
                              autosave=lambda ctl: self.saves.append(ctl.table.session.to_json()))
        self.outbox = []
        self.flow = OnlineFlow(self.ctl, self.outbox.append, counter_bytes(seed + 100))

    def on_result(self, session):
        self.policy.count_result(session, {}, self.flow.outcome(session))


def deliver(a, b):
    """Every message in flight, in order, both ways, until none is left."""
    while a.outbox or b.outbox:
        for sender, receiver in ((a, b), (b, a)):
            while sender.outbox:
                assert receiver.flow.receive(sender.outbox.pop(0)), receiver.flow.problem


def connect(variant="kendall", host_seat=1):
    """Ann hosts ``variant`` in seat ``host_seat``, Bob answers her invite; both links open."""
    host, guest = Side(1), Side(50)
    host.flow.host(variant, host_seat, "Ann")
    invite = "https://example.org/senet/#join=" + host.flow.invite(OFFER_SDP)
    assert host.flow.link == "inviting"
    offer, sdp = guest.flow.join(invite, "Bob")
    assert sdp == OFFER_SDP and offer.host_name == "Ann"
    answer = guest.flow.answer_text(ANSWER_SDP)
    guest.flow.begin("instant")
    assert host.flow.accept("answer=" + answer) == ANSWER_SDP
    host.flow.begin("instant")
    for side in (host, guest):
        side.flow.opened()
    return host, guest
