"""The notices' queue: what the page has to tell the player that must not be missed (a
save set aside, games not being saved, the computer's stronger player not starting),
one at a time, each until it is read (OK) or answered (its button).

A notice never replaces another: a new one waits behind those shown before it. Only a
notice of the same ``kind`` takes the place of the one queued (the worker's second
failure says more than its first; a newer "Resume that game" brings back another game),
and a notice whose matter is over is withdrawn by its kind (saving works again). A
notice without a kind is its own (the same words are not queued twice). Free of the DOM:
app/view/view.py draws the first of them in ``#notice``.
"""


class Notice:
    """``kind`` (what it is about, "" for none), ``text`` (the words), ``actions`` (the
    notice's buttons besides OK, by their data-action: "notice-resume", "worker-retry")."""

    __slots__ = ("kind", "text", "actions")

    def __init__(self, kind: str, text: str, actions=()):
        self.kind = kind
        self.text = text
        self.actions = tuple(actions)

    def key(self) -> str:
        return self.kind or "text:" + self.text

    def __eq__(self, other) -> bool:
        return isinstance(other, Notice) and (self.kind, self.text, self.actions) == (
            other.kind, other.text, other.actions)

    def __repr__(self) -> str:
        return f"Notice({self.kind!r}, {self.text!r}, {self.actions!r})"


class NoticeQueue:
    def __init__(self):
        self.items: list[Notice] = []

    def __len__(self) -> int:
        return len(self.items)

    @property
    def head(self) -> Notice | None:
        """The notice shown, or None."""
        return self.items[0] if self.items else None

    def add(self, text: str, kind: str = "", actions=()) -> None:
        """Queue a notice; one of the same kind (or, without a kind, the same words) takes
        the new one's words and buttons in its own place."""
        notice = Notice(kind, text, actions)
        for i, item in enumerate(self.items):
            if item.key() == notice.key():
                self.items[i] = notice
                return
        self.items.append(notice)

    def withdraw(self, kind: str) -> bool:
        """Take away the notice of ``kind`` (its matter is over); True when there was one."""
        before = len(self.items)
        self.items = [item for item in self.items if item.kind != kind]
        return len(self.items) != before

    def dismiss(self) -> Notice | None:
        """The notice shown was read (OK) or answered: the next one shows."""
        return self.items.pop(0) if self.items else None

    def texts(self) -> list[str]:
        return [item.text for item in self.items]
