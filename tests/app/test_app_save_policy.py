"""app/storage/policy.py under CPython: what a tab saves and says when several tabs share
one save, the game a link or a new game sets aside, and the settings it remembers.

Each tab is a SavePolicy over its own Store on one shared MemoryBackend, as two tabs of
the page share localStorage. The browser side is tests/browser/test_persist.py.
"""

from __future__ import annotations

from pathlib import Path

from app.storage.policy import SavePolicy
from app.storage.store import (
    OTHER_PREFIX,
    PREVIOUS_KEY,
    SAVE_KEY,
    SETTINGS_KEY,
    MemoryBackend,
    SavedGame,
    ScopedBackend,
    Settings,
    Store,
    parse_game,
    parse_settings,
)
from senet.session import Seat, Session
from senet.words import t as words

ROOT = Path(__file__).resolve().parents[2]

OTHER_TAB_KEPT = words("storage.policy.other_tab_kept")
OTHER_TAB_BACK = words("storage.policy.other_tab_back")
OTHER_TAB_PLAYING = words("storage.policy.other_tab_playing")
LIST_BACK = words("storage.policy.list_back")
LINK_SET_ASIDE = words("storage.policy.link_set_aside")


class Clock:
    def __init__(self, t=1_800_000_000.0):
        self.t = t

    def __call__(self):
        self.t += 0.001  # every write at a time of its own
        return self.t


def a_session(moves=3, seed=1, kinds=("average", "human")) -> Session:
    s = Session("kendall", {1: Seat(kinds[0], ""), 2: Seat(kinds[1], "")}, seed=seed)
    for _ in range(moves):
        if s.state.throw is None:
            s.throw()
        s.play(s.state.legal_actions()[0])
    return s


def tab(backend, clock) -> SavePolicy:
    """A tab of the page: it reads the save and the settings at start-up."""
    store = Store(backend, clock=clock)
    store.load_game()
    return SavePolicy(store, store.load_settings())


def two_tabs():
    backend, clock = MemoryBackend(), Clock()
    return backend, tab(backend, clock), tab(backend, clock)


def test_saving_its_own_game_says_nothing():
    backend, a, _b = two_tabs()
    game = a_session()
    assert a.autosave(SavedGame(game, game_id="aaaa")) == (None, False)
    assert a.autosave(SavedGame(game, game_id="aaaa")) == (None, False)
    assert parse_game(backend.data[SAVE_KEY]).game_id == "aaaa"
    assert not [k for k in backend.data if k.startswith(OTHER_PREFIX)]


def test_another_tabs_game_is_kept_said_once_and_resume_follows_its_newest_copy():
    backend, a, b = two_tabs()
    game_a, game_b = a_session(3, seed=1), a_session(5, seed=2)
    a.autosave(SavedGame(game_a, game_id="aaaa"))
    notice, offer = b.autosave(SavedGame(game_b, game_id="bbbb"))  # over A's game
    assert notice == OTHER_TAB_KEPT and offer
    assert b.resume_key.startswith(OTHER_PREFIX)
    assert parse_game(backend.data[b.resume_key]).game_id == "aaaa"
    first_key = b.resume_key
    # A saves again (over B's game), then B again: the same game of A's, not told twice
    game_a.throw()
    notice_a, offer_a = a.autosave(SavedGame(game_a, game_id="aaaa"))
    assert notice_a == OTHER_TAB_KEPT and offer_a  # A is told once of B's game too
    assert b.autosave(SavedGame(game_b, game_id="bbbb")) == (None, False)
    assert b.resume_key != first_key and b.resume_key in backend.data  # the newest copy
    assert parse_game(backend.data[b.resume_key]).session.state == game_a.state


def test_a_storage_event_of_another_game_is_said_once():
    """(The page queues it behind any notice shown: app/view/notices.py.)"""
    backend, a, b = two_tabs()
    a.autosave(SavedGame(a_session(3, seed=1), game_id="aaaa"))
    written = backend.data[SAVE_KEY]
    assert a.other_tab_saved(SAVE_KEY, written) is None  # its own save
    assert b.other_tab_saved(SAVE_KEY, written) == OTHER_TAB_PLAYING
    assert b.other_tab_saved(SAVE_KEY, written) is None  # once a game
    assert b.other_tab_saved(SETTINGS_KEY, "{}") is None  # another key
    assert b.other_tab_saved(None, written) is None  # another copy of the app's key
    assert b.other_tab_saved(SAVE_KEY, None) is None  # a removed key


def test_a_storage_event_names_its_key_in_the_copys_scope():
    shared = MemoryBackend()
    scoped = ScopedBackend(shared, "/senet/")
    a = tab(ScopedBackend(shared, "/other/"), Clock())
    a.autosave(SavedGame(a_session(), game_id="aaaa"))
    stored_key = "/other/" + SAVE_KEY
    b = tab(scoped, Clock())
    assert b.other_tab_saved(scoped.key_of(stored_key), shared.data[stored_key]) is None


def test_resuming_another_tabs_game_from_the_notice_keeps_this_one_in_its_place():
    backend, a, b = two_tabs()
    game_a, game_b = a_session(3, seed=1), a_session(5, seed=2)
    a.autosave(SavedGame(game_a, game_id="aaaa"))
    b.autosave(SavedGame(game_b, game_id="bbbb"))
    key = b.resume_key
    saved, kept = b.swap(key)
    assert saved.game_id == "aaaa" and saved.session.state == game_a.state
    assert kept is not None and kept[1] == "bbbb"
    assert b.resumed(key, kept, from_notice=True) == (OTHER_TAB_BACK, True, "")
    assert b.resume_key == kept[0]  # Resume switches back
    assert parse_game(backend.data[kept[0]]).session.state == game_b.state
    saved_back, _kept = b.swap(b.resume_key)
    assert saved_back.game_id == "bbbb"


def test_resuming_from_the_list_or_the_previous_game():
    backend, a, _b = two_tabs()
    old, new = a_session(3, seed=1), a_session(2, seed=3)
    a.autosave(SavedGame(old, game_id="old1"))
    assert a.replaced(old, None, "old1")
    a.autosave(SavedGame(new, game_id="new1"))
    saved, kept = a.swap(PREVIOUS_KEY)
    assert saved.game_id == "old1" and kept is None
    assert a.resumed(PREVIOUS_KEY, kept, from_notice=False) == ("", False, LIST_BACK)
    assert a.resume_key == PREVIOUS_KEY
    assert parse_game(backend.data[PREVIOUS_KEY]).game_id == "new1"
    assert a.resumed(PREVIOUS_KEY, None, from_notice=True) == ("", False, "")


def test_a_kept_game_that_cannot_come_back_changes_nothing():
    backend, a, _b = two_tabs()
    a.autosave(SavedGame(a_session(), game_id="aaaa"))
    before = dict(backend.data)
    assert a.swap(PREVIOUS_KEY) == (None, None)  # nothing kept
    assert a.swap("senet:settings") == (None, None)  # not a kept game's key
    assert backend.data == before


def test_a_new_game_keeps_the_unfinished_game_it_replaces():
    _backend, a, _b = two_tabs()
    assert not a.replaced(a_session(0), None, "none") and not a.replaced_kept  # no moves: nothing to keep
    assert a.replaced(a_session(3), 5000, "abcd") and a.replaced_kept
    kept = a.store.load_previous()
    assert (kept.game_id, kept.expert_nodes) == ("abcd", 5000)


def finished_session() -> Session:
    s = Session("kendall", {1: Seat("novice", ""), 2: Seat("human", "")}, seed=5)
    while not s.game.over:
        if s.state.to_act == "chance" or s.state.throw is None and s.state.to_act is not None:
            s.throw()
        else:
            s.play(s.state.legal_actions()[0])
    return s


def test_a_finished_game_is_kept_only_when_play_from_here_replaces_it():
    _backend, a, _b = two_tabs()
    done = finished_session()
    assert not a.replaced(done, None, "done")
    assert a.replaced(done, None, "done", finished_too=True)
    assert a.store.load_previous().session.game.over


def test_a_link_sets_an_unfinished_game_aside_and_remembers_its_speed():
    backend, clock = MemoryBackend(), Clock()
    a = tab(backend, clock)
    a.autosave(SavedGame(a_session(), game_id="aaaa"))
    b = tab(backend, clock)
    saved = b.store.load_game()
    assert b.open_link_game(saved, "fast") == (LINK_SET_ASIDE, True)
    assert parse_game(backend.data[PREVIOUS_KEY]).game_id == "aaaa"
    assert parse_settings(backend.data[SETTINGS_KEY]).speed == "fast" and b.settings.speed == "fast"
    # a finished game, or none, is not set aside; the same speed is not written again
    c = tab(MemoryBackend(), clock)
    assert c.open_link_game(SavedGame(finished_session()), "normal") == ("", False)
    assert c.open_link_game(None, "normal") == ("", False)
    assert SETTINGS_KEY not in c.store.backend.data


def test_first_visit():
    _backend, a, _b = two_tabs()
    assert a.first_visit(False, None, False)
    assert not a.first_visit(True, None, False)  # a link's game
    assert not a.first_visit(False, SavedGame(a_session()), False)  # a saved game
    assert not a.first_visit(False, None, True)  # ?tutorial=1
    a.answer_tutorial("declined")
    assert not a.first_visit(False, None, False)
    broken = tab(MemoryBackend({SAVE_KEY: "not json"}), Clock())  # a problem to report first
    assert not broken.first_visit(False, None, False)


def test_the_tutorials_answer_taken_never_replaces_finished():
    backend, a, _b = two_tabs()
    a.answer_tutorial("taken")
    assert parse_settings(backend.data[SETTINGS_KEY]).tutorial == "taken"
    a.answer_tutorial("finished")
    a.answer_tutorial("taken")
    assert a.settings.tutorial == "finished"
    assert parse_settings(backend.data[SETTINGS_KEY]).tutorial == "finished"
    a.answer_tutorial("declined")
    assert a.settings == Settings(tutorial="declined")


def test_problems_are_said_once_as_sentences():
    store = Store(MemoryBackend({SAVE_KEY: "not json"}))
    store.load_game()
    policy = SavePolicy(store, Settings())
    assert policy.has_new_problems()
    text = policy.problems_text("A new game begins.")
    assert text.startswith("The saved game could not be read") and text.endswith(". A new game begins.")
    assert not policy.has_new_problems()
    assert policy.problems_text() == ""


def test_a_full_storage_is_said_once_and_unsaid_when_saving_works_again():
    class Full(MemoryBackend):
        full = True

        def set(self, key, value):
            if self.full:
                raise OSError("quota exceeded")
            super().set(key, value)

    backend = Full()
    store = Store(backend)
    policy = SavePolicy(store, Settings())
    assert policy.saving_news() is None  # saving works: nothing to say
    assert policy.autosave(SavedGame(a_session(), game_id="aaaa")) == (None, False)
    news = policy.saving_news()
    assert news == ("Games are not being saved on this device: the browser's storage for this site is full. "
                    "The game goes on, and saving starts again by itself as soon as the browser allows it.")
    policy.autosave(SavedGame(a_session(4), game_id="aaaa"))
    policy.set_settings(Settings(speed="fast"))
    assert policy.saving_news() is None  # said once
    backend.full = False
    policy.autosave(SavedGame(a_session(5), game_id="aaaa"))
    assert policy.saving_news() == ""  # saving again: the notice goes
    assert parse_game(backend.data[SAVE_KEY]).session.state == a_session(5).state
    assert store.load_settings().speed == "fast"  # the setting made meanwhile was kept


def test_a_blocked_storage_says_the_game_is_gone_when_the_page_closes():
    store = Store(MemoryBackend())
    store.blocked("the browser's settings do not let this site store anything")
    policy = SavePolicy(store, Settings())
    assert policy.autosave(SavedGame(a_session(), game_id="aaaa")) == (None, False)
    news = policy.saving_news()
    assert news.startswith("Games are not being saved on this device: the browser's settings do not let")
    assert news.endswith("it will be gone when this page is closed.")
    assert policy.saving_news() is None and store.unsaved is not None  # never saved: said once


def test_results_are_counted_and_the_record_line_reads_them():
    _backend, a, _b = two_tabs()
    done = finished_session()
    assert a.record_line(done, "Kendall") == ""  # nothing counted yet
    a.count_result(done, {1: 3, 2: 1, 3: 0, 4: 2, 0: 1})
    assert a.record_line(done, "Kendall") in ("Your record against Novice (Kendall rules): 1 won, 0 lost.",
                                              "Your record against Novice (Kendall rules): 0 won, 1 lost.")
    assert a.store.load_throw_stats() == ({1: 3, 2: 1, 3: 0, 4: 2, 0: 1}, 1)
    two_people = Session("kendall", {1: Seat("human", ""), 2: Seat("human", "")}, seed=1)
    assert a.record_line(two_people, "Kendall") == ""  # not a game the statistics count
