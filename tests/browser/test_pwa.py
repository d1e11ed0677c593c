"""Installable and offline: manifest, service worker, offline reopen, update flow (docs/offline.md).

The site is always served under a sub-path (/senet/), the way GitHub Pages serves /REPO/.
Offline is tested the strong way: a persistent Chromium profile visits once, the
browser is closed, the server is stopped, and the same profile is opened again.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import CLICK_PASS, READY_TIMEOUT_MS, ROOT
from helpers import (
    CACHES,
    COMPUTER_GAME,
    CONTROLLED,
    EXPERT_THINKS,
    GAME_TIMEOUT_MS,
    RUNTIME_STATE,
    boot_app,
    build_info,
    languages,
    precached,
    runtime_needed,
    sw_list,
)

import senet

READY_MS = "() => performance.getEntriesByName('senet:ready')[0].startTime"
# Two humans: nothing moves unless the test clicks.
HUMAN_GAME = "variant=kendall&white=human&black=human&seed=7&speed=instant"
POSITION = "() => document.querySelector('#board').dataset.position"
# Polls, in the page, until the worker's snapshot cache holds one snapshot whose key is not
# the argument and whose bytes are not the test's spoilt ones (SPOIL_SNAPSHOT); returns its
# key, or null after three minutes. (page.wait_for_function would not wait for a promise.)
SNAPSHOT_KEPT = """async (old) => {
  for (let i = 0; i < 900; i++) {
    const cache = await caches.open("senet-snapshot /senet/");
    const keys = (await cache.keys()).map((request) => request.url);
    if (keys.length === 1 && keys[0] !== old) {
      const response = await cache.match(keys[0]);
      const head = response ? new Uint8Array(await response.arrayBuffer(), 0, 4) : null;
      if (head && !head.every((byte) => byte === 7)) return keys[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}"""
SPOIL_SNAPSHOT = """async () => {
  const cache = await caches.open("senet-snapshot /senet/");
  const [key] = await cache.keys();
  const bytes = (await (await cache.match(key)).arrayBuffer()).byteLength;
  await cache.put(key, new Response(new Uint8Array(bytes).fill(7), {headers: {"x-senet-bytes": String(bytes)}}));
}"""


def _runtime(site: Path) -> list[str]:
    """The paths of the worker's runtime, which the service worker keeps once fetched."""
    return [row[0] for row in sw_list(site, "RUNTIME")]


def _sent_bytes(site: Path, log: list[str]) -> int:
    """Bytes of the bodies the test server sent (its log: "GET /senet/path?query 200";
    a 304 revalidation sends no body)."""
    total = 0
    for line in log:
        _method, path, code = line.split()[:3]
        if code.startswith("200"):
            total += (site / path.split("?")[0].removeprefix("/senet/")).stat().st_size
    return total


# ------------------------------------------------------------------ the build


def test_build_writes_manifest_and_worker(dist_dir):
    info = build_info(dist_dir)
    manifest = json.loads((dist_dir / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "description", "theme_color", "background_color"):
        assert manifest[key]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    icons = {(i["sizes"], i.get("purpose", "any")): i["src"] for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(icons)
    for src in icons.values():
        assert not src.startswith("/") and (dist_dir / src).is_file()

    # Every file of the site is in one of the worker's lists (the worker itself and
    # .nojekyll aside): the shell it precaches with English's pages, the other languages'
    # files, the worker's runtime and the unused files it keeps once fetched.
    listed = precached(dist_dir)
    others = [path for lang, paths in languages(dist_dir).items() if lang != "en" for path in paths]
    runtime = _runtime(dist_dir)
    extra = [row[0] for row in sw_list(dist_dir, "EXTRA")]
    expected = {rel for rel in info["files"] if not rel.startswith(".")} | {"build-info.json"}
    assert set(listed) | set(others) | set(runtime) | set(extra) == expected
    assert len(listed) + len(others) + len(runtime) + len(extra) == len(expected)
    assert {"index.fr.html", "pages/rules.ar.html", "words/de.json.gz", "manifest.ar.webmanifest"} <= set(others)
    assert all(not p.startswith(("/", "http")) for p in listed + runtime + extra)
    assert any(p.startswith("pages/") and p.endswith(".html") for p in listed)
    # The page's interpreter is in the shell; Pyodide and what only the worker loads are not.
    assert {"vendor/micropython/micropython.wasm.gz", "page.pack.gz", "app/main.py", "app/pack.mpy",
            "index.html"} <= set(listed)
    # the plain twins of the files the page's start fetches gzipped: kept once fetched only
    assert {"page.pack", "words/de.json", "vendor/micropython/micropython.wasm"} <= set(extra)
    # PyScript's chunks the page's start never asks for (its zip.js, its TOML parser): the same
    chunks = {rel for rel in info["files"] if rel.startswith("vendor/pyscript/") and rel.endswith(".js")}
    unused = {rel for rel in chunks if rel.split("/")[-1].startswith(("zip-", "toml-", "pyodide_graph-"))}
    assert unused and unused <= set(extra) and not unused & set(listed)
    assert {"vendor/pyscript/core.js"} | {rel for rel in chunks if "/core-" in rel} <= set(listed)
    assert {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "senet.zip",
            "app/players.js", "app/worker.py"} <= set(runtime)
    # The large files' Zstandard twins, which every worker takes (its decoder beside
    # them); the gzipped twins for one that could not load it; the files themselves for
    # one without DecompressionStream either.
    twins = {row[0]: row[3] for row in sw_list(dist_dir, "RUNTIME")}
    for name in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs",
                 "vendor/pyodide/python_stdlib.zip", "senet.zip"):
        assert twins[f"{name}.zst"] == "zst" and twins[f"{name}.gz"] == "gz"
        assert twins[name] == "plain"
    assert twins["vendor/pyodide/pyodide.mjs"] == twins["app/worker.py"] == twins["vendor/fzstd/fzstd.js"] == ""
    assert not any(p.startswith("vendor/pyodide/") for p in listed)
    # The runtime's size, for the Settings' offer, is the sum of its files' sizes.
    assert [row[2] for row in sw_list(dist_dir, "RUNTIME")] == [info["files"][p]["size"] for p in runtime]
    assert f'const VERSION = "{info["version"]}";' in (dist_dir / "sw.js").read_text()
    assert (dist_dir / ".nojekyll").is_file()

    index = (dist_dir / "index.html").read_text()
    for needle in ('rel="manifest" href="./manifest.webmanifest"', 'name="theme-color"',
                   ' ./app/later.js', 'id="pwa-slot"', 'href="./icons/'):
        assert needle in index
    assert '"./pwa.js"' in (dist_dir / "app" / "later.js").read_text()  # loaded once the board is live


# ------------------------------------------------------------------ the browser


def test_installable_with_install_button(launch_profile, serve_site):
    srv = serve_site()
    # Not a fresh context: Chrome never installs from incognito; and the whole browser, as
    # the headless shell never fires beforeinstallprompt.
    ctx, page, log = launch_profile(full=True)
    data = boot_app(page, srv.url)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    assert data["version"] == build_info(srv.directory)["version"]

    cdp = ctx.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == srv.url + "manifest.webmanifest"
    assert manifest["errors"] == []

    # Chromium fires beforeinstallprompt: our own, named button appears.
    install = page.get_by_role("button", name="Install Senet")
    install.wait_for(state="visible", timeout=READY_TIMEOUT_MS)
    assert page.locator("#pwa-slot [role=status]").count() == 1
    assert log.errors == []


AVERAGE_GAME = "variant=kendall&white=human&black=average&seed=7&speed=instant"
EXPERT_GAME = "variant=kendall&white=human&black=expert&seed=7&speed=instant"
FIRST_VISIT_BUDGET = 2_000_000  # bytes, precache included (the issue: "under 2 MB in all")


def test_first_visit_is_light_and_plays_offline(launch_profile, serve_site, record_timing):
    srv = serve_site()
    ctx, page, log = launch_profile()
    boot_app(page, srv.url + "index.html?" + AVERAGE_GAME)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    version = build_info(srv.directory)["version"]
    caches = page.evaluate(CACHES)
    assert caches.pop(f"senet /senet/ {version}") == len(precached(srv.directory))
    assert caches in ({}, {"senet /senet/ runtime": 0})  # the runtime's cache, empty
    # No file of Pyodide (nor anything only the worker loads) was asked for, and the
    # whole visit, the service worker's precache included, stayed under the budget.
    runtime = {"/senet/" + path for path in _runtime(srv.directory)}
    served = [line.split()[1].split("?")[0] for line in srv.log]
    assert runtime.isdisjoint(served), [p for p in served if p in runtime]
    sent = _sent_bytes(srv.directory, srv.log)
    assert sent > (srv.directory / "vendor/micropython/micropython.wasm.gz").stat().st_size  # counted
    assert sent < FIRST_VISIT_BUDGET, (sent, srv.log)
    assert page.evaluate("document.documentElement.dataset.offline") == "shell"
    ctx.close()

    srv.stop()  # from here on, only the service worker can answer
    ctx, page, log = launch_profile()
    data = boot_app(page, srv.url + "index.html?" + AVERAGE_GAME.replace("seed=7", "seed=8"))
    assert data["ready"] == "true" and data["version"] == version
    record_timing("ready, offline reopen, /senet/", page.evaluate(READY_MS))
    # Its files on the device, the page asked for its start at once, before its first
    # paint (app/boot/start.js); a first visit waits for that paint (test_boot.py).
    asked, painted = page.evaluate("""() => [performance.getEntriesByName('senet:start-asked')[0].startTime,
        performance.getEntriesByName('first-contentful-paint')[0].startTime]""")
    assert asked < painted
    # Average decides on the page: a turn of it goes by, with no worker.
    start = page.evaluate(POSITION)
    _play_a_turn(page)
    page.wait_for_function("(p) => document.querySelector('#board').dataset.position !== p"
                           " && !document.querySelector('[data-action=\"throw\"]').disabled", arg=start)
    assert page.evaluate("document.documentElement.dataset.worker") == "off"
    # The Settings say what works offline now, and offer the rest with its size.
    page.click('[data-action="settings"]')
    now = page.locator("#offline-now")
    assert "everything but the Expert" in now.inner_text()
    mb = sum(row[2] for row in runtime_needed(srv.directory)) / 1e6
    assert page.locator("#offline-get").inner_text() == f"Make the Expert available offline ({mb:.1f} MB download)"

    # The information pages open offline.
    page.goto(srv.url + "pages/rules.html")
    assert page.get_by_role("heading", level=1).inner_text() == "Rules of play"
    page.get_by_role("link", name="Kendall").first.click()
    page.wait_for_url("**/pages/rules-kendall.html")
    assert "Kendall" in page.get_by_role("heading", level=1).inner_text()
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Play").click()
    page.wait_for_url("**/senet/index.html")
    assert page.locator("#board [data-square]").count() == 30
    # The installed app opens its start_url, the bare directory.
    assert boot_app(page, srv.url)["ready"] == "true"
    assert log.errors == []

    # A game against the Expert, offline without the runtime: the download's failure is
    # said (and Retry offered); the game goes on, the page deciding for the computer.
    # (The browser logs the worker's failed requests as errors: expected here.)
    boot_app(page, srv.url + "index.html?" + EXPERT_GAME)
    page.wait_for_function(RUNTIME_STATE, arg="failed")
    page.click('[data-action="settings"]')
    error = page.locator("#offline-error")
    assert "The download failed" in error.inner_text()
    assert error.get_by_role("button", name="Retry").is_visible()
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.documentElement.dataset.worker === 'failed'")
    # Black (the computer) starts: its turn is played all the same, and White is to act.
    page.wait_for_function("() => document.querySelector('#board').dataset.position.split(' ')[2] === 'w'")


def test_settings_download_makes_the_expert_work_offline(launch_profile, serve_site):
    srv = serve_site()
    ctx, page, log = launch_profile()
    boot_app(page, srv.url + "index.html?" + HUMAN_GAME)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    page.click('[data-action="settings"]')
    get = page.locator("#offline-get")
    get.wait_for(state="visible")

    # The download fails (the server is down): the Settings say so, and offer Retry.
    srv.stop()
    get.click()
    page.wait_for_function(RUNTIME_STATE, arg="failed")
    error = page.locator("#offline-error")
    assert error.is_visible() and "The download failed" in error.inner_text()
    assert "everything but the Expert" in page.locator("#offline-now").inner_text()
    retry = error.get_by_role("button", name="Retry")
    srv.start()
    retry.click()
    page.wait_for_function(RUNTIME_STATE, arg="cached")
    assert "everything, the Expert" in page.locator("#offline-now").inner_text()
    assert not error.is_visible() and not get.is_visible()
    # the download's progress, as a booting worker's link reads it (app/worker/link.py):
    # at its end, the whole runtime
    runtime_bytes = sum(row[2] for row in runtime_needed(srv.directory))
    assert int(page.evaluate("document.documentElement.dataset.runtimeLoaded")) == runtime_bytes
    # Then the worker is started once in the background to keep its snapshot, while the
    # page itself never started it (a game of two people).
    assert page.evaluate(SNAPSHOT_KEPT, None)
    assert page.evaluate("document.documentElement.dataset.worker") == "off"
    version = build_info(srv.directory)["version"]
    assert page.evaluate(CACHES) == {f"senet /senet/ {version}": len(precached(srv.directory)),
                                     "senet /senet/ runtime": len(runtime_needed(srv.directory)),
                                     "senet-snapshot /senet/": 1}
    ctx.close()

    srv.stop()
    ctx, page, log = launch_profile()
    data = boot_app(page, srv.url + "index.html?" + COMPUTER_GAME)  # a query string: same cached page
    assert data["ready"] == "true" and data["version"] == version
    # The game has an Expert seat: the Pyodide worker boots from the runtime cache, and
    # from the snapshot kept after the download.
    page.wait_for_function("() => (document.documentElement.dataset.worker || '').includes('kendall')",
                           timeout=GAME_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.workerStart") == "snapshot"
    # A computer game, Expert included (it thinks in the worker), plays to the end.
    page.wait_for_function("() => document.querySelector('#board').dataset.winner", timeout=GAME_TIMEOUT_MS)
    board = page.locator("#board")
    assert board.get_attribute("data-winner") in ("w", "b")
    expert_thinks = page.evaluate("""performance.getEntriesByName('senet:think')
        .filter(m => m.detail && m.detail.level === 'expert').length""")
    assert expert_thinks >= 1
    assert log.errors == []


def _play_a_turn(page) -> None:
    """Throw, then move the first piece offered (to its first destination), or pass."""
    page.wait_for_function("() => !document.querySelector('[data-action=\"throw\"]').disabled")
    page.click('[data-action="throw"]')
    page.wait_for_selector('[data-movable="true"], [data-action="pass"]:visible')
    thrown = page.evaluate(POSITION)
    if page.locator('[data-action="pass"]').is_visible():
        page.evaluate(CLICK_PASS)  # a lost throw also passes by itself: a late click does nothing
    else:
        page.locator('[data-movable="true"]').first.click()
        page.wait_for_function(  # moved at once, or its destinations are offered
            "(p) => document.querySelector('#board').dataset.position !== p"
            " || document.querySelector('[data-target=\"true\"]') !== null", arg=thrown)
        if page.evaluate(POSITION) == thrown:
            page.locator('[data-target="true"]').first.click()
    page.wait_for_function("(p) => document.querySelector('#board').dataset.position !== p", arg=thrown)


def _make_version(src: Path, dst: Path, marker: str) -> dict:
    """A copy of the site in `src` with one file changed, build-info.json and sw.js redone."""
    shutil.copytree(src, dst)
    index = dst / "index.html"
    index.write_text(index.read_text().replace("</body>", f"<!-- {marker} -->\n</body>"))
    subprocess.run([sys.executable, str(ROOT / "tools" / "pwa.py"), "refresh", str(dst)],
                   check=True, capture_output=True)
    return build_info(dst)


def test_update_flow(launch_profile, serve_site, site, tmp_path):
    v1_dir = tmp_path / "v1"
    shutil.copytree(site, v1_dir)
    srv = serve_site(v1_dir)
    v1 = build_info(v1_dir)["version"]

    ctx, page, log = launch_profile()
    boot_app(page, srv.url + "index.html?" + HUMAN_GAME)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    # A game in progress (the app saves it after every throw and move).
    for _ in range(3):
        _play_a_turn(page)
    in_progress = page.evaluate(POSITION)
    assert in_progress != senet.start("kendall").position()

    # A new deploy, with one changed file.
    v2 = _make_version(v1_dir, tmp_path / "v2", "v2")["version"]
    assert v2 != v1
    srv.directory = tmp_path / "v2"
    srv.log.clear()

    # The next visit runs the old version and says a new one is ready.
    page.reload()  # the app took the game parameters out of the address: this resumes
    data = boot_app(page)
    assert data["version"] == v1
    assert page.evaluate(POSITION) == in_progress
    banner = page.locator("#pwa-slot [role=status]")
    reload = banner.get_by_role("button", name="Reload")
    reload.wait_for(state="visible", timeout=READY_TIMEOUT_MS)
    assert "new version" in banner.inner_text()
    # Only what changed was downloaded; the rest, the Python runtime included, was copied
    # from the old cache.
    fetched = {line.split()[1].removeprefix("/senet/") for line in srv.log}
    assert fetched == {"sw.js", "index.html", "build-info.json"}, srv.log

    with page.expect_navigation():
        reload.click()
    data = boot_app(page)
    assert data["version"] == v2
    # The game in progress survived the update, and goes on.
    assert page.evaluate(POSITION) == in_progress
    _play_a_turn(page)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    assert set(page.evaluate(CACHES)) <= {f"senet /senet/ {v2}", "senet /senet/ runtime"}  # the old one is gone
    assert f"senet /senet/ {v2}" in page.evaluate(CACHES)
    assert page.locator("#pwa-slot").inner_text().strip() in ("", "Install Senet")
    assert log.errors == []



def test_update_keeps_the_runtime(launch_profile, serve_site, site, tmp_path):
    v1_dir = tmp_path / "v1"
    shutil.copytree(site, v1_dir)
    srv = serve_site(v1_dir)
    ctx, page, log = launch_profile()
    # A first visit straight to a game against the Expert: the worker fetches the runtime,
    # and the service worker keeps it once it controls the page.
    boot_app(page, srv.url + "index.html?" + EXPERT_GAME)
    page.wait_for_function("() => (document.documentElement.dataset.worker || '').includes('kendall')",
                           timeout=GAME_TIMEOUT_MS)
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    page.wait_for_function(RUNTIME_STATE, arg="cached")
    assert page.evaluate("document.documentElement.dataset.offline") == "all"

    # The worker kept a snapshot of its interpreter (app/worker/players.js), in a cache of its own.
    v1_snapshot = page.evaluate(SNAPSHOT_KEPT, None)
    assert v1_snapshot

    # A new deploy changes the page and one file of the runtime (the worker's script), and
    # adds one to the runtime that no earlier version had (as app/worker/players.js once was).
    v2_dir = tmp_path / "v2"
    shutil.copytree(v1_dir, v2_dir)
    worker = v2_dir / "app" / "worker.py"
    worker.write_text(worker.read_text() + "\n# v2\n")
    (v2_dir / "vendor" / "pyodide" / "new-in-v2.txt").write_text("v2\n")
    v2 = _make_version(v2_dir, tmp_path / "v2b", "v2")["version"]
    srv.directory = tmp_path / "v2b"
    srv.log.clear()
    page.reload()
    boot_app(page)
    reload = page.locator("#pwa-slot [role=status]").get_by_role("button", name="Reload")
    reload.wait_for(state="visible", timeout=READY_TIMEOUT_MS)
    # The install downloaded what changed, the runtime's changed and new files included;
    # Pyodide itself stayed where it was.
    fetched = {line.split()[1].removeprefix("/senet/") for line in srv.log}
    assert fetched == {"sw.js", "index.html", "build-info.json", "app/worker.py",
                       "vendor/pyodide/new-in-v2.txt"}, srv.log
    with page.expect_navigation():
        reload.click()
    assert boot_app(page)["version"] == v2
    page.wait_for_function(CONTROLLED, timeout=READY_TIMEOUT_MS)
    assert page.evaluate(CACHES) == {f"senet /senet/ {v2}": len(precached(srv.directory)),
                                     "senet /senet/ runtime": len(runtime_needed(srv.directory)),
                                     "senet-snapshot /senet/": 1}
    ctx.close()

    srv.stop()  # the Expert still plays offline, on the new version
    ctx, page, log = launch_profile()
    assert boot_app(page, srv.url + "index.html?" + COMPUTER_GAME)["version"] == v2
    page.wait_for_function("() => document.querySelector('#board').dataset.winner", timeout=GAME_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.worker").startswith("kendall")
    expert_thinks = page.evaluate("""performance.getEntriesByName('senet:think')
        .filter(m => m.detail && m.detail.level === 'expert').length""")
    assert expert_thinks >= 1
    assert page.evaluate("document.documentElement.dataset.offline") == "all"
    # v1's snapshot holds v1's worker: v2's started fresh and kept its own in its place.
    assert page.evaluate("document.documentElement.dataset.workerStart") == "fresh"
    assert page.evaluate(SNAPSHOT_KEPT, v1_snapshot) not in (None, v1_snapshot)
    assert log.errors == []


def test_the_worker_restarts_from_its_snapshot(launch_profile, serve_site):
    """The worker's first start keeps a memory snapshot of its interpreter with the engine
    imported; the next visit restores it, and the Expert answers from it. A snapshot that
    cannot be restored is deleted: the worker starts fresh and keeps a new one."""
    srv = serve_site()
    ctx, page, log = launch_profile()
    url = srv.url + "index.html?" + COMPUTER_GAME
    starts = []
    for step in ("first visit", "restored", "spoilt"):
        boot_app(page, url)
        page.wait_for_function("() => document.querySelector('#board').dataset.winner", timeout=GAME_TIMEOUT_MS)
        starts.append(page.evaluate("document.documentElement.dataset.workerStart"))
        assert page.evaluate("""performance.getEntriesByName('senet:think')
            .filter(m => m.detail && m.detail.level === 'expert').length""") >= 1, step
        assert page.evaluate(SNAPSHOT_KEPT, None), step  # a real one (again, after the spoilt one)
        if step == "restored":  # same length, wrong bytes: Pyodide itself refuses it
            page.evaluate(SPOIL_SNAPSHOT)
    assert starts == ["fresh", "snapshot", "fresh"]
    assert log.errors == []


def test_a_failed_download_of_the_runtime_offers_to_try_again(guarded_context, server):
    """The worker's first start fails: senet.zip (its Zstandard twin, as the worker asks for
    it) does not come. The page says so, Average
    decides in the Expert's place, and the notice's "Try again" starts the worker again:
    this time the file comes, and the Expert's next decisions are the worker's."""
    ctx, log = guarded_context()
    failing = [True]

    def senet_zip(route):
        if failing[0]:
            route.abort()
        else:
            route.continue_()

    ctx.route("**/senet.zip.zst", senet_zip)
    page = ctx.new_page()
    boot_app(page, server.url + "index.html?variant=kendall&white=human&black=expert&seed=7&speed=instant")
    page.wait_for_function("() => document.documentElement.dataset.worker === 'failed'")
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert "could not start" in notice.inner_text()
    retry = notice.get_by_role("button", name="Try again")
    assert retry.is_visible()
    assert page.evaluate(EXPERT_THINKS) == 0  # Average stood in: no decision of the worker
    failing[0] = False
    retry.click()
    assert not notice.is_visible()
    page.wait_for_function("() => (document.documentElement.dataset.worker || '').includes('kendall')",
                           timeout=GAME_TIMEOUT_MS)
    for _ in range(30):  # the human's turns, until the Expert has decided once
        if page.evaluate(EXPERT_THINKS) >= 1 or page.evaluate("document.querySelector('#board').dataset.winner"):
            break
        _play_a_turn(page)
    assert page.evaluate(EXPERT_THINKS) >= 1
    assert not notice.is_visible()
    # Only the first start's failure was reported (the aborted download, then the page's line).
    assert log.errors and all("senet.zip" in e or "did not start" in e or "ERR_FAILED" in e
                              for e in log.errors), log.errors


def test_the_workers_boot_shows_while_a_game_waits_for_it(guarded_context, server):
    ctx, log = guarded_context()
    held = []
    ctx.route("**/vendor/pyodide/pyodide.asm.wasm.zst", lambda route: held.append(route))  # never answered
    page = ctx.new_page()
    with ctx.expect_event("request", predicate=lambda request: request.url.endswith("/pyodide.asm.wasm.zst")):
        boot_app(page, server.url + "index.html?" + EXPERT_GAME)
    boot = page.locator("#worker-boot")
    boot.wait_for(state="visible")
    assert page.evaluate("document.documentElement.dataset.worker") == "starting"
    assert "Downloading the Expert" in boot.inner_text() or "Starting the Expert" in boot.inner_text()
    assert boot.get_attribute("role") == "status"
    assert held  # the boot really waits on the runtime
    # The rest of the runtime came, and the overlay says how much of it: everything the
    # worker fetches but the WebAssembly, held back (app/worker/boot_view.py).
    page.wait_for_function("() => /Downloading the Expert: [0-9.]+ of/.test(document.querySelector('#worker-boot').textContent)"
                           " && document.querySelector('#worker-boot progress').value > 0")
    sizes = {row[0]: row[2] for row in runtime_needed(server.directory)}
    fetched = [p for p in sizes if p.startswith("vendor/pyodide/") and p != "vendor/pyodide/pyodide.mjs"]
    total = sum(sizes[p] for p in fetched) + sizes["senet.zip.zst"] + sizes["app/worker.py"] + sizes["vendor/fzstd/fzstd.js"]
    loaded = total - sizes["vendor/pyodide/pyodide.asm.wasm.zst"]
    page.wait_for_function("(n) => document.querySelector('#worker-boot progress').value === n", arg=loaded)
    assert re.fullmatch(rf"Downloading the Expert: {loaded / 1e6:.1f} of {total / 1e6:.1f} MB(, about \d+ s left)?",
                        boot.inner_text())
    assert page.evaluate("document.querySelector('#worker-boot progress').max") == total
