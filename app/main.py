"""Main-thread entry point, run by PyScript (the tag is `async`, for top-level await).

A thin layer: DOM events become Controller calls (app/controller.py), app/view.py
draws, and the computer players think in the worker "players" (app/worker.py), so
the page keeps drawing while the Expert thinks. See docs/app.md.
"""

import js
from controller import KINDS, SPEEDS, Controller, Setup, setup_from_query
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window, workers
from view import View

DEFAULT = Setup("kendall", ("average", "human"))
NOTES = {
    "kendall": "Seven pieces each. Square 27 is the water; a drowned piece may be rescued to 15.",
    "jequier": "Five pieces each. A colour draw decides who plays black: the first to throw a 1.",
    "tait": "Five pieces each, entered from the supply. Landing on a piece sends it back.",
    "bell": "Ten pieces each, running from 30 down to 1 to fill their goal squares.",
    "thibault": "Five pieces each. Pieces dance (swap); a drowning piece may be rescued.",
    "havens": "Five pieces each, a colour draw, and a penalty score for the loser.",
}
DRAW_VARIANTS = ("jequier", "havens")

root = document.documentElement
view = View(document, window)
_worker = None
_proxies = []  # keep event handler proxies alive


def _on(target, event, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    target.addEventListener(event, proxy)


def _measure(start, level, what):
    detail = {"level": level, "what": what}
    options = {"start": start, "end": window.performance.now(), "detail": detail}
    window.performance.measure("senet:think", to_js(options, dict_converter=js.Object.fromEntries))


async def think(position, level, seed):
    start = window.performance.now()
    try:
        return await _worker.think(position, level, seed, ctl.setup.expert_nodes or 0)
    finally:
        _measure(start, level, "move")


async def think_pre_throw(position, level, seed):
    start = window.performance.now()
    try:
        return await _worker.think_pre_throw(position, level, seed, ctl.setup.expert_nodes or 0)
    finally:
        _measure(start, level, "pre-throw")


setup, warnings = setup_from_query(str(window.location.search), DEFAULT)
ctl = Controller(view, think, think_pre_throw, setup=setup or DEFAULT)
view.set_speed(ctl.setup.speed)
view.render(ctl)  # the starting position, before the worker is up


# ---------------------------------------------------------------- board input

def _attr(el, name):
    """An attribute as str, or None (JS null arrives as pyodide's JsNull, not None)."""
    value = el.getAttribute(name)
    return value if isinstance(value, str) else None


def _closest(el, selector):
    if not el or not hasattr(el, "closest"):
        return None
    hit = el.closest(selector)
    return hit if hit else None


def _loc_of(el):
    """The place a click or key press on ``el`` means: a square, "supply" or "off"."""
    hit = _closest(el, "[data-piece],[data-square],[data-tray]")
    if hit is None:
        return None
    at = _attr(hit, "data-at")
    if at is not None:
        return int(at) if at.isdigit() else at
    square = _attr(hit, "data-square")
    if square is not None:
        return int(square)
    tray = _attr(hit, "data-tray")
    return tray.split("-")[1] if tray else None


def on_board_click(event):
    if not view.ready:
        return
    loc = _loc_of(event.target)
    if loc is not None:
        ctl.activate(loc)


def on_board_key(event):
    if not view.ready:
        return
    key = event.key
    if key in ("Enter", " "):
        loc = _loc_of(document.activeElement)
        if loc is None or not view.board.contains(document.activeElement):
            return
        event.preventDefault()
        ctl.activate(loc)
        view.restore_focus(ctl, only_if_lost=ctl.selected is None)
    elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
        event.preventDefault()
        view.move_focus(ctl, 1 if key in ("ArrowRight", "ArrowDown") else -1)
    elif key == "Escape" and ctl.selected is not None:
        event.preventDefault()
        ctl.deselect()


def on_hint(event):
    """Pointer over (or focus on) a movable piece: hint its destination."""
    piece = _closest(event.target, '[data-movable="true"]')
    view.hint(ctl, _loc_of(piece) if piece is not None else None)


def on_action(event):
    button = _closest(event.target, "[data-action]")
    if button is None or not view.ready:
        return
    action = _attr(button, "data-action")
    if action == "throw":
        if ctl.throw():
            view.restore_focus(ctl)
    elif action == "rescue":
        if ctl.rescue():
            view.restore_focus(ctl)
    elif action == "pass":
        if ctl.pass_turn():
            view.restore_focus(ctl)
    elif action == "play-again":
        ctl.play_again()
        view.restore_focus(ctl)
    elif action == "new-game":
        open_dialog()


def on_speed(event):
    speed = str(event.target.value)
    if speed in SPEEDS:
        ctl.set_speed(speed)


# ---------------------------------------------------------------- new-game dialog

dialog = document.getElementById("new-game")
form = document.getElementById("new-game-form")


def _field(name):
    return form.elements.namedItem(name)


def update_dialog_labels(_event=None):
    variant = str(_field("variant").value)
    document.getElementById("ng-note").textContent = NOTES.get(variant, "")
    draw = variant in DRAW_VARIANTS
    for seat, colour in ((1, "White"), (2, "Black")):
        legend = form.querySelector(f'fieldset[data-seat="{seat}"] legend')
        if draw:
            legend.textContent = "First to throw" if seat == 1 else "Second to throw"
        else:
            legend.textContent = f"{colour} ({'spools' if seat == 1 else 'cones'})"


def open_dialog():
    s = ctl.setup
    _field("variant").value = s.variant
    for seat in (1, 2):
        _field(f"player{seat}").value = s.players[seat - 1]
        _field(f"name{seat}").value = s.names[seat - 1]
    update_dialog_labels()
    dialog.showModal()


def on_dialog_close(_event):
    if str(dialog.returnValue) != "start":
        return
    variant = str(_field("variant").value)
    players = tuple(str(_field(f"player{seat}").value) for seat in (1, 2))
    names = tuple(str(_field(f"name{seat}").value).strip()[:24] for seat in (1, 2))
    if any(p not in KINDS for p in players):
        return
    ctl.new_game(Setup(variant, players, names, None, ctl.setup.speed, expert_nodes=ctl.setup.expert_nodes))
    dialog.returnValue = ""
    view.restore_focus(ctl)


# ---------------------------------------------------------------- boot


async def main():
    global _worker
    _worker = await workers["players"]  # the background worker running the players
    root.dataset.worker = await _worker.ping()
    _on(view.board, "click", on_board_click)
    _on(view.board, "keydown", on_board_key)
    for event in ("pointerover", "pointerout", "focusin", "focusout"):
        _on(view.board, event, on_hint)
    _on(document.querySelector("main"), "click", on_action)
    _on(document.getElementById("speed"), "change", on_speed)
    _on(_field("variant"), "change", update_dialog_labels)
    _on(dialog, "close", on_dialog_close)
    view.set_ready()
    ctl.start(warnings)
    root.dataset.variants = ",".join(__import__("senet").VARIANTS)
    root.dataset.ready = "true"
    window.performance.mark("senet:ready")


await main()  # noqa: F704 (PyScript runs this with top-level await)
