"""Games by correspondence on the page's side (app/online/corr_flow.py), without a
browser: two devices, each a Controller with its CorrFlow and its own storage, play by
clicks and by passing the links the flows offer, and nothing else."""

from app_harness import View, first, human_step, seeded_bytes

from app.flow.controller import Controller, Setup
from app.online.corr_flow import INDEX_KEY, CorrFlow
from app.storage.backends import MemoryBackend
from senet.verify import VERIFIED, verify_record
from senet.words import t

HOUR = 3600000


class Device:
    """One device: a Controller, its CorrFlow over its own storage, the links it offered."""

    def __init__(self, seed, shelf=None):
        self.view = View()
        self.shelf = shelf or MemoryBackend()
        self.clock = [1000]
        self.ctl = Controller(self.view, setup=Setup("kendall", ("human", "human"), speed="instant"),
                              random_bytes=seeded_bytes(seed))
        self.outbox = []  # (tag, code, automatic)
        self.flow = CorrFlow(self.ctl, self.shelf, seeded_bytes(seed + 100), lambda: self.clock[0],
                             lambda tag, code, automatic: self.outbox.append((code, automatic)))

    def last(self):
        return self.outbox.pop()[0]


def pair(variant, host_seat=1):
    ann, bob = Device(1), Device(2)
    assert ann.flow.start(variant, host_seat, "Ann", 48) is not None
    offer = ann.last()
    assert bob.flow.open_link("https://example.org/#corr=" + offer, "Bob"), bob.flow.problem
    return ann, bob


def play_to_end(ann, bob, steps=3000, opened=None):
    """Each device decides by clicks when the game waits for it; its links go across.
    ``opened(device)`` is called after each link the device opened."""
    for _ in range(steps):
        moved = False
        for me, other in ((ann, bob), (bob, ann)):
            while me.outbox:
                code, _automatic = me.outbox.pop(0)
                assert other.flow.open_link(code), other.flow.problem
                if opened is not None:
                    opened(other)
                moved = True
        for me in (ann, bob):
            letters = me.flow.letters
            if letters is not None and not letters.game.over and letters.waiting_for() == letters.seat \
                    and letters.outgoing() is None:
                assert human_step(me.ctl, first, first), me.ctl.table.message
                moved = True
        both = [me.flow.letters for me in (ann, bob)]
        if all(x is not None and x.game.over for x in both) and not ann.outbox and not bob.outbox:
            return
        assert moved, "nothing happened"
    raise AssertionError("the game did not end")


def test_two_devices_play_kendall_and_bell_to_the_end_by_links():
    for variant, host_seat in (("kendall", 1), ("bell", 2)):
        ann, bob = pair(variant, host_seat)
        play_to_end(ann, bob)
        for device in (ann, bob):
            board = device.ctl.table.session.record_text()
            assert device.ctl.table.game.over
            assert board.split("\nreveal")[0] == device.flow.letters.record_text().split("\nreveal")[0]
        assert ann.flow.letters.record_text() == bob.flow.letters.record_text()
        assert verify_record(ann.flow.letters.record_text()).status == VERIFIED
        assert [row["turn"] for row in ann.flow.summaries()] == ["over"]


def test_a_link_of_the_game_on_the_board_moves_that_game_on_without_replaying_its_record(monkeypatch):
    """Each link used to replay the whole record for the board, so a link took longer the
    longer the game: now only a game that is not on the board is replayed."""
    from app.online import corr_flow
    replays = []
    replay = corr_flow.Game.from_record
    monkeypatch.setattr(corr_flow.Game, "from_record", lambda text: replays.append(text) or replay(text))
    ann, bob = pair("kendall")
    links = []
    opened = bob.flow.open_link
    monkeypatch.setattr(bob.flow, "open_link", lambda code: links.append(code) or opened(code))
    play_to_end(ann, bob)
    assert len(links) > 50 and len(replays) <= 2, (len(links), len(replays))
    for device in (ann, bob):
        board = device.ctl.table.session.record_text()
        assert board.split("\nreveal")[0] == device.flow.letters.record_text().split("\nreveal")[0]
    assert verify_record(bob.flow.letters.record_text()).status == VERIFIED


def test_a_link_of_the_game_on_the_board_plays_on_its_table_which_stays():
    """A link that moves the game on the board plays what it brings on the table that
    shows it: no new table a link (a table made afresh drew the board and its move log
    again and wrote the save twice). The answer to Ann's offer puts her game on her board,
    the offer Bob joins puts it on his, and every link after that plays on that table."""
    ann, bob = pair("kendall")
    tables = {device: [] for device in (ann, bob)}
    play_to_end(ann, bob, opened=lambda device: tables[device].append(device.ctl.live))
    assert len(tables[ann]) > 50 and len(tables[bob]) > 50
    assert len({id(table) for table in tables[ann]}) == 1
    assert len({id(table) for table in tables[bob]}) == 1
    for device in (ann, bob):
        assert device.ctl.live is tables[device][-1] and device.ctl.live.counted  # counted once, kept
        board = device.ctl.table.session.record_text()
        assert board.split("\nreveal")[0] == device.flow.letters.record_text().split("\nreveal")[0]
    assert ann.flow.letters.record_text() == bob.flow.letters.record_text()


def test_a_hostile_link_is_refused_in_words_and_changes_nothing():
    ann, bob = pair("kendall")
    for _ in range(6):  # a few links across
        for me, other in ((ann, bob), (bob, ann)):
            while me.outbox:
                assert other.flow.open_link(me.outbox.pop(0)[0])
        for me in (ann, bob):
            letters = me.flow.letters
            if letters is not None and letters.waiting_for() == letters.seat and letters.outgoing() is None:
                human_step(me.ctl)
    letters = bob.flow.letters
    links = letters.links
    seq = max(k for k in range(len(links)) if letters.sender(k) != letters.seat)
    saved = dict(bob.shelf.data)
    expected = t("corr.already", number=seq) if seq == len(links) - 1 else \
        t("corr.old", number=seq, last=len(links) - 1)
    assert not bob.flow.open_link(links[seq])
    assert bob.flow.problem == expected[0].upper() + expected[1:]
    assert bob.shelf.data == saved
    assert not bob.flow.open_link(links[seq][:-6])  # cut by a messenger
    assert bob.flow.problem == t("corr.link.cut") and bob.shelf.data == saved
    stranger = Device(9)
    assert not stranger.flow.open_link(links[seq]) and stranger.flow.not_here
    assert stranger.flow.problem == t("corr.not_here")
    assert stranger.shelf.get(INDEX_KEY) is None


def test_games_are_kept_and_come_back_after_a_reload():
    ann, bob = pair("kendall")
    again = Device(1, ann.shelf)
    assert [row["tag"] for row in again.flow.summaries()] == [row["tag"] for row in ann.flow.summaries()]
    assert again.flow.games[ann.flow.shown if ann.flow.shown else next(iter(ann.flow.games))].links \
        == next(iter(ann.flow.games.values())).links
    tag = next(iter(bob.flow.games))
    assert bob.flow.set_aside(tag) and bob.flow.summaries()[0]["aside"]
    assert Device(2, bob.shelf).flow.summaries()[0]["aside"]


def test_a_claim_waits_for_the_agreed_interval():
    ann, bob = pair("bell")
    while ann.outbox or bob.outbox:
        for me, other in ((ann, bob), (bob, ann)):
            while me.outbox:
                assert other.flow.open_link(me.outbox.pop(0)[0])
    waiter = ann if ann.flow.letters.waiting_for() == bob.flow.letters.seat else bob
    tag = waiter.flow.letters.tag
    assert not waiter.flow.claim(tag) and waiter.flow.problem == t("corr.claim_early", hours=48)
    waiter.clock[0] += 49 * HOUR
    assert waiter.flow.claim(tag), waiter.flow.problem
    assert waiter.flow.games[tag].game.over and waiter.outbox
