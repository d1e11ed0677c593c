"""The words the page shows, in each language of the catalogs (senet/words): a marked
square's name, a rule set's name with its house rules, a game's messages, a sentence's
last mark, a number's decimal separator, a quick message between two devices."""

import random

import pytest
from app_harness import View, engine_think, no_sleep, play_to_end, run_async

import senet
from app.flow.controller import Controller, Setup
from app.view.board_words import SQUARE_NAMES, loc_text
from app.words.names import QUICK_WORDS, quick_words, rules_name
from app.words.narration import sentence, voice
from senet.board import MARKED
from senet.online.messages import QUICK
from senet.words import load, use, words

LANGS = ("en", "fr", "de", "ar", "es")


@pytest.fixture
def speak():
    """``speak(lang)``: the words in use for one test; English again after it."""
    yield lambda lang: use(load(lang))
    use(words())


def test_every_marked_square_has_its_name_in_the_catalog():
    assert set(SQUARE_NAMES) == set(MARKED)
    for lang in ("en", "fr", "de", "ar"):
        said = {square: load(lang).t(key) for square, key in MARKED.items()}
        assert all(name and "board.square" not in name for name in said.values()), (lang, said)
    assert load("en").t(MARKED[26]) == "House of Beauty" and load("de").t(MARKED[26]) == "Haus der Schönheit"


@pytest.mark.parametrize(("lang", "square", "where"), [
    ("en", 26, "on square 26, the House of Beauty"),
    ("fr", 26, "sur la case 26, la Maison du Bonheur"),
    ("fr", 27, "sur la case 27, la Maison de l’Eau"),
    ("de", 30, "auf Feld 30, dem Haus der aufgehenden Sonne"),
    ("ar", 15, "على الخانة ١٥، بيت البعث"),
    ("fr", 14, "sur la case 14"),
    ("es", 26, "en la casilla 26, la Casa de la Belleza"),
    ("es", 29, "en la casilla 29, la Casa de Re-Atum"),
])
def test_a_piece_on_a_marked_square_says_the_squares_name_in_the_language(speak, lang, square, where):
    speak(lang)
    assert loc_text(square) == where


@pytest.mark.parametrize(("lang", "plain", "with_options"), [
    ("en", "Jéquier", "Kendall (five pieces, the trap on 27)"),
    ("fr", "Jéquier", "Kendall (cinq pions, le piège en 27)"),
    ("de", "Jéquier", "Kendall (fünf Steine, die Falle auf 27)"),
    ("ar", "جيكييه", "كندال (خمس قطع، الفخ على ٢٧)"),
    ("es", "Jéquier", "Kendall (cinco fichas, la trampa de la 27)"),
])
def test_a_rule_sets_name_and_its_house_rules_are_said_in_the_language(speak, lang, plain, with_options):
    speak(lang)
    assert rules_name(senet.get_rules("jequier")) == plain
    assert rules_name(senet.get_rules("kendall+five+trap")) == with_options
    # Rules.title stays the developer's English
    assert senet.get_rules("kendall+five+trap").title == "Kendall (five, trap)"


@pytest.mark.parametrize("lang", ("fr", "ar"))
def test_a_game_is_told_in_the_language_its_rules_named_in_it(speak, lang):
    """The first line names the rules in the language, and every event of a seeded game
    is the language's sentence (never the English of senet.words.words())."""
    speak(lang)
    catalog = load(lang)
    rng = random.Random(5)

    async def run():
        ctl = Controller(View(), engine_think, setup=Setup("kendall+five", ("human", "novice"), seed=5,
                                                           speed="instant"), sleep=no_sleep)
        ctl.start()
        await play_to_end(ctl, piece=rng.choice, target=rng.choice, rescue=lambda: rng.random() < 0.5)
        return ctl

    ctl = run_async(run())
    messages = ctl.view.messages
    assert rules_name(senet.get_rules("kendall+five")) in messages[0]
    english = load("en")
    for text in ("threw", "throws again", "moves", "bumped", "the throw is lost"):
        assert text not in "\n".join(messages)
    assert voice({"kind": "move", "side": "w", "from": 3, "to": 5}, "w") == catalog.t(
        "event.move.you", **{"side": catalog.t("side.w"), "from": 3, "to": 5})
    assert voice({"kind": "move", "side": "w", "from": 3, "to": 5}, "w") != english.t(
        "event.move.you", **{"side": "white", "from": 3, "to": 5})


@pytest.mark.parametrize(("text", "said"), [
    ("you move", "You move."),
    ("Lancez !", "Lancez !"),
    ("هل تريد الاستسلام؟", "هل تريد الاستسلام؟"),
    ("جملة۔", "جملة۔"),
    ("Thinking…", "Thinking…"),
    ("لا تخرج القطعة", "لا تخرج القطعة."),
], ids=("lowercase", "french_exclamation", "arabic_question", "arabic_full_stop", "ellipsis", "arabic_none"))
def test_a_sentence_keeps_its_own_last_mark_arabics_question_mark_too(text, said):
    assert sentence(text) == said


def test_a_kept_game_names_its_rules_and_seats_in_the_language(speak):
    from app.storage.formats import SavedGame, kept_game
    from senet.session import Seat, Session

    speak("ar")
    session = Session("kendall+five", {1: Seat("human", ""), 2: Seat("average", "")}, seed=3)
    kept = kept_game("k", "", SavedGame(session))
    assert kept.summary() == "كندال (خمس قطع)، أنت ضد المتوسط، لا أدوار"


def test_a_quick_message_goes_as_its_code_and_each_device_reads_it_in_its_language(speak):
    # the catalog's English is the protocol's own words for each code
    assert set(QUICK_WORDS) == {code for code, _ in QUICK}
    assert {code: quick_words(code) for code, _ in QUICK} == dict(QUICK)
    speak("fr")
    assert quick_words("good-luck") == "Bonne chance\u202f!"
    speak("ar")
    assert quick_words("thanks") == "شكرًا!"
    for lang in LANGS:  # every code has its words in every catalog
        speak(lang)
        assert all(quick_words(code) != QUICK_WORDS[code] for code, _ in QUICK)



def test_chinese_sentences_end_in_a_full_width_stop_with_no_space_between(speak):
    """The page's own sentences (the move log's line, the message line) end as the
    language does: "." and a space in the Latin scripts, "。" and no space in Chinese."""
    from app.words.narration import sentence, sentences
    from senet.words import Words

    speak("es")
    assert sentences([sentence("mueves de la 14 a la 16"), sentence("vuelves a tirar")]) == (
        "Mueves de la 14 a la 16. Vuelves a tirar.")
    use(Words({}, "zh", "zh"))
    assert sentences([sentence("白方从14走到16"), sentence("黑方再掷一次！"), ""]) == "白方从14走到16。黑方再掷一次！"
