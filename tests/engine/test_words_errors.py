"""The engine's errors a player reads (a pasted game record, an invite's code) in the
player's language: senet.errors.SenetError's key and words, said by
senet.words.game.error_text from the catalogs, never the developer's English."""

import pytest

import senet
import senet.words
from senet.online.invite import invite_code, read_answer, read_invite
from senet.online.offer import Offer
from senet.throws import Chain, hex_of
from senet.words.game import error_text

LANGS = ("en", "fr", "de", "ar")


def record_error(text):
    with pytest.raises(senet.RecordError) as caught:
        senet.Game.from_record(text)
    return caught.value


def test_a_record_that_does_not_start_as_one_is_said_in_each_language():
    exc = record_error("hello\nworld\n")
    assert exc.key == "record_start" and exc.line == 1
    said = {lang: error_text(senet.words.load(lang), exc) for lang in LANGS}
    assert said["en"] == 'line 1: a game record starts with "senet-record 1"'
    assert said["fr"].startswith("ligne 1\u00a0: un relevé de partie commence par")
    assert said["de"].startswith("Zeile 1: ein Partieprotokoll beginnt mit")
    assert said["ar"].startswith("السطر ١: يبدأ سجل اللعبة")
    assert "senet-record 1" in said["ar"]  # notation stays as it is


def test_a_record_line_of_the_wrong_side_names_the_side_to_play_in_words():
    good = senet.Game("kendall", seed=3)
    text = good.record_text()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    # a line of moves played by the side not to play: the first line after the headers
    lines.append("w 2 1-3" if good.state.side == "b" else "b 2 1-3")
    exc = record_error("\n".join(lines) + "\n")
    assert exc.key == "record_turn"
    de = error_text(senet.words.load("de"), exc)
    assert de.endswith("an der Reihe") and ("Schwarz" in de or "Weiß" in de), de
    assert "turn" not in de


def test_an_unknown_line_has_words_in_the_language_not_the_english():
    exc = record_error("senet-record 1\nvariant kendall\nseed 5\nthis is not a move\n")
    fr = error_text(senet.words.load("fr"), exc)
    assert fr.startswith("ligne 4") and "b 3 14-17" in fr and "expected" not in fr
    ar = error_text(senet.words.load("ar"), exc)
    assert ar.startswith("السطر ٤") and "b 3 14-17" in ar  # the line's number in Arabic digits, the notation as it is


def test_a_refused_move_in_a_record_says_why_the_rules_refuse_it():
    game = senet.Game("kendall", seed=11)
    text = game.record_text()
    side = game.state.side
    exc = record_error(text.rstrip("\n") + f"\n{side} 1 1-2\n{side} 1 1-2\n")
    assert exc.key is None and exc.words["reason"]["why"] == "not_yours"  # the rules' reason, as data
    said = error_text(senet.words.load("fr"), exc)
    assert said.startswith("ligne ") and "vos pions" in said and "holds no piece" not in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_a_broken_invite_code_is_said_in_the_language(lang):
    code = invite_code(Offer("kendall", 1, "Ann", hex_of(Chain(bytes(16)).anchor)), "v=0 sdp")
    words = senet.words.load(lang)
    with pytest.raises(senet.SenetError) as cut:
        read_invite(code[: len(code) // 2 - 1])
    with pytest.raises(senet.SenetError) as kind:
        read_answer(code)
    with pytest.raises(senet.SenetError) as empty:
        read_invite("   ")
    keys = {cut.value.key, kind.value.key, empty.value.key}
    assert keys >= {"code_kind_answer", "code_empty"}
    for exc in (cut.value, kind.value, empty.value):
        said = error_text(words, exc)
        assert said and said == words.t("error." + exc.key, **exc.words)
        if lang != "en":
            assert said != str(exc) and said != senet.words.load("en").t("error." + exc.key, **exc.words)


def test_an_error_without_a_key_falls_back_on_the_catalogs_words():
    fr = senet.words.load("fr")
    assert error_text(fr, senet.SenetError("some English")) == fr.t("error.unreadable")
    assert error_text(fr, ValueError("x")) == fr.t("error.unreadable")
