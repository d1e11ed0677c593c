"""The words layer (senet/words): its PO reader, t and n, the catalog as the build
compiles it, and the catalog against the code that uses it."""

import ast
import json
import re
from pathlib import Path

import pytest

from senet import words
from senet.words.po import POError, parse

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "senet" / "words" / "en.po"
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


def test_the_po_reader_reads_plain_plural_continued_and_escaped_entries():
    messages, header = parse(r'''# a comment
msgid ""
msgstr ""
"Language: en\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. {name}: a player's name
msgid "turn.throw"
msgstr "{name}'s turn: "
"throw the sticks"

msgid "log.turns"
msgid_plural "log.turns"
msgstr[0] "{n} turn"
msgstr[1] "{n} turns"

msgctxt "button"
msgid "ok"
msgstr "say \"OK\"\\\n"

msgid "not.yet"
msgstr ""
''')
    assert header == {"Language": "en", "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    assert messages == {"turn.throw": "{name}'s turn: throw the sticks", "log.turns": ["{n} turn", "{n} turns"],
                        "button\x04ok": 'say "OK"\\\n'}  # an empty msgstr is not yet translated: left out


@pytest.mark.parametrize("text", ['msgid "a"\nmsgstr "b', 'msgid "a"\nmsgstr "\\q"', 'msgid "a"\nmsgfoo "b"',
                                  '"stray"', 'msgid "a"\nmsgid "b"\nmsgstr "c"'])
def test_a_broken_catalog_is_refused_with_its_line(text):
    with pytest.raises(POError, match="line"):
        parse(text)


def test_t_and_n_fill_named_arguments_and_choose_the_plural_form():
    w = words.Words({"a.b": "{who} moves to {to}", "c.d": ["{n} piece of {who}", "{n} pieces of {who}"]})
    assert w.t("a.b", who="White", to=14) == "White moves to 14"
    assert w.n("c.d", 1, who="Black") == "1 piece of Black"
    assert [w.n("c.d", k, who="Black") for k in (0, 2, 11)] == [
        "0 pieces of Black", "2 pieces of Black", "11 pieces of Black"]


def test_a_missing_key_or_argument_shows_the_key_on_the_page_and_raises_in_strict_mode():
    w = words.Words({"a.b": "{who} moves"})
    assert w.t("no.such") == "no.such" and w.t("a.b") == "{who} moves"
    w.strict = True
    with pytest.raises(KeyError, match="no.such"):
        w.t("no.such")
    with pytest.raises(KeyError, match="a.b"):
        w.t("a.b")


def test_the_built_catalog_is_the_po_file_compiled(tmp_path):
    import build  # tools/build.py (pyproject.toml puts tools/ on the tests' path)
    built = dict(build._catalogs())
    data = json.loads(built["senet/words/en.json"])
    assert data["language"] == "en" and data["messages"] == parse(CATALOG.read_text(encoding="utf-8"))[0]
    (tmp_path / "en.json").write_bytes(built["senet/words/en.json"])
    assert words.load("en", str(tmp_path)).messages == data["messages"]  # a folder without the PO file: its JSON


def _string_constants(path: Path) -> list[str]:
    return [node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _sources():
    yield from sorted((ROOT / "app").rglob("*.py"))
    yield from sorted((ROOT / "senet").rglob("*.py"))


def test_every_key_the_code_names_is_in_the_catalog_and_every_message_is_used():
    messages, _ = parse(CATALOG.read_text(encoding="utf-8"))
    named = {text for path in _sources() for text in _string_constants(path)}
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    named |= set(re.findall(r'data-t(?:-[a-z-]+)?="([^"]+)"', index))  # data-t, data-t-aria-label...
    used_keys = {text for text in named if KEY.fullmatch(text)}
    unused = sorted(key for key in messages if key not in named)
    assert unused == [], f"messages nothing names: {unused}"
    # a key-shaped constant the catalog lacks is named from t()/n() calls only
    called = set()
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and (getattr(node.func, "id", None) in ("t", "n") or getattr(node.func, "attr", None) in ("t", "n"))):
                called.add(node.args[0].value)
    assert sorted(called - set(messages)) == [], "keys the code asks for but the catalog lacks"
    assert used_keys  # the scan finds keys


def test_every_argument_a_message_takes_is_a_plain_name():
    messages, _ = parse(CATALOG.read_text(encoding="utf-8"))
    for key, text in messages.items():
        for form in [text] if isinstance(text, str) else text:
            for name in re.findall(r"\{([^{}]*)\}", form):
                assert re.fullmatch(r"[a-z_][a-z0-9_]*(:[^{}]*)?", name), (key, name)
