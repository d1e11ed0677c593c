"""The page boots: MicroPython on the page at once, the Pyodide worker only when a game
needs it, everything from this site (issue "Instant start", docs/app.md)."""

import gzip
import html
import importlib.util
import json
import re
import tomllib

import boot_order  # tools/boot_order.py
import pytest
from conftest import CLICK_PASS, HUMAN_TURN, ROOT, wait_app_ready
from helpers import human_step

from senet.words import read_catalog

_spec = importlib.util.spec_from_file_location("app_pack", ROOT / "app" / "platform" / "pack.py")  # page.pack's format
app_pack = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(app_pack)

WORKER_TIMEOUT_MS = 180_000
READY_MS = "() => performance.getEntriesByName('senet:ready')[0].startTime"
WORKER_UP = "() => (document.documentElement.dataset.worker || '').includes('kendall')"
# (the Expert's decisions from its opening book, "senet:book", come whenever its first turn does)
MARKS = """() => performance.getEntriesByType('mark').map(m => m.name)
  .filter(n => n.startsWith('senet:') && n !== 'senet:book')"""
# Records every text the prompt and the player cards show, and every data-worker value,
# in the order they happened (an order of events, not a clock).
EVENT_LOG = """
window.__events = [];
new MutationObserver(() => {
  const root = document.documentElement;
  const prompt = document.getElementById('prompt');
  const last = window.__events[window.__events.length - 1];
  const now = 'worker=' + (root.dataset.worker || '') + ' prompt=' + (prompt ? prompt.textContent : '');
  if (now !== last) window.__events.push(now);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true,
                      attributeFilter: ['data-worker']});
"""


# Every side to act the board has shown since this ran (window.__sides).
SIDES_SEEN = """() => {
  window.__sides = [];
  const board = document.getElementById('board');
  const seen = () => window.__sides.push(board.dataset.position.split(' ')[2]);
  seen();
  new MutationObserver(seen).observe(board, {attributes: true, attributeFilter: ['data-position']});
}"""


# What the page showed at the very moment it said ready.
READY_SNAPSHOT = """
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root.dataset.ready !== 'true') return;
  window.__atReady = {worker: root.dataset.worker,
                      throwEnabled: !document.querySelector('[data-action="throw"]').disabled};
  observer.disconnect();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""


def _boot(page, url):
    page.goto(url)
    # The static skeleton is there before Python starts.
    assert page.locator("#board rect.square").count() == 30
    wait_app_ready(page)
    data = page.evaluate("() => ({...document.documentElement.dataset})")
    assert data["ready"] == "true"
    return data, page.evaluate(READY_MS)


@pytest.mark.parametrize("where", ["root", "subpath"])
def test_page_is_ready_before_the_worker_and_the_worker_follows(where, page, server, serve_dist,
                                                                 browser_log, record_timing):
    url = server.url if where == "root" else serve_dist("/senet/").url
    data, cold_ms = _boot(page, url + "?variant=kendall&white=human&black=expert&seed=5")
    record_timing(f"ready, cold, {where} ({url})", cold_ms)
    # Ready did not wait for Pyodide: the page's interpreter is MicroPython, and the
    # worker (the Expert's) was started only after the board became live.
    assert data["worker"] in ("starting", data["variants"])
    # MicroPython's WebAssembly and the page's bytecode, gzipped; not their plain twins
    for twin in ("/vendor/micropython/micropython.wasm.gz", "/page.pack.gz"):
        assert any(u.endswith(twin) for u in browser_log.requests)
        assert not any(u.endswith(twin[:-3]) for u in browser_log.requests)

    # The worker answers with the engine's variants, the same as the page sees.
    page.wait_for_function(WORKER_UP, timeout=WORKER_TIMEOUT_MS)
    data = page.evaluate("() => ({...document.documentElement.dataset})")
    assert data["worker"] == data["variants"]
    assert "kendall" in data["variants"].split(",")
    assert page.evaluate(MARKS) == ["senet:start-asked", "senet:boot", "senet:ready", "senet:worker"]
    # The vendored Pyodide was used in the worker, not a CDN copy.
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm.zst") for u in browser_log.requests)
    assert browser_log.errors == []

    if where == "root":
        page.reload()  # the same game resumes: its Expert seat needs the worker again
        _, warm_ms = _boot(page, url)
        record_timing(f"ready, warm reload, {where}", warm_ms)
        assert browser_log.errors == []


@pytest.mark.parametrize("opponent", ["human", "average"])
def test_people_novice_and_average_need_no_worker(opponent, page, server, browser_log):
    """A game between two humans, or against Average (or Novice: both decide on the page),
    never starts Pyodide: the page and its workers fetch none of it."""
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))  # the page and its workers
    _boot(page, server.url + f"?variant=kendall&white={opponent}&black=human&seed=5&speed=instant")
    page.click('[data-action="throw"]')  # black throws first in Kendall
    page.locator('[data-movable="true"], [data-action="pass"]:visible').first.wait_for()
    # A reload resumes the same game between people: still no worker.
    if opponent != "human":  # the human plays on until the computer (white) has acted
        page.evaluate(SIDES_SEEN)
        for _ in range(20):
            if page.evaluate("window.__sides.includes('w')"):
                break
            page.wait_for_function(HUMAN_TURN)
            if page.locator('[data-action="throw"]').is_enabled():
                page.click('[data-action="throw"]')
            elif page.locator('[data-action="pass"]').is_visible():
                page.evaluate(CLICK_PASS)
            elif page.locator('[data-movable="true"]').count():
                page.locator('[data-movable="true"]').first.click()
                if page.locator('[data-target="true"]').count():
                    page.locator('[data-target="true"]').first.click()
        page.wait_for_function(HUMAN_TURN)
        assert page.evaluate("window.__sides.includes('w')")
    page.reload()
    _boot(page, server.url)
    assert page.evaluate("document.documentElement.dataset.worker") == "off"
    assert any(u.endswith("/vendor/micropython/micropython.wasm.gz") for u in fetched)
    assert not [u for u in fetched if "/vendor/pyodide/" in u or u.endswith("/worker.py")]
    assert browser_log.errors == []


def test_the_board_is_live_before_the_worker_is_asked_for(page, server, browser_log):
    """At the moment the page says ready, the throw button already works and the worker
    has not even been started: a human can throw and move at once."""
    page.add_init_script(READY_SNAPSHOT)
    # Kendall: black (the human) acts first; white is the Expert (in the worker).
    _boot(page, server.url + "?variant=kendall&white=expert&black=human&seed=11&speed=instant")
    at_ready = page.evaluate("window.__atReady")
    # (the observer runs just after the page's script, which has then asked for the worker)
    assert at_ready == {"worker": "off", "throwEnabled": True} or \
        at_ready == {"worker": "starting", "throwEnabled": True}
    before = page.get_attribute("#board", "data-position")
    page.click('[data-action="throw"]')
    page.locator('[data-movable="true"], [data-action="pass"]:visible').first.wait_for()
    if page.locator('[data-action="pass"]').is_visible():
        page.evaluate(CLICK_PASS)  # a lost throw also passes by itself: a late click does nothing
    else:
        page.locator('[data-movable="true"]').first.click()
    page.wait_for_function("old => document.getElementById('board').dataset.position !== old", arg=before)
    assert browser_log.errors == []


def test_an_expert_seat_gets_ready_then_plays(page, server, browser_log):
    """The Expert acts first; while its worker boots it says it is getting ready, and
    it plays as soon as the worker answers."""
    page.add_init_script(EVENT_LOG)
    # Kendall: black (the Expert) acts first; seed 2 gives it a throw with 7 legal moves.
    _boot(page, server.url + "?variant=kendall&white=human&black=expert&seed=2&speed=instant")
    page.wait_for_function(WORKER_UP, timeout=WORKER_TIMEOUT_MS)
    page.wait_for_function("() => document.getElementById('prompt').textContent.startsWith('Your turn')"
                           " || document.querySelector('#board[data-winner]')", timeout=WORKER_TIMEOUT_MS)
    events = page.evaluate("window.__events")
    first_up = next(i for i, e in enumerate(events) if "kendall" in e.split(" prompt=")[0])
    waiting = [i for i, e in enumerate(events) if "Expert is getting ready" in e]
    assert waiting and waiting[0] < first_up, events
    assert not any("getting ready" in e for e in events[first_up:]), events
    assert browser_log.errors == []


# When app/boot/start.js asked for the start, and when the first paint came (ms since navigation).
ASKED_AND_PAINTED = """() => [performance.getEntriesByName('senet:start-asked')[0].startTime,
                             performance.getEntriesByName('first-contentful-paint')[0].startTime]"""


def test_a_first_visit_asks_for_its_whole_start_at_once_after_its_first_paint_and_each_file_once(
        page, server, dist_dir, browser_log):
    """A first visit: every file of the start's chain (PyScript's chunks, MicroPython, its
    WebAssembly, the page's pack and main.py) and every module script of the page is asked
    for once the first paint is on the screen, all in the one step of app/boot/start.js that
    ends with its mark, and only once: each preload's answer is the one PyScript and
    MicroPython use (a preload whose request differed, in its mode or its credentials,
    would be fetched a second time). The build names them on start.js's tag."""
    import build

    modules, fetched = build.start_chain(dist_dir)
    assert "./app/main.py" in fetched and "./vendor/micropython/micropython.wasm" not in fetched  # its twin
    assert any(url.startswith("./vendor/pyscript/core-") for url in modules)
    tag = re.search(r'<script src="\./app/start\.js"([^>]*)>', (dist_dir / "index.html").read_text()).group(1)
    scripts = re.search(r'data-modules="([^"]*)"', tag).group(1).split()
    assert scripts[0] == "./vendor/pyscript/core.js" and "./app/later.js" in scripts
    assert f'data-preload-fetched="{" ".join(fetched)}"' in tag
    _boot(page, server.url + "?variant=kendall&white=average&black=human")
    asked, painted = page.evaluate(ASKED_AND_PAINTED)
    assert painted <= asked
    requests = page.evaluate("() => performance.getEntriesByType('resource')"
                             ".map(e => [new URL(e.name).pathname, e.startTime])")
    # fetched gzipped, unpacked by the browser
    placed = [url + ".gz" for url in (*build.PLACED, build.UNZIPPED_WASM)]
    assert placed == ["./page.pack.gz", "./vendor/micropython/micropython.wasm.gz"] and "./page.pack" not in fetched
    assert f'data-wasm="{build.UNZIPPED_WASM}"' in tag
    for url in scripts + modules + fetched + placed:
        path = "/" + url.removeprefix("./")
        # The page's own requests (the service worker, once it installs, asks for the
        # shell's files again for its cache: those are not the page's).
        starts = [start for name, start in requests if name == path]
        assert len(starts) == 1 and painted <= starts[0] <= asked, (url, starts, painted, asked)
    # PyScript's plugins that pyscript.toml leaves out ("!name") are neither asked for by
    # the start nor by PyScript itself (index.html's <py-config> leaves them out of Pyodide's type too)
    left_out = [name[1:] for name in tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]]
    assert "py-editor" in left_out and "error" not in left_out
    pyscript = [name for name, _ in requests if name.startswith("/vendor/pyscript/")]
    assert any(name.startswith("/vendor/pyscript/error-") for name in pyscript)
    assert not [name for name in pyscript if any(name.startswith(f"/vendor/pyscript/{p}-") for p in left_out)]
    assert browser_log.errors == []


def test_a_browser_without_decompression_streams_places_the_plain_pack(page, server, browser_log):
    """app/boot/start.js fetches page.pack and MicroPython's WebAssembly gzipped and unpacks
    them with DecompressionStream; a browser without it asks for the plain files, and the
    page boots and plays the same."""
    page.add_init_script("delete window.DecompressionStream")
    _boot(page, server.url + "?variant=kendall&white=human&black=human&seed=3")
    # the page's own requests (the service worker, once it installs, precaches the twins)
    paths = page.evaluate("() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
    for plain in ("/page.pack", "/vendor/micropython/micropython.wasm"):
        assert any(p.endswith(plain) for p in paths) and not any(p.endswith(plain + ".gz") for p in paths)
    before = page.evaluate("document.getElementById('board').dataset.position")
    assert human_step(page) == "throw"  # the engine and the page's modules, from the plain pack
    assert page.evaluate("document.getElementById('board').dataset.position") != before
    assert browser_log.errors == []


def _answer(answer):
    return lambda route: route.fulfill(**answer)


def test_a_webassembly_twin_that_fails_leaves_micropython_the_plain_file(guarded_context, server):
    """When micropython.wasm.gz is refused (a host that lost it), or comes damaged,
    MicroPython's own request goes to the plain WebAssembly: the page boots and plays.
    (A profile of its own without a service worker, which would answer from its cache.)"""
    for broken in ({"status": 404, "body": "gone"}, {"status": 200, "body": b"\x1f\x8b not gzip at all"}):
        context, log = guarded_context(service_workers="block")
        page = context.new_page()
        page.route("**/micropython.wasm.gz", _answer(broken))
        _boot(page, server.url + "?variant=kendall&white=human&black=human&seed=3")
        paths = page.evaluate("() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
        assert [p for p in paths if "/micropython.wasm" in p] == ["/vendor/micropython/micropython.wasm.gz",
                                                                   "/vendor/micropython/micropython.wasm"]
        before = page.evaluate("document.getElementById('board').dataset.position")
        assert human_step(page) == "throw"
        assert page.evaluate("document.getElementById('board').dataset.position") != before
        assert [e for e in log.errors if "micropython.wasm.gz" not in e and "404" not in e] == []
        log.errors.clear()


def test_a_page_hidden_as_it_loads_asks_for_its_start_at_once(page, server, browser_log):
    """A page that is hidden when app/boot/start.js runs (a tab opened in the background) has no
    paint to wait for: it asks for its start while its head is read, before the first
    paint (here the page only says it is hidden), and boots."""
    page.add_init_script("Object.defineProperty(Document.prototype, 'visibilityState', {get: () => 'hidden'})")
    _boot(page, server.url + "?variant=kendall&white=human&black=human")
    asked, painted = page.evaluate(ASKED_AND_PAINTED)
    assert asked < painted
    assert browser_log.errors == []


def test_page_bundle_holds_every_page_module_as_bytecode(dist_dir):
    """The page's MicroPython gets page.pack (app/boot/start.js places it, fetched gzipped):
    every module app/main.py can import, from app/ and from the engine, compiled to .mpy; the
    worker (app/worker/players.js) loads Pyodide and the engine's sources."""
    page = tomllib.loads((ROOT / "pyscript.toml").read_text())
    worker = (dist_dir / "app" / "players.js").read_text()
    assert page["interpreter"] == "./vendor/micropython/micropython.mjs"
    assert page["files"] == {"./app/pack.mpy": "./pack.mpy"}
    assert gzip.decompress((dist_dir / "page.pack.gz").read_bytes()) == (dist_dir / "page.pack").read_bytes()
    placed = re.search(r'data-placed="([^"]*)"', (dist_dir / "index.fr.html").read_text()).group(1).split()
    assert placed == ["./page.pack", "./words/fr.json"]  # a copy's catalog placed with the pack
    assert (dist_dir / "app" / "pack.mpy").read_bytes()[:2] == b"M\x06"  # its reader, as bytecode too
    assert 'from "../vendor/pyodide/pyodide.mjs";' in worker
    assert 'bytesOf("../senet.zip")' in worker and (dist_dir / "senet.zip").is_file()
    # the built page carries the same config inline (no pyscript.toml to fetch and parse)
    built = re.search(r'<script type="mpy" src="./app/main.py" config="([^"]*)">',
                      (dist_dir / "index.html").read_text()).group(1)
    assert json.loads(html.unescape(built)) == page
    packed = dict(app_pack.read((dist_dir / "page.pack").read_bytes()))
    # the catalogs of words, compiled to JSON (senet/words/*.po; tools/build.py)
    catalogs = {name for name in packed if name.startswith("senet/words/") and name.endswith(".json")}
    assert "senet/words/en.json" in catalogs
    assert read_catalog(bytes(packed["senet/words/en.json"]).decode())["messages"]["side.w"] == "white"
    # the order of the page's imports at its start (tools/boot_order.py): every one in the pack
    order = json.loads(bytes(packed.pop("boot-order.json")))["page"]
    assert "app.view.view" in order and "app.dialogs.settings" not in order  # a part: after the first paint
    assert all(name.replace(".", "/") + ".mpy" in packed or name.replace(".", "/") + "/__init__.mpy" in packed
               for name in order)
    # the parts' modules the first paint does not import: in parts.pack (fetched when the
    # first part is asked for), gzipped beside it, and in no other pack
    later = dict(app_pack.read((dist_dir / "parts.pack").read_bytes()))
    assert gzip.decompress((dist_dir / "parts.pack.gz").read_bytes()) == (dist_dir / "parts.pack").read_bytes()
    named = {boot_order.pack_path(name) for name in boot_order.later_modules()}
    assert named <= set(later) and {"senet/online/__init__.mpy", "senet/online/qr.mpy"} <= set(later)
    assert all(path in named or path.startswith(("senet/online/", "app/dialogs/", "app/online/")) for path in later)
    assert {"app/dialogs/settings.mpy", "app/dialogs/corr.mpy", "app/flow/tutorial.mpy"} <= set(later)
    assert not set(later) & set(packed) and not {n.replace(".", "/") + ".mpy" for n in order} & set(later)
    assert "app/view/review_view.mpy" in later and "app/view/__init__.mpy" in packed  # a package in both packs
    packed.update(later)
    bundled = set(packed) - catalogs
    # MicroPython bytecode: "M", version 6 (MicroPython 1.27)
    assert all(bytes(packed[name][:2]) == b"M\x06" for name in bundled)
    assert all(name.endswith(".mpy") for name in bundled)
    local = {p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
             for p in (ROOT / "app").rglob("*.py")}
    todo, seen = ["app.main"], set()
    while todo:
        name = todo.pop()
        seen.add(name)
        source = (ROOT / (name.replace(".", "/") + ".py")).read_text()
        for mod, names, plain in re.findall(r"^\s*(?:from ([\w.]+) import ([\w, ]+)|import ([\w.]+))", source, re.M):
            mod = mod or plain
            if mod == "pack":
                mod = "app.platform.pack"
            candidates = [mod] + [f"{mod}.{n.strip()}" for n in names.split(",") if n.strip()]
            for dotted in candidates:
                parts = dotted.split(".")
                for i in range(2, len(parts) + 1):  # the packages on the way are imported too
                    prefix = ".".join(parts[:i])
                    for module in (prefix, prefix + ".__init__"):
                        if module in local and module not in seen:
                            todo.append(module)
                            seen.add(module)
    assert "app.platform.pack" in seen  # pack.mpy of the page's [files], it mounts the rest
    needed = {name.replace(".", "/") + ".mpy" for name in seen - {"app.main", "app.platform.pack"}}
    needed |= {"senet/__init__.mpy", "senet/game.mpy", "senet/variants/bell.mpy",
               "senet/ai/__init__.mpy", "senet/ai/players.mpy"}  # the engine, and the page's stand-in players
    assert needed <= bundled, sorted(needed - bundled)
    assert "worker.mpy" not in bundled and "main.mpy" not in bundled and "pack.mpy" not in bundled
    # the reader of the data files comes with the parts, for the Expert's opening book
    # (senet/book.py); the stand-in players with the start (Average's first turn needs them)
    assert {"senet/datafile.mpy", "senet/book.mpy"} <= set(later) and "senet/ai/players.mpy" not in later
    assert "senet/ai/network.mpy" in bundled


def test_subpath_server_hides_the_root(serve_dist, page):
    """Guards the guard: under /senet/ nothing is served at /, like GitHub Pages' /REPO/."""
    srv = serve_dist("/senet/")
    assert page.request.get(srv.origin + "/index.html").status == 404
    assert page.request.get(srv.url + "index.html").status == 200


# Every moment the browser ran a task of its own (a zero-delay timer that re-arms itself),
# from before the page's scripts start until Python says ready.
TICKS = """
window.__ticks = [];
const tick = () => {
  window.__ticks.push(performance.now());
  const root = document.documentElement;  // none yet at the very start
  if (!root || root.dataset.ready !== 'true') setTimeout(tick, 0);
};
setTimeout(tick, 0);
"""


def test_the_boot_hands_the_browser_its_thread_between_steps(page, server, browser_log):
    """app/main.py's boot runs in several short tasks, not one long one: between its first
    mark and ready, the browser ran tasks of its own (an order of events, not a clock)."""
    page.add_init_script(TICKS)
    page.goto(server.url + "?variant=kendall&white=human&black=human")
    wait_app_ready(page)
    boot, ready = page.evaluate("""() => ['senet:boot', 'senet:ready'].map(
        name => performance.getEntriesByName(name)[0].startTime)""")
    ticks = page.evaluate("() => window.__ticks")
    assert boot < ready
    between = [t for t in ticks if boot < t < ready]
    # One is enough to show that boot and ready are not one task (the steps yield through
    # Python's asyncio, whose turns the browser interleaves with its timers as it likes).
    assert between, f"no browser task between boot ({boot}) and ready ({ready}); ticks: {ticks[-10:]}"


# Every CSS transition that starts on a piece of the board, from the page's first moment.
GLIDES = """
window.__glides = [];
document.addEventListener('transitionrun', (e) => {
  const piece = e.target.closest && e.target.closest('#board .piece');
  if (piece) window.__glides.push([piece.dataset.piece, e.propertyName, performance.now()]);
}, true);
"""


def test_the_pieces_stand_on_their_squares_from_the_first_drawing(page, server, browser_log):
    """The boot's steps never split making the pieces from placing them: a piece drawn
    once before it is placed would glide in from the board's corner. Until a first
    action, no piece of the board starts a transition (the next frames are waited for)."""
    page.add_init_script(GLIDES)
    page.goto(server.url + "?variant=kendall&white=human&black=human&speed=normal")
    wait_app_ready(page)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    assert page.locator("#board .piece").count() == 14  # Kendall: seven a side (K1)
    assert page.evaluate("window.__glides") == []
    # the check sees a glide when there is one: the first move of the game makes its piece glide
    page.click('[data-action="throw"]')
    page.locator('[data-movable="true"]').first.click()
    page.wait_for_function("window.__glides.length > 0")


def test_the_static_board_has_none_of_the_attributes_the_first_drawing_takes_as_absent():
    """app/view/board.py does not remove, on the page's first drawing, the attributes a
    square of index.html or a square number does not have (View._absent): so none may
    be there."""

    from app.view.board import SQUARE_SET

    board = (ROOT / "index.html").read_text()
    squares = re.findall(r"<rect [^>]*data-square=[^>]*>", board)
    assert len(squares) == 30
    for square in squares:
        assert not [name for name in SQUARE_SET if f" {name}=" in square], square
    numbers = board[board.index('<g class="numbers"'):]
    numbers = numbers[:numbers.index("</g>")]
    assert len(re.findall(r"<text\b", numbers)) == 30
    assert " class=" not in numbers.split(">", 1)[1]


# The parts loaded after the first paint (app/boot/parts.py): a click on Settings made the
# moment the page says ready, before any part is there (a MutationObserver runs before the
# page's next task), is kept and answered.
CLICK_AT_READY = """
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (root.dataset.ready !== 'true') return;
  observer.disconnect();
  window.__partsAtClick = root.dataset.parts || '';
  document.querySelector('[data-action="settings"]').click();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
"""


def test_a_click_made_before_its_part_is_loaded_is_answered(page, server, browser_log):
    page.add_init_script(CLICK_AT_READY)
    page.goto(server.url + "?variant=kendall&white=human&black=human&seed=5&speed=instant")
    wait_app_ready(page)
    page.wait_for_selector("#settings-dialog[open]")
    assert page.evaluate("window.__partsAtClick") == ""  # nothing was loaded when it was clicked
    assert "settings" in page.evaluate("document.documentElement.dataset.parts").split(",")
    page.keyboard.press("Escape")
    # the rest load in the background, every one of them
    # (app/boot/parts.py's MODULES: Progress, Correspondence and the opening book's reader
    # joined the first eight)
    every = ("new-game,settings,resign,record,play-here,tutorial,friend,review,progress,corr,book")
    page.wait_for_function("every => (document.documentElement.dataset.parts || '').split(',').sort().join()"
                           " === every.split(',').sort().join()", arg=every)
    page.click('[data-action="new-game"]')
    page.wait_for_selector("#new-game[open]")
    assert browser_log.errors == []


def test_a_part_that_cannot_load_is_said_and_the_game_goes_on(page, server, browser_log):
    page.goto(server.url + "?variant=kendall&white=human&black=human&seed=5&speed=instant&fail_part=settings")
    wait_app_ready(page)
    page.click('[data-action="settings"]')
    notice = page.locator("#notice-text")
    notice.wait_for()
    assert "could not be loaded" in notice.text_content()
    assert "settings" in notice.text_content()  # the error names the part
    assert page.locator("#settings-dialog[open]").count() == 0
    # the game is still playable: the first throw, then a move or a pass
    page.click('[data-action="throw"]')
    page.locator('[data-movable="true"], [data-action="pass"]:visible').first.wait_for()
    # and the other parts came all the same
    page.click('[data-action="new-game"]')
    page.wait_for_selector("#new-game[open]")
    assert [e for e in browser_log.errors if "could not be loaded" not in e] == []


def test_the_parts_pack_is_asked_for_once_while_the_page_imports_its_modules(page, server, browser_log):
    """parts.pack (gzipped) is asked for once page.pack is mounted, before ready, and only
    once: the parts added from it load in the background and a dialog opens."""
    _boot(page, server.url + "?variant=kendall&white=human&black=human&seed=5")
    page.wait_for_function("(document.documentElement.dataset.parts || '').split(',').length === 11")
    asked = page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(e => new URL(e.name).pathname.endsWith('.pack.gz'))
        .map(e => [new URL(e.name).pathname, e.startTime])""")
    ready = page.evaluate("performance.getEntriesByName('senet:ready')[0].startTime")
    assert [path for path, _ in asked] == ["/page.pack.gz", "/parts.pack.gz"]
    assert asked[0][1] < asked[1][1] < ready
    page.click('[data-action="settings"]')
    page.wait_for_selector("#settings-dialog[open]")
    assert browser_log.errors == []


def test_a_parts_pack_that_does_not_come_is_said_at_the_click_and_asked_for_again(guarded_context, server):
    """The parts' pack fails (the server refuses it): nothing is said until a click asks
    for a part, which says it could not be loaded; the game goes on, and once the server
    answers, the next click fetches the pack again and opens the dialog. (A context without
    a service worker: one that took control of the page would answer the pack from its
    precache, which its own request, unseen by ``page.route``, filled from the server.)"""
    context, browser_log = guarded_context(service_workers="block")
    page = context.new_page()
    failing = [True]

    def parts_pack(route):
        if failing[0]:
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()

    page.route("**/parts.pack*", parts_pack)
    _boot(page, server.url + "?variant=kendall&white=human&black=human&seed=5&speed=instant")
    page.click('[data-action="settings"]')
    notice = page.locator("#notice-text")
    notice.wait_for()
    assert "could not be loaded" in notice.text_content()
    assert page.locator("#settings-dialog[open]").count() == 0
    assert human_step(page) == "throw"  # the game goes on
    failing[0] = False
    page.click('[data-action="settings"]')
    page.wait_for_selector("#settings-dialog[open]")
    assert [e for e in browser_log.errors if not any(w in e for w in ("could not be loaded", "503", "parts.pack"))] == []
