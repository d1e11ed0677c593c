"""The boundary for the browser's refusals (app/platform/guard.js and guard.py) under
MicroPython 1.27, the page's interpreter, in Node (tools/mpy_run.mjs --js).

tests/app/refusals.mjs throws what a browser throws: QuotaExceededError from a full
storage, SecurityError from the getter of a blocked window.localStorage, NotAllowedError
from a refused clipboard. Without the guard such an error passes straight through
Python's ``except`` and stops the script (the first test shows it: this is why the page
needs the guard); through the guard it reaches Python as a value, then as guard.Refused,
which ``except`` catches, and Python goes on. The last test plays a game whose storage
fills up and comes back, through app/storage's LocalStorage over a JavaScript storage.
Needs Node.js and node_modules (`npm ci`); without them these tests fail, saying so.
"""

import json
import subprocess
from pathlib import Path

from mpy_paths import run_app_script

ROOT = Path(__file__).resolve().parents[2]
GUARD_JS = ROOT / "app" / "platform" / "guard.js"
REFUSALS_JS = Path(__file__).with_name("refusals.mjs")


def run_micropython(tmp_path: Path, script: str, modules=(GUARD_JS, REFUSALS_JS)) -> subprocess.CompletedProcess:
    """``script`` under MicroPython in Node with guard.js and refusals.mjs (mpy_paths.run_app_script)."""
    return run_app_script(tmp_path, script, modules)


def test_without_the_guard_a_thrown_javascript_error_passes_through_pythons_except(tmp_path):
    """The platform's fact the guard exists for: ``except Exception`` (or BaseException)
    never sees it, and the script stops at the call."""
    done = run_micropython(tmp_path, """
import js
try:
    js.refusals.full()
except BaseException:
    print("caught")
print("went on")
""")
    assert done.returncode == 1
    assert "caught" not in done.stdout and "went on" not in done.stdout
    assert "The quota has been exceeded." in done.stderr


def test_through_the_guard_a_thrown_javascript_error_reaches_python_as_a_value(tmp_path):
    done = run_micropython(tmp_path, """
import asyncio
import js
from app.platform import guard

r = js.refusals
print("present", guard.present())
answer = js.senetGuard.call(r, "full")  # the value guard.js hands back
print("value", answer.ok, answer.name, answer.message)
for what, attempt in (("call", lambda: guard.call(r, "full")), ("get", lambda: guard.get(r, "blocked")),
                      ("type", lambda: guard.call(r, "plain")), ("absent", lambda: guard.call(r, "absent")),
                      ("construct", lambda: guard.construct(r.fine, 1))):
    try:
        attempt()
        print(what, "no refusal")
    except Exception as exc:  # guard.Refused: a Python exception, caught as any other
        print(what, type(exc).__name__, exc.name, exc.message)
print("fine", guard.call(r, "fine", 2, 3), guard.get(r, "fine") is not None)

async def later():
    try:
        await guard.later(r, "denied")
        print("later no refusal")
    except guard.Refused as exc:
        print("later", exc.name, exc.message)
    try:
        await guard.later(r, "absent")
    except guard.Refused as exc:
        print("later absent", exc.name)
    print("granted", await guard.later(r, "granted", "it"))
    print("done")

asyncio.create_task(later())
""")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:8] == [
        "present True",
        "value False QuotaExceededError The quota has been exceeded.",
        "call Refused QuotaExceededError The quota has been exceeded.",
        "get Refused SecurityError Access is denied for this document.",
        "type Refused TypeError not a function",
        "absent Refused TypeError target[name] is not a function",
        "construct Refused TypeError Class is not a constructor",
        "fine 5 True",
    ]
    assert lines[8:] == ["later NotAllowedError Write permission denied.", "later absent TypeError",
                         "granted copied it", "done"]


GAME_WITH_A_STORAGE_THAT_FILLS = """
import asyncio
import json
import js
from app_harness import View, no_sleep, play_as_human
from app.flow.controller import Controller, Setup
from app.storage.backends import LocalStorage, ScopedBackend
from app.storage.formats import SAVE_KEY, SETTINGS_KEY, STATS_KEY, parse_game
from app.storage.policy import SavePolicy
from app.storage.store import SavedGame, Settings, Store

ls = js.refusals.storage(2400)  # room for the first few turns' saves only
store = Store(ScopedBackend(LocalStorage(ls), ""))
policy = SavePolicy(store, store.load_settings())
news = []

def autosave(ctl):
    policy.autosave(SavedGame(ctl.table.session, None, ctl.table.counted, ctl.table.game_id))
    said = policy.saving_news()
    if said is not None:
        news.append([len(ctl.table.game.entries), said])

def on_result(session):
    policy.count_result(session, {1: 0, 2: 0, 3: 0, 4: 0, 0: 0})

async def go():
    setup = Setup("kendall", ("average", "human"), seed=11, speed="instant")
    ctl = Controller(View(), setup=setup, sleep=no_sleep, autosave=autosave, on_result=on_result)
    ctl.start()
    over = await play_as_human(ctl, 3000)
    stored = parse_game(ls.getItem(SAVE_KEY))
    policy.set_settings(Settings(speed="fast"))  # refused too: it waits with the game
    out = {"over": over, "entries": len(ctl.table.game.entries),
           "stored_entries": len(stored.session.game.entries), "unsaved": store.unsaved,
           "stats_stored": ls.getItem(STATS_KEY), "stats_shown": policy.store.load_stats()["results"]}
    ls.room = 100000  # room again: the next write writes what waited
    autosave(ctl)
    again = parse_game(ls.getItem(SAVE_KEY))
    out.update(news=news, unsaved_after=store.unsaved, stored_after=len(again.session.game.entries),
               same_game=again.session.record_text() == ctl.table.session.record_text(),
               settings=json.loads(ls.getItem(SETTINGS_KEY))["speed"],
               stats_after=json.loads(ls.getItem(STATS_KEY))["results"])
    print("<<<" + json.dumps(out) + ">>>")

asyncio.create_task(go())
"""


def test_a_game_plays_to_its_end_while_the_storage_is_full_and_is_saved_whole_once_there_is_room(tmp_path):
    """In MicroPython, over a JavaScript storage that throws QuotaExceededError: the game
    goes on to its end, the player is told once that games are not being saved and why,
    what was saved stays as it was (never less), the result and a setting wait in memory;
    once there is room the next save writes it all and the notice goes."""
    done = run_micropython(tmp_path, GAME_WITH_A_STORAGE_THAT_FILLS)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout[done.stdout.index("<<<") + 3:done.stdout.rindex(">>>")])
    assert out["over"] and out["entries"] > out["stored_entries"] > 0
    full = "the browser's storage for this site is full"
    assert out["unsaved"] == full
    (when, said), (back, unsaid) = out["news"]
    assert 0 < when < out["entries"] and said.startswith(f"Games are not being saved on this device: {full}.")
    assert back == out["entries"] and unsaid == ""  # told once, and unsaid once saving works again
    assert out["stats_stored"] is None and sum(out["stats_shown"]["kendall/average"].values()) == 1
    assert out["unsaved_after"] is None and out["same_game"] and out["stored_after"] == out["entries"]
    assert out["settings"] == "fast" and out["stats_after"] == out["stats_shown"]
