"""The Settings and Statistics dialogs, the speed selectors and the sound's volume.

The settings themselves are the page's SavePolicy's (app/storage/policy.py): each change is
saved there at once."""

import asyncio

import senet
from app.dialogs.backup import DataBackup
from app.flow.setup import KIND_NAMES, SPEEDS
from app.online.stun import save_stun, stored_stun
from app.platform import guard
from app.platform.dom import on, window
from app.storage.formats import THEMES
from app.words.names import rules_name
from app.words.records import stats_rows
from senet.errors import SenetError
from senet.session import ONLINE
from senet.words import lang, n, t
from senet.words import number as in_digits

CHECKS = {"hints": "set-hints", "meter": "set-meter", "highlight": "set-highlight", "sound": "set-sound",
          "no_takebacks": "set-no-takebacks"}


class SettingsDialogs:
    def __init__(self, page):
        self.page = page
        document = page.document
        self.settings_dialog = document.getElementById("settings-dialog")
        self.stats_dialog = document.getElementById("stats-dialog")
        self.volume_input = document.getElementById("set-volume")
        self.theme_select = document.getElementById("set-theme")
        self.lang_select = document.getElementById("set-lang")
        self.stun_input = document.getElementById("set-stun")
        self.stun_error = document.getElementById("set-stun-error")
        self.backup = DataBackup(page)  # Your data: export and import (app/dialogs/backup.py)

    def sound_on(self):
        return self.page.sound_on()  # app/boot/page.py: on, but off in a browser a test drives

    def apply_sound(self):
        self.page.apply_sound()

    def open_settings(self):
        document, settings = self.page.document, self.page.policy.settings
        for name, element_id in CHECKS.items():
            document.getElementById(element_id).checked = bool(getattr(settings, name))
        document.getElementById("set-sound").checked = self.sound_on()
        self.volume_input.value = str(settings.volume)
        self.theme_select.value = settings.theme
        self.lang_select.value = lang()
        self.stun_input.value = stored_stun(self.page.backend)
        self.stun_error.textContent = ""
        self.backup.say("")
        self.settings_dialog.showModal()

    def apply_theme(self):
        """The page's colours: <html data-theme="light|dark">, or none to follow the
        system (app/view/theme.js does the same before the first paint)."""
        theme = self.page.policy.settings.theme
        root = self.page.document.documentElement
        if theme in ("light", "dark"):
            root.setAttribute("data-theme", theme)
        else:
            root.removeAttribute("data-theme")

    def on_setting(self, _event):
        page = self.page
        policy, document = page.policy, page.document
        values = {name: bool(document.getElementById(element_id).checked) for name, element_id in CHECKS.items()}
        try:
            values["volume"] = max(0, min(100, int(float(str(self.volume_input.value)))))
        except ValueError:
            values["volume"] = policy.settings.volume
        theme = str(self.theme_select.value)
        values["theme"] = theme if theme in THEMES else policy.settings.theme
        policy.set_settings(policy.settings.replace(**values))
        settings = policy.settings
        self.apply_sound()
        self.apply_theme()
        page.view.set_highlight(settings.highlight)
        page.ctl.advice.set(settings.hints, settings.meter)
        page.ctl.history.no_takebacks = settings.no_takebacks
        page.view.render(page.ctl)  # Undo and Redo follow the take-backs choice
        page.need_worker()

    def on_language(self, _event):
        """Another language: the game is saved, and the page's copy in that language opens
        (app/words/lang.js remembers the choice from its ?lang=; tools/site_words.py wrote
        the copies: index.html in English, index.<lang>.html in the others)."""
        chosen = str(self.lang_select.value)
        if chosen == lang() or not chosen.isalpha():
            return
        name = "index.html" if chosen == "en" else f"index.{chosen}.html"
        asyncio.create_task(self._open_language(chosen, name))

    async def _open_language(self, chosen, name):
        """Open the copy ``name`` of the page in ``chosen``, unless it cannot come: a
        language never visited, offline (app/words/lang.js's senetReachable asks the
        service worker's cache, then the network). Then the language stays, nothing
        changes, and the dialog says that the language needs a connection once."""
        try:
            reachable = await guard.later(window, "senetReachable", name)
        except guard.Refused:  # no such helper (a page of an older version): as before, go
            reachable = True
        if not reachable:
            self.lang_select.value = lang()
            dialog, view = self.settings_dialog, self.page.view
            if view.dialog_notice(dialog, t("settings.lang_offline")):  # made now: it goes with the dialog
                on(dialog, "close", lambda _event: view.dialog_notice(dialog, ""))
            return
        self.page.view.dialog_notice(self.settings_dialog, "")
        self.page.ctl.save()
        window.location.assign(f"{name}?lang={chosen}")

    def on_stun(self, _event):
        """The connection servers of online play: kept when every one is a STUN URL; a bad
        one is named in one line and nothing is saved."""
        try:
            urls = save_stun(self.page.backend, str(self.stun_input.value))
        except SenetError as exc:
            self.stun_error.textContent = t("settings.stun.not_saved", error=exc)
            return
        self.stun_input.value = " ".join(urls)
        self.stun_error.textContent = ""

    def on_speed(self, event):
        speed = str(event.target.value)
        if speed in SPEEDS:
            self.page.ctl.set_speed(speed)
            policy = self.page.policy
            policy.set_settings(policy.settings.replace(speed=speed))

    def on_replay_speed(self, event):
        """The replay's speed: used from its next step, and remembered."""
        speed = str(event.target.value)
        ctl, policy = self.page.ctl, self.page.policy
        ctl.replays.set_speed(speed)
        if ctl.replays.speed == speed and policy.settings.replay_speed != speed:
            policy.set_settings(policy.settings.replace(replay_speed=speed))

    def open_stats(self):
        page = self.page
        document, store = page.document, page.policy.store
        body = document.querySelector("#stats-table tbody")
        body.replaceChildren()
        stats = store.load_stats()
        rows = [row + (False,) for row in stats_rows(stats)] + [row + (True,) for row in stats_rows(stats, True)]
        for variant, opponent, won, lost, drawn, took_back in rows:
            tr = document.createElement("tr")
            tr.setAttribute("data-took-back", "true" if took_back else "false")
            if opponent == ONLINE:
                who = t("settings.stats.online_took_back") if took_back else t("settings.stats.online")
            else:
                level = KIND_NAMES.get(opponent, opponent)
                who = t("settings.stats.level_took_back", level=level) if took_back else level
            for value in (rules_name(senet.get_rules(variant)), who, won, lost, drawn):
                td = document.createElement("td")
                td.textContent = in_digits(value) if isinstance(value, int) else str(value)
                tr.append(td)
            body.append(tr)
        document.getElementById("stats-table").hidden = not rows
        document.getElementById("stats-empty").hidden = bool(rows)
        self.draw_throw_stats()
        self.stats_dialog.showModal()
        page.show_problems()  # statistics that could not be read: said in the dialog

    def draw_throw_stats(self):
        """The throw charts: the game on the board, and every finished game on this device."""
        from app.view.throw_chart import chart_svg, chart_words

        page = self.page
        counts, none_value = page.ctl.fair.throw_counts()
        total, games = page.policy.store.load_throw_stats()
        for box_id, c, nv, every in (("throws-game", counts, none_value, False), ("throws-all", total, None, True)):
            box = page.document.getElementById(box_id)
            box.querySelector(".chart").innerHTML = chart_svg(c, nv)
            verdict = chart_words(c)
            box.querySelector(".verdict").textContent = (n("settings.throws.counted", games, verdict=verdict)
                                                         if every else verdict)
