"""The game record dialog: the record's text to copy, download, replay or verify, and a
file to load (docs/record.md). Its buttons' names are in app/input/actions.py (RECORD_ACTIONS)."""

import asyncio

import js
from pyscript.ffi import create_proxy, to_js

import senet
from app.platform import guard
from app.platform.clipboard import copy_text
from app.platform.dom import window
from senet.online.corr_link import LinkError
from senet.online.share import read_pasted, read_shared, share_code
from senet.words import current, t
from senet.words.game import error_text, link_text

MAX_RECORD = 2_000_000  # characters


class RecordDialog:
    def __init__(self, page):
        self.page = page
        document = page.document
        self.dialog = document.getElementById("record-dialog")
        self.text = document.getElementById("record-text")
        self.error = document.getElementById("record-error")
        self.file = document.getElementById("record-file")

    def message(self, text, error=False):
        self.error.textContent = text
        self.error.classList.toggle("ok", not error)

    def open(self):
        self.text.value = self.page.ctl.record_text()
        self.message("")
        self.dialog.showModal()

    def replay(self):
        """Check the text of the dialog and replay it; a faulty record names its line."""
        text = str(self.text.value)
        if len(text) > MAX_RECORD:
            self.message(t("record.too_long"), error=True)
            return
        try:
            is_record = text.lstrip("\ufeff \t\r\n").startswith("senet-record")  # an editor's byte-order mark too
            game = senet.Game.from_record(text) if is_record else read_pasted(text)
            if not is_record:  # a shared game's link: its record replays
                text = game.record_text()
        except LinkError as exc:
            self.message(t("record.cannot_replay", error=link_text(current(), exc)), error=True)
            self.text.focus()
            return
        except senet.RecordError as exc:
            self.message(t("record.cannot_replay", error=error_text(current(), exc)), error=True)
            self.text.focus()
            return
        except Exception as exc:  # never expected; said, not raised
            self.message(t("record.cannot_replay_bug", error=exc), error=True)
            return
        ctl = self.page.ctl
        own = ctl.is_live_record(text)
        self.dialog.close()
        ctl.open_record(text, game, own=own)
        self.page.document.querySelector('#replay [data-action="replay-back"]').focus()

    def open_paste(self):
        """Paste a game: the dialog with an empty text, for a record or a shared game's link."""
        self.open()
        self.text.value = ""
        self.message(t("record.paste"))
        self.text.focus()

    def open_shared(self, fragment):
        """A shared game's link opened (``game=CODE``): its replay, nothing stored; a link
        that cannot be read is said in the dialog, and nothing changes."""
        try:
            game = read_shared(fragment)
        except LinkError as exc:
            self.open()
            self.message(t("record.cannot_replay", error=link_text(current(), exc)), error=True)
            return
        self.page.ctl.open_record(game.record_text(), game, own=False)
        self.page.document.documentElement.dataset.shared = "opened"

    def share(self):
        """Share this game: the game on the board (finished, in progress, or a replay's) as
        a ``#game=`` link, shown, then offered to the share sheet on a phone or copied."""
        ctl = self.page.ctl
        try:
            game = ctl.table.replay.full if ctl.table.replay is not None else ctl.table.game
            code = share_code(game)
        except Exception as exc:  # a game that cannot be packed is said, nothing changes
            self.message(t("record.cannot_share", error=str(exc)), error=True)
            return
        link = str(window.location.origin) + str(window.location.pathname) + "#game=" + code
        shown = self.page.document.getElementById("record-link")
        shown.textContent = link
        shown.setAttribute("data-game-link", link)
        shown.hidden = False
        asyncio.create_task(self._share(link))

    async def _share(self, link):
        if hasattr(js.navigator, "share"):
            try:
                await guard.later(js.navigator, "share", to_js({"title": t("record.share_title"), "url": link}))
                return
            except guard.Refused as exc:
                if exc.name == "AbortError":
                    return
        try:
            await guard.later(window.navigator.clipboard, "writeText", link)
            self.message(t("record.link_copied"))
        except Exception:
            self.message(t("record.copy_by_hand"), error=True)

    def copy(self):
        asyncio.create_task(self._copy())

    async def _copy(self):
        if await copy_text(self.page.document, str(self.text.value), lambda: self.text.select()):
            self.message(t("record.copied"))
        else:
            self.message(t("record.copy_by_hand"), error=True)

    def download(self):
        document = self.page.document
        text = str(self.text.value)
        blob = js.Blob.new(to_js([text]), to_js({"type": "text/plain;charset=utf-8"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = self.page.ctl.fair.record_file_name()
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 10_000)
        self.message(t("record.downloaded", file=link.download))

    def on_file(self, _event):
        """A file chosen: read it into the box and replay it."""
        asyncio.create_task(self._load_file())

    async def _load_file(self):
        files = self.file.files
        if not files or files.length == 0:
            return
        file = files.item(0)
        if file.size > MAX_RECORD:
            self.message(t("record.file_too_big"), error=True)
            return
        try:
            self.text.value = await file.text()
        except Exception as exc:
            self.message(t("record.file_unreadable", error=exc), error=True)
            return
        self.file.value = ""
        self.replay()

    def verify(self):
        """Verify the throws of the record in the dialog's box (its own line numbers)."""
        from app.flow.controller import verify_words
        from senet.verify import verify_record

        text = str(self.text.value)
        if len(text) > MAX_RECORD:
            self.message(t("record.too_long"), error=True)
            return
        verdict = verify_record(text)
        self.message(verify_words(verdict), error=not verdict.ok)
