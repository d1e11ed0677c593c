"""The "Play by correspondence" dialog (``#corr-dialog``): a game started (rule set, side,
the hours after which a silent player may be claimed against), the list of this device's
games (whose turn, since when; open, set aside, claim), and the link to send at the end
of a turn (the link, its code, a QR code drawn when its part of the dialog is opened;
Share on a phone, else Copy). The flow is
app/online/corr_flow.py; a ``#corr=`` link opened on the page comes here (``open_link``).

The link to send is in ``[data-corr-link]`` (its text and the attribute's value), and
whether it answers by itself in ``data-automatic``; each game's row is
``li[data-corr-tag]`` with ``data-turn`` ("you", "friend", "over") (docs/app.md).
"""

import asyncio

import js
from pyscript.ffi import to_js

from app.online.corr_flow import CORR_PARAM, CorrFlow
from app.platform import guard
from app.platform.clipboard import copy_text, select_children
from app.platform.dom import attr, closest, on, window
from app.words.names import rules_name
from app.words.records import ago_text
from senet.online.invite import RULE_SETS
from senet.variants import get_rules
from senet.words import t

NAME_KEY = "senet:online-name"  # the name the player last gave (Play a friend's too)
# the claim intervals offered, in hours, and their words
HOURS = {24: "corr.page.after_24", 72: "corr.page.after_72", 168: "corr.page.after_168", 720: "corr.page.after_720"}


class Shelf:
    """The page's storage for the flow: a refusal (a full storage) is said, never raised."""

    def __init__(self, page):
        self.page = page
        self.refused = False

    def get(self, key):
        try:
            return self.page.backend.get(key)
        except Exception:
            return None

    def set(self, key, value):
        try:
            self.page.backend.set(key, value)
        except Exception:  # the game goes on; the player is told it is not kept
            self.refused = True

    def remove(self, key):
        try:
            self.page.backend.remove(key)
        except Exception:
            self.refused = True


class CorrDialog:
    def __init__(self, page):
        self.page = page
        doc = self.doc = page.document
        self.dialog = doc.getElementById("corr-dialog")
        self.shelf = Shelf(page)
        self.flow = CorrFlow(page.ctl, self.shelf, page.random_bytes, lambda: int(js.Date.now()), self.on_link)
        page.corr = self.flow
        self.opened = 0  # links opened here (<html data-corr>)
        select = self.el("corr-variant")
        for name in RULE_SETS:
            option = doc.createElement("option")
            option.value = name
            option.textContent = rules_name(get_rules(name))
            select.appendChild(option)
        hours = self.el("corr-hours")
        for count in HOURS:
            option = doc.createElement("option")
            option.value = str(count)
            option.textContent = t(HOURS[count])
            hours.appendChild(option)
        hours.value = "72"
        name = page.backend.get(NAME_KEY)
        self.el("corr-name").value = name if isinstance(name, str) else ""
        self.el("corr-name").placeholder = t("names.seat.player", seat=1)
        on(self.dialog, "click", self.on_click)
        self.qr_box = self.el("corr-qr-box")
        self.qr_of = ""  # the link whose QR code #corr-qr shows
        on(self.qr_box, "toggle", lambda _event: self.draw_qr())

    def el(self, element_id):
        return self.doc.getElementById(element_id)

    def say(self, text):
        self.el("corr-status").textContent = text
        if self.shelf.refused:
            self.el("corr-status").textContent = text + " " + t("corr.page.not_kept")

    def open(self):
        self.draw_list()
        self.el("corr-send").hidden = True
        if not self.dialog.open:
            self.dialog.showModal()

    # -- the list ----------------------------------------------------------------------------
    def draw_list(self):
        rows = self.flow.summaries()
        now = int(js.Date.now())
        listed = self.el("corr-games")
        listed.innerHTML = ""
        self.el("corr-none").hidden = bool(rows)
        for row in rows:
            item = self.doc.createElement("li")
            item.dataset.corrTag = row["tag"]
            item.dataset.turn = row["turn"]
            friend = row["names"].get(3 - row["seat"]) or t("corr.page.no_answer")
            key = {"you": "corr.page.turn_you", "friend": "corr.page.turn_friend", "over": "corr.page.over"}
            since = ago_text(row["since"], now) if row["since"] else ""
            words = t(key[row["turn"]], friend=friend, rules=rules_name(get_rules(row["variant"])), since=since)
            if row["aside"]:
                words = t("corr.page.aside", game=words)
            text = self.doc.createElement("span")
            text.textContent = words
            item.appendChild(text)
            for action, label in (("show", "corr.page.open"), ("aside", "corr.page.set_aside"),
                                  ("claim", "corr.page.claim")):
                if action == "claim" and row["turn"] != "friend" or action == "show" \
                        and self.flow.games[row["tag"]].game is None:
                    continue
                button = self.doc.createElement("button")
                button.type = "button"
                button.dataset.corr = action
                button.textContent = t("corr.page.take_up") if action == "aside" and row["aside"] else t(label)
                item.appendChild(button)
            listed.appendChild(item)

    # -- clicks ------------------------------------------------------------------------------
    def on_click(self, event):
        button = closest(event.target, "[data-corr]")
        if button is None:
            return
        what = attr(button, "data-corr")
        row = closest(button, "[data-corr-tag]")
        tag = attr(row, "data-corr-tag") if row is not None else None
        if what == "start":
            self.start()
        elif what == "copy":
            asyncio.create_task(self.copy())
        elif what == "share":
            asyncio.create_task(self.share())
        elif what == "show" and tag:
            if self.flow.show(tag):
                self.dialog.close()
        elif what == "aside" and tag:
            letters = self.flow.games.get(tag)
            self.flow.set_aside(tag, not letters.aside)
            self.draw_list()
        elif what == "claim" and tag:
            if self.flow.claim(tag):
                self.say(t("corr.page.claimed"))
            else:
                self.say(self.flow.problem)
            self.draw_list()
        elif what == "paste-record":
            self.dialog.close()
            self.page.use("record", lambda dialog: dialog.open_paste(), "open")

    def start(self):
        name = str(self.el("corr-name").value).strip()
        try:
            seat, hours = int(self.el("corr-seat").value), int(self.el("corr-hours").value)
        except ValueError:
            seat, hours = 1, 72
        if self.flow.start(str(self.el("corr-variant").value), seat, name, hours) is None:
            self.say(self.flow.problem)
            return
        self.page.backend.set(NAME_KEY, name)
        self.draw_list()

    # -- a link opened, a link to send -------------------------------------------------------
    def open_link(self, text):
        """A ``#corr=`` link opened on the page (or pasted): applied, or refused in words."""
        name = self.page.backend.get(NAME_KEY)
        self.el("corr-send").hidden = True
        ok = self.flow.open_link(text, name if isinstance(name, str) else "")
        self.el("corr-import").hidden = not self.flow.not_here
        if not ok:
            self.draw_list()
            self.say(self.flow.problem)
            self.mark("refused")
            if not self.dialog.open:
                self.dialog.showModal()
            return False
        self.mark("applied")
        if self.el("corr-send").hidden:
            self.say(t("corr.page.applied"))
        return True

    def mark(self, what):
        """<html data-corr="applied N"> (or "refused N": the Nth link opened here) and
        data-corr-turn, whose turn the game on the board waits for (docs/app.md)."""
        self.opened += 1
        root = self.page.document.documentElement
        root.dataset.corr = f"{what} {self.opened}"
        self.mark_turn()

    def mark_turn(self):
        letters = self.flow.letters
        if letters is not None:
            self.page.document.documentElement.dataset.corrTurn = letters.summary()["turn"]

    def on_link(self, tag, code, automatic):
        link = str(window.location.origin) + str(window.location.pathname) + "#" + CORR_PARAM + "=" + code
        shown = self.doc.querySelector("[data-corr-link]")
        shown.textContent = link
        shown.setAttribute("data-corr-link", link)
        shown.dataset.automatic = "true" if automatic else "false"
        self.el("corr-code").textContent = code
        self.el("corr-send-words").textContent = t("corr.page.send_automatic" if automatic else "corr.page.send")
        self.el("corr-share").hidden = not hasattr(js.navigator, "share")
        self.el("corr-send").hidden = False
        self.el("corr-import").hidden = True
        self.draw_list()
        self.draw_qr()
        self.say(t("corr.page.made"))
        self.mark_turn()
        if not self.dialog.open:
            self.dialog.showModal()

    def draw_qr(self):
        """The link's QR code, when its part of the dialog is open and it shows another
        link's (or none): a player who sends links by a messenger never waits for one to
        be made."""
        link = self._link()
        if not self.qr_box.open or not link or link == self.qr_of:
            return
        from senet.online.qr import QUIET_ZONE, qr_matrix, svg_path  # only when one is shown

        matrix = qr_matrix(link)
        size = len(matrix) + 2 * QUIET_ZONE
        svg = self.el("corr-qr")
        svg.setAttribute("viewBox", f"0 0 {size} {size}")
        svg.innerHTML = f'<rect width="{size}" height="{size}" fill="#fff"/><path fill="#000" d="{svg_path(matrix)}"/>'
        self.qr_of = link

    def _link(self):
        return str(self.doc.querySelector("[data-corr-link]").getAttribute("data-corr-link"))

    async def share(self):
        """The system's share sheet; a refusal copies instead, a cancel says nothing."""
        try:
            await guard.later(js.navigator, "share", to_js({"title": t("corr.page.share_title"), "url": self._link()}))
        except guard.Refused as exc:
            if exc.name != "AbortError":
                await self.copy()

    async def copy(self):
        target = self.doc.querySelector("[data-corr-link]")
        copied = await copy_text(self.doc, self._link(), select_children(target))
        self.say(t("friend.copied") if copied else t("friend.copy_by_hand"))
