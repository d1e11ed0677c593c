"""The boundary for the browser's calls that may refuse: each goes through app/platform/guard.js.

In the page's MicroPython an error thrown by a JavaScript function that Python calls is
no Python exception: it passes through ``try/except`` and stops the script or the event
handler that made the call (docs/app.md, "What the browser may refuse";
tests/app/test_guard.py shows it). ``window.senetGuard`` (guard.js) catches it and hands
it back as a value; the functions here test that value and raise ``Refused``, a Python
exception that ``except Exception`` catches like any other:

    call(target, "setItem", key, value)    target.setItem(key, value)
    get(window, "localStorage")            window.localStorage (a getter may throw)
    construct(window.Worker, url, options) new Worker(url, options)
    await later(clipboard, "writeText", t) a call answering a promise: a rejection too

Where there is no guard.js (CPython, in the tests: its exceptions are Python's own) the
calls are made directly. Runs in MicroPython, Pyodide and CPython.
"""

try:
    import js
except ImportError:  # CPython (the tests): no browser
    js = None


class Refused(Exception):
    """The browser refused a call: ``name`` is the JavaScript error's name
    ("QuotaExceededError", "SecurityError", "NotAllowedError"...), ``message`` its
    message (the browser's words, in its language)."""

    def __init__(self, name: str, message: str = ""):
        super().__init__(message or name)
        self.name = name
        self.message = message


def _guard():
    return getattr(js, "senetGuard", None) if js is not None else None


def present() -> bool:
    """guard.js has run (app/main.py imports it first when it has not)."""
    return _guard() is not None


def _value(answer):
    if answer.ok:
        return answer.value
    raise Refused(str(answer.name), str(answer.message))


def call(target, name: str, *args):
    """``target.name(*args)``; raises Refused when the browser throws."""
    guard = _guard()
    if guard is None:
        return getattr(target, name)(*args)
    return _value(guard.call(target, name, *args))


def get(target, name: str):
    """``target.name``, read through a getter that may throw; raises Refused."""
    guard = _guard()
    if guard is None:
        return getattr(target, name)
    return _value(guard.get(target, name))


def construct(cls, *args):
    """``new cls(*args)``; raises Refused when the constructor throws."""
    guard = _guard()
    if guard is None:
        return cls.new(*args)
    return _value(guard.construct(cls, *args))


async def later(target, name: str, *args):
    """The value of the promise ``target.name(*args)`` answers; raises Refused when the
    call throws or the promise rejects."""
    guard = _guard()
    if guard is None:
        return await getattr(target, name)(*args)
    return _value(await guard.later(target, name, *args))
