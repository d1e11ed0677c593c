"""The worker's boot as the player sees it: ``#worker-boot`` (index.html), an overlay at
the bottom of the window that moves nothing, shown while the worker starts, with the
download's progress while the Expert comes from the network (the worker counts its
bytes: app/worker/players.js, "progress") and, once its pace is known, about how long is
left; then that the Expert starts, until it answers.

Runs unchanged in MicroPython (the page) and CPython (tests/app/test_worker_link.py).
"""

import time

from senet.words import t


def megabytes(count):
    """A count of bytes in megabytes (the catalog writes it with one decimal, in the
    language's decimal separator: "3.1", "3,1")."""
    return count / 1e6


def boot_text(loaded, total, seconds_left=None):
    """What the overlay says: the download's progress while bytes are still coming, with
    about how long is left once its pace is known; then that the Expert starts."""
    if total and loaded < total:
        if seconds_left is not None:
            return t("worker.boot.downloading_left", loaded=megabytes(loaded), total=megabytes(total),
                     seconds=max(1, int(seconds_left + 0.5)))
        return t("worker.boot.downloading", loaded=megabytes(loaded), total=megabytes(total))
    return t("worker.boot.starting")


def seconds_left(first, now, loaded, total):
    """About how many seconds the download still takes at its pace since ``first`` (the
    time and the bytes in at the first count), or None before two seconds of it."""
    if first is None:
        return None
    began, had = first
    spent, came = now - began, loaded - had
    if spent < 2 or came <= 0:
        return None
    return (total - loaded) * spent / came


class BootView:
    """Draws ``#worker-boot`` from a WorkerLink's state and progress (app/worker/link.py)."""

    def __init__(self, document, clock=time.time):
        self.box = document.getElementById("worker-boot")
        self.clock = clock
        self.first = None  # (time, bytes) at the download's first count

    def render(self, link):
        box = self.box
        if box is None:
            return
        starting = link.state == "starting"
        box.hidden = not starting
        if not starting:
            return
        bar = box.querySelector("progress")
        text = box.querySelector(".boot-text")
        downloading = bool(link.total) and link.loaded < link.total
        left = None
        if downloading:
            now = self.clock()
            if self.first is None:
                self.first = (now, link.loaded)
            left = seconds_left(self.first, now, link.loaded, link.total)
        if bar is not None:
            if downloading:
                bar.max = link.total
                bar.value = link.loaded
            else:
                bar.removeAttribute("value")  # indeterminate: the Expert starts
        if text is not None:
            text.textContent = boot_text(link.loaded, link.total, left)
