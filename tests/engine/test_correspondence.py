"""A game by correspondence (senet.online.corr, docs/online.md "Correspondence"): two
devices' objects passing links only play seeded games to the end; every hostile link is
refused with its catalog key and changes nothing; saves load back; records verify; any
game shared as a link comes back exactly."""

import pytest

import senet
from senet.game import Game
from senet.online.corr_link import CORR_VERSION, MAX_LINK, LinkError, decode_link, encode_link, find, link_code
from senet.online.corr_save import dump_letters, load_letters
from senet.online.invite import from_base64url, to_base64url
from senet.online.share import read_pasted, read_shared, share_code
from senet.throws import hex_of
from senet.turns import decisions
from senet.verify import MISMATCH, VERIFIED, verify_record
from tests.engine.corr_play import Lcg, Table, lcg_chooser

HOUR = 3600000


def refused(key, call, *devices):
    """``call()`` raises LinkError ``key``; the devices' saves are as they were."""
    before = [dump_letters(d) for d in devices]
    with pytest.raises(LinkError) as info:
        call()
    assert info.value.key == key, (info.value.key, str(info.value))
    assert [dump_letters(d) for d in devices] == before
    return info.value


def played(variant, seed, host_seat=1, limit=None):
    table = Table(variant, host_seat=host_seat, seed=seed)
    table.play(lcg_chooser(Lcg(seed + 100)), limit=limit)
    return table


@pytest.mark.parametrize("variant,host_seat", [("kendall", 1), ("bell", 2), ("kendall", 2), ("bell", 1)])
def test_two_devices_play_to_the_end_by_links_only(variant, host_seat):
    for seed in (1, 2):
        table = played(variant, seed, host_seat)
        host, guest = table.host, table.guest
        assert host.game.over and guest.game.over
        assert host.record_text() == guest.record_text()
        assert verify_record(host.record_text()).status == VERIFIED
        assert max(len(code) for _, code in table.links) < 200
        senders = [seat for seat, _ in table.links]
        assert all(a != b for a, b in zip(senders, senders[1:]))  # links alternate
        assert host.waiting_for() is None and host.summary()["turn"] == "over"


def test_every_rule_set_plays_through_and_its_saves_load_back():
    for variant in senet.VARIANTS:
        table = Table(variant, seed=5)
        choose = lcg_chooser(Lcg(9))
        steps = 0
        while not table.over():
            # a load plays every link again: a few times a game, and once near its end
            for seat in (1, 2) if steps in (7, 50, 151) or table.host.game is not None and \
                    table.host.game.over and table.pending is not None else ():
                text = dump_letters(table.devices[seat])
                again = load_letters(text)
                assert dump_letters(again) == text
                table.devices[seat] = again
            table.host, table.guest = table.devices[table.host.seat], table.devices[table.guest.seat]
            table.step(choose)
            steps += 1
        assert table.host.record_text() == table.guest.record_text(), variant
        assert verify_record(table.host.record_text()).status == VERIFIED, variant


def test_a_throw_is_revealed_only_once_every_action_before_it_is_fixed():
    """The fairness rule: a link reveals its sender's contribution to throw N only when
    the game, after the link's actions, stops at throw N of the other seat with nothing
    to decide before it; else no deeper than the last throw made."""
    for variant in ("kendall", "bell", "jequier", "piccione"):
        table = played(variant, 3)
        g = Game(variant, throws="sha256-duel", anchors=table.host.game.anchors)
        records = table.host.game.entries
        assert records  # the game was played
        for _, code in table.links[1:]:
            link = decode_link(code)
            if link.reveal is None:
                continue
            n = link.reveal[0]
            # the other device, once it has applied everything before this link, has made
            # throws 0..n-1 at most: the revealed throw is never one already decided on
            assert n <= sum(1 for e in records if e.throw is not None)
        assert g.variant == table.host.game.variant


def test_hostile_links_are_refused_and_change_nothing():
    table = played("kendall", 4, limit=40)
    host, guest = table.host, table.guest
    if table.pending is not None:
        table.deliver()
    codes = [code for _, code in table.links]
    last_seat, last = table.links[-1]
    receiver = table.devices[3 - last_seat]
    sender = table.devices[last_seat]
    # opened twice
    err = refused("corr.already", lambda: receiver.receive(last), host, guest)
    assert err.values == {"number": len(codes) - 1}
    # an old link after a newer one
    refused("corr.old", lambda: receiver.receive(codes[-3]), host, guest)
    # a link opened on the device that made it
    refused("corr.own_link", lambda: sender.receive(last), host, guest)
    # a link of another game
    other = played("kendall", 8, limit=6)
    refused("corr.other_game", lambda: receiver.receive(other.links[-1][1]), host, guest)
    # a device that does not hold the game
    refused("corr.not_here", lambda: find([other.host, other.guest], last))
    assert find([other.host, host], last) is host
    # a changed action in a link already opened
    link = decode_link(last)
    if link.actions:
        link.actions[0] = (link.actions[0] + 1) % 3
        err = refused("corr.differs.action", lambda: receiver.receive(encode_link(link)), host, guest)
        assert err.values["action"] == 1
    # a cut link, a changed character, another version of the format
    for cut in range(1, 9):
        refused("corr.link.cut", lambda cut=cut: receiver.receive(last[:-cut]), host, guest)
    flipped = last[:10] + ("A" if last[10] != "A" else "B") + last[11:]
    refused("corr.link.changed", lambda: receiver.receive(flipped), host, guest)
    data = bytearray(from_base64url(last))
    for version, key in ((CORR_VERSION + 1, "corr.link.newer"), (CORR_VERSION - 1, "corr.link.older")):
        data[0] = version
        refused(key, lambda: receiver.receive(to_base64url(bytes(data))), host, guest)
    refused("corr.link.too_long", lambda: receiver.receive("A" * (MAX_LINK + 1)), host, guest)
    refused("corr.link.empty", lambda: receiver.receive("  "), host, guest)
    refused("corr.link.not_corr", lambda: receiver.receive("https://example.org/#game=AAAA"), host, guest)
    # a whole address with the code in its fragment is read like the code
    assert link_code("https://x.example/senet/#corr=" + last + "\n") == last


def _next_link(table):
    """Play until a link is in flight that the other device has not opened: (receiver, code)."""
    choose = lcg_chooser(Lcg(77))
    while table.pending is None:
        table.step(choose)
    seat, code = table.pending
    return table.devices[3 - seat], code


def test_links_out_of_order_name_the_missing_one():
    table = played("kendall", 6, limit=20)
    receiver, code = _next_link(table)
    table.deliver()
    receiver2, code2 = _next_link(table)
    table.deliver()
    _, code3 = _next_link(table)
    # the receiver of code3 is the one that received code: it has not opened code3's
    # predecessor? It has: make a gap by skipping one of its incoming links instead
    assert receiver is not receiver2
    fresh = Table("kendall", seed=6)
    fresh.play(lcg_chooser(Lcg(100 + 6)), limit=20)
    while fresh.pending is None:
        fresh.step(lcg_chooser(Lcg(5)))
    # the device waiting for link k gets link k + 2 first: link k is missing
    seat, k_code = fresh.pending
    k = decode_link(k_code).seq
    later = decode_link(k_code)
    later.seq = k + 2
    err = refused("corr.gap", lambda: fresh.devices[3 - seat].receive(encode_link(later)), fresh.host, fresh.guest)
    assert err.values == {"number": k + 2, "missing": k}


def test_a_changed_contribution_or_action_is_refused_naming_it():
    table = played("kendall", 7, limit=30)
    receiver, code = _next_link(table)
    link = decode_link(code)
    if link.reveal is None:  # find a link that reveals a contribution
        table.deliver()
        receiver, code = _next_link(table)
        link = decode_link(code)
    assert link.reveal is not None
    n, element = link.reveal
    link.reveal = (n, bytes([element[0] ^ 1]) + element[1:])
    err = refused("corr.bad_contribution", lambda: receiver.receive(encode_link(link)), table.host, table.guest)
    assert err.values == {"throw": n}
    link = decode_link(code)
    if link.actions:
        link.actions[-1] = 200
        err = refused("corr.bad_action", lambda: receiver.receive(encode_link(link)), table.host, table.guest)
        assert err.values["action"] == len(link.actions)
    assert receiver.receive(code) is not None  # the link as made is taken


def test_resign_ends_the_game_on_both_devices():
    table = played("bell", 2, limit=12)
    while table.pending is not None:
        table.deliver()
    d = table.decider()
    other = table.devices[3 - d.seat]
    refused("corr.resign_on_your_turn", other.resign, table.host, table.guest)
    reply = d.resign()
    assert d.game.conceded == (d.game.seat_colours[other.seat], "resigned")
    other.receive(reply.link)
    assert other.game.conceded == d.game.conceded
    assert other.record_text() == d.record_text()
    assert verify_record(d.record_text()).status == VERIFIED
    refused("corr.over", lambda: d.act("pass"), table.host, table.guest)


def test_a_claim_after_the_agreed_interval_ends_the_game_and_one_before_is_refused():
    table = Table("kendall", seed=3, interval=48)
    table.play(lcg_chooser(Lcg(3)), limit=15)
    while table.pending is None:
        table.step(lcg_chooser(Lcg(4)))
    seat, code = table.pending
    waiting, late = table.devices[seat], table.devices[3 - seat]
    waiting.since = 0
    err = refused("corr.claim_early", lambda: waiting.claim(47 * HOUR), table.host, table.guest)
    assert err.values == {"hours": 1}
    other = Table("kendall", seed=3, interval=48)
    other.play(lcg_chooser(Lcg(3)), limit=15)
    while other.pending is not None:
        other.deliver()
    refused("corr.claim_your_turn", lambda: other.decider().claim(49 * HOUR), other.host, other.guest)
    reply = waiting.claim(48 * HOUR)
    assert waiting.game.conceded == (waiting.game.seat_colours[waiting.seat], "abandoned")
    # the late turn after the claim is refused; the claim reaches the late device
    err = refused("corr.gap", lambda: late.receive(reply.link), late)  # the link claimed about comes first
    assert err.values["missing"] == decode_link(code).seq
    late.receive(code)
    late.receive(reply.link)
    assert late.game.conceded == waiting.game.conceded
    assert load_letters(dump_letters(late)).game.conceded == late.game.conceded
    assert load_letters(dump_letters(waiting)).game.conceded == waiting.game.conceded


def test_a_claim_that_crossed_a_turn_is_refused_by_the_device_that_answered():
    table = Table("kendall", seed=3, interval=1)
    table.play(lcg_chooser(Lcg(3)), limit=15)
    while table.pending is None:
        table.step(lcg_chooser(Lcg(4)))
    seat, code = table.pending
    waiting, late = table.devices[seat], table.devices[3 - seat]
    waiting.since = 0
    claim = waiting.claim(2 * HOUR).link
    late.receive(code)  # the late device answers (its link crosses the claim)
    while late.outgoing() is None:
        d = late
        d.act(lcg_chooser(Lcg(1))(d.game.state))
    err = refused("corr.claim_crossed", lambda: late.receive(claim), late)
    assert err.values["number"] == len(late.links) - 1
    refused("corr.over", lambda: waiting.receive(late.outgoing()), waiting)


def test_set_aside_is_kept_and_a_link_takes_the_game_up_again():
    table = played("kendall", 2, limit=10)
    receiver, code = _next_link(table)
    receiver.aside = True
    assert load_letters(dump_letters(receiver)).aside is True
    receiver.receive(code)
    assert receiver.aside is False


def test_broken_saves_are_refused_in_one_line():
    table = played("kendall", 2, limit=10)
    text = dump_letters(table.host)
    for bad in ("", "{}", text.replace(table.host.links[-1], table.host.links[-1][:-4] + "AAAA"),
                text.replace('"seat": ' + str(table.host.seat), '"seat": 3')):
        with pytest.raises(senet.SenetError) as info:
            load_letters(bad)
        assert "\n" not in str(info.value)


def test_verify_checks_a_correspondence_record_and_names_a_tampered_contribution():
    table = played("kendall", 1)
    record = table.host.record_text()
    assert verify_record(record).status == VERIFIED
    lines = record.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.startswith("reveal 2 "))
    hexes = lines[at].split()[2]
    lines[at] = "reveal 2 " + ("0" if hexes[0] != "0" else "1") + hexes[1:]
    verdict = verify_record("\n".join(lines))
    assert verdict.status == MISMATCH and verdict.line == at + 1
    assert f"line {at + 1}:" in verdict.message


def test_link_length_stays_far_under_two_thousand_characters():
    for variant in senet.VARIANTS:
        table = played(variant, 11)
        assert max(len(code) for _, code in table.links) < 300


# -- any game as a link ---------------------------------------------------------------------

def _average_game(variant, seed, throws="sha256", actions=None):
    from senet.ai import get_player

    game = Game(variant, seed=seed, throws=throws)
    player = get_player("average", seed=seed)
    for _ in decisions(game, player.choose):
        if actions is not None and game.actions >= actions:
            break
    return game


@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_a_shared_game_comes_back_exactly(variant):
    for throws in ("sha256", "sha256-commit", "mt19937"):
        done = _average_game(variant, 3, throws)
        done.players = {1: ("human", "Ann é"), 2: ("expert", "")}
        half = Game.from_record(_average_game(variant, 4, throws, actions=30).record_text())
        for game in (done, half):
            code = share_code(game)
            back = read_shared("https://example.org/senet/#game=" + code)
            assert back.record_text() == game.record_text()
            assert read_pasted(code).record_text() == game.record_text()


def test_a_shared_position_and_a_correspondence_game_come_back_exactly():
    from senet.notation import parse_position

    played_game = _average_game("kendall", 2, actions=40)
    start = next(s for s in reversed(played_game.states) if s.throw is None and not s.is_terminal)
    position = Game("kendall", seed=1, start=parse_position(start.position()))
    assert position.start_state != position.rules.start()
    assert read_shared(share_code(position)).record_text() == position.record_text()
    table = played("bell", 5)
    game = Game.from_record(table.host.record_text())
    assert read_shared(share_code(game)).record_text() == game.record_text()


def test_a_sealed_game_in_progress_shares_no_seed():
    game = _average_game("kendall", 5, "sha256-commit", actions=20)
    back = read_shared(share_code(game))
    assert back.sealed and back.record_text() == game.record_text()
    assert f"seed {game.seed}" not in back.record_text()


def test_pasted_text_that_is_no_game_gets_a_clear_refusal():
    game = _average_game("kendall", 6, actions=20)
    code = share_code(game)
    for text, key in (("", "share.empty"), ("hello there", "share.not_game"), (code[:-3], "share.cut"),
                      (code[:8] + ("B" if code[8] != "B" else "C") + code[9:], "share.changed"),
                      ("https://x/#corr=AAAA", "share.is_corr"),
                      ("senet-record 1\nvariant kendall\nseed 7\nb 9 1-2\n", "share.record_bad")):
        with pytest.raises(LinkError) as info:
            read_pasted(text)
        assert info.value.key == key, (text, info.value.key)
    assert read_pasted("\n" + game.record_text()).record_text() == game.record_text()


def test_a_150_action_game_link_is_short():
    game = _average_game("kendall", 1, actions=150)
    assert game.actions >= 150
    assert len(share_code(game)) < 200
    assert hex_of(b"\x01") == "01"
