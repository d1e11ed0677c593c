"""The command line's errors in the words in use (``--lang``, LANGUAGE, LANG): ``fail``
prints one and gives exit code 2 (senet.commands.cli, .review, .exact)."""

import sys


def fail(text: str) -> int:
    """Print ``text`` (in the words in use) as the command's error: exit code 2."""
    from ..words import t

    print(t("cli.error", error=text), file=sys.stderr)
    return 2


def said(exc, fallback: str) -> str:
    """An engine's error in the words in use (its message id), else ``fallback``'s message."""
    from ..words import current
    from ..words.game import error_text

    words = current()
    if words.lang == "en" and getattr(exc, "key", None) is None and not isinstance(getattr(exc, "reason", None), dict):
        return str(exc)  # the engine's own English says more than the fallback
    return error_text(words, exc, fallback)


def cannot_read(path: str, exc: BaseException) -> str:
    """Why a file cannot be read, in the words in use; the system's own words for the cause."""
    from ..words import t

    if isinstance(exc, UnicodeDecodeError):
        return t("cli.not_utf8", path=path)
    return t("cli.cannot_read", path=path, error=getattr(exc, "strerror", None) or exc)
