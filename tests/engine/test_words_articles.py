"""A computer level's name in a sentence takes the article and contraction its language
gives it (senet/words/articles.py): every French message that inserts a name, rendered
for each level, reads « de l’Expert », « du Novice », « L’Expert vous a battu »."""

import re

import pytest

from senet.words import load

LEVEL_KEYS = ("names.kind.novice", "names.kind.average", "names.kind.expert")
FIELD = re.compile(r"{(\w+)(?::[^}]*)?}")


def _spaces(text: str) -> str:
    """French puts a narrow no-break space before its colons: plain spaces, to compare."""
    return text.replace("\u202f", " ").replace("\xa0", " ")


def _name_messages(words):
    """(key, text, fields) of each single message whose fields may hold a seat's name."""
    for key, text in words.messages.items():
        if not isinstance(text, str) or key.startswith("names."):
            continue
        fields = set(FIELD.findall(text))
        named = fields & {"name", "who", "winner", "loser", "actor", "player", "weaker", "first", "second"}
        if named:
            yield key, text, fields, named


def _render(words, key, fields, named, value):
    args = dict.fromkeys(fields, 7)
    for field in named:
        args[field] = value
    return words.t(key, **args)


def test_french_level_names_take_their_article_in_every_sentence():
    fr = load("fr")
    levels = [fr.t(key) for key in LEVEL_KEYS]
    seen = 0
    for key, _text, fields, named in _name_messages(fr):
        for level in levels + [levels[2] + " 2"]:
            said = _render(fr, key, fields, named, level)
            bare = re.escape(level)
            assert not re.search(r"\b(de|à|De|À) " + bare, said), (key, said)
            assert not re.search(r"\b(de|à) (le|les) ", said), (key, said)
            assert not re.search(r"(^|[.!?…] )" + bare, said), (key, said)
            assert not re.search(r"(^|[.!?…] )(le|l’) ?(Novice|Intermédiaire|Expert)", said), (key, said)
            seen += 1
    assert seen > 50


@pytest.mark.parametrize("level, turn, beat, won", [
    ("novice", "Au tour du Novice : lancez les bâtonnets.", "Le Novice vous a battu", "Vous avez battu le Novice"),
    ("average", "Au tour de l’Intermédiaire : lancez les bâtonnets.", "L’Intermédiaire vous a battu",
     "Vous avez battu l’Intermédiaire"),
    ("expert", "Au tour de l’Expert : lancez les bâtonnets.", "L’Expert vous a battu", "Vous avez battu l’Expert"),
])
def test_french_sentences_of_each_level(level, turn, beat, won):
    fr = load("fr")
    name = fr.t("names.kind." + level)
    assert _spaces(fr.t("view.prompt.throw", name=name)) == turn
    assert _spaces(fr.t("view.over.beat_you", name=name)) == beat
    assert _spaces(fr.t("view.over.you_beat", name=name)) == won


def test_a_name_said_twice_starts_its_second_sentence_with_a_capital():
    fr = load("fr")
    said = fr.t("flow.throw.draw_black", **dict.fromkeys(FIELD.findall(fr.messages["flow.throw.draw_black"]), 3)
                | {"name": fr.t("names.kind.expert")})
    assert said.count("L’Expert") == 1 and said.count("l’Expert") == 1, said
    assert said.index("l’Expert") < said.index("L’Expert prend"), said


@pytest.mark.parametrize("lang", ["en", "de", "ar"])
def test_other_languages_keep_their_sentences(lang):
    """English and German say the level as a name, Arabic's name has its article: the
    forms change nothing there."""
    words = load(lang)
    for key, _text, fields, named in _name_messages(words):
        for level_key in LEVEL_KEYS:
            level = words.t(level_key)
            args = dict.fromkeys(fields, 7)
            for field in named:
                args[field] = level
            said = words.t(key, **args)
            assert level in said, (key, said)


def test_a_person_named_like_no_level_is_left_alone():
    fr = load("fr")
    assert _spaces(fr.t("view.prompt.throw", name="Ann")) == "Au tour de Ann : lancez les bâtonnets."
    assert fr.t("view.over.you_beat", name="Expertise") == "Vous avez battu Expertise"
