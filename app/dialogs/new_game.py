"""The New game dialog (its rule set's note, the seats with Swap sides and Random colours,
the committed throws' phrase in its closed Fair throws part, and the kept games to resume
or delete). The replay's Play from here and the Resign dialogs are app/dialogs/play_here.py's
and app/dialogs/resign.py's."""

import time

import senet
from app.flow.setup import WORKER_KINDS
from app.platform.dom import attr, closest
from app.words.names import SIDE_NAMES
from senet.state import BLACK, WHITE
from senet.variants import base_name
from senet.words import t

# The rule set's note under its choice, by rule set (the messages' ids).
NOTES = {
    "kendall": "new_game.note.kendall",
    "jequier": "new_game.note.jequier",
    "tait": "new_game.note.tait",
    "bell": "new_game.note.bell",
    "thibault": "new_game.note.thibault",
    "havens": "new_game.note.havens",
    "piccione": "new_game.note.piccione",
}


class NewGameDialog:
    def __init__(self, page):
        self.page = page
        document = page.document
        self.dialog = document.getElementById("new-game")
        self.form = document.getElementById("new-game-form")
        self.phrase_error = document.getElementById("ng-phrase-error")
        self.fair_part = document.getElementById("ng-fair")
        self.random_colours = document.getElementById("ng-random")
        # The kept games as last listed, by key (a delete checks the value is unchanged).
        self.kept_listed = {}

    def field(self, name):
        return self.form.elements.namedItem(name)

    # -- New game --------------------------------------------------------------------------
    def update_labels(self, _event=None):
        variant = str(self.field("variant").value)
        note = NOTES.get(variant)
        self.page.document.getElementById("ng-note").textContent = t(note) if note else ""
        rules = senet.get_rules(variant) if variant in senet.VARIANTS else None
        house_rules = rules.house_rules if rules is not None else ()
        self.page.document.getElementById("ng-options").hidden = not house_rules
        draw = rules is not None and rules.has_opening  # a colour draw decides the colours
        for seat, colour in ((1, SIDE_NAMES[WHITE]), (2, SIDE_NAMES[BLACK])):
            legend = self.form.querySelector(f'fieldset[data-seat="{seat}"] legend')
            if draw:
                legend.textContent = t("new_game.seat.first" if seat == 1 else "new_game.seat.second")
            else:
                legend.textContent = t("new_game.seat.white" if seat == 1 else "new_game.seat.black", colour=colour)

    def open_new_game(self):
        ctl = self.page.ctl
        s = ctl.live_setup  # during a replay: the game in progress
        rules = senet.get_rules(s.variant)
        self.field("variant").value = base_name(rules.name)
        for option in senet.get_rules(base_name(rules.name)).house_rules:
            self.field(f"opt-{option}").checked = option in getattr(rules, "options", ())
        for seat in (1, 2):
            self.field(f"player{seat}").value = s.players[seat - 1]
            self.field(f"name{seat}").value = s.names[seat - 1]
        offer = ctl.fair.offer_new_game()  # a fresh secret seed, committed to, and fresh words
        commit = self.page.document.getElementById("ng-commit")
        commit.textContent = offer["commit"][:8] + "…" + offer["commit"][-4:]
        commit.dataset.commit = offer["commit"]
        self.field("phrase").value = offer["phrase"]
        self.fair_part.open = False  # random words serve; the part is there for who wants it
        self.random_colours.checked = False
        self.show_phrase_problem(None)
        self.update_labels()
        self.list_kept()
        self.dialog.showModal()

    def on_player_change(self, event):
        """A seat set to the Expert: the worker starts now (its runtime's download first,
        with its progress), while the player finishes the dialog, not once the game starts."""
        if str(event.target.value) in WORKER_KINDS:
            self.page.link.start()

    def swap_sides(self, _event=None):
        """Swap sides: the two seats' players and names change places."""
        first = (str(self.field("player1").value), str(self.field("name1").value))
        for name in ("player", "name"):
            self.field(f"{name}1").value = str(self.field(f"{name}2").value)
        self.field("player2").value, self.field("name2").value = first

    def list_kept(self, message=""):
        """Fill the dialog's Kept games: the previous game and the other tabs' games."""
        page = self.page
        games = page.policy.store.kept_games(current_id=page.ctl.table.game_id)
        self.kept_listed = {game.key: game for game in games}
        # not js.Date.now(): in MicroPython a JS whole number beyond 32 bits is cut to 32 bits
        page.view.show_kept(games, int(time.time() * 1000), message)
        page.show_problems()  # a kept game that could not be read was set aside: say so

    def on_kept_click(self, event):
        page = self.page
        button = closest(event.target, "[data-kept]")
        item = closest(button, "[data-key]") if button is not None else None
        if item is None or not page.view.ready:
            return
        what, key = attr(button, "data-kept"), attr(item, "data-key")
        game = self.kept_listed.get(key)
        if what == "resume" and game is not None:
            self.dialog.close("resume")
            page.resume_kept(key)
        elif what in ("delete", "keep"):
            page.view.kept_confirm(item, what == "delete")
        elif what == "confirm" and game is not None:
            done = page.policy.store.delete_kept(key, game.text)
            self.list_kept(t("new_game.kept.deleted" if done else "new_game.kept.changed"))
            first = page.document.querySelector('#kept-list [data-kept="resume"]')
            (first or page.document.getElementById("kept-title")).focus()

    def choice(self):
        """The dialog's fields as (Setup, None), or (None, why not): app/flow/setup.py's dialog_setup."""
        field = self.field
        return self.page.ctl.fair.setup_from_dialog(self.chosen_rules(),
                                               tuple(str(field(f"player{seat}").value) for seat in (1, 2)),
                                               tuple(str(field(f"name{seat}").value) for seat in (1, 2)),
                                               str(field("phrase").value))

    def chosen_rules(self) -> str:
        """The rule set's name with the house rules ticked for it: ``kendall+five``."""
        variant = str(self.field("variant").value)
        if variant not in senet.VARIANTS:
            return variant  # refused by Start, with one line
        ticked = [option for option in senet.get_rules(variant).house_rules if self.field(f"opt-{option}").checked]
        return "+".join([variant] + ticked)

    def show_phrase_problem(self, problem):
        """The refusal by the phrase field (None clears it)."""
        self.phrase_error.textContent = problem or ""
        field = self.field("phrase")
        if problem:
            field.setAttribute("aria-invalid", "true")
        else:
            field.removeAttribute("aria-invalid")

    def refuses(self):
        """Whether Start must wait: the refusal is shown and the phrase field focused."""
        _setup, problem = self.choice()
        self.show_phrase_problem(problem)
        if problem:
            self.fair_part.open = True  # the refusal and its field in view
            self.field("phrase").focus()
        return problem is not None

    def on_submit(self, event):
        """Start checks the fields first: with a phrase the rules refuse, the dialog stays open."""
        submitter = event.submitter
        if submitter and str(submitter.value) == "start" and self.refuses():
            event.preventDefault()

    def on_phrase_key(self, event):
        """Enter in the phrase field starts the game (the form's own Enter would press Cancel)."""
        if event.key == "Enter":
            event.preventDefault()
            if not self.refuses():
                self.dialog.close("start")

    def on_phrase_input(self, _event):
        """Once a refusal shows, it follows the typing (and goes when the phrase is fine)."""
        if str(self.phrase_error.textContent):
            self.show_phrase_problem(self.choice()[1])

    def on_close(self, _event):
        if str(self.dialog.returnValue) != "start":
            return
        setup, _problem = self.choice()
        if setup is None:  # Start and Enter check first; nothing changes
            return
        page = self.page
        drawn = self.random_colours.checked
        if drawn and page.ctl.random_bytes(1)[0] & 1:  # Random colours: a fair coin
            self.swap_sides()
            setup, _problem = self.choice()
        page.ctl.new_game(setup)
        if drawn:
            page.view.announce(self.drawn_text(setup))
        page.need_worker()
        self.dialog.returnValue = ""
        page.view.restore_focus(page.ctl)

    def drawn_text(self, setup) -> str:
        """The new game's message and what the draw of Random colours gave: "... Sides
        drawn: Ann plays white." """
        table = self.page.ctl.table
        players, names = table.setup.players, table.setup.names
        # seat 1 is "You" (names.seat_label): the one human, unnamed
        you = players[0] == "human" and list(players).count("human") == 1 and not names[0].strip()
        first = senet.get_rules(setup.variant).has_opening  # the colour draw decides the colours
        if you:
            return t("new_game.drawn.you_first" if first else "new_game.drawn.you_white", message=table.message)
        return t("new_game.drawn.other_first" if first else "new_game.drawn.other_white", message=table.message,
                 name=table.seat_name(1))
