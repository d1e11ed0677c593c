"""The STUN servers that online play asks (docs/online.md), kept in Settings.

Nothing is asked until a player makes or answers an invite. The list is the player's,
stored in localStorage under STUN_KEY (one text, the URLs separated by spaces; empty: no
server at all, for play on one network); a page opened with ``?ice=`` uses that list
instead, for that page only. Runs in MicroPython (the page) and CPython (the tests)."""

from senet.errors import SenetError
from senet.words import t

# Asked by default, once a player starts online play.
DEFAULT_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
STUN_KEY = "senet:stun"


def stun_list(text: str) -> list:
    """The STUN URLs in ``text`` (spaces, commas or new lines between them); raises
    SenetError naming the first that is not a stun: or stuns: URL."""
    urls = [u for u in text.replace(",", " ").split() if u]
    for u in urls:
        if not (u.startswith("stun:") or u.startswith("stuns:")) or len(u) > 200:
            raise SenetError(t("online.stun.not_stun", url=u[:60]))
    return urls


def stored_stun(backend) -> str:
    """The player's list as text (the default list when none was ever saved)."""
    stun = backend.get(STUN_KEY)
    return stun if isinstance(stun, str) else " ".join(DEFAULT_STUN)


def save_stun(backend, text: str) -> list:
    """Check and keep the player's list; SenetError (and nothing saved) when bad."""
    urls = stun_list(text)
    backend.set(STUN_KEY, " ".join(urls))
    return urls
