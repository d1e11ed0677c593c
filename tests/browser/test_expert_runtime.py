"""The Expert's runtime in Chromium (tools/runtime.py, app/worker/players.js,
app/boot/sw-template.js; docs/build.md, "The Expert's runtime"): a first visit straight to
a game against the Expert asks the server for each file once, the runtime's gzipped
files among them, and the service worker keeps the whole runtime without a second
download; choosing the Expert in the New game dialog starts its download at once.

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

# The game: the Expert (black) opens.
EXPERT_OPENS = "variant=kendall&white=human&black=expert&seed=4&speed=instant"
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
    # The gzipped twins came, never the files they compress.
    plain = [row[0] for row in sw_list(srv.directory, "RUNTIME") if row[3] == "plain"]
    assert plain and not any(asked[path] for path in plain)
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
                  and path != "vendor/pyodide/pyodide.mjs") + sizes["senet.zip"] + sizes["app/worker.py"]
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
    with ctx.expect_event("request", predicate=lambda r: r.url.endswith("/pyodide.asm.wasm.gz")):
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
    assert asked["/senet/vendor/pyodide/pyodide.asm.wasm.gz"] == 1
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


def test_a_browser_without_decompression_fetches_the_plain_files(guarded_context, server):
    """The path for an engine without DecompressionStream (Safari before 16.4): the worker,
    told there is none, fetches the plain pyodide.asm.wasm and pyodide.asm.mjs the build
    ships beside their twins, never the twins, and the Expert plays from them. (No
    service worker here: it has DecompressionStream, and would keep the twins.)"""
    ctx, log = guarded_context(service_workers="block")
    source = (server.directory / "app" / "players.js").read_text()
    probe = 'new DecompressionStream("gzip");'
    assert source.count(probe) == 1

    def without_decompression(route):
        route.fulfill(status=200, content_type="text/javascript",
                      body=source.replace(probe, 'throw new Error("no DecompressionStream here");'))

    ctx.route("**/app/players.js", without_decompression)
    page = ctx.new_page()
    boot_app(page, server.url + "index.html?" + EXPERT_OPENS.replace("seed=4", "seed=5"))
    page.wait_for_function(f"() => {EXPERT_THINKS} >= 1", timeout=GAME_TIMEOUT_MS)
    fetched = [url.rsplit("/", 1)[1] for url in log.requests if "/vendor/pyodide/" in url]
    assert {"pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"} <= set(fetched), fetched
    assert not any(name.endswith(".gz") for name in fetched), fetched
    assert log.errors == []


def _uncompressed(source, target):
    """The site as the builds before the gzipped runtime were: no .gz twins, the worker
    fetching the plain files (its list without "gz"), the service worker's lists redone."""
    shutil.copytree(source, target)
    for twin in (target / "vendor" / "pyodide").glob("*.gz"):
        twin.unlink()
    players = target / "app" / "players.js"
    text = players.read_text()
    listed = re.search(r"const FILES = (\{.*?\});\n", text)
    files = {path: {"size": meta["size"]} for path, meta in json.loads(listed.group(1)).items()}
    players.write_text(text.replace(listed.group(1), json.dumps(files)))
    subprocess.run([sys.executable, str(ROOT / "tools" / "pwa.py"), "refresh", str(target)],
                   check=True, capture_output=True)
    return target


def test_an_update_to_the_gzipped_runtime_keeps_the_expert_offline(launch_profile, serve_site, site, tmp_path):
    """A player who kept the runtime of a build before the gzipped one (the plain files)
    updates: the install downloads the gzipped twins (and the worker's changed script),
    never the plain files again; after Reload the runtime is whole, the plain WebAssembly
    gone from the cache, and the Expert plays offline on the new version."""
    old = _uncompressed(site, tmp_path / "old")
    srv = serve_site(old)
    ctx, page, log = launch_profile()
    boot_app(page, srv.url + "index.html?" + EXPERT_OPENS)
    page.wait_for_function(f"() => {EXPERT_THINKS} >= 1", timeout=GAME_TIMEOUT_MS)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    page.wait_for_function(RUNTIME_STATE, arg="cached", timeout=GAME_TIMEOUT_MS)
    assert not any(".gz" in line for line in srv.log)  # the old build's runtime: plain files

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
    twins = {row[0] for row in runtime_needed(new) if row[0].endswith(".gz")}
    assert twins and twins <= fetched, srv.log
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
