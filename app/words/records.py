"""What the page says of what it keeps: how long ago a game was saved, and the statistics'
rows in the order the Settings dialog lists them (app/dialogs/settings.py). The stored
formats themselves are app/storage/formats.py's; free of the DOM and of storage.
"""

from senet.session import ONLINE
from senet.words import n, t


def ago_text(then_ms: int, now_ms: int) -> str:
    """How long ago, in words: "just now", "5 minutes ago", "3 days ago"."""
    seconds = max(0, (now_ms - then_ms) // 1000)
    if seconds < 60:
        return t("storage.ago.now")
    if seconds < 3600:
        return n("storage.ago.minutes", seconds // 60)
    if seconds < 2 * 86_400:
        return n("storage.ago.hours", seconds // 3600)
    return n("storage.ago.days", seconds // 86_400)


def stats_rows(stats: dict, took_back: bool = False) -> list[tuple[str, str, int, int, int]]:
    """(variant, opponent, won, lost, drawn) rows, in rule-set then level order; a rule
    set with options ("kendall+five") is counted apart, after the one without. The games
    played without take-backs; with ``took_back`` those with (a row only where it has games)."""
    from senet import VARIANTS
    from senet.session import UNDO_SUFFIX
    from senet.variants import base_name, is_rule_set_name

    levels = ("novice", "average", "expert", ONLINE)  # ONLINE: a person on another device, after the computers
    suffix = UNDO_SUFFIX if took_back else ""
    rows = []
    for key, value in stats.get("results", {}).items():
        variant, _, opponent = key.partition("/")
        if is_rule_set_name(variant) and opponent in levels:
            counts = [value.get(outcome + suffix, 0) for outcome in ("won", "lost", "drawn")]
            if not any(counts) and (took_back or any(value.get(o + UNDO_SUFFIX, 0) for o in ("won", "lost", "drawn"))):
                continue  # this row's games are all on the other side (with or without take-backs)
            rows.append((variant, opponent, counts[0], counts[1], counts[2]))
    rows.sort(key=lambda r: (VARIANTS.index(base_name(r[0])), r[0], levels.index(r[1])))
    return rows
