"""The page boots: Python runs on the main thread and in the worker, offline-safe."""

import pytest

READY_TIMEOUT_MS = 60_000
# PyScript shows a Python exception in a .py-error element: stop waiting then.
READY_OR_FAILED = (
    "() => document.documentElement.dataset.ready === 'true'"
    " || document.querySelector('.py-error') !== null"
)
READY_MS = "() => performance.getEntriesByName('senet:ready')[0].startTime"
# The worker may answer after the page is ready (it may start later than the page): wait.
WORKER_ANSWERED = "() => document.documentElement.dataset.worker"


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
def test_page_becomes_ready(where, page, server, serve_dist, browser_log, record_timing):
    url = server.url if where == "root" else serve_dist("/senet/").url
    _, cold_ms = _boot(page, url)
    record_timing(f"ready, cold, {where} ({url})", cold_ms)
    page.wait_for_function(WORKER_ANSWERED, timeout=READY_TIMEOUT_MS)
    data = page.evaluate("() => ({...document.documentElement.dataset})")

    # The worker answered with the engine's variants, same as the main thread sees.
    assert "kendall" in data["worker"].split(",")
    assert data["worker"] == data["variants"]
    # The vendored interpreter was used, not a CDN copy.
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in browser_log.requests)
    assert any(u.endswith("/senet.zip") for u in browser_log.requests)
    assert browser_log.errors == []

    if where == "root":
        page.reload()
        _, warm_ms = _boot(page, url)
        record_timing(f"ready, warm reload, {where}", warm_ms)
        assert browser_log.errors == []


def test_subpath_server_hides_the_root(serve_dist, page):
    """Guards the guard: under /senet/ nothing is served at /, like GitHub Pages' /REPO/."""
    srv = serve_dist("/senet/")
    assert page.request.get(srv.origin + "/index.html").status == 404
    assert page.request.get(srv.url + "index.html").status == 200
