"""The languages of the site (docs/languages.md): the catalogs against en.po, the plural
rules against CLDR, the tools that keep the catalogs (tools/words.py: Babel's extraction,
update), the pages written in each language (tools/site_words.py), the digits, the
command line's language."""

from __future__ import annotations

import re
from pathlib import Path

import html_words
import pwa
import pytest
import site_words
import words as tool  # tools/words.py
from babel import Locale

import senet
from senet.commands.cli import language
from senet.words import Words, digits, load, plural, po, read_catalog

ROOT = Path(__file__).resolve().parents[2]


ENGLISH = tool.catalog("en")["messages"]
LANGS = [lang for lang in tool.languages() if lang != "en"]
# CLDR's categories, in the order of the forms of each language's Plural-Forms.
CATEGORIES = {"en": ("one", "other"), "de": ("one", "other"), "fr": ("one", "other"),
              "ar": ("zero", "one", "two", "few", "many", "other"), "es": ("one", "many", "other"),
              "zh": ("other",)}


# -- the catalogs ----------------------------------------------------------------------------

def test_french_german_arabic_and_spanish_have_catalogs():
    assert {"fr", "de", "ar", "es"} <= set(LANGS)
    # every catalog's language has its name in itself (Settings' Language) and a plural rule
    assert set(LANGS) <= set(tool.LANGUAGES) and set(tool.LANGUAGES) <= set(plural.OF_LANGUAGE)


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_translates_every_message_of_english_with_its_arguments_and_tags(lang):
    text = (ROOT / "senet" / "words" / f"{lang}.po").read_text(encoding="utf-8")
    data = po.catalog(text)
    assert po.headers(po.parse(text))["Language"] == lang
    assert data["plural"] == plural.OF_LANGUAGE[lang]
    assert tool.problems(ENGLISH, data["messages"]) == []  # arguments, plural forms, a page's tags
    assert sorted(set(ENGLISH) - set(data["messages"])) == []  # nothing untranslated or fuzzy


# The arrows of the messages, each with the one that points the other way.
MIRRORED = {"◀": "▶", "▶": "◀"}


@pytest.mark.parametrize("lang", sorted(tool.RIGHT_TO_LEFT))
def test_a_right_to_left_catalogs_arrows_point_the_other_way(lang):
    """◀ and ▶ are not mirrored by the browser (Unicode's Bidi_Mirrored is No): in a page
    read right to left, where the replay's and the tutorial's buttons mirror, Back points
    right and Forward left."""
    messages = tool.catalog(lang)["messages"]
    arrowed = {key: text for key, text in ENGLISH.items() if isinstance(text, str) and set(text) & set(MIRRORED)}
    assert {"html.replay.back", "html.replay.forward", "html.tutorial.back", "html.tutorial.next"} <= set(arrowed)
    for key, english in arrowed.items():
        assert [MIRRORED[c] for c in english if c in MIRRORED] == [c for c in messages[key] if c in MIRRORED], key


def test_the_check_names_a_lost_argument_a_changed_link_and_an_unknown_key():
    english = {"a.b": "{side} moves", "pages.x.p1": 'See <a href="rules.html">the rules</a>.',
               "c.d": ["{n} piece", "{n} pieces"]}
    found = tool.problems(english, {"a.b": "bouge", "pages.x.p1": 'Voir <a href="intro.html">les règles</a>.',
                                    "c.d": ["un pion", "{n} pions"], "e.f": "x"})
    assert any(f.startswith("a.b: arguments") for f in found)
    assert any(f.startswith("pages.x.p1: the tags") for f in found)
    assert "e.f: not in en.po" in found
    assert not any(f.startswith("c.d") for f in found)  # a plural form may leave out {n}


@pytest.mark.parametrize("lang", ["en", "fr", "de", "ar", "es", "zh"])
def test_the_plural_rules_choose_the_form_cldr_names_for_every_count_to_200(lang):
    """senet/words/plural.py against Babel's CLDR data (Locale.plural_form): French's
    "many" (a million) is past 200, so two forms do for French; Spanish has its three
    (one, many, other), checked at the millions too; Chinese has one form."""
    rule = Locale.parse(lang).plural_form
    order = CATEGORIES[lang]
    ours = plural.OF_LANGUAGE[lang]
    assert plural.RULES[ours][0] == len(order)
    for count in [*range(201), 1000000, 2000000, 1000001, 3000000000]:
        if count > 200 and lang == "fr":
            continue
        assert order[plural.form(ours, count)] == rule(count), (lang, count)


def test_spanish_and_chinese_plural_forms_are_babels_gettext_expressions():
    """The PO headers' Plural-Forms are the ones Babel writes for these languages."""
    from babel.messages.plurals import get_plural

    for lang in ("es", "zh"):
        count, expression = get_plural(lang)
        assert plural.rule_of_header(f"nplurals={count}; plural={expression};") == lang
    es = (ROOT / "senet" / "words" / "es.po").read_text(encoding="utf-8")
    assert po.catalog(es)["plural"] == "es"
    # a Spanish plural message has its three forms, the many form (a million) with "de"
    forms = tool.catalog("es")["messages"]["flow.count.turns"]
    assert forms == ["{n} turno", "{n} de turnos", "{n} turnos"]
    assert Words({"t": forms}, "es", "es").n("t", 1000000) == "1000000 de turnos"


# -- tools/words.py --------------------------------------------------------------------------

def test_babel_finds_every_key_the_code_uses_in_english_and_english_holds_none_unused(tmp_path):
    found = tool.extract()
    used, missing, unused = tool.usage(ENGLISH, found)
    assert missing == [] and unused == []
    assert "app/flow/controller.py" in "".join(sum(used.values(), []))
    assert any(place.startswith("pages/rules-kendall.html") for place in used["pages.common.play_rules"])
    # a key asked for but missing, and one nobody asks for, are both named
    _, missing, unused = tool.usage({**ENGLISH, "nobody.asks": "x"}, {**found, "calls": {
        **found["calls"], "flow.no_such": ["app/x.py:1"]}})
    assert missing == ["app/x.py:1: flow.no_such"] and unused == ["nobody.asks"]
    count = tool.write_template(tool.english_entries(), used, tmp_path / "senet.pot")
    template = (tmp_path / "senet.pot").read_text(encoding="utf-8")
    assert count == len(ENGLISH) and 'msgid "pages.common.play_rules"' in template
    assert "POT-Creation-Date" not in template  # the template changes only with the words


def test_babels_extraction_reads_conditional_and_joined_keys():
    source = b'x = t("a.b" if c else "a.c")\ny = words.n("d." + kind, 3)\nz = T["q.r"]\n'
    calls = [(line, key) for line, name, key, _ in tool.extract_python(io_of(source), {"t": None, "n": None}, (), {})
             if name]
    assert calls == [(1, "a.b"), (1, "a.c"), (2, "d.")]


def io_of(data: bytes):
    import io

    return io.BytesIO(data)


FR = """# The French words (a translator's header: the glossary).
#   piece : pion
msgid ""
msgstr ""
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

# checked by Anne
#. Old note.
#. English: "{side} moves"
msgid "a.move"
msgstr "{side} joue"

#. English: "Hello"
msgid "a.hello"
msgstr "Bonjour"

#. English: "Gone"
msgid "a.gone"
msgstr "Parti"
"""


def test_update_adds_refreshes_marks_fuzzy_drops_and_keeps_the_translations_and_header():
    entries = [{"msgid": "a.move", "msgstr": "{side} moves", "notes": ["Who moves."]},
               {"msgid": "a.hello", "msgstr": "Hello there", "notes": []},
               {"msgid": "a.count", "msgstr": ["{n} piece", "{n} pieces"], "notes": ["A count."]}]
    text, changes = tool.updated(FR, entries)
    assert changes == {"added": ["a.count"], "fuzzy": ["a.hello"], "dropped": ["a.gone"]}
    assert text.startswith(FR[:FR.index('msgid ""')])  # the glossary, as written
    assert '# checked by Anne\n#. Who moves.\n#. English: "{side} moves"\nmsgid "a.move"\nmsgstr "{side} joue"' in text
    assert '#. English: "Hello there"\n#, fuzzy\nmsgid "a.hello"\nmsgstr "Bonjour"' in text
    assert ('#. English (one): "{n} piece"\n#. English (other): "{n} pieces"\nmsgid "a.count"\n'
            'msgid_plural "a.count"\nmsgstr[0] ""\nmsgstr[1] ""') in text
    assert "a.gone" not in text
    data = po.catalog(text)
    assert data["messages"] == {"a.move": "{side} joue"}  # fuzzy and empty: English shows instead
    assert tool.updated(text, entries) == (text, {"added": [], "fuzzy": [], "dropped": []})  # twice: the same


@pytest.mark.parametrize("lang", LANGS)
def test_update_would_change_no_translation_of_the_catalogs(lang):
    text = (ROOT / "senet" / "words" / f"{lang}.po").read_text(encoding="utf-8")
    new, changes = tool.updated(text, tool.english_entries())
    assert changes["dropped"] == [] and changes["fuzzy"] == []
    assert po.catalog(new)["messages"] == po.catalog(text)["messages"]


# -- the site in each language ---------------------------------------------------------------

PAGE = """<!DOCTYPE html>
<html lang="en">
<head><script src="../app/lang.js"></script><title data-t="p.title">Rules · Senet</title>
<link rel="manifest" href="../manifest.webmanifest"></head>
<body><p data-t="p.p1">Square 15: see <a href="rules-kendall.html#water">Kendall's water</a> (K9).</p>
<p data-t="p.p2">Throw 3 <code>in-4</code>.</p>
<a href="../index.html?variant=tait" data-t="p.play">Play</a></body></html>"""


def test_a_page_in_another_language_is_written_whole_its_links_kept_in_it():
    words = Words({"p.title": "Règles · Senet", "p.p1": 'Case 15 : voir <a href="rules-kendall.html#water">l’eau</a> (K9).',
                   "p.play": "Jouer"}, "fr", "fr")
    out = site_words.localize(PAGE, "fr", words, "pages/x.html")
    assert '<html lang="fr" dir="ltr">' in out
    assert '<title data-t="p.title">Règles · Senet</title>' in out
    assert '<a href="rules-kendall.fr.html#water">l’eau</a>' in out
    assert '<a href="../index.fr.html?variant=tait" data-t="p.play">Jouer</a>' in out
    assert 'href="../manifest.fr.webmanifest"' in out
    # not translated yet: the English, said to be English
    assert '<p data-t="p.p2" lang="en" dir="ltr">Throw 3 <code>in-4</code>.</p>' in out


def test_arabic_pages_are_right_to_left_with_eastern_arabic_digits_but_clause_ids_and_code():
    words = Words({"p.p1": 'المربع 15: <a href="rules-kendall.html#water">الماء</a> (K9).', "p.p2": "رمية 3 <code>in-4</code>."},
                  "ar", "ar")
    out = site_words.localize(PAGE, "ar", words, "pages/x.html")
    assert '<html lang="ar" dir="rtl">' in out
    assert "المربع ١٥: " in out and "(K9)" in out and "رمية ٣ <code>in-4</code>" in out
    assert '<title data-t="p.title" lang="en" dir="ltr">Rules · Senet</title>' in out  # English: its digits as they are


def test_the_arguments_and_icons_of_a_message_stay_where_the_translation_puts_them():
    page = '<p data-t="k.a"><span class="icon"></span> One <code id="x-y">abc</code> two</p>'
    out = html_words.translate(page, lambda key, english: "deux {x_y} un")
    assert out == '<p data-t="k.a"><span class="icon"></span> deux <code id="x-y">abc</code> un</p>'
    assert html_words.check_translation("k", 'a <a href="x.html">b</a>', 'c <a href="y.html">d</a>')
    assert html_words.check_translation("k", "a <em>b</em>", "c <em>d</em> e") is None
    assert html_words.check_translation("k", "a <em>b</em>", "c <em>d</b> e")


def test_the_pseudo_language_is_longer_accented_bracketed_and_keeps_arguments_and_tags():
    english = 'Move {side} to <a href="x.html">square</a> &amp; go'
    out = site_words.pseudo(english)
    assert out.startswith("[") and out.endswith("]")
    assert "{side}" in out and '<a href="x.html">' in out and "&amp;" in out
    assert "Móṽé" not in out and "Mó" in out  # accented
    visible = lambda s: len(re.sub(r"<[^>]*>|\{[^}]*\}|&[a-z]+;", "", s))  # noqa: E731
    assert visible(out) >= 1.3 * visible(english)


def test_each_language_has_its_manifest_name_and_start_and_the_same_app_id():
    base = pwa.MANIFEST
    assert base["description"] == ENGLISH["site.manifest.description"] and base["name"] == ENGLISH["site.manifest.name"]
    for lang in LANGS:
        made = site_words.manifest(base, lang, load(lang))
        assert made["id"] == base["id"] and made["start_url"] == f"./index.{lang}.html"
        assert made["lang"] == lang and made["dir"] == ("rtl" if lang == "ar" else "ltr")
        assert made["description"] == load(lang).t("site.manifest.description")


def test_the_service_worker_keeps_each_languages_files_apart():
    assert pwa.language_of("index.fr.html") == "fr" and pwa.language_of("pages/rules-tait.ar.html") == "ar"
    assert pwa.language_of("words/de.json.gz") == "de" and pwa.language_of("manifest.de.webmanifest") == "de"
    assert pwa.language_of("words/es.json.gz") == "es" and pwa.language_of("pages/rules-bell.zh.html") == "zh"
    assert pwa.language_of("manifest.zh.webmanifest") == "zh" and pwa.language_of("index.es.html") == "es"
    assert pwa.language_of("pages/intro.html") == "en"
    assert pwa.language_of("index.html") is None and pwa.file_role("index.html") == "shell"
    # the plain twins of what the page's start fetches gzipped: kept once fetched, not precached
    assert pwa.file_role("words/de.json") == "extra" and pwa.file_role("page.pack") == "extra"
    assert pwa.file_role("page.pack.gz") == "shell"
    assert pwa.file_role("pages/intro.fr.html") == "lang"


def test_a_localized_copys_name():
    assert site_words.localized_name("rules.html#k", "de") == "rules.de.html#k"
    assert site_words.localized_name("../index.html?tutorial=1", "ar") == "../index.ar.html?tutorial=1"
    assert site_words.localized_name("#main", "ar") == "#main"
    assert site_words.localized_name("https://example.org/a.html", "ar") == "https://example.org/a.html"
    assert site_words.localized_name("rules.html", "en") == "rules.html"


# -- digits ----------------------------------------------------------------------------------

def test_arabic_writes_numbers_in_eastern_arabic_digits_but_not_a_number_joined_to_a_latin_word():
    assert digits.system("ar") == "arab" and digits.system("ar-EG") == "arab" and digits.system("fr") == "latn"
    assert Locale.parse("ar_EG").default_numbering_system == "arab"  # CLDR: Egypt's digits
    assert digits.localize("square 27, 6.25% (K9), SHA-256, in-4", "ar") == "square ٢٧, ٦٫٢٥% (K9), SHA-256, in-4"
    assert digits.localize("square 27", "fr") == "square 27"


def test_a_catalogs_number_arguments_are_in_its_digits_formatted_first():
    ar = Words({"a": "{n} مربعات، {s:g} ث، {move}، الخانة 27 (K9)", "p": ["", "", "", "{n} قطع", "", ""]}, "ar", "ar")
    # a move in notation is a string: it stays; the message's own numbers change, its clause id not
    assert ar.t("a", n=12, s=2.5, move="13-14") == "١٢ مربعات، ٢٫٥ ث، 13-14، الخانة ٢٧ (K9)"
    assert ar.n("p", 3) == "٣ قطع" and ar.number(30) == "٣٠"
    assert Words({"a": "{n} cases"}, "fr", "fr").t("a", n=12) == "12 cases"


def test_each_language_writes_its_own_decimal_separator_as_cldr_has_it():
    from babel.numbers import get_decimal_symbol

    for lang, locale in (("en", "en"), ("fr", "fr"), ("de", "de"), ("ar", "ar_EG"), ("es", "es"), ("zh", "zh")):
        assert digits.decimal(lang) == get_decimal_symbol(locale, numbering_system="default")
    assert digits.decimal("fr-CA") == "," and digits.decimal("") == "."
    assert digits.localize("6.25% (K9), v1.2, 13-14", "fr") == "6,25% (K9), v1.2, 13-14"
    assert digits.localize("37.5", "de") == "37,5" and digits.localize("37.5", "en") == "37.5"
    assert digits.localize("37.5", "es") == "37,5" and digits.localize("37.5", "zh") == "37.5"
    assert digits.system("zh") == "latn" and digits.system("es") == "latn"  # Western digits


def test_a_catalogs_decimal_numbers_take_its_separator_its_own_text_stays_as_written():
    message = {"a": "plus de {seconds:g} s, {expected:.1f} attendus, {n} cases, {move}, 6.25 %"}
    fr = Words(message, "fr", "fr")
    # the arguments' decimals get the comma; a move in notation and the translator's text stay
    assert fr.t("a", seconds=2.5, expected=3.75, n=12, move="13-14") == (
        "plus de 2,5 s, 3,8 attendus, 12 cases, 13-14, 6.25 %")
    assert fr.number(0.5) == "0,5" and fr.number(30) == "30"
    assert Words({"a": "{x:.1f}"}, "en", "de").t("a", x=37.5) == "37,5"
    assert Words({"a": "{x:.1f}"}, "en", "en").t("a", x=37.5) == "37.5"
    assert Words({"a": "{x:.1f}"}, "ar", "ar").t("a", x=37.5) == "٣٧٫٥"
    # the catalogs' own messages: the throw chart's odds, the timeout's seconds
    assert load("fr").t("view.chart.bar", label="2", count=7, expected=37.5).endswith("37,5)")
    assert "1,5" in load("de").t("flow.worker.decided_slow", player="Experte", seconds=1.5, weaker="Amateur")
    assert load("es").t("view.chart.bar", label="2", count=7, expected=37.5).endswith("37,5)")


# -- the command line ------------------------------------------------------------------------

def test_the_command_line_takes_its_language_from_lang_or_the_environment():
    assert language(["--lang", "fr", "moves", "P"], {}) == (["moves", "P"], "fr")
    assert language(["moves", "--lang=ar", "P"], {"LANG": "de_DE.UTF-8"}) == (["moves", "P"], "ar")
    assert language(["moves", "P"], {"LANGUAGE": "de:en", "LANG": "fr_FR.UTF-8"}) == (["moves", "P"], "de")
    assert language(["moves", "P"], {"LANG": "C.UTF-8"}) == (["moves", "P"], "en")


def test_the_command_lines_machine_output_is_the_same_in_every_language(capsys):
    from senet.commands.cli import main
    from senet.words import use, words

    outputs = []
    try:
        for lang in ("en", "ar", "fr"):
            assert main(["--lang", lang, "play", "kendall wbwbwbwbwbwbwb................ b 2 w=0/0,b=0/0 -",
                         "14-16"]) == 0
            outputs.append(capsys.readouterr().out)
    finally:
        use(words())
    assert outputs[0] == outputs[1] == outputs[2] and outputs[0].startswith("kendall ")


def test_the_compiled_catalogs_leave_the_sites_static_text_to_the_pages():
    data = read_catalog(tool.compiled(tool.runtime(tool.catalog("en"))).decode())
    assert not any(key.startswith(("html.", "pages.")) for key in data["messages"])
    assert data["messages"]["draw.frozen"] == ENGLISH["draw.frozen"]


def unmarked(text: str) -> list[str]:
    """The texts of a page a player reads (words, or a read attribute) that no message
    names: a text outside every element with data-t, an attribute without its data-t-."""
    out = []
    for el in html_words.PageReader(text, "page").elements:
        named, up = False, el
        while up is not None and not named:
            named, up = "data-t" in up.attrs, up.parent
        for part in el.content:
            if isinstance(part, str) and any(c.isalpha() for c in part) and not named and el.tag not in ("script", "style"):
                out.append(f"{el.where()}: {part.strip()[:40]}")
        read = ("aria-label", "title", "alt", "placeholder") + (("content",) if el.attrs.get("name") == "description" else ())
        out += [f"{el.where()} {name}" for name in read
                if any(c.isalpha() for c in el.attrs.get(name, "")) and f"data-t-{name}" not in el.attrs]
    return out


def test_every_text_of_the_information_pages_names_its_message():
    assert unmarked('<p data-t="a">Hi <b>you</b></p><p>Bye</p><svg aria-label="x y"></svg>') == [
        '<p> "Bye": Bye', "<svg> on line 1 aria-label"]
    for path in sorted((ROOT / "pages").glob("*.html")):
        assert unmarked(path.read_text(encoding="utf-8")) == [], path.name


def test_the_worker_says_its_words_in_the_pages_language():
    from app.worker import worker
    from senet.words import lang, use, words

    try:
        assert worker.use_words("fr") == "fr" and lang() == "fr"
        assert worker.use_words("zz") == "en"  # no such catalog: English
    finally:
        use(words())


def test_verify_and_the_review_table_speak_the_command_lines_language(tmp_path, capsys):
    """`python -m senet verify` and `review` say their words in the language of --lang or
    of the environment (docs/languages.md); the moves stay in notation."""
    from senet.commands.cli import main
    from senet.words import use, words

    game = senet.Game("kendall", seed=5, throws="sha256-commit")
    for _ in range(3):
        game.throw()
        actions = game.state.legal_actions()
        game.play(actions[0]) if actions else None
    path = tmp_path / "game.txt"
    path.write_text(game.record_text(), encoding="utf-8")
    said = {}
    try:
        for lang in ("en", "fr", "de", "ar"):
            assert main(["--lang", lang, "verify", str(path)]) == 1  # sealed: the game is not over
            said[lang] = capsys.readouterr().out
        assert main(["--lang", "de", "review", str(path), "--nodes", "40"]) == 0
        review_de = capsys.readouterr().out
    finally:
        use(words())
    assert said["en"].startswith("Cannot verify yet: the game is not over")
    assert said["fr"].startswith(load("fr").t("flow.verify.sealed", reason="")[:10])
    assert "noch nicht vorbei" in said["de"] and "not over" not in said["de"]
    assert "لم تنتهِ اللعبة" in said["ar"] and game.commit in said["ar"]  # the commitment stays as it is
    assert "Klasse" in review_de and "Entscheidung" in review_de and "decision" not in review_de


def _texts(lang: str) -> dict:
    """{key: its text, plural forms joined} of a catalog."""
    messages = tool.catalog(lang)["messages"]
    return {key: " | ".join(value) if isinstance(value, list) else value for key, value in messages.items()}


def test_what_a_native_reader_tripped_on_stays_fixed():
    """A reading of every catalog by a reader fluent in each language (docs/languages.md):
    German says whose turn it is with "an der Reihe" (a "Runde" is both sides'), French
    welcomes back without wishing a safe trip and keeps "Rejouer" for Play again, Arabic
    writes ranges in words, moves as notation arguments and its own percent sign."""
    de, fr, ar = _texts("de"), _texts("fr"), _texts("ar")
    assert [k for k, v in de.items() if "Runde" in v or "Heimreihe" in v or " dran" in v] == []
    assert [k for k, v in fr.items() if "Bon retour" in v or "lumineux" in v] == []
    assert [k for k, v in fr.items() if "Rejouer" in v] == ["html.over.play_again", "reasons.click.over"]
    # Arabic: no "21-30" of two Western-written numbers in a sentence (shown reversed once
    # they are Eastern digits), "%" nowhere, one name for the win meter
    ranges = [k for k, v in ar.items() if re.search(r"(?<![A-Za-z{])\d+-\d+(?![A-Za-z])", re.sub(r"<code>.*?</code>", "", v))]
    assert ranges == []
    assert [k for k, v in ar.items() if "%" in v] == []
    assert [k for k, v in ar.items() if "مقياس الفوز" in v or "تُقرَع" in v] == []
    assert "{move}" in ar["refused.into_water_last"] and "{move}" in ENGLISH["refused.into_water_last"]
