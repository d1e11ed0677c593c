"""app/storage/store.py under CPython: saving, reading back, setting bad values aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_harness import play_out

import senet
from app.game.counting import count_words, turns_played
from app.storage.store import (
    EARLIER_PREFIX,
    MAX_EARLIER,
    MAX_OTHER,
    MAX_QUARANTINE,
    OTHER_PREFIX,
    PREVIOUS_KEY,
    QUARANTINE_PREFIX,
    SAVE_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    MemoryBackend,
    SavedGame,
    ScopedBackend,
    Settings,
    Store,
    StoreKeys,
    dump_game,
    dump_settings,
    game_id_of,
    outcome_for_stats,
    parse_game,
    parse_settings,
    refusal_words,
    scope_of,
)
from app.words.records import ago_text, stats_rows
from senet.session import SaveError, Seat, Session

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self, t=1_800_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


def a_session(moves=10, seed=4) -> Session:
    s = Session("kendall", {1: Seat("average", ""), 2: Seat("human", "Ann")}, seed=seed)
    for _ in range(moves):
        if s.state.throw is None:
            s.throw()
        s.play(s.state.legal_actions()[0])
    s.throw()  # a pending throw
    return s


def test_a_saved_game_comes_back_exactly():
    session = a_session()
    store = Store(MemoryBackend())
    assert store.save_game(SavedGame(session, expert_nodes=5000, counted=False))
    back = store.load_game()
    assert back.session.state == session.state and back.session.state.throw is not None
    assert back.session.seats == session.seats
    assert back.expert_nodes == 5000 and back.counted is False
    # the generator continues with the same throws
    assert [back.session.game.generator.throw(5) for _ in range(8)] == [
        session.game.generator.throw(5) for _ in range(8)]
    assert store.problems == []


def test_a_bare_session_json_is_accepted():
    session = a_session(4)
    assert parse_game(session.to_json()).session.state == session.state


@pytest.mark.parametrize("raw,reason", [
    ("{not json", "not valid JSON"),
    ('{"format": "chess-save"}', "not a saved Senet game"),
    ('{"format": "senet-app-save", "version": 7}', "version 7"),
    ('{"format": "senet-app-save", "version": 1}', "no game in it"),
    ('[1, 2, 3]', "not a saved Senet game"),
])
def test_a_corrupt_save_is_set_aside_with_its_reason(raw, reason):
    backend = MemoryBackend({SAVE_KEY: raw})
    store = Store(backend, clock=Clock())
    assert store.load_game() is None
    assert SAVE_KEY not in backend.data
    [key] = store.quarantined()
    kept = json.loads(backend.data[key])
    # why, in the player's words (the record's line and its message, never the engine's English)
    assert kept["value"] == raw and kept["from"] == SAVE_KEY and reason in kept["reason"]
    assert len(store.problems) == 1 and reason in store.problems[0] and key in store.problems[0]
    # a fresh game saved afterwards never touches the quarantined copy
    store.save_game(SavedGame(a_session(2)))
    assert json.loads(backend.data[key])["value"] == raw


def test_a_broken_record_in_a_save_names_its_line():
    data = json.loads(dump_game(SavedGame(a_session(6))))
    lines = data["session"]["record"].splitlines()
    lines[5] = "w 3 29-off"
    data["session"]["record"] = "\n".join(lines)
    with pytest.raises(SaveError, match="line 6"):
        parse_game(json.dumps(data))


def test_a_bad_value_that_cannot_be_set_aside_is_never_overwritten():
    class Full(MemoryBackend):
        def set(self, key, value):
            raise OSError("QuotaExceededError")

    backend = Full({SAVE_KEY: "{garbage"})
    store = Store(backend)
    assert store.load_game() is None
    assert backend.data[SAVE_KEY] == "{garbage"
    assert store.save_blocked and not store.save_game(SavedGame(a_session(1)))
    assert backend.data[SAVE_KEY] == "{garbage"
    assert any("left as it was" in p for p in store.problems)


def test_storage_that_throws_never_raises():
    class Broken:
        def get(self, key):
            raise RuntimeError("SecurityError: access denied")

        set = remove = all_keys = get

    store = Store(Broken())
    assert store.load_game() is None
    assert store.load_settings() == Settings()
    assert not store.save_game(SavedGame(a_session(1)))
    assert store.problems


def test_quarantine_keeps_the_newest_few():
    clock = Clock()
    backend = MemoryBackend()
    store = Store(backend, clock=clock)
    for i in range(MAX_QUARANTINE + 3):
        backend.data[SAVE_KEY] = f"bad {i}"
        clock.t += 1 if i % 2 else 0  # some in the same millisecond
        store.load_game()
    kept = store.quarantined()
    assert len(kept) == MAX_QUARANTINE
    values = {json.loads(backend.data[k])["value"] for k in kept}
    assert f"bad {MAX_QUARANTINE + 2}" in values and "bad 0" not in values
    assert all(k.startswith(QUARANTINE_PREFIX) for k in kept)


def test_keep_previous_and_swap():
    backend = MemoryBackend()
    store = Store(backend)
    first, second = a_session(3, seed=1), a_session(5, seed=2)
    store.save_game(SavedGame(first))
    assert store.keep_previous()
    store.save_game(SavedGame(second))
    assert store.load_previous().session.state == first.state
    back = store.swap_previous()
    assert back.session.state == first.state
    assert store.load_game().session.state == first.state
    assert store.load_previous().session.state == second.state


def game_ids(backend) -> list[str]:
    """The game ids in every game key of the storage (the save and every kept game)."""
    keys = [k for k in backend.data
            if k in (SAVE_KEY, PREVIOUS_KEY) or k.startswith((OTHER_PREFIX, EARLIER_PREFIX))]
    return sorted(game_id_of(backend.data[k]) for k in keys)


def test_new_games_in_a_row_push_the_previous_game_to_the_earlier_ones():
    backend, clock = MemoryBackend(), Clock()
    store = Store(backend, clock=clock)
    for n, gid in enumerate(["g1", "g2", "g3", "g4"]):
        # game gid is played, then a new game replaces it
        store.save_game(SavedGame(a_session(n + 1, seed=n), game_id=gid))
        clock.t += 60
        assert store.keep_previous()
    store.save_game(SavedGame(a_session(0, seed=9), game_id="g5"))
    # nothing is lost: g4 is the previous game, g1..g3 earlier ones
    assert game_ids(backend) == ["g1", "g2", "g3", "g4", "g5"]
    assert game_id_of(backend.data[PREVIOUS_KEY]) == "g4"
    listed = store.kept_games(current_id="g5")
    # each game counted in turns as app/game/counting.py counts them, newest first
    want = [turns_played(a_session(n + 1, seed=n).game) for n in (3, 2, 1, 0)]
    assert [(g.source, g.moves) for g in listed] == list(zip(("previous", "earlier", "earlier", "earlier"), want))
    assert listed[1].line(int(clock.t * 1000)) == (
        f"Kendall, Average v Ann, {count_words(want[1])} (replaced by a new game, saved 2 minutes ago)")
    # a newer copy of the same game replaces the previous game without a second copy
    store.keep_previous(SavedGame(a_session(5, seed=3), game_id="g4"))
    assert game_ids(backend) == ["g1", "g2", "g3", "g4", "g5"]
    assert parse_game(backend.data[PREVIOUS_KEY]).session.game.actions == 5
    assert not store.problems


def test_only_the_newest_earlier_games_are_kept():
    backend, clock = MemoryBackend(), Clock()
    store = Store(backend, clock=clock)
    session = a_session(1)
    for i in range(MAX_EARLIER + 3):
        clock.t += 1 if i % 2 else 0  # some in the same millisecond
        assert store.keep_previous(SavedGame(session, game_id=f"g{i}"))
    earlier = store.earlier()
    assert len(earlier) == MAX_EARLIER
    ids = [game_id_of(backend.data[k]) for k in earlier]
    # oldest first; the newest game is the previous one itself
    assert ids == [f"g{i}" for i in range(2, MAX_EARLIER + 2)]
    assert game_id_of(backend.data[PREVIOUS_KEY]) == f"g{MAX_EARLIER + 2}"


def test_the_previous_game_is_not_overwritten_when_it_cannot_be_moved():
    """The previous game cannot move to an earlier key (storage full): it stays, the game
    that would replace it waits in memory (not lost: kept once there is room), and so does
    the game on the board, whose save would overwrite the game not yet kept."""
    class FullForNewKeys(MemoryBackend):
        full = True

        def set(self, key, value):
            if self.full and key.startswith(EARLIER_PREFIX):
                raise OSError("QuotaExceededError")
            super().set(key, value)

    backend = FullForNewKeys()
    store = Store(backend)
    assert store.keep_previous(SavedGame(a_session(2), game_id="old1"))
    before = backend.data[PREVIOUS_KEY]
    store.save_game(SavedGame(a_session(3, seed=2), game_id="new1"))
    on_device = backend.data[SAVE_KEY]
    assert store.keep_previous(SavedGame(a_session(3, seed=2), game_id="new1"))  # kept in memory
    assert backend.data[PREVIOUS_KEY] == before
    assert store.unsaved == "the browser's storage for this site is full"
    assert not store.save_game(SavedGame(a_session(1, seed=4), game_id="new2"))
    assert backend.data[SAVE_KEY] == on_device  # new1, not yet kept elsewhere, is not written over
    backend.full = False  # room again: the next write writes what waits, in order
    assert store.save_game(SavedGame(a_session(1, seed=4), game_id="new2"))
    assert store.unsaved is None
    assert game_id_of(backend.data[PREVIOUS_KEY]) == "new1"
    assert [game_id_of(backend.data[k]) for k in store.earlier()] == ["old1"]
    assert game_id_of(backend.data[SAVE_KEY]) == "new2"


def test_resuming_an_earlier_game_keeps_the_others():
    backend, clock = MemoryBackend(), Clock()
    store = Store(backend, clock=clock)
    games = {gid: a_session(n + 1, seed=n) for n, gid in enumerate(["g1", "g2", "g3"])}
    for gid, session in games.items():
        store.save_game(SavedGame(session, game_id=gid))
        clock.t += 1
        store.keep_previous()
    store.save_game(SavedGame(a_session(4, seed=8), game_id="g4"))
    g1 = [g for g in store.kept_games(current_id="g4") if g.source == "earlier"][-1]  # newest first
    assert g1.moves == turns_played(games["g1"].game)
    assert g1.source == "earlier"
    back = store.swap_previous(g1.key)
    assert back.session.state == games["g1"].state and back.game_id == "g1"
    assert store.load_game().session.state == games["g1"].state
    # the board's game became the previous one, which became an earlier one
    assert game_id_of(backend.data[PREVIOUS_KEY]) == "g4"
    assert g1.key not in backend.data
    assert game_ids(backend) == ["g1", "g2", "g3", "g4"]
    # an earlier game can be deleted like any kept game, only as it was listed
    [g2] = [g for g in store.kept_games(current_id="g1") if g.source == "earlier" and game_id_of(g.text) == "g2"]
    assert not store.delete_kept(g2.key, expected="something else")
    assert store.delete_kept(g2.key, expected=g2.text)
    assert game_ids(backend) == ["g1", "g3", "g4"]
    assert not store.problems


# ---------------------------------------------------------------- two tabs, one save


def tab(backend, clock=None) -> Store:
    """A tab of the app: its own Store over the shared storage, having read the save at
    start-up as the page does."""
    store = Store(backend, clock=clock or Clock())
    store.load_game()
    return store


def kept_games(backend) -> list[SavedGame]:
    return [parse_game(backend.data[k]) for k in sorted(backend.data) if k.startswith(OTHER_PREFIX)]


def a_then_b_saved():
    """Tab A saves game "aaaa", then tab B saves game "bbbb" over it."""
    backend, clock = MemoryBackend(), Clock()
    a, b = tab(backend, clock), tab(backend, clock)
    game_a, game_b = a_session(3, seed=1), a_session(5, seed=2)
    a.save_game(SavedGame(game_a, game_id="aaaa"))
    clock.t += 1
    b.save_game(SavedGame(game_b, game_id="bbbb"))
    return backend, clock, a, b, game_a, game_b


def test_two_tabs_saving_different_games_keep_both():
    backend, clock = MemoryBackend(), Clock()
    a, b = tab(backend, clock), tab(backend, clock)
    game_a, game_b = a_session(3, seed=1), a_session(5, seed=2)
    assert a.save_game(SavedGame(game_a, game_id="aaaa"))
    assert a.kept_other is None
    clock.t += 1
    assert b.save_game(SavedGame(game_b, game_id="bbbb"))  # over A's game: A's is kept first
    key, game_id = b.kept_other
    assert key.startswith(OTHER_PREFIX) and game_id == "aaaa"
    assert parse_game(backend.data[key]).session.state == game_a.state
    # both games can be loaded: B's from the save, A's from where it was kept
    assert tab(backend).load_game().session.state == game_b.state
    assert b.swap_previous(key).session.state == game_a.state
    assert not b.problems and not a.problems


def test_two_tabs_taking_turns_keep_one_copy_of_each_game():
    backend, clock = MemoryBackend(), Clock()
    a, b = tab(backend, clock), tab(backend, clock)
    game_a, game_b = a_session(2, seed=1), a_session(2, seed=2)
    for _ in range(6):  # both tabs play on, each saving after every move
        for store, game, game_id in ((a, game_a, "aaaa"), (b, game_b, "bbbb")):
            clock.t += 1
            game.throw() if game.state.throw is None else game.play(game.state.legal_actions()[0])
            assert store.save_game(SavedGame(game, game_id=game_id))
    # B saved last: its game is in the save; A's latest is kept, once
    [kept] = kept_games(backend)
    assert kept.game_id == "aaaa" and kept.session.state == game_a.state
    assert parse_game(backend.data[SAVE_KEY]).session.state == game_b.state
    a.save_game(SavedGame(game_a, game_id="aaaa"))
    assert {g.game_id: g.session.state for g in kept_games(backend)} == {"bbbb": game_b.state}


def test_saving_the_same_game_again_keeps_no_copies():
    backend = MemoryBackend()
    a = tab(backend)
    game = a_session(1)
    for _ in range(5):
        game.throw() if game.state.throw is None else game.play(game.state.legal_actions()[0])
        assert a.save_game(SavedGame(game, game_id="aaaa"))
        assert a.kept_other is None
    # a tab opened later reads that save, then saves under its own id: nothing is copied
    b = tab(backend)
    assert b.save_game(SavedGame(b.load_game().session, game_id="bbbb"))
    assert b.kept_other is None
    assert not any(k.startswith(OTHER_PREFIX) for k in backend.data)
    assert set(backend.data) == {SAVE_KEY}


def test_moves_another_tab_made_after_this_tab_read_the_save_are_kept():
    """Same game in two tabs: B read A's save, then A played on. B's save must not wipe
    A's later moves (it compares the text, not only the id)."""
    backend, clock = MemoryBackend(), Clock()
    a = tab(backend, clock)
    game_a = a_session(2)
    a.save_game(SavedGame(game_a, game_id="aaaa"))
    b = tab(backend, clock)
    game_b = b.load_game().session
    for _ in range(3):
        game_a.throw() if game_a.state.throw is None else game_a.play(game_a.state.legal_actions()[0])
        a.save_game(SavedGame(game_a, game_id="aaaa"))
    clock.t += 1
    b.save_game(SavedGame(game_b, game_id="bbbb"))
    [kept] = kept_games(backend)
    assert kept.session.state == game_a.state and kept.game_id == "aaaa"


def test_an_old_save_without_an_id_still_loads_and_is_not_copied():
    old = json.loads(dump_game(SavedGame(a_session(4), expert_nodes=3000)))
    assert "game_id" not in old  # what the app wrote before games had an id
    backend = MemoryBackend({SAVE_KEY: json.dumps(old)})
    store = Store(backend)
    back = store.load_game()
    assert back is not None and back.game_id is None and back.expert_nodes == 3000
    assert store.save_game(SavedGame(back.session, game_id="cccc"))
    assert store.kept_other is None and game_id_of(backend.data[SAVE_KEY]) == "cccc"
    # an old copy of the app in another tab writing an id-less save: kept all the same
    backend.data[SAVE_KEY] = json.dumps(old)
    assert store.save_game(SavedGame(back.session, game_id="cccc"))
    key, game_id = store.kept_other
    assert game_id is None and parse_game(backend.data[key]).session.state == back.session.state


def test_game_ids_are_checked():
    text = dump_game(SavedGame(a_session(1), game_id="abc-123_X"))
    assert parse_game(text).game_id == "abc-123_X" and game_id_of(text) == "abc-123_X"
    data = json.loads(text)
    for bad in (7, "", "has space", "x" * 65, ["a"]):
        data["game_id"] = bad
        with pytest.raises(SaveError, match="id"):
            parse_game(json.dumps(data))
        assert game_id_of(json.dumps(data)) is None
    assert game_id_of("{not json") is None and game_id_of(None) is None


def test_resuming_another_tabs_game_keeps_this_one_and_can_switch_back():
    backend, clock, a, b, game_a, game_b = a_then_b_saved()
    key, _ = b.kept_other
    b.kept_other = None
    clock.t += 1
    assert b.swap_previous(key).session.state == game_a.state
    assert b.load_game().session.state == game_a.state
    back_key, game_id = b.kept_other
    assert game_id == "bbbb" and key not in backend.data
    assert [g.session.state for g in kept_games(backend)] == [game_b.state]
    clock.t += 1
    assert b.swap_previous(back_key).session.state == game_b.state
    assert [g.session.state for g in kept_games(backend)] == [game_a.state]
    assert b.swap_previous(SETTINGS_KEY) is None  # only kept games can be brought back


def test_a_new_game_keeps_this_tabs_game_as_previous_not_the_other_tabs():
    backend, clock, a, b, game_a, game_b = a_then_b_saved()
    # A starts a new game: its own unfinished game becomes the previous one ...
    assert a.keep_previous(SavedGame(game_a, game_id="aaaa"))
    assert not a.keep_previous()  # (the save is B's now: A does not copy it as its own)
    fresh = a_session(0, seed=9)
    a.save_game(SavedGame(fresh, game_id="a2a2"))
    # ... and B's game, in the save until then, is kept as another tab's
    assert a.load_previous().session.state == game_a.state
    assert game_b.state in [g.session.state for g in kept_games(backend)]
    assert a.load_game().session.state == fresh.state


def test_other_tabs_games_keep_the_newest_few():
    backend, clock = MemoryBackend(), Clock()
    me = tab(backend, clock)
    mine = a_session(1)
    games = {}
    for i in range(MAX_OTHER + 3):
        clock.t += 1
        other = Store(backend, clock=clock)
        games[f"g{i}"] = a_session(i % 4, seed=i + 1)
        other.save_game(SavedGame(games[f"g{i}"], game_id=f"g{i}"))
        me.save_game(SavedGame(mine, game_id="mine"))
    kept = kept_games(backend)  # (each "other" tab found "mine" in the save and kept it,
    assert len(kept) == MAX_OTHER  # and each of my saves supersedes that copy again)
    assert {g.game_id for g in kept} == {f"g{i}" for i in range(3, MAX_OTHER + 3)}


def test_another_tabs_game_is_never_overwritten_when_it_cannot_be_kept():
    class FullForNewKeys(MemoryBackend):
        def set(self, key, value):
            if key not in self.data:
                raise OSError("QuotaExceededError")
            super().set(key, value)

    backend = FullForNewKeys()
    backend.data[SAVE_KEY] = dump_game(SavedGame(a_session(1), game_id="aaaa"))
    b = Store(backend)  # never read it: someone else's
    theirs = backend.data[SAVE_KEY]
    assert not b.save_game(SavedGame(a_session(2, seed=5), game_id="bbbb"))
    assert backend.data[SAVE_KEY] == theirs
    assert any("no room" in p for p in b.problems)


def test_each_game_in_the_app_gets_its_own_id():
    from app.flow.controller import Controller, Setup

    ctl = Controller(setup=Setup("kendall", ("human", "human")))
    first = ctl.table.game_id
    ctl.new_game(Setup("kendall", ("human", "human")), start=False)
    assert ctl.table.game_id != first
    second = ctl.table.game_id
    ctl.load(a_session(3))  # loading makes a fresh id: two tabs loading one save differ
    assert ctl.table.game_id not in (first, second)
    live = ctl.table.game_id
    ctl.replays.open(a_session(2).game)
    ctl.replays.close()
    assert ctl.table.game_id == live  # a replay shown meanwhile does not change it


# ---------------------------------------------------------------- the list of kept games


def test_saves_carry_when_they_were_written_and_a_bad_time_is_only_dropped():
    backend, clock = MemoryBackend(), Clock()
    store = Store(backend, clock=clock)
    store.save_game(SavedGame(a_session(2), game_id="aaaa"))
    assert json.loads(backend.data[SAVE_KEY])["saved_at"] == int(clock.t * 1000)
    assert store.load_game().saved_at == int(clock.t * 1000)
    data = json.loads(backend.data[SAVE_KEY])
    for bad in ("yesterday", -5, True, 10**16, None):
        data["saved_at"] = bad
        assert parse_game(json.dumps(data)).saved_at is None  # the game itself still loads


def test_kept_games_list_the_previous_game_and_other_tabs_games_newest_first():
    backend, clock = MemoryBackend(), Clock()
    a, b = tab(backend, clock), tab(backend, clock)
    assert a.kept_games() == []
    first = a_session(3, seed=1)
    a.save_game(SavedGame(first, game_id="aaaa"))
    clock.t += 60
    assert a.keep_previous(SavedGame(first, game_id="aaaa"))  # a new game replaced it
    clock.t += 60
    a.save_game(SavedGame(a_session(0, seed=3), game_id="a2a2"))
    clock.t += 600
    theirs = Session("tait", {1: Seat("human", ""), 2: Seat("expert", "")}, seed=2)
    for _ in range(4):
        theirs.throw() if theirs.state.throw is None else theirs.play(theirs.state.legal_actions()[0])
    b.save_game(SavedGame(theirs, game_id="bbbb"))  # over A's game: A's is kept aside
    clock.t += 3 * 3600
    listed = b.kept_games(current_id="bbbb")
    assert [g.source for g in listed] == ["other", "previous"]
    other, previous = listed
    assert other.summary() == "Kendall, Average v Ann, 1 turn"
    turns = count_words(turns_played(parse_game(previous.text).session.game))
    assert previous.summary() == f"Kendall, Average v Ann, {turns}"
    assert previous.line(int(clock.t * 1000)) == (
        f"Kendall, Average v Ann, {turns} (replaced by a new game, saved 3 hours ago)")
    assert other.line(int(clock.t * 1000)).endswith("(from another tab, saved 3 hours ago)")
    assert previous.key == PREVIOUS_KEY and other.key.startswith(OTHER_PREFIX)
    # A's list leaves out the copy of A's own game that B kept (A's next save replaces it)
    assert [g.source for g in a.kept_games(current_id="a2a2")] == ["previous"]
    # B's game as A sees it, once A has saved over it: players named like on the board
    a.save_game(SavedGame(a_session(0, seed=3), game_id="a2a2"))
    [tait] = [g for g in a.kept_games(current_id="a2a2") if g.variant == "tait"]
    n = turns_played(theirs.game)
    assert n > 0 and tait.summary() == f"Tait, You v Expert, {n} turn{'s' if n != 1 else ''}" and tait.saved_at == int((clock.t - 3 * 3600) * 1000)
    assert not a.problems and not b.problems


def test_a_kept_game_from_before_the_save_time_shows_when_it_was_kept():
    old = json.loads(dump_game(SavedGame(a_session(2), game_id="old1")))
    assert "saved_at" not in old
    backend = MemoryBackend({f"{OTHER_PREFIX}1800000000000": json.dumps(old), PREVIOUS_KEY: json.dumps(old)})
    listed = Store(backend).kept_games()
    assert [(g.source, g.saved_at) for g in listed] == [("other", 1_800_000_000_000), ("previous", None)]
    turns = count_words(turns_played(a_session(2).game))
    assert listed[1].line(0) == f"Kendall, Average v Ann, {turns} (replaced by a new game)"


def test_a_kept_game_that_cannot_be_read_is_set_aside_not_listed():
    backend = MemoryBackend({f"{OTHER_PREFIX}5": "{broken", PREVIOUS_KEY: dump_game(SavedGame(a_session(1)))})
    store = Store(backend)
    assert [g.source for g in store.kept_games()] == ["previous"]
    [key] = store.quarantined()
    assert json.loads(backend.data[key])["value"] == "{broken" and f"{OTHER_PREFIX}5" not in backend.data
    assert "A kept game could not be read" in store.problems[0]


def test_resuming_a_listed_game_keeps_the_game_on_the_board_in_the_list():
    backend, clock = MemoryBackend(), Clock()
    a, b = tab(backend, clock), tab(backend, clock)
    mine, theirs = a_session(3, seed=1), a_session(6, seed=2)
    b.save_game(SavedGame(theirs, game_id="bbbb"))
    clock.t += 1
    a.save_game(SavedGame(mine, game_id="aaaa"))  # B's game is kept aside
    [kept] = a.kept_games(current_id="aaaa")
    clock.t += 1
    assert a.swap_previous(kept.key).session.state == theirs.state  # resumed from the list
    assert a.load_game().session.state == theirs.state
    [back] = a.kept_games(current_id="new1")
    assert back.moves == turns_played(mine.game) and back.source == "other"
    assert parse_game(back.text).session.state == mine.state
    # and the previous game the same way: the game on the board becomes the previous one
    a.keep_previous(SavedGame(theirs, game_id="new1"))
    a.save_game(SavedGame(a_session(0, seed=9), game_id="new2"))
    previous = next(g for g in a.kept_games(current_id="new2") if g.source == "previous")
    assert a.swap_previous(previous.key).session.state == theirs.state
    now_previous = next(g for g in a.kept_games() if g.source == "previous")
    assert now_previous.moves == 1  # a throw pending: turn 1 under way


def test_deleting_a_kept_game():
    backend, clock = MemoryBackend(), Clock()
    store = Store(backend, clock=clock)
    store.save_game(SavedGame(a_session(2), game_id="aaaa"))
    store.keep_previous()
    other_key = f"{OTHER_PREFIX}{int(clock.t * 1000)}"
    backend.data[other_key] = dump_game(SavedGame(a_session(4, seed=3), game_id="bbbb"))
    listed = {g.source: g for g in store.kept_games()}
    # only kept games can be deleted, and only when they still hold what was listed
    assert not store.delete_kept(SAVE_KEY) and SAVE_KEY in backend.data
    assert not store.delete_kept(SETTINGS_KEY)
    backend.data[PREVIOUS_KEY] = dump_game(SavedGame(a_session(5, seed=7)))  # another tab, meanwhile
    assert not store.delete_kept(PREVIOUS_KEY, listed["previous"].text)
    assert PREVIOUS_KEY in backend.data
    assert store.delete_kept(other_key, listed["other"].text)
    assert other_key not in backend.data and not store.delete_kept(other_key)
    assert [g.source for g in store.kept_games()] == ["previous"]


def test_how_long_ago_in_words():
    now = 1_800_000_000_000
    assert ago_text(now - 20_000, now) == "just now"
    assert ago_text(now + 5_000, now) == "just now"  # a clock set back
    assert ago_text(now - 60_000, now) == "1 minute ago"
    assert ago_text(now - 59 * 60_000, now) == "59 minutes ago"
    assert ago_text(now - 3_600_000, now) == "1 hour ago"
    assert ago_text(now - 47 * 3_600_000, now) == "47 hours ago"
    assert ago_text(now - 2 * 86_400_000, now) == "2 days ago"


def test_settings_round_trip_and_lenient_fields():
    store = Store(MemoryBackend())
    assert store.load_settings() == Settings()  # nothing saved: defaults (hints off)
    assert Settings().hints is False and Settings().highlight is True
    chosen = Settings("fast", True, True, False)
    store.save_settings(chosen)
    assert store.load_settings() == chosen
    odd = parse_settings('{"format": "senet-settings", "speed": "warp", "hints": "yes", "meter": true, "x": 1}')
    assert odd == Settings("normal", False, True, True)


def test_the_colour_choice_is_remembered_and_old_settings_load_as_the_system():
    """Settings.theme: "system", "light" or "dark"; settings written before it
    existed, or with a value it does not know, load as "system"."""
    store = Store(MemoryBackend())
    assert store.load_settings().theme == "system"
    store.save_settings(Settings().replace(theme="dark"))
    assert store.load_settings().theme == "dark"
    assert json.loads(store.backend.get(SETTINGS_KEY))["theme"] == "dark"  # app/view/theme.js reads this field
    old = parse_settings('{"format": "senet-settings", "version": 1, "speed": "fast", "tutorial": "declined"}')
    assert old.theme == "system" and old.speed == "fast" and old.tutorial == "declined"
    for bad in ('"purple"', "1", "null", "true"):
        odd = parse_settings('{"format": "senet-settings", "theme": ' + bad + ', "speed": "slow"}')
        assert odd.theme == "system" and odd.speed == "slow"


def test_corrupt_settings_and_stats_are_set_aside():
    backend = MemoryBackend({SETTINGS_KEY: "[]", STATS_KEY: "{nope"})
    store = Store(backend)
    assert store.load_settings() == Settings()
    assert store.load_stats()["results"] == {}
    assert len(store.quarantined()) == 2 and len(store.problems) == 2
    assert SETTINGS_KEY not in backend.data and STATS_KEY not in backend.data


def test_statistics_count_per_rule_set_and_level():
    store = Store(MemoryBackend())
    store.add_result("kendall", "expert", "won")
    store.add_result("kendall", "expert", "lost")
    store.add_result("tait", "novice", "drawn")
    store.add_result("kendall", "average", "won")
    rows = stats_rows(store.load_stats())
    assert rows == [("kendall", "average", 1, 0, 0), ("kendall", "expert", 1, 1, 0), ("tait", "novice", 0, 0, 1)]




@pytest.mark.parametrize("variant", ["kendall", "havens"])
def test_outcome_for_stats(variant):
    session = play_out(Session(variant, {1: Seat("human"), 2: Seat("expert")}, seed=3))
    variant_, opponent, outcome = outcome_for_stats(session)
    human_colour = (session.game.seat_colours or {1: "w"})[1]
    assert (variant_, opponent) == (variant, "expert")
    assert outcome == ("won" if session.game.result == human_colour else "lost")
    assert outcome_for_stats(play_out(Session(variant, {1: Seat("human"), 2: Seat("human")}, seed=3))) is None
    assert outcome_for_stats(play_out(Session(variant, {1: Seat("novice"), 2: Seat("expert")}, seed=3))) is None
    assert outcome_for_stats(Session(variant, {1: Seat("human"), 2: Seat("expert")}, seed=3)) is None  # not over


def test_every_variant_saves_mid_colour_draw_and_mid_turn():
    for variant in senet.VARIANTS:
        s = Session(variant, {1: Seat("human"), 2: Seat("novice")}, seed=8)
        for _ in range(7):
            if s.state.throw is None:
                s.throw()
            elif not s.state.opening:
                s.play(s.state.legal_actions()[-1])
        back = parse_game(dump_game(SavedGame(s))).session
        assert back.state == s.state and back.game.seat_colours == s.game.seat_colours, variant


def test_a_save_the_app_cannot_use_is_set_aside_on_request():
    backend = MemoryBackend()
    store = Store(backend)
    store.save_game(SavedGame(a_session(2)))
    raw = backend.data[SAVE_KEY]
    store.set_aside_save("the saved game cannot be shown (a bug)")
    assert SAVE_KEY not in backend.data
    [key] = store.quarantined()
    assert json.loads(backend.data[key])["value"] == raw
    assert "cannot be shown" in store.problems[0]


def test_the_saving_doc_matches_the_code_and_the_pages():
    """docs/saving.md: its example save loads, and its policies are the pages' own."""
    import re

    text = (ROOT / "docs" / "saving.md").read_text()
    example = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    loaded = parse_game(example)
    assert loaded.session.state.throw == 3 and loaded.session.seats[2].name == "Ann"

    def meta(html: str) -> str:
        return re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)

    blocks = [" ".join(b.split()) for b in re.findall(r"(?m)(?:^    \S.*\n)+", text) if "default-src" in b]
    app_policy, page_policy = blocks
    assert meta((ROOT / "index.html").read_text()) == app_policy
    security = (ROOT / "docs" / "security.md").read_text()
    assert app_policy in " ".join(security.split())
    for page in sorted((ROOT / "pages").glob("*.html")):
        assert meta(page.read_text()) == page_policy, page.name


# ---------------------------------------------------------------- copies of the app on one site


@pytest.mark.parametrize("path, scope", [
    ("/", ""), ("/index.html", ""), ("", ""),
    ("/senet/", "/senet/"), ("/senet/index.html", "/senet/"), ("/a/b/senet-dev/", "/a/b/senet-dev/"),
])
def test_the_scope_is_the_pages_directory(path, scope):
    assert scope_of(path) == scope


def test_two_copies_on_one_site_keep_their_games_apart():
    origin = MemoryBackend()  # one localStorage for the whole site
    main, fork, root = (Store(ScopedBackend(origin, scope)) for scope in ("/senet/", "/senet-dev/", ""))
    game_main, game_fork, game_root = a_session(3, seed=1), a_session(5, seed=2), a_session(7, seed=3)
    assert main.save_game(SavedGame(game_main, game_id="main"))
    assert fork.save_game(SavedGame(game_fork, game_id="fork"))
    assert root.save_game(SavedGame(game_root, game_id="root"))
    assert main.load_game().session.state == game_main.state
    assert fork.load_game().session.state == game_fork.state
    assert root.load_game().session.state == game_root.state
    assert {"/senet/senet:save", "/senet-dev/senet:save", "senet:save"} <= set(origin.data)
    # no copy takes the other's game for another tab's, and none lists it as kept
    assert main.kept_games() == fork.kept_games() == root.kept_games() == []
    assert main.kept_other is None and fork.kept_other is None
    assert root.backend.all_keys() == ["senet:save"]
    # a storage event names the stored key: each copy recognises only its own
    assert main.backend.key_of("/senet/senet:save") == SAVE_KEY
    assert main.backend.key_of("/senet-dev/senet:save") is None
    assert main.backend.key_of("senet:save") is None
    assert root.backend.key_of("senet:save") == SAVE_KEY
    assert root.backend.key_of("/senet/senet:save") is None


def test_games_saved_before_scopes_are_copied_into_each_copy_once():
    old_game = dump_game(SavedGame(a_session(4), game_id="old1"))
    origin = MemoryBackend({SAVE_KEY: old_game, SETTINGS_KEY: dump_settings(Settings(speed="fast")),
                            "other-app": "x"})
    main = Store(ScopedBackend(origin, "/senet/"))
    assert main.backend.copied == 2
    assert main.load_game().game_id == "old1"
    assert main.load_settings().speed == "fast"
    assert origin.data[SAVE_KEY] == old_game  # left for the other copies
    assert "/senet/other-app" not in origin.data
    fork = Store(ScopedBackend(origin, "/senet-dev/"))
    assert fork.load_game().game_id == "old1"  # each copy gets the game: neither loses it
    # once copied, never again: a game the copy has since replaced stays replaced
    main.save_game(SavedGame(a_session(1, seed=6), game_id="new1"))
    again = ScopedBackend(origin, "/senet/")
    assert again.copied == 0 and Store(again).load_game().game_id == "new1"


def test_a_copy_that_fails_half_way_is_tried_again():
    class FailsOnce(MemoryBackend):
        fail = True

        def set(self, key, value):
            if self.fail and key.endswith("senet:settings"):
                raise OSError("QuotaExceededError")
            super().set(key, value)

    origin = FailsOnce({SAVE_KEY: dump_game(SavedGame(a_session(2), game_id="old1")),
                        SETTINGS_KEY: dump_settings(Settings(speed="slow"))})
    first = ScopedBackend(origin, "/senet/")
    assert first.problem and "still there" in first.problem
    assert SETTINGS_KEY in origin.data and SAVE_KEY in origin.data
    origin.fail = False
    second = ScopedBackend(origin, "/senet/")
    assert second.problem is None
    assert Store(second).load_settings().speed == "slow"
    assert Store(second).load_game().game_id == "old1"


# Bell games saved under the first reading of B6/B7 (every piece on an own goal square
# home at once; the engine drew walled-off games by C6). Saves hold the record, and a
# record replays under the rules of today.
OLD_BELL_DRAWN = (  # the wall of 16..20 drew this game; now it goes on
    "senet-record 1\nvariant bell\nseed 7\n"
    "start bell w..............bwbw.b...b.w... b - w=6/0,b=6/0 odd=w\n"
    "b 1 21-20\nresult draw: neither side can fill its goal squares any more (C6)\n")
OLD_BELL_PASS = (  # white's 5 was home, so a 2 passed; now 5-3 must be played
    "senet-record 1\nvariant bell\nseed 7\n"
    "start bell wb.bw.w.w.w.w.w.w.w..b......b. w - w=1/0,b=6/0 odd=w\n"
    "w 2 pass\nb 3 29-26\n")
OLD_BELL_PLAYS_ON = (  # every action is legal under both readings
    "senet-record 1\nvariant bell\nseed 7\n"
    "start bell w...w..b...w.......b....b..... b - w=7/0,b=7/0 odd=w\n"
    "b 3 25-22\nw 2 12-10\nb 1 in-30\nw 2\n")


def old_bell_save(record: str) -> str:
    session = {"format": "senet-save", "version": 1, "record": record,
               "seats": {"1": {"kind": "human", "name": ""}, "2": {"kind": "human", "name": ""}},
               "redo": []}
    return json.dumps({"format": "senet-app-save", "version": 1, "session": session})


def test_an_old_rules_bell_save_replays_under_the_revised_rules():
    backend = MemoryBackend({SAVE_KEY: old_bell_save(OLD_BELL_PLAYS_ON)})
    store = Store(backend, clock=Clock())
    saved = store.load_game()
    assert saved is not None and store.problems == [] and store.quarantined() == []
    state = saved.session.state
    assert state.position() == "bell w...w..b.w.........b.b.......b w 2 w=7/0,b=6/0 odd=w"
    # white's 5 stands above the gap on 3: home under the old reading, free to move now
    assert {str(m) for m in state.legal_actions()} == {"in-29", "5-3", "10-8"}


@pytest.mark.parametrize("record,reason", [
    (OLD_BELL_DRAWN, "line 6: "),
    (OLD_BELL_PASS, "line 5: "),
])
def test_an_old_rules_bell_save_that_no_longer_replays_is_set_aside_and_the_player_told(record, reason):
    raw = old_bell_save(record)
    backend = MemoryBackend({SAVE_KEY: raw})
    store = Store(backend, clock=Clock())
    assert store.load_game() is None
    assert SAVE_KEY not in backend.data
    [key] = store.quarantined()
    kept = json.loads(backend.data[key])
    # why, in the player's words (the record's line and its message, never the engine's English)
    assert kept["value"] == raw and kept["from"] == SAVE_KEY and reason in kept["reason"]
    assert len(store.problems) == 1 and reason in store.problems[0] and key in store.problems[0]
    store.save_game(SavedGame(a_session(2)))  # a new game never touches the copy set aside
    assert json.loads(backend.data[key])["value"] == raw


# ---------------------------------------------------------------- the browser's refusals


class Refusing(MemoryBackend):
    """A storage whose writes the browser refuses while ``full`` (QuotaExceededError), and
    whose reads it refuses while ``blocked``."""

    full = False
    blocked = False

    def get(self, key):
        if self.blocked:
            raise OSError("SecurityError: access denied")
        return super().get(key)

    def set(self, key, value):
        if self.full:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def test_what_the_browser_refuses_to_store_waits_and_is_written_once_there_is_room():
    """Full storage: the game, a setting, a result and a game's throws wait in memory
    (shown as if stored), nothing on the device changes; the next write once there is room
    stores all of it, and saving works again."""
    backend = Refusing()
    store = Store(backend, clock=Clock())
    assert store.save_game(SavedGame(a_session(2), game_id="g1"))
    backend.full = True
    before = dict(backend.data)
    assert not store.save_game(SavedGame(a_session(6), game_id="g1"))
    assert not store.save_settings(Settings(speed="fast", hints=True))
    store.add_result("kendall", "average", "won")
    store.add_throws({1: 3, 2: 5, 3: 1, 4: 0, 0: 1})
    assert backend.data == before  # nothing written, nothing written over
    assert store.unsaved == "the browser's storage for this site is full" and store.waiting
    assert store.load_stats()["results"]["kendall/average"]["won"] == 1  # as the player sees it
    assert store.load_throw_stats() == ({1: 3, 2: 5, 3: 1, 4: 0, 0: 1}, 1)
    backend.full = False
    assert store.save_game(SavedGame(a_session(8), game_id="g1"))
    assert store.unsaved is None and not store.waiting
    assert parse_game(backend.data[SAVE_KEY]).session.state == a_session(8).state
    assert parse_settings(backend.data[SETTINGS_KEY]) == Settings(speed="fast", hints=True)
    assert json.loads(backend.data[STATS_KEY])["results"]["kendall/average"]["won"] == 1
    assert Store(backend).load_throw_stats() == ({1: 3, 2: 5, 3: 1, 4: 0, 0: 1}, 1)
    assert store.problems == []  # said by the notice of saving, not as a problem


def test_unreadable_statistics_that_cannot_be_set_aside_are_never_written_over():
    backend = Refusing({STATS_KEY: "{not statistics"})
    backend.full = True
    store = Store(backend, clock=Clock())
    store.add_result("tait", "novice", "lost")
    assert backend.data[STATS_KEY] == "{not statistics"  # left as it was
    assert any("statistics could not be read" in p and "left as they were" in p for p in store.problems)
    assert store.load_stats()["results"]["tait/novice"]["lost"] == 1  # the result waits
    backend.full = False
    store.save_game(SavedGame(a_session(2), game_id="g1"))  # room: set aside first, then counted
    kept = [json.loads(backend.data[k]) for k in store.quarantined()]
    assert [(k["from"], k["value"]) for k in kept] == [(STATS_KEY, "{not statistics")]
    assert json.loads(backend.data[STATS_KEY])["results"] == {"tait/novice": {"won": 0, "lost": 1, "drawn": 0}}
    assert store.unsaved is None


def test_a_game_set_aside_while_the_storage_is_full_comes_back_from_memory():
    """A new game replaces one while nothing can be written: the one replaced waits in
    memory, senet:save (its older copy) is not written over, and Resume brings it back; the
    game it replaced waits in its turn."""
    backend = Refusing()
    store = Store(backend, clock=Clock())
    store.save_game(SavedGame(a_session(4), game_id="old"))
    on_device = backend.data[SAVE_KEY]
    backend.full = True
    old = SavedGame(a_session(6), game_id="old")
    assert store.keep_previous(old)
    assert not store.save_game(SavedGame(a_session(1, seed=9), game_id="new"))
    assert backend.data[SAVE_KEY] == on_device
    back = store.swap_previous()
    assert back.game_id == "old" and back.session.state == old.session.state
    assert backend.data[SAVE_KEY] == on_device
    backend.full = False
    assert store.save_game(back)
    assert game_id_of(backend.data[PREVIOUS_KEY]) == "new" and game_id_of(backend.data[SAVE_KEY]) == "old"
    assert parse_game(backend.data[SAVE_KEY]).session.state == old.session.state


@pytest.mark.parametrize(("error", "words"), [
    (OSError("QuotaExceededError: the quota has been exceeded"), "the browser's storage for this site is full"),
    (OSError("NS_ERROR_DOM_QUOTA_REACHED"), "the browser's storage for this site is full"),
    (OSError("SecurityError: The operation is insecure."), "the browser's settings do not let this site store anything"),
    (OSError("the disk is on fire"), "the browser refused to store them (the disk is on fire)"),
])
def test_the_browsers_refusal_in_plain_words(error, words):
    assert refusal_words(error) == words


def test_the_browsers_refusal_by_its_name():
    from app.platform.guard import Refused

    assert refusal_words(Refused("QuotaExceededError", "Quota exceeded.")) == "the browser's storage for this site is full"
    assert refusal_words(Refused("SecurityError", "Access is denied.")) == \
        "the browser's settings do not let this site store anything"


def test_the_pages_other_keys_never_raise_and_wait_like_the_game():
    backend = Refusing()
    scoped = ScopedBackend(backend, "/senet/")
    store = Store(scoped)
    keys = StoreKeys(store, scoped)
    backend.full = True
    keys.set("senet:online-name", "Ann")  # refused: kept in memory, never raised
    assert keys.get("senet:online-name") == "Ann" and store.unsaved is not None
    backend.full = False
    keys.set("senet:stun", "")
    assert backend.data == {"/senet/senet:migrated": "1", "/senet/senet:online-name": "Ann", "/senet/senet:stun": ""}
    assert store.unsaved is None
    assert keys.key_of("/senet/senet:save") == "senet:save" and keys.key_of("/other/senet:save") is None


def test_a_game_average_stood_in_for_is_saved_so_and_counted_against_average():
    session = play_out(Session("kendall", {1: Seat("human"), 2: Seat("expert")}, seed=3))
    text = dump_game(SavedGame(session, stood_in=True))
    assert json.loads(text)["stood_in"] is True and parse_game(text).stood_in
    assert "stood_in" not in json.loads(dump_game(SavedGame(session)))  # as saves before it
    assert parse_game(dump_game(SavedGame(session))).stood_in is False
    data = json.loads(text)
    data["stood_in"] = "yes"
    with pytest.raises(SaveError, match="standing in"):
        parse_game(json.dumps(data))
    variant, opponent, outcome = outcome_for_stats(session, stood_in=True)
    assert (variant, opponent) == ("kendall", "average") and outcome_for_stats(session)[1] == "expert"
    novice = play_out(Session("kendall", {1: Seat("human"), 2: Seat("novice")}, seed=3))
    assert outcome_for_stats(novice, stood_in=True)[1] == "novice"  # only the Expert's seat has a stand-in
