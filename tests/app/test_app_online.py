"""app/online/flow.py under CPython: two Controllers, each with its OnlineFlow, joined by
an in-memory wire instead of a data channel: the invite and the answer, a whole game by
clicks on both sides, the records, the statistics, refusals that change nothing,
resigning (docs/online.md, "The page")."""

import pytest
from app_harness import View, human_step
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from online_pair import ANSWER_SDP, OFFER_SDP, Side, connect, deliver

import senet
from app.flow.controller import Controller, Setup
from app.online.flow import NotThisGame, code_of, invite_words
from app.words.names import REMOTE
from app.words.records import stats_rows
from senet.online.duel import Duel
from senet.session import ONLINE, Session
from senet.verify import VERIFIED, verify_record
from senet.words import t


def play_to_end(host, guest, steps=4000):
    for _ in range(steps):
        if host.ctl.table.game.over:
            return
        for side in (host, guest):
            if human_step(side.ctl):
                deliver(host, guest)
                break
        else:
            raise AssertionError(f"neither side may act at {host.ctl.table.state.position()}")
        for side in (host, guest):  # the game as saved is the Duel's game at every step
            saved = Session.from_json(side.saves[-1]).game.record_text(players={})
            assert saved == side.flow.duel.game.record_text(players={})
    raise AssertionError("the game did not end")


def snapshot(side):
    return side.ctl.table.session.record_text(), side.ctl.table.state, side.flow.duel.events, side.flow.duel.mark


@pytest.mark.parametrize("variant,host_seat", [("kendall", 1), ("jequier", 2), ("kendall+five+trap", 1)])
def test_a_whole_game_by_clicks_on_both_sides(variant, host_seat):
    host, guest = connect(variant, host_seat)
    assert host.ctl.table.game.variant == guest.ctl.table.game.variant == variant  # house rules included
    assert host.ctl.table.kind(3 - host_seat) == REMOTE and guest.ctl.table.kind(host_seat) == REMOTE
    play_to_end(host, guest)
    assert guest.ctl.table.game.over
    record = host.ctl.table.session.record_text()
    assert record == guest.ctl.table.session.record_text() == host.flow.duel.game.record_text()
    assert "throws sha256-duel" in record and "player 1 human" in record and "player 2 human" in record
    assert f"\nvariant {variant}\n" in record
    assert verify_record(record).status == VERIFIED
    outcomes = sorted(side.flow.outcome(side.ctl.table.session)[2] for side in (host, guest))
    assert outcomes == ["lost", "won"]
    for side in (host, guest):  # counted apart, under "online"
        rows = stats_rows(side.policy.store.load_stats())
        assert [(r[0], r[1], r[2] + r[3]) for r in rows] == [(variant, ONLINE, 1)]
        assert not side.ctl.history.can_undo


def test_each_side_acts_only_on_its_own_turn():
    host, guest = connect()
    # Kendall: black throws first, and the guest plays black
    assert not host.ctl.table.can_throw and guest.ctl.table.can_throw
    before = snapshot(guest)
    guest.flow.link = "connecting"  # not connected yet: nothing is sent, nothing changes
    assert not guest.ctl.throw() and guest.flow.problem == t("online.not_connected") and not guest.outbox
    assert snapshot(guest) == before
    guest.flow.link = "connected"
    assert guest.ctl.throw()
    assert len(guest.outbox) == 1 and guest.ctl.table.state is before[1]  # the throw waits for the host's part
    assert not guest.ctl.throw() and "already under way" in guest.flow.problem
    deliver(host, guest)
    assert host.ctl.table.state.position() == guest.ctl.table.state.position()
    assert host.ctl.table.state.throw is not None or host.ctl.table.state.side == "w"


@pytest.mark.parametrize("text,words", [
    ("garbage", "expected 'KIND EVENTS MARK"),
    ("t 0 0000000000000000 0 " + "ab" * 16, "differ"),
    ("q 0 0000000000000000 free-text", "unknown quick message"),
    ("a 0 0000000000000000 " + "9" * 200, "at most 160"),
    ("x\u00e9 0 0000000000000000", "printable ascii"),
])
def test_a_bad_message_changes_nothing(text, words):
    host, guest = connect()
    before = snapshot(host)
    assert not host.flow.receive(text)
    assert words.lower() in host.flow.problem.lower()
    assert host.view.messages[-1].lower() == host.flow.problem.lower()  # said in one line
    assert "\n" not in host.view.messages[-1]
    assert snapshot(host) == before


def test_quick_messages_and_resigning():
    host, guest = connect()
    assert host.flow.say("good-luck")
    deliver(host, guest)
    assert guest.view.messages[-1] == "Ann: Good luck!"
    assert not host.flow.say("anything")
    play = 0
    while guest.ctl.table.game.seat_colours is None or guest.flow.duel.waiting_for() != guest.flow.seat \
            or guest.flow.duel.pending:
        for side in (host, guest):
            if human_step(side.ctl):
                deliver(host, guest)
                break
        play += 1
        assert play < 500
    assert not host.flow.resign()  # not the host's turn
    assert guest.flow.resign()
    deliver(host, guest)
    for side in (host, guest):
        assert side.ctl.table.game.over and side.ctl.table.session.record_text().rstrip().endswith("w: resigned")
    assert host.flow.outcome(host.ctl.table.session)[2] == "won" and guest.flow.outcome(guest.ctl.table.session)[2] == "lost"


def test_the_answer_must_answer_this_invite():
    host, guest = connect()
    other = Side(9)
    other.flow.host("kendall", 1, "Cy")
    stranger = Side(10)
    stranger.flow.join(other.flow.invite(OFFER_SDP), "Dee")
    code = stranger.flow.answer_text(ANSWER_SDP)
    fresh = Side(11)
    fresh.flow.host("kendall", 1, "Ann")
    # another invite's answer is NotThisGame: a tab waiting for its own answer stays silent
    with pytest.raises(NotThisGame, match="another invite"):
        fresh.flow.accept(code)
    assert fresh.flow.link == "inviting" and fresh.flow.duel is None
    with pytest.raises(senet.SenetError) as broken:
        fresh.flow.accept("#answer=%%%")
    assert not isinstance(broken.value, NotThisGame)
    with pytest.raises(senet.SenetError, match="answered already"):
        host.flow.accept(code)
    assert isinstance(host.flow.duel, Duel)


def test_code_of_and_the_invitation_words():
    assert code_of("https://x.org/senet/?a=1#join=ABC_-9", "join") == "ABC_-9"
    assert code_of("  join=ABC  ", "join") == "ABC"
    assert code_of("ABC\n", "answer") == "ABC"
    assert code_of("https://x.org/#answer=ABC&x=1", "answer") == "ABC"
    host, _ = connect()
    words = invite_words(host.flow.offer)
    assert "Ann invites you" in words and "(Kendall rules)" in words and "player 2" in words
    host, _ = connect("kendall+five+homerow", 2)
    words = invite_words(host.flow.offer)
    assert "(Kendall rules, five pieces, the first row): you are player 1, Ann player 2." in words


def reload(side, seed):
    """The page reloaded: a new Controller resumes the saved game, a new flow takes up
    the Duel kept beside it (the link is lost until Reconnect)."""
    from senet.session import Session

    kept = side.kept[-1]
    saved = side.ctl.table.session.to_json()
    fresh = Side(seed)
    fresh.ctl.load(Session.from_json(saved))
    assert fresh.ctl.table.game.online and fresh.ctl.online is None
    fresh.flow.restore(kept, 0)
    assert fresh.flow.link == "lost" and fresh.ctl.table.kind(fresh.flow.duel.peer) == REMOTE
    return fresh


def keeping(side):
    side.kept = []
    side.flow.keep = side.kept.append
    return side


def test_a_reload_loses_nothing_and_reconnect_goes_on():
    host, guest = connect()
    keeping(host)
    keeping(guest)
    for _ in range(40):  # some way into the game
        for side in (host, guest):
            if human_step(side.ctl):
                deliver(host, guest)
                break
    # the host's next message is lost on the way, then the host's page is reloaded
    while not host.ctl.table.can_throw and not host.ctl.table.movable:
        assert human_step(guest.ctl)
        deliver(host, guest)
    human_step(host.ctl)
    host.outbox.clear()
    host.flow.closed(0)
    guest.flow.closed(0)
    assert guest.flow.link == "lost"
    host2 = reload(host, 77)
    keeping(host2)
    assert not host2.ctl.throw() or host2.flow.problem == t("online.not_connected")
    # Reconnect: the host's new invite, the guest's answer, the channel open again
    invite = "https://x.org/#rejoin=" + host2.flow.reconnect_invite(OFFER_SDP)
    assert guest.flow.rejoin(invite) == OFFER_SDP
    answer = guest.flow.reconnect_answer(ANSWER_SDP)
    assert host2.flow.accept_reconnect("#answer=" + answer) == ANSWER_SDP
    host2.flow.opened()
    guest.flow.opened()
    deliver(host2, guest)
    assert host2.ctl.table.session.record_text() == guest.ctl.table.session.record_text()
    assert host2.flow.duel.events == guest.flow.duel.events
    play_to_end(host2, guest)
    record = host2.ctl.table.session.record_text()
    assert record == guest.ctl.table.session.record_text()
    assert verify_record(record).status == VERIFIED


def test_a_reconnection_for_another_game_is_refused():
    host, guest = connect()
    other, stranger = Side(5), Side(6)  # another game, with other secrets
    other.flow.host("kendall", 1, "Ann")
    stranger.flow.join(other.flow.invite(OFFER_SDP), "Bob")
    other.flow.accept(stranger.flow.answer_text(ANSWER_SDP))
    other.flow.begin()
    code = other.flow.reconnect_invite(OFFER_SDP)
    with pytest.raises(NotThisGame, match="another game"):
        guest.flow.rejoin(code)
    assert guest.flow.link == "connected"


def test_a_saved_online_game_without_its_duel_cannot_go_on():
    from app.online.flow import CANNOT_GO_ON
    from senet.session import Session

    host, guest = connect()
    view = View()
    ctl = Controller(view, setup=Setup("kendall", ("average", "human"), speed="instant"))
    ctl.load(Session.from_json(guest.ctl.table.session.to_json()))
    before = ctl.table.session.record_text()
    assert ctl.table.can_throw and not ctl.throw()
    assert view.messages[-1] == CANNOT_GO_ON and ctl.table.session.record_text() == before


def test_the_one_left_may_claim_the_game_after_the_stated_time():
    from senet.online.duel import CLAIM_AFTER_MS

    host, guest = connect()
    while guest.ctl.table.game.seat_colours is None or guest.flow.duel.waiting_for() != guest.flow.seat:
        for side in (host, guest):
            if human_step(side.ctl):
                deliver(host, guest)
                break
    # the game waits for the guest, who leaves
    host.flow.closed(1000)
    before = snapshot(host)
    assert not host.flow.claim(1000 + CLAIM_AFTER_MS - 1) and "minute" in host.flow.problem
    assert snapshot(host) == before
    assert not guest.flow.claim(10 ** 9)  # the guest cannot: the game waits for the guest
    assert host.flow.claim(1000 + CLAIM_AFTER_MS)
    record = host.ctl.table.session.record_text()
    assert host.ctl.table.game.over and record.rstrip().endswith(": abandoned")
    assert host.flow.outcome(host.ctl.table.session)[2] == "won"
    assert verify_record(record).status == VERIFIED


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.one_of(st.text(max_size=200), st.from_regex(r"[taqxs] [0-9]{1,3} [0-9a-f]{16}( [ -~]{0,40}){0,3}",
                                                             fullmatch=True)))
def test_fuzzed_messages_change_nothing_or_are_the_protocol(text):
    host, guest = FUZZ_PAIR
    before = snapshot(host)
    stopped = host.flow.duel.stopped
    if host.flow.receive(text):
        return  # a message the protocol takes (a quick message, a sync) changes no game
    assert snapshot(host) == before and host.flow.problem and "\n" not in host.flow.problem
    host.flow.duel.stopped = stopped  # a mark that differs stops the game: set it going for the next


FUZZ_PAIR = connect()


def test_a_message_for_a_game_no_longer_shown_changes_nothing():
    host, guest = connect()
    assert guest.ctl.throw()
    host.ctl.new_game(Setup("kendall", ("average", "human"), speed="instant"))
    shown = host.ctl.table.session.record_text()
    duel_events = host.flow.duel.events
    assert not host.flow.receive(guest.outbox.pop(0)) and "no longer shows" in host.flow.problem
    assert host.ctl.table.session.record_text() == shown and host.flow.duel.events == duel_events
    assert host.ctl.table.kind(1) != REMOTE and host.ctl.table.kind(2) != REMOTE


def test_the_toolbar_resign_goes_through_the_duel():
    host, guest = connect()
    while guest.ctl.table.game.seat_colours is None or guest.flow.duel.waiting_for() != guest.flow.seat \
            or guest.flow.duel.pending:
        for side in (host, guest):
            if human_step(side.ctl):
                deliver(host, guest)
                break
    assert not host.ctl.history.can_resign and not host.ctl.history.resign()  # not the host's turn
    assert guest.ctl.history.can_resign and guest.ctl.history.resign()
    assert guest.outbox and guest.outbox[-1].startswith("x ")
    deliver(host, guest)
    for side in (host, guest):
        assert side.ctl.table.game.over and side.ctl.table.session.record_text().rstrip().endswith(": resigned")
        assert side.ctl.table.session.record_text() == side.flow.duel.game.record_text()
