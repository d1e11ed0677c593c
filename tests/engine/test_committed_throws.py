"""Throws anyone can verify (docs/fair-throws.md): the sha256-commit generator (C2, C5),
sealed records, `senet.verify` and `python -m senet verify`, and throw statistics."""

import hashlib
import io
import math
import random
import re
import subprocess
from pathlib import Path

import pytest

from senet.commands import cli
from senet.errors import RecordError, SenetError
from senet.game import Game
from senet.session import Seat, Session
from senet.throw_stats import (
    MIN_THROWS,
    chi_square,
    count_throws,
    game_counts,
    p_value,
    report,
)
from senet.throws import COMMIT, MAX_PHRASE, ThrowGenerator, commit_bits, commitment, phrase_problem
from senet.verify import INVALID, MISMATCH, NO_COMMITMENT, SEALED, VERIFIED, verify_record

DOCS = Path(__file__).resolve().parents[2] / "docs"
PHRASE = "sun over the nile"


def finished(variant="kendall", seed=7, phrase=PHRASE, pick=1):
    """A finished game of committed throws, random moves from random.Random(pick)."""
    game = Game(variant, seed=seed, throws=COMMIT, phrase=phrase)
    rng = random.Random(pick)
    while not game.over:
        if game.state.throw is None:
            game.throw()
        else:
            game.play(rng.choice(game.state.legal_actions()))
    return game


def unfinished(variant="kendall", seed=7, phrase=PHRASE, actions=10):
    game = Game(variant, seed=seed, throws=COMMIT, phrase=phrase)
    rng = random.Random(2)
    while game.actions < actions:
        if game.state.throw is None:
            game.throw()
        else:
            game.play(rng.choice(game.state.legal_actions()))
    game.throw()  # a pending throw
    return game


def line_of(text, prefix):
    """The 1-based number of the first line of ``text`` starting with ``prefix``."""
    return next(n for n, ln in enumerate(text.split("\n"), 1) if ln.startswith(prefix))


def replace_line(text, number, new):
    lines = text.split("\n")
    lines[number - 1] = new
    return "\n".join(lines)


# -- the generator -------------------------------------------------------------------------
def test_C2_C5_commit_generator_is_the_documented_sha256():
    for seed, n, phrase in ((7, 0, PHRASE), (2**128 - 1, 57, "ünïcode, colons: ok"), (0, 3, "")):
        digest = hashlib.sha256(f"senet-throws/2:{seed}:{n}:{phrase}".encode()).digest()
        assert commit_bits(seed, n, phrase) == digest[0] & 15
        gen = ThrowGenerator(seed, n, COMMIT, phrase)
        bits = digest[0] & 15
        assert gen.sticks() == tuple(bool(bits >> i & 1) for i in range(4))
    assert commitment(7) == hashlib.sha256(b"7").hexdigest()


def test_C5_the_phrase_changes_the_throws():
    gens = [ThrowGenerator(11, 0, COMMIT, p) for p in ("one", "two")]
    first = [[g.throw(5) for _ in range(40)] for g in gens]
    assert first[0] != first[1]
    assert ThrowGenerator(11, 39, COMMIT, "one").throw(5) == first[0][39]  # resumes at any count


def test_C2_commit_generator_odds_are_the_sticks():
    gen = ThrowGenerator(3, 0, COMMIT, "odds")
    counts = count_throws([gen.throw(6) for _ in range(16000)], 6)
    for category, ways in ((1, 4), (2, 6), (3, 4), (4, 1), (0, 1)):
        assert abs(counts[category] - 1000 * ways) < 5 * math.sqrt(1000 * ways), (category, counts)


@pytest.mark.parametrize("phrase, part", [
    ("x" * (MAX_PHRASE + 1), f"at most {MAX_PHRASE}"),
    ("two\nlines", "control"),
    ("tab\there", "control"),
    ("over\u202eride", "direction"),
    (" padded", "begin or end"),
])
def test_phrase_problems_are_refused_clearly(phrase, part):
    assert part in phrase_problem(phrase)
    with pytest.raises(SenetError, match=part):
        Game("kendall", seed=1, throws=COMMIT, phrase=phrase)
    game = Game("kendall", seed=1, throws=COMMIT, phrase="kept")
    with pytest.raises(SenetError, match=part):
        game.set_phrase(phrase)
    assert game.phrase == "kept" and game.generator.phrase == "kept"


def test_phrase_may_change_until_the_first_throw():
    game = Game("kendall", seed=5, throws=COMMIT, phrase="first")
    game.set_phrase("second")
    throw = game.throw()
    assert throw == ThrowGenerator(5, 0, COMMIT, "second").throw(5)
    with pytest.raises(SenetError, match="fixed once the first throw"):
        game.set_phrase("third")
    assert game.phrase == "second"
    assert phrase_problem("Ωμέγα: 日本語 ok") is None and phrase_problem("") is None


# -- records: sealed until the end ------------------------------------------------------------
def test_C5_unfinished_record_has_no_seed_but_the_save_keeps_it():
    game = unfinished()
    text = game.record_text()
    assert "seed" not in text and f"commit {commitment(7)}" in text and f"phrase {PHRASE}" in text
    session = Session("kendall", {1: Seat(), 2: Seat("average")}, game=game)
    assert "seed" not in session.record_text()
    saved = session.to_json()
    assert "seed 7" in saved
    resumed = Session.from_json(saved).game
    assert not resumed.sealed and resumed.phrase == PHRASE and resumed.state == game.state
    for g in (game, resumed):
        g.play(g.state.legal_actions()[0])
    assert [game.throw()] == [resumed.throw()]
    assert game.generator.count == resumed.generator.count == game.thrown


def test_C5_finished_record_reveals_the_seed_and_round_trips():
    game = finished()
    text = game.record_text()
    assert "\nseed 7\n" in text and text.index("commit") < text.index("seed 7")
    again = Game.from_record(text)
    assert again.over and again.record_text() == text and again.commit == commitment(7)


def test_C5_sealed_record_replays_but_cannot_go_on():
    game = unfinished()
    sealed = Game.from_record(game.record_text())
    assert sealed.sealed and sealed.state == game.state and sealed.entries == game.entries
    assert sealed.record_text() == game.record_text()
    sealed.play(sealed.state.legal_actions()[0])
    with pytest.raises(SenetError, match="cannot go on here"):
        sealed.throw()
    assert sealed.thrown == game.thrown  # nothing was thrown


@pytest.mark.parametrize("edit, where, part", [
    (lambda t: t.replace("throws sha256-commit\n", "throws sha256\n"), "commit", "belongs to"),
    (lambda t: t.replace(f"commit {commitment(7)}\n", ""), "throws", "needs its commitment"),
    (lambda t: t.replace(f"commit {commitment(7)}", "commit " + commitment(7).upper()), "commit", "lowercase"),
    (lambda t: t.replace(f"phrase {PHRASE}", "phrase " + "y" * 61), "phrase", "at most"),
])
def test_faulty_commit_headers_are_refused_naming_the_line(edit, where, part):
    text = edit(finished().record_text())
    with pytest.raises(RecordError, match=part) as info:
        Game.from_record(text)
    assert info.value.line == line_of(text, where)


def test_old_records_still_load_without_commitment():
    legacy = "senet-record 1\nvariant kendall\nseed 7\nb 2 14-16\nw 4 13-17\n"
    game = Game.from_record(legacy)
    assert game.commit is None and game.throws == "mt19937" and game.record_text() == legacy
    modern = Game("kendall", seed=9)
    modern.throw()
    assert "seed 9\nthrows sha256\n" in modern.record_text()


# -- verify ---------------------------------------------------------------------------------
def test_verify_a_finished_record():
    text = finished().record_text()
    verdict = verify_record(text)
    assert verdict.status == VERIFIED and verdict.ok and verdict.line is None
    assert verdict.throws == text.count("\n") - 6 - 1 == 202  # 6 header lines, the result
    assert verdict.message.startswith(f"verified: {verdict.throws} throws follow from the revealed seed")


def test_verify_catches_a_tampered_throw_naming_its_line():
    text = finished().record_text()
    n = line_of(text, "w 5 ")  # the second throw: a 5 in Kendall
    tampered = replace_line(text, n, text.split("\n")[n - 1].replace("w 5 ", "w 4 ", 1))
    verdict = verify_record(tampered)
    assert verdict.status == MISMATCH and verdict.line == n
    assert verdict.message == f"line {n}: the record has a 4, but throw 1 (counted from 0) from the revealed seed " \
                              "and phrase is a 5"


def test_verify_catches_a_tampered_throw_that_breaks_the_replay():
    text = finished().record_text()
    n = line_of(text, "b 3 4-7")
    verdict = verify_record(replace_line(text, n, "b 2 4-7"))  # 4-7 is not a move of a 2
    assert verdict.status == MISMATCH and verdict.line == n and "is a 3" in verdict.message


def test_verify_catches_a_tampered_seed_naming_the_seed_line():
    text = finished().record_text()
    verdict = verify_record(text.replace("\nseed 7\n", "\nseed 8\n"))
    assert verdict.status == MISMATCH and verdict.line == line_of(text, "seed")
    assert f"SHA-256 of 8 is {commitment(8)}" in verdict.message


def test_verify_catches_a_tampered_commitment_naming_the_commit_line():
    text = finished().record_text()
    verdict = verify_record(text.replace(commitment(7), commitment(8)))
    assert verdict.status == MISMATCH and verdict.line == line_of(text, "commit")
    assert "the commitment was changed" in verdict.message


def test_verify_catches_a_tampered_phrase_naming_the_phrase_line():
    text = finished().record_text()
    verdict = verify_record(text.replace(f"phrase {PHRASE}", "phrase sun over the Nile"))
    assert verdict.status == MISMATCH and verdict.line == line_of(text, "phrase")
    assert "do not follow from the revealed seed and this phrase" in verdict.message


def test_verify_counts_comment_and_blank_lines_in_line_numbers():
    text = "# exported\n\n" + finished().record_text()
    n = line_of(text, "w 5 ")
    verdict = verify_record(replace_line(text, n, text.split("\n")[n - 1].replace("w 5 ", "w 4 ", 1)))
    assert verdict.line == n == 10


def test_verify_a_sealed_record_cannot_verify_yet():
    verdict = verify_record(unfinished().record_text())
    assert verdict.status == SEALED and not verdict.ok
    assert "not over" in verdict.message and "cannot be verified yet" in verdict.message


def test_verify_a_legacy_record_has_no_commitment():
    for text in ("senet-record 1\nvariant kendall\nseed 7\nb 2 14-16\n",
                 "senet-record 1\nvariant kendall\nseed 7\nthrows sha256\nb 3\n"):
        verdict = verify_record(text)
        assert verdict.status == NO_COMMITMENT and "has no commitment" in verdict.message


def test_verify_a_record_that_does_not_replay():
    text = finished().record_text()
    n = line_of(text, "w 2 13-15")
    verdict = verify_record(replace_line(text, n, "w 2 13-99"))
    assert verdict.status == INVALID and verdict.line == n and f"line {n}:" in verdict.message
    assert verify_record("hello").status == INVALID and verify_record(None).status == INVALID


def test_verify_every_rule_set():
    for variant in ("kendall", "jequier", "tait", "bell", "thibault", "havens"):
        assert verify_record(finished(variant, seed=2**127 + 3, phrase="Ra").record_text()).ok, variant


# -- the command line ---------------------------------------------------------------------------
def test_cli_verify_exit_codes(tmp_path, capsys, monkeypatch):
    good = tmp_path / "good.txt"
    good.write_text(finished().record_text(), encoding="utf-8")
    assert cli.main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.startswith("Verified: every throw (")
    bad = tmp_path / "bad.txt"
    bad.write_text(finished().record_text().replace("\nseed 7\n", "\nseed 8\n"), encoding="utf-8")
    assert cli.main(["verify", str(bad)]) == 1
    assert capsys.readouterr().out.startswith("Not verified: line 6: the revealed seed does not match")
    sealed = tmp_path / "sealed.txt"
    sealed.write_text(unfinished().record_text(), encoding="utf-8")
    assert cli.main(["verify", str(sealed)]) == 1
    assert cli.main(["verify", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err
    (tmp_path / "junk.txt").write_bytes(b"\xff\xfe junk")
    assert cli.main(["verify", str(tmp_path / "junk.txt")]) == 2
    monkeypatch.setattr("sys.stdin", io.StringIO(finished().record_text()))
    assert cli.main(["verify", "-"]) == 0
    assert cli.main(["verify"]) == 2


def test_cli_verify_as_a_module(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(finished().record_text(), encoding="utf-8")
    said = {}
    for lang in ("C.UTF-8", "fr_FR.UTF-8"):  # the environment's language, as gettext programs read it
        env = dict(__import__("os").environ, LANGUAGE="", LANG=lang)
        done = subprocess.run([__import__("sys").executable, "-m", "senet", "verify", str(path)],
                              capture_output=True, text=True, cwd=DOCS.parent, env=env)
        assert done.returncode == 0
        said[lang] = done.stdout
    assert said["C.UTF-8"].startswith("Verified: every throw (202 in all)")
    assert said["fr_FR.UTF-8"].startswith("Vérifié\u00a0: chaque lancer (202 au total)")


# -- the documented example ----------------------------------------------------------------------
def test_fair_throws_documented_commands_match_the_engine():
    doc = (DOCS / "fair-throws.md").read_text(encoding="utf-8")
    block = re.search(r"## By hand\n(.*?)\n## ", doc, re.S).group(1)
    pairs = re.findall(r"    \$ (.+)\n    (\S+)", block)
    assert len(pairs) == 4
    game = finished()
    text = game.record_text()
    for command, shown in pairs:
        out = subprocess.run(["bash", "-c", command], capture_output=True, text=True, check=True).stdout.split()[0]
        assert out == shown, command
    assert pairs[0][1] == commitment(7) == game.commit
    throws = [e.throw for e in game.entries if e.throw is not None]
    for n, (_, digits) in enumerate(pairs[1:]):
        light = bin(int(digits[1], 16)).count("1")
        assert throws[n] == (light or 5)
    assert "seed 7\nb 3 4-7\nw 5 " in text and "    phrase sun over the nile\n    seed 7\n    b 3 4-7\n" in doc


# -- throw statistics -------------------------------------------------------------------------------
def test_C2_throw_stats_known_numbers():
    counts = {1: 20, 2: 30, 3: 20, 4: 5, 0: 5}  # exactly the odds, 80 throws
    r = report(counts)
    assert r.total == 80 and r.enough and r.chi2 == 0.0 and r.p == 1.0
    assert "fit the 4:6:4:1:1 odds" in r.verdict
    skewed = {1: 10, 2: 30, 3: 30, 4: 5, 0: 5}  # 80 throws: (10-20)^2/20 + (30-20)^2/20 = 10
    assert chi_square(skewed) == pytest.approx(10.0)
    assert p_value(10.0) == pytest.approx(math.exp(-5) * 6) == pytest.approx(0.040428, abs=1e-6)
    heavy = {1: 0, 2: 40, 3: 30, 4: 5, 0: 5}  # 400/20 + 100/30 + 100/20 = 85/3
    r = report(heavy)
    assert r.chi2 == pytest.approx(85 / 3) and r.p < 0.01 and "further from the 4:6:4:1:1 odds" in r.verdict


def test_C2_throw_stats_too_few_and_none_category():
    assert count_throws([1, 2, 6, 6, 5], 6) == {1: 1, 2: 1, 3: 0, 4: 0, 0: 2}
    assert count_throws([5, 5], 5)[0] == 2
    r = report(count_throws([1, 2, 2, 3], 6))
    assert not r.enough and r.total == 4 and f"at least {MIN_THROWS}" in r.verdict and MIN_THROWS == 80
    assert report({}).verdict == "No throws yet."
    assert report({2: 1}).verdict.startswith("1 throw is too few for the chi-square test")


def test_C2_game_counts_include_every_throw():
    game = finished()
    counts = game_counts(game)
    assert sum(counts.values()) == game.thrown == 202
    assert counts[0] == sum(1 for e in game.entries if e.throw == 5)
