"""The STUN list of online play, kept in Settings (app/online/stun.py)."""


import pytest

from app.online.stun import DEFAULT_STUN, STUN_KEY, save_stun, stored_stun, stun_list
from app.storage.backends import MemoryBackend
from senet.errors import SenetError


def test_the_default_pair_until_the_player_saves_a_list():
    backend = MemoryBackend()
    assert stored_stun(backend) == " ".join(DEFAULT_STUN)
    assert stun_list(stored_stun(backend)) == list(DEFAULT_STUN)


def test_a_list_is_kept_tidied_and_an_empty_one_means_no_server():
    backend = MemoryBackend()
    assert save_stun(backend, " stun:a.example:3478,\nstuns:b.example:5349 ") == [
        "stun:a.example:3478", "stuns:b.example:5349"]
    assert backend.get(STUN_KEY) == "stun:a.example:3478 stuns:b.example:5349"
    assert save_stun(backend, "   ") == []
    assert stored_stun(backend) == ""


@pytest.mark.parametrize("bad", ["https://example.org", "turn:t.example:3478", "stun:" + "x" * 200])
def test_a_bad_entry_is_named_and_nothing_is_saved(bad):
    backend = MemoryBackend()
    backend.set(STUN_KEY, "stun:kept.example:3478")
    with pytest.raises(SenetError, match="is not a STUN server"):
        save_stun(backend, "stun:ok.example:3478 " + bad)
    assert backend.get(STUN_KEY) == "stun:kept.example:3478"
