"""Where the Store keeps its text: ``LocalStorage`` (the browser's, handed in by the page),
``ScopedBackend`` (one copy of the app's keys apart from another's on the same origin) and
``MemoryBackend`` (a dict: the tests, and the page when the browser blocks storage).

A backend has ``get``/``set``/``remove``/``all_keys``; app/storage/store.py's ``Store`` turns
their failures into problems to show. Free of the DOM: the page passes
``window.localStorage`` in.
"""

from app.platform import guard
from senet.words import t


class LocalStorage:
    """The backend over the browser's ``localStorage`` (the object is handed in). Every
    call goes through app/platform/guard.py: a full storage's QuotaExceededError, which the
    page's MicroPython could not catch, is a Python exception (guard.Refused) here."""

    def __init__(self, ls):
        self.ls = ls

    def get(self, key):
        value = guard.call(self.ls, "getItem", key)
        return value if isinstance(value, str) else None

    def set(self, key, value):
        guard.call(self.ls, "setItem", key, value)

    def remove(self, key):
        guard.call(self.ls, "removeItem", key)

    def all_keys(self):
        count = int(guard.get(self.ls, "length"))
        return [str(guard.call(self.ls, "key", i)) for i in range(count)]


def scope_of(pathname: str) -> str:
    """The storage scope of the copy of the app served at ``pathname``: the directory
    of the page ("/senet/" for "/senet/index.html"), or "" at the root of a site."""
    base = pathname[:pathname.rfind("/") + 1] if "/" in pathname else "/"
    return "" if base in ("", "/") else base


MIGRATED_KEY = "senet:migrated"


class ScopedBackend:
    """Keeps one copy of the app's keys apart from another's on the same origin.

    ``localStorage`` belongs to the origin, so two copies of the app on one site (two
    forks on ``USER.github.io``) would read and overwrite each other's games. Each
    copy's keys are stored under its scope (``/senet/senet:save``); at the root of a
    site the scope is empty and the keys are the plain ones. The first time a copy
    runs under a scope, it copies the plain keys (written before keys had a scope) into
    it, leaving them in place for the other copies, and notes that with
    ``senet:migrated``; a copy that fails half-way is tried again at the next start.
    """

    def __init__(self, backend, scope: str):
        self.backend = backend
        self.scope = scope
        self.copied = 0  # plain keys copied into the scope at this start
        self.problem: str | None = None
        if scope:
            try:
                self._migrate()
            except Exception as exc:  # full or blocked: the plain keys stay; tried again next time
                self.problem = t("storage.problem.not_migrated", error=exc)

    def _migrate(self) -> None:
        if self.backend.get(self.scope + MIGRATED_KEY) is not None:
            return
        for key in self.backend.all_keys():
            key = str(key)
            if key.startswith("senet:") and self.backend.get(self.scope + key) is None:
                value = self.backend.get(key)
                if isinstance(value, str):
                    self.backend.set(self.scope + key, value)
                    self.copied += 1
        self.backend.set(self.scope + MIGRATED_KEY, "1")

    def key_of(self, stored_key: str) -> str | None:
        """The app's name for a key as stored (a storage event's key); None when the key
        belongs to another scope (or to none, under a scope)."""
        if not self.scope:
            return None if stored_key.startswith("/") else stored_key
        return stored_key[len(self.scope):] if stored_key.startswith(self.scope) else None

    def get(self, key):
        return self.backend.get(self.scope + key)

    def set(self, key, value):
        self.backend.set(self.scope + key, value)

    def remove(self, key):
        self.backend.remove(self.scope + key)

    def all_keys(self):
        keys = (str(k) for k in self.backend.all_keys())
        return [k for k in map(self.key_of, keys) if k is not None]


class MemoryBackend:
    """A dict with the backend interface (tests, and the page when storage is blocked)."""

    def __init__(self, data: dict | None = None):
        self.data = dict(data or {})

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        self.data[key] = str(value)

    def remove(self, key):
        self.data.pop(key, None)

    def all_keys(self):
        return list(self.data)
