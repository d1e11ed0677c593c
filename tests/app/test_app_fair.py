"""Throws anyone can verify in the app's DOM-free modules (docs/fair-throws.md): the
controller's game information, phrase, Verify and throw counts; the stored throw
statistics; the chart; the URL's phrase; the New game dialog's phrase. The page itself: tests/browser/test_fair_throws.py."""

import asyncio
import json
from pathlib import Path

from app_harness import View, engine_think, no_sleep, people_play_to_end, run_async, seeded_bytes

import senet
from app.flow.controller import Controller, Setup
from app.flow.fair import verify_words
from app.flow.setup import setup_from_query
from app.storage.store import MemoryBackend, SavedGame, Store, parse_game
from app.view.throw_chart import chart_svg
from app.words.phrases import WORDS
from senet.throws import COMMIT, ThrowGenerator, commitment, phrase_problem

ROOT = Path(__file__).resolve().parents[2]


def two_people(seed=1):
    """Two people's committed game, its secret seed, phrase and id drawn from ``seeded_bytes(seed)``."""
    ctl = Controller(View(), setup=Setup("kendall", ("human", "human"), speed="instant"), sleep=no_sleep,
                     random_bytes=seeded_bytes(seed))
    ctl.start()
    return ctl


def finish(ctl):
    """Two people's game to its end, by the controller's own calls (no task waits)."""
    people_play_to_end(ctl)
    assert ctl.table.game.over


def test_new_game_commits_and_shows_no_seed_until_the_end():
    ctl = two_people()
    game = ctl.table.game
    info = ctl.fair.info()
    assert game.throws == COMMIT and info["committed"] and info["editable"]
    assert info["commit"] == commitment(game.seed) and info["seed"] == ""
    assert str(game.seed) not in str(info) and "seed" not in ctl.record_text()
    assert str(game.seed) not in ctl.fair.record_file_name() and ctl.fair.record_file_name().startswith("senet-kendall-")
    assert ctl.table.setup.seed is None
    ctl.throw()
    assert not ctl.fair.info()["editable"] and "seed" not in ctl.record_text()
    assert ctl.fair.verify_text().startswith("Cannot verify yet: the game is not over")
    finish(ctl)
    info = ctl.fair.info()
    assert info["seed"] == str(game.seed) and "seed revealed" in info["summary"]
    assert f"\nseed {game.seed}\n" in ctl.record_text()
    assert ctl.fair.verify_text().startswith("Verified: ") and info["commit"] in ctl.fair.verify_text()


def test_the_phrase_changes_the_throws_and_is_fixed_at_the_first_throw():
    ctl = two_people()
    seed = ctl.table.game.seed
    assert ctl.fair.set_phrase("  lapis and gold ") is None and ctl.table.game.phrase == "lapis and gold"
    assert ctl.view.messages[-1] == "Your phrase \u201clapis and gold\u201d is mixed into the throws."
    assert ctl.fair.set_phrase("two\nlines") == ("The phrase may not contain control, line-break or direction "
                                           "characters (found U+000A).")
    assert ctl.table.game.phrase == "lapis and gold"
    ctl.throw()
    assert ctl.table.state.throw == ThrowGenerator(seed, 0, COMMIT, "lapis and gold").throw(5)
    assert ctl.fair.set_phrase("other") == "The phrase is fixed once the first throw is made."
    assert ctl.table.game.phrase == "lapis and gold"


def test_a_saved_game_keeps_its_seed_and_resumes_with_the_same_throws():
    ctl = two_people()
    ctl.fair.set_phrase("kept")
    ctl.throw()
    store = Store(MemoryBackend())
    store.save_game(SavedGame(ctl.table.session))
    saved = store.load_game()
    assert saved.session.game.seed == ctl.table.game.seed and saved.session.game.phrase == "kept"
    other = Controller(View(), sleep=no_sleep)
    other.load(saved.session)
    assert other.table.setup.seed is None and other.fair.info()["commit"] == ctl.fair.info()["commit"]
    assert parse_game(store.backend.get("senet:save")).session.game.generator.count == 1


def test_an_imported_sealed_record_replays_but_cannot_go_on():
    source = two_people()
    for _ in range(6):
        if source.table.can_throw:
            source.throw()
        elif source.table.movable:
            source.activate(next(iter(source.table.movable)))
        else:
            source.pass_turn()
    text = source.record_text()
    ctl = two_people(2)
    live = ctl.table.game
    game = senet.Game.from_record(text)
    ctl.open_record(text, game)
    assert ctl.fair.info()["committed"] and not ctl.fair.info()["editable"]
    assert "does not reveal its seed" in ctl.fair.info()["note"]
    assert ctl.replays.play_on() is False
    assert "cannot go on here" in ctl.view.messages[-1] and ctl.table.replay is not None
    ctl.replays.close()
    assert ctl.table.game is live


def test_verify_names_the_line_of_a_tampered_imported_record():
    finished = two_people()
    finish(finished)
    text = "# a comment first\n" + finished.record_text()
    lines = text.split("\n")
    n = next(i for i, ln in enumerate(lines) if ln[:2] in ("w ", "b ") and ln.split()[1] in "1234") + 1
    side, throw, *rest = lines[n - 1].split(" ")
    lines[n - 1] = " ".join([side, "4" if throw != "4" else "1", *rest])
    tampered = "\n".join(lines)
    ctl = two_people(2)
    ctl.open_record(text, senet.Game.from_record(text))
    assert ctl.fair.verify_text().startswith("Verified: ")
    ctl.replays.close()
    try:
        game = senet.Game.from_record(tampered)
    except senet.RecordError:  # the changed throw made the move illegal: the record dialog's Verify
        from senet.verify import verify_record

        words = verify_words(verify_record(tampered))
    else:
        ctl.open_record(tampered, game)
        words = ctl.fair.verify_text()
    assert words.startswith(f"Not verified: line {n}: the record has a ")


def test_a_link_with_a_phrase_commits_and_a_link_seed_alone_does_not():
    setup, warnings = setup_from_query("?seed=5&phrase=sun+over+the+nile")
    assert warnings == [] and setup.seed == 5 and setup.phrase == "sun over the nile"
    ctl = Controller(View(), setup=setup, sleep=no_sleep, random_bytes=seeded_bytes(1))
    assert ctl.table.game.throws == COMMIT and ctl.table.game.seed == 5 and ctl.table.game.phrase == "sun over the nile"
    setup, warnings = setup_from_query("?seed=5&phrase=" + "x" * 61)
    assert setup.phrase is None and warnings == ["bad phrase: the phrase has at most 60 characters, this one has 61"]
    ctl = Controller(View(), setup=setup_from_query("?seed=5")[0], sleep=no_sleep, random_bytes=seeded_bytes(2))
    assert ctl.table.game.throws == "sha256" and not ctl.fair.info()["committed"]
    assert ctl.fair.info()["summary"] == "not sealed in this game" and ctl.fair.verify_text().startswith("Nothing to verify: ")
    ctl.play_again()
    assert ctl.table.game.throws == COMMIT and ctl.table.game.seed != 5 and ctl.table.setup.phrase is None


def test_throw_statistics_are_stored_added_and_corrupt_ones_set_aside():
    store = Store(MemoryBackend())
    assert store.load_throw_stats() == ({1: 0, 2: 0, 3: 0, 4: 0, 0: 0}, 0)
    store.add_throws({1: 4, 2: 6, 3: 4, 4: 1, 0: 1})
    assert store.add_throws({1: 1, 0: 2}) == ({1: 5, 2: 6, 3: 4, 4: 1, 0: 3}, 2)
    assert Store(store.backend).load_throw_stats() == ({1: 5, 2: 6, 3: 4, 4: 1, 0: 3}, 2)
    for bad in ('{"format": "senet-throw-stats", "version": 1, "counts": {"1": -1, "2": 0, "3": 0, "4": 0, '
                '"none": 0}, "games": 1}',
                '{"format": "senet-throw-stats", "version": 2, "counts": {}, "games": 0}',
                '{"format": "senet-throw-stats", "version": 1, "counts": {"1": true, "2": 0, "3": 0, "4": 0, '
                '"none": 0}, "games": 1}',
                "[[[[", "not json"):
        backend = MemoryBackend({"senet:throws": bad})
        broken = Store(backend)
        assert broken.load_throw_stats() == ({1: 0, 2: 0, 3: 0, 4: 0, 0: 0}, 0)
        assert len(broken.problems) == 1 and "The throw statistics could not be read" in broken.problems[0]
        kept = broken.quarantined()
        assert len(kept) == 1 and json.loads(backend.get(kept[0]))["value"] == bad  # kept aside, unchanged
        assert broken.add_throws({2: 3}) == ({1: 0, 2: 3, 3: 0, 4: 0, 0: 0}, 1)


def test_the_chart_shows_the_counts_and_the_odds():
    svg = chart_svg({1: 3, 2: 7, 3: 2, 4: 0, 0: 1}, 6)
    for label, count in (("1", 3), ("2", 7), ("3", 2), ("4", 0), ("none (6)", 1)):
        assert f'data-category="{label}" data-count="{count}"' in svg
    assert svg.count('class="expected"') == 5 and "none (6): 1 (odds expect 0.8)" in svg
    assert 'data-category="none" ' in chart_svg({}, None)


def test_a_finished_game_counts_its_throws():
    ctl = two_people()
    finish(ctl)
    counts, none_value = ctl.fair.throw_counts()
    assert none_value == 5 and sum(counts.values()) == ctl.table.game.thrown > 0


# ---------------------------------------------------------------- the New game dialog's phrase


def test_the_dialog_offers_a_fresh_commitment_and_fresh_random_words_each_time():
    ctl = two_people()
    offers = [ctl.fair.offer_new_game() for _ in range(6)]
    assert len({o["commit"] for o in offers}) == 6  # a new 128-bit seed each time
    assert len({o["phrase"] for o in offers}) > 1  # 64**3 phrases: six alike would be a broken source
    for offer in offers:
        words = offer["phrase"].split(" ")
        assert len(words) == 3 and all(w in WORDS for w in words) and phrase_problem(offer["phrase"]) is None


def test_the_dialogs_phrase_is_in_the_throws_from_throw_one_when_the_computer_throws_first_B1():
    """Bell: black acts first (B1). Black is the Novice, so the computer throws at once; the
    phrase typed in the dialog is the game's from its first throw, with the seed whose
    commitment the dialog showed before the phrase was typed."""
    async def run():
        ctl = Controller(View(), engine_think, sleep=no_sleep, random_bytes=seeded_bytes(1),
                         setup=Setup("kendall", ("human", "human"), speed="instant"))
        ctl.start()
        offer = ctl.fair.offer_new_game()
        setup, problem = ctl.fair.setup_from_dialog("bell", ("human", "novice"), (" Ann ", ""), "  ra and nut ")
        assert problem is None and setup.phrase == "ra and nut" and commitment(setup.seed) == offer["commit"]
        assert setup.names == ("Ann", "") and setup.speed == "instant"
        ctl.new_game(setup)
        await asyncio.wait_for(ctl.turn_loop.idle(), timeout=60)
        return ctl, offer

    ctl, offer = run_async(run())
    game = ctl.table.game
    assert game.variant == "bell" and game.throws == COMMIT and game.phrase == "ra and nut"
    assert game.commit == offer["commit"] and ctl.fair.info()["commit"] == offer["commit"]
    first = next(e for e in game.entries if e.throw is not None)
    assert first.side == "b"  # the computer's throw, made before the player could act
    assert first.throw == ThrowGenerator(game.seed, 0, COMMIT, "ra and nut").throw(5)
    assert "\nphrase ra and nut\n" in ctl.record_text() and "seed" not in ctl.record_text()
    assert ctl.table.setup.seed is None  # the secret seed stays in the game only
    # the offered seed served that game: the next dialog commits to another
    assert ctl.fair.offer_new_game()["commit"] != offer["commit"]


def test_the_dialog_refuses_a_phrase_the_rules_refuse_and_nothing_changes():
    ctl = two_people()
    game, setup = ctl.table.game, ctl.table.setup
    for phrase, words in (("x" * 61, "The phrase has at most 60 characters, this one has 61."),
                          ("left\u202eright", "The phrase may not contain control, line-break or direction "
                                              "characters (found U+202E)."),
                          ("tab\there", "The phrase may not contain control, line-break or direction "
                                        "characters (found U+0009).")):
        assert ctl.fair.setup_from_dialog("bell", ("human", "novice"), ("", ""), phrase) == (None, words)
    assert ctl.table.game is game and ctl.table.setup == setup
    # what the rules allow: 60 characters of any script, and no phrase at all
    assert ctl.fair.setup_from_dialog("tait", ("human", "human"), ("", ""), "\u00e9" * 60)[0].phrase == "\u00e9" * 60
    empty, problem = ctl.fair.setup_from_dialog("tait", ("human", "human"), ("", ""), "   ")
    assert problem is None and empty.phrase == ""
    ctl.new_game(empty)
    assert ctl.table.game.throws == COMMIT and ctl.table.game.phrase == ""


def test_the_dialogs_other_fields_are_checked_too():
    ctl = two_people()
    assert ctl.fair.setup_from_dialog("chess", ("human", "human"), ("", ""), "a") == (None, "Unknown rule set 'chess'.")
    setup, problem = ctl.fair.setup_from_dialog("kendall", ("robot", "human"), ("", ""), "a")
    assert setup is None and problem.startswith("Unknown player 'robot'")
    long_name = ctl.fair.setup_from_dialog("kendall", ("human", "human"), ("N" * 30, ""), "a")[0]
    assert long_name.names == ("N" * 24, "")


def test_the_chart_writes_its_counts_and_throws_in_the_languages_digits():
    import senet.words

    senet.words.use(senet.words.load("ar"))
    try:
        svg = chart_svg({1: 3, 2: 12, 3: 2, 4: 0, 0: 1}, 5)
    finally:
        senet.words.use(None)
    # the bars' counts and throws as Arabic writes them; the test hooks (data-*) stay Western
    assert '<text class="count" x="' in svg and '">١٢</text>' in svg and '">٣</text>' in svg
    assert '>12</text>' not in svg and 'data-count="12"' in svg
    assert '">٤</text>' in svg  # the throw 4's label
    english = chart_svg({1: 3, 2: 12, 3: 2, 4: 0, 0: 1}, 5)
    assert '">12</text>' in english
