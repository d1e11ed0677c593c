"""The page's DOM-free modules under MicroPython 1.27 (the page's interpreter), in Node.

tests/app/mpy_app_driver.py drives app/flow/controller.py and app/storage/store.py (and the
modules they import), with tests/app/app_harness.py, the same way here in CPython
and under MicroPython through tools/mpy_run.mjs; the two must agree: the same messages and record for a game between
two people, saved games and settings that each reads from the other, the URL read as
urllib.parse.parse_qs reads it. Needs Node.js and `npm ci` (node_modules): without them
the tests fail, saying so.
"""

import json
import shutil
import subprocess
from pathlib import Path
from urllib.parse import parse_qs

import app_harness
import mpy_app_driver
import pytest
from app_harness import run_async

import senet
from app.flow import tutorial
from app.flow.setup import parse_query
from app.flow.turn_loop import fallback_broken
from senet.throws import COMMIT, ThrowGenerator

ROOT = Path(__file__).resolve().parents[2]

# The page's Python modules, as page.pack ships them (tools/build.py takes the package app/
# but these; the drawing and the DOM handlers need the browser and are not run here).
NOT_RUN_HERE = ("main.py", "boot/page.py", "boot/progress_page.py", "dialogs/progress.py", "boot/dom.py", "input/board.py", "dialogs/new_game.py",
                "dialogs/record.py", "dialogs/settings.py", "dialogs/backup.py", "view/view.py", "view/board.py",
                "view/controls.py", "view/panels.py", "worker/worker.py", "worker/link.py")
APP_MODULES = tuple(sorted(p.relative_to(ROOT / "app").as_posix() for p in (ROOT / "app").rglob("*.py")
                           if "__pycache__" not in p.parts and p.relative_to(ROOT / "app").as_posix() not in NOT_RUN_HERE))
MPY = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"

QUERIES = [
    "?variant=kendall&white=expert&black=human&seed=7&speed=instant",
    "?seed=340282366920938463463374607431768211455&white_name=Ann+Lee&black_name=B%C3%A9atrice",
    "white=novice&white=average&seed=-3&speed=",
    "?black_name=%E2%82&white_name=%zz%4%&variant=TAIT",
    "?position=" + senet.get_rules("tait").start().position().replace(" ", "+") + "&expert_nodes=5000",
    "?a=1&&b&=x&seed=%31%32&expert_nodes=99",
    "?white_name=%F0%9F%98%80%F0%9F%98&black_name=%C3%A9%C3&seed=1_000",
    "",
]


def expected_params(query: str) -> dict:
    return {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}


def test_the_query_parser_reads_as_urllib_does():
    for query in QUERIES:
        assert parse_query(query) == expected_params(query), query


def run_micropython(tmp_path: Path, script: str) -> str:
    if shutil.which("node") is None:
        pytest.fail("Node.js is not installed: it runs MicroPython for these tests (see docs/build.md)")
    if not MPY.is_file():
        pytest.fail(f"MicroPython is missing ({MPY.relative_to(ROOT)}): run `npm ci` in the repository")
    lib = tmp_path / "lib"
    shutil.copytree(ROOT / "senet", lib / "senet", ignore=shutil.ignore_patterns("__pycache__"))
    for name in APP_MODULES:
        (lib / "app" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / "app" / name, lib / "app" / name)
    for module in (mpy_app_driver, app_harness):
        shutil.copyfile(Path(module.__file__), lib / Path(module.__file__).name)
    path = tmp_path / "main.py"
    path.write_text(script, encoding="utf-8")
    done = subprocess.run(["node", str(ROOT / "tools" / "mpy_run.mjs"), "--path", str(lib), str(path)],
                          capture_output=True, text=True, encoding="utf-8", timeout=300, cwd=ROOT)
    assert done.returncode == 0, f"MicroPython failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    """The driver's results in CPython, then in MicroPython given CPython's saved data."""
    mine = json.loads(json.dumps(run_async(mpy_app_driver.run({"queries": QUERIES}))))  # as JSON, like theirs
    inputs = {"queries": QUERIES, "theirs": mine["storage"]["data"]}
    script = f"import mpy_app_driver\nmpy_app_driver.main_micropython({json.dumps(json.dumps(inputs))})\n"
    out = run_micropython(tmp_path_factory.mktemp("mpy"), script)
    start, end = out.find("<<<"), out.rfind(">>>")
    assert 0 <= start < end, f"MicroPython printed no result (an exception in a task?):\n{out[-3000:]}"
    theirs = json.loads(out[start + 3:end])
    return mine, theirs, mpy_app_driver.read_saved(theirs["storage"]["data"])  # CPython reading MicroPython's


def test_micropython_ran_it(both):
    mine, theirs, _ = both
    assert mine["implementation"] == "cpython" and theirs["implementation"] == "micropython"


def test_a_game_between_two_people_goes_the_same_way(both):
    mine, theirs, _ = both
    humans = mine["humans"]
    assert humans["actions"] >= 20 and humans["notices"] == [] and humans["errors"] == []
    assert humans["undo"][0] and humans["undo"][2]
    for key in ("messages", "position", "record", "pieces", "actions", "game_id", "undo"):
        assert theirs["humans"][key] == humans[key], key
    again = humans["again"]
    assert 2**64 < again["seed"] < 2**128  # a new game's seed is wide
    assert again["setup"]["seed"] is None and again["setup"]["names"] == ["Ann", "Bé"]
    assert theirs["humans"]["again"] == again


def parsed(data: dict) -> dict:
    return {key: json.loads(value) for key, value in data.items()}


def test_saved_games_and_settings_cross_between_interpreters(both):
    mine, theirs, mine_reading = both
    for side in (mine, theirs):
        assert side["storage"]["saved"] == [True, True]
        assert side["storage"]["own"] == [True, 5000, mine["humans"]["again"]["game_id"], 1_700_000_000_250,
                                          True, True, False]
    # the same JSON written by either (MicroPython's dicts keep no order: the keys may come in another)
    assert parsed(theirs["storage"]["data"]) == parsed(mine["storage"]["data"])
    read = theirs["storage"]["theirs"]  # MicroPython reading CPython's
    assert read["record"] == mine["humans"]["again"]["record"]
    assert read["expert_nodes"] == 5000 and read["saved_at"] == 1_700_000_000_250
    assert read["game_id"] == mine["humans"]["again"]["game_id"]
    assert read["settings"] == {"speed": "fast", "hints": True, "meter": False, "highlight": True,
                                "sound": None, "volume": 60, "replay_speed": "1", "tutorial": None,
                                "no_takebacks": False, "theme": "system"}
    assert read["problems"] == [] and read["kept"] == []
    assert mine_reading == read  # CPython reading MicroPython's: the same


def test_the_url_is_read_the_same_way(both):
    mine, theirs, _ = both
    for query, found in zip(QUERIES, theirs["queries"]):
        assert found[0] == expected_params(query), query
    assert theirs["queries"] == mine["queries"]
    wide = mine["queries"][1][1]
    assert wide["seed"] == 2**128 - 1 and wide["names"] == ["Ann Lee", "Béatrice"]
    assert "the seed must be a whole number of at most 100 digits, not '-3'" in mine["queries"][2][2]


def test_a_computer_without_a_worker_still_plays(both):
    mine, theirs, _ = both
    assert mine["no_worker"]["notices"] == [] and mine["no_worker"]["fallback_error"] is None
    result = theirs["no_worker"]
    assert result["actions"] >= 20
    if result["fallback_error"] is not None:  # senet.ai does not run under MicroPython (yet)
        assert result["notices"] == [fallback_broken(result["fallback_error"])]
    else:
        assert result["notices"] == []


def test_a_failing_worker_under_micropython(both):
    _, theirs, _ = both
    result = theirs["failing_worker"]
    assert result["asked"] == ["expert", "expert"] and result["worker_down"]
    assert result["actions"] >= 10
    first = result["notices"][0]
    assert first.startswith("The Expert player stopped working")
    if result["fallback_error"] is None:
        assert "Average chose this move" in first
    else:
        assert "the first possible move was played" in first and result["fallback_error"] in first
    assert "Until you choose Try again or reload the page" in result["notices"][-1]


def test_committed_throws_in_the_page_modules(both):
    """docs/fair-throws.md in the controller, storage and chart, CPython and MicroPython alike."""
    mine, theirs, _ = both
    fair = mine["fair"]
    assert theirs["fair"] == fair
    assert fair["before"]["editable"] and fair["before"]["seed"] == "" and len(fair["before"]["commit"]) == 64
    assert fair["offered"].count(" ") == 2  # three words offered
    assert fair["set"][0] is None and "control" in fair["set"][1] and fair["set"][2] == "my own words"
    assert fair["late"] == "The phrase is fixed once the first throw is made."
    assert "seed" not in fair["sealed_record"] and "phrase my own words" in fair["sealed_record"]
    assert fair["over"] and fair["after"]["seed"] and not fair["after"]["editable"]
    assert fair["verify"].startswith("Verified: ") and fair["after"]["commit"] in fair["verify"]
    assert sum(v for _, v in fair["stored"]) > 20 and fair["chart"].count('class="bar"') == 5
    assert fair["words"]
    games, problems, quarantined = fair["corrupt"]
    assert games == 0 and "throw statistics could not be read" in problems[0] and len(quarantined) == 1
    # the New game dialog's phrase: offered, checked (the length in characters, not bytes)
    offered = fair["dialog_offered"]
    assert offered["phrase"].count(" ") == 2 and len(offered["commit"]) == 64
    (fine, _), (sixty, _), (long, too_long), (_, override), (_, tab), (empty, _) = fair["dialog"]
    assert fine["phrase"] == "sun\u00e9 over\u00e9" and fine["names"] == ["Ann", ""]
    assert sixty["phrase"] == "\u00e9" * 60 and long is None
    assert too_long == "The phrase has at most 60 characters, this one has 61."
    assert "U+202E" in override and "U+0009" in tab and empty["phrase"] == ""
    phrase, seed, first, commit = fair["dialog_game"]
    assert phrase == "ra and nut" and first == ThrowGenerator(seed, 0, COMMIT, phrase).throw(5)
    assert commit == offered["commit"] and fine["seed"] == seed  # the seed the dialog committed to
def test_the_tutorial_plays_the_same_way_and_leaves_the_game_as_it_was(both):
    """app/flow/tutorial.py is a page module: under MicroPython it plays every lesson to its
    end, with the same words and positions as in CPython, and the game in progress
    comes back untouched."""
    mine, theirs, _ = both
    walk = mine["tutorial"]
    assert [step[0] for step in walk["steps"]] == [lesson.key for lesson in tutorial.LESSONS]
    assert [step[1] for step in walk["steps"]] == [lesson.ends for lesson in tutorial.LESSONS]
    assert walk["same"] is True and walk["saves"] == 0
    assert "Tait" in walk["steps"][-1][2]  # the last lesson says what differs in the player's rule set
    assert theirs["tutorial"] == walk


def test_the_save_policy_and_the_button_table_run_the_same_way(both):
    """app/storage/policy.py (two tabs on one storage) and app/input/actions.py under MicroPython."""
    mine, theirs, _ = both
    tabs = mine["tabs"]
    assert tabs["a"] == [None, False] and tabs["b"][1] is True and tabs["b"][0].startswith("Another tab had saved")
    assert tabs["b_again"] == [None, False] and tabs["resume_key"].startswith("senet:save:other:")
    assert tabs["event"][0] is not None and tabs["event"][1] is None  # A is told of B's game; B knows its own
    assert tabs["back"][:2] == ["tab-a", "tab-b"] and tabs["back"][2][1] is True
    assert tabs["tutorial"] == "finished"
    assert tabs["dispatch"] == [True, False, ["ctl.history.undo", "view.restore_focus"]]
    assert theirs["tabs"] == tabs
