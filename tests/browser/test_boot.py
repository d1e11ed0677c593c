"""The page boots: MicroPython on the page at once, the Pyodide worker only when a game
needs it, everything from this site (issue "Instant start", docs/app.md)."""

import re
import tomllib

import pytest
from conftest import ROOT

READY_TIMEOUT_MS = 60_000
WORKER_TIMEOUT_MS = 180_000
# PyScript shows a Python exception in a .py-error element: stop waiting then.
READY_OR_FAILED = (
    "() => document.documentElement.dataset.ready === 'true'"
    " || document.querySelector('.py-error') !== null"
)
READY_MS = "() => performance.getEntriesByName('senet:ready')[0].startTime"
WORKER_UP = "() => (document.documentElement.dataset.worker || '').includes('kendall')"
MARKS = "() => performance.getEntriesByType('mark').map(m => m.name).filter(n => n.startsWith('senet:'))"
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


def _boot(page, url):
    page.goto(url)
    # The static skeleton is there before Python starts.
    assert page.locator("#board rect.square").count() == 30
    page.wait_for_function(READY_OR_FAILED, timeout=READY_TIMEOUT_MS)
    errors = page.locator(".py-error").all_inner_texts()
    assert not errors, "\n".join(errors)
    data = page.evaluate("() => ({...document.documentElement.dataset})")
    assert data["ready"] == "true"
    return data, page.evaluate(READY_MS)


@pytest.mark.parametrize("where", ["root", "subpath"])
def test_page_is_ready_before_the_worker_and_the_worker_follows(where, page, server, serve_dist,
                                                                 browser_log, record_timing):
    url = server.url if where == "root" else serve_dist("/senet/").url
    data, cold_ms = _boot(page, url)  # the default game has a computer seat (Average)
    record_timing(f"ready, cold, {where} ({url})", cold_ms)
    # Ready did not wait for Pyodide: the page's interpreter is MicroPython, and the
    # worker was started only after the board became live.
    assert data["worker"] in ("starting", data["variants"])
    assert any(u.endswith("/vendor/micropython/micropython.wasm") for u in browser_log.requests)
    assert any(u.endswith("/senet.zip") for u in browser_log.requests)

    # The worker answers with the engine's variants, the same as the page sees.
    page.wait_for_function(WORKER_UP, timeout=WORKER_TIMEOUT_MS)
    data = page.evaluate("() => ({...document.documentElement.dataset})")
    assert data["worker"] == data["variants"]
    assert "kendall" in data["variants"].split(",")
    assert page.evaluate(MARKS) == ["senet:ready", "senet:worker"]
    # The vendored Pyodide was used in the worker, not a CDN copy.
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in browser_log.requests)
    assert browser_log.errors == []

    if where == "root":
        page.reload()
        _, warm_ms = _boot(page, url)
        record_timing(f"ready, warm reload, {where}", warm_ms)
        assert browser_log.errors == []


def test_two_people_need_no_worker(page, server, browser_log):
    """A game between two humans never starts Pyodide: not one byte of it is fetched."""
    _boot(page, server.url + "?variant=kendall&white=human&black=human&seed=5")
    page.click('[data-action="throw"]')  # black throws first in Kendall
    page.locator('[data-movable="true"], [data-action="pass"]:visible').first.wait_for()
    # A reload resumes the same game between people: still no worker.
    page.reload()
    _boot(page, server.url)
    assert page.evaluate("document.documentElement.dataset.worker") == "off"
    assert not [u for u in browser_log.requests if "/vendor/pyodide/" in u]
    assert browser_log.errors == []


def test_human_plays_while_the_worker_boots_and_the_computer_gets_ready(page, server, browser_log):
    """A human throws and moves before the worker has answered; a computer seat whose
    worker is still starting says it is getting ready, then plays as soon as it can."""
    page.add_init_script(EVENT_LOG)
    # Kendall: black (the human) acts first; white is the Average player.
    _boot(page, server.url + "?variant=kendall&white=average&black=human&seed=11&speed=instant")
    page.click('[data-action="throw"]')
    page.locator('[data-movable="true"], [data-action="pass"]:visible').first.wait_for()
    before_worker = page.evaluate("document.documentElement.dataset.worker")
    if page.locator('[data-action="pass"]').is_visible():
        page.click('[data-action="pass"]')
    else:
        page.locator('[data-movable="true"]').first.click()
        target = page.locator('[data-target="true"]').first
        if target.count():
            target.click()
    # The computer moves once the worker is up; then it is the human's turn again.
    page.wait_for_function(WORKER_UP, timeout=WORKER_TIMEOUT_MS)
    page.wait_for_function("() => !document.querySelector('[data-action=\"throw\"]').disabled"
                           " && document.getElementById('prompt').textContent.startsWith('Your turn')"
                           " || document.querySelector('#board[data-winner]')", timeout=WORKER_TIMEOUT_MS)
    events = page.evaluate("window.__events")
    first_up = next(i for i, e in enumerate(events) if "kendall" in e.split(" prompt=")[0])
    if before_worker == "starting":  # the usual case: Pyodide takes seconds to boot
        ready_texts = [i for i, e in enumerate(events) if "getting ready" in e]
        assert ready_texts and ready_texts[0] < first_up, events
    assert browser_log.errors == []


def test_page_config_ships_every_page_module():
    """pyscript.toml (the page's MicroPython) lists every module app/main.py can import
    from app/, and worker.toml names Pyodide and the engine."""
    page = tomllib.loads((ROOT / "pyscript.toml").read_text())
    worker = tomllib.loads((ROOT / "worker.toml").read_text())
    assert page["interpreter"] == "./vendor/micropython/micropython.mjs"
    assert worker["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    assert worker["files"] == {"./senet.zip": "./*"}
    shipped = set(page["files"])
    assert "./senet.zip" in shipped
    local = {p.stem for p in (ROOT / "app").glob("*.py")}
    todo, seen = ["main"], set()
    while todo:
        name = todo.pop()
        seen.add(name)
        source = (ROOT / "app" / f"{name}.py").read_text()
        for mod in re.findall(r"^\s*(?:from|import) (\w+)", source, re.M):
            if mod in local and mod not in seen:
                todo.append(mod)
    needed = {f"./app/{name}.py" for name in seen - {"main"}}
    assert needed <= shipped, sorted(needed - shipped)
    assert "./app/worker.py" not in shipped  # the worker's script is not the page's


def test_subpath_server_hides_the_root(serve_dist, page):
    """Guards the guard: under /senet/ nothing is served at /, like GitHub Pages' /REPO/."""
    srv = serve_dist("/senet/")
    assert page.request.get(srv.origin + "/index.html").status == 404
    assert page.request.get(srv.url + "index.html").status == 200
