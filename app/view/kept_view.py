"""The New game dialog's list of kept games (docs/saving.md): one line each, with Resume
and Delete and the question a Delete asks first. app/view/panels.py's ``show_kept`` calls
it; loaded with the New game dialog, a part loaded after the first paint
(app/boot/parts.py)."""

from senet.words import t


def show_kept(view, games, now_ms: int, message: str = "") -> None:
    """List ``games`` (storage.KeptGame), one line each with Resume and Delete."""
    listing = view.doc.getElementById("kept-list")
    listing.replaceChildren()
    for i, game in enumerate(games):
        item = view.doc.createElement("li")
        item.className = "kept-game"
        item.setAttribute("data-key", game.key)
        line = view.doc.createElement("p")
        line.className = "kept-line"
        line.textContent = game.line(now_ms)
        buttons = view.doc.createElement("div")
        buttons.className = "actions kept-actions"
        summary = game.summary()
        _button(view, buttons, t("view.kept.resume"), "resume", t("view.kept.resume_label", game=summary))
        _button(view, buttons, t("view.kept.delete"), "delete", t("view.kept.delete_label", game=summary))
        confirm = view.doc.createElement("div")
        confirm.className = "actions kept-confirm"
        confirm.hidden = True
        question = view.doc.createElement("span")
        question.id = f"kept-ask-{i}"
        question.textContent = t("view.kept.ask")
        confirm.append(question)
        _button(view, confirm, t("view.kept.confirm"), "confirm").setAttribute("aria-describedby", question.id)
        _button(view, confirm, t("view.kept.keep"), "keep")
        item.append(line, buttons, confirm)
        listing.append(item)
    view.doc.getElementById("kept-empty").hidden = bool(games)
    view.doc.getElementById("kept-message").textContent = message


def _button(view, parent, text: str, what: str, label: str | None = None):
    button = view.doc.createElement("button")
    button.type = "button"
    button.textContent = text
    button.setAttribute("data-kept", what)
    if label:
        button.setAttribute("aria-label", label)
    parent.append(button)
    return button
