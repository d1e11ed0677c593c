"""Copying a text the page shows (a link, a record): to the clipboard, else as a selection
is copied, else left selected for the player to copy by hand. The dialogs say which
(app/dialogs/friend.py, corr.py, record.py).

The clipboard's writeText is refused on a page that is not a secure context, or when the
browser does not grant it; ``execCommand("copy")`` of a selection then often still works.
"""

from app.platform import guard
from app.platform.dom import window


async def copy_text(doc, text, select) -> bool:
    """Copy ``text``: True once it is copied (the clipboard, else the selection that
    ``select()`` makes in ``doc``), False when both were refused (the selection is left
    for the player to copy by hand)."""
    try:
        await guard.later(window.navigator.clipboard, "writeText", text)
        return True
    except Exception:  # no clipboard (not a secure page) or refused: the selection instead
        select()
        try:
            return bool(guard.call(doc, "execCommand", "copy"))
        except guard.Refused:
            return False


def select_children(element):
    """A ``select`` for copy_text: the element's text, selected in the page."""
    return lambda: window.getSelection().selectAllChildren(element)
