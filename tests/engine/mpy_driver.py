"""The same checks in CPython and in MicroPython: each task returns lines of text, and
tests/engine/test_micropython.py runs this file under both and compares them line by line.

Everything here uses only what both interpreters have. Choices in the random games come
from a small linear congruential generator, the throws from the games' own generator.
"""

from lcg import Lcg

import senet
from senet.game import Game
from senet.json_text import dumps
from senet.moves import parse_move
from senet.notation import parse_position
from senet.session import Seat, Session
from senet.throws import MT19937, SHA256, MersenneTwister, ThrowGenerator
from senet.words import Words

Words.strict = True  # a key or argument missing from the words fails here too



PROBES = ("1-3", "in-1", "26-off", "rescue", "pass", "15-14", "30-off", "29-27")


def _probe(state, text):
    """What the engine says to a move (often an illegal one): a legal move's result or
    the reason it is refused."""
    try:
        return "ok " + state.apply(parse_move(text)).position()
    except senet.SenetError as exc:
        return "no " + str(exc)


def play_game(variant, seed, max_actions=None):
    """One random game of ``variant``: every position, legal action list, choice and
    description, then the record and its round trip."""
    lines = []
    g = Game(variant, seed=seed)
    lcg = Lcg(seed)
    actions = 0
    while not g.over and (max_actions is None or actions < max_actions):
        s = g.state
        pos = s.position()
        lines.append("P " + pos)
        if parse_position(pos).position() != pos or parse_position(pos) != s:
            lines.append("NOTATION MISMATCH")
        if s.throw is None:
            pre = s.pre_throw_actions()
            lines.append("pre " + " ".join(str(m) for m in pre))
            lines.append(f"to_act {s.to_act} " + " ".join(str(a) for a in s.legal_actions()))
            if pre:  # the chance node after THROW, in notation and back
                chance = s.apply(senet.THROW)
                lines.append("T " + chance.position())
                if parse_position(chance.position()) != chance:
                    lines.append("NOTATION MISMATCH")
            if pre and lcg.below(2):
                move = pre[lcg.below(len(pre))]
            else:
                value = g.throw()
                sticks = "".join("1" if b else "0" for b in g.generator.last_sticks)
                lines.append(f"throw {value} {sticks}")
                continue
        else:
            legal = s.legal_actions()
            lines.append("legal " + " ".join(str(m) for m in legal))
            move = legal[lcg.below(len(legal))]
        lines.append("probe " + _probe(s, PROBES[lcg.below(len(PROBES))]))
        g.play(move)
        actions += 1
        lines.append("play {}: {}".format(move, "; ".join(senet.describe(s, move, g.state))))
    lines.append(f"result {g.result} {g.draw_reason}")
    text = g.record_text({1: ("human", "Añn 鳥"), 2: ("average", "")})
    lines.extend("R " + ln for ln in text.splitlines())
    again = Game.from_record(text)
    lines.append(f"roundtrip {again.state == g.state} {again.record_text() == text} {again.generator.count}")
    lines.append("next " + " ".join(str(again.generator.throw(g.rules.none_value)) for _ in range(8)))
    return lines


# Kendall with its house rules (KO1-KO4) is played and parsed too
RULE_SETS = senet.VARIANTS + ("kendall+five+start+trap+homerow",)


def task_games():
    lines = []
    for variant in RULE_SETS:
        for seed in (1, 2**127 + 12345):
            lines.append(f"game {variant} {seed}")
            lines.extend(play_game(variant, seed))
    return lines


BAD_POSITIONS = (
    "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0",
    "chess wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -",
    "kendall wbwbwbwbwbwbwb...............x b - w=0/0,b=0/0 -",
    "kendall wbwbwbwbwbwbwb................ x - w=0/0,b=0/0 -",
    "kendall wbwbwbwbwbwbwb................ b 6 w=0/0,b=0/0 -",
    "kendall wbwbwbwbwbwbwb................ b - w=0/0;b=0/0 -",
    "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 again,again",
    "kendall wbwbwbwbwbwbw................. b - w=0/0,b=0/0 -",
    "tait wbwbwbwbwbwbwb................ b - w=1/0,b=0/0 -",
    "jequier ..........................w... b - w=0/4,b=0/5 -",
    "bell wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 odd=q",
    "kendall wbwbwbwbwbwbwb................ b 2 w=0/0,b=0/0 draw",
    # other scripts' digits, leading zeros, control characters, impossible states
    "kendall wbwbwbwbwbwbwb................ b \u00b2 w=0/0,b=0/0 -",
    "kendall wbwbwbwbwbwbwb................ b 04 w=0/0,b=0/0 -",
    "kendall wbwbwbwbwbwbwb................ b - w=\uff13/0,b=0/0 -",
    "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 again\n,\u202e" + "x" * 60,
    "kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 draw",
    "tait w.b........................... b - w=4/0,b=4/0 -",
    "\u3000kendall wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 -",
    # Piccione (P2, P3, P7) and Kendall's house rules (KO1-KO4)
    "piccione ..w....................b...... w 5 w=4/0,b=4/0 dir=f",
    "piccione ..wbbb........................ w 3 w=4/0,b=2/0 dir=f",
    "piccione ..w....................b...... w 2 w=4/0,b=4/0 owe",
    "piccione ..w....................b...... w - w=4/0,b=4/0 entered,again",
    "piccione ..w.......................b... w 2 w=4/0,b=4/0 dir=f",
    "piccione w.w....................b...... w 2 w=3/0,b=4/0 dir=b,owe",
    "kendall+trap+five wbwbwbwbwb.................... b - w=0/0,b=0/0 -",
    "kendall+fast wbwbwbwbwb.................... b - w=0/0,b=0/0 -",
    "kendall+five+five wbwbwbwbwb.................... b - w=0/0,b=0/0 -",
    "jequier+five wbwbwbwbwb.................... b - w=0/0,b=0/0 -",
    "kendall+start wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 began=bw",
    "kendall+start wbwbwbwbwbwbwb................ b - w=0/0,b=0/0 began=wb",
)
BAD_MOVES = ("", "1-1", "0-3", "in-off", "in-in", "3-in", "31-2", "a-b", "1-2-3", "01-3", "pass ", " rescue", "in-30", "4-off", 5,
             "\u00b2-5", "\u0663-5", "4-\n7", "1" * 5000 + "-3")


def task_notation():
    lines = []
    for variant in RULE_SETS:
        s = senet.start(variant)
        lines.append(s.position() + " | " + parse_position(s.position()).position())
    for text in BAD_POSITIONS:
        try:
            lines.append("ok " + parse_position(text).position())
        except senet.PositionError as exc:
            lines.append("PositionError " + str(exc))
    for text in BAD_MOVES:
        try:
            m = parse_move(text)
            lines.append(f"move {m} {m.src} {m.dst} {m.is_special}")
        except senet.MoveSyntaxError as exc:
            lines.append("MoveSyntaxError " + str(exc))
    return lines


THROW_SEEDS = (0, 1, 7, 2**31 - 1, 2**64 + 3, 2**127 + 5, 2**128 - 1)
LEGACY_SEEDS = (0, 1, 7, 2**31 - 1, 2**32, 2**40 + 5, 123456789, 2**128 - 1)


def task_throws():
    lines = []
    for seed in THROW_SEEDS:
        for count in (0, 3, 1000, 10**12):
            gen = ThrowGenerator(seed, count, SHA256)
            throws = "".join(str(gen.throw(5)) for _ in range(40))
            lines.append(f"sha256 {seed} {count} {throws}")
    for seed in LEGACY_SEEDS:
        mt = MersenneTwister(seed)
        bits = " ".join(str(mt.getrandbits(4)) for _ in range(700))
        lines.append(f"mt {seed} {bits}")
        for count in (0, 5, 640):
            gen = ThrowGenerator(seed, count, MT19937)
            throws = "".join(str(gen.throw(6)) for _ in range(20))
            lines.append(f"mt19937 {seed} {count} {throws}")
    return lines


OLD_RECORD = (
    "senet-record 1\nvariant kendall\nseed 7\nb 2 14-16\nw 4 13-17\nw 1 7-8\nw 2 11-13\nb 2 16-18\n"
    "w 5 13-18\nw 1 9-10\nw 3 17-20\nb 1 7-8\nb 1 6-7\nb 2 12-14\nw 2 20-22\nb 5 13-18\nb 3 9-12\n"
    "w 1 10-11\nw 2 22-24\nb 5 12-17\nb 1 14-15\nb 2 17-19\nw 2\n"
)


def task_records():
    """Records and saves: the legacy record of the older version, a new game's, errors."""
    lines = []
    g = Game.from_record(OLD_RECORD)
    lines.append(f"old {g.throws} {g.state.position()} {g.generator.count} {g.record_text() == OLD_RECORD}")
    g.play(g.state.legal_actions()[0])
    lines.append("old next " + " ".join(str(g.generator.throw(5)) for _ in range(10)))
    fresh = Game("kendall")  # a fresh seed: 128 bits (MicroPython: from random.getrandbits)
    lines.append(f"fresh {fresh.throws} {0 <= fresh.seed < 2**128} {fresh.seed >= 2**64}")
    s = Session("havens", {1: Seat("human", "Nefertari"), 2: Seat("novice")}, seed=2**120 + 1)
    lcg = Lcg(9)
    for _ in range(40):
        if s.state.throw is None:
            s.throw()
        else:
            legal = s.state.legal_actions()
            s.play(legal[lcg.below(len(legal))])
    s.undo()
    saved = s.to_json()
    lines.append("save " + saved)
    lines.append("dumps " + dumps(["Nefertari \u00e9\u00e8 \U0001f40d", 1, None, True, "\"\\\n"]))
    back = Session.from_json(saved)
    lines.append(f"loaded {back.state.position()} {back.to_json() == saved} {back.seats == s.seats}")
    lines.append(f"labels {back.seats[1].label(1)} | {back.seats[2].label(2)}")
    lines.append("export " + back.record_text().replace("\n", "|"))
    for bad in ("senet-record 1\nvariant kendall\nseed x\n", "senet-record 1\nvariant kendall\nthrows dice\n",
                "senet-record 1\nvariant kendall\nplayer 1 human A\x07B\n",
                "senet-record 1\nvariant kendall\nseed 1\nb 3 1-4\n", "senet-record 1\nvariant kendall\nb 3 1-4\n",
                "senet-record 1\nvariant kendall\nplayer 3 human\n", "nonsense",
                "senet-record 1\nvariant kendall\nseed 1_000\n", "senet-record 1\nvariant kendall\nseed 1\nb 04 14-18\n",
                "senet-record 1\nvariant kendall\nseed 1\nb \u0663 14-18\n",
                "senet-record 1\nvariant kendall\nseed 1\nstart kendall wbwbwbwbwbwbwb................ b 4 w=0/0,b=0/0 -\n",
                "senet-record 1\nvariant kendall\nseed 1\nplayer 1 human A\u202eB\n",
                "senet-record 1\nvariant kendall\nseed 1\nb 4 14-18\u2028b 2 18-20\n"):
        try:
            Game.from_record(bad)
            lines.append("loaded?")
        except senet.RecordError as exc:
            lines.append("RecordError " + str(exc))
    # a byte-order mark and CRLF or CR line ends, as editors write them, are accepted
    for good in ("\ufeffsenet-record 1\r\nvariant kendall\r\nseed 7\r\nb 4 14-18\r\n",
                 "senet-record 1\rvariant kendall\rseed 7\rb 4 14-18\rb 2 18-20\r"):
        lines.append("good " + Game.from_record(good).state.position())
    return lines


def task_average():
    """Average's choices (and Novice's and the random mover's) in positions of random games."""
    from senet.ai import get_player

    lines = []
    average = get_player("average", seed=3)
    novice = get_player("novice", seed=3)
    mover = get_player("random", seed=3)
    for variant in RULE_SETS:
        g = Game(variant, seed=7)
        lcg = Lcg(5)
        decisions = 0
        # whole games where a water rescue may be offered, the first moves elsewhere
        most = 400 if variant in ("kendall", "thibault") else 60
        while not g.over and decisions < most:
            s = g.state
            if s.opening:
                g.throw()
                continue
            if s.throw is None:
                if s.pre_throw_actions():
                    lines.append(f"pre {s.position()} | {average.choose(s)} {novice.choose(s)} {mover.choose(s)}")
                    decisions += 1
                g.throw()
                continue
            legal = s.legal_actions()
            if len(legal) > 1:
                lines.append(f"choose {s.position()} | {average.choose(s)} {novice.choose(s)} {mover.choose(s)}")
                decisions += 1
            g.play(legal[lcg.below(len(legal))])
    return lines


def task_fair():
    """Committed throws (docs/fair-throws.md): the generator with phrases, records sealed
    and revealed, verify's verdicts and the throw statistics."""
    from senet.throw_stats import game_counts, report
    from senet.throws import COMMIT, commitment, phrase_problem
    from senet.verify import verify_record

    lines = []
    for seed in THROW_SEEDS:
        for phrase in ("", "sun over the nile", "Ωμέγα: 日本語"):
            for count in (0, 3, 10**9):
                gen = ThrowGenerator(seed, count, COMMIT, phrase)
                lines.append(f"commit {seed} {count} {len(phrase)} " + "".join(str(gen.throw(6)) for _ in range(30)))
        lines.append(f"commitment {seed} {commitment(seed)}")
    for phrase in ("x" * 61, "a\nb", " a", "ok"):
        lines.append(f"phrase {phrase_problem(phrase)}")
    for variant in senet.VARIANTS:
        g = Game(variant, seed=2**100 + 1, throws=COMMIT, phrase="Ra")
        lcg = Lcg(9)
        half = None
        while not g.over:
            if g.state.throw is None:
                g.throw()
            else:
                legal = g.state.legal_actions()
                g.play(legal[lcg.below(len(legal))])
            if half is None and g.actions == 20:
                half = g.record_text()
        text = g.record_text()
        sealed = Game.from_record(half)
        r = report(game_counts(g))
        lines.append(f"fair {variant} {len(text)} {sealed.sealed} {verify_record(half).status} "
                     f"{verify_record(text).message}")
        lines.append(f"stats {variant} {r.total} {r.verdict}")
        tampered = text.replace("seed 1267650600228229401496703205377", "seed 5")
        lines.append(f"tampered {variant} {verify_record(tampered).message}")
    return lines


def task_online():
    """A game between two devices (docs/online.md): two in-memory pages play every rule
    set through the messages; refusals, resync, records and verify; invite codes."""
    from online_play import Wire, pair, snapshot

    from senet.online.invite import answer_code, invite_code, read_answer, read_invite, reconnect_code
    from senet.online.offer import Answer
    from senet.online.save import dump_duel, load_duel
    from senet.online.sdp import pack, unpack
    from senet.throws import hex_of
    from senet.verify import verify_record

    lines = []
    for variant in RULE_SETS:  # Kendall's house rules too: they travel in the invite
        host, guest, lcg = pair(variant, 1 + len(variant) % 2, len(variant))
        wire = Wire(host, guest)
        wire.play(lcg, turns=40)
        # a drop: the next step's messages are lost, then both pages sync
        wire.turn(lcg)
        wire.flush(drop=True)
        wire.post(host, host.sync())
        wire.post(guest, guest.sync())
        wire.flush()
        lines.append(f"synced {variant} {host.events == guest.events} {host.mark == guest.mark}")
        before = snapshot(host)
        for text in ("garbage", "a 0 0000000000000000 pass", "t 1 " + host.mark + " 3 " + "0" * 32,
                     "q " + str(host.events) + " " + host.mark + " caf\u00e9", "x" * 500,
                     "a " + str(host.events + 5) + " " + host.mark + " pass"):
            reply = host.handle(text)
            host.stopped = None
            lines.append(f"refused {reply.ok} {reply.refusal}")
        lines.append(f"unchanged {snapshot(host) == before}")
        kept = dump_duel(host)
        again = load_duel(kept)
        lines.append(f"kept {dump_duel(again) == kept} {again.mark == host.mark} {len(kept)}")
        wire.duels[host.seat] = host = again
        wire.play(lcg)
        record = host.game.record_text()
        lines.append(f"online {variant} {record == guest.game.record_text()} {host.events} {host.mark} "
                     f"{host.game.result}")
        lines.append(f"verify {verify_record(record).message}")
        lines.append(f"tail {record[-60:]!r}")
        at = record.index("reveal 1 ") + len("reveal 1 ")
        tampered = record[:at] + ("1" if record[at] == "0" else "0") + record[at + 1:]
        lines.append(f"tampered {verify_record(tampered).status}")
        offer, answer = host.offer, host.answer
        sdp = "v=0\r\no=- 2156794616885716279 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n" \
              "a=candidate:3101651126 1 udp 2113937151 48b91799-a900-4965-bd8e-ca406309c1b7.local 35893 typ host\r\n" \
              "a=fingerprint:sha-256 " + ":".join(["C0"] * 32) + "\r\n"
        code = invite_code(offer, sdp)
        got, back = read_invite(code)
        lines.append(f"invite {got.variant} {code} {got == offer} {back == sdp} {unpack(pack(sdp)) == sdp}")
        lines.append(f"words {senet.get_rules(got.variant).in_words()}")
        code = answer_code(answer, sdp)
        lines.append(f"answer {code} {read_answer(code)[0] == answer} {reconnect_code(offer.tag(), 7, sdp)}")
    from senet.online.qr import qr_matrix, svg_path

    for level, text in (("L", "senet"), ("M", "https://example.org/senet/#j=" + code)):
        m = qr_matrix(text, level)
        bits = "".join("1" if c else "0" for row in m for c in row)
        lines.append(f"qr {level} {len(m)} {bits}")
        lines.append(f"svg {len(svg_path(m))} {svg_path(m)[:200]}")
    for bad in ("", "!!!!", "AQ", "AQEA", "AQIA" + "A" * 40):
        for read in (read_invite, read_answer):
            try:
                read(bad)
                lines.append("read ok")
            except senet.SenetError as exc:
                lines.append(f"code {exc}")
    try:
        Answer("ab" * 8, "Bob\u202e", hex_of(bytes(16)))
    except senet.SenetError as exc:
        lines.append(f"name {exc}")
    return lines


def task_rating():
    """Glicko-2: Glickman's worked example, a seeded series of games, idle periods."""
    from senet.rating import Rating, expected, idle, update

    lines = []
    r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
                                        (Rating(1700, 300), 0.0)])
    lines.append(f"glickman {r.rating:.4f} {r.rd:.4f} {r.volatility:.7f}")
    lcg = Lcg(7)
    r = Rating()
    for i in range(150):
        opp = Rating(1200 + lcg.below(700), 20 + lcg.below(200))
        r = update(idle(r, lcg.below(3)), [(opp, lcg.below(3) / 2)])
        lines.append(f"step {i} {r.rating:.4f} {r.rd:.4f} {r.volatility:.7f} {expected(r, opp):.5f}")
    return lines


def task_profile():
    """The profile: games rated by the fairness rules, its text, loading and practice."""
    from senet.profile import Profile, ProfileError

    lines = []
    p = Profile()
    lcg = Lcg(3)
    t = 1764000000000
    for i in range(40):
        variant = ("kendall", "tait", "bell", "havens")[lcg.below(4)]
        opponent = ("novice", "average", "expert", "friend")[lcg.below(4)]
        played_by = "average" if opponent == "expert" and lcg.below(4) == 0 else opponent
        end = ("finished", "finished", "finished", "resigned", "abandoned")[lcg.below(5)]
        t += lcg.below(5) * 86400000
        g = {"id": "g" + str(i), "variant": variant, "opponent": opponent, "played_by": played_by,
             "result": ("win", "loss", "draw")[lcg.below(3)], "end": end, "hints": lcg.below(6) // 5,
             "undos": 0, "time": t, "friend": "Ana"}
        lines.append(f"game {i} {variant} {p.record_game(g)}")
        if lcg.below(2):
            p.add_review(g["id"], {"mean_loss": 0.01, "luck": 0.1, "mistakes": [
                {"ply": 3, "throw": 2, "played": "1-3", "best": "3-5", "loss": 0.05 + lcg.below(20) / 100,
                 "position": "kendall wbwbwbwbwbwbwb................ w 2 w=0/0,b=0/0 - " + str(i)}]})
    for v in ("kendall", "tait", "bell", "havens"):
        r = p.rating(v)
        lines.append(f"rating {v} {r.rating:.2f} {r.rd:.2f} {r.volatility:.6f} {len(p.history(v))}")
    text = p.to_text()
    lines.append("text " + text)
    q = Profile.from_text(text)
    lines.append(f"again {q.to_text() == text} {q.problems}")
    while q.practice:
        pid = q.practice[0]["id"]
        lines.append(f"practise {pid} {q.practise(pid, True)} {q.practise(pid, True)}")
    for bad in ("", "[1", '{"kind": "senet-profile", "format": 7}', '{"kind": "senet-profile", "format": 1, '
                '"games": [1, {"id": "x"}], "ratings": {"tait": 3}}'):
        try:
            lines.append(f"load {Profile.from_text(bad).problems}")
        except ProfileError as exc:
            lines.append("refused " + exc.message_id)
    return lines


def task_corr():
    """A game by correspondence (docs/online.md, "Correspondence"): two devices' objects
    play Kendall and Bell by passing links only, refuse hostile links with the same keys,
    save and load back, write records that verify; games shared as links come back."""
    import hashlib

    from corr_play import Lcg, Table, lcg_chooser

    from senet.online.corr_link import LinkError, decode_link, encode_link
    from senet.online.corr_save import dump_letters, load_letters
    from senet.online.share import read_pasted, read_shared, share_code
    from senet.throws import hex_of
    from senet.verify import verify_record

    lines = []
    for variant, seat in (("kendall", 1), ("bell", 2)):
        table = Table(variant, host_seat=seat, seed=3)
        table.play(lcg_chooser(Lcg(8)), limit=60)
        while table.pending is None:
            table.step(lcg_chooser(Lcg(9)))
        sender, code = table.pending
        receiver = table.devices[3 - sender]
        before = dump_letters(receiver)
        link = decode_link(code)
        bad = []
        for text in (code[:-6], code[:12] + ("A" if code[12] != "A" else "B") + code[13:]):
            try:
                receiver.receive(text)
            except LinkError as exc:
                bad.append(exc.key)
        if link.reveal is not None:
            n, element = link.reveal
            link.reveal = (n, bytes([element[0] ^ 1]) + element[1:])
            try:
                receiver.receive(encode_link(link))
            except LinkError as exc:
                bad.append(exc.key + " " + str(exc.values["throw"]))
        lines.append(f"refused {variant} {' '.join(bad)} {dump_letters(receiver) == before}")
        table.deliver()
        try:
            receiver.receive(code)
        except LinkError as exc:
            lines.append(f"twice {variant} {exc.key} {exc.values['number']}")
        again = load_letters(dump_letters(receiver))
        lines.append(f"kept {variant} {dump_letters(again) == dump_letters(receiver)}")
        table.play(lcg_chooser(Lcg(10)))
        record = table.host.record_text()
        lengths = [len(c) for _, c in table.links]
        lines.append(f"corr {variant} {record == table.guest.record_text()} {len(table.links)} {max(lengths)} "
                     f"{hex_of(hashlib.sha256(record.encode()).digest()[:6])}")
        lines.append(f"verify {verify_record(record).status}")
        game = Game.from_record(record)
        shared = share_code(game)
        lines.append(f"shared {variant} {len(shared)} {read_shared(shared).record_text() == record} "
                     f"{read_pasted(record).record_text() == record}")
    return lines


TASKS = {"games": task_games, "notation": task_notation, "throws": task_throws,
         "records": task_records, "average": task_average, "fair": task_fair, "online": task_online,
         "rating": task_rating, "profile": task_profile, "corr": task_corr}


def run(task):
    for line in TASKS[task]():
        print(line)
