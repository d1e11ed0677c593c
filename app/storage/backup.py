"""Everything the app keeps on this device in one file, and back (Settings' "Export my
data" and "Import data", app/dialogs/backup.py; docs/saving.md, "Your data in a file").

The file is JSON: ``{"kind": "senet-data", "format": 1, "exported": <ms>, "data": {key:
text}}``, each value the text stored under that key (BACKUP_KEYS): the game in progress,
the settings, the statistics, the throws' counts, the profile and the Puzzles page's
answers not yet applied to it. Free of the DOM: tests/app/test_backup.py drives it with a
dict backend.

Reading trusts nothing: a file that is not this (``not_ours``), one written by a newer
format (``newer``), or one with a value its own reader refuses (``bad_part``) raises
BackupError with the catalog's words, and nothing is written. An accepted file replaces
the values it holds; each value it replaces is kept: the game in progress as the previous
game (New game… offers it again), any other in the quarantine (``senet:quarantine:<ms>``).
"""

import json

from app.storage.formats import (
    SAVE_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    THROWS_KEY,
    parse_game,
    parse_settings,
    parse_stats,
    parse_throw_stats,
)
from app.storage.progress import ANSWERS_KEY, PRACTICE_KEY, PROFILE_KEY, practice_text
from senet.profile import NEWER, Profile, ProfileError
from senet.words import t

KIND = "senet-data"
FORMAT = 1  # every earlier format still imports
MAX_FILE = 8_000_000  # characters: far above a profile of 2 000 games


def _answers(text):
    data = json.loads(text)
    if not isinstance(data, list):
        raise ValueError(t("backup.bad.answers"))
    return data


def _profile(text):
    try:
        return Profile.from_text(text)
    except ProfileError as exc:
        raise ValueError(t("backup.bad.profile_newer" if exc.message_id == NEWER else "backup.bad.profile")) from None


# key -> (its name in words, its reader: raises on a value it cannot read)
BACKUP_KEYS = {
    SAVE_KEY: ("backup.part.save", parse_game),
    SETTINGS_KEY: ("backup.part.settings", parse_settings),
    STATS_KEY: ("backup.part.stats", parse_stats),
    THROWS_KEY: ("backup.part.throws", parse_throw_stats),
    PROFILE_KEY: ("backup.part.profile", _profile),
    ANSWERS_KEY: ("backup.part.answers", _answers),
}


class BackupError(Exception):
    """A file refused, with why in words (nothing was changed)."""


def export_text(store, now_ms):
    """The file's text: every value kept under BACKUP_KEYS (as this tab last stored it)."""
    data = {}
    for key in BACKUP_KEYS:
        text = store.get(key)
        if text is not None:
            data[key] = text
    return json.dumps({"kind": KIND, "format": FORMAT, "exported": int(now_ms), "data": data})


def read_backup(text):
    """{key: text} of a file, each value checked by its own reader; BackupError when the
    file cannot be taken whole."""
    if not isinstance(text, str) or len(text) > MAX_FILE:
        raise BackupError(t("backup.refused.too_big"))
    try:
        file = json.loads(text)
    except ValueError:
        file = None
    if not isinstance(file, dict) or file.get("kind") != KIND or not isinstance(file.get("format"), int):
        raise BackupError(t("backup.refused.not_ours"))
    if file["format"] > FORMAT:
        raise BackupError(t("backup.refused.newer"))
    data = file.get("data")
    if not isinstance(data, dict) or not all(k in BACKUP_KEYS and isinstance(v, str) for k, v in data.items()):
        raise BackupError(t("backup.refused.not_ours"))
    for key, value in data.items():
        name, reader = BACKUP_KEYS[key]
        try:
            reader(value)
        except Exception as exc:
            raise BackupError(t("backup.refused.bad_part", part=t(name), error=str(exc) or type(exc).__name__)) from None
    return data


def import_data(store, data):
    """Write a file's values (``read_backup``'s); what each replaces is kept first (see the
    module's docstring). Returns False when the browser refused a write (those wait in
    memory, as every value does)."""
    ok = True
    for key, text in data.items():
        old = store.get(key)
        if old is None or old == text:
            continue
        if key == SAVE_KEY:
            try:
                ok = store.keep_previous(parse_game(old)) and ok
            except Exception:  # a game that cannot be read is set aside instead
                ok = store.quarantine(key, old, t("backup.replaced")) is not None and ok
        else:
            ok = store.quarantine(key, old, t("backup.replaced")) is not None and ok
    if not ok:  # what would be replaced could not be kept: nothing is written over it
        return False
    for key, text in data.items():
        ok = store.put(key, text) and ok
    if PROFILE_KEY in data:  # the Puzzles page's copy of the practice positions
        ok = store.put(PRACTICE_KEY, practice_text(_profile(data[PROFILE_KEY]))) and ok
    return ok
