"""The Expert's runtime in Chromium (tools/runtime.py, app/worker/players.js,
app/boot/sw-template.js; docs/build.md, "The Expert's runtime"): a first visit straight to
a game against the Expert asks the server for each file once, the runtime's Zstandard
twins and their decoder among them, and the service worker keeps the whole runtime without a
second download; choosing the Expert in the New game dialog starts its download at once; a
worker that cannot load the decoder takes the gzipped twins, one without DecompressionStream
either the plain files; a damaged twin is refused, and the page's stand-in plays.

Firefox and WebKit play, hint and review on the same runtime in tests/browser/test_engines.py.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections import Counter

from conftest import DEFAULT_TIMEOUT_MS, READY_TIMEOUT_MS, ROOT, wait_app_ready
from helpers import (
    CACHES,
    COMPUTER_GAME,
    CONTROLLED,
    EXPERT_AGAINST_AVERAGE,
    EXPERT_THINKS,
    GAME_TIMEOUT_MS,
    HINT,
    HINTED_GAME,
    REVIEW,
    RUNTIME_STATE,
    boot_app,
    build_info,
    runtime_needed,
    sw_list,
)

import senet

# The game: the Expert (black) opens.
# The Expert opens, from Kendall's start given as a position of its own: the opening book
# plays only games from the usual start (senet/book.py), so here the worker decides at once.
EXPERT_OPENS = ("variant=kendall&white=human&black=expert&seed=4&speed=instant&position="
                + senet.start("kendall").position().replace(" ", "+"))
AVERAGE_GAME = "variant=kendall&white=human&black=average&seed=4&speed=instant"


def test_a_first_visit_to_an_expert_game_fetches_each_file_once(launch_profile, serve_site):
    srv = serve_site()
    ctx, page, log = launch_profile()
    boot_app(page, srv.url + "index.html?" + EXPERT_OPENS)
    page.wait_for_function(f"() => {EXPERT_THINKS} >= 1", timeout=GAME_TIMEOUT_MS)
    # The service worker controls the page and keeps the whole runtime: what the worker
    # fetched before, the worker put into its cache; it asked the server for nothing more.
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'all'", timeout=GAME_TIMEOUT_MS)
    needed = [row[0] for row in runtime_needed(srv.directory)]
    assert page.evaluate(CACHES)["senet /senet/ runtime"] == len(needed)
    answers = [line.split()[1:3] for line in srv.log]  # "GET /senet/path?query 200"
    downloaded = Counter(path.split("?")[0] for path, code in answers if code == "200")
    assert [path for path, times in downloaded.items() if times > 1] == [], srv.log
    asked = Counter(path.split("?")[0].removeprefix("/senet/") for path, _code in answers)
    assert {path: asked[path] for path in needed} == dict.fromkeys(needed, 1), srv.log
    # The Zstandard twins came, never the gzipped ones nor the files they compress.
    others = [row[0] for row in sw_list(srv.directory, "RUNTIME") if row[3] in ("gz", "plain")]
    assert len(others) == 8 and not any(asked[path] for path in others)
    assert asked["vendor/pyodide/pyodide.asm.wasm.zst"] == asked["senet.zip.zst"] == asked["vendor/fzstd/fzstd.js"] == 1
    assert asked["index.html"] == 1  # the link's page, precached from the HTTP cache
    assert log.errors == []
    ctx.close()


# The worker's "progress" messages, [loaded, total] in order (window.__progress).
WATCH_PROGRESS = """
window.__progress = [];
const NativeWorker = window.Worker;
window.Worker = class extends NativeWorker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      try {
        const message = JSON.parse(event.data);
        if (message[0] === "progress") window.__progress.push([message[1], message[2]]);
      } catch {}
    });
  }
};
"""


def test_a_later_visit_fetches_the_runtime_once_through_the_service_worker(launch_profile, serve_site):
    """The service worker controls the page (a game against Average came first) but keeps no
    runtime yet: the worker's requests go through it, which downloads each file once,
    passes its bytes on as they come (the worker counts them for the page's progress) and
    keeps it."""
    srv = serve_site()
    ctx, page, log = launch_profile()
    boot_app(page, srv.url + "index.html?" + AVERAGE_GAME)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.worker") == "off"
    srv.log.clear()
    page.add_init_script(WATCH_PROGRESS)
    boot_app(page, srv.url + "index.html?" + EXPERT_OPENS)
    page.wait_for_function(f"() => {EXPERT_THINKS} >= 1", timeout=GAME_TIMEOUT_MS)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'all'", timeout=GAME_TIMEOUT_MS)
    # The worker counted the bytes the service worker passed on as it downloaded them.
    progress = page.evaluate("window.__progress")
    sizes = {row[0]: row[2] for row in runtime_needed(srv.directory)}
    fetched = sum(size for path, size in sizes.items() if path.startswith("vendor/pyodide/")
                  and path != "vendor/pyodide/pyodide.mjs") + sizes["senet.zip.zst"] + sizes["app/worker.py"] \
        + sizes["vendor/fzstd/fzstd.js"]
    assert progress and progress[-1] == [fetched, fetched], progress
    assert progress[0][0] < fetched
    needed = [row[0] for row in runtime_needed(srv.directory)]
    asked = Counter(line.split()[1].split("?")[0].removeprefix("/senet/") for line in srv.log)
    assert {path: asked[path] for path in needed} == dict.fromkeys(needed, 1), srv.log
    assert page.evaluate(CACHES)["senet /senet/ runtime"] == len(needed)
    assert log.errors == []
    ctx.close()


def test_choosing_the_expert_in_the_new_game_dialog_starts_its_download(launch_profile, serve_site):
    srv = serve_site()
    ctx, page, log = launch_profile()
    boot_app(page, srv.url + "index.html?" + AVERAGE_GAME)
    assert page.evaluate("document.documentElement.dataset.worker") == "off"  # Average plays on the page
    page.locator(".toolbar [data-action='new-game']").click()
    page.locator("#new-game").wait_for(state="visible")
    with ctx.expect_event("request", predicate=lambda r: r.url.endswith("/pyodide.asm.wasm.zst")):
        page.select_option("#ng-player2", "expert")
    # The worker starts while the dialog is still open, the runtime's download first.
    state = page.evaluate("document.documentElement.dataset.worker")
    assert state == "starting" or "kendall" in state, state
    assert page.locator("#new-game").is_visible()
    page.wait_for_function("() => (document.documentElement.dataset.worker || '').includes('kendall')",
                           timeout=GAME_TIMEOUT_MS)
    # The game starts with the worker up: the Expert answers, nothing was fetched again.
    page.locator("#new-game").get_by_role("button", name="Start").click()
    wait_app_ready(page)
    asked = Counter(line.split()[1].split("?")[0] for line in srv.log)
    assert asked["/senet/vendor/pyodide/pyodide.asm.wasm.zst"] == 1
    assert log.errors == []
    ctx.close()


def test_the_expert_hints_and_reviews(guarded_context, server):
    """As tests/browser/test_engines.py does in Firefox and WebKit, on the same runtime:
    with hints on, the Expert hints the human's decision; a game's review runs to its end."""
    ctx, log = guarded_context()
    page = ctx.new_page()
    page.goto(server.url + "index.html?" + HINTED_GAME)
    wait_app_ready(page)
    hint = page.evaluate(f"({HINT})({DEFAULT_TIMEOUT_MS})")
    assert hint is not None and hint["text"].startswith("Hint: ") and hint["squares"], hint
    page.goto(server.url + "index.html?" + EXPERT_AGAINST_AVERAGE.replace("seed=7", "seed=9") + "&review_nodes=40")
    wait_app_ready(page)
    page.wait_for_function("() => document.getElementById('board').dataset.winner", timeout=GAME_TIMEOUT_MS)
    review = page.evaluate(f"({REVIEW})({DEFAULT_TIMEOUT_MS})")
    assert review["state"] == "done" and review["points"] >= 1, review
    assert log.errors == []


# The decoder's file as a worker that cannot load it sees it: it runs, and defines no decoder.
NO_DECODER = "/* no Zstandard decoder here */"


def _runtime_fetched(log) -> set[str]:
    return {url.rsplit("/", 1)[1] for url in log.requests if "/vendor/pyodide/" in url}


def test_a_worker_without_the_decoder_takes_the_gzipped_twins(guarded_context, server):
    """The decoder does not load (its file defines none): the worker asks for the gzipped
    twins, decompresses them with DecompressionStream, and the Expert plays from them; the
    files they compress never come. (No service worker: it would keep the .zst twins.)"""
    ctx, log = guarded_context(service_workers="block")
    ctx.route("**/vendor/fzstd/fzstd.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=NO_DECODER))
    page = ctx.new_page()
    boot_app(page, server.url + "index.html?" + EXPERT_OPENS)
    page.wait_for_function(f"() => {EXPERT_THINKS} >= 1", timeout=GAME_TIMEOUT_MS)
    fetched = _runtime_fetched(log)
    assert {"pyodide.asm.wasm.gz", "pyodide.asm.mjs.gz", "python_stdlib.zip.gz"} <= fetched, fetched
    assert not {"pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"} & fetched, fetched
    assert "kendall" in (page.evaluate("document.documentElement.dataset.worker") or "").split(",")
    assert log.errors == []


def test_a_browser_without_decompression_fetches_the_plain_files(guarded_context, server):
    """The path for an engine with neither the decoder nor DecompressionStream (Safari
    before 16.4, were its decoder to fail): the worker fetches the plain pyodide.asm.wasm,
    pyodide.asm.mjs and python_stdlib.zip the build ships beside their twins, never the
    gzipped twins, and the Expert plays from them."""
    ctx, log = guarded_context(service_workers="block")
    source = (server.directory / "app" / "players.js").read_text()
    probe = 'new DecompressionStream("gzip");'
    assert source.count(probe) == 1

    def without_decompression(route):
        route.fulfill(status=200, content_type="text/javascript",
                      body=source.replace(probe, 'throw new Error("no DecompressionStream here");'))

    ctx.route("**/app/players.js", without_decompression)
    ctx.route("**/vendor/fzstd/fzstd.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body=NO_DECODER))
    page = ctx.new_page()
    boot_app(page, server.url + "index.html?" + EXPERT_OPENS.replace("seed=4", "seed=5"))
    page.wait_for_function(f"() => {EXPERT_THINKS} >= 1", timeout=GAME_TIMEOUT_MS)
    fetched = _runtime_fetched(log)
    assert {"pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"} <= fetched, fetched
    assert not any(name.endswith(".gz") for name in fetched), fetched
    assert log.errors == []


def test_a_damaged_download_is_refused_and_the_stand_in_plays(guarded_context, server):
    """pyodide.asm.mjs.zst comes damaged (its middle overwritten, its length right): the
    worker refuses it and says which file, the page tells the player that the Expert could
    not start, and Average decides in its place."""
    ctx, log = guarded_context(service_workers="block")
    good = (server.directory / "vendor" / "pyodide" / "pyodide.asm.mjs.zst").read_bytes()
    middle = len(good) // 2
    damaged = good[:middle] + bytes(range(256)) * 16 + good[middle + 4096:]
    assert len(damaged) == len(good) and damaged != good
    ctx.route("**/vendor/pyodide/pyodide.asm.mjs.zst", lambda route: route.fulfill(
        status=200, content_type="application/zstd", body=damaged))
    page = ctx.new_page()
    boot_app(page, server.url + "index.html?" + EXPERT_OPENS)
    page.wait_for_function("() => document.documentElement.dataset.worker === 'failed'", timeout=GAME_TIMEOUT_MS)
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    # said as the worker's failure or as the Expert's decision that Average took, as the
    # page learnt it first: both say Average plays in its place
    said = notice.inner_text()
    assert "Average" in said and ("could not start" in said or "stopped working" in said), said
    assert notice.get_by_role("button", name="Try again").is_visible()
    page.wait_for_function("() => (document.querySelector('#board').dataset.position || '').split(' ')[2] === 'w'",
                           timeout=GAME_TIMEOUT_MS)  # the stand-in moved for the Expert
    assert page.evaluate(EXPERT_THINKS) == 0
    assert log.errors and all("pyodide.asm.mjs.zst is damaged" in e for e in log.errors), log.errors


def _uncompressed(source, target):
    """The site as the builds before the compressed runtime were: no .zst nor .gz twins
    nor decoder, the worker fetching the plain files (its list without "zst" and "gz"),
    the service worker's lists redone."""
    shutil.copytree(source, target)
    for twin in [*(target / "vendor" / "pyodide").glob("*.gz"), *(target / "vendor" / "pyodide").glob("*.zst"),
                 target / "senet.zip.gz", target / "senet.zip.zst"]:
        twin.unlink()
    shutil.rmtree(target / "vendor" / "fzstd")
    players = target / "app" / "players.js"
    text = players.read_text()
    listed = re.search(r"const FILES = (\{.*?\});\n", text)
    files = {path: {"size": meta["size"]} for path, meta in json.loads(listed.group(1)).items()
             if not path.startswith("vendor/fzstd/")}
    players.write_text(text.replace(listed.group(1), json.dumps(files)))
    subprocess.run([sys.executable, str(ROOT / "tools" / "pwa.py"), "refresh", str(target)],
                   check=True, capture_output=True)
    return target


def test_an_update_to_the_compressed_runtime_keeps_the_expert_offline(launch_profile, serve_site, site,
                                                                     tmp_path):
    """A player who kept the runtime of a build before the compressed one (the plain files)
    updates: the install downloads the Zstandard twins (Pyodide's and the engine's) and
    their decoder (and the worker's changed script),
    never the plain files again; after Reload the runtime is whole, the plain WebAssembly
    gone from the cache, and the Expert plays offline on the new version."""
    old = _uncompressed(site, tmp_path / "old")
    srv = serve_site(old)
    ctx, page, log = launch_profile()
    boot_app(page, srv.url + "index.html?" + EXPERT_OPENS)
    page.wait_for_function(f"() => {EXPERT_THINKS} >= 1", timeout=GAME_TIMEOUT_MS)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    page.wait_for_function(RUNTIME_STATE, arg="cached", timeout=GAME_TIMEOUT_MS)
    # the old build's runtime: plain files (the page's own pack and MicroPython's WebAssembly
    # come gzipped in every build)
    assert not any((".gz" in line or ".zst" in line) and ("/vendor/pyodide/" in line or "senet.zip" in line)
                   for line in srv.log)
    assert not any("/vendor/fzstd/" in line for line in srv.log)

    new = tmp_path / "new"
    shutil.copytree(site, new, copy_function=shutil.copy)  # written now, as a deploy would: newer than the old
    version = build_info(new)["version"]
    srv.directory = new
    srv.log.clear()
    page.reload()
    boot_app(page)
    reload = page.locator("#pwa-slot [role=status]").get_by_role("button", name="Reload")
    reload.wait_for(state="visible", timeout=READY_TIMEOUT_MS)
    fetched = {line.split()[1].removeprefix("/senet/") for line in srv.log}
    twins = {row[0] for row in runtime_needed(new) if row[0].endswith(".zst")} | {"vendor/fzstd/fzstd.js"}
    assert len(twins) == 5 and twins <= fetched, "\n".join(srv.log)
    assert not any(path.endswith(".gz") for path in fetched), srv.log
    assert "senet.zip" not in fetched, srv.log  # the engine's twin, not the file it compresses
    assert "app/players.js" in fetched
    assert not {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs"} & fetched, srv.log
    with page.expect_navigation():
        reload.click()
    assert boot_app(page)["version"] == version
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    kept = page.evaluate("""async () => (await (await caches.open("senet /senet/ runtime")).keys())
        .map((request) => new URL(request.url).pathname)""")
    assert sorted(kept) == sorted("/senet/" + row[0] for row in runtime_needed(new))
    ctx.close()

    srv.stop()  # the Expert still plays offline, on the new version
    ctx, page, log = launch_profile()
    assert boot_app(page, srv.url + "index.html?" + COMPUTER_GAME)["version"] == version
    page.wait_for_function("() => document.querySelector('#board').dataset.winner", timeout=GAME_TIMEOUT_MS)
    assert page.evaluate(EXPERT_THINKS) >= 1
    assert page.evaluate("document.documentElement.dataset.offline") == "all"
    ctx.close()
