"""The statistics of finished games: rows of counts per rule set and opponent
("kendall/expert"), kept as JSON text by the app (format "senet-stats", version 1)."""

from .errors import SaveError, SenetError
from .json_text import load_json
from .seats import KINDS
from .variants import is_rule_set_name

# The opponents a statistics row counts against ("kendall/expert"): the computer levels,
# and "online", a person on another device (games between two devices, kept apart).
ONLINE = "online"
STATS_OPPONENTS = tuple(k for k in KINDS if k != "human") + (ONLINE,)


# A row's counts: games played without take-backs ("won"), and games in which the human
# took a move back, counted apart ("won_undo"; statistics from before have none).
UNDO_SUFFIX = "_undo"
STATS_FIELDS = ("won", "lost", "drawn", "won" + UNDO_SUFFIX, "lost" + UNDO_SUFFIX, "drawn" + UNDO_SUFFIX)


def empty_stats() -> dict:
    return {"format": "senet-stats", "version": 1, "results": {}}


def load_stats(text: str | None) -> dict:
    """Parse saved statistics; anything malformed gives empty statistics. Only rows of a
    known rule set (with its options, if any) and level ("kendall/expert",
    "kendall+five/novice") are kept, and in them only counts that
    are whole numbers from 0 (not true or false, not 2.0)."""
    try:
        data = load_json(text, "the statistics") if text else None
    except SaveError:
        data = None
    if not isinstance(data, dict) or data.get("format") != "senet-stats" or not isinstance(data.get("results"), dict):
        return empty_stats()
    clean = empty_stats()
    for key, value in data["results"].items():
        variant, _, opponent = key.partition("/") if isinstance(key, str) else ("", "", "")
        if is_rule_set_name(variant) and opponent in STATS_OPPONENTS and isinstance(value, dict):
            clean["results"][key] = {k: v for k, v in value.items()
                                     if k in STATS_FIELDS and type(v) is int and 0 <= v < 10 ** 15}
    return clean


def record_result(stats: dict, variant: str, opponent: str, outcome: str, took_back: bool = False) -> dict:
    """Count a finished game: ``outcome`` is 'won', 'lost' or 'drawn' for the human;
    ``opponent`` a computer level or ONLINE (a game between two devices, counted apart);
    ``took_back``: the human took a move back, and the game is counted apart ("won_undo")."""
    if not is_rule_set_name(variant) or opponent not in KINDS + (ONLINE,) or outcome not in ("won", "lost", "drawn"):
        raise SenetError("unknown variant, opponent or outcome for statistics")
    row = stats["results"].setdefault(f"{variant}/{opponent}", {"won": 0, "lost": 0, "drawn": 0})
    field = outcome + UNDO_SUFFIX if took_back else outcome
    row[field] = row.get(field, 0) + 1
    return stats
