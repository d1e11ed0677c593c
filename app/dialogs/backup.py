"""Settings' "Your data": "Export my data" downloads everything the app keeps on this
device as one file, "Import data…" reads such a file back (app/storage/backup.py says what
is in it and what an import keeps of what it replaces). A file refused is said in the
section, and nothing changes; a file taken, the page opens again with its data."""

import asyncio
import time

import js
from pyscript.ffi import to_js

from app.platform.dom import window
from app.storage.backup import MAX_FILE, BackupError, export_text, import_data, read_backup
from senet.words import t

FILE_NAME = "senet-data-{date}.json"


class DataBackup:
    def __init__(self, page):
        self.page = page
        document = page.document
        self.file = document.getElementById("data-file")
        self.status = document.getElementById("data-status")

    def say(self, text, error=False):
        self.status.textContent = text
        self.status.className = "error" if error else "note"

    def export(self):
        page = self.page
        now = int(time.time() * 1000)  # not Date.now(): MicroPython cuts it to 32 bits
        text = export_text(page.policy.store, now)
        date = str(js.Date.new().toISOString())[:10]  # today (a JS number beyond 32 bits would be cut)
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = page.document.createElement("a")
        link.href = url
        link.download = FILE_NAME.format(date=date)
        page.document.body.append(link)
        link.click()
        link.remove()
        asyncio.create_task(self._revoke(url))
        self.say(t("backup.exported", file=link.download))

    async def _revoke(self, url):
        await asyncio.sleep(10)  # the download has started by then
        js.URL.revokeObjectURL(url)

    def on_file(self, _event):
        asyncio.create_task(self._import())

    async def _import(self):
        files = self.file.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        self.file.value = ""
        try:
            if file.size > MAX_FILE:
                raise BackupError(t("backup.refused.too_big"))
            try:
                text = str(await file.text())
            except Exception as exc:
                raise BackupError(t("backup.refused.unreadable", error=exc)) from None
            data = read_backup(text)
        except BackupError as exc:
            self.say(str(exc), error=True)
            return
        if not import_data(self.page.policy.store, data):
            self.say(t("backup.not_stored"), error=True)
            return
        self.say(t("backup.imported"))
        window.location.reload()
