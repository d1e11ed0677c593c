"""The "Play a friend" dialog (``#friend-dialog``): the invite made and shown (link, Copy,
Share, QR code), an invite opened and answered, the answer taken, and while the game
goes on the link's state, the quick messages and Resign. The WebRTC side is app/online/link.js
(``window.senetLink``); the game flow is app/online/flow.py. Imported only when a player
opens the dialog or an invite link: no request leaves the site before.

The link's state is ``<html data-link>``; the invite link is in ``[data-invite]`` and the
answer in ``[data-answer]`` (their text and the attribute's value), docs/app.md.
"""

import asyncio
import json

import js
from pyscript import js_import
from pyscript.ffi import to_js

from app.online.flow import (
    ANSWER_KEY,
    CANNOT_GO_ON,
    JOIN_KEY,
    REJOIN_KEY,
    NotThisGame,
    OnlineFlow,
    code_of,
    invite_words,
)
from app.online.stun import stored_stun, stun_list
from app.platform import guard
from app.platform.clipboard import copy_text, select_children
from app.platform.dom import attr, closest, on, window
from app.words.names import quick_words, rules_name
from senet.errors import SenetError
from senet.online.invite import RULE_SETS, read_invite
from senet.online.messages import QUICK
from senet.variants import DEFAULT_VARIANT, base_name, get_rules
from senet.words import current, t
from senet.words.game import error_text

# The rule set a newcomer should start with: the tutorial teaches it (app/flow/tutorial.py).
FIRST_GAME = DEFAULT_VARIANT

NAME_KEY = "senet:online-name"  # the name the player last gave, offered again
DUEL_KEY = "senet:duel"  # this side of the game between two devices (senet.online.save), kept
# The line of the connection's state (<html data-link>), by state.
LINK_STATES = {"off": "friend.link.off", "inviting": "friend.link.inviting", "connecting": "friend.link.connecting",
               "connected": "friend.link.connected", "lost": "friend.link.lost"}
LINK_JS = "./app/link.js"  # window.senetLink's module, as app/boot/start.js names it (relative to the page)


def link_call(name, *args):
    """``window.senetLink.name(*args)`` through app/platform/guard.py; False when the browser
    refused (a data channel that closed under it, no BroadcastChannel): said by what
    follows, never a frozen page."""
    try:
        return guard.call(window.senetLink, name, *args)
    except guard.Refused as exc:
        window.console.warn(f"senet: the link's {name} was refused: {exc}")
        return False


async def senet_link():
    """``window.senetLink``, once app/link.js has run. app/start.js starts link.js as a
    module script of its own, in no order with Python's start: on a busy machine its
    request can come in after the page is ready, and an invite opened and answered at once
    met no ``senetLink`` (the answer never came). Importing the same module (the same URL:
    one module, run once) waits until it has run."""
    await js_import(str(js.URL.new(LINK_JS, js.document.baseURI).href))
    return window.senetLink


class FriendDialog:
    def __init__(self, page):
        self.page = page
        doc = page.document
        self.doc = doc
        self.root = doc.documentElement
        self.dialog = doc.getElementById("friend-dialog")
        self.flow = OnlineFlow(page.ctl, self.send, page.random_bytes, lambda text: page.backend.set(DUEL_KEY, text))
        self.tasks = set()
        self.invite_text = ""  # the invite link this page was opened with, until answered
        # ?ice= (empty: no STUN server at all, one network; the tests use it) for this page
        params = js.URLSearchParams.new(str(window.location.search))
        self.ice_override = str(params.get("ice")) if params.has("ice") else None
        self._fill()
        on(self.dialog, "click", self.on_click)
        on(self.el("friend-variant"), "change", self.show_options)
        on(self.el("friend-seat"), "change", self.show_name_hint)
        on(window, "senet:link", self.on_link)
        self.set_link("off")

    # -- the dialog's parts ----------------------------------------------------------------
    def el(self, element_id):
        return self.doc.getElementById(element_id)

    def _fill(self):
        select = self.el("friend-variant")
        if not select.options.length:
            for name in RULE_SETS:
                option = self.doc.createElement("option")
                option.value = name
                title = rules_name(get_rules(name))
                # the rule set a newcomer should start with says so, as in the New game dialog
                option.textContent = t("friend.first_game", title=title) if name == FIRST_GAME else title
                select.appendChild(option)
            rules = get_rules(self.page.ctl.live_setup.variant)  # the game on the board: its rules
            select.value = base_name(rules.name) if base_name(rules.name) in RULE_SETS else RULE_SETS[0]
            self._fill_options(rules.options)
            self.show_options()
        quick = self.el("friend-quick")
        if not quick.children.length:
            for code, _english in QUICK:
                button = self.doc.createElement("button")
                button.type = "button"
                button.dataset.friend = "say"
                button.dataset.code = code
                button.textContent = quick_words(code)
                quick.appendChild(button)
        name = self.page.backend.get(NAME_KEY)
        self.el("friend-name").value = name if isinstance(name, str) else ""
        self.show_name_hint()

    def show_name_hint(self, _event=None):
        """An empty name box shows what the game calls a player with no name: "Player 1"
        or "Player 2", as the seat chosen."""
        self.el("friend-name").placeholder = t("names.seat.player", seat=int(self.el("friend-seat").value))

    def draw_qr(self, svg_id, link):
        """The QR code of ``link`` in the svg ``svg_id`` (a phone's camera opens the link)."""
        from senet.online.qr import QUIET_ZONE, qr_matrix, svg_path  # only when a link is made

        matrix = qr_matrix(link)
        size = len(matrix) + 2 * QUIET_ZONE
        svg = self.el(svg_id)
        svg.setAttribute("viewBox", f"0 0 {size} {size}")
        svg.innerHTML = f'<rect width="{size}" height="{size}" fill="#fff"/><path fill="#000" d="{svg_path(matrix)}"/>'

    def _fill_options(self, ticked):
        """The house rules' checkboxes: the New game dialog's (#ng-options, the same words),
        copied under the rule set's choice; ``ticked``: the options checked at first."""
        part = self.doc.getElementById("ng-options").cloneNode(True)
        part.id = "friend-options"
        for box in part.querySelectorAll("input[type=checkbox]"):
            option = str(box.getAttribute("name"))[len("opt-"):]
            box.removeAttribute("name")
            box.id = "friend-opt-" + option
            box.dataset.option = option
            box.checked = option in ticked
        self.el("friend-variant").closest("p").after(part)

    def show_options(self, _event=None):
        """The house rules show only for a rule set that has them (Kendall's)."""
        rules = get_rules(str(self.el("friend-variant").value))
        self.el("friend-options").hidden = not rules.house_rules

    def chosen_rules(self) -> str:
        """The rule set picked, with the house rules ticked for it: ``kendall+five``."""
        variant = str(self.el("friend-variant").value)
        ticked = [option for option in get_rules(variant).house_rules if self.el("friend-opt-" + option).checked]
        return "+".join([variant] + ticked)

    def _show_link(self, hook, link):
        """A link for the other player in the element marked ``hook`` (data-invite or
        data-answer): as its text and as the attribute's value (docs/app.md)."""
        shown = self.doc.querySelector(f"[{hook}]")
        shown.textContent = link
        shown.setAttribute(hook, link)

    def show(self, part):
        """Show one of the dialog's parts: host, invite, join or play (None: none)."""
        for name in ("host", "invite", "join", "play"):
            self.el("friend-" + name).hidden = name != part

    def say(self, text):
        self.el("friend-status").textContent = text

    def set_link(self, state):
        self.root.dataset.link = state
        self.el("friend-link-state").textContent = t(LINK_STATES[state])

    def open(self):
        if self.flow.live and not self.flow.duel.game.over:  # the game under way: its controls
            self.show("play")
            self.el("friend-reconnect").hidden = self.flow.link == "connected"
        elif self.flow.offer is None or self.flow.duel is not None:  # none yet, or that one is over
            self.show("host")
        if not self.dialog.open:
            self.dialog.showModal()

    def spawn(self, coro):
        async def run():
            try:
                await coro
            except Exception as exc:  # a WebRTC failure: one line, nothing else changes
                self.say(t("friend.connect_failed", error=str(exc)))
            finally:
                self.tasks.discard(task)

        task = asyncio.create_task(run())
        self.tasks.add(task)

    def ice_json(self):
        if self.ice_override is not None:
            return json.dumps(stun_list(self.ice_override))
        return json.dumps(stun_list(stored_stun(self.page.backend)))  # Settings' list

    def base_url(self):
        loc = window.location
        return str(loc.origin) + str(loc.pathname)

    # -- clicks ----------------------------------------------------------------------------
    def on_click(self, event):
        button = closest(event.target, "[data-friend]")
        if button is None:
            return
        what = attr(button, "data-friend")
        if what == "invite":
            self.spawn(self.make_invite())
        elif what == "connect":
            self.spawn(self.connect(self.el("friend-answer-in").value))
        elif what == "answer" and self.invite_text:
            self.spawn(self._answer(self.invite_text, self.el("friend-guest-name").value.strip()))
        elif what == "reconnect":
            self._clear("[data-invite]")  # at once: the last invite shown is no longer good
            self.spawn(self.make_reconnect())
        elif what == "rejoin":
            text = self.el("friend-rejoin-in").value
            if self.flow.resync and self.flow.link == "inviting":  # the answer to this side's invite
                self.spawn(self.connect(text))
            else:
                self.open_rejoin(text)
        elif what in ("copy-invite", "copy-answer"):
            target = self.doc.querySelector("[data-invite]" if what == "copy-invite" else "[data-answer]")
            self.spawn(self.copy(target))
        elif what == "share":
            link = attr(self.doc.querySelector("[data-invite]"), "data-invite")
            self.spawn(self.share(link))
        elif what == "say":
            self.flow.say(attr(button, "data-code"))
        elif what == "resign":
            self.flow.resign()
        elif what == "claim":
            self.flow.claim(js.Date.now())

    async def copy(self, target):
        """Copy a link shown: to the clipboard, else selected and copied as a selection is;
        a browser that refuses both leaves it selected, to copy by hand."""
        copied = await copy_text(self.doc, str(target.textContent), select_children(target))
        self.say(t("friend.copied") if copied else t("friend.copy_by_hand"))

    async def share(self, link):
        """The system's share sheet; its cancel is no error, a refusal says to copy instead."""
        try:
            await guard.later(js.navigator, "share", to_js({"title": t("friend.share_title"), "url": link}))
        except guard.Refused as exc:
            if exc.name != "AbortError":  # the player closed the sheet: nothing to say
                self.say(t("friend.share_refused"))

    # -- the host --------------------------------------------------------------------------
    async def make_invite(self):
        name = self.el("friend-name").value.strip()
        try:
            ice = self.ice_json()
            offer = self.flow.host(self.chosen_rules(), int(self.el("friend-seat").value), name)
        except (SenetError, ValueError) as exc:
            self.say(error_text(current(), exc))
            return
        self.page.backend.set(NAME_KEY, name)
        self.set_link("inviting")
        self.say(t("friend.gathering"))
        sdp = await (await senet_link()).host(ice)
        if self.flow.offer is not offer:
            return  # another invite was made meanwhile
        link = self.base_url() + "#" + JOIN_KEY + "=" + self.flow.invite(sdp)
        self._show_link("data-invite", link)
        self.el("friend-share").hidden = not hasattr(js.navigator, "share")
        self.show("invite")
        link_call("waitForAnswer")  # the answer link may be opened in another tab of this browser
        self.say(t("friend.invite_made"))
        self.draw_qr("friend-qr", link)

    def take_answer(self, text):
        """The answer (to the invite, or to a Reconnect): its session description. Raises
        SenetError (NotThisGame for another invite's), changing nothing."""
        return self.flow.accept_reconnect(text) if self.flow.duel is not None else self.flow.accept(text)

    async def connect(self, text, sdp=None):
        """The host pastes the answer (to the invite, or to a Reconnect); ``sdp``: the one
        take_answer already read from it."""
        again = self.flow.duel is not None
        if sdp is None:
            try:
                sdp = self.take_answer(text)
            except SenetError as exc:
                self.say(error_text(current(), exc))
                return
        link_call("stopWaiting")  # the answer is in: another tab's is no longer needed
        self.set_link("connecting")
        await window.senetLink.accept(sdp)
        if not again:
            self.flow.begin(self.page.policy.settings.speed)
        self.show("play")
        self.say(t("friend.connecting"))

    # -- a game under way: kept, and connected again -----------------------------------------
    def restore(self):
        """At boot, the saved game is a game between two devices: take it up again, with
        the link lost until Reconnect; when this device's side of it is gone, say so."""
        text = self.page.backend.get(DUEL_KEY)
        try:
            if not isinstance(text, str):
                raise SenetError("nothing kept")
            self.flow.restore(text, js.Date.now())
        except SenetError as exc:
            self.page.view.report_error(f"the online game cannot go on: {exc}")
            self.page.view.notice(CANNOT_GO_ON, "online")
            return
        self.set_link("lost")

    def _clear(self, selector):
        self._show_link(selector[1:-1], "")

    async def make_reconnect(self):
        ice = self.ice_json()
        self.set_link("inviting")
        self.say(t("friend.gathering"))
        sdp = await (await senet_link()).host(ice)
        link = self.base_url() + "#" + REJOIN_KEY + "=" + self.flow.reconnect_invite(sdp)
        self._show_link("data-invite", link)
        self.show("invite")
        link_call("waitForAnswer")
        self.say(t("friend.reconnect_made"))

    def open_rejoin(self, text):
        """The other side's Reconnect link (or code): answer it."""
        self._clear("[data-answer]")  # at once: the last answer shown is no longer good
        self.spawn(self._rejoin(text))

    async def _rejoin(self, text):
        self.show("join")
        if not self.dialog.open:
            self.dialog.showModal()
        try:
            ice = self.ice_json()
            sdp = self.flow.rejoin(text)
        except SenetError as exc:
            self.say(t("friend.reconnect_refused", error=error_text(current(), exc)))
            return
        self.el("friend-game").textContent = t("friend.reconnect_asked")
        self.el("friend-name-part").hidden = True
        self.set_link("connecting")
        answer_sdp = await (await senet_link()).join(ice, sdp)
        link = self.base_url() + "#" + ANSWER_KEY + "=" + self.flow.reconnect_answer(answer_sdp)
        self._show_link("data-answer", link)
        self.el("friend-answer-part").hidden = False
        self.say(t("friend.reconnect_answer_made"))
        self.draw_qr("friend-answer-qr", link)

    # -- the friend ------------------------------------------------------------------------
    def open_invite(self, text):
        """The page was opened with an invite link: show the game it invites to, and the
        player's name to answer with (the Answer button makes the answer)."""
        self.invite_text = text
        self.show("join")
        if not self.dialog.open:
            self.dialog.showModal()
        try:
            offer, _sdp = read_invite(code_of(text, JOIN_KEY))
        except SenetError as exc:
            self.say(t("friend.invite_refused", error=error_text(current(), exc)))
            return
        self.el("friend-game").textContent = invite_words(offer)
        name = self.page.backend.get(NAME_KEY)
        self.el("friend-guest-name").value = name if isinstance(name, str) else ""
        self.el("friend-guest-name").placeholder = t("names.seat.player", seat=3 - offer.host_seat)
        self.el("friend-answer-part").hidden = True
        self.el("friend-name-part").hidden = False
        self.say(t("friend.give_name"))

    async def _answer(self, text, name):
        try:
            ice = self.ice_json()
            _offer, sdp = self.flow.join(text, name)
        except SenetError as exc:
            self.say(t("friend.answer_refused", error=error_text(current(), exc)))
            return
        self.page.backend.set(NAME_KEY, name)
        self.el("friend-guest-name").disabled = True
        self.el("friend-answer-button").disabled = True
        self.set_link("connecting")
        self.say(t("friend.answering"))
        answer_sdp = await (await senet_link()).join(ice, sdp)
        link = self.base_url() + "#" + ANSWER_KEY + "=" + self.flow.answer_text(answer_sdp)
        self._show_link("data-answer", link)
        self.el("friend-answer-part").hidden = False
        self.flow.begin(self.page.policy.settings.speed)
        self.say(t("friend.answer_made"))
        self.draw_qr("friend-answer-qr", link)

    # -- the connection --------------------------------------------------------------------
    def send(self, text):
        if not link_call("send", text):  # a closed channel, or one that refused the message
            self.flow.closed(js.Date.now())
            self.set_link(self.flow.link)

    def on_link(self, event):
        detail = event.detail
        kind = str(detail.type)
        if kind == "open":
            link_call("stopWaiting")
            self.flow.opened()
            self.set_link("connected")
            self.show("play")
            self.say(t("friend.connected"))
            if self.dialog.open:
                self.dialog.close()
            self.page.view.render(self.page.ctl)
        elif kind == "close":
            self.flow.closed(js.Date.now())
            self.set_link(self.flow.link)
        elif kind == "message":
            value = detail.value
            self.flow.receive(value if isinstance(value, str) else str(value))
        elif kind == "answer":
            self.answer_from_tab(str(detail.value))

    # -- an answer link opened in another tab of this browser ------------------------------
    def answer_from_tab(self, text):
        """This tab waits for an answer, and another tab was opened with it (link.js's
        passAnswer): take it as if pasted, and tell that tab how it went."""
        try:
            sdp = self.take_answer(text)
        except NotThisGame:
            return  # for another tab's invite: that tab answers
        except SenetError as exc:
            link_call("answered", False, error_text(current(), exc))
            self.say(t("friend.tab_answer_refused", error=error_text(current(), exc)))
            return
        link_call("answered", True, "")
        self.spawn(self.connect(text, sdp))

    def pass_answer(self, text):
        """This page was opened with an answer link (``answer=CODE``): hand it to the tab of
        this browser that waits for it, and say in one line whether one took it. Nothing
        changes on this page."""
        self.show(None)
        if not self.dialog.open:
            self.dialog.showModal()
        self.say(t("friend.passing_answer"))
        self.spawn(self._pass_answer(text))

    async def _pass_answer(self, text):
        result = await (await senet_link()).passAnswer(text)
        if not result.passed:
            self.say(t("friend.no_tab_waiting"))
        elif result.ok:
            self.say(t("friend.answer_passed"))
        else:
            self.say(t("friend.answer_not_taken", error=str(result.words)))
