"""The engine runs unchanged in MicroPython, the page's interpreter, and behaves there as
in CPython: a differential test. tests/engine/mpy_driver.py runs in both interpreters
(MicroPython 1.27 under Node.js through tools/mpy_run.mjs) and prints lines; every line
must be the same.

Node.js and node_modules/@micropython are needed (``make test`` installs them with
``npm ci``); without them these tests fail, they are not skipped.
"""

import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
MPY_RUN = ROOT / "tools" / "mpy_run.mjs"
MPY_PACKAGE = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
_cache = {}


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    """A directory holding a copy of senet/ and the driver, as MicroPython's /lib."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js ('node') is not on PATH: it runs MicroPython for this test (see docs/build.md)")
    if not MPY_PACKAGE.exists():
        pytest.fail(f"{MPY_PACKAGE.relative_to(ROOT)} is missing: run 'npm ci' (or 'make test') first")
    d = tmp_path_factory.mktemp("mpylib")
    shutil.copytree(ROOT / "senet", d / "senet", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(HERE / "mpy_driver.py", d / "mpy_driver.py")
    shutil.copy(HERE / "online_play.py", d / "online_play.py")
    shutil.copy(HERE / "corr_play.py", d / "corr_play.py")
    shutil.copy(HERE / "lcg.py", d / "lcg.py")
    return d


def _run(lib: Path, task: str) -> tuple[list[str], list[str]]:
    """(MicroPython's lines, CPython's lines) of a driver task."""
    if task in _cache:
        return _cache[task]
    script = lib / f"run_{task}.py"
    script.write_text(f"import mpy_driver\nmpy_driver.run({task!r})\n")
    mpy = subprocess.run(["node", str(MPY_RUN), "--path", str(lib), str(script)],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert mpy.returncode == 0, f"MicroPython failed on task {task}:\n{mpy.stderr[-3000:]}"
    cpy = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600,
                         env={"PYTHONPATH": str(lib), "PATH": "/usr/bin:/bin"}, cwd=lib)
    assert cpy.returncode == 0, f"CPython failed on task {task}:\n{cpy.stderr[-3000:]}"
    _cache[task] = (mpy.stdout.splitlines(), cpy.stdout.splitlines())
    return _cache[task]


def _same(lib: Path, task: str) -> list[str]:
    mpy, cpy = _run(lib, task)
    for n, (a, b) in enumerate(zip(mpy, cpy), 1):
        assert a == b, f"task {task}, line {n} differs:\n  MicroPython: {a}\n  CPython:     {b}"
    assert len(mpy) == len(cpy), f"task {task}: MicroPython printed {len(mpy)} lines, CPython {len(cpy)}"
    assert cpy, f"task {task} printed nothing"
    return cpy


def test_C5_random_games_of_every_rule_set_are_the_same_in_micropython(lib):
    """Every position, list of legal actions, throw (with its sticks), choice, refused
    move's reason and description, then the record and its round trip (C2-C6)."""
    lines = _same(lib, "games")
    import senet

    games = [ln.split()[1] for ln in lines if ln.startswith("game ")]
    played = senet.VARIANTS + ("kendall+five+start+trap+homerow",)  # with Kendall's house rules
    assert sorted(set(games)) == sorted(played) and len(games) == 2 * len(played)
    assert any("piccione" in ln and "dir=f" in ln for ln in lines)  # throws used in parts (P2)
    assert sum(1 for ln in lines if ln.startswith("legal ")) > 1000
    assert "NOTATION MISMATCH" not in lines
    assert all(ln.startswith("roundtrip True True") for ln in lines if ln.startswith("roundtrip"))
    assert all(ln.split()[1] != "None" for ln in lines if ln.startswith("result "))  # every game ended


def test_notation_round_trip_and_errors_in_micropython(lib):
    lines = _same(lib, "notation")
    assert any(ln.startswith("PositionError unknown variant 'chess'") for ln in lines)
    assert any(ln.startswith("MoveSyntaxError") for ln in lines)
    assert any(ln.startswith("PositionError the Kendall options must be written in the order") for ln in lines)
    assert any(ln.startswith("PositionError no part is legal") for ln in lines)
    assert "move 3-in 3 0 False" in lines  # P5: back to the supply


def test_C5_throw_generators_give_the_same_throws_in_micropython(lib):
    lines = _same(lib, "throws")
    # the legacy generator is CPython's random.Random, throw for throw
    legacy = [ln.split() for ln in lines if ln.startswith("mt ")]
    assert legacy
    for _, seed, *bits in legacy:
        rng = random.Random(int(seed))
        assert [int(b) for b in bits] == [rng.getrandbits(4) for _ in bits]
    # resuming at a count gives the continuation of the same sequence
    seq = {tuple(ln.split()[1:3]): ln.split()[3] for ln in lines if ln.startswith("sha256 ")}
    assert seq[("7", "3")][:37] == seq[("7", "0")][3:]


def test_C5_committed_throws_verify_and_stats_are_the_same_in_micropython(lib):
    """docs/fair-throws.md on the page's interpreter: the sha256-commit throws (phrases in
    any script), commitments, sealed records, verify's verdicts and the throw statistics."""
    lines = _same(lib, "fair")
    assert sum(1 for ln in lines if ln.startswith("commit ")) == 7 * 3 * 3
    fair = [ln for ln in lines if ln.startswith("fair ")]
    import senet

    assert len(fair) == len(senet.VARIANTS) and all(" True sealed verified: " in ln for ln in fair)
    assert all("the revealed seed does not match" in ln for ln in lines if ln.startswith("tampered "))
    assert "phrase None" in lines and "phrase the phrase may not begin or end with a space" in lines


def test_records_and_saves_in_micropython(lib):
    """An old (legacy generator) record continues as in CPython; a session saved in one
    interpreter is the same text as in the other and loads back; record errors agree."""
    lines = _same(lib, "records")
    assert lines[0].startswith("old mt19937 ") and lines[0].endswith(" 20 True")
    assert lines[1] == "old next 1 2 1 1 2 5 3 2 1 4"
    assert lines[2] == "fresh sha256 True True"
    assert any(ln.startswith("loaded ") and ln.endswith(" True True") for ln in lines)
    assert sum(1 for ln in lines if ln.startswith("RecordError")) == 13
    assert sum(1 for ln in lines if ln.startswith("good ")) == 2
    # JSON keeps the text as it is in both (a save's names and phrases)
    assert 'dumps ["Nefertari \u00e9\u00e8 \U0001f40d", 1, null, true, "\\"\\\\\\n"]' in lines


def test_json_text_is_written_without_an_exception_in_micropython(lib):
    """MicroPython's json.dumps has no ``ensure_ascii``: senet.json_text picks json.dumps
    itself once at import, rather than trying the argument at every call (each TypeError
    is a thrown JavaScript exception in the browser, thousands a save)."""
    script = lib / "run_dumps.py"
    script.write_text("import json\nfrom senet import json_text\nprint(json_text.dumps is json.dumps)\n")
    mpy = subprocess.run(["node", str(MPY_RUN), "--path", str(lib), str(script)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert mpy.returncode == 0, mpy.stderr[-2000:]
    assert mpy.stdout.split() == ["True"]


def test_average_chooses_the_same_moves_in_micropython(lib):
    """The page's fallback player: Average (and Novice, and the arena's random mover)
    decide the same in MicroPython as in CPython, over a few hundred positions."""
    lines = _same(lib, "average")
    assert sum(1 for ln in lines if ln.startswith(("choose ", "pre "))) >= 300
    assert any(ln.startswith("pre ") for ln in lines)  # rescues offered (kendall, thibault)


def test_games_between_two_devices_run_the_same_in_micropython(lib):
    """senet.online on the page's interpreter: two pages play every rule set through the
    messages (with a dropped connection and a resync), refuse the same bad messages with
    the same words, write the same records, which verify; the invite codes are the same,
    Kendall's house rules included."""
    import senet

    lines = _same(lib, "online")
    games = len(senet.VARIANTS) + 1  # and Kendall with all its house rules
    assert sum(1 for ln in lines if ln.startswith("online ") and " True " in ln) == games
    assert all(ln.endswith("True True") for ln in lines if ln.startswith("synced "))
    assert all(ln.startswith("refused False ") for ln in lines if ln.startswith("refused "))
    assert lines.count("unchanged True") == games
    assert sum(1 for ln in lines if ln.startswith("kept True True ")) == games
    assert sum(1 for ln in lines if ln.startswith("verify verified: ")) == games
    assert all(ln == "tampered mismatch" for ln in lines if ln.startswith("tampered "))
    assert all(ln.endswith("True True True") for ln in lines if ln.startswith("invite "))
    assert sum(1 for ln in lines if ln.startswith("invite kendall+five+start+trap+homerow ")) == 1
    assert "words Kendall rules, five pieces, starting with a 1, the trap on 27, the first row" in lines
    assert sum(1 for ln in lines if ln.startswith("code ")) == 10
    assert [ln.split()[2] for ln in lines if ln.startswith("qr ")] == ["21", "57"]  # versions 1 and 10


def test_glicko2_ratings_are_the_same_in_micropython(lib):
    """senet.rating on the page: Glickman's example and a seeded series of 150 games."""
    lines = _same(lib, "rating")
    assert lines[0] == "glickman 1464.0507 151.5165 0.0599960"
    assert sum(1 for ln in lines if ln.startswith("step ")) == 150


def test_the_profile_is_the_same_in_micropython(lib):
    """senet.profile on the page: the same ratings, the same text (keys sorted), the
    same loading of good, corrupt, newer and damaged profiles, the same practice."""
    lines = _same(lib, "profile")
    outcomes = {ln.split()[3] for ln in lines if ln.startswith("game ")}
    assert {"rated", "stand_in", "friend", "unfinished", "assisted"} <= {o.split(".")[-1] for o in outcomes}
    assert "again True []" in lines
    assert any(ln.startswith("practise ") and ln.endswith("False True") for ln in lines)
    assert [ln for ln in lines if ln.startswith(("refused", "load"))] == [
        "refused profile.problem.corrupt", "refused profile.problem.corrupt", "refused profile.problem.newer",
        "load ['profile.problem.part_dropped']"]


def test_games_by_correspondence_run_the_same_in_micropython(lib):
    """senet.online.corr and share on the page's interpreter: Kendall and Bell played to
    the end by links only, the same refusals (a cut link, a changed character, a changed
    contribution named by its throw, a link opened twice) changing nothing, saves that
    load back, records that verify, and games shared as links that come back."""
    lines = _same(lib, "corr")
    assert sum(1 for ln in lines if ln.startswith("corr ") and " True " in ln) == 2
    assert lines.count("verify verified") == 2
    assert all(ln.endswith(" True") for ln in lines if ln.startswith(("refused ", "kept ")))
    assert all(" corr.link.cut corr.link.changed" in ln for ln in lines if ln.startswith("refused "))
    assert sum(1 for ln in lines if ln.startswith("twice ") and " corr.already " in ln) == 2
    assert all(ln.endswith("True True") for ln in lines if ln.startswith("shared "))
