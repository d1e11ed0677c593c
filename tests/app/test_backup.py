"""app/storage/backup.py: Settings' export and import of everything the app keeps, with a
dict backend (the page's side is tests/browser/test_progress.py)."""

import json

import pytest

from app.storage.backup import BackupError, export_text, import_data, read_backup
from app.storage.formats import SAVE_KEY, SETTINGS_KEY
from app.storage.progress import PRACTICE_KEY, PROFILE_KEY
from app.storage.store import MemoryBackend, Store
from senet.profile import Profile
from senet.words import t


def _profile(games):
    p = Profile()
    for i in range(games):
        p.record_game({"id": f"g{i}", "variant": "kendall", "opponent": "average", "played_by": "average",
                       "result": "win", "end": "finished", "hints": 0, "undos": 0, "time": 1764000000000 + i})
    return p.to_text()


def _store(**values):  # a Store holding ``values`` (key=text)
    store = Store(MemoryBackend())
    for key, text in values.items():
        store.put(key, text)
    return store


def test_export_then_import_brings_every_value_back_and_keeps_what_it_replaced():
    settings = json.dumps({"format": "senet-settings", "version": 1, "hints": True})
    source = _store(**{PROFILE_KEY: _profile(2), SETTINGS_KEY: settings})
    text = export_text(source, 1764000000000)
    assert json.loads(text)["kind"] == "senet-data"
    target = _store(**{PROFILE_KEY: _profile(1)})
    assert import_data(target, read_backup(text))
    assert target.get(PROFILE_KEY) == source.get(PROFILE_KEY)
    assert target.get(SETTINGS_KEY) == settings
    assert json.loads(target.get(PRACTICE_KEY))["format"] == "senet-practice"
    [kept] = target.quarantined()  # the profile the import replaced
    assert json.loads(json.loads(target.get(kept))["value"])["games"][0]["id"] == "g0"


@pytest.mark.parametrize(("text", "words"), [
    ("not json", t("backup.refused.not_ours")),
    (json.dumps({"kind": "senet-data", "format": 2, "data": {}}), t("backup.refused.newer")),
    (json.dumps({"kind": "senet-data", "format": 1, "data": {"senet:other": "x"}}), t("backup.refused.not_ours")),
    (json.dumps({"kind": "senet-data", "format": 1, "data": {PROFILE_KEY: "{"}}),
     t("backup.refused.bad_part", part=t("backup.part.profile"), error=t("backup.bad.profile"))),
])
def test_a_bad_file_is_refused_with_its_reason_and_changes_nothing(text, words):
    with pytest.raises(BackupError) as refused:
        read_backup(text)  # refused before anything is written: import_data is never reached
    assert str(refused.value) == words


def test_the_game_in_progress_an_import_replaces_becomes_the_previous_game():
    from app.storage.formats import PREVIOUS_KEY
    from senet.session import Seat, Session

    def game(seed):  # a bare Session.to_json(), which parse_game reads as a saved game
        session = Session("kendall", {1: Seat("human"), 2: Seat("novice")}, seed=seed)
        session.throw()
        return session.to_json()

    old, new = game(1), game(2)
    store = _store(**{SAVE_KEY: old})
    data = read_backup(json.dumps({"kind": "senet-data", "format": 1, "data": {SAVE_KEY: new}}))
    assert import_data(store, data)
    assert store.get(SAVE_KEY) == new
    assert store.get(PREVIOUS_KEY) is not None
