"""The worker's boot as the player sees it: ``#worker-boot`` (index.html), an overlay at
the bottom of the window that moves nothing, shown while the worker starts, with the
download's progress while the runtime comes from the network (the worker counts its
bytes: app/worker/players.js, "progress"), then "Python is starting" until it answers.

Runs unchanged in MicroPython (the page) and CPython (tests/app/test_worker_link.py).
"""

from senet.words import t


def megabytes(count):
    """A count of bytes in megabytes (the catalog writes it with one decimal, in the
    language's decimal separator: "3.1", "3,1")."""
    return count / 1e6


def boot_text(loaded, total):
    """What the overlay says: the download's progress while bytes are still coming."""
    if total and loaded < total:
        return t("worker.boot.downloading", loaded=megabytes(loaded), total=megabytes(total))
    return t("worker.boot.starting")


class BootView:
    """Draws ``#worker-boot`` from a WorkerLink's state and progress (app/worker/link.py)."""

    def __init__(self, document):
        self.box = document.getElementById("worker-boot")

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
        if bar is not None:
            if downloading:
                bar.max = link.total
                bar.value = link.loaded
            else:
                bar.removeAttribute("value")  # indeterminate: Python is starting
        if text is not None:
            text.textContent = boot_text(link.loaded, link.total)
