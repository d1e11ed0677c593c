"""A game between two devices, engine side (docs/online.md): the throws both players make
(hash chains), the message format and the protocol's state machine, resync after a
drop, records that hold both chains and `python -m senet verify` on them, and the
invite and answer codes. Two in-memory pages play through the message functions only."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from online_play import Wire, pair, snapshot

import senet
from senet.commands import cli
from senet.errors import RecordError, SenetError, one_line
from senet.game import Game
from senet.online.duel import CLAIM_AFTER_MS, new_game
from senet.online.invite import (
    RULE_SETS,
    answer_code,
    from_base64url,
    invite_code,
    read_answer,
    read_invite,
    read_reconnect,
    reconnect_code,
    to_base64url,
)
from senet.online.messages import MAX_MESSAGE, QUICK_CODES, ProtocolError, parse_message
from senet.online.offer import Answer, Offer
from senet.online.sdp import pack, unpack
from senet.state import CHANCE
from senet.throws import CHAIN_LENGTH, DUEL, Chain, chain_climb, duel_throw, hex_of
from senet.verify import INVALID, MISMATCH, SEALED, VERIFIED, verify_record

HERE = Path(__file__).resolve().parent

FIXTURES = HERE / "fixtures"
OFFER_SDP = (FIXTURES / "sdp-chromium-offer.txt").read_bytes().decode()
ANSWER_SDP = (FIXTURES / "sdp-chromium-answer.txt").read_bytes().decode()
FUZZ = settings(derandomize=True, max_examples=int(os.environ.get("SENET_FUZZ_EXAMPLES", "150")),
                deadline=None, database=None, suppress_health_check=list(HealthCheck))


def _played(variant, host_seat=2, seed=1):
    host, guest, lcg = pair(variant, host_seat, seed)
    wire = Wire(host, guest)
    wire.play(lcg)
    return host, guest, wire


def _one_line_refusal(reply):
    assert not reply.ok and reply.send == [] and reply.events == []
    assert reply.refusal and one_line(reply.refusal) == reply.refusal and "\n" not in reply.refusal


# -- the throws ------------------------------------------------------------------------------

def test_a_chain_reveals_each_throws_contribution_one_step_below_the_last():
    chain = Chain(bytes(range(16)))
    assert chain_climb(chain.secret, CHAIN_LENGTH) == chain.anchor
    for n in (0, 1, 63, 64, 65, 500, CHAIN_LENGTH - 1):
        assert chain_climb(chain.contribution(n), n + 1) == chain.anchor
    assert chain.contribution(CHAIN_LENGTH - 1) == chain.secret
    with pytest.raises(SenetError):
        chain.contribution(CHAIN_LENGTH)
    with pytest.raises(SenetError):
        Chain(b"short")


def test_a_duel_throw_needs_both_contributions():
    """Change either player's contribution and the throws change: neither decides them."""
    a, b = bytes(16), bytes([1] * 16)
    throws = [duel_throw(n, a, b, 5) for n in range(200)]
    assert throws != [duel_throw(n, bytes([2] * 16), b, 5) for n in range(200)]
    assert throws != [duel_throw(n, a, bytes([3] * 16), 5) for n in range(200)]
    assert set(throws) == {1, 2, 3, 4, 5}


# -- two pages play a whole game ---------------------------------------------------------------

@pytest.mark.parametrize("variant", senet.VARIANTS)
def test_two_pages_play_a_whole_game_and_keep_the_same_record_which_verifies(variant):
    host, guest, wire = _played(variant, host_seat=2 if variant != "bell" else 1, seed=len(variant))
    assert host.game.over and guest.game.over and host.game.result in ("w", "b")
    record = host.game.record_text()
    assert record == guest.game.record_text() and host.mark == guest.mark and host.events == guest.events
    assert "throws sha256-duel\n" in record
    assert f"player {host.seat} human Ann\n" in record and f"player {guest.seat} human Bob\n" in record
    verdict = verify_record(record)
    assert verdict.status == VERIFIED, verdict.message
    assert verdict.throws == host.game.thrown > 10
    replayed = Game.from_record(record)
    assert replayed.online and replayed.record_text() == record and replayed.result == host.game.result
    replayed.undo_to(0)
    with pytest.raises(SenetError, match="both players"):
        replayed.throw()  # a game between two devices throws only through the protocol


def test_every_message_is_short_and_each_throw_takes_two():
    host, guest, wire = _played("kendall")
    sent = [t for _, t in host.sent] + [t for _, t in guest.sent]
    assert max(len(t) for t in sent) < 80 <= MAX_MESSAGE
    assert sum(1 for t in sent if t.startswith("t ")) == 2 * host.game.thrown


def test_the_record_in_the_middle_of_a_game_verifies_what_was_thrown_and_hides_what_comes():
    host, guest, lcg = pair("tait")
    wire = Wire(host, guest)
    wire.play(lcg, turns=30)
    record = host.game.record_text()
    assert not host.game.over and verify_record(record).status == VERIFIED
    # the next contributions are one step below the revealed ones: not in the record
    for seat, duel in ((host.seat, host), (guest.seat, guest)):
        nxt = hex_of(duel.chain.contribution(host.game.thrown))
        assert nxt not in record and f"reveal {seat} {hex_of(duel.chain.contribution(host.game.thrown - 1))}" in record


# -- refusals change nothing ---------------------------------------------------------------------

def _mid_game():
    host, guest, lcg = pair("kendall", seed=5)
    wire = Wire(host, guest)
    wire.play(lcg, turns=12)
    return host, guest, wire, lcg


def _refused(duel, text, match):
    before = snapshot(duel)
    reply = duel.handle(text)
    _one_line_refusal(reply)
    assert match in reply.refusal, reply.refusal
    assert snapshot(duel) == before
    return reply


def test_out_of_turn_illegal_and_malformed_messages_are_refused_and_change_nothing():
    host, guest, wire, lcg = _mid_game()
    # bring the game to a move: the side to act has thrown and must choose
    while host.actor() is None or len(host.game.state.legal_actions()) < 2:
        wire.turn(lcg)
        wire.flush()
    mover = host if host.actor() == host.seat else guest  # the one to move
    idle = guest if mover is host else host
    ev, mark = idle.events, idle.mark
    legal = mover.game.state.legal_actions()
    # the one who is not to act: its page refuses, and the mover's page refuses its message
    assert "not your turn" in idle.act(legal[0]).refusal and "not your throw" in idle.throw().refusal
    _refused(mover, f"a {ev} {mark} {senet.format_move(legal[0])}", "not your turn")
    _refused(mover, f"t {ev} {mark} {mover.game.thrown} {hex_of(idle.chain.contribution(mover.game.thrown))}",
             "no throw is due")
    # the mover's own messages: an illegal move, a throw as an action, garbage in the action
    _refused(idle, f"a {ev} {mark} 1-30", "")
    _refused(idle, f"a {ev} {mark} throw", "throw")
    _refused(idle, f"a {ev} {mark} zz", "")
    for text, match in (
        ("x" * (MAX_MESSAGE + 1), "at most"),
        ("", "expected"),
        ("hello there", "expected"),
        (f"a  {ev} {mark} pass", "single spaces"),
        (f"z {ev} {mark}", "unknown kind"),
        (f"a {ev} {mark}", "argument"),
        (f"a 01 {mark} pass", "event count"),
        (f"a {ev} {mark.upper()} pass", "sync mark"),
        (f"q {ev} {mark} I-cheat", "unknown quick"),
        (f"q {ev} {mark} good\u00e9", "ASCII"),
        (f"t {ev} {mark} 3 abc", "32 lowercase hex"),
        (f"a {ev + 1} {mark} pass", "ahead"),
    ):
        _refused(idle, text, match)
    assert not host.stopped and not guest.stopped
    # and the legal move goes through
    reply = mover.act(legal[0])
    assert reply.ok and idle.handle(reply.send[0]).ok and idle.mark == mover.mark


def test_a_contribution_that_does_not_lead_to_the_anchor_is_refused():
    host, guest, lcg = pair("bell", host_seat=1)
    thrower = host if host.thrower() == host.seat else guest
    other = guest if thrower is host else host
    forged = hex_of(bytes(16))
    _refused(other, f"t 0 {other.mark} 0 {forged}", "does not lead to your anchor")
    # the right one, for the wrong throw number, or twice
    right = hex_of(thrower.chain.contribution(0))
    _refused(other, f"t 0 {other.mark} 1 {right}", "throw 1")
    # a second contribution that is not its own chain's next element
    reply = thrower.throw()
    assert reply.ok and reply.send == [f"t 0 {thrower.mark} 0 {right}"]
    _refused(thrower, f"t 0 {thrower.mark} 0 {right}", "does not lead to your anchor")
    assert not thrower.throw().ok  # its throw is already under way
    # the honest answer completes the throw on both sides
    answer = other.handle(reply.send[0])
    assert answer.ok and answer.events[0][0] == "throw" and len(answer.send) == 1
    done = thrower.handle(answer.send[0])
    assert done.ok and done.events[0] == answer.events[0] and thrower.mark == other.mark


def test_a_mark_that_differs_stops_the_game_and_keeps_its_record():
    host, guest, wire, lcg = _mid_game()
    record = host.game.record_text()
    reply = host.handle(f"q {host.events} {'0' * 16} hello")
    _one_line_refusal(reply)
    assert "differ" in reply.refusal and host.stopped
    assert host.game.record_text() == record
    assert host.waiting_for() is None and not host.throw().ok and not host.act("pass").ok
    _refused(host, f"q {guest.events} {guest.mark} hello", "differ")


def test_quick_messages_are_a_fixed_set_and_change_nothing_in_the_game():
    host, guest, wire, lcg = _mid_game()
    record = guest.game.record_text()
    for code in QUICK_CODES:
        reply = host.say(code)
        assert reply.ok
        heard = guest.handle(reply.send[0])
        assert heard.ok and heard.events == [("said", host.seat, code)] and not heard.send
    assert guest.game.record_text() == record
    assert not host.say("you are bad").ok


def test_an_old_message_is_refused():
    host, guest, wire, lcg = _mid_game()
    old = [t for at, t in guest.sent if at < host.events and not t.startswith("q ")][-1]
    _refused(host, old, "old message")


# -- resign, leave, claim -------------------------------------------------------------------------

def _to_a_decision(host, guest, wire, lcg):
    while host.game.seat_colours is None or host.waiting_for() is None:
        wire.turn(lcg)
        wire.flush()


def test_resigning_ends_the_game_on_both_pages_and_the_record_says_so():
    host, guest, lcg = pair("havens", seed=3)
    wire = Wire(host, guest)
    wire.play(lcg, turns=8)
    _to_a_decision(host, guest, wire, lcg)
    me = host if host.waiting_for() == host.seat else guest
    other = guest if me is host else host
    assert not other.resign().ok
    reply = me.resign()
    assert reply.ok and reply.events == [("over", other.side_of(other.seat))]
    heard = other.handle(reply.send[0])
    assert heard.ok and other.game.result == me.game.result == other.side_of(other.seat)
    record = me.game.record_text()
    assert record == other.game.record_text() and record.endswith(f"result {me.game.result}: resigned\n")
    assert verify_record(record).status == VERIFIED
    assert Game.from_record(record).conceded == (me.game.result, "resigned")


def test_the_one_left_may_claim_the_game_after_the_stated_time_without_a_connection():
    host, guest, lcg = pair("kendall", seed=9)
    wire = Wire(host, guest)
    wire.play(lcg, turns=6)
    _to_a_decision(host, guest, wire, lcg)
    waiting = host if host.waiting_for() == host.seat else guest  # the one who must act
    left = guest if waiting is host else host  # ...leaves; `left` stays and waits for it
    assert not left.claim(0).ok  # still connected
    left.dropped(1000)
    before = snapshot(left)
    early = left.claim(1000 + CLAIM_AFTER_MS - 1)
    _one_line_refusal(early)
    assert "minute" in early.refusal and snapshot(left) == before
    waiting.dropped(1000)
    assert "waiting for you" in waiting.claim(1000 + CLAIM_AFTER_MS).refusal
    reply = left.claim(1000 + CLAIM_AFTER_MS)
    assert reply.ok and left.game.result == left.side_of(left.seat)
    record = left.game.record_text()
    assert record.endswith(f"result {left.game.result}: abandoned\n") and verify_record(record).ok
    # a message from the other side after all: the game is over
    assert not left.handle(f"a {left.events} {left.mark} pass").ok


def test_a_message_received_cancels_a_lost_connection():
    host, guest, wire, lcg = _mid_game()
    host.dropped(5)
    assert host.handle(guest.say("back-soon").send[0]).ok
    assert host.lost_at is None


# -- a dropped connection and resync ------------------------------------------------------------

@pytest.mark.parametrize("lost", ["thrower's contribution", "answering contribution", "action"])
def test_after_a_drop_both_pages_sync_and_the_game_goes_on_to_the_same_record(lost):
    host, guest, lcg = pair("thibault", seed=11)
    wire = Wire(host, guest)
    wire.play(lcg, turns=10)
    for _ in range(200):  # find the kind of step whose message is to be lost
        seat = host.waiting_for()
        duel = host if seat == host.seat else guest
        if (duel.thrower() == seat) == (lost != "action"):
            break
        wire.turn(lcg)
        wire.flush()
    duel = wire.turn(lcg)
    if lost == "answering contribution":
        to, text = wire.queue.pop(0)
        reply = wire.duels[to].handle(text)
        wire.post(wire.duels[to], reply)
    wire.flush(drop=True)  # the connection drops: what was in flight is lost
    assert (host.events, host.mark) != (guest.events, guest.mark) or host.pending != guest.pending
    # Reconnect: each page sends where it is; each resends what the other lacks
    wire.post(host, host.sync())
    wire.post(guest, guest.sync())
    wire.flush()
    assert host.events == guest.events and host.mark == guest.mark and not host.pending and not guest.pending
    wire.play(lcg)
    assert host.game.over and host.game.record_text() == guest.game.record_text()
    assert verify_record(host.game.record_text()).ok


def test_sync_with_a_different_game_stops():
    host, guest, wire, lcg = _mid_game()
    reply = host.handle(f"s {host.events} {'f' * 16}")
    _one_line_refusal(reply)
    assert host.stopped and "differ" in reply.refusal


def test_sync_when_in_step_says_so_and_resends_nothing():
    host, guest, wire, lcg = _mid_game()
    assert not host.pending and not guest.pending
    reply = host.handle(guest.sync().send[0])
    assert reply.ok and reply.events == [("in-step",)] and reply.send == []


# -- records and verify ---------------------------------------------------------------------------

def _record(variant="jequier", seed=2):
    host, guest, wire = _played(variant, seed=seed)
    return host.game.record_text()


def _lines(record):
    return record.split("\n")


def test_verify_names_a_changed_throw_line():
    record = _record()
    lines = _lines(record)
    i = next(k for k, ln in enumerate(lines) if ln[:2] in ("w ", "b ") and ln.split()[1] in "1234" and k > 12)
    side, throw, *rest = lines[i].split(" ")
    for other in "1234":
        if other != throw:
            lines[i] = " ".join([side, other] + rest)
            text = "\n".join(lines)
            verdict = verify_record(text)
            if verdict.status == MISMATCH:  # else the changed throw does not replay: also named
                assert verdict.line == i + 1 and f"line {i + 1}: the record has a {other}" in verdict.message
            else:
                assert verdict.status == INVALID and verdict.line == i + 1
    assert verify_record(record).ok


def test_verify_names_a_changed_reveal_or_anchor():
    record = _record("tait")
    lines = _lines(record)
    for key in ("reveal 1 ", "reveal 2 ", "anchor 1 ", "anchor 2 "):
        i = next(k for k, ln in enumerate(lines) if ln.startswith(key))
        changed = list(lines)
        changed[i] = key + ("0" if lines[i][-1] != "0" else "1").join([lines[i][len(key):-1], ""])
        verdict = verify_record("\n".join(changed))
        assert verdict.status == MISMATCH, verdict.message
        reveal_line = next(k for k, ln in enumerate(lines) if ln.startswith("reveal " + key[7])) + 1
        assert verdict.line == reveal_line and "does not lead" in verdict.message


def test_verify_a_record_without_reveals_or_anchors():
    lines = _lines(_record("bell"))
    no_reveal = "\n".join(ln for ln in lines if not ln.startswith("reveal 2"))
    assert verify_record(no_reveal).status == SEALED
    no_anchor = "\n".join(ln for ln in lines if not ln.startswith("anchor 1"))
    verdict = verify_record(no_anchor)
    assert verdict.status == INVALID and "anchor 1" in verdict.message


def test_cli_verifies_a_two_player_record_and_names_the_first_faulty_line(tmp_path, capsys):
    record = _record("kendall", seed=4)
    good = tmp_path / "good.txt"
    good.write_text(record)
    assert cli.main(["verify", str(good)]) == 0
    assert "both players' revealed contributions" in capsys.readouterr().out
    lines = _lines(record)
    i = next(k for k, ln in enumerate(lines) if ln.startswith("reveal 1"))
    lines[i] = lines[i][:-2] + ("00" if lines[i][-2:] != "00" else "11")
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines))
    done = subprocess.run([sys.executable, "-m", "senet", "verify", str(bad)], capture_output=True, text=True,
                          cwd=HERE.parents[1], env=dict(os.environ, LANGUAGE="", LANG="C.UTF-8"))
    assert done.returncode == 1 and done.stdout.startswith(f"Not verified: line {i + 1}: ")


@pytest.mark.parametrize("text, line, match", [
    ("senet-record 1\nvariant kendall\nseed 7\nanchor 1 " + "a" * 32 + "\n", 4, "belongs to 'throws sha256-duel'"),
    ("senet-record 1\nvariant kendall\nthrows sha256-duel\nanchor 1 " + "a" * 32 + "\n", 3, "anchor 2"),
    ("senet-record 1\nvariant kendall\nthrows sha256-duel\nanchor 1 " + "a" * 32 + "\nanchor 2 " + "B" * 32 + "\n",
     5, "32 lowercase hex"),
    ("senet-record 1\nvariant kendall\nthrows sha256-duel\nanchor 3 " + "a" * 32 + "\n", 4, "seat 1 or 2"),
    ("senet-record 1\nvariant kendall\nthrows sha256-duel\nseed 4\nanchor 1 " + "a" * 32 + "\nanchor 2 "
     + "a" * 32 + "\n", 4, "no seed"),
    ("senet-record 1\nvariant kendall\nseed 7\nthrows sha256\nb 3 4-7\nresult w: abandoned\n", 6, "leaving"),
])
def test_records_with_faulty_two_player_lines_are_refused_naming_the_line(text, line, match):
    with pytest.raises(RecordError) as err:
        Game.from_record(text)
    assert err.value.line == line and match in str(err.value)


def test_a_conceded_result_must_fit_the_replay():
    record = _record("kendall", seed=6)
    assert "result " in record
    text = record.rsplit("result ", 1)[0] + "result w: resigned\n"
    with pytest.raises(RecordError, match="over"):
        Game.from_record(text)


def test_records_of_every_other_generator_still_load_and_verify_as_before():
    for throws, kw in (("sha256", {"seed": 3}), ("mt19937", {"seed": 3}), ("sha256-commit", {"seed": 3})):
        game = Game("kendall", throws=throws, **kw)
        while not game.over:
            if game.state.throw is None:
                game.throw()
            else:
                game.play(game.state.legal_actions()[0])
        record = game.record_text()
        again = Game.from_record(record)
        assert again.record_text() == record and not again.online and again.anchors == {}
        assert "anchor" not in record and "reveal" not in record
    assert verify_record(record).ok and not Game("kendall", seed=1).online
    with pytest.raises(SenetError):
        Game("kendall", seed=1).concede("w", "abandoned")
    with pytest.raises(SenetError):
        Game("kendall", throws=DUEL, anchors={1: "a" * 32})


# -- invites and answers --------------------------------------------------------------------------

def test_an_invite_and_an_answer_round_trip_and_are_short():
    offer = Offer("havens", 2, "Ann \u00e9\U0001f600", hex_of(Chain(bytes(16)).anchor))
    code = invite_code(offer, OFFER_SDP)
    assert len(code) < 300 < len(OFFER_SDP)
    assert all(c.isalnum() or c in "-_" for c in code)
    got, sdp = read_invite(code)
    assert got == offer and got.host_name == offer.host_name and sdp == OFFER_SDP
    answer = Answer(offer.tag(), "Bob", hex_of(Chain(bytes([1] * 16)).anchor))
    code = answer_code(answer, ANSWER_SDP)
    assert len(code) < 300 and read_answer(code) == (answer, ANSWER_SDP)
    code = reconnect_code(offer.tag(), 1234, OFFER_SDP)
    assert read_reconnect(code) == (offer.tag(), 1234, OFFER_SDP)


@pytest.mark.parametrize("variant", ["kendall", "kendall+five", "kendall+start+homerow",
                                     "kendall+five+start+trap+homerow", "piccione"])
def test_an_invite_carries_the_rule_set_with_its_house_rules(variant):
    offer = Offer(variant, 1, "Ann", "ab" * 16)
    code = invite_code(offer, OFFER_SDP)
    got, sdp = read_invite(code)
    assert got.variant == variant and got == offer and sdp == OFFER_SDP
    if "+" not in variant:  # the byte of a rule set without house rules is its index, as before
        assert from_base64url(code)[2] == RULE_SETS.index(variant)
    assert new_game(got, Answer(got.tag(), "Bob", "cd" * 16)).variant == variant


def test_the_rule_set_byte_is_as_documented():
    from senet.online.invite import rule_set_byte, rule_set_of_byte

    assert rule_set_byte("kendall+five+trap") == 0x50 and rule_set_of_byte(0x50) == "kendall+five+trap"
    assert rule_set_byte("kendall+homerow") == 0x80 and rule_set_byte("piccione") == 6
    assert "`kendall+five+trap` is 0x50" in (HERE.parents[1] / "docs" / "online.md").read_text()


def test_house_rules_a_rule_set_lacks_are_refused_in_one_line():
    code = from_base64url(invite_code(Offer("bell", 1, "Ann", "ab" * 16), OFFER_SDP))
    with pytest.raises(SenetError, match="house rules that Bell rules do not have") as err:
        read_invite(to_base64url(code[:2] + bytes([code[2] | 0x10]) + code[3:]))
    assert one_line(str(err.value)) == str(err.value)
    for name in ("kendall+trap+five", "bell+five", "kendall+", "kendall+fast"):
        with pytest.raises(SenetError, match="unknown rule set"):
            Offer(name, 1, "Ann", "ab" * 16)


def test_sdp_packing_is_lossless():
    for sdp in (OFFER_SDP, ANSWER_SDP, OFFER_SDP.replace("\r\n", "\n"), "v=0", "1234 0123 12345678901234567890123",
                "caf\u00e9\r\n", "AB:" * 40, "a-" + "0" * 36):
        assert unpack(pack(sdp)) == sdp
    assert len(pack(OFFER_SDP)) < len(OFFER_SDP) // 4


@given(st.text(st.sampled_from([chr(c) for c in range(0x20, 0x7F)] + ["\r", "\n", "\t", "\u00e9"]),
               min_size=1, max_size=300))
@FUZZ
def test_sdp_packing_is_lossless_for_any_text(text):
    assert unpack(pack(text)) == text


def test_a_session_description_with_control_characters_is_refused():
    with pytest.raises(SenetError, match="control"):
        pack("v=0\x00")
    with pytest.raises(SenetError, match="control"):
        unpack(bytes([0]) + b"v=0\x07")


def _invite():
    offer = Offer("bell", 1, "Ann", "ab" * 16)
    return invite_code(offer, OFFER_SDP)


@pytest.mark.parametrize("change, match", [
    (lambda c: c[:-1] + "!", "letters, digits"),
    (lambda c: c[:5], "cut"),
    (lambda c: c[:len(c) - len(c) % 4 + 1] if len(c) % 4 != 1 else c + "A", "length"),
    (lambda c: "B" + c[1:], "version"),
    (lambda c: to_base64url(bytes([1, 2]) + from_base64url(c)[2:]), "an answer"),
    (lambda c: to_base64url(bytes([1, 1, 9]) + from_base64url(c)[3:]), "unknown rule set"),
    (lambda c: to_base64url(bytes([1, 1, 0, 3]) + from_base64url(c)[4:]), "seat"),
    (lambda c: to_base64url(from_base64url(c)[:20] + bytes([60]) + from_base64url(c)[21:]), ""),
    (lambda c: to_base64url(from_base64url(c) + bytes([0xF7])), "unknown code"),
    (lambda c: to_base64url(from_base64url(c)[:24]), "empty"),
    (lambda c: "A" * 5000, "at most"),
    (lambda c: "", "empty"),
])
def test_a_faulty_invite_is_refused_in_one_line(change, match):
    with pytest.raises(SenetError) as err:
        read_invite(change(_invite()))
    assert match in str(err.value) and one_line(str(err.value)) == str(err.value)


def test_stray_bits_in_a_code_are_refused():
    """The last character of a code carries 2 or 4 bits that must be zero: a code with any
    of them set is not the one the app wrote."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    code = _invite()
    stray = 4 if len(code) % 4 == 2 else 2
    value = alphabet.index(code[-1])
    assert value % (1 << stray) == 0
    read_invite(code)
    for low in range(1, 1 << stray):
        with pytest.raises(SenetError, match="stray bits"):
            read_invite(code[:-1] + alphabet[value + low])


def test_an_invites_name_follows_the_record_rules():
    for name in ("a" * 41, "Ann\n", " Ann", "\u202eAnn"):
        with pytest.raises(SenetError):
            Offer("kendall", 1, name, "ab" * 16)


# -- fuzz ----------------------------------------------------------------------------------------

HOSTILE = (" ", "  ", "\t", "\n", "\x00", "\u00e9", "\u202e", "0", "9" * 30, "t", "a", "q", "s", "x", "pass",
           "rescue", "1-30", "f" * 32, "0" * 16, "-", "good-game")
MUTATIONS = st.lists(st.tuples(st.sampled_from(("insert", "replace", "delete", "cut", "swap")),
                               st.integers(0, 10**6), st.sampled_from(HOSTILE)), min_size=1, max_size=4)


def _mutate(text, ops):
    for op, where, piece in ops:
        i = where % (len(text) + 1)
        if op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "replace":
            text = text[:i] + piece + text[i + 1:]
        elif op == "delete":
            text = text[:i] + text[i + 1 + where % 5:]
        elif op == "cut":
            text = text[:i]
        else:
            parts = text.split(" ")
            j, k = where % len(parts), (where // 7) % len(parts)
            parts[j], parts[k] = parts[k], parts[j]
            text = " ".join(parts)
    return text


@given(st.integers(0, 10**6), MUTATIONS)
@FUZZ
def test_fuzz_the_message_handler(pick, ops):
    """A mutated real message: taken only when it is one the other page could have sent
    (it parses and carries this game's mark), else refused in one line with nothing
    changed; a sync mark that differs stops the game, the one change a refusal makes."""
    host, guest, wire, lcg = _mid_game()
    duel, other = (host, guest) if pick % 2 else (guest, host)
    candidates = [t for _, t in other.sent] + [other.say(QUICK_CODES[pick % len(QUICK_CODES)]).send[0],
                                               other.sync().send[0]]
    text = _mutate(candidates[pick % len(candidates)], ops)
    before = snapshot(duel)
    marks = [hex_of(m) for m in duel.marks]
    reply = duel.handle(text)
    if reply.ok:
        msg = parse_message(text)
        assert msg.events < len(marks) and marks[msg.events] == msg.mark
        assert all(len(t) <= MAX_MESSAGE for t in reply.send)
    else:
        _one_line_refusal(reply)
        stopped = duel.stopped
        duel.stopped = before[4]
        assert snapshot(duel) == before
        assert stopped is None or "differ" in stopped


@given(st.text(max_size=200))
@FUZZ
def test_fuzz_the_message_parser_with_any_text(text):
    try:
        msg = parse_message(text)
    except ProtocolError as exc:
        assert one_line(str(exc)) == str(exc)
    else:
        assert msg.text() == text


@given(st.text(max_size=400))
@FUZZ
def test_fuzz_the_code_readers_with_any_text(text):
    for read in (read_invite, read_answer, read_reconnect):
        try:
            read(text)
        except SenetError as exc:
            assert one_line(str(exc)) == str(exc)


@given(st.integers(0, 10**6), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1,
                                       max_size=4))
@FUZZ
def test_fuzz_the_code_readers_with_changed_bytes(pick, changes):
    codes = (_invite(), answer_code(Answer("ab" * 8, "Bob", "cd" * 16), ANSWER_SDP),
             reconnect_code("ab" * 8, 3, OFFER_SDP))
    code = codes[pick % 3]
    data = bytearray(from_base64url(code))
    for where, value in changes:
        data[where % len(data)] = value
    for read in (read_invite, read_answer, read_reconnect):
        try:
            read(to_base64url(bytes(data)))
        except SenetError as exc:
            assert one_line(str(exc)) == str(exc)


def test_a_chance_node_waits_for_the_thrower():
    host, guest, lcg = pair("jequier")
    assert host.game.state.to_act == CHANCE and host.waiting_for() == host.thrower() == 1


def test_statistics_count_online_games_apart_and_older_statistics_still_load():
    import json

    from senet.session import ONLINE, empty_stats, load_stats, record_result

    older = {"format": "senet-stats", "version": 1, "results": {"kendall/expert": {"won": 2, "lost": 1, "drawn": 0}}}
    stats = load_stats(json.dumps(older))
    assert stats == older
    stats = record_result(stats, "kendall", ONLINE, "won")
    stats = record_result(stats, "kendall", ONLINE, "lost")
    loaded = load_stats(json.dumps(stats))
    assert loaded["results"]["kendall/online"] == {"won": 1, "lost": 1, "drawn": 0}
    assert loaded["results"]["kendall/expert"] == {"won": 2, "lost": 1, "drawn": 0}
    assert load_stats(json.dumps({"format": "senet-stats", "results": {"kendall/wizard": {"won": 1}}})) == empty_stats()


def test_the_documented_record_verifies_and_its_commands_match_the_engine():
    import re

    text = (HERE.parents[1] / "docs" / "online.md").read_text()
    block = re.search(r"(?m)^    senet-record 1\n(?:^    .*\n)+", text).group(0)
    record = "\n".join(line[4:] for line in block.splitlines()) + "\n"
    verdict = verify_record(record)
    assert verdict.status == VERIFIED and verdict.throws == 1
    one, two = Chain(bytes(16)), Chain(bytes([1] * 16))
    assert f"anchor 1 {hex_of(one.anchor)}" in record and f"reveal 2 {hex_of(two.contribution(0))}" in record
    commands = re.findall(r"(?m)^    \$ (.*)\n    (\S+)$", text)
    assert len(commands) == 2
    for command, expected in commands:
        out = subprocess.run(["bash", "-c", command], capture_output=True, text=True, check=True).stdout.split()[0]
        assert out == expected
    assert duel_throw(0, one.contribution(0), two.contribution(0), 5) == 3


# -- kept on the device ---------------------------------------------------------------------------

def test_a_duel_kept_on_the_device_loads_back_and_plays_on_to_the_same_record():
    import json

    from senet.online.save import dump_duel, load_duel

    host, guest, lcg = pair("bell", host_seat=1, seed=21)
    wire = Wire(host, guest)
    wire.play(lcg, turns=15)
    # the host starts a throw and the page reloads before the answer comes
    while host.thrower() != host.seat:
        wire.turn(lcg)
        wire.flush()
    wire.post(host, host.throw())
    text = dump_duel(host)
    assert json.loads(text)["pending"] is not None
    again = load_duel(text)
    assert (again.events, again.mark, again.pending, again.known, again.sent) == \
        (host.events, host.mark, host.pending, host.known, host.sent[-8:])
    assert again.game.record_text() == host.game.record_text() and dump_duel(again) == text
    wire.duels[host.seat] = again
    wire.flush()
    wire.play(lcg)
    assert again.game.over and again.game.record_text() == guest.game.record_text()
    assert load_duel(dump_duel(again)).game.result == again.game.result


def test_a_kept_duel_that_does_not_fit_together_is_refused_in_one_line():
    import json

    from senet.online.save import dump_duel, load_duel
    from senet.session import SaveError

    host, guest, wire, lcg = _mid_game()
    good = json.loads(dump_duel(host))

    def changed(**kw):
        data = dict(good)
        data.update(kw)
        return json.dumps(data)

    record = good["record"]
    reveal = next(ln for ln in record.split("\n") if ln.startswith(f"reveal {guest.seat}"))
    cases = [
        ("{", "not valid JSON"),
        ("[" * 100 + "]" * 100, "nests deeper"),
        (changed(format="senet-save"), "not a saved online game"),
        (changed(version=2), "version"),
        (changed(secret="00" * 16), "anchor"),
        (changed(secret="zz"), "secret"),
        (changed(seat=3), "seat"),
        (changed(record=record.replace("player 1 human", "player 1 expert")), "not the game"),
        (changed(record=record.replace(reveal, reveal[:-1] + ("0" if reveal[-1] != "0" else "1"))), "anchor"),
        (changed(record="senet-record 1\nvariant kendall\n"), "seed"),
        (changed(pending="00" * 16), "under way"),
        (changed(sent=[[0, "garbage"]]), "broken message"),
        (changed(sent=[[10**6, "q 0 " + "0" * 16 + " hello"]]), "[count, text]"),
        (changed(offer=dict(good["offer"], variant="chess")), "rule set"),
        (changed(offer={"variant": "kendall"}), "host seat"),
        (changed(stopped=5), "stopped"),
    ]
    for text, match in cases:
        with pytest.raises(SaveError) as err:
            load_duel(text)
        assert match in str(err.value), (match, str(err.value))
        assert one_line(str(err.value)) == str(err.value)


# -- QR codes ---------------------------------------------------------------------------------------

def _bits(matrix):
    return "\n".join("".join("1" if c else "0" for c in row) for row in matrix)


# Matrices that zbarimg 0.23.92 (Debian's zbar-tools) read back as the text, checked when
# the encoder was written together with every version 1-20 at L and M filled to capacity
# and each of the 8 masks forced: their SHA-256 pins the encoder's output.
QR_GOLDEN = (
    ("L", "senet", "bcd08a6ef6000bd740b23c380839ae2610bc55c0101315de6e9ba43786b5ae5a"),
    ("M", "https://example.org/senet/#j=AQEFAqurq6urq6urq6urq6urq6sDQW5u",
     "f5627b73f8716dc4abe6e63256c9dfa89eeb396567238769cb4d3de238952940"),
)


def test_qr_codes_match_the_ones_a_reader_decoded():
    import hashlib

    from senet.online.qr import qr_matrix

    for level, text, digest in QR_GOLDEN:
        assert hashlib.sha256(_bits(qr_matrix(text, level)).encode()).hexdigest() == digest


def test_qr_reed_solomon_codewords_have_zero_syndromes():
    from senet.online.qr import GF_EXP, ec_codewords, gf_mul

    for degree in (7, 10, 18, 30):
        data = [(i * 37 + degree) % 256 for i in range(40)]
        word = data + ec_codewords(data, degree)
        for i in range(degree):  # the codeword polynomial vanishes at each root of the generator
            value = 0
            for c in word:
                value = gf_mul(value, GF_EXP[i]) ^ c
            assert value == 0


def test_qr_structure_version_format_and_svg():
    from senet.online.qr import QUIET_ZONE, choose_version, format_bits, qr_matrix, svg_path, version_bits

    assert format_bits("L", 4) == 0b110011000101111 and format_bits("M", 5) == 0b100000011001110
    assert version_bits(7) == 0x07C94
    assert choose_version(17, "L") == 1 and choose_version(18, "L") == 2 and choose_version(14, "M") == 1
    code = invite_code(Offer("kendall", 1, "Ann", "ab" * 16), OFFER_SDP)
    link = "https://example.org/senet/#j=" + code
    for level in ("L", "M"):
        m = qr_matrix(link, level)
        size = len(m)
        assert (size - 17) % 4 == 0 and all(len(row) == size for row in m) and (size - 17) // 4 <= 20
        for x0, y0 in ((0, 0), (size - 7, 0), (0, size - 7)):  # the three finder patterns
            ring = [m[y0][x0 + i] for i in range(7)] + [m[y0 + 6][x0 + i] for i in range(7)]
            assert all(ring) and m[y0 + 3][x0 + 3] and not m[y0 + 1][x0 + 1]
        assert [m[6][x] for x in range(8, size - 8)] == [x % 2 == 0 for x in range(8, size - 8)]
        first = sum(m[y][8] << i for i, y in enumerate((0, 1, 2, 3, 4, 5, 7)))  # bits 0-6 by the top left
        second = sum(m[8][size - 1 - i] << i for i in range(7))  # and their copy by the top right
        assert first == second
        assert any(format_bits(level, k) & 0x7F == first for k in range(8))  # the level asked for
        path = svg_path(m)
        area = sum(int(h) for h in __import__("re").findall(r"h(\d+)", path))
        assert area == sum(1 for row in m for c in row if c)
        assert path.startswith(f"M{QUIET_ZONE} {QUIET_ZONE}h7")
    assert (len(qr_matrix(link, "L")) - 17) // 4 == 11  # an invite link fits version 11 at level L


def test_qr_refuses_what_it_cannot_encode():
    from senet.online.qr import qr_matrix

    with pytest.raises(SenetError, match="at most"):
        qr_matrix("x" * 900)
    with pytest.raises(SenetError, match="level"):
        qr_matrix("x", "H")
    with pytest.raises(SenetError):
        qr_matrix(12)


def test_an_invite_numbers_every_rule_set():
    assert sorted(RULE_SETS) == sorted(senet.VARIANTS) and len(set(RULE_SETS)) == len(RULE_SETS)


def test_sync_marks_are_made_as_documented():
    import hashlib

    host, guest, wire, lcg = _mid_game()
    a = host.answer
    first = hashlib.sha256(f"senet-duel/1{host.offer.tag()}|{a.anchor}|{a.name}".encode()).digest()[:8]
    assert host.marks[0] == guest.marks[0] == first
    events = []
    for entry in host.game.entries:
        if entry.throw is not None:
            events.append(f"t{entry.throw}")
        if entry.action is not None:
            events.append("a" + senet.format_move(entry.action))
    mark = first
    for event in events:
        mark = hashlib.sha256(mark + event.encode()).digest()[:8]
    assert len(events) == host.events and hex_of(mark) == host.mark
