"""Small helpers over the page's DOM, shared by app/main.py and the page's handlers.

In MicroPython, pyscript.window is a module standing in for the browser's window, whose
methods lose their `this` (addEventListener raises "Illegal invocation"): the window is
``js.window``. A JS null arrives as a JsNull, not None: ``attr`` and ``closest`` say None.
"""

import js
from pyscript.ffi import create_proxy

from app.platform import guard

window = js.window
_proxies = []  # keep the event handlers' proxies alive


def on(target, event, handler) -> None:
    """Call ``handler(event)`` on ``target``'s ``event``."""
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def attr(el, name):
    """An attribute as str, or None."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


def closest(el, selector):
    if not el or not hasattr(el, "closest"):
        return None
    hit = el.closest(selector)
    return hit if hit else None


def place_of_element(el):
    """The place a click or key press on ``el`` means: a square, "supply" or "off"."""
    hit = closest(el, "[data-piece],[data-square],[data-hit],[data-tray]")
    if hit is None:
        return None
    at = attr(hit, "data-at")
    if at is not None:
        return int(at) if at.isdigit() else at
    square = attr(hit, "data-square") or attr(hit, "data-hit")  # a square or a tray's tap area
    if square is not None and square.isdigit():
        return int(square)
    tray = attr(hit, "data-tray") or square
    return tray.split("-")[1] if tray else None


def drop_params(keys) -> None:
    """Remove ``keys`` from the address bar's parameters (a reload then resumes). A browser
    that refuses (a sandboxed frame; too many calls) leaves them: a reload then starts the
    link's game again, as a link does."""
    url = js.URL.new(str(window.location.href))
    for key in keys:
        url.searchParams.delete(key)
    replace_url(url.href)


def replace_url(href) -> None:
    """Show ``href`` in the address bar, in place of the page's URL (history.replaceState);
    nothing when the browser refuses."""
    try:  # noqa: SIM105 (MicroPython has no contextlib)
        guard.call(window.history, "replaceState", window.history.state, "", href)
    except guard.Refused:
        pass
